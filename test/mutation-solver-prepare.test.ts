/**
 * The contact solver's `prepare` (src/solver/contact-solver.ts) between two
 * moving, turning bodies, one pgs iteration without warm starting (issue 34,
 * docs/testing.md): the effective masses along the normal and the tangent
 * with both bodies' terms, the relative velocity at the point with both
 * spins (the hit event's approach speed), Coulomb's clamp and the rolling
 * row's mass 1 / (1/IA + 1/IB). The reference is the sequential-impulse
 * definition worked one row at a time here, on the manifold that `collide`
 * gives for the step's start.
 */
import { describe, expect, it } from "vitest";
import { Box, Capsule, Circle, World, collide, type Body, type Vec2 } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function oneIteration(): World {
  return new World({ solver: "pgs", velocityIterations: 1, positionIterations: 0, warmStarting: false, gravity: { x: 0, y: 0 }, sleeping: false, hitEventThreshold: 0.1 });
}

/** A body's velocity state, changed by impulses at a point as the solver does. */
class State {
  vx: number;
  vy: number;
  w: number;
  readonly im: number;
  readonly ii: number;
  constructor(b: Body) {
    this.vx = b.velocity.x;
    this.vy = b.velocity.y;
    this.w = b.angularVelocity;
    this.im = b.invMass;
    this.ii = b.invInertia;
  }
  /** Velocity of the point at r from the centre. */
  at(r: Vec2): Vec2 {
    return { x: this.vx - this.w * r.y, y: this.vy + this.w * r.x };
  }
  push(r: Vec2, px: number, py: number): void {
    this.vx += this.im * px;
    this.vy += this.im * py;
    this.w += this.ii * (r.x * py - r.y * px);
  }
}

const cross = (r: Vec2, d: Vec2): number => r.x * d.y - r.y * d.x;

/** Effective mass along d at anchors rA, rB. */
function massAlong(A: State, B: State, rA: Vec2, rB: Vec2, d: Vec2): number {
  return 1 / (A.im + B.im + A.ii * cross(rA, d) ** 2 + B.ii * cross(rB, d) ** 2);
}

/** One sequential-impulse sweep of a one-point contact: normal row, then friction (μ, the belts' speed `belt`); returns the impulses and the approach speed. */
function rows(a: Body, b: Body, mu: number, belt = 0): { A: State; B: State; vn: number; jn: number; jt: number } {
  const m = collide(a, b)!;
  expect(m.points.length).toBe(1);
  const n = m.normal;
  const p = m.points[0]!;
  const rA = { x: p.x - a.position.x, y: p.y - a.position.y };
  const rB = { x: p.x - b.position.x, y: p.y - b.position.y };
  const A = new State(a);
  const B = new State(b);
  const rel = (): Vec2 => {
    const va = A.at(rA);
    const vb = B.at(rB);
    return { x: vb.x - va.x, y: vb.y - va.y };
  };
  const dv0 = rel();
  const vn = dv0.x * n.x + dv0.y * n.y;
  const jn = Math.max(0, -vn * massAlong(A, B, rA, rB, n));
  A.push(rA, -jn * n.x, -jn * n.y);
  B.push(rB, jn * n.x, jn * n.y);
  const t = { x: n.y, y: -n.x };
  const dv1 = rel();
  const vt = dv1.x * t.x + dv1.y * t.y - belt;
  let jt = -vt * massAlong(A, B, rA, rB, t);
  jt = Math.min(mu * jn, Math.max(-mu * jn, jt));
  A.push(rA, -jt * t.x, -jt * t.y);
  B.push(rB, jt * t.x, jt * t.y);
  return { A, B, vn, jn, jt };
}

function expectState(b: Body, s: State): void {
  expect(b.velocity.x).toBeCloseTo(s.vx, 9);
  expect(b.velocity.y).toBeCloseTo(s.vy, 9);
  expect(b.angularVelocity).toBeCloseTo(s.w, 9);
}

