/**
 * Issue 32: hostile input (a save file, a peer's snapshot or delta, a level
 * file, a worker's message) cannot crash, hang or poison a world. Each test
 * is one finding of the issue; the ones that ran out of memory or hung before
 * their fix run in a worker with a heap limit and a hang guard
 * (test/support/isolated.ts), so that a regression fails the test instead of
 * the test process.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AABB, Box, Capsule, Circle, Compound, Polygon, Segment, TileMap, type Body } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js";
import { applyDelta, deltaSnapshot, Recorder, Recording, replay } from "../src/entries/replay.js";
import { WorldWorker, serveWorld, type MessageEndpoint } from "../src/entries/worker.js";
import { BODY_FIELDS, BODY_LAYOUT, CONTACT_FIELDS, CONTACT_LAYOUT, fieldOffset } from "../src/snapshot/schema.js";
import { fnv1a } from "../src/replay/recording.js";
import { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, BINARY_BYTES_PER_JOINT, type WorldSnapshot } from "../src/snapshot/snapshot.js";
import { isolated } from "./support/isolated.js";


const dt = 1 / 60;
const level = JSON.parse(readFileSync(fileURLToPath(new URL("../examples/tiles/level1.json", import.meta.url)), "utf8")) as Record<string, unknown>;

/** A small world with a sleeping dynamic body, a sleeping kinematic one, a capsule, a box and a joint. */
function scene(): World {
  const world = new World();
  world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
  world.add(new Circle({ radius: 0.5, position: { x: -3, y: 0.5 } }));
  world.add(new Circle({ radius: 0.5, type: "kinematic", position: { x: 3, y: 4 } }));
  const a = world.add(new Capsule({ radius: 0.25, halfLength: 0.5, position: { x: 0, y: 2 }, angle: 0.3 }));
  const b = world.add(new AABB({ halfWidth: 0.3, halfHeight: 0.3, position: { x: 0, y: 4 } }));
  world.addJoint({ type: "distance", bodyA: a, bodyB: b, anchorA: { x: 0, y: 2 }, anchorB: { x: 0, y: 4 }, enableSpring: true, hertz: 2, dampingRatio: 0.5 });
  for (let i = 0; i < 90; i++) world.step(dt);
  return world;
}

function json(world: World): WorldSnapshot {
  return JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot;
}

/** The error `f` throws, as [constructor name, message] (["none", ""] when it does not throw). */
function thrown(f: () => unknown): [string, string] {
  try {
    f();
  } catch (e) {
    return [(e as Error).constructor.name, (e as Error).message];
  }
  return ["none", ""];
}

function allFinite(world: World): boolean {
  return world.bodies.every((b) => [b.position.x, b.position.y, b.velocity.x, b.velocity.y, b.angularVelocity, b.rotCos, b.rotSin].every(Number.isFinite));
}

// ------------------------------------------------------------------ crashes, hangs, memory

