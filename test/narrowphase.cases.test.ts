/**
 * Hand-computed narrowphase cases, through the public `collide` (so the 3×3
 * dispatch and the swap of reversed pairs are exercised too). Each expected
 * value is worked out in the comment next to it.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle } from "../src/entries/capsule2d.js";
import type { Body } from "../src/bodies/body.js";
import { collide } from "../src/collision/narrowphase/collide.js";
import { closestPointOnSegment, closestPointsOfSegments } from "../src/collision/narrowphase/segment.js";
import { BoxFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";
import type { Manifold } from "../src/collision/narrowphase/manifold.js";

const circle = (x: number, y: number, radius: number) => new Circle({ position: { x, y }, radius });
const capsule = (x1: number, y1: number, x2: number, y2: number, radius: number) =>
  Capsule.fromSegment({ x: x1, y: y1 }, { x: x2, y: y2 }, radius);
const box = (x: number, y: number, halfWidth: number, halfHeight: number) =>
  new AABB({ position: { x, y }, halfWidth, halfHeight });

interface Expected {
  normal: [number, number];
  depth: number;
  /** [x, y, depth], in any order. */
  points: [number, number, number][];
}

function expectManifold(m: Manifold | null, e: Expected, tol = 1e-12): Manifold {
  expect(m).not.toBeNull();
  const got = m!;
  expect(got.normal.x).toBeCloseTo(e.normal[0], -Math.log10(tol));
  expect(got.normal.y).toBeCloseTo(e.normal[1], -Math.log10(tol));
  expect(Math.abs(got.depth - e.depth)).toBeLessThanOrEqual(tol);
  expect(got.points.length).toBe(e.points.length);
  for (const [x, y, d] of e.points) {
    const match = got.points.some((p) => Math.abs(p.x - x) <= tol && Math.abs(p.y - y) <= tol && Math.abs(p.depth - d) <= tol);
    expect(match, `point (${x}, ${y}, ${d}) in ${JSON.stringify(got.points)}`).toBe(true);
  }
  return got;
}

/** The reversed pair: negated normal, same depth and points. */
function expectSwapped(a: Body, b: Body, margin = 0): void {
  const m = collide(a, b, margin)!;
  expectManifold(collide(b, a, margin), {
    normal: [-m.normal.x, -m.normal.y],
    depth: m.depth,
    points: m.points.map((p): [number, number, number] => [p.x, p.y, p.depth]),
  });
}

function ids(m: Manifold | null): number[] {
  return m!.points.map((p) => p.id).sort((x, y) => x - y);
}

/** The id of a one-point manifold. */
function id(m: Manifold | null): number {
  expect(m!.points.length).toBe(1);
  return m!.points[0]!.id;
}

/** Feature ids of a resting contact do not change when B moves by 1e-4 in any direction. */
function expectStableIds(a: Body, b: Body): void {
  const before = ids(collide(a, b));
  const { x, y } = b.position;
  for (const [dx, dy] of [[1e-4, 0], [-1e-4, 0], [0, 1e-4], [0, -1e-4]] as const) {
    b.setPosition({ x: x + dx, y: y + dy });
    expect(ids(collide(a, b))).toEqual(before);
  }
  b.setPosition({ x, y });
}

