// @ts-check
/**
 * The contacts module run (issue 34, docs/testing.md "Running it module by module"):
 * contact-manager.ts and contact.ts, one test process, its own sandbox, reports and
 * incremental file so that it can run beside other module runs.
 * `nice -n 19 npx stryker run stryker/contacts.mjs --testFiles ...`
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { moduleRun } from "./module-run.mjs";

export default moduleRun("contacts", ["src/contacts/contact-manager.ts", "src/contacts/contact.ts"]);
