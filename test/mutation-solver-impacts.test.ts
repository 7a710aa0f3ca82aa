/**
 * Restitution impacts (src/solver/contact-solver.ts `resolveImpacts`) against
 * Newton's law of restitution, written against the mutants that survived the
 * mutation run (issue 34, docs/testing.md): two free bodies, a chain of
 * touching ones (momentum passing on), and an impact at a lever arm.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const SOLVERS: NonNullable<WorldOptions["solver"]>[] = ["soft-step", "pgs"];

function steps(world: World, n: number): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

describe("two free bodies", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: masses 1 and 3, e = 0.5, head on: v' = the closed form, momentum kept`, () => {
      const world = new World({ solver, gravity: { x: 0, y: 0 }, sleeping: false });
      const a = world.add(new Circle({ radius: 0.5, mass: 1, position: { x: -1.2, y: 0 }, velocity: { x: 3, y: 0 }, restitution: 0.5 }));
      const b = world.add(new Circle({ radius: 0.5, mass: 3, position: { x: 0.5, y: 0 }, velocity: { x: -1, y: 0 }, restitution: 0.5 }));
      steps(world, 40);
      // u = 3, w = −1: v_a = (m_a u + m_b w − m_b e (u − w)) / (m_a + m_b) = (3 − 3 − 6)/4, v_b = (3 − 3 + 2)/4
      expect(a.velocity.x).toBeCloseTo(-1.5, 6);
      expect(b.velocity.x).toBeCloseTo(0.5, 6);
    });
  }

  it("the body hit second is B: a fast ball hits a resting one from the other side (e = 1)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const resting = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 }, restitution: 1 }));
    const moving = world.add(new Circle({ radius: 0.5, position: { x: 1.3, y: 0 }, velocity: { x: -4, y: 0 }, restitution: 1 }));
    steps(world, 30);
    expect(resting.velocity.x).toBeCloseTo(-4, 6);
    expect(moving.velocity.x).toBeCloseTo(0, 6);
  });
});

describe("a Newton's cradle: momentum passes down a chain of touching balls", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: the first of four touching balls (e = 1) stops, the last leaves at its speed`, () => {
      const world = new World({ solver, gravity: { x: 0, y: 0 }, sleeping: false });
      const balls = [0, 1, 2, 3].map((i) => world.add(new Circle({ radius: 0.5, position: { x: i * 1.0, y: 0 }, restitution: 1 })));
      const striker = world.add(new Circle({ radius: 0.5, position: { x: -1.3, y: 0 }, velocity: { x: 2, y: 0 }, restitution: 1 }));
      steps(world, 40);
      expect(striker.velocity.x).toBeCloseTo(0, 6);
      for (let i = 0; i < 3; i++) expect(balls[i]!.velocity.x).toBeCloseTo(0, 6);
      expect(balls[3]!.velocity.x).toBeCloseTo(2, 6);
    });
  }
});

describe("an impact at a lever arm", () => {
  for (const capsuleFirst of [false, true]) {
    it(`a tilted capsule (e = 1, frictionless) bounces off its end with J = 2v / (1/m + rx²/I) (capsule is body ${capsuleFirst ? "A" : "B"})`, () => {
      const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
      const floor = () => world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
      if (!capsuleFirst) floor();
      const theta = 0.3;
      const hl = 0.6;
      const r = 0.1;
      const v = 4;
      const pill = world.add(new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0, y: hl * Math.sin(theta) + r + 0.03 }, velocity: { x: 0, y: -v }, restitution: 1, friction: 0 }));
      if (capsuleFirst) floor();
      steps(world, 3);
      const rx = -hl * Math.cos(theta);
      const J = (2 * v) / (1 / pill.mass + (rx * rx) / pill.inertia);
      expect(pill.angularVelocity).toBeCloseTo((rx * J) / pill.inertia, 9);
      expect(pill.velocity.y).toBeCloseTo(-v + J / pill.mass, 9);
      expect(pill.velocity.x).toBeCloseTo(0, 12);
      // the energy is kept (e = 1)
      const before = 0.5 * pill.mass * v * v;
      const after = 0.5 * pill.mass * pill.velocity.y ** 2 + 0.5 * pill.inertia * pill.angularVelocity ** 2;
      expect(after / before).toBeCloseTo(1, 9);
    });
  }
});
