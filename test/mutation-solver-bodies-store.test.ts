/**
 * The solver's body columns (src/solver/solver-bodies.ts): what `movePose`
 * and `store` hand back to the bodies (issue 34, docs/testing.md):
 * - a turn by a position correction keeps the rotation a unit complex
 *   number, and a move without a turn leaves it bit for bit;
 * - a turn that changes only the cosine (a body at π/2) is written back;
 * - gravity along x counts each body's gravity scale;
 * - a body that leaves the awake set keeps the pose it was given, and
 *   later contacts see it as not moving (its old solver slot is forgotten).
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function floorWorld(positionCorrection: "projection" | "ngs"): World {
  const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, positionCorrection, positionIterations: 1, percent: 0.8, slop: 0.005 });
  w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
  return w;
}

describe("movePose", () => {
  it("ngs turns a capsule sunk on one end and its rotation stays of length 1", () => {
    const w = floorWorld("ngs");
    const theta = 0.4;
    const pill = w.add(new Capsule({ halfLength: 0.6, radius: 0.1, angle: theta, position: { x: 0, y: 0.1 + 0.6 * Math.sin(theta) - 0.1 } }));
    const before = pill.angle;
    w.step(dt);
    expect(Math.abs(pill.angle - before)).toBeGreaterThan(0.01);
    expect(Math.hypot(pill.qc, pill.qs)).toBeCloseTo(1, 15);
  });

  for (const theta of [0.3, 0.7, 1.1, -0.45]) {
    it(`projection moves a capsule at ${theta} rad without touching its rotation's bits`, () => {
      const w = floorWorld("projection");
      const pill = w.add(new Capsule({ halfLength: 0.6, radius: 0.1, angle: theta, position: { x: 0, y: 0.1 + 0.6 * Math.abs(Math.sin(theta)) - 0.05 } }));
      const qc = pill.qc;
      const qs = pill.qs;
      w.step(dt);
      expect(pill.position.y).toBeGreaterThan(0.1 + 0.6 * Math.abs(Math.sin(theta)) - 0.05);
      expect(pill.qc).toBe(qc);
      expect(pill.qs).toBe(qs);
    });
  }
});

describe("storePose", () => {
  it("a body at π/2 turning by 1e-10 rad (its sine stays exactly 1) is turned", () => {
    const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false });
    const b = w.add(new Circle({ radius: 0.2, angle: Math.PI / 2, angularVelocity: 6e-9 }));
    const qs = b.qs;
    const qc = b.qc;
    w.step(dt);
    expect(b.qs).toBe(qs);
    expect(b.qc).not.toBe(qc);
    expect(b.qc).toBeCloseTo(qc - 6e-9 * dt, 18);
  });
});

describe("load", () => {
  it("gravity (2, −9.81) m/s² with gravity scales 0.5 and 3: v = g·scale·dt", () => {
    const w = new World({ solver: "pgs", gravity: { x: 2, y: -9.81 }, sleeping: false });
    for (const scale of [0.5, 3]) {
      const b = w.add(new Circle({ radius: 0.2, position: { x: 5 * scale, y: 0 } }));
      b.setGravityScale(scale);
      w.step(dt);
      // (a step after each add: the first ball falls for two steps, the second for one)
    }
    const [a, b] = w.bodies.filter((x) => x.type === "dynamic");
    expect(a!.velocity.x).toBeCloseTo(2 * 0.5 * 2 * dt, 12);
    expect(a!.velocity.y).toBeCloseTo(-9.81 * 0.5 * 2 * dt, 12);
    expect(b!.velocity.x).toBeCloseTo(2 * 3 * dt, 12);
    expect(b!.velocity.y).toBeCloseTo(-9.81 * 3 * dt, 12);
  });
});

describe("a body that leaves the awake set", () => {
  it("made static and moved, it stays where it was put, and a ball hitting it head-on (e = 1) comes back at the same speed", () => {
    const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, restitutionThreshold: 0.1 });
    const ball = w.add(new Circle({ radius: 0.2, position: { x: 0, y: 0 }, velocity: { x: 1, y: 0 }, restitution: 1, friction: 0 }));
    const other = w.add(new Circle({ radius: 0.2, position: { x: 5, y: 5 }, velocity: { x: 0, y: 1 }, restitution: 1, friction: 0 }));
    w.step(dt); // the ball is in slot 1, the other in slot 2
    other.setType("static");
    other.setPosition({ x: 0.43, y: 0 });
    for (let i = 0; i < 4; i++) w.step(dt);
    expect(other.position.x).toBe(0.43);
    expect(other.position.y).toBe(0);
    expect(ball.velocity.x).toBeCloseTo(-1, 9);
  });
});
