/**
 * Circle (A) vs axis-aligned box (B).
 *
 * Work in the box's frame: d = circle centre − box centre.
 *
 * - Centre outside the box: clamp d to the box to get the box point q
 *   closest to the centre. The normal points from the centre to q and the depth
 *   is r − |q − d|. When only one coordinate was clamped the centre faces a
 *   side of the box and the normal is exactly that side's axis; when both were,
 *   it faces a corner.
 * - Centre inside (or on the boundary): the shortest way out is through the
 *   nearest face, at distance e = half-extent − |d| on that axis, so the depth is
 *   r + e and the normal is minus that face's outward normal (A pushes B away
 *   from it). Equal distances prefer the top/bottom faces, like box stacks; a
 *   centre exactly on the box's middle line picks the high face (+x or +y), so
 *   a circle centred on the box centre leaves through the top: normal (0, −1).
 *
 * One point midway between the surfaces. Its features (see feature-id.ts):
 * the circle's CENTRE and the box's face, for both the outside-a-face and the
 * inside cases (so the id does not change when the centre crosses the
 * surface), or corner.
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { pointBox, pointToBox } from "./segment.js";
import { addMidpoint, point } from "./contact-points.js";
import { BoxFeature, CircleFeature, ClipEnd, featureId } from "./feature-id.js";

export function collideCircleBox(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const bx = b.px;
  const by = b.py;
  const dx = a.px - bx;
  const dy = a.py - by;
  const hw = b._halfWidth;
  const hh = b._halfHeight;
  const r = a._radius;
  const adx = Math.abs(dx);
  const ady = Math.abs(dy);
  const reach = r + margin;
  if (adx - hw >= reach || ady - hh >= reach) return false;

  let nx: number;
  let ny: number;
  let depth: number;
  let feature: number;
  const q = pointBox;
  q.px = dx;
  q.py = dy;
  q.hw = hw;
  q.hh = hh;
  pointToBox(q);
  const mask = out.maskB;
  if (q.inside) {
    const ex = hw - adx;
    const ey = hh - ady;
    // m: outward normal of the nearest face (of those a neighbour does not hide); the normal from A to B is −m.
    const yHidden = (mask >> (dy >= 0 ? BoxFeature.TOP : BoxFeature.BOTTOM)) & 1;
    const xHidden = (mask >> (dx >= 0 ? BoxFeature.RIGHT : BoxFeature.LEFT)) & 1;
    if (yHidden !== 0 && xHidden !== 0) return false;
    if (xHidden !== 0 || (yHidden === 0 && ey <= ex)) {
      nx = 0;
      ny = dy >= 0 ? -1 : 1;
      depth = r + ey;
      feature = dy >= 0 ? BoxFeature.TOP : BoxFeature.BOTTOM;
    } else {
      nx = dx >= 0 ? -1 : 1;
      ny = 0;
      depth = r + ex;
      feature = dx >= 0 ? BoxFeature.RIGHT : BoxFeature.LEFT;
    }
  } else {
    // a face or corner a neighbour hides: the circle is over the neighbour, whose contact holds it
    if (((mask >> q.feature) & 1) !== 0) return false;
    nx = q.nx;
    ny = q.ny;
    depth = r - q.distance;
    feature = q.feature;
  }
  if (!(depth > -margin)) return false;
  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  const p = point;
  p.x = a.px + nx * r;
  p.y = a.py + ny * r;
  p.depth = depth;
  p.id = featureId(CircleFeature.CENTRE, feature, ClipEnd.NONE);
  addMidpoint(out, p);
  return true;
}
