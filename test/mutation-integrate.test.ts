/**
 * Integration (src/solver/integrate.ts) against closed forms, written against
 * the mutants that survived the mutation run (issue 34, docs/testing.md):
 * damping, gravityScale, the speed limit, the rotation update, forces and a
 * force field with each integrator.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type WorldOptions } from "../src/entries/capsule2d.js";
import { sunkBoxRises } from "./support/sunk-box.js";

const dt = 1 / 60;
const SOLVERS: { solver: NonNullable<WorldOptions["solver"]>; sub: number }[] = [
  { solver: "soft-step", sub: 4 },
  { solver: "pgs", sub: 1 },
];

function free(options: WorldOptions = {}): World {
  return new World({ gravity: { x: 0, y: 0 }, sleeping: false, ...options });
}

function steps(world: World, n: number): void {
  for (let i = 0; i < n; i++) world.step(dt);
}

describe("damping: each sub-step h scales the velocity by 1 / (1 + h·c)", () => {
  for (const { solver, sub } of SOLVERS) {
    it(`linear and angular, apart (${solver})`, () => {
      const world = free({ solver, subSteps: sub });
      const h = dt / sub;
      const lin = world.add(new Circle({ radius: 0.5, velocity: { x: 3, y: -2 }, angularVelocity: 2, linearDamping: 0.8 }));
      const ang = world.add(new Circle({ radius: 0.5, position: { x: 10, y: 0 }, velocity: { x: 3, y: -2 }, angularVelocity: 2, angularDamping: 1.5 }));
      const n = 30;
      steps(world, n);
      const kl = Math.pow(1 / (1 + h * 0.8), n * sub);
      const ka = Math.pow(1 / (1 + h * 1.5), n * sub);
      expect(lin.velocity.x).toBeCloseTo(3 * kl, 10);
      expect(lin.velocity.y).toBeCloseTo(-2 * kl, 10);
      expect(lin.angularVelocity).toBeCloseTo(2, 12); // no angular damping
      expect(ang.angularVelocity).toBeCloseTo(2 * ka, 10);
      expect(ang.velocity.x).toBeCloseTo(3, 12); // no linear damping
      expect(ang.velocity.y).toBeCloseTo(-2, 12);
      // the position is the sum of the damped velocities (semi-implicit: each sub-step moves by the new one)
      let x = 0;
      for (let k = 1; k <= n * sub; k++) x += h * 3 * Math.pow(1 / (1 + h * 0.8), k);
      expect(lin.position.x).toBeCloseTo(x, 10);
    });
  }
});

describe("gravityScale scales gravity only", () => {
  for (const { solver, sub } of SOLVERS) {
    it(`free fall at g·scale for scales 0.5, 0, −1 and 2 (${solver})`, () => {
      const g = -9.81;
      const world = new World({ solver, subSteps: sub, sleeping: false });
      const scales = [0.5, 0, -1, 2];
      const bodies = scales.map((gravityScale, i) => world.add(new Circle({ radius: 0.25, position: { x: 3 * i, y: 0 }, gravityScale })));
      // a force is not scaled: 2 N up on a body with gravityScale 0 gives 2/m
      const pushed = world.add(new Circle({ radius: 0.25, position: { x: 20, y: 0 }, gravityScale: 0 }));
      const n = 20;
      for (let i = 0; i < n; i++) {
        pushed.applyForce({ x: 0, y: 2 });
        world.step(dt);
      }
      const h = dt / sub;
      const k = n * sub;
      for (let i = 0; i < scales.length; i++) {
        const a = g * scales[i]!;
        expect(bodies[i]!.velocity.y).toBeCloseTo(a * k * h, 10);
        expect(bodies[i]!.position.y).toBeCloseTo(0.5 * a * h * h * k * (k + 1), 10);
      }
      expect(pushed.velocity.y).toBeCloseTo((2 / pushed.mass) * n * dt, 10);
    });
  }
});

describe("the speed limit (maxLinearSpeed)", () => {
  it("a dynamic body keeps its direction at the limit; a kinematic body is not limited", () => {
    const world = free({ maxLinearSpeed: 2 });
    const fast = world.add(new Circle({ radius: 0.5, velocity: { x: 3, y: 4 } }));
    const platform = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 10 }, type: "kinematic", velocity: { x: 10, y: 0 } }));
    const n = 12;
    steps(world, n);
    expect(fast.velocity.x).toBeCloseTo(1.2, 12);
    expect(fast.velocity.y).toBeCloseTo(1.6, 12);
    expect(fast.position.x).toBeCloseTo(1.2 * n * dt, 10);
    expect(fast.position.y).toBeCloseTo(1.6 * n * dt, 10);
    expect(platform.velocity.x).toBe(10);
    expect(platform.position.x).toBeCloseTo(10 * n * dt, 10);
  });

  it("a falling body reaches the limit and stays there, and below it moves as free fall", () => {
    const world = new World({ sleeping: false, maxLinearSpeed: 1 });
    const ball = world.add(new Circle({ radius: 0.5 }));
    world.step(dt);
    expect(ball.velocity.y).toBeCloseTo(-9.81 * dt, 12); // 0.16 m/s: not limited
    steps(world, 59);
    expect(ball.velocity.y).toBeCloseTo(-1, 12);
    expect(ball.velocity.x).toBe(0);
  });
});

describe("rotation: q ← normalize(q + h·ω·q⊥) turns by atan(h·ω) per sub-step", () => {
  for (const { solver, sub } of SOLVERS) {
    it(`a body spinning freely (${solver})`, () => {
      const world = free({ solver, subSteps: sub });
      const w = 3;
      const spinner = world.add(new Capsule({ halfLength: 0.5, radius: 0.2, angle: 0.25, angularVelocity: w }));
      const still = world.add(new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 5, y: 0 }, angle: 0.25 }));
      const n = 40;
      steps(world, n);
      const h = dt / sub;
      expect(spinner.angle).toBeCloseTo(0.25 + n * sub * Math.atan(h * w), 10);
      expect(spinner.angularVelocity).toBe(w);
      expect(still.angle).toBeCloseTo(0.25, 14);
    });
  }
});

describe("a force field with each integrator", () => {
  // a spring field F = −k·x on a free body, against the integrator's own recurrence on one number
  const k = 20;
  function reference(integrator: string, x0: number, h: number, n: number, m: number): { x: number; v: number } {
    let x = x0;
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (integrator === "semi-implicit-euler") {
        v += (h * -k * x) / m;
        x += h * v;
      } else if (integrator === "explicit-euler") {
        const a = (-k * x) / m;
        x += h * v;
        v += h * a;
      } else {
        v += (0.5 * h * -k * x) / m;
        x += h * v;
        v += (0.5 * h * -k * x) / m;
      }
    }
    return { x, v };
  }
  for (const integrator of ["semi-implicit-euler", "explicit-euler", "velocity-verlet"] as const) {
    for (const { solver, sub } of SOLVERS) {
      it(`${integrator} (${solver}): the field is evaluated where the integrator says`, () => {
        const world = free({ solver, subSteps: sub, integrator });
        const body = world.add(new Circle({ radius: 0.3, position: { x: 1, y: 0 } }));
        world.setForceField((b, out) => {
          out.x = -k * b.position.x;
        });
        const n = 45;
        steps(world, n);
        const r = reference(integrator, 1, dt / sub, n * sub, body.mass);
        expect(body.position.x).toBeCloseTo(r.x, 10);
        expect(body.velocity.x).toBeCloseTo(r.v, 10);
        expect(body.position.y).toBe(0);
      });
    }
  }

  it("a field adds to the applied forces and to gravity (scaled), and its torque turns the body", () => {
    const world = new World({ sleeping: false });
    const body = world.add(new Circle({ radius: 0.3, gravityScale: 0.5 }));
    world.setForceField((_b, out) => {
      out.x += 1.5;
      out.torque += 0.2;
    });
    const n = 10;
    for (let i = 0; i < n; i++) {
      body.applyForce({ x: 0.5, y: 1 });
      body.applyTorque(0.1);
      world.step(dt);
    }
    const t = n * dt;
    expect(body.velocity.x).toBeCloseTo((2 / body.mass) * t, 10);
    expect(body.velocity.y).toBeCloseTo((-9.81 * 0.5 + 1 / body.mass) * t, 10);
    expect(body.angularVelocity).toBeCloseTo((0.3 / body.inertia) * t, 10);
  });
});

describe("explicit Euler moves by the velocity before the forces, plus what the contacts added", () => {
  it("a ball thrown up moves by its start velocity in the first sub-step", () => {
    const world = new World({ integrator: "explicit-euler", solver: "pgs", subSteps: 1, sleeping: false });
    const ball = world.add(new Circle({ radius: 0.25, velocity: { x: 1, y: 2 } }));
    world.step(dt);
    expect(ball.position.x).toBeCloseTo(dt, 14);
    expect(ball.position.y).toBeCloseTo(2 * dt, 14);
    expect(ball.velocity.y).toBeCloseTo(2 - 9.81 * dt, 14);
  });
});

describe("every part of the acceleration, without and with a field", () => {
  for (const withField of [false, true]) {
    for (const integrator of ["semi-implicit-euler", "velocity-verlet"] as const) {
      it(`sideways gravity × gravityScale, a force along y and a torque (${integrator}, ${withField ? "with" : "without"} a field)`, () => {
        const world = new World({ integrator, gravity: { x: 3, y: -2 }, sleeping: false });
        const body = world.add(new Circle({ radius: 0.3, gravityScale: 2 }));
        const kinematic = world.add(new Circle({ radius: 0.3, position: { x: 5, y: 0 }, type: "kinematic", velocity: { x: 0, y: 1 } }));
        if (withField) {
          world.setForceField((b, out) => {
            if (b !== body) return;
            // 0.5 N up and a torque of 0.25 N·m: a couple at points (the forces cancel, their torques add) and a force at the centre
            out.addForceAt(-1, 0, b.position.x, b.position.y + 0.125);
            out.addForceAt(1, 0, b.position.x, b.position.y - 0.125);
            out.addForceAt(0, 0.5, b.position.x, b.position.y);
          });
        }
        const n = 20;
        for (let i = 0; i < n; i++) {
          if (!withField) {
            body.applyForce({ x: 0, y: 0.5 });
            body.applyTorque(0.25);
          }
          world.step(dt);
        }
        const t = n * dt;
        expect(body.velocity.x).toBeCloseTo(6 * t, 10);
        expect(body.velocity.y).toBeCloseTo((-4 + 0.5 / body.mass) * t, 10);
        expect(body.angularVelocity).toBeCloseTo((0.25 / body.inertia) * t, 10);
        // a kinematic body feels none of it
        expect(kinematic.velocity).toEqual({ x: 0, y: 1 });
        expect(kinematic.position.y).toBeCloseTo(t, 12);
      });
    }
  }

  it("a field's force that is not finite is ignored and reported, for x and for y", () => {
    for (const bad of [{ x: Number.NaN, y: 0 }, { x: 0, y: Number.POSITIVE_INFINITY }, { x: Number.NEGATIVE_INFINITY, y: Number.NaN }]) {
      const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
      const body = world.add(new Circle({ radius: 0.3 }));
      world.setForceField((_b, out) => {
        out.x = bad.x;
        out.y = bad.y;
      });
      expect(() => world.step(dt)).toThrow(/force/);
      expect(body.velocity).toEqual({ x: 0, y: 0 });
    }
  });
});

describe("the speed limit with contacts", () => {
  it("what the contacts add is limited too: a box sunk in the floor rises at maxLinearSpeed, not at the push-out speed", () => {
    // the solve pass asks for up to 3 m/s (maxContactPushSpeed); each sub-step moves it at most 0.2 m/s
    for (const rise of sunkBoxRises({ maxLinearSpeed: 0.2 }, 10)) {
      expect(rise).toBeGreaterThan(0.9 * 0.2 * dt);
      expect(rise).toBeLessThanOrEqual(0.2 * dt * (1 + 1e-9));
    }
  });

  it("the same against a wall: a box sunk sideways leaves it at maxLinearSpeed", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false, maxLinearSpeed: 0.2 });
    world.add(AABB.fromBounds({ x: 0, y: -5 }, { x: 1, y: 5 }, { type: "static" }));
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: -0.2, y: 0 } }));
    world.step(dt);
    expect(-0.2 - box.position.x).toBeGreaterThan(0.9 * 0.2 * dt);
    expect(-0.2 - box.position.x).toBeLessThanOrEqual(0.2 * dt * (1 + 1e-9));
  });

  it("the limit acts before the contacts: a ball at 10 m/s (limit 2) hits a resting one as if at 2 m/s (e = 0.5)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false, maxLinearSpeed: 2 });
    // 1 cm apart: they meet in the first step, before the position update could limit the speed
    const a = world.add(new Circle({ radius: 0.5, position: { x: -1.01, y: 0 }, velocity: { x: 10, y: 0 }, restitution: 0.5 }));
    const b = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 }, restitution: 0.5 }));
    steps(world, 90);
    // equal masses, e = 0.5, approach 2 m/s: 0.5 and 1.5 m/s
    expect(a.velocity.x).toBeCloseTo(0.5, 6);
    expect(b.velocity.x).toBeCloseTo(1.5, 6);
  });
});

describe("impacts inside a sub-step", () => {
  it("a ball bouncing (e = 1, no gravity) follows the reflected path exactly, turning at the floor or the wall", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    world.add(AABB.fromBounds({ x: 20, y: 5 }, { x: 21, y: 15 }, { type: "static" }));
    const y0 = 0.8;
    const v = 5;
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: y0 }, velocity: { x: 0, y: -v }, restitution: 1 }));
    const side = world.add(new Circle({ radius: 0.5, position: { x: 19.2, y: 10 }, velocity: { x: v, y: 0 }, restitution: 1 }));
    const hit = (y0 - 0.5) / v; // 0.06 s, inside the fourth step
    for (let i = 1; i <= 12; i++) {
      world.step(dt);
      const t = i * dt;
      const d = t < hit ? -v * t : v * (t - hit) - (y0 - 0.5);
      expect(ball.position.y).toBeCloseTo(y0 + d, 9);
      expect(side.position.x).toBeCloseTo(19.2 - d, 9);
    }
    expect(ball.velocity.y).toBeCloseTo(v, 9);
    expect(side.velocity.x).toBeCloseTo(-v, 9);
  });

  it("on a kinematic platform moving up, the rebound is e × the relative speed, relative to the platform", () => {
    for (const integrator of ["semi-implicit-euler", "velocity-verlet", "explicit-euler"] as const) {
      const world = new World({ integrator, gravity: { x: 0, y: 0 }, sleeping: false });
      world.add(new AABB({ halfWidth: 3, halfHeight: 0.25, position: { x: 0, y: -0.25 }, type: "kinematic", velocity: { x: 0, y: 1 } }));
      const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 1.5 }, velocity: { x: 0, y: -3 }, restitution: 0.5 }));
      steps(world, 30);
      expect(ball.velocity.y, integrator).toBeCloseTo(1 + 0.5 * 4, 9);
    }
  });

  it("a tilted capsule (e = 1, frictionless, no gravity) turns from the moment its end hits, not from the sub-step's start", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
    const theta = 0.3;
    const hl = 0.6;
    const r = 0.1;
    const v = 4;
    const y0 = hl * Math.sin(theta) + r + 0.03; // its lower end 3 cm above the floor: it hits 0.8 of the way into the second sub-step
    const pill = world.add(new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0, y: y0 }, velocity: { x: 0, y: -v }, restitution: 1, friction: 0 }));
    const hit = 0.03 / v;
    // the impulse J at the lower end (lever rx = −hl·cos θ about the centre) with e = 1
    const rx = -hl * Math.cos(theta);
    const J = (2 * v) / (1 / pill.mass + (rx * rx) / pill.inertia);
    const omega = (rx * J) / pill.inertia;
    for (let i = 1; i <= 3; i++) {
      world.step(dt);
      const t = i * dt;
      // (turning from the sub-step's start would be ω × 3.3 ms = 0.02 rad ahead)
      expect(pill.angle).toBeCloseTo(theta + omega * (t - hit), 3);
    }
    expect(pill.angularVelocity).toBeCloseTo(omega, 9);
    expect(pill.velocity.y).toBeCloseTo(-v + J / pill.mass, 9);
  });

  it("velocity Verlet: a ball with e = 1 dropped on the floor rises back to its height", () => {
    const world = new World({ integrator: "velocity-verlet", sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 1.5 }, restitution: 1 }));
    let top = 0;
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      if (i > 30) top = Math.max(top, ball.position.y);
    }
    expect(top).toBeGreaterThan(1.5 - 0.01);
    expect(top).toBeLessThan(1.5 + 1e-6);
  });
});

describe("explicit Euler with a contact", () => {
  it("a ball thrown at a wall (e = 0) stops at it; a spinning disc dropped on a rough floor ends rolling at ω·r/3", () => {
    const world = new World({ integrator: "explicit-euler", gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(AABB.fromBounds({ x: 3, y: -5 }, { x: 4, y: 5 }, { type: "static" }));
    const ball = world.add(new Circle({ radius: 0.5, velocity: { x: 2, y: 0 } }));
    steps(world, 120);
    expect(ball.position.x).toBeCloseTo(2.5, 3);
    expect(Math.abs(ball.velocity.x)).toBeLessThan(1e-6);
    const rough = new World({ integrator: "explicit-euler", sleeping: false });
    rough.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", friction: 1 }));
    const disc = rough.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.5 }, angularVelocity: -6, friction: 1 }));
    steps(rough, 60);
    expect(disc.velocity.x).toBeCloseTo(1, 2);
    expect(disc.angularVelocity * 0.5).toBeCloseTo(-disc.velocity.x, 2);
  });

  it("a ball comes to rest on the floor", () => {
    const world = new World({ integrator: "explicit-euler", sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.7 } }));
    steps(world, 120);
    expect(ball.position.y).toBeCloseTo(0.5, 3);
    // explicit Euler applies the sub-step's gravity after the contact: it reports −g·h at rest
    expect(ball.velocity.y).toBeCloseTo(-9.81 * (dt / 4), 6);
  });
});
