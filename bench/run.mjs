/**
 * `npm run bench` (from the repository root): capsule2d against the peer
 * engines, every engine × scene in a fresh process, then the narrowphase
 * micro-benchmark. See bench/README.md.
 *
 *   npm run bench                                   full run; writes bench/RESULTS.md (+ RESULTS.json)
 *   npm run bench -- --quick                        under a minute: smaller scenes, fewer steps
 *   npm run bench -- --scene pyramid-20 --engine planck   one cell (both flags take comma lists)
 *   npm run bench -- --narrowphase                  only the narrowphase micro-benchmark
 *   npm run bench -- --skip-build                   use the dist/ already built
 *   npm run bench -- --write                        also write RESULTS.md for a partial run
 *   npm run bench -- --joints                       the joint scenes (joint_grid, ragdoll_rain; with
 *                                                   --quick their small versions), every engine
 *   npm run bench -- --joints --merge               ... and put them into RESULTS.md / RESULTS.json,
 *                                                   keeping every other cell of the last full run
 *   npm run bench -- --runtimes node                only Node (default: node,chromium,firefox)
 *   npm run bench -- --runtimes chromium,firefox --merge   only the browsers, merged into the results
 *   npm run bench -- --report                       rewrite RESULTS.md from RESULTS.json, measuring nothing
 *
 * In the browsers (bench/browser/), the engines are capsule2d and the
 * strongest peers (BROWSER_ENGINES, or those of --engine that run in a
 * browser), on the same scenes, with a shorter protocol (BROWSER_PROTOCOL).
 *
 * Steps before measuring: `npm ci` in bench/ when bench/node_modules is
 * missing, then the root `npm run build` (dist/capsule2d.js is what is measured).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SCENES, QUICK_SCENES, JOINT_SCENES, QUICK_JOINT_SCENES, ON_REQUEST_SCENES } from "./scenes.mjs";
import { ENGINES, DEFAULT_ENGINES } from "./engines/index.mjs";
import { resultsMarkdown } from "./report.mjs";
import { BROWSERS, runInBrowsers } from "./browser/run-browsers.mjs";

/** The heading of RESULTS.md's section of bench/pile.mjs figures (kept when RESULTS.md is rewritten: see withPileSection). */
const PILE_SECTION = "## Many bodies at one point (bench/pile.mjs)";

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, "..");

const { values: args } = parseArgs({
  options: {
    scene: { type: "string" },
    engine: { type: "string" },
    quick: { type: "boolean", default: false },
    narrowphase: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    merge: { type: "boolean", default: false },
    joints: { type: "boolean", default: false },
    runtimes: { type: "string", default: "node,chromium,firefox" },
    report: { type: "boolean", default: false },
  },
});
const RUNTIMES = ["node", ...Object.keys(BROWSERS)];
const runtimes = args.runtimes.split(",").map((s) => s.trim()).filter(Boolean);
for (const r of runtimes) {
  if (!RUNTIMES.includes(r)) {
    console.error(`unknown runtime ${JSON.stringify(r)}; known: ${RUNTIMES.join(", ")}`);
    process.exit(2);
  }
}
const browsers = runtimes.filter((r) => r !== "node");
if (args.joints && args.scene !== undefined) {
  console.error("give --joints or --scene, not both");
  process.exit(2);
}
if (args.write && args.merge) {
  console.error("give --write (replace RESULTS.md with this run) or --merge (add this run to it), not both");
  process.exit(2);
}

/** Protocol of a full run and of a --quick one (stated in the output). */
const PROTOCOL = args.quick
  ? { warmup: 20, steps: 60, budgetMs: 1500, allocSteps: 10, narrowphaseMs: 50, label: "quick" }
  : { warmup: 60, steps: 600, budgetMs: 60000, allocSteps: 60, narrowphaseMs: 500, label: "full" };

/**
 * The browsers' protocol: the same warm-up, fewer timed steps and a shorter
 * budget per cell (a page cannot force a GC, so there are no heap figures).
 */
