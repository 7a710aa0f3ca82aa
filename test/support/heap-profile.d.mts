/** Types of heap-profile.mjs (plain JavaScript: the allocation test's child process loads it without a transform). */
export interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}
export function shippedAllocations(profile: { head: ProfileNode }, shippedPrefix: (url: string) => number): { bytes: number; sites: Map<string, number> };
export function topSites(sites: Map<string, number>, steps: number, count?: number): string[];
export function steadySites(windows: Map<string, number>[]): [string, number][];
export function measureWindows(
  session: import("node:inspector/promises").Session,
  step: () => void,
  count: number,
  steps: number,
  shippedPrefix: (url: string) => number,
  interval: number,
  gap?: number,
): Promise<{ windows: number[]; sites: string[]; steady: [string, number][] }>;
