/**
 * Snapshots (JSON and binary, format version 6), clone, restore, deltas,
 * recordings and the hash with Compound bodies: a world of compounds piled
 * with contacts warm between their shapes, some asleep, some jointed, goes
 * on after a restore bit for bit as the world that never stopped (the hash
 * compared at every one of 200 steps).
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Circle, Compound, Polygon, World, type Body, type ShapeDef } from "../src/entries/capsule2d.js";
import { enableBinarySnapshots, World as BinaryWorld } from "../src/entries/binary.js";
import { Recorder, Recording, applyDelta, deltaSnapshot, replay, verify } from "../src/entries/replay.js";
import type { WorldSnapshot } from "../src/snapshot/snapshot.js";

const DT = 1 / 60;

const L_SHAPE: ShapeDef[] = [
  { shape: "box", halfWidth: 0.6, halfHeight: 0.15, offset: { x: 0.45, y: 0 } },
  { shape: "box", halfWidth: 0.15, halfHeight: 0.45, offset: { x: 0, y: 0.3 }, friction: 0.2, density: 2 },
];

/** Every kind of shape, with materials, sensor, filter and user data of their own. */
const EVERY_SHAPE: ShapeDef[] = [
  { shape: "circle", radius: 0.25, offset: { x: -0.6, y: 0 }, restitution: 0.4, userData: { part: "head" } },
  { shape: "capsule", halfLength: 0.3, radius: 0.1, offset: { x: 0, y: 0.3 }, angle: 0.5, density: 3 },
  { shape: "box", halfWidth: 0.3, halfHeight: 0.1, radius: 0.02, offset: { x: 0.5, y: -0.1 }, angle: -0.2, friction: 0.9 },
  { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.1, y: 0.4 }], offset: { x: 0.2, y: -0.4 }, collisionFilter: { category: 2, group: -3 } },
  { shape: "segment", a: { x: -0.5, y: -0.3 }, b: { x: 0.5, y: -0.35 } },
  { shape: "circle", radius: 0.5, offset: { x: 0, y: 0 }, isSensor: true },
];

const STAR = [
  { x: 0, y: 1 }, { x: 0.25, y: 0.3 }, { x: 1, y: 0.3 }, { x: 0.4, y: -0.15 }, { x: 0.6, y: -0.9 },
  { x: 0, y: -0.4 }, { x: -0.6, y: -0.9 }, { x: -0.4, y: -0.15 }, { x: -1, y: 0.3 }, { x: -0.25, y: 0.3 },
];

/** A pile of compounds on a floor (L-shapes, outlines, every kind of shape), a pair far off that falls asleep, joints to compounds. */
export function compoundScene(): World {
  const world = new World({ gravity: { x: 0, y: -9.81 } });
  world.add(AABB.fromBounds({ x: -12, y: -1 }, { x: 12, y: 0 }, { type: "static", friction: 0.7 }));
  world.add(new Compound({
    type: "static",
    position: { x: 0, y: 0 },
    shapes: [
      { shape: "segment", a: { x: -8, y: 0.02 }, b: { x: -4, y: 1 } },
      { shape: "box", halfWidth: 0.3, halfHeight: 0.6, offset: { x: 6, y: 0.6 }, angle: 0.1 },
    ],
  }));
  for (let i = 0; i < 6; i++) {
    world.add(new Compound({ shapes: L_SHAPE, position: { x: -2 + 0.7 * (i % 3), y: 1 + 1.1 * i }, angle: 0.4 * i, angularVelocity: i % 2 === 0 ? 1 : -1 }));
  }
  world.add(Compound.fromOutline({ outline: STAR, position: { x: 2, y: 3 }, angle: 0.2 }));
  world.add(Compound.fromOutline({ outline: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 0.4 }, { x: 0.4, y: 0.4 }, { x: 0.4, y: 1.5 }, { x: 0, y: 1.5 }], radius: 0.02, position: { x: 3, y: 6 } }));
  const every = world.add(new Compound({ shapes: EVERY_SHAPE, position: { x: 0.5, y: 8 }, angle: 0.3, label: "every", userData: { role: "every" } }));
  world.add(new Circle({ radius: 0.3, position: { x: 1, y: 12 } }));
  world.add(Polygon.regular(5, 0.4, { position: { x: -1, y: 11 } }));
  // far off: a compound resting on a box, both asleep by the snapshot
  world.add(new Box({ halfWidth: 0.5, halfHeight: 0.25, position: { x: 9, y: 0.25 } }));
  world.add(new Compound({ shapes: L_SHAPE, position: { x: 9, y: 0.65 } }));
  // joints to compounds
  const anchor = world.add(new Circle({ radius: 0.2, position: { x: -6, y: 6 }, type: "static" }));
  const swing = world.add(new Compound({ shapes: L_SHAPE, position: { x: -5, y: 6 } }));
  world.addJoint({ type: "revolute", bodyA: anchor, bodyB: swing, anchor: { x: -6, y: 6 } });
  const tail = world.add(Compound.fromOutline({ outline: STAR, position: { x: -4, y: 5 } }));
  world.addJoint({ type: "distance", bodyA: swing, bodyB: tail, anchorA: { x: -4.5, y: 6 }, anchorB: { x: -4, y: 5 } });
  world.addJoint({ type: "weld", bodyA: every, bodyB: world.add(new Circle({ radius: 0.15, position: { x: 0.5, y: 9 } })), anchor: { x: 0.5, y: 8.8 } });
  return world;
}