const BROWSER_PROTOCOL = args.quick ? { warmup: 20, steps: 60, budgetMs: 1500 } : { warmup: 60, steps: 300, budgetMs: 10000 };

/** The engines measured in browsers when --engine does not say: capsule2d and the strongest peers. */
const BROWSER_ENGINES = ["capsule2d", "capsule2d-wasm", "rapier", "rapier-simd", "box2d3-wasm", "phaser-box2d"];

function list(value, known, fallback, what) {
  if (value === undefined) return fallback;
  const names = value.split(",").map((s) => s.trim()).filter(Boolean);
  for (const n of names) {
    if (!(n in known)) {
      console.error(`unknown ${what} ${JSON.stringify(n)}; known: ${Object.keys(known).join(", ")}`);
      process.exit(2);
    }
  }
  return names;
}

/** A full run: every scene but the small "-quick" versions of the joint scenes. */
const FULL_SCENES = Object.keys(SCENES).filter((n) => !n.endsWith("-quick") && !ON_REQUEST_SCENES.includes(n));
const sceneFallback = args.joints
  ? args.quick
    ? QUICK_JOINT_SCENES
    : JOINT_SCENES
  : args.quick
    ? QUICK_SCENES
    : FULL_SCENES;
const scenes = list(args.scene, SCENES, sceneFallback, "scene");
const engines = list(args.engine, ENGINES, DEFAULT_ENGINES, "engine");
const browserEngines = args.engine === undefined ? BROWSER_ENGINES : engines;
const filtered =
  args.scene !== undefined || args.engine !== undefined || args.narrowphase || args.joints || args.runtimes !== "node,chromium,firefox";
const fullRun = !args.quick && !filtered;

function run(cmd, cmdArgs, cwd) {
  const r = spawnSync(cmd, cmdArgs, { cwd, stdio: "inherit" });
  return r.status === 0;
}

function prepare() {
  if (!existsSync(join(BENCH, "node_modules"))) {
    console.error("bench/node_modules is missing: npm ci --prefix bench");
    if (!run("npm", ["ci", "--no-audit", "--no-fund"], BENCH)) {
      console.error("npm ci in bench/ failed");
      process.exit(1);
    }
  }
  if (!args["skip-build"]) {
    console.error("building capsule2d (npm run build)");
    if (!run("npm", ["run", "build", "--silent"], ROOT)) {
      if (existsSync(join(ROOT, "dist", "capsule2d.js"))) {
        console.error("warning: the build reported errors; measuring the dist/capsule2d.js it produced");
      } else {
        console.error("warning: the build failed and there is no dist/capsule2d.js; capsule2d cells will fail");
      }
    }
  }
}

/** Runs one cell in a fresh `node --expose-gc` process; returns its result object. */
function runCell(engine, scene) {
  const r = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      join(BENCH, "cell.mjs"),
      "--json",
      "--engine", engine,
      "--scene", scene,
      "--warmup", String(PROTOCOL.warmup),
      "--steps", String(PROTOCOL.steps),
      "--budget-ms", String(PROTOCOL.budgetMs),
      "--alloc-steps", String(PROTOCOL.allocSteps),
    ],
    { cwd: BENCH, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const line = (r.stdout || "").split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) {
    return { engine, scene, error: `no result (exit ${r.status}, signal ${r.signal}): ${(r.stderr || "").trim().slice(-2000)}` };
  }
  return JSON.parse(line.slice("RESULT ".length));
}

function runNarrowphase() {
  const r = spawnSync(
    process.execPath,
    [join(BENCH, "narrowphase.mjs"), "--json", "--ms", String(PROTOCOL.narrowphaseMs)],
    { cwd: BENCH, encoding: "utf8" },
  );
  const line = (r.stdout || "").split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) return { error: `no result (exit ${r.status}): ${(r.stderr || "").trim().slice(-2000)}` };
  return JSON.parse(line.slice("RESULT ".length));
}

