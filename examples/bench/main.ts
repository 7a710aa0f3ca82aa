/**
 * The benchmark page: the scenes of bench/ (bench/scenes.mjs), built by the
 * same engine adapters as `npm run bench` (bench/engines/*.mjs; the peers
 * bundled into examples/bench/peers/ by bench/browser/peers.mjs, capsule2d
 * from this repository's source), measured in this page by
 * bench/browser/protocol.mjs, and charted with uPlot:
 *
 *   - ms per step per engine, one point per scene;
 *   - a sweep: ms per step against the number of bodies (falling circles,
 *     250 … 4000 by default), log–log, showing how each engine's cost grows.
 *
 * window.__bench (BenchHook) runs both from a test with few steps and reads
 * back exactly what the charts show.
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import * as capsule2d from "../../src/entries/capsule2d.js";
import * as capsule2dWasm from "../../src/entries/wasm.js";
import { capsule2dAdapter, capsule2dWasmAdapter } from "../../bench/engines/capsule2d-common.mjs";
import { measureInPage, type PageResult } from "../../bench/browser/protocol.mjs";
import { rainCircles, type EngineAdapter } from "../../bench/scenes.mjs";

/** What the page offers a test. */
export interface BenchHook {
  /** Engines this page can run (capsule2d and the peers that were built). */
  engines: string[];
  /** Why no peer is listed, when none is. */
  note: string | null;
  /** Measures `engines` × `scenes`; the scene chart shows the result. */
  runScenes(options: RunOptions & { scenes: string[] }): Promise<PageResult[]>;
  /** Measures `engines` on falling circles of each count; the sweep chart shows the result. */
  runSweep(options: RunOptions & { counts: number[] }): Promise<PageResult[]>;
  /** The series labels and data of a chart, as uPlot holds them (x first). */
  chart(which: "scenes" | "sweep"): { labels: string[]; data: (number | null)[][] } | null;
}

interface RunOptions {
  engines: string[];
  warmup: number;
  steps: number;
}

declare global {
  interface Window {
    __bench?: BenchHook;
  }
}

/** The scenes offered (the contact scenes and their quick versions; joint scenes take long in a page). */
const SCENE_CHOICES = [
  "rain-circles-500",
  "rain-circles-2000",
  "capsules-2000",
  "pyramid-20",
  "large-pyramid",
  "many_pyramids-quick",
  "many_pyramids",
  "smash-quick",
  "smash",
  "tumbler-quick",
  "tumbler",
  "joint_grid-quick",
  "ragdoll_rain-quick",
];
const DEFAULT_SCENES = ["rain-circles-500", "capsules-2000", "pyramid-20", "smash-quick", "tumbler-quick"];
const COLORS = ["#d0453a", "#2f7ed8", "#8d4bd6", "#2a9d5c", "#e08a1e", "#0aa6b8", "#b5482d", "#6b6b6b", "#c2185b"];

interface Manifest {
  engines: { name: string; label: string }[];
  note: string | null;
}

