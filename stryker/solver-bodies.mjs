// @ts-check
/**
 * Module run of the solver bodies and position correction (issue 34; docs/testing.md "Running it module by module"):
 * `nice -n 19 npx stryker run stryker/solver.mjs --testFiles ...`. Its own sandbox, reports and
 * incremental file, so it can run beside other module runs.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { moduleRun } from "./module-run.mjs";

export default moduleRun("solver-bodies", ["src/solver/position-correction.ts", "src/solver/solver-bodies.ts"]);
