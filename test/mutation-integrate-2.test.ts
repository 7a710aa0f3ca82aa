/**
 * Integration (src/solver/integrate.ts), a second round against the mutants
 * that survived test/mutation-integrate.test.ts (issue 34, docs/testing.md;
 * a new file, so that the mutants that file kills are not tested again).
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

describe("explicit Euler moves by the contacts' change of velocity too", () => {
  it("a ball thrown at a wall (e = 0) never enters it", () => {
    const world = new World({ integrator: "explicit-euler", gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(AABB.fromBounds({ x: 3, y: -5 }, { x: 4, y: 5 }, { type: "static" }));
    // it arrives a third of the way into a sub-step (from x = 0, it would arrive at the end of a step)
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0.0111, y: 0 }, velocity: { x: 2, y: 0 } }));
    for (let i = 0; i < 120; i++) {
      world.step(dt);
      expect(ball.position.x).toBeLessThan(2.5 + 1e-3);
    }
  });

  it("a disc rolling on a rough floor turns by −Δx / r", () => {
    const world = new World({ integrator: "explicit-euler", sleeping: false });
    world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", friction: 1 }));
    const r = 0.5;
    const disc = world.add(new Circle({ radius: r, position: { x: 0, y: r }, angularVelocity: -6, friction: 1 }));
    for (let i = 0; i < 30; i++) world.step(dt);
    const x0 = disc.position.x;
    const a0 = disc.angle;
    for (let i = 0; i < 30; i++) world.step(dt);
    const turned = disc.angle - a0;
    expect(turned).toBeCloseTo(-(disc.position.x - x0) / r, 3);
  });
});

describe("force fields, the details", () => {
  it("addForceAt on a body away from the origin: force along x and its torque about the body's centre", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const body = world.add(new Circle({ radius: 0.3, position: { x: 2, y: 3 } }));
    // 1 N along x at 0.2 m above the centre: torque −0.2 N·m
    world.setForceField((b, out) => out.addForceAt(1, 0, b.position.x, b.position.y + 0.2));
    world.step(dt);
    expect(body.velocity.x).toBeCloseTo(dt / body.mass, 12);
    expect(body.angularVelocity).toBeCloseTo((-0.2 * dt) / body.inertia, 6);
  });

  it("a non-finite torque is ignored, and the error names the first body that got a bad value", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const first = world.add(new Circle({ radius: 0.3 }));
    const second = world.add(new Circle({ radius: 0.3, position: { x: 5, y: 0 } }));
    world.setForceField((_b, out) => {
      out.torque = Number.NaN;
    });
    expect(() => world.step(dt)).toThrow(new RegExp(`body ${first.id} `));
    expect(first.angularVelocity).toBe(0);
    expect(second.angularVelocity).toBe(0);
  });
});

describe("velocity Verlet and impacts", () => {
  it("a ball with e = 1 dropped on the floor comes back to its height within 0.1 mm", () => {
    const world = new World({ integrator: "velocity-verlet", sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 1.5 }, restitution: 1 }));
    let top = 0;
    let wasUp = false;
    for (let i = 0; i < 70; i++) {
      world.step(dt);
      if (ball.velocity.y > 0) wasUp = true;
      if (wasUp) top = Math.max(top, ball.position.y);
    }
    // sampled once a step, the top of a 1 m bounce is found within g·dt²/8 = 0.17 mm
    expect(Math.abs(top - 1.5)).toBeLessThan(0.3e-3);
  });
});