/** Reads the peers' manifest, then builds the page. */
async function start(): Promise<void> {
  const app = document.getElementById("app")!;
  const manifest = (await (await fetch("./peers/manifest.json")).json()) as Manifest;
  const labels = new Map<string, string>([["capsule2d", "capsule2d"], ["capsule2d-wasm", "capsule2d + wasm"], ...manifest.engines.map((e) => [e.name, e.label] as [string, string])]);
  const engineNames = [...labels.keys()];
  const adapters = new Map<string, EngineAdapter>();

  async function adapterOf(name: string): Promise<EngineAdapter> {
    let a = adapters.get(name);
    if (!a) {
      // A URL held in a variable, so the bundler leaves the peers out of this page's bundle.
      const url = new URL(`peers/${name}.js`, location.href).href;
      a =
        name === "capsule2d"
          ? capsule2dAdapter(capsule2d, "src/")
          : name === "capsule2d-wasm"
            ? capsule2dWasmAdapter(capsule2d, capsule2dWasm, "src/")
            : ((await import(url)) as EngineAdapter);
      adapters.set(name, a);
    }
    return a;
  }

  // ---------------------------------------------------------------- controls

  function checkboxes(title: string, names: string[], checked: (n: string) => boolean, label = (n: string) => n): HTMLFieldSetElement {
    const set = document.createElement("fieldset");
    set.innerHTML = `<legend>${title}</legend>`;
    for (const n of names) {
      const l = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = n;
      box.checked = checked(n);
      l.append(box, ` ${label(n)}`);
      set.append(l);
    }
    return set;
  }
  const picked = (set: HTMLFieldSetElement) =>
    Array.from(set.querySelectorAll<HTMLInputElement>("input:checked")).map((i) => i.value);

  function numberInput(label: string, value: string): [HTMLLabelElement, HTMLInputElement] {
    const l = document.createElement("label");
    const input = document.createElement("input");
    input.value = value;
    l.append(`${label} `, input);
    return [l, input];
  }

  const controls = document.createElement("div");
  controls.className = "controls";
  const engineSet = checkboxes("engines", engineNames, () => true, (n) => labels.get(n)!);
  const sceneSet = checkboxes("scenes", SCENE_CHOICES, (n) => DEFAULT_SCENES.includes(n));
  const settings = document.createElement("fieldset");
  settings.innerHTML = "<legend>protocol</legend>";
  const [warmupLabel, warmupInput] = numberInput("warm-up steps", "30");
  const [stepsLabel, stepsInput] = numberInput("timed steps", "120");
  const [countsLabel, countsInput] = numberInput("sweep body counts", "250, 500, 1000, 2000, 4000");
  countsInput.style.width = "200px";
  const runScenesButton = document.createElement("button");
  runScenesButton.textContent = "run scenes";
  const runSweepButton = document.createElement("button");
  runSweepButton.textContent = "run sweep";
  settings.append(warmupLabel, document.createElement("br"), stepsLabel, document.createElement("br"), countsLabel);
  settings.append(document.createElement("br"), runScenesButton, " ", runSweepButton);
  controls.append(engineSet, sceneSet, settings);
  const status = document.createElement("p");
  status.id = "status";
  status.textContent = manifest.note ?? `ready: ${engineNames.length} engines`;
  const scenesChartEl = document.createElement("div");
  scenesChartEl.className = "chart";
  const sweepChartEl = document.createElement("div");
  sweepChartEl.className = "chart";
  const table = document.createElement("table");
  app.append(controls, status, scenesChartEl, sweepChartEl, table);

  // ---------------------------------------------------------------- charts

  let scenesChart: uPlot | null = null;
  let sweepChart: uPlot | null = null;

  const msValue = (_u: uPlot, v: number | null) => (v == null ? "-" : v < 1 ? v.toFixed(3) : v.toFixed(2));

  function makeChart(
    el: HTMLElement,
    title: string,
    xLabel: string,
    engines: string[],
    data: uPlot.AlignedData,
    xValues: (u: uPlot, splits: number[]) => string[],
    logX: boolean,
  ): uPlot {
    el.replaceChildren();
    const opts: uPlot.Options = {
      title,
      width: Math.min(980, Math.max(320, el.clientWidth || 900)),
      height: 320,
      scales: { x: logX ? { time: false, distr: 3, log: 10 } : { time: false }, y: { distr: 3, log: 10 } },
      axes: [
        { label: xLabel, stroke: "#333", grid: { stroke: "#e4e4e4" }, values: xValues, ...(logX ? {} : { incrs: [1] }) },
        { label: "ms per step", stroke: "#333", grid: { stroke: "#e4e4e4" }, size: 60 },
      ],
      series: [
        { label: xLabel },
        ...engines.map((e, i) => ({
          label: labels.get(e) ?? e,
          stroke: COLORS[i % COLORS.length],
          width: 2,
          points: { show: true, size: 7 },
          value: msValue,
        })),
      ],
      legend: { live: false },
    };
    return new uPlot(opts, data, el);
  }

  // ---------------------------------------------------------------- measuring

  /** Let the page draw between cells. */
  const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

  const results: PageResult[] = [];

  function showTable(): void {
    table.innerHTML =
      "<tr><th>scene</th><th>engine</th><th>bodies</th><th>ms/step</th><th>× capsule2d</th><th>sanity</th><th>settings</th></tr>";
    for (const r of results) {
      const base = results.find((b) => b.scene === r.scene && b.engine === "capsule2d" && b.blockMeanMs);
      const tr = document.createElement("tr");
      const ms = r.blockMeanMs;
      const cells = [
        r.scene,
        r.label,
        String(r.bodies),
        ms === undefined ? (r.skipped ? "skipped" : "—") : ms.toFixed(3),
        ms !== undefined && base?.blockMeanMs ? `${(ms / base.blockMeanMs).toFixed(2)}×` : "",
        r.sanity ? (r.sanity.ok ? "ok" : "FAILED") : "",
        r.skipped ?? r.settings ?? "",
      ];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = c;
        tr.append(td);
      }
      table.append(tr);
    }
  }

  async function measure(engines: string[], scenes: (string | ReturnType<typeof rainCircles>)[], o: RunOptions): Promise<PageResult[]> {
    const out: PageResult[] = [];
    for (const scene of scenes) {
      for (const engine of engines) {
        const name = typeof scene === "string" ? scene : scene.name;
        status.textContent = `running ${labels.get(engine)} on ${name} …`;
        await frame();
        const r = await measureInPage(await adapterOf(engine), engine, scene, {
          warmup: o.warmup,
          steps: o.steps,
          minSteps: Math.min(10, o.steps),
          budgetMs: 5000,
        });
        out.push(r);
        results.push(r);
        showTable();
      }
    }
    status.textContent = `done: ${out.length} cells${out.some((r) => r.sanity && !r.sanity.ok) ? " (some failed the sanity check)" : ""}`;
    return out;
  }

  function checkEngines(engines: string[]): void {
    for (const e of engines) {
      if (!labels.has(e)) throw new RangeError(`engines: ${JSON.stringify(e)} is not available here; known: ${engineNames.join(", ")}`);
    }
  }

  /** The mean ms per step of `engine` on `scene` in `list`, or null (skipped, or not measured). */
  function meanOf(list: PageResult[], engine: string, scene: string): number | null {
    const r = list.find((x) => x.engine === engine && x.scene === scene);
    return r && r.blockMeanMs !== undefined ? r.blockMeanMs : null;
  }

  async function runScenes(o: RunOptions & { scenes: string[] }): Promise<PageResult[]> {
    checkEngines(o.engines);
    const list = await measure(o.engines, o.scenes, o);
    const data: uPlot.AlignedData = [o.scenes.map((_, i) => i), ...o.engines.map((e) => o.scenes.map((s) => meanOf(list, e, s)))];
    scenesChart?.destroy();
    scenesChart = makeChart(scenesChartEl, "ms per step, by scene", "scene", o.engines, data, (_u, splits) =>
      splits.map((i) => o.scenes[i] ?? ""),
      false,
    );
    return list;
  }

  async function runSweep(o: RunOptions & { counts: number[] }): Promise<PageResult[]> {
    checkEngines(o.engines);
    for (const n of o.counts) {
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`counts: every count must be a positive integer, got ${n}`);
    }
    const scenes = o.counts.map((n) => rainCircles(n));
    const list = await measure(o.engines, scenes, o);
    const data: uPlot.AlignedData = [o.counts, ...o.engines.map((e) => scenes.map((s) => meanOf(list, e, s.name)))];
    sweepChart?.destroy();
    sweepChart = makeChart(sweepChartEl, "ms per step against bodies (falling circles)", "bodies", o.engines, data, (_u, splits) =>
      splits.map((v) => String(v)),
      true,
    );
    return list;
  }

  function readOptions(): RunOptions {
    return { engines: picked(engineSet), warmup: Number(warmupInput.value) || 0, steps: Math.max(1, Number(stepsInput.value) || 1) };
  }

  function guard(run: () => Promise<unknown>): void {
    runScenesButton.disabled = runSweepButton.disabled = true;
    run()
      .catch((e: unknown) => (status.textContent = `error: ${String(e)}`))
      .finally(() => (runScenesButton.disabled = runSweepButton.disabled = false));
  }
  runScenesButton.onclick = () => guard(() => runScenes({ ...readOptions(), scenes: picked(sceneSet) }));
  runSweepButton.onclick = () =>
    guard(() =>
      runSweep({
        ...readOptions(),
        counts: countsInput.value.split(",").map((s) => Number(s.trim())).filter((n) => n > 0),
      }),
    );

  window.__bench = {
    engines: engineNames,
    note: manifest.note,
    runScenes,
    runSweep,
    chart(which) {
      const c = which === "scenes" ? scenesChart : sweepChart;
      if (!c) return null;
      return { labels: c.series.map((s) => String(s.label)), data: c.data.map((d) => Array.from(d as ArrayLike<number | null>)) };
    },
  };
}

start().catch((e: unknown) => {
  document.getElementById("app")!.textContent = `could not start: ${String(e)}`;
  throw e;
});
