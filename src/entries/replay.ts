/**
 * `capsule2d/replay`: record, replay, rollback. A separate entry point, so
 * that a game that does not record pays nothing for it: it imports the core
 * (the same copy as `capsule2d`), the core never imports it.
 *
 * ```ts
 * import { World } from "capsule2d";
 * import { Recorder, replay, verify } from "capsule2d/replay";
 * ```
 *
 * - `new Recorder(world, options)` records every call that changes the world
 *   (complete by construction, through the journal hook in
 *   src/world/journal.ts), each step's hash and a ring of binary snapshots;
 *   `recorder.input(value)` records the game's inputs; `recorder.rollback(step)`
 *   puts the world back, in place, to an earlier step for netcode.
 * - `replay(recording)` makes the calls again on the world the recording began
 *   with; `worldAt(recording, step)` rebuilds any recorded step.
 * - `verify(recording, other)` finds the first step, body and field where two
 *   runs part.
 * - `deltaSnapshot(base, current)` / `applyDelta(base, delta)`: only what
 *   changed between two binary snapshots.
 * - `Recording.fromBuffer(data)` reads a saved recording, refusing a corrupt,
 *   truncated or incompatible one with an error that says what is wrong.
 *
 * In the `<script>` build it is `Capsule2D.replay`.
 * @module capsule2d/replay
 */
export { Recorder } from "../replay/recorder.js";
export type { RecorderOptions } from "../replay/recorder.js";
export { Recording, RECORDING_VERSION } from "../replay/recording.js";
export type { RecordedCall } from "../replay/recording.js";
export { replay, worldAt } from "../replay/replay.js";
export { bodyById, jointById } from "../replay/apply.js";
export type { ReplayOptions, ReplayResult, WorldFromSnapshot } from "../replay/replay.js";
export { verify } from "../replay/verify.js";
export { deltaSnapshot, applyDelta } from "../replay/delta.js";
export type { Divergence, VerifyResult, VerifyOptions } from "../replay/verify.js";
