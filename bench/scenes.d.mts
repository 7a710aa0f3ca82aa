// Types for bench/scenes.mjs, as far as the benchmark page (examples/bench/) uses it.
/** A scene: plain data every engine builds the same way (see the comment at the top of scenes.mjs). */
export interface Scene {
  name: string;
  description: string;
  bodies: unknown[];
  [key: string]: unknown;
}
/** An engine adapter module (bench/engines/index.mjs describes it). */
export interface EngineAdapter {
  describe: { label: string; package: string; language: string };
  unsupported(scene: Scene): string | null;
  create(scene: Scene): Promise<unknown>;
}
export const SCENES: Record<string, () => Scene>;
export function buildScene(name: string): Scene;
export function rainCircles(n: number): Scene;
