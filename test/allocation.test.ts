/**
 * No allocation per step in steady state: a scene with contacts and every
 * joint type, in both solvers and every position correction, is warmed up
 * (V8 has optimised the step) and then stepped under V8's sampling heap
 * profiler in a few windows. The bytes allocated by capsule2d's own
 * functions in the shipped bundle (the profiler's unbiased estimate) must
 * stay under a quarter of a heap number per step in the quietest window. This caught numbers V8 boxed: a double passed to,
 * or returned from, a call it did not inline, and `C > MAX ? MAX : C` with a
 * module constant on one side.
 */
import { Session } from "node:inspector/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname } from "node:path";
import type { World as WorldType, WorldOptions } from "../src/index.js";

// The shipped bundle (npm test builds it first): what users run, without the test runner's module transform.
// (CAPSULE2D_BUNDLE=/path/to/an/unminified/bundle.js names the functions that allocate, when one does.)
const bundle = process.env.CAPSULE2D_BUNDLE ?? fileURLToPath(new URL("../dist/capsule2d.js", import.meta.url));
if (!existsSync(bundle)) throw new Error("dist/capsule2d.js is missing: run `npm run build` first (npm test does)");
// capsule2d's code: the bundle and the modules beside it that it re-exports (dist/capsule2d.js is
// `export * from "./esm/index.js"`), named by the profiler with a file URL or, as loaded by the
// test runner, a path
const shippedDir = dirname(bundle) + "/";
const shippedUrl = pathToFileURL(shippedDir).href;
const shippedPrefix = (url: string): number => (url.startsWith(shippedDir) ? shippedDir.length : url.startsWith(shippedUrl) ? shippedUrl.length : -1);
const { AABB, Capsule, Circle, World } = (await import(bundle)) as typeof import("../src/index.js");
// the solver threads and the WebAssembly passes of the same copy (the bundle re-exports dist/esm, whose entries sit beside it)
let wasm: typeof import("../src/wasm/index.js") | null = null;
if (process.env.CAPSULE2D_BUNDLE === undefined) {
  ((await import(fileURLToPath(new URL("../dist/esm/threads/index.js", import.meta.url)))) as typeof import("../src/threads/index.js")).enableSolverThreads();
  wasm = (await import(fileURLToPath(new URL("../dist/esm/wasm/index.js", import.meta.url)))) as typeof import("../src/wasm/index.js");
}
type World = WorldType;

