/// <reference types="node" />
// Runs a batch of independent jobs on a pool of worker threads.
//
// The pool is piscina's (https://github.com/piscinajs/piscina): a well-kept
// worker-thread pool that queues tasks, starts and replaces workers (a job
// that crashes its thread fails alone), and hands each task's result or
// error back with its promise. It is an optional peer dependency of the
// package, loaded only here, when a batch runs: the core (`capsule2d`) keeps
// eventemitter3 as its one runtime dependency, and someone who never imports
// `capsule2d/batch` never installs it. Without it, `runBatch` says how to get it.
//
// Determinism: each job runs alone in one world of its own, from its params
// only, and its result goes back to its index. Which thread ran it, and when,
// changes nothing: any number of workers gives the same results.
import { existsSync } from "node:fs";
import * as os from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, integer, object } from "../math/validate.js";
import { BatchError, type BatchFailure } from "./batch-error.js";

/** What {@link runBatch} takes. */
export interface BatchOptions<P = unknown> {
  /**
   * The job module: a path (absolute, or relative to the current directory)
   * or a `file:` URL, usually `new URL("./job.mjs", import.meta.url)`. Its
   * default export (or, for CommonJS, `module.exports`) is a function
   * `(params) => result` or `async (params) => result` that builds a world,
   * steps it and returns what it measured. Each worker thread loads it once
   * and calls it for each job it takes.
   */
  module: string | URL;
  /**
   * One entry per job: the parameters passed to the job function. They and
   * the results cross to and from the workers by structured clone (plain
   * data, typed arrays, Maps, ...; no functions or class instances).
   */
  jobs: readonly P[];
  /** Worker threads (an integer ≥ 1; default: the machine's available parallelism, at most one per job). */
  workers?: number;
}

/** The Piscina class, as far as a batch uses it (the package's own types stay out of ours). */
interface Pool {
  run(task: unknown, options: { filename: string }): Promise<unknown>;
  on(event: "error", listener: (error: unknown) => void): void;
  destroy(): Promise<void>;
}
type PoolClass = new (options: { minThreads: number; maxThreads: number }) => Pool;

/** piscina, or a clear error saying how to get it. */
async function loadPiscina(): Promise<PoolClass> {
  try {
    return (await import("piscina")).Piscina as unknown as PoolClass;
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`capsule2d/batch runs jobs on piscina, an optional peer dependency: \`npm install piscina\` (${why})`);
  }
}

/** The job module's file path; a TypeError naming `module` when it is not a path, a file URL or an existing file. */
function modulePath(module: unknown): string {
  let path: string;
  if (module instanceof URL || (typeof module === "string" && module.startsWith("file:"))) {
    try {
      path = fileURLToPath(module);
    } catch {
      throw new TypeError(`capsule2d: module must be a path or a file: URL, got ${describe(String(module))}`);
    }
  } else if (typeof module === "string" && module.length > 0) {
    path = resolve(module);
  } else {
    throw new TypeError(`capsule2d: module must be a path or a file: URL, got ${describe(module)}`);
  }
  if (!existsSync(path)) throw new TypeError(`capsule2d: module ${describe(path)} does not exist`);
  return path;
}

/** The threads the machine offers (`os.availableParallelism`, Node 18.14+; else the CPU count). */
function defaultWorkers(): number {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : Math.max(1, os.cpus().length);
}

/** An Error for whatever a job rejected with. */
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** What {@link createBatchPool} takes. */
export interface BatchPoolOptions {
  /** Worker threads (an integer ≥ 1; default: the machine's available parallelism). */
  workers?: number;
}

/** Threads kept between batches: see {@link createBatchPool}. */
export interface BatchPool {
  /** The pool's worker threads. */
  readonly workers: number;
  /**
   * Run a batch on the pool's threads: as {@link runBatch} (same results,
   * same errors), without starting threads. Batches may overlap.
   */
  run<R = unknown, P = unknown>(batch: { module: string | URL; jobs: readonly P[] }): Promise<R[]>;
  /** Stop the threads (after the batches running finish); `run` is refused afterwards. Resolves when they are gone. */
  close(): Promise<void>;
}

/** The jobs array; a TypeError naming `jobs` when it is not one. */
function jobList<P>(jobs: readonly P[]): readonly P[] {
  if (!Array.isArray(jobs)) throw new TypeError(`capsule2d: jobs must be an array, got ${describe(jobs)}`);
  return jobs;
}

