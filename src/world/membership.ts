/**
 * Membership and change tracking: which bodies a world holds, in id order,
 * the slot each has (its index into every per-body table of the world's
 * parts), and the bodies the user changed since the last step (what stage 0
 * refreshes). `World` (src/world/world.ts) owns one; `clear()` empties it for
 * a world restored in place.
 */
import type { Body } from "../bodies/body.js";

export class Membership {
  /** The bodies in id order (holes after removals, closed when read: `bodies()`). */
  readonly list: (Body | null)[] = [];
  holes = 0;
  /** The id the next added body gets. */
  nextId = 0;
  /** The body of each slot (null: free). */
  readonly slots: (Body | null)[] = [];
  readonly freeSlots: number[] = [];
  /** Slots of bodies removed since the last step: free again once the awake list has dropped them. */
  readonly releasedSlots: number[] = [];
  /** Bodies the user changed since the last step (and a flag per slot). */
  readonly changed: Body[] = [];
  /** How many of `changed` are this step's (the array keeps its length: emptying it would free its storage, to be made again at the next push). */
  changedCount = 0;
  changedFlag = new Uint8Array(64);
  /** Every awake body is refreshed at the next step (options changed). */
  refreshAll = false;

  /** The bodies, in id order (the holes closed first). */
  bodies(): readonly Body[] {
    if (this.holes > 0) {
      let n = 0;
      const list = this.list;
      for (let i = 0; i < list.length; i++) if (list[i] !== null) list[n++] = list[i]!;
      list.length = n;
      this.holes = 0;
    }
    return this.list as readonly Body[];
  }

  /** The changed flags cover `n` slots. */
  growSlots(n: number): void {
    if (this.changedFlag.length < n) {
      const grown = new Uint8Array(this.changedFlag.length * 2);
      grown.set(this.changedFlag);
      this.changedFlag = grown;
    }
  }

  /** A body changed since the last step (once per step). */
  mark(body: Body): void {
    if (this.changedFlag[body.slot] === 1) return;
    this.changedFlag[body.slot] = 1;
    this.changed[this.changedCount++] = body;
  }

  /** Take a body out of the id-ordered list, found by binary search (ids only grow), and release its slot. */
  unlist(body: Body): void {
    const list = this.list;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      let m = mid;
      while (m <= hi && list[m] === null) m++; // skip holes
      if (m > hi) {
        hi = mid - 1;
        continue;
      }
      const id = list[m]!._id;
      if (id === body._id) {
        list[m] = null;
        this.holes++;
        break;
      }
      if (id < body._id) lo = m + 1;
      else hi = mid - 1;
    }
    this.changedFlag[body.slot] = 0;
    this.slots[body.slot] = null;
    this.releasedSlots.push(body.slot);
  }

  /** The slots released since the last step are free again (the awake list has dropped their bodies). */
  freeReleased(): void {
    for (const s of this.releasedSlots) this.freeSlots.push(s);
    this.releasedSlots.length = 0;
  }

  /** Forget every body (as new, keeping the memory grown): for a world restored in place. */
  clear(): void {
    this.changedFlag.fill(0);
    this.list.length = 0;
    this.holes = 0;
    this.slots.length = 0;
    this.freeSlots.length = 0;
    this.releasedSlots.length = 0;
    this.changed.length = 0;
    this.changedCount = 0;
    this.refreshAll = false;
  }
}
