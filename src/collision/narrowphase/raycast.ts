/**
 * Ray casts against a single body.
 *
 * A ray is the half-line `origin + t · direction` for `t ≥ 0`, with a unit
 * `direction`, so `t` is a distance in metres. A ray cast answers: what is the
 * smallest `t ≤ maxDistance` at which the ray is inside the shape? The point
 * there is on the surface, and the reported `normal` is the outward unit
 * normal of the surface at that point (it faces the ray: `normal · direction ≤ 0`).
 *
 * Shapes are closed sets, so a ray that only grazes a shape (touches it
 * tangentially) hits it, and a ray whose origin is inside or exactly on the
 * surface hits at distance 0, at the origin. There is no surface normal to
 * report in that case, so the normal is the negated ray direction: "push back
 * along the ray", which is also what a character controller usually wants.
 *
 * Two entry points:
 * - `raycastBody(body, origin, direction, maxDistance)` checks its input,
 *   normalises `direction`, and returns a fresh `{ body, point, normal, distance }`
 *   or null;
 * - `raycastInto(body, ox, oy, dx, dy, maxDistance, out, ex?, ey?)` is the
 *   allocation-free core the world's queries and shape casts call many times.
 *   It trusts its input (unit direction, finite numbers) and writes the hit
 *   into a reused `RaycastHitBuffer`.
 *
 * The ray is the one the caller describes: along `direction` exactly, not
 * along its rounded unit vector. Rounding the unit vector turns the ray by up
 * to about 1e-16 rad, which moves a hit on a capsule's side by a relative
 * 1e-16 / θ when the ray meets the side at a small angle θ (1e-8 relative at
 * θ = 1e-8) and can turn a grazing hit into a miss. So `raycastBody` and the
 * world's queries also hand `raycastInto` the direction as given, scaled by a
 * power of two (`exactDirection`: exact), and the capsule test casts along it.
 * Circles and boxes are not sensitive to that rounding (their answers depend
 * on each component with its own relative error, not on a cancelling cross
 * product) and cast along the unit vector, as before.
 */
import { BOX, CAPSULE, POLYGON, SEGMENT, shapeOf, type Body } from "../../bodies/body.js";
import type { Shape } from "../../bodies/shape.js";
import type { Vec2 } from "../../math/vec2.js";
import * as check from "../../math/validate.js";
import { checkShape } from "./collide.js";
import { raycastPolygon, raycastSegment } from "./raycast-polygon.js";
import type { PlacedPolygon, PlacedSegment } from "./placed.js";

/** The result of a ray cast that hit something. */
export interface RaycastHit {
  /** The body that was hit. */
  body: Body;
  /** Its shape that was hit (its one shape, or one of a compound's). */
  shape: Shape<Body>;
  /** Where the ray meets the surface (the ray's origin when it starts inside). */
  point: Vec2;
  /** Outward unit surface normal at `point`; the negated ray direction when the ray starts inside. */
  normal: Vec2;
  /** Distance from the origin to `point`, metres (0 when the ray starts inside). */
  distance: number;
}

/** Allocation-free ray hit: `raycastInto` writes here. */
export class RaycastHitBuffer {
  /** The collider hit: a body, or a compound's part (`toHit` names its compound and shape). */
  body: Body | null = null;
  x = 0;
  y = 0;
  normalX = 0;
  normalY = 0;
  distance = 0;

  /** Copy into a new plain `RaycastHit` (null when no body has been written). */
  toHit(): RaycastHit | null {
    if (this.body === null) return null;
    return {
      body: this.body._parent ?? this.body,
      shape: shapeOf(this.body),
      point: { x: this.x, y: this.y },
      normal: { x: this.normalX, y: this.normalY },
      distance: this.distance,
    };
  }

  copyFrom(o: RaycastHitBuffer): void {
    this.body = o.body;
    this.x = o.x;
    this.y = o.y;
    this.normalX = o.normalX;
    this.normalY = o.normalY;
    this.distance = o.distance;
  }
}

