/**
 * Feature numbering of an axis-aligned box, shared by the pair functions that
 * involve boxes so that their feature ids agree, and the point-vs-box query
 * they share.
 *
 * Faces by outward normal: 0 = −x (left), 1 = +x (right), 2 = −y (bottom),
 * 3 = +y (top). Corners: 4 + (x side) + 2·(y side), where a side is 0 for the
 * low coordinate and 1 for the high one (4 bottom-left, 5 bottom-right,
 * 6 top-left, 7 top-right).
 */
import { direction, normalize } from "./segment.js";

export const FACE_LEFT = 0;
export const FACE_RIGHT = 1;
export const FACE_BOTTOM = 2;
export const FACE_TOP = 3;

/**
 * Corner id from which side of the box centre it is on: highX when its x is
 * above the centre's, highY likewise. (Booleans rather than the offsets
 * themselves, so that no number is boxed on the way in.)
 */
export function cornerId(highX: boolean, highY: boolean): number {
  return 4 + (highX ? 1 : 0) + (highY ? 2 : 0);
}

/**
 * Query of `pointToBox`: the point (px, py) and the box half extents hw, hh
 * as input, the other fields as output (see segment.ts for why the
 * narrowphase passes numbers through fields).
 */
export class PointToBox {
  px = 0;
  py = 0;
  hw = 0;
  hh = 0;
  /** True when the point is inside the box or on its boundary (nothing else is set then). */
  inside = false;
  /** Distance from the point to the box. */
  distance = 0;
  /** Unit direction from the point to its closest box point. */
  nx = 0;
  ny = 0;
  /** The closest box point. */
  x = 0;
  y = 0;
  /** The box feature it lies on: a face (0–3) or a corner (4–7). */
  feature = 0;
}

/** The shared query object of `pointToBox`. */
export const pointBox = new PointToBox();

/**
 * Closest point of the box [−hw, hw] × [−hh, hh] to the point (px, py) (box
 * frame), for a point outside it. Clamping each coordinate to the box gives
 * the closest point. When only one coordinate had to be clamped the point
 * faces a side: the direction is exactly that side's axis and the distance is
 * |p| − half extent on that axis (no square root, no rounding of the
 * direction). When both were clamped it faces a corner.
 */
export function pointToBox(r: PointToBox): void {
  const px = r.px;
  const py = r.py;
  const hw = r.hw;
  const hh = r.hh;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  r.inside = false;
  if (ax <= hw) {
    if (ay <= hh) {
      r.inside = true;
      return;
    }
    r.distance = ay - hh;
    r.nx = 0;
    r.ny = py > 0 ? -1 : 1;
    r.x = px;
    r.y = py > 0 ? hh : -hh;
    r.feature = py > 0 ? FACE_TOP : FACE_BOTTOM;
  } else if (ay <= hh) {
    r.distance = ax - hw;
    r.nx = px > 0 ? -1 : 1;
    r.ny = 0;
    r.x = px > 0 ? hw : -hw;
    r.y = py;
    r.feature = px > 0 ? FACE_RIGHT : FACE_LEFT;
  } else {
    const kx = px > 0 ? hw : -hw;
    const ky = py > 0 ? hh : -hh;
    const d = direction;
    d.dx = kx - px;
    d.dy = ky - py;
    normalize(d);
    r.distance = d.length;
    r.nx = d.x;
    r.ny = d.y;
    r.x = kx;
    r.y = ky;
    r.feature = cornerId(px > 0, py > 0);
  }
}
