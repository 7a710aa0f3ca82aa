/**
 * An independent reference for shape casts (test/shape-cast.test.ts): the
 * distance between two shapes written here from first principles, with none
 * of the engine's narrowphase (which `castShapes` calls), and the first
 * contact along a translation found from it.
 *
 * Each shape is a core and a radius: a circle a point, a capsule its inner
 * segment, an AABB its box (radius 0). Two shapes overlap when their cores
 * are closer than the sum of the radii. The distance between disjoint
 * convex polygons (points, segments and boxes are) is attained at a vertex
 * of one of them, so segment–box and box–box distances are the smallest of
 * vertex-to-shape distances; a segment crossing a box, or two crossing
 * segments, are at distance 0.
 *
 * Along a translation t·d the gap (core distance minus the radii) is a
 * convex function of t (the distance from t·d to a convex Minkowski
 * difference), so: overlapping at t = 0 is a hit at 0; otherwise the gap's
 * minimum on [0, 1] (golden-section search) above 0 is a miss; else the first
 * contact is bisected on [0, t_min] down to adjacent doubles, and the normal
 * (from B towards A) is the direction between the closest core points just
 * before it.
 */
import { AABB } from "../../src/bodies/aabb.js";
import type { Body } from "../../src/bodies/body.js";
import { Capsule } from "../../src/bodies/capsule.js";
import { Circle } from "../../src/bodies/circle.js";
import type { Vec2 } from "../../src/math/vec2.js";
import { gap, type RefShape } from "./polygon-reference.js";

/** A shape's core: a segment p–q (a point when p = q) or a box, and its radius. */
export type Core =
  | { kind: "segment"; p: Vec2; q: Vec2; radius: number }
  | { kind: "box"; min: Vec2; max: Vec2; radius: number };

/** The core of a Circle, Capsule or AABB at its pose, moved by (dx, dy). */
export function coreOf(body: Body, dx = 0, dy = 0): Core {
  const x = body.position.x + dx;
  const y = body.position.y + dy;
  if (body instanceof AABB) {
    return { kind: "box", min: { x: x - body.halfWidth, y: y - body.halfHeight }, max: { x: x + body.halfWidth, y: y + body.halfHeight }, radius: 0 };
  }
  if (body instanceof Capsule) {
    // the segment along the local x axis: position ∓ rotate((halfLength, 0), angle)
    const ux = Math.cos(body.angle) * body.halfLength;
    const uy = Math.sin(body.angle) * body.halfLength;
    return { kind: "segment", p: { x: x - ux, y: y - uy }, q: { x: x + ux, y: y + uy }, radius: body.radius };
  }
  if (body instanceof Circle) return { kind: "segment", p: { x, y }, q: { x, y }, radius: body.radius };
  throw new Error("swept-distance: only circles, capsules and AABBs");
}

/** Closest points between two cores and their distance (0 when they meet). */
export interface Closest {
  distance: number;
  a: Vec2;
  b: Vec2;
}

function pointSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  if (len2 === 0) return { x: a.x, y: a.y };
  let t = ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return { x: a.x + t * ex, y: a.y + t * ey };
}

function pointBox(p: Vec2, min: Vec2, max: Vec2): Vec2 {
  return { x: Math.min(Math.max(p.x, min.x), max.x), y: Math.min(Math.max(p.y, min.y), max.y) };
}

const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Do segments p1–q1 and p2–q2 cross or touch (proper or collinear overlap)? */
function segmentsMeet(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2): boolean {
  const d1 = cross(p2, q2, p1);
  const d2 = cross(p2, q2, q1);
  const d3 = cross(p1, q1, p2);
  const d4 = cross(p1, q1, q2);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (a: Vec2, b: Vec2, c: Vec2) => Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= c.y && c.y <= Math.max(a.y, b.y);
  return (d1 === 0 && on(p2, q2, p1)) || (d2 === 0 && on(p2, q2, q1)) || (d3 === 0 && on(p1, q1, p2)) || (d4 === 0 && on(p1, q1, q2));
}

