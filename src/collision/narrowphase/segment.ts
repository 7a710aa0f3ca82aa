/**
 * The narrowphase's pure geometry, shared by the pair functions: numbers in,
 * numbers out, nothing written to a manifold (contact-points.ts does that).
 *
 * - `closestOnSegment`, `closestOfSegments` (Ericson's method): closest
 *   points of a point and a segment, of two segments;
 * - `pointToBox`: closest point of a box to a point outside it;
 * - `clipAlongTangent`: where two (nearly) parallel features face each
 *   other, for two contact points (capsule–capsule, capsule–box, box–box);
 * - `normalize`: length and unit direction without underflow;
 * - `upPerpSign`: the deterministic "upward" perpendicular used for undefined normals.
 *
 * Zero allocation: these run for every touching pair in every step, so they
 * must not create garbage. Object literals obviously would, but so would
 * plain numbers: V8 passes arguments and return values as tagged values, and
 * a double that is not a small integer has to be boxed (a fresh HeapNumber)
 * to cross a call the optimizer did not inline. So no helper here takes or
 * returns a double. Each one works on a query object: the caller writes the
 * inputs into its fields, calls the helper with only the object, and reads
 * the results from its fields (writing a double into a field that already
 * holds one stores it in place, without allocating). There is one module-level
 * object per helper (`pointSegment`, `segmentPair`, `pointBox`, `tangentClip`,
 * `direction`); read a result before the next call overwrites it.
 *
 * `closestPointOnSegment` and `closestPointsOfSegments` keep the plain
 * "numbers in, object out" form for tests and one-off use; they allocate.
 *
 * Callers pass coordinates relative to some nearby origin (usually one body's
 * centre). Subtracting the origin first keeps the numbers small, so a tiny
 * shape 10 km from the world origin keeps its relative accuracy.
 */
import type { Body } from "../../bodies/body.js";
import { BoxFeature, corner } from "./feature-id.js";

// ---------------------------------------------------------------------------
// Closest point on a segment to a point

/** Query of `closestOnSegment`: point p, segment a–b; results t, x, y, distSq. */
export class PointSegmentQuery {
  px = 0;
  py = 0;
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  /** Parameter along the segment, 0 at `a`, 1 at `b`. */
  t = 0;
  /** The closest point. */
  x = 0;
  y = 0;
  /** Squared distance from p to (x, y). */
  distSq = 0;
}

/** The shared query object of `closestOnSegment`. */
export const pointSegment = new PointSegmentQuery();

/**
 * The point of segment a–b closest to point p.
 *
 * Project p on the line: t = (p − a)·(b − a) / |b − a|². The closest point of
 * the infinite line is a + t (b − a); clamping t to [0, 1] keeps it on the
 * segment (outside that range an end point is the closest). The division is
 * only done once we know the projection falls strictly inside, so a
 * zero-length segment (a = b) simply returns a.
 */
export function closestOnSegment(q: PointSegmentQuery): void {
  const px = q.px;
  const py = q.py;
  const ax = q.ax;
  const ay = q.ay;
  const dx = q.bx - ax;
  const dy = q.by - ay;
  const along = (px - ax) * dx + (py - ay) * dy;
  const lenSq = dx * dx + dy * dy;
  let x: number;
  let y: number;
  if (along <= 0) {
    q.t = 0;
    x = ax;
    y = ay;
  } else if (along >= lenSq) {
    q.t = 1;
    x = q.bx;
    y = q.by;
  } else {
    const t = along / lenSq;
    q.t = t;
    x = ax + t * dx;
    y = ay + t * dy;
  }
  q.x = x;
  q.y = y;
  const ex = px - x;
  const ey = py - y;
  q.distSq = ex * ex + ey * ey;
}

/** Result of `closestPointOnSegment`. */
export interface PointOnSegment {
  t: number;
  x: number;
  y: number;
  distSq: number;
}

/** `closestOnSegment` for one-off use: numbers in, a fresh object out (allocates). */
export function closestPointOnSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): PointOnSegment {
  const q = pointSegment;
  q.px = px;
  q.py = py;
  q.ax = ax;
  q.ay = ay;
  q.bx = bx;
  q.by = by;
  closestOnSegment(q);
  return { t: q.t, x: q.x, y: q.y, distSq: q.distSq };
}

// ---------------------------------------------------------------------------
// Closest points of two segments (Ericson, Real-Time Collision Detection §5.1.9)

