/**
 * Where two runs part: `verify` compares the per-step hashes of a recording
 * with those of another run, and at the first step that differs rebuilds
 * both worlds there and compares them body by body (in id order, the fields
 * `stateHash()` covers) to name the first body that differs and how.
 */
import type { Body } from "../bodies/body.js";
import type { ForceField } from "../solver/integrate.js";
import * as check from "../math/validate.js";
import { World } from "../world/full-world.js";
import { Recording } from "./recording.js";
import { worldAt, type ReplayResult, type WorldFromSnapshot } from "./replay.js";

/** The first place two runs differ. */
export interface Divergence {
  /** The first step (a world `stepCount`) after which the states differ. */
  step: number;
  /** Id of the first body (lowest id) that differs there; null when the runs differ only in length. */
  body: number | null;
  /** The first field of that body that differs ("position.x", ...; "present" when one run lacks the body). */
  field: string | null;
  /** Every field of that body that differs. */
  fields: string[];
  /** That field's value in the expected run and in the other (exact; null when absent). */
  expected: number | null;
  /** That field's value in the other run (exact; null when absent). */
  actual: number | null;
  /** `stateHash()` after `step` in each run (null past the end of a run). */
  expectedHash: string | null;
  /** `stateHash()` after `step` in the other run (null past its end). */
  actualHash: string | null;
  /** The above in a sentence. */
  message: string;
}

/** What `verify` found: whether the runs agree, and where they first part. */
export interface VerifyResult {
  /** Same states after every step both runs have, and the same number of steps. */
  ok: boolean;
  /** Steps compared. */
  steps: number;
  /** The first step, body and field where the runs part, or null when they agree. */
  divergence: Divergence | null;
}

/** Options of `verify`. */
export interface VerifyOptions {
  /** The force field, when the runs used one (needed to rebuild a world at the diverging step). */
  forceField?: ForceField;
  /** The World that rebuilds the runs' worlds at the diverging step (as `replay`'s option: `World` from `capsule2d/threads` for runs with `solverThreads` ≥ 2). */
  World?: WorldFromSnapshot;
}

/** The body fields `stateHash()` covers, in the order they are compared. */
const FIELDS: readonly [string, (b: Body) => number][] = [
  ["position.x", (b) => b.px],
  ["position.y", (b) => b.py],
  ["rotation.cos", (b) => b.qc],
  ["rotation.sin", (b) => b.qs],
  ["velocity.x", (b) => b.vx],
  ["velocity.y", (b) => b.vy],
  ["angularVelocity", (b) => b.w],
];

/** Compare two worlds body by body: the first body (by id) that differs, or null. */
export function compareWorlds(expected: World, actual: World): Pick<Divergence, "body" | "field" | "fields" | "expected" | "actual"> | null {
  const a = expected.bodies;
  const b = actual.bodies;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === undefined || (y !== undefined && y._id < x._id)) {
      return { body: y!._id, field: "present", fields: ["present"], expected: null, actual: 1 };
    }
    if (y === undefined || x._id < y._id) {
      return { body: x._id, field: "present", fields: ["present"], expected: 1, actual: null };
    }
    const fields: string[] = [];
    for (const [name, get] of FIELDS) if (!Object.is(get(x), get(y))) fields.push(name);
    if (fields.length > 0) {
      const get = FIELDS.find((f) => f[0] === fields[0])![1];
      return { body: x._id, field: fields[0]!, fields, expected: get(x), actual: get(y) };
    }
    i++;
    j++;
  }
  return null;
}

function describeDivergence(d: Omit<Divergence, "message">): string {
  if (d.body === null) {
    if (d.expectedHash !== null && d.actualHash !== null) return `the runs part at step ${d.step}: the hashes differ, but no body's position, rotation or velocity does`;
    return `the runs part at step ${d.step}: ${d.actualHash === null ? "the other run ends before it" : "the expected run ends before it"}`;
  }
  if (d.field === "present") {
    return `the runs part at step ${d.step}: body #${d.body} is ${d.expected === null ? "only in the other run" : "missing from the other run"}`;
  }
  return (
    `the runs part at step ${d.step}: body #${d.body} ${d.field} is ${d.expected} in the expected run and ${d.actual} in the other` +
    (d.fields.length > 1 ? ` (also ${d.fields.slice(1).join(", ")})` : "")
  );
}

function divergence(d: Omit<Divergence, "message">): Divergence {
  return { ...d, message: describeDivergence(d) };
}

/**
 * Compare a recording with another run: a recording (or a `replay` result),
 * step by step, or a world, at its current step. Returns `ok` when they
 * agree; otherwise the first step where they part and, rebuilt there, the
 * first body and field that differ.
 */
export function verify(expected: Recording, actual: Recording | ReplayResult | World, options: VerifyOptions = {}): VerifyResult {
  if (!(expected instanceof Recording)) {
    throw new TypeError(`capsule2d: expected must be a Recording, got ${check.describe(expected)}`);
  }
  if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
  check.knownKeys("options", options, ["forceField", "World"]);
  const ff = { forceField: options.forceField, World: options.World };
  if (actual instanceof World) {
    const step = actual.stepCount;
    if (step === expected.firstStep || step < expected.firstStep || step > expected.lastStep) {
      throw new RangeError(
        `capsule2d: the world is at step ${step}, which the recording does not hash (steps ${expected.firstStep + 1} to ${expected.lastStep})`,
      );
    }
    const expectedHash = expected.hashAt(step);
    const actualHash = actual.stateHash();
    if (expectedHash === actualHash) return { ok: true, steps: 1, divergence: null };
    const diff = compareWorlds(worldAt(expected, step, ff), actual);
    return { ok: false, steps: 1, divergence: divergence({ step, ...bodyOrNone(diff), expectedHash, actualHash }) };
  }
  const other = actual instanceof Recording ? actual : (actual as ReplayResult | null)?.recording;
  if (!(other instanceof Recording)) {
    throw new TypeError(`capsule2d: actual must be a Recording, a replay() result or a World, got ${check.describe(actual)}`);
  }
  const from = Math.max(expected.firstStep, other.firstStep);
  const to = Math.min(expected.lastStep, other.lastStep);
  let compared = 0;
  for (let step = from + 1; step <= to; step++) {
    compared++;
    const expectedHash = expected.hashAt(step);
    const actualHash = other.hashAt(step);
    if (expectedHash === actualHash) continue;
    const diff = compareWorlds(worldAt(expected, step, ff), worldAt(other, step, ff));
    return { ok: false, steps: compared, divergence: divergence({ step, ...bodyOrNone(diff), expectedHash, actualHash }) };
  }
  if (expected.lastStep !== other.lastStep) {
    const step = to + 1;
    return {
      ok: false,
      steps: compared,
      divergence: divergence({
        step,
        body: null,
        field: null,
        fields: [],
        expected: null,
        actual: null,
        expectedHash: step <= expected.lastStep ? expected.hashAt(step) : null,
        actualHash: step <= other.lastStep ? other.hashAt(step) : null,
      }),
    };
  }
  return { ok: true, steps: compared, divergence: null };
}

function bodyOrNone(diff: ReturnType<typeof compareWorlds>): Pick<Divergence, "body" | "field" | "fields" | "expected" | "actual"> {
  // equal hashes' worlds differ somewhere; if no hashed field does, the hashes collided the other way (reported as is)
  return diff ?? { body: null, field: null, fields: [], expected: null, actual: null };
}
