/**
 * When within a sub-step an impact happens (src/solver/contact-solver.ts
 * `resolveImpacts`, `separationNow`, the separation anchors of `prepare`),
 * issue 34, docs/testing.md: a body arriving at v with a gap g bounces
 * (e = 1) at the time g / v, not at a sub-step's start, so at the end of the
 * step it is v·dt − g above the point of contact, whatever its spin (a
 * circle's separation does not change when it turns) and whichever body the
 * contact lists first.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type Body } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function world(): World {
  return new World({ gravity: { x: 0, y: 0 }, sleeping: false });
}

function floor(w: World): Body {
  return w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0, restitution: 1 }));
}

describe("an impact happens when the gap closes", () => {
  for (const bodyFirst of [false, true]) {
    for (const [gap, v, spin] of [[0.02, 3, 0], [0.02, 3, 7], [0.031, 2.5, -4], [0.004, 6, 3]] as const) {
      it(`a circle ${gap} m above the floor at ${v} m/s, turning at ${spin} rad/s, turns around at the floor (${bodyFirst ? "circle" : "floor"} first)`, () => {
        const w = world();
        const r = 0.25;
        const make = () => w.add(new Circle({ radius: r, position: { x: 0, y: r + gap }, velocity: { x: 0, y: -v }, angularVelocity: spin, restitution: 1, friction: 0 }));
        const ball = bodyFirst ? make() : (floor(w), make());
        if (bodyFirst) floor(w);
        w.step(dt);
        expect(ball.velocity.y).toBeCloseTo(v, 9);
        expect(ball.position.y).toBeCloseTo(r + v * dt - gap, 9);
        expect(ball.angularVelocity).toBeCloseTo(spin, 9);
      });
    }
  }
});

describe("two free bodies meet when their gap closes", () => {
  it("circles 0.03 m apart closing at 4 m/s (e = 1, equal masses) swap velocities at t = 0.03 / 4", () => {
    const w = world();
    const a = w.add(new Circle({ radius: 0.5, position: { x: -0.515, y: 0 }, velocity: { x: 3, y: 0 }, angularVelocity: 2, restitution: 1, friction: 0 }));
    const b = w.add(new Circle({ radius: 0.5, position: { x: 0.515, y: 0 }, velocity: { x: -1, y: 0 }, angularVelocity: -5, restitution: 1, friction: 0 }));
    w.step(dt);
    const t = 0.03 / 4;
    expect(a.velocity.x).toBeCloseTo(-1, 9);
    expect(b.velocity.x).toBeCloseTo(3, 9);
    expect(a.position.x).toBeCloseTo(-0.515 + 3 * t - (dt - t), 9);
    expect(b.position.x).toBeCloseTo(0.515 - t + 3 * (dt - t), 9);
  });
});

describe("an approach that gravity speeds past the threshold within the step is an impact", () => {
  // (selectImpactCandidates: the approach speed at the step's start plus what gravity adds within
  // dt is compared with the threshold, so a ball arriving at 0.95 m/s with a threshold of 1 m/s
  // that reaches the floor at more than 1 m/s bounces in this step)
  const g = 9.81;
  for (const gravityScale of [1, 2]) {
    it(`gravity × ${gravityScale}: a ball 14 mm above the floor at 0.95 m/s bounces (e = 1) at √(v0² + 2·g·gap)`, () => {
      const w = new World({ gravity: { x: 0, y: -g }, sleeping: false, restitutionThreshold: 1 });
      floor(w);
      const r = 0.25;
      const gap = 0.014;
      const v0 = 0.95;
      const ball = w.add(new Circle({ radius: r, position: { x: 0, y: r + gap }, velocity: { x: 0, y: -v0 }, restitution: 1, friction: 0, gravityScale }));
      w.step(dt);
      const a = g * gravityScale;
      const vi = Math.sqrt(v0 * v0 + 2 * a * gap);
      const t = (vi - v0) / a;
      expect(vi).toBeGreaterThan(1);
      expect(t).toBeLessThan(dt);
      // the sub-steps (h = dt / 4) apply gravity in steps of a·h: the bounce is within that of the
      // continuous closed form (not bouncing would leave it 1 m/s away)
      expect(Math.abs(ball.velocity.y - (vi - a * (dt - t)))).toBeLessThan((a * dt) / 4);
    });
  }

  it("without gravity the same ball lands below the threshold and does not bounce", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false, restitutionThreshold: 1 });
    floor(w);
    const ball = w.add(new Circle({ radius: 0.25, position: { x: 0, y: 0.264 }, velocity: { x: 0, y: -0.95 }, restitution: 1, friction: 0 }));
    w.step(dt);
    expect(ball.velocity.y).toBeLessThanOrEqual(0);
    expect(ball.velocity.y).toBeGreaterThan(-0.95);
  });
});
