// List the mutants a Stryker JSON report left alive (survived, no coverage), by file and line,
// with each one's replacement, and the counts per file (docs/testing.md "Mutation testing"):
//   node scripts/mutation-survivors.mjs reports/mutation/solver.json [--counts]
import { readFileSync } from "node:fs";

const [file, flag] = process.argv.slice(2);
if (!file) throw new Error("usage: node scripts/mutation-survivors.mjs <stryker json report> [--counts]");
const report = JSON.parse(readFileSync(file, "utf8"));
for (const [name, { mutants }] of Object.entries(report.files)) {
  const count = (s) => mutants.filter((m) => m.status === s).length;
  const killed = count("Killed") + count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const score = (100 * killed) / (killed + survived + noCoverage);
  console.log(`${name}: ${mutants.length} mutants, killed ${killed}, survived ${survived}, no coverage ${noCoverage}, score ${score.toFixed(1)} %`);
  if (flag === "--counts") continue;
  const alive = mutants.filter((m) => m.status === "Survived" || m.status === "NoCoverage");
  alive.sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
  for (const m of alive) {
    const where = `${m.location.start.line}:${m.location.start.column}`;
    const tag = m.status === "NoCoverage" ? " (no coverage)" : "";
    console.log(`  ${where} ${m.mutatorName}: ${String(m.replacement ?? "").replace(/\s+/g, " ").slice(0, 100)}${tag}`);
  }
}
