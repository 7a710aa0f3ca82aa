// Builds dist/, what the npm package ships (package.json "exports" maps the
// entry points to it):
//
//   dist/esm/**.js, **.d.ts   ES modules, one per source file, and their types. Bundlers
//                             tree-shake them module by module ("sideEffects": false), so
//                             an import pays only for what it reaches.
//   dist/cjs/**.js, **.d.ts   the same as CommonJS (dist/cjs/package.json says so), for
//                             `require`; its types are the same declarations read as CommonJS.
//   dist/capsule2d.iife.min.js  <script> build, global `Capsule2D` (the core, plus
//                             `Capsule2D.binary`, `.replay`, `.threads` and `.wasm`)
//   dist/debug.iife.min.js    <script> build of the debug renderer: `Capsule2D.debug`
//                             (load it after capsule2d.iife.min.js)
//   dist/capsule2d.js, dist/capsule2d.cjs  the whole core in one import (re-exports of
//                             dist/esm/entries/capsule2d.js and dist/cjs/entries/capsule2d.js; the benchmarks load them)
//
// Entry points: `capsule2d` (src/entries/capsule2d.ts), `capsule2d/core` (src/entries/core.ts: the small
// engine: the one World of src/world/world.ts with the core's modules), `capsule2d/joints` (src/entries/joints.ts: joints for
// it), `capsule2d/debug` (src/entries/debug.ts),
// `capsule2d/binary` (src/entries/binary.ts), `capsule2d/batch` (src/entries/batch.ts, Node only:
// it imports node: modules and, when a batch runs, the optional peer dependency piscina),
// `capsule2d/worker` (src/entries/worker.ts: a world in a Web Worker, drawn on the main thread),
// `capsule2d/replay` (src/entries/replay.ts), `capsule2d/threads` (src/entries/threads.ts: the
// parallel contact solve), `capsule2d/wasm` (src/entries/wasm.ts: the contact passes in
// WebAssembly, compiled from wasm/contact-passes.ts by scripts/build-wasm.mjs, which runs
// first), `capsule2d/tiled-decompress` (src/entries/tiled-decompress.ts: zlib, gzip and zstd for
// compressed Tiled layers, over the optional peer dependencies fflate and fzstd, left as bare imports), `capsule2d/phaser`
// (src/entries/phaser.ts: the Phaser adapter; it imports no Phaser, which stays an optional peer dependency). Each is a module of the same tree, so the
// subpaths share the core's classes and state instead of carrying copies. A new
// entry point needs: package.json "exports" (and "typesVersions" for node10),
// typedoc.json "entryPoints", a .size-limit.json entry with its README row, and
// the list in test/package.test.ts.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { rowLayoutLiterals } from "./row-layout.mjs";

const require = createRequire(import.meta.url);

/** Every .ts source file under `dir` (not declarations). */
function sources(dir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) found.push(path);
  }
  return found;
}

/** Every file under `dir` whose name ends with `suffix`. */
function filesEndingWith(dir, suffix) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesEndingWith(path, suffix));
    else if (name.endsWith(suffix)) found.push(path);
  }
  return found;
}

execFileSync(process.execPath, ["scripts/build-wasm.mjs"], { stdio: "inherit" });
rmSync("dist", { recursive: true, force: true });

// ...rowLayoutLiterals(): the row layout table's offsets written in as numbers, as the kernels need (scripts/row-layout.mjs)
const modules = { entryPoints: sources("src"), outbase: "src", bundle: false, target: "es2020", logLevel: "warning", ...rowLayoutLiterals() };
const script = { bundle: true, minify: true, format: "iife", platform: "browser", target: "es2020", logLevel: "warning", ...rowLayoutLiterals() };
await Promise.all([
  build({ ...modules, format: "esm", outdir: "dist/esm", platform: "neutral" }),
  build({ ...modules, format: "cjs", outdir: "dist/cjs", platform: "node" }),
  build({
    ...script,
    stdin: {
      contents: `export * from "./src/entries/capsule2d.ts"; export * as binary from "./src/entries/binary.ts"; export * as replay from "./src/entries/replay.ts"; export * as threads from "./src/entries/threads.ts"; export * as wasm from "./src/entries/wasm.ts";`,
      resolveDir: process.cwd(),
      sourcefile: "capsule2d.iife.ts",
      loader: "ts",
    },
    globalName: "Capsule2D",
    outfile: "dist/capsule2d.iife.min.js",
  }),
  // `var Capsule2D` of the core script is kept; the renderer is added to it as `debug`.
  build({ ...script, entryPoints: ["src/entries/debug.ts"], globalName: "Capsule2D.debug", outfile: "dist/debug.iife.min.js" }),
]);

// dist/cjs holds CommonJS files named .js: a package.json there says so to Node and TypeScript.
writeFileSync("dist/cjs/package.json", JSON.stringify({ type: "commonjs" }, null, 2) + "\n");
writeFileSync("dist/capsule2d.js", `// The core in one import (the package's "exports" point to dist/esm/ directly).\nexport * from "./esm/entries/capsule2d.js";\n`);
writeFileSync("dist/capsule2d.cjs", `// The core in one require (the package's "exports" point to dist/cjs/ directly).\n"use strict";\nmodule.exports = require("./cjs/entries/capsule2d.js");\n`);

// Declarations next to the ES modules, then the same files beside the CommonJS ones.
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { stdio: "inherit" });
for (const file of filesEndingWith("dist/esm", ".d.ts")) {
  const to = join("dist/cjs", relative("dist/esm", file));
  mkdirSync(join(to, ".."), { recursive: true });
  cpSync(file, to);
}

console.log("built dist/esm, dist/cjs (modules and types), dist/capsule2d.iife.min.js, dist/debug.iife.min.js");
