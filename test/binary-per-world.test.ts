/**
 * Binary snapshots are a world's own (issue 29): the World of
 * `capsule2d/binary` makes worlds with the codec, `enableBinarySnapshots(world)`
 * gives it to one world, and nothing switches every world of the process:
 * a World of `capsule2d` beside them still speaks JSON alone, and says where
 * binary snapshots are. Recordings (whose snapshots are binary) work with no
 * call at all, and leave the other worlds as they were.
 */
import { describe, expect, it } from "vitest";
import { Circle, World as PlainWorld } from "../src/entries/capsule2d.js";
import { World as CoreWorld } from "../src/entries/core.js";
import { JointWorld } from "../src/entries/joints.js";
import { enableBinarySnapshots, withBinarySnapshots, World } from "../src/entries/binary.js";
import { World as ThreadsWorld } from "../src/entries/threads.js";
import { Recorder, Recording, replay, worldAt } from "../src/entries/replay.js";

const dt = 1 / 60;

/** A few bodies falling onto a floor, stepped `steps` times, in a world of `W`. */
function scene<T extends PlainWorld>(W: new () => T, steps = 20): T {
  const world = new W();
  world.add(new Circle({ type: "static", radius: 5, position: { x: 0, y: -5 } }));
  for (let i = 0; i < 6; i++) world.add(new Circle({ radius: 0.3, position: { x: -1.5 + 0.6 * i, y: 1 + 0.5 * i } }));
  for (let i = 0; i < steps; i++) world.step(dt);
  return world;
}

/** The error `f` throws. */
function errorOf(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error("it did not throw");
}

const NOT_ENABLED = /binary snapshots are not enabled for this world: make it with World from "capsule2d\/binary", or call enableBinarySnapshots\(world\)/;
const READ_BY_BINARY = /World\.fromSnapshot\(buffer\): this World reads JSON snapshots; a binary one is read by the World of "capsule2d\/binary"/;

