/**
 * Segment math shared by the narrowphase pair functions, and the helpers
 * they all use to write a manifold:
 *
 * - `closestPointOnSegment`, `closestPointsOfSegments` (Ericson's method);
 * - `direction2`: length and unit direction without underflow;
 * - `upPerpSign`: the deterministic "upward" perpendicular used for undefined normals;
 * - `beginManifold`, `addPoint`, `addMidpoint`: write the normal, depth and
 *   points (a point midway between the two surfaces);
 * - `clipAlongTangent`: two points for two (nearly) parallel features, shared
 *   by capsule–capsule, capsule–box and box–box.
 *
 * Everything here works on plain numbers and writes its answer into a
 * module-level result object (or straight into a ManifoldBuffer), so the hot
 * path allocates nothing. Read a result before calling the same function again:
 * the next call overwrites it.
 *
 * Callers pass coordinates relative to some nearby origin (usually one body's
 * centre). Subtracting the origin first keeps the numbers small, so a tiny
 * shape 10 km from the world origin keeps its relative accuracy.
 */
import type { ManifoldBuffer } from "./manifold.js";

// ---------------------------------------------------------------------------
// Closest point on a segment to a point

/** Result of `closestPointOnSegment` (reused; copy what you need). */
export interface PointOnSegment {
  /** Parameter along the segment, 0 at `a`, 1 at `b`. */
  t: number;
  x: number;
  y: number;
  /** Squared distance from the query point to (x, y). */
  distSq: number;
}

export const pointOnSegment: PointOnSegment = { t: 0, x: 0, y: 0, distSq: 0 };

/**
 * The point of segment a–b closest to point p.
 *
 * Project p on the line: t = (p − a)·(b − a) / |b − a|². The closest point of
 * the infinite line is a + t (b − a); clamping t to [0, 1] keeps it on the
 * segment (outside that range an end point is the closest). The division is
 * only done once we know the projection falls strictly inside, so a
 * zero-length segment (a = b) simply returns a.
 */
export function closestPointOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): PointOnSegment {
  const r = pointOnSegment;
  const dx = bx - ax;
  const dy = by - ay;
  const along = (px - ax) * dx + (py - ay) * dy;
  const lenSq = dx * dx + dy * dy;
  if (along <= 0) {
    r.t = 0;
    r.x = ax;
    r.y = ay;
  } else if (along >= lenSq) {
    r.t = 1;
    r.x = bx;
    r.y = by;
  } else {
    const t = along / lenSq;
    r.t = t;
    r.x = ax + t * dx;
    r.y = ay + t * dy;
  }
  const ex = px - r.x;
  const ey = py - r.y;
  r.distSq = ex * ex + ey * ey;
  return r;
}

// ---------------------------------------------------------------------------
// Closest points of two segments (Ericson, Real-Time Collision Detection §5.1.9)

/** Result of `closestPointsOfSegments` (reused; copy what you need). */
export interface SegmentPair {
  /** Parameter on the first segment (0 at p1, 1 at q1). */
  s: number;
  /** Parameter on the second segment (0 at p2, 1 at q2). */
  t: number;
  /** Closest point on the first segment. */
  x1: number;
  y1: number;
  /** Closest point on the second segment. */
  x2: number;
  y2: number;
  /** Squared distance between the two closest points. */
  distSq: number;
}

export const segmentPair: SegmentPair = { s: 0, t: 0, x1: 0, y1: 0, x2: 0, y2: 0, distSq: 0 };

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Closest points of segment S1(s) = p1 + s·d1 and segment S2(t) = p2 + t·d2,
 * with d1 = q1 − p1, d2 = q2 − p2 and s, t in [0, 1].
 *
 * The idea: the squared distance |S1(s) − S2(t)|² is a convex quadratic in
 * (s, t). Setting both partial derivatives to zero gives the closest points
 * of the two infinite lines:
 *   a = d1·d1, e = d2·d2, b = d1·d2, c = d1·r, f = d2·r   (r = p1 − p2)
 *   s = (b f − c e) / (a e − b²),   t = (b s + f) / e.
 * The denominator a e − b² = |d1 × d2|² is zero for parallel segments and
 * badly rounded for nearly parallel ones; those (unless they cross) take the
 * best of the four end-point projections instead (see NEAR_PARALLEL).
 * To stay on the segments: clamp s to [0, 1], compute the t closest to S1(s);
 * if that t falls outside [0, 1], clamp it and recompute the s closest to
 * S2(t), clamped again. Because the function is convex, this one round of
 * "clamp, then re-solve the other parameter" lands on the true minimum.
 *
 * Degenerate segments: a point (a = 0 or e = 0) has nothing to solve for, so
 * its parameter is 0 and the other is the clamped projection of that point.
 * Only exact zeros count as degenerate: a very short but non-zero segment
 * goes through the general formulas, whose clamping keeps every parameter in
 * [0, 1] even when rounding makes the parallel test unreliable.
 */
