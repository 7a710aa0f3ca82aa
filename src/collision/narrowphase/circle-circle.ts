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
 * One contact point midway between the two surfaces on the line of centres;
 * features (CENTRE, CENTRE) (see feature-id.ts).
 */
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { direction, normalize } from "./segment.js";
import { CircleFeature, ClipEnd, featureId } from "./feature-id.js";

export function collideCircles(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const margin = out.margin;
  const ax = a.px;
  const ay = a.py;
  const dx = b.px - ax;
  const dy = b.py - ay;
  const rA = a._radius;
  const r = rA + b._radius;
  const reach = r + margin;
  const distSq = dx * dx + dy * dy;
  if (distSq >= reach * reach) return false;
  const d = direction;
  d.dx = dx;
  d.dy = dy;
  normalize(d);
  const dist = d.length;
  const depth = r - dist;
  if (!(depth > -margin)) return false;
  let nx = 0;
  let ny = 1;
  if (dist > 0) {
    nx = d.x;
    ny = d.y;
  }
  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  // The only point: A's surface point on the line of centres, moved back by
  // half the depth (as addMidpoint would, written out for the simplest pair).
  const h = 0.5 * depth;
  out.x0 = ax + nx * rA - nx * h;
  out.y0 = ay + ny * rA - ny * h;
  out.depth0 = depth;
  out.id0 = featureId(CircleFeature.CENTRE, CircleFeature.CENTRE, ClipEnd.NONE);
  out.count = 1;
  return true;
}
