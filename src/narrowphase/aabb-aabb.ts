/**
 * Axis-aligned box (A) vs axis-aligned box (B).
 *
 * Separating axes: for boxes that never rotate only x and y can separate
 * them. With d = B's centre − A's centre, the overlap on each axis is
 *   ox = (hwA + hwB) − |dx|,   oy = (hhA + hhB) − |dy|.
 * - Both ≥ 0: the boxes overlap; the minimum translation is along the axis of
 *   smaller overlap (ties go to y, so stacked boxes use their horizontal faces),
 *   pushing B away from A: normal ±x or ±y by the sign of d (d = 0 counts as +).
 * - One negative: that axis separates them; the gap is −overlap, reported (as a
 *   negative depth) only within the margin.
 * - Both negative: the nearest features are two corners and the gap is
 *   √(ox² + oy²), along the line between them.
 * Concentric equal boxes are therefore pushed apart along (0, 1).
 *
 * Contact points: on a face contact, the face of A that points along the
 * normal and the face of B that points back are parallel, and
 * `clipAlongTangent` puts one point at each end of the interval where they
 * face each other (two points keep a stack from rocking), ids
 * 2·(normal direction) + 0 for the low end and + 1 for the high end along the
 * tangent (direction: 0 −x, 1 +x, 2 −y, 3 +y, i.e. the face of A the normal
 * leaves through). When the boxes only touch at a point of that interval, one
 * point. Corner to corner: one point halfway between the two corners, id
 * 8 + (A's corner, numbered as in box-features.ts).
 */
import type { Body } from "../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { addMidpoint, addPoint, clip, clipAlongTangent, direction, normalize, point } from "./segment.js";
import { cornerId, FACE_BOTTOM, FACE_LEFT, FACE_RIGHT, FACE_TOP } from "./box-features.js";

export function collideBoxes(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const ox = a.position.x;
  const oy = a.position.y;
  const dx = b.position.x - ox;
  const dy = b.position.y - oy;
  const hwA = a.halfWidth;
  const hhA = a.halfHeight;
  const hwB = b.halfWidth;
  const hhB = b.halfHeight;
  const overlapX = hwA + hwB - Math.abs(dx);
  const overlapY = hhA + hhB - Math.abs(dy);
  if (!(overlapX > -margin && overlapY > -margin)) return false;
  const sx = dx >= 0 ? 1 : -1;
  const sy = dy >= 0 ? 1 : -1;

  if (overlapX < 0 && overlapY < 0) {
    // Corner to corner.
    const gx = -overlapX;
    const gy = -overlapY;
    const d = direction;
    d.dx = sx * gx;
    d.dy = sy * gy;
    normalize(d);
    const depth = -d.length;
    if (!(depth > -margin)) return false;
    out.normalX = d.x;
    out.normalY = d.y;
    out.depth = depth;
    // Midpoint of A's corner (sx·hwA, sy·hhA) and B's corner (d − (sx·hwB, sy·hhB)).
    const p = point;
    p.x = ox + 0.5 * (sx * hwA + dx - sx * hwB);
    p.y = oy + 0.5 * (sy * hhA + dy - sy * hhB);
    p.depth = depth;
    p.id = 8 + cornerId(sx > 0, sy > 0);
    addPoint(out, p);
    return true;
  }

  // Face contact: along y when y separates, or when x overlaps at least as much.
  const alongY = overlapX >= 0 && (overlapY < 0 || overlapY <= overlapX);
  // A's face (u1..u2 across the normal at height ua) and B's face (v1..v2 at
  // height vb), in the frame of A's centre; then (sx, 0) or (0, sy) is the normal.
  const depth = alongY ? overlapY : overlapX;
  const ua = alongY ? sy * hhA : sx * hwA;
  const vb = alongY ? dy - sy * hhB : dx - sx * hwB;
  const across = alongY ? dx : dy;
  const hA = alongY ? hwA : hhA;
  const hB = alongY ? hwB : hhB;
  const id = 2 * (alongY ? (sy < 0 ? FACE_BOTTOM : FACE_TOP) : sx < 0 ? FACE_LEFT : FACE_RIGHT);
  out.normalX = alongY ? 0 : sx;
  out.normalY = alongY ? sy : 0;
  out.depth = depth;
  const k = clip;
  k.ox = ox;
  k.oy = oy;
  k.rA = 0;
  k.rB = 0;
  k.lowId = id;
  if (alongY) {
    k.a1x = -hA; k.a1y = ua; k.a2x = hA; k.a2y = ua;
    k.b1x = across - hB; k.b1y = vb; k.b2x = across + hB; k.b2y = vb;
  } else {
    k.a1x = ua; k.a1y = -hA; k.a2x = ua; k.a2y = hA;
    k.b1x = vb; k.b1y = across - hB; k.b2x = vb; k.b2y = across + hB;
  }
  if (clipAlongTangent(out, k) === 0) {
    // The faces meet at a single point and rounding made their common interval
    // empty: one point, in the middle of where the faces end.
    const lo = -hA > across - hB ? -hA : across - hB;
    const hi = hA < across + hB ? hA : across + hB;
    const m = 0.5 * (lo + hi);
    const p = point;
    p.x = alongY ? ox + m : ox + ua;
    p.y = alongY ? oy + ua : oy + m;
    p.depth = depth;
    p.id = id;
    addMidpoint(out, p);
  }
  return true;
}
