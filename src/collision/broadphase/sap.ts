/**
 * Sort-and-sweep ("sweep and prune") on the x axis.
 *
 * Keep the boxes sorted by their left edge `minX`. Then, walking the list
 * left to right, the boxes that can overlap box i along x are exactly the ones
 * after it whose `minX` is at most box i's `maxX`: the walk for box i stops at
 * the first box that starts to the right of box i's end. Those candidates are
 * then tested on y. With bodies spread along x, each box meets only its
 * neighbours and collecting pairs costs about O(n + pairs).
 *
 * The order is kept between calls and repaired with an insertion sort, which
 * costs O(n + number of boxes that changed places). In a simulation bodies
 * move a little per step, few swap places, and the repair is nearly free;
 * that is the whole trick (temporal coherence).
 *
 * The boxes are stored in the sorted order itself, in flat typed arrays
 * (structure of arrays), so the sweep reads memory front to back. A body's
 * proxy is its current position in that order; the sort keeps it up to date.
 * `updatePairs` reports every overlapping pair, every time.
 */
import type { Body } from "../../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { PairDiff } from "./pair-diff.js";
import { boxesOverlap, rayBoxEntry, readMargin, type BroadphaseOptions } from "./bounds.js";
import { checkTracked, ProxyTable } from "./proxy-checks.js";
import { grown } from "../../math/typed.js";

export class SweepAndPruneBroadphase implements Broadphase {
  readonly kind = "sap" as const;
  /** Bounds are grown by this much on every side (metres). */
  readonly margin: number;

  private count = 0;
  private capacity = 0;
  /** Grown bounds, in sorted order of minX (after `sort()`). */
  private minX = new Float64Array(0);
  private minY = new Float64Array(0);
  private maxX = new Float64Array(0);
  private maxY = new Float64Array(0);
  /** 1 for a static body. */
  private isStatic = new Uint8Array(0);
  private bodies: (Body | null)[] = [];
  private readonly proxies = new ProxyTable();
  private readonly diff = new PairDiff();
  /** Entries moved by the last sorts (for tests and tuning: small when little moves). */
  swapCount = 0;

  constructor(options?: BroadphaseOptions) {
    this.margin = readMargin(options);
    this.grow(16);
  }

  get size(): number {
    return this.count;
  }

  private grow(newCapacity: number): void {
    this.minX = grown(this.minX, newCapacity);
    this.minY = grown(this.minY, newCapacity);
    this.maxX = grown(this.maxX, newCapacity);
    this.maxY = grown(this.maxY, newCapacity);
    this.isStatic = grown(this.isStatic, newCapacity);
    for (let i = this.capacity; i < newCapacity; i++) this.bodies.push(null);
    this.capacity = newCapacity;
  }

  /** Copy the grown box and the body's static flag into slot i. */
  private store(i: number, body: Body, box: QueryBox): void {
    const m = this.margin;
    this.minX[i] = box.minX - m;
    this.minY[i] = box.minY - m;
    this.maxX[i] = box.maxX + m;
    this.maxY[i] = box.maxY + m;
    this.isStatic[i] = body._type === "static" ? 1 : 0;
  }

  has(body: Body): boolean {
    const p = this.proxies.get(body);
    return p >= 0 && this.bodies[p] === body;
  }

  /** Adds are cheap one by one here: nothing to defer. */
  beginLoad(): void {}

  /** Nothing was deferred. */
  endLoad(): void {}

  add(body: Body, box: QueryBox): void {
    this.proxies.checkAdd(body);
    if (this.count === this.capacity) this.grow(this.capacity * 2);
    const i = this.count++;
    this.bodies[i] = body;
    this.store(i, body, box);
    this.proxies.set(body, i); // appended at the end; the next sort moves it into place
  }

  clear(): void {
    this.bodies.fill(null, 0, this.count);
    this.count = 0;
    this.proxies.clear();
    this.diff.clear();
  }

  remove(body: Body): void {
    const i = this.proxies.get(body);
    checkTracked(body, this.bodies[i]);
    // Close the gap, keeping the order: shift everything after it one slot left.
    const end = this.count;
    this.minX.copyWithin(i, i + 1, end);
    this.minY.copyWithin(i, i + 1, end);
    this.maxX.copyWithin(i, i + 1, end);
    this.maxY.copyWithin(i, i + 1, end);
    this.isStatic.copyWithin(i, i + 1, end);
    const bodies = this.bodies;
    for (let j = i; j < end - 1; j++) {
      const b = bodies[j + 1]!;
      bodies[j] = b;
      this.proxies.set(b, j);
    }
    bodies[end - 1] = null;
    this.count--;
    this.proxies.set(body, -1);
    this.diff.forget(body);
  }

