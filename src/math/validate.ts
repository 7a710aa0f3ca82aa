/**
 * Argument checks shared by every public entry point. Each throws before any
 * state is touched, with a message that names the parameter and the value, so
 * bad input never reaches a body or the world.
 */
import type { Vec2 } from "./vec2.js";

/**
 * A value as an error message shows it: at most 80 characters (a hostile 10 MB
 * key or a huge array is cut), and never a stack overflow (JSON of 200,000
 * nested arrays throws, and is described instead).
 */
function show(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === "bigint" ? `${value}n`
      : typeof value === "string" || (value !== null && typeof value === "object") ? (JSON.stringify(value) ?? String(value))
      : String(value);
  } catch {
    text = Array.isArray(value) ? "an array" : "an object";
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
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

/** A bound as error messages and the docs write it (1e6, not 1000000). */
export function bound(n: number): string {
  const plain = String(n);
  const exp = n.toExponential().replace("e+", "e");
  return exp.length < plain.length ? exp : plain;
}

export function inRange(name: string, value: unknown, lo: number, hi: number): number {
  const v = finite(name, value);
  if (!(v >= lo && v <= hi)) {
    throw new RangeError(`capsule2d: ${name} must be in [${bound(lo)}, ${bound(hi)}], got ${show(value)}`);
  }
  return v;
}

/**
 * The accepted range of every numeric input (docs/untrusted-input.md lists
 * them). Wide enough for any game (the engine is tuned for bodies of 0.05–20 m
 * moving at up to its speed cap), narrow enough that no product the step forms
 * of them overflows: inverse masses and inertias stay finite, squared
 * distances stay below 1e300. Box2D checks the same way (`b2IsValidFloat`,
 * its "huge" world size).
 */
export const LIMITS = /* @__PURE__ */ Object.freeze({
  /** |x|, |y| of a position, anchor, origin or point given by the user, m. */
  coordinate: 1e6,
  /** |x|, |y| of a velocity, m/s; |angular velocity|, rad/s. */
  speed: 1e6,
  /** |angle|, rad. */
  angle: 1e6,
  /** radius, halfWidth, halfHeight: [sizeMin, sizeMax] m (halfLength: [0, sizeMax]). */
  sizeMin: 1e-9,
  sizeMax: 1e5,
  /** density (kg/m²) and mass (kg): at most this; a dynamic body's mass at least `massMin`. */
  massMax: 1e12,
  massMin: 1e-12,
  /** friction, at most. */
  friction: 1e3,
  /** restitution, at most. */
  restitution: 10,
  /** linear and angular damping, gravityScale, accelerations (gravity, m/s²), at most in magnitude. */
  scale: 1e6,
  /** |force|, |impulse|, |torque| given in one call (N, N·s, N·m). */
  force: 1e18,
  /** A step's dt and fixedDt: [dtMin, dtMax] s. */
  dtMin: 1e-6,
  dtMax: 10,
  /** Stiffness (hertz) and damping ratios, at most. */
  hertz: 1e6,
  dampingRatio: 1e4,
  /**
   * What a snapshot's state fields (positions, forces, impulses, the time...)
   * may hold: far beyond what a simulation reaches (a body at the speed cap
   * needs 30 years to cross it), far below overflow.
   */
  huge: 1e15,
});

/** A number in [-max, max]. */
export function magnitude(name: string, value: unknown, max: number): number {
  return inRange(name, value, -max, max);
}

/** A `{ x, y }` whose coordinates are in [-max, max]. */
export function vectorIn(name: string, value: unknown, max: number): Vec2 {
  const v = vector(name, value);
  // the names are built only for a value out of range: a template string allocates, and
  // setVelocity and its kind run every step in a game
  if (!(v.x >= -max && v.x <= max)) magnitude(`${name}.x`, v.x, max);
  if (!(v.y >= -max && v.y <= max)) magnitude(`${name}.y`, v.y, max);
  return v;
}

/** A world point given by the user (`LIMITS.coordinate`). */
export function point(name: string, value: unknown): Vec2 {
  return vectorIn(name, value, LIMITS.coordinate);
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
  if (key.length > 256) return null;
  const k = key.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of allowed) {
    // the distance is at least the difference of the lengths: a far longer key is not compared at all,
    // so a hostile 10 MB key costs one pass (toLowerCase), not a key × name matrix
    if (Math.abs(k.length - name.length) > Math.max(2, Math.floor(name.length / 3))) continue;
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
      `capsule2d: unknown ${what} option ${show(key)}` + (near !== null ? `; did you mean ${JSON.stringify(near)}?` : ""),
    );
  }
}

/** `value` (already checked to be a number, with its sign) within [lo, hi], else the RangeError naming the range. */
export function within(name: string, value: number, lo: number, hi: number): number {
  return inRange(name, value, lo, hi);
}

/** A size (radius, half extent): > 0, within [LIMITS.sizeMin, LIMITS.sizeMax]. */
export function size(name: string, value: unknown): number {
  return within(name, positive(name, value), LIMITS.sizeMin, LIMITS.sizeMax);
}

/** A step's length: > 0, within [LIMITS.dtMin, LIMITS.dtMax] s. */
export function dt(name: string, value: unknown): number {
  return within(name, positive(name, value), LIMITS.dtMin, LIMITS.dtMax);
}

/** The largest magnitude of each numeric joint setting (definition keys and setter parameters). */
// numbers, not LIMITS' properties, so that bundles without the joints drop the table (the values are LIMITS')
const JOINT_MAX: Readonly<Record<string, number>> = {
  hertz: 1e6,
  linearHertz: 1e6,
  angularHertz: 1e6,
  dampingRatio: 1e4,
  motorSpeed: 1e6,
  maxMotorTorque: 1e18,
  maxMotorForce: 1e18,
  maxForce: 1e18,
  maxTorque: 1e18,
  lowerAngle: 1e6,
  upperAngle: 1e6,
  referenceAngle: 1e6,
  angularOffset: 1e6,
  lower: 1e7, // a distance between two points within LIMITS.coordinate, and more
  upper: 1e7, // a distance between two points within LIMITS.coordinate, and more
  length: 1e7, // a distance between two points within LIMITS.coordinate, and more
  minLength: 1e7, // a distance between two points within LIMITS.coordinate, and more
  maxLength: 1e7, // a distance between two points within LIMITS.coordinate, and more
};

/** The range of a joint setting `name` (docs/untrusted-input.md), as [-max, max]. */
export function jointMax(name: string): number {
  return JOINT_MAX[name] ?? LIMITS.huge;
}

/** A joint setting: finite, within ±jointMax(name). */
export function jointNumber(name: string, value: unknown): number {
  return magnitude(name, value, jointMax(name));
}

/** A joint setting >= 0, within jointMax(name). */
export function jointNonNegative(name: string, value: unknown): number {
  return within(name, nonNegative(name, value), 0, jointMax(name));
}
