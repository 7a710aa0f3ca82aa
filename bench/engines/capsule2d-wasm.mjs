/**
 * capsule2d with `capsule2d/wasm` enabled: the default settings and results
 * (bit for bit), with the contact solver's passes in WebAssembly. Loaded from
 * the same build as the capsule2d adapter (CAPSULE2D_BUNDLE's dist/esm).
 */
import { capsule2dWasmAdapter, notYet } from "./capsule2d-common.mjs";
import { loadCapsule2d, loadCapsule2dWasm } from "./capsule2d-load.mjs";

export const describe = capsule2dWasmAdapter(null, null, "dist/capsule2d.js").describe;

export function unsupported(scene) {
  return notYet(scene);
}

export async function create(scene) {
  return capsule2dWasmAdapter(await loadCapsule2d(), await loadCapsule2dWasm(), "dist/capsule2d.js").create(scene);
}
