/**
 * capsule2d/batch: independent worlds on worker threads. The job modules
 * (test/support/batch-*.mjs) run in plain Node threads on the built package,
 * so this needs `npm run build` (done here when dist/ is missing).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BatchError, createBatchPool, runBatch } from "../src/entries/batch.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const jobModule = new URL("./support/batch-job.mjs", import.meta.url);
const brokenModule = new URL("./support/batch-broken.mjs", import.meta.url);

interface JobParams {
  seed: number;
  fail?: boolean;
  exit?: boolean;
}
interface JobResult {
  seed: number;
  hash: string;
  stepCount: number;
  y: number[];
}
type JobFn = (params: JobParams) => JobResult;

let runInProcess: JobFn;

beforeAll(async () => {
  if (!existsSync(`${root}dist/esm/entries/capsule2d.js`)) execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  runInProcess = ((await import(jobModule.href)) as { default: JobFn }).default;
});

/** Expects `promise` to reject with a BatchError and returns it. */
async function batchError(promise: Promise<unknown>): Promise<BatchError<JobResult>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BatchError);
  return error as BatchError<JobResult>;
}

describe("runBatch", () => {
  const jobs: JobParams[] = Array.from({ length: 50 }, (_, i) => ({ seed: 1000 + 7 * i }));

  it("gives the same 50 results, in job order, with 1, 2 and 4 workers, and the same as in this thread", async () => {
    const expected = jobs.map((params) => runInProcess(params));
    expect(new Set(expected.map((r) => r.hash)).size).toBe(50); // fifty different worlds
    for (const workers of [1, 2, 4]) {
      const results = await runBatch<JobResult>({ module: jobModule, jobs, workers });
      expect(results.map((r) => r.seed)).toEqual(jobs.map((j) => j.seed));
      expect(results).toEqual(expected);
    }
  });

  it("reports every job that threw, with its index, params and the worker's message, and keeps the other results", async () => {
    const mixed: JobParams[] = jobs.slice(0, 12).map((j, i) => (i % 5 === 2 ? { ...j, fail: true } : j));
    const error = await batchError(runBatch<JobResult>({ module: jobModule.href, jobs: mixed, workers: 2 }));
    expect(error.failures.map((f) => f.index)).toEqual([2, 7]);
    for (const f of error.failures) {
      expect(f.params).toEqual(mixed[f.index]);
      expect(f.message).toBe(`job with seed ${mixed[f.index]!.seed} was asked to fail`);
      expect(f.error.name).toBe("RangeError");
    }
    expect(error.message).toContain("2 of 12 jobs failed");
    expect(error.message).toContain(`job 2 {"seed":1014,"fail":true}: job with seed 1014 was asked to fail`);
    expect(error.results.length).toBe(12);
    error.results.forEach((result, i) => {
      if (i === 2 || i === 7) expect(result).toBeUndefined();
      else expect(result).toEqual(runInProcess(mixed[i]!));
    });
  });

  it("a job that ends its worker thread fails alone; the jobs after it still run", async () => {
    const crashing: JobParams[] = jobs.slice(0, 6).map((j, i) => (i === 1 ? { ...j, exit: true } : j));
    const error = await batchError(runBatch<JobResult>({ module: jobModule, jobs: crashing, workers: 1 }));
    expect(error.failures.map((f) => f.index)).toEqual([1]);
    expect(error.failures[0]!.message).toMatch(/exit/i);
    expect(error.results.filter((r) => r !== undefined).length).toBe(5);
    expect(error.results[5]).toEqual(runInProcess(crashing[5]!));
  });

  it("a module that fails to load fails every job with its error", async () => {
    const error = await batchError(runBatch({ module: brokenModule, jobs: [{ seed: 1 }, { seed: 2 }, { seed: 3 }], workers: 2 }));
    expect(error.failures.map((f) => f.index)).toEqual([0, 1, 2]);
    for (const f of error.failures) expect(f.message).toContain("batch-broken.mjs refuses to load");
    expect(error.results).toEqual([undefined, undefined, undefined]);
  });

  it("checks its options before starting a thread", async () => {
    await expect(runBatch({ module: new URL("./support/no-such-job.mjs", import.meta.url), jobs: [1] })).rejects.toThrow(
      /module ".*no-such-job\.mjs" does not exist/,
    );
    await expect(runBatch({ module: 42 as unknown as string, jobs: [1] })).rejects.toThrow(TypeError);
    await expect(runBatch({ module: jobModule, jobs: "abc" as unknown as [] })).rejects.toThrow(/jobs must be an array, got "abc"/);
    await expect(runBatch({ module: jobModule, jobs: [1], workers: 0 })).rejects.toThrow(RangeError);
    await expect(runBatch({ module: jobModule, jobs: [1], workers: 1.5 })).rejects.toThrow(/workers must be an integer in \[1, 1024\], got 1.5/);
    expect(await runBatch({ module: jobModule, jobs: [] })).toEqual([]);
  });
});

describe("createBatchPool", () => {
  const jobs: JobParams[] = Array.from({ length: 20 }, (_, i) => ({ seed: 2000 + 3 * i }));

  it("runs batch after batch on the same threads with runBatch's results, a failed batch leaving it usable, until closed", async () => {
    const expected = jobs.map((params) => runInProcess(params));
    const pool = await createBatchPool({ workers: 2 });
    expect(pool.workers).toBe(2);
    try {
      expect(await pool.run<JobResult>({ module: jobModule, jobs })).toEqual(expected);
      // two batches at once, then one with failures: each gets its own results and errors
      const [a, b] = await Promise.all([
        pool.run<JobResult>({ module: jobModule, jobs: jobs.slice(0, 7) }),
        pool.run<JobResult>({ module: jobModule.href, jobs: jobs.slice(7) }),
      ]);
      expect([...a, ...b]).toEqual(expected);
      const mixed = jobs.slice(0, 5).map((j, i) => (i === 3 ? { ...j, fail: true } : j));
      const error = await batchError(pool.run<JobResult>({ module: jobModule, jobs: mixed }));
      expect(error.failures.map((f) => f.index)).toEqual([3]);
      expect(await pool.run<JobResult>({ module: jobModule, jobs: jobs.slice(0, 3) })).toEqual(expected.slice(0, 3));
      // bad batches are refused without touching the pool
      await expect(pool.run({ module: jobModule, jobs: 7 as unknown as [] })).rejects.toThrow(/jobs must be an array, got 7/);
      await expect(pool.run(null as unknown as { module: string; jobs: [] })).rejects.toThrow(TypeError);
      expect(await pool.run({ module: jobModule, jobs: [] })).toEqual([]);
    } finally {
      await pool.close();
    }
    await expect(pool.run({ module: jobModule, jobs })).rejects.toThrow(/batch pool is closed/);
    await pool.close(); // closing twice is harmless
  });

  it("checks its options", async () => {
    await expect(createBatchPool({ workers: 0 })).rejects.toThrow(/workers must be an integer in \[1, 1024\], got 0/);
    await expect(createBatchPool(5 as unknown as {})).rejects.toThrow(/createBatchPool options must be an object, got 5/);
  });
});
