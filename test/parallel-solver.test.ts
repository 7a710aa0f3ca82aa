/**
 * The parallel solver (src/solver/parallel/, the `solverThreads` option):
 * every thread count from 1 up gives the same bits as the coloured solve on
 * the calling thread alone, through joints, a snapshot round trip and
 * columns that grow while the workers hold them; the workers did take part;
 * a worker that throws surfaces as a SolverWorkerError with its message and
 * its world; a world with workers neither needs dispose() to let Node exit
 * nor stops working after it. The threads are the World of capsule2d/threads:
 * capsule2d's World refuses 2 or more, naming it, whatever other worlds of
 * the process have.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Circle, World as FullWorld, type WorldOptions } from "../src/entries/capsule2d.js";
import { SolverWorkerError, World } from "../src/entries/threads.js";
import { LAYOUT } from "../src/solver/parallel/work.js";
import { Recorder, replay, worldAt } from "../src/entries/replay.js";
import { addJointedBodies, fillMixedScene } from "./support/scenes.js";

/** The mixed scene of test/support/scenes.ts in a World of capsule2d/threads. */
const mixedScene = (n: number, seed: number, options: WorldOptions): World => fillMixedScene(new World(options), n, seed);

const dt = 1 / 60;
/**
 * How long to wait for a worker's message: vi.waitFor's default of 1 s
 * failed when the machine's two cores were busy with other work. Reached
 * only if the worker never answers.
 */
const WORKER_WAIT = { timeout: 30_000, interval: 20 };
const made: World[] = [];
afterEach(() => {
  for (const w of made.splice(0)) w.dispose();
});

/** The determinism scene (bodies of every kind, every joint type), its hash every 20 steps, a snapshot round trip halfway. */
async function run(options: WorldOptions, steps: number): Promise<{ hashes: string[]; workerBlocks: number }> {
  let world = mixedScene(250, 7, options);
  made.push(world);
  addJointedBodies(world, 9, 18);
  await world.threadsReady();
  const hashes: string[] = [];
  let workerBlocks = 0;
  for (let i = 1; i <= steps; i++) {
    world.step(dt);
    if (i === steps / 2) {
      const stats = world.threadStats;
      if (stats !== null) workerBlocks += stats.blocks.slice(1).reduce((a, b) => a + b, 0);
      world = World.fromSnapshot(world.snapshot());
      made.push(world);
      await world.threadsReady();
    }
    // a burst of new bodies: the columns grow while the workers hold them
    if (i === steps / 4) for (let k = 0; k < 120; k++) world.add(new Circle({ radius: 0.2, position: { x: -4 + (k % 20) * 0.4, y: 14 + Math.floor(k / 20) * 0.45 } }));
    if (i % 20 === 0) hashes.push(world.stateHash());
  }
  const stats = world.threadStats;
  if (stats !== null) workerBlocks += stats.blocks.slice(1).reduce((a, b) => a + b, 0);
  return { hashes, workerBlocks };
}

describe("solverThreads: the same bits for every thread count", () => {
  for (const solver of ["soft-step", "pgs"] as const) {
    it(`1, 2 and 4 threads agree at every checkpoint, and the workers did their share (${solver})`, async () => {
      const one = await run({ solver, solverThreads: 1 }, 240);
      expect(one.workerBlocks).toBe(0);
      for (const threads of [2, 4]) {
        const many = await run({ solver, solverThreads: threads }, 240);
        expect(many.hashes).toEqual(one.hashes);
        expect(many.workerBlocks).toBeGreaterThan(0);
      }
    });
  }

  it("after columns grow the workers fetch them and help again; dispose() leaves a world that steps alone, with the same bits", async () => {
    const a = mixedScene(200, 3, { solverThreads: 1 });
    const b = mixedScene(200, 3, { solverThreads: 2 });
    made.push(a, b);
    await b.threadsReady();
    for (let i = 0; i < 60; i++) {
      a.step(dt);
      b.step(dt);
    }
    for (let k = 0; k < 300; k++) {
      const at = { x: -3 + (k % 30) * 0.2, y: 20 + Math.floor(k / 30) * 0.25 };
      a.add(new Circle({ radius: 0.09, position: at }));
      b.add(new Circle({ radius: 0.09, position: at }));
    }
    const before = b.threadStats!.sharedPasses;
    for (let i = 0; i < 120; i++) {
      a.step(dt);
      b.step(dt);
    }
    const stats = b.threadStats!;
    expect(stats.workers).toBe(1);
    expect(stats.sharedPasses - before).toBeGreaterThan(0); // the worker came back (it may miss the passes while it fetches the grown columns)
    await vi.waitFor(() => expect(b.threadStats!.ready).toBe(1), WORKER_WAIT);
    b.dispose();
    for (let i = 0; i < 30; i++) {
      a.step(dt);
      b.step(dt);
    }
    expect(b.stateHash()).toBe(a.stateHash());
    expect(b.threadStats!.sharedPasses).toBe(stats.sharedPasses);
  });
});

