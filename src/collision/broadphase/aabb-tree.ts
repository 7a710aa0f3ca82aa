/**
 * A dynamic AABB tree: a binary tree of boxes, the idea behind Box2D's broadphase.
 *
 * Every leaf holds one body. Every internal node holds the smallest box that
 * contains its two children, so a query that misses an internal node's box can
 * skip everything below it: finding what overlaps a box costs about
 * O(log n + answers) instead of O(n).
 *
 * Three ideas keep it fast while bodies move:
 *
 * 1. Fat leaves. A leaf stores the body's box enlarged by `fatten` on every
 *    side (and, after a move, stretched ahead in the direction of motion).
 *    While the body's real box stays inside the fat one, `update` only
 *    records the new real box; the tree itself does not change. Queries test
 *    the real boxes at the leaves, so the fattening never adds answers.
 *
 * 2. Choosing where to insert by surface area (in 2D: perimeter). A query
 *    visits a node roughly in proportion to the size of its box, so a new leaf
 *    goes next to the sibling that grows the boxes on the way down the least.
 *
 * 3. Rotations. After an insertion or removal, each ancestor whose two
 *    subtrees differ in height by more than one is rotated (as in an AVL tree,
 *    and as Box2D v2.4 does), so the tree stays about log₂ n deep even when
 *    bodies arrive in sorted order.
 *
 * 4. Enlarging instead of re-inserting (Box2D v3's idea). A leaf whose body
 *    left its fat box gets its new fat box in place, and its ancestors' boxes
 *    are grown to contain it and flagged "enlarged"; the tree stays valid for
 *    queries (every box contains its children's), only looser. `rebuild`,
 *    at the next query, insertion or removal (never, in a tree nobody
 *    queries), then rebuilds the part of the tree above the unflagged
 *    subtrees top-down, which costs far less than hundreds of re-insertions.
 *
 * Storage is structure-of-arrays: node i's box is `box[4i .. 4i+3]`, its
 * links are `parent[i]`, `child1[i]`, `child2[i]`. There are no node objects,
 * and freed nodes are chained into a free list (through `parent`) for reuse.
 * The arrays double when full, so in steady state nothing is allocated.
 */
import type { Body } from "../../bodies/body.js";
import type { QueryBox } from "./broadphase.js";
import { boxesOverlap, rayBoxEntryAt } from "./bounds.js";
import { IntList } from "./int-list.js";
import { TopDownBuild } from "./aabb-tree-build.js";
import { grown } from "../../math/typed.js";

/** "No node". */
export const NULL_NODE = -1;
/** What `moveLeaf` did. */
export const LEAF_SAME = 0;
export const LEAF_MOVED = 1;
export const LEAF_REINSERTED = 2;
/** Marks an owner may keep in `moved`: the leaf's real box changed; it was (re-)inserted. */
export const MARK_TOUCHED = 1;
export const MARK_MOVED = 2;
/** A re-inserted leaf's fat box reaches this many of its last moves ahead... */
const PREDICT_STEPS = 4;
/** ...but at most this many times `fatten` (per axis). */
const PREDICT_CAP = 10;

/** Perimeter of a box: the 2D stand-in for surface area. */
function perimeter(minX: number, minY: number, maxX: number, maxY: number): number {
  return 2 * (maxX - minX + (maxY - minY));
}

export class AabbTree {
  /** Node boxes: the fat box for a leaf, the union of the children otherwise. */
  box: Float64Array;
  /** Leaves only: the body's real (margin-grown, not fattened) box, tested by queries. */
  exact: Float64Array;
  /** Parent node, or NULL_NODE for the root; for a free node, the next free node. */
  parent: Int32Array;
  child1: Int32Array;
  child2: Int32Array;
  /** 0 for a leaf, 1 + the taller child's height otherwise, -1 for a free node. */
  height: Int32Array;
  /** The body at each leaf (null for internal and free nodes). */
  body: (Body | null)[];
  /** A per-node mark for the owner (the broadphase marks leaves in its move buffer): 0, MARK_TOUCHED or MARK_MOVED. */
  moved: Uint8Array;
  /**
   * Leaves only: the fat box the leaf had when it was last unmarked (before
   * the re-insertions since), so the owner can tell which pairs its fat box
   * had then; empty (min +∞, max −∞) for a leaf made since. Written when
   * `moveLeaf` re-inserts a leaf not marked MARK_MOVED.
   */
  prevBox: Float64Array;
  /**
   * Internal nodes only: 1 when the node's box was grown for a leaf below it
   * that got a new fat box (it may be larger than its children's union) and
   * `rebuild` has not run since. Every ancestor of a flagged node is flagged.
   */
  enlarged: Uint8Array;

