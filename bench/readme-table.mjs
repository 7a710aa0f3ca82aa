/**
 * The README's performance tables, made from bench/RESULTS.json (Node's
 * cells): mean ms per step for each scene and engine, the joint scenes with
 * their worst joint separation. `node bench/readme-table.mjs` rewrites the
 * text between `<!-- bench-table -->` and `<!-- /bench-table -->` in
 * README.md; test/readme-bench.test.ts checks that the README holds what
 * this makes from the committed results.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const START = "<!-- bench-table -->";
export const END = "<!-- /bench-table -->";

/** The columns, in order: engine name in RESULTS.json → the README's heading. */
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

/** The rows: scene name → what the README calls it. */
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

function table(results, rows, withSeparation) {
  const node = results.cells.filter((c) => (c.runtime ?? "node") === "node");
  const runOf = (c) => c.runDate ?? results.meta.date;
  const find = (e, s) => node.find((c) => c.engine === e && c.scene === s);
  const present = rows.filter(([s]) => node.some((c) => c.scene === s));
  const cols = COLUMNS.filter(([e]) => present.some(([s]) => find(e, s)));
  const out = [`| scene | ${cols.map(([, h]) => h).join(" | ")} |`, `| --- | ${cols.map(() => "---:").join(" | ")} |`];
  for (const [scene, name] of present) {
    const cells = cols.map(([e]) => {
      const c = find(e, scene);
      if (!c) return "";
      if (c.error || c.skipped || !(c.meanMs > 0)) return "—";
      const sep = withSeparation && c.quality ? ` (${length(c.quality.worstSeparation)})` : "";
      const own = find("capsule2d", scene);
      const other = own !== undefined && e !== "capsule2d" && runOf(own) !== runOf(c) ? OTHER_RUN : "";
      return `${ms(c.meanMs)}${sep}${other}`;
    });
    out.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return out.join("\n");
}

/** The README's text between the markers, from the results in `results` (RESULTS.json parsed). */
export function performanceTables(results) {
  const dates = [...new Set(results.cells.map((c) => c.runDate ?? results.meta.date))].sort();
  const days = [...new Set(dates.map((d) => d.slice(0, 10)))].join(", ");
  return [
    "",
    `Mean ms per step under Node (${results.meta.node}, ${results.meta.cpu}; runs of ${days}; default settings, sleeping off; "—": skipped, the engine lacks the shape or body type; blank: not measured yet):`,
    "",
    table(results, CONTACT_ROWS, false),
    "",
    "Joint scenes (mean ms per step, and in brackets the worst joint separation seen):",
    "",
    table(results, JOINT_ROWS, true),
    "",
    `${OTHER_RUN} measured in an earlier run than capsule2d's cell of that scene: the machine's speed drifts by up to 2× between runs, so compare such a cell with capsule2d's only roughly (bench/RESULTS.md gives each run's date).`,
    "",
  ].join("\n");
}

/** README.md with its performance tables made again from bench/RESULTS.json. */
export function updatedReadme(readme, results) {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} section`);
  return readme.slice(0, a + START.length) + performanceTables(results) + readme.slice(b);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = JSON.parse(readFileSync(`${ROOT}bench/RESULTS.json`, "utf8"));
  writeFileSync(`${ROOT}README.md`, updatedReadme(readFileSync(`${ROOT}README.md`, "utf8"), results));
  console.log("README.md: performance tables rewritten from bench/RESULTS.json");
}
