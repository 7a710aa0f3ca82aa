/**
 * Shapes for the distance, time-of-impact and polygon cast tests: each one a
 * `HullGeometry` (a polygon, or a circle, capsule, AABB or segment proxy)
 * beside its reference form (swept-distance.ts's `LocalShape`: the core's
 * vertices in the body's frame and the radius), and fast-check arbitraries
 * for them.
 */
import fc from "fast-check";
import type { Vec2 } from "../../src/math/vec2.js";
import { makeBox, makePolygon, makeRegularPolygon, makeSegment } from "../../src/shapes/polygon.js";
import { boxProxy, capsuleProxy, circleProxy, segmentProxy, ShapeProxy, type HullGeometry } from "../../src/shapes/proxy.js";
import type { PlacedHull } from "../../src/collision/narrowphase/placed.js";
import type { RefShape } from "./polygon-reference.js";
import type { LocalShape } from "./swept-distance.js";

export interface TestShape {
  kind: "polygon" | "circle" | "capsule" | "aabb" | "segment";
  geometry: HullGeometry;
  local: LocalShape;
}

function of(kind: TestShape["kind"], geometry: HullGeometry): TestShape {
  const core: Vec2[] = [];
  for (let i = 0; i < geometry.count; i++) core.push({ x: geometry.vx[i]!, y: geometry.vy[i]! });
  return { kind, geometry, local: { core, radius: geometry.radius } };
}

/** The shape placed at (x, y), turned by angle. */
export function at(sh: TestShape, x: number, y: number, angle = 0): PlacedHull {
  return { polygon: sh.geometry, px: x, py: y, qc: Math.cos(angle), qs: Math.sin(angle) };
}

/** The reference form (polygon-reference.ts) of a placed shape, moved by (dx, dy). */
export function refOf(p: PlacedHull, sh: TestShape, dx = 0, dy = 0): RefShape {
  return {
    core: sh.local.core.map((v) => ({ x: p.px + dx + p.qc * v.x - p.qs * v.y, y: p.py + dy + p.qs * v.x + p.qc * v.y })),
    radius: sh.local.radius,
  };
}

export const polygonShape = (points: Vec2[], radius = 0): TestShape => of("polygon", makePolygon(points, radius));
export const boxShape = (halfWidth: number, halfHeight: number, radius = 0): TestShape =>
  of("polygon", makeBox(halfWidth, halfHeight, { radius }));
export const circleShape = (radius: number): TestShape => of("circle", circleProxy(new ShapeProxy(), radius));
export const capsuleShape = (halfLength: number, radius: number): TestShape =>
  of("capsule", capsuleProxy(new ShapeProxy(), halfLength, radius));
export const aabbShape = (halfWidth: number, halfHeight: number): TestShape => of("aabb", boxProxy(new ShapeProxy(), halfWidth, halfHeight));
export const segmentShape = (a: Vec2, b: Vec2): TestShape => of("segment", segmentProxy(new ShapeProxy(), makeSegment(a, b)));

const size = fc.double({ min: 0.05, max: 2, noNaN: true });
const smallRadius = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.3, noNaN: true }));
const point = fc.record({ x: fc.double({ min: -1.5, max: 1.5, noNaN: true }), y: fc.double({ min: -1.5, max: 1.5, noNaN: true }) });

/** A polygon from random points (what makePolygon rejects is replaced by a box). */
const randomPolygon = fc.tuple(fc.array(point, { minLength: 3, maxLength: 8 }), smallRadius).map(([pts, r]) => {
  try {
    return polygonShape(pts, r);
  } catch {
    return boxShape(0.5, 0.3, r);
  }
});

/** Any shape with a core of 3 or more vertices (a polygon, box or AABB). */
export const arbSolid: fc.Arbitrary<TestShape> = fc.oneof(
  randomPolygon,
  fc.tuple(size, size, smallRadius).map(([w, h, r]) => boxShape(w, h, r)),
  fc.tuple(fc.integer({ min: 3, max: 8 }), size, smallRadius).map(([n, c, r]) => of("polygon", makeRegularPolygon(n, c, r))),
  fc.tuple(size, size).map(([w, h]) => aabbShape(w, h)),
);

/** Any shape: a solid one, a circle, a capsule or a segment. */
export const arbShape: fc.Arbitrary<TestShape> = fc.oneof(
  arbSolid,
  fc.double({ min: 0.05, max: 1, noNaN: true }).map((r) => circleShape(r)),
  fc.tuple(size, fc.double({ min: 0.02, max: 0.6, noNaN: true })).map(([h, r]) => capsuleShape(h, r)),
  fc.tuple(point, point)
    .filter(([a, b]) => Math.hypot(b.x - a.x, b.y - a.y) > 0.05)
    .map(([a, b]) => segmentShape(a, b)),
);