describe("circle – circle", () => {
  it("overlapping: normal along the centres, depth r1 + r2 − d, point midway", () => {
    // d = 1.5, depth 2 − 1.5 = 0.5; A's surface at x = 1, B's at 0.5: midpoint 0.75.
    const m = expectManifold(collide(circle(0, 0, 1), circle(1.5, 0, 1)), { normal: [1, 0], depth: 0.5, points: [[0.75, 0, 0.5]] });
    // Two circles have one feature pair, so every contact of theirs has the same id.
    expect(id(collide(circle(5, -2, 0.5), circle(5.3, -1.6, 1)))).toBe(m.points[0]!.id);
  });

  it("separated or exactly touching: null without a margin", () => {
    expect(collide(circle(0, 0, 1), circle(3, 0, 1))).toBeNull();
    expect(collide(circle(0, 0, 1), circle(2, 0, 1))).toBeNull();
  });

  it("a gap is reported, with negative depth, only within the margin", () => {
    // gap 0.2: surfaces at x = 1 and 1.2, midpoint 1.1.
    expect(collide(circle(0, 0, 1), circle(2.2, 0, 1), 0.1)).toBeNull();
    expectManifold(collide(circle(0, 0, 1), circle(2.2, 0, 1), 0.3), { normal: [1, 0], depth: -0.2, points: [[1.1, 0, -0.2]] });
  });

  it("concentric circles use the documented normal (0, 1), depth r1 + r2", () => {
    // A's surface at y = 1, B's (pushed along (0, 1)) at −0.5: midpoint 0.25.
    expectManifold(collide(circle(2, 3, 1), circle(2, 3, 0.5)), { normal: [0, 1], depth: 1.5, points: [[2, 3.25, 1.5]] });
  });

  it("tiny circles keep relative accuracy far from the origin", () => {
    // r = 1e-3 each, centres 1.5e-3 apart: depth 5e-4, as near the origin.
    for (const [ox, oy] of [[0, 0], [1e4, -1e4]] as const) {
      const m = collide(circle(ox, oy, 1e-3), circle(ox + 1.5e-3, oy, 1e-3))!;
      expect(Math.abs(m.depth - 5e-4) / 5e-4).toBeLessThan(1e-8);
      expect(m.normal.x).toBeCloseTo(1, 12);
    }
  });
});

describe("circle – capsule and capsule – circle", () => {
  const pill = () => capsule(-1, 0, 1, 0, 0.5);

  it("against the inside of the segment: perpendicular normal", () => {
    // Closest segment point (0.5, 0), distance 0.8, depth 1 − 0.8 = 0.2.
    // Circle surface at y = 0.3, capsule surface at 0.5: midpoint 0.4.
    const m = expectManifold(collide(circle(0.5, 0.8, 0.5), pill()), { normal: [0, -1], depth: 0.2, points: [[0.5, 0.4, 0.2]] });
    // Anywhere along the segment, on either side, is the same feature (its side): the same id.
    expect(id(collide(circle(-0.7, -0.8, 0.5), pill()))).toBe(m.points[0]!.id);
    expectSwapped(circle(0.5, 0.8, 0.5), pill());
  });

  it("against an end point: normal towards the end point", () => {
    // Closest point (1, 0); centre (1.6, 0.8) is 1 away; depth 0.5 + 0.6 − 1 = 0.1.
    // Normal from the circle to the capsule (−0.6, −0.8); circle surface
    // (1.6, 0.8) + 0.6·n = (1.24, 0.32); midpoint = that − n·0.05 = (1.27, 0.36).
    const m = expectManifold(collide(circle(1.6, 0.8, 0.6), pill()), { normal: [-0.6, -0.8], depth: 0.1, points: [[1.27, 0.36, 0.1]] });
    // Each end point and the side are different features: three different ids.
    const side = id(collide(circle(0.5, 0.8, 0.5), pill()));
    const otherEnd = id(collide(circle(-1.6, 0.8, 0.6), pill()));
    expect(new Set([m.points[0]!.id, side, otherEnd]).size).toBe(3);
    expectSwapped(circle(1.6, 0.8, 0.6), pill());
  });

  it("a centre exactly on the segment uses the upward perpendicular", () => {
    // Depth rA + rB = 0.75; normal (0, 1) for the horizontal capsule.
    expectManifold(collide(circle(0.3, 0, 0.25), pill()), { normal: [0, 1], depth: 0.75, points: [[0.3, -0.125, 0.75]] });
    // A vertical capsule: its "upward" perpendicular is +x.
    const m = collide(circle(0, 0.2, 0.25), capsule(0, -1, 0, 1, 0.5))!;
    expect(m.normal.x).toBeCloseTo(1, 15);
    expect(m.depth).toBeCloseTo(0.75, 15);
  });

  it("a zero-length capsule gives exactly the circle's result", () => {
    const zero = new Capsule({ position: { x: 0.4, y: 0.3 }, halfLength: 0, radius: 0.5, angle: 0.7 });
    const disc = circle(0.4, 0.3, 0.5);
    for (const other of [circle(1, 0.5, 0.4), pill(), box(1, 0, 0.5, 0.5)]) {
      expect(collide(zero, other)).toEqual(collide(disc, other));
      expect(collide(other, zero)).toEqual(collide(other, disc));
    }
  });
});

