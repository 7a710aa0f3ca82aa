/**
 * Polygon and segment geometry: what `Box`, `Polygon` and `Segment` bodies
 * (and the shapes of a `Compound`) will be made of. Pure data, in the frame
 * of the body that owns the shape; the narrowphase places it in the world
 * with the body's pose (see src/collision/narrowphase/placed.ts).
 *
 * A `PolygonGeometry` is a convex polygon of 3 to 8 vertices, counter-
 * clockwise, with the outward unit normal of each edge (edge i runs from
 * vertex i to vertex i + 1, its normal to the right of that direction), and
 * a `radius` that rounds it: the shape is every point within `radius` of the
 * polygon (Box2D v3's rounded polygon). `centroidX`/`centroidY` is the
 * polygon's centre of area (mass.ts has the rounded shape's).
 *
 * Makers:
 * - `makePolygon(points, radius)`: the convex hull of up to 8 points (hull.ts);
 * - `makeBox(halfWidth, halfHeight, { offset, angle, radius })`: Box2D's
 *   offset box, vertices from the lower left corner counter-clockwise, exact
 *   normals;
 * - `makeRegularPolygon(sides, circumradius, radius)`: a regular polygon
 *   with its first edge at the bottom, horizontal (so it rests on a floor).
 * - `makeSegment(a, b)`: a two-sided line between two points.
 *
 * Angles go through detCos/detSin (src/math/trig.ts): the same bits in every
 * JavaScript engine.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detCos, detSin } from "../math/trig.js";
import { computeHull, MAX_POLYGON_VERTICES, WELD_DISTANCE } from "./hull.js";

/** A convex polygon of 3 to 8 vertices (counter-clockwise) with edge normals and a rounding radius. */
export class PolygonGeometry {
  /** Number of vertices, 3 to 8. */
  count = 0;
  /** Vertex i is (vx[i], vy[i]) (body frame, m); entries past `count` are 0. */
  readonly vx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly vy = new Float64Array(MAX_POLYGON_VERTICES);
  /** Outward unit normal of edge i (from vertex i to vertex i + 1). */
  readonly nx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly ny = new Float64Array(MAX_POLYGON_VERTICES);
  /** Rounding radius, m (≥ 0). */
  radius = 0;
  /** Centre of area of the polygon (without the rounding; the same point for a box). */
  centroidX = 0;
  centroidY = 0;

  /** The vertices as points (a new array). */
  vertices(): Vec2[] {
    const out: Vec2[] = [];
    for (let i = 0; i < this.count; i++) out.push({ x: this.vx[i]!, y: this.vy[i]! });
    return out;
  }
}

/** Options of `makeBox`. */
export interface BoxGeometryOptions {
  /** Centre of the box in the body's frame (default (0, 0)). */
  offset?: Vec2;
  /** Rotation of the box in the body's frame, radians (default 0). */
  angle?: number;
  /** Rounding radius, m (default 0). */
  radius?: number;
}

/** The convex hull of `points` (3 to 8, see hull.ts), rounded by `radius`. */
export function makePolygon(points: readonly Vec2[], radius = 0): PolygonGeometry {
  check.nonNegative("radius", radius);
  const hull = computeHull(points);
  const g = new PolygonGeometry();
  g.count = hull.length;
  for (let i = 0; i < hull.length; i++) {
    g.vx[i] = hull[i]!.x;
    g.vy[i] = hull[i]!.y;
  }
  g.radius = radius;
  edgeNormals(g);
  centroid(g);
  return g;
}

/**
 * A box of half extents `halfWidth` × `halfHeight`, centred on `offset` and
 * turned by `angle` in the body's frame, rounded by `radius`. Vertices
 * counter-clockwise from the (unturned) lower left corner: edges bottom,
 * right, top, left.
 */
export function makeBox(halfWidth: number, halfHeight: number, options: BoxGeometryOptions = {}): PolygonGeometry {
  check.positive("halfWidth", halfWidth);
  check.positive("halfHeight", halfHeight);
  check.object("options", options);
  check.knownKeys("box", options, ["offset", "angle", "radius"]);
  const offset = options.offset === undefined ? { x: 0, y: 0 } : check.vector("offset", options.offset);
  const angle = options.angle === undefined ? 0 : check.finite("angle", options.angle);
  const radius = options.radius === undefined ? 0 : check.nonNegative("radius", options.radius);
  const c = angle === 0 ? 1 : detCos(angle);
  const s = angle === 0 ? 0 : detSin(angle);
  const g = new PolygonGeometry();
  g.count = 4;
  // local corners and edge normals before turning: bottom, right, top, left
  const lx = [-halfWidth, halfWidth, halfWidth, -halfWidth];
  const ly = [-halfHeight, -halfHeight, halfHeight, halfHeight];
  const mx = [0, 1, 0, -1];
  const my = [-1, 0, 1, 0];
  for (let i = 0; i < 4; i++) {
    g.vx[i] = offset.x + c * lx[i]! - s * ly[i]!;
    g.vy[i] = offset.y + s * lx[i]! + c * ly[i]!;
    g.nx[i] = c * mx[i]! - s * my[i]!;
    g.ny[i] = s * mx[i]! + c * my[i]!;
  }
  g.radius = radius;
  g.centroidX = offset.x;
  g.centroidY = offset.y;
  return g;
}

