/**
 * NGS position correction (src/solver/position-correction.ts) when a body
 * has already turned within the same pass (issue 34, docs/testing.md): a
 * capsule tilted on a floor has two points, and the second point's
 * separation, lever arm and effective mass must be read from the pose the
 * first point's correction left (turned anchors, `dqc/dqs`). Checked
 * against an independent reference that moves the capsule's cap centres
 * rigidly: no gravity, bodies at rest, so only the correction moves them.
 * The engine's point order is not assumed: the result must match the
 * reference in one order, and the two orders must differ.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, World, type Body } from "../src/entries/capsule2d.js";

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

function floor(w: World): void {
  w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
}

for (const bodyFirst of [false, true]) {
  describe(`a tilted capsule on two points (${bodyFirst ? "capsule" : "floor"} first)`, () => {
    // (the last one is deeper than 0.2 m / β: the 0.2 m cap of one iteration applies)
    for (const [iterations, percent, deep, r] of [
      [1, 0.8, 0.06, 0.15],
      [2, 0.6, 0.08, 0.15],
      [3, 1, 0.3, 0.4],
    ] as const) {
      it(`${iterations} iteration(s), β = ${percent}, lower end ${deep} m deep: the second point sees the turn the first made`, () => {
        const slop = 0.005;
        const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, positionCorrection: "ngs", positionIterations: iterations, percent, slop });
        const theta = 0.02;
        const hl = 0.8;
        const y0 = r + hl * Math.sin(theta) - deep;
        if (!bodyFirst) floor(w);
        const pill: Body = w.add(new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0.3, y: y0 } }));
        if (bodyFirst) floor(w);
        w.step(dt);
        expect(w.contacts[0]!.manifold.points.length).toBe(2);
        const start = { x: 0.3, y: y0, a: theta };
        const refs = [
          [0, 1],
          [1, 0],
        ].map((order) => reference(start, hl, r, pill.invMass, pill.invInertia, percent, slop, iterations, order));
        // the two orders give different answers, so the check below tells a body that turned from one that did not
        expect(Math.abs(refs[0]!.a - refs[1]!.a) + Math.abs(refs[0]!.y - refs[1]!.y)).toBeGreaterThan(1e-4);
        // (the engine turns and reads angles with its own sin, cos and atan2: 1e-6)
        const err = refs.map((ref) => Math.max(Math.abs(pill.position.y - ref.y), Math.abs(pill.angle - ref.a)));
        expect(Math.min(...err)).toBeLessThan(1e-6);
        expect(pill.position.x).toBeCloseTo(0.3, 12);
        expect(pill.velocity.y).toBe(0);
      });
    }
  });
}
