/**
 * Joints: closed forms (pendulum periods, spring frequencies, reaction
 * forces), limits and motors, ropes, breaking, islands, filtering, input
 * checks, and snapshots that continue bit-identically.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, type Body, type Joint, type WorldOptions } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too

const G = 9.81;
const DT = 1 / 60;

function ground(w: World, x = 0, y = 0, hw = 0.1, hh = 0.1): AABB {
  return w.add(new AABB({ halfWidth: hw, halfHeight: hh, type: "static", position: { x, y } }));
}

/** Mean period of upward zero crossings of f(t) over `seconds`. */
function period(w: World, seconds: number, f: () => number, dt = DT): number {
  let prev = f();
  const crossings: number[] = [];
  let t = 0;
  for (let i = 0; i < Math.round(seconds / dt); i++) {
    w.step(dt);
    t += dt;
    const x = f();
    if (prev < 0 && x >= 0) crossings.push(t - (dt * x) / (x - prev));
    prev = x;
  }
  return (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
}

function separation(j: Joint): number {
  const a = j.anchorA;
  const b = j.anchorB;
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** A vertical capsule hanging below (x, y), as a link of length 2·hl. */
function link(w: World, x: number, y: number, hl: number, r: number, density = 1): Capsule {
  return w.add(new Capsule({ halfLength: hl, radius: r, density, angle: -Math.PI / 2, position: { x, y: y - hl } }));
}

describe("pendulums (closed forms)", () => {
  const amp = 0.05; // small amplitude: the period is within 0.02 % of the linear one
  for (const solver of ["soft-step", "pgs"] as const) {
    it(`point mass on a light rod (distance joint), ${solver}: T = 2π√(L/g) within 1 %`, () => {
      const w = new World({ solver, sleeping: false });
      const pivot = ground(w);
      const L = 1.5;
      const ball = w.add(new Circle({ radius: 0.02, position: { x: L * Math.sin(amp), y: -L * Math.cos(amp) } }));
      w.addJoint({ type: "distance", bodyA: pivot, bodyB: ball });
      const T = period(w, 20, () => ball.position.x);
      expect(Math.abs(T / (2 * Math.PI * Math.sqrt(L / G)) - 1)).toBeLessThan(0.01);
    });

    it(`capsule hinged at its end (revolute), ${solver}: physical pendulum T = 2π√(I/(m g d)) within 1 %`, () => {
      const w = new World({ solver, sleeping: false });
      const pivot = ground(w, 0, 0.5);
      const hl = 0.5;
      const rod = w.add(new Capsule({ halfLength: hl, radius: 0.05, angle: -Math.PI / 2 + amp, position: { x: hl * Math.sin(amp), y: -hl * Math.cos(amp) } }));
      const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: rod, anchor: { x: 0, y: 0 } });
      const I = rod.inertia + rod.mass * hl * hl;
      const T = period(w, 20, () => rod.position.x);
      expect(Math.abs(T / (2 * Math.PI * Math.sqrt(I / (rod.mass * G * hl))) - 1)).toBeLessThan(0.01);
      expect(separation(j)).toBeLessThan(1e-4);
    });
  }

  // The default joints (rigid velocity rows, the error projected out after the sub-steps, as
  // Box2D v2) hold under load but lose a little energy every sub-step (the velocity is made
  // tangent again as the rod turns: about 0.2 % of the swing per period here). Box2D v3's soft
  // joints (jointHertz > 0, no projection) keep it, but stretch under load (see the chains).
  // Bounds on the drift over the 100 periods: the default loses 0.2–0.3 % per period (measured
  // 21.5 % over 100, 0.24 % per period), the soft joints keep it within 0.25 % (measured +0.20 %).
  for (const [name, opts, lo, hi] of [
    ["default (rigid, projected)", {}, 0.997 ** 100 - 1, 0.998 ** 100 - 1],
    ["soft (jointHertz 60, no projection)", { jointHertz: 60, jointPositionIterations: 0 }, -0.0025, 0.0025],
  ] as const) {
    it(`energy drift over 100 periods is reported and bounded: ${name}`, () => {
      const w = new World({ ...opts, sleeping: false });
      const pivot = ground(w);
      const L = 1;
      const a0 = 0.3;
      const ball = w.add(new Circle({ radius: 0.02, position: { x: L * Math.sin(a0), y: -L * Math.cos(a0) } }));
      w.addJoint({ type: "distance", bodyA: pivot, bodyB: ball });
      const energy = () => ball.kineticEnergy + ball.mass * G * ball.position.y;
      const e0 = energy();
      const steps = Math.round((100 * 2 * Math.PI * Math.sqrt(L / G)) / DT);
      for (let i = 0; i < steps; i++) w.step(DT);
      const drift = (energy() - e0) / (ball.mass * G * L * (1 - Math.cos(a0)));
      console.log(`pendulum energy drift over 100 periods, ${name}: ${(drift * 100).toFixed(2)} % of the swing energy`);
      expect(drift).toBeGreaterThan(lo);
      expect(drift).toBeLessThan(hi);
    });
  }
});

