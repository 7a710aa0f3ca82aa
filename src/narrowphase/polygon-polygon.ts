/**
 * Polygon (A) vs polygon (B): both rounded convex polygons (boxes included),
 * by separating axes, the exact distance when apart and clipping of the
 * facing edges; hull-hull.ts has the method. Feature ids as PolygonFeature
 * (edge i = i, vertex i = 8 + i), A first.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullA, hullB, placePolygon, type PlacedPolygon } from "./placed.js";
import { collideHulls } from "./hull-hull.js";

export function collidePolygons(a: PlacedPolygon, b: PlacedPolygon, out: ManifoldBuffer): boolean {
  const ha = hullA;
  const hb = hullB;
  ha.ox = a.px;
  ha.oy = a.py;
  hb.ox = a.px;
  hb.oy = a.py;
  placePolygon(ha, a);
  placePolygon(hb, b);
  return collideHulls(ha, hb, out);
}
