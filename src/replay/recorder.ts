/**
 * The recorder: attached to a world, it writes every call that changes the
 * world into a recording, with `stateHash()` after each step and a binary
 * snapshot every `snapshotInterval` steps into a ring of
 * `snapshotCapacity`; `rollback(step)` puts the world back, in place, to an
 * earlier step from that ring for netcode.
 *
 * Complete by construction: the recorder does not list what to record. The
 * world, its bodies and its joints report every changing call to the
 * journal hook (src/world/journal.ts) from the same check that refuses
 * changes during a step, with the method's name and arguments, and the
 * recorder writes whatever it is told (arguments as tagged values,
 * src/replay/codec.ts). It only reads the world (a hash and, now and then,
 * a snapshot): a recorded run's hashes are those of the same run without a
 * recorder. With none attached, a world pays one null test per changing call.
 */
import { enableBinarySnapshots } from "../snapshot/binary.js";
import { Body } from "../bodies/body.js";
import { Joint } from "../joints/joint.js";
import * as check from "../math/validate.js";
import { World } from "../world/full-world.js";
import type { WorldJournal } from "../world/journal.js";
import { ByteWriter, writeNewBody, writeValue } from "./codec.js";
import { OP_BODY, OP_INPUT, OP_JOINT, OP_WORLD, Recording } from "./recording.js";
import { applyOps, startFor } from "./apply.js";
import type { ForceField } from "../solver/integrate.js";

/** Options of `new Recorder(world, options)`. */
export interface RecorderOptions {
  /** Keep a binary snapshot every this many steps, at least 1 (default 30). */
  snapshotInterval?: number;
  /** How many snapshots the ring keeps, newest last (default 16; 0: none, rollback then replays from the start). */
  snapshotCapacity?: number;
}

/**
 * Records everything that changes `world` (every changing call of the world,
 * its bodies and joints, with its arguments, and each step's hash) plus a ring
 * of binary snapshots, for `replay`, `verify` and `rollback`. Attaching it does
 * not change the simulation.
 */
export class Recorder {
  private current: World;
  private attached = true;
  /** Buffers of snapshots the ring no longer holds, to write new ones into (at most `snapshotCapacity`). */
  private readonly spare: ArrayBuffer[] = [];
  /** The force field in use now (its index in the recording's fields; -1 for none). */
  private field: number;
  /** Steps between the ring's snapshots. */
  readonly snapshotInterval: number;
  /** Snapshots the ring keeps (0: none). */
  readonly snapshotCapacity: number;
  /** The recording so far (it grows as the world is changed and stepped). */
  readonly recording: Recording;

  /**
   * Start recording `world` as it is now (a snapshot of it is the
   * recording's start). One recorder per world at a time. The world gets
   * binary snapshots (as `enableBinarySnapshots(world)` of
   * `capsule2d/binary`), which its ring holds; no other world changes.
   */
  constructor(world: World, options: RecorderOptions = {}) {
    if (!(world instanceof World)) throw new TypeError(`capsule2d: world must be a World, got ${check.describe(world)}`);
    check.object("options", options);
    check.knownKeys("options", options, ["snapshotInterval", "snapshotCapacity"]);
    if (options.snapshotInterval === 0) {
      throw new RangeError("capsule2d: options.snapshotInterval must be an integer in [1, 2147483647], got 0 (for no snapshots, snapshotCapacity: 0)");
    }
    this.snapshotInterval = check.integer("options.snapshotInterval", options.snapshotInterval ?? 30, 1, 0x7fffffff);
    this.snapshotCapacity = check.integer("options.snapshotCapacity", options.snapshotCapacity ?? 16, 0, 0x7fffffff);
    // the ring holds binary snapshots: the world gets its own codec (no other world changes), unless this throws
    const had = world.binaryCodec;
    enableBinarySnapshots(world);
    let initial: ArrayBuffer;
    try {
      initial = world.snapshot({ format: "binary" });
    } catch (e) {
      world.binaryCodec = had;
      throw e;
    }
    const ff = world.forceField;
    this.recording = new Recording(initial, world.stepCount, ff === null ? -1 : 0);
    if (ff !== null) this.recording.fields.push(ff);
    this.field = this.recording.initialField;
    this.current = world;
    world.setJournal(this);
  }

  /** The world being recorded (`rollback` restores it in place). */
  get world(): World {
    return this.current;
  }

  /** Still recording? */
  get isAttached(): boolean {
    return this.attached;
  }

  /** Stop recording (the recording keeps what it has). */
  detach(): void {
    if (!this.attached) return;
    this.current.setJournal(null);
    this.attached = false;
  }

  /**
   * Record a game input for the coming step (the user channel: key states,
   * a network message...): plain data (numbers, strings, booleans, arrays,
   * plain objects), read back with `recording.inputsAt(step)` or by
   * `replay`'s `onInput`. It changes nothing in the world.
   */
  input(value: unknown): void {
    this.checkAttached("input");
    const w = this.recording.ops;
    const start = w.length;
    try {
      w.u8(OP_INPUT);
      writeValue(w, value, "value", this.recording.fields);
    } catch (e) {
      w.truncate(start);
      throw e;
    }
  }

  /** The recording in its saved form (see `Recording.toBuffer`). */
  save(): ArrayBuffer {
    return this.recording.toBuffer();
  }