describe("joint parts hold what they promise", () => {
  it("a revolute limit holds under a load 100× the limb's weight (within 0.02 rad)", () => {
    const w = new World({ sleeping: false });
    const wall = ground(w);
    const hl = 0.4;
    const limb = w.add(new Capsule({ halfLength: hl, radius: 0.05, position: { x: hl, y: 0 } }));
    const j = w.addJoint({ type: "revolute", bodyA: wall, bodyB: limb, anchor: { x: 0, y: 0 }, enableLimit: true, lowerAngle: -0.25, upperAngle: 0.25 });
    let worst = 0;
    for (let i = 0; i < 180; i++) {
        const tip = { x: limb.position.x + hl * limb.rotCos, y: limb.position.y + hl * limb.rotSin };
      limb.applyForce({ x: 0, y: -100 * limb.mass * G }, tip);
      w.step(DT);
      if (i > 30) worst = Math.min(worst, j.angle - j.limits.lower);
    }
    console.log(`revolute limit under 100× load: ${(-worst).toFixed(4)} rad past the limit`);
    expect(worst).toBeGreaterThan(-0.02);
    expect(worst).toBeLessThan(0); // it is loaded against the limit
  });

  it("a revolute limit holds a load 100× the limb's mass hung on its tip (issue 33): rests within 0.02 rad, peaks no further past than Box2D v3", () => {
    // the scene: a static pivot box, a capsule limb on a revolute joint with limits ±0.25 rad,
    // and at its tip a circle of 100× its mass on a second revolute joint; gravity 10, the defaults
    const w = new World({ gravity: { x: 0, y: -10 } });
    const pivot = w.add(AABB.fromBounds({ x: -0.2, y: -0.1 }, { x: 0, y: 0.1 }, { type: "static" }));
    const limb = w.add(new Capsule({ halfLength: 0.5, radius: 0.05, density: 1, position: { x: 0.5, y: 0 } }));
    const load = w.add(new Circle({ radius: 0.1, mass: 100 * limb.mass, position: { x: 1, y: 0 } }));
    const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: limb, anchor: { x: 0, y: 0 }, enableLimit: true, lowerAngle: -0.25, upperAngle: 0.25 });
    w.addJoint({ type: "revolute", bodyA: limb, bodyB: load, anchor: { x: 1, y: 0 } });
    let peak = 0;
    let rest = 0;
    for (let i = 0; i < 600; i++) {
      w.step(DT);
      const past = j.limits.lower - j.angle;
      peak = Math.max(peak, past);
      if (i >= 540) rest = Math.max(rest, Math.abs(past)); // 9–10 s
    }
    console.log(`limb under a 100× load on its tip: peak ${peak.toFixed(4)} rad past the limit, ${rest.toFixed(4)} at rest (Box2D v3: 0.204, 0.070)`);
    expect(peak).toBeLessThanOrEqual(0.204); // Box2D v3 with its defaults peaks at 0.204
    expect(rest).toBeLessThan(0.02);
    expect(Math.abs(load.velocity.y)).toBeLessThan(0.01); // at rest
  });

  it("a revolute motor reaches its target speed within 2 %", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const base = ground(w);
    const wheel = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 } }));
    const j = w.addJoint({ type: "revolute", bodyA: base, bodyB: wheel, enableMotor: true, motorSpeed: 6, maxMotorTorque: 50 });
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(Math.abs(wheel.angularVelocity / 6 - 1)).toBeLessThan(0.02);
    expect(Math.abs(j.angularSpeed / 6 - 1)).toBeLessThan(0.02);
  });

  it("a weak motor is limited by its max torque: α = τ / I", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const base = ground(w);
    const wheel = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 } }));
    w.addJoint({ type: "revolute", bodyA: base, bodyB: wheel, enableMotor: true, motorSpeed: 100, maxMotorTorque: 0.1 });
    for (let i = 0; i < 60; i++) w.step(DT);
    expect(wheel.angularVelocity).toBeCloseTo((0.1 / wheel.inertia) * 1, 2);
  });

  it("prismatic limits hold, and the slider keeps its axis and angle", () => {
    const w = new World({ sleeping: false });
    const rail = ground(w);
    const box = w.add(new Capsule({ halfLength: 0.3, radius: 0.1, position: { x: 1, y: 0 } }));
    const j = w.addJoint({ type: "prismatic", bodyA: rail, bodyB: box, anchor: { x: 1, y: 0 }, axis: { x: 1, y: 1 }, enableLimit: true, lower: -0.5, upper: 0.2 });
    for (let i = 0; i < 240; i++) w.step(DT);
    expect(j.translation).toBeGreaterThan(-0.5 - 0.005);
    expect(j.translation).toBeLessThan(-0.5 + 0.005);
    // the anchor stays on the line x = y through (1, 0) and the body does not turn
    const p = j.anchorB;
    expect(Math.abs(p.x - 1 - p.y) / Math.SQRT2).toBeLessThan(0.002);
    expect(Math.abs(box.angle)).toBeLessThan(0.01);
  });

  it("a prismatic motor drives at its speed against gravity", () => {
    const w = new World({ sleeping: false });
    const rail = ground(w);
    const box = w.add(new Circle({ radius: 0.2, position: { x: 0, y: 0 } }));
    w.addJoint({ type: "prismatic", bodyA: rail, bodyB: box, axis: { x: 0, y: 1 }, enableMotor: true, motorSpeed: 0.5, maxMotorForce: 1000 });
    for (let i = 0; i < 60; i++) w.step(DT);
    expect(box.velocity.y).toBeCloseTo(0.5, 3);
    expect(Math.abs(box.velocity.x)).toBeLessThan(1e-9);
  });

  it("a distance rope never exceeds its max length by more than 1 %, and goes slack below it", () => {
    const w = new World({ sleeping: false });
    const pivot = ground(w);
    const ball = w.add(new Circle({ radius: 0.1, position: { x: 1, y: 0.5 } }));
    const L = 2;
    const j = w.addJoint({ type: "distance", bodyA: pivot, bodyB: ball, minLength: 0, maxLength: L });
    let longest = 0;
    let shortest = Infinity;
    for (let i = 0; i < 600; i++) {
      w.step(DT);
      longest = Math.max(longest, j.currentLength);
      shortest = Math.min(shortest, j.currentLength);
    }
    expect(longest).toBeLessThan(L * 1.01);
    expect(longest).toBeGreaterThan(L * 0.99); // it went taut
    expect(shortest).toBeLessThan(Math.hypot(1, 0.5) + 1e-9); // slack at the start: it fell freely
  });

  it("a soft weld holds a cantilever with the sag its stiffness gives: θ = m g d / (I ω²)", () => {
    const w = new World({ sleeping: false });
    const wall = ground(w);
    const hl = 0.5;
    const beam = w.add(new Capsule({ halfLength: hl, radius: 0.05, position: { x: hl, y: 0 } }));
    const hz = 2;
    const j = w.addJoint({ type: "weld", bodyA: wall, bodyB: beam, anchor: { x: 0, y: 0 }, angularHertz: hz, dampingRatio: 1 });
    for (let i = 0; i < 600; i++) w.step(DT);
    const omega = 2 * Math.PI * hz;
    const expected = -(beam.mass * G * hl) / (beam.inertia * omega * omega);
    expect(Math.abs(j.angle / expected - 1)).toBeLessThan(0.1);
    // a rigid weld barely sags
    const w2 = new World({ sleeping: false });
    const wall2 = ground(w2);
    const beam2 = w2.add(new Capsule({ halfLength: hl, radius: 0.05, position: { x: hl, y: 0 } }));
    const j2 = w2.addJoint({ type: "weld", bodyA: wall2, bodyB: beam2, anchor: { x: 0, y: 0 } });
    for (let i = 0; i < 600; i++) w2.step(DT);
    expect(Math.abs(j2.angle)).toBeLessThan(0.01);
    expect(separation(j2)).toBeLessThan(1e-3);
  });

  it("a wheel's suspension oscillates at its set frequency within 5 %", () => {
    const w = new World({ sleeping: false });
    const chassis = ground(w, 0, 1);
    const wheel = w.add(new Circle({ radius: 0.3, position: { x: 0, y: 0 } }));
    const hz = 3;
    const j = w.addJoint({ type: "wheel", bodyA: chassis, bodyB: wheel, anchor: { x: 0, y: 0 }, axis: { x: 0, y: 1 }, hertz: hz, dampingRatio: 0 });
    // it oscillates about the sag m g / k below the anchor
    const sag = -G / (2 * Math.PI * hz) ** 2;
    const T = period(w, 5, () => j.translation - sag);
    expect(Math.abs(T * hz - 1)).toBeLessThan(0.05);
  });

  it("springs made with joints stay stable at any sub-step count, at their frequency once ωh is small", () => {
    for (const subSteps of [1, 2, 4, 8, 16]) {
      const w = new World({ subSteps, sleeping: false, gravity: { x: 0, y: 0 } });
      const anchor = ground(w);
      const ball = w.add(new Circle({ radius: 0.1, position: { x: 1.5, y: 0 } }));
      const hz = 4;
      const j = w.addJoint({ type: "distance", bodyA: anchor, bodyB: ball, length: 1, enableSpring: true, hertz: hz, dampingRatio: 0 });
      let longest = 0;
      const T = period(w, 5, () => {
        longest = Math.max(longest, j.currentLength);
        return j.currentLength - 1;
      });
      // the soft (implicit) spring runs a little slow when ωh is not small: 7 % at one sub-step of 1/60 s
      expect(Math.abs(T * hz - 1)).toBeLessThan(subSteps === 1 ? 0.08 : 0.03);
      expect(longest).toBeLessThan(1.5 + 1e-9); // never gains energy
    }
  });

  it("the reaction force of a hanging mass is its weight", () => {
    const w = new World({ sleeping: false });
    const pivot = ground(w);
    const ball = w.add(new Circle({ radius: 0.2, density: 5, position: { x: 0, y: -1 } }));
    const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: ball, anchor: { x: 0, y: 0 } });
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(j.reactionForce.y / (ball.mass * G)).toBeCloseTo(1, 3);
    expect(Math.abs(j.reactionForce.x)).toBeLessThan(1e-9);
    // the out-parameter forms fill the caller's vector with the same numbers (for per-frame code that allocates nothing)
    const out = { x: 0, y: 0 };
    expect(j.getReactionForce(out)).toBe(out);
    expect(out).toEqual(j.reactionForce);
    expect(j.getAnchorA(out)).toBe(out);
    expect(out).toEqual(j.anchorA);
    expect(j.getAnchorB(out)).toBe(out);
    expect(out).toEqual(j.anchorB);
    expect(j.currentLength).toBeCloseTo(Math.hypot(j.anchorB.x - j.anchorA.x, j.anchorB.y - j.anchorA.y), 12);
  });

  it("a motor joint drags a body to its target (the mouse joint)", () => {
    const w = new World({ sleeping: false });
    const g = ground(w, 0, -5);
    const box = w.add(new Capsule({ halfLength: 0.3, radius: 0.2, position: { x: 0, y: 0 } }));
    const j = w.addJoint({ type: "motor", bodyA: g, bodyB: box, maxForce: 200 * box.mass, maxTorque: 50, linearOffset: { x: 2, y: 6 } });
    for (let i = 0; i < 180; i++) w.step(DT);
    expect(box.position.x).toBeCloseTo(2, 2);
    expect(box.position.y).toBeCloseTo(1, 2);
    j.setTarget({ x: -1, y: 5 }, 0.5);
    for (let i = 0; i < 180; i++) w.step(DT);
    expect(box.position.x).toBeCloseTo(-1, 2);
    expect(box.position.y).toBeCloseTo(0, 2);
    expect(box.angle).toBeCloseTo(0.5, 2);
  });

  for (const solver of ["soft-step", "pgs"] as const) {
    it(`${solver}: a motor joint with anchorB holds the grabbed point; with maxTorque 0 the body swings about it and hangs below it`, () => {
      const w = new World({ sleeping: false, solver, positionCorrection: "ngs" });
      const g = ground(w, 0, -5);
      // a capsule lying flat, grabbed near its right end
      const bar = w.add(new Capsule({ halfLength: 0.5, radius: 0.1, position: { x: 0, y: 2 }, angle: 0, angularDamping: 5 }));
      const j = w.addJoint({ type: "motor", bodyA: g, bodyB: bar, anchorB: { x: 0.4, y: 2 }, maxForce: 100 * bar.mass, maxTorque: 0 });
      expect(j.localAnchorB).toEqual({ x: 0.4, y: 0 });
      expect(j.linearOffset.x).toBeCloseTo(0.4, 12); // B's anchor in A's frame at creation (A at (0, -5))
      expect(j.linearOffset.y).toBeCloseTo(7, 12);
      expect(j.settings).toMatchObject({ localAnchorB: { x: 0.4, y: 0 } });
      for (let i = 0; i < 900; i++) w.step(DT);
      // the grabbed point stays put and the centre hangs 0.4 m straight below it: the bar turned by +90°
      expect(Math.hypot(j.anchorB.x - 0.4, j.anchorB.y - 2)).toBeLessThan(0.01);
      expect(bar.position.x).toBeCloseTo(0.4, 2);
      expect(bar.position.y).toBeCloseTo(1.6, 2);
      expect(Math.abs(bar.angle - Math.PI / 2)).toBeLessThan(0.01);
      // moving the target moves the grabbed point there
      j.setTarget({ x: 1.4, y: 8 });
      for (let i = 0; i < 600; i++) w.step(DT);
      expect(Math.hypot(j.anchorB.x - 1.4, j.anchorB.y - 3)).toBeLessThan(0.01);
      expect(() => w.addJoint({ type: "motor", bodyA: g, bodyB: bar, anchorB: { x: 0, y: 0 }, localAnchorB: { x: 0, y: 0 } })).toThrow(/anchorB or localAnchorB/);
      expect(() => w.addJoint({ type: "motor", bodyA: g, bodyB: bar, anchorB: { x: Number.NaN, y: 0 } })).toThrow(/anchorB/);
      expect(w.joints.length).toBe(1);
    });
  }
});

