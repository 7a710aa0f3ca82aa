// @ts-check
/**
 * The contact module run (issue 34, docs/testing.md "Running it module by module"):
 * src/contacts/contact.ts only, one test process, its own sandbox, reports and
 * incremental file so that it can run beside other module runs (stryker/contacts.mjs
 * mutates contact-manager.ts and contact.ts together).
 * `nice -n 19 npx stryker run stryker/contact.mjs --testFiles ...`
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
import { moduleRun } from "./module-run.mjs";

export default moduleRun("contact", ["src/contacts/contact.ts"]);