describe("capsule – capsule", () => {
  it("crossing segments: the exact MTD, larger than rA + rB", () => {
    // A: (−1, 0)–(1, 0); B: (0.2, −0.3)–(0.2, 1.5), both r = 0.1. The segments
    // cross at (0.2, 0). Overlaps of the segments when B is pushed along:
    //   +y: 0 − (−0.3) = 0.3;  −y: 1.5;  +x: 1 − 0.2 = 0.8;  −x: 0.2 + 1 = 1.2.
    // Minimum 0.3 along +y, so depth = 0.3 + 0.2 = 0.5 (not 0.2, not 0).
    // B's lowest end (0.2, −0.3): B's surface at y = −0.4, A's at 0.1: midpoint −0.15.
    const a = capsule(-1, 0, 1, 0, 0.1);
    const b = capsule(0.2, -0.3, 0.2, 1.5, 0.1);
    expectManifold(collide(a, b), { normal: [0, 1], depth: 0.5, points: [[0.2, -0.15, 0.5]] });
    expectSwapped(a, b);
    // Moving B up by the depth leaves them just touching; a little less, still overlapping.
    b.setPosition({ x: b.position.x, y: b.position.y + 0.5 + 1e-9 });
    expect(collide(a, b)).toBeNull();
  });

  it("a symmetric cross: every axis ties, the first one (A's upward perpendicular) wins", () => {
    // A: (−1, 0)–(1, 0), B: (0, −1)–(0, 1), r = 0.1: all overlaps 1, depth 1.2.
    expectManifold(collide(capsule(-1, 0, 1, 0, 0.1), capsule(0, -1, 0, 1, 0.1)), {
      normal: [0, 1],
      depth: 1.2,
      points: [[0, -0.5, 1.2]],
    });
  });

  it("parallel capsules overlapping along their length: two points", () => {
    // A: (−1, 0)–(1, 0) r 0.5; B: (0, 0.9)–(3, 0.9) r 0.5. Depth 1 − 0.9 = 0.1.
    // They face each other for x in [0, 1]; surfaces at y = 0.5 (A) and 0.4 (B): midpoint 0.45.
    const a = capsule(-1, 0, 1, 0, 0.5);
    const b = capsule(0, 0.9, 3, 0.9, 0.5);
    const m = expectManifold(collide(a, b), { normal: [0, 1], depth: 0.1, points: [[0, 0.45, 0.1], [1, 0.45, 0.1]] });
    expect(new Set(ids(m)).size).toBe(2);
    expectSwapped(a, b);
    expectStableIds(a, b);
  });

  it("slightly tilted parallel capsules: two points with their own depths", () => {
    // B: (0, 0.9)–(3, 0.95). Closest: B's end (0, 0.9) above A's inside: depth 0.1.
    // At x = 1, B's axis is at 0.9 + 0.05/3: depth 1 − 0.91666… = 0.08333…,
    // midpoint between 0.5 and 0.91666… − 0.5: (0.5 + 0.41666…)/2.
    const yb = 0.9 + 0.05 / 3;
    expectManifold(collide(capsule(-1, 0, 1, 0, 0.5), capsule(0, 0.9, 3, 0.95, 0.5)), {
      normal: [0, 1],
      depth: 0.1,
      points: [
        [0, 0.45, 0.1],
        [1, (0.5 + yb - 0.5) / 2, 1 - yb],
      ],
    });
  });

  it("a second point is kept only within the margin", () => {
    // B (0, 0.9)–(1, 0.99): at x = 1 its axis is at 0.99, depth 1 − 0.99 = 0.01 > 0: kept.
    // C (0, 0.9)–(1.5, 1.05) (slope 0.1): at x = 1 its axis is at 1.0, depth 0:
    // dropped without a margin, kept with margin 0.05.
    const a = capsule(-1, 0, 1, 0, 0.5);
    expect(collide(a, capsule(0, 0.9, 1, 0.99, 0.5))!.points.length).toBe(2);
    const c = capsule(0, 0.9, 1.5, 1.05, 0.5);
    expect(collide(c, a)!.points.length).toBe(1);
    const m = collide(c, a, 0.05)!;
    expect(m.points.length).toBe(2);
    expect(Math.min(...m.points.map((p) => p.depth))).toBeCloseTo(0, 12);
  });

  it("collinear overlapping capsules: documented sideways normal, two points", () => {
    // A: (−1, 0)–(1, 0), B: (0.5, 0)–(2.5, 0), r 0.1. Pushed apart along A's
    // upward perpendicular (0, 1) by rA + rB = 0.2; they overlap for x in [0.5, 1].
    expectManifold(collide(capsule(-1, 0, 1, 0, 0.1), capsule(0.5, 0, 2.5, 0, 0.1)), {
      normal: [0, 1],
      depth: 0.2,
      points: [[0.5, 0, 0.2], [1, 0, 0.2]],
    });
  });

  it("end point against end point", () => {
    // A ends at (0, 0), B starts at (0.6, 0.8): distance 1, depth 1.2 − 1 = 0.2,
    // normal (0.6, 0.8). A's surface at 0.6·n = (0.36, 0.48); midpoint = that − 0.1·n.
    const m = expectManifold(collide(capsule(-1, 0, 0, 0, 0.6), capsule(0.6, 0.8, 2, 2, 0.6)), {
      normal: [0.6, 0.8],
      depth: 0.2,
      points: [[0.3, 0.4, 0.2]],
    });
    // A's second end against B's first end: B drawn the other way round touches
    // with its second end, a different feature pair, so a different id.
    expect(id(collide(capsule(-1, 0, 0, 0, 0.6), capsule(2, 2, 0.6, 0.8, 0.6)))).not.toBe(m.points[0]!.id);
    expect(collide(capsule(-1, 0, 0, 0, 0.5), capsule(0.6, 0.8, 2, 2, 0.5))).toBeNull(); // exactly touching
  });

  it("large coordinates and tiny capsules keep relative accuracy", () => {
    // The parallel case above, moved 1e4 away, and scaled by 1e-3.
    const far = collide(capsule(1e4 - 1, -1e4, 1e4 + 1, -1e4, 0.5), capsule(1e4, -1e4 + 0.9, 1e4 + 3, -1e4 + 0.9, 0.5))!;
    expect(Math.abs(far.depth - 0.1)).toBeLessThan(1e-11);
    expect(far.points.map((p) => p.x - 1e4).sort()).toEqual([expect.closeTo(0, 11), expect.closeTo(1, 11)]);
    const k = 1e-3;
    const tiny = collide(capsule(-k, 0, k, 0, 0.5 * k), capsule(0, 0.9 * k, 3 * k, 0.9 * k, 0.5 * k))!;
    expect(Math.abs(tiny.depth - 0.1 * k) / (0.1 * k)).toBeLessThan(1e-12);
    expect(tiny.points.length).toBe(2);
  });

  it("a crossing contact keeps its id when B moves by 1e-4", () => {
    expectStableIds(capsule(-1, 0, 1, 0, 0.1), capsule(0.2, -0.3, 0.2, 1.5, 0.1));
    expectStableIds(capsule(-1, 0, 1, 0, 0.5), capsule(0.2, 0.5, 1.2, 1.9, 0.5)); // end against inside
  });
});

