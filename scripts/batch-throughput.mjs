/**
 * Throughput of capsule2d/batch: worlds per second against worker threads.
 *
 *   npm run build && node scripts/batch-throughput.mjs [--worlds 400] [--rows 10] [--workers 1,2] [--repeats 3]
 *
 * The worlds are the Galton board's (examples/node/galton-job.mjs: one ball
 * through `rows` rows of pegs, about 900 steps for 10 rows). Each setting runs
 * the same jobs `repeats` times, and the median is reported; "in this thread"
 * calls the job function in a loop without a pool, the baseline a pool must
 * beat (after one warm-up run). Every run's bins are checked to be the same
 * as the first run's (the results do not depend on the number of workers).
 * Worlds per second are wall-clock; "CPU s" is the CPU time of the whole
 * process (all its threads) for a run, which shows what the pool itself costs.
 * On a shared machine both depend on the load: the load average is printed.
 */
import { loadavg, availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { runBatch } from "capsule2d/batch";
import galtonJob from "../examples/node/galton-job.mjs";

const { values } = parseArgs({
  options: {
    worlds: { type: "string", default: "400" },
    rows: { type: "string", default: "10" },
    workers: { type: "string", default: "1,2" },
    repeats: { type: "string", default: "3" },
  },
});
const worlds = Number(values.worlds);
const rows = Number(values.rows);
const repeats = Number(values.repeats);
const counts = values.workers.split(",").map(Number);
const jobs = Array.from({ length: worlds }, (_, i) => ({ seed: i + 1, rows }));
const module = new URL("../examples/node/galton-job.mjs", import.meta.url);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
let reference = null;
/** Checks that a run's bins are the first run's. */
function same(results) {
  const bins = results.map((r) => r.bin).join(",");
  reference ??= bins;
  if (bins !== reference) throw new Error("a run gave different bins: the batch is not deterministic");
}

console.log(`${worlds} Galton worlds of ${rows} rows, median of ${repeats} runs; ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start\n`);
console.log("| workers | s | worlds / s | vs in this thread | CPU s |");
console.log("| --- | ---: | ---: | ---: | ---: |");

/** Median wall-clock and CPU seconds of `repeats` runs of `run`. */
async function measure(run) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < repeats; i++) {
    const start = process.hrtime.bigint();
    const before = process.cpuUsage();
    same(await run());
    wall.push(seconds(start));
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1e6);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

same(jobs.map((params) => galtonJob(params))); // warm-up
const base = await measure(async () => jobs.map((params) => galtonJob(params)));
const row = (label, m) =>
  console.log(`| ${label} | ${m.wall.toFixed(2)} | ${(worlds / m.wall).toFixed(0)} | ${(base.wall / m.wall).toFixed(2)}× | ${m.cpu.toFixed(2)} |`);
row("in this thread", base);
for (const workers of counts) row(String(workers), await measure(() => runBatch({ module, jobs, workers })));
console.log(`\nload average ${loadavg()[0].toFixed(1)} at the end`);
