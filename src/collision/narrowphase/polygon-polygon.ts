/**
 * Polygon (A) vs polygon (B): both rounded convex polygons (boxes included),
 * by separating axes, the exact distance when apart and clipping of the
 * facing edges; hull-hull.ts has the method. Feature ids as PolygonFeature
 * (edge i = i, vertex i = 8 + i), A first.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullB, placeFirstPolygon, placePolygonBody, type PlacedPolygon } from "./placed.js";
import { collidePlacedHulls } from "./hull-hull.js";

export function collidePolygons(a: PlacedPolygon, b: PlacedPolygon, out: ManifoldBuffer): boolean {
  placeFirstPolygon(a);
  placePolygonBody(hullB, b);
  return collidePlacedHulls(out, null);
}
