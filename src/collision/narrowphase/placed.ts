/**
 * What the polygon and segment pair functions read: shapes placed in the
 * world, and the hulls (world-space vertex lists) they are turned into.
 *
 * Inputs follow the existing pair functions, which read a body's pose
 * (px, py, and the rotation as the unit complex number qc, qs) and its size
 * fields. A `Circle`, `Capsule` or `AABB` body satisfies `CircleLike`,
 * `CapsuleLike` or `BoxLike` as it is. A polygon or segment is its geometry
 * in its body's frame (src/shapes/polygon.ts) plus that body's pose:
 * `PlacedPolygon`, `PlacedSegment`. (Once bodies own shapes, a shape will
 * carry these fields: the body's pose, and its geometry in the body's
 * frame, offset included, as in Box2D v3.)
 *
 * `WorldHull` is the common form of the polygon pairs (hull-hull.ts): up to 8
 * vertices with the outward normal of each edge, relative to an origin (A's
 * position, so that far-away shapes keep their precision), and a radius.
 * A polygon or box has 3 to 8 vertices, a capsule's or segment's inner
 * segment 2 (two edges, one per side), a circle's centre 1 (no edge). The
 * `place*` functions fill one; the caller sets `ox`, `oy` first. No double
 * is passed to or returned from them (see segment.ts on boxing).
 */
import { MAX_POLYGON_VERTICES } from "../../shapes/hull.js";
import type { PolygonGeometry, SegmentGeometry } from "../../shapes/polygon.js";
import type { HullGeometry } from "../../shapes/proxy.js";

/** A pose: position and rotation (cos, sin), as a body keeps it. */
export interface Pose2 {
  px: number;
  py: number;
  qc: number;
  qs: number;
}

/** A circle: centre and radius (a `Circle` body is one). */
export interface CircleLike {
  px: number;
  py: number;
  _radius: number;
}

/** A capsule: centre, axis (cos, sin), half length and radius (a `Capsule` body is one). */
export interface CapsuleLike extends Pose2 {
  _halfLength: number;
  _radius: number;
}

/** An axis-aligned box: centre and half extents (an `AABB` body is one). */
export interface BoxLike {
  px: number;
  py: number;
  _halfWidth: number;
  _halfHeight: number;
}

/** Any core hull (body frame: a polygon, or a shape proxy of src/shapes/proxy.ts) placed by a pose. */
export interface PlacedHull extends Pose2 {
  readonly polygon: HullGeometry;
}

/**
 * A polygon body: a convex polygon (body frame) placed by its pose. A `Box`
 * body is the one with `_halfWidth` > 0: its polygon is
 * makeBox(_halfWidth, _halfHeight) about its centre, rounded by `_radius`
 * (a Polygon's and a Segment's `_halfWidth` is 0).
 */
export interface PlacedPolygon extends PlacedHull {
  readonly polygon: PolygonGeometry;
  readonly _halfWidth: number;
  readonly _halfHeight: number;
  readonly _radius: number;
}

/** A segment (body frame) placed by a pose. */
export interface PlacedSegment extends Pose2 {
  readonly segment: SegmentGeometry;
}

/** Vertices and edge normals relative to (ox, oy), world orientation. */
export class WorldHull {
  /** The origin the vertices are measured from (input of the `place*` functions). */
  ox = 0;
  oy = 0;
  /** 1 (a point), 2 (a segment: edge 0 from vertex 0 to 1, edge 1 back) or 3 to 8 (a polygon). */
  count = 0;
  radius = 0;
  readonly x = new Float64Array(MAX_POLYGON_VERTICES);
  readonly y = new Float64Array(MAX_POLYGON_VERTICES);
  /** Outward unit normal of edge i (from vertex i to vertex i + 1 mod count). */
  readonly nx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly ny = new Float64Array(MAX_POLYGON_VERTICES);
}

/** The two shared hulls of the pair functions (A and B). */
export const hullA = new WorldHull();
export const hullB = new WorldHull();

/**
 * Start a pair whose first shape is the polygon a: both shared hulls measured
 * from a's position, a placed in hullA. The caller places B in hullB.
 */
export function placeFirstPolygon(a: PlacedPolygon): void {
  hullA.ox = a.px;
  hullA.oy = a.py;
  hullB.ox = a.px;
  hullB.oy = a.py;
  placePolygonBody(hullA, a);
}

/**
 * A polygon body's hull placed by its pose (the pair functions' way). A Box's
 * comes from its half extents alone: the same numbers, by the same
 * operations, as placePolygon's loop makes from makeBox's vertices (±hw, ±hh
 * exactly) and normals ((0, −1), (1, 0), (0, 1), (−1, 0) exactly), so the
 * same bits, without reading the geometry's four arrays (in a large pile,
 * each box's is a cache miss). Written out here, not in a helper: doubles
 * passed to a call that is not inlined are boxed.
 */
