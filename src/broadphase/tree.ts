/**
 * The dynamic-tree broadphase (Box2D style), built on `AabbTree`.
 *
 * Bodies live in two trees: static bodies in one, dynamic and kinematic
 * ("moving") bodies in the other, because static bodies are never paired
 * with each other and a level made of many static pieces should cost nothing.
 *
 * Finding pairs costs only what moved. A leaf's fat box changes only when
 * the leaf is inserted or re-inserted (its body left its fat box); such a
 * leaf is "moved" and goes into the move buffer. `updatePairs` queries the
 * trees with the fat box of each moved leaf and reports the leaves whose fat
 * boxes overlap it. Every other pair of overlapping fat boxes has overlapped
 * since it was last reported, so the caller already knows it (as a contact).
 * A pile at rest, or asleep, costs nothing here.
 *
 * `overlaps` answers for the fat boxes: a pair stays a candidate while they
 * overlap (Box2D destroys a contact when its shapes' fat boxes part).
 *
 * A leaf is named by a "proxy code", `leaf * 2` in the moving tree and
 * `leaf * 2 + 1` in the static tree.
 */
import type { Body } from "../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { AabbTree } from "./aabb-tree.js";
import { readMargin, type BroadphaseOptions } from "./bounds.js";
import { IntList } from "./int-list.js";
import { checkTracked, ProxyTable } from "./proxy-checks.js";
import * as check from "../math/validate.js";

/** Default extra enlargement of a leaf's box, metres. */
export const DEFAULT_FATTEN = 0.1;

export class DynamicTreeBroadphase implements Broadphase {
  readonly kind = "tree" as const;
  /** Bounds are grown by this much on every side (metres). */
  readonly margin: number;
  /** Leaves hold the grown bounds enlarged by this much more (metres). */
  readonly fatten: number;
  /** Dynamic and kinematic bodies. */
  readonly moving = new AabbTree();
  /** Static bodies. */
  readonly statics = new AabbTree();

  private readonly proxies = new ProxyTable();
  /** Proxy codes of leaves added or re-inserted since the last updatePairs (the move buffer). */
  private readonly moved = new IntList(64);
  /** Scratch list of leaves found by a tree query. */
  private readonly hits = new IntList(64);

  constructor(options?: BroadphaseOptions) {
    this.margin = readMargin(options);
    this.fatten = options?.fatten === undefined ? DEFAULT_FATTEN : check.nonNegative("fatten", options.fatten);
    for (const tree of [this.moving, this.statics]) {
      tree.margin = this.margin;
      tree.fatten = this.fatten;
    }
  }

  get size(): number {
    return this.moving.leafCount + this.statics.leafCount;
  }

  /** How many `update` calls had to re-insert a leaf (the body left its fat box). */
  get reinsertCount(): number {
    return this.moving.reinsertCount + this.statics.reinsertCount;
  }

  /** Leaves waiting in the move buffer (for tests and tuning). */
  get movedCount(): number {
    return this.moved.count;
  }

  has(body: Body): boolean {
    const code = this.proxies.get(body);
    return code >= 0 && this.treeOfCode(code).body[code >> 1] === body;
  }

  add(body: Body, box: QueryBox): void {
    this.proxies.checkAdd(body);
    const isStatic = body._type === "static";
    const tree = isStatic ? this.statics : this.moving;
    const leaf = tree.createLeaf(body, box);
    const code = leaf * 2 + (isStatic ? 1 : 0);
    this.proxies.set(body, code);
    this.markMoved(code);
  }

  remove(body: Body): void {
    const code = this.codeOf(body);
    const tree = this.treeOfCode(code);
    if (tree.moved[code >> 1] === 1) this.unmark(code);
    tree.destroyLeaf(code >> 1);
    this.proxies.set(body, -1);
  }

  update(body: Body, box: QueryBox): void {
    const code = this.codeOf(body);
    if (((code & 1) === 1) !== (body._type === "static")) {
      // The body changed between static and moving: move it to the other tree.
      this.remove(body);
      this.add(body, box);
      return;
    }
    if (this.treeOfCode(code).moveLeaf(code >> 1, box)) this.markMoved(code);
  }

