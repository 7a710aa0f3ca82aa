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
 * Contact points (features as in feature-id.ts): on a face contact, the face
 * of A that points along the normal and the face of B that points back are
 * parallel, and `clipAlongTangent` puts one point at each end of the interval
 * where they face each other (two points keep a stack from rocking), features
 * (A's face, B's face) at the low and the high end along the tangent. When
 * the boxes only touch at a point of that interval, one point, as the low
 * end. Corner to corner: one point halfway between the two corners, features
 * (A's corner, B's opposite corner).
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { clipAlongTangent, direction, normalize, tangentClip } from "./segment.js";
import { addClipPoints, addMidpoint, point } from "./contact-points.js";
import { BoxFeature, ClipEnd, corner, featureId } from "./feature-id.js";

export function collideBoxes(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const ox = a.px;
  const oy = a.py;
  const dx = b.px - ox;
  const dy = b.py - oy;
  const hwA = a._halfWidth;
  const hhA = a._halfHeight;
  const hwB = b._halfWidth;
  const hhB = b._halfHeight;
  const overlapX = hwA + hwB - Math.abs(dx);
  const overlapY = hhA + hhB - Math.abs(dy);
  if (!(overlapX > -margin && overlapY > -margin)) return false;
  const sx = dx >= 0 ? 1 : -1;
  const sy = dy >= 0 ? 1 : -1;

  const maskA = out.maskA;
  const maskB = out.maskB;

  if (overlapX < 0 && overlapY < 0) {
    // Corner to corner (none when either corner is hidden by a neighbour: see src/contacts/seams.ts).
    if (((maskA >> corner(sx > 0, sy > 0)) & 1) !== 0 || ((maskB >> corner(sx < 0, sy < 0)) & 1) !== 0) return false;
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
    // the manifold's one point, written here (a call to addPoint from this function was not
    // inlined and ran unoptimised, boxing the numbers it copied: a tumbler of boxes allocated
    // ~20 B per step there)
    out.x0 = ox + 0.5 * (sx * hwA + dx - sx * hwB);
    out.y0 = oy + 0.5 * (sy * hhA + dy - sy * hhB);
    out.depth0 = depth;
    out.id0 = featureId(corner(sx > 0, sy > 0), corner(sx < 0, sy < 0), ClipEnd.NONE);
    out.count = 1;
    return true;
  }

  // Face contact: along y when y separates, or when x overlaps at least as much.
  let alongY = overlapX >= 0 && (overlapY < 0 || overlapY <= overlapX);
  if ((maskA | maskB) !== 0) {
    // Hidden (internal) faces are never the contact face: the other axis, if its faces
    // are exposed and face each other, else no contact (the neighbour has its own).
    const yHidden = ((maskA >> (sy < 0 ? BoxFeature.BOTTOM : BoxFeature.TOP)) & 1) | ((maskB >> (sy < 0 ? BoxFeature.TOP : BoxFeature.BOTTOM)) & 1);
    const xHidden = ((maskA >> (sx < 0 ? BoxFeature.LEFT : BoxFeature.RIGHT)) & 1) | ((maskB >> (sx < 0 ? BoxFeature.RIGHT : BoxFeature.LEFT)) & 1);
    const yOk = yHidden === 0 && overlapX >= 0;
    const xOk = xHidden === 0 && overlapY >= 0;
    if (alongY ? !yOk : !xOk) {
      if (alongY ? !xOk : !yOk) return false;
      alongY = !alongY;
    }
  }
  // A's face (u1..u2 across the normal at height ua) and B's face (v1..v2 at
  // height vb), in the frame of A's centre; then (sx, 0) or (0, sy) is the normal.
  const depth = alongY ? overlapY : overlapX;
  const ua = alongY ? sy * hhA : sx * hwA;
  const vb = alongY ? dy - sy * hhB : dx - sx * hwB;
  const across = alongY ? dx : dy;
  const hA = alongY ? hwA : hhA;
  const hB = alongY ? hwB : hhB;
  // The face of A the normal leaves through, and the face of B that faces it.
  const faceA = alongY ? (sy < 0 ? BoxFeature.BOTTOM : BoxFeature.TOP) : sx < 0 ? BoxFeature.LEFT : BoxFeature.RIGHT;
  const faceB = alongY ? (sy < 0 ? BoxFeature.TOP : BoxFeature.BOTTOM) : sx < 0 ? BoxFeature.RIGHT : BoxFeature.LEFT;
  const nx = alongY ? 0 : sx;
  const ny = alongY ? sy : 0;
  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  const k = tangentClip;
  k.nx = nx;
  k.ny = ny;
  k.depth = depth;
  k.ox = ox;
  k.oy = oy;
  k.rA = 0;
  k.rB = 0;
  if (alongY) {
    k.a1x = -hA; k.a1y = ua; k.a2x = hA; k.a2y = ua;
    k.b1x = across - hB; k.b1y = vb; k.b2x = across + hB; k.b2y = vb;
  } else {
    k.a1x = ua; k.a1y = -hA; k.a2x = ua; k.a2y = hA;
    k.b1x = vb; k.b1y = across - hB; k.b2x = vb; k.b2y = across + hB;
  }
  clipAlongTangent(k);
  if (k.ends > 0) {
    addClipPoints(out, k, faceA, faceB);
  } else {
    // The faces meet at a single point and rounding made their common interval
    // empty: one point, in the middle of where the faces end.
    const lo = -hA > across - hB ? -hA : across - hB;
    const hi = hA < across + hB ? hA : across + hB;
    const m = 0.5 * (lo + hi);
    const p = point;
    p.x = alongY ? ox + m : ox + ua;
    p.y = alongY ? oy + ua : oy + m;
    p.depth = depth;
    p.id = featureId(faceA, faceB, ClipEnd.LOW);
    addMidpoint(out, p);
  }
  return true;
}
