/**
 * Polygon (A) vs circle (B).
 *
 * The circle is its centre (a hull of one vertex) swept by its radius, so
 * hull-hull.ts does it with only the polygon's edges as axes: the edge of
 * largest separation s of the centre is the one the centre faces. Centre
 * inside the (core) polygon (s ≤ 0): depth r − s along that edge's normal.
 * Outside: if the centre projects onto that edge, depth r − s along its
 * normal; otherwise the nearest vertex, depth r − |centre − vertex|. (The
 * closest point of a convex polygon to an outside point is on the edge of
 * largest separation.) One point midway between the surfaces; features
 * (see feature-id.ts for the convention): the polygon's face or vertex
 * (PolygonFeature) and the circle's CENTRE. A centre inside keeps the face's
 * id, as circle–box does.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullB, placeCircle, placeFirstPolygon, type CircleLike, type PlacedPolygon } from "./placed.js";
import { collidePlacedHulls } from "./hull-hull.js";
import { CircleFeature } from "./feature-id.js";

/** The circle's only hull vertex (VERTEX + 0 = 8) is its CENTRE. */
const CIRCLE_FEATURES = new Uint8Array(16);
CIRCLE_FEATURES[8] = CircleFeature.CENTRE;

export function collidePolygonCircle(a: PlacedPolygon, b: CircleLike, out: ManifoldBuffer): boolean {
  placeFirstPolygon(a);
  placeCircle(hullB, b);
  return collidePlacedHulls(out, CIRCLE_FEATURES);
}
