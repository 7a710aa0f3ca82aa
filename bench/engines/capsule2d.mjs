/**
 * capsule2d, from the built bundle `dist/capsule2d.js` (the root `npm run
 * build` makes it; `bench/run.mjs` runs that build first), or the file named
 * by CAPSULE2D_BUNDLE.
 *
 * Default settings, as a user gets them: the soft-step solver with 4
 * sub-steps. Only sleeping is turned off, as in every engine here.
 */
import { capsule2dAdapter, notYet } from "./capsule2d-common.mjs";
import { loadCapsule2d } from "./capsule2d-load.mjs";

const adapter = capsule2dAdapter(null, "dist/capsule2d.js");

export const describe = adapter.describe;

export function unsupported(scene) {
  return notYet(scene);
}

export async function create(scene) {
  return capsule2dAdapter(await loadCapsule2d(), "dist/capsule2d.js").create(scene);
}
