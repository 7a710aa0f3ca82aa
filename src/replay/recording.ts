/**
 * A recording: the input log of a world's run, and how it is saved.
 *
 * What it holds:
 * - the world as it was when recording began (a binary snapshot, `initial`);
 * - the calls, in order, as an op stream: the target (the world, or a body
 *   or joint by id), the method (an index into a table of names) and the
 *   arguments (tagged values, src/replay/codec.ts), and the game's inputs
 *   (`recorder.input(value)`) among them;
 * - per step: where the op stream stood when it ended, and `stateHash()`
 *   after it (for `verify`);
 * - the ring of periodic snapshots the recorder kept (for rollback, and to
 *   rebuild any step quickly).
 *
 * Saved form (`toBuffer()`, little-endian): magic "C2DR", the format
 * version, a checksum (FNV-1a, 32 bits) of everything after the 16-byte
 * header, the total length; then the sections above. `Recording.fromBuffer`
 * checks the magic, version, length and checksum, then decodes every op and
 * every snapshot before returning: a corrupt, truncated or incompatible
 * recording throws a TypeError or RangeError saying what is wrong.
 */
import * as check from "../math/validate.js";
import { readSnapshot } from "../snapshot/snapshot.js";
import { BINARY_CODEC } from "../snapshot/binary.js";
import { ByteReader, ByteWriter, corrupt, readValue } from "./codec.js";
import { BODY_CALLS, JOINT_CALLS, WORLD_CALLS, shapeCall } from "./methods.js";

/** Op target codes → RecordedCall targets (0 is unused). */
const CALL_TARGETS: readonly (RecordedCall["target"] | undefined)[] = [undefined, "world", "body", "joint", "input"];

/** Op codes of the op stream. */
export const OP_WORLD = 1;
export const OP_BODY = 2;
export const OP_JOINT = 3;
export const OP_INPUT = 4;

export const RECORDING_MAGIC = 0x52443243; // "C2DR" little-endian
/** Version of the saved form; a recording of another version is refused. */
export const RECORDING_VERSION = 1;
const HEADER_BYTES = 16;

/** A snapshot the recorder kept: the world after `step`, before the ops from `opEnd` on. */
export interface RingEntry {
  step: number;
  opEnd: number;
  buffer: ArrayBuffer;
  /** Index of the force field in use then (into the recording's fields), -1 for none. */
  field: number;
}

/** One decoded entry of the op stream (see `recording.calls()`). */
export interface RecordedCall {
  /** The step this call came before (the world's `stepCount` after that step). */
  step: number;
  /** What was called: the world, a body, a joint, or a game input. */
  target: "world" | "body" | "joint" | "input";
  /** Body or joint id; -1 for the world and inputs. */
  id: number;
  /** The method; "input" for a game input. */
  method: string;
  /** The arguments as recorded (bodies and joints as their ids, a body being added whole). */
  args: unknown[];
}

