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
import { direction2 } from "./segment.js";

export const FACE_LEFT = 0;
export const FACE_RIGHT = 1;
export const FACE_BOTTOM = 2;
export const FACE_TOP = 3;

/** Index of the face whose outward normal is the axis direction (nx, ny) (one of ±x, ±y). */
export function faceOfNormal(nx: number, ny: number): number {
  if (ny === 0) return nx < 0 ? FACE_LEFT : FACE_RIGHT;
  return ny < 0 ? FACE_BOTTOM : FACE_TOP;
}

/** Corner id from the signs of its offset from the box centre (> 0: high side). */
export function cornerId(sx: number, sy: number): number {
  return 4 + (sx > 0 ? 1 : 0) + (sy > 0 ? 2 : 0);
}

/** Result of `pointToBox` (reused; copy what you need). */
export interface PointToBox {
  /** True when the point is inside the box or on its boundary (nothing else is set then). */
  inside: boolean;
  /** Distance from the point to the box. */
  distance: number;
  /** Unit direction from the point to its closest box point. */
  nx: number;
  ny: number;
  /** The closest box point. */
  x: number;
  y: number;
  /** The box feature it lies on: a face (0–3) or a corner (4–7). */
  feature: number;
}

export const pointToBoxResult: PointToBox = { inside: false, distance: 0, nx: 0, ny: 0, x: 0, y: 0, feature: 0 };

/**
 * Closest point of the box [−hw, hw] × [−hh, hh] to the point (px, py) (box
 * frame), for a point outside it. Clamping each coordinate to the box gives
 * the closest point. When only one coordinate had to be clamped the point
 * faces a side: the direction is exactly that side's axis and the distance is
 * |p| − half extent on that axis (no square root, no rounding of the
 * direction). When both were clamped it faces a corner.
 */
export function pointToBox(px: number, py: number, hw: number, hh: number): PointToBox {
  const r = pointToBoxResult;
  const ax = Math.abs(px);
  const ay = Math.abs(py);
  r.inside = false;
  if (ax <= hw) {
    if (ay <= hh) {
      r.inside = true;
      return r;
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
    const d = direction2(kx - px, ky - py);
    r.distance = d.length;
    r.nx = d.x;
    r.ny = d.y;
    r.x = kx;
    r.y = ky;
    r.feature = cornerId(px, py);
  }
  return r;
}
