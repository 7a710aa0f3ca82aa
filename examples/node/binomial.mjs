/**
 * The statistics examples/node/galton.mjs checks its histogram with: the
 * binomial distribution and Pearson's chi-square goodness-of-fit test.
 * Plain functions (no capsule2d), tested in test/galton.test.ts.
 */

/** P(K = k) for K ~ Binomial(n, 1/2): C(n, k) / 2^n, for k = 0..n. */
export function binomialHalf(n) {
  const p = [1];
  for (let row = 1; row <= n; row++) {
    // Pascal's triangle, halved at each row: the row sums stay 1
    for (let k = row; k >= 0; k--) p[k] = ((p[k] ?? 0) + (p[k - 1] ?? 0)) / 2;
  }
  return p;
}

/**
 * Pearson's chi-square statistic of `observed` counts against `expected`
 * counts (same length, same total). Adjacent bins are merged from each tail
 * inwards until every cell expects at least `minExpected` (the usual rule
 * for the chi-square approximation to hold). Returns the statistic, the
 * degrees of freedom (cells - 1) and the merged cells.
 */
export function chiSquare(observed, expected, minExpected = 5) {
  const cells = observed.map((o, i) => ({ observed: o, expected: expected[i], from: i, to: i }));
  const mergeInto = (a, b) => ({ observed: a.observed + b.observed, expected: a.expected + b.expected, from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) });
  while (cells.length > 1 && cells[0].expected < minExpected) cells.splice(0, 2, mergeInto(cells[0], cells[1]));
  while (cells.length > 1 && cells[cells.length - 1].expected < minExpected) cells.splice(-2, 2, mergeInto(cells[cells.length - 2], cells[cells.length - 1]));
  const statistic = cells.reduce((sum, c) => sum + (c.observed - c.expected) ** 2 / c.expected, 0);
  return { statistic, df: cells.length - 1, cells };
}

/**
 * The chi-square value that `df` degrees of freedom exceed with probability
 * 0.001 (Wilson and Hilferty's cube-root normal approximation: within 2 %
 * of the tables for df ≥ 3, slightly above them, e.g. 26.32 for df = 8
 * against 26.12): a statistic above it rejects the fit at p = 0.001.
 */
export function chiSquareCritical001(df) {
  const z = 3.090232; // the standard normal's 0.999 quantile
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}
