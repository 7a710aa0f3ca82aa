import { STRIDE, INT_STRIDE, C_RESTITUTION, I_SLOT_A, I_SLOT_B } from "./contact-kernels.js";
import { capacityFor, grown } from "../math/typed.js";

/**
 * The contact constraints that the impact check of a step visits (see
 * `ContactConstraints.resolveImpacts`), as a set of constraint indices
 * walked in increasing order.
 *
 * A bouncy constraint (restitution > 0) is in the set when it was a
 * candidate at the start of the step, or when one of its bodies has been hit
 * in this step (momentum passes on, as in a Newton's cradle). Visiting the
 * set in index order, and re-reading it as it grows, visits exactly the
 * constraints a scan over all of them would, in the same order, so the
 * results are the same bits; but a step with one bounce among thousands of
 * resting contacts no longer scans them all in every sweep of every
 * sub-step.
 *
 * Until the first sweep with an impact has ended, the set is the candidates
 * alone: the bodies hit in that sweep add their constraints at its end
 * (`endSweep`); after it, a hit body adds them at once, so a later
 * constraint of it is visited in the same sweep.
 *
 * Each body's bouncy constraints are listed (a compressed adjacency: `start`
 * and `list`, by solver slot) the first time a body is hit in a step.
 */
export class ImpactWorklist {
  private words = new Int32Array(4);
  private wordCount = 0;
  private start = new Int32Array(65);
  private list = new Int32Array(128);
  private listed = false;
  private impacted = false;
  private pending = new Int32Array(16);
  private pendingCount = 0;

  /** Empty the set, for a step with `count` constraints. */
  reset(count: number): void {
    this.wordCount = (count + 31) >>> 5;
    if (this.words.length < this.wordCount) this.words = new Int32Array(capacityFor(this.words.length, this.wordCount));
    this.words.fill(0, 0, this.wordCount);
    this.listed = false;
    this.impacted = false;
    this.pendingCount = 0;
  }

  /** Add constraint i. */
  add(i: number): void {
    this.words[i >>> 5] = this.words[i >>> 5]! | (1 << (i & 31));
  }

  /** The smallest constraint index ≥ `from` in the set, or −1. */
  next(from: number): number {
    let w = from >>> 5;
    if (w >= this.wordCount) return -1;
    let bits = this.words[w]! & (-1 << (from & 31));
    while (bits === 0) {
      if (++w >= this.wordCount) return -1;
      bits = this.words[w]!;
    }
    return (w << 5) + 31 - Math.clz32(bits & -bits);
  }

  /**
   * Solver slot `s` (a moving body: slot 0, the static bodies, is never
   * hit) was hit for the first time in this step: add its bouncy
   * constraints, now or at the end of the first sweep with an impact.
   * `values` and `ints` are the constraints' blocks, `count` how many,
   * `slots` how many solver slots.
   */
  hit(s: number, values: Float64Array, ints: Int32Array, count: number, slots: number): void {
    if (this.impacted) {
      this.addBody(s, values, ints, count, slots);
    } else {
      if (this.pendingCount === this.pending.length) this.pending = grown(this.pending, 2 * this.pending.length);
      this.pending[this.pendingCount++] = s;
    }
  }

  /** A sweep ended, with `applied` impacts: after the first such sweep, hits add at once. */
  endSweep(applied: number, values: Float64Array, ints: Int32Array, count: number, slots: number): void {
    if (this.impacted || applied === 0) return;
    this.impacted = true;
    for (let k = 0; k < this.pendingCount; k++) this.addBody(this.pending[k]!, values, ints, count, slots);
    this.pendingCount = 0;
  }

  private addBody(s: number, values: Float64Array, ints: Int32Array, count: number, slots: number): void {
    if (!this.listed) this.listBodies(values, ints, count, slots);
    const list = this.list;
    for (let k = this.start[s]!, end = this.start[s + 1]!; k < end; k++) this.add(list[k]!);
  }

  /** Build `start` and `list`: the bouncy constraints of slot s are list[start[s] .. start[s + 1]). */
  private listBodies(values: Float64Array, ints: Int32Array, count: number, slots: number): void {
    if (this.start.length < slots + 1) this.start = new Int32Array(capacityFor(this.start.length, slots + 1));
    const start = this.start;
    start.fill(0, 0, slots + 1);
    for (let i = 0; i < count; i++) {
      if (values[STRIDE * i + C_RESTITUTION] === 0) continue;
      start[ints[INT_STRIDE * i + I_SLOT_A]!]!++;
      start[ints[INT_STRIDE * i + I_SLOT_B]!]!++;
    }
    // running sums: start[s] is where slot s ends; filling back to front moves it to where it begins
    for (let s = 1; s <= slots; s++) start[s] = start[s]! + start[s - 1]!;
    const total = start[slots]!;
    if (this.list.length < total) this.list = new Int32Array(capacityFor(this.list.length, total));
    const list = this.list;
    for (let i = count - 1; i >= 0; i--) {
      if (values[STRIDE * i + C_RESTITUTION] === 0) continue;
      list[--start[ints[INT_STRIDE * i + I_SLOT_A]!]!] = i;
      list[--start[ints[INT_STRIDE * i + I_SLOT_B]!]!] = i;
    }
    this.listed = true;
  }
}
