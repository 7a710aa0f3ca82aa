/**
 * The performance tables of the docs, made from bench/RESULTS.json (Node's
 * cells): in docs/performance.md, mean ms per step for each scene and engine
 * and the joint scenes with their worst joint separation; on the front page
 * (README.md), a summary of the contact scenes for a few engines.
 * `node bench/readme-table.mjs` rewrites the text between
 * `<!-- bench-table -->` and `<!-- /bench-table -->` in docs/performance.md
 * and between `<!-- bench-summary -->` and `<!-- /bench-summary -->` in
 * README.md; test/readme-bench.test.ts checks that both hold what this makes
 * from the committed results.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const START = "<!-- bench-table -->";
export const END = "<!-- /bench-table -->";
export const SUMMARY_START = "<!-- bench-summary -->";
export const SUMMARY_END = "<!-- /bench-summary -->";
/** The page with the full tables, and the front page with the summary (paths from the repository root). */
export const PERFORMANCE_PAGE = "docs/performance.md";
export const FRONT_PAGE = "README.md";

/** The columns, in order: engine name in RESULTS.json → the tables' heading. */
const COLUMNS = [
  ["capsule2d", "capsule2d"],
  ["capsule2d-wasm", "capsule2d + wasm"],
  ["rapier", "Rapier (WASM)"],
  ["rapier-simd", "Rapier SIMD (WASM)"],
  ["box2d3-wasm", "Box2D v3 (WASM)"],
  ["phaser-box2d", "Box2D v3 (JS)"],
  ["box2d-wasm", "Box2D v2.4 (WASM)"],
  ["p2-es", "p2-es"],
  ["planck", "planck.js"],
  ["matter", "matter-js"],
];

/** The engines of the front page's summary (a subset of COLUMNS). */
const SUMMARY_ENGINES = ["capsule2d", "rapier-simd", "box2d3-wasm", "planck", "matter"];

/** The rows: scene name → what the tables call it. */
const CONTACT_ROWS = [
  ["rain-circles-500", "500 falling circles"],
  ["rain-circles-2000", "2000 falling circles"],
  ["rain-circles-5000", "5000 falling circles"],
  ["capsules-2000", "2000 falling capsules"],
  ["pyramid-20", "20-row box pyramid"],
  ["large-pyramid", "100-row box pyramid"],
  ["many_pyramids", "many_pyramids (90 small pyramids)"],
  ["smash", "smash (9600 boxes hit at 40 m/s)"],
  ["tumbler", "tumbler (2025 capsules)"],
];
/** Scenes on a chain terrain (issue 31): only engines with chain shapes build them. */
const CHAIN_ROWS = [["chain_terrain", "chain_terrain (1000 bodies on a 2401-point chain)"]];
const JOINT_ROWS = [
  ["joint_grid", "joint_grid (10000 circles, 19794 revolute joints)"],
  ["ragdoll_rain", "ragdoll_rain (2200 capsules, 2000 joints)"],
];

