/**
 * Box helpers shared by every broadphase, so that all of them make exactly the
 * same decision for the same numbers (the property tests compare them bit for bit).
 *
 * A box is four numbers: minX, minY, maxX, maxY. Touching edges count as
 * overlap (`<=`, not `<`): two resting boxes that just touch must still become
 * a candidate pair, or the narrowphase would never see the contact.
 */
import type { BroadphaseKind } from "./broadphase.js";
import * as check from "../../math/validate.js";

/** Options shared by every broadphase. */
export interface BroadphaseOptions {
  /**
   * Every body's bounds are grown by this much (metres) on every side before
   * testing, so pairs that are about to touch are found a step early. Default 0.
   */
  margin?: number;
  /**
   * Dynamic tree only: a leaf stores the grown bounds enlarged by this much
   * more (metres), so a body that moves less than this costs nothing in
   * `update`. Default 0.1.
   */
  fatten?: number;
  /**
   * Dynamic tree only: keep and report only the pairs that can touch
   * (`canTouch` in contacts/pairing.ts: a dynamic body or a sensor, and
   * collision filters that agree), so pairs that never make a contact (a
   * jointed chain's neighbours in their own category, a kinematic body
   * against a static one) cost nothing. A body's type, sensor flag and
   * filter must then change only while it is out of the broadphase (the
   * World removes and adds it again). Default false.
   */
  touchingOnly?: boolean;
}

const KINDS: readonly BroadphaseKind[] = ["tree", "sap", "brute"];

/** Checks `kind` and names it in the error when it is not one of the three. */
export function checkKind(kind: unknown): BroadphaseKind {
  return check.oneOf("broadphase", kind, KINDS);
}

/** Reads and checks `options.margin` (>= 0, default 0). */
export function readMargin(options: BroadphaseOptions | undefined): number {
  if (options === undefined) return 0;
  check.object("broadphase options", options);
  return options.margin === undefined ? 0 : check.nonNegative("margin", options.margin);
}

/** Do boxes A and B overlap or touch? */
export function boxesOverlap(
  aMinX: number, aMinY: number, aMaxX: number, aMaxY: number,
  bMinX: number, bMinY: number, bMaxX: number, bMaxY: number,
): boolean {
  return aMinX <= bMaxX && bMinX <= aMaxX && aMinY <= bMaxY && bMinY <= aMaxY;
}

/**
 * The ray–box "slab" test, for the box stored at `boxes[i .. i+3]`
 * (minX, minY, maxX, maxY).
 *
 * The ray is origin + t·dir for 0 <= t <= maxT. A box is the intersection of
 * two slabs, minX <= x <= maxX and minY <= y <= maxY. The ray is inside the
 * x slab for t between (minX - ox)/dx and (maxX - ox)/dx (swapped when dx < 0),
 * and likewise for y. The ray crosses the box exactly when those two
 * t-intervals and [0, maxT] have a common part; the start of that common part
 * is where the ray enters the box.
 *
 * A zero direction component would give 0 × ∞ = NaN, so that axis is handled
 * on its own: the ray is then parallel to the slab and is inside it for every
 * t or for none.
 *
 * Returns the entry parameter t (0 when the origin is inside the box), or -1
 * when the segment misses the box. The results are monotone in the box: a box
 * that contains another is never missed when the inner one is hit, even with
 * rounding, which lets a tree prune with its (larger) internal boxes.
 *
 * The box is read from an array rather than passed as four numbers because
 * V8 allocates a heap box for each fractional number passed to a function it
 * does not inline; this way a tree walk allocates nothing.
 */
export function rayBoxEntryAt(
  ox: number, oy: number, dx: number, dy: number, maxT: number, boxes: Float64Array, i: number,
): number {
  const minX = boxes[i]!;
  const minY = boxes[i + 1]!;
  const maxX = boxes[i + 2]!;
  const maxY = boxes[i + 3]!;
  let tEnter = 0;
  let tExit = maxT;
  if (dx !== 0) {
    const inv = 1 / dx;
    let tNear = (minX - ox) * inv;
    let tFar = (maxX - ox) * inv;
    if (tNear > tFar) {
      const s = tNear;
      tNear = tFar;
      tFar = s;
    }
    if (tNear > tEnter) tEnter = tNear;
    if (tFar < tExit) tExit = tFar;
  } else if (ox < minX || ox > maxX) {
    return -1;
  }
  if (dy !== 0) {
    const inv = 1 / dy;
    let tNear = (minY - oy) * inv;
    let tFar = (maxY - oy) * inv;
    if (tNear > tFar) {
      const s = tNear;
      tNear = tFar;
      tFar = s;
    }
    if (tNear > tEnter) tEnter = tNear;
    if (tFar < tExit) tExit = tFar;
  } else if (oy < minY || oy > maxY) {
    return -1;
  }
  return tEnter <= tExit ? tEnter : -1;
}

const scratch = new Float64Array(4);

/** `rayBoxEntryAt` for a box given as four numbers (same arithmetic, same results). */
export function rayBoxEntry(
  ox: number, oy: number, dx: number, dy: number, maxT: number,
  minX: number, minY: number, maxX: number, maxY: number,
): number {
  scratch[0] = minX;
  scratch[1] = minY;
  scratch[2] = maxX;
  scratch[3] = maxY;
  return rayBoxEntryAt(ox, oy, dx, dy, maxT, scratch, 0);
}
