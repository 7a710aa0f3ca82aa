// @ts-check
/**
 * Module run of the contact solver (issue 34; docs/testing.md "Running it module by module"):
 * `nice -n 19 npx stryker run stryker/solver.mjs --testFiles ...`. Its own sandbox, reports and
 * incremental file, so it can run beside other module runs.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import base from "../stryker.config.mjs";

export default {
  ...base,
  mutate: ["src/solver/contact-solver.ts"],
  concurrency: 1,
  timeoutMS: 5000,
  timeoutFactor: 1.5,
  incrementalFile: "reports/inc-solver.json",
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: "reports/mutation/solver.json" },
  tempDirName: ".stryker-tmp-solver",
  ignorePatterns: ["/.stryker-tmp*", "/reports"],
};
