// @ts-check
/**
 * The contact module run (issue 34, docs/testing.md "Running it module by module"):
 * src/contacts/contact.ts only, one test process, its own sandbox, reports and
 * incremental file so that it can run beside other module runs (stryker/contacts.mjs
 * mutates contact-manager.ts and contact.ts together).
 * `nice -n 19 npx stryker run stryker/contact.mjs --testFiles ...`
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import base from "../stryker.config.mjs";

export default {
  ...base,
  mutate: ["src/contacts/contact.ts"],
  concurrency: 1,
  timeoutMS: 5000,
  timeoutFactor: 1.5,
  incrementalFile: "reports/inc-contact.json",
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: "reports/mutation/contact.json" },
  tempDirName: ".stryker-tmp-contact",
  ignorePatterns: ["/.stryker-tmp*", "/reports"],
};