/** Query of `closestOfSegments`: segments p1–q1 and p2–q2; results s, t, x1, y1, x2, y2, distSq. */
export class SegmentPairQuery {
  p1x = 0;
  p1y = 0;
  q1x = 0;
  q1y = 0;
  p2x = 0;
  p2y = 0;
  q2x = 0;
  q2y = 0;
  /** Parameter on the first segment (0 at p1, 1 at q1). */
  s = 0;
  /** Parameter on the second segment (0 at p2, 1 at q2). */
  t = 0;
  /** Closest point on the first segment. */
  x1 = 0;
  y1 = 0;
  /** Closest point on the second segment. */
  x2 = 0;
  y2 = 0;
  /** Squared distance between the two closest points. */
  distSq = 0;
}

/** The shared query object of `closestOfSegments`. */
export const segmentPair = new SegmentPairQuery();

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
 *
 * (Clamping to [0, 1] is written out as `v < 0 ? 0 : v > 1 ? 1 : v` rather
 * than calling a helper, which could box its argument.)
 */
export function closestOfSegments(q: SegmentPairQuery): void {
  const p1x = q.p1x;
  const p1y = q.p1y;
  const p2x = q.p2x;
  const p2y = q.p2y;
  const d1x = q.q1x - p1x;
  const d1y = q.q1y - p1y;
  const d2x = q.q2x - p2x;
  const d2y = q.q2y - p2y;
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
    t = f / e;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
  } else {
    const c = d1x * rx + d1y * ry;
    if (e === 0) {
      // The second segment is a point: project it on the first.
      t = 0;
      s = -c / a;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
    } else {
      const b = d1x * d2x + d1y * d2y;
      const denom = a * e - b * b;
      // d1 × d2, for the (nearly) parallel test: denom = cross², and
      // cross² ≤ NEAR_PARALLEL·a·e means an angle below about 1e-3 rad.
      const cross = d1x * d2y - d1y * d2x;
      if (cross * cross <= NEAR_PARALLEL * a * e) {
        // Unless they properly cross (each one's ends strictly on both sides
        // of the other): o1, o2 are the sides of S2's ends relative to S1's
        // line, o3, o4 those of S1's ends relative to S2's line.
        const gx = p2x - p1x;
        const gy = p2y - p1y;
        const o1 = d1x * gy - d1y * gx;
        const o2 = d1x * (gy + d2y) - d1y * (gx + d2x);
        const o3 = d2x * -gy - d2y * -gx;
        const o4 = d2x * (d1y - gy) - d2y * (d1x - gx);
        if (!(((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0)))) {
          // Not crossing: the best of the four "end point against the other
          // segment" projections. (Written out here rather than in a helper:
          // this branch is rare, and a rarely called function stays
          // unoptimized, where every number it touches is boxed.)
          const pq = pointSegment;
          let bestS = 0;
          let bestT = 0;
          let best = Infinity;
          // p2 and q2 against S1: t fixed, s from the projection.
          pq.ax = p1x;
          pq.ay = p1y;
          pq.bx = q.q1x;
          pq.by = q.q1y;
          pq.px = p2x;
          pq.py = p2y;
          closestOnSegment(pq);
          if (pq.distSq < best) { best = pq.distSq; bestS = pq.t; bestT = 0; }
          pq.px = q.q2x;
          pq.py = q.q2y;
          closestOnSegment(pq);
          if (pq.distSq < best) { best = pq.distSq; bestS = pq.t; bestT = 1; }
          // p1 and q1 against S2.
          pq.ax = p2x;
          pq.ay = p2y;
          pq.bx = q.q2x;
          pq.by = q.q2y;
          pq.px = p1x;
          pq.py = p1y;
          closestOnSegment(pq);
          if (pq.distSq < best) { best = pq.distSq; bestS = 0; bestT = pq.t; }
          pq.px = q.q1x;
          pq.py = q.q1y;
          closestOnSegment(pq);
          if (pq.distSq < best) { bestS = 1; bestT = pq.t; }
          q.s = bestS;
          q.t = bestT;
          writePair(q);
          return;
        }
      }
      s = denom > 0 ? (b * f - c * e) / denom : 0;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = -c / a;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
      } else if (t > 1) {
        t = 1;
        s = (b - c) / a;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
      }
    }
  }
  q.s = s;
  q.t = t;
  writePair(q);
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

