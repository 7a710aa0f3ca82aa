/**
 * The solver's body columns (src/solver/solver-bodies.ts) when they grow
 * and when a body's rotation is written back (issue 34, docs/testing.md):
 * - with 63, 64, 65 and 130 awake bodies (slot 0 is the stand-in, so 64
 *   awake bodies need 65 slots), and with body slots past 64 (static
 *   bodies added first), every free body moves by the closed form of one
 *   symplectic Euler step: v₁ = v₀ + (g·scale + F/m)·dt, x₁ = x₀ + v₁·dt,
 *   ω₁ = ω₀ + τ/I·dt, angle₁ = angle₀ + atan(ω₁·dt); and the step uses up
 *   the applied force and torque (the next step sees gravity alone);
 * - a turn so small that the cosine of the pose stays exactly 1 is still
 *   written back (only the sine changed).
 */
import { describe, expect, it } from "vitest";
import { Circle, World, type Body } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const g = -9.81;

describe("the columns grow to fit every awake body", () => {
  for (const [statics, n] of [
    [0, 63],
    [0, 64],
    [0, 65],
    [70, 130],
  ] as const) {
    it(`${statics} static bodies first, then ${n} free bodies, each with its own velocity, gravity scale, force and torque`, () => {
      const w = new World({ solver: "pgs", gravity: { x: 0, y: g }, sleeping: false });
      for (let i = 0; i < statics; i++) w.add(new Circle({ radius: 0.1, position: { x: 3 * i, y: -50 }, type: "static" }));
      const bodies: Body[] = [];
      for (let i = 0; i < n; i++) {
        const b = w.add(
          new Circle({ radius: 0.2, position: { x: 3 * i, y: 10 }, velocity: { x: 0.01 * i, y: -0.02 * i }, angularVelocity: 0.1 * i, angle: 0.001 * i }),
        );
        b.setGravityScale(1 + 0.01 * i);
        b.applyForce({ x: 0.5 * i, y: -0.25 * i });
        b.applyTorque(0.03 * i);
        bodies.push(b);
      }
      w.step(dt);
      w.step(dt);
      for (let i = 0; i < n; i++) {
        const b = bodies[i]!;
        const vx1 = 0.01 * i + 0.5 * i * b.invMass * dt;
        const vy1 = -0.02 * i + (g * (1 + 0.01 * i) - 0.25 * i * b.invMass) * dt;
        const vy2 = vy1 + g * (1 + 0.01 * i) * dt; // the force is used up by the first step
        const w1 = 0.1 * i + 0.03 * i * b.invInertia * dt;
        expect(b.velocity.x).toBeCloseTo(vx1, 12);
        expect(b.velocity.y).toBeCloseTo(vy2, 12);
        expect(b.angularVelocity).toBeCloseTo(w1, 12);
        expect(b.position.x).toBeCloseTo(3 * i + 2 * vx1 * dt, 12);
        expect(b.position.y).toBeCloseTo(10 + (vy1 + vy2) * dt, 12);
        // (the engine's own atan2 reads the angle back: 1e-6)
        expect(b.angle).toBeCloseTo(0.001 * i + 2 * Math.atan(w1 * dt), 5);
      }
    });
  }
});

describe("body slots past the first 64 map to solver slots", () => {
  // (an unmapped body would read as solver slot 0, the stand-in that does not move)
  it("70 static bodies first, then two equal balls meeting head-on at 1 m/s (e = 1) swap velocities", () => {
    const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, restitutionThreshold: 0.1 });
    for (let i = 0; i < 70; i++) w.add(new Circle({ radius: 0.1, position: { x: 3 * i, y: -50 }, type: "static" }));
    const a = w.add(new Circle({ radius: 0.2, position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 }, restitution: 1, friction: 0 }));
    const b = w.add(new Circle({ radius: 0.2, position: { x: 0.41, y: 0 }, velocity: { x: -1, y: 0 }, restitution: 1, friction: 0 }));
    for (let i = 0; i < 3; i++) w.step(dt);
    expect(a.velocity.x).toBeCloseTo(-1, 9);
    expect(b.velocity.x).toBeCloseTo(1, 9);
  });
});

describe("a body's rotation is written back", () => {
  it("a turn of 1e-10 rad, whose cosine rounds to exactly 1, still turns the body", () => {
    const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false });
    const b = w.add(new Circle({ radius: 0.2, angularVelocity: 6e-9 }));
    w.step(dt);
    expect(Math.cos(6e-9 * dt)).toBe(1);
    expect(b.angle).toBeGreaterThan(0);
    expect(b.angle).toBeCloseTo(6e-9 * dt, 15);
  });
});