/**
 * A horizontal capsule and a tilted one whose lower end touches its right end cap at an angle
 * (1 mm overlap, within the slop; the normal is oblique), both moving and turning.
 */
function capsules(world: World, mu: number, beltA = 0, beltB = 0): [Body, Body] {
  const theta = 1.0;
  const hl = 0.5;
  const phi = 0.8; // the normal's direction
  const low = { x: 1 + 0.399 * Math.cos(phi), y: 0.399 * Math.sin(phi) }; // the tilted capsule's lower cap centre
  const a = world.add(new Capsule({ halfLength: 1, radius: 0.2, mass: 2, position: { x: 0, y: 0 }, velocity: { x: 0.3, y: 0.5 }, angularVelocity: 0.7, friction: mu, tangentSpeed: beltA }));
  const b = world.add(new Capsule({
    halfLength: hl, radius: 0.2, mass: 1, angle: theta,
    position: { x: low.x + hl * Math.cos(theta), y: low.y + hl * Math.sin(theta) },
    velocity: { x: -1.2, y: -1.0 }, angularVelocity: -4, friction: mu, tangentSpeed: beltB,
  }));
  return [a, b];
}

describe("prepare: one point between two moving, turning bodies", () => {
  for (const mu of [0, 0.05, 2]) {
    it(`μ = ${mu}: both bodies' velocities after one iteration are the rows' closed forms`, () => {
      const world = oneIteration();
      const [a, b] = capsules(world, mu);
      const ref = rows(a, b, mu);
      expect(ref.vn).toBeLessThan(-0.1);
      expect(ref.jn).toBeGreaterThan(0);
      if (mu === 0.05) expect(Math.abs(ref.jt)).toBeCloseTo(mu * ref.jn, 12); // clamped by Coulomb
      if (mu === 2) expect(Math.abs(ref.jt)).toBeLessThan(mu * ref.jn); // inside the cone
      world.step(dt);
      expectState(a, ref.A);
      expectState(b, ref.B);
      const p = world.contacts[0]!.manifold.points[0]!;
      expect(p.normalImpulse).toBeCloseTo(ref.jn, 9);
      expect(p.tangentImpulse).toBeCloseTo(ref.jt, 9);
    });
  }

  for (const [beltA, beltB] of [[0.3, 0], [0, 0.3], [0.5, -0.2]] as const) {
    it(`conveyor speeds ${beltA} and ${beltB} m/s: friction drives the relative sliding to their sum`, () => {
      const world = oneIteration();
      const [a, b] = capsules(world, 2, beltA, beltB);
      const ref = rows(a, b, 2, beltA + beltB);
      world.step(dt);
      expectState(a, ref.A);
      expectState(b, ref.B);
    });
  }

  it("the hit's approach speed is −vn at the point, with both bodies' spins", () => {
    const world = oneIteration();
    const [a, b] = capsules(world, 0);
    const ref = rows(a, b, 0);
    world.step(dt);
    const e = world.contactEvents;
    expect(e.hitCount).toBe(1);
    expect(e.hit[0]!.approachSpeed).toBeCloseTo(-ref.vn, 9);
    expect(e.hit[0]!.bodyA).toBe(a);
  });
});

