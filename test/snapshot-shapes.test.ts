/**
 * Snapshots (JSON and binary), restore and the hash with Box, Polygon and
 * Segment bodies (format version 5): a world snapshotted mid-motion, with
 * contacts warm and some bodies asleep, goes on bit for bit as the world that
 * never stopped.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Circle, Polygon, Segment, World, type Body } from "../src/entries/capsule2d.js";
import { enableBinarySnapshots, World as BinaryWorld } from "../src/entries/binary.js";
import { Recorder, Recording, applyDelta, deltaSnapshot, replay, verify } from "../src/entries/replay.js";
import { fnv1a } from "../src/replay/recording.js";
import { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, type WorldSnapshot } from "../src/snapshot/snapshot.js";

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
  return BinaryWorld.fromSnapshot(world.snapshot({ format: "binary" }).slice(0));
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
    expect(snap.version).toBe(7); // version 6 added Compound bodies, 7 Chain bodies; these bodies are written as version 5 wrote them
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

describe("replay and rollback with Box, Polygon and Segment bodies", () => {
  function session(world: World, recorder: Recorder, steps: number): void {
    for (let i = 0; i < steps; i++) {
      // bodies of every new kind added while recording (a recording writes an added body whole)
      if (i === 20) world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.8, y: 0.1 }, { x: 0.3, y: 0.7 }], radius: 0.02, position: { x: -2, y: 5 } }));
      if (i === 30) world.add(new Box({ halfWidth: 0.3, halfHeight: 0.2, position: { x: 2, y: 6 }, angle: 0.2 }));
      if (i === 40) world.add(new Segment({ a: { x: 0, y: 0 }, b: { x: 1, y: 0.2 }, position: { x: 6, y: 1 }, type: "static" }));
      if (i === 50) world.add(Polygon.regular(7, 0.35, { position: { x: 4, y: 6 } }));
      if (i === 60) world.bodies[8]!.applyImpulse({ x: 0.5, y: 2 });
      world.step(1 / 60);
    }
    expect(recorder.recording.lastStep).toBe(world.stepCount);
  }

  it("a recorded session with polygons (some added while recording) replays bit for bit, from memory and from its saved form", () => {
    const world = midMotion();
    const recorder = new Recorder(world, { snapshotInterval: 15 });
    session(world, recorder, 120);
    for (const rec of [recorder.recording, Recording.fromBuffer(recorder.save())]) {
      const result = replay(rec);
      expect(result.world.stateHash()).toBe(world.stateHash());
      expect(new Uint8Array(result.world.snapshot({ format: "binary" }))).toEqual(new Uint8Array(world.snapshot({ format: "binary" })));
      expect(verify(rec, result)).toEqual({ ok: true, steps: rec.stepCount, divergence: null });
    }
  });

  it("a recording made before version 5 (by 1f4a357: circles, a capsule and an AABB added while recording) still reads and replays", () => {
    // written by main at 1f4a357 (test/fixtures/write-old-recording.mjs): a floor and a ball, a Recorder, 60 steps adding four
    // bodies (their records in the layout of version 4, as recordings still write circles, capsules and AABBs)
    const bytes = readFileSync(fileURLToPath(new URL("./fixtures/recording-1f4a357.c2dr", import.meta.url)));
    const rec = Recording.fromBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const result = replay(rec);
    expect(result.world.bodies.map((b) => b.shapes[0]!.kind)).toEqual(["aabb", "circle", "circle", "capsule", "aabb", "circle"]);
    expect(result.world.stepCount).toBe(60);
    expect(result.world.stateHash()).toBe("a0721c49579fda1d");
    expect(verify(rec, result)).toEqual({ ok: true, steps: 60, divergence: null });
  });

  it("rollback: back 50 steps and forward again gives the same hashes", () => {
    const world = midMotion();
    const recorder = new Recorder(world, { snapshotInterval: 10 });
    const hashes: string[] = [];
    for (let i = 0; i < 100; i++) {
      if (i === 5) world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.8, y: 0.1 }, { x: 0.3, y: 0.7 }], position: { x: -2, y: 5 } }));
      world.step(1 / 60);
      hashes.push(world.stateHash());
    }
    const back = world.stepCount - 50;
    recorder.rollback(back);
    expect(world.stepCount).toBe(back);
    expect(world.stateHash()).toBe(hashes[hashes.length - 51]);
    for (let i = 50; i > 0; i--) {
      world.step(1 / 60);
      expect(world.stateHash()).toBe(hashes[hashes.length - i]);
    }
  });
});

/** A delta's sections: bytes in the result, kind (0: differences, 1: whole), words of differences sent. */
function deltaSections(delta: ArrayBuffer): { bytes: number; kind: number; words: number }[] {
  const v = new DataView(delta);
  let at = 20;
  const out = [];
  while (at < delta.byteLength) {
    const bytes = v.getUint32(at, true);
    const kind = v.getUint8(at + 4);
    at += 5;
    let words = 0;
    if (kind === 1) at += bytes;
    else {
      const blocks = v.getUint32(at, true);
      at += 4;
      for (let k = 0; k < blocks; k++) {
        const mask = v.getUint32(at + 4, true);
        let n = 0;
        for (let i = 0; i < 32; i++) n += (mask >>> i) & 1;
        at += 8 + 8 * n;
        words += n;
      }
    }
    out.push({ bytes, kind, words });
  }
  return out;
}

