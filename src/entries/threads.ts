/**
 * `capsule2d/threads`: the parallel contact solve (`solverThreads` ≥ 2).
 *
 * A world made with `solverThreads: n` (n ≥ 2) solves each step's contacts
 * colour by colour on the calling thread and n − 1 workers sharing its
 * arrays (`SharedArrayBuffer`, `Atomics`), with the same bits for every n
 * (`solverThreads: 1`, the coloured solve on one thread, is in the core).
 * Call {@link enableSolverThreads} once first; it is a separate entry point
 * so that games that never use threads do not ship the workers' code. In a
 * browser the page must be cross-origin isolated (see docs/threads-and-workers.md).
 *
 * ```ts
 * import { World } from "capsule2d";
 * import { enableSolverThreads } from "capsule2d/threads";
 *
 * enableSolverThreads();
 * const world = new World({ solverThreads: 2 });
 * await world.threadsReady(); // optional: steps go ahead without workers not started yet
 * ```
 *
 * In the `<script>` build it is `Capsule2D.threads.enableSolverThreads()`.
 * @module capsule2d/threads
 */
import { setSolverThreads } from "../solver/parallel/installed.js";
import { checkThreadSupport, SolverThreads } from "../solver/parallel/solver-threads.js";

export { SolverWorkerError } from "../world/full-world.js";

/**
 * Let worlds of this copy of capsule2d run `solverThreads` ≥ 2 on workers.
 * Call it once, before making such a world; calling it again does nothing
 * more. Without it, `new World({ solverThreads: 2 })` throws a `TypeError`
 * that names this function.
 */
export function enableSolverThreads(): void {
  setSolverThreads({
    check: checkThreadSupport,
    create: (failed, cc, bodies, colouring, workers) => new SolverThreads(failed, cc, bodies, colouring, workers),
  });
}
