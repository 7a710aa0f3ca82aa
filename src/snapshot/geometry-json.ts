/**
 * The small helpers the geometry records (geometry.ts, compound-geometry.ts,
 * chain-geometry.ts) share: bit-exact comparison, and numbers, points and
 * objects as JSON writes and reads them (JSON has no −0: the string "-0").
 */
import * as check from "../math/validate.js";
import type { GeometryErrors } from "./field.js";

/** Same bits (−0 is not 0). */
export function same(a: number, b: number): boolean {
  return Object.is(a, b);
}

/** A number as JSON holds it (−0 as "-0"). */
export function jsonNumber(v: number): number | "-0" {
  return Object.is(v, -0) ? "-0" : v;
}

/** A point as JSON holds it. */
export function point(x: number, y: number): { x: number | "-0"; y: number | "-0" } {
  return { x: jsonNumber(x), y: jsonNumber(y) };
}

/** A finite number read from JSON ("-0" is −0), or the error naming `where`. */
export function jsonNum(e: GeometryErrors, where: string, raw: unknown): number {
  if (raw === "-0") return -0;
  if (typeof raw !== "number") e.typeFail(`${where} must be a number, got ${check.describe(raw)}`);
  if (!Number.isFinite(raw)) e.fail(`${where} must be a finite number, got ${raw}`);
  return raw;
}

/** An object (not an array) read from JSON, or the error naming `where`. */
export function jsonObject(e: GeometryErrors, where: string, raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) e.typeFail(`${where} must be an object, got ${check.describe(raw)}`);
  return raw as Record<string, unknown>;
}
