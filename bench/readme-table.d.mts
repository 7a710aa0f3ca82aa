// Types for bench/readme-table.mjs (imported by test/readme-bench.test.ts).
export const START: string;
export const END: string;
export const SUMMARY_START: string;
export const SUMMARY_END: string;
export const PERFORMANCE_PAGE: string;
export const FRONT_PAGE: string;
export function performanceTables(results: unknown): string;
export function summaryTable(results: unknown): string;
export function updatedPerformancePage(page: string, results: unknown): string;
export function updatedReadme(readme: string, results: unknown): string;
export const OTHER_RUN: string;
export const INSANE: string;
