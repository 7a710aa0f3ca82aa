// @ts-check
/**
 * The contacts module run (issue 34, docs/testing.md "Running it module by module"):
 * contact-manager.ts and contact.ts, one test process, its own sandbox, reports and
 * incremental file so that it can run beside other module runs.
 * `nice -n 19 npx stryker run stryker/contacts.mjs --testFiles ...`
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import base from "../stryker.config.mjs";

export default {
  ...base,
  mutate: ["src/contacts/contact-manager.ts", "src/contacts/contact.ts"],
  concurrency: 1,
  timeoutMS: 5000,
  timeoutFactor: 1.5,
  incrementalFile: "reports/inc-contacts.json",
  reporters: ["clear-text", "progress-append-only", "json"],
  jsonReporter: { fileName: "reports/mutation/contacts.json" },
  tempDirName: ".stryker-tmp-contacts",
  ignorePatterns: ["/.stryker-tmp*", "/reports"],
};