describe("chains", () => {
  /** n capsule links from a static block, then a ball of `load` kg; returns the worst joint separation seen and the final length. */
  function chain(opts: WorldOptions, n: number, linkDensity: number, load: number, seconds: number) {
    const w = new World(opts);
    const top = ground(w, 0, 10, 0.2, 0.1);
    const hl = 0.15;
    const joints: Joint[] = [];
    let prev: Body = top;
    let y = 10;
    for (let i = 0; i < n; i++) {
      const l = link(w, 0, y, hl, 0.05, linkDensity);
      joints.push(w.addJoint({ type: "revolute", bodyA: prev, bodyB: l, anchor: { x: 0, y } }));
      prev = l;
      y -= 2 * hl;
    }
    const ball = w.add(new Circle({ radius: 0.3, density: load / (Math.PI * 0.09), position: { x: 0, y: y - 0.3 } }));
    joints.push(w.addJoint({ type: "revolute", bodyA: prev, bodyB: ball, anchor: { x: 0, y } }));
    let worst = 0;
    for (let i = 0; i < Math.round(seconds / DT); i++) {
      w.step(DT);
      for (const j of joints) worst = Math.max(worst, separation(j));
    }
    let atRest = 0;
    for (const j of joints) atRest = Math.max(atRest, separation(j));
    return { worst, atRest, length: 10 - (ball.position.y + 0.3), expected: n * 2 * hl, ball, w, linkMass: w.bodies[1]!.mass };
  }

  it("a 1:10 mass ratio chain (heavy ball on light links) stays together and comes to rest", () => {
    const r = chain({}, 20, 2.6, 1, 8);
    expect(r.ball.mass / r.linkMass).toBeGreaterThan(9.5);
    expect(r.worst).toBeLessThan(0.02);
    expect(Math.abs(r.length / r.expected - 1)).toBeLessThan(0.01);
    expect(r.ball.isSleeping).toBe(true);
  });

  // The docs' figures. Two joint passes per sub-step (jointIterations 2, the default since issue 33's
  // heavy-load limit) leave this chain 0.31 mm apart and 0.081 % long at rest; one pass (Box2D v3's
  // count) 0.108 mm and 0.029 %, but then a limit under a 100x load gives way (see above).
  for (const [iterations, sep, len] of [[2, 0.32e-3, 0.00085], [1, 0.11e-3, 0.0003]] as const) {
    it(`a 20-link capsule chain under a 10 kg load, jointIterations ${iterations}: < ${(sep * 1000).toFixed(2)} mm apart at rest, length within ${(len * 100).toFixed(3)} %`, () => {
      const r = chain(iterations === 2 ? {} : { jointIterations: iterations }, 20, 26, 10, 8);
      console.log(`chain under 10 kg, jointIterations ${iterations}: worst separation at rest ${(r.atRest * 1000).toFixed(4)} mm, length +${((r.length / r.expected - 1) * 100).toFixed(4)} %`);
      expect(r.ball.mass / r.linkMass).toBeGreaterThan(9.5);
      expect(r.atRest).toBeLessThan(sep);
      expect(Math.abs(r.length / r.expected - 1)).toBeLessThan(len);
      expect(r.ball.isSleeping).toBe(true);
    });
  }

  it("the same chain under pgs with NGS position correction holds within 0.5 mm and 0.12 % (measured 0.42 mm, 0.11 %)", () => {
    const r = chain({ solver: "pgs", positionCorrection: "ngs" }, 20, 26, 10, 8);
    console.log(`chain under 10 kg, pgs + ngs: worst separation at rest ${(r.atRest * 1000).toFixed(4)} mm, length +${((r.length / r.expected - 1) * 100).toFixed(4)} %`);
    expect(r.atRest).toBeLessThan(0.5e-3);
    expect(Math.abs(r.length / r.expected - 1)).toBeLessThan(0.0012);
  });

  it("Box2D v3's soft joints (jointHertz > 0, no projection) give under the load like stiff springs", () => {
    // k = m_eff·ω²: a few mm per joint at 60 Hz, less at 120 Hz (with the sub-steps to allow it)
    const at60 = chain({ jointHertz: 60, jointPositionIterations: 0 }, 20, 26, 10, 8);
    const at120 = chain({ jointHertz: 120, subSteps: 8, jointPositionIterations: 0 }, 20, 26, 10, 8);
    expect(at60.atRest).toBeGreaterThan(0.002);
    expect(at60.atRest).toBeLessThan(0.01);
    expect(at120.atRest).toBeLessThan(at60.atRest / 2);
  });

  it("projection removes a pulled-apart joint's error over a few steps, at most 0.2 m per pass", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const pivot = ground(w);
    const ball = w.add(new Circle({ radius: 0.1, position: { x: 1, y: 0 } }));
    const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: ball, anchor: { x: 0, y: 0 } });
    ball.setPosition({ x: 2, y: 0 }); // 1 m apart now
    w.step(DT);
    const first = separation(j);
    expect(first).toBeLessThan(1);
    expect(first).toBeGreaterThan(0.1); // not snapped back in one step
    for (let i = 0; i < 30; i++) w.step(DT);
    expect(separation(j)).toBeLessThan(1e-4);
    expect(Number.isFinite(ball.position.x)).toBe(true);
  });
});

