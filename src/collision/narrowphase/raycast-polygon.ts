/**
 * Ray casts against a (rounded) polygon and against a segment: pure, with
 * raycast.ts's conventions. The ray is origin + t·direction, t ≥ 0, with a
 * unit direction; a hit is the smallest t ≤ maxDistance at which the ray is
 * inside the (closed) shape, the point there, and the outward unit normal of
 * the surface there. A ray that starts inside or on the shape hits at
 * distance 0, at its origin, with the normal −direction.
 *
 * Like `raycastInto`, these trust their input and write a hit into a
 * `RaycastHitBuffer` (x, y, normalX, normalY, distance: not `body`, which the
 * caller sets) and return true, or return false and leave it untouched.
 *
 * Polygon, in its own frame (the origin and direction turned back by the
 * pose):
 * - radius 0: the polygon is the intersection of its edges' half planes.
 *   Along the ray each half plane n·x ≤ n·v is a half line of t; the ray is
 *   inside where it is inside all of them: it enters at the largest entering
 *   t and leaves at the smallest leaving t (Cyrus–Beck), and the edge
 *   entered last is the one hit.
 * - radius r > 0: the shape is the polygon, a rectangle of width r outside
 *   each edge and a disc of radius r at each vertex. From outside, the ray
 *   first enters through an edge pushed out by r (within the edge's extent)
 *   or through a vertex's disc; the smallest of those entries is the hit.
 *   (The polygon itself is surrounded by the other pieces, and a
 *   rectangle's short sides lie inside the discs.)
 *
 * Segment: a two-sided line of no thickness. The ray hits where it crosses
 * it, the normal on the side the ray comes from. A ray along the segment's
 * line hits its nearer end point (normal −direction, as a surface normal is
 * not defined there); a ray starting on the segment hits at 0.
 */
/** Where a hit is written: raycast.ts's `RaycastHitBuffer` is one (declared here, so that raycast.ts can import this file). */
export interface RayHitOut {
  x: number;
  y: number;
  normalX: number;
  normalY: number;
  distance: number;
}
import type { PlacedPolygon, PlacedSegment } from "./placed.js";

function write(ox: number, oy: number, dx: number, dy: number, t: number, nx: number, ny: number, out: RayHitOut): true {
  out.x = ox + t * dx;
  out.y = oy + t * dy;
  out.normalX = nx;
  out.normalY = ny;
  out.distance = t;
  return true;
}

