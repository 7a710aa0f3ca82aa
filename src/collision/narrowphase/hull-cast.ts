/**
 * Shape cast for polygons: the first fraction t ∈ [0, 1] of a translation at
 * which shape A, moved by t·translation without turning, meets shape B,
 * which stays put; and where, and along which normal. Any pair with a
 * polygon or an AABB in it (a core of 3 or more vertices: polygon–polygon,
 * –circle, –capsule, –AABB, –segment); pairs of circles, capsules, AABBs and
 * segments alone have their exact casts in shape-cast.ts (a segment as a
 * capsule of radius 0, as segment-shapes.ts does).
 *
 * The machinery of the time of impact (time-of-impact.ts), for a sweep that
 * only translates: the distance between the cores (hull-distance.ts), and
 * conservative advancement. Along the translation T the gap
 * g(t) = distance(t) − (rA + rB) is a convex function of t (the distance from
 * t·T to a convex Minkowski difference, less a constant), and its slope is
 * −T·n with n the unit normal from A's closest point to B's. So
 *     t ← t + g(t) / (T·n)
 * is Newton's method on g from below: every step lands at or before the
 * contact, never past it (a cast cannot step over a thin wall), one step
 * finds it when a face meets a vertex, and a few when round parts meet. It
 * stops when the gap is below CAST_TOLERANCE times the configuration's size
 * (rounding, not a slop: the fraction is the touching one, as shape-cast.ts's
 * exact casts report it, so the world can mix both), or when the shapes stop
 * approaching (T·n ≤ 0: they pass by), or past t = 1.
 *
 * The result is shape-cast.ts's `CastOut`, with its conventions:
 * `normal` is B's surface normal at the contact, pointing from B towards A;
 * `point` is on B's surface; shapes that overlap at the start hit at
 * fraction 0 with collide's normal negated (hull-hull.ts's manifold), also
 * for a zero translation; touching is not hitting unless A moves into B
 * (a graze, moving on for the configuration's size sinking A deeper than
 * GRAZE times it, is a miss). The caller sets `out.body` (the shapes here
 * are geometry, not bodies).
 *
 * Allocation-free: module-level hulls and buffers. + − × ÷ and sqrt only.
 */
import { collideHulls } from "./hull-hull.js";
import { DistanceFeature, HullDistance, hullDistance } from "./hull-distance.js";
import { ManifoldBuffer } from "./manifold.js";
import { placePolygon, WorldHull, type PlacedHull } from "./placed.js";
import type { HullGeometry } from "../../shapes/proxy.js";

/** Where a cast writes its hit: shape-cast.ts's `CastOut` is one (declared here, so that shape-cast.ts can import this file). */
export interface CastOut {
  x: number;
  y: number;
  normalX: number;
  normalY: number;
  fraction: number;
}

/**
 * The hit at fraction 0 of two shapes that overlap at the start, from their
 * manifold `m` (collide's, A to B): the normal negated to point from B to A
 * (moving A along it separates them), the point on B's surface half the
 * depth from the deepest manifold point (which lies midway between the
 * surfaces). Shared by `castHulls` and shape-cast.ts's `castShapeInto`.
 */
export function writeOverlapHit(m: ManifoldBuffer, out: CastOut): void {
  const deeper = m.count === 2 && m.depth1 > m.depth0;
  const depth = deeper ? m.depth1 : m.depth0;
  const nx = -m.normalX;
  const ny = -m.normalY;
  out.x = (deeper ? m.x1 : m.x0) + 0.5 * depth * nx;
  out.y = (deeper ? m.y1 : m.y0) + 0.5 * depth * ny;
  out.normalX = nx;
  out.normalY = ny;
  out.fraction = 0;
}

/** The gap (m) below which the shapes touch, relative to the configuration's size. */
const CAST_TOLERANCE = 1e-12;
/** A contact is a graze when moving on by the configuration's size sinks A by at most GRAZE times it (as shape-cast.ts). */
const GRAZE = 1e-12;
/** Newton steps per cast (one for a face meeting a vertex; a round contact converges quadratically). */
const MAX_ITERATIONS = 30;

/** Shape A at a fraction of its translation (a PlacedHull for placePolygon). */
class Moved implements PlacedHull {
  polygon: HullGeometry = null as unknown as HullGeometry;
  px = 0;
  py = 0;
  qc = 1;
  qs = 0;
}

