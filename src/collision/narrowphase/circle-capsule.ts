/**
 * Circle (A) vs capsule (B).
 *
 * A capsule is every point within its radius of its inner segment, so the
 * circle and the capsule overlap exactly when the circle's centre is closer
 * than rA + rB to that segment. Find the point q of the segment closest to the
 * centre: the normal points from the centre to q and the depth is
 * rA + rB − |q − centre|.
 *
 * When q is inside the segment (not an end point), the direction to it is
 * exactly perpendicular to the segment; we use the perpendicular itself and
 * the centre's signed distance to the line, which stays accurate even when
 * the centre is almost on the segment.
 *
 * Degenerate case: a centre exactly on the segment has no direction to the
 * segment. The way out is then perpendicular to the segment (depth rA + rB,
 * which beats leaving through an end), and we take the "upward" perpendicular:
 * positive y, or +x for a vertical capsule. A centre on an end point, or
 * within rounding noise of it (1e-12 of the configuration's size), also uses
 * the perpendicular, towards the centre's side of the line.
 *
 * One point midway between the surfaces. Its features (see feature-id.ts):
 * the circle's CENTRE and the capsule's END_0 or END_1 when the closest
 * segment point is that end point (also when the perpendicular is used
 * there), SIDE otherwise.
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { closestOnSegment, direction, normalize, pointSegment, TOUCH_TOLERANCE, upPerpSign } from "./segment.js";
import { CapsuleFeature, CircleFeature, ClipEnd, featureId } from "./feature-id.js";

export function collideCircleCapsule(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const ox = a.px;
  const oy = a.py;
  // Everything relative to the circle's centre.
  const cx = b.px - ox;
  const cy = b.py - oy;
  const ux = b.qc;
  const uy = b.qs;
  const h = b._halfLength;
  const rA = a._radius;
  const r = rA + b._radius;
  const reach = r + margin + h;
  if (cx * cx + cy * cy >= reach * reach) return false;

  const q = pointSegment;
  q.px = 0;
  q.py = 0;
  q.ax = cx - ux * h;
  q.ay = cy - uy * h;
  q.bx = cx + ux * h;
  q.by = cy + uy * h;
  closestOnSegment(q);
  const sign = upPerpSign(b);
  let nx = -uy * sign;
  let ny = ux * sign;
  let dist: number;
  // An end point is the closest feature only if the centre lies beyond it
  // along the axis (in its normal cone). Rounding can clamp to an end point
  // when the centre projects just inside; then, as for a centre within rounding
  // noise of the end point, the perpendicular is the answer.
  const d = direction;
  let endPoint = false;
  if (q.t === 0 || q.t === 1) {
    d.dx = q.x;
    d.dy = q.y;
    normalize(d);
    const outward = q.t === 0 ? -1 : 1;
    endPoint = (d.x * ux + d.y * uy) * outward <= 0 && d.length > TOUCH_TOLERANCE * (h + Math.abs(cx) + Math.abs(cy));
  }
  if (endPoint) {
    dist = d.length;
    nx = d.x;
    ny = d.y;
  } else {
    // Signed distance from the centre (the origin) to the line, along the upward perpendicular.
    const level = nx * cx + ny * cy;
    dist = Math.abs(level);
    if (level < 0) {
      nx = -nx;
      ny = -ny;
    }
  }
  const depth = r - dist;
  if (!(depth > -margin)) return false;
  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  // The only point: A's surface point along n, moved back by half the depth
  // (what addMidpoint does, written out for this one-point pair).
  const half = 0.5 * depth;
  out.x0 = ox + nx * rA - nx * half;
  out.y0 = oy + ny * rA - ny * half;
  out.depth0 = depth;
  const feature = q.t === 0 ? CapsuleFeature.END_0 : q.t === 1 ? CapsuleFeature.END_1 : CapsuleFeature.SIDE;
  out.id0 = featureId(CircleFeature.CENTRE, feature, ClipEnd.NONE);
  out.count = 1;
  return true;
}
