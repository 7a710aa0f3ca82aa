// Keep a module run's mutation results in git (docs/testing.md "Mutation testing"): packs
// reports/inc-<name>.json (Stryker's incremental file, every mutant's status and the tests
// that cover and kill it) into stryker/incremental/<name>.json.gz, which stryker/module-run.mjs
// unpacks on a fresh clone, and scripts/mutation-score.mjs reads for the overall score.
//   node scripts/mutation-save.mjs <name> [<name> ...]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const names = process.argv.slice(2);
if (names.length === 0) throw new Error("usage: node scripts/mutation-save.mjs <run name> [...]");
mkdirSync("stryker/incremental", { recursive: true });
for (const name of names) {
  const json = readFileSync(`reports/inc-${name}.json`);
  JSON.parse(json.toString("utf8")); // refuse to keep a truncated file
  const packed = gzipSync(json, { level: 9 });
  writeFileSync(`stryker/incremental/${name}.json.gz`, packed);
  console.log(`stryker/incremental/${name}.json.gz: ${(packed.length / 1024).toFixed(0)} KiB (from ${(json.length / 1024).toFixed(0)} KiB)`);
}
