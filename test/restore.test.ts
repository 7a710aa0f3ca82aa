/**
 * `world.restore(snapshot)`: a world put back, in place, to an earlier
 * snapshot of itself continues exactly as the run that was saved: the same
 * `stateHash()` and the same snapshot bytes after every step, whatever
 * happened in between (bodies and joints added and removed, pushes, moves,
 * sleep, fast bullets, one-way platforms). The world and the bodies it kept
 * stay the same objects; a bad snapshot changes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, type Body, type WorldOptions, type WorldSnapshot } from "../src/entries/capsule2d.js";
import { Recorder } from "../src/entries/replay.js";
import { World } from "../src/entries/binary.js";
import { addContainer, rng } from "./support/scenes.js";

const DT = 1 / 60;

/** A scene from a seed: walls, a one-way platform, a kinematic paddle, mixed bodies (some bullets), joints. */
function scene(seed: number, options: WorldOptions): World {
  const world = new World(options);
  const r = rng(seed);
  addContainer(world, 5, 12);
  world.add(new AABB({ type: "static", position: { x: 2, y: 3 }, halfWidth: 1.5, halfHeight: 0.1, oneWay: { x: 0, y: 1 } }));
  world.add(new AABB({ type: "kinematic", position: { x: -2, y: 1.5 }, halfWidth: 0.8, halfHeight: 0.1, velocity: { x: 0.4, y: 0 } }));
  const n = 12 + Math.floor(r() * 18);
  for (let i = 0; i < n; i++) world.add(body(r, -4.5 + r() * 9, 0.5 + r() * 10));
  const dynamic = world.bodies.filter((b) => b.isDynamic);
  const types = ["revolute", "distance", "weld", "prismatic", "wheel", "motor"] as const;
  for (let k = 0; k < 3; k++) {
    const a = dynamic[Math.floor(r() * dynamic.length)]!;
    const b = dynamic[Math.floor(r() * dynamic.length)]!;
    if (a !== b) joint(world, types[Math.floor(r() * types.length)]!, a, b);
  }
  return world;
}

/** One random body: a circle, capsule or box, now and then a fast bullet. */
function body(r: () => number, x: number, y: number): Body {
  const bullet = r() < 0.1;
  const o = {
    position: { x, y },
    velocity: bullet ? { x: (r() - 0.5) * 120, y: -60 } : { x: (r() - 0.5) * 4, y: (r() - 0.5) * 4 },
    angularVelocity: (r() - 0.5) * 3,
    restitution: r() < 0.3 ? 0.5 : 0,
    friction: 0.2 + r() * 0.6,
    bullet,
  };
  const k = r();
  if (k < 0.4) return new Circle({ ...o, radius: bullet ? 0.05 : 0.15 + r() * 0.2 });
  if (k < 0.8) return new Capsule({ ...o, radius: 0.1 + r() * 0.1, halfLength: 0.1 + r() * 0.3, angle: r() * 3 });
  return new AABB({ ...o, halfWidth: 0.1 + r() * 0.2, halfHeight: 0.1 + r() * 0.2 });
}

function joint(world: World, type: string, a: Body, b: Body): void {
  const anchor = a.position;
  switch (type) {
    case "revolute":
      world.addJoint({ type, bodyA: a, bodyB: b, anchor, enableMotor: true, motorSpeed: 1, maxMotorTorque: 0.5 });
      break;
    case "distance":
      world.addJoint({ type, bodyA: a, bodyB: b, anchorA: anchor, anchorB: b.position, minLength: 0, maxLength: 3 });
      break;
    case "weld":
      world.addJoint({ type, bodyA: a, bodyB: b, anchor, angularHertz: 3 });
      break;
    case "prismatic":
      world.addJoint({ type, bodyA: a, bodyB: b, anchor, axis: { x: 1, y: 0 }, enableLimit: true, lower: -0.5, upper: 0.5 });
      break;
    case "wheel":
      world.addJoint({ type, bodyA: a, bodyB: b, anchor, axis: { x: 0, y: 1 } });
      break;
    default:
      world.addJoint({ type: "motor", bodyA: a, bodyB: b, maxForce: 2, maxTorque: 1 });
  }
}

