// Types for bench/browser/protocol.mjs (imported by examples/bench/).
import type { EngineAdapter, Scene } from "../scenes.mjs";
export interface PageResult {
  engine: string;
  label: string;
  package: string;
  language: string;
  scene: string;
  bodies: number;
  crossOriginIsolated: boolean;
  skipped?: string;
  buildMs?: number;
  settings?: string;
  steps?: number;
  meanMs?: number;
  medianMs?: number;
  p95Ms?: number;
  blockMeanMs?: number;
  sanity?: { ok: boolean };
  drift?: number | null;
}
export function measureInPage(
  adapter: EngineAdapter,
  engineName: string,
  scene: string | Scene,
  options?: { warmup?: number; steps?: number; budgetMs?: number; minSteps?: number },
): Promise<PageResult>;
