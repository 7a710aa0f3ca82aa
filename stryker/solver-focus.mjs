// @ts-check
/**
 * The contact solver's prepare alone (the lines where the
 * survivors of the full module run were): `nice -n 19 npx stryker run stryker/solver-focus.mjs --testFiles ...`.
 * A short run beside the full one (stryker/solver.mjs), with its own sandbox, reports and incremental file.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { moduleRun } from "./module-run.mjs";

export default moduleRun("solver-focus", ["src/solver/contact-solver.ts:129-232"]);
