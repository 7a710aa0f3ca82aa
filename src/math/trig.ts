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

// ---------------------------------------------------------------- atan, atan2
//
// fdlibm's algorithm (the one behind Java's StrictMath and V8's Math.atan2):
// reduce |x| to a small argument around 0, ½, 1, 1½ or ∞ with one division,
// then an odd minimax polynomial of degree 23, with atan of the breakpoint
// added back in two parts (hi + lo). Within 1 unit in the last place.

const ATAN_HI = [4.63647609000806093515e-1, 7.85398163397448278999e-1, 9.82793723247329054082e-1, 1.5707963267948965580];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
export const AT0 = 3.33333333333329318027e-1;
export const AT1 = -1.99999999998764832476e-1;
export const AT2 = 1.42857142725034663711e-1;
export const AT3 = -1.11111104054623557880e-1;
export const AT4 = 9.09088713343650656196e-2;
export const AT5 = -7.69187620504482999495e-2;
export const AT6 = 6.66107313738753120669e-2;
export const AT7 = -5.83357013379057348645e-2;
export const AT8 = 4.97687799461593236017e-2;
export const AT9 = -3.65315727442169155270e-2;
export const AT10 = 1.62858201153657823623e-2;
const PI = 3.1415926535897931160;
const PI_LO = 1.2246467991473531772e-16;
const PI_O_2 = 1.5707963267948965580;
const TWO_POW_66 = 73786976294838206464;
const TWO_POW_M27 = 7.450580596923828e-9;
const ATAN_INF = 1.5707963267948965580 + 6.12323399573676603587e-17; // ATAN_HI[3] + ATAN_LO[3]

/**
 * Where `detAtanTo` and `detAtan2To` write their result: hot paths (the
 * joint solver) call these, because V8 boxes a number returned from a call
 * it does not inline, and a typed-array store allocates nothing.
 */
export const trigOut = new Float64Array(1);
/** The inputs of `detAtan2In`: y, x (and, inside, atan's argument). */
export const trigIn = new Float64Array(3);

/** atan(x), bit-identical in every engine. */
export function detAtan(x: number): number {
  detAtanTo(x);
  return trigOut[0]!;
}

/** atan(x) into trigOut[0]. */
export function detAtanTo(x: number): void {
  trigIn[2] = x;
  atanInto();
}

/** atan(trigIn[2]) into trigOut[0] (no number passed or returned: see trigOut). */
function atanInto(): void {
  const x = trigIn[2]!;
  if (x !== x) {
    trigOut[0] = x; // NaN
    return;
  }
  const ax = x < 0 ? -x : x;
  if (ax >= TWO_POW_66) {
    trigOut[0] = x < 0 ? -ATAN_INF : ATAN_INF;
    return;
  }
  let id: number;
  let t: number;
  if (ax < 0.4375) {
    if (ax < TWO_POW_M27) {
      trigOut[0] = x; // atan(x) = x to double precision (keeps −0)
      return;
    }
    id = -1;
    t = x;
  } else if (ax < 0.6875) {
    id = 0;
    t = (2 * ax - 1) / (2 + ax);
  } else if (ax < 1.1875) {
    id = 1;
    t = (ax - 1) / (ax + 1);
  } else if (ax < 2.4375) {
    id = 2;
    t = (ax - 1.5) / (1 + 1.5 * ax);
  } else {
    id = 3;
    t = -1 / ax;
  }
  const z = t * t;
  const w = z * z;
  // the odd and even halves of the polynomial, evaluated separately as fdlibm does
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) {
    trigOut[0] = t - t * (s1 + s2);
    return;
  }
  const r = ATAN_HI[id]! - (t * (s1 + s2) - ATAN_LO[id]! - t);
  trigOut[0] = x < 0 ? -r : r;
}

/**
 * atan2(y, x) in [-π, π], bit-identical in every engine (Math.atan2 is not:
 * its last bits depend on the JavaScript engine). Signed zeros and infinities
 * follow Math.atan2.
 */
export function detAtan2(y: number, x: number): number {
  detAtan2To(y, x);
  return trigOut[0]!;
}

/** atan2(y, x) into trigOut[0] (see detAtan2). */
export function detAtan2To(y: number, x: number): void {
  trigIn[0] = y;
  trigIn[1] = x;
  detAtan2In();
}

/** atan2(trigIn[0], trigIn[1]) into trigOut[0]: for hot paths, where even passing numbers to a call that is not inlined boxes them. */
export function detAtan2In(): void {
  const y = trigIn[0]!;
  const x = trigIn[1]!;
  if (x === 1) {
    trigIn[2] = y;
    atanInto();
    return;
  }
  if (y === 0 && x > 0) {
    trigOut[0] = y; // ±0 (no turn: a joint between unturned bodies; kept off the boxed path below)
    return;
  }
  const ax = x < 0 ? -x : x;
  const ay = y < 0 ? -y : y;
  if (ax === Infinity || ay === Infinity || x === 0 || y === 0 || x !== x || y !== y) {
    trigOut[0] = atan2Special(y, x);
    return;
  }
  // the common case, written so that nothing returns a number across a call
  const ratio = ay / ax;
  const xNeg = x < 0;
  const yNeg = y < 0;
  let z: number;
  let quadrantFromX = xNeg;
  if (ratio > 1.152921504606847e18) {
    z = PI_O_2 + 0.5 * PI_LO; // |y/x| > 2^60
    quadrantFromX = false;
  } else if (xNeg && ratio < 8.673617379884035e-19) {
    z = 0; // |y/x| < 2^-60 with x < 0: the answer is ±π
  } else {
    trigIn[2] = ratio;
    atanInto();
    z = trigOut[0]!;
  }
  if (!quadrantFromX) trigOut[0] = yNeg ? -z : z;
  else trigOut[0] = yNeg ? z - PI_LO - PI : PI - (z - PI_LO);
}

/** atan2 for NaN, zeros and infinities (and every other input: the reference the fast path above matches). */
function atan2Special(y: number, x: number): number {
  if (x !== x || y !== y) return NaN;
  if (x === 1) return detAtan(y);
  const yNeg = y < 0 || (y === 0 && 1 / y < 0);
  const xNeg = x < 0 || (x === 0 && 1 / x < 0);
  if (y === 0) return xNeg ? (yNeg ? -PI : PI) : y; // ±0 or ±π
  if (x === 0) return yNeg ? -PI_O_2 : PI_O_2;
  const ax = xNeg ? -x : x;
  const ay = yNeg ? -y : y;
  if (ax === Infinity) {
    if (ay === Infinity) {
      const q = xNeg ? 3 * (PI / 4) : PI / 4;
      return yNeg ? -q : q;
    }
    return xNeg ? (yNeg ? -PI : PI) : yNeg ? -0 : 0;
  }
  if (ay === Infinity) return yNeg ? -PI_O_2 : PI_O_2;
  const ratio = ay / ax;
  let z: number;
  let quadrantFromX = xNeg;
  if (ratio > 1.152921504606847e18) {
    z = PI_O_2 + 0.5 * PI_LO; // |y/x| > 2^60
    quadrantFromX = false;
  } else if (xNeg && ratio < 8.673617379884035e-19) {
    z = 0; // |y/x| < 2^-60 with x < 0: the answer is ±π
  } else {
    z = detAtan(ratio);
  }
  if (!quadrantFromX) return yNeg ? -z : z;
  return yNeg ? z - PI_LO - PI : PI - (z - PI_LO);
}
