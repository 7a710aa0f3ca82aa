/**
 * An exact reference for a ray against a capsule, for the ray cast tests.
 *
 * Every finite double is a dyadic rational m · 2^e (m an integer), and sums,
 * differences and products of dyadic rationals are dyadic rationals again.
 * So with the mantissas held in BigInt, everything below is computed without
 * any rounding, on the exact values of the input doubles. It shares no code
 * or case analysis with src/collision/narrowphase/raycast.ts.
 *
 * The capsule is the closed set of points within `radius` of the segment
 * A = P − halfLength·q to B = P + halfLength·q, with q = (qc, qs) exactly as
 * stored (not renormalised). The ray is X(t) = O + t·D, t ≥ 0, with D as
 * given (unit length to within rounding).
 *
 * g(t) = dist(X(t), AB)² − radius² is convex in t (the distance to a convex
 * set is convex along a line, and so is its square where it is ≥ 0), so
 * - the ray misses exactly when the minimum of dist(X(t), AB) over
 *   0 ≤ t ≤ T (T = maxDistance, or far enough) exceeds the radius. That
 *   minimum is the distance between two segments, a rational number we get
 *   exactly;
 * - otherwise, from an outside origin, g falls from g(0) > 0 to g(tc) ≤ 0 at
 *   the closest approach tc, crossing 0 once: the first hit. We bisect for it
 *   over the doubles in [0, tc] (halving the bit pattern, which orders positive
 *   doubles), with the exact sign of g at each double t. After at most 64 steps
 *   the hit is bracketed between two adjacent doubles: far better than needed.
 */

// ---------------------------------------------------------------------------
// Exact dyadic numbers m · 2^e.

export interface Dy {
  m: bigint;
  e: number;
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** The exact value of a finite double. */
export function dy(x: number): Dy {
  if (!Number.isFinite(x)) throw new RangeError(`reference: not finite: ${x}`);
  if (x === 0) return { m: 0n, e: 0 };
  f64[0] = x;
  const bits = u64[0]!;
  const exp = Number((bits >> 52n) & 0x7ffn);
  let mant = bits & ((1n << 52n) - 1n);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = exp - 1075;
  }
  return { m: bits >> 63n ? -mant : mant, e };
}

export function add(a: Dy, b: Dy): Dy {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  if (a.e <= b.e) return { m: a.m + (b.m << BigInt(b.e - a.e)), e: a.e };
  return { m: b.m + (a.m << BigInt(a.e - b.e)), e: b.e };
}
export const neg = (a: Dy): Dy => ({ m: -a.m, e: a.e });
export const sub = (a: Dy, b: Dy): Dy => add(a, neg(b));
export const mul = (a: Dy, b: Dy): Dy => ({ m: a.m * b.m, e: a.e + b.e });
export const sgn = (a: Dy): number => (a.m > 0n ? 1 : a.m < 0n ? -1 : 0);

interface V {
  x: Dy;
  y: Dy;
}
const vsub = (a: V, b: V): V => ({ x: sub(a.x, b.x), y: sub(a.y, b.y) });
const vdot = (a: V, b: V): Dy => add(mul(a.x, b.x), mul(a.y, b.y));
const vcross = (a: V, b: V): Dy => sub(mul(a.x, b.y), mul(a.y, b.x));
const vaxpy = (o: V, t: Dy, d: V): V => ({ x: add(o.x, mul(t, d.x)), y: add(o.y, mul(t, d.y)) });

function bitLength(m: bigint): number {
  return m === 0n ? 0 : (m < 0n ? -m : m).toString(2).length;
}

/** 2^e as a double, for any e in double range (splitting keeps 2 ** e exact). */
function pow2(e: number): number {
  let r = 1;
  while (e > 1000) {
    r *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    r *= 2 ** -1000;
    e += 1000;
  }
  return r * 2 ** e;
}

/** Nearest double (to within an ulp or so: used for reporting, never for decisions). */
function toNumber(a: Dy): number {
  let { m, e } = a;
  const n = bitLength(m);
  if (n > 64) {
    m >>= BigInt(n - 64);
    e += n - 64;
  }
  return Number(m) * pow2(e);
}

// ---------------------------------------------------------------------------
// Exact rationals n / d (d > 0), only for the few divisions in the segment distance.

