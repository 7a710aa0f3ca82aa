/**
 * The built bundle (dist/capsule2d.js), for the measurement scripts: they
 * run what users run, not the sources. Exits with a clear message (code 2)
 * when it has not been built (`npm run build`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = join(dirname(fileURLToPath(import.meta.url)), "..", "dist/capsule2d.js");

/** The capsule2d module from dist/capsule2d.js. */
export async function loadBuilt() {
  if (!existsSync(bundle)) {
    console.error("dist/capsule2d.js is missing: run `npm run build` first");
    process.exit(2);
  }
  return import(pathToFileURL(bundle).href);
}
