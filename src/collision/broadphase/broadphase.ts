/**
 * The broadphase finds candidate pairs: bodies whose bounding boxes overlap.
 * The narrowphase then decides which of them really touch.
 *
 * The contract is incremental: `updatePairs` reports the pairs that began
 * and that stopped overlapping since the last call, so a client (the
 * world's contacts) keeps exactly the overlapping pairs, and an
 * implementation can work only on what moved. The tree does (a pile at rest
 * or asleep costs nothing); sort-and-sweep and brute force find every pair
 * and report the difference. A property test checks all three against
 * brute force through adds, removes, moves and type changes.
 */
import type { Body } from "../../bodies/body.js";

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

/** The broadphases `WorldOptions.broadphase` accepts: dynamic AABB tree, sweep and prune, or every pair. */
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
  /**
   * Stop tracking every body: the broadphase is as a new one (the same
   * proxies, pairs and reports follow the same adds), keeping the memory it
   * has grown. For a world restored in place from a snapshot.
   */
  clear(): void;
  /**
   * Adds from now until `endLoad` fill an empty broadphase (a world loaded
   * from a snapshot): it may gather them and build its structure at once
   * (the tree does, top-down) instead of one body at a time. What it finds
   * afterwards is the same either way.
   */
  beginLoad(): void;
  /** The adds since `beginLoad` are all in: build what was deferred. */
  endLoad(): void;
  /** The body's box changed (or its type: static bodies are kept apart). */
  update(body: Body, box: QueryBox): void;
  /** Is the body tracked? */
  has(body: Body): boolean;
  /**
   * The changes since the last call: `started` gets every pair of tracked
   * bodies (not both static) whose grown boxes overlap now and did not at the
   * last call (or were not both tracked then), `ended` every pair whose boxes
   * overlapped at the last call and no longer do. Each pair once, ordered
   * a.id < b.id. The pairs of a body removed from the broadphase, or updated
   * after changing between static and moving, are dropped without a report
   * (the latter start again). Both lists are cleared first. A tree made
   * with `touchingOnly` leaves out the pairs that cannot touch.
   */
  updatePairs(started: PairList, ended: PairList): void;
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