function midMotion(steps = 120): World {
  const world = compoundScene();
  for (let i = 0; i < steps; i++) world.step(DT);
  return world;
}

function jsonCopy(world: World): World {
  return World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot);
}

function binaryCopy(world: World): World {
  enableBinarySnapshots(world);
  return BinaryWorld.fromSnapshot(world.snapshot({ format: "binary" }).slice(0));
}

/** Step both worlds `steps` times, the hashes equal at every step. */
function stepTogether(a: World, b: World, steps = 200): void {
  expect(b.stateHash()).toBe(a.stateHash());
  for (let i = 0; i < steps; i++) {
    a.step(DT);
    b.step(DT);
    expect(b.stateHash(), `step ${i}`).toBe(a.stateHash());
  }
}

/** Contacts between shapes of compounds, as (body id, shape index) pairs with their manifolds' bits. */
function contactsOf(world: World): unknown[] {
  return world.contacts.map((c) => ({
    a: c.bodyA.id,
    b: c.bodyB.id,
    sa: c.bodyA.shapes.indexOf(c.shapeA),
    sb: c.bodyB.shapes.indexOf(c.shapeB),
    isSensor: c.isSensor,
    points: c.manifold.points.map((p) => [p.id, p.x, p.y, p.depth, p.normalImpulse, p.tangentImpulse]),
  }));
}

