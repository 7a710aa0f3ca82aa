/**
 * One-way platforms (issue 11, part 2): the `oneWay` body option of static
 * and kinematic bodies. Bodies land on a platform from the allowed side and
 * pass through it from every other side; the decision is per contact, kept
 * for its life, and re-made when a passing body is wholly on the allowed
 * side again (a jump that barely clears the platform lands on it). In both
 * solvers, with sub-steps and continuous collision, across snapshots.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, type Body, type WorldOptions, type WorldSnapshot } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too

const dt = 1 / 60;
const CONFIGS: [string, WorldOptions][] = [
  ["soft-step", {}],
  ["soft-step, 8 sub-steps", { subSteps: 8 }],
  ["pgs", { solver: "pgs" }],
];

/** A floor at y = 0 and a 0.1 m one-way slab (up) from x = −3 to 3, top at y = `top`. */
function platformWorld(options: WorldOptions, top = 2): { world: World; slab: AABB } {
  const world = new World({ sleeping: false, ...options });
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
  const slab = world.add(AABB.fromBounds({ x: -3, y: top - 0.1 }, { x: 3, y: top }, { type: "static", oneWay: { x: 0, y: 1 } }));
  return { world, slab };
}

function bottomOf(b: Body): number {
  return b.kind === 2 ? b.position.y - b.halfHeight : b.position.y - b.radius - Math.abs(b.rotSin) * b.halfLength;
}

const shapes: [string, () => Body][] = [
  ["box", () => new AABB({ position: { x: 0, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25 })],
  ["circle", () => new Circle({ position: { x: 0, y: 0.25 }, radius: 0.25 })],
  ["upright capsule", () => new Capsule({ position: { x: 0, y: 0.6 }, angle: Math.PI / 2, halfLength: 0.35, radius: 0.25, fixedRotation: true })],
];

describe("the oneWay option and setOneWay", () => {
  it("is kept as a unit vector, read-only, and changed through setOneWay", () => {
    const slab = new AABB({ halfWidth: 1, halfHeight: 0.05, type: "static", oneWay: { x: 0, y: 2 } });
    expect(slab.oneWay).toEqual({ x: 0, y: 1 });
    expect(() => ((slab as unknown as { oneWay: unknown }).oneWay = { x: 1, y: 0 })).toThrow(/setOneWay/);
    slab.setOneWay({ x: -3, y: 4 });
    expect(slab.oneWay).toEqual({ x: -0.6, y: 0.8 });
    slab.setOneWay(null);
    expect(slab.oneWay).toBeNull();
    expect(new AABB({ halfWidth: 1, halfHeight: 1, type: "kinematic", oneWay: { x: 1, y: 0 } }).oneWay).toEqual({ x: 1, y: 0 });
  });

  it("rejects a zero, non-finite or missing direction, and dynamic bodies, changing nothing", () => {
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, type: "static", oneWay: { x: 0, y: 0 } })).toThrow(RangeError);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, type: "static", oneWay: { x: 0, y: 0 } })).toThrow(/oneWay/);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, type: "static", oneWay: { x: NaN, y: 1 } })).toThrow(/oneWay\.x/);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, type: "static", oneWay: { x: 1e200, y: 1e200 } })).toThrow(RangeError);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, type: "static", oneWay: "up" as never })).toThrow(TypeError);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, oneWay: { x: 0, y: 1 } })).toThrow(/static and kinematic/);
    const world = new World();
    const slab = world.add(new AABB({ halfWidth: 1, halfHeight: 0.05, type: "static", oneWay: { x: 0, y: 1 } }));
    const crate = world.add(new AABB({ halfWidth: 0.2, halfHeight: 0.2, position: { x: 0, y: 2 } }));
    const before = JSON.stringify(world.snapshot());
    expect(() => slab.setOneWay({ x: 0, y: 0 })).toThrow(/direction/);
    expect(() => slab.setOneWay({ x: Infinity, y: 0 })).toThrow(/direction\.x/);
    expect(() => crate.setOneWay({ x: 0, y: 1 })).toThrow(/dynamic/);
    expect(JSON.stringify(world.snapshot())).toBe(before);
    expect(slab.oneWay).toEqual({ x: 0, y: 1 });
    expect(crate.oneWay).toBeNull();
  });
});