/**
 * Ray cast against one body. `direction` need not be unit length (it is
 * normalised here) but must not be zero. A hit needs `distance ≤ maxDistance`;
 * `maxDistance` may be `Infinity` (the default).
 *
 * Returns null when the ray misses.
 */
export function raycastBody(body: Body, origin: Vec2, direction: Vec2, maxDistance = Infinity): RaycastHit | null {
  checkShape("body", body);
  check.vector("origin", origin);
  const dir = unitDirection(direction);
  const exact = exactDirection(direction);
  checkMaxDistance(maxDistance);
  const out = new RaycastHitBuffer();
  if (!raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxDistance, out, exact.x, exact.y)) return null;
  return out.toHit();
}

/**
 * `direction` scaled by a power of two (which is exact) so that its larger
 * component lies in [0.5, 1): the same ray, with nothing rounded, and numbers
 * whose squares neither overflow nor underflow. Check `direction` first
 * (`unitDirection` does): it must be finite and not zero.
 */
export function exactDirection(direction: Vec2): Vec2 {
  let x = direction.x;
  let y = direction.y;
  let m = Math.max(Math.abs(x), Math.abs(y));
  // Steps of 2^±64 first, then of 2: multiplying by a power of two is exact (no subnormals arise: m ends ≥ 0.5).
  while (m >= 18446744073709551616) {
    x *= 5.421010862427522e-20;
    y *= 5.421010862427522e-20;
    m *= 5.421010862427522e-20;
  }
  while (m < 5.421010862427522e-20) {
    x *= 18446744073709551616;
    y *= 18446744073709551616;
    m *= 18446744073709551616;
  }
  while (m >= 1) {
    x *= 0.5;
    y *= 0.5;
    m *= 0.5;
  }
  while (m < 0.5) {
    x *= 2;
    y *= 2;
    m *= 2;
  }
  return { x, y };
}

/**
 * Checks a ray direction and returns it scaled to unit length. A zero vector
 * has no direction and is a RangeError. Very small or very large vectors are
 * fine: the components are first divided by the larger magnitude so that
 * squaring them can neither underflow to 0 nor overflow to Infinity.
 */
export function unitDirection(direction: Vec2): Vec2 {
  check.vector("direction", direction);
  // Already unit length (to the last bit): keep it, so the caller's exact direction is used.
  if (direction.x * direction.x + direction.y * direction.y === 1) return { x: direction.x, y: direction.y };
  const m = Math.max(Math.abs(direction.x), Math.abs(direction.y));
  if (m === 0) {
    throw new RangeError(`capsule2d: direction must not be the zero vector, got ${check.describe(direction)}`);
  }
  const x = direction.x / m;
  const y = direction.y / m;
  const len = Math.sqrt(x * x + y * y);
  return { x: x / len, y: y / len };
}

/** A ray length: a number ≥ 0, `Infinity` allowed; NaN or negative is a RangeError. */
export function checkMaxDistance(maxDistance: unknown): number {
  if (typeof maxDistance !== "number") {
    throw new TypeError(`capsule2d: maxDistance must be a number, got ${check.describe(maxDistance)}`);
  }
  if (!(maxDistance >= 0)) {
    throw new RangeError(`capsule2d: maxDistance must be >= 0 (Infinity allowed), got ${maxDistance}`);
  }
  return maxDistance;
}

/**
 * Allocation-free ray cast. `(dx, dy)` must be a unit vector and every number
 * finite except `maxDistance`, which may be Infinity; nothing is checked.
 * `(ex, ey)`, when given, is the direction exactly as the caller gave it,
 * scaled by a power of two (`exactDirection`), of which `(dx, dy)` is the
 * rounded unit vector: a capsule is cast along it (see the top of this file).
 * Without it the capsule is cast along `(dx, dy)`, taken as unit length.
 * On a hit, writes `out` (body, point, normal, distance) and returns true; on
 * a miss returns false and leaves `out` untouched.
 */
