#!/usr/bin/env node
/**
 * A Monte Carlo run on capsule2d/batch: a Galton board of a thousand worlds.
 *
 *   node examples/node/galton.mjs                    1000 worlds, 10 rows, every core
 *   node examples/node/galton.mjs --worlds 200 --rows 8 --workers 2 --seed 7 --json
 *
 * Each world (examples/node/galton-job.mjs) is one ball dropped through
 * rows of pegs jittered by its seed; the batch runs the worlds on worker
 * threads and returns each world's bin in job order. It prints the histogram
 * of the bins beside Binomial(rows, 1/2), the distribution an ideal board
 * gives (each row a fair coin), and Pearson's chi-square test of the fit.
 * The same seeds give the same histogram with any number of workers.
 * `--json` prints the numbers as JSON instead (test/galton.test.ts reads it).
 *
 * Like examples/node/headless.mjs it imports the built package
 * (`npm run build` first): "capsule2d/batch" resolves through package.json
 * "exports", as it would for code that installed capsule2d (and piscina).
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { runBatch } from "capsule2d/batch";
import { binomialHalf, chiSquare, chiSquareCritical001 } from "./binomial.mjs";

const HELP = `Usage: node examples/node/galton.mjs [--worlds 1000] [--rows 10] [--workers N] [--seed 1] [--json]`;

/** The flags, checked; on bad input print why and exit with code 2. */
function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        worlds: { type: "string", default: "1000" },
        rows: { type: "string", default: "10" },
        workers: { type: "string", default: String(availableParallelism()) },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    console.error(`galton: ${error.message}\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const int = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) {
      console.error(`galton: --${name} must be an integer >= ${min}, got ${values[name]}\n${HELP}`);
      process.exit(2);
    }
    return n;
  };
  return { worlds: int("worlds", 1), rows: int("rows", 1), workers: int("workers", 1), seed: int("seed", 0), json: values.json };
}

const { worlds, rows, workers, seed, json } = readOptions();
const jobs = Array.from({ length: worlds }, (_, i) => ({ seed: seed + i, rows }));
const started = process.hrtime.bigint();
const results = await runBatch({ module: new URL("./galton-job.mjs", import.meta.url), jobs, workers });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const histogram = new Array(rows + 1).fill(0);
for (const { bin } of results) histogram[bin]++;
const expected = binomialHalf(rows).map((p) => p * worlds);
const mean = histogram.reduce((sum, count, k) => sum + count * k, 0) / worlds;
const variance = histogram.reduce((sum, count, k) => sum + count * (k - mean) ** 2, 0) / worlds;
const fit = chiSquare(histogram, expected);
const critical = fit.df > 0 ? chiSquareCritical001(fit.df) : Infinity;
const consistent = fit.statistic <= critical;

if (json) {
  console.log(JSON.stringify({ worlds, rows, workers, seed, histogram, expected, mean, variance, chiSquare: fit.statistic, df: fit.df, critical, consistent }));
} else {
  console.log(`Galton board: ${worlds} worlds of ${rows} rows on ${workers} worker thread(s), ${seconds.toFixed(1)} s (${(worlds / seconds).toFixed(0)} worlds/s)\n`);
  console.log("bin  balls  binomial");
  const widest = Math.max(...histogram, ...expected);
  for (let k = 0; k <= rows; k++) {
    const bar = "█".repeat(Math.round((histogram[k] / widest) * 50));
    console.log(`${String(k).padStart(3)}  ${String(histogram[k]).padStart(5)}  ${expected[k].toFixed(1).padStart(8)}  ${bar}`);
  }
  console.log(`\nmean ${mean.toFixed(3)} (binomial ${rows / 2}), variance ${variance.toFixed(3)} (binomial ${rows / 4})`);
  console.log(
    `chi-square ${fit.statistic.toFixed(2)} with ${fit.df} degrees of freedom (tail bins merged to expect at least 5 each); ` +
      `rejecting the fit at p = 0.001 would take ${critical.toFixed(2)}: ` +
      (consistent ? `consistent with Binomial(${rows}, 1/2)` : `NOT consistent with Binomial(${rows}, 1/2)`),
  );
}
