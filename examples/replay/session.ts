/**
 * The replay page's state, free of the DOM: the recording shown, where on
 * its timeline the page is, the world at that step, and the comparison with
 * a second recording.
 *
 * - Recording: `record()` starts a fresh scene with a Recorder on it. At the
 *   end of a recording that has its recorder, `forward()` records one more
 *   step (the queued kicks and the autopilot's first, each recorded as an
 *   input, then `world.step`).
 * - Timeline: `seek(step)` shows the world after any recorded step, rebuilt
 *   with `worldAt` from the nearest kept snapshot (one every
 *   SNAPSHOT_INTERVAL steps) and the calls recorded since; `back()` and
 *   `forward()` move one step. At the end the world shown is the
 *   recorder's own.
 * - `branch()` records on from the step shown: the recorder rolls back to it
 *   (`recorder.rollback`) and forgets the steps after; a loaded recording
 *   gets a new recorder, starting there.
 * - `load(bytes)` shows a saved recording (`Recording.fromBuffer`, which
 *   refuses a bad file: the session is then left as it was); `compare(other)`
 *   runs `verify` against a second one and goes to the first step where they
 *   part, selecting the body that differs there.
 */
import type { World } from "../../src/entries/capsule2d.js";
import { Recorder, Recording, verify, worldAt, type VerifyResult } from "../../src/entries/replay.js";
import { DT, applyKick, autopilotKick, buildScene, type Kick } from "./scene.js";
import { SNAPSHOT_CAPACITY, SNAPSHOT_INTERVAL } from "./twin.js";

export class ReplaySession {
  /** The recorder making the recording, or null for a loaded one. */
  private recorder: Recorder | null = null;
  private current: Recording;
  private shownWorld: World;
  private step = 0;
  /** The second recording, compared with the first, and the world after the shown step in it (null past its end). */
  private otherRecording: Recording | null = null;
  private otherWorld: World | null = null;
  private result: VerifyResult | null = null;
  /** Kicks waiting for the next recorded step. */
  private readonly pending: Kick[] = [];
  /** The body whose state the page shows (an id: worlds are rebuilt, ids stay), or null. */
  selected: number | null = null;
  /** Kick a loose body every AUTOPILOT_EVERY steps while recording. */
  autopilot = true;

  constructor() {
    this.shownWorld = buildScene();
    this.recorder = this.newRecorder(this.shownWorld);
    this.current = this.recorder.recording;
  }

  private newRecorder(world: World): Recorder {
    return new Recorder(world, { snapshotInterval: SNAPSHOT_INTERVAL, snapshotCapacity: SNAPSHOT_CAPACITY });
  }

  /** The recording shown. */
  get recording(): Recording {
    return this.current;
  }

  /** The world after the step shown. Read it; change it only through the session (a rebuilt world replaces it). */
  get world(): World {
    return this.shownWorld;
  }

  /** The step shown (a world `stepCount`). */
  get cursor(): number {
    return this.step;
  }

  /** Is the step shown the end of a recording that is still being made (so `forward` records)? */
  get isRecording(): boolean {
    return this.recorder !== null && this.step === this.current.lastStep;
  }

  /** Has the page a recorder (a recording made here, not a loaded one)? */
  get canRecord(): boolean {
    return this.recorder !== null;
  }

  /** The second recording, if one is being compared. */
  get other(): Recording | null {
    return this.otherRecording;
  }

  /** The second recording's world after the step shown (null when not comparing, or past its end). */
  get otherShown(): World | null {
    return this.otherWorld;
  }

  /** What `verify(recording, other)` found, or null when not comparing. */
  get comparison(): VerifyResult | null {
    return this.result;
  }

  /** The body where the two recordings part, if they do. */
  get divergingBody(): number | null {
    return this.result?.divergence?.body ?? null;
  }

