/**
 * NGS position correction (src/solver/position-correction.ts) when a body
 * has already turned within the same pass (issue 34, docs/testing.md): a
 * capsule tilted on a floor has two points, and the second point's
 * separation, lever arm and effective mass must be read from the pose the
 * first point's correction left (turned anchors, `dqc/dqs`). Checked
 * against an independent reference that moves the capsule's cap centres
 * rigidly, on a level floor and on turned ones (a normal with both
 * components): no gravity, bodies at rest, so only the correction moves
 * them. The engine's point order is not assumed: the result must match the
 * reference in one order, and the two orders must differ.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Circle, World, type Body } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const MAX_CORRECTION = 0.2;

interface Pose {
  x: number;
  y: number;
  a: number;
}

/**
 * Box2D v2's NGS on a capsule (half length hl, radius r) above the floor y = 0,
 * for the given point order and iteration count, with the early exit at 3·slop.
 */
function reference(start: Pose, hl: number, r: number, m: number, iI: number, beta: number, slop: number, iterations: number, order: number[]): Pose {
  // each point's anchors at the step start, from the capsule's centre: the cap centre (core), and the contact point
  const core0 = [-1, 1].map((e) => ({ x: e * hl * Math.cos(start.a), y: e * hl * Math.sin(start.a) }));
  const contact0 = core0.map((c) => {
    const depth = r - (start.y + c.y);
    return { x: c.x, y: -depth / 2 - start.y };
  });
  const p = { ...start };
  for (let it = 0; it < iterations; it++) {
    let minSeparation = 0;
    for (const j of order) {
      const turn = p.a - start.a;
      const c = Math.cos(turn);
      const s = Math.sin(turn);
      const core = core0[j]!;
      const sep = p.y + (s * core.x + c * core.y) - r;
      minSeparation = Math.min(minSeparation, sep);
      const C = Math.max(Math.min(beta * (sep + slop), 0), -MAX_CORRECTION);
      const rx = c * contact0[j]!.x - s * contact0[j]!.y; // lever arm along x (the normal is y)
      const K = m + iI * rx * rx;
      const impulse = -C / K;
      p.y += m * impulse;
      p.a += Math.atan(iI * rx * impulse); // movePose turns by the unit complex (1, da), normalised
    }
    if (minSeparation >= -3 * slop) break;
  }
  return p;
}

/** A static floor whose top face is the line through the origin at angle phi (an AABB when phi is 0, else a turned box). */
function floor(w: World, phi: number): void {
  if (phi === 0) w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
  else w.add(new Box({ halfWidth: 5, halfHeight: 1, angle: phi, position: { x: Math.sin(phi), y: -Math.cos(phi) }, type: "static", friction: 0 }));
}

for (const bodyFirst of [false, true]) {
  describe(`a tilted capsule on two points (${bodyFirst ? "capsule" : "floor"} first)`, () => {
    // (the deepest case is deeper than 0.2 m / β: the 0.2 m cap of one iteration applies; a floor
    // turned by phi gives a normal with both components, worked in the floor's frame)
    for (const [iterations, percent, deep, r, phi] of [
      [1, 0.8, 0.06, 0.15, 0],
      [2, 0.6, 0.08, 0.15, 0],
      [3, 1, 0.3, 0.4, 0],
      [1, 0.8, 0.06, 0.15, 0.3],
      [2, 1, 0.3, 0.4, -0.5],
    ] as const) {
      it(`${iterations} iteration(s), β = ${percent}, lower end ${deep} m deep, floor at ${phi} rad: the second point sees the turn the first made`, () => {
        const slop = 0.005;
        const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, positionCorrection: "ngs", positionIterations: iterations, percent, slop });
        const theta = 0.02; // from the floor
        const hl = 0.8;
        const xi = 0.3; // along the floor
        const eta = r + hl * Math.sin(theta) - deep; // above it
        const tx = Math.cos(phi);
        const ty = Math.sin(phi);
        if (!bodyFirst) floor(w, phi);
        const pill: Body = w.add(new Capsule({ halfLength: hl, radius: r, angle: phi + theta, position: { x: xi * tx - eta * ty, y: xi * ty + eta * tx } }));
        if (bodyFirst) floor(w, phi);
        w.step(dt);
        expect(w.contacts[0]!.manifold.points.length).toBe(2);
        const start = { x: xi, y: eta, a: theta };
        const refs = [
          [0, 1],
          [1, 0],
        ].map((order) => reference(start, hl, r, pill.invMass, pill.invInertia, percent, slop, iterations, order));
        // the two orders give different answers, so the check below tells a body that turned from one that did not
        expect(Math.abs(refs[0]!.a - refs[1]!.a) + Math.abs(refs[0]!.y - refs[1]!.y)).toBeGreaterThan(1e-4);
        // the capsule in the floor's frame (the engine turns and reads angles with its own sin, cos and atan2: 1e-6)
        const along = pill.position.x * tx + pill.position.y * ty;
        const above = -pill.position.x * ty + pill.position.y * tx;
        const err = refs.map((ref) => Math.max(Math.abs(above - ref.y), Math.abs(pill.angle - phi - ref.a)));
        expect(Math.min(...err)).toBeLessThan(1e-6);
        expect(along).toBeCloseTo(xi, 12);
        expect(pill.velocity.x).toBe(0);
        expect(pill.velocity.y).toBe(0);
      });
    }
  });
}

