/**
 * Feature numbering of an axis-aligned box, shared by the pair functions that
 * involve boxes so that their feature ids agree.
 *
 * Faces by outward normal: 0 = −x (left), 1 = +x (right), 2 = −y (bottom),
 * 3 = +y (top). Corners: 4 + (x side) + 2·(y side), where a side is 0 for the
 * low coordinate and 1 for the high one (4 bottom-left, 5 bottom-right,
 * 6 top-left, 7 top-right).
 */
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