  update(body: Body, box: QueryBox): void {
    const i = this.proxies.get(body);
    checkTracked(body, this.bodies[i]);
    if (this.isStatic[i] !== (body._type === "static" ? 1 : 0)) this.diff.forget(body); // its pairs start again
    this.store(i, body, box);
  }



  /**
   * Insertion sort by minX: take each entry in turn and slide it left past
   * the entries that start after it. Stable, in place, and O(n) when the
   * array is already nearly sorted.
   */
  private sort(): void {
    const minX = this.minX;
    const minY = this.minY;
    const maxX = this.maxX;
    const maxY = this.maxY;
    const isStatic = this.isStatic;
    const bodies = this.bodies;
    const n = this.count;
    for (let i = 1; i < n; i++) {
      const key = minX[i]!;
      if (minX[i - 1]! <= key) continue; // already in place (the common case)
      const kMinY = minY[i]!;
      const kMaxX = maxX[i]!;
      const kMaxY = maxY[i]!;
      const kStatic = isStatic[i]!;
      const kBody = bodies[i]!;
      let j = i - 1;
      while (j >= 0 && minX[j]! > key) {
        minX[j + 1] = minX[j]!;
        minY[j + 1] = minY[j]!;
        maxX[j + 1] = maxX[j]!;
        maxY[j + 1] = maxY[j]!;
        isStatic[j + 1] = isStatic[j]!;
        const b = bodies[j]!;
        bodies[j + 1] = b;
        this.proxies.set(b, j + 1);
        j--;
      }
      this.swapCount += i - 1 - j;
      const k = j + 1;
      minX[k] = key;
      minY[k] = kMinY;
      maxX[k] = kMaxX;
      maxY[k] = kMaxY;
      isStatic[k] = kStatic;
      bodies[k] = kBody;
      this.proxies.set(kBody, k);
    }
  }

  /** Every overlapping pair is found; the difference from the last call is reported. */
  updatePairs(started: PairList, ended: PairList): void {
    started.clear();
    ended.clear();
    const diff = this.diff;
    diff.begin();
    this.sort();
    const minX = this.minX;
    const minY = this.minY;
    const maxX = this.maxX;
    const maxY = this.maxY;
    const isStatic = this.isStatic;
    const bodies = this.bodies;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const right = maxX[i]!;
      const bottom = minY[i]!;
      const top = maxY[i]!;
      const iStatic = isStatic[i]!;
      // Sorted by minX and minX[j] >= minX[i], so "overlap on x" is just minX[j] <= right.
      for (let j = i + 1; j < n && minX[j]! <= right; j++) {
        if (iStatic === 1 && isStatic[j] === 1) continue;
        if (minY[j]! <= top && bottom <= maxY[j]!) {
          const a = bodies[i]!;
          const b = bodies[j]!;
          if (a._id < b._id) diff.found(a, b, started);
          else diff.found(b, a, started);
        }
      }
    }
    diff.finish(ended);
  }

  /** `visit` must not add, remove or update bodies of this broadphase. */
  query(qMinX: number, qMinY: number, qMaxX: number, qMaxY: number, visit: (body: Body) => boolean | void): void {
    this.sort();
    const n = this.count;
    // Everything from the first entry with minX > qMaxX on starts right of the query box.
    for (let i = 0; i < n && this.minX[i]! <= qMaxX; i++) {
      if (boxesOverlap(qMinX, qMinY, qMaxX, qMaxY, this.minX[i]!, this.minY[i]!, this.maxX[i]!, this.maxY[i]!)) {
        if (visit(this.bodies[i]!) === false) return;
      }
    }
  }

  /** `visit` must not add, remove or update bodies of this broadphase. */
  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void {
    this.sort();
    const n = this.count;
    const qMaxX = box.maxX;
    for (let i = 0; i < n && this.minX[i]! <= qMaxX; i++) {
      if (this.isStatic[i] !== 1) continue;
      if (boxesOverlap(box.minX, box.minY, qMaxX, box.maxY, this.minX[i]!, this.minY[i]!, this.maxX[i]!, this.maxY[i]!)) {
        if (visit(this.bodies[i]!) === false) return;
      }
    }
  }

  /**
   * A linear scan: order on x does not help a ray in an arbitrary direction
   * much. `visit` must not add, remove or update bodies of this broadphase.
   */
  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void {
    const n = this.count;
    for (let i = 0; i < n; i++) {
      if (rayBoxEntry(ox, oy, dx, dy, maxT, this.minX[i]!, this.minY[i]!, this.maxX[i]!, this.maxY[i]!) < 0) continue;
      const t = visit(this.bodies[i]!, maxT);
      // Unchanged (or larger) goes on; smaller clips the ray; 0 or NaN stops it.
      if (!(t >= maxT)) {
        if (!(t > 0)) return;
        maxT = t;
      }
    }
  }
}
