/**
 * The built bundle (dist/capsule2d.js, and the built entry points beside it),
 * for the measurement scripts: they run what users run, not the sources.
 * Exits with a clear message (code 2) when it has not been built (`npm run build`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");

async function load(file) {
  const path = join(dist, file);
  if (!existsSync(path)) {
    console.error(`dist/${file} is missing: run \`npm run build\` first`);
    process.exit(2);
  }
  return import(pathToFileURL(path).href);
}

/** The capsule2d module from dist/capsule2d.js. */
export async function loadBuilt() {
  return load("capsule2d.js");
}

/** The `capsule2d/replay` entry point (dist/esm/entries/replay.js: the same copy of the core as `loadBuilt`). */
export async function loadBuiltReplay() {
  return load("esm/entries/replay.js");
}

/** The `capsule2d/binary` entry point (dist/esm/entries/binary.js: its `World` is capsule2d's with binary snapshots). */
export async function loadBuiltBinary() {
  return load("esm/entries/binary.js");
}
