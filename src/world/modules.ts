/**
 * What a world is made with besides its options: the optional parts, which
 * the entry point exporting the world hands to its constructor (per world:
 * nothing here is process-wide). `W` is the world they work on
 * (src/world/world.ts: `WorldModules` there is `WorldModules<World>`).
 *
 *   capsule2d/core    CORE_MODULES below: the tree, soft-step
 *   capsule2d/joints  + joints (src/world/joint-world.ts)
 *   capsule2d         + sap and brute, pgs, snapshots with restore and clone,
 *                     explode, colouring (src/world/full-world.ts)
 *   capsule2d/threads + the solver threads (src/world/threads-world.ts)
 */
import type { Body } from "../bodies/body.js";
import type { Broadphase, BroadphaseKind } from "../collision/broadphase/broadphase.js";
import type { Joint } from "../joints/joint.js";
import type { JointDef } from "../joints/definition.js";
import type { JointManager } from "../joints/joint-manager.js";
import type { GraphColouring } from "../solver/graph-colour.js";
import type { Solver } from "../solver/solve.js";
import { SOFT_STEP } from "../solver/soft-step.js";
import { DynamicTreeBroadphase } from "../collision/broadphase/tree-broadphase.js";
import type { SolverThreads } from "../solver/parallel/solver-threads.js";
import type { WorldSnapshot } from "../snapshot/snapshot.js";
import type { SolverName } from "./options.js";
import type { ExplosionDef } from "./contact-control.js";

/** The joints module (src/world/joint-world.ts): a world's joint manager, and what the world's joint methods do. */
export interface JointsModule<W> {
  /** A new, empty joint manager for a world. */
  manager(): JointManager;
  /** `world.addJoint(def)`. */
  add(world: W, def: JointDef): Joint;
  /** `world.removeJoint(joint)`. */
  remove(world: W, joint: Joint): void;
  /** A body leaves `world`: its joints go first. */
  detachJointsOf(world: W, body: Body): void;
  /** The joints whose reaction passed a break threshold this step are removed and reported. */
  breakJoints(world: W): void;
}

/** The snapshots module (src/snapshot/world-snapshots.ts): snapshots, restore and clone. */
export interface SnapshotsModule<W> {
  snapshot(world: W, options: { format: "json" | "binary" } | undefined): WorldSnapshot | ArrayBuffer;
  snapshotInto(world: W, reuse: ArrayBuffer | null): ArrayBuffer;
  restore(world: W, data: WorldSnapshot | ArrayBuffer): void;
  clone(world: W): W;
}

/**
 * @internal What a world is made with besides its options: the optional
 * parts, chosen by the entry point that exports the world (null or absent:
 * not installed), per world. Nothing here is process-wide.
 */
export interface WorldModules<W> {
  /** The entry point these modules are the parts of, for error messages ("capsule2d/core", ...). */
  readonly entry: string;
  /** The broadphases by name (`options.broadphase`), each made for a margin. */
  readonly broadphases: { readonly [K in BroadphaseKind]?: (margin: number) => Broadphase };
  /** The solvers by name (`options.solver`). */
  readonly solvers: { readonly [K in SolverName]?: Solver };
  /** `solverThreads` ≥ 1 (the contacts in colour order on one thread, and the solver threads) is open to this world. */
  readonly solverThreads: boolean;
  /** The solver threads for `solverThreads` ≥ 2, sharing the world's contact passes and colouring (null: the constructor throws a TypeError naming `capsule2d/threads`). */
  readonly threads: ((world: W, colouring: GraphColouring) => SolverThreads) | null;
  readonly joints: JointsModule<W> | null;
  readonly snapshots: SnapshotsModule<W> | null;
  /** `world.explode(def)` (src/world/explode.ts). */
  readonly explode: ((world: W, def: ExplosionDef) => void) | null;
}

/** @internal The modules of `capsule2d/core`: the tree broadphase and the soft-step solver. */
export const CORE_MODULES = {
  entry: "capsule2d/core",
  broadphases: { tree: (margin: number) => new DynamicTreeBroadphase({ margin, touchingOnly: true }) },
  solvers: { "soft-step": SOFT_STEP },
  solverThreads: false,
  threads: null,
  joints: null,
  snapshots: null,
  explode: null,
};

/** A TypeError for a method whose module this world was not made with. */
export function missing(method: string, modules: { readonly entry: string }, where: string): never {
  throw new TypeError(`capsule2d: ${method} is not in the World of "${modules.entry}": ${where}`);
}
export const FOR_JOINTS = 'use JointWorld from "capsule2d/joints", or World from "capsule2d"';
export const FOR_FULL = 'use World from "capsule2d"';
