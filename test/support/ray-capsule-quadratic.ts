/**
 * A second exact reference for a ray against a capsule, by the textbook
 * method: solve the ray against the capsule's side (in 2D the "cylinder" of
 * the 3D method is the two lines at distance r from the axis) and against the
 * two end circles, in exact rational arithmetic (BigInt), and take the first
 * entry. It shares nothing with src/collision/narrowphase/raycast.ts and no case
 * analysis with ray-capsule-reference.ts (which bisects on the exact sign of
 * the distance to the segment); the tests check that the two agree.
 *
 * On the exact values of the input doubles, with A, B = P ∓ h·q (q as stored),
 * E = B − A, W = O − A and the ray X(t) = O + t·D:
 * - side: p(t) = E × (W + t·D) = p0 + t·p1 is |E| times the signed distance
 *   from the axis line. An origin outside the strip (p0² > r²|E|²) on the side
 *   σ = sign p0 can enter the capsule through that side line where
 *   p(t) = σ·r·|E|, at t = (σ r |E| − p0) / p1 (ahead when σ·p1 < 0), if the
 *   point's projection s(t) = (W + t·D)·E lies in [0, |E|²]. t and s(t) are
 *   α + β·√(|E|²) with rational α, β: their signs are decided exactly.
 * - end circle C (A or B): |W_C + t·D|² = r², that is a t² + 2 b t + c = 0 with
 *   a = D·D, b = D·W_C, c = |W_C|² − r². From outside (c > 0) the ray enters
 *   when b² − a·c ≥ 0 (exact) and b < 0, at t = (−b − √(b² − ac)) / a.
 * The capsule is the rectangle between the side lines and the two discs; the
 * ray enters the rectangle through a side line or through an end, and an end
 * of the rectangle is a diameter of a disc, so the first entry is the least of
 * the side entry and the two disc entries: hit or miss is exact, and the
 * entry is evaluated from these closed forms with 256 fractional bits.
 * Exact tangency (b² = ac, or a parallel ray on the side line) is a hit: the
 * capsule is closed.
 */
import { add, dy, mul, q, sgn, sub, type CapsuleGeometry, type Dy, type Q, type Ray } from "./ray-capsule-reference.js";

export interface QuadraticHit {
  hit: boolean;
  inside: boolean;
  /** Distance to the first hit (t·|D|), NaN on a miss; 0 from inside. */
  distance: number;
  feature: "inside" | "side" | "capA" | "capB" | "none";
}

// ---- exact rationals and numbers α + β√γ ----

const qn = (n: bigint, d: bigint): Q => (d < 0n ? { n: -n, d: -d } : { n, d });
const qmul = (a: Q, b: Q): Q => qn(a.n * b.n, a.d * b.d);
const qdiv = (a: Q, b: Q): Q => qn(a.n * b.d, a.d * b.n);
const qadd = (a: Q, b: Q): Q => qn(a.n * b.d + b.n * a.d, a.d * b.d);
const qneg = (a: Q): Q => ({ n: -a.n, d: a.d });
const qsgn = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);

/** sign of α + β·√γ (γ ≥ 0), exactly. */
function surdSign(alpha: Q, beta: Q, gamma: Q): number {
  const sa = qsgn(alpha);
  const sb = qsgn(beta) * (gamma.n === 0n ? 0 : 1);
  if (sa === sb || sb === 0) return sa;
  if (sa === 0) return sb;
  // Opposite signs: compare α² with β²γ.
  const d = qsgn(qadd(qmul(alpha, alpha), qneg(qmul(qmul(beta, beta), gamma))));
  return d === 0 ? 0 : d > 0 ? sa : sb;
}

const FRACTION_BITS = 256n;
const ONE = 1n << FRACTION_BITS;

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** α + β√γ in fixed point with 256 fractional bits (to within a few units of 2⁻²⁵⁶). */
function fixed(alpha: Q, beta: Q, gamma: Q): bigint {
  const root = isqrt((gamma.n * ONE * ONE) / gamma.d);
  return (alpha.n * ONE) / alpha.d + (beta.n * root) / beta.d;
}

function fixedToNumber(x: bigint): number {
  // Keep 64 significant bits, then scale (both steps lose well under 1e-16 relative).
  const bits = (x < 0n ? -x : x).toString(2).length;
  const shift = Math.max(0, bits - 64);
  return Number(x >> BigInt(shift)) * 2 ** (shift - Number(FRACTION_BITS));
}

