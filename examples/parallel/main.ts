/**
 * One world on several threads: the same pyramid stepped with solverThreads
 * 1, 2, 3 … (up to navigator.hardwareConcurrency, at least 4) on this page
 * (the workers are Web Workers; this page's main thread takes part and spins
 * at the barriers, as a browser's main thread may not block). The page
 * charts ms per step against the thread count (uPlot, as the benchmark
 * page), tabulates each run's state hash, ms per step, the serial part of the
 * step (the time outside the solve stage, `world.profile`: the collision
 * stages run on this thread alone) and the blocks per thread, and says why
 * when more threads do not help. The browser test
 * (test/browser/parallel.test.ts) drives `window.__parallelDemo.run(threads,
 * steps)` and compares the hashes.
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { AABB, type ThreadStats } from "../../src/entries/capsule2d.js";
// capsule2d's World with the solver threads (solverThreads ≥ 2 solves on workers)
import { World } from "../../src/entries/threads.js";

/** One run: the state hash after every 20 steps, the thread counters, ms per step and its parts. */
export interface ParallelRun {
  threads: number;
  hashes: string[];
  stats: ThreadStats | null;
  msPerStep: number;
  /** The solve stage's ms per step (`world.profile.solve`): the part the threads share. */
  solveMs: number;
  /** The rest of the step, ms: the stages that run on this thread alone. */
  serialMs: number;
}

declare global {
  interface Window {
    __parallelDemo?: {
      /** Is the page cross-origin isolated (SharedArrayBuffer available)? */
      isolated: boolean;
      /** Build the pyramid (40 rows unless given) with `threads` solver threads, step it `steps` times, dispose it. */
      run(threads: number, steps: number, rows?: number): Promise<ParallelRun>;
    };
  }
}

function pyramid(rows: number, threads: number): World {
  const world = new World({ solverThreads: threads, sleeping: false });
  world.add(AABB.fromBounds({ x: -rows, y: -1 }, { x: rows, y: 0 }, { type: "static" }));
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: i - (rows - row - 1) / 2, y: 0.5 + row } }));
    }
  }
  return world;
}

async function run(threads: number, steps: number, rows = 40): Promise<ParallelRun> {
  const world = pyramid(rows, threads);
  try {
    await world.threadsReady();
    const hashes: string[] = [];
    world.profiling = true;
    let solve = 0;
    const start = performance.now();
    for (let i = 1; i <= steps; i++) {
      world.step(1 / 60);
      solve += world.profile.solve;
      if (i % 20 === 0) hashes.push(world.stateHash());
    }
    const msPerStep = (performance.now() - start) / steps;
    const solveMs = solve / steps;
    return { threads, hashes, stats: world.threadStats, msPerStep, solveMs, serialMs: msPerStep - solveMs };
  } finally {
    world.dispose();
  }
}

const out = document.getElementById("out")!;
const status = document.getElementById("status")!;
const why = document.getElementById("why")!;
const table = document.getElementById("table") as HTMLTableElement;
const chartEl = document.getElementById("chart")!;
const cores = navigator.hardwareConcurrency || 1;
document.getElementById("cores")!.textContent = `navigator.hardwareConcurrency: ${cores}`;
window.__parallelDemo = { isolated: globalThis.crossOriginIsolated === true, run };

/** Let the page draw between runs. */
const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

function chart(runs: ParallelRun[]): void {
  chartEl.replaceChildren();
  const x = runs.map((r) => r.threads);
  const opts: uPlot.Options = {
    title: "ms per step against solverThreads",
    width: Math.min(980, Math.max(320, chartEl.clientWidth || 900)),
    height: 300,
    scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max * 1.1] } },
    axes: [
      { label: `solverThreads (this machine: ${cores} logical cores)`, stroke: "#333", grid: { stroke: "#e4e4e4" }, incrs: [1] },
      { label: "ms per step", stroke: "#333", grid: { stroke: "#e4e4e4" }, size: 60 },
    ],
    series: [
      { label: "solverThreads" },
      { label: "whole step", stroke: "#1f77b4", width: 2, points: { show: true, size: 7 }, value: (_u, v) => (v == null ? "-" : v.toFixed(2)) },
      { label: "serial part (outside the solve)", stroke: "#d62728", width: 2, dash: [6, 4], points: { show: true, size: 5 }, value: (_u, v) => (v == null ? "-" : v.toFixed(2)) },
    ],
    legend: { live: false },
  };
  new uPlot(opts, [x, runs.map((r) => r.msPerStep), runs.map((r) => r.serialMs)], chartEl);
}

