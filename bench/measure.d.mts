// Types for bench/measure.mjs, as far as the tests use it.
import type { Scene } from "./scenes.mjs";
/** The end-of-run sanity check (counts of bodies that broke each rule, and ok when none did). */
export function sanityOf(
  scene: Scene,
  pos: Float64Array,
  live: Uint8Array | null,
): { nan: number; belowFloor: number; outsideWalls: number; escaped: number; flung: number; belowTerrain: number; ok: boolean };