describe("delta snapshots with Box, Polygon and Segment bodies", () => {
  it("rebuild the snapshot byte for byte, and the geometry, unchanged, costs nothing when the contacts change", () => {
    const world = midMotion();
    enableBinarySnapshots(world);
    const base = world.snapshot({ format: "binary" });
    const contactsBefore = world.snapshot().contacts.length;
    world.bodies[12]!.setVelocity({ x: 6, y: 0 }); // the capsule, into the polygons
    for (let i = 0; i < 40; i++) world.step(1 / 60);
    const current = world.snapshot({ format: "binary" });
    expect(world.snapshot().contacts.length).not.toBe(contactsBefore); // the contact section is sent whole
    const delta = deltaSnapshot(base, current);
    expect(new Uint8Array(applyDelta(base, delta))).toEqual(new Uint8Array(current));
    stepTogether(world, BinaryWorld.fromSnapshot(applyDelta(base, delta)), 30);
    // the geometry blocks (after the contact and joint records) are a section of their own, the same in both: no word sent
    const v = new DataView(current);
    const records = 64 + ((v.getUint32(16, true) + 7) & ~7) + v.getUint32(8, true) * BINARY_BYTES_PER_BODY + v.getUint32(12, true) * BINARY_BYTES_PER_CONTACT;
    const geometry = current.byteLength - records;
    expect(geometry).toBeGreaterThan(11 * 56);
    const sections = deltaSections(delta);
    expect(sections.map((x) => x.kind)).toEqual([0, 0, 1, 0]);
    expect(sections[3]).toEqual({ bytes: geometry, kind: 0, words: 0 });
  });

  it("a version 1 delta (three sections, made before geometry had its own) still applies", () => {
    const world = midMotion();
    enableBinarySnapshots(world);
    const base = new Uint8Array(world.snapshot({ format: "binary" }));
    world.step(1 / 60);
    const current = new Uint8Array(world.snapshot({ format: "binary" }));
    // every section whole: [0, bodies), [bodies, end) split anywhere on a word, and an empty third
    const v = new DataView(new ArrayBuffer(20 + 3 * 5 + current.length));
    let at = 0;
    const u32 = (x: number) => (v.setUint32(at, x, true), (at += 4));
    u32(0x44443243);
    u32(1);
    u32(base.length);
    u32(fnv1a(base, 0, base.length));
    u32(current.length);
    for (const [from, to] of [[0, 64], [64, current.length], [current.length, current.length]] as const) {
      u32(to - from);
      v.setUint8(at++, 1);
      new Uint8Array(v.buffer, at, to - from).set(current.subarray(from, to));
      at += to - from;
    }
    expect(new Uint8Array(applyDelta(base.buffer, v.buffer))).toEqual(current);
  });
});