function scene(options: Partial<WorldOptions>): World {
  const w = new World({ sleeping: false, ...options });
  w.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
  // a small pile: boxes, circles and capsules in contact
  for (let i = 0; i < 6; i++) {
    w.add(new AABB({ position: { x: -6 + i, y: 0.5 }, halfWidth: 0.45, halfHeight: 0.45 }));
    w.add(new Circle({ position: { x: -6 + i, y: 1.5 }, radius: 0.45 }));
    w.add(new Capsule({ position: { x: -6 + i, y: 2.4 }, halfLength: 0.3, radius: 0.15 }));
  }
  // a floor of separate tiles and a deeper block (a face covered in part), with bodies resting
  // across the seams: every step, their contacts read the tiles' hidden faces and corners
  for (let i = 12; i < 30; i++) {
    if (i === 20) continue;
    w.add(new AABB({ type: "static", position: { x: i + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5 }));
  }
  w.add(AABB.fromBounds({ x: 20, y: -2 }, { x: 21, y: 0 }, { type: "static" }));
  w.add(new AABB({ position: { x: 15, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25 }));
  w.add(new Circle({ position: { x: 18, y: 0.25 }, radius: 0.25 }));
  w.add(new Capsule({ position: { x: 21, y: 0.2 }, halfLength: 0.3, radius: 0.2 }));
  w.add(new Capsule({ position: { x: 26, y: 0.6 }, angle: Math.PI / 2, halfLength: 0.35, radius: 0.25, fixedRotation: true }));
  // every joint type, with limits, motors and springs switched on
  const anchor = w.add(new AABB({ type: "static", position: { x: 4, y: 8 }, halfWidth: 0.2, halfHeight: 0.1 }));
  const at = (x: number, y: number) => w.add(new Circle({ position: { x, y }, radius: 0.15, collisionFilter: { group: -1 } }));
  const b1 = at(4, 7);
  const b2 = at(5, 7);
  const b3 = at(6, 7);
  const b4 = at(7, 7);
  const b5 = at(3, 7);
  const b6 = at(2, 7);
  w.addJoint({ type: "revolute", bodyA: anchor, bodyB: b1, anchor: { x: 4, y: 7.5 }, enableLimit: true, lowerAngle: -0.3, upperAngle: 0.3, enableMotor: true, maxMotorTorque: 0.2, motorSpeed: 1 });
  w.addJoint({ type: "prismatic", bodyA: b1, bodyB: b2, anchor: { x: 5, y: 7 }, axis: { x: 1, y: 0.2 }, enableLimit: true, lower: -0.2, upper: 0.2, enableMotor: true, maxMotorForce: 2, motorSpeed: 1, enableSpring: true, hertz: 3 });
  w.addJoint({ type: "wheel", bodyA: b2, bodyB: b3, anchor: { x: 6, y: 7 }, axis: { x: 0, y: 1 }, enableLimit: true, lower: -0.1, upper: 0.1, enableMotor: true, maxMotorTorque: 1, motorSpeed: 4 });
  w.addJoint({ type: "weld", bodyA: b3, bodyB: b4, anchor: { x: 6.5, y: 7 }, angularHertz: 4, dampingRatio: 0.5 });
  w.addJoint({ type: "weld", bodyA: anchor, bodyB: b5, anchor: { x: 3.5, y: 7.5 } });
  w.addJoint({ type: "distance", bodyA: b5, bodyB: b6, anchorA: { x: 3, y: 7 }, anchorB: { x: 2, y: 7 }, minLength: 0.5, maxLength: 1.2 });
  w.addJoint({ type: "distance", bodyA: anchor, bodyB: b6, anchorA: { x: 4, y: 8 }, anchorB: { x: 2, y: 7 }, enableSpring: true, hertz: 2, dampingRatio: 0.3 });
  w.addJoint({ type: "motor", bodyA: anchor, bodyB: b4, linearOffset: { x: 3, y: -2 }, maxForce: 3, maxTorque: 1 });
  w.addJoint({ type: "filter", bodyA: b1, bodyB: b6 });
  return w;
}

const session = new Session();
beforeAll(() => session.connect());
afterAll(() => session.disconnect());

/** Bytes per step allocated by capsule2d's functions (their own allocations, as the sampling profiler estimates them). */
async function bytesPerStep(w: World, steps: number): Promise<number> {
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 32,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < steps; i++) w.step(1 / 60);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  let bytes = 0;
  const where = new Map<string, number>();
  const walk = (node: typeof profile.head): void => {
    const f = node.callFrame;
    const prefix = shippedPrefix(f.url);
    if (prefix >= 0 && node.selfSize > 0) {
      bytes += node.selfSize;
      const at = `${f.functionName} (${f.url.slice(prefix)}:${f.lineNumber + 1}:${f.columnNumber + 1})`;
      where.set(at, (where.get(at) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const top = [...where].sort((a, b) => b[1] - a[1]).slice(0, 4);
  if (top.length > 0) console.log("  allocated in", top.map(([at, n]) => `${at} ${(n / steps).toFixed(1)} B/step`).join("; "));
  return bytes / steps;
}

const configurations: [string, Partial<WorldOptions>][] = [
  ["soft-step (rigid joints, projection)", {}],
  ["soft-step, soft joints", { jointHertz: 60, jointPositionIterations: 0 }],
  ["pgs, baumgarte", { solver: "pgs", positionCorrection: "baumgarte" }],
  ["pgs, ngs", { solver: "pgs", positionCorrection: "ngs" }],
  ["pgs, projection", { solver: "pgs", positionCorrection: "projection" }],
  // the calling thread's part of a parallel solve: handing out passes and waiting allocate nothing
  ["soft-step, 2 solver threads", { solverThreads: 2 }],
  ["pgs, 2 solver threads", { solver: "pgs", solverThreads: 2 }],
  // the contact passes in WebAssembly (capsule2d/wasm): calling into the module allocates nothing
  ["soft-step, WebAssembly passes", { wasm: true } as Partial<WorldOptions>],
];

describe("no allocation per step in steady state (contacts and every joint type)", () => {
  for (const [name, options] of configurations) {
    const withWasm = "wasm" in options;
    it.skipIf(withWasm && wasm === null)(name, async () => {
      if (withWasm) expect(wasm!.enableWasmSolver()).toBe(true);
      const w = scene(withWasm ? {} : options);
      await w.threadsReady();
      for (let i = 0; i < 3000; i++) w.step(1 / 60); // until V8 has optimised the step
      // Up to eight windows, until a quiet one: a steady allocation shows in every one; V8
      // re-optimising a function (it runs unoptimised, boxing every number, for a moment)
      // shows in a few, more often early in a fresh process.
      const windows: number[] = [];
      for (let k = 0; k < 8 && !(Math.min(...windows) < 4); k++) windows.push(await bytesPerStep(w, 500));
      console.log(`allocation ${name}: ${windows.map((b) => b.toFixed(1)).join(", ")} B/step`);
      expect(w.joints.length).toBe(9);
      // one heap number (16 B) per step would fail. This caught, with solver threads, 360 B per
      // step in SolverThreads.run: a closure in a method it calls gave that method a context
      // object on every call (after V8 compiled run for the soft-step world first, not alone).
      expect(Math.min(...windows)).toBeLessThan(4);
      if (options.solverThreads) expect(w.threadStats!.sharedPasses).toBeGreaterThan(0);
      if (withWasm) {
        const before = wasm!.wasmSolverPasses();
        w.step(1 / 60);
        expect(wasm!.wasmSolverPasses() - before).toBe(12); // 4 sub-steps: warm start, solve, relax
      }
      w.dispose();
      wasm?.disableWasmSolver();
    }, 60_000);
  }
});

/**
 * Large scenes, as in the benchmark, each in a child Node process that loads
 * the built modules as a user's program does: V8 compiles a long loop on
 * its own (on-stack replacement) and may inline less there than in the
 * small scene above, and the test runner's module transform changes what it
 * compiles, so a number passed to a helper or held beside a global constant
 * can be boxed in one and not the other. These caught, per step, 125 kB in
 * 2,000 falling circles (each body's turn passed to `rotatePose`), 640 kB in
 * smash (`Infinity` beside each contact's margin) and 11 kB in the tumbler
 * (contact begin events, the pending contacts' sort).
 */
const LARGE_SCENE_BYTES = 16; // less than one heap number (16 B) per step: none per body or contact, none per step

describe("no allocation per step in steady state (large scenes, as users load the modules)", () => {
  const child = fileURLToPath(new URL("./support/allocation-child.mjs", import.meta.url));
  const scenes: [string, string][] = [
    ["rain", "2,000 circles falling and piling up"],
    ["pyramid", "a 40-row box pyramid"],
    ["smash", "a block of 1,600 boxes hit at 40 m/s"],
    ["tumbler", "900 capsules tumbling in a turning container"],
  ];
  for (const [scene, name] of scenes) {
    it(name, () => {
      const out = execFileSync(process.execPath, [child, bundle, scene], { encoding: "utf8", timeout: 200_000 });
      const { windows, sites } = JSON.parse(out.trim().split("\n").pop()!) as { windows: number[]; sites: string[] };
      console.log(`allocation, ${name}: ${windows.map((b) => b.toFixed(1)).join(", ")} B/step; quietest window: ${sites.join("; ")}`);
      // (the quietest of eight windows: a window in which V8 re-optimises a function, which then
      // runs unoptimised for a moment, boxing numbers, is noisy)
      expect(Math.min(...windows)).toBeLessThan(LARGE_SCENE_BYTES);
    }, 240_000);
  }
});