  /**
   * Rollback for netcode: put the world back, in place, to how it was after
   * step `step` (a world `stepCount`, from the recording's first step to the
   * current one), from the newest kept snapshot at or before it
   * (`world.restore`) and the calls recorded since, made again with the
   * world's listeners muted; and forget everything recorded after it. The
   * world stays the same object (so do the bodies and joints it had then,
   * see `world.restore`), with its listeners, and recording goes on. Re-simulate
   * from there with corrected inputs: the result is what an uninterrupted
   * run with those inputs gives, bit for bit. Returns the world.
   */
  rollback(step: number): World {
    this.checkAttached("rollback");
    const rec = this.recording;
    rec.checkStep("step", step);
    const fieldOf = (index: number): ForceField => rec.fields[index] as ForceField;
    const entry = startFor(rec, step);
    const end = rec.opEndAt(step);
    const world = this.current;
    world.setJournal(null); // the calls made again are in the recording already
    try {
      world.restore(entry.buffer); // checked first: a bad snapshot throws and changes nothing
      world.restoreForceField(entry.field >= 0 ? fieldOf(entry.field) : null);
      world.setMuted(true);
      applyOps(world, rec, entry.opEnd, end, fieldOf);
    } finally {
      world.setMuted(false);
      world.setJournal(this);
    }
    rec.ops.truncate(end);
    const kept = step - rec.firstStep;
    rec.stepEnds.length = kept;
    rec.hashes.length = kept;
    while (rec.ring.length > 0 && rec.ring[rec.ring.length - 1]!.step > step) this.spare.push(rec.ring.pop()!.buffer);
    this.field = fieldIndexAt(rec, entry.field, entry.opEnd, end);
    return world;
  }

  /**
   * Bound the memory of a long session (netcode runs for hours): forget
   * everything recorded before the newest kept snapshot at or before `step`,
   * which becomes the recording's start. Returns the step the recording now
   * begins at; rollback, replay and verify then reach back to it, no further.
   */
  trim(step: number): number {
    this.checkAttached("trim");
    const rec = this.recording;
    rec.checkStep("step", step);
    let entry = null;
    for (const e of rec.ring) if (e.step <= step) entry = e;
    if (entry === null) return rec.firstStep; // no kept snapshot after the start at or before `step`
    rec.rebase(entry);
    return rec.firstStep;
  }

  private checkAttached(what: string): void {
    if (!this.attached) throw new Error(`capsule2d: recorder.${what}() after detach()`);
  }

  // ---------------------------------------------------------------- the journal

  /** @internal WorldJournal: a changing call, about to run (add and addJoint: just done). */
  call(target: object, method: string, a?: unknown, b?: unknown, c?: unknown): void {
    const rec = this.recording;
    const w = rec.ops;
    const start = w.length;
    try {
      if (target === this.current) {
        w.u8(OP_WORLD);
        w.u8(rec.nameOf(method));
        if (method === "add") {
          w.u8(1);
          writeNewBody(w, a as Body);
        } else if (method === "addJoint") {
          w.u8(2);
          writeValue(w, a, "def", rec.fields);
          writeValue(w, (b as Joint)._id, "joint.id", rec.fields);
        } else {
          writeArgs(w, rec.fields, a, b, c);
        }
        if (method === "setForceField") this.field = a === null ? -1 : rec.fields.length - 1;
      } else if (target instanceof Body || target instanceof Joint) {
        w.u8(target instanceof Body ? OP_BODY : OP_JOINT);
        w.u32(target._id);
        w.u8(rec.nameOf(method));
        writeArgs(w, rec.fields, a, b, c);
      } else {
        throw new TypeError(`capsule2d: recorder: a call on something that is not the recorded world, a body or a joint (${method})`);
      }
    } catch (e) {
      w.truncate(start);
      throw e;
    }
  }

  /** @internal WorldJournal: a step ended. */
  stepped(): void {
    const rec = this.recording;
    const world = this.current;
    rec.stepEnds.push(rec.ops.length);
    rec.hashes.push(world.stateHash());
    const n = this.snapshotInterval;
    if (this.snapshotCapacity > 0 && (world.stepCount - rec.firstStep) % n === 0) {
      // a full ring recycles its oldest snapshot's buffer, and a rollback the ones it dropped (when the size is the same)
      if (rec.ring.length >= this.snapshotCapacity) this.spare.push(rec.ring.shift()!.buffer);
      const buffer = world.snapshotInto(this.spare.length > 0 ? this.spare.pop()! : null);
      rec.ring.push({ step: world.stepCount, opEnd: rec.ops.length, buffer, field: this.field });
    }
  }
}

function writeArgs(w: ByteWriter, fields: unknown[], a: unknown, b: unknown, c: unknown): void {
  const argc = c !== undefined ? 3 : b !== undefined ? 2 : a !== undefined ? 1 : 0;
  w.u8(argc);
  if (argc > 0) writeValue(w, a, "argument 1", fields);
  if (argc > 1) writeValue(w, b, "argument 2", fields);
  if (argc > 2) writeValue(w, c, "argument 3", fields);
}

/** The force field in use at op offset `end`: the last setForceField in [from, end), else `field` (the one at `from`). */
function fieldIndexAt(rec: Recording, field: number, from: number, end: number): number {
  rec.scan(from, end, (_step, target, _id, method, args) => {
    if (target === OP_WORLD && method === "setForceField") field = args[0] === null ? -1 : (args[0] as number);
  });
  return field;
}
