/**
 * Physics against physics: closed forms, conservation laws and settling
 * scenes. Each scene runs in simulated time; nothing here is timed.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type Body, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function run(world: World, seconds: number, each?: (t: number) => void): void {
  const n = Math.round(seconds / dt);
  for (let i = 0; i < n; i++) {
    world.step(dt);
    each?.(world.time);
  }
}

function groundWorld(options: WorldOptions = {}, friction = 0.6) {
  const world = new World({ sleeping: false, ...options });
  const ground = world.add(AABB.fromBounds({ x: -60, y: -2 }, { x: 60, y: 0 }, { type: "static", friction }));
  return { world, ground };
}

describe("free fall matches each integrator's closed form", () => {
  const g = -9.81;
  const x0 = 3;
  const y0 = 100;
  const vx0 = 1.5;
  const vy0 = 4;
  const cases: { integrator: WorldOptions["integrator"]; solver: WorldOptions["solver"]; sub: number }[] = [];
  for (const integrator of ["semi-implicit-euler", "explicit-euler", "velocity-verlet"] as const) {
    cases.push({ integrator, solver: "soft-step", sub: 4 });
    cases.push({ integrator, solver: "pgs", sub: 1 });
  }
  for (const { integrator, solver, sub } of cases) {
    it(`${integrator} with ${solver} (${sub} sub-steps per step)`, () => {
      const world = new World({ integrator, solver, subSteps: sub });
      const ball = world.add(new Circle({ radius: 0.5, position: { x: x0, y: y0 }, velocity: { x: vx0, y: vy0 } }));
      const steps = 120;
      for (let i = 0; i < steps; i++) world.step(dt);
      const h = dt / sub;
      const n = steps * sub;
      const t = n * h;
      // closed forms per sub-step h after n sub-steps
      let y: number;
      if (integrator === "semi-implicit-euler") y = y0 + n * h * vy0 + 0.5 * g * h * h * n * (n + 1);
      else if (integrator === "explicit-euler") y = y0 + n * h * vy0 + 0.5 * g * h * h * n * (n - 1);
      else y = y0 + vy0 * t + 0.5 * g * t * t;
      const vy = vy0 + g * t;
      expect(Math.abs(ball.position.y - y) / Math.abs(y)).toBeLessThan(1e-12);
      expect(Math.abs(ball.position.x - (x0 + vx0 * t)) / (x0 + vx0 * t)).toBeLessThan(1e-12);
      expect(Math.abs(ball.velocity.y - vy) / Math.abs(vy)).toBeLessThan(1e-12);
      expect(ball.velocity.x).toBe(vx0);
    });
  }
});

describe("head-on collisions against the closed form", () => {
  for (const solver of ["soft-step", "pgs"] as const) {
    for (const e of [0, 0.5, 1]) {
      it(`masses 1 and 3, restitution ${e}, ${solver}`, () => {
        const world = new World({ gravity: { x: 0, y: 0 }, solver });
        const m1 = 1;
        const m2 = 3;
        const u1 = 4;
        const u2 = -2;
        const a = world.add(new Circle({ radius: 0.5, mass: m1, position: { x: -2, y: 0 }, velocity: { x: u1, y: 0 }, restitution: e }));
        const b = world.add(new Circle({ radius: 0.5, mass: m2, position: { x: 2, y: 0 }, velocity: { x: u2, y: 0 }, restitution: e }));
        run(world, 1.5);
        const p = m1 * u1 + m2 * u2;
        const v1 = (p - m2 * e * (u1 - u2)) / (m1 + m2);
        const v2 = (p + m1 * e * (u1 - u2)) / (m1 + m2);
        expect(a.velocity.x).toBeCloseTo(v1, 6);
        expect(b.velocity.x).toBeCloseTo(v2, 6);
        expect(m1 * a.velocity.x + m2 * b.velocity.x).toBeCloseTo(p, 9);
        expect(b.velocity.x - a.velocity.x).toBeCloseTo(e * (u1 - u2), 6);
        expect(Math.abs(a.velocity.y) + Math.abs(b.velocity.y) + Math.abs(a.angularVelocity)).toBeLessThan(1e-9);
      });
    }
  }
});

describe("Newton's cradle", () => {
  it("five touching balls with restitution 1: the last leaves with the first's speed", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const balls: Body[] = [];
    for (let i = 0; i < 5; i++) {
      balls.push(world.add(new Circle({ radius: 0.5, position: { x: i, y: 0 }, restitution: 1, friction: 0 })));
    }
    const striker = world.add(new Circle({ radius: 0.5, position: { x: -3, y: 0 }, velocity: { x: 3, y: 0 }, restitution: 1, friction: 0 }));
    run(world, 1.5);
    const last = balls[4]!;
    expect(Math.abs(last.velocity.x - 3) / 3).toBeLessThan(0.02);
    for (const b of [striker, ...balls.slice(0, 4)]) expect(Math.abs(b.velocity.x)).toBeLessThan(0.06);
  });
});

describe("resting stacks", () => {
  it("a 20-row AABB pyramid stands still from t = 2 s to t = 12 s (default solver, no sleeping)", () => {
    const { world } = groundWorld();
    const boxes: Body[] = [];
    const rows = 20;
    for (let row = 0; row < rows; row++) {
      for (let i = 0; i < rows - row; i++) {
        const x = (i - (rows - row - 1) / 2) * 1.0;
        boxes.push(world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x, y: 0.5 + row * 1.0 } })));
      }
    }
    expect(boxes.length).toBe(210);
    run(world, 2);
    const start = boxes.map((b) => ({ x: b.position.x, y: b.position.y }));
    run(world, 10);
    let worst = 0;
    boxes.forEach((b, i) => {
      worst = Math.max(worst, Math.hypot(b.position.x - start[i]!.x, b.position.y - start[i]!.y));
    });
    expect(worst).toBeLessThan(0.01);
    const top = boxes[boxes.length - 1]!;
    expect(top.position.y).toBeGreaterThan(19.3);
  });

  it("a 10-box vertical stack comes to rest", () => {
    const { world } = groundWorld();
    const boxes: Body[] = [];
    for (let i = 0; i < 10; i++) boxes.push(world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 + i * 1.0 } })));
    run(world, 20);
    for (const b of boxes) expect(Math.hypot(b.velocity.x, b.velocity.y)).toBeLessThan(0.05);
    expect(boxes[9]!.position.y).toBeGreaterThan(9.4);
  });

  it("500 mixed capsules and circles in a container come to rest with nothing below the floor", () => {
    const world = new World();
    world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
    world.add(AABB.fromBounds({ x: -11, y: 0 }, { x: -10, y: 40 }, { type: "static" }));
    world.add(AABB.fromBounds({ x: 10, y: 0 }, { x: 11, y: 40 }, { type: "static" }));
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const bodies: Body[] = [];
    for (let i = 0; i < 500; i++) {
      const x = -9 + (i % 18) + 0.2 * rand();
      const y = 1 + Math.floor(i / 18) * 1.1;
      bodies.push(
        world.add(
          i % 2 === 0
            ? new Circle({ radius: 0.2 + 0.2 * rand(), position: { x, y } })
            : new Capsule({ halfLength: 0.15 + 0.2 * rand(), radius: 0.15 + 0.1 * rand(), angle: 3 * rand(), position: { x, y } }),
        ),
      );
    }
    run(world, 20);
    for (const b of bodies) {
      expect(Math.hypot(b.velocity.x, b.velocity.y)).toBeLessThan(0.05);
      expect(b.minY).toBeGreaterThan(-0.05);
      expect(Math.abs(b.position.x)).toBeLessThan(10);
    }
  });
});

describe("friction", () => {
  it("a box sliding at v0 stops after v0² / (2 μ g)", () => {
    const mu = 0.4;
    const { world } = groundWorld({}, mu);
    const v0 = 5;
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 }, velocity: { x: v0, y: 0 }, friction: mu }));
    run(world, 0.2); // settle the contact
    const xStart = box.position.x;
    const vStart = box.velocity.x;
    run(world, 3);
    const expected = (vStart * vStart) / (2 * mu * 9.81);
    expect(Math.abs(box.velocity.x)).toBeLessThan(1e-6);
    expect(Math.abs(box.position.x - xStart - expected) / expected).toBeLessThan(0.03);
  });

  it("a circle on a 30° capsule ramp with high friction rolls without slipping", () => {
    const world = new World({ sleeping: false });
    const angle = Math.PI / 6;
    const ramp = world.add(Capsule.fromSegment({ x: -20 * Math.cos(angle), y: 20 * Math.sin(angle) }, { x: 0, y: 0 }, 0.2, { type: "static", friction: 1 }));
    expect(ramp.angle).toBeCloseTo(-angle, 12);
    const r = 0.5;
    // resting on the ramp surface, near its top
    const nx = Math.sin(angle);
    const ny = Math.cos(angle);
    const sx = -15 * Math.cos(angle) + nx * (0.2 + r);
    const sy = 15 * Math.sin(angle) + ny * (0.2 + r);
    const ball = world.add(new Circle({ radius: r, position: { x: sx, y: sy }, friction: 1 }));
    run(world, 1.5);
    const speed = Math.hypot(ball.velocity.x, ball.velocity.y);
    expect(speed).toBeGreaterThan(3);
    expect(Math.abs(Math.abs(ball.angularVelocity) - speed / r) / (speed / r)).toBeLessThan(0.03);
    // rolling down to the right (downhill) spins clockwise
    expect(ball.angularVelocity).toBeLessThan(0);
    // a solid disc rolling without slipping accelerates at (2/3) g sin θ
    const a = (2 / 3) * 9.81 * Math.sin(angle);
    expect(Math.abs(speed - a * 1.5) / (a * 1.5)).toBeLessThan(0.05);
  });
});

describe("kinematic bodies", () => {
  it("a kinematic platform carries a box resting on it", () => {
    const world = new World({ sleeping: false });
    const platform = world.add(new AABB({ halfWidth: 2, halfHeight: 0.25, position: { x: 0, y: 0 }, type: "kinematic", velocity: { x: 1, y: 0 } }));
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.75 }, friction: 0.8 }));
    run(world, 2);
    expect(platform.position.x).toBeCloseTo(2, 9);
    expect(box.position.x).toBeGreaterThan(1.8);
    expect(box.velocity.x).toBeCloseTo(1, 2);
    expect(box.position.y).toBeGreaterThan(0.7);
  });
});

describe("sleeping", () => {
  it("a settled pile sleeps; a ball dropped on it wakes exactly the island it lands on", () => {
    const world = new World();
    world.add(AABB.fromBounds({ x: -30, y: -1 }, { x: 30, y: 0 }, { type: "static" }));
    const left: Body[] = [];
    const right: Body[] = [];
    for (let i = 0; i < 5; i++) {
      left.push(world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: -10, y: 0.5 + i } })));
      right.push(world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 10, y: 0.5 + i } })));
    }
    run(world, 4);
    for (const b of [...left, ...right]) expect(b.isSleeping).toBe(true);
    const ball = world.add(new Circle({ radius: 0.3, position: { x: -10, y: 8 } }));
    let leftWoke = false;
    run(world, 1, () => {
      if (left.every((b) => !b.isSleeping)) leftWoke = true;
      for (const b of right) expect(b.isSleeping).toBe(true);
    });
    expect(leftWoke).toBe(true);
    expect(ball.position.y).toBeGreaterThan(5);
    run(world, 4);
    for (const b of [...left, ...right, ball]) expect(b.isSleeping).toBe(true);
  });

  it("moving or pushing a sleeping body wakes it, removing its support wakes what rests on it", () => {
    const world = new World();
    const ground = world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const lower = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 } }));
    const upper = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 1.5 } }));
    run(world, 3);
    expect(lower.isSleeping && upper.isSleeping).toBe(true);
    upper.applyImpulse({ x: 0, y: 0.1 });
    expect(upper.isSleeping).toBe(false);
    expect(lower.isSleeping).toBe(false);
    run(world, 3);
    expect(lower.isSleeping && upper.isSleeping).toBe(true);
    world.remove(lower);
    expect(upper.isSleeping).toBe(false);
    run(world, 0.5);
    expect(upper.position.y).toBeLessThan(1);
    expect(ground.position.y).toBe(-0.5);
  });
});

describe("energy", () => {
  for (const solver of ["soft-step", "pgs"] as const) {
    for (const subSteps of [1, 4]) {
      if (solver === "pgs" && subSteps === 4) continue;
      it(`a ball bouncing with restitution 1 never rises above its start (${solver}, ${subSteps} sub-steps)`, () => {
        const world = new World({ solver, subSteps, sleeping: false });
        world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", restitution: 1 }));
        const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 3 }, restitution: 1 }));
        const e0 = ball.mass * 9.81 * ball.position.y;
        let bounces = 0;
        let lastVy = 0;
        run(world, 12, () => {
          const e = ball.kineticEnergy + ball.mass * 9.81 * ball.position.y;
          expect(e).toBeLessThanOrEqual(e0 * 1.005);
          if (lastVy < 0 && ball.velocity.y > 0) bounces++;
          lastVy = ball.velocity.y;
        });
        expect(bounces).toBeGreaterThanOrEqual(8);
      });
    }
  }
});

describe("solve order: contacts with static bodies last, whatever order the bodies were added in", () => {
  for (const groundFirst of [true, false]) {
    it(`a 1 kg box under a 100 kg box comes to rest (ground added ${groundFirst ? "first" : "last"})`, () => {
      const world = new World({ sleeping: false });
      const ground = () => world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
      if (groundFirst) ground();
      const light = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5, mass: 1 }));
      const heavy = world.add(new AABB({ position: { x: 0, y: 1.5 }, halfWidth: 0.5, halfHeight: 0.5, mass: 100 }));
      if (!groundFirst) ground();
      run(world, 3);
      let fastest = 0;
      run(world, 2, () => {
        for (const b of [light, heavy]) fastest = Math.max(fastest, Math.hypot(b.velocity.x, b.velocity.y));
      });
      expect(fastest).toBeLessThan(0.01);
      expect(heavy.position.y).toBeGreaterThan(1.45);
    });

    it(`a 20-box stack at dt = 1/30 settles (ground added ${groundFirst ? "first" : "last"})`, () => {
      const world = new World({ sleeping: false });
      const ground = () => world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
      if (groundFirst) ground();
      const boxes: Body[] = [];
      for (let i = 0; i < 20; i++) boxes.push(world.add(new AABB({ position: { x: 0, y: 0.5 + i }, halfWidth: 0.5, halfHeight: 0.5 })));
      if (!groundFirst) ground();
      for (let i = 0; i < 150; i++) world.step(1 / 30);
      let fastest = 0;
      for (let i = 0; i < 150; i++) {
        world.step(1 / 30);
        for (const b of boxes) fastest = Math.max(fastest, Math.hypot(b.velocity.x, b.velocity.y));
      }
      expect(fastest).toBeLessThan(0.01);
      // at 30 steps/s the contacts are softer (stiffness is limited by the sub-step rate): ~1 cm each
      expect(boxes[19]!.position.y).toBeGreaterThan(19.5 - 20 * 0.011);
    });
  }
});

describe("restitution is applied at contact", () => {
  // Rises to e²·h: the bounce happens at the floor, not above it. The default
  // solver with its 4 sub-steps; pgs takes one step of 1/60 s, where
  // semi-implicit Euler's own error on the way up (a ball launched at v peaks
  // about v·dt/2 low, with no contact involved) would dominate, so it runs
  // with velocity Verlet, exact for constant gravity.
  for (const [solver, integrator] of [["soft-step", "semi-implicit-euler"], ["pgs", "velocity-verlet"]] as const) {
    for (const [e, base] of [[0.5, 2], [0.8, 2], [0.5, 5], [0.8, 0.5]] as const) {
      // Eleven drop heights over a step's worth of fall, so the floor is met at every phase of a step.
      it(`a ball with e = ${e} dropped from ${base}–${base + 0.1} m rises to e²·h within 5 % (${solver}, ${integrator})`, () => {
        for (let k = 0; k <= 10; k++) {
          const h = base + 0.01 * k;
          const world = new World({ solver, integrator, sleeping: false });
          world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
          const r = 0.25;
          const ball = world.add(new Circle({ radius: r, position: { x: 0, y: h + r }, restitution: e }));
          let bounced = false;
          let peak = 0;
          let lowest = Infinity;
          for (let i = 0; i < 600; i++) {
            world.step(dt);
            lowest = Math.min(lowest, ball.position.y - r);
            if (!bounced && ball.velocity.y > 0) bounced = true;
            if (!bounced) continue;
            if (ball.velocity.y <= 0) break;
            peak = Math.max(peak, ball.position.y - r);
          }
          expect(Math.abs(peak / (e * e * h) - 1), `dropped from ${h} m`).toBeLessThan(0.05);
          expect(lowest).toBeGreaterThan(-0.005); // never sinks into the floor
        }
      });
    }
  }
});
