/**
 * An exact capsule–capsule intersection test on integer coordinates.
 *
 * Floating-point tests answer "almost": two capsules that touch, or miss by
 * 1e-17, can come out either way. When the coordinates are integers (a grid,
 * fixed-point game logic, a lockstep server) we can answer exactly, using only
 * integer arithmetic: BigInt, so no product can overflow however large the
 * inputs are: the capsules intersect exactly when their segments intersect or
 * one segment's end lies within the radius sum of the other segment, each
 * decided by integer orientations and squared distances.
 *
 * A capsule is the set of points closer than `radius` to its segment `a`–`b`.
 * It is *open*: a point at exactly `radius` from the segment is not inside.
 * So two capsules intersect exactly when
 *
 *     distance(segment 1, segment 2) < r1 + r2,
 *
 * and two capsules that just touch do not intersect.
 *
 * The distance between segments is an irrational number in general, and the
 * closest points need not have integer coordinates, so we never compute it.
 * Instead:
 * 1. If the segments intersect (cross, touch, or overlap along a line), the
 *    distance is 0 < r1 + r2: the capsules intersect. Decided with exact
 *    orientation signs.
 * 2. Otherwise the closest pair of points always includes an endpoint of one
 *    of the segments (two segments that do not meet are closest at an end of
 *    one of them). So it is enough to ask, for each of the four endpoints,
 *    whether it is closer than r1 + r2 to the other segment. Each of these
 *    questions compares squared lengths, with the one division in it
 *    multiplied away (see `closerThan`).
 */

/** An integer: a safe-integer number or any bigint. */
export type IntegerLike = number | bigint;

/** A point on the integer grid. */
export interface IntegerPoint {
  /** An integer (number or bigint). */
  x: IntegerLike;
  /** An integer (number or bigint). */
  y: IntegerLike;
}

/** A capsule on the integer grid: segment `a`–`b` and `radius` > 0, all integers. */
export interface IntegerCapsule {
  /** One end of the segment. */
  a: IntegerPoint;
  /** The other end of the segment (may equal `a`: a circle). */
  b: IntegerPoint;
  /** The radius, an integer > 0. */
  radius: IntegerLike;
}

/** The same capsule with every number converted to bigint. */
interface BigCapsule {
  ax: bigint;
  ay: bigint;
  bx: bigint;
  by: bigint;
  radius: bigint;
}

/**
 * True when the open capsules `a` and `b` overlap: some point is strictly
 * inside both. Touching capsules do not intersect. Exact for all integer
 * inputs (numbers must be safe integers; bigints may be as large as you like).
 */
export function capsulesIntersectExact(a: IntegerCapsule, b: IntegerCapsule): boolean {
  const p = toBigCapsule("a", a);
  const q = toBigCapsule("b", b);

  // 1. Segments that meet: the distance is 0, which is less than r1 + r2 > 0.
  if (segmentsIntersect(p.ax, p.ay, p.bx, p.by, q.ax, q.ay, q.bx, q.by)) return true;

  // 2. Otherwise some endpoint is closest: test the four of them.
  const reach = p.radius + q.radius;
  const reachSq = reach * reach;
  return (
    closerThan(p.ax, p.ay, q.ax, q.ay, q.bx, q.by, reachSq) ||
    closerThan(p.bx, p.by, q.ax, q.ay, q.bx, q.by, reachSq) ||
    closerThan(q.ax, q.ay, p.ax, p.ay, p.bx, p.by, reachSq) ||
    closerThan(q.bx, q.by, p.ax, p.ay, p.bx, p.by, reachSq)
  );
}

/**
 * Which way the path p → q → r turns: the sign of the cross product
 * (q − p) × (r − p), that is +1 for a left (counter-clockwise) turn, −1 for a
 * right turn and 0 when the three points are on one line. With integers this
 * sign is exact, which is the whole point.
 */
function orientation(px: bigint, py: bigint, qx: bigint, qy: bigint, rx: bigint, ry: bigint): number {
  const cross = (qx - px) * (ry - py) - (qy - py) * (rx - px);
  return cross > 0n ? 1 : cross < 0n ? -1 : 0;
}

/**
 * Whether point (x, y), already known to be on the line through e1 and e2,
 * lies on the closed segment e1–e2: on a line, that is the same as lying in
 * the segment's bounding box.
 */
function withinBox(x: bigint, y: bigint, e1x: bigint, e1y: bigint, e2x: bigint, e2y: bigint): boolean {
  const minX = e1x < e2x ? e1x : e2x;
  const maxX = e1x < e2x ? e2x : e1x;
  const minY = e1y < e2y ? e1y : e2y;
  const maxY = e1y < e2y ? e2y : e1y;
  return x >= minX && x <= maxX && y >= minY && y <= maxY;
}

