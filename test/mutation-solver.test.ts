/**
 * The contact solver (src/solver/contact-solver.ts, contact-kernels.ts,
 * softness.ts) against closed forms, written against the mutants that
 * survived the mutation run (issue 34, docs/testing.md): the push-out speed
 * cap, Baumgarte's push-out velocity, speculative contact, rolling
 * resistance, restitution mixing and the friction cone with turning bodies.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type Body, type WorldOptions } from "../src/entries/capsule2d.js";
import { sunkBoxRises } from "./support/sunk-box.js";

const dt = 1 / 60;
const g = 9.81;
const SOLVERS: NonNullable<WorldOptions["solver"]>[] = ["soft-step", "pgs"];

function steps(world: World, n: number): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

function floor(world: World, options: { friction?: number; restitution?: number; rollingResistance?: number } = {}): Body {
  return world.add(AABB.fromBounds({ x: -100, y: -1 }, { x: 100, y: 0 }, { type: "static", ...options }));
}

describe("soft-step: penetration is pushed out no faster than maxContactPushSpeed", () => {
  for (const maxContactPushSpeed of [0.3, 0.9]) {
    it(`a box sunk 0.3 m into the floor rises at about ${maxContactPushSpeed} m/s, never faster`, () => {
      // the soft constraint's mass scale (0.94 at 30 Hz, ζ 10, four sub-steps) keeps it just under the cap
      for (const rise of sunkBoxRises({ maxContactPushSpeed }, 10)) {
        expect(rise).toBeLessThanOrEqual(maxContactPushSpeed * dt * (1 + 1e-9));
        expect(rise).toBeGreaterThan(0.85 * maxContactPushSpeed * dt);
      }
    });
  }

  it("a box sunk a few mm is pushed out by the spring: in proportion to the depth, slower when softer", () => {
    const rise = (depth: number, contactHertz?: number): number => {
      const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false, ...(contactHertz === undefined ? {} : { contactHertz }) });
      floor(world);
      const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 - depth } }));
      world.step(dt);
      return box.position.y - (0.5 - depth);
    };
    // Each sub-step h removes the fraction h·massScale·biasRate of the depth (softness.ts; a
    // contact with a static body is twice as stiff: 60 Hz, ζ 10): 7.07 % at h = 1/240 s
    const h = dt / 4;
    const omega = 2 * Math.PI * 60;
    const a1 = 2 * 10 + h * omega;
    const fraction = h * ((h * omega * a1) / (1 + h * omega * a1)) * (omega / a1);
    const expected = 0.002 * (1 - Math.pow(1 - fraction, 4));
    const r2 = rise(0.002);
    expect(r2 / expected).toBeGreaterThan(0.9);
    expect(r2 / expected).toBeLessThan(1.1);
    expect(rise(0.004) / r2).toBeCloseTo(2, 2);
    expect(rise(0.002, 10)).toBeLessThan(0.6 * r2);
  });
});

describe("pgs with Baumgarte: the push-out velocity is percent / dt × (depth − slop)", () => {
  for (const [percent, slop] of [[0.2, 0.005], [0.5, 0.02]] as const) {
    it(`percent ${percent}, slop ${slop}: a box sunk 0.1 m leaves at exactly that speed`, () => {
      const world = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, percent, slop });
      floor(world);
      const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.4 } }));
      world.step(dt);
      expect(box.velocity.y).toBeCloseTo((percent / dt) * (0.1 - slop), 9);
    });
  }

  it("within the slop nothing is pushed", () => {
    const world = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, slop: 0.01 });
    floor(world);
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.495 } }));
    steps(world, 5);
    expect(box.velocity.y).toBe(0);
    expect(box.position.y).toBe(0.495);
  });
});

describe("speculative contact: a body closes its gap in the step and no more", () => {
  it("pgs: a box 5 cm above the floor at 6 m/s lands on it at the end of the step", () => {
    const world = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false });
    floor(world);
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.55 }, velocity: { x: 0, y: -6 } }));
    world.step(dt);
    expect(box.velocity.y).toBeCloseTo(-0.05 / dt, 9);
    expect(box.position.y).toBeCloseTo(0.5, 9);
  });

  it("soft-step: the same box is on the floor after the step, not in it, and stopped", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    floor(world);
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.55 }, velocity: { x: 0, y: -6 } }));
    world.step(dt);
    expect(box.position.y).toBeCloseTo(0.5, 9);
    expect(Math.abs(box.velocity.y)).toBeLessThan(1e-9);
  });

  for (const solver of SOLVERS) {
    it(`${solver}: a body whose gap is larger than a step's travel is not slowed`, () => {
      const world = new World({ solver, gravity: { x: 0, y: 0 }, sleeping: false });
      floor(world);
      const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.65 }, velocity: { x: 0, y: -6 } }));
      world.step(dt);
      expect(ball.velocity.y).toBe(-6);
      expect(ball.position.y).toBeCloseTo(0.55, 12);
    });
  }
});

describe("rolling resistance: a disc rolling on a flat floor slows at ⅔·g·c", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: c on the disc, on the floor, or the larger of the two`, () => {
      for (const [onDisc, onFloor] of [[0.05, 0], [0, 0.05], [0.02, 0.05], [0.05, 0.02]] as const) {
        const world = new World({ solver, sleeping: false });
        floor(world, { friction: 0.9, rollingResistance: onFloor });
        const r = 0.5;
        const v0 = 2;
        const disc = world.add(new Circle({ radius: r, position: { x: 0, y: r }, velocity: { x: v0, y: 0 }, angularVelocity: -v0 / r, friction: 0.9, rollingResistance: onDisc }));
        steps(world, 10);
        const x0 = disc.position.x;
        const u0 = disc.velocity.x;
        steps(world, 60);
        const c = Math.max(onDisc, onFloor);
        const a = (2 / 3) * g * c;
        expect(disc.velocity.x).toBeCloseTo(u0 - a * 1, 2);
        expect(disc.position.x - x0).toBeCloseTo(u0 * 1 - 0.5 * a, 2);
        // it rolls: no slip at the contact
        expect(disc.angularVelocity * r).toBeCloseTo(-disc.velocity.x, 3);
      }
    });
  }

  it("on a frictionless floor it slows the spin alone, by the torque c × r × m·g", () => {
    const world = new World({ sleeping: false });
    floor(world, { friction: 0, rollingResistance: 0.1 });
    const disc = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.5 }, velocity: { x: 2, y: 0 }, angularVelocity: -4, friction: 0 }));
    steps(world, 30);
    const torque = 0.1 * 0.5 * disc.mass * g;
    expect(disc.angularVelocity).toBeCloseTo(-4 + (torque / disc.inertia) * 0.5, 2);
    expect(disc.velocity.x).toBeCloseTo(2, 9);
  });
});

describe("restitution mixes as max(a, b)", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a ball with e = 0 bounces off a floor with e = 0.5 as off one with 0.5 itself`, () => {
      const rebound = (ball: number, fl: number): number => {
        const world = new World({ solver, gravity: { x: 0, y: 0 }, sleeping: false });
        floor(world, { restitution: fl });
        const b = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.8 }, restitution: ball, velocity: { x: 0, y: -3 } }));
        steps(world, 30);
        return b.velocity.y;
      };
      expect(rebound(0, 0.5)).toBeCloseTo(1.5, 9);
      expect(rebound(0.5, 0)).toBeCloseTo(1.5, 9);
      expect(rebound(0.25, 0.75)).toBeCloseTo(2.25, 9);
      expect(Math.abs(rebound(0, 0))).toBeLessThan(1e-9);
    });
  }
});

describe("friction with turning bodies", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a capsule lying on the floor slides v0² / (2 μ g) and does not turn`, () => {
      const world = new World({ solver, sleeping: false });
      floor(world, { friction: 0.4 });
      const pill = world.add(new Capsule({ halfLength: 0.6, radius: 0.2, position: { x: 0, y: 0.2 }, velocity: { x: 3, y: 0 }, friction: 0.4 }));
      steps(world, 5);
      const x0 = pill.position.x;
      const v0 = pill.velocity.x;
      steps(world, 120);
      expect(Math.abs(pill.velocity.x)).toBeLessThan(1e-6);
      expect((pill.position.x - x0) / ((v0 * v0) / (2 * 0.4 * g))).toBeCloseTo(1, 1);
      expect(Math.abs(pill.angle)).toBeLessThan(0.01);
    });

    it(`${solver}: a spinning disc dropped on the floor leaves rolling at ω·r / 3 (μ large)`, () => {
      // sliding friction turns spin into speed until it rolls: v = ω0·r·I/(I + m·r²) = ω0·r/3 for a disc
      const world = new World({ solver, sleeping: false });
      floor(world, { friction: 1 });
      const r = 0.5;
      const disc = world.add(new Circle({ radius: r, position: { x: 0, y: r }, angularVelocity: -6, friction: 1 }));
      steps(world, 60);
      expect(disc.velocity.x).toBeCloseTo((6 * r) / 3, 2);
      expect(disc.angularVelocity * r).toBeCloseTo(-disc.velocity.x, 3);
    });
  }
});