  root = NULL_NODE;
  /** True when some node is flagged `enlarged` (a `rebuild` is due). */
  private anyEnlarged = false;
  /**
   * The union of the collision categories of the bodies given leaves since
   * the tree was made or cleared (it never shrinks): a body whose mask meets
   * none of them can collide with no leaf here.
   */
  categories = 0;
  /** Number of leaves. */
  leafCount = 0;
  /** Leaves re-inserted because their body left its fat box (for tests and tuning). */
  reinsertCount = 0;

  private capacity: number;
  private freeList = NULL_NODE;
  /** Explicit traversal stack, reused by every query (no recursion, no allocation). */
  private stack: Int32Array;
  /** True while a query runs: a query started from inside a visit callback gets its own stack. */
  private busy = false;

  private readonly queryScratch: QueryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  /** Bodies' bounds are grown by `margin` (the real box), then by `fatten` more (the fat box). */
  margin = 0;
  fatten = 0;
  /** Leaves made while deferring, or the subtrees `rebuild` hangs anew, for the top-down build (src/collision/broadphase/aabb-tree-build.ts). */
  private readonly build = new TopDownBuild();
  private deferring = false;
  /** The last move of the leaf being updated (kept in fields: doubles passed to calls get boxed). */
  private moveX = 0;
  private moveY = 0;

  constructor(capacity = 16) {
    this.capacity = 0;
    this.box = new Float64Array(0);
    this.exact = new Float64Array(0);
    this.prevBox = new Float64Array(0);
    this.parent = new Int32Array(0);
    this.child1 = new Int32Array(0);
    this.child2 = new Int32Array(0);
    this.height = new Int32Array(0);
    this.body = [];
    this.moved = new Uint8Array(0);
    this.enlarged = new Uint8Array(0);
    this.stack = new Int32Array(64);
    this.grow(capacity);
  }

  /** Height of the whole tree (0 for a single leaf or an empty tree). */
  get treeHeight(): number {
    return this.root === NULL_NODE ? 0 : this.height[this.root]!;
  }

  // ---------------------------------------------------------------- nodes

  /** Enlarge the node arrays to `newCapacity` and chain the new nodes into the free list. */
  private grow(newCapacity: number): void {
    const old = this.capacity;
    const box = grown(this.box, newCapacity * 4);
    const exact = grown(this.exact, newCapacity * 4);
    const prevBox = grown(this.prevBox, newCapacity * 4);
    const parent = grown(this.parent, newCapacity);
    const child1 = grown(this.child1, newCapacity);
    const child2 = grown(this.child2, newCapacity);
    const height = grown(this.height, newCapacity);
    const moved = grown(this.moved, newCapacity);
    const enlarged = grown(this.enlarged, newCapacity);
    for (let i = old; i < newCapacity; i++) {
      parent[i] = i + 1 < newCapacity ? i + 1 : this.freeList;
      child1[i] = NULL_NODE;
      child2[i] = NULL_NODE;
      height[i] = -1;
      this.body.push(null);
    }
    this.box = box;
    this.exact = exact;
    this.prevBox = prevBox;
    this.parent = parent;
    this.child1 = child1;
    this.child2 = child2;
    this.height = height;
    this.moved = moved;
    this.enlarged = enlarged;
    this.freeList = old;
    this.capacity = newCapacity;
  }

