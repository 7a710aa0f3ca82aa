import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB } from "../src/bodies/aabb.js";
import type { Body } from "../src/bodies/body.js";
import { Capsule } from "../src/bodies/capsule.js";
import { Circle } from "../src/bodies/circle.js";
import type { Vec2 } from "../src/math/vec2.js";
import { collide } from "../src/collision/narrowphase/collide.js";
import { castShapes, type ShapeCastHit } from "../src/collision/narrowphase/shape-cast.js";
import { World } from "../src/world/full-world.js";
import { gapAlong, surfaceDistance, sweptContact } from "./support/swept-distance.js";

// ---------------------------------------------------------------------------
// helpers

const circle = (x: number, y: number, radius: number) => new Circle({ position: { x, y }, radius });
const capsule = (x: number, y: number, halfLength: number, radius: number, angle = 0) =>
  new Capsule({ position: { x, y }, halfLength, radius, angle });
const box = (x: number, y: number, halfWidth: number, halfHeight: number) => new AABB({ position: { x, y }, halfWidth, halfHeight });

/** Expect a hit at `fraction` with `normal` (and `point` when given), to 1e-12. */
function expectHit(hit: ShapeCastHit | null, b: Body, fraction: number, normal: Vec2, point?: Vec2): ShapeCastHit {
  expect(hit).not.toBeNull();
  const h = hit!;
  expect(h.body).toBe(b);
  expect(h.fraction).toBeCloseTo(fraction, 12);
  expect(h.normal.x).toBeCloseTo(normal.x, 12);
  expect(h.normal.y).toBeCloseTo(normal.y, 12);
  if (point !== undefined) {
    expect(h.point.x).toBeCloseTo(point.x, 12);
    expect(h.point.y).toBeCloseTo(point.y, 12);
  }
  return h;
}

/** A copy of `a` moved by `f` of `d`. */
function movedBy(a: Body, d: Vec2, f: number): Body {
  const m = a.clone();
  m.setPosition({ x: a.position.x + f * d.x, y: a.position.y + f * d.y });
  return m;
}

// ---------------------------------------------------------------------------
// hand cases, every pair

