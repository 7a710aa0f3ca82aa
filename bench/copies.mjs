/**
 * What a copy of a world costs (`node bench/copies.mjs`, after `npm run
 * build`; it measures dist/capsule2d.js): for a settled scene of 2,000
 * mixed bodies in contact, the median time to
 *
 * - build the same world again from scratch (`new World`, `add` each body),
 * - round-trip a JSON snapshot (`snapshot()` → `JSON.stringify` →
 *   `JSON.parse` → `World.fromSnapshot`),
 * - round-trip a binary snapshot (`snapshot({ format: "binary" })` →
 *   `World.fromSnapshot`),
 * - `world.clone()`,
 *
 * and checks that each copy steps on with the same bits as the original.
 * A benchmark, not a test (nothing here is part of `npm test`).
 */
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const bundle = process.env.CAPSULE2D_BUNDLE ?? join(here, "../dist/capsule2d.js");
const lib = await import(bundle);
const { AABB, Circle, Capsule } = lib;
// Binary snapshots are in `capsule2d/binary` (dist/esm/entries/binary.js beside the bundle): today its
// World, whose worlds have them; a build from before exports only enableBinarySnapshots(), which then
// switched every world (one from before that entry point has them built in).
const binaryEntry = [join(dirname(bundle), "esm/entries/binary.js"), join(dirname(bundle), "esm/binary/index.js")].find((p) => existsSync(p)) ?? "";
const binary = existsSync(binaryEntry) ? await import(binaryEntry) : {};
if (binary.World === undefined && binary.enableBinarySnapshots !== undefined) binary.enableBinarySnapshots();
const World = binary.World ?? lib.World;

const COLUMNS = 50;
const N = 2000;

function build() {
  const world = new World();
  world.add(AABB.fromBounds({ x: -1, y: -1 }, { x: COLUMNS * 1.1 + 1, y: 0 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: -2, y: 0 }, { x: -1, y: 60 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: COLUMNS * 1.1 + 1, y: 0 }, { x: COLUMNS * 1.1 + 2, y: 60 }, { type: "static" }));
  for (let i = 0; i < N; i++) {
    const position = { x: 0.55 + 1.1 * (i % COLUMNS), y: 0.6 + 1.1 * Math.floor(i / COLUMNS) };
    const k = i % 3;
    if (k === 0) world.add(new Circle({ position, radius: 0.45 }));
    else if (k === 1) world.add(new AABB({ position, halfWidth: 0.45, halfHeight: 0.4 }));
    else world.add(new Capsule({ position, radius: 0.25, halfLength: 0.2, angle: 0.3 * (i % 7) }));
  }
  return world;
}

function median(f, runs) {
  const times = [];
  let last;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    last = f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], last };
}

const world = build();
for (let i = 0; i < 180; i++) world.step(1 / 60);
const contacts = world.contacts.length;

const ways = {
  "build from scratch": () => build(),
  "JSON snapshot round trip": () => World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot()))),
  "binary snapshot round trip": () => World.fromSnapshot(world.snapshot({ format: "binary" })),
  "world.clone()": () => world.clone(),
};

const rows = [];
for (const [name, f] of Object.entries(ways)) {
  const { ms, last } = median(f, 15);
  rows.push([name, ms, last]);
}
const reference = world.clone();
for (let i = 0; i < 60; i++) reference.step(1 / 60);
console.log(`${N} bodies settled for 3 s (${contacts} touching contacts); median of 15 runs\n`);
console.log("| copy | ms | × build | steps on bit-exactly |");
console.log("| --- | ---: | ---: | --- |");
const buildMs = rows[0][1];
for (const [name, ms, copy] of rows) {
  let exact = "(a new world)";
  if (name !== "build from scratch") {
    for (let i = 0; i < 60; i++) copy.step(1 / 60);
    exact = copy.stateHash() === reference.stateHash() ? "yes" : "NO";
  }
  console.log(`| ${name} | ${ms.toFixed(2)} | ${(ms / buildMs).toFixed(2)}× | ${exact} |`);
}
