/**
 * Bytes for recordings: a growable little-endian writer, a reader that
 * refuses to read past its end, and the encoding of call arguments.
 *
 * A call's arguments are written as tagged values, whatever the method, so
 * the recorder needs no list of methods and their parameters: numbers as
 * their exact 64 bits (−0, ±Infinity and NaN included), `{ x, y }` vectors
 * as two numbers, booleans, strings, plain objects and arrays (joint
 * definitions, options, collision filters, game inputs), and bodies and
 * joints of the world by id. A body being added is written whole (every
 * field of the snapshot schema, src/snapshot/schema.ts) and a force field as a
 * marker (it is code: `replay` asks for it again).
 */
import { Body } from "../bodies/body.js";
import { Joint } from "../joints/joint.js";
import {
  BODY_FIELDS, BODY_FIELDS_V4, BODY_LAYOUT, BODY_LAYOUT_V4, KIND_OF_SHAPE, SHAPE_NAMES, SHAPE_NAMES_V4, blankBody, bodyRecordProblem, shapeName,
  type BodyExtra,
} from "../snapshot/schema.js";
import { hasGeometry, readGeometry, writeGeometry, type GeometryErrors } from "../snapshot/geometry.js";

export function corrupt(message: string): never {
  throw new RangeError(`capsule2d: invalid recording: ${message}`);
}

export class ByteWriter {
  bytes: Uint8Array;
  view: DataView;
  length = 0;

  constructor(capacity = 256) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let cap = this.bytes.length * 2;
    while (cap < this.length + n) cap *= 2;
    const grown = new Uint8Array(cap);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(v: number): void {
    this.room(1);
    this.bytes[this.length++] = v;
  }

  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }

  i32(v: number): void {
    this.room(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }

  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }

  raw(b: Uint8Array): void {
    this.room(b.length);
    this.bytes.set(b, this.length);
    this.length += b.length;
  }

  string(s: string): void {
    const b = utf8Encode(s);
    this.u32(b.length);
    this.raw(b);
  }

  /** Forget the first `n` bytes (what follows moves to the front). */
  dropFront(n: number): void {
    this.bytes.copyWithin(0, n, this.length);
    this.length -= n;
  }

  /** Forget everything from `length` on. */
  truncate(length: number): void {
    this.length = length;
  }

  /** A copy of what was written. */
  copy(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

export class ByteReader {
  readonly view: DataView;
  at: number;
  readonly end: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
    private readonly what = "recording",
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.at = start;
    this.end = end;
  }

  need(n: number): void {
    if (this.at + n > this.end) corrupt(`${this.what} is truncated: ${n} more bytes needed at byte ${this.at}, ${this.end - this.at} left`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.at++]!;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }

  i32(): number {
    this.need(4);
    const v = this.view.getInt32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }

  raw(n: number): Uint8Array {
    this.need(n);
    const b = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return b;
  }

  string(): string {
    const n = this.u32();
    return utf8Decode(this.raw(n), this.what);
  }
}

// TextEncoder/TextDecoder made on first use (a bare script context may lack them until then).
let encoder: TextEncoder | null = null;
let decoder: TextDecoder | null = null;

function utf8Encode(s: string): Uint8Array {
  return (encoder ??= new TextEncoder()).encode(s);
}

function utf8Decode(b: Uint8Array, what: string): string {
  try {
    return (decoder ??= new TextDecoder("utf-8", { fatal: true })).decode(b);
  } catch {
    return corrupt(`${what} holds a string that is not valid UTF-8`);
  }
}

// ---------------------------------------------------------------- tagged values

export const T_UNDEFINED = 0;
export const T_NULL = 1;
export const T_FALSE = 2;
export const T_TRUE = 3;
export const T_NUMBER = 4;
export const T_VEC2 = 5;
export const T_STRING = 6;
export const T_BODY = 7;
export const T_JOINT = 8;
export const T_OBJECT = 9;
export const T_ARRAY = 10;
export const T_NEW_BODY = 11;
export const T_FUNCTION = 12;

/** Keys of plain objects that are not recorded (they never change the simulation, and need not be data). */
const SKIPPED_KEYS = new Set(["userData"]);

