/**
 * Snapshots: a world rebuilt from `snapshot()` continues bit for bit like the
 * world that never stopped (same `stateHash()` at every step), in JSON and in
 * binary form; corrupt snapshots are rejected with a clear error. (Older
 * format versions: test/old-snapshots.test.ts, with files written by the
 * code of their time.)
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle } from "../src/entries/capsule2d.js";
import { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, type WorldSnapshot } from "../src/snapshot/snapshot.js";
import { World } from "../src/entries/binary.js";
import {
  BODY_FIELDS, BODY_LAYOUT, fieldOffset,
} from "../src/snapshot/schema.js";
import { disableCompiledCodecs } from "../src/snapshot/compile.js";
import { addJointedBodies, mixedScene } from "./support/scenes.js";

const dt = 1 / 60;

/** Through text and back, as a game would store or send it. */
function viaJSON(world: World): World {
  return World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot);
}

function viaBinary(world: World): World {
  const buffer = world.snapshot({ format: "binary" });
  return World.fromSnapshot(buffer.slice(0)); // a copy: nothing shared with the original
}

/** Every byte of a world's binary snapshot: everything that decides its future. */
function bytesOf(world: World): string {
  return Buffer.from(world.snapshot({ format: "binary" })).toString("base64");
}

/** Step both worlds `steps` times and require equal hashes and equal snapshot bytes after every step. */
function expectSameFuture(a: World, b: World, steps: number): void {
  expect(b.stateHash()).toBe(a.stateHash());
  expect(bytesOf(b)).toBe(bytesOf(a));
  for (let i = 0; i < steps; i++) {
    a.step(dt);
    b.step(dt);
    if (a.stateHash() !== b.stateHash()) throw new Error(`hashes differ ${i + 1} steps after the restore`);
    if (bytesOf(a) !== bytesOf(b)) throw new Error(`snapshots differ ${i + 1} steps after the restore`);
  }
  expect(b.time).toBe(a.time);
  expect(b.stepCount).toBe(a.stepCount);
}

function pyramid(rows: number): World {
  const world = new World({ sleeping: false });
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      world.add(new AABB({ halfWidth: 0.25, halfHeight: 0.25, position: { x: (i - (rows - row) / 2) * 0.52, y: 0.25 + row * 0.5 } }));
    }
  }
  return world;
}

