/**
 * `capsule2d/wasm`: the soft-step contact passes in WebAssembly give the
 * JavaScript kernels' bits (every body, contact impulse and joint, through
 * sleeping, continuous collision, a binary snapshot, bounces, rolling
 * resistance and conveyors), whether switched on before the world is made
 * or in the middle of a run, and while the arrays grow (new bodies, more
 * contacts) and after a restore(), for pgs too; worlds with solver threads keep their own;
 * each world chooses for itself (two worlds of one process solve in different
 * passes; a clone keeps its world's; no call switches every world);
 * the module stays small enough to compile on a browser's main thread; and
 * the compiled module in the repository is the one its source gives.
 */
import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AABB, Capsule, Circle, World, type WorldOptions } from "../src/entries/capsule2d.js";
import { disableWasmSolver, enableWasmSolver, wasmSolverEnabled, wasmSolverPasses } from "../src/entries/wasm.js";
import { World as ThreadsWorld } from "../src/entries/threads.js";
import { CONTACT_PASSES_WASM } from "../src/wasm/contact-passes-wasm.js";
import { addJointedBodies, determinismRun, fillMixedScene, mixedScene } from "./support/scenes.js";

const dt = 1 / 60;
const made: World[] = [];
afterEach(() => {
  for (const w of made.splice(0)) w.dispose();
});

/** `world` with its passes in WebAssembly. */
function inWasm<W extends World>(world: W): W {
  expect(enableWasmSolver(world)).toBe(true);
  return world;
}