function isVec2(v: object): v is { x: number; y: number } {
  const o = v as Record<string, unknown>;
  return typeof o.x === "number" && typeof o.y === "number";
}

/**
 * Write `v`. Values reaching here were checked by the method they are
 * arguments of. An object with numeric `x` and `y` is a vector (the methods
 * read nothing else of it); other objects are written as their own
 * enumerable keys (`userData` left out). What cannot be recorded (a symbol,
 * a bigint, a cycle) throws a TypeError naming its path.
 */
export function writeValue(w: ByteWriter, v: unknown, path: string, fields: unknown[], depth = 0): void {
  if (v === undefined) return w.u8(T_UNDEFINED);
  if (v === null) return w.u8(T_NULL);
  switch (typeof v) {
    case "boolean":
      return w.u8(v ? T_TRUE : T_FALSE);
    case "number":
      w.u8(T_NUMBER);
      return w.f64(v);
    case "string":
      w.u8(T_STRING);
      return w.string(v);
    case "function":
      // a force field: code, kept by reference in memory (`fields`) and asked for again by `replay`
      w.u8(T_FUNCTION);
      w.u32(fields.length);
      fields.push(v);
      return;
    case "object":
      break;
    default:
      throw new TypeError(`capsule2d: recorder: ${path} cannot be recorded (a ${typeof v})`);
  }
  if (depth > 32) throw new TypeError(`capsule2d: recorder: ${path} is nested too deeply (or holds a cycle)`);
  if (v instanceof Body) {
    w.u8(T_BODY);
    return w.u32(v._id);
  }
  if (v instanceof Joint) {
    w.u8(T_JOINT);
    return w.u32(v._id);
  }
  if (Array.isArray(v)) {
    w.u8(T_ARRAY);
    w.u32(v.length);
    for (let i = 0; i < v.length; i++) writeValue(w, v[i], `${path}[${i}]`, fields, depth + 1);
    return;
  }
  if (isVec2(v)) {
    w.u8(T_VEC2);
    w.f64(v.x);
    return w.f64(v.y);
  }
  const keys = Object.keys(v).filter((k) => !SKIPPED_KEYS.has(k));
  w.u8(T_OBJECT);
  w.u32(keys.length);
  for (const k of keys) {
    w.string(k);
    writeValue(w, (v as Record<string, unknown>)[k], `${path}.${k}`, fields, depth + 1);
  }
}

/** How values that name world objects are turned back into them while reading. */
export interface ValueContext {
  body(id: number): Body;
  joint(id: number): Joint;
  /** The force field recorded as number `index`. */
  field(index: number): unknown;
}

/** Read a value written by `writeValue`; `ctx` null only checks it (bodies and joints read as their ids). */
export function readValue(r: ByteReader, ctx: ValueContext | null, depth = 0): unknown {
  const at = r.at;
  const tag = r.u8();
  switch (tag) {
    case T_UNDEFINED:
      return undefined;
    case T_NULL:
      return null;
    case T_FALSE:
      return false;
    case T_TRUE:
      return true;
    case T_NUMBER:
      return r.f64();
    case T_VEC2: {
      const x = r.f64();
      return { x, y: r.f64() };
    }
    case T_STRING:
      return r.string();
    case T_BODY: {
      const id = r.u32();
      return ctx === null ? id : ctx.body(id);
    }
    case T_JOINT: {
      const id = r.u32();
      return ctx === null ? id : ctx.joint(id);
    }
    case T_ARRAY: {
      if (depth > 32) corrupt(`values nested too deeply at byte ${at}`);
      const n = r.u32();
      r.need(n); // at least a byte each: a huge count in a short buffer fails here, not after allocating
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) out.push(readValue(r, ctx, depth + 1));
      return out;
    }
    case T_OBJECT: {
      if (depth > 32) corrupt(`values nested too deeply at byte ${at}`);
      const n = r.u32();
      r.need(n * 5);
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const k = r.string();
        if (k === "__proto__") corrupt(`an object key "__proto__" at byte ${at}`);
        out[k] = readValue(r, ctx, depth + 1);
      }
      return out;
    }
    case T_NEW_BODY:
      return readNewBody(r);
    case T_FUNCTION: {
      const index = r.u32();
      return ctx === null ? index : ctx.field(index);
    }
    default:
      return corrupt(`unknown value tag ${tag} at byte ${at}`);
  }
}

