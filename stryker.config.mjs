// @ts-check
/**
 * Mutation testing of the physics core: `npm run mutate` (see docs/testing.md).
 * Mutants are tested by the Node tests that cover them (perTest coverage), with
 * the vitest configuration in vitest.mutate.config.ts.
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts" },
  coverageAnalysis: "perTest",
  mutate: [
    // contacts and pairing
    "src/contacts/contact-manager.ts",
    "src/contacts/contact.ts",
    "src/contacts/pairing.ts",
    "src/contacts/seams.ts",
    // islands and sleep (the world's sleep stage is sleepIslands in world.ts)
    "src/solver/islands.ts",
    "src/world/world.ts:665-684",
    // the contact solver and softness, integration, continuous collision
    "src/solver/contact-solver.ts",
    "src/solver/contact-kernels.ts",
    "src/solver/softness.ts",
    "src/solver/solver-bodies.ts",
    "src/solver/position-correction.ts",
    "src/solver/integrate.ts",
    "src/solver/continuous.ts",
    // the narrowphase dispatch, manifolds and the pair functions
    "src/collision/narrowphase/collide.ts",
    "src/collision/narrowphase/manifold.ts",
    "src/collision/narrowphase/contact-points.ts",
    "src/collision/narrowphase/feature-id.ts",
    "src/collision/narrowphase/segment.ts",
    "src/collision/narrowphase/circle-circle.ts",
    "src/collision/narrowphase/circle-capsule.ts",
    "src/collision/narrowphase/circle-aabb.ts",
    "src/collision/narrowphase/capsule-capsule.ts",
    "src/collision/narrowphase/capsule-aabb.ts",
    "src/collision/narrowphase/aabb-aabb.ts",
    // joints' rows
    "src/joints/joint-rows.ts",
    "src/joints/joint-constraints.ts",
    "src/joints/parts.ts",
    "src/joints/axial.ts",
    "src/joints/revolute.ts",
    "src/joints/prismatic.ts",
    "src/joints/distance.ts",
    "src/joints/weld.ts",
    "src/joints/wheel.ts",
    "src/joints/motor.ts",
  ],
  // Error messages are not physics: a mutated message is caught only by tests that pin wording.
  mutator: { excludedMutations: ["StringLiteral"] },
  // Module-level code (constant tables) runs once at import, before any test: Stryker would
  // have to run every test for each such mutant. Left out; they are counted as ignored.
  ignoreStatic: true,
  // 2 cores: one test process per core
  concurrency: 2,
  timeoutMS: 60_000,
  // the initial run of the tests with coverage takes minutes on a busy machine
  dryRunTimeoutMinutes: 60,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress-append-only", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
};
