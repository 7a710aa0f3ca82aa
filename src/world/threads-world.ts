/**
 * The World of `capsule2d/threads`: the World of `capsule2d` (every module)
 * made with the solver threads as well, so that `solverThreads` ≥ 2 solves
 * each step's contacts on the calling thread and `solverThreads − 1` workers
 * (src/solver/parallel/). The threads are this world's module: a World of
 * `capsule2d` asking for 2 or more throws a TypeError naming this entry
 * point, and nothing here switches any other world. Its worlds are objects
 * of `capsule2d`'s World class (not a subclass: one more class of world
 * would make the step's accesses to the world polymorphic; a subclass did
 * allocate in the threaded step, test/allocation.test.ts).
 */
import type { GraphColouring } from "../solver/graph-colour.js";
import { checkThreadSupport, SolverThreads } from "../solver/parallel/solver-threads.js";
import { fromSnapshot } from "../snapshot/world-snapshots.js";
import type { WorldSnapshot } from "../snapshot/snapshot.js";
import { FULL_MODULES, World as FullWorld } from "./full-world.js";
import type { WorldOptions } from "./options.js";
import type { World as TheWorld, WorldModules } from "./world.js";

/** The workers of a world with `solverThreads` ≥ 2 (a RangeError where this environment cannot run them). */
function startThreads(world: TheWorld, colouring: GraphColouring): SolverThreads {
  const threads = world.opts.solverThreads;
  checkThreadSupport(threads);
  return new SolverThreads((worker, message) => new SolverWorkerError(world as FullWorld, worker, message, `in step ${world.stepCount + 1}`), world.contactConstraints, world.solverBodies, colouring, threads - 1);
}

const THREADS_MODULES: WorldModules = { ...FULL_MODULES, entry: "capsule2d/threads", threads: startThreads };

/** The constructor of the World of `capsule2d/threads`. */
export interface ThreadsWorldConstructor {
  /** A world of `options` (docs/options.md) with the solver threads, checked first: bad input throws a TypeError or RangeError naming the option and the value. */
  new (options?: WorldOptions): FullWorld;
  /**
   * Rebuild a world (with the threads) from `snapshot()` data (JSON; a
   * binary one is read by `withBinarySnapshots(World).fromSnapshot` of
   * `capsule2d/binary`, and here throws a TypeError naming it), checked
   * completely first: a corrupt or truncated snapshot throws a TypeError or
   * RangeError and nothing is built.
   */
  fromSnapshot(data: WorldSnapshot | ArrayBuffer): FullWorld;
  /** The prototype of its worlds: that of `capsule2d`'s `World`. */
  readonly prototype: FullWorld;
}

/**
 * The World of `capsule2d` with the solver threads: `solverThreads: n`
 * (n ≥ 2) solves each step's contacts colour by colour on the calling thread
 * and n − 1 workers, with the same bits for every n ≥ 1. Its worlds are
 * `capsule2d`'s `World` (the same class, made with one more module: so the
 * step's code sees one kind of world object, and `instanceof` either holds);
 * their `clone()` keeps the threads, and `World.fromSnapshot` here makes
 * worlds with them.
 *
 * ```ts
 * import { Circle } from "capsule2d";
 * import { World } from "capsule2d/threads";
 *
 * const world = new World({ solverThreads: 2 });
 * await world.threadsReady(); // optional: steps go ahead without workers not started yet
 * ```
 */
export const World = function World(options: WorldOptions = {}): FullWorld {
  return new FullWorld(options, THREADS_MODULES);
} as unknown as ThreadsWorldConstructor;
World.fromSnapshot = (data: WorldSnapshot | ArrayBuffer): FullWorld => fromSnapshot(data, (options) => new FullWorld(options, THREADS_MODULES));
(World as { prototype: FullWorld }).prototype = FullWorld.prototype;
/** A world of `capsule2d/threads`: `capsule2d`'s `World`. */
export type World = FullWorld;

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
  declare readonly world: FullWorld;
  /** The worker's index (0 .. solverThreads − 2). */
  readonly worker: number;
  /** The worker's own message (its error's name and message). */
  readonly workerMessage: string;

  constructor(world: FullWorld, worker: number, workerMessage: string, when: string) {
    super(`capsule2d: solver worker ${worker} of the world failed ${when}: ${workerMessage}`);
    this.name = "SolverWorkerError";
    Object.defineProperty(this, "world", { value: world, enumerable: false });
    this.worker = worker;
    this.workerMessage = workerMessage;
  }
}