describe("circle – box and box – circle", () => {
  const unit = () => box(0, 0, 1, 1);

  it("centre outside a face", () => {
    // Circle (0, 1.3) r 0.5 over the top face: depth 0.5 − 0.3 = 0.2, normal (0, −1)
    // from the circle to the box; surfaces at 0.8 (circle) and 1 (box): midpoint 0.9.
    const m = expectManifold(collide(circle(0, 1.3, 0.5), unit()), { normal: [0, -1], depth: 0.2, points: [[0, 0.9, 0.2]] });
    // The top face, whether the centre is outside it or inside the box nearest
    // to it, so the id survives the centre crossing the surface; the right face differs.
    expect(id(collide(circle(0.3, 0.9, 0.5), unit()))).toBe(m.points[0]!.id);
    expect(id(collide(circle(1.3, 0, 0.5), unit()))).not.toBe(m.points[0]!.id);
    expectSwapped(circle(0, 1.3, 0.5), unit());
    expectStableIds(unit(), circle(0, 1.3, 0.5));
  });

  it("centre outside a corner", () => {
    // Corner (1, 1), centre (1.3, 1.4): distance 0.5, r 0.6, depth 0.1, normal
    // (−0.6, −0.8). Circle surface (0.94, 0.92); midpoint to the corner (0.97, 0.96).
    expectManifold(collide(circle(1.3, 1.4, 0.6), unit()), { normal: [-0.6, -0.8], depth: 0.1, points: [[0.97, 0.96, 0.1]] });
  });

  it("centre inside the box: out through the nearest face", () => {
    // Centre (0.7, 0.2): 0.3 from the right face, 0.8 from the top. Depth r + 0.3 = 0.4;
    // the circle leaves through +x, so B (the box) is pushed along −x.
    // Circle surface on the line: x = 0.6; box face x = 1: midpoint 0.8.
    expectManifold(collide(circle(0.7, 0.2, 0.1), unit()), { normal: [-1, 0], depth: 0.4, points: [[0.8, 0.2, 0.4]] });
    expectManifold(collide(unit(), circle(0.7, 0.2, 0.1)), { normal: [1, 0], depth: 0.4, points: [[0.8, 0.2, 0.4]] });
    // The exact centre of a square box: equal distances prefer the top face.
    expectManifold(collide(circle(0, 0, 0.5), unit()), { normal: [0, -1], depth: 1.5, points: [[0, 0.25, 1.5]] });
  });

  it("margin: a gap is reported only within it", () => {
    expect(collide(circle(0, 1.7, 0.5), unit(), 0.1)).toBeNull();
    expectManifold(collide(circle(0, 1.7, 0.5), unit(), 0.3), { normal: [0, -1], depth: -0.2, points: [[0, 1.1, -0.2]] });
  });
});