export function raycastInto(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RaycastHitBuffer,
  ex = dx,
  ey = dy,
): boolean {
  if (body._kind === BOX) return raycastBox(body, ox, oy, dx, dy, maxDistance, out);
  if (body._kind === POLYGON || body._kind === SEGMENT) {
    const hit =
      body._kind === POLYGON
        ? raycastPolygon(body as PlacedPolygon, ox, oy, dx, dy, maxDistance, out)
        : raycastSegment(body as PlacedSegment, ox, oy, dx, dy, maxDistance, out);
    if (hit) out.body = body;
    return hit;
  }
  if (body._kind === CAPSULE && body._halfLength > 0) return raycastCapsule(body, ox, oy, dx, dy, ex, ey, maxDistance, out);
  // A circle, or a capsule with halfLength 0, which is a circle.
  return raycastCircle(body, ox, oy, dx, dy, maxDistance, out);
}

/** The ray starts inside (or on) the shape: distance 0 at the origin, normal = −direction. */
function hitAtOrigin(body: Body, ox: number, oy: number, dx: number, dy: number, out: RaycastHitBuffer): true {
  out.body = body;
  out.x = ox;
  out.y = oy;
  out.normalX = -dx;
  out.normalY = -dy;
  out.distance = 0;
  return true;
}

/** A hit at o + t·(dx, dy), where (dx, dy) has length `len` (1 for a unit direction). */
function writeHit(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  t: number,
  len: number,
  nx: number,
  ny: number,
  out: RaycastHitBuffer,
): true {
  out.body = body;
  out.x = ox + t * dx;
  out.y = oy + t * dy;
  out.normalX = nx;
  out.normalY = ny;
  out.distance = t * len;
  return true;
}

/**
 * Where a ray from outside a circle enters it, or −1 if it never does.
 *
 * `(mx, my)` is the ray origin relative to the circle centre, `(dx, dy)` the
 * unit direction, `r` the radius and `c = |m|² − r²` (> 0 because the origin
 * is outside; the caller has it from its inside test). The points of the ray
 * on the circle satisfy |m + t d|² = r², that is
 *     t² + 2 b t + c = 0   with   b = m · d,
 * whose roots are t = −b ± √(b² − c). We want the smaller one, −b − √(b² − c).
 * - b ≥ 0: the ray points away from the centre (or sideways); since the origin
 *   is outside, it never gets closer, so it misses.
 * - The discriminant b² − c is r² − p², where p = m × d is the distance from
 *   the centre to the ray's line (|m|² = b² + p² for a unit d). We compute it
 *   as (r − p)(r + p): b² − c subtracts two numbers of size |m|², so its
 *   rounding error is about 1e-16·|m|², which leaves no correct digit of a
 *   discriminant of size 1 once the origin is 10⁸ away; p is off by about
 *   1e-16·|m| only, which moves the discriminant by about 1e-16·|m|·r.
 *   r² − p² < 0: the line passes farther than r from the centre: a miss.
 *   r² − p² = 0 is a tangent: the ray grazes the circle, which counts as a hit.
 * Subtracting −b − √(b² − c) loses digits when c is small compared with b²
 * (an origin close to the surface). Multiplying top and bottom by −b + √(b² − c)
 * gives the same root as c / (−b + √(b² − c)), a sum of two non-negative
 * numbers in the denominator, so nothing cancels.
 */
function rayCircleEntry(mx: number, my: number, dx: number, dy: number, r: number, c: number): number {
  const b = mx * dx + my * dy;
  if (b >= 0) return -1;
  const p = mx * dy - my * dx;
  const disc = (r - p) * (r + p);
  if (disc < 0) return -1;
  return c / (-b + Math.sqrt(disc));
}

function raycastCircle(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RaycastHitBuffer,
): boolean {
  const r = body._radius;
  const mx = ox - body.px;
  const my = oy - body.py;
  const c = mx * mx + my * my - r * r;
  if (c <= 0) return hitAtOrigin(body, ox, oy, dx, dy, out);
  const t = rayCircleEntry(mx, my, dx, dy, r, c);
  if (t < 0 || t > maxDistance) return false;
  // The normal points from the centre to the hit point.
  const hx = mx + t * dx;
  const hy = my + t * dy;
  const len = Math.sqrt(hx * hx + hy * hy);
  return writeHit(body, ox, oy, dx, dy, t, 1, hx / len, hy / len, out);
}

