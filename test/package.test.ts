/**
 * The built package, as users get it: the ESM and CommonJS bundles, the
 * `<script>` build with its global, the package.json `exports` map, and the
 * type declarations. Needs `npm run build` first (`npm test` runs it).
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import vm from "node:vm";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Path of a built file; a clear failure when the build has not run. */
function built(file: string): string {
  const path = join(root, "dist", file);
  if (!existsSync(path)) {
    throw new Error(`dist/${file} is missing: run \`npm run build\` first (\`npm test\` does it for you)`);
  }
  return path;
}

/** The names every build must export (DESIGN.md, "Public API contract"). */
const PUBLIC_FUNCTIONS = ["Circle", "Capsule", "AABB", "Body", "collide", "raycastBody", "capsulesIntersectExact"];

type Api = Record<string, unknown>;
type Ctor = new (options: Record<string, unknown>) => Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

/** Checks that a loaded build has the public names and that they work. */
function checkApi(api: Api): void {
  for (const name of PUBLIC_FUNCTIONS) {
    expect(typeof api[name], `export ${name}`).toBe("function");
  }
  expect([api.CIRCLE, api.CAPSULE, api.BOX]).toEqual([0, 1, 2]);

  const Circle = api.Circle as Ctor;
  const Capsule = api.Capsule as Ctor & { fromSegment: Fn };
  const AABB = api.AABB as Ctor & { fromBounds: Fn };
  const collide = api.collide as Fn;
  const raycastBody = api.raycastBody as Fn;
  const capsulesIntersectExact = api.capsulesIntersectExact as Fn;

  // Two unit circles 1.5 apart overlap by 0.5; the normal points from A to B.
  const a = new Circle({ position: { x: 0, y: 0 }, radius: 1 });
  const b = new Circle({ position: { x: 1.5, y: 0 }, radius: 1 });
  const m = collide(a, b) as { normal: { x: number; y: number }; depth: number; points: unknown[] };
  expect(m.depth).toBeCloseTo(0.5, 12);
  expect(m.normal.x).toBeCloseTo(1, 12);
  expect(m.normal.y).toBeCloseTo(0, 12);
  expect(m.points.length).toBe(1);

  // Capsules and boxes are built and collide too.
  const pill = Capsule.fromSegment({ x: -1, y: 0.4 }, { x: 1, y: 0.4 }, 0.5);
  const floor = AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" });
  const resting = collide(floor, pill) as { depth: number; points: unknown[] } | null;
  expect(resting?.depth).toBeCloseTo(0.1, 12);
  expect(resting?.points.length).toBe(2);

  const hit = raycastBody(a, { x: -5, y: 0 }, { x: 2, y: 0 }, 10) as { distance: number; body: unknown } | null;
  expect(hit?.distance).toBe(4);
  expect(hit?.body).toBe(a);

  // Crossing thin capsules intersect; two circles exactly touching do not.
  const seg = (x1: number, y1: number, x2: number, y2: number, radius: number | bigint) => ({
    a: { x: x1, y: y1 },
    b: { x: x2, y: y2 },
    radius,
  });
  expect(capsulesIntersectExact(seg(-10, 0, 10, 0, 1), seg(0, -10, 0, 10, 1n))).toBe(true);
  expect(capsulesIntersectExact(seg(0, 0, 0, 0, 1), seg(3, 0, 3, 0, 2))).toBe(false);

  // Bad input is reported by name.
  expect(() => new Circle({ radius: -1 })).toThrow(/radius/);

  // The World, where the build has one: a dropped ball falls.
  if (api.World !== undefined) {
    const World = api.World as new (options?: Record<string, unknown>) => { add: Fn; step: Fn; bodies: readonly unknown[] };
    const world = new World({ gravity: { x: 0, y: -10 } });
    const ball = world.add(new Circle({ position: { x: 0, y: 5 }, radius: 0.5 })) as { position: { y: number } };
    world.step(1 / 60);
    expect(world.bodies.length).toBe(1);
    expect(ball.position.y).toBeLessThan(5);
  }
}

