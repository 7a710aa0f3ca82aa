/** Is a point inside (or on) a body's shape? Used by `world.queryPoint`. */
import { BOX, CAPSULE, type Body } from "../../bodies/body.js";

export function bodyContainsPoint(b: Body, x: number, y: number): boolean {
  if (b._kind === BOX) {
    return Math.abs(x - b.px) <= b._halfWidth && Math.abs(y - b.py) <= b._halfHeight;
  }
  let dx = x - b.px;
  let dy = y - b.py;
  if (b._kind === CAPSULE && b._halfLength > 0) {
    // clamp the projection onto the segment's axis to [-halfLength, halfLength]
    let t = dx * b.qc + dy * b.qs;
    const h = b._halfLength;
    t = t < -h ? -h : t > h ? h : t;
    dx -= t * b.qc;
    dy -= t * b.qs;
  }
  return dx * dx + dy * dy <= b._radius * b._radius;
}