export interface Q {
  n: bigint;
  d: bigint;
}
export function q(a: Dy): Q {
  return a.e >= 0 ? { n: a.m << BigInt(a.e), d: 1n } : { n: a.m, d: 1n << BigInt(-a.e) };
}
const qdiv = (a: Dy, b: Dy): Q => {
  const x = q(a);
  const y = q(b);
  const n = x.n * y.d;
  const d = x.d * y.n;
  return d < 0n ? { n: -n, d: -d } : { n, d };
};
const qcmp = (a: Q, b: Q): number => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
const qsub = (a: Q, b: Q): Q => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
function qToNumber(a: Q): number {
  // Scale to about 64 significant bits of quotient, then divide as integers.
  const shift = bitLength(a.d) - bitLength(a.n) + 66;
  const m = shift >= 0 ? (a.n << BigInt(shift)) / a.d : a.n / (a.d << BigInt(-shift));
  return toNumber({ m, e: -shift });
}
const qOf = (x: number): Q => q(dy(x));

// ---------------------------------------------------------------------------
// Neighbouring doubles (for t ≥ 0).

function bitsOf(x: number): bigint {
  f64[0] = x;
  return u64[0]!;
}
function fromBits(b: bigint): number {
  u64[0] = b;
  return f64[0]!;
}
/** Largest double ≤ a (a ≥ 0). */
function floorDouble(a: Q): number {
  let x = Math.max(0, qToNumber(a));
  while (qcmp(qOf(x), a) > 0) x = fromBits(bitsOf(x) - 1n);
  for (;;) {
    const up = fromBits(bitsOf(x) + 1n);
    if (qcmp(qOf(up), a) > 0) return x;
    x = up;
  }
}

// ---------------------------------------------------------------------------
// The capsule and the ray.

/** A capsule as the raw numbers of a body: centre, rotation (cos, sin), half length, radius. */
export interface CapsuleGeometry {
  px: number;
  py: number;
  qc: number;
  qs: number;
  halfLength: number;
  radius: number;
}

export interface Ray {
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  /**
   * Largest ray parameter t accepted (Infinity allowed): a distance for a unit
   * D; for a D of length 1 to within rounding, a distance to within 1e-16 relative.
   */
  maxDistance: number;
}

export type Feature = "inside" | "side" | "capA" | "capB" | "none";

export interface ReferenceHit {
  hit: boolean;
  /** The origin is inside or on the capsule (then distance 0). */
  inside: boolean;
  /** t* · |D| for the first hit t* (to within about an ulp); NaN on a miss. */
  distance: number;
  /** The ray parameter of the first hit: the smallest double ≥ t* (t* itself lies within one ulp below). */
  t: number;
  point: { x: number; y: number };
  /** Outward unit normal at the hit (NaN for inside or a miss). */
  normal: { x: number; y: number };
  /** What the ray hits first: the flat side (see `side`) or the circle around A or B. */
  feature: Feature;
  /** For a side hit: +1 for the side to the left of A→B (local +y), −1 for the other. */
  side: number;
  /**
   * min over the whole ray (t ≥ 0, maxDistance ignored) of dist(X(t), AB),
   * minus the radius: > 0 is how far the ray passes from the capsule, ≤ 0 how
   * deep it gets (−radius when it crosses the segment itself).
   */
  gap: number;
  /** For each end circle: distance from its centre to the ray's line, minus the radius. */
  tangentGapA: number;
  tangentGapB: number;
}

interface Exact {
  A: V;
  B: V;
  E: V; // B − A
  EE: Dy; // |B − A|²
  O: V;
  D: V;
  r2: Dy;
}

function exactOf(g: CapsuleGeometry, ray: Ray): Exact {
  const P = { x: dy(g.px), y: dy(g.py) };
  const hq = { x: mul(dy(g.halfLength), dy(g.qc)), y: mul(dy(g.halfLength), dy(g.qs)) };
  const A = vsub(P, hq);
  const B = { x: add(P.x, hq.x), y: add(P.y, hq.y) };
  const E = vsub(B, A);
  const r = dy(g.radius);
  return {
    A,
    B,
    E,
    EE: vdot(E, E),
    O: { x: dy(ray.ox), y: dy(ray.oy) },
    D: { x: dy(ray.dx), y: dy(ray.dy) },
    r2: mul(r, r),
  };
}

