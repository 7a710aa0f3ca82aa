/**
 * capsule2d, from the built bundle `dist/capsule2d.js` (the root `npm run
 * build` makes it; `bench/run.mjs` runs that build first).
 *
 * Default settings, as a user gets them: the soft-step solver with 4
 * sub-steps. Only sleeping is turned off, as in every engine here.
 */
import { buildCapsule2dWorld, loadCapsule2d } from "./capsule2d-common.mjs";

export const describe = { label: "capsule2d", package: "capsule2d (this repo, dist/capsule2d.js)", language: "TypeScript → JS" };

export function unsupported() {
  return null;
}

export async function create(scene) {
  const lib = await loadCapsule2d();
  return buildCapsule2dWorld(lib, scene, {}, "defaults");
}
