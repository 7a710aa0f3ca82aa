/**
 * The dynamic-tree broadphase (Box2D style), built on `AabbTree`.
 *
 * Bodies live in two trees: static bodies in one, dynamic and kinematic
 * ("moving") bodies in the other, because static bodies are never paired
 * with each other and a level made of many static pieces should cost nothing.
 *
 * Pairs are kept in two layers, so that a step costs only what moved:
 *
 * 1. Fat pairs: every pair of leaves whose *fat* boxes overlap, kept in a
 *    pool of typed arrays, each pair linked into both of its leaves' lists.
 *    A fat box changes only when its leaf is re-inserted (the body left it),
 *    so only those "moved" leaves query the trees, for the pairs they did not
 *    have: a leaf found whose fat box overlapped the moved leaf's old one
 *    (`AabbTree.prevBox`) was paired with it already, so the moved leaf's
 *    list is not walked. Its fat pairs that no longer overlap are dropped by
 *    the re-test below, which visits them anyway.
 * 2. Real overlap: for each fat pair the broadphase remembers whether the
 *    real (margin-grown) boxes overlapped at the last call. A leaf whose real
 *    box changed is "touched"; `updatePairs` re-tests the pairs of moved and
 *    touched leaves only, and reports the pairs whose answer changed
 *    (`started`, `ended`). A pile at rest, or asleep, costs nothing.
 *
 * A leaf is named by a "proxy code", `leaf * 2` in the moving tree and
 * `leaf * 2 + 1` in the static tree.
 */
import type { Body } from "../../bodies/body.js";
import type { Broadphase, PairList, QueryBox } from "./broadphase.js";
import { AabbTree, LEAF_REINSERTED, LEAF_SAME, MARK_MOVED as MOVED, MARK_TOUCHED as TOUCHED } from "./aabb-tree.js";
import { readMargin, type BroadphaseOptions } from "./bounds.js";
import { IntList } from "./int-list.js";
import { checkTracked, ProxyTable } from "./proxy-checks.js";
import * as check from "../../math/validate.js";
import { capacityFor, grown } from "../../math/typed.js";
import { canTouch } from "../../contacts/pairing.js";

/** Default extra enlargement of a leaf's box, metres. */
export const DEFAULT_FATTEN = 0.1;

export class DynamicTreeBroadphase implements Broadphase {
  readonly kind = "tree" as const;
  /** Bounds are grown by this much on every side (metres). */
  readonly margin: number;
  /** Leaves hold the grown bounds enlarged by this much more (metres). */
  readonly fatten: number;
  /** Only pairs that can touch are kept and reported (`BroadphaseOptions.touchingOnly`). */
  readonly touchingOnly: boolean;
  /** Dynamic and kinematic bodies. */
  readonly moving = new AabbTree();
  /** Static bodies. */
  readonly statics = new AabbTree();

  private readonly proxies = new ProxyTable();
  /** Proxy codes of leaves added or re-inserted since the last updatePairs. */
  private readonly movedCodes = new IntList(64);
  /** Proxy codes of leaves whose real box changed (without re-insertion) since then. */
  private readonly touchedCodes = new IntList(64);
  /** Scratch list of leaves found by a tree query. */
  private readonly hits = new IntList(64);

  // ---- the fat pair pool: pair p (0 <= p < fatPairCount, no gaps) joins leaves codeA[p] and codeB[p] ----
  private codeA: Int32Array = new Int32Array(256);
  private codeB: Int32Array = new Int32Array(256);
  /** Links in codeA's and codeB's lists (−1 ends a list). */
  private nextA: Int32Array = new Int32Array(256);
  private prevA: Int32Array = new Int32Array(256);
  private nextB: Int32Array = new Int32Array(256);
  private prevB: Int32Array = new Int32Array(256);
  /** 1 when the real boxes overlapped at the last updatePairs (the pair was reported started). */
  private overlap: Uint8Array = new Uint8Array(256);
  /** The updatePairs call that last tested the pair (each pair is tested once per call). */
  private tested: Int32Array = new Int32Array(256);
  /** Live fat pairs: they fill the pool's first slots (a freed pair's slot takes the last pair). */
  fatPairCount = 0;
  /** First pair of each leaf's list, by leaf index, for the moving and the static tree. */
  private headMoving: Int32Array = new Int32Array(64).fill(-1);
  private headStatic: Int32Array = new Int32Array(64).fill(-1);
  private calls = 0;

