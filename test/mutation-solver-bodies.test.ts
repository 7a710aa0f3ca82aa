/**
 * The solver's body columns (src/solver/solver-bodies.ts) against closed
 * forms (issue 34, docs/testing.md): a sub-step turns a pose by the rotation
 * (1, h·ω) normalised, so a free body's angle grows by atan(h·ω) per
 * sub-step (not h·ω); and the bound on a body's acceleration that picks the
 * impact candidates counts an applied force as well as gravity.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

describe("a free body turns by atan(h·ω) per sub-step", () => {
  for (const [solver, subSteps] of [["soft-step", 4], ["soft-step", 1], ["pgs", 1]] as const) {
    it(`${solver}, ${subSteps} sub-step(s): a capsule at 0.3 rad spinning at 30 rad/s`, () => {
      const options: WorldOptions = { solver, gravity: { x: 0, y: 0 }, sleeping: false, ...(solver === "soft-step" ? { subSteps } : {}) };
      const w = new World(options);
      const pill = w.add(new Capsule({ halfLength: 0.5, radius: 0.1, angle: 0.3, position: { x: 1, y: 2 }, velocity: { x: 0.5, y: -0.25 }, angularVelocity: 30 }));
      w.step(dt);
      const h = dt / subSteps;
      // (the engine's own atan2 reads the angle back: 1e-6)
      expect(pill.angle).toBeCloseTo(0.3 + subSteps * Math.atan(h * 30), 5);
      expect(pill.angle).not.toBeCloseTo(0.3 + 30 * dt, 3);
      expect(pill.position.x).toBeCloseTo(1 + 0.5 * dt, 12);
      expect(pill.position.y).toBeCloseTo(2 - 0.25 * dt, 12);
      expect(pill.angularVelocity).toBe(30);
    });
  }
});

describe("an applied force counts toward the impact candidates' reach", () => {
  // as gravity does (test/mutation-solver-impact-timing.test.ts): a ball arriving at 0.95 m/s
  // with a threshold of 1 m/s, pushed down by a force of m·2g, reaches the floor faster than 1 m/s
  it("a ball 14 mm above the floor at 0.95 m/s pushed down by m·2g bounces (e = 1)", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false, restitutionThreshold: 1 });
    w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0, restitution: 1 }));
    const ball = w.add(new Circle({ radius: 0.25, position: { x: 0, y: 0.264 }, velocity: { x: 0, y: -0.95 }, restitution: 1, friction: 0 }));
    const a = 2 * 9.81;
    ball.applyForce({ x: 0, y: -ball.mass * a });
    w.step(dt);
    const vi = Math.sqrt(0.95 * 0.95 + 2 * a * 0.014);
    const t = (vi - 0.95) / a;
    expect(Math.abs(ball.velocity.y - (vi - a * (dt - t)))).toBeLessThan((a * dt) / 4);
  });
});