  /** Start a fresh recording of the scene (stops comparing). */
  record(): void {
    this.recorder?.detach();
    const world = buildScene();
    this.recorder = this.newRecorder(world);
    this.current = this.recorder.recording;
    this.pending.length = 0;
    this.clearComparison();
    this.show(0, world);
  }

  /** Kick a body with the next recorded step (only while recording; returns whether it was queued). */
  kick(kick: Kick): boolean {
    if (!this.isRecording) return false;
    this.pending.push(kick);
    return true;
  }

  /** One step on: the next recorded step, or, at the end of a recording being made, a new one. Returns the step shown. */
  forward(): number {
    if (this.step < this.current.lastStep) return this.seek(this.step + 1);
    if (this.recorder === null) return this.step;
    const world = this.recorder.world;
    const kicks = this.pending.splice(0);
    const auto = this.autopilot ? autopilotKick(world, world.stepCount + 1) : null;
    if (auto !== null) kicks.push(auto);
    for (const kick of kicks) {
      this.recorder.input(kick);
      applyKick(world, kick);
    }
    world.step(DT);
    this.show(world.stepCount, world);
    return this.step;
  }

  /** One step back (not before the recording's first step). */
  back(): number {
    return this.seek(this.step - 1);
  }

  /** Show the world after `step`, clamped to the recording's steps. Returns the step shown. */
  seek(step: number): number {
    const rec = this.current;
    const s = Math.min(Math.max(Math.round(step), rec.firstStep), rec.lastStep);
    if (s === this.step && this.shownWorld.stepCount === s) return s;
    const live = this.recorder !== null && s === rec.lastStep;
    this.show(s, live ? this.recorder!.world : worldAt(rec, s));
    return s;
  }

  /** Record on from the step shown, forgetting the steps after it (stops comparing). */
  branch(): void {
    if (this.recorder !== null) {
      if (this.step < this.current.lastStep) this.recorder.rollback(this.step);
    } else {
      this.recorder = this.newRecorder(worldAt(this.current, this.step));
      this.current = this.recorder.recording;
    }
    this.pending.length = 0;
    this.clearComparison();
    this.show(this.step, this.recorder.world);
  }

  /** The recording in its saved form. */
  save(): ArrayBuffer {
    return this.current.toBuffer();
  }

  /** Show a saved recording from its first step (throws, changing nothing, if it is not a valid recording). */
  load(data: ArrayBuffer | Uint8Array): void {
    const rec = Recording.fromBuffer(data);
    this.recorder?.detach();
    this.recorder = null;
    this.current = rec;
    this.pending.length = 0;
    this.clearComparison();
    this.selected = null;
    this.show(rec.firstStep, worldAt(rec, rec.firstStep));
  }

  /**
   * Compare the recording shown with `other` (a saved recording's bytes or
   * a Recording): `verify`, then show the first step where they part with
   * the diverging body selected. Returns what verify found.
   */
  compare(other: ArrayBuffer | Uint8Array | Recording): VerifyResult {
    const rec = other instanceof Recording ? other : Recording.fromBuffer(other);
    const result = verify(this.current, rec);
    this.otherRecording = rec;
    this.result = result;
    const d = result.divergence;
    if (d !== null) {
      if (d.body !== null) this.selected = d.body;
      this.show(Math.min(d.step, this.current.lastStep), null);
    } else {
      this.show(this.step, this.shownWorld);
    }
    return result;
  }

  /** Stop comparing. */
  clearComparison(): void {
    this.otherRecording = null;
    this.otherWorld = null;
    this.result = null;
  }

  /** Make `step` the one shown (rebuilding its world when `world` is null) and the other recording's world with it. */
  private show(step: number, world: World | null): void {
    this.step = step;
    this.shownWorld = world ?? worldAt(this.current, step);
    const other = this.otherRecording;
    this.otherWorld = other !== null && step >= other.firstStep && step <= other.lastStep ? worldAt(other, step) : null;
  }
}
