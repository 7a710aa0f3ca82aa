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
 * - `raycastInto(body, ox, oy, dx, dy, maxDistance, out)` is the allocation-free
 *   core the world's queries and continuous collision call many times per
 *   step. It trusts its input (unit direction, finite numbers) and writes the
 *   hit into a reused `RaycastHitBuffer`.
 */
import { BOX, CAPSULE, type Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { checkShape } from "./collide.js";

/** The result of a ray cast that hit something. */
export interface RaycastHit {
  /** The body that was hit. */
  body: Body;
  /** Where the ray meets the surface (the ray's origin when it starts inside). */
  point: Vec2;
  /** Outward unit surface normal at `point`; the negated ray direction when the ray starts inside. */
  normal: Vec2;
  /** Distance from the origin to `point`, metres (0 when the ray starts inside). */
  distance: number;
}

/** Allocation-free ray hit: `raycastInto` writes here. */
export class RaycastHitBuffer {
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
      body: this.body,
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
  checkMaxDistance(maxDistance);
  const out = new RaycastHitBuffer();
  if (!raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxDistance, out)) return null;
  return out.toHit();
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
): boolean {
  if (body.kind === BOX) return raycastBox(body, ox, oy, dx, dy, maxDistance, out);
  if (body.kind === CAPSULE && body.halfLength > 0) return raycastCapsule(body, ox, oy, dx, dy, maxDistance, out);
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

function writeHit(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  t: number,
  nx: number,
  ny: number,
  out: RaycastHitBuffer,
): true {
  out.body = body;
  out.x = ox + t * dx;
  out.y = oy + t * dy;
  out.normalX = nx;
  out.normalY = ny;
  out.distance = t;
  return true;
}

/**
 * Where a ray from outside a circle enters it, or −1 if it never does.
 *
 * `(mx, my)` is the ray origin relative to the circle centre, `(dx, dy)` the
 * unit direction, and `c = |m|² − r²` (> 0 because the origin is outside).
 * The points of the ray on the circle satisfy |m + t d|² = r², that is
 *     t² + 2 b t + c = 0   with   b = m · d,
 * whose roots are t = −b ± √(b² − c). We want the smaller one, −b − √(b² − c).
 * - b ≥ 0: the ray points away from the centre (or sideways); since the origin
 *   is outside, it never gets closer, so it misses.
 * - b² − c < 0: the line passes farther than r from the centre: a miss.
 *   b² − c = 0 is a tangent: the ray grazes the circle, which counts as a hit.
 * Subtracting −b − √(b² − c) loses digits when c is small compared with b²
 * (an origin close to the surface). Multiplying top and bottom by −b + √(b² − c)
 * gives the same root as c / (−b + √(b² − c)), a sum of two non-negative
 * numbers in the denominator, so nothing cancels.
 */
function rayCircleEntry(mx: number, my: number, dx: number, dy: number, c: number): number {
  const b = mx * dx + my * dy;
  if (b >= 0) return -1;
  const disc = b * b - c;
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
  const r = body.radius;
  const mx = ox - body.position.x;
  const my = oy - body.position.y;
  const c = mx * mx + my * my - r * r;
  if (c <= 0) return hitAtOrigin(body, ox, oy, dx, dy, out);
  const t = rayCircleEntry(mx, my, dx, dy, c);
  if (t < 0 || t > maxDistance) return false;
  // The normal points from the centre to the hit point.
  const hx = mx + t * dx;
  const hy = my + t * dy;
  const len = Math.sqrt(hx * hx + hy * hy);
  return writeHit(body, ox, oy, dx, dy, t, hx / len, hy / len, out);
}

/**
 * Ray against a capsule: the 2D form of the ray–capsule method in the seeds.
 *
 * We work in the capsule's own frame, where its segment runs along the x axis
 * from (−h, 0) to (h, 0) (h = halfLength, r = radius). The 3D method
 * intersects the ray with the infinite cylinder around the axis; in 2D that
 * "cylinder" is the strip |y| ≤ r, bounded by the two side lines y = +r and
 * y = −r. The capsule is the part of the strip with |x| ≤ h plus the two end
 * circles of radius r around (±h, 0), and every part of the capsule lies in
 * the strip. So:
 *
 * 1. If the origin is inside the capsule (distance to the segment ≤ r): hit at 0.
 * 2. If the origin is outside the strip, the ray must first cross the side
 *    line nearest to it. If it moves parallel to the lines or away from them it
 *    never enters the strip: a miss (this is the seed's "ray parallel to the
 *    axis" case, where the quadratic has no t² term). Otherwise it crosses the
 *    side line at t = (±r − y₀) / d_y. If the crossing's x lies in [−h, h], the
 *    ray enters through the flat side there and the normal is (0, ±1).
 *    If x > h, the ray is now in the strip beyond the end B; the only part of
 *    the capsule it can still reach is end circle B (to get to the flat part it
 *    would have to pass x = h with |y| ≤ r, which is inside circle B). Likewise
 *    x < −h means circle A. This is the seed's "t′ outside [0, 1]: test the
 *    sphere at that end".
 * 3. If the origin is inside the strip but outside the capsule, it is beyond
 *    one end (|x| > h), and by the same argument only that end's circle can be hit.
 *
 * Working in the local frame costs two rotations of the ray and one of the
 * normal, and turns the side-line test into a one-dimensional division.
 */
function raycastCapsule(
  body: Body,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RaycastHitBuffer,
): boolean {
  const c = body.rotCos;
  const s = body.rotSin;
  const h = body.halfLength;
  const r = body.radius;
  // Origin and direction in the capsule frame (rotate by −angle).
  const rx = ox - body.position.x;
  const ry = oy - body.position.y;
  const lx = c * rx + s * ry;
  const ly = c * ry - s * rx;
  const ldx = c * dx + s * dy;
  const ldy = c * dy - s * dx;

  // 1. Inside: the origin's distance to the segment [−h, h] × {0} is at most r.
  const ex = lx > h ? lx - h : lx < -h ? lx + h : 0;
  if (ex * ex + ly * ly <= r * r) return hitAtOrigin(body, ox, oy, dx, dy, out);

  // Which end circle to test if the ray does not enter through a flat side.
  let capX: number;
  if (ly > r || ly < -r) {
    // 2. Outside the strip: cross the side line y = side · r first.
    if (ly * ldy >= 0) return false; // parallel to the side lines, or moving away from the strip
    const side = ly > 0 ? 1 : -1;
    const t = (side * r - ly) / ldy;
    if (t > maxDistance) return false; // the whole capsule is farther along the ray than this
    const x = lx + t * ldx;
    if (x >= -h && x <= h) {
      // Local normal (0, side), rotated back to world: side · (−sin, cos).
      return writeHit(body, ox, oy, dx, dy, t, -side * s, side * c, out);
    }
    capX = x > h ? h : -h;
  } else {
    // 3. Inside the strip, beyond one end.
    capX = lx > h ? h : -h;
  }

  const mx = lx - capX;
  const t = rayCircleEntry(mx, ly, ldx, ldy, mx * mx + ly * ly - r * r);
  if (t < 0 || t > maxDistance) return false;
  // Local normal from the cap centre to the hit point, rotated back to world.
  const nx = mx + t * ldx;
  const ny = ly + t * ldy;
  const len = Math.sqrt(nx * nx + ny * ny);
  return writeHit(body, ox, oy, dx, dy, t, (c * nx - s * ny) / len, (s * nx + c * ny) / len, out);
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
  const hw = body.halfWidth;
  const hh = body.halfHeight;
  // Origin relative to the box centre.
  const lx = ox - body.position.x;
  const ly = oy - body.position.y;
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
    writeHit(body, ox, oy, dx, dy, enter, nx, 0, out);
    out.x = body.position.x + nx * hw;
    return true;
  }
  const ny = dy > 0 ? -1 : 1;
  writeHit(body, ox, oy, dx, dy, enter, 0, ny, out);
  out.y = body.position.y + ny * hh;
  return true;
}