/** Sign of dist(X, AB)² − rr, exactly, without dividing. */
function signOutside(x: Exact, X: V, rr: Dy): number {
  const w = vsub(X, x.A);
  const we = vdot(w, x.E);
  if (x.EE.m === 0n || sgn(we) <= 0) return sgn(sub(vdot(w, w), rr));
  if (sgn(sub(we, x.EE)) >= 0) {
    const wb = vsub(X, x.B);
    return sgn(sub(vdot(wb, wb), rr));
  }
  // Interior: dist² = |w|² − (w·E)²/|E|², so compare (|w|² − rr)·|E|² with (w·E)².
  return sgn(sub(mul(sub(vdot(w, w), rr), x.EE), mul(we, we)));
}

/** dist(X, AB)² as an exact rational. */
function dist2(x: Exact, X: V): Q {
  const w = vsub(X, x.A);
  const we = vdot(w, x.E);
  if (x.EE.m === 0n || sgn(we) <= 0) return q(vdot(w, w));
  if (sgn(sub(we, x.EE)) >= 0) {
    const wb = vsub(X, x.B);
    return q(vdot(wb, wb));
  }
  return qdiv(sub(mul(vdot(w, w), x.EE), mul(we, we)), x.EE);
}

/** dist(point, ray segment [O, O + T·D])² and the parameter of the closest point. */
function pointToRay(x: Exact, Y: V, T: Dy): { d2: Q; t: Q } {
  const DD = vdot(x.D, x.D);
  let t = qdiv(vdot(vsub(Y, x.O), x.D), DD);
  if (t.n <= 0n) t = { n: 0n, d: 1n };
  else if (qcmp(t, q(T)) > 0) t = q(T);
  // |Y − O − tD|² with t = n/d: |d(Y − O) − n D|² / d².
  const YO = vsub(Y, x.O);
  const n: Dy = { m: t.n, e: 0 };
  const d: Dy = { m: t.d, e: 0 };
  const vx = sub(mul(d, YO.x), mul(n, x.D.x));
  const vy = sub(mul(d, YO.y), mul(n, x.D.y));
  return { d2: qdiv(add(mul(vx, vx), mul(vy, vy)), mul(d, d)), t };
}

/** Closest approach of the ray segment [0, T] to the segment AB: squared distance and a parameter where it happens. */
function closestApproach(x: Exact, T: Dy): { d2: Q; t: Q } {
  const end = vaxpy(x.O, T, x.D);
  const candidates: { d2: Q; t: Q }[] = [
    { d2: dist2(x, x.O), t: { n: 0n, d: 1n } },
    { d2: dist2(x, end), t: q(T) },
    pointToRay(x, x.A, T),
    pointToRay(x, x.B, T),
  ];
  // The two segments cross properly (each one's ends strictly on both sides of the other).
  const o1 = sgn(vcross(vsub(end, x.O), vsub(x.A, x.O)));
  const o2 = sgn(vcross(vsub(end, x.O), vsub(x.B, x.O)));
  const o3 = sgn(vcross(x.E, vsub(x.O, x.A)));
  const o4 = sgn(vcross(x.E, vsub(end, x.A)));
  if (o1 * o2 < 0 && o3 * o4 < 0) {
    candidates.push({ d2: { n: 0n, d: 1n }, t: qdiv(vcross(vsub(x.A, x.O), x.E), vcross(x.D, x.E)) });
  }
  let best = candidates[0]!;
  for (const c of candidates) if (qcmp(c.d2, best.d2) < 0) best = c;
  return best;
}

/** A ray length beyond which the ray only gets farther from the capsule. */
function rayLength(g: CapsuleGeometry, ray: Ray): number {
  // |X − O| ≤ 2|O − P| + 2h|q| + r at the closest approach, and 1/|D| ≤ √2 / |D|₁.
  const reach =
    Math.abs(ray.ox - g.px) +
    Math.abs(ray.oy - g.py) +
    g.halfLength * (Math.abs(g.qc) + Math.abs(g.qs)) +
    g.radius;
  return (8 * reach) / (Math.abs(ray.dx) + Math.abs(ray.dy)) + 1;
}

