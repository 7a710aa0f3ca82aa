/**
 * The brute-force broadphase: test every pair, O(n²).
 *
 * Too slow for a real scene, but short enough to be obviously correct, which
 * makes it the reference the property tests compare the tree and
 * sort-and-sweep against. It reads the bounds straight from the bodies.
 */
import type { Body } from "../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { boxesOverlap, rayBoxEntry, readMargin, type BroadphaseOptions } from "./bounds.js";
import { checkAdd, checkTracked } from "./proxy-checks.js";

export class BruteForceBroadphase implements Broadphase {
  readonly kind = "brute" as const;
  /** Bounds are grown by this much on every side (metres). */
  readonly margin: number;
  /** Tracked bodies; `body.proxyId` is the body's index here. */
  private readonly bodies: Body[] = [];

  constructor(options?: BroadphaseOptions) {
    this.margin = readMargin(options);
  }

  get size(): number {
    return this.bodies.length;
  }

  add(body: Body): void {
    checkAdd(body);
    body.proxyId = this.bodies.length;
    this.bodies.push(body);
  }

  remove(body: Body): void {
    checkTracked(body, this.bodies[body.proxyId]);
    // Swap the last body into the hole so the array stays dense.
    const last = this.bodies.pop()!;
    if (last !== body) {
      this.bodies[body.proxyId] = last;
      last.proxyId = body.proxyId;
    }
    body.proxyId = -1;
  }

  update(body: Body): void {
    // Nothing is cached: the bounds are read from the body when needed.
    checkTracked(body, this.bodies[body.proxyId]);
  }

  collectPairs(out: PairList): void {
    out.clear();
    const bodies = this.bodies;
    const m = this.margin;
    const n = bodies.length;
    for (let i = 0; i < n; i++) {
      const a = bodies[i]!;
      const aStatic = a.type === "static";
      for (let j = i + 1; j < n; j++) {
        const b = bodies[j]!;
        if (aStatic && b.type === "static") continue;
        if (boxesOverlap(a.minX - m, a.minY - m, a.maxX + m, a.maxY + m, b.minX - m, b.minY - m, b.maxX + m, b.maxY + m)) {
          out.push(a, b);
        }
      }
    }
  }

  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): void {
    const m = this.margin;
    for (const b of this.bodies) {
      if (boxesOverlap(minX, minY, maxX, maxY, b.minX - m, b.minY - m, b.maxX + m, b.maxY + m)) {
        if (visit(b) === false) return;
      }
    }
  }

  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void {
    const m = this.margin;
    for (const b of this.bodies) {
      if (b.type !== "static") continue;
      if (boxesOverlap(box.minX, box.minY, box.maxX, box.maxY, b.minX - m, b.minY - m, b.maxX + m, b.maxY + m)) {
        if (visit(b) === false) return;
      }
    }
  }

  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void {
    const m = this.margin;
    for (const b of this.bodies) {
      if (rayBoxEntry(ox, oy, dx, dy, maxT, b.minX - m, b.minY - m, b.maxX + m, b.maxY + m) < 0) continue;
      const t = visit(b, maxT);
      // Unchanged (or larger) goes on; smaller clips the ray; 0 or NaN stops it.
      if (!(t >= maxT)) {
        if (!(t > 0)) return;
        maxT = t;
      }
    }
  }
}