describe("capsule – box and box – capsule", () => {
  const unit = () => box(0, 0, 1, 1);

  it("a capsule lying on a face: two points", () => {
    // Segment (−0.5, 1.2)–(0.5, 1.2), r 0.25: depth 0.25 − 0.2 = 0.05, normal (0, −1).
    // Points at x = ±0.5, midway between 0.95 (capsule) and 1 (box): 0.975.
    const a = capsule(-0.5, 1.2, 0.5, 1.2, 0.25);
    const m = expectManifold(collide(a, unit()), { normal: [0, -1], depth: 0.05, points: [[-0.5, 0.975, 0.05], [0.5, 0.975, 0.05]] });
    expect(new Set(ids(m)).size).toBe(2);
    expectSwapped(a, unit());
    expectStableIds(unit(), capsule(-0.5, 1.2, 0.5, 1.2, 0.25));
  });

  it("overhanging the edge: clipped to the face", () => {
    // Segment (0.5, 1.2)–(2, 1.2): the face ends at x = 1.
    expectManifold(collide(capsule(0.5, 1.2, 2, 1.2, 0.25), unit()), {
      normal: [0, -1],
      depth: 0.05,
      points: [[0.5, 0.975, 0.05], [1, 0.975, 0.05]],
    });
  });

  it("a segment crossing the box", () => {
    // Segment (−2, 0.3)–(2, 0.3), r 0.1. Overlaps: +y 1.3, −y 0.7, ±x 3 (the
    // perpendicular is ±y too). Min 0.7: the box is pushed down, depth 0.8.
    // Clipped to the top face x in [−1, 1]; midway between 0.2 (capsule) and 1: 0.6.
    expectManifold(collide(capsule(-2, 0.3, 2, 0.3, 0.1), unit()), {
      normal: [0, -1],
      depth: 0.8,
      points: [[-1, 0.6, 0.8], [1, 0.6, 0.8]],
    });
  });

  it("a tilted segment crossing the box: the capsule's perpendicular is the axis", () => {
    // Segment (−2, −0.2)–(2, 0.6): u = (4, 0.8)/L, L = √16.64; p = (−0.8, 4)/L.
    // Heights along p: the segment at p·(0, 0.2) = 0.8/L; the box reaches
    // ±(0.8 + 4)/L. Pushing B along −p: (4.8 − 0.8)/L = 4/L ≈ 0.98 (less than
    // along −y: 1.2 or +y: 1.6). Depth 0.1 + 4/L, normal −p; the segment is
    // tilted too much (slope 0.2) for two points.
    const L = Math.sqrt(16.64);
    const m = collide(capsule(-2, -0.2, 2, 0.6, 0.1), unit())!;
    expect(m.depth).toBeCloseTo(0.1 + 4 / L, 14);
    expect(m.normal.x).toBeCloseTo(0.8 / L, 14);
    expect(m.normal.y).toBeCloseTo(-4 / L, 14);
    // Deepest box feature along n: the corner (−1, 1); the point is depth/2 from it along n.
    expect(m.points.length).toBe(1);
    expect(m.points[0]!.x).toBeCloseTo(-1 + (m.normal.x * m.depth) / 2, 14);
    expect(m.points[0]!.y).toBeCloseTo(1 + (m.normal.y * m.depth) / 2, 14);
  });

  it("a capsule inside the box: out through the nearest face, two points", () => {
    // Segment (0.2, 0.5)–(0.6, 0.5) r 0.1: the top face is 0.5 away, depth 0.6.
    // Midway between the capsule's bottom (0.4) and the top face (1): 0.7.
    expectManifold(collide(capsule(0.2, 0.5, 0.6, 0.5, 0.1), unit()), {
      normal: [0, -1],
      depth: 0.6,
      points: [[0.2, 0.7, 0.6], [0.6, 0.7, 0.6]],
    });
  });

  it("end point against a corner, and the margin", () => {
    // Segment (1.3, 1.4)–(3, 3): its end (1.3, 1.4) is 0.5 from the corner (1, 1).
    expectManifold(collide(capsule(1.3, 1.4, 3, 3, 0.6), unit()), {
      normal: [-0.6, -0.8],
      depth: 0.1,
      points: [[0.97, 0.96, 0.1]],
    });
    expect(collide(capsule(1.3, 1.4, 3, 3, 0.4), unit(), 0.05)).toBeNull();
    expect(collide(capsule(1.3, 1.4, 3, 3, 0.4), unit(), 0.15)!.depth).toBeCloseTo(-0.1, 14);
  });
});