/** What may happen to a world between the snapshot and the restore (and, the same in both runs, after it). */
type Op =
  | { op: "step" }
  | { op: "add"; seed: number }
  | { op: "remove"; pick: number }
  | { op: "impulse"; pick: number; x: number; y: number }
  | { op: "move"; pick: number; x: number; y: number }
  | { op: "joint"; pick: number; other: number; type: number }
  | { op: "unjoint"; pick: number }
  | { op: "wake"; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ op: "step" as const }) },
  fc.record({ op: fc.constant("add" as const), seed: fc.nat() }),
  fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("impulse" as const), pick: fc.nat(), x: fc.integer({ min: -4, max: 4 }), y: fc.integer({ min: -2, max: 6 }) }),
  fc.record({ op: fc.constant("move" as const), pick: fc.nat(), x: fc.integer({ min: -4, max: 4 }), y: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ op: fc.constant("joint" as const), pick: fc.nat(), other: fc.nat(), type: fc.nat({ max: 5 }) }),
  fc.record({ op: fc.constant("unjoint" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("wake" as const), pick: fc.nat() }),
);

function apply(world: World, op: Op): void {
  const dynamic = world.bodies.filter((b) => b.isDynamic);
  const pick = (i: number): Body | undefined => (dynamic.length === 0 ? undefined : dynamic[i % dynamic.length]);
  switch (op.op) {
    case "step":
      world.step(DT);
      break;
    case "add":
      world.add(body(rng(op.seed), -4 + (op.seed % 8), 9));
      break;
    case "remove": {
      const b = pick(op.pick);
      if (b) world.remove(b);
      break;
    }
    case "impulse":
      pick(op.pick)?.applyImpulse({ x: op.x, y: op.y });
      break;
    case "move":
      pick(op.pick)?.setPosition({ x: op.x, y: op.y });
      break;
    case "joint": {
      const a = pick(op.pick);
      const b = pick(op.other);
      if (a && b && a !== b) joint(world, ["revolute", "distance", "weld", "prismatic", "wheel", "motor"][op.type]!, a, b);
      break;
    }
    case "unjoint": {
      const js = world.joints;
      if (js.length > 0) world.removeJoint(js[op.pick % js.length]!);
      break;
    }
    case "wake":
      pick(op.pick)?.wake();
      break;
  }
}

function bytes(world: World): Uint8Array {
  return new Uint8Array(world.snapshot({ format: "binary" }));
}

/** The same state, bit for bit: hash and every byte of the snapshot. */
function expectSame(actual: World, expected: World, when: string): void {
  const a = bytes(actual);
  const e = bytes(expected);
  if (actual.stateHash() !== expected.stateHash() || a.length !== e.length || a.some((x, i) => x !== e[i])) {
    throw new Error(`the restored world differs from the uninterrupted run ${when}`);
  }
}

const optionsArb = fc.record({
  broadphase: fc.constantFrom("tree" as const, "sap" as const, "brute" as const),
  solver: fc.constantFrom("soft-step" as const, "pgs" as const),
  timeToSleep: fc.constantFrom(0.1, 0.5),
});