const moved = new Moved();
const castA = new WorldHull();
const castB = new WorldHull();
const dist = new HullDistance();
const manifold = new ManifoldBuffer();


/**
 * Cast the placed shape `a` by (tx, ty) against the placed shape `b` (at
 * least one of them with 3 or more core vertices). On a hit writes `out`'s
 * point, normal and fraction (not `out.body`) and returns true; otherwise
 * returns false and leaves `out` untouched. Inputs are trusted.
 */
export function castHulls(a: PlacedHull, b: PlacedHull, tx: number, ty: number, out: CastOut): boolean {
  const ox = a.px;
  const oy = a.py;
  castA.ox = ox;
  castA.oy = oy;
  castB.ox = ox;
  castB.oy = oy;
  placePolygon(castA, a);
  placePolygon(castB, b);
  const rA = castA.radius;
  const rB = castB.radius;

  const length = Math.sqrt(tx * tx + ty * ty);
  // the configuration's size: the largest |x| + |y| of a vertex (relative to A's origin), both radii, |translation|₁
  let size = 0;
  for (let i = 0; i < castA.count; i++) {
    const v = Math.abs(castA.x[i]!) + Math.abs(castA.y[i]!);
    if (v > size) size = v;
  }
  for (let j = 0; j < castB.count; j++) {
    const v = Math.abs(castB.x[j]!) + Math.abs(castB.y[j]!);
    if (v > size) size = v;
  }
  size += rA + rB + Math.abs(tx) + Math.abs(ty);
  const tolerance = CAST_TOLERANCE * size;

  // Overlapping at the start: fraction 0 with collide's normal, negated to point from B to A.
  // Touching (within the tolerance): a hit at 0 if A moves into B, else a miss (convex shapes
  // that touch and do not approach never meet again).
  const m = manifold;
  m.count = 0;
  m.margin = tolerance;
  m.maskA = 0;
  m.maskB = 0;
  if (collideHulls(castA, castB, m)) {
    if (m.depth <= tolerance && !(tx * m.normalX + ty * m.normalY > GRAZE * length)) return false;
    writeOverlapHit(m, out);
    return true;
  }
  if (!(length > 0)) return false; // not moving, not touching

  const R = rA + rB;
  const d = dist;
  const p = moved;
  p.polygon = a.polygon;
  p.qc = a.qc;
  p.qs = a.qs;
  let t = 0;
  // the last normal between the cores and where their contact on B's core is: B's closest point,
  // or, when that was on B's face against A's vertex, that vertex (moving with A), seen at tSeen
  let nx = 0;
  let ny = 0;
  let cx = 0;
  let cy = 0;
  let withA = false;
  let tSeen = 0;
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    if (iter > 0) {
      p.px = ox + t * tx;
      p.py = oy + t * ty;
      placePolygon(castA, p);
    }
    hullDistance(castA, castB, d);
    // A step that lands exactly on the contact (or a rounding past it) leaves no direction between
    // the cores: the last one holds, and the contact is where the last closest features meet.
    if (!d.overlap) {
      nx = d.normalX;
      ny = d.normalY;
      withA = d.feature === DistanceFeature.FACE_B;
      cx = withA ? d.ax : d.bx;
      cy = withA ? d.ay : d.by;
      tSeen = t;
    }
    const gap = d.distance - R;
    const rate = tx * nx + ty * ny; // how fast the gap closes per unit of t
    if (d.overlap || gap <= tolerance) {
      // touching at t: a hit if A moves into B (more than a graze)
      if (!(rate > GRAZE * length)) return false;
      if (!d.overlap) {
        cx = d.bx;
        cy = d.by;
      } else if (withA) {
        cx += (t - tSeen) * tx;
        cy += (t - tSeen) * ty;
      }
      out.normalX = -nx;
      out.normalY = -ny;
      out.x = ox + cx - nx * rB;
      out.y = oy + cy - ny * rB;
      out.fraction = t;
      return true;
    }
    if (!(rate > 0)) return false; // moving apart or sliding by: the gap only grows
    t += gap / rate;
    if (t > 1) return false;
  }
  return false; // (not seen: Newton from below converges in a few steps unless it grazes, and then it passes)
}