/** The closest points and their squared distance, from the parameters q.s and q.t. */
function writePair(q: SegmentPairQuery): void {
  const s = q.s;
  const t = q.t;
  // Exact end points when a parameter is clamped (p + 1·d can round).
  const x1 = s === 1 ? q.q1x : q.p1x + s * (q.q1x - q.p1x);
  const y1 = s === 1 ? q.q1y : q.p1y + s * (q.q1y - q.p1y);
  const x2 = t === 1 ? q.q2x : q.p2x + t * (q.q2x - q.p2x);
  const y2 = t === 1 ? q.q2y : q.p2y + t * (q.q2y - q.p2y);
  q.x1 = x1;
  q.y1 = y1;
  q.x2 = x2;
  q.y2 = y2;
  const dx = x2 - x1;
  const dy = y2 - y1;
  q.distSq = dx * dx + dy * dy;
}

/** Result of `closestPointsOfSegments`. */
export interface SegmentPair {
  s: number;
  t: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  distSq: number;
}

/** `closestOfSegments` for one-off use: numbers in, a fresh object out (allocates). */
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
  const q = segmentPair;
  q.p1x = p1x;
  q.p1y = p1y;
  q.q1x = q1x;
  q.q1y = q1y;
  q.p2x = p2x;
  q.p2y = p2y;
  q.q2x = q2x;
  q.q2y = q2y;
  closestOfSegments(q);
  return { s: q.s, t: q.t, x1: q.x1, y1: q.y1, x2: q.x2, y2: q.y2, distSq: q.distSq };
}

// ---------------------------------------------------------------------------
// Closest point of a box to a point

/** Query of `pointToBox`: the point (px, py) and the box half extents hw, hh as input, the other fields as output. */
export class PointToBox {
  px = 0;
  py = 0;
  hw = 0;
  hh = 0;
  /** True when the point is inside the box or on its boundary (nothing else is set then). */
  inside = false;
  /** Distance from the point to the box. */
  distance = 0;
  /** Unit direction from the point to its closest box point. */
  nx = 0;
  ny = 0;
  /** The closest box point. */
  x = 0;
  y = 0;
  /** The box feature it lies on: a face or a corner (numbered as in feature-id.ts). */
  feature = 0;
}

/** The shared query object of `pointToBox`. */
export const pointBox = new PointToBox();

/**
 * Closest point of the box [−hw, hw] × [−hh, hh] to the point (px, py) (box
 * frame), for a point outside it. Clamping each coordinate to the box gives
 * the closest point. When only one coordinate had to be clamped the point
 * faces a side: the direction is exactly that side's axis and the distance is
 * |p| − half extent on that axis (no square root, no rounding of the
 * direction). When both were clamped it faces a corner.
 */
export function pointToBox(r: PointToBox): void {
  const px = r.px;
  const py = r.py;
  const hw = r.hw;
  const hh = r.hh;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  r.inside = false;
  if (ax <= hw) {
    if (ay <= hh) {
      r.inside = true;
      return;
    }
    r.distance = ay - hh;
    r.nx = 0;
    r.ny = py > 0 ? -1 : 1;
    r.x = px;
    r.y = py > 0 ? hh : -hh;
    r.feature = py > 0 ? BoxFeature.TOP : BoxFeature.BOTTOM;
  } else if (ay <= hh) {
    r.distance = ax - hw;
    r.nx = px > 0 ? -1 : 1;
    r.ny = 0;
    r.x = px > 0 ? hw : -hw;
    r.y = py;
    r.feature = px > 0 ? BoxFeature.RIGHT : BoxFeature.LEFT;
  } else {
    const kx = px > 0 ? hw : -hw;
    const ky = py > 0 ? hh : -hh;
    const d = direction;
    d.dx = kx - px;
    d.dy = ky - py;
    normalize(d);
    r.distance = d.length;
    r.nx = d.x;
    r.ny = d.y;
    r.x = kx;
    r.y = ky;
    r.feature = corner(px > 0, py > 0);
  }
}

// ---------------------------------------------------------------------------
// Two parallel features facing each other

/**
 * How far a segment may tilt away from the contact tangent and still be
 * clipped for two points: |run along the normal| ≤ PARALLEL_SLOPE × |run along
 * the tangent| (about 5.7°). Beyond that the far end is well clear of the other
 * shape and one point describes the contact.
 */
const PARALLEL_SLOPE = 0.1;