function showTable(runs: ParallelRun[]): void {
  table.innerHTML = "<tr><th>solverThreads</th><th>ms/step</th><th>× 1 thread</th><th>solve ms</th><th>serial ms</th><th>hash</th><th>blocks per thread</th></tr>";
  const base = runs[0]!.msPerStep;
  for (const r of runs) {
    const tr = document.createElement("tr");
    for (const c of [String(r.threads), r.msPerStep.toFixed(2), `${(r.msPerStep / base).toFixed(2)}×`, r.solveMs.toFixed(2), r.serialMs.toFixed(2), r.hashes[r.hashes.length - 1] ?? "", JSON.stringify(r.stats?.blocks ?? [])]) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.append(td);
    }
    table.append(tr);
  }
}

/** Why more threads did not help, when they did not (from the runs' own numbers). */
function explain(runs: ParallelRun[]): string {
  const one = runs[0]!;
  const best = runs.slice(1).reduce((a, b) => (b.msPerStep < a.msPerStep ? b : a), runs[1] ?? one);
  const serialShare = one.serialMs / one.msPerStep;
  const bound = one.serialMs + one.solveMs / cores;
  const agree = runs.every((r) => JSON.stringify(r.hashes) === JSON.stringify(one.hashes));
  const parts = [agree ? "Every thread count gave the same state hashes." : "THE STATE HASHES DIFFER between thread counts."];
  if (best.msPerStep < 0.9 * one.msPerStep) {
    parts.push(`${best.threads} threads took ${(best.msPerStep / one.msPerStep).toFixed(2)}× one thread's time.`);
  } else if (cores < 2) {
    parts.push("More threads cannot help here: this machine reports one logical core, so the workers take turns with this page's thread.");
  } else {
    parts.push(
      `More threads did not help this scene here: with one thread ${one.serialMs.toFixed(2)} of its ${one.msPerStep.toFixed(2)} ms per step ` +
        `(${(100 * serialShare).toFixed(0)}%) are the serial part (the collision stages, which run on this thread alone), ` +
        `so even a perfect split of the solve over ${cores} cores gives at best ${bound.toFixed(2)} ms, ` +
        `and handing out each colour of each pass (a barrier per colour) costs more than the solve's share saves.`,
    );
  }
  return parts.join(" ");
}

async function runAll(): Promise<void> {
  if (!window.__parallelDemo!.isolated) {
    out.textContent = "This page is not cross-origin isolated: no SharedArrayBuffer, so only solverThreads 0 and 1 work here.";
    return;
  }
  const rows = Number((document.getElementById("rows") as HTMLSelectElement).value);
  const steps = Number((document.getElementById("steps") as HTMLInputElement).value) || 120;
  const counts: number[] = [];
  for (let t = 1; t <= Math.min(8, Math.max(4, cores)); t++) counts.push(t);
  const runs: ParallelRun[] = [];
  why.textContent = "";
  for (const threads of counts) {
    status.textContent = `running solverThreads ${threads} …`;
    await frame();
    runs.push(await run(threads, steps, rows));
    chart(runs);
    showTable(runs);
  }
  status.textContent = `${rows}-row pyramid (${(rows * (rows + 1)) / 2} boxes), ${steps} steps per thread count`;
  why.textContent = explain(runs);
}

document.getElementById("go")!.addEventListener("click", () => void runAll());
if (!new URLSearchParams(location.search).has("paused")) void runAll();
