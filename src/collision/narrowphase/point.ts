/** Is a point inside (or on) a body's shape? Used by `world.queryPoint`. */
import { BOX, CAPSULE, POLYGON, SEGMENT, type Body } from "../../bodies/body.js";
import type { PolygonGeometry, SegmentGeometry } from "../../shapes/polygon.js";

export function bodyContainsPoint(b: Body, x: number, y: number): boolean {
  if (b._kind === BOX) {
    return Math.abs(x - b.px) <= b._halfWidth && Math.abs(y - b.py) <= b._halfHeight;
  }
  if (b._kind === POLYGON || b._kind === SEGMENT) {
    // the point in the body's (centre of mass) frame
    const rx = x - b.px;
    const ry = y - b.py;
    const lx = b.qc * rx + b.qs * ry;
    const ly = b.qc * ry - b.qs * rx;
    return b._kind === POLYGON ? polygonContains(b.polygon!, lx, ly) : segmentContains(b.segment!, lx, ly);
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

/** Squared distance from (x, y) to the segment (ax, ay)–(bx, by). */
function distanceSq(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const len2 = ex * ex + ey * ey;
  let t = len2 > 0 ? ((x - ax) * ex + (y - ay) * ey) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const dx = x - (ax + t * ex);
  const dy = y - (ay + t * ey);
  return dx * dx + dy * dy;
}

/**
 * Inside the rounded polygon: behind every edge (the core), or within the
 * radius of its boundary (the closest point of a convex polygon to a point
 * outside it is on one of its edges).
 */
function polygonContains(g: PolygonGeometry, x: number, y: number): boolean {
  const n = g.count;
  let inside = true;
  for (let i = 0; i < n; i++) {
    if (g.nx[i]! * (x - g.vx[i]!) + g.ny[i]! * (y - g.vy[i]!) > 0) {
      inside = false;
      break;
    }
  }
  if (inside) return true;
  const r = g.radius;
  if (!(r > 0)) return false;
  const r2 = r * r;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    if (distanceSq(x, y, g.vx[i]!, g.vy[i]!, g.vx[j]!, g.vy[j]!) <= r2) return true;
  }
  return false;
}

/** On the segment (it has no thickness: only points of the line between its ends, within rounding). */
function segmentContains(g: SegmentGeometry, x: number, y: number): boolean {
  return distanceSq(x, y, g.ax, g.ay, g.bx, g.by) === 0;
}