describe("stateHash covers the geometry of Box, Polygon and Segment bodies", () => {
  const tri = (x: number) => new Polygon({ vertices: [{ x: 0, y: 0 }, { x, y: 0 }, { x: 0.2, y: 0.9 }], position: { x: 0, y: 1 }, type: "static" });

  it("two worlds that differ only in one polygon vertex, a radius or a segment end hash differently", () => {
    const hash = (body: () => Body) => {
      const world = new World();
      world.add(new Circle({ radius: 0.5, position: { x: 5, y: 5 } }));
      world.add(body());
      return world.stateHash();
    };
    expect(hash(() => tri(1.2))).toBe(hash(() => tri(1.2)));
    expect(hash(() => tri(1.2))).not.toBe(hash(() => tri(1.2000000000000002)));
    const poly = (radius: number) => () => Polygon.regular(5, 0.5, { radius, type: "static" });
    expect(hash(poly(0))).not.toBe(hash(poly(0.01)));
    const box = (hw: number) => () => new Box({ halfWidth: hw, halfHeight: 0.5, type: "static" });
    expect(hash(box(1))).not.toBe(hash(box(1.5)));
    const seg = (bx: number) => () => new Segment({ a: { x: -1, y: 0 }, b: { x: bx, y: 0 }, type: "static" });
    expect(hash(seg(1))).not.toBe(hash(seg(2)));
  });

  it("a scene of circles, capsules and AABBs hashes as before (test/recorded-hashes.test.ts holds the recorded ones)", () => {
    const world = new World();
    world.add(new Circle({ radius: 0.5, position: { x: 0, y: 5 } }));
    world.add(new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 2, y: 5 } }));
    world.add(new AABB({ halfWidth: 5, halfHeight: 0.5, type: "static" }));
    // id, position, rotation, velocities: the 8 words of each body, no more
    expect(world.stateHash()).toBe(hashOfWords(world.bodies.map((b) => [b.id, b.position.x, b.position.y, 1, 0, 0, 0, 0])));
  });
});

/** FNV-1a over the bodies' words as stateHash runs it (src/world/hash.ts). */
function hashOfWords(bodies: number[][]): string {
  const v = new DataView(new Float64Array(bodies.flat()).buffer);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x9e3779b9;
  for (let at = 0; at < v.byteLength; at += 4) {
    const w = v.getUint32(at, true);
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

describe("restore and the geometry it keeps", () => {
  it("into a world whose polygon of the same id has other vertices: the snapshot's geometry, and the same steps", () => {
    const make = (x: number) => {
      const world = new World();
      world.add(new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 0 }, type: "static" }));
      world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x, y: 0 }, { x: 0.3, y: 0.7 }], position: { x: 0, y: 1 } }));
      return world;
    };
    const a = make(1);
    for (let i = 0; i < 30; i++) a.step(1 / 60);
    enableBinarySnapshots(a);
    for (const snap of [a.snapshot(), a.snapshot({ format: "binary" })]) {
      const b = make(2);
      enableBinarySnapshots(b);
      const handle = b.bodies[1]!;
      b.restore(snap);
      expect(b.bodies[1]).toBe(handle);
      expect(handle.shapes[0]!.vertices).toEqual(a.bodies[1]!.shapes[0]!.vertices);
      expect(handle.localCenter).toEqual(a.bodies[1]!.localCenter);
      expect(handle.mass).toBe(a.bodies[1]!.mass);
      const c = World.fromSnapshot(a.snapshot());
      stepTogether(c, b, 60);
    }
  });

  it("restoring the same snapshot again keeps each body's shape (nothing rebuilt)", () => {
    const world = midMotion();
    enableBinarySnapshots(world);
    const buffer = world.snapshot({ format: "binary" });
    world.restore(buffer);
    const shapes = world.bodies.map((b) => b.shapes[0]);
    for (let i = 0; i < 3; i++) {
      world.step(1 / 60);
      world.restore(buffer);
      world.bodies.forEach((b, k) => expect(b.shapes[0], `body ${k}`).toBe(shapes[k]));
    }
    // and it still steps as the world it was saved from (a restore of other geometry: the test above)
    stepTogether(jsonCopy(world), world, 30);
  });
});
