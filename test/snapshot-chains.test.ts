/**
 * Chain bodies in snapshots (format version 7, src/snapshot/chain-geometry.ts):
 * a world with an open chain (inner vertices, one segment with a friction of
 * its own), a looped one and a kinematic one, with bodies of every kind
 * resting and rolling on them, continues bit for bit (its stateHash at every
 * step) after a JSON or binary snapshot read by `fromSnapshot` or `restore`,
 * a clone, a delta and a recording, as if it had never stopped; the restored
 * chains have the same points, ghosts, one-sidedness and materials. Hostile
 * chain records (a NaN point, 1e9 points, too few, a loop of 2, welded
 * points, a dynamic chain, materials that do not cover the segments) are
 * refused with a RangeError or TypeError naming the field, and `restore`
 * leaves the world as it was.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Chain, Circle, Polygon, SNAPSHOT_VERSION, type Body, type WorldSnapshot } from "../src/entries/capsule2d.js";
import { World, enableBinarySnapshots } from "../src/entries/binary.js";
import { Recorder, Recording, applyDelta, deltaSnapshot, replay } from "../src/entries/replay.js";

const dt = 1 / 60;

/** The scene: chains and bodies of every kind on them, stepped `steps` times (some rolling, some resting by then). */
function chainWorld(steps = 90): World {
  const world = new World({ gravity: { x: 0, y: -9.81 } });
  enableBinarySnapshots(world);
  // drawn right to left: the solid side (the right of each segment) is up
  const ground = world.add(new Chain({
    type: "static", friction: 0.5,
    points: [{ x: 8, y: 2 }, { x: 6, y: 0.6 }, { x: 4, y: 0.1 }, { x: 2, y: 0 }, { x: 0, y: 0 }, { x: -2, y: 0.1 }, { x: -4, y: 0.6 }, { x: -6, y: 2 }],
  }));
  ground.shapes[3]!.setFriction(0.05);
  world.add(new Chain({ type: "static", loop: true, points: [{ x: -1, y: 3 }, { x: 1, y: 3 }, { x: 0, y: 4 }] }));
  world.add(new Chain({ type: "kinematic", position: { x: 4, y: 3 }, velocity: { x: -0.4, y: 0 }, points: [{ x: 1, y: 0 }, { x: 0, y: -0.1 }, { x: -1, y: 0 }] }));
  world.add(new Circle({ position: { x: 6, y: 1.2 }, radius: 0.2, velocity: { x: -3, y: 0 } }));
  world.add(new Capsule({ position: { x: 3, y: 0.5 }, halfLength: 0.25, radius: 0.1, velocity: { x: -1, y: 0 } }));
  world.add(new AABB({ position: { x: 1, y: 0.3 }, halfWidth: 0.2, halfHeight: 0.2, velocity: { x: 2, y: 0 } }));
  world.add(new Box({ position: { x: -1, y: 0.4 }, halfWidth: 0.25, halfHeight: 0.15, angle: 0.2 }));
  world.add(Polygon.regular(5, 0.2, { position: { x: -3, y: 0.8 }, velocity: { x: 1, y: 0 } }));
  world.add(new Circle({ position: { x: 0.1, y: 5 }, radius: 0.15, restitution: 0.4 }));
  world.add(new AABB({ position: { x: 4, y: 3.3 }, halfWidth: 0.15, halfHeight: 0.15 }));
  for (let i = 0; i < steps; i++) world.step(dt);
  return world;
}

/** Step both worlds `n` times; every step's hashes agree. */
function expectSameSteps(a: World, b: World, n = 90): void {
  for (let i = 0; i < n; i++) {
    a.step(dt);
    b.step(dt);
    expect(b.stateHash(), `step ${i + 1}`).toBe(a.stateHash());
  }
}

/** What a chain is, as users read it. */
function chainOf(b: Body): unknown {
  return b.shapes.map((s) => ({ kind: s.kind, a: s.a, b: s.b, ghost1: s.ghost1, ghost2: s.ghost2, friction: s.friction, restitution: s.restitution, isSensor: s.isSensor, filter: s.collisionFilter }));
}

