/**
 * The error of a world's solver threads (src/solver/parallel/), exported by
 * `capsule2d/threads`.
 */
import type { World } from "./world.js";

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