/** Milliseconds with about three significant digits, as RESULTS.md prints them. */
function ms(x) {
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

/** A length in metres, short: "2.2 m", "63 mm". */
function length(m) {
  if (m >= 1) return `${m.toFixed(1)} m`;
  if (m >= 0.1) return `${(m * 1000).toFixed(0)} mm`;
  return `${Number((m * 1000).toPrecision(2))} mm`;
}

/**
 * Marks a cell measured in another run than capsule2d's cell of its scene:
 * the machine's speed drifts by up to 2× between runs, so only cells of one
 * run compare.
 */
export const OTHER_RUN = "†";

/** Marks a cell whose sanity check failed at the end of its run (RESULTS.md says how). */
export const INSANE = "✗";

function table(results, rows, withSeparation, columns = COLUMNS) {
  const node = results.cells.filter((c) => (c.runtime ?? "node") === "node");
  const runOf = (c) => c.runDate ?? results.meta.date;
  const find = (e, s) => node.find((c) => c.engine === e && c.scene === s);
  const present = rows.filter(([s]) => node.some((c) => c.scene === s));
  const cols = columns.filter(([e]) => present.some(([s]) => find(e, s)));
  const out = [`| scene | ${cols.map(([, h]) => h).join(" | ")} |`, `| --- | ${cols.map(() => "---:").join(" | ")} |`];
  for (const [scene, name] of present) {
    const cells = cols.map(([e]) => {
      const c = find(e, scene);
      if (!c) return "";
      if (c.error || c.skipped || !(c.meanMs > 0)) return "—";
      const sep = withSeparation && c.quality ? ` (${length(c.quality.worstSeparation)})` : "";
      const own = find("capsule2d", scene);
      const other = own !== undefined && e !== "capsule2d" && runOf(own) !== runOf(c) ? OTHER_RUN : "";
      const insane = c.sanity && !c.sanity.ok ? INSANE : "";
      return `${ms(c.meanMs)}${sep}${other}${insane}`;
    });
    out.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return out.join("\n");
}

/** The days of the runs the results come from, in order ("2026-11-23, 2026-11-24"). */
/** The machines of the runs the tables draw on (each run records its own). */
function machines(results) {
  const cpus = [...new Set((results.runs ?? []).map((r) => r.cpu).filter(Boolean))];
  return cpus.length > 0 ? cpus.join(" and ") : results.meta.cpu;
}

function runDays(results) {
  const dates = [...new Set(results.cells.map((c) => c.runDate ?? results.meta.date))].sort();
  return [...new Set(dates.map((d) => d.slice(0, 10)))].join(", ");
}

const OTHER_RUN_NOTE = `${OTHER_RUN} measured in an earlier run than capsule2d's cell of that scene: the machine's speed drifts by up to 2× between runs, so compare such a cell with capsule2d's only roughly (bench/RESULTS.md gives each run's date).`;

const INSANE_NOTE = `${INSANE} failed its sanity check at the end of the run (a body fell through the ground, left the container or is NaN; bench/RESULTS.md's per-scene table says which): a bug, not a result to compare.`;

/** Does RESULTS.json have a chain_terrain cell under Node? */
function chainRows(results) {
  return results.cells.some((c) => (c.runtime ?? "node") === "node" && CHAIN_ROWS.some(([s]) => s === c.scene));
}

/** Does a cell of the performance page's tables fail its sanity check? */
function anyInsane(results) {
  const scenes = new Set([...CONTACT_ROWS, ...JOINT_ROWS, ...CHAIN_ROWS].map(([s]) => s));
  return results.cells.some((c) => (c.runtime ?? "node") === "node" && scenes.has(c.scene) && c.sanity && !c.sanity.ok && !c.error && !c.skipped);
}

/** docs/performance.md's text between the markers, from the results in `results` (RESULTS.json parsed). */
export function performanceTables(results) {
  const days = runDays(results);
  return [
    "",
    `Mean ms per step under Node (${results.meta.node}, ${machines(results)}; runs of ${days}; default settings, sleeping off; "—": skipped, the engine lacks the shape or body type; blank: not measured yet):`,
    "",
    table(results, CONTACT_ROWS, false),
    "",
    "Joint scenes (mean ms per step, and in brackets the worst joint separation seen):",
    "",
    table(results, JOINT_ROWS, true),
    "",
    ...(chainRows(results) ? ["Chain terrain (mean ms per step; engines without chain shapes skip it):", "", table(results, CHAIN_ROWS, false), ""] : []),
    OTHER_RUN_NOTE,
    ...(anyInsane(results) ? ["", INSANE_NOTE] : []),
    "",
  ].join("\n");
}

/** The front page's summary between its markers: the contact scenes for SUMMARY_ENGINES. */
export function summaryTable(results) {
  const columns = COLUMNS.filter(([e]) => SUMMARY_ENGINES.includes(e));
  return [
    "",
    `Node ${results.meta.node}, ${machines(results)}; runs of ${runDays(results)}; default settings, sleeping off; "—": the engine lacks the shape:`,
    "",
    table(results, CONTACT_ROWS, false, columns),
    "",
    OTHER_RUN_NOTE,
    "",
  ].join("\n");
}

/** `text` with what lies between `start` and `end` replaced by `inner`; `name` is the file, for the error. */
function replaceBetween(text, start, end, inner, name) {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${name} has no ${start} … ${end} section`);
  return text.slice(0, a + start.length) + inner + text.slice(b);
}

/** docs/performance.md with its tables made again from bench/RESULTS.json. */
export function updatedPerformancePage(page, results) {
  return replaceBetween(page, START, END, performanceTables(results), PERFORMANCE_PAGE);
}

/** README.md with its summary made again from bench/RESULTS.json. */
export function updatedReadme(readme, results) {
  return replaceBetween(readme, SUMMARY_START, SUMMARY_END, summaryTable(results), FRONT_PAGE);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = JSON.parse(readFileSync(`${ROOT}bench/RESULTS.json`, "utf8"));
  const page = `${ROOT}${PERFORMANCE_PAGE}`;
  writeFileSync(page, updatedPerformancePage(readFileSync(page, "utf8"), results));
  const front = `${ROOT}${FRONT_PAGE}`;
  writeFileSync(front, updatedReadme(readFileSync(front, "utf8"), results));
  console.log(`${PERFORMANCE_PAGE} and ${FRONT_PAGE}: performance tables rewritten from bench/RESULTS.json`);
}
