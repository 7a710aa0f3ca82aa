/**
 * Narrowphase dispatch: one pure function per unordered shape pair, chosen
 * from an explicit 5×5 table (circle, capsule, AABB, polygon (Box and
 * Polygon), segment). A reversed pair (say capsule–circle) runs the
 * circle–capsule function with the bodies swapped and has its normal negated
 * here, in this one place; contact points, depths and feature ids (which name
 * the features in the pair function's order, see feature-id.ts) do not change
 * under a swap.
 *
 * A capsule with halfLength 0 is dispatched as a circle, so it behaves as one.
 */
import { BOX, CAPSULE, CIRCLE, COMPOUND, POLYGON, SEGMENT, type Body } from "../../bodies/body.js";
import * as check from "../../math/validate.js";
import { ManifoldBuffer, type Manifold } from "./manifold.js";
import { collideCircles } from "./circle-circle.js";
import { collideCircleCapsule } from "./circle-capsule.js";
import { collideCapsules } from "./capsule-capsule.js";
import { collideCircleBox } from "./circle-aabb.js";
import { collideCapsuleBox } from "./capsule-aabb.js";
import { collideBoxes } from "./aabb-aabb.js";
import { collidePolygons } from "./polygon-polygon.js";
import { collidePolygonCircle } from "./polygon-circle.js";
import { collidePolygonCapsule } from "./polygon-capsule.js";
import { collidePolygonBox } from "./polygon-aabb.js";
import {
  collideCapsuleSegment,
  collideCircleSegment,
  collidePolygonSegment,
  collideSegmentBox,
  collideSegments,
} from "./segment-shapes.js";

/**
 * Writes the manifold of (a, b) into `out` (which comes with count 0 and the
 * margin in `out.margin`); returns true when there is at least one point.
 */
type PairFunction = (a: Body, b: Body, out: ManifoldBuffer) => boolean;

interface Entry {
  fn: PairFunction;
  /** Call fn(b, a) and negate the normal. */
  swap: boolean;
}

/**
 * The polygon and segment pair functions read a body as a `PlacedPolygon`
 * or `PlacedSegment` (placed.ts): its pose and its `polygon` or `segment`,
 * which a body of that kind has (not null). So they take bodies as they are.
 */
type AnyPair = (a: never, b: never, out: ManifoldBuffer) => boolean;
const direct = (fn: AnyPair): Entry => ({ fn: fn as unknown as PairFunction, swap: false });
const swapped = (fn: AnyPair): Entry => ({ fn: fn as unknown as PairFunction, swap: true });

/** Row: kind of A; column: kind of B (CIRCLE, CAPSULE, BOX, POLYGON, SEGMENT). */
const TABLE: readonly (readonly Entry[])[] = [
  [direct(collideCircles), direct(collideCircleCapsule), direct(collideCircleBox), swapped(collidePolygonCircle), direct(collideCircleSegment)],
  [swapped(collideCircleCapsule), direct(collideCapsules), direct(collideCapsuleBox), swapped(collidePolygonCapsule), direct(collideCapsuleSegment)],
  [swapped(collideCircleBox), swapped(collideCapsuleBox), direct(collideBoxes), swapped(collidePolygonBox), swapped(collideSegmentBox)],
  [direct(collidePolygonCircle), direct(collidePolygonCapsule), direct(collidePolygonBox), direct(collidePolygons), direct(collidePolygonSegment)],
  [swapped(collideCircleSegment), swapped(collideCapsuleSegment), direct(collideSegmentBox), swapped(collidePolygonSegment), direct(collideSegments)],
];

function effectiveKind(body: Body): number {
  return body._kind === CAPSULE && body._halfLength === 0 ? CIRCLE : body._kind;
}

/**
 * Allocation-free narrowphase used by the world: set `out.margin` first; fills
 * `out` and returns true when the shapes touch (or are within the margin).
 *
 * The margin is read from the buffer, not passed, because a number that is
 * not a small integer gets boxed (allocated) whenever it is passed to a
 * function the optimizer does not inline, and this runs for every pair in
 * every step.
 */
export function collideWith(a: Body, b: Body, out: ManifoldBuffer): boolean {
  const entry = TABLE[effectiveKind(a)]![effectiveKind(b)]!;
  out.count = 0;
  if (!entry.swap) return entry.fn(a, b, out);
  // the masks follow their bodies into the pair function's order, and back
  const maskA = out.maskA;
  out.maskA = out.maskB;
  out.maskB = maskA;
  const hit = entry.fn(b, a, out);
  out.maskB = out.maskA;
  out.maskA = maskA;
  if (!hit) return false;
  out.normalX = -out.normalX;
  out.normalY = -out.normalY;
  return true;
}

/** Does the dispatch run the pair (a, b) as (b, a) (and negate the normal)? For `traceManifold`. */
export function pairIsSwapped(a: Body, b: Body): boolean {
  return TABLE[effectiveKind(a)]![effectiveKind(b)]!.swap;
}

/** `collideWith` with the margin as an argument, for callers outside the step's hot loop. */
export function collideInto(a: Body, b: Body, margin: number, out: ManifoldBuffer): boolean {
  out.margin = margin;
  out.maskA = 0;
  out.maskB = 0;
  return collideWith(a, b, out);
}

const scratch = new ManifoldBuffer();

/**
 * The contact manifold of two bodies (they need not be in a world), or null
 * when they do not overlap. With `margin` > 0, shapes up to `margin` apart
 * also get a manifold, with a negative depth.
 */
export function collide(a: Body, b: Body, margin = 0): Manifold | null {
  checkShape("a", a);
  checkShape("b", b);
  check.nonNegative("margin", margin);
  if (!collideInto(a, b, margin, scratch)) return null;
  return scratch.toManifold();
}

/** A body a world can hold: a single-shape body or a Compound. */
export function checkBody(name: string, body: unknown): asserts body is Body {
  if (body !== null && typeof body === "object" && (body as Body)._kind === COMPOUND && (body as Body)._parts !== null) return;
  checkShape(name, body);
}

export function checkShape(name: string, body: unknown): asserts body is Body {
  if (body !== null && typeof body === "object" && (body as Body)._kind === COMPOUND) {
    throw new TypeError(`capsule2d: ${name} must be a single-shape body (Circle, Capsule, AABB, Box, Polygon or Segment), got a Compound: pass one of its parts' bodies or use the world's queries`);
  }
  const k = (body as Body | null)?._kind;
  if (body === null || typeof body !== "object" || (k !== CIRCLE && k !== CAPSULE && k !== BOX && k !== POLYGON && k !== SEGMENT)) {
    throw new TypeError(`capsule2d: ${name} must be a Circle, Capsule, AABB, Box, Polygon or Segment, got ${check.describe(body)}`);
  }
}
