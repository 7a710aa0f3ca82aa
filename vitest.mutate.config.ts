/**
 * The vitest configuration for mutation runs (`npm run mutate`, stryker.config.mjs).
 *
 * Stryker puts its mutants into the source that this process imports, so only
 * tests that run src/ in the test process can kill one, and a mutant that
 * survives costs every test that covers it. The mutation runs therefore use the
 * tests that check the mutated modules' physics and geometry directly
 * (narrowphase cases and properties, contacts, islands and sleep, seams and
 * one-way bodies, joints, continuous collision, scenarios against closed
 * forms, the world's API and hardening), and leave out:
 * - browser tests and tests that run dist/ or a child process (allocation,
 *   batch, galton, headless, package, readme-sizes, tree-shaking): they never
 *   see a mutant;
 * - the solver threads and WebAssembly tests: the threads' kernels go to
 *   workers as source text, which the instrumented code cannot run there, and
 *   the WebAssembly passes are not JavaScript;
 * - the "same bits" tests (determinism, snapshot, restore, replay, delta,
 *   rollback, worker, graph-colour): they compare the engine with itself run
 *   another way, so a mutant changes both sides alike; and tests of modules
 *   outside the mutated set (broadphase, rays, shape casts, the exact test,
 *   character, tiles, debug, README tables).
 * The score is therefore a lower bound of the whole suite's.
 */
import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

export default defineConfig({
  test: {
    ...base.test,
    // Instrumented code on a busy machine can be many times slower than a plain run: a test's
    // own time limit would fail the initial run (the 20-row pyramid passed 60 s so). Stryker
    // times each mutant against that test's time in the initial run instead.
    testTimeout: 900_000,
    // property tests run 100 cases per property instead of 1000 (narrowphase.properties.test.ts)
    env: { ...base.test?.env, MUTATION_PROPERTY_RUNS: "100" },
    include: [
      "test/narrowphase.cases.test.ts",
      "test/narrowphase.properties.test.ts",
      "test/contact-kernels.test.ts",
      "test/contact-manager.test.ts",
      "test/contact-control.test.ts",
      "test/islands.test.ts",
      "test/seams.test.ts",
      "test/one-way.test.ts",
      "test/joints.test.ts",
      "test/ccd.test.ts",
      "test/scenarios.test.ts",
      "test/events.test.ts",
      "test/world.api.test.ts",
      "test/hardening.test.ts",
      "test/runtime-changes.test.ts",
      "test/core.test.ts",
      "test/materials-sleep.test.ts",
      // tests written against surviving mutants
      "test/spring.damping.test.ts",
      "test/pairing.which-pairs-touch.test.ts",
      "test/mutation-*.test.ts",
    ],
  },
});