function short(result) {
  if (result.error) return `ERROR ${result.error.split("\n")[0]}`;
  if (result.skipped) return `skipped (${result.skipped})`;
  const sane = result.sanity.ok ? "sane" : "SANITY FAILED";
  return `${result.meanMs.toFixed(3)} ms/step (${result.steps} steps), ${sane}`;
}

if (args.report) {
  rewriteReport();
  process.exit(0);
}
prepare();
const started = Date.now();
const cells = [];
if (!args.narrowphase && runtimes.includes("node")) {
  for (const scene of scenes) {
    for (const engine of engines) {
      const result = runCell(engine, scene);
      cells.push(result);
      console.error(`  ${scene.padEnd(18)} ${engine.padEnd(14)} ${short(result)}`);
    }
  }
}
if (!args.narrowphase && browsers.length > 0) {
  const browserCells = [];
  for (const scene of scenes) for (const engine of browserEngines) browserCells.push({ engine, scene });
  const results = await runInBrowsers({
    browsers,
    cells: browserCells,
    protocol: BROWSER_PROTOCOL,
    bundle: process.env.CAPSULE2D_BUNDLE ?? "dist/capsule2d.js",
    log: (r) => console.error(`  ${r.runtime.padEnd(9)} ${r.scene.padEnd(18)} ${r.engine.padEnd(14)} ${short(r)}`),
  });
  cells.push(...results);
}
const narrowphase =
  args.narrowphase || (args.scene === undefined && args.engine === undefined && !args.joints && runtimes.includes("node"))
    ? runNarrowphase()
    : null;

const cpu = cpus()[0];
const meta = {
  date: new Date().toISOString(),
  node: process.version,
  v8: process.versions.v8,
  cpu: cpu ? `${cpu.model.trim()} (${cpus().length} logical cores)` : "unknown",
  memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
  platform: `${process.platform} ${process.arch}`,
  bundle: process.env.CAPSULE2D_BUNDLE ?? "dist/capsule2d.js",
  protocol: PROTOCOL,
  browserProtocol: browsers.length > 0 ? BROWSER_PROTOCOL : undefined,
  durationS: (Date.now() - started) / 1000,
};
for (const c of cells) c.runDate = meta.date;
const markdown = resultsMarkdown({ meta, cells, narrowphase, scenes, engines, filtered });
process.stdout.write(markdown);

if (fullRun || args.write) {
  writeFileSync(join(BENCH, "RESULTS.md"), withPileSection(markdown));
  writeFileSync(join(BENCH, "RESULTS.json"), JSON.stringify({ meta, runs: [runOf({ ...meta, runtimes }, scenes, engines)], cells, narrowphase }, null, 2) + "\n");
  console.error("wrote bench/RESULTS.md and bench/RESULTS.json");
} else if (args.merge) {
  merge();
} else {
  console.error("partial or quick run: bench/RESULTS.md left as it was (pass --merge to add it to it, --write to overwrite it)");
}

/** What RESULTS.json keeps of one run: when, where, how, and what it measured. */
function runOf(m, runScenes, runEngines) {
  const run = { date: m.date, cpu: m.cpu, node: m.node, bundle: m.bundle, protocol: m.protocol.label, scenes: runScenes, engines: runEngines };
  if (m.runtimes) run.runtimes = m.runtimes;
  return run;
}

/**
 * --merge: this run's cells replace the cells of the same engine and scene in
 * RESULTS.json (the others, and the narrowphase figures unless this run
 * measured them, stay as they were), then RESULTS.md is written from the
 * merged set. A quick run never merges into full results, nor the other way.
 * Each cell keeps the date of the run that measured it, and the report says
 * which runs its numbers come from.
 */
