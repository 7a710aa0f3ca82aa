// @ts-check
/**
 * What every module run of the mutation test shares (docs/testing.md, "Running it module
 * by module"): stryker.config.mjs with one test process, a 5 s timeout, and a sandbox,
 * incremental file and JSON report of its own (named after the run), so that several runs
 * can go at once and ignore each other's sandboxes.
 *
 * The incremental file (reports/inc-<name>.json) is where Stryker keeps each mutant's result
 * between runs; reports/ is not committed, so a run's results are kept in git as
 * stryker/incremental/<name>.json.gz (`node scripts/mutation-save.mjs <name>` after a run).
 * When reports/inc-<name>.json is missing (a fresh clone), loading this config unpacks the
 * committed copy first, so the next run retests only what changed.
 * @param {string} name the run's name: `.stryker-tmp-<name>`, `reports/inc-<name>.json`,
 *   `reports/mutation/<name>.json`, `stryker/incremental/<name>.json.gz`
 * @param {string[]} mutate the files (or `file:lines` ranges) to mutate
 * @param {string[]} [ignore] more paths the sandbox leaves out
 * @returns {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import base from "../stryker.config.mjs";

export function moduleRun(name, mutate, ignore = []) {
  const incrementalFile = `reports/inc-${name}.json`;
  const kept = `stryker/incremental/${name}.json.gz`;
  if (!existsSync(incrementalFile) && existsSync(kept)) {
    mkdirSync("reports", { recursive: true });
    writeFileSync(incrementalFile, gunzipSync(readFileSync(kept)));
  }
  return {
    ...base,
    mutate,
    concurrency: 1,
    timeoutMS: 5000,
    timeoutFactor: 1.5,
    incrementalFile,
    reporters: ["clear-text", "progress-append-only", "json"],
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: `.stryker-tmp-${name}`,
    ignorePatterns: ["/.stryker-tmp*", "/reports", ...ignore],
  };
}