/** (√(a2) − r) for an exact a2 = a², without cancellation: (a² − r²) / (a + r). */
function rootMinus(a2: Q, r: number): number {
  const exactR = dy(r);
  return qToNumber(qsub(a2, q(mul(exactR, exactR)))) / (Math.sqrt(qToNumber(a2)) + r);
}

/** Distance from C to the ray's line, minus r: how close the line comes to touching the circle (C, r). */
function lineGap(x: Exact, C: V, r: number): number {
  // dist² = cross(D, C − O)² / |D|².
  const c = vcross(x.D, vsub(C, x.O));
  return rootMinus(qdiv(mul(c, c), vdot(x.D, x.D)), r);
}

/** Exact: is O + t·D within `radius` of the capsule's segment (t, radius doubles)? */
export function withinRadius(g: CapsuleGeometry, ray: Ray, t: number, radius: number): boolean {
  const x = exactOf(g, ray);
  const rr = mul(dy(radius), dy(radius));
  return signOutside(x, vaxpy(x.O, dy(t), x.D), rr) <= 0;
}

export function referenceRaycastCapsule(g: CapsuleGeometry, ray: Ray): ReferenceHit {
  const x = exactOf(g, ray);
  const whole = closestApproach(x, dy(rayLength(g, ray)));
  // Within maxDistance, if that is shorter.
  const closest = Number.isFinite(ray.maxDistance) ? closestApproach(x, dy(ray.maxDistance)) : whole;
  const nan = { x: NaN, y: NaN };
  const common = {
    gap: rootMinus(whole.d2, g.radius),
    tangentGapA: lineGap(x, x.A, g.radius),
    tangentGapB: lineGap(x, x.B, g.radius),
  };
  const dlen = Math.hypot(ray.dx, ray.dy);

  if (signOutside(x, x.O, x.r2) <= 0) {
    return { hit: true, inside: true, distance: 0, t: 0, point: { x: ray.ox, y: ray.oy }, normal: nan, feature: "inside", side: 0, ...common };
  }
  if (qcmp(closest.d2, q(x.r2)) > 0) {
    return { hit: false, inside: false, distance: NaN, t: NaN, point: nan, normal: nan, feature: "none", side: 0, ...common };
  }

  // Bracket the first hit: g(lo) > 0 ≥ g(hi), lo and hi doubles.
  const g0 = (t: number) => signOutside(x, vaxpy(x.O, dy(t), x.D), x.r2);
  let lo = 0;
  let hi = floorDouble(closest.t);
  if (g0(hi) > 0) {
    // The first hit lies in (hi, tc], with tc < the next double: report that double.
    lo = hi;
    hi = fromBits(bitsOf(hi) + 1n);
  } else {
    let a = bitsOf(lo);
    let b = bitsOf(hi);
    while (b - a > 1n) {
      const mid = (a + b) / 2n;
      if (g0(fromBits(mid)) <= 0) b = mid;
      else a = mid;
    }
    lo = fromBits(a);
    hi = fromBits(b);
  }

  // What is hit: the point's projection on AB falls before A, after B, or in between.
  const X = vaxpy(x.O, dy(hi), x.D);
  const w = vsub(X, x.A);
  const we = vdot(w, x.E);
  let feature: Feature;
  let side = 0;
  let normal: { x: number; y: number };
  if (x.EE.m === 0n || sgn(we) <= 0 || sgn(sub(we, x.EE)) >= 0) {
    const atA = x.EE.m === 0n || sgn(we) <= 0;
    feature = atA ? "capA" : "capB";
    const n = vsub(X, atA ? x.A : x.B);
    const nx = toNumber(n.x);
    const ny = toNumber(n.y);
    const len = Math.hypot(nx, ny);
    normal = { x: nx / len, y: ny / len };
  } else {
    feature = "side";
    side = sgn(vcross(x.E, w));
    const len = Math.hypot(g.qc, g.qs);
    normal = { x: (-side * g.qs) / len, y: (side * g.qc) / len };
  }
  return {
    hit: true,
    inside: false,
    distance: hi * dlen,
    t: hi,
    point: { x: toNumber(X.x), y: toNumber(X.y) },
    normal,
    feature,
    side,
    ...common,
  };
}