describe("crashes, hangs and memory blow-ups", () => {
  it("a snapshot body with island 16777216 (dynamic or kinematic, JSON or binary) is refused by name, without allocating", async () => {
    const o = await isolated(
      `
      const { World } = C.binary;
      const { AABB, Circle } = C.core;
      const world = new World();
      world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
      world.add(new Circle({ radius: 0.5, position: { x: -3, y: 0.5 } }));
      world.add(new Circle({ radius: 0.5, type: "kinematic", position: { x: 3, y: 4 } }));
      for (let i = 0; i < 90; i++) world.step(1 / 60);
      const out = [];
      for (const index of [1, 2]) {
        const s = JSON.parse(JSON.stringify(world.snapshot()));
        s.bodies[index].island = 16777216;
        try { World.fromSnapshot(s); out.push("loaded"); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
        try { new World().restore(s); out.push("loaded"); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
        const bin = world.snapshot({ format: "binary" });
        const at = data.bodiesAt + index * data.perBody + data.islandAt;
        new DataView(bin).setInt32(at, 16777216, true);
        try { World.fromSnapshot(bin); out.push("loaded"); } catch (e) { out.push(e.constructor.name + ": " + e.message); }
      }
      return out;
      `,
      { data: { bodiesAt: binaryBodiesAt(), perBody: BINARY_BYTES_PER_BODY, islandAt: fieldOffset(BODY_FIELDS, BODY_LAYOUT, "island").at }, heapMb: 64, timeoutMs: 30_000 },
    );
    expect(o.outcome).toBe("value");
    const lines = (o as { value: string[] }).value;
    expect(lines).toHaveLength(6);
    for (const [k, line] of lines.entries()) expect(line).toMatch(new RegExp(`^RangeError: .*bodies\\[${k < 3 ? 1 : 2}\\]\\.island 16777216`));
  });

  it("TileMap.fromTiled with tilecount 5e7 or 0x1fffffff loads the map without expanding the tileset", async () => {
    const o = await isolated(
      `
      const { World, TileMap } = C.core;
      const out = [];
      for (const tilecount of [5e7, 0x1fffffff]) {
        const map = JSON.parse(JSON.stringify(data.level));
        map.tilesets[0].tilecount = tilecount;
        out.push(TileMap.fromTiled(new World(), map, { origin: { x: 0, y: 8 } }).bodies.length);
      }
      return out;
      `,
      { data: { level }, heapMb: 64 },
    );
    expect(o).toEqual({ outcome: "value", value: [7, 7] });
  });

  it("applyDelta refuses a result length of 0xffffffff before allocating it", async () => {
    const o = await isolated(
      `
      const { World } = C.binary;
      const { Circle } = C.core;
      const world = new World();
      for (let i = 0; i < 10; i++) world.add(new Circle({ radius: 0.5, position: { x: i, y: 2 } }));
      const base = world.snapshot({ format: "binary" });
      world.step(1 / 60);
      const delta = C.replay.deltaSnapshot(base, world.snapshot({ format: "binary" }));
      new DataView(delta).setUint32(16, 0xffffffff, true);
      const before = process.memoryUsage().arrayBuffers;
      try { C.replay.applyDelta(base, delta); return "applied"; } catch (e) { return [e.constructor.name, e.message, process.memoryUsage().arrayBuffers - before]; }
      `,
      { heapMb: 64 },
    );
    expect(o.outcome).toBe("value");
    const [name, message, grown] = (o as { value: [string, string, number] }).value;
    expect(name).toBe("RangeError");
    expect(message).toMatch(/result length 4294967295/);
    expect(grown).toBeLessThan(1 << 20);
  });

  it("an unknown option key 10 MB long costs one pass and is cut in the message", async () => {
    const o = await isolated(
      `
      const key = "x".repeat(10 * 1024 * 1024);
      const out = [];
      for (const f of [() => new C.core.World({ [key]: 1 }), () => new C.core.Circle({ radius: 1, [key]: 1 }), () => new C.core.World().setOptions({ [key]: 1 })]) {
        try { f(); out.push("accepted"); } catch (e) { out.push([e.constructor.name, e.message]); }
      }
      return out;
      `,
      { heapMb: 96 },
    );
    expect(o.outcome).toBe("value");
    for (const [name, message] of (o as { value: [string, string][] }).value) {
      expect(name).toBe("TypeError");
      expect(message).toMatch(/unknown .*option "xxxx/);
      expect(message.length).toBeLessThan(300);
    }
  });

  it("a binary snapshot whose options block nests 200,000 arrays is refused by name, not by a stack overflow", () => {
    const world = scene();
    const good = new Uint8Array(world.snapshot({ format: "binary" }));
    const out = new Uint8Array(withOptionsText(good, `{"gravity":${"[".repeat(200_000)}${"]".repeat(200_000)}}`));
    const [name, message] = thrown(() => World.fromSnapshot(out.buffer));
    expect(name).toBe("TypeError");
    expect(message).toBe("capsule2d: invalid snapshot: options: gravity.x must be a number, got undefined");
    // the whole block one nested array: the message describes it without walking it
    const [name2, message2] = thrown(() => World.fromSnapshot(withOptionsText(good, `${"[".repeat(200_000)}${"]".repeat(200_000)}`)));
    expect(name2).toBe("TypeError");
    expect(message2).toBe("capsule2d: invalid snapshot: options must be an object, got an array");
  });
});

/** A binary snapshot with its options block replaced by `text`. */
function withOptionsText(good: Uint8Array, text: string): ArrayBuffer {
  const bytes = new TextEncoder().encode(text);
  const padded = (bytes.length + 7) & ~7;
  const oldPadded = (new DataView(good.buffer, good.byteOffset).getUint32(16, true) + 7) & ~7;
  const out = new Uint8Array(good.length - oldPadded + padded);
  out.set(good.subarray(0, 64));
  new DataView(out.buffer).setUint32(16, bytes.length, true);
  out.set(bytes, 64);
  out.set(good.subarray(64 + oldPadded), 64 + padded);
  return out.buffer;
}

/** Where the body records of `scene()`-like snapshots start: after the header and the options block. */
function binaryBodiesAt(): number {
  const world = new World();
  world.add(new Circle({ radius: 1 }));
  const buffer = world.snapshot({ format: "binary" });
  return buffer.byteLength - BINARY_BYTES_PER_BODY;
}

// ------------------------------------------------------------------ the worker protocol

describe("serveWorld and WorldWorker against hostile messages", () => {
  const ports: MessagePort[] = [];
  afterEach(() => {
    for (const p of ports.splice(0)) p.close();
  });

  /** serveWorld on one port; the raw other end, and the replies it receives. */
  function raw(): { send(message: unknown, transfer?: ArrayBuffer[]): void; replies: Record<string, unknown>[] } {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    serveWorld(
      () => {
        const w = new World();
        w.add(new Circle({ radius: 0.5, position: { x: 0, y: 2 } }));
        return w;
      },
      { endpoint: port2 as unknown as MessageEndpoint, commands: { ping: () => "pong" } },
    );
    const replies: Record<string, unknown>[] = [];
    port1.on("message", (m: Record<string, unknown>) => replies.push(m));
    port1.postMessage({ type: "init", data: null });
    return { send: (m, transfer = []) => port1.postMessage(m, transfer), replies };
  }

  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; i < 10_000 && !done(); i++) await new Promise((r) => setImmediate(r));
    expect(done()).toBe(true);
  }

  const replyTo = (replies: Record<string, unknown>[], seq: number) => replies.find((r) => r.seq === seq);
  const errorOf = (r: Record<string, unknown> | undefined) => (r?.error as { name: string; message: string } | undefined) ?? null;

  it("a frame asking for 1e9 or Infinity steps is refused with an error reply, and the worker keeps answering", async () => {
    const o = await isolated(
      `
      const { MessageChannel } = require("node:worker_threads");
      const { port1, port2 } = new MessageChannel();
      C.worker.serveWorld(() => { const w = new C.core.World(); w.add(new C.core.Circle({ radius: 0.5 })); return w; }, { endpoint: port2 });
      const replies = [];
      port1.on("message", (m) => replies.push(m));
      port1.postMessage({ type: "init", data: null });
      port1.postMessage({ type: "frame", seq: 1, elapsed: 0, steps: 1e9, buffer: null });
      port1.postMessage({ type: "frame", seq: 2, elapsed: 0, steps: Infinity, buffer: null });
      port1.postMessage({ type: "frame", seq: 3, elapsed: 0, steps: 1, buffer: null });
      for (let i = 0; i < 100000 && replies.filter((r) => r.seq !== undefined).length < 3; i++) await new Promise((r) => setImmediate(r));
      port1.close();
      return replies.filter((r) => r.seq !== undefined).map((r) => [r.seq, r.type, r.error ? r.error.message : null]);
      `,
      { heapMb: 64, timeoutMs: 30_000 },
    );
    expect(o.outcome).toBe("value");
    const rows = (o as { value: [number, string, string | null][] }).value;
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      [1, "error"],
      [2, "error"],
      [3, "frame"],
    ]);
    expect(rows[0]![2]).toMatch(/steps must be an integer in \[0, 1000000\], got 1000000000/);
    expect(rows[1]![2]).toMatch(/steps must be a finite number, got Infinity/);
  });

  it("a null message, a frame with an untransferable buffer and malformed commands get clear replies and never poison the queue", async () => {
    const { send, replies } = raw();
    send(null);
    send(5);
    send({ type: "frame", seq: 1, elapsed: 0, steps: 1, buffer: 42 });
    const shared = new SharedArrayBuffer(1024);
    send({ type: "frame", seq: 2, elapsed: 0, steps: 1, buffer: shared });
    for (const [seq, name] of [[3, "toString"], [4, "__proto__"], [5, "hasOwnProperty"], [6, "constructor"]] as const) {
      send({ type: "command", seq, name, args: [] });
      send({ type: "custom", seq: seq + 10, name, args: [] });
    }
    send({ type: "custom", seq: 20, name: "ping", args: 5 });
    send({ type: "command", seq: 21, name: "add", args: 5 });
    send({ type: "custom", seq: 22, name: "ping", args: [] });
    send({ type: "frame", seq: 23, elapsed: 0, steps: 1, buffer: null });
    await until(() => replyTo(replies, 23) !== undefined);
    expect(errorOf(replyTo(replies, 1))?.message).toMatch(/a frame's buffer must be an ArrayBuffer or null, got 42/);
    expect(errorOf(replyTo(replies, 2))?.message).toMatch(/a frame's buffer must be an ArrayBuffer or null/);
    for (const seq of [3, 4, 5, 6]) expect(errorOf(replyTo(replies, seq))?.message).toMatch(/unknown command/);
    for (const seq of [13, 14, 15, 16]) expect(errorOf(replyTo(replies, seq))?.message).toMatch(/serveWorld has no command/);
    expect(errorOf(replyTo(replies, 20))).toMatchObject({ name: "TypeError", message: expect.stringMatching(/args must be an array, got 5/) });
    expect(errorOf(replyTo(replies, 21))).toMatchObject({ name: "TypeError", message: expect.stringMatching(/args must be an array, got 5/) });
    expect(replyTo(replies, 22)).toMatchObject({ type: "result", value: "pong" });
    expect(replyTo(replies, 23)).toMatchObject({ type: "frame" });
    expect(replies.some((r) => r.type === "fatal")).toBe(false);
  });

  it("WorldWorker.start against a worker whose ready frame claims 1e6 bodies in 8 bytes rejects with a RangeError", async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    port2.on("message", (m: { type: string }) => {
      if (m.type === "init") port2.postMessage({ type: "ready", frame: { stepCount: 0, time: 0, alpha: 1, count: 1e6, buffer: new ArrayBuffer(8), bodies: null } });
    });
    const error = await WorldWorker.start(port1 as unknown as MessageEndpoint).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(RangeError);
    expect(error!.message).toMatch(/frame\.count 1000000 does not fit its buffer/);
  });
});

