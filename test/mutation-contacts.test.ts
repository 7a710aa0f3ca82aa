/**
 * Contacts (src/contacts/, the impulses the solver stores on them, and what
 * `world.contacts` reports), written against the mutants that survived the
 * mutation run (issue 34, docs/testing.md): at rest, the impulses a contact
 * reports are the forces that hold the bodies, times dt.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type Body, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const g = 9.81;
const SOLVERS: NonNullable<WorldOptions["solver"]>[] = ["soft-step", "pgs"];

function steps(world: World, n: number): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

/** The normal and tangent impulses of the contact between a and b over the last step, summed over its points. */
function impulses(world: World, a: Body, b: Body): { normal: number; tangent: number; points: number } {
  const c = world.contacts.find((k) => (k.bodyA === a && k.bodyB === b) || (k.bodyA === b && k.bodyB === a));
  if (c === undefined) throw new Error("no contact");
  let normal = 0;
  let tangent = 0;
  for (const p of c.manifold.points) {
    normal += p.normalImpulse;
    tangent += p.tangentImpulse;
  }
  return { normal, tangent, points: c.manifold.points.length };
}

describe("the impulses at rest are the weights they hold, times dt", () => {
  for (const solver of SOLVERS) {
    it(`${solver}: a ball, and a stack of two boxes (each contact holds what is above it)`, () => {
      const world = new World({ solver, sleeping: false });
      const ground = world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
      const ball = world.add(new Circle({ radius: 0.5, position: { x: -5, y: 0.5 } }));
      const low = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 3, y: 0.5 }, density: 2 }));
      const high = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 3, y: 1.5 } }));
      steps(world, 120);
      const b = impulses(world, ground, ball);
      expect(b.points).toBe(1);
      expect(b.normal).toBeCloseTo(ball.mass * g * dt, 6);
      expect(b.tangent).toBeCloseTo(0, 9);
      const bottom = impulses(world, ground, low);
      expect(bottom.points).toBe(2);
      expect(bottom.normal).toBeCloseTo((low.mass + high.mass) * g * dt, 6);
      const top = impulses(world, low, high);
      expect(top.points).toBe(2);
      expect(top.normal).toBeCloseTo(high.mass * g * dt, 6);
    });

    it(`${solver}: friction holds a pushed box with the push (below μ·m·g) and gives μ·m·g·dt while it slides`, () => {
      const world = new World({ solver, sleeping: false });
      const ground = world.add(AABB.fromBounds({ x: -100, y: -1 }, { x: 100, y: 0 }, { type: "static", friction: 0.5 }));
      const held = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 }, friction: 0.5 }));
      const slid = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 5, y: 0.5 }, friction: 0.5 }));
      const weight = held.mass * g;
      for (let i = 0; i < 60; i++) {
        held.applyForce({ x: 0.3 * weight, y: 0 });
        slid.applyForce({ x: 0.8 * weight, y: 0 });
        world.step(dt);
      }
      expect(Math.abs(held.velocity.x)).toBeLessThan(1e-6);
      const h = impulses(world, ground, held);
      // the impulse on B (the box) along t = (ny, −nx) = (1, 0) for the upward normal: against the push
      expect(Math.abs(h.tangent)).toBeCloseTo(0.3 * weight * dt, 6);
      const s = impulses(world, ground, slid);
      expect(Math.abs(s.tangent)).toBeCloseTo(0.5 * s.normal, 9);
      expect(s.normal).toBeCloseTo(weight * dt, 6);
      // sliding: a = (0.8 − 0.5)·g
      expect(slid.velocity.x).toBeGreaterThan(0.3 * g * 0.9);
    });
  }
});