for (const [name, options] of CONFIGS) {
  describe(`one-way platforms, ${name}`, () => {
    for (const [shapeName, make] of shapes) {
      it(`a ${shapeName} dropped from above lands on the slab and stays`, () => {
        const { world } = platformWorld(options);
        const body = world.add(make());
        body.setPosition({ x: 0.3, y: 4 });
        for (let i = 0; i < 120; i++) world.step(dt);
        expect(bottomOf(body)).toBeGreaterThan(2 - 0.02);
        expect(bottomOf(body)).toBeLessThan(2 + 0.01);
        expect(Math.abs(body.velocity.y)).toBeLessThan(0.05);
        expect(body.getGroundContact()).not.toBeNull();
      });

      it(`a ${shapeName} thrown up from below passes through and lands on top`, () => {
        const { world } = platformWorld(options);
        const body = world.add(make());
        for (let i = 0; i < 10; i++) world.step(dt);
        body.setVelocity({ x: 0, y: 9 }); // rises about 4 m: its bottom clears the top (2 m) by far
        let passed = false;
        const starts: string[] = [];
        world.on("collisionStart", ({ pairs }) => {
          for (const p of pairs) starts.push(`${p.bodyA.id}-${p.bodyB.id}`);
        });
        for (let i = 0; i < 180; i++) {
          world.step(dt);
          if (bottomOf(body) > 2.1) passed = true;
        }
        expect(passed).toBe(true);
        expect(bottomOf(body)).toBeGreaterThan(2 - 0.02);
        expect(bottomOf(body)).toBeLessThan(2 + 0.01);
        // one begin with the slab: the landing (the way up was no contact)
        expect(starts.filter((s) => s === `1-${body.id}`).length).toBe(1);
      });
    }

    it("landing at 30 m/s on the 0.1 m slab", () => {
      for (const [, make] of shapes) {
        const { world } = platformWorld(options);
        const body = world.add(make());
        body.setPosition({ x: 0, y: 9 });
        body.setVelocity({ x: 0, y: -30 });
        for (let i = 0; i < 120; i++) world.step(dt);
        expect(bottomOf(body)).toBeGreaterThan(2 - 0.02);
        expect(bottomOf(body)).toBeLessThan(2 + 0.01);
      }
    });

    it("jumping up through it at 20 m/s, then landing on it", () => {
      for (const [, make] of shapes) {
        const { world } = platformWorld(options);
        const body = world.add(make());
        body.setVelocity({ x: 0, y: 20 });
        let top = 0;
        for (let i = 0; i < 300; i++) {
          world.step(dt);
          top = Math.max(top, bottomOf(body));
        }
        expect(top).toBeGreaterThan(15);
        expect(bottomOf(body)).toBeGreaterThan(2 - 0.02);
        expect(bottomOf(body)).toBeLessThan(2 + 0.01);
      }
    });

    it("a jump lands on the slab exactly when it clears the top (barely clearing included)", () => {
      // launch speeds around the one whose apex just reaches the top: each run either clears the
      // top (its highest bottom above it) and lands, or falls short and drops back to the floor
      // the launch speed whose apex puts the box's bottom at the top, found without the slab
      // (each solver integrates the rise a little differently)
      const apex = (v: number): number => {
        const w = new World({ sleeping: false, ...options });
        w.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
        const b = w.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.25, halfHeight: 0.25, velocity: { x: 0, y: v } }));
        let h = -Infinity;
        for (let i = 0; i < 60; i++) {
          w.step(dt);
          h = Math.max(h, bottomOf(b));
        }
        return h;
      };
      let lo = 5;
      let hi = 7;
      for (let i = 0; i < 40; i++) {
        const mid = 0.5 * (lo + hi);
        if (apex(mid) < 2) lo = mid;
        else hi = mid;
      }
      const v0 = hi;
      let barely = 0;
      let short = 0;
      for (let k = -6; k <= 6; k++) {
        const { world } = platformWorld(options);
        const box = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.25, halfHeight: 0.25 }));
        box.setVelocity({ x: 0, y: v0 + k * 0.002 }); // about 1.2 mm of apex per k
        let highest = -Infinity;
        for (let i = 0; i < 150; i++) {
          world.step(dt);
          highest = Math.max(highest, bottomOf(box));
        }
        const landed = bottomOf(box) > 1.9;
        if (highest >= 2) {
          expect(landed).toBe(true);
          if (highest < 2.01) barely++;
        } else if (highest < 2 - 0.005) {
          expect(landed).toBe(false);
          short++;
        }
      }
      expect(barely).toBeGreaterThan(0);
      expect(short).toBeGreaterThan(0);
    });

    it("its sides stop nothing: a box sliding in at the slab's height passes", () => {
      const world = new World({ sleeping: false, gravity: { x: 0, y: 0 }, ...options });
      world.add(AABB.fromBounds({ x: -1, y: -0.05 }, { x: 1, y: 0.05 }, { type: "static", oneWay: { x: 0, y: 1 } }));
      const box = world.add(new AABB({ position: { x: -3, y: 0 }, halfWidth: 0.25, halfHeight: 0.25, velocity: { x: 5, y: 0 } }));
      for (let i = 0; i < 60; i++) world.step(dt);
      expect(box.position.x).toBeCloseTo(2, 6);
      expect(box.velocity.x).toBe(5);
    });

    it("a sideways one-way wall ({ x: 1, y: 0 }) stops what comes from +x and lets through what comes from −x", () => {
      const world = new World({ sleeping: false, gravity: { x: 0, y: 0 }, ...options });
      world.add(AABB.fromBounds({ x: -0.05, y: -2 }, { x: 0.05, y: 2 }, { type: "static", oneWay: { x: 1, y: 0 } }));
      const fromLeft = world.add(new Circle({ position: { x: -2, y: 1 }, radius: 0.25, velocity: { x: 4, y: 0 } }));
      const fromRight = world.add(new Circle({ position: { x: 2, y: -1 }, radius: 0.25, velocity: { x: -4, y: 0 } }));
      for (let i = 0; i < 60; i++) world.step(dt);
      expect(fromLeft.position.x).toBeGreaterThan(1.5);
      expect(fromRight.position.x).toBeGreaterThan(0.05 + 0.25 - 0.02);
      expect(fromRight.velocity.x).toBeGreaterThanOrEqual(-0.01);
    });

    it("a kinematic one-way lift carries a crate up, and one below it rises through", () => {
      const world = new World({ sleeping: false, ...options });
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
      const lift = world.add(
        new AABB({ position: { x: 0, y: 1.05 }, halfWidth: 1.5, halfHeight: 0.05, type: "kinematic", oneWay: { x: 0, y: 1 }, velocity: { x: 0, y: 1 } }),
      );
      const rider = world.add(new AABB({ position: { x: -0.5, y: 1.35 }, halfWidth: 0.25, halfHeight: 0.25 }));
      const below = world.add(new AABB({ position: { x: 0.5, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25 }));
      for (let i = 0; i < 120; i++) world.step(dt);
      // two seconds at 1 m/s: the lift's top at 3.1, the rider on it; the crate below stayed on the floor
      expect(lift.position.y).toBeCloseTo(3.05, 6);
      expect(bottomOf(rider)).toBeGreaterThan(3.1 - 0.03);
      expect(bottomOf(rider)).toBeLessThan(3.1 + 0.01);
      expect(bottomOf(below)).toBeLessThan(0.01);
    });
  });
}

