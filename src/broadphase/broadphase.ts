/**
 * The broadphase finds candidate pairs: bodies whose bounding boxes overlap.
 * The narrowphase then decides which of them really touch.
 *
 * The contract (`updatePairs` reports the pairs that may have begun to
 * overlap; `overlaps` says whether a known pair still does) lets an
 * implementation do work only for what moved. The tree keeps enlarged boxes
 * and answers for them; sort-and-sweep and brute force report every
 * overlapping pair and answer for the exact boxes. A property test checks
 * that a client keeping their pairs sees every exactly overlapping pair, for
 * all three.
 */
import type { Body } from "../bodies/body.js";

/** A reusable list of body pairs (no allocation once it has grown). */
export class PairList {
  readonly a: Body[] = [];
  readonly b: Body[] = [];
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /** Adds (a, b) ordered so that a.id < b.id. */
  push(a: Body, b: Body): void {
    const i = this.count++;
    if (a.id < b.id) {
      this.a[i] = a;
      this.b[i] = b;
    } else {
      this.a[i] = b;
      this.b[i] = a;
    }
  }
}

export type BroadphaseKind = "tree" | "sap" | "brute";

/** A box to query, passed as an object. */
export interface QueryBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Broadphase {
  readonly kind: BroadphaseKind;
  /**
   * Start tracking a body (it must have a world slot, `body.slot >= 0`) with
   * the box `box` (the world passes the body's bounds, swept over its coming
   * motion), grown by the broadphase's `margin` on every side.
   */
  add(body: Body, box: QueryBox): void;
  /** Stop tracking a body. */
  remove(body: Body): void;
  /** The body's box changed (or its type: static bodies are kept apart). */
  update(body: Body, box: QueryBox): void;
  /** Is the body tracked? */
  has(body: Body): boolean;
  /**
   * Fill `out` with the pairs that may have begun to overlap since the last
   * call: every pair of tracked bodies, not both static, whose boxes overlap
   * now and did not at the last call is in it, each once; pairs that already
   * overlapped may be in it too (the caller keeps the pairs it knows: its
   * contacts). Order is unspecified.
   */
  updatePairs(out: PairList): void;
  /**
   * Do the boxes kept for two tracked bodies overlap? While they do, a pair
   * reported by `updatePairs` stays a candidate; once they do not, it ends.
   * (The tree answers for its enlarged boxes, which overlap longer.)
   */
  overlaps(a: Body, b: Body): boolean;
  /** Calls `visit` for each tracked body whose grown bounds overlap the box; stop early when it returns false. */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): void;
  /**
   * Like `query`, but only static bodies, and the box is read from `box` (no
   * numbers cross the call: V8 would box them). The continuous-collision sweep
   * of a fast non-bullet body calls it once per step.
   */
  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void;
  /**
   * Calls `visit` for each tracked body whose grown bounds the ray segment
   * origin + t·dir, 0 ≤ t ≤ maxT, may cross (dir is unit length). `visit`
   * returns the new maxT to clip the ray to (return maxT unchanged to go on, 0 to stop).
   */
  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void;
  /** Number of tracked bodies. */
  readonly size: number;
}
