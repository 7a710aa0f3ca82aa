/**
 * One-way platforms' decision (src/contacts/contact-manager.ts `oneWayGap`,
 * `decideOneWay`), written for the mutation run (issue 34, docs/testing.md):
 * the gap between a body's lowest point and the platform's surface along the
 * one-way direction, by its closed form for each shape (a body's extent along
 * a unit direction u: a circle's radius, a capsule's hl·|axis·u| + r, an
 * AABB's hw·|ux| + hh·|uy|, a polygon's farthest vertex plus its radius, a
 * segment's farthest end), and the slop a body resting in the surface may have.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Circle, Polygon, Segment, World, type Body, type Vec2 } from "../src/entries/capsule2d.js";
import { ONE_WAY_SLOP, oneWayGap } from "../src/contacts/contact-manager.js";

const dt = 1 / 60;
const g = 9.81;

const dot = (a: Vec2, b: Vec2): number => a.x * b.x + a.y * b.y;
const rot = (v: Vec2, t: number): Vec2 => ({ x: Math.cos(t) * v.x - Math.sin(t) * v.y, y: Math.sin(t) * v.x + Math.cos(t) * v.y });
const farthest = (points: Vec2[], angle: number, u: Vec2): number => Math.max(...points.map((p) => dot(rot(p, angle), u)));

const TRIANGLE = [
  { x: -0.3, y: -0.1 },
  { x: 0.5, y: -0.2 },
  { x: 0.1, y: 0.4 },
];

/** Each shape with its extent along u by the closed form. */
const others: [string, () => Body, (u: Vec2) => number][] = [
  ["circle", () => new Circle({ radius: 0.3, position: { x: 0.2, y: 1.1 } }), () => 0.3],
  ...[0.4, -0.9, 2.5].map(
    (angle): [string, () => Body, (u: Vec2) => number] => [
      `capsule at ${angle} rad`,
      () => new Capsule({ radius: 0.2, halfLength: 0.5, angle, position: { x: -0.4, y: 1.3 } }),
      (u) => 0.5 * Math.abs(dot({ x: Math.cos(angle), y: Math.sin(angle) }, u)) + 0.2,
    ],
  ),
  ["AABB", () => new AABB({ halfWidth: 0.7, halfHeight: 0.2, position: { x: 0.3, y: 0.9 } }), (u) => 0.7 * Math.abs(u.x) + 0.2 * Math.abs(u.y)],
  [
    "rotated box",
    () => new Box({ halfWidth: 0.6, halfHeight: 0.1, angle: 0.3, position: { x: 0.1, y: 1.2 } }),
    (u) => farthest([{ x: -0.6, y: -0.1 }, { x: 0.6, y: -0.1 }, { x: 0.6, y: 0.1 }, { x: -0.6, y: 0.1 }], 0.3, u),
  ],
  [
    "rounded triangle at 1 rad",
    () => new Polygon({ vertices: TRIANGLE, radius: 0.05, angle: 1, position: { x: 0.5, y: 1.4 } }),
    (u) => farthest(TRIANGLE, 1, u) + 0.05,
  ],
];

/** Platforms (static, one-way along d) with their extent along u. */
const platforms: [string, (d: Vec2) => Body, (u: Vec2) => number][] = [
  ["AABB slab", (d) => new AABB({ type: "static", halfWidth: 2, halfHeight: 0.1, position: { x: 0, y: 0.2 }, oneWay: d }), (u) => 2 * Math.abs(u.x) + 0.1 * Math.abs(u.y)],
  [
    "tilted segment",
    (d) => new Segment({ type: "static", a: { x: -1, y: -0.1 }, b: { x: 1.5, y: 0.3 }, angle: 0.2, position: { x: 0.1, y: 0.1 }, oneWay: d }),
    (u) => farthest([{ x: -1, y: -0.1 }, { x: 1.5, y: 0.3 }], 0.2, u),
  ],
  [
    "triangle",
    (d) => new Polygon({ type: "static", vertices: TRIANGLE, angle: -0.7, position: { x: 0, y: 0 }, oneWay: d }),
    (u) => farthest(TRIANGLE, -0.7, u),
  ],
];

describe("oneWayGap: the body's lowest point less the platform's surface, along the direction", () => {
  const directions: Vec2[] = [
    { x: 0, y: 1 },
    { x: 1, y: 0 },
    { x: 0, y: -1 },
    { x: -0.6, y: 0.8 },
  ];
  for (const [pName, makeP, extentP] of platforms) {
    for (const [oName, makeO, extentO] of others) {
      it(`${oName} against a ${pName}`, () => {
        for (const d of directions) {
          const world = new World({ gravity: { x: 0, y: 0 } });
          const P = world.add(makeP(d));
          const O = world.add(makeO());
          const lowest = dot(O.position, d) - extentO({ x: -d.x, y: -d.y });
          const surface = dot(P.position, d) + extentP(d);
          expect(oneWayGap(P, O), `d = (${d.x}, ${d.y})`).toBeCloseTo(lowest - surface, 12);
        }
      });
    }
  }
});

describe("a body resting in a one-way slab's top lands when within the slop, passes when deeper", () => {
  /** A ball at rest, its bottom `sunk` m below the slab's top (y = 0): is it held after 30 steps? */
  function held(sunk: number, make: (y: number) => Body, bottom: number): { y: number; vy: number; y0: number } {
    const world = new World({ sleeping: false });
    world.add(AABB.fromBounds({ x: -3, y: -0.1 }, { x: 3, y: 0 }, { type: "static", oneWay: { x: 0, y: 1 } }));
    const y0 = bottom - sunk;
    const b = world.add(make(y0));
    for (let i = 0; i < 30; i++) world.step(dt);
    return { y: b.position.y, vy: b.velocity.y, y0 };
  }
  const shapes: [string, (y: number) => Body, number][] = [
    ["circle", (y) => new Circle({ radius: 0.25, position: { x: 0, y } }), 0.25],
    ["AABB", (y) => new AABB({ halfWidth: 0.3, halfHeight: 0.2, position: { x: 0, y } }), 0.2],
    ["flat capsule", (y) => new Capsule({ radius: 0.2, halfLength: 0.3, position: { x: 0, y } }), 0.2],
  ];
  // At rest the body's first step moves it less than v·dt (the sub-steps' positions trail their
  // velocities), so the start gap it is judged by, the gap now less v·dt, is up to g·dt²·3/8 ≈ 1 mm
  // above where it was put: 4 mm in is within the slop, 8 mm is not.
  for (const [name, make, bottom] of shapes) {
    it(`${name}: 4 mm in is held on top, 8 mm in falls freely`, () => {
      const a = held(ONE_WAY_SLOP - 0.001, make, bottom);
      expect(Math.abs(a.vy)).toBeLessThan(0.05);
      expect(a.y).toBeGreaterThan(a.y0 - 0.002);
      const b = held(ONE_WAY_SLOP + 0.003, make, bottom);
      // free fall from rest: v_n = −n·g·dt
      expect(b.vy).toBeCloseTo(-30 * g * dt, 9);
      expect(b.y).toBeLessThan(b.y0 - 0.5 * g * (30 * dt) ** 2 * 0.9);
    });
  }
});