/**
 * A regular polygon of `sides` (3 to 8) vertices on a circle of
 * `circumradius` around the origin, rounded by `radius`. Its first edge (from
 * vertex 0 to vertex 1) is at the bottom and horizontal.
 */
export function makeRegularPolygon(sides: number, circumradius: number, radius = 0): PolygonGeometry {
  check.integer("sides", sides, 3, MAX_POLYGON_VERTICES);
  check.positive("circumradius", circumradius);
  check.nonNegative("radius", radius);
  const g = new PolygonGeometry();
  g.count = sides;
  const step = (2 * Math.PI) / sides;
  for (let i = 0; i < sides; i++) {
    // vertex i at −π/2 − π/sides + i·step: vertices 0 and 1 straddle the bottom
    const a = -0.5 * Math.PI + (i - 0.5) * step;
    g.vx[i] = circumradius * detCos(a);
    g.vy[i] = circumradius * detSin(a);
    // edge i's outward normal points at its middle, angle −π/2 + i·step
    const m = -0.5 * Math.PI + i * step;
    g.nx[i] = i === 0 ? 0 : detCos(m);
    g.ny[i] = i === 0 ? -1 : detSin(m);
  }
  // the bottom edge exactly horizontal
  g.vy[1] = g.vy[0]!;
  g.radius = radius;
  centroid(g);
  return g;
}

/** Outward unit normals of the edges of a counter-clockwise polygon. */
function edgeNormals(g: PolygonGeometry): void {
  const n = g.count;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = g.vx[j]! - g.vx[i]!;
    const ey = g.vy[j]! - g.vy[i]!;
    const len = Math.sqrt(ex * ex + ey * ey);
    g.nx[i] = ey / len;
    g.ny[i] = -ex / len;
  }
}

/** Centre of area of the polygon: triangles fanned from vertex 0 (smaller numbers, less rounding). */
function centroid(g: PolygonGeometry): void {
  const ox = g.vx[0]!;
  const oy = g.vy[0]!;
  let area = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 1; i + 1 < g.count; i++) {
    const e1x = g.vx[i]! - ox;
    const e1y = g.vy[i]! - oy;
    const e2x = g.vx[i + 1]! - ox;
    const e2y = g.vy[i + 1]! - oy;
    const a = 0.5 * (e1x * e2y - e1y * e2x);
    area += a;
    sx += (a * (e1x + e2x)) / 3;
    sy += (a * (e1y + e2y)) / 3;
  }
  g.centroidX = ox + sx / area;
  g.centroidY = oy + sy / area;
}

/**
 * A segment: the two-sided line from `a` to `b` (body frame), no thickness.
 * Kept also as centre, unit axis and half length, the form the capsule code
 * reads (a segment collides exactly as a capsule of radius 0).
 */
export class SegmentGeometry {
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  /** Midpoint of a–b. */
  cx = 0;
  cy = 0;
  /** Unit vector from a to b. */
  ux = 1;
  uy = 0;
  /** Half the length, m (> 0). */
  halfLength = 0;
  /**
   * A chain's segment (src/bodies/chain.ts): it collides only on the right
   * of a → b, and `g1` (the chain's point before a) and `g2` (the one after
   * b) are its ghost vertices, which the narrowphase reads to make the
   * chain one smooth surface (chain-segment.ts). False for a `Segment`.
   */
  oneSided = false;
  g1x = 0;
  g1y = 0;
  g2x = 0;
  g2y = 0;
}

/** The segment from `a` to `b`: they must be at least 0.5 mm apart (hull.ts's weld distance). */
export function makeSegment(a: Vec2, b: Vec2): SegmentGeometry {
  check.vector("a", a);
  check.vector("b", b);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (!(len >= WELD_DISTANCE)) {
    throw new RangeError(`capsule2d: a segment's end points must be at least ${WELD_DISTANCE * 1000} mm apart, got ${len} m`);
  }
  if (!Number.isFinite(len)) throw new RangeError(`capsule2d: a segment's length must be finite, got ${len}`);
  const g = new SegmentGeometry();
  g.ax = a.x;
  g.ay = a.y;
  g.bx = b.x;
  g.by = b.y;
  g.cx = 0.5 * (a.x + b.x);
  g.cy = 0.5 * (a.y + b.y);
  g.ux = dx / len;
  g.uy = dy / len;
  g.halfLength = 0.5 * len;
  return g;
}

/**
 * The width of the rounded polygon `g`, turned by (c, s), along the unit
 * direction (lx, ly): the spread of its vertices' projections plus twice
 * its radius (m).
 */
export function polygonWidthAlong(g: PolygonGeometry, c: number, s: number, lx: number, ly: number): number {
  // the direction in the polygon's frame
  const dx = c * lx + s * ly;
  const dy = c * ly - s * lx;
  let lo = g.vx[0]! * dx + g.vy[0]! * dy;
  let hi = lo;
  for (let i = 1; i < g.count; i++) {
    const t = g.vx[i]! * dx + g.vy[i]! * dy;
    if (t < lo) lo = t;
    else if (t > hi) hi = t;
  }
  return hi - lo + 2 * g.radius;
}

/** The width of the segment `g`, turned by (c, s), along the unit direction (lx, ly), m. */
export function segmentWidthAlong(g: SegmentGeometry, c: number, s: number, lx: number, ly: number): number {
  const t = 2 * g.halfLength * ((c * g.ux - s * g.uy) * lx + (s * g.ux + c * g.uy) * ly);
  return t < 0 ? -t : t;
}