function chains(w: World): Body[] {
  return w.bodies.filter((b) => b instanceof Chain);
}

describe("snapshots carry Chain bodies (version 7)", () => {
  it("the record: shape \"chain\", the chain's own points, loop and its segments' materials as runs", () => {
    const world = chainWorld();
    const snap = world.snapshot();
    expect(SNAPSHOT_VERSION).toBe(7);
    expect(snap.version).toBe(7);
    const [open, loop, moving] = snap.bodies.filter((b) => b.shape === "chain");
    expect(open!.loop).toBe(false);
    expect((open!.points as unknown[]).length).toBe(8);
    expect((open!.points as unknown[])[0]).toEqual({ x: 8, y: 2 });
    // segments 0-2 the body's friction, 3 its own, 4-6 the body's again
    expect((open!.materials as { count: number; friction: number }[]).map((m) => [m.count, m.friction])).toEqual([[3, 0.5], [1, 0.05], [3, 0.5]]);
    expect(loop!.loop).toBe(true);
    expect(loop!.points).toEqual([{ x: -1, y: 3 }, { x: 1, y: 3 }, { x: 0, y: 4 }]);
    expect(moving!.type).toBe("kinematic");
    // bodies rest and roll on the chains: contacts with them are in the snapshot
    const ids = new Set(snap.bodies.filter((b) => b.shape === "chain").map((b) => b.id));
    expect(snap.contacts.filter((c) => ids.has(c.bodyA as number)).length).toBeGreaterThanOrEqual(5);
  });

  for (const format of ["json", "binary"] as const) {
    it(`${format}: fromSnapshot and restore continue bit for bit as the world that never stopped`, () => {
      const world = chainWorld();
      const snap = format === "json" ? (JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot) : world.snapshot({ format: "binary" });
      const rebuilt = World.fromSnapshot(snap);
      enableBinarySnapshots(rebuilt);
      expect(rebuilt.stateHash()).toBe(world.stateHash());
      expect(chains(rebuilt).map(chainOf)).toEqual(chains(world).map(chainOf));
      expect(chains(rebuilt).every((b) => b.shapes.every((s) => s.body === b))).toBe(true);
      // a restore into a world of another scene, and one into the same world later (rollback)
      const other = chainWorld(10);
      other.restore(snap);
      const back = chainWorld();
      for (let i = 0; i < 40; i++) back.step(dt);
      back.restore(snap);
      const twin = chainWorld();
      expectSameSteps(world, rebuilt);
      for (let i = 0; i < 90; i++) {
        other.step(dt);
        back.step(dt);
        twin.step(dt);
      }
      expect(other.stateHash()).toBe(world.stateHash());
      expect(back.stateHash()).toBe(world.stateHash());
      expect(twin.stateHash()).toBe(world.stateHash());
      // the one-way side is kept: a ball under the open chain rises through it
      const probe = World.fromSnapshot(snap);
      const ball = probe.add(new Circle({ position: { x: 1, y: -0.5 }, radius: 0.1, velocity: { x: 0, y: 8 }, gravityScale: 0 }));
      for (let i = 0; i < 20; i++) probe.step(dt);
      expect(ball.position.y).toBeGreaterThan(1);
    });
  }

  it("a chain whose points hold −0 (as fromTiled's first point, (0, −0)) reloads with the same bits (found by the fuzz test's Tiled maps)", () => {
    const world = new World();
    enableBinarySnapshots(world);
    world.add(new Chain({ type: "static", position: { x: 4.5, y: -6 }, points: [{ x: 0, y: -0 }, { x: -1, y: -0.25 }, { x: -2, y: -0 }] }));
    for (const snap of [JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot, world.snapshot({ format: "binary" })]) {
      const again = World.fromSnapshot(snap);
      expect(again.stateHash()).toBe(world.stateHash());
      expect(Object.is(again.bodies[0]!.shapes[0]!.a!.y, world.bodies[0]!.shapes[0]!.a!.y)).toBe(true);
    }
  });

  it("a rollback restores the chains in place: the segments are kept, not rebuilt", () => {
    const world = chainWorld();
    const snap = world.snapshot({ format: "binary" });
    const shapes = world.bodies[0]!.shapes;
    const parts = world.bodies[0]!.shapes.map((s) => s.a);
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < 20; i++) world.step(dt);
      world.restore(snap);
      expect(world.bodies[0]!.shapes).toBe(shapes);
    }
    expect(world.bodies[0]!.shapes.map((s) => s.a)).toEqual(parts);
    // a segment's own friction changed after the snapshot comes back
    world.bodies[0]!.shapes[1]!.setFriction(0.9);
    world.restore(snap);
    expect(world.bodies[0]!.shapes[1]!.friction).toBe(0.5);
    expect(world.bodies[0]!.shapes[3]!.friction).toBe(0.05);
  });

  it("clone, deltas and recordings hold a world with chains", () => {
    const world = chainWorld();
    const twin = world.clone();
    expectSameSteps(world, twin, 30);
    const base = world.snapshot({ format: "binary" });
    for (let i = 0; i < 5; i++) world.step(dt);
    const now = world.snapshot({ format: "binary" });
    const restored = World.fromSnapshot(applyDelta(base, deltaSnapshot(base, now)));
    expect(restored.stateHash()).toBe(world.stateHash());
    // a recording, with a chain added while recording (a recording's added bodies carry their geometry)
    const recorder = new Recorder(world, { snapshotInterval: 20 });
    for (let i = 0; i < 30; i++) world.step(dt);
    world.add(new Chain({ type: "static", points: [{ x: 9, y: -1 }, { x: 7, y: -1.2 }, { x: 5, y: -1 }] }));
    for (let i = 0; i < 30; i++) world.step(dt);
    const rec = Recording.fromBuffer(recorder.save());
    const result = replay(rec);
    expect(result.world.stateHash()).toBe(world.stateHash());
    expect(chains(result.world).map(chainOf)).toEqual(chains(world).map(chainOf));
  });
});

