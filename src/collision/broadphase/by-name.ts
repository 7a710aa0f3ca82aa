/**
 * The broadphases, and `createBroadphase` to pick one by name
 * (what `new World({ broadphase })` calls).
 */
import type { Broadphase, BroadphaseKind } from "./broadphase.js";
import { checkKind, type BroadphaseOptions } from "./bounds.js";
import { BruteForceBroadphase } from "./brute.js";
import { SweepAndPruneBroadphase } from "./sap.js";
import { DynamicTreeBroadphase } from "./tree-broadphase.js";

export { PairList } from "./broadphase.js";
export type { Broadphase, BroadphaseKind } from "./broadphase.js";
export type { BroadphaseOptions } from "./bounds.js";
export { BruteForceBroadphase } from "./brute.js";
export { SweepAndPruneBroadphase } from "./sap.js";
export { DynamicTreeBroadphase, DEFAULT_FATTEN } from "./tree-broadphase.js";

/**
 * A new, empty broadphase of the given kind:
 * - `"tree"`: dynamic AABB tree (`DynamicTreeBroadphase`);
 * - `"sap"`: sort-and-sweep on x (`SweepAndPruneBroadphase`);
 * - `"brute"`: every pair, O(n²), the reference (`BruteForceBroadphase`).
 * `options.margin` grows every body's bounds (default 0); `options.fatten`
 * is used by the tree only.
 */
export function createBroadphase(kind: BroadphaseKind, options?: BroadphaseOptions): Broadphase {
  switch (checkKind(kind)) {
    case "tree":
      return new DynamicTreeBroadphase(options);
    case "sap":
      return new SweepAndPruneBroadphase(options);
    case "brute":
      return new BruteForceBroadphase(options);
  }
}