describe("castShapes: hand cases for every shape pair", () => {
  it("circle against circle: head on, on a slant, grazing, reaching B at the very end", () => {
    const b = circle(5, 0, 1);
    expectHit(castShapes(circle(0, 0, 0.5), b, { x: 10, y: 0 }), b, 0.35, { x: -1, y: 0 }, { x: 4, y: 0 });
    // 3-4-5: centres 1.5 apart when A's centre is at (5, 0) − 1.5·(0.6, 0.8).
    expectHit(castShapes(circle(5 - 6, -8, 0.5), b, { x: 6, y: 8 }), b, 0.85, { x: -0.6, y: -0.8 }, { x: 4.4, y: -0.8 });
    // passes exactly tangent: a graze, not a hit; a hair lower is a hit
    expect(castShapes(circle(0, 1.5, 0.5), b, { x: 10, y: 0 })).toBeNull();
    expect(castShapes(circle(0, 1.49, 0.5), b, { x: 10, y: 0 })).not.toBeNull();
    // reaching B exactly at the end of the translation, moving into it: fraction 1; stopping short: nothing
    expectHit(castShapes(circle(0, 0, 0.5), b, { x: 3.5, y: 0 }), b, 1, { x: -1, y: 0 });
    expect(castShapes(circle(0, 0, 0.5), b, { x: 3.4, y: 0 })).toBeNull();
    // moving away
    expect(castShapes(circle(0, 0, 0.5), b, { x: -10, y: 0 })).toBeNull();
  });

  it("circle against capsule: the flat side and an end cap", () => {
    const b = capsule(0, 0, 2, 0.5);
    expectHit(castShapes(circle(0, 3, 0.5), b, { x: 0, y: -4 }), b, 0.5, { x: 0, y: 1 }, { x: 0, y: 0.5 });
    expectHit(castShapes(circle(5, 0, 0.5), b, { x: -4, y: 0 }), b, 0.5, { x: 1, y: 0 }, { x: 2.5, y: 0 });
    // a tilted capsule (45°): the side is met where the centre is 0.5 + 0.25 from the axis
    const t = capsule(0, 0, 2, 0.25, Math.PI / 4);
    // along y = 1: the centre is 0.75 from the axis y = x at x = 1 − 0.75·√2
    const h = expectHit(castShapes(circle(-3, 1, 0.5), t, { x: 6, y: 0 }), t, (4 - 0.75 * Math.SQRT2) / 6, { x: -Math.SQRT1_2, y: Math.SQRT1_2 });
    expect(surfaceDistance(h.point, t)).toBeCloseTo(0, 9);
  });

  it("circle against box: a face and a corner", () => {
    const b = box(0, 0, 1, 0.5);
    expectHit(castShapes(circle(0, 3, 0.5), b, { x: 0, y: -4 }), b, 0.5, { x: 0, y: 1 }, { x: 0, y: 0.5 });
    // towards the corner (1, 0.5) along −(3, 4): 0.5 away when (1 − 2s)·5 = 0.5
    expectHit(castShapes(circle(4, 4.5, 0.5), b, { x: -6, y: -8 }), b, 0.45, { x: 0.6, y: 0.8 }, { x: 1, y: 0.5 });
    // rolling along the top face, touching: no hit
    expect(castShapes(circle(-3, 1, 0.5), b, { x: 6, y: 0 })).toBeNull();
  });

  it("capsule against circle", () => {
    const b = circle(0, 0, 0.5);
    const a = Capsule.fromSegment({ x: 0, y: 2 }, { x: 0, y: 4 }, 0.25);
    expectHit(castShapes(a, b, { x: 0, y: -3 }), b, 1.25 / 3, { x: 0, y: 1 }, { x: 0, y: 0.5 });
    // sideways: the capsule's flat side reaches the circle
    const side = circle(3, 3, 0.5);
    expectHit(castShapes(a, side, { x: 4, y: 0 }), side, 2.25 / 4, { x: -1, y: 0 }, { x: 2.5, y: 3 });
  });

  it("capsule against capsule: parallel sides, end to end, crossed and missing", () => {
    const b = capsule(0.5, 0, 1, 0.25);
    const h = expectHit(castShapes(capsule(0, 2, 1, 0.25), b, { x: 0, y: -2 }), b, 0.75, { x: 0, y: 1 });
    expect(h.point.y).toBeCloseTo(0.25, 12);
    expect(h.point.x).toBeGreaterThanOrEqual(-0.5 - 1e-12);
    expect(h.point.x).toBeLessThanOrEqual(1 + 1e-12);
    const c = capsule(0, 0, 1, 0.25);
    expectHit(castShapes(Capsule.fromSegment({ x: 3, y: 0 }, { x: 5, y: 0 }, 0.25), c, { x: -4, y: 0 }), c, 0.375, { x: 1, y: 0 }, { x: 1.25, y: 0 });
    // a vertical capsule coming from the side, its lower end 0.4 above c's axis: the two end caps meet (3-4-5)
    const v = Capsule.fromSegment({ x: 3, y: 0.4 }, { x: 3, y: 2.4 }, 0.25);
    expectHit(castShapes(v, c, { x: -6, y: 0 }), c, 1.7 / 6, { x: 0.6, y: 0.8 }, { x: 1.15, y: 0.2 });
    // exactly 0.5 above: it grazes c's top (no hit); higher, it passes over
    expect(castShapes(Capsule.fromSegment({ x: 3, y: 0.5 }, { x: 3, y: 2.5 }, 0.25), c, { x: -6, y: 0 })).toBeNull();
    expect(castShapes(Capsule.fromSegment({ x: 3, y: 1 }, { x: 3, y: 3 }, 0.25), c, { x: -6, y: 0 })).toBeNull();
  });

  it("capsule against box: level and tilted", () => {
    const b = box(0, 0, 2, 0.5);
    const h = expectHit(castShapes(capsule(0, 2, 1, 0.25), b, { x: 0, y: -3 }), b, 1.25 / 3, { x: 0, y: 1 });
    expect(h.point.y).toBeCloseTo(0.5, 12);
    expectHit(castShapes(Capsule.fromSegment({ x: -1, y: 2 }, { x: 1, y: 3 }, 0.25), b, { x: 0, y: -3 }), b, 1.25 / 3, { x: 0, y: 1 }, { x: -1, y: 0.5 });
    // sliding along the top, touching: no hit
    expect(castShapes(capsule(-4, 0.75, 1, 0.25), b, { x: 8, y: 0 })).toBeNull();
  });

  it("box against circle: a face and a corner", () => {
    const b = circle(0, 0, 1);
    expectHit(castShapes(box(0, 3, 0.5, 0.5), b, { x: 0, y: -4 }), b, 0.375, { x: 0, y: 1 }, { x: 0, y: 1 });
    // the corner (3, 4) of the box heads for the centre along −(3, 4): meets the circle at (0.6, 0.8)
    expectHit(castShapes(box(3.5, 4.5, 0.5, 0.5), b, { x: -6, y: -8 }), b, 0.4, { x: 0.6, y: 0.8 }, { x: 0.6, y: 0.8 });
  });

  it("box against capsule", () => {
    const b = capsule(0, 0, 2, 0.25);
    const h = expectHit(castShapes(box(0, 3, 0.5, 0.5), b, { x: 0, y: -4 }), b, 0.5625, { x: 0, y: 1 });
    expect(h.point.y).toBeCloseTo(0.25, 12);
    // the box's lower right corner meets the capsule's left end cap
    const c = expectHit(castShapes(box(-5, 0.5 + 0.25 * Math.SQRT1_2, 0.5, 0.5), b, { x: 4, y: 0 }), b, (4.5 - 2 - 0.25 * Math.SQRT1_2) / 4, { x: -Math.SQRT1_2, y: Math.SQRT1_2 });
    expect(surfaceDistance(c.point, b)).toBeCloseTo(0, 9);
  });

  it("box against box: faces, the middle of the touching stretch, sliding over seams", () => {
    const b = box(0.25, 0, 1, 0.5);
    expectHit(castShapes(box(0, 3, 0.5, 0.5), b, { x: 0, y: -4 }), b, 0.5, { x: 0, y: 1 }, { x: 0, y: 0.5 });
    expectHit(castShapes(box(-4, 0.2, 0.5, 0.5), b, { x: 4, y: 0 }), b, 2.75 / 4, { x: -1, y: 0 }, { x: -0.75, y: 0.1 });
    // a box resting on a row of tiles slides across the seams without a hit
    const tiles = [box(0, 0, 0.5, 0.5), box(1, 0, 0.5, 0.5), box(2, 0, 0.5, 0.5)];
    const player = box(-1, 1, 0.5, 0.5);
    for (const t of tiles) expect(castShapes(player, t, { x: 4, y: 0 })).toBeNull();
    // touching, moving into it: fraction 0; lifting off: nothing
    expectHit(castShapes(box(0, 1, 0.5, 0.5), tiles[0]!, { x: 1, y: -1 }), tiles[0]!, 0, { x: 0, y: 1 });
    expect(castShapes(box(0, 1, 0.5, 0.5), tiles[0]!, { x: 1, y: 1 })).toBeNull();
  });

  it("a capsule of halfLength 0 casts as a circle", () => {
    const targets = [circle(3, 0.3, 0.7), capsule(3, -0.2, 1, 0.3, 0.4), box(3, 0.1, 0.6, 1)];
    let hits = 0;
    for (const t of targets) {
      for (const d of [{ x: 5, y: 0.4 }, { x: 4, y: -1 }, { x: 6, y: 2 }]) {
        const strip = (h: ShapeCastHit | null) => h && { fraction: h.fraction, normal: h.normal, point: h.point };
        const asCircle = castShapes(circle(0, 0, 0.4), t, d);
        if (asCircle !== null) hits++;
        expect(castShapes(capsule(0, 0, 0, 0.4), t, d)).toEqual(asCircle);
        const back = { x: -d.x, y: -d.y };
        expect(strip(castShapes(t, capsule(-3, 0, 0, 0.4), back))).toEqual(strip(castShapes(t, circle(-3, 0, 0.4), back)));
      }
    }
    expect(hits).toBeGreaterThanOrEqual(6);
  });

  it("shapes that overlap at the start hit at fraction 0 with collide's normal, also for a zero translation", () => {
    const a = circle(0, 0.9, 0.5);
    const b = box(0, 0, 1, 0.5);
    const m = collide(a, b)!;
    for (const d of [{ x: 0, y: 0 }, { x: 0, y: 5 }, { x: 3, y: -1 }]) {
      const h = expectHit(castShapes(a, b, d), b, 0, { x: -m.normal.x, y: -m.normal.y });
      // the point is on B's surface, inside A
      expect(surfaceDistance(h.point, b)).toBeCloseTo(0, 9);
      expect(surfaceDistance(h.point, a)).toBeLessThan(0);
    }
    // apart and not moving: nothing
    expect(castShapes(circle(0, 3, 0.5), b, { x: 0, y: 0 })).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// the independent reference (test/support/swept-distance.ts: distances written there, not collide) and properties

/** Uniform doubles on [lo, hi] (fast-check's float arbitrary likes edge values; these are ordinary numbers). */
const uniform = (lo: number, hi: number) => fc.integer({ min: 0, max: 2 ** 30 }).map((i) => lo + ((hi - lo) * i) / 2 ** 30);
const shapeArb = fc
  .tuple(
    fc.integer({ min: 0, max: 3 }),
    uniform(-6, 6),
    uniform(-6, 6),
    fc.oneof(uniform(-3.2, 3.2), fc.constantFrom(0, Math.PI / 2, Math.PI / 4)),
    uniform(0.05, 1.5),
    uniform(0.05, 2.5),
    uniform(0.05, 2),
    uniform(0.05, 2),
  )
  .map(([k, x, y, angle, r, h, hw, hh]): Body => {
    if (k === 0) return circle(x, y, r);
    if (k === 1) return capsule(x, y, h, r, angle);
    if (k === 2) return box(x, y, hw, hh);
    return capsule(x, y, 0, r, angle);
  });
/** A translation: anywhere, or aimed at B's centre (so that most casts hit something). */
const castArb = fc.tuple(shapeArb, shapeArb, uniform(-12, 12), uniform(-12, 12), fc.boolean()).map(([a, b, x, y, aim]) => {
  const d = aim ? { x: 2 * (b.position.x - a.position.x) + 0.3 * x, y: 2 * (b.position.y - a.position.y) + 0.3 * y } : { x, y };
  return { a, b, d };
});

describe("castShapes against the independent swept-distance reference", () => {
  it("agrees on hit or miss, fraction (1e-9), normal (1e-6), and puts the point on both surfaces", () => {
    let hits = 0;
    let zero = 0;
    fc.assert(
      fc.property(castArb, ({ a, b, d }) => {
        const ours = castShapes(a, b, d);
        const ref = sweptContact(a, b, d);
        expect(ours === null).toBe(ref === null);
        if (ours === null || ref === null) return;
        hits++;
        if (ours.fraction === 0) zero++;
        expect(Math.abs(ours.fraction - ref.fraction)).toBeLessThan(1e-9);
        // (starting in overlap there is no direction of approach: that normal is collide's, tested above)
        if (ref.normal !== null) {
          expect(Math.abs(ours.normal.x - ref.normal.x)).toBeLessThan(1e-6);
          expect(Math.abs(ours.normal.y - ref.normal.y)).toBeLessThan(1e-6);
        }
        expect(Math.hypot(ours.normal.x, ours.normal.y)).toBeCloseTo(1, 12);
        expect(Math.abs(surfaceDistance(ours.point, b))).toBeLessThan(1e-7);
        if (ours.fraction > 0) expect(Math.abs(surfaceDistance(ours.point, movedBy(a, d, ours.fraction)))).toBeLessThan(1e-7);
      }),
      { numRuns: 2500, seed: 11 },
    );
    // the generator exercises hits, starting overlaps and misses
    expect(hits).toBeGreaterThan(800);
    expect(zero).toBeGreaterThan(50);
  });
});

describe("castShapes properties", () => {
  it("A at the hit fraction does not overlap B (beyond rounding); a little further it does", () => {
    fc.assert(
      fc.property(castArb, ({ a, b, d }) => {
        const h = castShapes(a, b, d);
        if (h === null || h.fraction === 0) return;
        const len = Math.hypot(d.x, d.y);
        expect(gapAlong(a, b, d, h.fraction)).toBeGreaterThan(-1e-9);
        // 1e-6 m further along (clamped to the translation's end) the shapes overlap, unless the hit is at the very end
        const further = Math.min(1, h.fraction + 1e-6 / len);
        if (further > h.fraction) expect(gapAlong(a, b, d, further)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 1500, seed: 12 },
    );
  });

  it("is symmetric: B cast along −d against A hits at the same fraction with the opposite normal", () => {
    fc.assert(
      fc.property(castArb, ({ a, b, d }) => {
        const ab = castShapes(a, b, d);
        const ba = castShapes(b, a, { x: -d.x, y: -d.y });
        expect(ab === null).toBe(ba === null);
        if (ab === null || ba === null) return;
        expect(Math.abs(ab.fraction - ba.fraction)).toBeLessThan(1e-9);
        if (ab.fraction > 0) {
          expect(ab.normal.x).toBeCloseTo(-ba.normal.x, 6);
          expect(ab.normal.y).toBeCloseTo(-ba.normal.y, 6);
        }
      }),
      { numRuns: 1500, seed: 13 },
    );
  });

  it("scales with the translation: the same hit in metres for d and 3d", () => {
    fc.assert(
      fc.property(castArb, ({ a, b, d }) => {
        const h1 = castShapes(a, b, d);
        const h3 = castShapes(a, b, { x: 3 * d.x, y: 3 * d.y });
        if (h1 === null) {
          if (h3 !== null) expect(h3.fraction).toBeGreaterThan(1 / 3 - 1e-9);
          return;
        }
        expect(h3).not.toBeNull();
        expect(Math.abs(3 * h3!.fraction - h1.fraction)).toBeLessThan(1e-9);
        expect(h3!.normal.x).toBeCloseTo(h1.normal.x, 9);
        expect(h3!.normal.y).toBeCloseTo(h1.normal.y, 9);
      }),
      { numRuns: 1500, seed: 14 },
    );
  });

  it("does not depend on where in the world the pair is (translation invariance to 1e-9)", () => {
    fc.assert(
      fc.property(castArb, fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), ({ a, b, d }, ox, oy) => {
        const h = castShapes(a, b, d);
        const a2 = movedBy(a, { x: ox, y: oy }, 1);
        const b2 = movedBy(b, { x: ox, y: oy }, 1);
        const h2 = castShapes(a2, b2, d);
        if (h === null || h2 === null) {
          // only a configuration within rounding of a graze may change its mind
          const other = h ?? h2;
          if (other !== null && other.fraction > 0) expect(Math.abs(-(other.normal.x * d.x + other.normal.y * d.y)) / Math.hypot(d.x, d.y)).toBeLessThan(1e-4);
          return;
        }
        expect(Math.abs(h.fraction - h2.fraction)).toBeLessThan(1e-9);
      }),
      { numRuns: 800, seed: 15 },
    );
  });
});

describe("castShapes input", () => {
  it("rejects bad shapes and translations, naming the parameter and the value", () => {
    const a = circle(0, 0, 1);
    expect(() => castShapes({} as never, a, { x: 1, y: 0 })).toThrow(TypeError);
    expect(() => castShapes(a, null as never, { x: 1, y: 0 })).toThrow(/b must be a Circle, Capsule, AABB, Box, Polygon or Segment, got null/);
    expect(() => castShapes(a, a, { x: NaN, y: 0 })).toThrow(/translation.x must be a finite number, got NaN/);
    expect(() => castShapes(a, a, { x: 0, y: Infinity })).toThrow(RangeError);
    expect(() => castShapes(a, a, 5 as never)).toThrow(/translation must be an \{ x, y \} object, got 5/);
  });
});

// ---------------------------------------------------------------------------
// the world's casts

function level() {
  const world = new World({ sleeping: false });
  const floor = world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static", label: "floor" }));
  const wall = world.add(AABB.fromBounds({ x: 5, y: 0 }, { x: 6, y: 5 }, { type: "static", label: "wall" }));
  const post = world.add(new Capsule({ position: { x: 3, y: 1 }, halfLength: 1, radius: 0.2, angle: Math.PI / 2, type: "static", label: "post" }));
  const ball = world.add(new Circle({ position: { x: 8, y: 0.5 }, radius: 0.5, label: "ball" }));
  return { world, floor, wall, post, ball };
}

describe("world.castShape and castShapeAll", () => {
  it("returns the first body hit, and castShapeAll lists every hit by fraction", () => {
    const { world, floor, wall, post, ball } = level();
    const probe = circle(0, 1, 0.5);
    // along the floor, touching it: the post first, then the wall; the floor is not hit
    const h = world.castShape(probe, { x: 10, y: 0 });
    expectHit(h, post, (3 - 0.2 - 0.5) / 10, { x: -1, y: 0 }, { x: 2.8, y: 1 });
    const all = world.castShapeAll(probe, { x: 10, y: 0 });
    expect(all.map((x) => x.body)).toEqual([post, wall, ball]);
    expect(all[1]!.fraction).toBeCloseTo(4.5 / 10, 12);
    // straight down onto the floor from above
    expectHit(world.castShape(circle(-5, 3, 0.5), { x: 0, y: -10 }), floor, 0.25, { x: 0, y: 1 }, { x: -5, y: 0 });
    expect(world.castShape(circle(-5, 3, 0.5), { x: 0, y: 1 })).toBeNull();
  });

  it("casts a body of the world, which never hits itself", () => {
    const { world, wall, ball } = level();
    const h = world.castShape(ball, { x: -5, y: 0 });
    expectHit(h, wall, 1.5 / 5, { x: 1, y: 0 }, { x: 6, y: 0.5 });
    expect(world.castShapeAll(ball, { x: 0, y: 0 }).map((x) => x.body.label)).toEqual([]);
    // the ball touches the floor: moving into it is a hit at 0 (the floor), not itself
    expectHit(world.castShape(ball, { x: 0, y: -1 }), world.bodies[0]!, 0, { x: 0, y: 1 });
  });

  it("applies the filter argument and the shape's own collision filter; hits sensors unless filtered", () => {
    const { world, post, wall, ball } = level();
    const sensor = world.add(new Circle({ position: { x: 1.5, y: 1 }, radius: 0.3, isSensor: true, type: "static", label: "coin" }));
    const probe = circle(0, 1, 0.5);
    const d = { x: 10, y: 0 };
    expect(world.castShape(probe, d)!.body).toBe(sensor);
    expect(world.castShape(probe, d, (b) => !b.isSensor)!.body).toBe(post);
    expect(world.castShape(probe, d, (b) => !b.isSensor && b !== post)!.body).toBe(wall);
    // a query filter object: the post in category 2, the probe's query asks for category 1 only
    post.setCollisionFilter({ category: 2 });
    expect(world.castShape(probe, d, { mask: 1 })!.body).toBe(sensor);
    expect(world.castShapeAll(probe, d, { mask: 1 }).map((x) => x.body)).toEqual([sensor, wall, ball]);
    // the shape's own filter: a probe that does not collide with category 2 skips the post
    const picky = new Circle({ position: { x: 0, y: 1 }, radius: 0.5, collisionFilter: { mask: ~2 >>> 0 } });
    expect(world.castShapeAll(picky, d).map((x) => x.body)).toEqual([sensor, wall, ball]);
    // a shared negative group never collides
    const grouped = new Circle({ position: { x: 0, y: 1 }, radius: 0.5, collisionFilter: { group: -3 } });
    post.setCollisionFilter({ group: -3, category: 1 });
    expect(world.castShapeAll(grouped, d).map((x) => x.body)).toEqual([sensor, wall, ball]);
  });

  it("breaks ties by the lower body id", () => {
    const world = new World();
    const later = box(2, 2, 0.5, 0.5);
    const earlier = box(2, -2, 0.5, 0.5);
    world.add(new Circle({ position: { x: 50, y: 50 }, radius: 1, type: "static" }));
    world.add(later.setPosition({ x: 2, y: 0 })); // id 1, placed where the cast meets it
    world.add(earlier.setPosition({ x: 2, y: 0 })); // id 2, the same place
    const h = world.castShape(circle(-2, 0, 0.5), { x: 4, y: 0 });
    expect(h!.body).toBe(later);
    expect(world.castShapeAll(circle(-2, 0, 0.5), { x: 4, y: 0 }).map((x) => x.body.id)).toEqual([1, 2]);
  });

  it("rejects bad input naming the parameter and the value, and leaves the world unchanged", () => {
    const { world, ball } = level();
    const other = new World().add(circle(0, 0, 1));
    world.step(1 / 60);
    const before = world.stateHash();
    expect(() => world.castShape(null as never, { x: 1, y: 0 })).toThrow(/shape must be a Circle, Capsule, AABB, Box, Polygon or Segment, got null/);
    expect(() => world.castShape(ball, { x: NaN, y: 0 })).toThrow(/translation.x must be a finite number, got NaN/);
    expect(() => world.castShapeAll(ball, { x: 1, y: -Infinity })).toThrow(RangeError);
    expect(() => world.castShape(ball, undefined as never)).toThrow(TypeError);
    expect(() => world.castShape(other, { x: 1, y: 0 })).toThrow(/shape must be free-standing or a body of this world, got body #0 of another world/);
    expect(() => world.castShape(ball, { x: 1, y: 0 }, 7 as never)).toThrow(/filter must be a function/);
    expect(() => world.castShape(ball, { x: 1, y: 0 }, { mask: -1 })).toThrow(/filter.mask/);
    expect(world.stateHash()).toBe(before);
  });

  it("is deterministic: the same bits in identical worlds and after a snapshot round trip", () => {
    const run = (world: World) => {
      const out: ShapeCastHit[] = [];
      for (let i = 0; i < 40; i++) {
        const probe = capsule(-4 + 0.21 * i, 2 + 0.05 * i, 0.4, 0.2, 0.1 * i);
        const h = world.castShape(probe, { x: 6 - 0.1 * i, y: -2.5 + 0.13 * i });
        if (h !== null) out.push(h);
      }
      return out.map((h) => [h.body.id, h.fraction, h.normal.x, h.normal.y, h.point.x, h.point.y]);
    };
    const a = level().world;
    const b = level().world;
    for (let i = 0; i < 30; i++) {
      a.step(1 / 60);
      b.step(1 / 60);
    }
    const ra = run(a);
    expect(ra.length).toBeGreaterThan(20);
    expect(run(b)).toEqual(ra);
    expect(run(World.fromSnapshot(JSON.parse(JSON.stringify(a.snapshot()))))).toEqual(ra);
  });
});