  /** Free every node, in the order a new tree hands them out (so the same inserts build the same tree). */
  clear(): void {
    const n = this.capacity;
    for (let i = 0; i < n; i++) {
      this.parent[i] = i + 1 < n ? i + 1 : NULL_NODE;
      this.child1[i] = NULL_NODE;
      this.child2[i] = NULL_NODE;
      this.height[i] = -1;
      this.body[i] = null;
      this.moved[i] = 0;
      this.enlarged[i] = 0;
    }
    this.anyEnlarged = false;
    this.freeList = n > 0 ? 0 : NULL_NODE;
    this.root = NULL_NODE;
    this.categories = 0;
    this.leafCount = 0;
    this.deferring = false;
    this.build.clear();
  }

  /** @internal A free node (the top-down build takes its internal nodes here). */
  allocateNode(): number {
    if (this.freeList === NULL_NODE) this.grow(this.capacity * 2);
    const n = this.freeList;
    this.freeList = this.parent[n]!;
    this.parent[n] = NULL_NODE;
    this.child1[n] = NULL_NODE;
    this.child2[n] = NULL_NODE;
    this.height[n] = 0;
    this.enlarged[n] = 0;
    return n;
  }

  private freeNode(n: number): void {
    this.parent[n] = this.freeList;
    this.child1[n] = NULL_NODE;
    this.child2[n] = NULL_NODE;
    this.height[n] = -1;
    this.body[n] = null;
    this.moved[n] = 0;
    this.enlarged[n] = 0;
    this.freeList = n;
  }

  /** Set node n's box to the union of its two children's boxes and its height from theirs. */
  /** @internal */
  refit(n: number): void {
    const box = this.box;
    const a = this.child1[n]! * 4;
    const b = this.child2[n]! * 4;
    const i = n * 4;
    box[i] = Math.min(box[a]!, box[b]!);
    box[i + 1] = Math.min(box[a + 1]!, box[b + 1]!);
    box[i + 2] = Math.max(box[a + 2]!, box[b + 2]!);
    box[i + 3] = Math.max(box[a + 3]!, box[b + 3]!);
    this.height[n] = 1 + Math.max(this.height[this.child1[n]!]!, this.height[this.child2[n]!]!);
  }

  // ---------------------------------------------------------------- leaves

  /**
   * Add a leaf for `body`. Its real box is the body's bounds grown by
   * `margin`; its fat box that grown by `fatten` more. Returns the leaf's node index.
   *
   * (The body is passed rather than four numbers: V8 boxes non-integer
   * numbers passed to a function it does not inline, and `update` runs for
   * every moving body on every step.)
   */
  createLeaf(body: Body, box: QueryBox): number {
    const leaf = this.allocateNode();
    this.body[leaf] = body;
    this.categories |= body._category;
    this.setBoxes(leaf, box);
    const i = leaf * 4;
    const prev = this.prevBox;
    prev[i] = Infinity;
    prev[i + 1] = Infinity;
    prev[i + 2] = -Infinity;
    prev[i + 3] = -Infinity;
    if (this.deferring) {
      this.build.add(leaf);
    } else {
      this.rebuild(); // insertion and its rotations work on a tree without enlarged nodes
      this.insertLeaf(leaf);
    }
    this.leafCount++;
    return leaf;
  }

  /**
   * From now until `buildDeferred`, `createLeaf` only makes leaves; they are
   * hung into the tree all at once then. For filling an empty tree with many
   * leaves (a world loaded from a snapshot): one top-down build is several
   * times cheaper than inserting the leaves one by one, and as good a tree.
   */
  deferInserts(): void {
    this.rebuild(); // (the tree must be empty for buildDeferred anyway)
    this.deferring = true;
  }

  /**
   * Hang the leaves made since `deferInserts` into the tree (which must have
   * been empty then): split them in two at the median of their centres
   * along the longer side of the centres' bounds, and each half again, down
   * to single leaves. Deterministic: the same leaves in the same order give
   * the same tree.
   */
  buildDeferred(): void {
    this.deferring = false;
    if (this.build.count === 0) return;
    if (this.root !== NULL_NODE) throw new Error("capsule2d: AabbTree.buildDeferred needs a tree that was empty when deferring began");
    this.root = this.build.build(this, false);
    this.parent[this.root] = NULL_NODE;
  }

  /** Take `leaf` out of the tree and free it. */
  destroyLeaf(leaf: number): void {
    this.rebuild(); // removal and its rotations work on a tree without enlarged nodes
    this.removeLeaf(leaf);
    this.freeNode(leaf);
    this.leafCount--;
  }