describe("hostile chain records are refused, naming the field; the world is left as it was", () => {
  const world = chainWorld(30);
  const good = world.snapshot();
  const edit = (f: (open: Record<string, unknown>, s: Record<string, unknown>) => void): unknown => {
    const s = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
    f((s.bodies as Record<string, unknown>[])[0]!, s);
    return s;
  };
  const points = (b: Record<string, unknown>) => b.points as Record<string, unknown>[];
  const cases: [string, unknown, RegExp, ErrorConstructor][] = [
    ["a NaN point", edit((b) => (points(b)[2]!.x = NaN)), /bodies\[0\]\.points\[2\]\.x must be a finite number, got NaN/, RangeError],
    ["a point far off", edit((b) => (points(b)[1]!.y = 1e9)), /bodies\[0\]\.points\[1\]\.y must be within/, RangeError],
    ["a string point", edit((b) => (points(b)[1]!.y = "1")), /bodies\[0\]\.points\[1\]\.y must be a number/, TypeError],
    ["1e9 points", edit((b) => (b.points = new Array(1e9))), /bodies\[0\]\.points must hold 2 to 4096 points, got 1000000000/, RangeError],
    ["one point", edit((b) => (b.points = [{ x: 0, y: 0 }])), /bodies\[0\]\.points must hold 2 to 4096 points, got 1/, RangeError],
    ["a loop of 2", edit((b) => { b.points = [{ x: 0, y: 0 }, { x: 1, y: 0 }]; b.loop = true; }), /points must hold 3 to 4096 points for a loop, got 2/, RangeError],
    ["welded points", edit((b) => (points(b)[1] = { x: 8, y: 2.0001 })), /bodies\[0\]\.points: 8 points make a chain of 7/, RangeError],
    ["loop not a boolean", edit((b) => (b.loop = 1)), /bodies\[0\]\.loop must be a boolean/, TypeError],
    ["no materials", edit((b) => delete b.materials), /bodies\[0\]\.materials must be an array/, TypeError],
    ["runs short", edit((b) => ((b.materials as { count: number }[])[0]!.count = 2)), /materials: the runs cover 6 segments, the chain has 7/, RangeError],
    ["a NaN friction", edit((b) => ((b.materials as { friction: unknown }[])[1]!.friction = NaN)), /materials\[1\]\.friction must be a finite number/, RangeError],
    ["a filter out of range", edit((b) => ((b.materials as { collisionFilter: { mask: number } }[])[0]!.collisionFilter.mask = -1)), /materials\[0\]\.collisionFilter\.mask must be an integer/, RangeError],
    ["a dynamic chain", edit((b) => (b.type = "dynamic")), /bodies\[0\]/, RangeError],
    ["a one-way chain", edit((b) => (b.oneWay = { x: 0, y: 1 })), /bodies\[0\]\.oneWay/, RangeError],
    ["a chain in a version 6 snapshot", edit((_b, s) => (s.version = 6)), /bodies\[0\]\.shape "chain" is not in version 6 snapshots \(version 7 added it\)/, TypeError],
  ];
  for (const [name, data, message, type] of cases) {
    it(name, () => {
      expect(() => World.fromSnapshot(data as WorldSnapshot)).toThrow(type);
      expect(() => World.fromSnapshot(data as WorldSnapshot)).toThrow(message);
      const target = chainWorld(30);
      const hash = target.stateHash();
      const shapes = target.bodies[0]!.shapes;
      expect(() => target.restore(data as WorldSnapshot)).toThrow(message);
      expect(target.stateHash()).toBe(hash);
      expect(target.bodies[0]!.shapes).toBe(shapes);
    });
  }

  it("binary: a lying point count (1e9, 4097, 1, a loop of 2), unknown flags, a run count past the segments: refused before reading on", () => {
    const buffer = world.snapshot({ format: "binary" });
    // the first geometry block is the open chain's (body 0): find it by its point count and first point
    const v = new DataView(buffer);
    let at = -1;
    for (let k = 64; k + 32 <= buffer.byteLength; k += 8) {
      if (v.getUint32(k, true) === 8 && v.getUint32(k + 4, true) === 0 && v.getUint32(k + 8, true) === 3 && v.getFloat64(k + 16, true) === 8 && v.getFloat64(k + 24, true) === 2) {
        at = k;
        break;
      }
    }
    expect(at).toBeGreaterThan(0);
    const edited = (f: (d: DataView) => void): ArrayBuffer => {
      const copy = buffer.slice(0);
      f(new DataView(copy));
      return copy;
    };
    const cases: [ArrayBuffer, RegExp][] = [
      [edited((d) => d.setUint32(at, 1e9, true)), /bodies\[0\]\.points must hold 2 to 4096 points, got 1000000000/],
      [edited((d) => d.setUint32(at, 4097, true)), /points must hold 2 to 4096 points, got 4097/],
      [edited((d) => d.setUint32(at, 1, true)), /points must hold 2 to 4096 points, got 1/],
      [edited((d) => { d.setUint32(at, 2, true); d.setUint32(at + 4, 1, true); d.setUint32(at + 8, 1, true); }), /3 to 4096 points for a loop, got 2/],
      [edited((d) => d.setUint32(at + 4, 2, true)), /unknown chain flags 2/],
      [edited((d) => d.setUint32(at + 8, 8, true)), /materials must hold 1 to 7 runs .*, got 8/],
      [edited((d) => d.setFloat64(at + 16 + 8 * 5, NaN, true)), /bodies\[0\]\.points\[2\]\.y must be a finite number, got NaN/],
    ];
    for (const [data, message] of cases) {
      expect(() => World.fromSnapshot(data)).toThrow(RangeError);
      expect(() => World.fromSnapshot(data)).toThrow(message);
      const target = chainWorld(30);
      const hash = target.stateHash();
      expect(() => target.restore(data)).toThrow(message);
      expect(target.stateHash()).toBe(hash);
    }
  });
});
