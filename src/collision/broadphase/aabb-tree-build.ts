/**
 * The dynamic tree's top-down build (src/collision/broadphase/aabb-tree.ts):
 * the leaves made while the tree defers its inserts (a world loaded from a
 * snapshot) are hung into the empty tree all at once instead of one
 * insertion each, and `rebuild` hangs the subtrees below the enlarged nodes
 * anew the same way. It holds the items waiting and their centres.
 */
import { IntList } from "./int-list.js";

/** What the build needs of the tree: its node arrays (read anew after each `allocateNode`, which may grow them). */
export interface BuildTarget {
  readonly box: Float64Array;
  readonly child1: Int32Array;
  readonly child2: Int32Array;
  readonly parent: Int32Array;
  allocateNode(): number;
  refit(n: number): void;
}

/** The deferred leaves of a tree, and the top-down build that hangs them in. */
export class TopDownBuild {
  /** Leaves made while deferring, and their centres (x2 each). */
  private readonly leaves = new IntList(64);
  private centres = new Float64Array(128);

  /** How many leaves wait. */
  get count(): number {
    return this.leaves.count;
  }

  /** A leaf made while deferring. */
  add(leaf: number): void {
    this.leaves.push(leaf);
  }

  /** Forget the waiting leaves. */
  clear(): void {
    this.leaves.clear();
  }

  /**
   * Build the tree of the waiting leaves or subtrees (at least one) over
   * `tree`'s nodes: split them in two at the median of their centres along
   * the longer side of the centres' bounds (or, with `middle`, at the middle;
   * see `buildRange`), and each half again, down to single items.
   * Deterministic: the same items in the same order give the same tree.
   * Returns the root; the waiting list is empty after.
   */
  build(tree: BuildTarget, middle: boolean): number {
    const n = this.leaves.count;
    if (this.centres.length < 2 * n) this.centres = new Float64Array(2 * Math.max(n, this.centres.length));
    const leaves = this.leaves.items;
    const box = tree.box;
    for (let k = 0; k < n; k++) {
      const i = leaves[k]! * 4;
      this.centres[2 * k] = box[i]! + box[i + 2]!;
      this.centres[2 * k + 1] = box[i + 1]! + box[i + 3]!;
    }
    const root = this.buildRange(tree, 0, n, middle);
    this.leaves.clear();
    return root;
  }

  /**
   * Build a subtree of the deferred leaves (or subtrees) [from, to), their
   * centres beside them; returns its root. Each range is split along the
   * longer side of its centres' bounds: at the median, or with `middle` at
   * the middle of the bounds, in one pass (cheaper than the selection, as
   * Box2D v3 does; a split that leaves almost everything on one side takes
   * the median instead, so clustered centres do not make the tree deep).
   */
  private buildRange(tree: BuildTarget, from: number, to: number, middle: boolean): number {
    const leaves = this.leaves.items;
    if (to - from === 1) return leaves[from]!;
    const c = this.centres;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let k = from; k < to; k++) {
      const x = c[2 * k]!;
      const y = c[2 * k + 1]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const axis = maxX - minX >= maxY - minY ? 0 : 1;
    let mid = middle ? this.splitAt(from, to, axis, axis === 0 ? 0.5 * (minX + maxX) : 0.5 * (minY + maxY)) : from;
    const least = (to - from) >> 4;
    if (mid - from <= least || to - mid <= least) {
      mid = (from + to) >> 1;
      this.selectNth(from, to, mid, axis);
    }
    const a = this.buildRange(tree, from, mid, middle);
    const b = this.buildRange(tree, mid, to, middle);
    const node = tree.allocateNode();
    tree.child1[node] = a;
    tree.child2[node] = b;
    tree.parent[a] = node;
    tree.parent[b] = node;
    tree.refit(node);
    return node;
  }

  /** Swap deferred leaves i and j, with their centres. */
  private swapDeferred(i: number, j: number): void {
    const items = this.leaves.items;
    const c = this.centres;
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
    const tx = c[2 * i]!;
    const ty = c[2 * i + 1]!;
    c[2 * i] = c[2 * j]!;
    c[2 * i + 1] = c[2 * j + 1]!;
    c[2 * j] = tx;
    c[2 * j + 1] = ty;
  }

  /**
   * Reorder deferred leaves [from, to) so that those whose centre along
   * `axis` is below `pivot` come first (a Hoare partition); returns where
   * the others begin.
   */
  private splitAt(from: number, to: number, axis: number, pivot: number): number {
    const c = this.centres;
    let i = from;
    let j = to;
    while (i < j) {
      while (i < j && c[2 * i + axis]! < pivot) i++;
      while (i < j && c[2 * (j - 1) + axis]! >= pivot) j--;
      if (i < j) {
        j--;
        this.swapDeferred(i, j);
        i++;
      }
    }
    return i;
  }

  /**
   * Reorder deferred leaves [from, to) so that the one at `nth` is where it
   * would be if they were sorted by their centre along `axis` (ties by
   * position in the list), none before it greater and none after it
   * smaller: a quickselect with a middle pivot, no allocation.
   */
  private selectNth(from: number, to: number, nth: number, axis: number): void {
    const c = this.centres;
    let lo = from;
    let hi = to - 1;
    while (lo < hi) {
      const pivot = c[2 * ((lo + hi) >> 1) + axis]!;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (c[2 * i + axis]! < pivot) i++;
        while (c[2 * j + axis]! > pivot) j--;
        if (i <= j) {
          this.swapDeferred(i, j);
          i++;
          j--;
        }
      }
      if (nth <= j) hi = j;
      else if (nth >= i) lo = i;
      else return;
    }
  }
}
