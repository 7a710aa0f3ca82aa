// Types for bench/readme-table.mjs (imported by test/readme-bench.test.ts).
export const START: string;
export const END: string;
export function performanceTables(results: unknown): string;
export function updatedReadme(readme: string, results: unknown): string;
export const OTHER_RUN: string;