describe("force fields with torque and forces at points", () => {
  it("a force at a point off the centre accelerates by F/m and turns by (r × F)/I; a torque turns by τ/I", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const box = w.add(new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 1, y: 2 } }));
    const disc = w.add(new Circle({ radius: 0.3, position: { x: -3, y: 0 } }));
    w.setForceField((body, out) => {
      if (body === box) out.addForceAt(0, 2, body.position.x + 0.5, body.position.y); // up, at the right edge
      else out.torque += 0.7;
    });
    const n = 30;
    for (let i = 0; i < n; i++) w.step(DT);
    const t = n * DT;
    // the force stays vertical, so the centre's velocity is exact; the lever turns with the
    // capsule, so its angular rate is compared after the first step (w2 below)
    expect(box.velocity.y).toBeCloseTo((2 / box.mass) * t, 9);
    expect(box.velocity.x).toBeCloseTo(0, 9);
    expect(box.angularVelocity).toBeGreaterThan(0);
    expect(disc.angularVelocity).toBeCloseTo((0.7 / disc.inertia) * t, 9);
    expect(disc.velocity.x).toBe(0);
    const w2 = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const box2 = w2.add(new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 1, y: 2 } }));
    w2.setForceField((body, out) => out.addForceAt(0, 2, body.position.x + 0.5, body.position.y));
    w2.step(DT);
    expect(box2.angularVelocity).toBeCloseTo(((0.5 * 2) / box2.inertia) * DT, 9);
  });

  it("a field's torque or force that is not finite is refused before it reaches a body", () => {
    const w = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    const disc = w.add(new Circle({ radius: 0.3 }));
    w.setForceField((_body, out) => {
      out.torque = Number.NaN;
    });
    expect(() => w.step(DT)).toThrow(/torque/);
    expect(Number.isFinite(disc.angularVelocity)).toBe(true);
  });
});