// ------------------------------------------------------------------ NaN, and worlds that cannot reload their own snapshot

describe("advance() with an absurd elapsed time", () => {
  for (const elapsed of [1e308, 1e20]) {
    it(`advance(${elapsed}) steps maxStepsPerAdvance times, drops the rest (droppedTime) and keeps a valid accumulator`, () => {
      const world = scene();
      const steps = world.stepCount;
      const alpha = world.advance(elapsed);
      expect(world.stepCount).toBe(steps + world.options.maxStepsPerAdvance);
      expect(alpha).toBeGreaterThanOrEqual(0);
      expect(alpha).toBeLessThan(1);
      expect(world.droppedTime).toBeGreaterThan(0);
      expect(Number.isFinite(world.droppedTime)).toBe(true);
      expect(world.advance(1 / 60)).toBeGreaterThanOrEqual(0);
      expect(world.stepCount).toBe(steps + world.options.maxStepsPerAdvance + 1);
      expect(world.droppedTime).toBe(0);
      expect(allFinite(world)).toBe(true);
      expect(World.fromSnapshot(json(world)).stateHash()).toBe(world.stateHash());
    });
  }

  it("a slow frame reports the whole steps it dropped", () => {
    const world = new World();
    const alpha = world.advance(1); // 60 steps' worth, 8 taken
    expect(world.stepCount).toBe(8);
    // whole steps dropped; what was stepped, dropped and kept adds up to the elapsed second
    expect(world.droppedTime / dt).toBeCloseTo(Math.round(world.droppedTime / dt), 6);
    expect(world.droppedTime).toBeGreaterThan(50 * dt);
    expect(8 * dt + world.droppedTime + alpha * dt).toBeCloseTo(1, 9);
  });
});