/**
 * Query of `clipAlongTangent`. Input: the contact normal (nx, ny), unit, from
 * A to B, and depth, its exact minimum translation distance; segments A
 * (a1–a2) and B (b1–b2) relative to (ox, oy), swept by radii rA and rB (0 for
 * a box face). Output: `ends`, and the points (with (ox, oy) added back)
 * and their depths.
 */
export class TangentClip {
  nx = 0;
  ny = 0;
  depth = 0;
  ox = 0;
  oy = 0;
  a1x = 0;
  a1y = 0;
  a2x = 0;
  a2y = 0;
  b1x = 0;
  b1y = 0;
  b2x = 0;
  b2y = 0;
  rA = 0;
  rB = 0;
  /**
   * 0: no clip (the caller writes its single point); 1: the interval is
   * (nearly) a point, given as the low end; 2: both ends.
   */
  ends = 0;
  /** The point midway between the surfaces at the low end of the interval along the tangent, and its depth. */
  xLo = 0;
  yLo = 0;
  depthLo = 0;
  /** The same at the high end (ends = 2 only). */
  xHi = 0;
  yHi = 0;
  depthHi = 0;
}

/** The shared query object of `clipAlongTangent`. */
export const tangentClip = new TangentClip();

/**
 * Where two (nearly) parallel features face each other: the two ends of that
 * stretch, each with the point midway between the two surfaces there and its
 * depth.
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
 * interval onto itself.
 *
 * When A and B are separated (or just touching), any closest pair of points
 * of the two segments has the same τ and lies inside [lo, hi], and the slab
 * between the two supporting lines through them keeps every other pair at
 * least as far apart, so the deeper end has exactly the pair's depth. When
 * the segments cross this need not hold: if the deeper end falls short of
 * `depth`, `ends` is 0, as when a segment tilts by more than PARALLEL_SLOPE
 * or the intervals do not overlap.
 * When the two ends (nearly) coincide, two points would only make the
 * solver's 2×2 system singular: `ends` is 1, with one point halfway along
 * the interval (so it does not depend on which end rounding makes deeper),
 * at the deeper end's height and depth.
 */
export function clipAlongTangent(c: TangentClip): void {
  const nx = c.nx;
  const ny = c.ny;
  const tx = -ny;
  const ty = nx;
  const a1x = c.a1x;
  const a1y = c.a1y;
  const a2x = c.a2x;
  const a2y = c.a2y;
  const b1x = c.b1x;
  const b1y = c.b1y;
  const b2x = c.b2x;
  const b2y = c.b2y;
  // (tangent, level) coordinates of the four end points.
  const ta1 = tx * a1x + ty * a1y;
  const ta2 = tx * a2x + ty * a2y;
  const la1 = nx * a1x + ny * a1y;
  const la2 = nx * a2x + ny * a2y;
  const tb1 = tx * b1x + ty * b1y;
  const tb2 = tx * b2x + ty * b2y;
  const lb1 = nx * b1x + ny * b1y;
  const lb2 = nx * b2x + ny * b2y;
  if (Math.abs(la2 - la1) > PARALLEL_SLOPE * Math.abs(ta2 - ta1)) {
    c.ends = 0;
    return;
  }
  if (Math.abs(lb2 - lb1) > PARALLEL_SLOPE * Math.abs(tb2 - tb1)) {
    c.ends = 0;
    return;
  }
  const aLo = ta1 < ta2 ? ta1 : ta2;
  const aHi = ta1 < ta2 ? ta2 : ta1;
  const bLo = tb1 < tb2 ? tb1 : tb2;
  const bHi = tb1 < tb2 ? tb2 : tb1;
  const lo = aLo > bLo ? aLo : bLo;
  const hi = aHi < bHi ? aHi : bHi;
  if (lo > hi) {
    c.ends = 0;
    return;
  }

  // Height along n of each segment at τ = lo and τ = hi: interpolate along
  // the segment, clamped to its ends. (A segment with t1 = t2 is a point, the
  // only kind the slope test lets through: its height is l1.)
  let f: number;
  f = ta1 === ta2 ? 0 : (lo - ta1) / (ta2 - ta1);
  const laLo = ta1 === ta2 || f <= 0 ? la1 : f >= 1 ? la2 : la1 + f * (la2 - la1);
  f = tb1 === tb2 ? 0 : (lo - tb1) / (tb2 - tb1);
  const lbLo = tb1 === tb2 || f <= 0 ? lb1 : f >= 1 ? lb2 : lb1 + f * (lb2 - lb1);
  f = ta1 === ta2 ? 0 : (hi - ta1) / (ta2 - ta1);
  const laHi = ta1 === ta2 || f <= 0 ? la1 : f >= 1 ? la2 : la1 + f * (la2 - la1);
  f = tb1 === tb2 ? 0 : (hi - tb1) / (tb2 - tb1);
  const lbHi = tb1 === tb2 || f <= 0 ? lb1 : f >= 1 ? lb2 : lb1 + f * (lb2 - lb1);

  const rA = c.rA;
  const rB = c.rB;
  const r = rA + rB;
  const depthLo = r - (lbLo - laLo);
  const depthHi = r - (lbHi - laHi);
  const deepest = depthLo >= depthHi ? depthLo : depthHi;
  // Rounding tolerance: the values involved are at most this big.
  const scale = Math.abs(lo) + Math.abs(hi) + Math.abs(laLo) + Math.abs(lbLo) + Math.abs(laHi) + Math.abs(lbHi) + r;
  if (deepest < c.depth - 1e-10 * scale) {
    c.ends = 0;
    return;
  }

  const ox = c.ox;
  const oy = c.oy;
  if (!(hi - lo > 1e-6 * scale)) {
    const mid = 0.5 * (lo + hi);
    const lower = depthLo >= depthHi;
    const m = lower ? 0.5 * (laLo + rA + lbLo - rB) : 0.5 * (laHi + rA + lbHi - rB);
    c.xLo = ox + tx * mid + nx * m;
    c.yLo = oy + ty * mid + ny * m;
    c.depthLo = deepest;
    c.ends = 1;
    return;
  }
  let m = 0.5 * (laLo + rA + lbLo - rB);
  c.xLo = ox + tx * lo + nx * m;
  c.yLo = oy + ty * lo + ny * m;
  c.depthLo = depthLo;
  m = 0.5 * (laHi + rA + lbHi - rB);
  c.xHi = ox + tx * hi + nx * m;
  c.yHi = oy + ty * hi + ny * m;
  c.depthHi = depthHi;
  c.ends = 2;
}

