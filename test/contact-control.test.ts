/**
 * Contact control (issue 11, part 2): the pre-solve hook, conveyor belts
 * (`tangentSpeed`) and explosions, against closed forms and properties, in
 * both solvers and across snapshots.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB, Capsule, Circle, type Body, type WorldOptions, type WorldSnapshot } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too

const dt = 1 / 60;
const SOLVERS: [string, WorldOptions][] = [
  ["soft-step", {}],
  ["pgs", { solver: "pgs" }],
];

describe("the pre-solve hook", () => {
  for (const [name, options] of SOLVERS) {
    it(`disabling a body's contacts lets it fall through the floor; the others rest, ${name}`, () => {
      const world = new World({ sleeping: false, ...options });
      world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
      const ghost = world.add(new Circle({ position: { x: -2, y: 0.5 }, radius: 0.5 }));
      const solid = world.add(new Circle({ position: { x: 2, y: 0.5 }, radius: 0.5 }));
      const seen: string[] = [];
      world.setPreSolve((c) => {
        seen.push(`${c.bodyA.id}-${c.bodyB.id}`);
        expect(Math.hypot(c.normal.x, c.normal.y)).toBeCloseTo(1, 12);
        expect(c.pointCount).toBeGreaterThan(0);
        return c.bodyA !== ghost && c.bodyB !== ghost;
      });
      for (let i = 0; i < 60; i++) world.step(dt);
      // free fall for a second: y = 0.5 − g·t²/2 (about); the other one rests
      expect(ghost.position.y).toBeLessThan(-3);
      expect(solid.position.y).toBeGreaterThan(0.48);
      // asked in pair order, every step
      expect(seen.slice(0, 2)).toEqual(["0-1", "0-2"]);
      world.setPreSolve(null);
      expect(() => world.setPreSolve("no" as never)).toThrow(TypeError);
    });
  }

  it("is deterministic when the callback is: two worlds with the same hook give the same bits", () => {
    const make = () => {
      const world = new World({ sleeping: false });
      world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
      for (let i = 0; i < 12; i++) world.add(new Circle({ position: { x: -3 + i * 0.55, y: 1 + (i % 3) }, radius: 0.25 }));
      // a hook that depends on what it is given only: contacts whose normal leans right are dropped
      world.setPreSolve((c) => c.normal.x <= 0.2);
      return world;
    };
    const a = make();
    const b = make();
    for (let i = 0; i < 120; i++) {
      a.step(dt);
      b.step(dt);
    }
    expect(a.stateHash()).toBe(b.stateHash());
  });

  it("the callback cannot change the world during the step", () => {
    const world = new World();
    world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
    world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    let error: unknown = null;
    world.setPreSolve(() => {
      try {
        world.add(new Circle({ radius: 1 }));
      } catch (e) {
        error = e;
      }
      return true;
    });
    world.step(dt);
    expect(String(error)).toMatch(/during a step/);
    expect(world.bodies.length).toBe(2);
  });
});

describe("conveyor belts (tangentSpeed)", () => {
  for (const [name, options] of SOLVERS) {
    for (const beltFirst of [true, false]) {
      it(`a box on a belt speeds up at μ·g to the belt's speed and keeps it (${beltFirst ? "belt is body A" : "belt is body B"}), ${name}`, () => {
        const world = new World({ sleeping: false, ...options });
        const beltDef = { type: "static" as const, friction: 0.5 };
        let belt: Body | null = null;
        if (beltFirst) belt = world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, beltDef));
        const box = world.add(new AABB({ position: { x: 0, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0.5 }));
        if (!beltFirst) belt = world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, beltDef));
        for (let i = 0; i < 10; i++) world.step(dt); // settled on the belt at rest
        belt!.setTangentSpeed(2);
        // kinetic friction μ·g = 0.5 × 9.81: from 0 to 2 m/s in 0.41 s
        const a = 0.5 * 9.81;
        for (let i = 1; i <= 18; i++) {
          world.step(dt);
          expect(box.velocity.x).toBeCloseTo(Math.min(2, a * i * dt), 1);
        }
        for (let i = 0; i < 60; i++) world.step(dt);
        expect(box.velocity.x).toBeCloseTo(2, 4);
      });
    }

    it(`a belt facing down carries along −x (clockwise), and belts' speeds add, ${name}`, () => {
      const world = new World({ sleeping: false, gravity: { x: 0, y: 9.81 }, ...options });
      world.add(AABB.fromBounds({ x: -20, y: 0 }, { x: 20, y: 1 }, { type: "static", friction: 0.5, tangentSpeed: 1.5 }));
      const box = world.add(new AABB({ position: { x: 0, y: -0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0.5, tangentSpeed: 0.5 }));
      for (let i = 0; i < 120; i++) world.step(dt);
      expect(box.velocity.x).toBeCloseTo(-2, 4);
    });
  }

  it("is read-only, set by setTangentSpeed (checked), and kept in snapshots", () => {
    const world = new World();
    const belt = world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", tangentSpeed: -3 }));
    expect(belt.tangentSpeed).toBe(-3);
    expect(() => belt.setTangentSpeed(NaN)).toThrow(/tangentSpeed/);
    expect(() => ((belt as unknown as { tangentSpeed: number }).tangentSpeed = 1)).toThrow(/setTangentSpeed/);
    belt.setTangentSpeed(1.25);
    const json = World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot);
    const binary = World.fromSnapshot(world.snapshot({ format: "binary" }));
    expect(json.bodies[0]!.tangentSpeed).toBe(1.25);
    expect(binary.bodies[0]!.tangentSpeed).toBe(1.25);
  });
});

describe("rolling resistance", () => {
  for (const [name, options] of SOLVERS) {
    it(`a rolling disc slows at ⅔·g·c (I = ½mr², torque c·r·N), then stops and stays, ${name}`, () => {
      const world = new World({ sleeping: false, ...options });
      world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", friction: 0.6 }));
      const c = 0.1;
      const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5, friction: 0.6, rollingResistance: c }));
      for (let i = 0; i < 10; i++) world.step(dt);
      ball.setVelocity({ x: 3, y: 0 });
      ball.setAngularVelocity(-6);
      for (let i = 0; i < 120; i++) world.step(dt);
      expect(ball.velocity.x).toBeCloseTo(3 - (2 / 3) * 9.81 * c * 2, 1);
      expect(ball.angularVelocity * 0.5).toBeCloseTo(-ball.velocity.x, 2); // still rolling
      for (let i = 0; i < 240; i++) world.step(dt);
      expect(Math.abs(ball.velocity.x)).toBeLessThan(1e-3);
      expect(Math.abs(ball.angularVelocity)).toBeLessThan(2e-3);
      const x = ball.position.x;
      for (let i = 0; i < 60; i++) world.step(dt);
      expect(Math.abs(ball.position.x - x)).toBeLessThan(1e-3);
    });
  }

  it("is checked, read-only, set by setRollingResistance, kept in snapshots; boxes (radius 0) feel none", () => {
    expect(() => new Circle({ radius: 1, rollingResistance: -1 })).toThrow(/rollingResistance/);
    const world = new World({ sleeping: false });
    world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", friction: 0 }));
    const box = world.add(new AABB({ position: { x: 0, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0, rollingResistance: 1 }));
    const ball = world.add(new Circle({ position: { x: 5, y: 0.5 }, radius: 0.5 }));
    expect(() => ball.setRollingResistance(NaN)).toThrow(/rollingResistance/);
    expect(() => ((ball as unknown as { rollingResistance: number }).rollingResistance = 1)).toThrow(/setRollingResistance/);
    ball.setRollingResistance(0.2);
    box.setVelocity({ x: 2, y: 0 });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.velocity.x).toBe(2);
    const copy = World.fromSnapshot(world.snapshot({ format: "binary" }));
    expect(copy.bodies[2]!.rollingResistance).toBe(0.2);
    for (let i = 0; i < 30; i++) {
      world.step(dt);
      copy.step(dt);
    }
    expect(copy.stateHash()).toBe(world.stateHash());
  });
});

describe("explosions", () => {
  it("a circle within the radius gets impulsePerLength × its diameter, away from the centre, at its surface (no spin)", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ball = world.add(new Circle({ position: { x: 3, y: 4 }, radius: 0.5, mass: 2 }));
    world.explode({ position: { x: 0, y: 0 }, radius: 5, impulsePerLength: 3 });
    // distance to the surface 4.5 < 5: full strength, J = 3 × 1 m along (0.6, 0.8)
    expect(ball.velocity.x).toBeCloseTo((3 * 0.6) / 2, 12);
    expect(ball.velocity.y).toBeCloseTo((3 * 0.8) / 2, 12);
    expect(ball.angularVelocity).toBeCloseTo(0, 12);
  });

  it("falls off linearly between radius and radius + falloff, and nothing beyond", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 3.99, noNaN: true }), (gap) => {
        const world = new World({ gravity: { x: 0, y: 0 } });
        // a box whose left face is `gap` beyond the 1 m radius: scale (1 + 3 − (1 + gap)) / 3
        const box = world.add(new AABB({ position: { x: 1 + gap + 0.5, y: 0 }, halfWidth: 0.5, halfHeight: 0.25, mass: 1 }));
        const far = world.add(new Circle({ position: { x: -10, y: 0 }, radius: 0.5 }));
        world.explode({ position: { x: 0, y: 0 }, radius: 1, falloff: 3, impulsePerLength: 2 });
        const scale = Math.max(0, Math.min(1, (3 - gap) / 3));
        // width across the blast: the box's height, 0.5 m
        return Math.abs(box.velocity.x - 2 * 0.5 * scale) < 1e-9 && box.velocity.y === 0 && far.velocity.x === 0;
      }),
      { numRuns: 50 },
    );
  });

  it("a fixed impulse, a capsule's projected width, static bodies untouched, sleeping bodies woken", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const wall = world.add(AABB.fromBounds({ x: 2, y: -1 }, { x: 3, y: 1 }, { type: "static" }));
    const pill = world.add(new Capsule({ position: { x: 0, y: -2 }, halfLength: 1, radius: 0.25, mass: 1 }));
    world.explode({ position: { x: 0, y: 0 }, radius: 3, impulsePerLength: 1 });
    // straight below: the blast line is horizontal, the capsule's width across it 2 + 0.5
    expect(pill.velocity.y).toBeCloseTo(-2.5, 12);
    expect(pill.velocity.x).toBeCloseTo(0, 12);
    expect(wall.velocity.x).toBe(0);
    const sleeper = world.add(new Circle({ position: { x: 0, y: 2 }, radius: 0.5, mass: 4 }));
    for (let i = 0; i < 120; i++) world.step(dt);
    world.explode({ position: { x: 0, y: 0 }, radius: 3, impulse: 8 });
    expect(sleeper.isSleeping).toBe(false);
    expect(sleeper.velocity.y).toBeCloseTo(2, 12);
  });

  it("a symmetric ring of bodies gains no net momentum", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ring: Body[] = [];
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      ring.push(world.add(new Circle({ position: { x: 2 * Math.cos(a), y: 2 * Math.sin(a) }, radius: 0.3 })));
    }
    world.explode({ position: { x: 0, y: 0 }, radius: 1, falloff: 2, impulsePerLength: 5 });
    let px = 0;
    let py = 0;
    for (const b of ring) {
      px += b.mass * b.velocity.x;
      py += b.mass * b.velocity.y;
      expect(Math.hypot(b.velocity.x, b.velocity.y)).toBeGreaterThan(0);
    }
    expect(Math.abs(px)).toBeLessThan(1e-12);
    expect(Math.abs(py)).toBeLessThan(1e-12);
  });

  it("bad input throws naming the parameter and changes nothing", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ball = world.add(new Circle({ position: { x: 1, y: 0 }, radius: 0.5 }));
    const before = world.stateHash();
    expect(() => world.explode({ position: { x: NaN, y: 0 }, radius: 1, impulsePerLength: 1 })).toThrow(/position\.x/);
    expect(() => world.explode({ position: { x: 0, y: 0 }, radius: -1, impulsePerLength: 1 })).toThrow(/radius/);
    expect(() => world.explode({ position: { x: 0, y: 0 }, radius: 1, falloff: Infinity, impulsePerLength: 1 })).toThrow(/falloff/);
    expect(() => world.explode({ position: { x: 0, y: 0 }, radius: 1 })).toThrow(/exactly one/);
    expect(() => world.explode({ position: { x: 0, y: 0 }, radius: 1, impulse: 1, impulsePerLength: 1 })).toThrow(/exactly one/);
    expect(() => world.explode({ position: { x: 0, y: 0 }, radius: 1, impulse: NaN })).toThrow(/impulse/);
    expect(world.stateHash()).toBe(before);
    expect(ball.velocity.x).toBe(0);
  });
});