/** Does segment p–q meet the box (Liang–Barsky clipping)? */
function segmentMeetsBox(p: Vec2, q: Vec2, min: Vec2, max: Vec2): boolean {
  let lo = 0;
  let hi = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  for (const [d, s, l, h] of [
    [dx, p.x, min.x, max.x],
    [dy, p.y, min.y, max.y],
  ] as const) {
    if (d === 0) {
      if (s < l || s > h) return false;
      continue;
    }
    let t0 = (l - s) / d;
    let t1 = (h - s) / d;
    if (t0 > t1) [t0, t1] = [t1, t0];
    lo = Math.max(lo, t0);
    hi = Math.min(hi, t1);
    if (lo > hi) return false;
  }
  return true;
}

function best(candidates: [Vec2, Vec2][]): Closest {
  let out: Closest = { distance: Infinity, a: candidates[0]![0], b: candidates[0]![1] };
  for (const [a, b] of candidates) {
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    if (distance < out.distance) out = { distance, a, b };
  }
  return out;
}

const corners = (min: Vec2, max: Vec2): Vec2[] => [min, { x: max.x, y: min.y }, max, { x: min.x, y: max.y }];

/** The closest points of two cores (A's first). */
export function closest(A: Core, B: Core): Closest {
  if (A.kind === "segment" && B.kind === "segment") {
    if (segmentsMeet(A.p, A.q, B.p, B.q)) return { distance: 0, a: A.p, b: A.p };
    return best([
      [A.p, pointSegment(A.p, B.p, B.q)],
      [A.q, pointSegment(A.q, B.p, B.q)],
      [pointSegment(B.p, A.p, A.q), B.p],
      [pointSegment(B.q, A.p, A.q), B.q],
    ]);
  }
  if (A.kind === "box" && B.kind === "box") {
    const candidates: [Vec2, Vec2][] = [];
    for (const c of corners(A.min, A.max)) candidates.push([c, pointBox(c, B.min, B.max)]);
    for (const c of corners(B.min, B.max)) candidates.push([pointBox(c, A.min, A.max), c]);
    const overlap = A.min.x <= B.max.x && B.min.x <= A.max.x && A.min.y <= B.max.y && B.min.y <= A.max.y;
    return overlap ? { distance: 0, a: A.min, b: A.min } : best(candidates);
  }
  if (A.kind === "box") {
    const r = closest(B, A);
    return { distance: r.distance, a: r.b, b: r.a };
  }
  // A a segment, B a box
  const seg = A as Extract<Core, { kind: "segment" }>;
  const box = B as Extract<Core, { kind: "box" }>;
  if (segmentMeetsBox(seg.p, seg.q, box.min, box.max)) return { distance: 0, a: seg.p, b: seg.p };
  const candidates: [Vec2, Vec2][] = [
    [seg.p, pointBox(seg.p, box.min, box.max)],
    [seg.q, pointBox(seg.q, box.min, box.max)],
  ];
  for (const c of corners(box.min, box.max)) candidates.push([pointSegment(c, seg.p, seg.q), c]);
  return best(candidates);
}

/** The gap between A moved by t·d and B: core distance minus the radii (≤ 0: they overlap). */
export function gapAlong(a: Body, b: Body, d: Vec2, t: number): number {
  const A = coreOf(a, t * d.x, t * d.y);
  const B = coreOf(b);
  return closest(A, B).distance - A.radius - B.radius;
}

/**
 * The first zero of a gap that is a convex function of t on [0, 1]: null when
 * it stays above 0, `{ lo: 0, hi: 0 }` when it starts at or below 0, else the
 * adjacent doubles lo < hi around the first crossing (gap(lo) > 0 ≥ gap(hi)).
 */
export function firstZeroOfConvex(gap: (t: number) => number): { lo: number; hi: number } | null {
  if (gap(0) <= 0) return { lo: 0, hi: 0 };
  // the minimum of a convex function on [0, 1]
  let lo = 0;
  let hi = 1;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const m1 = hi - g * (hi - lo);
    const m2 = lo + g * (hi - lo);
    if (gap(m1) < gap(m2)) hi = m2;
    else lo = m1;
  }
  let tMin = (lo + hi) / 2;
  for (const t of [lo, hi, 1]) if (gap(t) < gap(tMin)) tMin = t;
  if (gap(tMin) > 0) return null;
  // the zero crossing on [0, tMin], where the gap falls
  lo = 0;
  hi = tMin;
  for (;;) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (gap(mid) <= 0) hi = mid;
    else lo = mid;
  }
  return { lo, hi };
}

