/**
 * Capsule (A) vs capsule (B).
 *
 * Each capsule is its inner segment swept by its radius, so everything comes
 * down to the two segments (relative to A's centre): A = a1–a2 with unit axis
 * uA, B = b1–b2 with unit axis uB, and r = rA + rB.
 *
 * 1. Do the segments touch or cross? Their Minkowski difference is a
 *    parallelogram with edge normals ±nA, ±nB (the perpendiculars of the two
 *    axes), flattened to a segment when they are parallel, where ±uA is needed
 *    too. For each of those six directions m the overlap when B is pushed
 *    along m is  max over A of m·x − min over B of m·x.  All ≥ 0 means the
 *    segments meet, and then the exact minimum translation distance is
 *        depth = r + (smallest overlap),
 *    along that direction. This is larger than r: the simple "closest points"
 *    answer (distance 0, undefined normal) is wrong here. Ties go in the order
 *    +nA, −nA, +nB, −nB, +uA, −uA, where nA and nB are the "upward"
 *    perpendiculars (positive y, or +x for a vertical axis). So collinear
 *    overlapping segments are pushed apart sideways along A's upward
 *    perpendicular, depth r.
 * 2. Otherwise they are apart: Ericson's closest points c1 (on A, parameter s)
 *    and c2 (on B, parameter t) give the distance d and depth = r − d. When c1
 *    is inside A (0 < s < 1) the normal is exactly ±nA and d is c2's height above
 *    A's line (likewise ±nB when only c2 is inside B), which stays accurate for
 *    nearly touching segments; end point against end point uses (c2 − c1)/d
 *    (unless rounding put that direction outside an end point's normal cone:
 *    then the end point projects inside the other segment after all).
 *
 * Contact points (features as in feature-id.ts): if both segments lie within
 * about 5.7° of the contact tangent and face each other along it,
 * `clipAlongTangent` gives two points at the ends of the interval where they
 * overlap, features (SIDE, SIDE) at the low and the high end along the
 * tangent: no reference capsule is chosen, so nothing flips while the
 * capsules rest, and a 1e-4 jitter keeps the ids. Otherwise one point midway
 * between the surfaces at the deepest features. Apart: END_0, END_1 or SIDE
 * of each, by where its closest point lies. Crossing, by the axis: A's
 * SIDE_UP (+nA) or SIDE_DOWN (−nA) against B's DEEPEST_END; A's DEEPEST_END
 * against B's SIDE_DOWN (+nB) or SIDE_UP (−nB); A's END_1 (+uA) or END_0
 * (−uA) against B's DEEPEST_END.
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import {
  clipAlongTangent,
  closestOfSegments,
  direction,
  normalize,
  segmentPair,
  tangentClip,
  TOUCH_TOLERANCE,
  upPerpSign,
} from "./segment.js";
import { addClipPoints, addMidpoint, point } from "./contact-points.js";
import { CapsuleFeature, ClipEnd, featureId } from "./feature-id.js";

export function collideCapsules(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const ox = a.px;
  const oy = a.py;
  const cx = b.px - ox;
  const cy = b.py - oy;
  const uax = a.qc;
  const uay = a.qs;
  const ubx = b.qc;
  const uby = b.qs;
  const ha = a._halfLength;
  const hb = b._halfLength;
  const rA = a._radius;
  const rB = b._radius;
  const r = rA + rB;
  const reach = ha + hb + r + margin;
  if (cx * cx + cy * cy >= reach * reach) return false;

  const a1x = -uax * ha;
  const a1y = -uay * ha;
  const a2x = uax * ha;
  const a2y = uay * ha;
  const b1x = cx - ubx * hb;
  const b1y = cy - uby * hb;
  const b2x = cx + ubx * hb;
  const b2y = cy + uby * hb;
  const signA = upPerpSign(a);
  const nax = -uay * signA;
  const nay = uax * signA;
  const signB = upPerpSign(b);
  const nbx = -uby * signB;
  const nby = ubx * signB;

  // Step 1: overlaps of the segments along the six directions (without radii).
  // Heights of B's end points above A's line (A's line passes through the origin)...
  const lb1 = nax * b1x + nay * b1y;
  const lb2 = nax * b2x + nay * b2y;
  // ...of A's end points above B's line (through B's centre)...
  const la1 = nbx * (a1x - cx) + nby * (a1y - cy);
  const la2 = nbx * (a2x - cx) + nby * (a2y - cy);
  // ...and positions of B's end points along A's axis.
  const tb1 = uax * b1x + uay * b1y;
  const tb2 = uax * b2x + uay * b2y;
  let axis = 0;
  let minOverlap = -(lb1 < lb2 ? lb1 : lb2); // +nA: A's line against B's lowest end
  let o = lb1 > lb2 ? lb1 : lb2; // −nA
  if (o < minOverlap) { minOverlap = o; axis = 1; }
  o = la1 > la2 ? la1 : la2; // +nB: A's highest end against B's line
  if (o < minOverlap) { minOverlap = o; axis = 2; }
  o = -(la1 < la2 ? la1 : la2); // −nB
  if (o < minOverlap) { minOverlap = o; axis = 3; }
  o = ha - (tb1 < tb2 ? tb1 : tb2); // +uA
  if (o < minOverlap) { minOverlap = o; axis = 4; }
  o = (tb1 > tb2 ? tb1 : tb2) + ha; // −uA
  if (o < minOverlap) { minOverlap = o; axis = 5; }

  let nx = 0;
  let ny = 0;
  let depth = 0;
  // The single contact point, as a point of A's surface (relative to A's
  // centre), and its id.
  let sx = 0;
  let sy = 0;
  let id = 0;
  let found = false;

  if (minOverlap < 0) {
    // Step 2: apart.
    const c = segmentPair;
    c.p1x = a1x;
    c.p1y = a1y;
    c.q1x = a2x;
    c.q1y = a2y;
    c.p2x = b1x;
    c.p2y = b1y;
    c.q2x = b2x;
    c.q2y = b2y;
    closestOfSegments(c);
    // Which segment's perpendicular is the normal: 1 for A, 2 for B, 0 neither.
    let perp = c.s > 0 && c.s < 1 ? 1 : c.t > 0 && c.t < 1 ? 2 : 0;
    const d = direction;
    d.dx = c.x2 - c.x1;
    d.dy = c.y2 - c.y1;
    normalize(d);
    if (perp === 0) {
      // End point against end point. The direction between them must lie in
      // both end points' normal cones (pointing out past each end); when
      // rounding puts it just outside, the end point really projects inside
      // the other segment and that segment's perpendicular is the normal.
      const outA = c.s === 0 ? -1 : 1;
      const outB = c.t === 0 ? -1 : 1;
      if ((d.x * uax + d.y * uay) * outA < 0) perp = 1;
      else if ((d.x * ubx + d.y * uby) * outB > 0) perp = 2;
    }
    let dist: number;
    if (perp === 1) {
      const lv = nax * c.x2 + nay * c.y2;
      dist = Math.abs(lv);
      nx = lv >= 0 ? nax : -nax;
      ny = lv >= 0 ? nay : -nay;
    } else if (perp === 2) {
      const lv = nbx * (c.x1 - cx) + nby * (c.y1 - cy);
      dist = Math.abs(lv);
      nx = lv >= 0 ? -nbx : nbx;
      ny = lv >= 0 ? -nby : nby;
    } else {
      dist = d.length;
      nx = d.x;
      ny = d.y;
    }
    if (dist > TOUCH_TOLERANCE * (ha + hb + Math.abs(cx) + Math.abs(cy))) {
      depth = r - dist;
      if (!(depth > -margin)) return false;
      sx = c.x1 + nx * rA;
      sy = c.y1 + ny * rA;
      const featureA = c.s === 0 ? CapsuleFeature.END_0 : c.s === 1 ? CapsuleFeature.END_1 : CapsuleFeature.SIDE;
      const featureB = c.t === 0 ? CapsuleFeature.END_0 : c.t === 1 ? CapsuleFeature.END_1 : CapsuleFeature.SIDE;
      id = featureId(featureA, featureB, ClipEnd.NONE);
      found = true;
    }
  }

  if (!found) {
    // Touching or crossing (also when the closest points are within rounding
    // noise of each other: then their direction means nothing).
    depth = r + minOverlap;
    if (axis < 2) {
      // A is flat along ±nA: the deepest feature is B's end point lowest along n.
      nx = axis === 0 ? nax : -nax;
      ny = axis === 0 ? nay : -nay;
      const side = axis === 0 ? CapsuleFeature.SIDE_UP : CapsuleFeature.SIDE_DOWN;
      id = featureId(side, CapsuleFeature.DEEPEST_END, ClipEnd.NONE);
      const first = nx * b1x + ny * b1y <= nx * b2x + ny * b2y;
      // B's surface there is b − n·rB; A's surface lies depth beyond it.
      sx = (first ? b1x : b2x) + nx * (depth - rB);
      sy = (first ? b1y : b2y) + ny * (depth - rB);
    } else {
      if (axis < 4) {
        nx = axis === 2 ? nbx : -nbx;
        ny = axis === 2 ? nby : -nby;
        // B is pushed along ±nB, so its other side faces A.
        const side = axis === 2 ? CapsuleFeature.SIDE_DOWN : CapsuleFeature.SIDE_UP;
        id = featureId(CapsuleFeature.DEEPEST_END, side, ClipEnd.NONE);
      } else {
        nx = axis === 4 ? uax : -uax;
        ny = axis === 4 ? uay : -uay;
        const end = axis === 4 ? CapsuleFeature.END_1 : CapsuleFeature.END_0;
        id = featureId(end, CapsuleFeature.DEEPEST_END, ClipEnd.NONE);
      }
      // The deepest feature is A's end point highest along n.
      const first = nx * a1x + ny * a1y >= nx * a2x + ny * a2y;
      sx = (first ? a1x : a2x) + nx * rA;
      sy = (first ? a1y : a2y) + ny * rA;
    }
  }

  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  const k = tangentClip;
  k.nx = nx;
  k.ny = ny;
  k.depth = depth;
  k.ox = ox;
  k.oy = oy;
  k.a1x = a1x;
  k.a1y = a1y;
  k.a2x = a2x;
  k.a2y = a2y;
  k.b1x = b1x;
  k.b1y = b1y;
  k.b2x = b2x;
  k.b2y = b2y;
  k.rA = rA;
  k.rB = rB;
  clipAlongTangent(k);
  if (k.ends > 0) {
    addClipPoints(out, k, CapsuleFeature.SIDE, CapsuleFeature.SIDE);
  } else {
    const p = point;
    p.x = ox + sx;
    p.y = oy + sy;
    p.depth = depth;
    p.id = id;
    addMidpoint(out, p);
  }
  return true;
}