describe("built package", () => {
  it("dist/capsule2d.js (ESM) exports the public API", async () => {
    const api = (await import(/* @vite-ignore */ pathToFileURL(built("capsule2d.js")).href)) as Api;
    checkApi(api);
  });

  it("dist/capsule2d.cjs (CommonJS) exports the public API", () => {
    const require = createRequire(import.meta.url);
    const api = require(built("capsule2d.cjs")) as Api;
    checkApi(api);
  });

  it("dist/capsule2d.iife.min.js defines the global Capsule2D in a bare context", () => {
    const code = readFileSync(built("capsule2d.iife.min.js"), "utf8");
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const api = (context as { Capsule2D?: Api }).Capsule2D;
    expect(api, "global Capsule2D").toBeDefined();
    checkApi(api!);
  });

  it("dist/debug.iife.min.js adds the renderer to the global as Capsule2D.debug, after the core script", () => {
    const context = vm.createContext({});
    vm.runInContext(readFileSync(built("capsule2d.iife.min.js"), "utf8"), context);
    vm.runInContext(readFileSync(built("debug.iife.min.js"), "utf8"), context);
    const api = (context as { Capsule2D: Api & { debug: Api; binary: Api } }).Capsule2D;
    checkApi(api); // the core is still there
    expect(Object.keys(api.debug).sort()).toEqual(["Camera", "DEFAULT_PALETTE", "drawBody", "drawWorld", "traceBody", "traceCapsule"]);
    // a camera at the origin, 40 px per metre, y up: (1, 1) m is 40 px right of and 40 px above the centre
    const Camera = api.debug.Camera as new (o?: unknown) => { resize(w: number, h: number): void; worldToScreen(p: { x: number; y: number }): { x: number; y: number } };
    const camera = new Camera({ scale: 40 });
    camera.resize(200, 100);
    expect(camera.worldToScreen({ x: 1, y: 1 })).toEqual({ x: 140, y: 10 });
    expect(Object.keys(api.binary).sort()).toEqual(["World", "enableBinarySnapshots", "withBinarySnapshots"]);
    expect((api.binary.World as { prototype: object }).prototype).toBe((api.World as { prototype: object }).prototype); // its worlds are capsule2d's World, with binary snapshots
    // record, replay, rollback: Capsule2D.replay, not the core namespace
    const replay = (api as unknown as { replay: Api }).replay;
    expect(["Recorder", "Recording", "replay", "verify", "worldAt", "deltaSnapshot", "applyDelta"].map((n) => typeof replay[n])).toEqual(Array(7).fill("function"));
    expect(api.Recorder).toBeUndefined();
    // the parallel solve: Capsule2D.threads
    const threads = (api as unknown as { threads: Api }).threads;
    expect(Object.keys(threads).sort()).toEqual(["SolverWorkerError", "World"]);
    expect((threads.World as { prototype: object }).prototype).toBe((api.World as { prototype: object }).prototype); // its worlds are capsule2d's World, with the threads
    // the contact passes in WebAssembly: Capsule2D.wasm
    expect(typeof (api as unknown as { wasm: Api }).wasm.enableWasmSolver).toBe("function");
  });

  // Each entry point in a child process, so that Node's own resolver (not the test runner's) reads package.json.
  const run = (args: string[]) => JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" })) as unknown;

  it("plain Node resolves `capsule2d` through the exports map, for import and for require", () => {
    const script = (load: string) =>
      `${load}.then((m) => { const c = new m.Circle({ radius: 1 }); ` +
      `process.stdout.write(JSON.stringify([typeof m.collide, typeof m.raycastBody, typeof m.capsulesIntersectExact, c.radius])); })`;
    const expected = ["function", "function", "function", 1];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d"))`)])).toEqual(expected);
  });

  it("`capsule2d/core` and `capsule2d/joints` load with import and with require, and share the core's classes with `capsule2d`", () => {
    const script = (core: string, joints: string, full: string) =>
      `Promise.all([${core}, ${joints}, ${full}]).then(([c, j, f]) => { const w = new j.JointWorld(); ` +
      `const a = w.add(new c.Circle({ radius: 0.5, type: "static" })); const b = w.add(new c.Circle({ radius: 0.5, position: { x: 1, y: 0 } })); ` +
      `w.addJoint({ type: "distance", bodyA: a, bodyB: b, anchorA: { x: 0, y: 0 }, anchorB: { x: 1, y: 0 } }); w.step(1 / 60); ` +
      `process.stdout.write(JSON.stringify([w instanceof c.World, new f.World() instanceof c.World, f.Circle === c.Circle, f.World === c.World, ` +
      `(() => { try { new c.World().addJoint({}); return "no error"; } catch (e) { return e.constructor.name; } })(), typeof w.addJoint, w.joints.length, typeof c.capsulesIntersectExact])); })`;
    const expected = [true, true, true, false, "TypeError", "function", 1, "undefined"];
    const load = (name: string, esm: boolean) => (esm ? `import("${name}")` : `Promise.resolve(require("${name}"))`);
    for (const esm of [true, false]) {
      const code = script(load("capsule2d/core", esm), load("capsule2d/joints", esm), load("capsule2d", esm));
      expect(run(esm ? ["--input-type=module", "-e", code] : ["-e", code])).toEqual(expected);
    }
  });

  it("`capsule2d/debug` loads with import and with require", () => {
    const script = (load: string) =>
      `${load}.then((m) => { const c = new m.Camera({ scale: 40 }); c.resize(200, 100); ` +
      `process.stdout.write(JSON.stringify([typeof m.drawWorld, c.worldToScreen({ x: 1, y: 1 })])); })`;
    const expected = ["function", { x: 140, y: 10 }];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d/debug")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d/debug"))`)])).toEqual(expected);
  });

  it("`capsule2d/binary` makes worlds of the same copy of the core with binary snapshots, with import and with require; capsule2d's World stays JSON-only", () => {
    // its World must be the World class the user imported (instanceof holds), and give only its own worlds the codec
    const script = (core: string, binary: string) =>
      `Promise.all([${core}, ${binary}]).then(([c, b]) => { const w = new c.World(); w.add(new c.Circle({ radius: 1 })); ` +
      `const err = (f) => { try { f(); return "no error"; } catch (e) { return e.constructor.name; } }; ` +
      `const bw = new b.World(); bw.add(new c.Circle({ radius: 1 })); const buf = bw.snapshot({ format: "binary" }); ` +
      `const plain = err(() => w.snapshot({ format: "binary" })); b.enableBinarySnapshots(w); ` +
      `process.stdout.write(JSON.stringify([plain, bw instanceof c.World, buf instanceof ArrayBuffer, b.World.fromSnapshot(buf).stateHash() === bw.stateHash(), ` +
      `err(() => c.World.fromSnapshot(buf)), w.snapshot({ format: "binary" }) instanceof ArrayBuffer, err(() => b.enableBinarySnapshots())])); })`;
    const expected = ["TypeError", true, true, true, "TypeError", true, "TypeError"];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d")`, `import("capsule2d/binary")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d"))`, `Promise.resolve(require("capsule2d/binary"))`)])).toEqual(expected);
  });

  it("`capsule2d/replay` records a world of the same copy of the core, with import and with require; the core no longer exports it", () => {
    const script = (core: string, replay: string) =>
      `Promise.all([${core}, ${replay}]).then(([c, r]) => { const w = new c.World(); w.add(new c.Circle({ radius: 1 })); ` +
      `const rec = new r.Recorder(w, { snapshotInterval: 1 }); for (let i = 0; i < 5; i++) w.step(1 / 60); const h2 = rec.recording.hashAt(2); ` +
      `const same = rec.rollback(2) === w; const run = r.replay(r.Recording.fromBuffer(rec.save())); ` +
      `process.stdout.write(JSON.stringify([same, w.stateHash() === h2, r.verify(rec.recording, run).ok, typeof c.Recorder, typeof c.replay])); })`;
    const expected = [true, true, true, "undefined", "undefined"];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d")`, `import("capsule2d/replay")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d"))`, `Promise.resolve(require("capsule2d/replay"))`)])).toEqual(expected);
  });

  it("`capsule2d/batch` runs a job module on a worker thread, with import and with require", () => {
    const script = (load: string) =>
      `${load}.then((m) => m.runBatch({ module: "test/support/batch-job.mjs", jobs: [{ seed: 3, steps: 5 }], workers: 1 }))` +
      `.then(([r]) => process.stdout.write(JSON.stringify([r.seed, r.stepCount, typeof r.hash])))`;
    const expected = [3, 5, "string"];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d/batch")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d/batch"))`)])).toEqual(expected);
  });

  it("`capsule2d/worker` serves a world over a message channel, with import and with require", () => {
    // serveWorld on one port, WorldWorker on the other: the first frame carries the ball
    const script = (core: string, worker: string) =>
      `Promise.all([${core}, ${worker}]).then(async ([c, w]) => { const { port1, port2 } = new MessageChannel(); ` +
      `w.serveWorld(() => { const world = new c.World(); world.add(new c.Circle({ radius: 0.5 })); return world; }, { endpoint: port2 }); ` +
      `const client = await w.WorldWorker.start(port1); await client.step(3); port1.close(); port2.close(); ` +
      `process.stdout.write(JSON.stringify([client.bodies[0].shape, client.stepCount, w.POSE_STRIDE])); })`;
    const expected = ["circle", 3, 8];
    expect(run(["--input-type=module", "-e", script(`import("capsule2d")`, `import("capsule2d/worker")`)])).toEqual(expected);
    expect(run(["-e", script(`Promise.resolve(require("capsule2d"))`, `Promise.resolve(require("capsule2d/worker"))`)])).toEqual(expected);
  });

  it("ships type declarations where package.json says they are, for every entry point and condition", () => {
    type Target = { types: string; default: string };
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      exports: Record<string, { import: Target; require: Target } | string>;
    };
    const entries = Object.entries(pkg.exports).filter(([k]) => k !== "./package.json");
    expect(entries.map(([k]) => k)).toEqual([".", "./core", "./joints", "./debug", "./binary", "./batch", "./worker", "./replay", "./threads", "./wasm", "./tiled-decompress", "./phaser"]);
    for (const [, target] of entries) {
      if (typeof target === "string") throw new Error(`export ${target} has no conditions`);
      for (const file of [target.import.types, target.import.default, target.require.types, target.require.default]) {
        built(file.replace(/^\.\/dist\//, ""));
      }
    }
    for (const dir of ["esm", "cjs"]) {
      // the main entry re-exports capsule2d/core's declarations and adds its own
      const dts = readFileSync(built(`${dir}/entries/capsule2d.d.ts`), "utf8");
      expect(dts).toContain(`export * from "./core.js";`);
      const both = dts + readFileSync(built(`${dir}/entries/core.d.ts`), "utf8");
      for (const name of PUBLIC_FUNCTIONS) expect(both).toContain(name);
    }
  });
});
