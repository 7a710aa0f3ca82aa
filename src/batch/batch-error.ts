import { describe } from "../math/validate.js";

/** One job of a batch that did not give a result. */
export interface BatchFailure {
  /** The job's position in `jobs` (and in the results). */
  index: number;
  /** The job's parameters, as given. */
  params: unknown;
  /** The worker's error message (`error.message`). */
  message: string;
  /** The error as it came back from the worker: its `name`, `message` and `stack` are the worker's. */
  error: Error;
}

/** How many failed jobs a {@link BatchError}'s message lists (all are in `failures`). */
const LISTED = 10;

/** Short text for a job's parameters in a message. */
function showParams(params: unknown): string {
  const text = describe(params);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * What `runBatch` rejects with when one job or more failed: every failed
 * job (index, parameters, the worker's message and error) in `failures`,
 * sorted by index, and every result that was computed in `results` (at its
 * job's index; `undefined` where the job failed). The batch ran every job
 * before rejecting: no result is dropped.
 */
export class BatchError<R = unknown> extends Error {
  /** The jobs that failed, in job order. */
  readonly failures: readonly BatchFailure[];
  /** Every job's result in job order; `undefined` at the index of a failed job. */
  readonly results: readonly (R | undefined)[];

  /**
   * Errors a worker thread raised between jobs, which no job can be blamed
   * for (a job's leftover timer or promise that threw after it returned).
   * Usually empty; the batch fails when it is not.
   */
  readonly workerErrors: readonly Error[];

  /** Made by `runBatch`; `module` names the job module in the message. */
  constructor(module: string, failures: readonly BatchFailure[], results: readonly (R | undefined)[], workerErrors: readonly Error[] = []) {
    const lines = failures.slice(0, LISTED).map((f) => `  job ${f.index} ${showParams(f.params)}: ${f.message}`);
    if (failures.length > LISTED) lines.push(`  ... and ${failures.length - LISTED} more (see error.failures)`);
    for (const e of workerErrors) lines.push(`  a worker thread, between jobs: ${e.message}`);
    super(`capsule2d/batch: ${failures.length} of ${results.length} jobs failed in ${module}:\n${lines.join("\n")}`);
    this.name = "BatchError";
    this.failures = failures;
    this.results = results;
    this.workerErrors = workerErrors;
  }
}