/**
 * Do the closed segments p1–q1 and p2–q2 share at least one point?
 *
 * General case: p2 and q2 lie on opposite sides of the line through segment 1,
 * and p1 and q1 on opposite sides of the line through segment 2. Then each
 * segment crosses the other's line, and they cross each other.
 *
 * Special cases: an endpoint lies exactly on the other segment's line
 * (orientation 0). It is a shared point when it also lies within that segment.
 * This covers one segment ending on the other, collinear segments that
 * overlap (and rejects collinear ones that are disjoint), and zero-length
 * segments, which are points (both orientations against a point "segment" are 0).
 *
 * Note that the two orientations of segment 1's ends are taken against
 * segment 2 (p2, q2, ·) and vice versa (taking them against segment 1
 * itself, as in a published Haskell version of this test, always gives 0 and
 * would make every pair of crossing segments depend on the bounding-box test
 * alone; a regression test covers it).
 */
function segmentsIntersect(
  p1x: bigint,
  p1y: bigint,
  q1x: bigint,
  q1y: bigint,
  p2x: bigint,
  p2y: bigint,
  q2x: bigint,
  q2y: bigint,
): boolean {
  const o1 = orientation(p1x, p1y, q1x, q1y, p2x, p2y); // side of line 1 that p2 is on
  const o2 = orientation(p1x, p1y, q1x, q1y, q2x, q2y); // ... and q2
  const o3 = orientation(p2x, p2y, q2x, q2y, p1x, p1y); // side of line 2 that p1 is on
  const o4 = orientation(p2x, p2y, q2x, q2y, q1x, q1y); // ... and q1

  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && withinBox(p2x, p2y, p1x, p1y, q1x, q1y)) return true;
  if (o2 === 0 && withinBox(q2x, q2y, p1x, p1y, q1x, q1y)) return true;
  if (o3 === 0 && withinBox(p1x, p1y, p2x, p2y, q2x, q2y)) return true;
  if (o4 === 0 && withinBox(q1x, q1y, p2x, p2y, q2x, q2y)) return true;
  return false;
}

/**
 * Is point p strictly closer than √reachSq to the closed segment e1–e2?
 *
 * With d = e2 − e1 and L = d · d, the closest point of the segment to p is
 * e1 + (t′/L) d, where t′ = (p − e1) · d, clamped to the segment:
 * - t′ ≤ 0: the closest point is e1 (this also covers L = 0, a point segment);
 * - t′ ≥ L: the closest point is e2;
 * - otherwise it is the interior point e1 + (t′/L) d, whose coordinates are
 *   fractions. Instead of dividing, multiply the whole inequality
 *       |p − e1 − (t′/L) d|² < reachSq
 *   by L² > 0, which keeps its direction:
 *       |L (p − e1) − t′ d|² < L² · reachSq.
 *   Every term is now an integer.
 */
function closerThan(
  px: bigint,
  py: bigint,
  e1x: bigint,
  e1y: bigint,
  e2x: bigint,
  e2y: bigint,
  reachSq: bigint,
): boolean {
  const dx = e2x - e1x;
  const dy = e2y - e1y;
  const wx = px - e1x; // p relative to e1
  const wy = py - e1y;
  const lenSq = dx * dx + dy * dy;
  const tScaled = wx * dx + wy * dy; // t′ = the parameter t times L

  if (tScaled <= 0n) return wx * wx + wy * wy < reachSq;
  if (tScaled >= lenSq) {
    const vx = px - e2x;
    const vy = py - e2y;
    return vx * vx + vy * vy < reachSq;
  }
  const gx = lenSq * wx - tScaled * dx; // L · (p − closest point)
  const gy = lenSq * wy - tScaled * dy;
  return gx * gx + gy * gy < lenSq * lenSq * reachSq;
}

// ---- input checking: everything is converted to bigint once, here ----

function toBigCapsule(name: string, capsule: unknown): BigCapsule {
  if (capsule === null || typeof capsule !== "object") {
    throw new TypeError(`capsule2d: ${name} must be an { a, b, radius } object, got ${show(capsule)}`);
  }
  const c = capsule as { a: unknown; b: unknown; radius: unknown };
  const a = point(`${name}.a`, c.a);
  const b = point(`${name}.b`, c.b);
  const radius = toBigInt(`${name}.radius`, c.radius);
  if (radius <= 0n) {
    throw new RangeError(`capsule2d: ${name}.radius must be > 0, got ${show(c.radius)}`);
  }
  return { ax: a[0], ay: a[1], bx: b[0], by: b[1], radius };
}

function point(name: string, value: unknown): [bigint, bigint] {
  if (value === null || typeof value !== "object") {
    throw new TypeError(`capsule2d: ${name} must be an { x, y } object, got ${show(value)}`);
  }
  const v = value as { x: unknown; y: unknown };
  return [toBigInt(`${name}.x`, v.x), toBigInt(`${name}.y`, v.y)];
}

/**
 * A bigint as is, or a number that is a safe integer (|n| ≤ 2^53 − 1). Larger
 * numbers are rejected too: above 2^53 a float is not necessarily the integer
 * the caller typed, so an exact answer about it would be misleading. Pass a
 * bigint for those.
 */
function toBigInt(name: string, value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value !== "number") {
    throw new TypeError(`capsule2d: ${name} must be an integer (number or bigint), got ${show(value)}`);
  }
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`capsule2d: ${name} must be a safe integer or a bigint, got ${show(value)}`);
  }
  return BigInt(value);
}

function show(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  try {
    // bigints inside objects would make JSON.stringify throw; show them as text.
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(value);
  } catch {
    return String(value);
  }
}