export function fnv1a(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * A recorded session: the starting world (a binary snapshot), the calls and
 * inputs of every step with each step's state hash, and the ring of
 * snapshots. `save()` / `Recording.fromBuffer()` write and read it (checked:
 * a corrupt, truncated or incompatible file is refused).
 */
export class Recording {
  /** @internal */ readonly ops = new ByteWriter(1024);
  /** @internal Method names, indexed by the op stream. */ readonly names: string[] = [];
  /** @internal */ readonly nameIndex = new Map<string, number>();
  /** @internal Op stream length at the end of each step. */ readonly stepEnds: number[] = [];
  /** @internal stateHash() after each step. */ readonly hashes: string[] = [];
  /** @internal Kept snapshots, oldest first. */ readonly ring: RingEntry[] = [];
  /** @internal Force fields seen (functions, in memory only; a loaded recording has none). */ readonly fields: unknown[] = [];

  /**
   * @internal Use `new Recorder(world)` or `Recording.fromBuffer(data)`.
   * `initial` is a binary snapshot of the world at step `firstStep`;
   * `initialField` is the index of the force field it had (-1: none).
   */
  constructor(
    /** @internal */ public initial: ArrayBuffer,
    /** @internal See `firstStep`. */ public first: number,
    /** @internal */ public initialField: number,
  ) {}

  /** The world's `stepCount` where the recording begins (when recording began, or where `trim` cut it). */
  get firstStep(): number {
    return this.first;
  }

  /**
   * @internal Make kept snapshot `entry` the start: forget the calls, hashes
   * and snapshots before it (`recorder.trim`).
   */
  rebase(entry: RingEntry): void {
    const cut = entry.opEnd;
    const dropped = entry.step - this.first;
    this.ops.dropFront(cut);
    this.stepEnds.splice(0, dropped);
    for (let i = 0; i < this.stepEnds.length; i++) this.stepEnds[i]! -= cut;
    this.hashes.splice(0, dropped);
    const kept = this.ring.filter((e) => e.step > entry.step);
    this.ring.length = 0;
    for (const e of kept) this.ring.push({ ...e, opEnd: e.opEnd - cut });
    this.initial = entry.buffer;
    this.first = entry.step;
    this.initialField = entry.field;
  }

  /** Steps recorded. */
  get stepCount(): number {
    return this.hashes.length;
  }

  /** The world's `stepCount` after the last recorded step. */
  get lastStep(): number {
    return this.firstStep + this.hashes.length;
  }

  /** The steps a rollback can return to: from the oldest snapshot kept (or the start) to the last step. */
  get firstRestorableStep(): number {
    return this.firstStep;
  }

  /** Does the run need a force field (set before or during recording)? `replay` must then be given it. */
  get usesForceField(): boolean {
    if (this.initialField >= 0) return true;
    let uses = false;
    this.scan(0, this.ops.length, (_step, target, _id, method, args) => {
      if (target === OP_WORLD && method === "setForceField" && args[0] !== null) uses = true;
    });
    return uses;
  }

  /** `stateHash()` of the world after step `step` (firstStep + 1 ... lastStep), as recorded. */
  hashAt(step: number): string {
    this.checkStep("step", step, this.firstStep + 1);
    return this.hashes[step - this.firstStep - 1]!;
  }

  /** The game inputs recorded for step `step`: after step − 1 ended and before step `step` did. */
  inputsAt(step: number): unknown[] {
    this.checkStep("step", step, this.firstStep + 1);
    const out: unknown[] = [];
    this.scan(this.opEndAt(step - 1), this.opEndAt(step), (_s, target, _id, _m, args) => {
      if (target === OP_INPUT) out.push(args[0]);
    });
    return out;
  }

  /** Every call recorded (and every input), decoded, in order: for tools, tests and the replay page. */
  calls(): RecordedCall[] {
    return this.decode(0, this.ops.length);
  }

  /**
   * The calls (and inputs) recorded for step `step`, decoded: those made
   * after step − 1 ended, the step call itself last. Decodes only that
   * step's part of the op stream, so a tool can list them at every step.
   */
  callsAt(step: number): RecordedCall[] {
    this.checkStep("step", step, this.firstStep + 1);
    return this.decode(this.opEndAt(step - 1), this.opEndAt(step));
  }

  private decode(from: number, to: number): RecordedCall[] {
    const out: RecordedCall[] = [];
    this.scan(from, to, (step, target, id, method, args) => {
      out.push({ step, target: CALL_TARGETS[target]!, id, method, args });
    });
    return out;
  }

  /** Bytes of the saved form. */
  get byteLength(): number {
    return this.layoutBytes();
  }

  /** @internal The op stream length at the end of step `step` (the start for firstStep). */
  opEndAt(step: number): number {
    return step === this.firstStep ? 0 : this.stepEnds[step - this.firstStep - 1]!;
  }

  /** @internal */
  checkStep(name: string, step: unknown, lo = this.firstStep, hi = this.lastStep): number {
    return check.integer(name, step, lo, hi);
  }

  /** @internal The method name index, interned on first use. */
  nameOf(method: string): number {
    let i = this.nameIndex.get(method);
    if (i === undefined) {
      if (this.names.length === 255) throw new RangeError(`capsule2d: recorder: too many method names (255)`);
      i = this.names.length;
      this.names.push(method);
      this.nameIndex.set(method, i);
    }
    return i;
  }

  /**
   * @internal Decode the ops in [from, to) (checking them), calling `fn` for
   * each with the step it precedes; `fn` receives bodies and joints as ids.
   */
  scan(from: number, to: number, fn: (step: number, target: number, id: number, method: string, args: unknown[]) => void): void {
    const r = new ByteReader(this.ops.bytes, from, to, "op stream");
    let s = this.stepIndexAt(from);
    while (r.at < to) {
      while (s < this.stepEnds.length && this.stepEnds[s]! <= r.at) s++;
      const step = this.firstStep + s + 1;
      const op = readOp(r, this.names, null);
      fn(step, op.target, op.id, op.method, op.args);
    }
  }

  /** @internal How many steps ended at or before op offset `at`. */
  stepIndexAt(at: number): number {
    let lo = 0;
    let hi = this.stepEnds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.stepEnds[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // ---------------------------------------------------------------- saved form

  private layoutBytes(): number {
    let n = HEADER_BYTES + 8 + 4 + 4 + 4; // firstStep, initialField, steps, names
    for (const name of this.names) n += 4 + utf8Length(name);
    n += 4 + this.initial.byteLength + 4 + this.ops.length;
    n += this.hashes.length * 12;
    n += 4;
    for (const e of this.ring) n += 8 + 4 + 4 + e.buffer.byteLength;
    return n;
  }

  /** The saved form (see the top of this file). Force fields are not saved: `replay` asks for them. */
  toBuffer(): ArrayBuffer {
    const w = new ByteWriter(this.layoutBytes());
    w.u32(RECORDING_MAGIC);
    w.u32(RECORDING_VERSION);
    w.u32(0); // checksum, below
    w.u32(0); // length, below
    w.f64(this.firstStep);
    w.i32(this.initialField >= 0 ? 0 : -1);
    w.u32(this.hashes.length);
    w.u32(this.names.length);
    for (const name of this.names) w.string(name);
    w.u32(this.initial.byteLength);
    w.raw(new Uint8Array(this.initial));
    w.u32(this.ops.length);
    w.raw(this.ops.bytes.subarray(0, this.ops.length));
    for (let i = 0; i < this.hashes.length; i++) {
      w.u32(this.stepEnds[i]!);
      const h = this.hashes[i]!;
      w.u32(parseInt(h.slice(0, 8), 16));
      w.u32(parseInt(h.slice(8, 16), 16));
    }
    w.u32(this.ring.length);
    for (const e of this.ring) {
      w.f64(e.step);
      w.i32(e.field >= 0 ? 0 : -1);
      w.u32(e.buffer.byteLength);
      w.raw(new Uint8Array(e.buffer));
    }
    w.view.setUint32(12, w.length, true);
    w.view.setUint32(8, fnv1a(w.bytes, HEADER_BYTES, w.length), true);
    const out = w.bytes.buffer.byteLength === w.length ? w.bytes.buffer : w.bytes.buffer.slice(0, w.length);
    return out as ArrayBuffer;
  }

  /**
   * Read a saved recording, checking all of it first: a wrong magic, another
   * version, a truncated or padded buffer, a checksum that disagrees, an op
   * that does not decode, a call to a method that is not recordable, a step
   * table out of order or a snapshot that does not read each throw a
   * TypeError or RangeError naming the problem.
   */
  static fromBuffer(data: ArrayBuffer | Uint8Array): Recording {
    let bytes: Uint8Array;
    if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
    else if (data instanceof Uint8Array) bytes = data;
    else throw new TypeError(`capsule2d: recording must be an ArrayBuffer or Uint8Array, got ${check.describe(data)}`);
    if (bytes.length < HEADER_BYTES) corrupt(`${bytes.length} bytes, shorter than the ${HEADER_BYTES}-byte header`);
    const head = new ByteReader(bytes, 0, HEADER_BYTES, "header");
    const magic = head.u32();
    if (magic !== RECORDING_MAGIC) corrupt(`wrong magic 0x${magic.toString(16)} (expected 0x${RECORDING_MAGIC.toString(16)}, "C2DR"): not a capsule2d recording`);
    const version = head.u32();
    if (version !== RECORDING_VERSION) {
      corrupt(`version ${version} is not supported (this build reads version ${RECORDING_VERSION}); record it again with this version`);
    }
    const checksum = head.u32();
    const length = head.u32();
    if (length !== bytes.length) corrupt(`${bytes.length} bytes but its header says ${length} (truncated or padded)`);
    const sum = fnv1a(bytes, HEADER_BYTES, bytes.length);
    if (sum !== checksum) corrupt(`checksum 0x${sum.toString(16)} does not match 0x${checksum.toString(16)} in the header: the data is corrupt`);

    const r = new ByteReader(bytes, HEADER_BYTES, bytes.length);
    const firstStep = r.f64();
    if (!Number.isSafeInteger(firstStep) || firstStep < 0) corrupt(`first step ${firstStep} is not a step count`);
    const initialField = r.i32();
    const steps = r.u32();
    const nameCount = r.u32();
    if (nameCount > 255) corrupt(`${nameCount} method names (at most 255)`);
    r.need(nameCount * 4);
    const names: string[] = [];
    for (let i = 0; i < nameCount; i++) names.push(r.string());
    const initialBytes = r.u32();
    const initial = r.raw(initialBytes).slice().buffer as ArrayBuffer;
    readSnapshot(initial, undefined, BINARY_CODEC); // a recording's snapshots are binary: throws on a bad one, naming the problem
    const rec = new Recording(initial, firstStep, initialField >= 0 ? 0 : -1);
    for (const name of names) {
      if (rec.nameIndex.has(name)) corrupt(`method name ${JSON.stringify(name)} appears twice in the name table`);
      rec.nameOf(name);
    }
    const opBytes = r.u32();
    rec.ops.raw(r.raw(opBytes));
    r.need(steps * 12);
    let last = 0;
    for (let i = 0; i < steps; i++) {
      const end = r.u32();
      if (end < last || end > opBytes) corrupt(`step ${firstStep + i + 1} ends at op byte ${end}, outside ${last}..${opBytes}`);
      last = end;
      rec.stepEnds.push(end);
      rec.hashes.push(r.u32().toString(16).padStart(8, "0") + r.u32().toString(16).padStart(8, "0"));
    }
    // every op decodes, names an allowed method, and the steps end on op boundaries
    const ends = new Set(rec.stepEnds);
    const boundaries = new Set<number>([0]);
    const ops = new ByteReader(rec.ops.bytes, 0, opBytes, "op stream");
    let stepOps = 0;
    while (ops.at < opBytes) {
      const op = readOp(ops, names, null);
      if (op.target === OP_WORLD && (op.method === "step" || op.method === "advance")) stepOps++;
      boundaries.add(ops.at);
    }
    for (const e of ends) if (!boundaries.has(e)) corrupt(`a step ends at op byte ${e}, inside an op`);
    if (steps > 0 && stepOps === 0) corrupt(`${steps} steps recorded but the op stream holds no step() or advance() call`);
    const ringCount = r.u32();
    r.need(ringCount * 16);
    let previous = -1;
    for (let i = 0; i < ringCount; i++) {
      const step = r.f64();
      if (!Number.isInteger(step) || step <= firstStep || step > firstStep + steps || step <= previous) {
        corrupt(`kept snapshot ${i} is of step ${step}, not a recorded step after ${previous < 0 ? firstStep : previous}`);
      }
      previous = step;
      const field = r.i32();
      const n = r.u32();
      const buffer = r.raw(n).slice().buffer as ArrayBuffer;
      const restored = readSnapshot(buffer, undefined, BINARY_CODEC);
      if (restored.stepCount !== step) corrupt(`kept snapshot ${i} says step ${restored.stepCount}, its entry says ${step}`);
      rec.ring.push({ step, opEnd: rec.opEndAt(step), buffer, field: field >= 0 ? 0 : -1 });
    }
    if (r.at !== bytes.length) corrupt(`${bytes.length - r.at} bytes left over after the last section`);
    return rec;
  }
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** One op, read and checked. With `ctx` null, bodies and joints in the arguments are their ids. */
export function readOp(
  r: ByteReader,
  names: readonly string[],
  ctx: Parameters<typeof readValue>[1],
): { target: number; id: number; method: string; args: unknown[] } {
  const at = r.at;
  const target = r.u8();
  if (target === OP_INPUT) return { target, id: -1, method: "input", args: [readValue(r, ctx)] };
  if (target !== OP_WORLD && target !== OP_BODY && target !== OP_JOINT) corrupt(`unknown op ${target} at op byte ${at}`);
  const id = target === OP_WORLD ? -1 : r.u32();
  const index = r.u8();
  if (index >= names.length) corrupt(`method index ${index} at op byte ${at} is not in the name table (${names.length} names)`);
  const method = names[index]!;
  const allowed = target === OP_WORLD ? WORLD_CALLS : target === OP_BODY ? BODY_CALLS : JOINT_CALLS;
  if (!allowed.includes(method) && !(target === OP_BODY && shapeCall(method) !== null)) {
    corrupt(`${target === OP_WORLD ? "world" : target === OP_BODY ? "body" : "joint"}.${method}() at op byte ${at} is not a recordable call`);
  }
  const argc = r.u8();
  if (argc > 3) corrupt(`${argc} arguments at op byte ${at} (at most 3)`);
  const args: unknown[] = [];
  for (let i = 0; i < argc; i++) args.push(readValue(r, ctx));
  return { target, id, method, args };
}
