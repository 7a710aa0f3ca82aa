/**
 * The dynamic-tree broadphase (Box2D style), built on `AabbTree`.
 *
 * Bodies live in two trees: static bodies in one, dynamic and kinematic
 * ("moving") bodies in the other, because static bodies are never paired
 * with each other and a level made of many static pieces should cost nothing.
 *
 * Pairs are found in two stages, as in Box2D:
 *
 * 1. Fat pairs. The broadphase remembers every pair of leaves whose *fat*
 *    boxes overlap. Fat boxes only change when a leaf is inserted or
 *    re-inserted (its body left its fat box), so only those "dirty" leaves
 *    need a tree query; every other remembered pair is still right. On each
 *    `collectPairs`, pairs touching a dirty leaf are dropped and each dirty
 *    leaf queries the trees for its new fat pairs.
 * 2. Real pairs. The remembered fat pairs are a superset of the real ones
 *    (a real box lies inside its fat box), so a cheap test of the real,
 *    margin-grown boxes of each fat pair gives exactly the answer.
 *
 * In a pile where bodies move a little per step, almost no leaf is dirty and
 * a step costs one box test per remembered pair.
 *
 * A leaf is named by a "proxy code", `leaf * 2` in the moving tree and
 * `leaf * 2 + 1` in the static tree; `body.proxyId` is that code.
 */