export function placePolygonBody(h: WorldHull, p: PlacedPolygon): void {
  const hw = p._halfWidth;
  if (!(hw > 0)) {
    placePolygon(h, p);
    return;
  }
  const hh = p._halfHeight;
  const c = p.qc;
  const s = p.qs;
  const tx = p.px - h.ox;
  const ty = p.py - h.oy;
  const x = h.x;
  const y = h.y;
  const nx = h.nx;
  const ny = h.ny;
  // bottom left, bottom right, top right, top left; edges bottom, right, top, left
  x[0] = tx + (c * -hw - s * -hh);
  y[0] = ty + (s * -hw + c * -hh);
  nx[0] = c * 0 - s * -1;
  ny[0] = s * 0 + c * -1;
  x[1] = tx + (c * hw - s * -hh);
  y[1] = ty + (s * hw + c * -hh);
  nx[1] = c * 1 - s * 0;
  ny[1] = s * 1 + c * 0;
  x[2] = tx + (c * hw - s * hh);
  y[2] = ty + (s * hw + c * hh);
  nx[2] = c * 0 - s * 1;
  ny[2] = s * 0 + c * 1;
  x[3] = tx + (c * -hw - s * hh);
  y[3] = ty + (s * -hw + c * hh);
  nx[3] = c * -1 - s * 0;
  ny[3] = s * -1 + c * 0;
  h.count = 4;
  h.radius = p._radius;
}

/** A polygon's (or any core hull's) vertices and normals, turned and moved by its pose. */
export function placePolygon(h: WorldHull, p: PlacedHull): void {
  const g = p.polygon;
  const c = p.qc;
  const s = p.qs;
  const tx = p.px - h.ox;
  const ty = p.py - h.oy;
  const n = g.count;
  for (let i = 0; i < n; i++) {
    const vx = g.vx[i]!;
    const vy = g.vy[i]!;
    h.x[i] = tx + (c * vx - s * vy);
    h.y[i] = ty + (s * vx + c * vy);
    const nx = g.nx[i]!;
    const ny = g.ny[i]!;
    h.nx[i] = c * nx - s * ny;
    h.ny[i] = s * nx + c * ny;
  }
  h.count = n;
  h.radius = g.radius;
}

/** A capsule's inner segment: vertex 0 = end 0 (centre − axis·halfLength), vertex 1 = end 1. */
export function placeCapsule(h: WorldHull, b: CapsuleLike): void {
  const ux = b.qc;
  const uy = b.qs;
  const hl = b._halfLength;
  const cx = b.px - h.ox;
  const cy = b.py - h.oy;
  h.x[0] = cx - ux * hl;
  h.y[0] = cy - uy * hl;
  h.x[1] = cx + ux * hl;
  h.y[1] = cy + uy * hl;
  // edge 0 runs along u: its right-hand normal is (uy, −ux); edge 1 runs back
  h.nx[0] = uy;
  h.ny[0] = -ux;
  h.nx[1] = -uy;
  h.ny[1] = ux;
  h.count = 2;
  h.radius = b._radius;
}

/** A segment: vertex 0 = a, vertex 1 = b, radius 0. */
export function placeSegment(h: WorldHull, p: PlacedSegment): void {
  const g = p.segment;
  const c = p.qc;
  const s = p.qs;
  const tx = p.px - h.ox;
  const ty = p.py - h.oy;
  h.x[0] = tx + (c * g.ax - s * g.ay);
  h.y[0] = ty + (s * g.ax + c * g.ay);
  h.x[1] = tx + (c * g.bx - s * g.by);
  h.y[1] = ty + (s * g.bx + c * g.by);
  const ux = c * g.ux - s * g.uy;
  const uy = s * g.ux + c * g.uy;
  h.nx[0] = uy;
  h.ny[0] = -ux;
  h.nx[1] = -uy;
  h.ny[1] = ux;
  h.count = 2;
  h.radius = 0;
}

/** An axis-aligned box: vertices from the lower left corner counter-clockwise (edges bottom, right, top, left). */
export function placeBox(h: WorldHull, b: BoxLike): void {
  const cx = b.px - h.ox;
  const cy = b.py - h.oy;
  const hw = b._halfWidth;
  const hh = b._halfHeight;
  h.x[0] = cx - hw;
  h.y[0] = cy - hh;
  h.x[1] = cx + hw;
  h.y[1] = cy - hh;
  h.x[2] = cx + hw;
  h.y[2] = cy + hh;
  h.x[3] = cx - hw;
  h.y[3] = cy + hh;
  h.nx[0] = 0;
  h.ny[0] = -1;
  h.nx[1] = 1;
  h.ny[1] = 0;
  h.nx[2] = 0;
  h.ny[2] = 1;
  h.nx[3] = -1;
  h.ny[3] = 0;
  h.count = 4;
  h.radius = 0;
}

/** A circle: its centre, one vertex, no edge. */
export function placeCircle(h: WorldHull, b: CircleLike): void {
  h.x[0] = b.px - h.ox;
  h.y[0] = b.py - h.oy;
  h.count = 1;
  h.radius = b._radius;
}
