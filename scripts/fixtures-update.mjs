/**
 * `npm run fixtures:update`: record the `stateHash()` references again.
 *
 * Runs every scene of test/fixtures/scenes.ts (bundled from source by
 * esbuild, the code test/recorded-hashes.test.ts runs) in JavaScript and
 * again with the contact passes in WebAssembly, and writes what JavaScript
 * gives to test/fixtures/state-hashes.json. If WebAssembly disagrees with
 * JavaScript it writes nothing and exits 1: that is an engine bug, not a new
 * reference. The test never writes the file; only this script does.
 *
 * Run it only after a change that alters the simulation's bits on purpose,
 * and say in the commit message what changed and why.
 *
 * The snapshot fixtures of older format versions (test/fixtures/snapshots/)
 * are not made here: they were written by the code of their time (see the
 * README.md there) and are never regenerated. What is recorded here is how
 * today's engine steps on from each of them (`oldSnapshots`: the hash after
 * each of 60 steps), and whether that is still what the old code computed
 * (`sameAsOldCode`); test/old-snapshots.test.ts checks both.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, "test/fixtures/state-hashes.json");

const dir = mkdtempSync(join(tmpdir(), "capsule2d-fixtures-"));
let lib;
try {
  const file = join(dir, "scenes.mjs");
  await build({
    stdin: {
      contents: [
        `export * from "./test/fixtures/scenes.ts";`,
        `export * from "./test/fixtures/old-snapshots.ts";`,
        `export { World } from "./src/entries/capsule2d.ts";`,
        `export { enableWasmSolver } from "./src/entries/wasm.ts";`,
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: file,
    logLevel: "warning",
  });
  lib = await import(pathToFileURL(file).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const names = Object.keys(lib.FIXTURE_SCENES);
const scenes = {};
for (const name of names) {
  const t = performance.now();
  scenes[name] = lib.runFixtureScene(name);
  console.log(`${name}: ${scenes[name].readings.length} readings (${Math.round(performance.now() - t)} ms)`);
}
let wasmOn = true;
let differ = 0;
for (const name of names) {
  // each scene's world with its passes in WebAssembly (capsule2d/wasm is per world)
  const wasm = lib.runFixtureScene(name, undefined, (world) => {
    if (!lib.enableWasmSolver(world)) wasmOn = false;
  });
  if (!wasmOn) {
    console.error("WebAssembly is not available here: cannot check that the wasm passes give the same bits; nothing written");
    process.exit(1);
  }
  if (JSON.stringify(wasm) !== JSON.stringify(scenes[name])) {
    console.error(`${name}: the WebAssembly passes give other bits than JavaScript`);
    differ++;
  }
}
if (differ > 0) {
  console.error("nothing written: JavaScript and WebAssembly must agree before a reference is recorded");
  process.exit(1);
}

// today's engine stepping on from the old snapshots (JSON; the test checks that binary gives the same)
const oldSnapshots = {};
for (const name of lib.OLD_SNAPSHOTS) {
  const hashesAfter = lib.hashesAfterRestore(lib.World.fromSnapshot(lib.oldJSON(root, name)));
  const sameAsOldCode = JSON.stringify(hashesAfter) === JSON.stringify(lib.oldExpected(root, name).hashesAfter);
  oldSnapshots[name] = { sameAsOldCode, hashesAfter };
  console.log(`${name}: today's engine continues it ${sameAsOldCode ? "exactly as the code that wrote it did" : "differently from the code that wrote it"}`);
}

const fixture = {
  about: [
    "Recorded stateHash() references, checked by test/recorded-hashes.test.ts (Node, JavaScript and WebAssembly)",
    "and test/browser/fixtures.test.ts (Chromium, Firefox ESR, jsc). Written only by `npm run fixtures:update`",
    "(scripts/fixtures-update.mjs) from the scenes in test/fixtures/scenes.ts. A change to these values must be",
    "deliberate: regenerate with that command and give the reason (what changed the bits, and why) in the commit message.",
    "oldSnapshots: the hashes today's engine gives after each of 60 steps from the old snapshot fixtures (test/fixtures/snapshots/),",
    "and whether they are still those the code that wrote each fixture computed (test/old-snapshots.test.ts checks both).",
  ],
  steps: lib.STEPS,
  every: lib.EVERY,
  dt: lib.DT,
  scenes,
  oldSnapshots,
};
// one reading a line, so that a diff shows which scene and step changed
const text = JSON.stringify(fixture, null, 2).replace(/\{\n\s+"step": (\d+),\n\s+"hash": ("\w+"),\n\s+"awake": (\d+),\n\s+"contacts": (\d+)\n\s+\}/g,
  (_, step, hash, awake, contacts) => `{ "step": ${step}, "hash": ${hash}, "awake": ${awake}, "contacts": ${contacts} }`)
  .replace(/"hashesAfter": \[[^\]]*\]/g, (list) => list.replace(/\n\s+(?=")/g, " ").replace(/\n\s+\]/, " ]"));
writeFileSync(out, `${text}\n`);
console.log(`wrote ${out} (${names.length} scenes)`);
