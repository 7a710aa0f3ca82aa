/**
 * Feature ids: the `id` of a contact point, built from the features of the two
 * shapes that made it. This is the one place that defines them.
 *
 * A feature is a part of a shape's boundary, numbered within its shape:
 *
 * - circle (CircleFeature): CENTRE (0), its only feature (the whole round
 *   boundary).
 * - capsule (CapsuleFeature): its inner segment runs from end 0
 *   (position − axis·halfLength) to end 1 (position + axis·halfLength).
 *     END_0 (0), END_1 (1)   the round cap around that end point;
 *     SIDE (2)               the straight part, on whichever side the other
 *                            shape is;
 *     SIDE_UP (3), SIDE_DOWN (4)
 *                            the straight part on the side the upward
 *                            perpendicular points to (positive y, or +x for
 *                            a vertical capsule; see `upPerpSign`), or on the
 *                            other side: used where the other shape crosses
 *                            the segment, so the side is chosen, not given;
 *     DEEPEST_END (5)        whichever end point lies deepest along the
 *                            normal, where the segment crosses the other shape.
 * - box (BoxFeature): faces by outward normal LEFT (0, −x), RIGHT (1, +x),
 *   BOTTOM (2, −y), TOP (3, +y); corners 4 + (x side) + 2·(y side), a side
 *   being 0 for the low coordinate and 1 for the high one (BOTTOM_LEFT 4,
 *   BOTTOM_RIGHT 5, TOP_LEFT 6, TOP_RIGHT 7; see `corner`); DEEPEST_CORNER
 *   (8), whichever corner lies deepest along the normal, when a capsule's
 *   segment crosses the box.
 *
 * Two (nearly) parallel features (capsule sides, box faces) touching along a
 * stretch give two points, one at each end of the interval where they face
 * each other; `clipEnd` (ClipEnd) tells them apart: LOW (1) and HIGH (2)
 * for the low and the high end along the contact tangent (−normalY,
 * normalX). A clip that collapses to one point is LOW. Every other point is
 * NONE (0).
 *
 * Packing: id = clipEnd·256 + featureA·16 + featureB, with A and B in the
 * order the pair function receives them. Every feature is below 16 and
 * clipEnd below 4, so distinct (featureA, featureB, clipEnd) triples give
 * distinct ids, all in [0, 1024) (small integers, never boxed, and they fit
 * the int32 of a snapshot).
 *
 * The features each pair function writes (A = the first shape; clip end
 * NONE unless one is given):
 *
 *   circle–circle    (CENTRE, CENTRE)
 *   circle–capsule   (CENTRE, END_0 | END_1 | SIDE)
 *   circle–box       (CENTRE, face or corner)
 *   capsule–capsule  apart: (END_0 | END_1 | SIDE, END_0 | END_1 | SIDE);
 *                    crossing: (SIDE_UP | SIDE_DOWN, DEEPEST_END),
 *                    (DEEPEST_END, SIDE_UP | SIDE_DOWN), (END_1 | END_0, DEEPEST_END);
 *                    clipped: (SIDE, SIDE, LOW | HIGH)
 *   capsule–box      apart: (END_0 | END_1, face or corner), (SIDE, corner);
 *                    crossing: (DEEPEST_END, face), (SIDE_UP | SIDE_DOWN, DEEPEST_CORNER);
 *                    clipped: (SIDE, face, LOW | HIGH)
 *   box–box          corner to corner: (corner, opposite corner);
 *                    faces: (face, opposite face, LOW | HIGH)
 *
 * Guarantees:
 * - Stable: an id depends on the features alone, not on where they are, so
 *   while the same features touch, a contact point keeps its id from step to
 *   step. Warm starting relies on this: a contact matches last step's
 *   impulses to the new points by id.
 * - Distinct within a manifold: a manifold has two points only when two
 *   parallel features were clipped, and those two are LOW and HIGH.
 * - Per pair, in the pair function's order: for two shapes of different
 *   kinds `collide(a, b)` and `collide(b, a)` run the same pair function (see
 *   collide.ts) and give the same ids; for two of the same kind, swapping
 *   them swaps the roles (and, for clipped points, low and high, since the
 *   tangent turns with the normal). The world always passes a pair in the
 *   same order. Ids are only ever compared within one pair of bodies: the
 *   same number means different features in different pair functions.
 */

// The features are const enums rather than plain constants because the
// bundler (esbuild) replaces each member with its value, while an imported
// constant stays a variable that every pair function would load on every call.

/** The features of a circle. */
export const enum CircleFeature {
  CENTRE = 0,
}

/** The features of a capsule. */
export const enum CapsuleFeature {
  END_0 = 0,
  END_1 = 1,
  SIDE = 2,
  SIDE_UP = 3,
  SIDE_DOWN = 4,
  DEEPEST_END = 5,
}

/** The features of a box. */
export const enum BoxFeature {
  LEFT = 0,
  RIGHT = 1,
  BOTTOM = 2,
  TOP = 3,
  BOTTOM_LEFT = 4,
  BOTTOM_RIGHT = 5,
  TOP_LEFT = 6,
  TOP_RIGHT = 7,
  DEEPEST_CORNER = 8,
}

/**
 * The box corner on the given side of the box centre: highX when its x is
 * above the centre's, highY likewise. (Booleans rather than the offsets
 * themselves, so that no number is boxed on the way in.)
 */
export function corner(highX: boolean, highY: boolean): number {
  return BoxFeature.BOTTOM_LEFT + (highX ? 1 : 0) + (highY ? 2 : 0);
}

/** Which point of a clipped pair, if any. */
export const enum ClipEnd {
  NONE = 0,
  LOW = 1,
  HIGH = 2,
}

/** The id of a contact point made by feature `featureA` of shape A and `featureB` of shape B. */
export function featureId(featureA: number, featureB: number, clipEnd: ClipEnd): number {
  return clipEnd * 256 + featureA * 16 + featureB;
}
