/**
 * Argument checks shared by every public entry point. Each throws before any
 * state is touched, with a message that names the parameter and the value, so
 * bad input never reaches a body or the world.
 */
import type { Vec2 } from "./vec2.js";

function show(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function describe(value: unknown): string {
  return show(value);
}

/** A finite number (TypeError for a non-number, RangeError for NaN or ±Infinity). */
export function finite(name: string, value: unknown): number {
  if (typeof value !== "number") {
    throw new TypeError(`capsule2d: ${name} must be a number, got ${show(value)}`);
  }
  if (!Number.isFinite(value)) {
    throw new RangeError(`capsule2d: ${name} must be a finite number, got ${show(value)}`);
  }
  return value;
}

export function positive(name: string, value: unknown): number {
  const v = finite(name, value);
  if (!(v > 0)) throw new RangeError(`capsule2d: ${name} must be > 0, got ${show(value)}`);
  return v;
}

export function nonNegative(name: string, value: unknown): number {
  const v = finite(name, value);
  if (!(v >= 0)) throw new RangeError(`capsule2d: ${name} must be >= 0, got ${show(value)}`);
  return v;
}

export function inRange(name: string, value: unknown, lo: number, hi: number): number {
  const v = finite(name, value);
  if (!(v >= lo && v <= hi)) {
    throw new RangeError(`capsule2d: ${name} must be in [${lo}, ${hi}], got ${show(value)}`);
  }
  return v;
}

export function integer(name: string, value: unknown, lo: number, hi: number): number {
  const v = finite(name, value);
  if (!Number.isInteger(v) || v < lo || v > hi) {
    throw new RangeError(`capsule2d: ${name} must be an integer in [${lo}, ${hi}], got ${show(value)}`);
  }
  return v;
}

/** A `{ x, y }` of finite numbers. */
export function vector(name: string, value: unknown): Vec2 {
  if (value === null || typeof value !== "object") {
    throw new TypeError(`capsule2d: ${name} must be an { x, y } object, got ${show(value)}`);
  }
  const v = value as { x: unknown; y: unknown };
  finite(`${name}.x`, v.x);
  finite(`${name}.y`, v.y);
  return v as Vec2;
}

export function boolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") {
    throw new TypeError(`capsule2d: ${name} must be a boolean, got ${show(value)}`);
  }
  return value;
}

export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new TypeError(
      `capsule2d: ${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}, got ${show(value)}`,
    );
  }
  return value as T;
}
