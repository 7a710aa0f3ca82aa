/**
 * Capsule (A) vs axis-aligned box (B).
 *
 * The capsule is its inner segment e1–e2 swept by radius r, so this is
 * "segment vs box", then r is added. Work in the box's frame (relative to
 * its centre), with u the capsule's axis and p its upward perpendicular.
 *
 * 1. Do the segment and the box intersect? Separating axes for two convex
 *    polygons are their edge normals: x, y (the box) and p (the segment; a
 *    segment is a flat polygon). For each of the six directions m = ±y, ±x, ±p
 *    the overlap when B is pushed along m is
 *        max over the segment of m·x − min over the box of m·x
 *      = max(m·e1, m·e2) + hw·|mx| + hh·|my|.
 *    If all six are ≥ 0 the segment touches or crosses the box and the exact
 *    minimum translation distance is r + the smallest of them, along that
 *    direction (ties in the order +y, −y, +x, −x, +p, −p: a horizontal capsule
 *    uses the box's faces).
 * 2. Otherwise they are apart, and the closest pair of points involves an end
 *    point of one shape: an end point of the segment against the box (clamp it
 *    to the box: a face region gives an exact axis normal, a corner region the
 *    direction to the corner), or a box corner against the inside of the
 *    segment (normal ±p, distance = the corner's height above the segment's
 *    line). The smallest distance d gives depth r − d.
 *
 * Contact points (features as in feature-id.ts): when the capsule lies along
 * the box face that faces it (within about 5.7°), `clipAlongTangent` clips the
 * segment to that face and gives two points, features (SIDE, that face) at
 * the low and the high end along the tangent. Otherwise one point midway
 * between the surfaces at the deepest features: END_0 or END_1 against the
 * box face or corner nearest to it; SIDE against a box corner facing the
 * inside of the segment; and when the segment crosses the box, by the axis:
 * the capsule's DEEPEST_END against the box face that faces it (±y, ±x), or
 * its SIDE_UP (+p) or SIDE_DOWN (−p) against the box's DEEPEST_CORNER.
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { clipAlongTangent, pointBox, pointToBox, tangentClip, TOUCH_TOLERANCE, upPerpSign } from "./segment.js";
import { addClipPoints, addMidpoint, point } from "./contact-points.js";
import { BoxFeature, CapsuleFeature, ClipEnd, corner, featureId } from "./feature-id.js";

export function collideCapsuleBox(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const bx = b.px;
  const by = b.py;
  const cx = a.px - bx;
  const cy = a.py - by;
  const ux = a.qc;
  const uy = a.qs;
  const h = a._halfLength;
  const r = a._radius;
  const hw = b._halfWidth;
  const hh = b._halfHeight;
  // Half extents of the segment along x and y.
  const sxh = Math.abs(ux * h);
  const syh = Math.abs(uy * h);
  const reach = r + margin;
  if (Math.abs(cx) - sxh - hw >= reach || Math.abs(cy) - syh - hh >= reach) return false;

  const e1x = cx - ux * h;
  const e1y = cy - uy * h;
  const e2x = cx + ux * h;
  const e2y = cy + uy * h;
  const sign = upPerpSign(a);
  const px = -uy * sign;
  const py = ux * sign;

  // Step 1: separating axes of segment and box (overlaps without the radius).
  const level = px * cx + py * cy; // height of the segment's line along p
  const ext = hw * Math.abs(px) + hh * Math.abs(py);
  let axis = 0;
  let minOverlap = cy + syh + hh; // +y
  let o = hh - (cy - syh); // −y
  if (o < minOverlap) { minOverlap = o; axis = 1; }
  o = cx + sxh + hw; // +x
  if (o < minOverlap) { minOverlap = o; axis = 2; }
  o = hw - (cx - sxh); // −x
  if (o < minOverlap) { minOverlap = o; axis = 3; }
  o = level + ext; // +p
  if (o < minOverlap) { minOverlap = o; axis = 4; }
  o = ext - level; // −p
  if (o < minOverlap) { minOverlap = o; axis = 5; }
  // Features a neighbouring static box hides (src/contacts/seams.ts) are never the contact
  // feature: the crossing case below then takes the smallest overlap among the other axes.
  const mask = out.maskB;
  let allowed = minOverlap;
  let allowedAxis = axis;
  if (mask !== 0) {
    // the box's deepest corner along +p and along −p (axes 4 and 5)
    const cornerUp = corner(!(px > 0), !(py > 0));
    const cornerDown = corner(!(px < 0), !(py < 0));
    if (((mask >> axisFeature(axis, cornerUp, cornerDown)) & 1) !== 0) {
      allowed = Infinity;
      allowedAxis = -1;
      for (let k = 0; k < 6; k++) {
        if (((mask >> axisFeature(k, cornerUp, cornerDown)) & 1) !== 0) continue;
        o = k === 0 ? cy + syh + hh : k === 1 ? hh - (cy - syh) : k === 2 ? cx + sxh + hw : k === 3 ? hw - (cx - sxh) : k === 4 ? level + ext : ext - level;
        if (o < allowed) {
          allowed = o;
          allowedAxis = k;
        }
      }
    }
  }

  let nx = 0;
  let ny = 0;
  let depth = 0;
  // The single contact point, as a point of A's surface (box frame), and its id.
  let sx = 0;
  let sy = 0;
  let id = 0;
  let found = false;

  if (minOverlap < 0) {
    // Step 2: apart. Smallest distance over the candidate feature pairs.
    let best = Infinity;
    let skipped = false;
    // cB: closest point on the box, for the best candidate.
    let qx = 0;
    let qy = 0;
    const q = pointBox;
    q.hw = hw;
    q.hh = hh;
    for (let i = 0; i < 2; i++) {
      const ex = i === 0 ? e1x : e2x;
      const ey = i === 0 ? e1y : e2y;
      q.px = ex;
      q.py = ey;
      pointToBox(q);
      if (q.inside) {
        // An end point inside the box: the shapes do meet after all (rounding
        // in step 1); the crossing branch below handles it.
        best = 0;
        break;
      }
      if (((mask >> q.feature) & 1) !== 0) {
        skipped = true; // over a neighbour's face: the neighbour's contact has it
        continue;
      }
      // A corner (a feature from BOTTOM_LEFT on) is this end point's closest
      // pair only if it lies beyond that end along the axis (in the end
      // point's normal cone); otherwise it projects inside the segment and the
      // corner loop below has it.
      if (q.feature >= BoxFeature.BOTTOM_LEFT) {
        const beyond = (q.x - ex) * ux + (q.y - ey) * uy;
        if (i === 0 ? beyond > 0 : beyond < 0) continue;
      }
      if (q.distance < best) {
        best = q.distance;
        nx = q.nx;
        ny = q.ny;
        qx = q.x;
        qy = q.y;
        id = featureId(i === 0 ? CapsuleFeature.END_0 : CapsuleFeature.END_1, q.feature, ClipEnd.NONE);
      }
    }
    for (let k = 0; k < 4 && best > 0; k++) {
      const kx = (k & 1) === 0 ? -hw : hw;
      const ky = (k & 2) === 0 ? -hh : hh;
      // Inside the segment's slab, by the same tests the end points use.
      if ((kx - e1x) * ux + (ky - e1y) * uy < 0 || (kx - e2x) * ux + (ky - e2y) * uy > 0) continue;
      if (((mask >> corner(kx > 0, ky > 0)) & 1) !== 0) {
        skipped = true;
        continue;
      }
      const lv = px * (kx - cx) + py * (ky - cy);
      const d = Math.abs(lv);
      if (d < best) {
        best = d;
        nx = lv >= 0 ? px : -px;
        ny = lv >= 0 ? py : -py;
        qx = kx;
        qy = ky;
        id = featureId(CapsuleFeature.SIDE, corner(kx > 0, ky > 0), ClipEnd.NONE);
      }
    }
    if (best === Infinity && skipped) return false;
    if (best > TOUCH_TOLERANCE * (h + hw + hh + Math.abs(cx) + Math.abs(cy)) && best < Infinity) {
      depth = r - best;
      if (!(depth > -margin)) return false;
      // A's surface point: the box point moved back by the depth along n.
      sx = qx + nx * depth;
      sy = qy + ny * depth;
      found = true;
    }
  }

  if (!found) {
    // Touching or crossing (also when rounding left no separated candidate, or
    // one within rounding noise, whose direction would mean nothing).
    if (allowedAxis < 0) return false;
    axis = allowedAxis;
    depth = r + allowed;
    if (axis < 4) {
      nx = axis === 2 ? 1 : axis === 3 ? -1 : 0;
      ny = axis === 0 ? 1 : axis === 1 ? -1 : 0;
      // The box face that faces A: its outward normal is −n.
      const facing = axis === 0 ? BoxFeature.BOTTOM : axis === 1 ? BoxFeature.TOP : axis === 2 ? BoxFeature.LEFT : BoxFeature.RIGHT;
      id = featureId(CapsuleFeature.DEEPEST_END, facing, ClipEnd.NONE);
      // The segment's deepest end point along n.
      const first = nx * e1x + ny * e1y >= nx * e2x + ny * e2y;
      sx = (first ? e1x : e2x) + nx * r;
      sy = (first ? e1y : e2y) + ny * r;
    } else {
      nx = axis === 4 ? px : -px;
      ny = axis === 4 ? py : -py;
      const side = axis === 4 ? CapsuleFeature.SIDE_UP : CapsuleFeature.SIDE_DOWN;
      id = featureId(side, BoxFeature.DEEPEST_CORNER, ClipEnd.NONE);
      // The box's deepest corner along n (lowest n·x), and A's surface depth beyond it.
      sx = (nx > 0 ? -hw : hw) + nx * depth;
      sy = (ny > 0 ? -hh : hh) + ny * depth;
    }
    if (!(depth > -margin)) return false;
  }

  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  // Try two points along the box face that faces A (outward normal closest to −n).
  const k = tangentClip;
  k.nx = nx;
  k.ny = ny;
  k.depth = depth;
  k.ox = bx;
  k.oy = by;
  k.a1x = e1x;
  k.a1y = e1y;
  k.a2x = e2x;
  k.a2y = e2y;
  k.rA = r;
  k.rB = 0;
  let face: number;
  if (Math.abs(ny) >= Math.abs(nx)) {
    const fy = ny > 0 ? -hh : hh;
    k.b1x = -hw; k.b1y = fy; k.b2x = hw; k.b2y = fy;
    face = ny > 0 ? BoxFeature.BOTTOM : BoxFeature.TOP;
  } else {
    const fx = nx > 0 ? -hw : hw;
    k.b1x = fx; k.b1y = -hh; k.b2x = fx; k.b2y = hh;
    face = nx > 0 ? BoxFeature.LEFT : BoxFeature.RIGHT;
  }
  clipAlongTangent(k);
  if (k.ends > 0) {
    addClipPoints(out, k, CapsuleFeature.SIDE, face);
  } else {
    const p = point;
    p.x = bx + sx;
    p.y = by + sy;
    p.depth = depth;
    p.id = id;
    addMidpoint(out, p);
  }
  return true;
}

/**
 * The box feature that axis `k` of the segment–box test (0 +y, 1 −y, 2 +x,
 * 3 −x, 4 +p, 5 −p) makes the contact feature: for ±y and ±x the box face
 * facing the capsule, for ±p the box's deepest corner along it (given).
 * Small integers in and out: nothing is boxed.
 */
function axisFeature(k: number, cornerUp: number, cornerDown: number): number {
  if (k === 0) return BoxFeature.BOTTOM;
  if (k === 1) return BoxFeature.TOP;
  if (k === 2) return BoxFeature.LEFT;
  if (k === 3) return BoxFeature.RIGHT;
  return k === 4 ? cornerUp : cornerDown;
}
