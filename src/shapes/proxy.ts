/**
 * Shape proxies: every convex shape as a core hull in its body's frame.
 *
 * The distance, time-of-impact and cast functions (src/narrowphase/
 * hull-distance.ts, time-of-impact.ts, hull-cast.ts) see every shape the
 * same way, as Box2D v3's `b2ShapeProxy` does: a core of 1 to 8 vertices
 * swept by a radius. A circle is 1 vertex (its centre), a capsule or a
 * segment 2 (its inner segment; a segment has radius 0), an AABB or a
 * polygon 3 to 8. Unlike Box2D's proxy, each edge keeps its outward unit
 * normal too, so a hull placed in the world (placed.ts's `placePolygon`)
 * has the form hull-hull.ts reads.
 *
 * `HullGeometry` is that form. A `PolygonGeometry` (polygon.ts) is one as it
 * is; `ShapeProxy` holds one for the other shapes, filled by the makers
 * below (called when a shape is made, not per step: they take numbers).
 * Edge i runs from vertex i to vertex i + 1 (mod count), its normal to the
 * right of that direction; a 2-vertex core has two edges, one per side (edge
 * 0 from vertex 0 to 1, edge 1 back), a 1-vertex core none.
 */
import { MAX_POLYGON_VERTICES } from "./hull.js";
import type { SegmentGeometry } from "./polygon.js";
import * as check from "../math/validate.js";

/** A convex core of 1 to 8 vertices (body frame) with its edges' outward normals, and a radius. */
export interface HullGeometry {
  readonly count: number;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly nx: Float64Array;
  readonly ny: Float64Array;
  readonly radius: number;
}

/** A core hull for a circle, capsule, AABB or segment (a polygon's geometry is one already). */
export class ShapeProxy implements HullGeometry {
  count = 0;
  readonly vx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly vy = new Float64Array(MAX_POLYGON_VERTICES);
  readonly nx = new Float64Array(MAX_POLYGON_VERTICES);
  readonly ny = new Float64Array(MAX_POLYGON_VERTICES);
  radius = 0;
}

/** A circle of `radius` centred on (cx, cy) of its body's frame: one vertex. */
export function circleProxy(out: ShapeProxy, radius: number, cx = 0, cy = 0): ShapeProxy {
  check.positive("radius", radius);
  out.count = 1;
  out.vx[0] = cx;
  out.vy[0] = cy;
  out.radius = radius;
  return out;
}

/** A capsule along the body's x axis (ends at ∓halfLength), as placed.ts's `placeCapsule`; halfLength 0 is a circle. */
export function capsuleProxy(out: ShapeProxy, halfLength: number, radius: number): ShapeProxy {
  check.nonNegative("halfLength", halfLength);
  if (halfLength === 0) return circleProxy(out, radius);
  check.positive("radius", radius);
  out.count = 2;
  out.vx[0] = -halfLength;
  out.vy[0] = 0;
  out.vx[1] = halfLength;
  out.vy[1] = 0;
  out.nx[0] = 0;
  out.ny[0] = -1;
  out.nx[1] = 0;
  out.ny[1] = 1;
  out.radius = radius;
  return out;
}

/** An axis-aligned box centred on the body's origin, corners as placed.ts's `placeBox` (edges bottom, right, top, left). */
export function boxProxy(out: ShapeProxy, halfWidth: number, halfHeight: number): ShapeProxy {
  check.positive("halfWidth", halfWidth);
  check.positive("halfHeight", halfHeight);
  out.count = 4;
  out.vx[0] = -halfWidth;
  out.vy[0] = -halfHeight;
  out.vx[1] = halfWidth;
  out.vy[1] = -halfHeight;
  out.vx[2] = halfWidth;
  out.vy[2] = halfHeight;
  out.vx[3] = -halfWidth;
  out.vy[3] = halfHeight;
  const nx = out.nx;
  const ny = out.ny;
  nx[0] = 0;
  ny[0] = -1;
  nx[1] = 1;
  ny[1] = 0;
  nx[2] = 0;
  ny[2] = 1;
  nx[3] = -1;
  ny[3] = 0;
  out.radius = 0;
  return out;
}

/** A segment (radius 0): vertex 0 = a, vertex 1 = b, as placed.ts's `placeSegment`. */
export function segmentProxy(out: ShapeProxy, segment: SegmentGeometry): ShapeProxy {
  out.count = 2;
  out.vx[0] = segment.ax;
  out.vy[0] = segment.ay;
  out.vx[1] = segment.bx;
  out.vy[1] = segment.by;
  out.nx[0] = segment.uy;
  out.ny[0] = -segment.ux;
  out.nx[1] = -segment.uy;
  out.ny[1] = segment.ux;
  out.radius = 0;
  return out;
}
