// The mutation score of the physics core (issue 34, docs/testing.md "Mutation testing"),
// put together from the module runs kept in git (stryker/incremental/*.json.gz, written by
// scripts/mutation-save.mjs) and, with --local, the incremental files in reports/ as well.
//
// Every mutant of stryker.config.mjs's `mutate` list is generated here with Stryker's own
// instrumenter (the same mutators and exclusions as a run), then looked up in the saved runs:
// a run counts for a file only if its copy of that file's source equals the current source.
// When several runs hold a mutant, a kill wins (tests are only ever added). A mutant no saved
// run holds is "not run". Stryker's score: killed (with timeouts) ÷ (killed + survived + no
// coverage); static mutants (ignored) do not count.
//   node scripts/mutation-score.mjs [--local] [--json]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import config from "../stryker.config.mjs";

const args = new Set(process.argv.slice(2));

/** The saved runs: [name, report] for every kept (and with --local, every local) incremental file. */
function savedRuns() {
  const runs = [];
  const kept = "stryker/incremental";
  if (existsSync(kept)) {
    for (const f of readdirSync(kept).filter((f) => f.endsWith(".json.gz")).sort()) {
      runs.push([f.replace(/\.json\.gz$/, ""), JSON.parse(gunzipSync(readFileSync(`${kept}/${f}`)).toString("utf8"))]);
    }
  }
  if (args.has("--local") && existsSync("reports")) {
    for (const f of readdirSync("reports").filter((f) => /^inc-.*\.json$/.test(f)).sort()) {
      runs.push([`local:${f.slice(4, -5)}`, JSON.parse(readFileSync(`reports/${f}`, "utf8"))]);
    }
  }
  return runs;
}

/** `file` or `file:a-b` (1-based lines, as Stryker reads them) into the instrumenter's input. */
function mutateTargets(list) {
  const byFile = new Map();
  for (const entry of list) {
    const m = /^(.*?):(\d+)-(\d+)$/.exec(entry);
    const name = m ? m[1] : entry;
    const ranges = byFile.get(name) ?? [];
    if (m) ranges.push({ start: { line: Number(m[2]) - 1, column: 0 }, end: { line: Number(m[3]) - 1, column: Number.MAX_SAFE_INTEGER } });
    else ranges.push(true);
    byFile.set(name, ranges);
  }
  return [...byFile].map(([name, ranges]) => ({ name, content: readFileSync(name, "utf8"), mutate: ranges.includes(true) ? true : ranges }));
}

const key = (m) => `${m.mutatorName}|${m.replacement}|${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}`;
const KILLED = new Set(["Killed", "Timeout"]);
const quiet = { debug() {}, info() {}, trace() {}, warn: console.warn, error: console.error, fatal: console.error, isDebugEnabled: () => false, isTraceEnabled: () => false, isInfoEnabled: () => false };

const files = mutateTargets(config.mutate);
const options = { plugins: null, excludedMutations: config.mutator?.excludedMutations ?? [], ignorers: [] };
const { mutants } = await new Instrumenter(quiet).instrument(files, options);

// per file: mutant key -> best status among runs whose source matches
const current = new Map(files.map((f) => [f.name, f.content]));
const results = new Map();
const usedRuns = new Map();
for (const [run, report] of savedRuns()) {
  for (const [name, file] of Object.entries(report.files ?? {})) {
    if (current.get(name) !== file.source) continue;
    const seen = results.get(name) ?? new Map();
    for (const m of file.mutants) {
      const k = key(m);
      const before = seen.get(k);
      if (before === undefined || (!KILLED.has(before) && KILLED.has(m.status))) seen.set(k, m.status);
    }
    results.set(name, seen);
    usedRuns.set(name, [...(usedRuns.get(name) ?? []), run]);
  }
}

const rows = [];
const total = { mutants: 0, killed: 0, survived: 0, noCoverage: 0, ignored: 0, notRun: 0, other: 0 };
for (const { name } of files) {
  const row = { file: name, mutants: 0, killed: 0, survived: 0, noCoverage: 0, ignored: 0, notRun: 0, other: 0, runs: usedRuns.get(name) ?? [] };
  const seen = results.get(name) ?? new Map();
  for (const m of mutants.filter((m) => m.fileName === name)) {
    // the instrumenter's lines and columns are 0-based, the reports' 1-based
    const loc = { start: { line: m.location.start.line + 1, column: m.location.start.column + 1 }, end: { line: m.location.end.line + 1, column: m.location.end.column + 1 } };
    const status = seen.get(key({ ...m, location: loc }));
    row.mutants++;
    if (status === undefined) row.notRun++;
    else if (KILLED.has(status)) row.killed++;
    else if (status === "Survived") row.survived++;
    else if (status === "NoCoverage") row.noCoverage++;
    else if (status === "Ignored") row.ignored++;
    else row.other++;
  }
  for (const k of Object.keys(total)) total[k] += row[k];
  rows.push(row);
}
const score = (r) => {
  const valid = r.killed + r.survived + r.noCoverage;
  return valid === 0 ? "—" : `${((100 * r.killed) / valid).toFixed(1)} %`;
};
if (args.has("--json")) {
  console.log(JSON.stringify({ rows, total }, null, 2));
} else {
  const pad = (s, n) => String(s).padEnd(n);
  console.log(`${pad("file", 46)}${pad("mutants", 9)}${pad("killed", 8)}${pad("survived", 10)}${pad("no cov", 8)}${pad("static", 8)}${pad("not run", 9)}score`);
  for (const r of rows) console.log(`${pad(r.file.replace(/^src\//, ""), 46)}${pad(r.mutants, 9)}${pad(r.killed, 8)}${pad(r.survived, 10)}${pad(r.noCoverage, 8)}${pad(r.ignored, 8)}${pad(r.notRun, 9)}${score(r)}`);
  console.log(`\nall: ${total.mutants} mutants, ${total.mutants - total.notRun} in saved runs (${total.notRun} not run, ${total.ignored} static); killed ${total.killed}, survived ${total.survived}, no coverage ${total.noCoverage}: ${score(total)} of those run`);
  if (total.other > 0) console.log(`(${total.other} with another status: errors of a run)`);
}
