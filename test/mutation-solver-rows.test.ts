/**
 * The contact solver's rows one impulse at a time (issue 34, docs/testing.md):
 * steady states forgive a wrong effective mass (the iterations converge
 * anyway), so these scenes take one pgs iteration without warm starting and
 * compare the velocities after one step with the impulse that the
 * constraint's definition gives (contact-solver.ts: m_n = 1 / (1/mA + 1/mB +
 * (rA × n)²/IA + (rB × n)²/IB), and the same along the tangent), with the
 * turning body as the contact's first body and as its second.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, World, type Body } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const THETA = 0.3;
const HL = 0.6;
const R = 0.1;

/** A tilted capsule resting its lower end on a frictionless or rough floor, no gravity, moving at (vx, vy). */
function scene(capsuleFirst: boolean, friction: number, vx: number, vy: number, w = 0): { world: World; pill: Body } {
  const world = new World({ solver: "pgs", velocityIterations: 1, positionIterations: 0, warmStarting: false, gravity: { x: 0, y: 0 }, sleeping: false, hitEventThreshold: 0.5 });
  const floor = () => world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction }));
  if (!capsuleFirst) floor();
  const pill = world.add(new Capsule({ halfLength: HL, radius: R, angle: THETA, position: { x: 0, y: HL * Math.sin(THETA) + R }, velocity: { x: vx, y: vy }, angularVelocity: w, friction }));
  if (capsuleFirst) floor();
  return { world, pill };
}

describe("one normal row at a lever arm", () => {
  for (const capsuleFirst of [false, true]) {
    it(`a tilted capsule landing on its end gets J = v / (1/m + rx²/I) (capsule is body ${capsuleFirst ? "A" : "B"})`, () => {
      const v = 2;
      const { world, pill } = scene(capsuleFirst, 0, 0, -v);
      world.step(dt);
      const rx = -HL * Math.cos(THETA); // from the centre to the contact point, along x
      const J = v / (1 / pill.mass + (rx * rx) / pill.inertia);
      expect(pill.velocity.y).toBeCloseTo(-v + J / pill.mass, 9);
      expect(pill.angularVelocity).toBeCloseTo((rx * J) / pill.inertia, 9);
      expect(pill.velocity.x).toBeCloseTo(0, 12);
      // the point stops along the normal: vy + ω·rx = 0
      expect(pill.velocity.y + pill.angularVelocity * rx).toBeCloseTo(0, 9);
      const c = world.contacts[0]!;
      expect(c.manifold.points.length).toBe(1);
      expect(c.manifold.points[0]!.normalImpulse).toBeCloseTo(J, 9);
    });
  }
});

describe("one friction row at a lever arm", () => {
  for (const capsuleFirst of [false, true]) {
    it(`a capsule resting on its end and sliding slowly is stopped at the point by Jt = vt / (1/m + ry²/I) (capsule is body ${capsuleFirst ? "A" : "B"})`, () => {
      // pressed onto the floor (vy < 0) so that friction has a normal impulse to lean on; the
      // normal row acts first, then friction with its own effective mass along the tangent
      const v = 1;
      const u = 0.05;
      const { world, pill } = scene(capsuleFirst, 1, u, -v);
      world.step(dt);
      const rx = -HL * Math.cos(THETA);
      const ry = -HL * Math.sin(THETA) - R;
      const m = pill.mass;
      const I = pill.inertia;
      // normal row (no sliding yet)
      const Jn = v / (1 / m + (rx * rx) / I);
      let vx = u;
      const vy = -v + Jn / m; // friction along x leaves it (the point's tangent is x)
      let w = (rx * Jn) / I;
      // friction row: the point's velocity along x is vx − w·ry; the effective mass along x has (r × x)² = ry²
      const vt = vx - w * ry;
      const Jt = -vt / (1 / m + (ry * ry) / I);
      expect(Math.abs(Jt)).toBeLessThanOrEqual(Jn); // μ = 1: within the cone
      vx += Jt / m;
      w += (-ry * Jt) / I;
      expect(pill.velocity.x).toBeCloseTo(vx, 9);
      expect(pill.velocity.y).toBeCloseTo(vy, 9);
      expect(pill.angularVelocity).toBeCloseTo(w, 9);
      expect(pill.velocity.x - pill.angularVelocity * ry).toBeCloseTo(0, 9);
      const p = world.contacts[0]!.manifold.points[0]!;
      expect(Math.abs(p.tangentImpulse)).toBeCloseTo(Math.abs(Jt), 9);
    });
  }
});

describe("the approach speed of a hit includes the spin", () => {
  for (const capsuleFirst of [false, true]) {
    it(`a spinning capsule's end arriving at the floor reports −(vy + ω·rx) (capsule is body ${capsuleFirst ? "A" : "B"})`, () => {
      const { world, pill } = scene(capsuleFirst, 0, 0, -2, 1.5);
      world.step(dt);
      const rx = -HL * Math.cos(THETA);
      const e = world.contactEvents;
      expect(e.hitCount).toBe(1);
      expect(e.hit[0]!.approachSpeed).toBeCloseTo(2 - 1.5 * rx, 9);
      expect(pill.isSleeping).toBe(false);
    });
  }
});
