/**
 * The broadphase finds candidate pairs: bodies whose bounding boxes overlap.
 * The narrowphase then decides which of them really touch.
 *
 * Every implementation returns exactly the same pair set (a property test
 * checks them against brute force); they differ only in speed.
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
   * Start tracking a body. Its bounds are `body.minX..maxY` grown by the
   * broadphase's `margin` on every side. Sets `body.proxyId`.
   */
  add(body: Body): void;
  /** Stop tracking a body; resets `body.proxyId` to -1. */
  remove(body: Body): void;
  /** The body's bounds changed (called after `body.updateBounds()`). */
  update(body: Body): void;
  /**
   * Clear `out` and fill it with every pair of tracked bodies whose grown
   * bounds overlap (touching edges count as overlap), each pair once, except
   * pairs where both bodies are static. Order is unspecified (the world sorts).
   */
  collectPairs(out: PairList): void;
  /** Calls `visit` for each tracked body whose grown bounds overlap the box; stop early when it returns false. */
  /**
   * Like `query`, but only static bodies, and the box is read from `box` (no
   * numbers cross the call: V8 would box them). The continuous-collision sweep
   * of a fast non-bullet body calls it once per step.
   */
  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void;
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): void;
  /**
   * Calls `visit` for each tracked body whose grown bounds the ray segment
   * origin + t·dir, 0 ≤ t ≤ maxT, may cross (dir is unit length). `visit`
   * returns the new maxT to clip the ray to (return maxT unchanged to go on, 0 to stop).
   */
  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void;
  /** Number of tracked bodies. */
  readonly size: number;
}
