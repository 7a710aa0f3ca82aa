/**
 * For the broadphases that find every overlapping pair on each call
 * (sort-and-sweep, brute force): the pairs found last time, so that a call
 * can report only what changed, as the `Broadphase` contract asks — the
 * pairs that began and that stopped overlapping.
 *
 * `begin()`, then `found(a, b)` for every overlapping pair (a.id < b.id),
 * then `finish(ended)`. Allocation-free once grown.
 */
import type { Body } from "../../bodies/body.js";
import type { PairList } from "./broadphase.js";
import { PairMap } from "./pair-map.js";
import { grown } from "../../math/typed.js";

export class PairDiff {
  private readonly index = new PairMap<number>();
  private a: Body[] = [];
  private b: Body[] = [];
  private stamp = new Int32Array(64);
  private count = 0;
  private now = 0;

  /** Start a call. */
  begin(): void {
    this.now++;
  }

  /** An overlapping pair (a.id < b.id); appended to `started` when it did not overlap last time. */
  found(a: Body, b: Body, started: PairList): void {
    const i = this.index.get(a._id, b._id);
    if (i !== undefined) {
      this.stamp[i] = this.now;
      return;
    }
    const n = this.count++;
    if (n === this.stamp.length) this.stamp = grown(this.stamp, 2 * n);
    this.a[n] = a;
    this.b[n] = b;
    this.stamp[n] = this.now;
    this.index.set(a._id, b._id, n);
    started.push(a, b);
  }

  /** End the call: the pairs not found again stopped overlapping; appended to `ended` and forgotten. */
  finish(ended: PairList): void {
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const a = this.a[i]!;
      const b = this.b[i]!;
      if (this.stamp[i] !== this.now) {
        ended.push(a, b);
        this.index.delete(a._id, b._id);
        continue;
      }
      if (n !== i) {
        this.a[n] = a;
        this.b[n] = b;
        this.stamp[n] = this.now;
        this.index.set(a._id, b._id, n);
      }
      n++;
    }
    for (let i = n; i < this.count; i++) {
      this.a[i] = null as unknown as Body; // drop references
      this.b[i] = null as unknown as Body;
    }
    this.count = n;
  }

  /** Forget every pair (as new). */
  clear(): void {
    this.index.clear();
    for (let i = 0; i < this.count; i++) {
      this.a[i] = null as unknown as Body;
      this.b[i] = null as unknown as Body;
    }
    this.count = 0;
  }

  /** Forget the pairs of a body leaving the broadphase (its contacts are the client's to end). */
  forget(body: Body): void {
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const a = this.a[i]!;
      const b = this.b[i]!;
      if (a === body || b === body) {
        this.index.delete(a._id, b._id);
        continue;
      }
      if (n !== i) {
        this.a[n] = a;
        this.b[n] = b;
        this.stamp[n] = this.stamp[i]!;
        this.index.set(a._id, b._id, n);
      }
      n++;
    }
    this.count = n;
  }
}