// ---- the capsule ----

const dot = (ax: Dy, ay: Dy, bx: Dy, by: Dy): Dy => add(mul(ax, bx), mul(ay, by));
const cross = (ax: Dy, ay: Dy, bx: Dy, by: Dy): Dy => sub(mul(ax, by), mul(ay, bx));

export function quadraticRaycastCapsule(g: CapsuleGeometry, ray: Ray): QuadraticHit {
  const hqx = mul(dy(g.halfLength), dy(g.qc));
  const hqy = mul(dy(g.halfLength), dy(g.qs));
  const ax = sub(dy(g.px), hqx);
  const ay = sub(dy(g.py), hqy);
  const bx = add(dy(g.px), hqx);
  const by = add(dy(g.py), hqy);
  const ex = sub(bx, ax);
  const ey = sub(by, ay);
  const ox = dy(ray.ox);
  const oy = dy(ray.oy);
  const dx = dy(ray.dx);
  const dyy = dy(ray.dy);
  const r = dy(g.radius);
  const rr = mul(r, r);
  const ee = dot(ex, ey, ex, ey);
  const wx = sub(ox, ax);
  const wy = sub(oy, ay);
  const vx = sub(ox, bx);
  const vy = sub(oy, by);
  const p0 = cross(ex, ey, wx, wy);
  const p1 = cross(ex, ey, dx, dyy);
  const s0 = dot(wx, wy, ex, ey);
  const s1 = dot(dx, dyy, ex, ey);
  const dd = dot(dx, dyy, dx, dyy);
  const ww = dot(wx, wy, wx, wy);
  const vv = dot(vx, vy, vx, vy);

  // Inside (or on) the capsule: distance to the segment ≤ r.
  const inside =
    sgn(s0) <= 0
      ? sgn(sub(ww, rr)) <= 0
      : sgn(sub(s0, ee)) >= 0
        ? sgn(sub(vv, rr)) <= 0
        : sgn(sub(mul(p0, p0), mul(rr, ee))) <= 0;
  if (inside) return { hit: true, inside: true, distance: 0, feature: "inside" };

  const candidates: { t: bigint; feature: QuadraticHit["feature"] }[] = [];

  // The side line on the origin's side.
  const sigma = sgn(p0);
  if (sgn(sub(mul(p0, p0), mul(rr, ee))) > 0 && sigma * sgn(p1) < 0) {
    // t = −p0/p1 + (σ r / p1)·√(E·E)
    const alpha = qdiv(q(p0), q(p1));
    const tAlpha = qneg(alpha);
    const tBeta = qdiv(q(sigma > 0 ? r : { m: -r.m, e: r.e }), q(p1));
    const gamma = q(ee);
    // s(t) = s0 + s1·t, in [0, E·E]
    const sAlpha = qadd(q(s0), qmul(q(s1), tAlpha));
    const sBeta = qmul(q(s1), tBeta);
    const lowOk = surdSign(sAlpha, sBeta, gamma) >= 0;
    const highOk = surdSign(qadd(sAlpha, qneg(q(ee))), sBeta, gamma) <= 0;
    if (lowOk && highOk) candidates.push({ t: fixed(tAlpha, tBeta, gamma), feature: "side" });
  }

  // The end circles.
  for (const [cx, cy, feature] of [
    [wx, wy, "capA"],
    [vx, vy, "capB"],
  ] as const) {
    const b = dot(dx, dyy, cx, cy);
    const c = sub(dot(cx, cy, cx, cy), rr);
    const disc = sub(mul(b, b), mul(dd, c));
    if (sgn(c) > 0 && sgn(b) < 0 && sgn(disc) >= 0) {
      const a = q(dd);
      candidates.push({ t: fixed(qdiv(qneg(q(b)), a), qdiv({ n: -1n, d: 1n }, a), q(disc)), feature });
    }
  }

  if (candidates.length === 0) return { hit: false, inside: false, distance: NaN, feature: "none" };
  let best = candidates[0]!;
  for (const c of candidates) if (c.t < best.t) best = c;
  const distance = fixedToNumber(best.t) * Math.hypot(ray.dx, ray.dy);
  if (distance > ray.maxDistance) return { hit: false, inside: false, distance: NaN, feature: "none" };
  return { hit: true, inside: false, distance, feature: best.feature };
}
