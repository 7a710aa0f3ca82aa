/**
 * The World of `capsule2d`: the one World (src/world/world.ts) made with
 * every module: the tree, sort-and-sweep and brute-force broadphases,
 * soft-step and pgs, joints, snapshots with `restore` and `clone`,
 * explosions, graph colouring (`solverThreads` ≥ 1) and the solver threads
 * (`solverThreads` ≥ 2, once `capsule2d/threads` has installed them).
 */
import { createBroadphase } from "../collision/broadphase/by-name.js";
import type { GraphColouring } from "../solver/graph-colour.js";
import { PGS } from "../solver/pgs.js";
import { SOFT_STEP } from "../solver/soft-step.js";
import { solverThreadsModule } from "../solver/parallel/installed.js";
import { fromSnapshot, SNAPSHOTS } from "../snapshot/world-snapshots.js";
import type { WorldSnapshot } from "../snapshot/snapshot.js";
import { explode } from "./explode.js";
import { JOINTS } from "./joint-world.js";
import type { WorldOptions } from "./options.js";
import { World as TheWorld, type WorldModules } from "./world.js";
import type { SolverThreads } from "../solver/parallel/solver-threads.js";

/** The workers of a world with `solverThreads` ≥ 2 (from `capsule2d/threads`, or a TypeError naming it). */
function startThreads(world: TheWorld, colouring: GraphColouring): SolverThreads {
  const threads = world.opts.solverThreads;
  const parallel = solverThreadsModule(threads);
  parallel.check(threads);
  return parallel.create((worker, message) => new SolverWorkerError(world, worker, message, `in step ${world.stepCount + 1}`), world.contactConstraints, world.solverBodies, colouring, threads - 1);
}

const FULL_MODULES: WorldModules = {
  entry: "capsule2d",
  broadphases: {
    tree: (margin) => createBroadphase("tree", { margin, touchingOnly: true }),
    sap: (margin) => createBroadphase("sap", { margin, touchingOnly: true }),
    brute: (margin) => createBroadphase("brute", { margin, touchingOnly: true }),
  },
  solvers: { "soft-step": SOFT_STEP, pgs: PGS },
  solverThreads: true,
  threads: startThreads,
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
  constructor(options: WorldOptions = {}) {
    super(options, FULL_MODULES);
  }

  /**
   * Rebuild a world from `snapshot()` data (JSON, or the binary ArrayBuffer
   * once `enableBinarySnapshots()` from `capsule2d/binary` has been called).
   * The snapshot is checked completely first: a corrupt or truncated one
   * throws a TypeError or RangeError and nothing is built.
   */
  static fromSnapshot(data: WorldSnapshot | ArrayBuffer): World {
    return fromSnapshot(data, (options) => new World(options));
  }
}

/**
 * SolverWorkerError: the error a world's solver threads raise when one of its workers fails
 * (see the `solverThreads` world option): thrown by the `step()` that found
 * it, and by every step after it (a failed step leaves the world half
 * stepped: restore a snapshot, or make the world again), and the rejection
 * of `world.threadsReady()`.
 */
/** A solver worker failed: its message, which worker, and the world it solved for. */
export class SolverWorkerError extends Error {
  /** The world whose worker failed (not enumerable, so that printing the error does not print the world). */
  declare readonly world: World;
  /** The worker's index (0 .. solverThreads − 2). */
  readonly worker: number;
  /** The worker's own message (its error's name and message). */
  readonly workerMessage: string;

  constructor(world: World, worker: number, workerMessage: string, when: string) {
    super(`capsule2d: solver worker ${worker} of the world failed ${when}: ${workerMessage}`);
    this.name = "SolverWorkerError";
    Object.defineProperty(this, "world", { value: world, enumerable: false });
    this.worker = worker;
    this.workerMessage = workerMessage;
  }
}
