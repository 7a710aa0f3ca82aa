/**
 * capsule2d with its "pgs" solver (sequential impulses with Baumgarte
 * position correction, the Box2D v2 scheme), 8 velocity and 3 position
 * iterations: the settings planck and Box2D v2 recommend, to compare like
 * with like. Not in a default run; pass `--engine capsule2d-pgs`.
 */
import { buildCapsule2dWorld, notYet } from "./capsule2d-common.mjs";
import { loadCapsule2d } from "./capsule2d-load.mjs";

export const describe = { label: "capsule2d (pgs)", package: "capsule2d (this repo, dist/capsule2d.js)", language: "TypeScript → JS" };

export function unsupported(scene) {
  return notYet(scene);
}

export async function create(scene) {
  const lib = await loadCapsule2d();
  return buildCapsule2dWorld(
    lib,
    scene,
    { solver: "pgs", velocityIterations: 8, positionIterations: 3 },
    "pgs, 8 + 3 iterations",
  );
}
