/**
 * The Galton board example (examples/node/galton.mjs on capsule2d/batch):
 * its statistics against hand-computed values and tables, and its histogram
 * of 200 worlds against Binomial(8, 1/2) by a chi-square test, the same with
 * 1 and 2 workers. Runs the built package (`npm run build`, done here when
 * dist/ is missing).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain ES module of the examples, without type declarations
import { binomialHalf, chiSquare, chiSquareCritical001 } from "../examples/node/binomial.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

interface Cell {
  observed: number;
  expected: number;
  from: number;
  to: number;
}
const binomial = binomialHalf as (n: number) => number[];
const chi = chiSquare as (o: number[], e: number[], min?: number) => { statistic: number; df: number; cells: Cell[] };
const critical = chiSquareCritical001 as (df: number) => number;

interface GaltonRun {
  worlds: number;
  rows: number;
  histogram: number[];
  expected: number[];
  mean: number;
  variance: number;
  chiSquare: number;
  df: number;
  critical: number;
  consistent: boolean;
}

/** examples/node/galton.mjs --json, as a user runs it. */
function galton(args: string[]): GaltonRun {
  const out = execFileSync(process.execPath, ["examples/node/galton.mjs", "--json", ...args], { cwd: root, encoding: "utf8" });
  return JSON.parse(out) as GaltonRun;
}

beforeAll(() => {
  if (!existsSync(`${root}dist/esm/entries/capsule2d.js`)) execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
});

describe("examples/node/binomial.mjs", () => {
  it("binomialHalf(n) is C(n, k) / 2^n and sums to 1", () => {
    expect(binomial(4)).toEqual([1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]);
    expect(binomial(0)).toEqual([1]);
    expect(binomial(20)[10]).toBe(184756 / 2 ** 20);
    expect(binomial(20).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("chiSquare merges tail bins that expect fewer than 5 and sums (O - E)² / E over the cells", () => {
    const fit = chi([1, 3, 10, 30, 10, 4, 2], [0.5, 3, 11, 31, 10, 4, 0.5]);
    // left tail: 0.5, + 3 = 3.5, + 11 = 14.5 expected; right tail: 0.5, + 4 = 4.5, + 10 = 14.5
    expect(fit.cells.map((c) => [c.from, c.to, c.observed, c.expected])).toEqual([
      [0, 2, 14, 14.5],
      [3, 3, 30, 31],
      [4, 6, 16, 14.5],
    ]);
    expect(fit.df).toBe(2);
    expect(fit.statistic).toBeCloseTo(0.25 / 14.5 + 1 / 31 + 2.25 / 14.5, 12);
  });

  it("chiSquareCritical001 is within 2 % of the tables (p = 0.001), never below them", () => {
    const table: [number, number][] = [[3, 16.266], [5, 20.515], [8, 26.124], [10, 29.588], [20, 45.315], [30, 59.703]];
    for (const [df, value] of table) {
      expect(critical(df)).toBeGreaterThanOrEqual(value);
      expect(critical(df) / value - 1).toBeLessThan(0.02);
    }
  });
});

describe("examples/node/galton.mjs", () => {
  it("200 worlds of 8 rows fall into bins consistent with Binomial(8, 1/2), the same with 1 and 2 workers", () => {
    const run = galton(["--worlds", "200", "--rows", "8", "--seed", "1", "--workers", "2"]);
    expect(run.histogram.length).toBe(9);
    expect(run.histogram.reduce((a, b) => a + b, 0)).toBe(200);
    expect(run.expected).toEqual(binomial(8).map((p) => p * 200));
    const fit = chi(run.histogram, run.expected);
    expect(run.chiSquare).toBe(fit.statistic);
    expect(fit.df).toBeGreaterThanOrEqual(4);
    expect(fit.statistic).toBeLessThan(critical(fit.df));
    expect(run.consistent).toBe(true);
    // mean 4 and variance 2 for a fair coin per row: within 3 standard errors (0.3) and 25 %
    expect(Math.abs(run.mean - 4)).toBeLessThan(0.3);
    expect(Math.abs(run.variance / 2 - 1)).toBeLessThan(0.25);

    const single = galton(["--worlds", "200", "--rows", "8", "--seed", "1", "--workers", "1"]);
    expect(single.histogram).toEqual(run.histogram);
  });
});