describe("snapshots carry Compound bodies (version 6)", () => {
  it("the scene has what it should test: contacts between compounds' shapes, sleeping compounds, joints to compounds", () => {
    const w = midMotion();
    const compounds = w.bodies.filter((b) => b instanceof Compound);
    expect(compounds.length).toBeGreaterThanOrEqual(10);
    expect(compounds.some((b) => b.isSleeping)).toBe(true);
    expect(compounds.some((b) => !b.isSleeping && b.type === "dynamic")).toBe(true);
    const between = w.contacts.filter((c) => c.bodyA instanceof Compound && c.bodyB instanceof Compound);
    expect(between.length).toBeGreaterThan(2);
    // contacts of shapes other than the first (the snapshot must say which)
    expect(w.contacts.some((c) => c.bodyA.shapes.indexOf(c.shapeA) > 0)).toBe(true);
    expect(w.contacts.some((c) => c.bodyB.shapes.indexOf(c.shapeB) > 0)).toBe(true);
    expect(w.joints.filter((j) => j.bodyA instanceof Compound || j.bodyB instanceof Compound)).toHaveLength(3);
  });

  it("JSON: World.fromSnapshot continues bit for bit for 200 steps", () => {
    const w = midMotion();
    const copy = jsonCopy(w);
    expect(contactsOf(copy)).toEqual(contactsOf(w));
    stepTogether(w, copy);
  });

  it("binary: World.fromSnapshot continues bit for bit for 200 steps", () => {
    const w = midMotion();
    const copy = binaryCopy(w);
    expect(contactsOf(copy)).toEqual(contactsOf(w));
    stepTogether(w, copy);
  });

  it("clone() continues bit for bit for 200 steps, with the shapes on new parts", () => {
    const w = midMotion();
    const copy = w.clone();
    const a = w.bodies.find((b) => b.label === "every")!;
    const b = copy.bodies.find((x) => x.label === "every")!;
    expect(b).not.toBe(a);
    expect(b.shapes[0]!.body).toBe(b);
    expect(b.shapes.map((s) => s.kind)).toEqual(a.shapes.map((s) => s.kind));
    expect(contactsOf(copy)).toEqual(contactsOf(w));
    stepTogether(w, copy);
  });

  it("restore() (JSON and binary) puts the world back and continues bit for bit for 200 steps, the compounds staying the user's objects", () => {
    for (const format of ["json", "binary"] as const) {
      const w = midMotion();
      enableBinarySnapshots(w);
      const saved = format === "json" ? JSON.parse(JSON.stringify(w.snapshot())) as WorldSnapshot : w.snapshot({ format: "binary" });
      const reference = w.clone();
      const every = w.bodies.find((b) => b.label === "every")!;
      const shapes = every.shapes;
      for (let i = 0; i < 40; i++) w.step(DT);
      // changed since: a shape's material, a compound removed, one added
      every.shapes[2]!.setFriction(0.05);
      w.remove(w.bodies.find((b) => b instanceof Compound && b.type === "dynamic" && b !== every)!);
      w.add(new Compound({ shapes: L_SHAPE, position: { x: 0, y: 14 } }));
      w.restore(saved);
      expect(w.bodies.find((b) => b.label === "every")).toBe(every);
      expect(every.shapes).toBe(shapes);
      expect(every.shapes[2]!.friction).toBe(0.9);
      expect(every.shapes[0]!.userData).toEqual({ part: "head" });
      expect(contactsOf(w)).toEqual(contactsOf(reference));
      stepTogether(reference, w);
    }
  });

  it("restore() again and again (a rollback) keeps the parts and continues the same", () => {
    const w = midMotion();
    enableBinarySnapshots(w);
    const saved = w.snapshot({ format: "binary" });
    const reference = w.clone();
    for (let i = 0; i < 20; i++) reference.step(DT);
    const want = reference.stateHash();
    const parts = w.bodies.map((b) => b.shapes);
    for (let k = 0; k < 3; k++) {
      w.restore(saved);
      for (let i = 0; i < 20; i++) w.step(DT);
      expect(w.stateHash()).toBe(want);
    }
    // a compound's shapes are the same objects: its parts were kept, not rebuilt
    const now = w.bodies.map((b) => b.shapes);
    expect(now.length).toBe(parts.length);
    for (let i = 0; i < now.length; i++) if (w.bodies[i] instanceof Compound) expect(now[i], `body ${i}`).toBe(parts[i]);
  });

  it("keeps each shape's definition: kind, geometry, offset, angle, density, friction, restitution, sensor, filter, userData (JSON)", () => {
    const w = new World();
    const c = w.add(new Compound({ shapes: EVERY_SHAPE, position: { x: 1, y: 2 }, angle: 0.7 }));
    c.shapes[1]!.setRestitution(0.25);
    c.shapes[3]!.setCollisionFilter({ mask: 5 });
    c.shapes[4]!.setSensor(true);
    const describe = (b: Body): unknown => ({
      lc: b.localCenter,
      mass: b.mass,
      inertia: b.inertia,
      position: b.position,
      shapes: b.shapes.map((s) => ({
        kind: s.kind, offset: s.offset, angle: s.angle, radius: s.radius, halfLength: s.halfLength, halfWidth: s.halfWidth,
        halfHeight: s.halfHeight, vertices: s.kind === "box" || s.kind === "polygon" ? s.vertices : null, density: s.density,
        friction: s.friction, restitution: s.restitution, isSensor: s.isSensor, filter: s.collisionFilter,
      })),
    });
    const json = jsonCopy(w);
    expect(describe(json.bodies[0]!)).toEqual(describe(c));
    expect(json.bodies[0]!.shapes[0]!.userData).toEqual({ part: "head" });
    const bin = binaryCopy(w);
    expect(describe(bin.bodies[0]!)).toEqual(describe(c));
    expect(bin.bodies[0]!.shapes[0]!.userData).toBeUndefined(); // the binary form carries no userData
    expect(w.clone().bodies[0]!.shapes[0]!.userData).toBe(c.shapes[0]!.userData);
  });

  it("stateHash() covers a compound's geometry: the same pose with other shapes hashes otherwise", () => {
    const make = (defs: ShapeDef[]): string => {
      const w = new World();
      w.add(new Compound({ shapes: defs, type: "static" }));
      return w.stateHash();
    };
    const base: ShapeDef[] = [{ shape: "circle", radius: 0.5 }, { shape: "box", halfWidth: 0.5, halfHeight: 0.2, offset: { x: 1, y: 0 } }];
    const h = make(base);
    expect(make(base)).toBe(h);
    expect(make([{ shape: "circle", radius: 0.5000001 }, base[1]!])).not.toBe(h);
    expect(make([base[0]!, { shape: "box", halfWidth: 0.5, halfHeight: 0.2, offset: { x: 1, y: 0 }, angle: 1e-9 }])).not.toBe(h);
    expect(make([base[0]!, { shape: "capsule", halfLength: 0.5, radius: 0.2, offset: { x: 1, y: 0 } }])).not.toBe(h);
    expect(make([base[1]!, base[0]!])).not.toBe(h);
  });

  it("deltas of binary snapshots of a compound world rebuild them byte for byte, and the world from them continues the same", () => {
    const w = midMotion();
    enableBinarySnapshots(w);
    const base = w.snapshot({ format: "binary" });
    w.step(DT);
    const current = w.snapshot({ format: "binary" });
    const rebuilt = applyDelta(base, deltaSnapshot(base, current));
    expect(new Uint8Array(rebuilt)).toEqual(new Uint8Array(current));
    stepTogether(w, BinaryWorld.fromSnapshot(rebuilt), 60);
  });

  it("a recording of a compound world (compounds added and removed, shapes changed) replays and verifies, from memory and its saved form", () => {
    const w = midMotion(30);
    const recorder = new Recorder(w, { snapshotInterval: 10 });
    for (let i = 0; i < 60; i++) {
      if (i === 5) w.add(Compound.fromOutline({ outline: STAR, position: { x: -2, y: 12 } }));
      if (i === 15) w.bodies.find((b) => b.label === "every")!.shapes[0]!.setFriction(0.1);
      if (i === 20) w.bodies.find((b) => b.label === "every")!.shapes[3]!.setCollisionFilter({ mask: 1 });
      if (i === 25) w.remove(w.bodies.find((b) => b instanceof Compound && b.type === "dynamic" && b.label !== "every")!);
      w.step(DT);
    }
    for (const rec of [recorder.recording, Recording.fromBuffer(recorder.save())]) {
      const result = replay(rec);
      expect(result.world.stateHash()).toBe(w.stateHash());
      expect(new Uint8Array(result.world.snapshot({ format: "binary" }))).toEqual(new Uint8Array(w.snapshot({ format: "binary" })));
      expect(verify(rec, result)).toEqual({ ok: true, steps: rec.stepCount, divergence: null });
    }
  });

  it("rollback of a compound world: back 40 steps and forward again gives the same hashes", () => {
    const w = midMotion(30);
    const recorder = new Recorder(w, { snapshotInterval: 10 });
    const hashes: string[] = [];
    for (let i = 0; i < 80; i++) {
      if (i === 5) w.add(Compound.fromOutline({ outline: STAR, position: { x: -2, y: 12 } }));
      w.step(DT);
      hashes.push(w.stateHash());
    }
    const back = w.stepCount - 40;
    recorder.rollback(back);
    expect(w.stepCount).toBe(back);
    expect(w.stateHash()).toBe(hashes[hashes.length - 41]);
    for (let i = 40; i > 0; i--) {
      w.step(DT);
      expect(w.stateHash()).toBe(hashes[hashes.length - i]);
    }
  });
});