  /**
   * The body at `leaf` moved. If its grown bounds still fit in the fat box,
   * only the real box is recorded and the tree does not change; otherwise the
   * leaf gets a new fat box in place and its ancestors are enlarged to hold
   * it (`rebuild` tidies them up later). Returns LEAF_SAME (the real box did
   * not change), LEAF_MOVED (it changed, inside the fat box) or
   * LEAF_REINSERTED (it has a new fat box).
   */
  moveLeaf(leaf: number, q: QueryBox): number {
    const margin = this.margin;
    const minX = q.minX - margin;
    const minY = q.minY - margin;
    const maxX = q.maxX + margin;
    const maxY = q.maxY + margin;
    const e = this.exact;
    const i = leaf * 4;
    if (e[i] === minX && e[i + 1] === minY && e[i + 2] === maxX && e[i + 3] === maxY) return LEAF_SAME;
    // How far the box moved since the last update: the likely move of the next steps.
    this.moveX = minX - e[i]!;
    this.moveY = minY - e[i + 1]!;
    e[i] = minX;
    e[i + 1] = minY;
    e[i + 2] = maxX;
    e[i + 3] = maxY;
    const box = this.box;
    if (box[i]! <= minX && box[i + 1]! <= minY && maxX <= box[i + 2]! && maxY <= box[i + 3]!) return LEAF_MOVED;
    if (this.moved[leaf] !== MARK_MOVED) {
      const prev = this.prevBox;
      prev[i] = box[i]!;
      prev[i + 1] = box[i + 1]!;
      prev[i + 2] = box[i + 2]!;
      prev[i + 3] = box[i + 3]!;
    }
    this.setBoxes(leaf, q);
    this.stretchAhead(leaf);
    this.enlargeAncestors(leaf);
    this.reinsertCount++;
    return LEAF_REINSERTED;
  }

  /**
   * Stretch a re-inserted leaf's fat box in the direction the body is moving,
   * by PREDICT_STEPS times its last move (Box2D v2 does the same), so a
   * falling or sliding body leaves its fat box every few steps instead of
   * every step. The stretch is capped at PREDICT_CAP × fatten per axis, so a
   * teleport does not leave a huge fat box behind.
   */
  private stretchAhead(leaf: number): void {
    const moveX = this.moveX;
    const moveY = this.moveY;
    const cap = PREDICT_CAP * this.fatten;
    const sx = Math.min(Math.abs(moveX) * PREDICT_STEPS, cap);
    const sy = Math.min(Math.abs(moveY) * PREDICT_STEPS, cap);
    const box = this.box;
    const i = leaf * 4;
    if (moveX < 0) box[i] = box[i]! - sx;
    else box[i + 2] = box[i + 2]! + sx;
    if (moveY < 0) box[i + 1] = box[i + 1]! - sy;
    else box[i + 3] = box[i + 3]! + sy;
  }

  /**
   * Grow the boxes of `leaf`'s ancestors to contain its (new) fat box and
   * flag them enlarged. Above the first ancestor that already contained it
   * nothing grows, but the flags go on up to the first flagged ancestor, so
   * that every ancestor of a flagged node is flagged.
   */
  private enlargeAncestors(leaf: number): void {
    const box = this.box;
    const parent = this.parent;
    const enlarged = this.enlarged;
    const i = leaf * 4;
    const minX = box[i]!;
    const minY = box[i + 1]!;
    const maxX = box[i + 2]!;
    const maxY = box[i + 3]!;
    let n = parent[leaf]!;
    if (n === NULL_NODE) return;
    this.anyEnlarged = true;
    while (n !== NULL_NODE) {
      const j = n * 4;
      let changed = false;
      if (minX < box[j]!) {
        box[j] = minX;
        changed = true;
      }
      if (minY < box[j + 1]!) {
        box[j + 1] = minY;
        changed = true;
      }
      if (maxX > box[j + 2]!) {
        box[j + 2] = maxX;
        changed = true;
      }
      if (maxY > box[j + 3]!) {
        box[j + 3] = maxY;
        changed = true;
      }
      if (!changed && enlarged[n] === 1) return;
      enlarged[n] = 1;
      n = parent[n]!;
      if (!changed) break;
    }
    while (n !== NULL_NODE && enlarged[n] === 0) {
      enlarged[n] = 1;
      n = parent[n]!;
    }
  }