function levelWorld(positionCorrection: "projection" | "ngs", percent: number, slop: number): World {
  return new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, positionCorrection, positionIterations: 1, percent, slop });
}

describe("ngs between two free bodies", () => {
  it("two equal circles 6 cm into each other each move β·(d − slop)/2 apart (the effective mass counts both)", () => {
    const percent = 0.5;
    const slop = 0.005;
    const w = levelWorld("ngs", percent, slop);
    const a = w.add(new Circle({ radius: 0.5, position: { x: -0.47, y: 0 } }));
    const b = w.add(new Circle({ radius: 0.5, position: { x: 0.47, y: 0 } }));
    w.step(dt);
    const each = (percent * (0.06 - slop)) / 2;
    expect(a.position.x).toBeCloseTo(-0.47 - each, 12);
    expect(b.position.x).toBeCloseTo(0.47 + each, 12);
  });
});

describe("projection", () => {
  for (const theta of [0.01, -0.01]) {
    it(`a capsule tilted by ${theta} rad rises by β·(its deeper end − slop), whichever point that is`, () => {
      const percent = 0.5;
      const slop = 0.005;
      const w = levelWorld("projection", percent, slop);
      floor(w, 0);
      const hl = 1;
      const r = 0.2;
      const deep = 0.05;
      const y0 = r + hl * Math.abs(Math.sin(theta)) - deep;
      const pill = w.add(new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0, y: y0 } }));
      w.step(dt);
      expect(w.contacts[0]!.manifold.points.length).toBe(2);
      expect(pill.position.y).toBeCloseTo(y0 + percent * (deep - slop), 12);
    });
  }

  for (const [what, gap] of [
    ["3 mm into the floor (within the slop)", -0.003],
    ["1 mm above the floor (a speculative contact)", 0.001],
  ] as const) {
    it(`a circle ${what} is not moved`, () => {
      const w = levelWorld("projection", 0.8, 0.005);
      floor(w, 0);
      const ball = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.5 + gap } }));
      w.step(dt);
      expect(w.contacts.length).toBe(1);
      expect(ball.position.y).toBe(0.5 + gap);
    });
  }
});

describe("what an earlier step left in the constraint columns is not read", () => {
  for (const mode of ["projection", "ngs"] as const) {
    it(`${mode}: after a step with a two-point capsule, a circle's one point alone moves it`, () => {
      const percent = 0.5;
      const slop = 0.005;
      const w = levelWorld(mode, percent, slop);
      floor(w, 0);
      const pill = w.add(new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 0, y: 0.1 } })); // 10 cm deep, two points
      w.step(dt);
      w.remove(pill);
      const ball = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.47 } }));
      w.step(dt);
      expect(w.contacts.length).toBe(1);
      expect(ball.position.y).toBeCloseTo(0.47 + percent * (0.03 - slop), 12);
    });

    it(`${mode}: after a step with a circle in a corner (two contacts), the floor's contact alone moves it`, () => {
      const percent = 0.5;
      const slop = 0.005;
      const w = levelWorld(mode, percent, slop);
      const wall = w.add(AABB.fromBounds({ x: 0, y: -1 }, { x: 1, y: 5 }, { type: "static", friction: 0 }));
      floor(w, 0);
      const ball = w.add(new Circle({ radius: 0.5, position: { x: -0.4, y: 0.4 }, friction: 0 })); // 10 cm into both
      w.step(dt);
      expect(w.contacts.length).toBe(2);
      w.remove(wall);
      ball.setPosition({ x: -0.4, y: 0.47 });
      w.step(dt);
      expect(w.contacts.length).toBe(1);
      expect(ball.position.x).toBe(-0.4);
      expect(ball.position.y).toBeCloseTo(0.47 + percent * (0.03 - slop), 12);
    });
  }
});