describe("box – box", () => {
  it("box on box: two points at the ends of the shared face interval", () => {
    // A [−1, 1]², B centred (0.3, 1.4) half 0.5: overlap x 1.2, y 0.1 → normal (0, 1),
    // depth 0.1; faces share x in [−0.2, 0.8]; midway between 1 and 0.9: 0.95.
    const a = box(0, 0, 1, 1);
    const b = box(0.3, 1.4, 0.5, 0.5);
    const m = expectManifold(collide(a, b), { normal: [0, 1], depth: 0.1, points: [[-0.2, 0.95, 0.1], [0.8, 0.95, 0.1]] });
    expect(new Set(ids(m)).size).toBe(2);
    expectSwapped(a, b);
    expectStableIds(a, b);
  });

  it("equal overlaps prefer y; concentric boxes use (0, 1)", () => {
    expect(collide(box(0, 0, 1, 1), box(1.4, 1.4, 0.5, 0.5))!.normal).toEqual({ x: 0, y: 1 });
    expectManifold(collide(box(5, 5, 1, 1), box(5, 5, 1, 1)), { normal: [0, 1], depth: 2, points: [[4, 5, 2], [6, 5, 2]] });
  });

  it("side by side: normal along x", () => {
    // B centred (1.4, 0.2) half 0.5: overlap x 0.1, y 1.3 → normal (1, 0); faces share y in [−0.3, 0.7].
    expectManifold(collide(box(0, 0, 1, 1), box(1.4, 0.2, 0.5, 0.5)), {
      normal: [1, 0],
      depth: 0.1,
      points: [[0.95, -0.3, 0.1], [0.95, 0.7, 0.1]],
    });
  });

  it("gaps: along a face, and corner to corner, only within the margin", () => {
    expect(collide(box(0, 0, 1, 1), box(0.3, 1.7, 0.5, 0.5))).toBeNull();
    expectManifold(collide(box(0, 0, 1, 1), box(0.3, 1.7, 0.5, 0.5), 0.3), {
      normal: [0, 1],
      depth: -0.2,
      points: [[-0.2, 1.1, -0.2], [0.8, 1.1, -0.2]],
    });
    // Corners (1, 1) and (1.5, 1.5): gap √0.5 along (1, 1)/√2, midpoint (1.25, 1.25).
    expect(collide(box(0, 0, 1, 1), box(2, 2, 0.5, 0.5), 0.7)).toBeNull();
    expectManifold(collide(box(0, 0, 1, 1), box(2, 2, 0.5, 0.5), 0.8), {
      normal: [Math.SQRT1_2, Math.SQRT1_2],
      depth: -Math.SQRT1_2,
      points: [[1.25, 1.25, -Math.SQRT1_2]],
    });
  });

  it("large coordinates and tiny boxes keep relative accuracy", () => {
    const m = collide(box(1e4, 1e4, 1e-3, 1e-3), box(1e4 + 0.3e-3, 1e4 + 1.9e-3, 1e-3, 1e-3))!;
    expect(Math.abs(m.depth - 0.1e-3) / 0.1e-3).toBeLessThan(1e-8);
    expect(m.points.length).toBe(2);
  });
});