for (const [name, restore] of [
  ["JSON", viaJSON],
  ["binary", viaBinary],
] as const) {
  describe(`${name} snapshots continue bit-identically`, () => {
    it("mid-collision: restitution, friction and a bullet, restored at the step of impact", () => {
      const world = new World({ gravity: { x: 0, y: -9.81 } });
      world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
      const a = world.add(new Circle({ radius: 0.3, position: { x: -2, y: 0.3 }, velocity: { x: 6, y: 0 }, restitution: 0.8 }));
      world.add(new Capsule({ radius: 0.2, halfLength: 0.4, position: { x: 1, y: 0.2 }, velocity: { x: -3, y: 0 }, angularVelocity: 2 }));
      world.add(new Circle({ radius: 0.02, bullet: true, position: { x: -8, y: 0.5 }, velocity: { x: 300, y: 0 } }));
      let steps = 0;
      let touching = 0;
      while (steps < 200) {
        world.step(dt);
        steps++;
        touching = world.contacts.filter((c) => c.bodyA === a || c.bodyB === a).filter((c) => c.bodyA.type !== "static").length;
        if (touching > 0) break;
      }
      expect(touching).toBeGreaterThan(0);
      expect(world.contacts.some((c) => c.manifold.points.some((p) => p.normalImpulse > 0))).toBe(true);
      expectSameFuture(world, restore(world), 240);
    });

    it("mid-stack: a 12-row box pyramid, restored while it settles", () => {
      const world = pyramid(12);
      for (let i = 0; i < 45; i++) world.step(dt);
      expectSameFuture(world, restore(world), 240);
    });

    it("with sleeping islands, woken after the restore by the same falling ball", () => {
      const world = mixedScene(120, 7);
      let steps = 0;
      while (!world.bodies.some((b) => b.isSleeping) && steps < 1200) {
        world.step(dt);
        steps++;
      }
      expect(world.bodies.filter((b) => b.isSleeping).length).toBeGreaterThan(0);
      const copy = restore(world);
      expect(copy.bodies.map((b) => b.isSleeping)).toEqual(world.bodies.map((b) => b.isSleeping));
      for (const w of [world, copy]) w.add(new Circle({ radius: 0.3, position: { x: 0, y: 6 }, velocity: { x: 0, y: -5 }, mass: 5 }));
      expectSameFuture(world, copy, 180);
    });

    it("keeps ids, the id counter, the advance() accumulator, pending forces and options", () => {
      const world = new World({ gravity: { x: 0.5, y: -3 }, subSteps: 6, fixedDt: 1 / 120, continuous: false });
      const a = world.add(new Circle({ radius: 0.5, label: "a" }));
      const b = world.add(new Capsule({ radius: 0.2, halfLength: 1, angle: 0.3 }));
      world.add(new AABB({ halfWidth: 1, halfHeight: 1, position: { x: 4, y: 0 } }));
      world.remove(b); // a gap in the ids
      world.advance(0.0123);
      a.applyForce({ x: 3, y: 1 }, { x: 0.1, y: 0.2 });
      const copy = restore(world);
      expect(copy.bodies.map((x) => x.id)).toEqual([0, 2]);
      expect(copy.add(new Circle({ radius: 1 })).id).toBe(3);
      world.add(new Circle({ radius: 1 }));
      expect(copy.options).toEqual(world.options);
      // pending forces are internal state (fx, tq): compare them directly
      const pending = (b: unknown) => b as { fx: number; tq: number };
      expect(pending(copy.bodies[0]).fx).toBe(3);
      expect(pending(copy.bodies[0]).tq).toBe(pending(a).tq);
      for (let i = 0; i < 30; i++) {
        expect(copy.advance(0.01)).toBe(world.advance(0.01));
        expect(copy.stateHash()).toBe(world.stateHash());
      }
    });
  });
}

describe("snapshot data", () => {
  it("is plain JSON, round-trips to an identical snapshot and keeps −0 and JSON userData", () => {
    const world = mixedScene(40, 3);
    const odd = world.add(new Circle({ radius: 0.2, position: { x: 0, y: 20 }, velocity: { x: -0, y: 0 }, userData: { team: "red", hp: [1, 2] } }));
    world.add(new Circle({ radius: 0.2, position: { x: 1, y: 20 }, userData: () => 1 }));
    for (let i = 0; i < 30; i++) world.step(dt);
    odd.setVelocity({ x: -0, y: odd.velocity.y });
    const snap = world.snapshot();
    const text = JSON.stringify(snap);
    const copy = World.fromSnapshot(JSON.parse(text) as WorldSnapshot);
    expect(JSON.stringify(copy.snapshot())).toBe(text);
    const restoredOdd = copy.bodies.find((b) => b.id === odd.id)!;
    expect(Object.is(restoredOdd.velocity.x, -0)).toBe(true);
    expect(restoredOdd.userData).toEqual({ team: "red", hp: [1, 2] });
    expect(copy.bodies.at(-1)!.userData).toBeUndefined();
    expect(copy.contacts.length).toBe(world.contacts.length);
  });

  it("binary: a header, the options, then 288 bytes per body and 176 per contact", () => {
    const world = mixedScene(300, 5);
    for (let i = 0; i < 60; i++) world.step(dt);
    const buffer = world.snapshot({ format: "binary" });
    const contacts = world.snapshot().contacts.length;
    const fixed = buffer.byteLength - world.bodies.length * BINARY_BYTES_PER_BODY - contacts * BINARY_BYTES_PER_CONTACT;
    // 256 and 160 before version 4 added the conveyor speed, rolling resistance and one-way direction; 168 per
    // contact before version 6 added which shapes of compound bodies touch
    expect(BINARY_BYTES_PER_BODY).toBe(288);
    expect(BINARY_BYTES_PER_CONTACT).toBe(176);
    expect(fixed).toBeGreaterThan(64);
    expect(fixed).toBeLessThan(1024);
    // binary and JSON describe the same world
    expect(viaBinary(world).stateHash()).toBe(viaJSON(world).stateHash());
  });
});