describe("breaking", () => {
  it("breaks at its threshold, not before, and reports once", () => {
    const w = new World({ sleeping: false });
    const pivot = ground(w);
    const ball = w.add(new Circle({ radius: 0.2, position: { x: 0, y: -1 } }));
    const weight = ball.mass * G;
    const breakForce = 3 * weight;
    const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: ball, anchor: { x: 0, y: 0 }, breakForce });
    let calls = 0;
    w.on("jointBreak", (e) => {
      calls++;
      expect(e.joint).toBe(j);
      expect(e.force).toBeGreaterThan(breakForce);
    });
    let brokeAt = -1;
    for (let i = 0; i < 200 && brokeAt < 0; i++) {
      // pull down with a force that grows by 2 % of the weight per step
      const pull = 0.02 * weight * i;
      ball.applyForce({ x: 0, y: -pull });
      w.step(DT);
      if (w.jointEvents.breakCount > 0) {
        expect(w.jointEvents.break[0]!.joint).toBe(j);
        brokeAt = pull + weight;
      } else {
        expect(j.isActive).toBe(true);
        expect(Math.hypot(j.reactionForce.x, j.reactionForce.y)).toBeLessThanOrEqual(breakForce);
      }
    }
    expect(brokeAt).toBeGreaterThan(breakForce * 0.99);
    expect(brokeAt).toBeLessThan(breakForce * 1.05);
    expect(j.isActive).toBe(false);
    expect(w.joints).not.toContain(j);
    expect(ball.joints).toHaveLength(0);
    for (let i = 0; i < 10; i++) w.step(DT);
    expect(calls).toBe(1);
    expect(w.jointEvents.breakCount).toBe(0);
  });
});