describe("binary snapshots, per world", () => {
  it("two worlds of one process: the binary World's writes and reads binary, capsule2d's throws a TypeError naming capsule2d/binary", () => {
    const binary = scene(World);
    const plain = scene(PlainWorld);
    expect(binary).toBeInstanceOf(PlainWorld); // the same class: only its codec differs
    expect(plain.stateHash()).toBe(binary.stateHash()); // and the same bits
    const buffer = binary.snapshot({ format: "binary" });
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    const plainError = errorOf(() => plain.snapshot({ format: "binary" }));
    expect(plainError).toBeInstanceOf(TypeError);
    expect(plainError.message).toMatch(NOT_ENABLED);
    expect(() => plain.restore(buffer)).toThrow(NOT_ENABLED);
    expect(plain.stateHash()).toBe(binary.stateHash()); // the refused restore changed nothing
    // the binary world's snapshot, read by the binary World, continues bit for bit
    const again = World.fromSnapshot(buffer);
    for (const w of [binary, again]) for (let i = 0; i < 30; i++) w.step(dt);
    expect(again.stateHash()).toBe(binary.stateHash());
    expect(again.snapshot({ format: "binary" }).byteLength).toBe(binary.snapshot({ format: "binary" }).byteLength); // its worlds have the codec
    // JSON needs nothing, in both
    expect(PlainWorld.fromSnapshot(binary.snapshot()).stateHash()).toBe(binary.stateHash());
    expect(World.fromSnapshot(plain.snapshot()).snapshot({ format: "binary" })).toBeInstanceOf(ArrayBuffer);
  });

  it("capsule2d's World.fromSnapshot(buffer) (and a view of one) throws a TypeError naming capsule2d/binary, before reading anything", () => {
    const buffer = scene(World).snapshot({ format: "binary" });
    for (const data of [buffer, new Uint8Array(buffer), new ArrayBuffer(3)]) {
      const e = errorOf(() => PlainWorld.fromSnapshot(data as ArrayBuffer));
      expect(e).toBeInstanceOf(TypeError);
      expect(e.message).toMatch(READ_BY_BINARY);
      expect(e.message).toMatch(/withBinarySnapshots\(World\)/); // and the way for the World of capsule2d/threads
    }
    expect(() => ThreadsWorld.fromSnapshot(buffer)).toThrow(READ_BY_BINARY);
    // the binary World reads views too, and checks what it reads
    expect(World.fromSnapshot(new Uint8Array(buffer) as unknown as ArrayBuffer).bodies.length).toBe(7);
    expect(() => World.fromSnapshot(new ArrayBuffer(3))).toThrow(/invalid snapshot/);
  });

  it("clones keep the codec, of the binary World's worlds and of enableBinarySnapshots(world)'s; the plain world's clone has none", () => {
    const binary = scene(World);
    const enabled = scene(PlainWorld);
    enableBinarySnapshots(enabled);
    enableBinarySnapshots(enabled); // again: nothing more
    const plain = scene(PlainWorld);
    const expected = binary.snapshot({ format: "binary" });
    for (const w of [binary.clone(), enabled.clone(), binary.clone().clone()]) {
      expect(new Uint8Array(w.snapshot({ format: "binary" }))).toEqual(new Uint8Array(expected));
    }
    expect(new Uint8Array(enabled.snapshot({ format: "binary" }))).toEqual(new Uint8Array(expected));
    expect(() => plain.clone().snapshot({ format: "binary" })).toThrow(NOT_ENABLED);
    expect(() => plain.snapshot({ format: "binary" })).toThrow(NOT_ENABLED); // enabling one world enabled no other
  });

  it("enableBinarySnapshots() without a world throws a TypeError naming the per-world ways; a world without snapshots, or no world, is refused by name", () => {
    const e = errorOf(() => (enableBinarySnapshots as (w?: unknown) => void)());
    expect(e).toBeInstanceOf(TypeError);
    expect(e.message).toMatch(/enableBinarySnapshots\(\) needs a world: binary snapshots are chosen per world, there is no call for every world/);
    expect(e.message).toMatch(/World from "capsule2d\/binary"/);
    expect(e.message).toMatch(/enableBinarySnapshots\(world\)/);
    expect(e.message).toMatch(/withBinarySnapshots\(World\)/);
    expect(() => scene(PlainWorld).snapshot({ format: "binary" })).toThrow(NOT_ENABLED); // it switched nothing
    for (const bad of [null, 7, {}, "world"]) {
      expect(() => enableBinarySnapshots(bad as never)).toThrow(/enableBinarySnapshots\(world\): world must be a World, got/);
    }
    expect(() => enableBinarySnapshots(new CoreWorld() as never)).toThrow(/the World of "capsule2d\/core" has no snapshots: use World from "capsule2d\/binary"/);
    expect(() => enableBinarySnapshots(new JointWorld() as never)).toThrow(/the World of "capsule2d\/joints" has no snapshots/);
    expect(() => withBinarySnapshots(CoreWorld as never)).toThrow(/withBinarySnapshots\(World\): World must be the World of "capsule2d" or "capsule2d\/threads"/);
    expect(() => withBinarySnapshots({} as never)).toThrow(TypeError);
  });

  it("the World of capsule2d/threads with binary snapshots: withBinarySnapshots(World) makes threaded worlds whose snapshots, clones and fromSnapshot are binary", async () => {
    const BinaryThreads = withBinarySnapshots(ThreadsWorld);
    const made: PlainWorld[] = [];
    try {
      const world = new BinaryThreads({ solverThreads: 2 });
      made.push(world);
      expect(world).toBeInstanceOf(PlainWorld);
      expect(world).toBeInstanceOf(BinaryThreads);
      world.add(new Circle({ type: "static", radius: 5, position: { x: 0, y: -5 } }));
      for (let i = 0; i < 12; i++) world.add(new Circle({ radius: 0.2, position: { x: -1.2 + 0.2 * i, y: 0.5 + 0.3 * (i % 4) } }));
      await world.threadsReady();
      for (let i = 0; i < 20; i++) world.step(dt);
      expect(world.threadStats!.workers).toBe(1);
      const buffer = world.snapshot({ format: "binary" });
      const again = BinaryThreads.fromSnapshot(buffer);
      made.push(again);
      expect(again.options.solverThreads).toBe(2);
      const copy = world.clone();
      made.push(copy);
      await Promise.all([again.threadsReady(), copy.threadsReady()]);
      expect(again.threadStats!.workers).toBe(1); // threaded, from the threads World
      for (const w of [world, again, copy]) for (let i = 0; i < 20; i++) w.step(dt);
      expect(again.stateHash()).toBe(world.stateHash());
      expect(new Uint8Array(copy.snapshot({ format: "binary" }))).toEqual(new Uint8Array(world.snapshot({ format: "binary" })));
      // the threads World itself is unchanged: its worlds speak JSON alone
      const threaded = new ThreadsWorld({ solverThreads: 2 });
      made.push(threaded);
      expect(() => threaded.snapshot({ format: "binary" })).toThrow(NOT_ENABLED);
      expect(() => ThreadsWorld.fromSnapshot(buffer)).toThrow(READ_BY_BINARY);
    } finally {
      for (const w of made) w.dispose();
    }
  });

  it("a recording (binary snapshots) records, rolls back, saves, loads, replays and rebuilds with no call; the other worlds stay JSON-only", () => {
    const world = scene(PlainWorld, 0);
    const recorder = new Recorder(world, { snapshotInterval: 5 });
    for (let i = 0; i < 30; i++) world.step(dt);
    const hash = world.stateHash();
    recorder.rollback(12);
    for (let i = 12; i < 30; i++) world.step(dt);
    expect(world.stateHash()).toBe(hash);
    recorder.detach();
    expect(world.snapshot({ format: "binary" })).toBeInstanceOf(ArrayBuffer); // the recorded world got its own codec
    const loaded = Recording.fromBuffer(recorder.save());
    const run = replay(loaded);
    expect(run.world.stateHash()).toBe(hash);
    expect(run.world.snapshot({ format: "binary" })).toBeInstanceOf(ArrayBuffer); // the replayed world has it too
    expect(worldAt(loaded, 17).stepCount).toBe(17);
    // none of it switched another world
    const other = scene(PlainWorld);
    expect(() => other.snapshot({ format: "binary" })).toThrow(NOT_ENABLED);
    expect(() => PlainWorld.fromSnapshot(world.snapshot({ format: "binary" }))).toThrow(READ_BY_BINARY);
  });

  it("a Recorder that refuses its world (made during a step, from a force field, where snapshot() throws) leaves it without the codec", () => {
    const world = scene(PlainWorld, 0);
    let refused: Error | undefined;
    world.setForceField(() => {
      if (refused === undefined) refused = errorOf(() => new Recorder(world));
    });
    world.step(dt);
    expect(refused?.message).toMatch(/during a step/);
    world.setForceField(null);
    expect(() => world.snapshot({ format: "binary" })).toThrow(NOT_ENABLED);
  });
});
