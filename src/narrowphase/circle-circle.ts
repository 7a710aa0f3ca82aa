/**
 * Circle vs circle.
 *
 * Two discs overlap when the distance between their centres is less than the
 * sum of their radii. The normal points along the line of centres, from A to
 * B, and the depth is rA + rB − distance: moving B that far along the normal
 * leaves the discs just touching.
 *
 * Degenerate case: concentric circles have no line of centres, so the normal
 * is (0, 1) by convention (then the depth rA + rB is still the exact minimum
 * translation distance, in every direction).
 *
 * One contact point, id 0, midway between the two surfaces on the line of centres.
 */
import type { Body } from "../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { addMidpoint, beginManifold, direction2 } from "./segment.js";

export function collideCircles(a: Body, b: Body, margin: number, out: ManifoldBuffer): boolean {
  const ax = a.position.x;
  const ay = a.position.y;
  const dx = b.position.x - ax;
  const dy = b.position.y - ay;
  const rA = a.radius;
  const r = rA + b.radius;
  const reach = r + margin;
  const distSq = dx * dx + dy * dy;
  if (distSq >= reach * reach) return false;
  const d = direction2(dx, dy);
  const dist = d.length;
  const depth = r - dist;
  if (!(depth > -margin)) return false;
  let nx = 0;
  let ny = 1;
  if (dist > 0) {
    nx = d.x;
    ny = d.y;
  }
  beginManifold(out, nx, ny, depth);
  addMidpoint(out, ax + nx * rA, ay + ny * rA, depth, 0);
  return true;
}
