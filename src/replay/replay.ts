/**
 * Replaying a recording: a world rebuilt from a snapshot, then the recorded
 * calls made again, in order, with the same arguments (the same bits).
 * Continuing from a restored snapshot is bit-identical to never having
 * stopped, and every call is deterministic, so the replayed run passes
 * through the same states: `verify` checks it step by step.
 */
import type { PreSolveFn } from "../world/contact-control.js";
import type { Body } from "../bodies/body.js";
import type { Joint } from "../joints/joint.js";
import type { ForceField } from "../solver/integrate.js";
import * as check from "../math/validate.js";
import type { World } from "../world/full-world.js";
import { World as BinaryWorld, withBinarySnapshots } from "../world/binary-world.js";
import type { WorldOptions } from "../world/options.js";
import { Recording, type RingEntry } from "./recording.js";
import { Recorder } from "./recorder.js";
import { applyOps, startFor } from "./apply.js";

/**
 * A World class whose worlds a replay is made of: `World` of `capsule2d`
 * (or of `capsule2d/binary`), or of `capsule2d/threads`. The replay makes
 * them with binary snapshots (a recording's snapshots are binary) as
 * `withBinarySnapshots(World)` of `capsule2d/binary` does, so the class
 * need not have them.
 */
export interface WorldFromSnapshot {
  /** A world of `options`. */
  new (options?: WorldOptions): World;
  /** The world a snapshot describes. */
  fromSnapshot(data: ArrayBuffer): World;
}

/** Options of `replay` and `worldAt`. */
export interface ReplayOptions {
  /** Stop after this step (a world `stepCount`; default: the last recorded step). */
  until?: number;
  /** The force field, when the recorded run used one (a function is not saved in a recording). */
  forceField?: ForceField;
  /** Called with each recorded game input, and the step it was recorded for, as the replay reaches it. */
  onInput?: (value: unknown, step: number) => void;
  /**
   * The pre-solve callback, when the recorded run used one (`world.setPreSolve`
   * is code, like event listeners: it is not recorded). Set on the replayed world.
   */
  preSolve?: PreSolveFn;
  /**
   * The World whose `fromSnapshot` rebuilds the recorded world (default
   * `capsule2d`'s): pass `World` from `capsule2d/threads` for a run recorded
   * with `solverThreads` ≥ 2.
   */
  World?: WorldFromSnapshot;
}

/** What `replay` returns. */
export interface ReplayResult {
  /** The world after the last replayed step. */
  world: World;
  /** The replayed run, recorded again (compare it with `verify(original, result)`). */
  recording: Recording;
}

/** How recorded force fields are found: the recording's own (in memory), else the one given. */
function fieldResolver(rec: Recording, given: ForceField | undefined): (index: number) => ForceField {
  return (index) => {
    const f = (rec.fields[index] as ForceField | undefined) ?? given;
    if (f === undefined) {
      throw new TypeError("capsule2d: this recording uses a force field (code, not saved in it): pass it as options.forceField");
    }
    return f;
  };
}

/**
 * @internal A world rebuilt at `entry` (a world of `make`, default
 * capsule2d's World), with binary snapshots (a recording's are binary, and
 * the replayed world is recorded again) and its force field back.
 */
export function restoreEntry(entry: RingEntry, field: (index: number) => ForceField, make?: WorldFromSnapshot): World {
  const world = (make === undefined ? BinaryWorld : withBinarySnapshots(make)).fromSnapshot(entry.buffer);
  if (entry.field >= 0) world.restoreForceField(field(entry.field));
  return world;
}

function checkRecording(recording: unknown): Recording {
  if (recording instanceof Recording) return recording;
  throw new TypeError(`capsule2d: recording must be a Recording (from a Recorder or Recording.fromBuffer), got ${check.describe(recording)}`);
}

function checkOptions(options: unknown): ReplayOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
  check.knownKeys("options", options, ["until", "forceField", "onInput", "preSolve", "World"]);
  const o = options as ReplayOptions;
  if (o.World !== undefined && (typeof o.World !== "function" || typeof (o.World as { fromSnapshot?: unknown }).fromSnapshot !== "function")) {
    throw new TypeError(`capsule2d: options.World must be a World class with fromSnapshot (World from "capsule2d", "capsule2d/binary" or "capsule2d/threads"), got ${check.describe(o.World)}`);
  }
  if (o.forceField !== undefined && typeof o.forceField !== "function") {
    throw new TypeError(`capsule2d: options.forceField must be a function, got ${check.describe(o.forceField)}`);
  }
  if (o.preSolve !== undefined && typeof o.preSolve !== "function") {
    throw new TypeError(`capsule2d: options.preSolve must be a function, got ${check.describe(o.preSolve)}`);
  }
  if (o.onInput !== undefined && typeof o.onInput !== "function") {
    throw new TypeError(`capsule2d: options.onInput must be a function, got ${check.describe(o.onInput)}`);
  }
  return o;
}

/**
 * The world as it was after step `step` of a recording (a world
 * `stepCount`, from `firstStep` to `lastStep`), rebuilt from the nearest
 * snapshot kept at or before it and the calls recorded since. A new world:
 * no listeners, no recorder.
 */
export function worldAt(recording: Recording, step: number, options?: Pick<ReplayOptions, "forceField" | "preSolve" | "World">): World {
  const rec = checkRecording(recording);
  const o = checkOptions(options);
  rec.checkStep("step", step);
  const field = fieldResolver(rec, o.forceField);
  const entry = startFor(rec, step);
  const world = restoreEntry(entry, field, o.World);
  if (o.preSolve !== undefined) world.setPreSolve(o.preSolve);
  applyOps(world, rec, entry.opEnd, rec.opEndAt(step), field);
  return world;
}

/**
 * Replay a recording from its start: the world it began with, and every
 * recorded call made again. Returns the world after the last step (or
 * `options.until`) and the replayed run, recorded again.
 */
export function replay(recording: Recording, options?: ReplayOptions): ReplayResult {
  const rec = checkRecording(recording);
  const o = checkOptions(options);
  // to the end of the recording (calls after its last step included), or to the end of step `until`
  const end = o.until === undefined ? rec.ops.length : rec.opEndAt(rec.checkStep("options.until", o.until));
  if (o.forceField === undefined && rec.fields.length === 0 && rec.usesForceField) {
    throw new TypeError("capsule2d: this recording uses a force field (code, not saved in it): pass it as options.forceField");
  }
  const field = fieldResolver(rec, o.forceField);
  const start: RingEntry = { step: rec.firstStep, opEnd: 0, buffer: rec.initial, field: rec.initialField };
  const world = restoreEntry(start, field, o.World);
  if (o.preSolve !== undefined) world.setPreSolve(o.preSolve);
  const recorder = new Recorder(world);
  try {
    applyOps(world, rec, 0, end, field, o.onInput);
  } finally {
    recorder.detach();
  }
  return { world, recording: recorder.recording };
}
