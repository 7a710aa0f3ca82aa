/**
 * Sine and cosine that give the same bits in every JavaScript engine.
 *
 * `Math.sin` and `Math.cos` are only required to be "implementation-
 * approximated": Node 20 and a current Chromium already disagree in the last
 * bit for about one argument in fifteen. A body created with `angle: 0.3` in
 * each would then start from different rotations and two lockstep peers
 * would drift apart. These versions use only + − × ÷ and Math.round, which
 * IEEE 754 defines exactly, so the result is the same everywhere (and within
 * about one unit in the last place of the true value).
 *
 * Method: reduce x to r = x − k·π/2 with |r| ≤ π/4 (π/2 split into three
 * parts, Cody–Waite, so k·part is exact for |k| < 2²⁰), evaluate the Taylor
 * polynomials of sin r and cos r (the first omitted term is below 1e-19 on
 * that interval), and pick the quadrant from k.
 */

const PIO2_1 = 1.5707963267341256; // first 33 bits of π/2
const PIO2_2 = 6.077100506303966e-11; // next 33 bits
const PIO2_3 = 2.0222662487111665e-21; // the rest
const TWO_OVER_PI = 0.6366197723675814;

// 1/n! for the polynomials (each a correctly rounded division, the same everywhere)
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const S17 = 1 / 355687428096000;
const C2 = -1 / 2;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;
const C18 = -1 / 6402373705728000;

function sinPoly(r: number): number {
  const z = r * r;
  return r + r * z * (S3 + z * (S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))))));
}

function cosPoly(r: number): number {
  const z = r * r;
  return 1 + z * (C2 + z * (C4 + z * (C6 + z * (C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18))))))));
}

/** Quadrant k and reduced argument r of x = k·π/2 + r. */
let reducedR = 0;
function reduce(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  reducedR = x - k * PIO2_1 - k * PIO2_2 - k * PIO2_3;
  return ((k % 4) + 4) % 4;
}

/** sin(x), bit-identical in every engine. For |x| up to about 1e6. */
export function detSin(x: number): number {
  if (x === 0) return x; // keeps −0
  const q = reduce(x);
  const r = reducedR;
  return q === 0 ? sinPoly(r) : q === 1 ? cosPoly(r) : q === 2 ? -sinPoly(r) : -cosPoly(r);
}

/** cos(x), bit-identical in every engine. For |x| up to about 1e6. */
export function detCos(x: number): number {
  if (x === 0) return 1;
  const q = reduce(x);
  const r = reducedR;
  return q === 0 ? cosPoly(r) : q === 1 ? -sinPoly(r) : q === 2 ? -cosPoly(r) : sinPoly(r);
}