/** First contact of A moved along d (fraction in [0, 1]) with B, and the normal from B towards A; null for a miss. */
export function sweptContact(a: Body, b: Body, d: Vec2): { fraction: number; normal: Vec2 | null } | null {
  const zero = firstZeroOfConvex((t: number) => gapAlong(a, b, d, t));
  if (zero === null) return null;
  if (zero.hi === 0) return { fraction: 0, normal: null }; // overlapping at the start: no direction of approach
  const c = closest(coreOf(a, zero.lo * d.x, zero.lo * d.y), coreOf(b));
  const nx = c.a.x - c.b.x;
  const ny = c.a.y - c.b.y;
  const len = Math.hypot(nx, ny);
  return { fraction: zero.hi, normal: len > 0 ? { x: nx / len, y: ny / len } : null };
}

/** Signed distance from a point to a body's surface (> 0 outside, < 0 inside). */
export function surfaceDistance(p: Vec2, body: Body): number {
  const core = coreOf(body);
  if (core.kind === "segment") {
    const c = pointSegment(p, core.p, core.q);
    return Math.hypot(p.x - c.x, p.y - c.y) - core.radius;
  }
  const c = pointBox(p, core.min, core.max);
  const outside = Math.hypot(p.x - c.x, p.y - c.y);
  if (outside > 0) return outside;
  return -Math.min(p.x - core.min.x, core.max.x - p.x, p.y - core.min.y, core.max.y - p.y);
}

// ---------------------------------------------------------------------------
// Sweeps of any convex shape (test/polygon-toi.test.ts, test/polygon-cast.test.ts)

/** A shape in its body's frame: core vertices (1 a point, 2 a segment, 3 or more a convex polygon, counter-clockwise) and a radius. */
export interface LocalShape {
  core: Vec2[];
  radius: number;
}

/**
 * A body's motion over a step: its centre of mass (`localCenter` in its
 * frame) goes straight from c1 to c2 and its rotation (cos, sin) from q1 to
 * q2 by normalised linear interpolation.
 */
export interface Motion {
  localCenter: Vec2;
  c1: Vec2;
  c2: Vec2;
  q1: Vec2;
  q2: Vec2;
}

/** The world core of `shape` at time t of `motion`, in polygon-reference.ts's form. */
export function shapeAt(shape: LocalShape, motion: Motion, t: number): RefShape {
  const qx = (1 - t) * motion.q1.x + t * motion.q2.x;
  const qy = (1 - t) * motion.q1.y + t * motion.q2.y;
  const len = Math.hypot(qx, qy);
  const c = qx / len;
  const s = qy / len;
  const cx = (1 - t) * motion.c1.x + t * motion.c2.x;
  const cy = (1 - t) * motion.c1.y + t * motion.c2.y;
  const core = shape.core.map((v) => {
    const lx = v.x - motion.localCenter.x;
    const ly = v.y - motion.localCenter.y;
    return { x: cx + c * lx - s * ly, y: cy + s * lx + c * ly };
  });
  return { core, radius: shape.radius };
}

/** The gap between the surfaces of A and B at time t of their motions (≤ 0: touching or overlapping). */
export function sweptGap(a: LocalShape, ma: Motion, b: LocalShape, mb: Motion, t: number): number {
  return gap(shapeAt(a, ma, t), shapeAt(b, mb, t));
}

/** The smallest gap over `samples` + 1 evenly spaced times of [0, tEnd], and where. */
export function smallestSampledGap(gapAt: (t: number) => number, tEnd: number, samples: number): { gap: number; t: number } {
  let best = { gap: Infinity, t: 0 };
  for (let i = 0; i <= samples; i++) {
    const t = (tEnd * i) / samples;
    const g = gapAt(t);
    if (g < best.gap) best = { gap: g, t };
  }
  return best;
}
