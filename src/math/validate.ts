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

/** An object (not null): definitions and options objects. */
export function object(name: string, value: unknown): void {
  if (value === null || typeof value !== "object") throw new TypeError(`capsule2d: ${name} must be an object, got ${describe(value)}`);
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

/** Edit distance with adjacent transpositions (optimal string alignment), for "did you mean". */
function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = [];
  for (let i = 0; i <= m; i++) {
    d.push([i]);
    for (let j = 1; j <= n; j++) d[i]!.push(i === 0 ? j : 0);
  }
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[m]![n]!;
}

/** The allowed name closest to `key` (case-insensitive), or null when none is close. */
export function nearestName(key: string, allowed: readonly string[]): string | null {
  const k = key.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of allowed) {
    const dist = editDistance(k, name.toLowerCase());
    if (dist < bestDistance) {
      bestDistance = dist;
      best = name;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : null;
}

/**
 * Throws a TypeError for the first key of `options` that is not in `allowed`,
 * naming it and the nearest valid key (a misspelt option is never silently ignored).
 */
export function knownKeys(what: string, options: object, allowed: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    const near = nearestName(key, allowed);
    throw new TypeError(
      `capsule2d: unknown ${what} option ${JSON.stringify(key)}` + (near !== null ? `; did you mean ${JSON.stringify(near)}?` : ""),
    );
  }
}