describe("binary snapshot sizes, measured (the README's figures)", () => {
  // Differences of real snapshots, not the layout constants: what a user's buffer grows by.
  const size = (w: World) => w.snapshot({ format: "binary" }).byteLength;

  it("a header of 736 bytes, 288 per body, 176 per contact, 304 per joint of every type", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const empty = size(world);
    expect(empty).toBe(736);
    const a = world.add(new Circle({ position: { x: 0, y: 0 }, radius: 0.5 }));
    expect(size(world) - empty).toBe(288);
    const b = world.add(new Capsule({ position: { x: 5, y: 0 }, halfLength: 0.5, radius: 0.2 }));
    world.add(new AABB({ position: { x: 20, y: 0 }, halfWidth: 0.5, halfHeight: 0.5 }));
    expect(size(world) - empty).toBe(3 * 288);
    // one touching pair: one contact
    world.add(new Circle({ position: { x: 20.9, y: 0 }, radius: 0.5 }));
    world.step(dt);
    expect(world.contacts.length).toBe(1);
    const withContact = size(world);
    expect(withContact - empty - 4 * 288).toBe(176);
    let before = withContact;
    for (const def of [
      { type: "revolute", bodyA: a, bodyB: b, anchor: { x: 2, y: 0 } },
      { type: "distance", bodyA: a, bodyB: b },
      { type: "prismatic", bodyA: a, bodyB: b, anchor: { x: 2, y: 0 }, axis: { x: 1, y: 0 } },
      { type: "weld", bodyA: a, bodyB: b, anchor: { x: 2, y: 0 } },
      { type: "wheel", bodyA: a, bodyB: b, anchor: { x: 2, y: 0 }, axis: { x: 0, y: 1 } },
      { type: "motor", bodyA: a, bodyB: b },
      { type: "filter", bodyA: a, bodyB: b },
    ] as const) {
      world.addJoint(def);
      expect(size(world) - before, def.type).toBe(304);
      before = size(world);
    }
    // and after a step (warm-start impulses filled in), the same
    world.step(dt);
    expect(size(world)).toBe(withContact + 7 * 304);
  });
});

