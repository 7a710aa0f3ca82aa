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
/** A point of a polyline. */
export interface Point {
  x: number;
  y: number;
}
/** chain_terrain's ground height at x (m) for a terrain `width` m wide. */
export function terrainHeight(x: number, width: number): number;
/** The height of a polyline (x strictly increasing) at x; NaN outside it. */
export function polylineHeight(points: readonly Point[], x: number): number;
/** chain_terrain: a static chain of `pointCount` points over `width` m and `count` bodies dropped on it. */
export function chainTerrain(options: { name: string; width: number; pointCount: number; count: number; columns: number }): Scene;
/** Does the scene have a chain among its statics? */
export function hasChains(scene: Scene): boolean;