describe("joints in the world", () => {
  it("lists joints in creation order on the world and on each body; removing a body removes its joints", () => {
    const w = new World();
    const g = ground(w);
    const a = w.add(new Circle({ radius: 0.1, position: { x: 1, y: 0 } }));
    const b = w.add(new Circle({ radius: 0.1, position: { x: 2, y: 0 } }));
    const j1 = w.addJoint({ type: "distance", bodyA: g, bodyB: a });
    const j2 = w.addJoint({ type: "distance", bodyA: a, bodyB: b });
    const j3 = w.addJoint({ type: "filter", bodyA: g, bodyB: b });
    expect(w.joints).toEqual([j1, j2, j3]);
    expect(a.joints).toEqual([j1, j2]);
    expect(b.joints).toEqual([j2, j3]);
    w.removeJoint(j2);
    expect(w.joints).toEqual([j1, j3]);
    expect(a.joints).toEqual([j1]);
    w.remove(g);
    expect(w.joints).toEqual([]);
    expect(j1.isActive).toBe(false);
    expect(b.joints).toEqual([]);
  });

  it("jointed bodies do not collide unless collideConnected; removing the joint lets them", () => {
    const w = new World({ gravity: { x: 0, y: 0 } });
    const a = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 } }));
    const b = w.add(new Circle({ radius: 0.5, position: { x: 0.6, y: 0 } }));
    const j = w.addJoint({ type: "weld", bodyA: a, bodyB: b });
    w.step(DT);
    expect(w.contactsOf(a)).toHaveLength(0);
    expect(b.position.x).toBeCloseTo(0.6, 6); // not pushed apart
    w.removeJoint(j);
    w.step(DT);
    expect(w.contactsOf(a)).toHaveLength(1);
    const c = w.addJoint({ type: "filter", bodyA: a, bodyB: b });
    expect(c.type).toBe("filter");
    w.step(DT);
    expect(w.contactsOf(a)).toHaveLength(0);
    const w2 = new World({ gravity: { x: 0, y: 0 } });
    const p = w2.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 } }));
    const q = w2.add(new Circle({ radius: 0.5, position: { x: 0.6, y: 0 } }));
    w2.addJoint({ type: "distance", bodyA: p, bodyB: q, collideConnected: true, minLength: 0, maxLength: 5 });
    w2.step(DT);
    expect(w2.contactsOf(p)).toHaveLength(1);
  });

  it("a jointed group sleeps and wakes as one island; removing the joint wakes both", () => {
    const w = new World();
    ground(w, 0, -0.5, 5, 0.5);
    const a = w.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: -2, y: 0.5 } }));
    const b = w.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 2, y: 0.5 } }));
    const j = w.addJoint({ type: "distance", bodyA: a, bodyB: b });
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(a.isSleeping && b.isSleeping).toBe(true);
    a.applyImpulse({ x: 0, y: 0.01 });
    expect(b.isSleeping).toBe(false); // woken through the joint
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(a.isSleeping && b.isSleeping).toBe(true);
    w.removeJoint(j);
    expect(a.isSleeping || b.isSleeping).toBe(false);
    for (let i = 0; i < 120; i++) w.step(DT);
    b.applyImpulse({ x: 0, y: 0.01 });
    expect(a.isSleeping).toBe(true); // separate islands now
  });

  it("a setter called with the value the joint already has changes nothing and wakes nothing", () => {
    // a user found this: a game that sets the wheel motor from input every frame kept its car awake forever
    const w = new World();
    ground(w, 0, -0.5, 5, 0.5);
    const chassis = w.add(new AABB({ halfWidth: 0.6, halfHeight: 0.15, position: { x: 0, y: 0.6 } }));
    const wheel = w.add(new Circle({ radius: 0.25, position: { x: 0.4, y: 0.25 } }));
    const j = w.addJoint({ type: "wheel", bodyA: chassis, bodyB: wheel, anchor: { x: 0.4, y: 0.25 }, axis: { x: 0, y: 1 }, enableMotor: true, maxMotorTorque: 10 });
    for (let i = 0; i < 300; i++) {
      j.setMotorSpeed(0).setEnableMotor(true).setMaxMotorTorque(10).setSpring(j.hertz, j.dampingRatio);
      w.step(DT);
    }
    expect(chassis.isSleeping).toBe(true);
    j.setMotorSpeed(2); // a real change wakes them
    expect(chassis.isSleeping).toBe(false);
  });

  it("reads its settings under the definition's names, and refuses assignment to them (naming the setter)", () => {
    const w = new World();
    const pivot = ground(w);
    const ball = w.add(new Circle({ radius: 0.1, position: { x: 0, y: -1 } }));
    const j = w.addJoint({ type: "revolute", bodyA: pivot, bodyB: ball, anchor: { x: 0, y: 0 }, enableMotor: true, motorSpeed: 1.5, maxMotorTorque: 5,
      enableSpring: true, hertz: 2, dampingRatio: 0.3, enableLimit: true, lowerAngle: -1, upperAngle: 1 });
    expect([j.enableMotor, j.motorSpeed, j.maxMotorTorque, j.enableSpring, j.hertz, j.dampingRatio, j.enableLimit]).toEqual([true, 1.5, 5, true, 2, 0.3, true]);
    expect(j.limits).toEqual({ lower: -1, upper: 1 });
    const writable = j as unknown as Record<string, unknown>;
    expect(() => (writable.motorSpeed = Number.NaN)).toThrow(/motorSpeed.*setMotorSpeed/);
    expect(() => (writable.hertz = -1)).toThrow(/hertz.*setSpring/);
    expect(() => (writable.enableMotor = false)).toThrow(TypeError);
    w.step(DT);
    expect(Number.isFinite(ball.position.x) && Number.isFinite(ball.position.y)).toBe(true);
    expect(j.motorSpeed).toBe(1.5);
    const rod = w.addJoint({ type: "distance", bodyA: pivot, bodyB: ball, minLength: 0.5, maxLength: 2 });
    expect(rod.length).toBeCloseTo(1, 9);
    expect([rod.minLength, rod.maxLength]).toEqual([0.5, 2]);
    const weld = w.addJoint({ type: "weld", bodyA: pivot, bodyB: w.add(new Circle({ radius: 0.1, position: { x: 1, y: 0 } })), anchor: { x: 1, y: 0 }, linearHertz: 3, angularHertz: 4 });
    expect([weld.linearHertz, weld.angularHertz]).toEqual([3, 4]);
  });

  it("bad definitions throw naming the parameter and the value, and change nothing", () => {
    const w = new World();
    const a = w.add(new Circle({ radius: 0.1 }));
    const b = w.add(new Circle({ radius: 0.1, position: { x: 1, y: 0 } }));
    const stranger = new Circle({ radius: 0.1 });
    const cases: [unknown, RegExp, ErrorConstructor][] = [
      [{ type: "hinge", bodyA: a, bodyB: b }, /joint type/, TypeError],
      [{ type: "revolute", bodyA: a, bodyB: stranger }, /bodyB .* not in this world/, RangeError],
      [{ type: "revolute", bodyA: a, bodyB: a }, /different bodies/, RangeError],
      [{ type: "revolute", bodyA: a, bodyB: {} }, /bodyB must be a body/, TypeError],
      [{ type: "revolute", bodyA: a, bodyB: b, anchor: { x: NaN, y: 0 } }, /anchor\.x/, RangeError],
      [{ type: "distance", bodyA: a, bodyB: b, minLength: 2, maxLength: 1 }, /minLength must not exceed maxLength/, RangeError],
      [{ type: "revolute", bodyA: a, bodyB: b, hertz: -1 }, /hertz must be >= 0, got -1/, RangeError],
      [{ type: "revolute", bodyA: a, bodyB: b, lowerAngle: 1, upperAngle: 0 }, /lowerAngle must not exceed upperAngle/, RangeError],
      [{ type: "revolute", bodyA: a, bodyB: b, motorSpeeed: 1 }, /"motorSpeeed"; did you mean "motorSpeed"/, TypeError],
      [{ type: "prismatic", bodyA: a, bodyB: b, axis: { x: 0, y: 0 } }, /axis must not be zero/, RangeError],
      [{ type: "weld", bodyA: a, bodyB: b, breakForce: 0 }, /breakForce must be > 0/, RangeError],
    ];
    for (const [def, message, Ctor] of cases) {
      expect(() => w.addJoint(def as never)).toThrow(Ctor);
      expect(() => w.addJoint(def as never)).toThrow(message);
    }
    expect(w.joints).toHaveLength(0);
    expect(a.joints).toHaveLength(0);
    const j = w.addJoint({ type: "revolute", bodyA: a, bodyB: b });
    expect(() => j.setLimits(1, 0)).toThrow(RangeError);
    expect(() => j.setMaxMotorForce(1)).toThrow(/does not apply to a revolute joint/);
    expect(() => j.setSpring(-1, 0)).toThrow(/hertz must be >= 0/);
    expect(() => w.removeJoint({} as never)).toThrow(TypeError);
    w.removeJoint(j);
    expect(() => w.removeJoint(j)).toThrow(/not in this world/);
  });
});