/** Balls with rolling resistance on a slope, boxes on a conveyor, bouncing balls, bodies that do not turn on one that does: every branch of the passes. */
function materialsScene(options: WorldOptions = {}): World {
  const world = new World({ sleeping: false, ...options });
  made.push(world);
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
  world.add(new AABB({ type: "static", position: { x: 8, y: 0.5 }, halfWidth: 4, halfHeight: 0.25, tangentSpeed: 2 }));
  for (let i = 0; i < 12; i++) {
    world.add(new Circle({ position: { x: -15 + i * 0.9, y: 1 + (i % 3) }, radius: 0.3, rollingResistance: 0.2, velocity: { x: 3, y: 0 } }));
    world.add(new Circle({ position: { x: -4 + i * 0.5, y: 3 + i * 0.4 }, radius: 0.2, restitution: 0.8 }));
    world.add(new AABB({ position: { x: 5 + i * 0.55, y: 1.1 + (i % 2) * 0.6 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0.8 }));
    world.add(new Capsule({ position: { x: -10 + i, y: 6 }, halfLength: 0.3, radius: 0.15, angle: i, rollingResistance: 0.1 }));
    // bodies that do not turn (the passes' linear rows), on a kinematic capsule that does (their full rows)
    world.add(new Circle({ position: { x: 13 + (i % 4) * 0.7, y: 1 + i * 0.7 }, radius: 0.3, fixedRotation: true, rollingResistance: 0.3 }));
    world.add(new AABB({ position: { x: -17 + (i % 3) * 0.6, y: 2 + i * 0.6 }, halfWidth: 0.25, halfHeight: 0.2, restitution: 0.6 }));
  }
  world.add(new Capsule({ type: "kinematic", position: { x: -16.5, y: 1 }, halfLength: 1.5, radius: 0.2, angularVelocity: 0.8 }));
  return world;
}

function hashes(world: World, steps: number, each = 10, between?: (i: number) => void): string[] {
  const out: string[] = [];
  for (let i = 1; i <= steps; i++) {
    between?.(i);
    world.step(dt);
    if (i % each === 0) out.push(world.stateHash());
  }
  return out;
}

describe("the WebAssembly passes give the JavaScript kernels' bits", () => {
  it("the determinism scene: hashes, angles, poses, joints, rays, contacts' manifolds and impulses, through a binary snapshot", () => {
    const expected = determinismRun(250, 7, {}, 300);
    const before = wasmSolverPasses();
    expect(determinismRun(250, 7, {}, 300, false, false, inWasm)).toEqual(expected);
    expect(wasmSolverPasses() - before).toBeGreaterThan(3000);
  });

  it("bounces, rolling resistance, conveyors, friction (the materials' branches)", () => {
    const expected = hashes(materialsScene(), 240);
    const got = hashes(inWasm(materialsScene()), 240);
    expect(got).toEqual(expected);
  });

  it("switched on and off in the middle of a run, and while the arrays grow", () => {
    const grow = (world: World) => (i: number) => {
      if (i === 40) for (let k = 0; k < 300; k++) world.add(new Circle({ radius: 0.15, position: { x: -6 + (k % 30) * 0.4, y: 16 + Math.floor(k / 30) * 0.4 } }));
    };
    const a = mixedScene(120, 3);
    made.push(a);
    addJointedBodies(a, 6, 14);
    const expected = hashes(a, 160, 10, grow(a));
    const b = mixedScene(120, 3);
    made.push(b);
    addJointedBodies(b, 6, 14);
    const got = hashes(b, 160, 10, (i) => {
      grow(b)(i);
      if (i === 20) enableWasmSolver(b);
      if (i === 90) disableWasmSolver(b);
      if (i === 120) enableWasmSolver(b);
    });
    expect(got).toEqual(expected);
  });

  it("a world rolled back with restore() steps on with the same bits", () => {
    const run = (wasm: boolean) => {
      const w = wasm ? inWasm(materialsScene()) : materialsScene();
      for (let i = 0; i < 60; i++) w.step(dt);
      const saved = w.snapshot();
      const first = hashes(w, 60);
      w.restore(saved);
      return [...first, ...hashes(w, 60)];
    };
    const expected = run(false);
    expect(expected.slice(0, 6)).toEqual(expected.slice(6));
    expect(run(true)).toEqual(expected);
  });

  it("pgs iterations and the coloured order too; worlds with solver threads on workers stay in JavaScript, with their bits", async () => {
    for (const options of [{ solver: "pgs" }, { solver: "pgs", positionCorrection: "ngs" }, { solverThreads: 1 }, { solverThreads: 2 }] as WorldOptions[]) {
      const plain = fillMixedScene(new ThreadsWorld(options), 150, 5);
      made.push(plain);
      await plain.threadsReady();
      const expected = hashes(plain, 120);
      const w = inWasm(fillMixedScene(new ThreadsWorld(options), 150, 5));
      const before = wasmSolverPasses();
      made.push(w);
      await w.threadsReady();
      expect(hashes(w, 120)).toEqual(expected);
      // pgs: a warm start and 8 velocity iterations a step (while anything is awake); solverThreads 1
      // (the coloured order on one thread) runs in WebAssembly too, 2 or more on their workers
      if ((options.solverThreads ?? 0) >= 2) expect(wasmSolverPasses()).toBe(before);
      else expect(wasmSolverPasses() - before).toBeGreaterThan(120 * 9 * 0.5);
    }
  });
});

describe("enableWasmSolver", () => {
  it("turns the passes on for one world, once; disableWasmSolver turns them off", () => {
    const w = materialsScene();
    expect(wasmSolverEnabled(w)).toBe(false);
    expect(enableWasmSolver(w)).toBe(true);
    expect(enableWasmSolver(w)).toBe(true);
    expect(wasmSolverEnabled(w)).toBe(true);
    const before = wasmSolverPasses();
    w.step(dt);
    expect(wasmSolverPasses() - before).toBe(12); // 4 sub-steps × (warm start, solve, relax)
    disableWasmSolver(w);
    expect(wasmSolverEnabled(w)).toBe(false);
    w.step(dt);
    expect(wasmSolverPasses() - before).toBe(12);
  });

  it("is per world: two worlds of one process solve in different passes, with the same bits; a new world solves in JavaScript", () => {
    const inWasm = materialsScene();
    const inJs = materialsScene();
    expect(enableWasmSolver(inWasm)).toBe(true);
    expect([wasmSolverEnabled(inWasm), wasmSolverEnabled(inJs), wasmSolverEnabled(materialsScene())]).toEqual([true, false, false]);
    const before = wasmSolverPasses();
    inJs.step(dt);
    expect(wasmSolverPasses() - before).toBe(0); // the other world's passes stayed in JavaScript
    inWasm.step(dt);
    expect(wasmSolverPasses() - before).toBe(12); // 4 sub-steps × (warm start, solve, relax)
    for (let i = 0; i < 120; i++) {
      inWasm.step(dt);
      inJs.step(dt);
    }
    expect(inWasm.stateHash()).toBe(inJs.stateHash());
    // turning one world off leaves the other as it chose
    const other = materialsScene();
    enableWasmSolver(other);
    disableWasmSolver(inWasm);
    expect([wasmSolverEnabled(inWasm), wasmSolverEnabled(other)]).toEqual([false, true]);
    const after = wasmSolverPasses();
    inWasm.step(dt);
    expect(wasmSolverPasses()).toBe(after);
    other.step(dt);
    expect(wasmSolverPasses() - after).toBe(12);
  });

  it("a clone keeps its world's passes, and steps on with the same bits", () => {
    const original = inWasm(materialsScene());
    for (let i = 0; i < 30; i++) original.step(dt);
    const copy = original.clone();
    made.push(copy);
    expect(wasmSolverEnabled(copy)).toBe(true);
    const plain = materialsScene().clone();
    made.push(plain);
    expect(wasmSolverEnabled(plain)).toBe(false);
    const before = wasmSolverPasses();
    copy.step(dt);
    expect(wasmSolverPasses() - before).toBe(12); // the clone's step ran in WebAssembly
    original.step(dt);
    for (let i = 0; i < 30; i++) {
      original.step(dt);
      copy.step(dt);
    }
    expect(copy.stateHash()).toBe(original.stateHash());
  });

  it("there is no switch for every world: a call without a world is a TypeError that says to pass the world", () => {
    const message = /^capsule2d: (enableWasmSolver|disableWasmSolver|wasmSolverEnabled)\(world\) takes the world to change \(each world chooses for itself; there is no switch for every world\), got undefined$/;
    const call = (f: (w: never) => unknown, w?: unknown) => () => f(w as never);
    for (const f of [enableWasmSolver, disableWasmSolver, wasmSolverEnabled]) {
      expect(call(f)).toThrow(TypeError);
      expect(call(f)).toThrow(message);
      expect(call(f, null)).toThrow(/got null$/);
      expect(call(f, { step() {} })).toThrow(/got an object|got \{/);
    }
    // and nothing changed for the worlds there are
    const w = materialsScene();
    expect(wasmSolverEnabled(w)).toBe(false);
  });

  it("returns false where WebAssembly cannot run, and the worlds solve in JavaScript", () => {
    // a fresh process whose global WebAssembly is gone (as in an environment without it), on the built package
    const root = fileURLToPath(new URL("..", import.meta.url));
    const script =
      `delete globalThis.WebAssembly; const c = await import("capsule2d"); const w = await import("capsule2d/wasm"); ` +
      `const world = new c.World(); const on = w.enableWasmSolver(world); world.add(new c.Circle({ radius: 0.5 })); ` +
      `world.add(c.AABB.fromBounds({ x: -2, y: -1 }, { x: 2, y: 0 }, { type: "static" })); for (let i = 0; i < 60; i++) world.step(1 / 60); ` +
      `process.stdout.write(JSON.stringify([on, w.wasmSolverEnabled(world), w.wasmSolverPasses(), world.bodies[0].position.y > 0.45]));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual([false, false, 0, true]);
  });

  it("the module is under 4 kB, so that browsers compile it synchronously on the main thread", () => {
    // Chromium refuses new WebAssembly.Module / Instance above 4 kB on the main thread
    const bytes = (CONTACT_PASSES_WASM.length * 3) / 4;
    expect(bytes).toBeLessThan(4096);
  });

  it("src/wasm/contact-passes-wasm.ts is what scripts/build-wasm.mjs makes of wasm/contact-passes.ts and the row layout table", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    expect(() => execFileSync(process.execPath, ["scripts/build-wasm.mjs", "--check"], { cwd: root, stdio: "pipe" })).not.toThrow();
  }, 60_000);
});