describe("restore in place + re-simulate equals the uninterrupted run", () => {
  it("random scenes with joints, sleep, bullets, one-way platforms, bodies and joints added and removed in between", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        optionsArb,
        fc.integer({ min: 0, max: 90 }),
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        fc.array(opArb, { minLength: 20, maxLength: 60 }),
        fc.boolean(),
        (seed, options, before, between, after, json) => {
          const truth = scene(seed, options);
          const world = scene(seed, options);
          for (let i = 0; i < before; i++) {
            truth.step(DT);
            world.step(DT);
          }
          const saved = json ? (JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot) : world.snapshot({ format: "binary" });
          const kept = world.bodies.slice();
          const keptJoints = world.joints.slice();
          for (const op of between) apply(world, op);
          const removed = new Set(kept.filter((b) => b.world !== world));
          const added = world.bodies.filter((b) => !kept.includes(b));
          const jointsThere = new Set(world.joints);
          expect(world.restore(saved)).toBe(world);
          expectSame(world, truth, "right after the restore");
          // the bodies it kept are the user's objects still; those added since left; those removed came back anew
          world.bodies.forEach((b, i) => {
            expect(b.id).toBe(kept[i]!.id);
            expect(b === kept[i]).toBe(!removed.has(kept[i]!));
          });
          for (const b of added) expect(b.world).toBeNull();
          world.joints.forEach((j, i) => {
            expect(j.id).toBe(keptJoints[i]!.id);
            expect(j === keptJoints[i]).toBe(jointsThere.has(keptJoints[i]!));
          });
          for (let i = 0; i < after.length; i++) {
            apply(truth, after[i]!);
            apply(world, after[i]!);
            expectSame(world, truth, `after ${i + 1} more calls`);
          }
        },
      ),
      { numRuns: 60, seed: 20260613 },
    );
  });

  it("continues exactly as World.fromSnapshot does, for a snapshot of another world with the same options", () => {
    const a = scene(3, {});
    const b = scene(9, {});
    for (let i = 0; i < 40; i++) a.step(DT);
    for (let i = 0; i < 70; i++) b.step(DT);
    const saved = a.snapshot({ format: "binary" });
    const copy = World.fromSnapshot(saved);
    b.restore(saved);
    for (let i = 0; i < 120; i++) {
      expectSame(b, copy, `${i} steps after`);
      b.step(DT);
      copy.step(DT);
    }
  });

  it("keeps the world's listeners, force field and labels, and undoes options changed since", () => {
    const world = scene(5, {});
    for (let i = 0; i < 20; i++) world.step(DT);
    const saved = world.snapshot({ format: "binary" });
    const held = world.bodies[8]!;
    held.label = "held";
    held.userData = { mine: true };
    let steps = 0;
    world.on("afterStep", () => steps++);
    const field = (): void => {};
    world.setForceField(field);
    world.setOptions({ gravity: { x: 3, y: 0 } });
    for (let i = 0; i < 5; i++) world.step(DT);
    world.restore(saved);
    expect(world.gravity).toEqual({ x: 0, y: -9.81 });
    expect(world.stepCount).toBe(20);
    expect(world.bodies[8]).toBe(held);
    expect(held.label).toBe("held");
    expect(held.userData).toEqual({ mine: true });
    expect(world.forceField).toBe(field);
    expect(world.contactEvents.beginCount).toBe(0); // the abandoned steps' events are gone
    world.step(DT);
    expect(steps).toBe(6);
  });
});

describe("restore refuses what it cannot do, and changes nothing", () => {
  function busy(): { world: World; saved: ArrayBuffer; json: WorldSnapshot } {
    const world = scene(11, {});
    for (let i = 0; i < 30; i++) world.step(DT);
    const saved = world.snapshot({ format: "binary" });
    const json = world.snapshot();
    for (let i = 0; i < 10; i++) world.step(DT);
    world.add(new Circle({ radius: 0.3, position: { x: 0, y: 8 } }));
    return { world, saved, json };
  }

  /** The world is exactly as it was: same objects, same bytes, and the same future as a twin that was never asked. */
  function expectUnchanged(world: World, twin: World, before: Uint8Array, bodies: readonly Body[]): void {
    expect(bytes(world)).toEqual(before);
    expect(world.bodies.length).toBe(bodies.length);
    world.bodies.forEach((b, i) => expect(b).toBe(bodies[i]));
    for (const b of bodies) expect(b.world).toBe(world);
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      twin.step(DT);
    }
    expectSame(world, twin, "after a refused restore");
  }

  const corruptions: [string, (s: { saved: ArrayBuffer; json: WorldSnapshot }) => unknown, RegExp][] = [
    ["a truncated binary snapshot", (s) => s.saved.slice(0, s.saved.byteLength - 8), /invalid snapshot: binary snapshot is \d+ bytes/],
    ["a wrong magic", (s) => { const c = s.saved.slice(0); new DataView(c).setUint32(0, 1, true); return c; }, /wrong magic/],
    ["a NaN position", (s) => { const c = structuredClone(s.json); (c.bodies[7] as { position: { x: unknown } }).position.x = "NaN"; return c; }, /bodies\[7\]\.position\.x/],
    ["a contact naming a missing body", (s) => { const c = structuredClone(s.json); (c.contacts[0] as { bodyB: number }).bodyB = 9999; return c; }, /contacts\[0\]/],
    ["a joint naming a missing body", (s) => { const c = structuredClone(s.json); (c.joints[0] as { bodyA: number }).bodyA = 9999; return c; }, /joints\[0\] names body 9999/],
    ["another broadphase", (s) => { const c = structuredClone(s.json); c.options.broadphase = "sap"; return c; }, /snapshot's broadphase "sap" differs from this world's "tree"/],
    ["another speculative distance", (s) => { const c = structuredClone(s.json); c.options.speculativeDistance = 0.05; return c; }, /speculativeDistance 0\.05 differs/],
    ["not a snapshot", () => ({ format: "nope" }), /invalid snapshot: format/],
  ];
  for (const [name, corrupt, message] of corruptions) {
    it(name, () => {
      const s = busy();
      const twin = busy().world;
      const before = bytes(s.world);
      const bodies = s.world.bodies.slice();
      expect(() => s.world.restore(corrupt(s) as never)).toThrow(message);
      expectUnchanged(s.world, twin, before, bodies);
    });
  }

  it("during a step, and with a recorder attached (recorder.rollback restores instead)", () => {
    const s = busy();
    const twin = busy().world;
    let error: unknown = null;
    s.world.setForceField((body) => {
      if (body.id === 10 && error === null) {
        try {
          s.world.restore(s.saved);
        } catch (e) {
          error = e;
        }
      }
    });
    twin.setForceField(() => {});
    s.world.step(DT);
    twin.step(DT);
    expect(String(error)).toMatch(/restore\(\) cannot be called during a step/);
    const recorder = new Recorder(s.world);
    const before = bytes(s.world);
    const bodies = s.world.bodies.slice();
    expect(() => s.world.restore(s.saved)).toThrow(/recorder attached: use recorder\.rollback\(step\)/);
    recorder.detach();
    expectUnchanged(s.world, twin, before, bodies);
  });
});