describe("segment math", () => {
  it("closest point on a segment: inside, clamped to either end, zero length", () => {
    expect({ ...closestPointOnSegment(1, 2, 0, 0, 4, 0) }).toEqual({ t: 0.25, x: 1, y: 0, distSq: 4 });
    expect({ ...closestPointOnSegment(-3, 4, 0, 0, 4, 0) }).toEqual({ t: 0, x: 0, y: 0, distSq: 25 });
    expect({ ...closestPointOnSegment(7, -4, 0, 0, 4, 0) }).toEqual({ t: 1, x: 4, y: 0, distSq: 25 });
    expect({ ...closestPointOnSegment(1, 1, 2, 2, 2, 2) }).toEqual({ t: 0, x: 2, y: 2, distSq: 2 });
  });

  it("closest points of two segments: general, crossing, parallel, degenerate", () => {
    // (0,0)–(4,0) and (1,1)–(3,3): closest pair (1,0)–(1,1).
    expect({ ...closestPointsOfSegments(0, 0, 4, 0, 1, 1, 3, 3) }).toEqual({ s: 0.25, t: 0, x1: 1, y1: 0, x2: 1, y2: 1, distSq: 1 });
    // Crossing at (2, 0): distance 0, s = 0.5, t = 0.5.
    const c = closestPointsOfSegments(0, 0, 4, 0, 2, -1, 2, 1);
    expect([c.s, c.t, c.distSq]).toEqual([0.5, 0.5, 0]);
    // Parallel, overlapping: distance 1 (any pair over the overlap).
    expect(closestPointsOfSegments(0, 0, 4, 0, 3, 1, 6, 1).distSq).toBe(1);
    // Parallel, disjoint along the line: end to end, (4,0)–(5,1).
    expect({ ...closestPointsOfSegments(0, 0, 4, 0, 5, 1, 9, 1) }).toMatchObject({ s: 1, t: 0, distSq: 2 });
    // A point against a segment, a segment against a point, two points.
    expect({ ...closestPointsOfSegments(2, 3, 2, 3, 0, 0, 4, 0) }).toMatchObject({ s: 0, t: 0.5, distSq: 9 });
    expect({ ...closestPointsOfSegments(0, 0, 4, 0, 5, 0, 5, 0) }).toMatchObject({ s: 1, t: 0, distSq: 1 });
    expect(closestPointsOfSegments(1, 1, 1, 1, 4, 5, 4, 5).distSq).toBe(25);
  });

  it("nearly parallel segments: the exact closest end point, not a rounded line solution", () => {
    // B tilted by 1e-9 and 5e-13 below A: its right end is the closest, 2.0e-13 below.
    const h = 3e-4;
    const tilt = 1e-9;
    const y = -5e-13;
    const c = closestPointsOfSegments(-h, 0, h, 0, -h, y - h * tilt, h, y + h * tilt);
    expect(c.t).toBe(1);
    expect(Math.sqrt(c.distSq)).toBeCloseTo(-(y + h * tilt), 25);
  });
});

