/**
 * Polygon (A) vs capsule (B).
 *
 * The capsule is its inner segment (a hull of two vertices and two edges,
 * one per side) swept by its radius: hull-hull.ts, whose axes are the
 * polygon's edge normals and the segment's two sides (the edges of their
 * Minkowski difference). A capsule lying along a polygon face gets two
 * clipped points. Features (feature-id.ts): the polygon's (PolygonFeature)
 * and the capsule's END_0, END_1 (its segment's end points) or SIDE (either
 * side of the straight part). A capsule with halfLength 0 is a circle and
 * collides as one (polygon-circle.ts), as the dispatch does.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullB, placeCapsule, placeFirstPolygon, type CapsuleLike, type PlacedPolygon } from "./placed.js";
import { collidePlacedHulls } from "./hull-hull.js";
import { collidePolygonCircle } from "./polygon-circle.js";
import { CapsuleFeature } from "./feature-id.js";

/** Hull features of a capsule's (or segment's) inner segment, as CapsuleFeature. */
export const SEGMENT_FEATURES = new Uint8Array(16);
SEGMENT_FEATURES[0] = CapsuleFeature.SIDE;
SEGMENT_FEATURES[1] = CapsuleFeature.SIDE;
SEGMENT_FEATURES[8] = CapsuleFeature.END_0;
SEGMENT_FEATURES[9] = CapsuleFeature.END_1;

export function collidePolygonCapsule(a: PlacedPolygon, b: CapsuleLike, out: ManifoldBuffer): boolean {
  if (b._halfLength === 0) return collidePolygonCircle(a, b, out);
  placeFirstPolygon(a);
  placeCapsule(hullB, b);
  return collidePlacedHulls(out, SEGMENT_FEATURES);
}
