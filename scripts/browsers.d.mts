// Types for scripts/browsers.mjs (imported by the browser tests).
import type { ChildProcess } from "node:child_process";
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export const FIREFOX_PATH: string;
export interface LaunchedFirefox {
  child: ChildProcess;
  output(): string;
  close(): void;
}
export function launchFirefox(url: string): LaunchedFirefox;
