/**
 * Record, replay, rollback (to become the `capsule2d/replay` entry point; it
 * imports the core, the core never imports it).
 *
 * - `new Recorder(world, options)` records every call that changes the world
 *   (complete by construction, through the journal hook in
 *   src/world/journal.ts), each step's hash and a ring of binary snapshots;
 *   `recorder.input(value)` records the game's inputs; `recorder.rollback(step)`
 *   rebuilds the world at an earlier step for netcode.
 * - `replay(recording)` makes the calls again on the world the recording began
 *   with; `worldAt(recording, step)` rebuilds any recorded step.
 * - `verify(recording, other)` finds the first step, body and field where two
 *   runs part.
 * - `deltaSnapshot(base, current)` / `applyDelta(base, delta)`: only what
 *   changed between two binary snapshots.
 * - `Recording.fromBuffer(data)` reads a saved recording, refusing a corrupt,
 *   truncated or incompatible one with an error that says what is wrong.
 */
export { Recorder } from "./recorder.js";
export type { RecorderOptions } from "./recorder.js";
export { Recording, RECORDING_VERSION } from "./recording.js";
export type { RecordedCall } from "./recording.js";
export { replay, worldAt, bodyById, jointById } from "./replay.js";
export type { ReplayOptions, ReplayResult } from "./replay.js";
export { verify } from "./verify.js";
export { deltaSnapshot, applyDelta } from "./delta.js";
export type { Divergence, VerifyResult, VerifyOptions } from "./verify.js";