/** Ray cast against a placed (rounded) polygon. `(dx, dy)` unit; `maxDistance` may be Infinity. */
export function raycastPolygon(
  p: PlacedPolygon,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RayHitOut,
): boolean {
  const g = p.polygon;
  const c = p.qc;
  const s = p.qs;
  // origin and direction in the polygon's frame
  const rx = ox - p.px;
  const ry = oy - p.py;
  const lx = c * rx + s * ry;
  const ly = c * ry - s * rx;
  const ldx = c * dx + s * dy;
  const ldy = c * dy - s * dx;
  const n = g.count;
  const r = g.radius;

  // Inside? The largest edge separation of the origin, and (when it is outside) its distance to that edge.
  let sep = -Infinity;
  let face = 0;
  for (let i = 0; i < n; i++) {
    const d = g.nx[i]! * (lx - g.vx[i]!) + g.ny[i]! * (ly - g.vy[i]!);
    if (d > sep) {
      sep = d;
      face = i;
    }
  }
  if (sep <= 0) return hitOrigin(ox, oy, dx, dy, out);
  if (r > 0 && sep <= r) {
    // closest point of the polygon is on edge `face` (or its ends)
    const k = face + 1 === n ? 0 : face + 1;
    const ax = g.vx[face]!;
    const ay = g.vy[face]!;
    const ex = g.vx[k]! - ax;
    const ey = g.vy[k]! - ay;
    let t = (ex * (lx - ax) + ey * (ly - ay)) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = lx - (ax + t * ex);
    const qy = ly - (ay + t * ey);
    if (qx * qx + qy * qy <= r * r) return hitOrigin(ox, oy, dx, dy, out);
  }

  let best = Infinity;
  let bnx = 0;
  let bny = 0;
  if (r === 0) {
    let enter = 0;
    let exit = maxDistance;
    let hitFace = -1;
    for (let i = 0; i < n; i++) {
      const nx = g.nx[i]!;
      const ny = g.ny[i]!;
      const num = nx * (g.vx[i]! - lx) + ny * (g.vy[i]! - ly); // ≥ 0: the origin is inside this half plane
      const den = nx * ldx + ny * ldy;
      if (den === 0) {
        if (num < 0) return false; // parallel to the edge, outside it
        continue;
      }
      const t = num / den;
      if (den < 0) {
        if (t > enter) {
          enter = t;
          hitFace = i;
        }
      } else if (t < exit) {
        exit = t;
      }
      if (exit < enter) return false;
    }
    if (hitFace < 0 || enter > maxDistance) return false;
    best = enter;
    bnx = g.nx[hitFace]!;
    bny = g.ny[hitFace]!;
  } else {
    for (let i = 0; i < n; i++) {
      const nx = g.nx[i]!;
      const ny = g.ny[i]!;
      // the edge pushed out by r: entered from outside while the ray moves against its normal
      const den = nx * ldx + ny * ldy;
      const num = nx * (g.vx[i]! - lx) + ny * (g.vy[i]! - ly) + r; // ≤ 0: the origin is outside the pushed-out edge
      if (den < 0 && num <= 0) {
        const t = num / den;
        const k = i + 1 === n ? 0 : i + 1;
        const ex = g.vx[k]! - g.vx[i]!;
        const ey = g.vy[k]! - g.vy[i]!;
        const along = ex * (lx + t * ldx - g.vx[i]!) + ey * (ly + t * ldy - g.vy[i]!);
        if (t < best && along >= 0 && along <= ex * ex + ey * ey) {
          best = t;
          bnx = nx;
          bny = ny;
        }
      }
      // the disc at vertex i: |m + t d|² = r² with m = origin − vertex
      const mx = lx - g.vx[i]!;
      const my = ly - g.vy[i]!;
      const b = mx * ldx + my * ldy;
      if (b < 0) {
        const cc = mx * mx + my * my - r * r;
        const pp = mx * ldy - my * ldx; // distance of the centre from the ray's line, signed
        const disc = (r - pp) * (r + pp);
        if (disc >= 0 && cc > 0) {
          const t = cc / (-b + Math.sqrt(disc));
          if (t < best) {
            const hx = mx + t * ldx;
            const hy = my + t * ldy;
            const len = Math.sqrt(hx * hx + hy * hy);
            best = t;
            bnx = hx / len;
            bny = hy / len;
          }
        }
      }
    }
    if (best === Infinity || best > maxDistance) return false; // (Infinity: no piece is entered, even with maxDistance Infinity)
  }
  // the normal back to world
  return write(ox, oy, dx, dy, best, c * bnx - s * bny, s * bnx + c * bny, out);
}

function hitOrigin(ox: number, oy: number, dx: number, dy: number, out: RayHitOut): true {
  return write(ox, oy, dx, dy, 0, -dx, -dy, out);
}

/** Ray cast against a placed segment (two-sided; a chain's segment, `oneSided`, only from its right). `(dx, dy)` unit; `maxDistance` may be Infinity. */
export function raycastSegment(
  p: PlacedSegment,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RayHitOut,
): boolean {
  const g = p.segment;
  const c = p.qc;
  const s = p.qs;
  // end point a and the unit axis u in world, relative to the origin
  const ax = p.px + (c * g.ax - s * g.ay) - ox;
  const ay = p.py + (s * g.ax + c * g.ay) - oy;
  const ux = c * g.ux - s * g.uy;
  const uy = s * g.ux + c * g.uy;
  const len = 2 * g.halfLength;
  // the origin's height above the segment's line (along the left normal (−uy, ux)) and position along it
  const h = -(-uy * ax + ux * ay); // (origin − a)·(−uy, ux)
  const along = -(ux * ax + uy * ay); // (origin − a)·u
  const climb = -uy * dx + ux * dy; // the direction's rate along the left normal
  // a chain's segment is one-sided (Box2D's): seen from behind (its left), nothing to hit
  if (g.oneSided && h > 0) return false;
  if (h === 0) {
    // on the segment's line
    if (along >= 0 && along <= len) return hitOrigin(ox, oy, dx, dy, out);
    const run = ux * dx + uy * dy;
    if (climb !== 0) return false; // leaves the line at once
    const t = along < 0 ? (run > 0 ? -along : -1) : run < 0 ? along - len : -1;
    if (t < 0 || t > maxDistance) return false;
    return write(ox, oy, dx, dy, t, -dx, -dy, out);
  }
  // crosses the line when the height reaches 0
  if (climb === 0 || (h > 0) === (climb > 0)) return false;
  const t = -h / climb;
  if (t > maxDistance) return false;
  const at = along + t * (ux * dx + uy * dy);
  if (at < 0 || at > len) return false;
  // normal: the side of the origin
  const side = h > 0 ? 1 : -1;
  return write(ox, oy, dx, dy, t, -uy * side, ux * side, out);
}