describe("setters", () => {
  it("each setter changes what its getter reads, in a world and after removal (the numbers live in the joint's row)", () => {
    const w = new World({});
    const a = w.add(new Circle({ position: { x: 0, y: 0 }, radius: 0.5 }));
    const b = w.add(new Circle({ position: { x: 1, y: 0 }, radius: 0.5 }));
    const j = w.addJoint({ type: "wheel", bodyA: a, bodyB: b, anchor: { x: 1, y: 0 }, axis: { x: 0, y: 1 } });
    const check = (): void => {
      expect([j.enableMotor, j.motorSpeed, j.maxMotorTorque]).toEqual([true, -3, 7]);
      expect([j.enableLimit, j.limits.lower, j.limits.upper]).toEqual([true, -0.2, 0.3]);
      expect([j.enableSpring, j.hertz, j.dampingRatio]).toEqual([true, 5, 0.4]);
      expect([j.breakForce, j.breakTorque]).toEqual([100, 200]);
    };
    j.setEnableMotor(true).setMotorSpeed(-3).setMaxMotorTorque(7);
    j.setEnableLimit(true).setLimits(-0.2, 0.3);
    j.setEnableSpring(true).setSpring(5, 0.4);
    j.setBreakForce(100).setBreakTorque(200);
    check();
    w.step(1 / 60);
    check();
    w.removeJoint(j);
    check();
  });
});