describe("numeric inputs outside their documented ranges are refused by name, value and range", () => {
  const bodyCases: [string, () => unknown, RegExp][] = [
    ["gravityScale 1e308", () => new Circle({ radius: 1, gravityScale: 1e308 }), /gravityScale must be in \[-1e6, 1e6\], got 1e\+308/],
    ["gravityScale -1e308", () => new Circle({ radius: 1, gravityScale: -1e308 }), /gravityScale must be in \[-1e6, 1e6\]/],
    ["mass 5e-324", () => new Circle({ radius: 1, mass: 5e-324 }), /mass 5e-324 gives a mass of 5e-324 kg; a dynamic body's mass must be in \[1e-12, 1e12\]/],
    ["mass 1e308", () => new Circle({ radius: 1, mass: 1e308 }), /mass must be in \[0, 1e12\], got 1e\+308/],
    ["density 5e-324", () => new Circle({ radius: 1, density: 5e-324 }), /density 5e-324 gives a mass of .* kg/],
    ["density 1e308", () => new Circle({ radius: 1, density: 1e308 }), /density must be in \[0, 1e12\]/],
    ["restitution 1e15", () => new Circle({ radius: 1, restitution: 1e15 }), /restitution must be in \[0, 10\], got 1000000000000000/],
    ["radius 1e200", () => new Circle({ radius: 1e200 }), /radius must be in \[1e-9, 1e5\], got 1e\+200/],
    ["radius 5e-324", () => new Circle({ radius: 5e-324 }), /radius must be in \[1e-9, 1e5\], got 5e-324/],
    ["halfWidth 1e308", () => new AABB({ halfWidth: 1e308, halfHeight: 1 }), /halfWidth must be in \[1e-9, 1e5\]/],
    ["capsule halfLength 1e308", () => new Capsule({ radius: 1, halfLength: 1e308 }), /halfLength must be in \[0, 1e5\]/],
    ["position 1e300", () => new Circle({ radius: 1, position: { x: 1e300, y: 0 } }), /position\.x must be in \[-1e6, 1e6\]/],
    ["velocity 1e300", () => new Circle({ radius: 1, velocity: { x: 0, y: 1e300 } }), /velocity\.y must be in \[-1e6, 1e6\]/],
    ["friction 1e300", () => new Circle({ radius: 1, friction: 1e300 }), /friction must be in \[0, 1e3\]|friction must be in \[0, 1000\]/],
    ["setGravityScale 1e308", () => new Circle({ radius: 1 }).setGravityScale(1e308), /gravityScale must be in \[-1e6, 1e6\]/],
    ["setDensity 5e-324", () => new Circle({ radius: 1 }).setDensity(5e-324), /a dynamic body's mass must be in/],
    ["applyImpulse 1e308", () => new Circle({ radius: 1 }).applyImpulse({ x: 1e308, y: 0 }), /impulse\.x must be in \[-1e18, 1e18\]/],
  ];
  for (const [what, f, message] of bodyCases) {
    it(`body: ${what}`, () => {
      const [name, text] = thrown(f);
      expect(name).toBe("RangeError");
      expect(text).toMatch(message);
    });
  }

  it("world options, setOptions, step(dt) and dt with pgs", () => {
    expect(thrown(() => new World({ contactDampingRatio: 1e308 }))).toEqual(["RangeError", expect.stringMatching(/contactDampingRatio must be in \[0, 1e4\], got 1e\+308/)]);
    const world = scene();
    const hash = world.stateHash();
    expect(thrown(() => world.setOptions({ contactDampingRatio: 1e308 }))).toEqual(["RangeError", expect.stringMatching(/contactDampingRatio must be in \[0, 1e4\]/)]);
    expect(thrown(() => world.setOptions({ gravity: { x: 0, y: -1e308 } }))).toEqual(["RangeError", expect.stringMatching(/gravity\.y must be in \[-1e6, 1e6\]/)]);
    expect(thrown(() => world.step(1e308))).toEqual(["RangeError", expect.stringMatching(/dt must be in \[1e-6, 10\], got 1e\+308/)]);
    const pgs = new World({ solver: "pgs" });
    pgs.add(new Circle({ radius: 0.5 }));
    expect(thrown(() => pgs.step(1e-300))).toEqual(["RangeError", expect.stringMatching(/dt must be in \[1e-6, 10\], got 1e-300/)]);
    expect(world.stateHash()).toBe(hash);
  });

  it("explode, joint anchors and joint setters", () => {
    const world = scene();
    const hash = world.stateHash();
    expect(thrown(() => world.explode({ position: { x: 0, y: 0 }, radius: 1e308, impulsePerLength: 1e308 }))).toEqual(["RangeError", expect.stringMatching(/radius must be in \[0, 1e6\]/)]);
    expect(thrown(() => world.explode({ position: { x: 0, y: 0 }, radius: 5, impulsePerLength: 1e308 }))).toEqual(["RangeError", expect.stringMatching(/impulsePerLength must be in/)]);
    const [, a, , c, d] = world.bodies as Body[];
    expect(thrown(() => world.addJoint({ type: "revolute", bodyA: a!, bodyB: c!, anchor: { x: 1e300, y: 0 } }))).toEqual(["RangeError", expect.stringMatching(/anchor\.x must be in \[-1e6, 1e6\]/)]);
    const joint = world.joints[0]!;
    expect(thrown(() => joint.setSpring(1e308, 1e308))).toEqual(["RangeError", expect.stringMatching(/hertz must be in \[0, 1e6\]/)]);
    expect(thrown(() => joint.setSpring(1, 1e308))).toEqual(["RangeError", expect.stringMatching(/dampingRatio must be in \[0, 1e4\]/)]);
    expect(thrown(() => joint.setLength(1e308))).toEqual(["RangeError", expect.stringMatching(/length must be in \[0, 1e7\]/)]);
    expect(d).toBeDefined();
    expect(world.stateHash()).toBe(hash);
  });

  it("a recording whose step op says dt 1e308 is refused when replayed, by name", () => {
    const world = new World();
    world.add(new Circle({ radius: 0.5 }));
    const recorder = new Recorder(world);
    world.step(dt);
    const bytes = new Uint8Array(recorder.recording.toBuffer());
    // the op's dt is the last double written: find 1/60's bytes and overwrite them with 1e308
    const probe = new Uint8Array(new Float64Array([dt]).buffer);
    let at = -1;
    for (let i = bytes.length - 8; i >= 0 && at < 0; i--) if (probe.every((v, k) => bytes[i + k] === v)) at = i;
    expect(at).toBeGreaterThan(0);
    bytes.set(new Uint8Array(new Float64Array([1e308]).buffer), at);
    new DataView(bytes.buffer).setUint32(8, fnv1a(bytes, 16, bytes.length), true); // the checksum of the edited bytes
    const [name, message] = thrown(() => replay(Recording.fromBuffer(bytes.buffer)));
    expect(["RangeError", "TypeError"]).toContain(name);
    expect(message).toMatch(/1e\+308/);
  });
});

describe("snapshots must be ones the engine could have written", () => {
  type Edit = [string, (s: WorldSnapshot) => void, RegExp];
  const body = (s: WorldSnapshot, i: number) => s.bodies[i] as Record<string, any>;
  const edits: Edit[] = [
    ["a huge position", (s) => (body(s, 1).position.x = 1e300), /bodies\[1\]\.position\.x must be in \[-1e15, 1e15\], got 1e\+300/],
    ["a huge velocity", (s) => (body(s, 3).velocity.y = -1e300), /bodies\[3\]\.velocity\.y must be in/],
    ["a huge force", (s) => (body(s, 3).force.x = 1e300), /bodies\[3\]\.force\.x must be in \[-1e30, 1e30\]/],
    ["a huge gravityScale", (s) => (body(s, 3).gravityScale = 1e300), /bodies\[3\]\.gravityScale must be in \[-1e6, 1e6\]/],
    ["an aabb that turns", (s) => (body(s, 4).angularVelocity = 2), /bodies\[4\]: angularVelocity: an aabb never rotates/],
    ["an aabb with inverse inertia", (s) => ((body(s, 4).invInertia = 1), (body(s, 4).inertia = 1)), /bodies\[4\]: inertia 1 is not the aabb's/],
    ["a capsule whose inverse inertia is not its mass's", (s) => (body(s, 3).invInertia *= 2), /bodies\[3\]: invInertia .* is not 1 \/ inertia/],
    ["mass and inverse mass that disagree", (s) => (body(s, 1).invMass = 5), /bodies\[1\]: invMass 5 is not 1 \/ mass/],
    ["a tiny radius", (s) => (body(s, 1).radius = 1e-300), /bodies\[1\]: radius must be >= 1e-9/],
    ["an island index beyond the bodies", (s) => (body(s, 1).island = 5), /bodies\[1\]\.island 5 is not below the number of bodies 5/],
    ["a sparse bodies array", (s) => delete (s.bodies as unknown[])[2], /bodies\[2\] must be an object, got undefined/],
    ["a contact normal that is not a unit vector", (s) => ((s.contacts[0] as Record<string, any>).normal.x = 3), /contacts\[0\]\.normal(\.x must be in \[-1, 1\]| must be a unit vector)/],
    ["a huge contact impulse", (s) => ((s.contacts[0] as Record<string, any>).points[0].normalImpulse = 1e300), /contacts\[0\]\.points\.0\.normalImpulse must be in \[-1e30, 1e30\]/],
    ["a huge joint anchor", (s) => ((s.joints[0] as Record<string, any>).localAnchorA.x = 1e300), /joints\[0\]\.localAnchorA\.x must be in/],
    ["a huge joint spring", (s) => ((s.joints[0] as Record<string, any>).hertz = 1e300), /joints\[0\]\.hertz must be in \[0, 1e6\]/],
    ["an accumulator of 1e300", (s) => (s.accumulator = 1e300), /snapshot\.accumulator must be in \[0, 10\]/],
  ];

  for (const [what, edit, message] of edits) {
    it(`${what}: refused by name in JSON and binary, and restore() leaves the world as it was`, () => {
      const world = scene();
      const s = json(world);
      expect(s.contacts.length).toBeGreaterThan(0);
      edit(s);
      const [name, text] = thrown(() => World.fromSnapshot(s));
      expect(["RangeError", "TypeError"]).toContain(name);
      expect(text).toMatch(message);
      const target = scene();
      const hash = target.stateHash();
      expect(thrown(() => target.restore(s))[1]).toMatch(message);
      expect(target.stateHash()).toBe(hash);
      expect(World.fromSnapshot(json(target)).stateHash()).toBe(hash);
    });
  }

  it("the binary form checks the same: a huge position and a capsule's wrong inverse inertia", () => {
    const world = scene();
    const bodiesAt = world.snapshot({ format: "binary" }).byteLength - 5 * BINARY_BYTES_PER_BODY - world.snapshot().contacts.length * 0;
    const buffer = world.snapshot({ format: "binary" });
    const start = bodiesStart(buffer);
    expect(start).toBeLessThan(bodiesAt + 1);
    const v = new DataView(buffer);
    v.setFloat64(start + BINARY_BYTES_PER_BODY + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "position.x").at, 1e300, true);
    expect(thrown(() => World.fromSnapshot(buffer))[1]).toMatch(/bodies\[1\]\.position\.x must be in \[-1e15, 1e15\], got 1e\+300/);
    const again = world.snapshot({ format: "binary" });
    const at = start + 3 * BINARY_BYTES_PER_BODY + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "invInertia").at;
    const w = new DataView(again);
    w.setFloat64(at, w.getFloat64(at, true) * 2, true);
    expect(thrown(() => World.fromSnapshot(again))[1]).toMatch(/bodies\[3\]: invInertia .* is not 1 \/ inertia/);
  });
});

/** Where a binary snapshot's body records start (after its header and options block). */
function bodiesStart(buffer: ArrayBuffer): number {
  return 64 + ((new DataView(buffer).getUint32(16, true) + 7) & ~7);
}

// ------------------------------------------------------------------ errors that say what is wrong

describe("errors that say what is wrong", () => {
  it("TileMap.fromTiled with a null tileset, tile, object or options, or no world", () => {
    const world = new World();
    const copy = () => JSON.parse(JSON.stringify(level)) as Record<string, any>;
    const nullTileset = copy();
    nullTileset.tilesets.unshift(null);
    expect(thrown(() => TileMap.fromTiled(world, nullTileset))).toEqual(["TypeError", "capsule2d: map.tilesets[0] must be an object, got null"]);
    const nullTile = copy();
    nullTile.tilesets[0].tiles.unshift(null);
    expect(thrown(() => TileMap.fromTiled(world, nullTile))).toEqual(["TypeError", "capsule2d: map.tilesets[0].tiles[0] must be an object, got null"]);
    const nullObject = copy();
    const objects = (nullObject.layers as Record<string, any>[]).find((l) => l.type === "objectgroup")!;
    objects.objects.unshift(null);
    expect(thrown(() => TileMap.fromTiled(world, nullObject))).toEqual(["TypeError", "capsule2d: map.layers[1].objects[0] must be an object, got null"]);
    expect(thrown(() => TileMap.fromTiled(world, level, null as never))).toEqual(["TypeError", "capsule2d: options must be an object, got null"]);
    expect(thrown(() => TileMap.fromTiled({} as never, level))).toEqual(["TypeError", "capsule2d: world must be a World (an object with add(body)), got {}"]);
    expect(world.bodies.length).toBe(0);
  });

  it("getPosition(null), getVelocity(5), on('collisionStart', 5)", () => {
    const ball = new Circle({ radius: 1 });
    expect(thrown(() => ball.getPosition(null as never))).toEqual(["TypeError", "capsule2d: out must be an object, got null"]);
    expect(thrown(() => ball.getVelocity(5 as never))).toEqual(["TypeError", "capsule2d: out must be an object, got 5"]);
    const world = new World();
    expect(thrown(() => world.on("collisionStart", 5 as never))).toEqual(["TypeError", "capsule2d: listener must be a function, got 5"]);
    expect(thrown(() => world.once("collisionEnd", null as never))).toEqual(["TypeError", "capsule2d: listener must be a function, got null"]);
    expect(world.listenerCount("collisionStart")).toBe(0);
  });

  it("deltas, recordings and snapshots name the lie (applyDelta with an impossible length)", () => {
    const world = scene();
    const base = world.snapshot({ format: "binary" });
    world.step(dt);
    const delta = deltaSnapshot(base, world.snapshot({ format: "binary" }));
    expect(new Uint8Array(applyDelta(base, delta))).toEqual(new Uint8Array(world.snapshot({ format: "binary" })));
    const lying = delta.slice(0);
    new DataView(lying).setUint32(16, base.byteLength + delta.byteLength + 8, true);
    expect(thrown(() => applyDelta(base, lying))[1]).toMatch(/result length \d+ is impossible/);
  });
});

// ------------------------------------------------------------------ the geometry of Box, Polygon and Segment bodies

describe("a snapshot's polygons and segments are untrusted data", () => {
  /** A segment floor (0), a box (1), an off-centre triangle (2), a regular hexagon (3) and a circle (4), stepped until they touch. */
  function shapes(): World {
    const world = new World();
    world.add(new Segment({ a: { x: -10, y: 0 }, b: { x: 10, y: 0 }, type: "static" }));
    world.add(new Box({ halfWidth: 0.4, halfHeight: 0.3, position: { x: -2, y: 1 } }));
    world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0.2, y: 0.8 }], position: { x: 0, y: 1 } }));
    world.add(Polygon.regular(6, 0.4, { position: { x: 2, y: 1 } }));
    world.add(new Circle({ radius: 0.3, position: { x: 4, y: 1 } }));
    for (let i = 0; i < 60; i++) world.step(dt);
    return world;
  }
  type Edit = [string, (s: WorldSnapshot) => void, RegExp];
  const body = (s: WorldSnapshot, i: number) => s.bodies[i] as Record<string, any>;
  const tri = (s: WorldSnapshot) => body(s, 2).shapes[0];
  const edits: Edit[] = [
    ["a NaN vertex", (s) => (tri(s).vertices[1].x = NaN), /bodies\[2\]\.shapes\[0\]\.vertices\[1\]\.x must be a finite number, got NaN/],
    ["a vertex given as the string NaN", (s) => (tri(s).vertices[1].y = "NaN"), /bodies\[2\]\.shapes\[0\]\.vertices\[1\]\.y must be a number, got "NaN"/],
    ["a vertex 1e300 m away", (s) => (tri(s).vertices[2].x = 1e300), /bodies\[2\]\.shapes\[0\]\.vertices\[2\]\.x must be within 100000 m/],
    ["9 vertices", (s) => (tri(s).vertices = Array.from({ length: 9 }, (_, i) => ({ x: Math.cos(i), y: Math.sin(i) }))), /bodies\[2\]\.shapes\[0\]\.vertices must hold 3 to 8 points, got 9/],
    ["a million vertices", (s) => (tri(s).vertices = new Array(1e6).fill({ x: 0, y: 0 })), /bodies\[2\]\.shapes\[0\]\.vertices must hold 3 to 8 points, got 1000000/],
    ["2 vertices", (s) => tri(s).vertices.pop(), /bodies\[2\]\.shapes\[0\]\.vertices must hold 3 to 8 points, got 2/],
    ["fewer normals than vertices", (s) => tri(s).normals.pop(), /bodies\[2\]\.shapes\[0\]\.normals has 2 points, the vertices 3/],
    ["collinear vertices", (s) => (tri(s).vertices[2] = { x: 0.5, y: 0 }), /bodies\[2\]\.shapes\[0\]\.vertices: .*collinear/],
    ["the vertices in another order (clockwise)", (s) => tri(s).vertices.reverse(), /bodies\[2\]\.shapes\[0\]\.vertices: the points do not make the same convex polygon/],
    ["a point inside the polygon", (s) => (body(s, 3).shapes[0].vertices[2] = { x: 0, y: 0 }), /bodies\[3\]\.shapes\[0\]\.vertices: 6 points make a convex polygon of 5 vertices/],
    ["a wrong normal", (s) => (tri(s).normals[0].y = -0.9), /bodies\[2\]\.shapes\[0\]\.normals\[0\] .* is not the outward unit normal of edge 0/],
    ["a huge radius", (s) => ((tri(s).radius = 1e300), (body(s, 2).radius = 1e300)), /bodies\[2\]\.radius must be in \[0, 1e5\], got 1e\+300/],
    ["a radius that is not the shape's", (s) => (tri(s).radius = 0.1), /bodies\[2\]\.radius 0 is not its shape's radius 0\.1/],
    ["a centre of mass that is not the polygon's", (s) => (body(s, 2).localCenter.x += 0.01), /bodies\[2\]\.localCenter .* is not the polygon's centre of mass/],
    ["an off-centre polygon without its centre", (s) => delete body(s, 2).localCenter, /bodies\[2\]\.localCenter is missing/],
    ["a box with a local centre", (s) => (body(s, 1).localCenter = { x: 0.1, y: 0 }), /bodies\[1\]\.localCenter: a box turns about its centre/],
    ["a box whose half width is not the body's", (s) => (body(s, 1).shapes[0].halfWidth = 0.5), /bodies\[1\]\.halfWidth and halfHeight \(0\.4, 0\.3\) are not its box's \(0\.5, 0\.3\)/],
    ["a segment of length 0", (s) => (body(s, 0).shapes[0].b = { x: -10, y: 0 }), /bodies\[0\]\.shapes\[0\]: a segment's end points must be at least 0\.5 mm apart/],
    ["a dynamic segment", (s) => (body(s, 0).type = "dynamic"), /bodies\[0\]\.type: a segment has no area, so no mass: it cannot be dynamic/],
    ["no shapes", (s) => delete body(s, 3).shapes, /bodies\[3\]\.shapes must be an array \(a polygon body's shapes\), got undefined/],
    ["two shapes", (s) => body(s, 3).shapes.push(body(s, 3).shapes[0]), /bodies\[3\]\.shapes must hold 1 shape, got 2/],
    ["a shape of another kind than the body's", (s) => (body(s, 1).shapes = body(s, 3).shapes), /bodies\[1\]\.shapes\[0\]\.kind "polygon" is not the body's shape "box"/],
    ["an unknown shape kind", (s) => (tri(s).kind = "star"), /bodies\[2\]\.shapes\[0\]\.kind must be one of "box", "polygon", "segment", got "star"/],
    ["a polygon in a version 4 snapshot", (s) => (s.version = 4), /bodies\[0\]\.shape "segment" is not in version 4 snapshots/],
    ["a polygon's mass that is not its area's", (s) => (body(s, 2).mass *= 2), /bodies\[2\]: (invMass|inertia|density)/],
  ];

  for (const [what, edit, message] of edits) {
    it(`JSON, ${what}: refused by name, and restore() leaves the world as it was`, () => {
      const s = json(shapes());
      edit(s);
      const [name, text] = thrown(() => World.fromSnapshot(s));
      expect(["RangeError", "TypeError"]).toContain(name);
      expect(text).toMatch(message);
      const target = shapes();
      const hash = target.stateHash();
      expect(thrown(() => target.restore(s))[1]).toMatch(message);
      expect(target.stateHash()).toBe(hash);
      target.step(dt);
      expect(World.fromSnapshot(json(target)).stateHash()).toBe(target.stateHash());
    });
  }

  /** Where geometry block k starts in a binary snapshot (blocks: u32 shapes, u32 flags, f64 × 2, u32 kind, u32 count, then f64s). */
  function blockAt(buffer: ArrayBuffer, k: number): number {
    const v = new DataView(buffer);
    let at = bodiesStart(buffer) + v.getUint32(8, true) * BINARY_BYTES_PER_BODY + v.getUint32(12, true) * BINARY_BYTES_PER_CONTACT + v.getUint32(56, true) * BINARY_BYTES_PER_JOINT;
    for (let i = 0; i < k; i++) {
      const kind = v.getUint32(at + 24, true);
      const count = v.getUint32(at + 28, true);
      at += 32 + (kind === 0 ? 24 : kind === 1 ? 8 + 32 * count : 32);
    }
    return at;
  }

  type BinaryEdit = [string, (b: ArrayBuffer) => ArrayBuffer, RegExp];
  const triangle = (b: ArrayBuffer) => blockAt(b, 2);
  const binaryEdits: BinaryEdit[] = [
    ["a lying vertex count", (b) => (new DataView(b).setUint32(triangle(b) + 28, 0xffffffff, true), b), /bodies\[2\]\.shapes\[0\]\.vertices must hold 3 to 8 points, got a count of 4294967295/],
    ["1e6 vertices claimed in 56 bytes", (b) => {
      const cut = b.slice(0, triangle(b) + 56);
      new DataView(cut).setUint32(triangle(b) + 28, 1e6, true);
      return cut;
    }, /bodies\[2\]\.shapes\[0\]\.vertices must hold 3 to 8 points, got a count of 1000000/],
    ["a NaN vertex", (b) => (new DataView(b).setFloat64(triangle(b) + 40 + 32, NaN, true), b), /bodies\[2\]\.shapes\[0\]\.vertices\[1\]\.x must be a finite number, got NaN/],
    ["an Infinity radius", (b) => (new DataView(b).setFloat64(triangle(b) + 32, Infinity, true), b), /bodies\[2\]\.shapes\[0\]\.radius must be a finite number/],
    ["a lying centre of mass", (b) => (new DataView(b).setFloat64(triangle(b) + 8, 0.25, true), b), /bodies\[2\]\.localCenter .* is not the polygon's centre of mass/],
    ["two shapes", (b) => (new DataView(b).setUint32(triangle(b), 2, true), b), /bodies\[2\]\.shapes must hold 1 shape, got 2/],
    ["an unknown shape kind", (b) => (new DataView(b).setUint32(triangle(b) + 24, 7, true), b), /bodies\[2\]\.shapes\[0\]\.kind has unknown value 7/],
    ["truncated geometry", (b) => b.slice(0, b.byteLength - 8), /geometry of its Box, Polygon, Segment and Compound bodies is truncated/],
    ["geometry with 8 bytes left over", (b) => grown(b, 8), /8 bytes left over after the geometry of its bodies/],
    ["a megabyte after the records", (b) => grown(b, 1 << 20), /more than the geometry of its 4 Box, Polygon, Segment and Compound bodies can take/],
    ["a zero-length segment", (b) => {
      const v = new DataView(b);
      const at = blockAt(b, 0);
      v.setFloat64(at + 48, v.getFloat64(at + 32, true), true);
      v.setFloat64(at + 56, v.getFloat64(at + 40, true), true);
      return b;
    }, /bodies\[0\]\.shapes\[0\]: a segment's end points must be at least 0\.5 mm apart/],
  ];

  for (const [what, edit, message] of binaryEdits) {
    it(`binary, ${what}: refused by name, and restore() leaves the world as it was`, () => {
      const buffer = edit(shapes().snapshot({ format: "binary" }));
      const [name, text] = thrown(() => World.fromSnapshot(buffer));
      expect(["RangeError", "TypeError"]).toContain(name);
      expect(text).toMatch(message);
      const target = shapes();
      const hash = target.stateHash();
      expect(thrown(() => target.restore(buffer))[1]).toMatch(message);
      expect(target.stateHash()).toBe(hash);
    });
  }

  it("binary, unedited: the same world (the edits above are what breaks it)", () => {
    const world = shapes();
    const copy = World.fromSnapshot(world.snapshot({ format: "binary" }));
    for (let i = 0; i < 30; i++) {
      world.step(dt);
      copy.step(dt);
    }
    expect(copy.stateHash()).toBe(world.stateHash());
  });
});

function grown(b: ArrayBuffer, extra: number): ArrayBuffer {
  const out = new Uint8Array(b.byteLength + extra);
  out.set(new Uint8Array(b));
  return out.buffer;
}

// ------------------------------------------------------------------ the shapes of Compound bodies

describe("a snapshot's compounds are untrusted data", () => {
  /** A floor (0), a compound of every kind of shape (1: ids 1 to 6) resting on it, an L-shape (7: ids 7 to 9) on that. */
  function compounds(): World {
    const world = new World();
    world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
    world.add(new Compound({
      position: { x: 0, y: 0.6 },
      shapes: [
        { shape: "circle", radius: 0.2, offset: { x: -0.6, y: 0 } },
        { shape: "capsule", halfLength: 0.2, radius: 0.1, offset: { x: 0, y: 0.2 }, angle: 0.5 },
        { shape: "box", halfWidth: 0.3, halfHeight: 0.1, offset: { x: 0.5, y: 0 } },
        { shape: "polygon", vertices: [{ x: -0.3, y: -0.2 }, { x: 0.3, y: -0.2 }, { x: 0, y: 0.2 }], offset: { x: 0, y: -0.3 } },
        { shape: "segment", a: { x: -0.5, y: -0.3 }, b: { x: 0.5, y: -0.3 } },
      ],
    }));
    world.add(new Compound({ position: { x: 0, y: 1.4 }, shapes: [{ shape: "box", halfWidth: 0.4, halfHeight: 0.1 }, { shape: "box", halfWidth: 0.1, halfHeight: 0.3, offset: { x: 0.3, y: 0.3 } }] }));
    for (let i = 0; i < 60; i++) world.step(dt);
    return world;
  }
  type Edit = [string, (s: WorldSnapshot) => void, RegExp];
  const body = (s: WorldSnapshot, i: number) => s.bodies[i] as Record<string, any>;
  const every = (s: WorldSnapshot) => body(s, 1).shapes;
  const contact = (s: WorldSnapshot, a: number, b: number) => s.contacts.findIndex((c) => c.bodyA === a && c.bodyB === b);
  const edits: Edit[] = [
    ["no shapes", (s) => delete body(s, 1).shapes, /bodies\[1\]\.shapes must be an array \(a compound body's shapes\), got undefined/],
    ["65 shapes", (s) => (body(s, 1).shapes = new Array(65).fill(every(s)[0])), /bodies\[1\]\.shapes must hold 1 to 64 shapes, got 65/],
    ["a million shapes", (s) => (body(s, 1).shapes = new Array(1e6).fill(every(s)[0])), /bodies\[1\]\.shapes must hold 1 to 64 shapes, got 1000000/],
    ["an unknown shape kind", (s) => (every(s)[0].kind = "star"), /bodies\[1\]\.shapes\[0\]\.kind must be one of "box", "polygon", "segment", "circle", "capsule", got "star"/],
    ["a NaN offset", (s) => (every(s)[1].offset.x = NaN), /bodies\[1\]\.shapes\[1\]\.offset\.x must be a finite number, got NaN/],
    ["an offset given as the string NaN", (s) => (every(s)[1].offset.y = "NaN"), /bodies\[1\]\.shapes\[1\]\.offset\.y must be a number, got "NaN"/],
    ["an offset 1e300 m away", (s) => (every(s)[2].offset.x = 1e300), /bodies\[1\]\.shapes\[2\]\.offset\.x must be in \[-100000, 100000\], got 1e\+300/],
    ["an angle of 1e300", (s) => (every(s)[1].angle = 1e300), /bodies\[1\]\.shapes\[1\]\.angle must be in \[-1000000, 1000000\], got 1e\+300/],
    ["a circle of radius 0", (s) => (every(s)[0].radius = 0), /bodies\[1\]\.shapes\[0\]\.radius must be in \[1e-9, 100000\], got 0/],
    ["a box of half width -1", (s) => (every(s)[2].halfWidth = -1), /bodies\[1\]\.shapes\[2\]\.halfWidth must be in \[1e-9, 100000\], got -1/],
    ["a friction of 1e9", (s) => (every(s)[2].friction = 1e9), /bodies\[1\]\.shapes\[2\]\.friction must be in \[0, 1000\], got 1000000000/],
    ["a negative density", (s) => (every(s)[2].density = -1), /bodies\[1\]\.shapes\[2\]\.density must be in \[0, 1000000000000\], got -1/],
    ["a filter category of 2^33", (s) => (every(s)[3].collisionFilter.category = 2 ** 33), /bodies\[1\]\.shapes\[3\]\.collisionFilter\.category must be an integer in \[0, 4294967295\]/],
    ["a filter group of 0.5", (s) => (every(s)[3].collisionFilter.group = 0.5), /bodies\[1\]\.shapes\[3\]\.collisionFilter\.group must be an integer/],
    ["isSensor as a string", (s) => (every(s)[0].isSensor = "yes"), /bodies\[1\]\.shapes\[0\]\.isSensor must be a boolean, got "yes"/],
    ["a polygon of 9 vertices", (s) => (every(s)[3].vertices = Array.from({ length: 9 }, (_, i) => ({ x: Math.cos(i), y: Math.sin(i) }))), /bodies\[1\]\.shapes\[3\]\.vertices must hold 3 to 8 points, got 9/],
    ["a polygon's vertices clockwise", (s) => every(s)[3].vertices.reverse(), /bodies\[1\]\.shapes\[3\]: the shape comes out of its constructor otherwise/],
    ["collinear vertices", (s) => (every(s)[3].vertices[2] = { x: 0, y: -0.2 }), /bodies\[1\]\.shapes\[3\]: the polygon's vertices are collinear/],
    ["a segment of length 0", (s) => (every(s)[4].b = every(s)[4].a), /bodies\[1\]\.shapes\[4\]: a segment's end points must be at least 0\.5 mm apart/],
    ["a centre of mass that is not the shapes'", (s) => (body(s, 1).localCenter.x += 0.01), /bodies\[1\]\.localCenter .* is not the shapes' centre of mass/],
    ["a density that is not the one the mass came from", (s) => (every(s)[2].density = 2), /bodies\[1\]\.localCenter .* is not the shapes' centre of mass/],
    ["a dynamic compound of segments", (s) => (body(s, 1).shapes = [every(s)[4]], delete body(s, 1).localCenter), /bodies\[1\]\.type: a dynamic compound needs a shape with area/],
    ["a compound with a radius of its own", (s) => (body(s, 1).radius = 0.5), /bodies\[1\]: a compound has no radius, halfLength, halfWidth or halfHeight/],
    ["a mass that is not its shapes'", (s) => (body(s, 1).mass *= 2), /bodies\[1\]: (invMass|inertia|density)/],
    ["a compound in a version 5 snapshot", (s) => (s.version = 5), /bodies\[1\]\.shape "compound" is not in version 5 snapshots \(version 6 added it\)/],
    ["a body id among a compound's shapes' ids", (s) => (body(s, 2).id = 3), /bodies\[2\]\.id 3 is not above the previous id 6/],
    ["nextId among the last compound's shapes' ids", (s) => (s.nextId = 8), /bodies\[2\]\.id 7: its 2 shapes take the ids up to 9, not below nextId 8/],
    ["a contact's shape past its compound's shapes", (s) => (s.contacts[contact(s, 0, 1)]!.shapeB = 9), /contacts\[\d+\]\.shapeB 9 is not below body 1's number of shapes 5/],
    ["a contact's shape of a body of one shape", (s) => (s.contacts[contact(s, 0, 1)]!.shapeA = 1), /contacts\[\d+\]\.shapeA 1 is not below body 0's number of shapes 1/],
    ["a contact's shape index of 64", (s) => (s.contacts[contact(s, 0, 1)]!.shapeB = 64), /contacts\[\d+\]\.shapeB must be an integer in \[0, 63\], got 64/],
    ["a pair of shapes twice", (s) => s.contacts.push(s.contacts[contact(s, 1, 7)]!), /contacts\[\d+\] repeats the pair of shapes \(1:\d, 7:\d\)/],
  ];

  it("the scene has contacts of compounds' shapes other than their first", () => {
    const s = json(compounds());
    expect(contact(s, 0, 1)).toBeGreaterThanOrEqual(0);
    expect(contact(s, 1, 7)).toBeGreaterThanOrEqual(0);
    expect(s.contacts.some((c) => (c.shapeB as number) > 0)).toBe(true);
  });

  for (const [what, edit, message] of edits) {
    it(`JSON, ${what}: refused by name, and restore() leaves the world as it was`, () => {
      const s = json(compounds());
      edit(s);
      const [name, text] = thrown(() => World.fromSnapshot(s));
      expect(["RangeError", "TypeError"]).toContain(name);
      expect(text).toMatch(message);
      const target = compounds();
      const hash = target.stateHash();
      const shapes = target.bodies.map((b) => b.shapes);
      expect(thrown(() => target.restore(s))[1]).toMatch(message);
      expect(target.stateHash()).toBe(hash);
      expect(target.bodies.map((b) => b.shapes)).toEqual(shapes);
      target.step(dt);
      expect(World.fromSnapshot(json(target)).stateHash()).toBe(target.stateHash());
    });
  }

  /** Where compound block k starts (blocks: u32 count, u32 flags, f64 × 2, then per shape u32 kind, u32 count, f64 × 10, its geometry). */
  function blockAt(buffer: ArrayBuffer, k: number): number {
    const v = new DataView(buffer);
    let at = bodiesStart(buffer) + v.getUint32(8, true) * BINARY_BYTES_PER_BODY + v.getUint32(12, true) * BINARY_BYTES_PER_CONTACT + v.getUint32(56, true) * BINARY_BYTES_PER_JOINT;
    for (let i = 0; i < k; i++) at = shapeAt(buffer, at, v.getUint32(at, true));
    return at;
  }
  /** Where shape `j` of the block at `at` starts. */
  function shapeAt(buffer: ArrayBuffer, at: number, j: number): number {
    const v = new DataView(buffer);
    at += 24;
    for (let i = 0; i < j; i++) {
      const kind = v.getUint32(at, true);
      const count = v.getUint32(at + 4, true);
      at += 8 + 80 + 8 * (kind === 0 ? 3 : kind === 1 ? 1 + 2 * count : kind === 2 ? 4 : kind === 3 ? 1 : 2);
    }
    return at;
  }
  const shape = (b: ArrayBuffer, j: number) => shapeAt(b, blockAt(b, 0), j);
  const contactAt = (b: ArrayBuffer, i: number) => bodiesStart(b) + new DataView(b).getUint32(8, true) * BINARY_BYTES_PER_BODY + i * BINARY_BYTES_PER_CONTACT;
  const firstContact = (world: World, a: number, b: number) => json(world).contacts.findIndex((c) => c.bodyA === a && c.bodyB === b);
  type BinaryEdit = [string, (b: ArrayBuffer, w: World) => ArrayBuffer, RegExp];
  const binaryEdits: BinaryEdit[] = [
    ["a lying shape count", (b) => (new DataView(b).setUint32(blockAt(b, 0), 0xffffffff, true), b), /bodies\[1\]\.shapes must hold 1 to 64 shapes, got a count of 4294967295/],
    ["no shapes", (b) => (new DataView(b).setUint32(blockAt(b, 0), 0, true), b), /bodies\[1\]\.shapes must hold 1 to 64 shapes, got a count of 0/],
    ["unknown geometry flags", (b) => (new DataView(b).setUint32(blockAt(b, 0) + 4, 6, true), b), /bodies\[1\]: unknown geometry flags 6/],
    ["an unknown shape kind", (b) => (new DataView(b).setUint32(shape(b, 0), 9, true), b), /bodies\[1\]\.shapes\[0\]\.kind has unknown value 9/],
    ["1e6 vertices claimed", (b) => (new DataView(b).setUint32(shape(b, 3) + 4, 1e6, true), b), /bodies\[1\]\.shapes\[3\]\.vertices must hold 3 to 8 points, got a count of 1000000/],
    ["a circle with a count of 2", (b) => (new DataView(b).setUint32(shape(b, 0) + 4, 2, true), b), /bodies\[1\]\.shapes\[0\]: a circle has a count of 1, got 2/],
    ["a NaN density", (b) => (new DataView(b).setFloat64(shape(b, 2) + 8 + 24, NaN, true), b), /bodies\[1\]\.shapes\[2\]\.density must be a finite number, got NaN/],
    ["an Infinity offset", (b) => (new DataView(b).setFloat64(shape(b, 1) + 8, Infinity, true), b), /bodies\[1\]\.shapes\[1\]\.offset\.x must be a finite number, got Infinity/],
    ["a sensor flag of 2", (b) => (new DataView(b).setFloat64(shape(b, 1) + 8 + 72, 2, true), b), /bodies\[1\]\.shapes\[1\]\.isSensor must be an integer in \[0, 1\], got 2/],
    ["a filter group of 2^31", (b) => (new DataView(b).setFloat64(shape(b, 1) + 8 + 64, 2 ** 31, true), b), /bodies\[1\]\.shapes\[1\]\.collisionFilter\.group must be an integer in \[-2147483648, 2147483647\]/],
    ["a lying centre of mass", (b) => (new DataView(b).setFloat64(blockAt(b, 0) + 8, 0.25, true), b), /bodies\[1\]\.localCenter .* is not the shapes' centre of mass/],
    ["truncated shapes", (b) => b.slice(0, shape(b, 2) + 16), /geometry of its Box, Polygon, Segment and Compound bodies is truncated/],
    ["a megabyte after the records", (b) => grown(b, 1 << 20), /more than the geometry of its 2 Box, Polygon, Segment and Compound bodies can take/],
    ["8 bytes left over", (b) => grown(b, 8), /8 bytes left over after the geometry of its bodies/],
    ["a contact's shape index of 70", (b, w) => (new DataView(b).setUint32(contactAt(b, firstContact(w, 0, 1)) + fieldOffset(CONTACT_FIELDS, CONTACT_LAYOUT, "shapeB").at, 70, true), b), /contacts\[\d+\]\.shapeB must be an integer in \[0, 63\], got 70/],
    ["a contact's shape of a body of one shape", (b, w) => (new DataView(b).setUint32(contactAt(b, firstContact(w, 0, 1)) + fieldOffset(CONTACT_FIELDS, CONTACT_LAYOUT, "shapeA").at, 3, true), b), /contacts\[\d+\]\.shapeA 3 is not below body 0's number of shapes 1/],
  ];

  for (const [what, edit, message] of binaryEdits) {
    it(`binary, ${what}: refused by name, and restore() leaves the world as it was`, () => {
      const source = compounds();
      const buffer = edit(source.snapshot({ format: "binary" }), source);
      const [name, text] = thrown(() => World.fromSnapshot(buffer));
      expect(["RangeError", "TypeError"]).toContain(name);
      expect(text).toMatch(message);
      const target = compounds();
      const hash = target.stateHash();
      expect(thrown(() => target.restore(buffer))[1]).toMatch(message);
      expect(target.stateHash()).toBe(hash);
      target.step(dt);
      expect(World.fromSnapshot(target.snapshot({ format: "binary" })).stateHash()).toBe(target.stateHash());
    });
  }

  it("binary, unedited: the same world, 60 steps on (the edits above are what breaks it)", () => {
    const world = compounds();
    const copy = World.fromSnapshot(world.snapshot({ format: "binary" }));
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      copy.step(dt);
    }
    expect(copy.stateHash()).toBe(world.stateHash());
  });

  it("a recording that names a shape its body does not have, or a call a shape has not, is refused by name", () => {
    const world = compounds();
    const recorder = new Recorder(world);
    const c = world.bodies[1]!;
    c.shapes[4]!.setFriction(0.3);
    world.step(dt);
    recorder.detach();
    const bytes = new Uint8Array(recorder.recording.toBuffer());
    const text = new TextDecoder("latin1").decode(bytes);
    for (const [from, to, message] of [
      ["shapes[4].setFriction", "shapes[9].setFriction", /a call names shapes\[9\] of body #1, which has 5/],
      ["shapes[4].setFriction", "shapes[4].setPosition", /body\.shapes\[4\]\.setPosition\(\) at op byte \d+ is not a recordable call/],
    ] as const) {
      const at = text.indexOf(from);
      expect(at).toBeGreaterThan(0);
      const edited = bytes.slice();
      edited.set(new TextEncoder().encode(to), at);
      new DataView(edited.buffer).setUint32(8, fnv1a(edited, 16, edited.length), true);
      expect(thrown(() => replay(Recording.fromBuffer(edited.buffer)))[1]).toMatch(message);
    }
  });
});
