// @ts-check
/**
 * The contact solver's prepare alone (the lines where the
 * survivors of the full module run were): `nice -n 19 npx stryker run stryker/solver-focus.mjs --testFiles ...`.
 * A short run beside the full one (stryker/solver.mjs), with its own sandbox, reports and incremental file.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import solver from "./solver.mjs";

export default {
  ...solver,
  mutate: ["src/solver/contact-solver.ts:129-232"],
  incrementalFile: "reports/inc-solver-focus.json",
  jsonReporter: { fileName: "reports/mutation/solver-focus.json" },
  tempDirName: ".stryker-tmp-solver-focus",
};
