/**
 * `capsule2d/threads`: the parallel contact solve (`solverThreads` ≥ 2).
 *
 * Its {@link World} makes `capsule2d`'s worlds with the solver threads: a
 * world made with `solverThreads: n` (n ≥ 2) solves each step's contacts
 * colour by colour on the calling thread and n − 1 workers sharing its
 * arrays (`SharedArrayBuffer`, `Atomics`), with the same bits for every n
 * (`solverThreads: 1`, the coloured solve on one thread, is in `capsule2d`).
 * The threads are chosen per world, by the constructor you make it with; nothing
 * is switched for the other worlds of the process. It is a separate entry
 * point so that games that never use threads do not ship the workers' code.
 * In a browser the page must be cross-origin isolated (see docs/threads-and-workers.md).
 *
 * ```ts
 * import { Circle } from "capsule2d";
 * import { World } from "capsule2d/threads";
 *
 * const world = new World({ solverThreads: 2 });
 * await world.threadsReady(); // optional: steps go ahead without workers not started yet
 * ```
 *
 * `new World({ solverThreads: 2 })` of `capsule2d` throws a TypeError that
 * names this entry point. In the `<script>` build it is `Capsule2D.threads.World`.
 * @module capsule2d/threads
 */
export { World, SolverWorkerError } from "../world/threads-world.js";
export type { ThreadsWorldConstructor } from "../world/threads-world.js";