describe("prepare: the rolling row between two turning bodies", () => {
  // circles touch on the line of centres: the normal row turns nothing, friction 0 does nothing,
  // and the rolling row stops the relative spin with the mass 1 / (1/IA + 1/IB), clamped at rr·λn
  // with rr = the larger coefficient × the larger radius
  for (const [wa, wb] of [[0.3, 0.1], [20, -15]] as const) {
    it(`spins ${wa} and ${wb} rad/s`, () => {
      const world = oneIteration();
      const a = world.add(new Circle({ radius: 0.5, mass: 2, position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 }, angularVelocity: wa, friction: 0, rollingResistance: 0.1 }));
      const b = world.add(new Circle({ radius: 0.2, mass: 1, position: { x: 0.699, y: 0 }, velocity: { x: -1, y: 0 }, angularVelocity: wb, friction: 0, rollingResistance: 0.3 }));
      const ref = rows(a, b, 0);
      const maxR = 0.3 * 0.5 * ref.jn;
      let lr = -(ref.B.w - ref.A.w) / (a.invInertia + b.invInertia);
      const clamped = Math.abs(lr) > maxR;
      lr = Math.min(maxR, Math.max(-maxR, lr));
      expect(clamped).toBe(wa === 20);
      world.step(dt);
      expect(a.angularVelocity).toBeCloseTo(ref.A.w - a.invInertia * lr, 9);
      expect(b.angularVelocity).toBeCloseTo(ref.B.w + b.invInertia * lr, 9);
      expect(a.velocity.x).toBeCloseTo(ref.A.vx, 9);
      expect(b.velocity.x).toBeCloseTo(ref.B.vx, 9);
    });
  }
});

describe("storeImpulses: the hit of a two-point contact is its faster point", () => {
  for (const spin of [0.5, -0.5]) {
    it(`a flat box landing at 2 m/s while turning at ${spin} rad/s reports the corner arriving at 2 + 0.25 m/s`, () => {
      const world = oneIteration();
      const floor = world.add(new Box({ type: "static", halfWidth: 5, halfHeight: 0.5, position: { x: 0, y: -0.5 } }));
      const box = world.add(new Box({ halfWidth: 0.5, halfHeight: 0.25, position: { x: 0, y: 0.249 }, velocity: { x: 0, y: -2 }, angularVelocity: spin }));
      world.step(dt);
      const c = world.contacts[0]!;
      expect(c.manifold.points.length).toBe(2);
      for (const p of c.manifold.points) expect(p.normalImpulse).toBeGreaterThan(0);
      const e = world.contactEvents;
      expect(e.hitCount).toBe(1);
      const hit = e.hit[0]!;
      expect(hit.bodyA).toBe(floor);
      expect(hit.approachSpeed).toBeCloseTo(2 + 0.5 * Math.abs(spin), 9);
      // the corner that moves down faster: x < 0 when turning counter-clockwise
      expect(Math.sign(hit.point.x)).toBe(-Math.sign(spin));
      expect(Math.abs(hit.point.x)).toBeCloseTo(0.5, 6);
    });
  }
});

describe("prepare: without warm starting, each step's rows start from no impulse", () => {
  it("a ball that landed in the last step and is then thrown up leaves at its speed (no impulse held over pulls it back)", () => {
    const world = oneIteration();
    world.add(new Box({ type: "static", halfWidth: 5, halfHeight: 0.5, position: { x: 0, y: -0.5 }, friction: 1 }));
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.499 }, velocity: { x: 0.5, y: -3 }, friction: 1 }));
    world.step(dt);
    expect(world.contacts[0]!.manifold.points[0]!.normalImpulse).toBeCloseTo(3 * ball.mass, 9);
    expect(ball.velocity.y).toBeCloseTo(0, 12);
    ball.setVelocity({ x: 0.2, y: 1 });
    world.step(dt);
    expect(ball.velocity.y).toBeCloseTo(1, 12);
    expect(ball.velocity.x).toBeCloseTo(0.2, 12);
  });
});

describe("prepare: the rolling row of a body that cannot turn", () => {
  it("a fixed-rotation ball with rolling resistance on the floor: no rolling mass (1 / (1/IA + 1/IB) with both 0 is 0), velocities stay finite", () => {
    const world = oneIteration();
    world.add(new Box({ type: "static", halfWidth: 5, halfHeight: 0.5, position: { x: 0, y: -0.5 }, rollingResistance: 0.5 }));
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.499 }, velocity: { x: 1, y: -1 }, fixedRotation: true, rollingResistance: 0.5, friction: 0 }));
    world.step(dt);
    expect(ball.angularVelocity).toBe(0);
    expect(ball.velocity.x).toBeCloseTo(1, 12);
    expect(ball.velocity.y).toBeCloseTo(0, 12);
  });
});
