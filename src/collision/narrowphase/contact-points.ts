/**
 * Writing contact points into a manifold: the manifold-building half of the
 * narrowphase (the geometry is in segment.ts, the ids in feature-id.ts).
 *
 * A pair function starts a manifold by writing out.normalX, out.normalY and
 * out.depth itself (the dispatcher has already set out.count = 0), then
 * appends one or two points with the helpers below. Like segment.ts, nothing
 * here takes or returns a double (see there why): a point travels in the
 * shared `point`, clipped points in `tangentClip`.
 */
import type { ManifoldBuffer } from "./manifold.js";
import type { TangentClip } from "./segment.js";
import { ClipEnd, featureId } from "./feature-id.js";

/** A contact point on its way into a manifold (see `addPoint`). */
export class PendingPoint {
  x = 0;
  y = 0;
  depth = 0;
  id = 0;
}

/** The shared pending point: fill it, then call `addPoint` or `addMidpoint`. */
export const point = new PendingPoint();

/** Append the point p (x, y, its own depth and feature id) to the manifold (at most two per manifold). */
export function addPoint(out: ManifoldBuffer, p: PendingPoint): void {
  if (out.count === 0) {
    out.x0 = p.x;
    out.y0 = p.y;
    out.depth0 = p.depth;
    out.id0 = p.id;
    out.count = 1;
  } else {
    out.x1 = p.x;
    out.y1 = p.y;
    out.depth1 = p.depth;
    out.id1 = p.id;
    out.count = 2;
  }
}

/**
 * Append a contact point, given as p = the point (sx, sy) of A's surface on
 * the contact line (with its depth and id). B's surface lies `depth` further
 * back along the normal (depth > 0: the surfaces overlap), so the point
 * midway between the two surfaces is s − n·depth/2. Moves p there, then
 * appends it.
 */
export function addMidpoint(out: ManifoldBuffer, p: PendingPoint): void {
  const h = 0.5 * p.depth;
  p.x = p.x - out.normalX * h;
  p.y = p.y - out.normalY * h;
  addPoint(out, p);
}

/**
 * Write the points of a clip (`clipAlongTangent` with c.ends > 0) made by
 * feature `featureA` of A and `featureB` of B, into a manifold that has its
 * normal and depth but no points yet: the single point of a collapsed clip;
 * otherwise the deeper end always and the other only when its depth is
 * > −out.margin, low end first. Clip ends LOW and HIGH (see feature-id.ts).
 */
export function addClipPoints(out: ManifoldBuffer, c: TangentClip, featureA: number, featureB: number): void {
  const depthLo = c.depthLo;
  const depthHi = c.depthHi;
  const margin = out.margin;
  const low = c.ends === 1 || depthLo >= depthHi || depthLo > -margin;
  const high = c.ends === 2 && (depthHi > depthLo || depthHi > -margin);
  if (low) {
    out.x0 = c.xLo;
    out.y0 = c.yLo;
    out.depth0 = depthLo;
    out.id0 = featureId(featureA, featureB, ClipEnd.LOW);
    if (high) {
      out.x1 = c.xHi;
      out.y1 = c.yHi;
      out.depth1 = depthHi;
      out.id1 = featureId(featureA, featureB, ClipEnd.HIGH);
      out.count = 2;
    } else {
      out.count = 1;
    }
  } else {
    out.x0 = c.xHi;
    out.y0 = c.yHi;
    out.depth0 = depthHi;
    out.id0 = featureId(featureA, featureB, ClipEnd.HIGH);
    out.count = 1;
  }
}