/** Every job of a batch through `pool`, then the results in job order, or a BatchError listing the failures. */
async function runOn<R, P>(pool: Pool, filename: string, jobs: readonly P[], strayErrors: Error[]): Promise<R[]> {
  const settled = await Promise.allSettled(jobs.map((params) => pool.run(params, { filename })));
  const results: (R | undefined)[] = [];
  const failures: BatchFailure[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") {
      results.push(outcome.value as R);
    } else {
      const error = asError(outcome.reason);
      results.push(undefined);
      failures.push({ index, params: jobs[index], message: error.message, error });
    }
  });
  // errors a thread raised between jobs during this batch are reported with it
  const stray = strayErrors.splice(0);
  if (failures.length > 0 || stray.length > 0) throw new BatchError<R>(filename, failures, results, stray);
  return results as R[];
}

/**
 * Start `workers` threads that stay up between batches: a parameter sweep
 * that runs many batches pays for starting threads, loading the package and
 * warming up the JIT once, not once per batch.
 *
 * ```js
 * import { createBatchPool } from "capsule2d/batch";
 *
 * const pool = await createBatchPool({ workers: 4 });
 * try {
 *   for (const gravity of [-9.81, -3.7, -1.62]) {
 *     const jobs = Array.from({ length: 200 }, (_, i) => ({ seed: i, gravity }));
 *     console.log(gravity, await pool.run({ module: new URL("./job.mjs", import.meta.url), jobs }));
 *   }
 * } finally {
 *   await pool.close();
 * }
 * ```
 *
 * Results and errors are those of {@link runBatch}. Node only; needs `piscina`.
 */
export async function createBatchPool(options: BatchPoolOptions = {}): Promise<BatchPool> {
  object("createBatchPool options", options);
  const workers = integer("workers", options.workers ?? defaultWorkers(), 1, 1024);
  return openPool(workers);
}

/** A pool of `workers` threads (checked by the caller). */
async function openPool(workers: number): Promise<BatchPool> {
  const Piscina = await loadPiscina();
  // The module is named with each task, not to the pool: a worker then loads it
  // for its first job, and a module that fails to load fails that job (piscina
  // would otherwise load it as the thread starts and stop starting threads).
  const pool = new Piscina({ minThreads: workers, maxThreads: workers });
  // An error a thread raises between jobs (a job's leftover timer or promise
  // throwing) belongs to no job: it is kept and reported with the batch.
  const strayErrors: Error[] = [];
  pool.on("error", (reason) => strayErrors.push(asError(reason)));
  let closed: Promise<void> | null = null;
  return {
    workers,
    run<R = unknown, P = unknown>(batch: { module: string | URL; jobs: readonly P[] }): Promise<R[]> {
      if (closed !== null) return Promise.reject(new Error("capsule2d: this batch pool is closed"));
      try {
        object("run options", batch);
        const filename = modulePath(batch.module);
        return runOn<R, P>(pool, filename, jobList(batch.jobs), strayErrors);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    close(): Promise<void> {
      closed ??= pool.destroy();
      return closed;
    },
  };
}

/**
 * Run `jobs` on `workers` threads, each job through the default export of
 * `module`, and resolve with every job's result in job order.
 *
 * ```js
 * import { runBatch } from "capsule2d/batch";
 *
 * const jobs = Array.from({ length: 1000 }, (_, i) => ({ seed: i }));
 * const results = await runBatch({ module: new URL("./job.mjs", import.meta.url), jobs, workers: 4 });
 *
 * // job.mjs
 * import { World, Circle } from "capsule2d";
 * export default function job({ seed }) {
 *   const world = new World();
 *   // ... build from the seed, step, measure
 *   return { hash: world.stateHash() };
 * }
 * ```
 *
 * The same jobs give the same results with any number of workers (each job
 * is one independent world). Every job runs, even after one fails; if any
 * failed, the promise rejects with a {@link BatchError} that lists each
 * failed job (index, params, the worker's message) and keeps every result
 * that was computed. A module that fails to load fails every job with its
 * load error. Bad options (no such module, `workers` not an integer ≥ 1,
 * `jobs` not an array) throw a TypeError or RangeError before any thread starts.
 * Node only; needs the `piscina` package. Many batches in a row: {@link createBatchPool}.
 */
export async function runBatch<R = unknown, P = unknown>(options: BatchOptions<P>): Promise<R[]> {
  object("runBatch options", options);
  const module = options.module;
  modulePath(module);
  const jobs = jobList(options.jobs);
  const workers = integer("workers", options.workers ?? defaultWorkers(), 1, 1024);
  if (jobs.length === 0) return [];
  const pool = await openPool(Math.min(workers, jobs.length));
  try {
    return await pool.run<R, P>({ module, jobs });
  } finally {
    await pool.close();
  }
}