  /** Do the two bodies' fat boxes overlap? */
  overlaps(a: Body, b: Body): boolean {
    const ca = this.proxies.get(a);
    const cb = this.proxies.get(b);
    const ba = this.treeOfCode(ca).box;
    const bb = this.treeOfCode(cb).box;
    const i = (ca >> 1) * 4;
    const j = (cb >> 1) * 4;
    return ba[i]! <= bb[j + 2]! && bb[j]! <= ba[i + 2]! && ba[i + 1]! <= bb[j + 3]! && bb[j + 1]! <= ba[i + 3]!;
  }

  /** The body's proxy code (throws if it is not in this broadphase). */
  private codeOf(body: Body): number {
    const code = this.proxies.get(body);
    checkTracked(body, code >= 0 ? this.treeOfCode(code).body[code >> 1] : undefined);
    return code;
  }

  private treeOfCode(code: number): AabbTree {
    return (code & 1) === 1 ? this.statics : this.moving;
  }

  private markMoved(code: number): void {
    const tree = this.treeOfCode(code);
    const leaf = code >> 1;
    if (tree.moved[leaf] === 1) return;
    tree.moved[leaf] = 1;
    this.moved.push(code);
  }

  /** Take a leaf that is about to be freed out of the move buffer. */
  private unmark(code: number): void {
    this.treeOfCode(code).moved[code >> 1] = 0;
    const m = this.moved;
    for (let k = 0; k < m.count; k++) {
      if (m.items[k] === code) {
        m.items[k] = m.items[m.count - 1]!;
        m.count--;
        return;
      }
    }
  }

  /**
   * Query the trees with each moved leaf's fat box; report each overlapping
   * pair once, never static–static, then empty the move buffer.
   */
  updatePairs(out: PairList): void {
    out.clear();
    const moving = this.moving;
    const statics = this.statics;
    const hits = this.hits;
    const moved = this.moved;
    for (let d = 0; d < moved.count; d++) {
      const code = moved.items[d]!;
      const leaf = code >> 1;
      const isStatic = (code & 1) === 1;
      const tree = isStatic ? statics : moving;
      const body = tree.body[leaf]!;
      // Moving leaves pair with both trees; static leaves only with the moving tree.
      hits.clear();
      moving.fatLeavesOverlapping(tree.box, leaf * 4, hits);
      for (let h = 0; h < hits.count; h++) {
        const other = hits.items[h]!;
        const otherCode = other * 2;
        if (otherCode === code) continue;
        // Two moved leaves find each other twice: keep the one found by the
        // smaller code (a static code is odd and never finds static leaves).
        if (moving.moved[other] === 1 && (isStatic || otherCode < code)) continue;
        out.push(body, moving.body[other]!);
      }
      if (!isStatic) {
        hits.clear();
        statics.fatLeavesOverlapping(tree.box, leaf * 4, hits);
        // (a moved static leaf skips moved moving leaves above, so this reports the pair once)
        for (let h = 0; h < hits.count; h++) out.push(body, statics.body[hits.items[h]!]!);
      }
    }
    for (let d = 0; d < moved.count; d++) {
      const code = moved.items[d]!;
      this.treeOfCode(code).moved[code >> 1] = 0;
    }
    moved.clear();
  }

  /** `visit` must not add, remove or update bodies of this broadphase. */
  query(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => boolean | void): void {
    if (this.moving.query(minX, minY, maxX, maxY, visit)) this.statics.query(minX, minY, maxX, maxY, visit);
  }

  /** Static bodies live in their own tree: only that one is walked. */
  queryStatic(box: QueryBox, visit: (body: Body) => boolean | void): void {
    this.statics.queryBox(box, visit);
  }

  /** `visit` must not add, remove or update bodies of this broadphase. */
  raycast(ox: number, oy: number, dx: number, dy: number, maxT: number, visit: (body: Body, maxT: number) => number): void {
    const t = this.moving.raycast(ox, oy, dx, dy, maxT, visit);
    if (t >= 0) this.statics.raycast(ox, oy, dx, dy, t, visit);
  }

  /** Checks both trees' invariants (for tests; O(n)). */
  validate(): void {
    this.moving.validate();
    this.statics.validate();
  }
}
