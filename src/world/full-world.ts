/**
 * The World of `capsule2d`: the one World (src/world/world.ts) made with
 * every module but the solver threads: the tree, sort-and-sweep and
 * brute-force broadphases, soft-step and pgs, joints, snapshots with
 * `restore` and `clone`, explosions and graph colouring (`solverThreads` 1).
 * The World of `capsule2d/threads` (src/world/threads-world.ts) makes worlds
 * of this class with the threads as well (`solverThreads` ≥ 2).
 */
import { createBroadphase } from "../collision/broadphase/by-name.js";
import { PGS } from "../solver/pgs.js";
import { SOFT_STEP } from "../solver/soft-step.js";
import { fromSnapshot, SNAPSHOTS } from "../snapshot/world-snapshots.js";
import type { WorldSnapshot } from "../snapshot/snapshot.js";
import { explode } from "./explode.js";
import { JOINTS } from "./joint-world.js";
import type { WorldOptions } from "./options.js";
import { World as TheWorld, type WorldModules } from "./world.js";

/** @internal The modules of `capsule2d`: all but the solver threads (`capsule2d/threads` adds them). */
export const FULL_MODULES: WorldModules = {
  entry: "capsule2d",
  broadphases: {
    tree: (margin) => createBroadphase("tree", { margin, touchingOnly: true }),
    sap: (margin) => createBroadphase("sap", { margin, touchingOnly: true }),
    brute: (margin) => createBroadphase("brute", { margin, touchingOnly: true }),
  },
  solvers: { "soft-step": SOFT_STEP, pgs: PGS },
  solverThreads: true,
  threads: null,
  joints: JOINTS,
  snapshots: SNAPSHOTS,
  explode,
};

/**
 * A physics world: it owns bodies, joints and contacts and advances them with
 * `step(dt)` (or `advance(elapsed)` at a fixed step). The options are in
 * docs/options.md, the events in docs/events-and-contacts.md.
 */
export class World extends TheWorld {
  /** A world of `options` (docs/options.md), checked first: bad input throws a TypeError or RangeError naming the option and the value. */
  constructor(options?: WorldOptions);
  /** @internal A world of `options` made with `modules` (the World of `capsule2d/threads`: these and the threads). */
  constructor(options: WorldOptions, modules: WorldModules);
  constructor(options: WorldOptions = {}, modules: WorldModules = FULL_MODULES) {
    super(options, modules);
  }

  /**
   * Rebuild a world from `snapshot()` data (JSON; a binary ArrayBuffer is
   * read by `World.fromSnapshot` of `capsule2d/binary`, and here throws a
   * TypeError naming it). The snapshot is checked completely first: a
   * corrupt or truncated one throws a TypeError or RangeError and nothing is
   * built.
   */
  static fromSnapshot(data: WorldSnapshot | ArrayBuffer): World {
    return fromSnapshot(data, (options) => new World(options));
  }
}
