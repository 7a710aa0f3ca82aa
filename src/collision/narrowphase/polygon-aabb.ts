/**
 * Polygon (A) vs axis-aligned box (B).
 *
 * An AABB is a box that does not turn: its hull is its four corners
 * (counter-clockwise from the lower left: edges bottom, right, top, left),
 * and hull-hull.ts does the rest, so the result is exactly polygon–polygon's
 * with the AABB as an unturned box (the test checks it). Features
 * (feature-id.ts): the polygon's (PolygonFeature) and the box's BoxFeature
 * faces and corners, as every other AABB pair names them.
 *
 * A tile's hidden faces and corners (out.maskB, from src/contacts/seams.ts:
 * the faces a neighbouring static box covers) are never contact features
 * (hull-hull.ts's `hiddenB`), so a box or polygon slides over a floor of
 * separate tiles as over one surface.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullB, placeBox, placeFirstPolygon, type BoxLike, type PlacedPolygon } from "./placed.js";
import { collidePlacedHulls, hiddenB } from "./hull-hull.js";
import { BoxFeature } from "./feature-id.js";

/** Hull features of an AABB (placeBox's order), as BoxFeature. */
const BOX_FEATURES = new Uint8Array(16);
BOX_FEATURES[0] = BoxFeature.BOTTOM;
BOX_FEATURES[1] = BoxFeature.RIGHT;
BOX_FEATURES[2] = BoxFeature.TOP;
BOX_FEATURES[3] = BoxFeature.LEFT;
BOX_FEATURES[8] = BoxFeature.BOTTOM_LEFT;
BOX_FEATURES[9] = BoxFeature.BOTTOM_RIGHT;
BOX_FEATURES[10] = BoxFeature.TOP_RIGHT;
BOX_FEATURES[11] = BoxFeature.TOP_LEFT;

export function collidePolygonBox(a: PlacedPolygon, b: BoxLike, out: ManifoldBuffer): boolean {
  placeFirstPolygon(a);
  placeBox(hullB, b);
  const mask = out.maskB;
  if (mask === 0) return collidePlacedHulls(out, BOX_FEATURES);
  // a tile with neighbours: its hidden faces and corners, as hull features
  let hidden = 0;
  for (let f = 0; f < 4; f++) {
    if (((mask >> BOX_FEATURES[f]!) & 1) !== 0) hidden |= 1 << f;
    if (((mask >> BOX_FEATURES[8 + f]!) & 1) !== 0) hidden |= 1 << (8 + f);
  }
  hiddenB.features = hidden;
  const hit = collidePlacedHulls(out, BOX_FEATURES);
  hiddenB.features = 0;
  return hit;
}
