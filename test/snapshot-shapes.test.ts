/**
 * Snapshots (JSON and binary), restore and the hash with Box, Polygon and
 * Segment bodies (format version 5): a world snapshotted mid-motion, with
 * contacts warm and some bodies asleep, goes on bit for bit as the world that
 * never stopped.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Circle, Polygon, Segment, World } from "../src/entries/capsule2d.js";
import { enableBinarySnapshots } from "../src/entries/binary.js";
import type { WorldSnapshot } from "../src/snapshot/snapshot.js";

/** Static and kinematic segments, boxes (one rounded), off-centre and regular polygons, next to circles, capsules and an AABB. */
export function shapesScene(): World {
  const world = new World({ gravity: { x: 0, y: -9.81 } });
  world.add(new Segment({ a: { x: -12, y: 0 }, b: { x: 12, y: -0.4 }, type: "static", friction: 0.7 }));
  world.add(new Segment({ a: { x: -1, y: 0 }, b: { x: 1, y: 0 }, position: { x: 8, y: 3 }, type: "kinematic", angularVelocity: 0.7 }));
  world.add(new AABB({ halfWidth: 1, halfHeight: 0.5, position: { x: -9, y: 0.5 }, type: "static" }));
  // a stack that falls asleep
  for (let i = 0; i < 4; i++) world.add(new Box({ halfWidth: 0.5, halfHeight: 0.25, position: { x: -5, y: 0.6 + 0.51 * i } }));
  world.add(new Box({ halfWidth: 0.4, halfHeight: 0.3, radius: 0.05, angle: 0.4, position: { x: -1, y: 3 }, angularVelocity: 2 }));
  // an off-centre triangle (its centre of mass is not its origin), rounded and not
  world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1.2, y: 0 }, { x: 0.2, y: 0.9 }], position: { x: 1.5, y: 2 }, angle: -0.3, velocity: { x: 1, y: 0 } }));
  world.add(new Polygon({ vertices: [{ x: 1, y: 1 }, { x: 2, y: 1.2 }, { x: 2.2, y: 2 }, { x: 1.1, y: 2.3 }], radius: 0.04, position: { x: 3, y: 1 }, friction: 0.3 }));
  world.add(Polygon.regular(6, 0.5, { position: { x: 5, y: 2 }, restitution: 0.3, angularVelocity: -3 }));
  world.add(Polygon.regular(5, 0.4, { position: { x: 8, y: 5 }, radius: 0.03 }));
  world.add(new Circle({ radius: 0.3, position: { x: -3, y: 4 } }));
  world.add(new Capsule({ halfLength: 0.4, radius: 0.2, position: { x: 0, y: 6 }, angle: 1 }));
  return world;
}

function jsonCopy(world: World): World {
  return World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot);
}

function binaryCopy(world: World): World {
  enableBinarySnapshots(world);
  return World.fromSnapshot(world.snapshot({ format: "binary" }).slice(0));
}

/** Step both worlds `steps` times, the hashes equal at every step. */
function stepTogether(a: World, b: World, steps: number): void {
  expect(b.stateHash()).toBe(a.stateHash());
  for (let i = 0; i < steps; i++) {
    a.step(1 / 60);
    b.step(1 / 60);
    expect(b.stateHash(), `step ${i}`).toBe(a.stateHash());
  }
}

function midMotion(): World {
  const world = shapesScene();
  for (let i = 0; i < 150; i++) world.step(1 / 60);
  return world;
}