export function closestPointsOfSegments(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
): SegmentPair {
  const d1x = q1x - p1x;
  const d1y = q1y - p1y;
  const d2x = q2x - p2x;
  const d2y = q2y - p2y;
  const rx = p1x - p2x;
  const ry = p1y - p2y;
  const a = d1x * d1x + d1y * d1y;
  const e = d2x * d2x + d2y * d2y;
  const f = d2x * rx + d2y * ry;
  let s: number;
  let t: number;
  if (a === 0 && e === 0) {
    // Two points.
    s = 0;
    t = 0;
  } else if (a === 0) {
    // The first segment is a point: project it on the second.
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = d1x * rx + d1y * ry;
    if (e === 0) {
      // The second segment is a point: project it on the first.
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = d1x * d2x + d1y * d2y;
      const denom = a * e - b * b;
      // d1 × d2, for the (nearly) parallel test: denom = cross², and
      // cross² ≤ NEAR_PARALLEL·a·e means an angle below about 1e-3 rad.
      const cross = d1x * d2y - d1y * d2x;
      if (cross * cross <= NEAR_PARALLEL * a * e && !segmentsCross(p1x, p1y, d1x, d1y, p2x, p2y, d2x, d2y)) {
        return closestOfEndPoints(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y);
      }
      s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  return writePair(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y, s, t);
}

/**
 * Below this value of sin²(angle between the segments) the line formula above
 * is ill-conditioned: its denominator |d1 × d2|² is a difference of nearly
 * equal products, so s carries a relative error of about 1e-16 / sin², and
 * along nearly parallel segments the distance changes so slowly that a wrong
 * s still looks plausible. In 2D, two segments that do not cross always have
 * a closest pair that includes an end point, so for these we take the best of
 * the four "end point against the other segment" projections, which is exact.
 */
const NEAR_PARALLEL = 1e-6;

/** Do S1 = p1 + s·d1 and S2 = p2 + t·d2 properly cross (each one's ends strictly on both sides of the other)? */
function segmentsCross(
  p1x: number,
  p1y: number,
  d1x: number,
  d1y: number,
  p2x: number,
  p2y: number,
  d2x: number,
  d2y: number,
): boolean {
  const rx = p2x - p1x;
  const ry = p2y - p1y;
  // Sides of S2's ends relative to S1's line, and of S1's ends relative to S2's line.
  const o1 = d1x * ry - d1y * rx;
  const o2 = d1x * (ry + d2y) - d1y * (rx + d2x);
  const o3 = d2x * -ry - d2y * -rx;
  const o4 = d2x * (d1y - ry) - d2y * (d1x - rx);
  return ((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0));
}

/** Closest pair of two non-crossing segments: the best of the four end-point projections. */
function closestOfEndPoints(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
): SegmentPair {
  const q = pointOnSegment;
  let bestS = 0;
  let bestT = 0;
  let best = Infinity;
  // p2 and q2 against S1: t fixed, s from the projection.
  closestPointOnSegment(p2x, p2y, p1x, p1y, q1x, q1y);
  if (q.distSq < best) { best = q.distSq; bestS = q.t; bestT = 0; }
  closestPointOnSegment(q2x, q2y, p1x, p1y, q1x, q1y);
  if (q.distSq < best) { best = q.distSq; bestS = q.t; bestT = 1; }
  // p1 and q1 against S2.
  closestPointOnSegment(p1x, p1y, p2x, p2y, q2x, q2y);
  if (q.distSq < best) { best = q.distSq; bestS = 0; bestT = q.t; }
  closestPointOnSegment(q1x, q1y, p2x, p2y, q2x, q2y);
  if (q.distSq < best) { bestS = 1; bestT = q.t; }
  return writePair(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y, bestS, bestT);
}

function writePair(
  p1x: number,
  p1y: number,
  q1x: number,
  q1y: number,
  p2x: number,
  p2y: number,
  q2x: number,
  q2y: number,
  s: number,
  t: number,
): SegmentPair {
  const out = segmentPair;
  out.s = s;
  out.t = t;
  // Exact end points when a parameter is clamped (p + 1·d can round).
  out.x1 = s === 1 ? q1x : p1x + s * (q1x - p1x);
  out.y1 = s === 1 ? q1y : p1y + s * (q1y - p1y);
  out.x2 = t === 1 ? q2x : p2x + t * (q2x - p2x);
  out.y2 = t === 1 ? q2y : p2y + t * (q2y - p2y);
  const dx = out.x2 - out.x1;
  const dy = out.y2 - out.y1;
  out.distSq = dx * dx + dy * dy;
  return out;
}

// ---------------------------------------------------------------------------
// Writing contact points

/** Start a manifold: set its normal (unit, from A to B) and depth, no points yet. */
export function beginManifold(out: ManifoldBuffer, nx: number, ny: number, depth: number): void {
  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  out.count = 0;
}

/** Append a contact point (x, y) with its own depth and feature id (at most two per manifold). */
export function addPoint(out: ManifoldBuffer, x: number, y: number, depth: number, id: number): void {
  if (out.count === 0) {
    out.x0 = x;
    out.y0 = y;
    out.depth0 = depth;
    out.id0 = id;
    out.count = 1;
  } else {
    out.x1 = x;
    out.y1 = y;
    out.depth1 = depth;
    out.id1 = id;
    out.count = 2;
  }
}

/**
 * Append a contact point, given the point (sx, sy) of A's surface on the
 * contact line. B's surface lies `depth` further back along the normal
 * (depth > 0: the surfaces overlap), so the point midway between the two
 * surfaces is s − n·depth/2.
 */
export function addMidpoint(out: ManifoldBuffer, sx: number, sy: number, depth: number, id: number): void {
  const h = 0.5 * depth;
  addPoint(out, sx - out.normalX * h, sy - out.normalY * h, depth, id);
}

/**
 * How far a segment may tilt away from the contact tangent and still be
 * clipped for two points: |run along the normal| ≤ PARALLEL_SLOPE × |run along
 * the tangent| (about 5.7°). Beyond that the far end is well clear of the other
 * shape and one point describes the contact.
 */
export const PARALLEL_SLOPE = 0.1;

/** Feature-id offsets returned by `clipAlongTangent`: lowId for the low end, lowId + 1 for the high end. */
export const CLIP_LOW = 0;
export const CLIP_HIGH = 1;

/** Height along the normal of the segment (t1, l1)–(t2, l2) at tangent coordinate tau. */
function levelAt(tau: number, t1: number, l1: number, t2: number, l2: number): number {
  if (t1 === t2) return l1; // a point (the slope test let only that through)
  const f = (tau - t1) / (t2 - t1);
  return f <= 0 ? l1 : f >= 1 ? l2 : l1 + f * (l2 - l1);
}

/**
 * Two contact points for two (nearly) parallel features: segment A (a1–a2)
 * and segment B (b1–b2), swept by radii rA and rB (0 for a box face), with
 * the manifold normal n already chosen (from A to B) and `depth` its exact
 * minimum translation distance. Coordinates are relative to (ox, oy).
 *
 * Write t = (−ny, nx), the contact tangent. Both segments are measured in
 * (t, n) coordinates: each covers an interval of t, and the part where both
 * intervals overlap, [lo, hi], is where the shapes face each other. At each
 * end τ of that interval, the separation of the cores along n is
 * level_B(τ) − level_A(τ), so the point depth is rA + rB − that separation,
 * and the point midway between the two surfaces sits at
 * t·τ + n·(level_A + rA + level_B − rB)/2.
 *
 * Nothing here picks a "reference" and an "incident" body, so nothing can
 * flip between frames: swapping A and B negates n and t, which maps the same
 * interval onto itself. The low end gets id lowId + CLIP_LOW and the high
 * end lowId + CLIP_HIGH, so a resting body that jitters keeps its ids.
 *
 * When A and B are separated (or just touching), any closest pair of points
 * of the two segments has the same τ and lies inside [lo, hi], and the slab
 * between the two supporting lines through them keeps every other pair at
 * least as far apart, so the deeper end has exactly the pair's depth. When
 * the segments cross this need not hold; then, as when a segment tilts by
 * more than PARALLEL_SLOPE or the intervals do not overlap, nothing is
 * written and 0 is returned so the caller writes its single point.
 *
 * The deeper end is always kept; the other only when its depth > −margin.
 * Returns the number of points written (0, 1 or 2), after `beginManifold`.
 */
export function clipAlongTangent(
  out: ManifoldBuffer,
  ox: number,
  oy: number,
  a1x: number,
  a1y: number,
  a2x: number,
  a2y: number,
  b1x: number,
  b1y: number,
  b2x: number,
  b2y: number,
  rA: number,
  rB: number,
  depth: number,
  margin: number,
  lowId: number,
): number {
  const nx = out.normalX;
  const ny = out.normalY;
  const tx = -ny;
  const ty = nx;
  // (tangent, level) coordinates of the four end points.
  const ta1 = tx * a1x + ty * a1y;
  const ta2 = tx * a2x + ty * a2y;
  const la1 = nx * a1x + ny * a1y;
  const la2 = nx * a2x + ny * a2y;
  const tb1 = tx * b1x + ty * b1y;
  const tb2 = tx * b2x + ty * b2y;
  const lb1 = nx * b1x + ny * b1y;
  const lb2 = nx * b2x + ny * b2y;
  if (Math.abs(la2 - la1) > PARALLEL_SLOPE * Math.abs(ta2 - ta1)) return 0;
  if (Math.abs(lb2 - lb1) > PARALLEL_SLOPE * Math.abs(tb2 - tb1)) return 0;
  const aLo = ta1 < ta2 ? ta1 : ta2;
  const aHi = ta1 < ta2 ? ta2 : ta1;
  const bLo = tb1 < tb2 ? tb1 : tb2;
  const bHi = tb1 < tb2 ? tb2 : tb1;
  const lo = aLo > bLo ? aLo : bLo;
  const hi = aHi < bHi ? aHi : bHi;
  if (lo > hi) return 0;

  const laLo = levelAt(lo, ta1, la1, ta2, la2);
  const lbLo = levelAt(lo, tb1, lb1, tb2, lb2);
  const laHi = levelAt(hi, ta1, la1, ta2, la2);
  const lbHi = levelAt(hi, tb1, lb1, tb2, lb2);
  const r = rA + rB;
  const depthLo = r - (lbLo - laLo);
  const depthHi = r - (lbHi - laHi);
  const deepest = depthLo >= depthHi ? depthLo : depthHi;
  // Rounding tolerance: the values involved are at most this big.
  const scale = Math.abs(lo) + Math.abs(hi) + Math.abs(laLo) + Math.abs(lbLo) + Math.abs(laHi) + Math.abs(lbHi) + r;
  if (deepest < depth - 1e-10 * scale) return 0;

  if (!(hi - lo > 1e-6 * scale)) {
    // The ends are (nearly) the same point. Two coincident points would only
    // make the solver's 2×2 system singular: write one, halfway along the
    // interval (so it does not depend on which end rounding makes deeper),
    // at the deeper end's height and depth.
    const mid = 0.5 * (lo + hi);
    const lower = depthLo >= depthHi;
    const m = lower ? 0.5 * (laLo + rA + lbLo - rB) : 0.5 * (laHi + rA + lbHi - rB);
    addPoint(out, ox + tx * mid + nx * m, oy + ty * mid + ny * m, deepest, lowId + CLIP_LOW);
    return 1;
  }
  // The deeper end always; the other one when within the margin.
  if (depthLo >= depthHi || depthLo > -margin) {
    const m = 0.5 * (laLo + rA + lbLo - rB);
    addPoint(out, ox + tx * lo + nx * m, oy + ty * lo + ny * m, depthLo, lowId + CLIP_LOW);
  }
  if (depthHi > depthLo || depthHi > -margin) {
    const m = 0.5 * (laHi + rA + lbHi - rB);
    addPoint(out, ox + tx * hi + nx * m, oy + ty * hi + ny * m, depthHi, lowId + CLIP_HIGH);
  }
  return out.count;
}

/**
 * Sign (+1 or −1) that turns the left perpendicular (−uy, ux) of a unit
 * direction u into the "upward" perpendicular: the one with a positive y
 * component, or, for a vertical u, the one pointing to +x. Used wherever a
 * normal is undefined (a point exactly on a segment, collinear segments) so the
 * choice depends on the geometry alone, never on rounding noise or body order.
 */
export function upPerpSign(ux: number, uy: number): number {
  if (ux > 0) return 1;
  if (ux < 0) return -1;
  return -uy > 0 ? 1 : -1;
}

/**
 * A distance this small relative to the size of the configuration is rounding
 * noise: the direction between two such points (an end point against an end
 * point or a corner) means nothing, so the pair functions treat the shapes as
 * touching and take the direction from the geometry instead.
 */
export const TOUCH_TOLERANCE = 1e-12;

/** Result of `direction` (reused; copy what you need). */
export interface Direction {
  /** Unit vector along (dx, dy), or (0, 0) when both are 0. */
  x: number;
  y: number;
  /** |(dx, dy)|. */
  length: number;
}

export const direction: Direction = { x: 0, y: 0, length: 0 };

/**
 * Length and unit direction of (dx, dy), exact to rounding at any magnitude:
 * dividing by the larger component first keeps dx² + dy² from underflowing
 * for tiny vectors (or overflowing for huge ones), where √(dx² + dy²) would
 * return a wrong length and a non-unit "unit" vector.
 */
export function direction2(dx: number, dy: number): Direction {
  const out = direction;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const m = ax > ay ? ax : ay;
  if (m === 0) {
    out.x = 0;
    out.y = 0;
    out.length = 0;
    return out;
  }
  const x = dx / m;
  const y = dy / m;
  const len = Math.sqrt(x * x + y * y);
  out.x = x / len;
  out.y = y / len;
  out.length = m * len;
  return out;
}
