// @ts-check
/**
 * What every module run of the mutation test shares (docs/testing.md, "Running it module
 * by module"): stryker.config.mjs with one test process, a 5 s timeout, and a sandbox,
 * incremental file and JSON report of its own (named after the run), so that several runs
 * can go at once and ignore each other's sandboxes.
 * @param {string} name the run's name: `.stryker-tmp-<name>`, `reports/inc-<name>.json`,
 *   `reports/mutation/<name>.json`
 * @param {string[]} mutate the files (or `file:lines` ranges) to mutate
 * @param {string[]} [ignore] more paths the sandbox leaves out
 * @returns {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import base from "../stryker.config.mjs";

export function moduleRun(name, mutate, ignore = []) {
  return {
    ...base,
    mutate,
    concurrency: 1,
    timeoutMS: 5000,
    timeoutFactor: 1.5,
    incrementalFile: `reports/inc-${name}.json`,
    reporters: ["clear-text", "progress-append-only", "json"],
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: `.stryker-tmp-${name}`,
    ignorePatterns: ["/.stryker-tmp*", "/reports", ...ignore],
  };
}