  /**
   * Rebuild the enlarged part of the tree: its flagged nodes are freed, and
   * what hung below them (leaves and unflagged subtrees, kept whole) is
   * built into a new top of the tree (`TopDownBuild.build`, split at the middle).
   * The tree is valid for queries before and after; after, no node is
   * enlarged and every box is again the union of its children's.
   * Deterministic. Runs when due
   * at the start of every query, insertion and removal, so a tree that is
   * never queried (a scene whose bodies collide with nothing) never pays
   * for it; a later rebuild just covers more.
   */
  rebuild(): void {
    if (!this.anyEnlarged) return;
    this.anyEnlarged = false;
    const items = this.build;
    items.clear();
    const enlarged = this.enlarged;
    const height = this.height;
    const child1 = this.child1;
    const child2 = this.child2;
    // Walk down from the root through the flagged nodes (which are freed) to collect the items.
    const stack = this.takeStack();
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top]!;
      if (height[n] === 0 || enlarged[n] === 0) {
        items.add(n);
      } else {
        stack[top++] = child2[n]!;
        stack[top++] = child1[n]!;
        this.freeNode(n);
      }
    }
    this.releaseStack(stack);
    this.root = items.build(this, true);
    this.parent[this.root] = NULL_NODE;
  }

  /** Write the leaf's real box (bounds + margin) and fat box (real box + fatten). */
  private setBoxes(leaf: number, q: QueryBox): void {
    const margin = this.margin;
    const fatten = this.fatten;
    const i = leaf * 4;
    const e = this.exact;
    e[i] = q.minX - margin;
    e[i + 1] = q.minY - margin;
    e[i + 2] = q.maxX + margin;
    e[i + 3] = q.maxY + margin;
    const box = this.box;
    box[i] = e[i]! - fatten;
    box[i + 1] = e[i + 1]! - fatten;
    box[i + 2] = e[i + 2]! + fatten;
    box[i + 3] = e[i + 3]! + fatten;
  }

  /**
   * Hang `leaf` into the tree.
   *
   * Finding the sibling: walk down from the root. At each internal node we may
   * stop and make the leaf this node's sibling, which costs the perimeter of
   * the new parent box (node ∪ leaf); or go on into one child, which costs
   * what that child's box grows (its perimeter with the leaf minus without,
   * or the whole new parent box if the child is a leaf), plus what the boxes
   * above it must grow anyway ("inheritance"). Stop when stopping is cheapest.
   */
  private insertLeaf(leaf: number): void {
    this.parent[leaf] = NULL_NODE;
    if (this.root === NULL_NODE) {
      this.root = leaf;
      return;
    }
    // Allocate first: allocation may grow (replace) the arrays read below.
    const newParent = this.allocateNode();
    const box = this.box;
    const child1 = this.child1;
    const child2 = this.child2;
    const li = leaf * 4;
    const lMinX = box[li]!;
    const lMinY = box[li + 1]!;
    const lMaxX = box[li + 2]!;
    const lMaxY = box[li + 3]!;

    let node = this.root;
    while (this.height[node]! > 0) {
      const ni = node * 4;
      const nodeP = perimeter(box[ni]!, box[ni + 1]!, box[ni + 2]!, box[ni + 3]!);
      const combinedP = perimeter(
        Math.min(box[ni]!, lMinX), Math.min(box[ni + 1]!, lMinY),
        Math.max(box[ni + 2]!, lMaxX), Math.max(box[ni + 3]!, lMaxY),
      );
      const stopCost = 2 * combinedP;
      const inheritance = 2 * (combinedP - nodeP);
      const c1 = child1[node]!;
      const c2 = child2[node]!;
      const cost1 = this.descendCost(c1, lMinX, lMinY, lMaxX, lMaxY) + inheritance;
      const cost2 = this.descendCost(c2, lMinX, lMinY, lMaxX, lMaxY) + inheritance;
      if (stopCost < cost1 && stopCost < cost2) break;
      node = cost1 < cost2 ? c1 : c2;
    }

    // Put a new parent where `sibling` was, with sibling and leaf as its children.
    const sibling = node;
    const oldParent = this.parent[sibling]!;
    this.parent[newParent] = oldParent;
    child1[newParent] = sibling;
    child2[newParent] = leaf;
    this.parent[sibling] = newParent;
    this.parent[leaf] = newParent;
    if (oldParent === NULL_NODE) {
      this.root = newParent;
    } else if (child1[oldParent] === sibling) {
      child1[oldParent] = newParent;
    } else {
      child2[oldParent] = newParent;
    }
    this.fixUpwards(newParent);
  }

  /** Cost of pushing a leaf with box (minX..maxY) down into `child` (inheritance not included). */
  private descendCost(child: number, minX: number, minY: number, maxX: number, maxY: number): number {
    const box = this.box;
    const i = child * 4;
    const grown = perimeter(
      Math.min(box[i]!, minX), Math.min(box[i + 1]!, minY),
      Math.max(box[i + 2]!, maxX), Math.max(box[i + 3]!, maxY),
    );
    // A leaf would get a brand-new parent box; an internal node only grows.
    if (this.height[child] === 0) return grown;
    return grown - perimeter(box[i]!, box[i + 1]!, box[i + 2]!, box[i + 3]!);
  }

  /** Unhook `leaf`: its sibling takes its parent's place and the parent node is freed. */
  private removeLeaf(leaf: number): void {
    if (leaf === this.root) {
      this.root = NULL_NODE;
      return;
    }
    const p = this.parent[leaf]!;
    const grandParent = this.parent[p]!;
    const sibling = this.child1[p] === leaf ? this.child2[p]! : this.child1[p]!;
    this.parent[sibling] = grandParent;
    if (grandParent === NULL_NODE) {
      this.root = sibling;
    } else {
      if (this.child1[grandParent] === p) this.child1[grandParent] = sibling;
      else this.child2[grandParent] = sibling;
    }
    this.freeNode(p);
    this.parent[leaf] = NULL_NODE;
    if (grandParent !== NULL_NODE) this.fixUpwards(grandParent);
  }

  /** From `node` up to the root: rebalance, then recompute box and height. */
  private fixUpwards(node: number): void {
    while (node !== NULL_NODE) {
      node = this.balance(node);
      this.refit(node);
      node = this.parent[node]!;
    }
  }

  // ---------------------------------------------------------------- balance

  /**
   * If one child of `a` is more than one level taller than the other, rotate
   * the taller child up into a's place. Returns the node now at a's place.
   */
  private balance(a: number): number {
    if (this.height[a]! < 2) return a;
    const b = this.child1[a]!;
    const c = this.child2[a]!;
    const diff = this.height[c]! - this.height[b]!;
    if (diff > 1) return this.rotateUp(a, c);
    if (diff < -1) return this.rotateUp(a, b);
    return a;
  }

  /**
   * A rotation. `up` (a child of `a`) takes a's place; `a` becomes a child of
   * `up`. Of up's two children the taller stays with `up`, the shorter moves
   * under `a` (into the slot `up` left). Every leaf keeps the same set of
   * ancestors' boxes covering it, so queries stay correct; only the heights
   * change, by one on each side.
   *
   *        a                 up
   *      /   \             /    \
   *   other   up   ->     a     tall
   *          /  \        / \
   *      tall  short  other short
   */
  private rotateUp(a: number, up: number): number {
    const parent = this.parent;
    const child1 = this.child1;
    const child2 = this.child2;
    const f = child1[up]!;
    const g = child2[up]!;
    const tall = this.height[f]! >= this.height[g]! ? f : g;
    const short = tall === f ? g : f;

    // `up` takes a's place under a's parent.
    const top = parent[a]!;
    parent[up] = top;
    if (top === NULL_NODE) this.root = up;
    else if (child1[top] === a) child1[top] = up;
    else child2[top] = up;

    // `a` swaps its child `up` for `short`.
    if (child1[a] === up) child1[a] = short;
    else child2[a] = short;
    parent[short] = a;

    // `up` now holds `a` and `tall`.
    child1[up] = a;
    child2[up] = tall;
    parent[a] = up;

    this.refit(a);
    this.refit(up);
    return up;
  }

  // ---------------------------------------------------------------- queries

  /**
   * The traversal stack, big enough for this tree. A depth-first walk that
   * pops one node and pushes its two children holds at most one pending
   * sibling per level plus the current node, so height + 2 entries always
   * suffice and the loops need no bounds checks. A query started from inside
   * another query's callback (rare) gets a stack of its own.
   */
  private takeStack(): Int32Array {
    const need = this.treeHeight + 2;
    if (this.busy) return new Int32Array(need);
    if (this.stack.length < need) this.stack = new Int32Array(Math.max(need, this.stack.length * 2));
    this.busy = true;
    return this.stack;
  }

  private releaseStack(stack: Int32Array): void {
    if (stack === this.stack) this.busy = false;
  }

  /**
   * Calls `visit` for every leaf whose real box overlaps (minX..maxY); stops
   * when `visit` returns false. Returns false if it was stopped. `visit` must
   * not change the tree.
   */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): boolean {
    const q = this.queryScratch;
    q.minX = minX;
    q.minY = minY;
    q.maxX = maxX;
    q.maxY = maxY;
    return this.queryBox(q, visit);
  }

  /** `query` with the box read from an object (nothing boxed when called from the step). */
  queryBox(q: QueryBox, visit: (body: Body) => boolean | void): boolean {
    this.rebuild();
    const minX = q.minX;
    const minY = q.minY;
    const maxX = q.maxX;
    const maxY = q.maxY;
    if (this.root === NULL_NODE) return true;
    const box = this.box;
    const exact = this.exact;
    const height = this.height;
    const stack = this.takeStack();
    let top = 0;
    stack[top++] = this.root;
    try {
      while (top > 0) {
        const n = stack[--top]!;
        const i = n * 4;
        if (height[n] === 0) {
          // A leaf: its real box decides (the fat box around it would only add false answers).
          if (boxesOverlap(minX, minY, maxX, maxY, exact[i]!, exact[i + 1]!, exact[i + 2]!, exact[i + 3]!)) {
            if (visit(this.body[n]!) === false) return false;
          }
        } else if (boxesOverlap(minX, minY, maxX, maxY, box[i]!, box[i + 1]!, box[i + 2]!, box[i + 3]!)) {
          stack[top++] = this.child1[n]!;
          stack[top++] = this.child2[n]!;
        }
      }
      return true;
    } finally {
      this.releaseStack(stack);
    }
  }

  /**
   * Walks the leaves whose real box the segment origin + t·dir, 0 <= t <= maxT,
   * crosses. `visit` returns the new maxT: smaller values clip the ray, so
   * subtrees beyond the nearest hit so far are skipped; 0 (or NaN) stops.
   * Returns the final maxT, or -1 when `visit` stopped the ray. `visit` must
   * not change the tree.
   */
  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): number {
    if (this.root === NULL_NODE) return maxT;
    this.rebuild();
    const height = this.height;
    const stack = this.takeStack();
    let top = 0;
    stack[top++] = this.root;
    try {
      while (top > 0) {
        const n = stack[--top]!;
        const i = n * 4;
        // Internal nodes are tested against their box, leaves against their real box.
        if (rayBoxEntryAt(ox, oy, dx, dy, maxT, height[n] === 0 ? this.exact : this.box, i) < 0) continue;
        if (height[n] === 0) {
          const t = visit(this.body[n]!, maxT);
          // Unchanged (or larger) goes on; smaller clips the ray; 0 or NaN stops it.
          if (!(t >= maxT)) {
            if (!(t > 0)) return -1;
            maxT = t;
          }
        } else {
          stack[top++] = this.child1[n]!;
          stack[top++] = this.child2[n]!;
        }
      }
      return maxT;
    } finally {
      this.releaseStack(stack);
    }
  }

  /**
   * Appends to `hits` every leaf whose fat box overlaps the box stored at
   * `boxes[i .. i+3]` (the fat box of a leaf of this or another tree).
   * Written out without callbacks because the broadphase runs it for every
   * leaf that was inserted or re-inserted since the last step.
   */
  fatLeavesOverlapping(boxes: Float64Array, i: number, hits: IntList): void {
    if (this.root === NULL_NODE) return;
    this.rebuild();
    const minX = boxes[i]!;
    const minY = boxes[i + 1]!;
    const maxX = boxes[i + 2]!;
    const maxY = boxes[i + 3]!;
    const box = this.box;
    const height = this.height;
    const child1 = this.child1;
    const child2 = this.child2;
    // No user callback runs below, so nothing can throw or re-enter: no try/finally needed.
    const stack = this.takeStack();
    let top = 0;
    stack[top++] = this.root;
    while (top > 0) {
      const n = stack[--top]!;
      const j = n * 4;
      if (box[j]! <= maxX && minX <= box[j + 2]! && box[j + 1]! <= maxY && minY <= box[j + 3]!) {
        if (height[n] === 0) {
          hits.push(n);
        } else {
          stack[top++] = child1[n]!;
          stack[top++] = child2[n]!;
        }
      }
    }
    this.releaseStack(stack);
  }

  /** Number of node slots (leaves, internal and free); leaf indices are below this. */
  get nodeCapacity(): number {
    return this.capacity;
  }

  /**
   * Checks every invariant and throws an Error naming the first one broken:
   * links agree both ways, heights are consistent, every internal box is the
   * union of its children (contains it, for an enlarged node, whose parent is
   * enlarged too), every fat leaf box contains the real one, leaves are
   * counted right. For tests; O(n).
   */
  validate(): void {
    let leaves = 0;
    const visitNode = (n: number, expectedParent: number): void => {
      if (this.parent[n] !== expectedParent) throw new Error(`aabb tree: node ${n} has parent ${this.parent[n]}, expected ${expectedParent}`);
      const i = n * 4;
      const box = this.box;
      if (this.height[n] === 0) {
        leaves++;
        if (this.body[n] === null) throw new Error(`aabb tree: leaf ${n} has no body`);
        const e = this.exact;
        if (!(box[i]! <= e[i]! && box[i + 1]! <= e[i + 1]! && e[i + 2]! <= box[i + 2]! && e[i + 3]! <= box[i + 3]!)) {
          throw new Error(`aabb tree: leaf ${n}'s fat box does not contain its real box`);
        }
        return;
      }
      const c1 = this.child1[n]!;
      const c2 = this.child2[n]!;
      if (c1 === NULL_NODE || c2 === NULL_NODE) throw new Error(`aabb tree: internal node ${n} lacks a child`);
      if (this.body[n] !== null) throw new Error(`aabb tree: internal node ${n} holds a body`);
      visitNode(c1, n);
      visitNode(c2, n);
      const h = 1 + Math.max(this.height[c1]!, this.height[c2]!);
      if (this.height[n] !== h) throw new Error(`aabb tree: node ${n} has height ${this.height[n]}, expected ${h}`);
      const a = c1 * 4;
      const b = c2 * 4;
      const uMinX = Math.min(box[a]!, box[b]!);
      const uMinY = Math.min(box[a + 1]!, box[b + 1]!);
      const uMaxX = Math.max(box[a + 2]!, box[b + 2]!);
      const uMaxY = Math.max(box[a + 3]!, box[b + 3]!);
      if (this.enlarged[n] === 1) {
        if (expectedParent !== NULL_NODE && this.enlarged[expectedParent] !== 1) throw new Error(`aabb tree: enlarged node ${n} under a node not enlarged`);
        if (!(box[i]! <= uMinX && box[i + 1]! <= uMinY && uMaxX <= box[i + 2]! && uMaxY <= box[i + 3]!)) {
          throw new Error(`aabb tree: enlarged node ${n}'s box does not contain its children's`);
        }
      } else if (box[i] !== uMinX || box[i + 1] !== uMinY || box[i + 2] !== uMaxX || box[i + 3] !== uMaxY) {
        throw new Error(`aabb tree: node ${n}'s box is not the union of its children's`);
      }
    };
    if (this.root !== NULL_NODE) visitNode(this.root, NULL_NODE);
    if (leaves !== this.leafCount) throw new Error(`aabb tree: found ${leaves} leaves, expected ${this.leafCount}`);
  }
}
