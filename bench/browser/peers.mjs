/**
 * Browser bundles of the peer engines' adapters (bench/engines/*.mjs), for
 * the browser runs of `npm run bench` and for the benchmark page
 * (examples/bench/). Output, in `examples/bench/peers/` (not committed):
 *
 *   <engine>.js       one ES module per engine: the adapter (describe,
 *                     unsupported, create), its engine bundled in; shared code
 *                     and lazily loaded parts as chunks beside them
 *   *.wasm            box2d3-wasm's two builds, which it fetches beside its code
 *   manifest.json     { engines: [{ name, label, package, language }], note }
 *
 * Box2D v2.4 (box2d-wasm) is left out: its adapter reads the .wasm from disk.
 * When bench/node_modules is missing, only a manifest with no engines (and a
 * note saying so) is written, so the page still loads.
 *
 *   node bench/browser/peers.mjs        build them (npm start and npm run bench do it too)
 */
import * as esbuild from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const BENCH = join(dirname(fileURLToPath(import.meta.url)), "..");
const ROOT = join(BENCH, "..");

/** Where the bundles go: served by the example server as /bench/peers/. */
export const PEERS_DIR = join(ROOT, "examples", "bench", "peers");

/** The peer engines that run in a browser, in table order (capsule2d is bundled by each page itself). */
export const BROWSER_PEERS = ["rapier", "rapier-simd", "box2d3-wasm", "phaser-box2d", "planck", "box2d-ts", "p2-es", "matter"];

/** The newest modification time (ms) of the files under `path`. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = s.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

/**
 * Builds the bundles into `outdir` unless they are newer than everything
 * they come from (the adapters, scenes, measure.mjs and bench's lockfile);
 * `force` rebuilds anyway. Resolves to the manifest written.
 */
export async function buildPeers({ outdir = PEERS_DIR, force = false } = {}) {
  const manifestPath = join(outdir, "manifest.json");
  const installed = existsSync(join(BENCH, "node_modules"));
  const sources = Math.max(
    newest(join(BENCH, "engines")),
    newest(join(BENCH, "scenes.mjs")),
    newest(join(BENCH, "measure.mjs")),
    newest(join(BENCH, "package-lock.json")),
    installed ? newest(join(BENCH, "node_modules", ".package-lock.json")) : 0,
    newest(fileURLToPath(import.meta.url)),
  );
  if (!force && existsSync(manifestPath) && statSync(manifestPath).mtimeMs > sources) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (manifest.engines.length > 0 || !installed) return manifest;
  }
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  if (!installed) {
    const manifest = { engines: [], note: "bench/node_modules is missing: run `npm ci --prefix bench`, then reload" };
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
    return manifest;
  }
  const entryPoints = Object.fromEntries(BROWSER_PEERS.map((name) => [name, join(BENCH, "engines", `${name}.mjs`)]));
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    // Emscripten's Node-only branches import these at run time; in a page they are never reached.
    external: ["module", "worker_threads", "node:*"],
    logLevel: "error",
  });
  const box2d3 = join(BENCH, "node_modules", "box2d3-wasm", "build", "dist", "es");
  for (const flavour of ["deluxe", "compat"]) {
    copyFileSync(join(box2d3, flavour, `Box2D.${flavour}.wasm`), join(outdir, `Box2D.${flavour}.wasm`));
  }
  const engines = [];
  for (const name of BROWSER_PEERS) {
    const { describe } = await import(pathToFileURL(entryPoints[name]).href);
    engines.push({ name, ...describe });
  }
  const manifest = { engines, note: null };
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = await buildPeers({ force: true });
  console.log(`examples/bench/peers/: ${manifest.engines.map((e) => e.name).join(", ") || "no engines"}${manifest.note ? ` (${manifest.note})` : ""}`);
}
