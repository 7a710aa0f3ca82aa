// Many bodies in one place (issue 32): the first step and the steps after it of
// pile-in-one-spot-N (bench/scenes.mjs) for capsule2d, Box2D v3 (WASM) and
// Rapier, each engine in its own child process (fresh heap, one engine loaded).
//
//   node bench/pile.mjs                       # N = 500, 1000, 2000; 3 runs each
//   node bench/pile.mjs --n 800 --runs 5 --engines capsule2d,box2d3-wasm
//
// Prints, per engine and N: the first step (ms, the median of the runs, with
// every run), its CPU time (ms, the median; process.cpuUsage, so the collector's
// threads count and a loaded machine's waits do not) and that per overlapping
// pair (ns: flat when the cost grows like the pairs), the median of the next 30
// steps (ms), and the heap growth over the first step (MB; JS heap only: a WASM
// engine's memory is its own). CAPSULE2D_BUNDLE=path measures another build of
// capsule2d (bench/engines/capsule2d-load.mjs). Needs
// `npm run build` (dist/) and `cd bench && npm ci` for the peers. Wall-clock
// times on whatever machine runs it: quote ratios from one run.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

if (args[0] === "--child") {
  const [, engine, n] = args;
  const { pileInOneSpot } = await import("./scenes.mjs");
  const { ENGINES } = await import("./engines/index.mjs");
  const adapter = await import(new URL(ENGINES[engine], new URL("./engines/index.mjs", import.meta.url)).href);
  const scene = pileInOneSpot(Number(n));
  const sim = await adapter.create(scene);
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  sim.step();
  const first = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const cpu = (c1.user + c1.system) / 1000;
  const heap1 = process.memoryUsage().heapUsed;
  const later = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    sim.step();
    later.push(performance.now() - t);
  }
  later.sort((a, b) => a - b);
  const out = new Float64Array(2 * scene.bodies.length);
  sim.readPositions(out);
  process.stdout.write(JSON.stringify({ first, cpu, next: later[15], heapMB: (heap1 - heap0) / 1e6, finite: out.every(Number.isFinite) }));
  process.exit(0);
}

const sizes = opt("n", "500,1000,2000").split(",").map(Number);
const engines = opt("engines", "capsule2d,box2d3-wasm,rapier").split(",");
const runs = Number(opt("runs", "3"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const self = fileURLToPath(import.meta.url);
console.log(`| engine | N | first step, ms (median; runs) | first step, CPU ms (median) | CPU ns per pair | next 30 steps, median ms | heap over the first step, MB |`);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const n of sizes) {
  for (const engine of engines) {
    const rows = [];
    for (let r = 0; r < runs; r++) {
      const child = spawnSync(process.execPath, ["--expose-gc", "--max-old-space-size=4096", self, "--child", engine, String(n)], { encoding: "utf8", timeout: 600_000 });
      if (child.status !== 0) {
        rows.push(null);
        console.error(`${engine} ${n}: ${child.stderr.trim().split("\n").slice(-3).join(" / ") || `exit ${child.status} ${child.signal ?? ""}`}`);
        continue;
      }
      rows.push(JSON.parse(child.stdout));
    }
    const ok = rows.filter(Boolean);
    if (ok.length === 0) {
      console.log(`| ${engine} | ${n} | failed | | | | |`);
      continue;
    }
    const firsts = ok.map((x) => x.first);
    const cpu = median(ok.map((x) => x.cpu));
    const label = process.env.CAPSULE2D_BUNDLE && engine.startsWith("capsule2d") ? `${engine} (${process.env.CAPSULE2D_BUNDLE})` : engine;
    console.log(
      `| ${label} | ${n} | ${median(firsts).toFixed(0)} (${firsts.map((x) => x.toFixed(0)).join(", ")}) | ${cpu.toFixed(0)} | ${((cpu * 1e6) / ((n * (n - 1)) / 2)).toFixed(0)} | ${median(ok.map((x) => x.next)).toFixed(1)} | ${median(ok.map((x) => x.heapMB)).toFixed(0)}${ok.every((x) => x.finite) ? "" : " (non-finite positions!)"} |`,
    );
  }
}
