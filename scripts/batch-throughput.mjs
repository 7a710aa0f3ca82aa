/**
 * Throughput of capsule2d/batch: worlds per second against worker threads.
 *
 *   npm run build && node scripts/batch-throughput.mjs [--worlds 1000] [--rows 10] [--workers 1,2] [--repeats 3]
 *
 * The worlds are the Galton board's (examples/node/galton-job.mjs: one ball
 * through `rows` rows of pegs, about 900 steps each for 10 rows). Each setting
 * runs the same jobs `repeats` times, each time in a fresh Node process (so
 * every run pays what a user's script pays: loading capsule2d, warming up the
 * JIT, and for a batch starting its threads), and the median is reported.
 * "in this thread" calls the job function in a loop without a pool: the
 * baseline a pool must beat. Every run's bins are checked to be the same
 * (the results do not depend on the number of workers).
 *
 * Worlds per second are wall-clock; "CPU s" is the CPU time of the whole
 * process (all its threads), which shows what the threads themselves cost.
 * On a shared machine both depend on the load: the load average is printed.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { loadavg, availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    worlds: { type: "string", default: "1000" },
    rows: { type: "string", default: "10" },
    workers: { type: "string", default: "1,2" },
    repeats: { type: "string", default: "3" },
    one: { type: "string" }, // internal: run one setting in this process ("0" = in this thread) and print JSON
  },
});
const worlds = Number(values.worlds);
const rows = Number(values.rows);

if (values.one !== undefined) {
  // one measured run, in a fresh process
  const start = process.hrtime.bigint();
  const jobs = Array.from({ length: worlds }, (_, i) => ({ seed: i + 1, rows }));
  const module = new URL("../examples/node/galton-job.mjs", import.meta.url);
  let results;
  if (values.one === "0") {
    const { default: galtonJob } = await import(module.href);
    results = jobs.map((params) => galtonJob(params));
  } else {
    const { runBatch } = await import("capsule2d/batch");
    results = await runBatch({ module, jobs, workers: Number(values.one) });
  }
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage();
  const bins = createHash("sha256").update(results.map((r) => r.bin).join(",")).digest("hex");
  process.stdout.write(JSON.stringify({ wall, cpu: (cpu.user + cpu.system) / 1e6, bins }));
  process.exit(0);
}

const repeats = Number(values.repeats);
const settings = [0, ...values.workers.split(",").map(Number)];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const script = fileURLToPath(import.meta.url);
let reference = null;

console.log(`${worlds} Galton worlds of ${rows} rows, median of ${repeats} fresh processes; ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at start\n`);
console.log("| workers | s | worlds / s | vs in this thread | CPU s |");
console.log("| --- | ---: | ---: | ---: | ---: |");
let base = null;
for (const setting of settings) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(process.execPath, [script, "--one", String(setting), "--worlds", String(worlds), "--rows", String(rows)], { encoding: "utf8" });
    const run = JSON.parse(out);
    reference ??= run.bins;
    if (run.bins !== reference) throw new Error(`a run with ${setting} workers gave different bins: the batch is not deterministic`);
    wall.push(run.wall);
    cpu.push(run.cpu);
  }
  const m = { wall: median(wall), cpu: median(cpu) };
  base ??= m;
  const label = setting === 0 ? "in this thread" : String(setting);
  console.log(`| ${label} | ${m.wall.toFixed(2)} | ${(worlds / m.wall).toFixed(0)} | ${(base.wall / m.wall).toFixed(2)}× | ${m.cpu.toFixed(2)} |`);
}
console.log(`\nload average ${loadavg()[0].toFixed(1)} at the end; every run gave the same bins`);
