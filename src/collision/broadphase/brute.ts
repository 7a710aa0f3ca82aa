/**
 * The brute-force broadphase: test every pair, O(n²).
 *
 * Too slow for a real scene, but short enough to be obviously correct, which
 * makes it the reference the property tests compare the tree and
 * sort-and-sweep against. It finds every overlapping pair on every
 * `updatePairs` and reports what changed since the last call.
 */
import type { Body } from "../../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { PairDiff } from "./pair-diff.js";
import { boxesOverlap, rayBoxEntry, readMargin, type BroadphaseOptions } from "./bounds.js";
import { checkTracked, ProxyTable } from "./proxy-checks.js";

export class BruteForceBroadphase implements Broadphase {
  readonly kind = "brute" as const;
  /** Bounds are grown by this much on every side (metres). */
  readonly margin: number;
  /** Tracked bodies and their grown boxes (4 numbers each); a body's proxy is its index. */
  private readonly bodies: Body[] = [];
  private boxes: number[] = [];
  private wasStatic: boolean[] = [];
  private readonly proxies = new ProxyTable();
  private readonly diff = new PairDiff();

  constructor(options?: BroadphaseOptions) {
    this.margin = readMargin(options);
  }

  get size(): number {
    return this.bodies.length;
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
    const p = this.bodies.length;
    this.proxies.set(body, p);
    this.bodies.push(body);
    this.wasStatic.push(body._type === "static");
    this.store(p, box);
  }

  clear(): void {
    this.bodies.length = 0;
    this.boxes.length = 0;
    this.wasStatic.length = 0;
    this.proxies.clear();
    this.diff.clear();
  }

  remove(body: Body): void {
    const p = this.proxies.get(body);
    checkTracked(body, this.bodies[p]);
    // Swap the last body into the hole so the arrays stay dense.
    const last = this.bodies.pop()!;
    const n = this.bodies.length;
    const lastStatic = this.wasStatic.pop()!;
    if (last !== body) {
      this.bodies[p] = last;
      this.wasStatic[p] = lastStatic;
      this.proxies.set(last, p);
      for (let k = 0; k < 4; k++) this.boxes[4 * p + k] = this.boxes[4 * n + k]!;
    }
    this.boxes.length = 4 * n;
    this.proxies.set(body, -1);
    this.diff.forget(body);
  }

  update(body: Body, box: QueryBox): void {
    const p = this.proxies.get(body);
    checkTracked(body, this.bodies[p]);
    const isStatic = body._type === "static";
    if (this.wasStatic[p] !== isStatic) {
      this.wasStatic[p] = isStatic;
      this.diff.forget(body); // its pairs start again
    }
    this.store(p, box);
  }

  private store(p: number, box: QueryBox): void {
    const m = this.margin;
    this.boxes[4 * p] = box.minX - m;
    this.boxes[4 * p + 1] = box.minY - m;
    this.boxes[4 * p + 2] = box.maxX + m;
    this.boxes[4 * p + 3] = box.maxY + m;
  }

  private overlapsAt(p: number, minX: number, minY: number, maxX: number, maxY: number): boolean {
    const b = this.boxes;
    return boxesOverlap(minX, minY, maxX, maxY, b[4 * p]!, b[4 * p + 1]!, b[4 * p + 2]!, b[4 * p + 3]!);
  }

  updatePairs(started: PairList, ended: PairList): void {
    started.clear();
    ended.clear();
    const diff = this.diff;
    diff.begin();
    const bodies = this.bodies;
    const b = this.boxes;
    const n = bodies.length;
    for (let i = 0; i < n; i++) {
      const a = bodies[i]!;
      for (let j = i + 1; j < n; j++) {
        const c = bodies[j]!;
        if (a._type === "static" && c._type === "static") continue;
        if (!this.overlapsAt(j, b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!)) continue;
        if (a._id < c._id) diff.found(a, c, started);
        else diff.found(c, a, started);
      }
    }
    diff.finish(ended);
  }


  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): void {
    for (let p = 0; p < this.bodies.length; p++) {
      if (this.overlapsAt(p, minX, minY, maxX, maxY) && visit(this.bodies[p]!) === false) return;
    }
  }

  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void {
    for (let p = 0; p < this.bodies.length; p++) {
      const b = this.bodies[p]!;
      if (b._type !== "static") continue;
      if (this.overlapsAt(p, box.minX, box.minY, box.maxX, box.maxY) && visit(b) === false) return;
    }
  }

  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void {
    const x = this.boxes;
    for (let p = 0; p < this.bodies.length; p++) {
      if (rayBoxEntry(ox, oy, dx, dy, maxT, x[4 * p]!, x[4 * p + 1]!, x[4 * p + 2]!, x[4 * p + 3]!) < 0) continue;
      const t = visit(this.bodies[p]!, maxT);
      // Unchanged (or larger) goes on; smaller clips the ray; 0 or NaN stops it.
      if (!(t >= maxT)) {
        if (!(t > 0)) return;
        maxT = t;
      }
    }
  }
}
