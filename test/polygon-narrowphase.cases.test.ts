/**
 * Hand-computed cases of the polygon and segment pairs. Each expected value is
 * worked out in the comment next to it.
 */
import { describe, expect, it } from "vitest";
import type { Manifold } from "../src/collision/narrowphase/manifold.js";
import { BoxFeature, CapsuleFeature, CircleFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";
import { makeBox, makePolygon, makeRegularPolygon, makeSegment } from "../src/shapes/polygon.js";
import { aabb, capsule, circle, collidePair, moveTo, placed, placedSegment, positionOf, ref, type Shape } from "./support/polygon-shapes.js";
import { penetration } from "./support/polygon-reference.js";

interface Expected {
  normal: [number, number];
  depth: number;
  /** [x, y, depth], in any order. */
  points: [number, number, number][];
}

function expectManifold(m: Manifold | null, e: Expected, tol = 1e-12): Manifold {
  expect(m).not.toBeNull();
  const got = m!;
  expect(Math.abs(got.normal.x - e.normal[0])).toBeLessThanOrEqual(tol);
  expect(Math.abs(got.normal.y - e.normal[1])).toBeLessThanOrEqual(tol);
  expect(Math.abs(got.depth - e.depth)).toBeLessThanOrEqual(tol);
  expect(got.points.length).toBe(e.points.length);
  for (const [x, y, d] of e.points) {
    const match = got.points.some((p) => Math.abs(p.x - x) <= tol && Math.abs(p.y - y) <= tol && Math.abs(p.depth - d) <= tol);
    expect(match, `point (${x}, ${y}, ${d}) in ${JSON.stringify(got.points)}`).toBe(true);
  }
  return got;
}

const ids = (m: Manifold | null): number[] => m!.points.map((p) => p.id).sort((x, y) => x - y);

/** Ids of a resting contact do not change when B moves by 1e-4 in any direction. */
function expectStableIds(a: Shape, b: Shape): void {
  const before = ids(collidePair(a, b));
  const { x, y } = positionOf(b);
  for (const [dx, dy] of [[1e-4, 0], [-1e-4, 0], [0, 1e-4], [0, -1e-4]] as const) {
    moveTo(b, x + dx, y + dy);
    expect(ids(collidePair(a, b))).toEqual(before);
  }
  moveTo(b, x, y);
}

// polygon features: edge i = i, vertex i = 8 + i; a box's edges are bottom 0, right 1, top 2, left 3
const FACE = (i: number) => i;
const VERTEX = (i: number) => 8 + i;
const S2 = Math.SQRT1_2;

describe("polygon – polygon", () => {
  const ground = () => placed(makeBox(1, 0.5), 0, 0);

  it("face on face: two clipped points midway, ids (A's top, B's bottom, LOW | HIGH)", () => {
    // B (half 0.5) at (0.2, 0.9): its bottom at 0.4, A's top at 0.5: depth 0.1, normal +y.
    // The faces overlap for x in [−0.3, 0.7]; midway y = 0.45. The tangent is (−1, 0): x = 0.7 is the LOW end.
    const b = placed(makeBox(0.5, 0.5), 0.2, 0.9);
    const m = expectManifold(collidePair(ground(), b), { normal: [0, 1], depth: 0.1, points: [[-0.3, 0.45, 0.1], [0.7, 0.45, 0.1]] });
    expect(m.points.find((p) => p.x > 0)!.id).toBe(featureId(FACE(2), FACE(0), ClipEnd.LOW));
    expect(m.points.find((p) => p.x < 0)!.id).toBe(featureId(FACE(2), FACE(0), ClipEnd.HIGH));
    expectStableIds(ground(), b);
  });

  it("vertex on face: a diamond's corner in A's top face, one point", () => {
    // B turned 45°: its vertex 0 (−0.5, −0.5) turns to (0, −√½). Centre at 0.45 + √½: the corner at y = 0.45, depth 0.05.
    const b = placed(makeBox(0.5, 0.5), 0, 0.45 + S2, Math.PI / 4);
    const m = expectManifold(collidePair(ground(), b), { normal: [0, 1], depth: 0.05, points: [[0, 0.475, 0.05]] });
    expect(m.points[0]!.id).toBe(featureId(FACE(2), VERTEX(0), ClipEnd.NONE));
    expectStableIds(ground(), b);
  });

  it("rounded polygons: the radii add to the depth, points midway between the rounded surfaces", () => {
    // A's surface at 0.5 + 0.1 = 0.6; B (half 0.5, radius 0.05) at 1.13: its surface at 1.13 − 0.55 = 0.58: depth 0.02.
    // Faces overlap for x in [−0.3, 0.7]; midway y = 0.59.
    const a = placed(makeBox(1, 0.5, { radius: 0.1 }), 0, 0);
    const b = placed(makeBox(0.5, 0.5, { radius: 0.05 }), 0.2, 1.13);
    expectManifold(collidePair(a, b), { normal: [0, 1], depth: 0.02, points: [[-0.3, 0.59, 0.02], [0.7, 0.59, 0.02]] });
    // Apart corner to corner, rounded: A's corner (1, 0.5) and B's (1.03, 0.54) are 0.05 apart; radii 0.1 + 0.05 → depth 0.1.
    const c = placed(makeBox(0.5, 0.5, { radius: 0.05 }), 1.53, 1.04);
    // normal (0.6, 0.8); A's surface at (1, 0.5) + 0.1·n = (1.06, 0.58); midway = that − n·0.05 = (1.03, 0.54)
    expectManifold(collidePair(a, c), { normal: [0.6, 0.8], depth: 0.1, points: [[1.03, 0.54, 0.1]] });
  });

  it("rotated: the same contact turned by 0.3 rad turns with it", () => {
    const t = 0.3;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const turn = (x: number, y: number): [number, number] => [c * x - s * y, s * x + c * y];
    const a = placed(makeBox(1, 0.5), 0, 0, t);
    const [bx, by] = turn(0.2, 0.9);
    const m = collidePair(a, placed(makeBox(0.5, 0.5), bx, by, t));
    const [p1x, p1y] = turn(-0.3, 0.45);
    const [p2x, p2y] = turn(0.7, 0.45);
    expectManifold(m, { normal: turn(0, 1), depth: 0.1, points: [[p1x, p1y, 0.1], [p2x, p2y, 0.1]] }, 1e-12);
  });

  it("within the margin: a gap is a negative depth; beyond it: null", () => {
    // B at 1.05: gap 0.05; A's top at 0.5, B's bottom 0.55: midway 0.525
    const b = placed(makeBox(0.5, 0.5), 0.2, 1.05);
    expectManifold(collidePair(ground(), b, 0.1), { normal: [0, 1], depth: -0.05, points: [[-0.3, 0.525, -0.05], [0.7, 0.525, -0.05]] });
    expect(collidePair(ground(), b, 0.04)).toBeNull();
    expect(collidePair(ground(), b)).toBeNull();
    // exactly touching without a margin: no contact (as for the other pairs)
    expect(collidePair(ground(), placed(makeBox(0.5, 0.5), 0.2, 1))).toBeNull();
  });

  it("corner to corner within the margin: the direction between the corners", () => {
    // B's lower left corner (1.03, 0.54), A's upper right (1, 0.5): 0.05 apart along (0.6, 0.8); midway (1.015, 0.52)
    const b = placed(makeBox(0.5, 0.5), 1.53, 1.04);
    const m = expectManifold(collidePair(ground(), b, 0.1), { normal: [0.6, 0.8], depth: -0.05, points: [[1.015, 0.52, -0.05]] });
    expect(m.points[0]!.id).toBe(featureId(VERTEX(2), VERTEX(0), ClipEnd.NONE));
    expect(collidePair(ground(), b, 0.05)).toBeNull();
  });

  it("deep overlap: the smallest overlap over both polygons' normals", () => {
    // B (half 0.5) at (0.1, 0.2): overlaps 0.8 along +y (A's top at 0.5, B's bottom at −0.3), 1.2 along −y, 1.4 / 1.6 along ±x.
    // Faces overlap for x in [−0.4, 0.6]; midway y = (0.5 − 0.3)/2 = 0.1.
    expectManifold(collidePair(ground(), placed(makeBox(0.5, 0.5), 0.1, 0.2)), { normal: [0, 1], depth: 0.8, points: [[-0.4, 0.1, 0.8], [0.6, 0.1, 0.8]] });
  });

  it("a triangle's vertex on a hexagon's slanted face", () => {
    // Regular hexagon, circumradius 1: edge 1 (from vertex 1 at −60° to vertex 2 at 0°) has normal (cos −30°, sin −30°)
    // and lies at distance cos 30° from the centre. A triangle with its apex 0.02 inside that face.
    const hex = placed(makeRegularPolygon(6, 1), 0, 0);
    const n = [Math.cos(-Math.PI / 6), Math.sin(-Math.PI / 6)] as const;
    const d = Math.cos(Math.PI / 6) - 0.02;
    const tri = makePolygon([{ x: 0, y: 0 }, { x: 1, y: -0.3 }, { x: 1, y: 0.3 }]);
    const m = collidePair(hex, placed(tri, n[0] * d, n[1] * d, -Math.PI / 6));
    // apex (the hull's vertex 2: the hull starts at the lowest point (1, −0.3)) at distance d: depth 0.02 along n, the point 0.01 inside the face
    expectManifold(m, { normal: [n[0], n[1]], depth: 0.02, points: [[n[0] * (d + 0.01), n[1] * (d + 0.01), 0.02]] }, 1e-12);
    expect(m!.points[0]!.id).toBe(featureId(FACE(1), VERTEX(2), ClipEnd.NONE));
  });
});

describe("polygon – circle", () => {
  const tri = () => placed(makePolygon([{ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]), 0, 0);

  it("facing an edge: the edge's normal", () => {
    // centre (0.2, −0.3), radius 0.5: 0.3 below the bottom edge, depth 0.2; circle surface at y = 0.2, A's at 0: midway 0.1
    const m = expectManifold(collidePair(tri(), circle(0.2, -0.3, 0.5)), { normal: [0, -1], depth: 0.2, points: [[0.2, 0.1, 0.2]] });
    expect(m.points[0]!.id).toBe(featureId(FACE(0), CircleFeature.CENTRE, ClipEnd.NONE));
  });

  it("facing a vertex: the direction to the centre", () => {
    // centre (1.3, −0.4): 0.5 from vertex (1, 0) along (0.6, −0.8); radius 0.6: depth 0.1. A's surface is the vertex, the
    // circle's towards A is centre − 0.6·n = (0.94, 0.08): midway (0.97, 0.04)
    const m = expectManifold(collidePair(tri(), circle(1.3, -0.4, 0.6)), { normal: [0.6, -0.8], depth: 0.1, points: [[0.97, 0.04, 0.1]] });
    expect(m.points[0]!.id).toBe(featureId(VERTEX(1), CircleFeature.CENTRE, ClipEnd.NONE));
  });

  it("centre inside: out through the nearest edge, the edge's id", () => {
    // centre (0, 0.1): 0.1 above the bottom edge (the slanted ones are 0.9/√2 ≈ 0.64 away): depth 0.1 + 0.2 = 0.3, normal −y
    // A's surface on the contact line is the bottom edge (0, 0); the circle's surface towards A is (0, 0.1 + 0.2): midway (0, 0.15).
    const m = expectManifold(collidePair(tri(), circle(0, 0.1, 0.2)), { normal: [0, -1], depth: 0.3, points: [[0, 0.15, 0.3]] });
    expect(m.points[0]!.id).toBe(featureId(FACE(0), CircleFeature.CENTRE, ClipEnd.NONE));
  });

  it("centre 8e-8 from a hexagon's centre: the face it is nearest, depth r + apothem − d (CI seed 1514910404)", () => {
    // Hexagon of circumradius 1 turned by θ = π/2048 (half the reference's sampling step): face 3's normal is
    // n = (−sin θ, cos θ), the apothem a = cos(π/6) = √3/2. The centre c = d·n with d = 8e-8 lies d nearer face 3
    // than the centre; faces 2 and 4 are a − d·cos 60° away, the others farther. Depth r + a − d along n.
    // A's surface on the contact line is a·n, the circle's towards A (d − r)·n: midway ((a + d − r) / 2)·n.
    const t = Math.PI / 2048;
    const d = 8e-8;
    const r = 0.25;
    const ap = Math.sqrt(3) / 2;
    const nx = -Math.sin(t);
    const ny = Math.cos(t);
    const a = placed(makeRegularPolygon(6, 1), 0, 0, t);
    const b = circle(d * nx, d * ny, r);
    const mid = (ap + d - r) / 2;
    const depth = r + ap - d;
    const m = expectManifold(collidePair(a, b), { normal: [nx, ny], depth, points: [[mid * nx, mid * ny, depth]] }, 1e-15);
    expect(m.points[0]!.id).toBe(featureId(FACE(3), CircleFeature.CENTRE, ClipEnd.NONE));
    // the independent reference (test/support/polygon-reference.ts) agrees: it refined only the 4 best sampled
    // minima, and face 3's normal, half a step from every sample, was sampled worse than four other faces'
    expect(Math.abs(penetration(ref(a), ref(b)).depth - depth)).toBeLessThanOrEqual(1e-12);
  });

  it("a rounded polygon: its radius adds to the circle's; a gap within the margin", () => {
    const a = placed(makeBox(1, 1, { radius: 0.25 }), 0, 0);
    // centre (0, 1.5), radius 0.2: surfaces at 1.25 and 1.3: gap 0.05
    expectManifold(collidePair(a, circle(0, 1.5, 0.2), 0.1), { normal: [0, 1], depth: -0.05, points: [[0, 1.275, -0.05]] });
    expect(collidePair(a, circle(0, 1.5, 0.2))).toBeNull();
  });
});

describe("polygon – capsule", () => {
  it("a capsule lying on a box: two points, ids (top, SIDE, LOW | HIGH), stable", () => {
    // capsule along x, halfLength 0.6, radius 0.2, centre (0.3, 0.68): its bottom at 0.48, the box top 0.5: depth 0.02.
    // The segment x in [−0.3, 0.9] against the face [−1, 1]; midway y = 0.49.
    const a = placed(makeBox(1, 0.5), 0, 0);
    const b = capsule(0.3, 0.68, 0.6, 0.2);
    const m = expectManifold(collidePair(a, b), { normal: [0, 1], depth: 0.02, points: [[-0.3, 0.49, 0.02], [0.9, 0.49, 0.02]] });
    expect(ids(m)).toEqual([featureId(FACE(2), CapsuleFeature.SIDE, ClipEnd.LOW), featureId(FACE(2), CapsuleFeature.SIDE, ClipEnd.HIGH)]);
    expectStableIds(a, b);
  });

  it("a capsule's end in a face: one point at the end cap", () => {
    // vertical capsule (angle π/2): end 0 at (0.2, 0.6), radius 0.15: its lowest point 0.45, depth 0.05; midway 0.475
    const b = capsule(0.2, 1.1, 0.5, 0.15, Math.PI / 2);
    const m = expectManifold(collidePair(placed(makeBox(1, 0.5), 0, 0), b), { normal: [0, 1], depth: 0.05, points: [[0.2, 0.475, 0.05]] }, 1e-12);
    expect(m.points[0]!.id).toBe(featureId(FACE(2), CapsuleFeature.END_0, ClipEnd.NONE));
  });

  it("halfLength 0 collides as a circle", () => {
    const poly = placed(makeRegularPolygon(5, 1, 0.1), 0, 0);
    const asCapsule = collidePair(poly, capsule(0.3, 1, 0, 0.3, 1.1));
    const asCircle = collidePair(poly, circle(0.3, 1, 0.3));
    expect(asCapsule).toEqual(asCircle);
  });
});

describe("polygon – AABB", () => {
  it("a box resting on an AABB floor: ids in BoxFeature for the AABB", () => {
    // polygon box (half 0.5) at (0.2, 0.45) on a floor whose top is y = 0: depth 0.05, normal from A (the box) to B (floor) −y.
    // The polygon's bottom x in [−0.3, 0.7] on the floor; midway y = −0.025.
    const a = placed(makeBox(0.5, 0.5), 0.2, 0.45);
    const floor = aabb(0, -1, 5, 1);
    const m = expectManifold(collidePair(a, floor), { normal: [0, -1], depth: 0.05, points: [[-0.3, -0.025, 0.05], [0.7, -0.025, 0.05]] });
    expect(ids(m)).toEqual([featureId(FACE(0), BoxFeature.TOP, ClipEnd.LOW), featureId(FACE(0), BoxFeature.TOP, ClipEnd.HIGH)]);
    expectStableIds(a, floor);
  });

  it("a tilted triangle's corner on the AABB's corner region", () => {
    // triangle vertex (0, 0) of a triangle placed at (2.03, 1.04) over the AABB corner (2, 1): 0.05 apart along (0.6, 0.8)
    const tri = placed(makePolygon([{ x: 0, y: 0 }, { x: 1, y: 0.2 }, { x: 0.2, y: 1 }]), 2.03, 1.04);
    const m = expectManifold(collidePair(tri, aabb(0, 0, 2, 1), 0.1), { normal: [-0.6, -0.8], depth: -0.05, points: [[2.015, 1.02, -0.05]] }, 1e-12);
    expect(m.points[0]!.id).toBe(featureId(VERTEX(0), BoxFeature.TOP_RIGHT, ClipEnd.NONE));
  });
});

describe("segments", () => {
  const floor = () => placedSegment(makeSegment({ x: -2, y: 0 }, { x: 2, y: 0 }), 0, 0);

  it("segment – circle: two-sided, from either side", () => {
    // a circle of radius 0.5 at height 0.4 above and below: depth 0.1; its surface at ±(0.4 − 0.5), the segment at 0: midway ∓0.05
    expectManifold(collidePair(circle(0.5, 0.4, 0.5), floor()), { normal: [0, -1], depth: 0.1, points: [[0.5, -0.05, 0.1]] });
    expectManifold(collidePair(circle(0.5, -0.4, 0.5), floor()), { normal: [0, 1], depth: 0.1, points: [[0.5, 0.05, 0.1]] });
  });

  it("segment – capsule: lying along it, two points", () => {
    // capsule halfLength 1, radius 0.25 at height 0.2: depth 0.05, normal from the capsule (A) to the segment (B) −y;
    // the capsule's surface at −0.05, the segment at 0: midway −0.025, for x in [−0.5, 1.5]
    expectManifold(collidePair(capsule(0.5, 0.2, 1, 0.25), floor()), { normal: [0, -1], depth: 0.05, points: [[-0.5, -0.025, 0.05], [1.5, -0.025, 0.05]] });
  });

  it("segment – AABB: a segment through a box is pushed out the short way", () => {
    // a vertical segment x = 0.9 from y = −2 to 2 through the box [−1, 1]²: the shortest way out is +x, 0.1
    const s = placedSegment(makeSegment({ x: 0.9, y: -2 }, { x: 0.9, y: 2 }), 0, 0);
    const m = collidePair(s, aabb(0, 0, 1, 1));
    expect(m!.depth).toBeCloseTo(0.1, 12);
    expect(m!.normal.x).toBeCloseTo(-1, 12);
  });

  it("segment – segment: crossing segments are pushed apart along the shortest way", () => {
    // a vertical segment crossing the horizontal one 0.3 below its top
    const v = placedSegment(makeSegment({ x: 0, y: -1 }, { x: 0, y: 0.3 }), 0, 0);
    const m = collidePair(floor(), v);
    // B's lowest end is 1 below A's line, its highest 0.3 above: pushing B up takes 1, down 0.3, sideways 2 either way
    expect(m!.depth).toBeCloseTo(0.3, 12);
    expect(m!.normal.y).toBeCloseTo(-1, 12);
  });

  it("polygon – segment: a box resting on a segment, stable ids", () => {
    // box (half 0.5) at (0.5, 0.48): depth 0.02, normal from the box (A) to the segment (B) −y, points midway y = −0.01 for x in [0, 1]
    const a = placed(makeBox(0.5, 0.5), 0.5, 0.48);
    const m = expectManifold(collidePair(a, floor()), { normal: [0, -1], depth: 0.02, points: [[0, -0.01, 0.02], [1, -0.01, 0.02]] });
    expect(ids(m)).toEqual([featureId(FACE(0), CapsuleFeature.SIDE, ClipEnd.LOW), featureId(FACE(0), CapsuleFeature.SIDE, ClipEnd.HIGH)]);
    expectStableIds(a, floor());
    // past the segment's end: a corner against the end point
    const off = placed(makeBox(0.5, 0.5), 2.53, 0.54);
    // box corner (2.03, 0.04) vs the segment end (2, 0): 0.05 along (−0.6, −0.8)
    expectManifold(collidePair(off, floor(), 0.1), { normal: [-0.6, -0.8], depth: -0.05, points: [[2.015, 0.02, -0.05]] }, 1e-12);
  });
});