  constructor(options?: BroadphaseOptions) {
    this.margin = readMargin(options);
    this.fatten = options?.fatten === undefined ? DEFAULT_FATTEN : check.nonNegative("fatten", options.fatten);
    this.touchingOnly = options?.touchingOnly === true;
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

  has(body: Body): boolean {
    const code = this.proxies.get(body);
    return code >= 0 && this.treeOfCode(code).body[code >> 1] === body;
  }

  /** Leaves added until `endLoad` are built into the trees top-down, at once. */
  beginLoad(): void {
    this.moving.deferInserts();
    this.statics.deferInserts();
  }

  endLoad(): void {
    this.moving.buildDeferred();
    this.statics.buildDeferred();
  }

  add(body: Body, box: QueryBox): void {
    this.proxies.checkAdd(body);
    const isStatic = body._type === "static";
    const tree = isStatic ? this.statics : this.moving;
    const leaf = tree.createLeaf(body, box);
    const code = leaf * 2 + (isStatic ? 1 : 0);
    this.proxies.set(body, code);
    this.growHeads(leaf);
    this.heads(code)[leaf] = -1;
    this.mark(code, MOVED);
  }

  clear(): void {
    this.moving.clear();
    this.statics.clear();
    this.proxies.clear();
    this.movedCodes.clear();
    this.touchedCodes.clear();
    this.fatPairCount = 0;
    this.headMoving.fill(-1);
    this.headStatic.fill(-1);
    // `calls` goes on counting: pairs made from now on start untested (0) as in a new broadphase
  }

  remove(body: Body): void {
    const code = this.codeOf(body);
    const tree = this.treeOfCode(code);
    // its pairs go without a report (the client ends what it kept of them)
    let p = this.heads(code)[code >> 1]!;
    while (p !== -1) {
      let next = this.codeA[p] === code ? this.nextA[p]! : this.nextB[p]!;
      if (this.freePairAt(p) === next && next !== -1) next = p;
      p = next;
    }
    if (tree.moved[code >> 1] !== 0) this.unmark(code);
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
    const result = this.treeOfCode(code).moveLeaf(code >> 1, box);
    if (result !== LEAF_SAME) this.mark(code, result === LEAF_REINSERTED ? MOVED : TOUCHED);
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

  private heads(code: number): Int32Array {
    return (code & 1) === 1 ? this.headStatic : this.headMoving;
  }

  private growHeads(leaf: number): void {
    if (leaf < this.headMoving.length && leaf < this.headStatic.length) return;
    const n = capacityFor(Math.max(this.headMoving.length, this.headStatic.length), leaf + 1);
    if (this.headMoving.length < n) this.headMoving = grown(this.headMoving, n, -1);
    if (this.headStatic.length < n) this.headStatic = grown(this.headStatic, n, -1);
  }

  /** Put a leaf into the move or touch buffer (moved wins). */
  private mark(code: number, how: number): void {
    const tree = this.treeOfCode(code);
    const leaf = code >> 1;
    const was = tree.moved[leaf]!;
    if (was >= how) return;
    tree.moved[leaf] = how;
    if (how === MOVED) this.movedCodes.push(code);
    if (was === 0 && how === TOUCHED) this.touchedCodes.push(code);
  }

  /** Take a leaf that is about to be freed out of the buffers. */
  private unmark(code: number): void {
    this.treeOfCode(code).moved[code >> 1] = 0;
    dropCode(this.movedCodes, code);
    dropCode(this.touchedCodes, code);
  }

  /** Clear the marks of a buffer's leaves, and the buffer. */
  private unmarkAll(list: IntList): void {
    for (let d = 0; d < list.count; d++) {
      const code = list.items[d]!;
      this.treeOfCode(code).moved[code >> 1] = 0;
    }
    list.clear();
  }

  // ------------------------------------------------------------------ the pair pool

  private newPair(a: number, b: number): number {
    const p = this.fatPairCount;
    if (p === this.codeA.length) this.growPairs();
    this.codeA[p] = a;
    this.codeB[p] = b;
    this.overlap[p] = 0;
    this.tested[p] = 0;
    // link at the head of both lists
    const ha = this.heads(a);
    const hb = this.heads(b);
    const la = a >> 1;
    const lb = b >> 1;
    const firstA = ha[la]!;
    this.prevA[p] = -1;
    this.nextA[p] = firstA;
    if (firstA !== -1) this.setPrev(firstA, a, p);
    ha[la] = p;
    const firstB = hb[lb]!;
    this.prevB[p] = -1;
    this.nextB[p] = firstB;
    if (firstB !== -1) this.setPrev(firstB, b, p);
    hb[lb] = p;
    this.fatPairCount++;
    return p;
  }

  /** In `code`'s list, the pair before pair p becomes q. */
  private setPrev(p: number, code: number, q: number): void {
    if (this.codeA[p] === code) this.prevA[p] = q;
    else this.prevB[p] = q;
  }

  /** In `code`'s list, the pair after pair p becomes q. */
  private setNext(p: number, code: number, q: number): void {
    if (this.codeA[p] === code) this.nextA[p] = q;
    else this.nextB[p] = q;
  }

  /**
   * Unlink pair p from both lists and free it: the last pair of the pool
   * moves into its slot (its neighbours' links and its leaves' heads
   * follow), so the live pairs stay packed. Returns the slot the moved pair
   * came from (a caller walking a list holding it goes on at p instead), or
   * −1 when p was the last.
   */
  private freePairAt(p: number): number {
    const codeA = this.codeA;
    const codeB = this.codeB;
    this.unlink(p, codeA[p]!, this.prevA[p]!, this.nextA[p]!);
    this.unlink(p, codeB[p]!, this.prevB[p]!, this.nextB[p]!);
    const last = --this.fatPairCount;
    if (p === last) {
      codeA[p] = -1;
      codeB[p] = -1;
      return -1;
    }
    const a = codeA[last]!;
    const b = codeB[last]!;
    codeA[p] = a;
    codeB[p] = b;
    this.overlap[p] = this.overlap[last]!;
    this.tested[p] = this.tested[last]!;
    const prevA = (this.prevA[p] = this.prevA[last]!);
    const nextA = (this.nextA[p] = this.nextA[last]!);
    const prevB = (this.prevB[p] = this.prevB[last]!);
    const nextB = (this.nextB[p] = this.nextB[last]!);
    if (prevA === -1) this.heads(a)[a >> 1] = p;
    else this.setNext(prevA, a, p);
    if (nextA !== -1) this.setPrev(nextA, a, p);
    if (prevB === -1) this.heads(b)[b >> 1] = p;
    else this.setNext(prevB, b, p);
    if (nextB !== -1) this.setPrev(nextB, b, p);
    codeA[last] = -1;
    codeB[last] = -1;
    return last;
  }

  private unlink(_p: number, code: number, prev: number, next: number): void {
    if (prev === -1) this.heads(code)[code >> 1] = next;
    else this.setNext(prev, code, next);
    if (next !== -1) this.setPrev(next, code, prev);
  }

  private growPairs(): void {
    const n = 2 * this.codeA.length;
    this.codeA = grown(this.codeA, n);
    this.codeB = grown(this.codeB, n);
    this.nextA = grown(this.nextA, n);
    this.prevA = grown(this.prevA, n);
    this.nextB = grown(this.nextB, n);
    this.prevB = grown(this.prevB, n);
    this.tested = grown(this.tested, n);
    this.overlap = grown(this.overlap, n);
  }

  /** Do the boxes (fat or real, per `boxes` of each tree) of two leaves overlap? */
  private boxesOverlap(a: number, b: number, fat: boolean): boolean {
    const ta = this.treeOfCode(a);
    const tb = this.treeOfCode(b);
    const x = fat ? ta.box : ta.exact;
    const y = fat ? tb.box : tb.exact;
    const i = (a >> 1) * 4;
    const j = (b >> 1) * 4;
    // no branch between the comparisons: see retestAll
    return (+(x[i]! <= y[j + 2]!) & +(y[j]! <= x[i + 2]!) & +(x[i + 1]! <= y[j + 3]!) & +(y[j + 1]! <= x[i + 3]!)) !== 0;
  }

  // ------------------------------------------------------------------ updatePairs

  /**
   * Moved leaves find their new fat pairs; then the pairs of moved and
   * touched leaves are re-tested, those whose fat boxes parted dropped, and
   * the changes of the real boxes' overlap reported.
   */
  updatePairs(started: PairList, ended: PairList): void {
    started.clear();
    ended.clear();
    const call = ++this.calls;
    const moved = this.movedCodes;
    for (let d = 0; d < moved.count; d++) this.addFatPairs(moved.items[d]!);
    const touched = this.touchedCodes;
    if (4 * (moved.count + touched.count) > this.moving.leafCount) {
      // most leaves changed (a scene in motion): one pass over the pool beats walking their lists
      this.retestAll(started, ended);
    } else {
      for (let d = 0; d < moved.count; d++) this.retest(moved.items[d]!, call, started, ended);
      for (let d = 0; d < touched.count; d++) this.retest(touched.items[d]!, call, started, ended);
    }
    this.unmarkAll(moved);
    this.unmarkAll(touched);
  }

  /**
   * A moved leaf: pair it with the leaves its new fat box overlaps that it
   * was not paired with, those whose fat box (the old one, if that leaf moved
   * too) missed its old fat box. When both leaves moved, the one with the
   * smaller code makes the pair (each finds the other).
   */
  private addFatPairs(code: number): void {
    const tree = this.treeOfCode(code);
    const leaf = code >> 1;
    if (tree.height[leaf] !== 0 || tree.body[leaf] === null) return; // removed since it was marked
    const body = tree.body[leaf]!;
    const filter = this.touchingOnly;
    // A body outside every positive group whose mask meets no category of a tree's bodies can
    // touch none of them: that tree is not queried (joint_grid's circles, which collide with nothing).
    const mask = filter && body._group <= 0 ? body._mask : -1;
    const hits = this.hits;
    // moving leaves pair with both trees; static leaves only with the moving tree
    if ((this.moving.categories & mask) !== 0) {
      hits.clear();
      this.moving.fatLeavesOverlapping(tree.box, leaf * 4, hits);
      const bodies = this.moving.body;
      for (let h = 0; h < hits.count; h++) {
        const other = hits.items[h]! * 2;
        if (other === code || this.hadPair(code, other)) continue;
        if (filter && !canTouch(body, bodies[other >> 1]!)) continue;
        this.growHeads(other >> 1);
        this.newPair(code, other);
      }
    }
    if ((code & 1) === 0 && (this.statics.categories & mask) !== 0) {
      hits.clear();
      this.statics.fatLeavesOverlapping(tree.box, leaf * 4, hits);
      const bodies = this.statics.body;
      for (let h = 0; h < hits.count; h++) {
        const other = hits.items[h]! * 2 + 1;
        if (this.hadPair(code, other)) continue;
        if (filter && !canTouch(body, bodies[other >> 1]!)) continue;
        this.growHeads(other >> 1);
        this.newPair(code, other);
      }
    }
  }

  /**
   * Is the pair of moved leaf `code` and leaf `other` (found by its query)
   * already kept, or to be made by `other`? Their fat boxes at the last
   * updatePairs overlapped, or `other` moved too and has the smaller code.
   */
  private hadPair(code: number, other: number): boolean {
    const to = this.treeOfCode(other);
    const lo = other >> 1;
    const otherMoved = to.moved[lo] === MOVED;
    if (otherMoved && other < code) return true;
    const x = this.treeOfCode(code).prevBox;
    const y = otherMoved ? to.prevBox : to.box;
    const i = (code >> 1) * 4;
    const j = lo * 4;
    return x[i]! <= y[j + 2]! && y[j]! <= x[i + 2]! && x[i + 1]! <= y[j + 3]! && y[j + 1]! <= x[i + 3]!;
  }

  /** Does pair p still hold (its fat boxes overlap)? Only a moved leaf's fat box changed. */
  private fatHolds(p: number): boolean {
    const a = this.codeA[p]!;
    const b = this.codeB[p]!;
    if (this.treeOfCode(a).moved[a >> 1] !== MOVED && this.treeOfCode(b).moved[b >> 1] !== MOVED) return true;
    return this.boxesOverlap(a, b, true);
  }

  /** Re-test the real boxes of a leaf's pairs (each pair once per call); drop those whose fat boxes parted; report the changes. */
  private retest(code: number, call: number, started: PairList, ended: PairList): void {
    const tree = this.treeOfCode(code);
    const leaf = code >> 1;
    if (tree.height[leaf] !== 0 || tree.body[leaf] === null) return;
    let p = this.heads(code)[leaf]!;
    while (p !== -1) {
      const isA = this.codeA[p] === code;
      let next = isA ? this.nextA[p]! : this.nextB[p]!;
      if (this.tested[p] !== call) {
        this.tested[p] = call;
        if (!this.fatHolds(p)) {
          if (this.overlap[p] === 1) this.report(p, ended);
          if (this.freePairAt(p) === next && next !== -1) next = p;
        } else {
          const now = this.boxesOverlap(this.codeA[p]!, this.codeB[p]!, false) ? 1 : 0;
          if (now !== this.overlap[p]) {
            this.overlap[p] = now;
            this.report(p, now === 1 ? started : ended);
          }
        }
      }
      p = next;
    }
  }

  /** Re-test the real boxes of every fat pair, in pool order; drop those whose fat boxes parted; report the changes. */
  private retestAll(started: PairList, ended: PairList): void {
    const codeA = this.codeA;
    const codeB = this.codeB;
    const overlap = this.overlap;
    const mx = this.moving.exact;
    const sx = this.statics.exact;
    const mm = this.moving.moved;
    const sm = this.statics.moved;
    for (let p = 0; p < this.fatPairCount; p++) {
      const a = codeA[p]!;
      const b = codeB[p]!;
      const aStatic = (a & 1) === 1;
      const bStatic = (b & 1) === 1;
      const x = aStatic ? sx : mx;
      const y = bStatic ? sx : mx;
      const i = (a >> 1) * 4;
      const j = (b >> 1) * 4;
      // the four comparisons without a branch between them (`&`, not `&&`): whether a fat pair's
      // real boxes overlap is a coin toss in a moving pile (a third of the tumbler's 38,000 do),
      // and a mispredicted branch per pair cost more than the comparisons (retestAll 1.25 → 1.02 ms)
      const now = +(x[i]! <= y[j + 2]!) & +(y[j]! <= x[i + 2]!) & +(x[i + 1]! <= y[j + 3]!) & +(y[j + 1]! <= x[i + 3]!);
      // fat boxes hold the real ones: only a pair whose real boxes are apart can have parted
      if (now === 0 && ((aStatic ? sm : mm)[a >> 1] === MOVED || (bStatic ? sm : mm)[b >> 1] === MOVED) && !this.boxesOverlap(a, b, true)) {
        if (overlap[p] === 1) this.report(p, ended);
        this.freePairAt(p);
        p--; // the last pair moved into slot p: test it next
        continue;
      }
      if (now !== overlap[p]) {
        overlap[p] = now;
        this.report(p, now === 1 ? started : ended);
      }
    }
  }

  private report(p: number, out: PairList): void {
    const a = this.codeA[p]!;
    const b = this.codeB[p]!;
    out.push(this.treeOfCode(a).body[a >> 1]!, this.treeOfCode(b).body[b >> 1]!);
  }

  // ------------------------------------------------------------------ queries

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
   * Checks both trees' invariants and, when no leaf waits in a buffer (right
   * after updatePairs), that the fat pairs are exactly the pairs of
   * overlapping fat boxes (that can touch, with `touchingOnly`; each once,
   * none static–static, each in both of its
   * leaves' lists) and that each pair's remembered overlap is the real
   * boxes' answer. For tests; O(n²).
   */
  validate(): void {
    this.moving.validate();
    this.statics.validate();
    if (this.movedCodes.count > 0 || this.touchedCodes.count > 0) return;
    const codes: number[] = [];
    for (const [tree, bit] of [[this.moving, 0], [this.statics, 1]] as const) {
      for (let n = 0; n < tree.nodeCapacity; n++) if (tree.height[n] === 0 && tree.body[n] !== null) codes.push(n * 2 + bit);
    }
    const expected: string[] = [];
    for (let x = 0; x < codes.length; x++) {
      for (let y = x + 1; y < codes.length; y++) {
        const a = codes[x]!;
        const b = codes[y]!;
        if ((a & 1) === 1 && (b & 1) === 1) continue;
        if (this.touchingOnly && !canTouch(this.treeOfCode(a).body[a >> 1]!, this.treeOfCode(b).body[b >> 1]!)) continue;
        if (this.boxesOverlap(a, b, true)) expected.push(`${Math.min(a, b)},${Math.max(a, b)}`);
      }
    }
    const actual: string[] = [];
    for (const code of codes) {
      for (let p = this.heads(code)[code >> 1]!; p !== -1; p = this.codeA[p] === code ? this.nextA[p]! : this.nextB[p]!) {
        const a = this.codeA[p]!;
        const b = this.codeB[p]!;
        if (a !== code && b !== code) throw new Error(`dynamic tree: pair ${p} in the list of ${code} joins ${a} and ${b}`);
        if (code === Math.min(a, b)) actual.push(`${Math.min(a, b)},${Math.max(a, b)}`);
        const real = this.boxesOverlap(a, b, false) ? 1 : 0;
        if (real !== this.overlap[p]) throw new Error(`dynamic tree: pair ${a},${b} remembers overlap ${this.overlap[p]}, boxes say ${real}`);
      }
    }
    expected.sort();
    actual.sort();
    if (expected.join(" ") !== actual.join(" ")) {
      throw new Error(`dynamic tree: fat pairs [${actual.join(" ")}] differ from [${expected.join(" ")}]`);
    }
  }
}

/** Take a code out of a buffer (order does not matter there). */
function dropCode(list: IntList, code: number): void {
  for (let k = 0; k < list.count; k++) {
    if (list.items[k] === code) {
      list.items[k] = list.items[list.count - 1]!;
      list.count--;
      return;
    }
  }
}