// ---- Exact rounding errors (error-free transformations) ----
//
// A ray nearly parallel to a capsule's side needs two small numbers to full
// relative accuracy: sin θ, the cross product of the capsule's axis and the
// ray direction, and the origin's distance from the side line. Both are
// differences of products of ordinary size, so in plain doubles they keep only
// an absolute accuracy of about 1e-16: at θ = 1e-8 that is already 1e-8 relative.
// These helpers recover the rounding error of a sum or product exactly (with
// + − × only, no fused multiply-add, so every engine gives the same bits),
// which lets us carry such quantities as an unevaluated sum hi + lo of two
// doubles, good to about 1e-32 relative to the products involved.

/** Knuth's TwoSum: the exact error of s = fl(a + b), so that a + b = s + error. */
function sumError(a: number, b: number, s: number): number {
  const bv = s - a;
  return a - (s - bv) + (b - bv);
}

/** Veltkamp's splitting constant 2²⁷ + 1: splits a double's 53-bit significand into two halves of ≤ 26 bits. */
const SPLITTER = 134217729;

/** Dekker's TwoProduct: the exact error of p = fl(a · b), so that a · b = p + error. */
function productError(a: number, b: number, p: number): number {
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

/** The low part of the last `diffOfProducts` or `rotationLength` result (module state, so that nothing is allocated). */
let lowPart = 0;

/**
 * a·b − c·d as hi + lo, where hi is returned and lo left in `lowPart`: the two
 * products are rounded, their errors recovered, and everything summed, so the
 * result is good to about 1e-32 of |a·b| + |c·d| however much the products cancel.
 */
function diffOfProducts(a: number, b: number, c: number, d: number): number {
  const p = a * b;
  const q = c * d;
  const s = p - q;
  const e = sumError(p, -q, s) + productError(a, b, p) - productError(c, d, q);
  const hi = s + e;
  lowPart = sumError(s, e, hi);
  return hi;
}

/**
 * Ray against a capsule: the 2D form of the usual ray–capsule method (ray
 * against the infinite cylinder around the axis, then the end spheres).
 *
 * We work in the capsule's own frame, where its segment runs along the x axis
 * from (−h, 0) to (h, 0) (h = halfLength, r = radius). The 3D method
 * intersects the ray with the infinite cylinder around the axis; in 2D that
 * "cylinder" is the strip |y| ≤ r, bounded by the two side lines y = +r and
 * y = −r. The capsule is the part of the strip with |x| ≤ h plus the two end
 * circles of radius r around (±h, 0), and every part of the capsule lies in
 * the strip. So:
 *
 * 1. If the origin is outside the strip, the ray must first cross the side
 *    line nearest to it. If it moves parallel to the lines or away from them it
 *    never enters the strip: a miss (the 3D method's "ray parallel to the
 *    axis" case, where the quadratic has no t² term). Otherwise it crosses the
 *    side line at t = (distance of the origin from the line) / sin θ, θ the
 *    angle between the ray and the axis. If the crossing's x lies in [−h, h],
 *    the ray enters through the flat side there and the normal is (0, ±1).
 *    If x > h, the ray is now in the strip beyond the end B; the only part of
 *    the capsule it can still reach is end circle B (to get to the flat part it
 *    would have to pass x = h with |y| ≤ r, which is inside circle B). Likewise
 *    x < −h means circle A. (In the 3D method: the cylinder hit's axial
 *    parameter outside [0, 1] means "test the sphere at that end".)
 * 2. If the origin is inside the strip, it is inside the capsule (distance to
 *    the segment ≤ r: hit at 0) or beyond one end (|x| > h), and by the same
 *    argument only that end's circle can be hit.
 *
 * Rays nearly parallel to the side (θ small) are where the numerics matter:
 * the side line is met after (distance from the line) / sin θ, which is only
 * as accurate as those two small numbers, and the x of the crossing decides
 * between the flat side and an end circle. So:
 * - the ray runs along (ex, ey), the caller's direction scaled by a power of
 *   two, not along its rounded unit vector (dx, dy): sin θ comes from the
 *   direction's exact bits (t is then the ray parameter, the distance t·|e|);
 * - sin θ (the direction's local y) and the origin's distance from the side
 *   line are computed with exact rounding errors (see `diffOfProducts`), from
 *   the exact difference origin − centre. The distance is measured to the line
 *   at r·|q|, not r: the stored rotation (qc, qs) is unit length only to
 *   within rounding and the local frame is scaled by |q|, so an error of
 *   1e-16·r there would swamp a distance of 1e-13 to the line.
 * - When the crossing lands beyond an end, the end circle is tested from the
 *   crossing point (x, ±r) rather than from the origin (see `capEntry`).
 * - x itself is a sum of large terms when the origin is far (x = lx + t·ldx),
 *   rounded to about 1e-16 of them. At the end the ray comes from, a crossing
 *   within that tolerance beyond the end is taken as a side hit: the true hit
 *   is on the end circle, within that tolerance of the side line's crossing
 *   (the circle leaves the line tangentially, and the ray runs on into it), so
 *   the distance is right to that tolerance. Testing the circle instead could
 *   miss it altogether: a nearly parallel ray that actually crosses the line
 *   just before the end enters the circle only if it does so within about r·θ
 *   of the end. At the end the ray heads to, the range is not widened: a ray
 *   crossing there within the tolerance dips at most θ·tolerance into the
 *   capsule before it leaves, a touch, and the end circle test from the
 *   crossing point decides it (hit or miss) without inventing a hit beyond the end.
 */
function raycastCapsule(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  ex: number,
  ey: number,
  maxDistance: number,
  out: RaycastHitBuffer,
): boolean {
  const c = body.qc;
  const s = body.qs;
  const h = body._halfLength;
  const r = body._radius;
  // The ray is o + t·(ex, ey); distances are t·len.
  const len = ex === dx && ey === dy ? 1 : Math.sqrt(ex * ex + ey * ey);
  // Origin relative to the centre, exactly: rx + rxLow, ry + ryLow.
  const rx = ox - body.px;
  const ry = oy - body.py;
  const rxLow = sumError(ox, -body.px, rx);
  const ryLow = sumError(oy, -body.py, ry);
  // Origin and direction in the capsule frame (rotate by −angle). The local y
  // values are computed to full relative accuracy: ly + lyLow, and ldy (sin θ).
  const lx = c * rx + s * ry;
  const ly = diffOfProducts(c, ry, s, rx);
  const lyLow = lowPart + (c * ryLow - s * rxLow);
  const ldx = c * ex + s * ey;
  const ldy = diffOfProducts(c, ey, s, ex) + lowPart;

  // The side lines are at y = ±r·|q| in this frame: rk + rkLow.
  const k = rotationLength(c, s);
  const rk = r * k;
  const rkLow = productError(r, k, rk) + r * lowPart;
  // The origin's side of the axis, and how far it is outside that side line (≤ 0: inside the strip).
  const side = ly > 0 ? 1 : -1;
  const d = side * ly - rk;
  const outside = d + (sumError(side * ly, -rk, d) + side * lyLow - rkLow);

  if (outside > 0) {
    // 1. Outside the strip: cross the side line first.
    if (side * ldy >= 0) return false; // parallel to the side lines, or moving away from the strip
    const t = outside / (-side * ldy);
    if (t * len > maxDistance) return false; // the whole capsule is farther along the ray than this
    const x = lx + t * ldx;
    // x's rounding error is below about 8ε·(|lx| + t + r). Only the end the ray comes from is widened (see above).
    const tolerance = 4e-15 * (Math.abs(lx) + t * len + h + r);
    if (x >= (ldx > 0 ? -h - tolerance : -h) && x <= (ldx < 0 ? h + tolerance : h)) {
      // Local normal (0, side), rotated back to world: side · (−sin, cos).
      return writeHit(body, ox, oy, ex, ey, t, len, -side * s, side * c, out);
    }
    // Beyond an end: that end circle, tested from the crossing point (x, side · rk), on the side line (inset 0).
    const mx = x > 0 ? x - h : x + h;
    const tc = capEntry(mx, 0, ldx, side * ldy, rk, mx * mx);
    if (tc < 0 || (t + tc) * len > maxDistance) return false;
    return writeCapHit(body, ox, oy, ex, ey, t + tc, len, mx + tc * ldx, side * rk + tc * ldy, out);
  }

  // 2. Inside the strip, `inset` = −outside inside its side line: inside the capsule, or beyond one end.
  const beyond = lx > h ? lx - h : lx < -h ? lx + h : 0;
  const inset = -outside;
  // |(beyond, ly)|² − rk², with |ly| = rk − inset.
  const cc = beyond * beyond - inset * (2 * rk - inset);
  if (beyond === 0 || cc <= 0) return hitAtOrigin(body, ox, oy, dx, dy, out);
  const t = capEntry(beyond, inset, ldx, side * ldy, rk, cc);
  if (t < 0 || t * len > maxDistance) return false;
  return writeCapHit(body, ox, oy, ex, ey, t, len, beyond + t * ldx, ly + t * ldy, out);
}

/** √(qc² + qs²), the length of the stored rotation (1 to within rounding), as the returned value + `lowPart`. */
function rotationLength(qc: number, qs: number): number {
  // qc² + qs² exactly as k2 + k2Low; then one Newton step from k = fl(√k2):
  // √(k2 + e) ≈ k + (k2 − k² + e) / (2k), where k2 − k² is exact (k² ≈ k2).
  const cc = qc * qc;
  const ss = qs * qs;
  const k2 = cc + ss;
  const k2Low = sumError(cc, ss, k2) + productError(qc, qc, cc) + productError(qs, qs, ss);
  const k = Math.sqrt(k2);
  const kk = k * k;
  lowPart = (k2 - kk - productError(k, k, kk) + k2Low) / (2 * k);
  return k;
}

/**
 * Where a ray from outside an end circle enters it, or −1 if it never does;
 * the capsule's version of `rayCircleEntry`, for rays that may be nearly
 * parallel to the side lines.
 *
 * The frame is the capsule's, moved to the circle's centre and flipped if
 * need be so that the ray's start lies on the +y side: it is at (mx, R − inset),
 * `inset` ≥ 0 being its distance inside the side line y = R (R = radius; 0
 * for a point on the line). (dx, dy) is the direction, unit length to within
 * rounding, and c = |start|² − R² > 0.
 *
 * With b = start · d, p = start × d and |start|²|d|² = b² + p², the smaller
 * root of |d|² t² + 2 b t + c = 0 is c / (−b + √(R²|d|² − p²)) (see
 * `rayCircleEntry`). The discriminant is (R|d| − p)(R|d| + p), and each
 * factor is written so that no rounding error gets amplified:
 *     R|d| − p = R(|d| + dx) − inset·dx − mx·dy,
 *     R|d| + p = R(|d| − dx) + inset·dx + mx·dy,
 * with |d| − |dx| = dy² / (|d| + |dx|) when that is a difference. This matters
 * for a nearly parallel ray reaching the circle close to its top: then
 * R|d| − p is tiny (about R·θ²/2 + mx·θ), and R − p in plain doubles would
 * come out as R − R·cos θ with cos θ rounded to 1: an error of 1e-16·R in a
 * number that can be as small as R·θ²/2, which reached 2e-8 relative in the
 * distance in the tests.
 */
function capEntry(mx: number, inset: number, dx: number, dy: number, radius: number, c: number): number {
  const b = mx * dx + (radius - inset) * dy;
  if (b >= 0) return -1; // moving away from the centre (or sideways)
  const len = Math.sqrt(dx * dx + dy * dy);
  const plus = dx >= 0 ? len + dx : (dy * dy) / (len - dx); // |d| + dx
  const minus = dx <= 0 ? len - dx : (dy * dy) / (len + dx); // |d| − dx
  const upper = radius * plus - inset * dx - mx * dy;
  const lower = radius * minus + inset * dx + mx * dy;
  if (upper < 0 || lower < 0) return -1; // the line passes farther than the radius from the centre
  return c / (-b + Math.sqrt(upper * lower));
}

/** A hit on an end circle at o + t·(dx, dy) (length `len`): `(nx, ny)` is the local vector from the circle's centre to the hit point. */
function writeCapHit(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  t: number,
  len: number,
  nx: number,
  ny: number,
  out: RaycastHitBuffer,
): true {
  const c = body.qc;
  const s = body.qs;
  const n = Math.sqrt(nx * nx + ny * ny);
  // Rotate back to world and normalise.
  return writeHit(body, ox, oy, dx, dy, t, len, (c * nx - s * ny) / n, (s * nx + c * ny) / n, out);
}

/**
 * Ray against an axis-aligned box: the slab method.
 *
 * The box is the overlap of two slabs, |x − px| ≤ hw and |y − py| ≤ hh. Along
 * the ray each slab is an interval of t: for x, the ray crosses the near face
 * at tNearX and the far face at tFarX (which face is near depends on the sign
 * of dx). The ray is inside the box where it is inside both slabs, so it
 * enters at tEnter = max(tNearX, tNearY) and leaves at min(tFarX, tFarY); it
 * hits if it enters before it leaves. The slab entered last is the face hit,
 * and its outward normal is the normal. If the ray enters both slabs at the
 * same t (it passes exactly through a corner), the x face is reported.
 *
 * A ray parallel to a slab (dx = 0) is inside that slab for all t or never;
 * it is handled separately so that no 0/0 appears.
 */
function raycastBox(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RaycastHitBuffer,
): boolean {
  const hw = body._halfWidth;
  const hh = body._halfHeight;
  // Origin relative to the box centre.
  const lx = ox - body.px;
  const ly = oy - body.py;
  if (lx >= -hw && lx <= hw && ly >= -hh && ly <= hh) return hitAtOrigin(body, ox, oy, dx, dy, out);

  let nearX = -Infinity;
  let farX = Infinity;
  if (dx > 0) {
    nearX = (-hw - lx) / dx;
    farX = (hw - lx) / dx;
  } else if (dx < 0) {
    nearX = (hw - lx) / dx;
    farX = (-hw - lx) / dx;
  } else if (lx < -hw || lx > hw) {
    return false; // moving parallel to the x faces, outside the x slab
  }
  let nearY = -Infinity;
  let farY = Infinity;
  if (dy > 0) {
    nearY = (-hh - ly) / dy;
    farY = (hh - ly) / dy;
  } else if (dy < 0) {
    nearY = (hh - ly) / dy;
    farY = (-hh - ly) / dy;
  } else if (ly < -hh || ly > hh) {
    return false;
  }

  const enter = nearX >= nearY ? nearX : nearY;
  const exit = farX <= farY ? farX : farY;
  // The origin is outside, so a real entry is ahead of it (enter ≥ 0); an
  // entry behind the origin means the box is behind the ray.
  if (enter < 0 || enter > exit || enter > maxDistance) return false;
  // The hit lies on a face, so one of its coordinates is known exactly: use
  // it rather than the rounded ox + t·dx.
  if (nearX >= nearY) {
    const nx = dx > 0 ? -1 : 1;
    writeHit(body, ox, oy, dx, dy, enter, 1, nx, 0, out);
    out.x = body.px + nx * hw;
    return true;
  }
  const ny = dy > 0 ? -1 : 1;
  writeHit(body, ox, oy, dx, dy, enter, 1, 0, ny, out);
  out.y = body.py + ny * hh;
  return true;
}
