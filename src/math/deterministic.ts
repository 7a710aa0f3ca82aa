/**
 * Deterministic sine, cosine and arctangent for user code (game logic that
 * must give the same bits in every JavaScript engine: replays, rollback
 * netcode). The engine uses them itself (src/math/trig.ts).
 *
 * Exact in every engine (IEEE 754 requires the correctly rounded result):
 * `+ - * / %`, `Math.sqrt`, `Math.abs`, `Math.floor`, `Math.ceil`,
 * `Math.round`, `Math.trunc`, `Math.sign`, `Math.min`, `Math.max`,
 * `Math.fround`, `Math.imul`, `Math.clz32`.
 * Not: `Math.sin/cos/tan`, `asin/acos/atan/atan2`, the hyperbolic functions,
 * `exp/expm1/log/log1p/log2/log10`, `pow` and `**`, `cbrt`, `hypot` (each
 * engine rounds its own way) and `Math.random`.
 */
import { detAtan2, detCos, detSin } from "./trig.js";

function num(name: string, v: unknown): number {
  if (typeof v !== "number") throw new TypeError(`capsule2d: ${name} must be a number, got ${typeof v === "string" ? JSON.stringify(v) : String(v)}`);
  return v;
}

/** sin(x), the same bits in every JavaScript engine. Accurate for |x| up to about 1e6 (NaN for NaN or ±Infinity). */
export function deterministicSin(x: number): number {
  num("x", x);
  return Number.isFinite(x) ? detSin(x) : NaN;
}

/** cos(x), the same bits in every JavaScript engine. Accurate for |x| up to about 1e6 (NaN for NaN or ±Infinity). */
export function deterministicCos(x: number): number {
  num("x", x);
  return Number.isFinite(x) ? detCos(x) : NaN;
}

/** atan2(y, x) in [−π, π], the same bits in every JavaScript engine; signed zeros and infinities as `Math.atan2`. */
export function deterministicAtan2(y: number, x: number): number {
  num("y", y);
  num("x", x);
  return detAtan2(y, x);
}
