// @ts-check
/**
 * A module run of the mutation test (docs/testing.md, "Running it module by module"): the
 * capsule pair functions of the narrowphase and the manifold helpers they write through, with
 * its own sandbox, incremental file and report so that it can run beside other module runs.
 *   nice -n 19 npx stryker run stryker/capsule.mjs --testFiles test/narrowphase.cases.test.ts,…
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { moduleRun } from "./module-run.mjs";

export default moduleRun(
  "capsule",
  [
    "src/collision/narrowphase/capsule-aabb.ts",
    "src/collision/narrowphase/capsule-capsule.ts",
    "src/collision/narrowphase/manifold.ts",
    "src/collision/narrowphase/contact-points.ts",
    "src/collision/narrowphase/feature-id.ts",
  ],
  ["/dist", "/bench", "/examples"],
);