describe("corrupt snapshots are rejected and build nothing", () => {
  function good(): WorldSnapshot {
    const world = mixedScene(10, 2);
    for (let i = 0; i < 40; i++) world.step(dt);
    return JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot;
  }

  it("JSON: wrong format, version, NaN, unknown shape, duplicate ids, dangling contacts, bad options", () => {
    const cases: [string, (s: WorldSnapshot) => unknown, RegExp, ErrorConstructor][] = [
      ["not an object", () => 42, /snapshot must be an object/, TypeError],
      ["format", (s) => ({ ...s, format: "box2d" }), /format must be "capsule2d-snapshot"/, RangeError],
      ["version", (s) => ({ ...s, version: 99 }), /version 99 is not supported/, RangeError],
      ["NaN position", (s) => { (s.bodies[3]!.position as { x: unknown }).x = NaN; return s; }, /bodies\[3\]\.position\.x must be a finite number/, RangeError],
      ["string number", (s) => { (s.bodies[3] as { mass: unknown }).mass = "1"; return s; }, /bodies\[3\]\.mass must be a number/, TypeError],
      ["unknown shape", (s) => { (s.bodies[2] as { shape: unknown }).shape = "triangle"; return s; }, /bodies\[2\]\.shape must be one of/, TypeError],
      ["duplicate ids", (s) => { s.bodies[5]!.id = s.bodies[4]!.id; return s; }, /ids must be unique and in order/, RangeError],
      ["dangling contact", (s) => { s.contacts[0]!.bodyB = 9999; return s; }, /names body 9999, which is not in the snapshot/, RangeError],
      ["negative radius", (s) => { const b = s.bodies.find((x) => x.shape === "circle")!; b.radius = -1; return s; }, /radius must be >= 0/, RangeError],
      ["zero radius", (s) => { const b = s.bodies.find((x) => x.shape === "circle")!; b.radius = 0; return s; }, /radius must be > 0/, RangeError],
      ["not a unit rotation", (s) => { (s.bodies[6]!.rotation as { cos: number }).cos = 0.5; return s; }, /rotation\.cos² \+ rotation\.sin² must be 1/, RangeError],
      ["static body with mass", (s) => { const b = s.bodies.find((x) => x.type === "static")!; b.mass = 1; return s; }, /a static body has mass 0/, RangeError],
      ["unknown option", (s) => { s.options.gravty = 1; return s; }, /unknown World option "gravty"; did you mean "gravity"/, TypeError],
      ["bad option", (s) => { s.options.subSteps = 0; return s; }, /options: subSteps/, RangeError],
      ["missing bodies", (s) => { (s as { bodies: unknown }).bodies = undefined; return s; }, /bodies must be an array/, TypeError],
    ];
    expect(good().contacts.length).toBeGreaterThan(0);
    for (const [name, corrupt, message, type] of cases) {
      const data = corrupt(good());
      let error: unknown = null;
      try {
        World.fromSnapshot(data as WorldSnapshot);
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(type);
      expect((error as Error).message, name).toMatch(message);
    }
  });

  it("binary: wrong magic, version, truncated, padded, NaN, unknown shape kind, duplicate ids", () => {
    const world = mixedScene(10, 2);
    for (let i = 0; i < 40; i++) world.step(dt);
    const original = world.snapshot({ format: "binary" });
    const optionsLength = new DataView(original).getUint32(16, true);
    const firstBody = 64 + ((optionsLength + 7) & ~7);
    const radius = fieldOffset(BODY_FIELDS, BODY_LAYOUT, "radius");
    const shape = fieldOffset(BODY_FIELDS, BODY_LAYOUT, "shape");
    const id = fieldOffset(BODY_FIELDS, BODY_LAYOUT, "id");
    const edit = (f: (v: DataView) => void): ArrayBuffer => {
      const copy = original.slice(0);
      f(new DataView(copy));
      return copy;
    };
    const cases: [string, ArrayBuffer, RegExp, ErrorConstructor][] = [
      ["magic", edit((v) => v.setUint32(0, 0x12345678, true)), /wrong magic/, RangeError],
      ["version", edit((v) => v.setUint16(4, 8, true)), /version 8 is not supported/, RangeError],
      ["truncated", original.slice(0, original.byteLength - 3), /needs/, RangeError],
      ["padded", (() => { const b = new Uint8Array(original.byteLength + 8); b.set(new Uint8Array(original)); return b.buffer; })(), /needs/, RangeError],
      ["header only", original.slice(0, 20), /shorter than its 64-byte header/, RangeError],
      ["count", edit((v) => v.setUint32(8, 11, true)), /needs/, RangeError],
      ["NaN", edit((v) => v.setFloat64(firstBody + radius.at, NaN, true)), /bodies\[0\]\.radius must be a finite number/, RangeError],
      // the 3 bits of the shape hold 8 names since version 7 ("chain"): kind 7 is unknown to version 6, and a chain needs its points
      ["shape kind", edit((v) => { v.setUint16(4, 6, true); v.setInt32(firstBody + shape.at, v.getInt32(firstBody + shape.at, true) | (7 << shape.bit), true); }), /unknown shape kind 7 \(version 7 added "chain"\)/, TypeError],
      ["a chain without its points", edit((v) => v.setInt32(firstBody + shape.at, v.getInt32(firstBody + shape.at, true) | (7 << shape.bit), true)), /truncated/, RangeError],
      ["duplicate ids", edit((v) => v.setUint32(firstBody + BODY_LAYOUT.bytes + id.at, 0, true)), /ids must be unique and in order/, RangeError],
    ];
    for (const [name, buffer, message, type] of cases) {
      let error: unknown = null;
      try {
        World.fromSnapshot(buffer);
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(type);
      expect((error as Error).message, name).toMatch(message);
    }
    expect(World.fromSnapshot(original).stateHash()).toBe(world.stateHash());
  });

  it("snapshot() rejects an unknown format", () => {
    expect(() => new World().snapshot({ format: "xml" } as never)).toThrow(/format must be one of "json", "binary"/);
  });
});

describe("compiled record codecs (src/snapshot/compile.ts)", () => {
  /** Mixed bodies and every joint type. */
  function jointedMixedScene(n: number, seed: number): World {
    const world = mixedScene(n, seed);
    const cols = Math.ceil(Math.sqrt(n * 1.5));
    addJointedBodies(world, cols * 0.35 + 1, 4 + (n / cols) * 0.8 + 3.5);
    return world;
  }

  /** Where the body record of body index i starts in a binary snapshot. */
  function bodyAt(buffer: ArrayBuffer, i: number): number {
    const optionsLength = new DataView(buffer).getUint32(16, true);
    return 64 + ((optionsLength + 7) & ~7) + i * BODY_LAYOUT.bytes;
  }

  it("write the same bytes, read the same worlds and refuse bad values with the same errors as walking the schema", () => {
    const world = jointedMixedScene(60, 4);
    for (let i = 0; i < 150; i++) world.step(dt);
    expect(world.joints.length).toBeGreaterThan(0);
    expect(world.contacts.length).toBeGreaterThan(0);
    const corrupt = (edit: (v: DataView, at: number) => void) => (buffer: ArrayBuffer): ArrayBuffer => {
      const copy = buffer.slice(0);
      edit(new DataView(copy), bodyAt(copy, 7));
      return copy;
    };
    const corruptions = [
      corrupt((v, at) => v.setFloat64(at + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "position.x").at, NaN, true)),
      corrupt((v, at) => v.setFloat64(at + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "velocity.y").at, -Infinity, true)),
      corrupt((v, at) => v.setFloat64(at + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "mass").at, -1, true)),
      corrupt((v, at) => v.setFloat64(at + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "sleepTime").at, -1, true)),
      corrupt((v, at) => v.setUint32(at + fieldOffset(BODY_FIELDS, BODY_LAYOUT, "id").at, 0xffffffff, true)),
      corrupt((v, at) => {
        const { at: flags, bit } = fieldOffset(BODY_FIELDS, BODY_LAYOUT, "type");
        v.setInt32(at + flags, v.getInt32(at + flags, true) | (3 << bit), true); // type index 3: no such type
      }),
    ];
    const errorOf = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return `${(e as Error).constructor.name}: ${(e as Error).message}`;
      }
      return "no error";
    };
    const run = () => {
      const buffer = world.snapshot({ format: "binary" });
      const copy = World.fromSnapshot(buffer);
      const restored = jointedMixedScene(60, 4).restore(buffer);
      for (let i = 0; i < 30; i++) {
        copy.step(dt);
        restored.step(dt);
      }
      return {
        bytes: Buffer.from(buffer).toString("base64"),
        after: [bytesOf(copy), bytesOf(restored)],
        errors: corruptions.map((c) => errorOf(() => World.fromSnapshot(c(buffer)))),
      };
    };
    const compiled = run();
    disableCompiledCodecs(true);
    let walked: ReturnType<typeof run>;
    try {
      walked = run();
    } finally {
      disableCompiledCodecs(false);
    }
    expect(compiled.bytes).toBe(walked.bytes);
    expect(compiled.after).toEqual(walked.after);
    expect(compiled.after[1]).toBe(compiled.after[0]);
    expect(compiled.errors).toEqual(walked.errors);
    for (const e of compiled.errors) expect(e).toMatch(/^(RangeError|TypeError): capsule2d: invalid snapshot: bodies\[7\]\./);
  });
});