function merge() {
  const path = join(BENCH, "RESULTS.json");
  const old = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
  if (old && old.meta.protocol.label !== meta.protocol.label) {
    console.error(`--merge: RESULTS.json holds a ${old.meta.protocol.label} run and this one is ${meta.protocol.label}; not merged`);
    process.exitCode = 1;
    return;
  }
  const oldCells = old ? old.cells.map((c) => ({ runDate: old.meta.date, ...c })) : [];
  const runs = old ? (old.runs ?? [runOf(old.meta, [...new Set(oldCells.map((c) => c.scene))], [...new Set(oldCells.map((c) => c.engine))])]) : [];
  const key = (c) => `${c.engine}\u0000${c.scene}\u0000${c.runtime ?? "node"}`;
  const fresh = new Map(cells.map((c) => [key(c), c]));
  const merged = oldCells.filter((c) => !fresh.has(key(c))).concat(cells);
  runs.push(runOf({ ...meta, runtimes }, scenes, [...new Set(cells.map((c) => c.engine))]));
  const keptRuns = runs.filter((r) => merged.some((c) => c.runDate === r.date));
  // Scenes and engines in their canonical order (SCENES, then ENGINES), whatever order the runs had.
  const allScenes = Object.keys(SCENES).filter((s) => merged.some((c) => c.scene === s));
  const allEngines = Object.keys(ENGINES).filter((e) => merged.some((c) => c.engine === e));
  const mergedNarrowphase = narrowphase ?? (old ? old.narrowphase : null);
  const baseMeta = old ? old.meta : meta;
  const mergedMeta = { ...baseMeta, runs: keptRuns, durationS: baseMeta.durationS, browserProtocol: meta.browserProtocol ?? baseMeta.browserProtocol };
  const md = resultsMarkdown({
    meta: mergedMeta,
    cells: merged,
    narrowphase: mergedNarrowphase,
    scenes: allScenes,
    engines: allEngines,
    filtered: false,
  });
  writeFileSync(join(BENCH, "RESULTS.md"), withPileSection(md));
  writeFileSync(path, JSON.stringify({ meta: { ...baseMeta, browserProtocol: mergedMeta.browserProtocol }, runs: keptRuns, cells: merged, narrowphase: mergedNarrowphase }, null, 2) + "\n");
  console.error(`merged ${cells.length} cells into bench/RESULTS.json and rewrote bench/RESULTS.md (${merged.length} cells, ${keptRuns.length} runs)`);
}
/** --report: RESULTS.md written again from RESULTS.json (after a change to report.mjs). */
function rewriteReport() {
  const saved = JSON.parse(readFileSync(join(BENCH, "RESULTS.json"), "utf8"));
  const present = (list, key) => list.filter((n) => saved.cells.some((c) => c[key] === n));
  const md = resultsMarkdown({
    meta: { ...saved.meta, runs: saved.runs },
    cells: saved.cells,
    narrowphase: saved.narrowphase,
    scenes: present(Object.keys(SCENES), "scene"),
    engines: present(Object.keys(ENGINES), "engine"),
    filtered: false,
  });
  writeFileSync(join(BENCH, "RESULTS.md"), withPileSection(md));
  console.error("rewrote bench/RESULTS.md from bench/RESULTS.json");
}
if (cells.some((c) => c.error)) process.exitCode = 1;

/**
 * `markdown` with the section bench/pile.mjs's figures are kept in
 * (PILE_SECTION, written by hand from its output: that scene is measured by
 * name only, not in these runs) carried over from the RESULTS.md it replaces.
 */
function withPileSection(markdown) {
  let old = "";
  try {
    old = readFileSync(join(BENCH, "RESULTS.md"), "utf8");
  } catch {
    return markdown;
  }
  const at = old.indexOf(`\n${PILE_SECTION}`);
  if (at < 0 || markdown.includes(PILE_SECTION)) return markdown;
  const next = old.indexOf("\n## ", at + 1);
  return `${markdown.trimEnd()}\n${old.slice(at, next < 0 ? undefined : next).trimEnd()}\n`;
}