// ---------------------------------------------------------------- a body being added, whole

const NO_EXTRA: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };

/** The errors of an added body's geometry. */
const RECORDING_ERRORS: GeometryErrors = {
  fail: corrupt,
  typeFail(message: string): never {
    throw new TypeError(`capsule2d: invalid recording: ${message}`);
  },
};

/** The fields of an added body's record: a circle's, capsule's and AABB's as they were (version 4's), the others' version 5's. */
function fieldsOf(shape: number): [typeof BODY_FIELDS, typeof BODY_LAYOUT] {
  return shape < SHAPE_NAMES_V4.length ? [BODY_FIELDS_V4, BODY_LAYOUT_V4] : [BODY_FIELDS, BODY_LAYOUT];
}

/**
 * A body about to be added: its shape (its index in SHAPE_NAMES) and every
 * field of its binary snapshot record (a circle's, capsule's and AABB's in
 * version 4's layout, so that recordings made before version 5 still read),
 * then a Box's, Polygon's or Segment's geometry block (src/snapshot/geometry.ts).
 */
export function writeNewBody(w: ByteWriter, b: Body): void {
  w.u8(T_NEW_BODY);
  const shape = SHAPE_NAMES.indexOf(shapeName(b));
  w.u8(shape);
  const [fields, layout] = fieldsOf(shape);
  for (const i of layout.numbers) w.f64(fields[i]!.get(b, NO_EXTRA) as number);
  for (const i of layout.ints) {
    const fd = fields[i]!;
    const v = fd.get(b, NO_EXTRA) as number;
    if (fd.min! >= 0) w.u32(v);
    else w.i32(v);
  }
  let bits = 0;
  for (const i of layout.flags) {
    const fd = fields[i]!;
    const v = fd.get(b, NO_EXTRA);
    bits |= (fd.kind === "bool" ? (v ? 1 : 0) : fd.values!.indexOf(v as string)) << layout.bitOf[i]!;
  }
  w.i32(bits);
  if (hasGeometry(b)) writeGeometry(w, b);
}

/** Read and check a body written by `writeNewBody` (not in any world; its id is the one it had). */
function readNewBody(r: ByteReader): Body {
  const at = r.at;
  const kind = r.u8();
  if (kind >= SHAPE_NAMES.length) corrupt(`unknown shape kind ${kind} at byte ${at}`);
  const b = blankBody(KIND_OF_SHAPE[kind]!);
  const [fields, layout] = fieldsOf(kind);
  const extra: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };
  const where = `the body added at byte ${at}`;
  for (const i of layout.numbers) {
    const fd = fields[i]!;
    const v = r.f64();
    if (!Number.isFinite(v)) corrupt(`${where}: ${fd.path} must be finite, got ${v}`);
    if (fd.kind === "nonNegative" && !(v >= 0)) corrupt(`${where}: ${fd.path} must be >= 0, got ${v}`);
    fd.set(b, v, extra);
  }
  for (const i of layout.ints) {
    const fd = fields[i]!;
    const v = fd.min! >= 0 ? r.u32() : r.i32();
    if (v < fd.min! || v > fd.max!) corrupt(`${where}: ${fd.path} must be in [${fd.min}, ${fd.max}], got ${v}`);
    fd.set(b, v, extra);
  }
  const bits = r.i32();
  for (const i of layout.flags) {
    const fd = fields[i]!;
    const raw = (bits >>> layout.bitOf[i]!) & layout.maskOf[i]!;
    if (fd.kind === "bool") fd.set(b, raw === 1, extra);
    else {
      if (raw >= fd.values!.length) corrupt(`${where}: ${fd.path} has unknown value ${raw}`);
      if (fd.path === "shape" && raw !== kind) corrupt(`${where}: shape ${raw} disagrees with kind ${kind}`);
      fd.set(b, fd.values![raw], extra);
    }
  }
  if (hasGeometry(b)) readGeometry(RECORDING_ERRORS, r, where, SHAPE_NAMES[kind]!, b);
  const problem = bodyRecordProblem(b);
  if (problem !== null) corrupt(`${where}: ${problem}`);
  b.updateExtents();
  b.updateBounds();
  return b;
}
