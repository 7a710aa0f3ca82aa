/**
 * The pgs solver's position corrections (src/solver/position-correction.ts)
 * against their closed forms, with no gravity and bodies at rest so that the
 * velocity solve does nothing and only the correction moves them (issue 34,
 * docs/testing.md):
 * - "projection": both bodies move apart along the normal by
 *   β·(depth − slop), split by inverse mass, from the deepest point, unturned;
 * - "ngs": each iteration removes β·(depth − slop) with the point's full
 *   effective mass (a lever arm turns the body), at most 0.2 m per
 *   iteration, and stops once the penetration seen is within 3·slop.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type Body, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function world(options: WorldOptions): World {
  return new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, ...options });
}

function floor(w: World): Body {
  return w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
}

/** Add the body `make()` gives and a static floor, in either order. */
function onFloor(w: World, bodyFirst: boolean, make: () => Capsule): Body {
  if (!bodyFirst) floor(w);
  const b = w.add(make());
  if (bodyFirst) floor(w);
  return b;
}

describe("projection", () => {
  it("two free circles 0.1 m into each other (masses 1 and 3) move apart by β·(d − slop), split by inverse mass", () => {
    const percent = 0.4;
    const slop = 0.01;
    const w = world({ positionCorrection: "projection", percent, slop });
    const a = w.add(new Circle({ radius: 0.5, mass: 1, position: { x: -0.45, y: 0 } }));
    const b = w.add(new Circle({ radius: 0.5, mass: 3, position: { x: 0.45, y: 0 } }));
    w.step(dt);
    const k = (percent * (0.1 - slop)) / (1 + 1 / 3);
    expect(a.position.x).toBeCloseTo(-0.45 - k, 12);
    expect(b.position.x).toBeCloseTo(0.45 + k / 3, 12);
    expect(a.position.y).toBe(0);
    expect(b.position.y).toBe(0);
    expect(a.velocity.x).toBe(0);
    expect(b.velocity.x).toBe(0);
  });

  for (const bodyFirst of [false, true]) {
    it(`a capsule with two points at different depths rises by β·(the deeper one − slop), unturned (${bodyFirst ? "capsule" : "floor"} first)`, () => {
      const percent = 0.5;
      const slop = 0.005;
      const w = world({ positionCorrection: "projection", percent, slop });
      const theta = 0.01;
      const hl = 1;
      const r = 0.2;
      const deep = 0.05; // the lower end's depth; the upper end is 2·hl·sin θ shallower
      const y0 = r + hl * Math.sin(theta) - deep;
      const pill = onFloor(w, bodyFirst, () => new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0, y: y0 } }));
      w.step(dt);
      expect(w.contacts[0]!.manifold.points.length).toBe(2);
      expect(pill.position.y).toBeCloseTo(y0 + percent * (deep - slop), 12);
      expect(pill.position.x).toBeCloseTo(0, 12);
      expect(pill.angle).toBeCloseTo(theta, 12);
    });
  }
});

describe("ngs", () => {
  for (const iterations of [1, 3]) {
    it(`${iterations} iteration(s): a circle 5 cm into the floor keeps slop + (d − slop)(1 − β)^n of it`, () => {
      const percent = 0.2;
      const slop = 0.005;
      const w = world({ positionCorrection: "ngs", positionIterations: iterations, percent, slop });
      floor(w);
      const ball = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.45 } }));
      w.step(dt);
      const left = slop + (0.05 - slop) * Math.pow(1 - percent, iterations);
      expect(ball.position.y).toBeCloseTo(0.5 - left, 12);
      expect(ball.velocity.y).toBe(0);
    });
  }

  it("a correction is at most 0.2 m per iteration", () => {
    const w = world({ positionCorrection: "ngs", positionIterations: 2, percent: 0.8, slop: 0.005 });
    floor(w);
    const ball = w.add(new Circle({ radius: 1, position: { x: 0, y: 0 } }));
    w.step(dt);
    expect(ball.position.y).toBeCloseTo(0.4, 12);
  });

  it("iterations stop once the penetration seen is within 3·slop", () => {
    const percent = 0.2;
    const slop = 0.005;
    const w = world({ positionCorrection: "ngs", positionIterations: 3, percent, slop });
    floor(w);
    const ball = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.488 } })); // 12 mm < 3·slop deep
    w.step(dt);
    expect(ball.position.y).toBeCloseTo(0.488 + percent * (0.012 - slop), 12);
  });

  for (const bodyFirst of [false, true]) {
    it(`a tilted capsule sunk on its end is pushed with the point's effective mass, and turned (${bodyFirst ? "capsule" : "floor"} first)`, () => {
      const percent = 0.3;
      const slop = 0.005;
      const w = world({ positionCorrection: "ngs", positionIterations: 1, percent, slop });
      const theta = 0.4;
      const hl = 0.6;
      const r = 0.1;
      const depth = 0.04;
      const y0 = r + hl * Math.sin(theta) - depth;
      const pill = onFloor(w, bodyFirst, () => new Capsule({ halfLength: hl, radius: r, angle: theta, position: { x: 0, y: y0 } }));
      w.step(dt);
      expect(w.contacts[0]!.manifold.points.length).toBe(1);
      // the point is under the lower cap centre, at rx = −hl·cos θ from the capsule's centre
      const rx = -hl * Math.cos(theta);
      const K = pill.invMass + rx * rx * pill.invInertia;
      const impulse = (percent * (depth - slop)) / K;
      expect(pill.position.y).toBeCloseTo(y0 + pill.invMass * impulse, 12);
      // (the engine turns and reads angles with its own sin, cos and atan2, not Math.*: 1e-6)
      expect(pill.angle).toBeCloseTo(theta + pill.invInertia * rx * impulse, 5);
      expect(pill.position.x).toBeCloseTo(0, 12);
    });
  }
});