/**
 * "restore is several times cheaper than fromSnapshot" (README), measured as
 * what each allocates (not timed): V8's sampling heap profiler's estimate
 * of the bytes allocated by 20 calls each, on a 300-ball pile. Measured
 * (node, dist/): restore allocates 7× less than fromSnapshot from JSON, 14×
 * less from binary.
 */
describe("restore allocates several times less than fromSnapshot", () => {
  for (const format of ["json", "binary"] as const) {
    it(`${format}: under ${format === "json" ? "half" : "a third"} of fromSnapshot's bytes`, async () => {
      const { Session } = await import("node:inspector/promises");
      const world = new World({ sleeping: false });
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
      for (let i = 0; i < 300; i++) world.add(new Circle({ position: { x: -15 + (i % 30), y: 1 + Math.floor(i / 30) }, radius: 0.4 }));
      for (let i = 0; i < 60; i++) world.step(1 / 60);
      const snap = format === "json" ? world.snapshot() : world.snapshot({ format: "binary" });
      const twin = World.fromSnapshot(snap);
      const session = new Session();
      session.connect();
      const bytes = async (f: () => void): Promise<number> => {
        for (let i = 0; i < 20; i++) f(); // warm
        await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        for (let i = 0; i < 20; i++) f();
        const { profile } = await session.post("HeapProfiler.stopSampling");
        let total = 0;
        const walk = (n: typeof profile.head): void => {
          total += n.selfSize;
          n.children.forEach(walk);
        };
        walk(profile.head);
        return total / 20;
      };
      try {
        const fresh = await bytes(() => World.fromSnapshot(snap));
        // a step in between, so that each restore has a moved world to put back
        const inPlace = await bytes(() => {
          twin.step(1 / 60);
          twin.restore(snap);
        });
        console.log(`${format}: fromSnapshot ${(fresh / 1024).toFixed(0)} kB, step + restore ${(inPlace / 1024).toFixed(0)} kB`);
        expect(fresh).toBeGreaterThan(100 * 1024); // the measurement sees the allocations at all
        // measured after the snapshot checks of issue 32: 2.2× less from JSON, more from binary
        expect(inPlace * (format === "json" ? 2 : 3)).toBeLessThan(fresh);
        expect(twin.stateHash()).toBe(World.fromSnapshot(snap).stateHash());
      } finally {
        session.disconnect();
      }
    });
  }
});
