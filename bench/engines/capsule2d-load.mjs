/** Loading capsule2d's built bundle under Node, for the capsule2d adapters. */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

/**
 * The bundle measured: the root build's dist/capsule2d.js, or the file named
 * by the CAPSULE2D_BUNDLE environment variable (to compare two builds, say
 * before and after a change, in one sitting).
 */
const BUNDLE = process.env.CAPSULE2D_BUNDLE
  ? pathToFileURL(process.env.CAPSULE2D_BUNDLE)
  : new URL("../../dist/capsule2d.js", import.meta.url);

export async function loadCapsule2d() {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE.pathname} is missing: run \`npm run build\` at the repository root`);
  }
  const lib = await import(BUNDLE.href);
  if (typeof lib.World !== "function") {
    throw new Error(`${BUNDLE.pathname} exports no World (src/world/world.ts not written or not exported)`);
  }
  return lib;
}


/** capsule2d/wasm of the same build (dist/esm/entries/wasm.js beside the bundle's dist/esm). */
export async function loadCapsule2dWasm() {
  let url = new URL("esm/entries/wasm.js", BUNDLE);
  if (!existsSync(url)) url = new URL("esm/wasm/index.js", BUNDLE); // a build from before src/entries/
  if (!existsSync(url)) throw new Error(`${url.pathname} is missing: run \`npm run build\` at the repository root`);
  return import(url.href);
}