describe("a one-way platform made of tiles", () => {
  for (const [name, options] of CONFIGS) {
    it(`a box jumps up through a row of separate one-way tiles, lands, and slides across them seam-free, ${name}`, () => {
      const world = new World({ sleeping: false, ...options });
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 40, y: 0 }, { type: "static" }));
      for (let i = -5; i < 30; i++) {
        world.add(new AABB({ position: { x: i + 0.5, y: 1.75 }, halfWidth: 0.5, halfHeight: 0.25, type: "static", friction: 0, oneWay: { x: 0, y: 1 } }));
      }
      const box = world.add(new AABB({ position: { x: 0.5, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0 }));
      box.setVelocity({ x: 0, y: 9 });
      for (let i = 0; i < 150; i++) world.step(dt);
      expect(bottomOf(box)).toBeGreaterThan(2 - 0.02);
      const rest = box.position.y;
      box.setVelocity({ x: 6, y: 0 });
      while (box.position.x < 25) {
        world.step(dt);
        expect(box.velocity.x).toBeGreaterThanOrEqual(6 - 0.05);
        expect(Math.abs(box.position.y - rest)).toBeLessThanOrEqual(0.001);
      }
    });
  }
});

describe("one-way platforms in snapshots", () => {
  for (const format of ["json", "binary"] as const) {
    it(`a box halfway through a slab continues bit-identically after a ${format} snapshot and a clone`, () => {
      const { world, slab } = platformWorld({});
      const box = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.25, halfHeight: 0.25 }));
      box.setVelocity({ x: 0, y: 9 });
      // step until the box is in the slab (its contact passing)
      let steps = 0;
      while (!(box.position.y + 0.25 > 1.9 && box.position.y - 0.25 < 2)) {
        world.step(dt);
        if (++steps > 100) throw new Error("the box never reached the slab");
      }
      const copy =
        format === "json"
          ? World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot)
          : World.fromSnapshot(world.snapshot({ format: "binary" }).slice(0));
      const twin = world.clone();
      expect(copy.bodies[slab.id]!.oneWay).toEqual({ x: 0, y: 1 });
      for (let i = 0; i < 150; i++) {
        world.step(dt);
        copy.step(dt);
        twin.step(dt);
        if (copy.stateHash() !== world.stateHash()) throw new Error(`restored world differs ${i + 1} steps on`);
        if (twin.stateHash() !== world.stateHash()) throw new Error(`clone differs ${i + 1} steps on`);
      }
      expect(bottomOf(box)).toBeGreaterThan(1.98);
    });
  }

  it("the slab's direction is in the snapshot; a version 3 JSON snapshot (no one-way fields) still reads", () => {
    const { world } = platformWorld({});
    const snap = world.snapshot();
    expect((snap.bodies[1] as { oneWay?: unknown }).oneWay).toEqual({ x: 0, y: 1 });
    expect((snap.bodies[0] as { oneWay?: unknown }).oneWay).toBeUndefined();
    const plain = new World();
    plain.add(new Circle({ radius: 0.5, position: { x: 0, y: 3 } }));
    const old = { ...plain.snapshot(), version: 3 };
    expect(World.fromSnapshot(old).stateHash()).toBe(plain.stateHash());
  });
});