import type { Body } from "../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { AabbTree } from "./aabb-tree.js";
import { readMargin, type BroadphaseOptions } from "./bounds.js";
import { IntList } from "./int-list.js";
import { checkAdd, checkTracked } from "./proxy-checks.js";
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

  /** Remembered fat pairs, as two parallel lists of proxy codes. */
  private readonly pairA = new IntList(64);
  private readonly pairB = new IntList(64);
  /** Proxy codes of leaves added, re-inserted or removed since the last collectPairs. */
  private readonly dirtyCodes = new IntList(64);
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

  /** Number of remembered fat pairs (for tests and tuning). */
  get fatPairCount(): number {
    return this.pairA.count;
  }

  add(body: Body): void {
    checkAdd(body);
    const isStatic = body.type === "static";
    const tree = isStatic ? this.statics : this.moving;
    const leaf = tree.createLeaf(body);
    body.proxyId = leaf * 2 + (isStatic ? 1 : 0);
    this.markDirty(body.proxyId);
  }

  remove(body: Body): void {
    const tree = this.treeOf(body);
    // Marked before the node is freed: the next collectPairs drops its pairs
    // even if the node index has been reused by then.
    this.markDirty(body.proxyId);
    tree.destroyLeaf(body.proxyId >> 1);
    body.proxyId = -1;
  }

  update(body: Body): void {
    const tree = this.treeOf(body);
    if ((tree === this.statics) !== (body.type === "static")) {
      // The body changed between static and moving: move it to the other tree.
      this.remove(body);
      this.add(body);
      return;
    }
    if (tree.moveLeaf(body.proxyId >> 1, body)) this.markDirty(body.proxyId);
  }

  /** The tree that holds `body` (throws if it is not in this broadphase). */
  private treeOf(body: Body): AabbTree {
    const code = typeof body?.proxyId === "number" ? body.proxyId : -1;
    const tree = (code & 1) === 1 ? this.statics : this.moving;
    checkTracked(body, code >= 0 ? tree.body[code >> 1] : undefined);
    return tree;
  }

  private markDirty(code: number): void {
    const tree = (code & 1) === 1 ? this.statics : this.moving;
    const leaf = code >> 1;
    if (tree.dirty[leaf] === 1) return;
    tree.dirty[leaf] = 1;
    this.dirtyCodes.push(code);
  }

  private isDirty(code: number): boolean {
    return ((code & 1) === 1 ? this.statics : this.moving).dirty[code >> 1] === 1;
  }

  collectPairs(out: PairList): void {
    out.clear();
    if (this.dirtyCodes.count > 0) this.refreshFatPairs();
    const moving = this.moving;
    const statics = this.statics;
    const pa = this.pairA.items;
    const pb = this.pairB.items;
    const n = this.pairA.count;
    for (let k = 0; k < n; k++) {
      const codeA = pa[k]!;
      const codeB = pb[k]!;
      const treeA = (codeA & 1) === 1 ? statics : moving;
      const treeB = (codeB & 1) === 1 ? statics : moving;
      const ea = treeA.exact;
      const eb = treeB.exact;
      const i = (codeA >> 1) * 4;
      const j = (codeB >> 1) * 4;
      if (ea[i]! <= eb[j + 2]! && eb[j]! <= ea[i + 2]! && ea[i + 1]! <= eb[j + 3]! && eb[j + 1]! <= ea[i + 3]!) {
        out.push(treeA.body[codeA >> 1]!, treeB.body[codeB >> 1]!);
      }
    }
  }

  /** Drop the fat pairs of dirty leaves, find their new ones, clear the marks. */
  private refreshFatPairs(): void {
    const pa = this.pairA;
    const pb = this.pairB;
    let kept = 0;
    for (let k = 0; k < pa.count; k++) {
      const a = pa.items[k]!;
      const b = pb.items[k]!;
      if (this.isDirty(a) || this.isDirty(b)) continue;
      pa.items[kept] = a;
      pb.items[kept] = b;
      kept++;
    }
    pa.count = kept;
    pb.count = kept;

    const moving = this.moving;
    const statics = this.statics;
    const hits = this.hits;
    const dirty = this.dirtyCodes;
    for (let d = 0; d < dirty.count; d++) {
      const code = dirty.items[d]!;
      const leaf = code >> 1;
      const isStatic = (code & 1) === 1;
      const tree = isStatic ? statics : moving;
      if (tree.height[leaf] !== 0 || tree.body[leaf] === null) continue; // removed since it was marked
      // Moving leaves pair with both trees; static leaves only with the moving tree.
      hits.clear();
      moving.fatLeavesOverlapping(tree.box, leaf * 4, hits);
      for (let h = 0; h < hits.count; h++) {
        const other = hits.items[h]!;
        const otherCode = other * 2;
        if (otherCode === code) continue;
        // Two dirty leaves find each other twice: keep the one found by the
        // smaller code (a static code is odd, a dirty moving leaf also queries statics).
        if (moving.dirty[other] === 1 && (isStatic || otherCode < code)) continue;
        pa.push(code);
        pb.push(otherCode);
      }
      if (!isStatic) {
        hits.clear();
        statics.fatLeavesOverlapping(tree.box, leaf * 4, hits);
        for (let h = 0; h < hits.count; h++) {
          pa.push(code);
          pb.push(hits.items[h]! * 2 + 1);
        }
      }
    }
    for (let d = 0; d < dirty.count; d++) {
      const code = dirty.items[d]!;
      ((code & 1) === 1 ? statics : moving).dirty[code >> 1] = 0;
    }
    dirty.clear();
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

  /**
   * Checks both trees' invariants and, when no leaf is dirty (right after
   * `collectPairs`), that the remembered fat pairs are exactly the pairs of
   * overlapping fat boxes, each once, none static–static. For tests; O(n²).
   */
  validate(): void {
    this.moving.validate();
    this.statics.validate();
    if (this.dirtyCodes.count > 0) return;
    const expected: string[] = [];
    const codes: number[] = [];
    for (const [tree, bit] of [[this.moving, 0], [this.statics, 1]] as const) {
      for (let n = 0; n < tree.nodeCapacity; n++) if (tree.height[n] === 0) codes.push(n * 2 + bit);
    }
    const boxOf = (code: number): Float64Array => {
      const tree = (code & 1) === 1 ? this.statics : this.moving;
      return tree.box.subarray((code >> 1) * 4, (code >> 1) * 4 + 4);
    };
    for (let x = 0; x < codes.length; x++) {
      for (let y = x + 1; y < codes.length; y++) {
        const a = codes[x]!;
        const b = codes[y]!;
        if ((a & 1) === 1 && (b & 1) === 1) continue;
        const p = boxOf(a);
        const q = boxOf(b);
        if (p[0]! <= q[2]! && q[0]! <= p[2]! && p[1]! <= q[3]! && q[1]! <= p[3]!) expected.push(`${Math.min(a, b)},${Math.max(a, b)}`);
      }
    }
    const actual: string[] = [];
    for (let k = 0; k < this.pairA.count; k++) {
      const a = this.pairA.items[k]!;
      const b = this.pairB.items[k]!;
      actual.push(`${Math.min(a, b)},${Math.max(a, b)}`);
    }
    expected.sort();
    actual.sort();
    if (expected.join(" ") !== actual.join(" ")) {
      throw new Error(`dynamic tree: remembered fat pairs [${actual.join(" ")}] differ from [${expected.join(" ")}]`);
    }
  }
}