describe("feature ids", () => {
  it("distinct feature triples pack into distinct small non-negative integers", () => {
    const seen = new Set<number>();
    // Box features are the most numerous (0 to DEEPEST_CORNER).
    for (let a = 0; a <= BoxFeature.DEEPEST_CORNER; a++) {
      for (let b = 0; b <= BoxFeature.DEEPEST_CORNER; b++) {
        for (const end of [ClipEnd.NONE, ClipEnd.LOW, ClipEnd.HIGH]) {
          const v = featureId(a, b, end);
          expect(Number.isInteger(v) && v >= 0 && v < 1024).toBe(true);
          seen.add(v);
        }
      }
    }
    expect(seen.size).toBe(9 * 9 * 3);
  });

  it("a different feature pair gets a different id; a small jitter keeps the ids", () => {
    // A capsule lying on the box's top face (two clipped points), then tilted
    // too far to clip (one point at its lower end), then sliding off the
    // corner (end against corner): three different feature sets.
    const unit = box(0, 0, 1, 1);
    const flat = ids(collide(capsule(-0.5, 1.2, 0.5, 1.2, 0.25), unit));
    const tilted = ids(collide(capsule(-0.5, 1.2, 0.5, 1.6, 0.25), unit));
    const corner = ids(collide(capsule(1.3, 1.4, 3, 3, 0.6), unit));
    expect(flat.length).toBe(2);
    expect(tilted.length).toBe(1);
    expect(corner.length).toBe(1);
    expect(new Set([...flat, ...tilted, ...corner]).size).toBe(4);
    expectStableIds(unit, capsule(-0.5, 1.2, 0.5, 1.6, 0.25));
    expectStableIds(unit, capsule(1.3, 1.4, 3, 3, 0.6));
  });
});

describe("collide: arguments", () => {
  it("rejects non-bodies and a bad margin, naming them", () => {
    expect(() => collide({} as Body, circle(0, 0, 1))).toThrow(/a must be/);
    expect(() => collide(circle(0, 0, 1), null as unknown as Body)).toThrow(/b must be/);
    expect(() => collide(circle(0, 0, 1), circle(0, 0, 1), -1)).toThrow(/margin/);
  });
});