describe("one-way platforms entered from the side (issue 33)", () => {
  // what comes in sideways with its bottom below the top is beside the platform, not on it: it passes
  // whatever its shape (a circle or a capsule meets the slab's corner with a normal well within 60° of
  // up, and was pushed up over it at up to 2.3 m/s and slowed to under half its speed)
  const sideways: [string, (bottom: number) => Body][] = [
    ["box", (y) => new AABB({ position: { x: -4, y: y + 0.25 }, halfWidth: 0.25, halfHeight: 0.25 })],
    ["circle", (y) => new Circle({ position: { x: -4, y: y + 0.25 }, radius: 0.25 })],
    ["large circle", (y) => new Circle({ position: { x: -4, y: y + 1 }, radius: 1 })],
    ["upright capsule", (y) => new Capsule({ position: { x: -4, y: y + 0.6 }, angle: Math.PI / 2, halfLength: 0.35, radius: 0.25, fixedRotation: true })],
    ["lying capsule", (y) => new Capsule({ position: { x: -4, y: y + 0.25 }, halfLength: 0.35, radius: 0.25 })],
  ];
  for (const [name, options] of CONFIGS) {
    it(`circles, capsules and boxes moving at 5 m/s (and 60 and 150) with their bottom 3–8 cm below the top pass through it unchanged, ${name}`, () => {
      for (const [shapeName, make] of sideways) {
        for (const below of [0.03, 0.05, 0.08]) {
          for (const speed of [5, 60, 150]) {
            const world = new World({ sleeping: false, gravity: { x: 0, y: 0 }, ...options });
            world.add(AABB.fromBounds({ x: -3, y: 1.9 }, { x: 3, y: 2 }, { type: "static", oneWay: { x: 0, y: 1 } }));
            const body = world.add(make(2 - below));
            body.setVelocity({ x: speed, y: 0 });
            const y0 = body.position.y;
            const steps = Math.round((7.5 / speed) * 60);
            for (let i = 0; i < steps; i++) {
              world.step(dt);
              expect([body.velocity.x, body.velocity.y], `${shapeName}, ${below} m below, ${speed} m/s, step ${i}`).toEqual([speed, 0]);
            }
            expect(body.position.x, shapeName).toBeCloseTo(-4 + speed * steps * dt, 6);
            expect(body.position.y, shapeName).toBe(y0);
          }
        }
      }
    });

    it(`landing from above at 1 to 60 m/s, in the middle and near the edge: every shape lands on it, ${name}`, () => {
      for (const [shapeName, make] of shapes) {
        for (const speed of [1, 3, 10, 30, 60]) {
          for (const x of [0, 2.6]) {
            const { world } = platformWorld(options);
            const body = world.add(make());
            body.setPosition({ x, y: 4 });
            body.setVelocity({ x: 0, y: -speed });
            for (let i = 0; i < 120; i++) world.step(dt);
            const at = `${shapeName} at ${speed} m/s, x ${x}`;
            expect(bottomOf(body), at).toBeGreaterThan(2 - 0.02);
            expect(bottomOf(body), at).toBeLessThan(2 + 0.01);
            expect(Math.abs(body.velocity.y), at).toBeLessThan(0.05);
          }
        }
      }
    });
  }
});
