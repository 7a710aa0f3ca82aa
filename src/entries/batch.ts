/**
 * `capsule2d/batch`: many independent worlds across worker threads (Node).
 *
 * A job module builds a world from its parameters, steps it and returns what
 * it measured; {@link runBatch} runs one job per entry of `jobs` on a pool of
 * worker threads and resolves with the results in job order, the same for any
 * number of workers. The pool is [piscina](https://github.com/piscinajs/piscina),
 * an optional peer dependency: `npm install piscina` to use this entry point.
 *
 * ```js
 * import { runBatch } from "capsule2d/batch";
 * const hashes = await runBatch({
 *   module: new URL("./job.mjs", import.meta.url),   // export default (params) => result
 *   jobs: [{ seed: 1 }, { seed: 2 }, { seed: 3 }],
 *   workers: 2,
 * });
 * ```
 * @module capsule2d/batch
 */
export { runBatch, createBatchPool } from "../batch/run-batch.js";
export type { BatchOptions, BatchPool, BatchPoolOptions } from "../batch/run-batch.js";
export { BatchError } from "../batch/batch-error.js";
export type { BatchFailure } from "../batch/batch-error.js";