describe("snapshots carry Box, Polygon and Segment bodies (version 5)", () => {
  it("the scene has warm contacts and sleeping bodies when it is snapshotted", () => {
    const world = midMotion();
    const snap = world.snapshot();
    expect(snap.version).toBe(5);
    expect(snap.contacts.length).toBeGreaterThan(5);
    expect(snap.bodies.filter((b) => (b.island as number) >= 0).length).toBeGreaterThanOrEqual(4);
    expect(world.bodies.filter((b) => b.isSleeping).length).toBeGreaterThanOrEqual(4);
  });

  it("JSON: World.fromSnapshot steps on with the same stateHash at every step", () => {
    const world = midMotion();
    stepTogether(world, jsonCopy(world), 240);
  });

  it("binary: World.fromSnapshot steps on with the same stateHash at every step", () => {
    const world = midMotion();
    stepTogether(world, binaryCopy(world), 240);
  });

  it("restore in place (JSON and binary), into a world whose bodies have moved on, then goes on the same", () => {
    for (const format of ["json", "binary"] as const) {
      const world = midMotion();
      enableBinarySnapshots(world);
      const snap = format === "json" ? JSON.parse(JSON.stringify(world.snapshot())) : world.snapshot({ format: "binary" });
      const other = shapesScene();
      enableBinarySnapshots(other);
      for (let i = 0; i < 30; i++) other.step(1 / 60);
      const handles = other.bodies.slice();
      other.restore(snap);
      // the user's bodies are kept where the snapshot has them
      expect(other.bodies).toEqual(handles);
      expect(other.bodies[5]).toBe(handles[5]);
      stepTogether(world, other, 200);
    }
  });

  it("the geometry comes back: kinds, vertices, normals, radius, local centre, position, mass", () => {
    const world = midMotion();
    for (const copy of [jsonCopy(world), binaryCopy(world)]) {
      expect(copy.bodies.length).toBe(world.bodies.length);
      for (let i = 0; i < world.bodies.length; i++) {
        const a = world.bodies[i]!;
        const b = copy.bodies[i]!;
        expect(b.constructor).toBe(a.constructor);
        const sa = a.shapes[0]!;
        const sb = b.shapes[0]!;
        expect(sb.kind).toBe(sa.kind);
        expect(sb.vertices).toEqual(sa.vertices);
        expect(sb.normals).toEqual(sa.normals);
        expect(sb.radius).toBe(sa.radius);
        expect(sb.halfWidth).toBe(sa.halfWidth);
        expect(b.localCenter).toEqual(a.localCenter);
        expect(b.position).toEqual(a.position);
        expect(b.worldCenter).toEqual(a.worldCenter);
        expect([b.mass, b.inertia, b.invMass, b.invInertia]).toEqual([a.mass, a.inertia, a.invMass, a.invInertia]);
        expect(b instanceof Box).toBe(a instanceof Box);
        expect(b instanceof Polygon).toBe(a instanceof Polygon);
        expect(b instanceof Segment).toBe(a instanceof Segment);
      }
    }
    // the off-centre triangle's centre is carried and is not its origin
    expect(world.bodies[8]!.localCenter.x).not.toBe(0);
  });

  it("JSON records: shape, shapes with kind and geometry, localCenter only when set; circles keep their records", () => {
    const world = midMotion();
    const snap = world.snapshot();
    const byShape = (name: string) => snap.bodies.filter((b) => b.shape === name);
    expect(byShape("segment")).toHaveLength(2);
    expect(byShape("box")).toHaveLength(5);
    expect(byShape("polygon")).toHaveLength(4);
    const seg = byShape("segment")[0]!;
    expect(seg.shapes).toEqual([{ kind: "segment", a: { x: -12, y: 0 }, b: { x: 12, y: -0.4 } }]);
    expect(seg.localCenter).toBeUndefined();
    expect(byShape("box")[4]!.shapes).toEqual([{ kind: "box", halfWidth: 0.4, halfHeight: 0.3, radius: 0.05 }]);
    const tri = byShape("polygon")[0]!;
    const entry = (tri.shapes as { kind: string; vertices: unknown[]; normals: unknown[]; radius: number }[])[0]!;
    expect(entry.kind).toBe("polygon");
    expect(entry.vertices).toEqual([{ x: 0, y: 0 }, { x: 1.2, y: 0 }, { x: 0.2, y: 0.9 }]);
    expect(entry.normals).toHaveLength(3);
    expect(tri.localCenter).toEqual({ x: (0 + 1.2 + 0.2) / 3, y: 0.3 });
    expect(byShape("polygon")[2]!.localCenter).toBeUndefined(); // a regular polygon turns about its origin
    for (const name of ["circle", "capsule", "aabb"]) {
      for (const r of byShape(name)) {
        expect(r.shapes).toBeUndefined();
        expect(r.localCenter).toBeUndefined();
      }
    }
  });

  it("world.clone() still carries them", () => {
    const world = midMotion();
    stepTogether(world, world.clone(), 60);
  });
});