// ---------------------------------------------------------------------------
// Directions

/**
 * Sign (+1 or −1) that turns the left perpendicular (−uy, ux) of a body's
 * unit axis u = (rotCos, rotSin) into the "upward" perpendicular: the one with
 * a positive y component, or, for a vertical u, the one pointing to +x. Used
 * wherever a normal is undefined (a point exactly on a segment, collinear
 * segments) so the choice depends on the geometry alone, never on rounding
 * noise or body order. (It takes the body, not two numbers, so that nothing
 * is boxed on the way in.)
 */
export function upPerpSign(body: Body): number {
  const ux = body.qc;
  if (ux > 0) return 1;
  if (ux < 0) return -1;
  return -body.qs > 0 ? 1 : -1;
}

/**
 * A distance this small relative to the size of the configuration is rounding
 * noise: the direction between two such points (an end point against an end
 * point or a corner) means nothing, so the pair functions treat the shapes as
 * touching and take the direction from the geometry instead.
 */
export const TOUCH_TOLERANCE = 1e-12;

/** Query of `normalize`: vector (dx, dy); results x, y and length. */
export class Direction {
  dx = 0;
  dy = 0;
  /** Unit vector along (dx, dy), or (0, 0) when both are 0. */
  x = 0;
  y = 0;
  /** |(dx, dy)|. */
  length = 0;
}

/** The shared query object of `normalize`. */
export const direction = new Direction();

/**
 * Length and unit direction of (d.dx, d.dy), exact to rounding at any
 * magnitude: dividing by the larger component first keeps dx² + dy² from
 * underflowing for tiny vectors (or overflowing for huge ones), where
 * √(dx² + dy²) would return a wrong length and a non-unit "unit" vector.
 */
export function normalize(d: Direction): void {
  const dx = d.dx;
  const dy = d.dy;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const m = ax > ay ? ax : ay;
  if (m === 0) {
    d.x = 0;
    d.y = 0;
    d.length = 0;
    return;
  }
  const x = dx / m;
  const y = dy / m;
  const len = Math.sqrt(x * x + y * y);
  d.x = x / len;
  d.y = y / len;
  d.length = m * len;
}