describe("solverThreads: errors and lifetime", () => {
  it("a worker that throws surfaces as a SolverWorkerError with its message and its world, at this step and the next", async () => {
    const world = mixedScene(100, 2, { solverThreads: 2 });
    made.push(world);
    await world.threadsReady();
    world.step(dt); // the columns grow: the worker fetches them, and waits for commands again
    await vi.waitFor(() => expect(world.threadStats!.ready).toBe(1), WORKER_WAIT);
    // an unknown command word: the worker throws RangeError("unknown command 7")
    const threads = (world as unknown as { threads: { command(cmd: number): void; ctrl: Int32Array } }).threads;
    threads.command(7);
    // wait until the worker has read it: a step's own command would otherwise overwrite the word
    // before a worker that the machine's load keeps from running has seen it
    await vi.waitFor(() => expect(Atomics.load(threads.ctrl, LAYOUT.ERROR)).not.toBe(0), WORKER_WAIT);
    let error: unknown = null;
    await vi.waitFor(() => {
      try {
        world.step(dt);
      } catch (e) {
        error = e;
      }
      expect(error).not.toBeNull();
    }, WORKER_WAIT);
    expect(error).toBeInstanceOf(SolverWorkerError);
    const e = error as SolverWorkerError;
    expect(e.world).toBe(world);
    expect(e.worker).toBe(0);
    expect(e.workerMessage).toBe("RangeError: unknown command 7");
    expect(e.message).toMatch(/^capsule2d: solver worker 0 of the world failed in step \d+: RangeError: unknown command 7$/);
    expect(() => world.step(dt)).toThrow(e);
    await expect(world.threadsReady()).rejects.toBe(e);
  });

  it("needs capsule2d/threads for 2 or more, and says so; 1 needs nothing; per world, not per process", async () => {
    const threaded = new World({ solverThreads: 2 }); // a world of capsule2d/threads in the same process changes nothing for the others
    made.push(threaded);
    expect(() => new FullWorld({ solverThreads: 2 })).toThrow(TypeError);
    expect(() => new FullWorld({ solverThreads: 3 })).toThrow(
      'capsule2d: solverThreads 3 solves on workers, which the World of "capsule2d" is made without: use import { World } from "capsule2d/threads"',
    );
    expect(new FullWorld({ solverThreads: 1 }).options.solverThreads).toBe(1);
    // a full world's snapshot of 2 threads is refused the same way by capsule2d's fromSnapshot, taken by this one's
    const saved = threaded.snapshot();
    expect(() => FullWorld.fromSnapshot(saved)).toThrow(/use import \{ World \} from "capsule2d\/threads"/);
    const back = World.fromSnapshot(saved);
    made.push(back);
    expect(back).toBeInstanceOf(World);
    expect(back).toBeInstanceOf(FullWorld); // the World of capsule2d/threads is capsule2d's, with the threads
    expect(back.options.solverThreads).toBe(2);
    // and its clone is a threads World too, with its own workers
    const copy = threaded.clone();
    made.push(copy);
    expect(copy).toBeInstanceOf(World);
    await copy.threadsReady();
    expect(copy.threadStats!.workers).toBe(1);
  });

  it("a run recorded with 3 threads replays in the World of capsule2d/threads (options.World), to the same bits; capsule2d's refuses it, naming the entry point", async () => {
    const world = mixedScene(120, 4, { solverThreads: 3 });
    made.push(world);
    await world.threadsReady();
    const recorder = new Recorder(world);
    for (let i = 0; i < 40; i++) world.step(dt);
    recorder.detach();
    expect(() => replay(recorder.recording)).toThrow(/solverThreads 3 solves on workers.*use import \{ World \} from "capsule2d\/threads"/);
    const again = replay(recorder.recording, { World });
    made.push(again.world);
    expect(again.world.options.solverThreads).toBe(3);
    expect(again.world.stateHash()).toBe(world.stateHash());
    const at = worldAt(recorder.recording, 40, { World });
    made.push(at);
    expect(at.stateHash()).toBe(world.stateHash());
    expect(() => replay(recorder.recording, { World: {} as never })).toThrow(/options.World must be a World class with fromSnapshot/);
  });

  it("needs SharedArrayBuffer, and says so", () => {
    vi.stubGlobal("SharedArrayBuffer", undefined);
    try {
      expect(() => new World({ solverThreads: 2 })).toThrow(/solverThreads 2 needs SharedArrayBuffer/);
      expect(() => new World({ solverThreads: 1 })).not.toThrow(); // one thread needs no shared memory
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a Node process with a world of 3 solver threads exits without dispose()", () => {
    const bundle = fileURLToPath(new URL("../dist/capsule2d.js", import.meta.url));
    const threadsEntry = fileURLToPath(new URL("../dist/esm/entries/threads.js", import.meta.url));
    const script = `
      const { AABB, Circle } = await import(${JSON.stringify(bundle)});
      const { World } = await import(${JSON.stringify(threadsEntry)});
      const w = new World({ solverThreads: 3 });
      w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
      for (let i = 0; i < 200; i++) w.add(new Circle({ radius: 0.2, position: { x: -4 + (i % 20) * 0.41, y: 0.3 + Math.floor(i / 20) * 0.41 } }));
      await w.threadsReady();
      for (let i = 0; i < 30; i++) w.step(1 / 60);
      console.log(JSON.stringify(w.threadStats));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    const stats = JSON.parse(out) as { workers: number; sharedPasses: number };
    expect(stats.workers).toBe(2);
    expect(stats.sharedPasses).toBeGreaterThan(0);
  });
});
