/** Is a point inside (or on) a body's shape? Used by `world.queryPoint`. */
import { BOX, CAPSULE, type Body } from "../bodies/body.js";

export function bodyContainsPoint(b: Body, x: number, y: number): boolean {
  const p = b.position;
  if (b.kind === BOX) {
    return Math.abs(x - p.x) <= b.halfWidth && Math.abs(y - p.y) <= b.halfHeight;
  }
  let dx = x - p.x;
  let dy = y - p.y;
  if (b.kind === CAPSULE && b.halfLength > 0) {
    // clamp the projection onto the segment's axis to [-halfLength, halfLength]
    let t = dx * b.rotCos + dy * b.rotSin;
    const h = b.halfLength;
    t = t < -h ? -h : t > h ? h : t;
    dx -= t * b.rotCos;
    dy -= t * b.rotSin;
  }
  return dx * dx + dy * dy <= b.radius * b.radius;
}
