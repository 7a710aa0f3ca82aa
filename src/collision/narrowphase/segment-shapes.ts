/**
 * Segment pairs. A segment is a two-sided line without thickness: exactly a
 * capsule of radius 0, so its pairs with circles, capsules, AABBs and other
 * segments are the capsule pair functions, run on a capsule body whose
 * radius is 0 (the property tests check them against the reference with
 * radius 0: the capsule code has no case that needs a radius). Its pair with
 * a polygon is hull-hull.ts with the segment as a hull of two vertices.
 *
 * Orientation (A first, as each function is named): circle–segment,
 * capsule–segment, segment–AABB, segment–segment, polygon–segment. Feature
 * ids (feature-id.ts): the segment's are a capsule's: END_0 (its end a),
 * END_1 (end b), SIDE, SIDE_UP, SIDE_DOWN, DEEPEST_END.
 *
 * The stand-in capsules are real `Capsule` bodies (built once, never in a
 * world), so the capsule pair functions keep seeing one object layout.
 */
import { Capsule } from "../../bodies/capsule.js";
import type { Body } from "../../bodies/body.js";
import type { ManifoldBuffer } from "./manifold.js";
import { hullB, placeFirstPolygon, placeSegment, type PlacedPolygon, type PlacedSegment } from "./placed.js";
import { collidePlacedHulls } from "./hull-hull.js";
import { collideCircleCapsule } from "./circle-capsule.js";
import { collideCapsules } from "./capsule-capsule.js";
import { collideCapsuleBox } from "./capsule-aabb.js";
import { SEGMENT_FEATURES } from "./polygon-capsule.js";
import { chainSmooth, facingBox, facingCapsule, facingCircle, facingPolygon } from "./chain-segment.js";

function standIn(): Capsule {
  const c = new Capsule({ halfLength: 1, radius: 1 });
  c._radius = 0;
  return c;
}

const segmentA = standIn();
const segmentB = standIn();

/** Make `c` the capsule of radius 0 on the placed segment s: centre, axis (cos, sin) and half length. */
function asCapsule(c: Body, s: PlacedSegment): Body {
  const g = s.segment;
  const qc = s.qc;
  const qs = s.qs;
  c.px = s.px + (qc * g.cx - qs * g.cy);
  c.py = s.py + (qs * g.cx + qc * g.cy);
  c.qc = qc * g.ux - qs * g.uy;
  c.qs = qs * g.ux + qc * g.uy;
  c._halfLength = g.halfLength;
  return c;
}

/**
 * The capsule `c` (built once, never in a world), made the capsule of
 * radius 0 on the placed segment s: for shape-cast.ts, which casts a
 * segment as one.
 */
export function segmentAsCapsule(c: Capsule, s: PlacedSegment): Body {
  c._radius = 0;
  return asCapsule(c, s);
}

/** Circle (A) vs segment (B). */
export function collideCircleSegment(a: Body, b: PlacedSegment, out: ManifoldBuffer): boolean {
  if (b.segment.oneSided && !out.twoSided) {
    if (!facingCircle(b, a)) return false;
    return chainSmooth(collideCircleCapsule(a, asCapsule(segmentB, b), out), out, false);
  }
  return collideCircleCapsule(a, asCapsule(segmentB, b), out);
}

/** Capsule (A) vs segment (B). */
export function collideCapsuleSegment(a: Body, b: PlacedSegment, out: ManifoldBuffer): boolean {
  if (b.segment.oneSided && !out.twoSided) {
    if (!facingCapsule(b, a)) return false;
    return chainSmooth(collideCapsules(a, asCapsule(segmentB, b), out), out, false);
  }
  return collideCapsules(a, asCapsule(segmentB, b), out);
}

/** Segment (A) vs AABB (B). */
export function collideSegmentBox(a: PlacedSegment, b: Body, out: ManifoldBuffer): boolean {
  if (a.segment.oneSided && !out.twoSided) {
    if (!facingBox(a, b)) return false;
    return chainSmooth(collideCapsuleBox(asCapsule(segmentA, a), b, out), out, true);
  }
  return collideCapsuleBox(asCapsule(segmentA, a), b, out);
}

/** Segment (A) vs segment (B). */
export function collideSegments(a: PlacedSegment, b: PlacedSegment, out: ManifoldBuffer): boolean {
  return collideCapsules(asCapsule(segmentA, a), asCapsule(segmentB, b), out);
}

/** Polygon (A) vs segment (B): hull-hull.ts, the segment a hull of two vertices (a, b) and radius 0. */
export function collidePolygonSegment(a: PlacedPolygon, b: PlacedSegment, out: ManifoldBuffer): boolean {
  if (b.segment.oneSided && !out.twoSided) {
    if (!facingPolygon(b, a)) return false;
    placeFirstPolygon(a);
    placeSegment(hullB, b);
    return chainSmooth(collidePlacedHulls(out, SEGMENT_FEATURES), out, false);
  }
  placeFirstPolygon(a);
  placeSegment(hullB, b);
  return collidePlacedHulls(out, SEGMENT_FEATURES);
}