describe("joints in snapshots and clones", () => {
  function scene(): World {
    const w = new World();
    const g = ground(w, 0, 0, 5, 0.2);
    let prev: Body = g;
    for (let i = 0; i < 6; i++) {
      const l = w.add(new Capsule({ halfLength: 0.2, radius: 0.05, position: { x: 0.25 + 0.5 * i, y: 3 } }));
      w.addJoint({ type: "revolute", bodyA: prev, bodyB: l, anchor: { x: 0.5 * i, y: 3 }, enableLimit: i % 2 === 0, lowerAngle: -0.5, upperAngle: 0.5 });
      prev = l;
    }
    const ball = w.add(new Circle({ radius: 0.2, position: { x: 3.5, y: 2 } }));
    w.addJoint({ type: "distance", bodyA: prev, bodyB: ball, minLength: 0, maxLength: 1.2, breakForce: 1e6 });
    const car = w.add(new AABB({ halfWidth: 0.5, halfHeight: 0.2, position: { x: -3, y: 1 } }));
    const wheel = w.add(new Circle({ radius: 0.25, position: { x: -3.3, y: 0.6 } }));
    w.addJoint({ type: "wheel", bodyA: car, bodyB: wheel, enableMotor: true, motorSpeed: -3, maxMotorTorque: 20 });
    const slider = w.add(new Circle({ radius: 0.2, position: { x: -1, y: 2 } }));
    w.addJoint({ type: "prismatic", bodyA: g, bodyB: slider, axis: { x: 0, y: 1 }, enableSpring: true, hertz: 2, dampingRatio: 0.1 });
    const weld = w.add(new Capsule({ halfLength: 0.3, radius: 0.1, position: { x: -1.5, y: 3 } }));
    w.addJoint({ type: "weld", bodyA: slider, bodyB: weld, angularHertz: 3, dampingRatio: 0.5 });
    w.addJoint({ type: "motor", bodyA: g, bodyB: weld, maxForce: 5, maxTorque: 1 });
    for (let i = 0; i < 30; i++) w.step(DT);
    return w;
  }

  const continues = (a: World, b: World) => {
    for (let i = 0; i < 60; i++) {
      a.step(DT);
      b.step(DT);
      expect(b.stateHash()).toBe(a.stateHash());
    }
  };

  it("JSON snapshots keep every joint field (Infinity included) and continue bit-identically", () => {
    const w = scene();
    const snap = JSON.parse(JSON.stringify(w.snapshot()));
    expect(snap.joints).toHaveLength(w.joints.length);
    expect(snap.joints[0].breakForce).toBe("Infinity");
    const r = World.fromSnapshot(snap);
    expect(r.joints.map((j) => j.type)).toEqual(w.joints.map((j) => j.type));
    expect(r.joints[6]!.lengthRange).toEqual(w.joints[6]!.lengthRange);
    expect(r.joints[0]!.breakForce).toBe(Infinity);
    continues(w, r);
  });

  it("binary snapshots and clones continue bit-identically", () => {
    const w = scene();
    const r = World.fromSnapshot(w.snapshot({ format: "binary" }));
    const c = w.clone();
    expect(c.joints).toHaveLength(w.joints.length);
    for (let i = 0; i < 60; i++) {
      w.step(DT);
      r.step(DT);
      c.step(DT);
      expect(r.stateHash()).toBe(w.stateHash());
      expect(c.stateHash()).toBe(w.stateHash());
    }
  });

  it("a snapshot whose joint names a missing body is refused", () => {
    const w = scene();
    const snap = w.snapshot();
    (snap.joints[0] as { bodyB: number }).bodyB = 999;
    expect(() => World.fromSnapshot(snap)).toThrow(/joints\[0\] names body 999/);
  });
});

describe("capsule ragdolls", () => {
  /** A ragdoll of 10 capsules (head, torso, 2 upper + 2 lower arms, 2 upper + 2 lower legs) with limited hinges. */
  function ragdoll(w: World, x: number, y: number, group: number): Joint[] {
    const cap = (px: number, py: number, hl: number, r: number, angle: number) =>
      w.add(new Capsule({ halfLength: hl, radius: r, angle, position: { x: x + px, y: y + py }, collisionFilter: { group: -group } }));
    const up = Math.PI / 2;
    const torso = cap(0, 0, 0.2, 0.12, up);
    const head = cap(0, 0.45, 0.03, 0.1, up);
    const joints: Joint[] = [];
    const hinge = (a: Body, b: Body, ax: number, ay: number, lo: number, hi: number) =>
      joints.push(w.addJoint({ type: "revolute", bodyA: a, bodyB: b, anchor: { x: x + ax, y: y + ay }, enableLimit: true, lowerAngle: lo, upperAngle: hi,
        enableMotor: true, motorSpeed: 0, maxMotorTorque: 0.5 }));
    hinge(torso, head, 0, 0.32, -0.5, 0.5);
    for (const side of [-1, 1]) {
      const upperArm = cap(side * 0.2, 0.12, 0.12, 0.05, -up);
      const lowerArm = cap(side * 0.2, -0.18, 0.12, 0.045, -up);
      hinge(torso, upperArm, side * 0.2, 0.26, -1.5, 1.5);
      hinge(upperArm, lowerArm, side * 0.2, -0.03, -2, 0);
      const thigh = cap(side * 0.08, -0.47, 0.14, 0.07, -up);
      const shin = cap(side * 0.08, -0.82, 0.14, 0.06, -up);
      hinge(torso, thigh, side * 0.08, -0.3, -1.2, 0.8);
      hinge(thigh, shin, side * 0.08, -0.65, 0, 2);
    }
    return joints;
  }

  // Joint friction (a motor at speed 0 with a small max torque, as in Box2D's ragdolls): without
  // it a dangling arm is a pendulum that never stops, and keeps its whole island awake. Walls keep
  // the pile on the ground.
  it("50 ragdolls dropped on stairs sleep within 20 s, no joint ever more than 2 cm apart", () => {
    const w = new World();
    for (let i = 0; i < 12; i++) w.add(new AABB({ halfWidth: 0.5, halfHeight: 0.25 + 0.25 * i, type: "static", position: { x: -6 + i, y: 0.25 + 0.25 * i } }));
    w.add(new AABB({ halfWidth: 10, halfHeight: 0.5, type: "static", position: { x: 0, y: -0.5 } }));
    for (const side of [-1, 1]) w.add(new AABB({ halfWidth: 0.5, halfHeight: 5, type: "static", position: { x: side * 10.5, y: 4.5 } }));
    const joints: Joint[] = [];
    for (let i = 0; i < 50; i++) joints.push(...ragdoll(w, -5 + (i % 10), 8 + 2 * Math.floor(i / 10), i + 1));
    let worst = 0;
    let steps = 0;
    for (; steps < 60 * 20; steps++) {
      w.step(DT);
      for (const j of joints) worst = Math.max(worst, separation(j));
      if (steps > 120 && w.bodies.every((b) => b.isStatic || b.isSleeping)) break;
    }
    console.log(`50 ragdolls: asleep after ${(steps * DT).toFixed(1)} s, worst joint separation ${(worst * 1000).toFixed(1)} mm`);
    expect(worst).toBeLessThan(0.02);
    expect(w.bodies.every((b) => b.isStatic || b.isSleeping)).toBe(true);
  });
});
