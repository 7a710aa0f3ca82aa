/**
 * The binary snapshot codec: `world.snapshot({ format: "binary" })` and
 * `World.fromSnapshot(buffer)`, for rollback netcode. A world's own: the
 * World of `capsule2d/binary` (src/world/binary-world.ts) makes worlds with
 * it, `enableBinarySnapshots(world)` gives it to one world, so that the core
 * does not carry it and nothing switches every world; it follows the same schema
 * (src/snapshot/schema.ts) and the same checks as the JSON form in
 * src/snapshot/snapshot.ts.
 *
 * Layout (little-endian): a 64-byte header (magic "C2DS", version, counts,
 * the header fields, the joint count and next joint id), the options as JSON
 * text padded to 8 bytes, then one fixed-size record per body, per contact
 * and per joint (`BINARY_BYTES_PER_BODY`, `BINARY_BYTES_PER_CONTACT`,
 * `BINARY_BYTES_PER_JOINT`), then (version 5) the geometry of each Box,
 * Polygon and Segment body, in body order, each a block of its own size
 * (src/snapshot/geometry.ts). It carries neither `label` nor `userData`.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import type { Joint } from "../joints/joint.js";
import type { World } from "../world/full-world.js";
import { describe } from "../math/validate.js";
import {
  BODY_FIELDS, BODY_FIELDS_V3, BODY_FIELDS_V4, BODY_LAYOUT, BODY_LAYOUT_V3, BODY_LAYOUT_V4, KIND_OF_SHAPE, CONTACT_FIELDS, CONTACT_FIELDS_V3, CONTACT_FIELDS_V5, CONTACT_LAYOUT, CONTACT_LAYOUT_V3, CONTACT_LAYOUT_V5, SHAPE_NAMES_V5_COUNT, SHAPE_NAMES_V6_COUNT, HEADER_FIELDS, HEADER_LAYOUT, JOINT_FIELDS, JOINT_LAYOUT,
  SHAPE_NAMES, type Blanks, type BodyExtra, type ContactIds, type Field, type Header, type JointIds,
  type Layout,
} from "./schema.js";
import {
  READABLE_VERSIONS, READ_LISTS, SNAPSHOT_VERSION, assemble, bodyExtra, contactIds, decode, fail, fallbackOf, islandIndex, jointIds, jsonOptions,
  readOptions, SNAPSHOT_ERRORS, typeFail, type BinaryCodec, type RestoredWorld, type WorldState,
} from "./snapshot.js";
import { compiledCodec, recordPath, type Decode, type RecordCodec } from "./compile.js";
import { DataCursor, geometryBytes, hasGeometry, MAX_CHAIN_BYTES, MAX_COMPOUND_BYTES, MAX_GEOMETRY_BYTES, readGeometry, writeGeometry } from "./geometry.js";
import { COMPOUND } from "../bodies/body.js";

/** "C2DS" read as a little-endian uint32. */
export const BINARY_MAGIC = 0x53443243;
const HEADER_BYTES = 64;
/** Where the header record starts: after magic, version, padding and the three counts. */
const HEADER_RECORD_AT = 20;
/** Version 3: the joint count and the next joint id, after the header record (zero in version 2). */
const JOINT_COUNT_AT = 56;

// Made on first use, so that loading the library needs no TextEncoder (a bare script context has none).
let encoder: TextEncoder | null = null;
let decoder: TextDecoder | null = null;

function writeBinaryRecord<T, C>(v: DataView, at: number, fields: readonly Field<T, C>[], layout: Layout, o: T, ctx: C): void {
  for (const i of layout.numbers) v.setFloat64((at += 8) - 8, fields[i]!.get(o, ctx) as number, true);
  for (const i of layout.ints) {
    const fd = fields[i]!;
    const x = fd.get(o, ctx) as number;
    if (fd.min! >= 0) v.setUint32(at, x, true);
    else v.setInt32(at, x, true);
    at += 4;
  }
  if (layout.flags.length === 0) return;
  let bits = 0;
  for (const i of layout.flags) {
    const fd = fields[i]!;
    const x = fd.get(o, ctx);
    const value = fd.kind === "bool" ? (x ? 1 : 0) : fd.values!.indexOf(x as string);
    bits |= value << layout.bitOf[i]!;
  }
  v.setInt32(at, bits, true);
}

function readBinaryRecord<T, C>(v: DataView, at: number, fields: readonly Field<T, C>[], layout: Layout, path: string, o: T, ctx: C): void {
  // flags first: the shape (an enum) decides what kind of body `o` is before the other fields
  if (layout.flags.length > 0) {
    const bits = v.getInt32(at + layout.numbers.length * 8 + layout.ints.length * 4, true);
    for (const i of layout.flags) {
      const fd = fields[i]!;
      const raw = (bits >>> layout.bitOf[i]!) & layout.maskOf[i]!;
      if (fd.kind === "bool") fd.set(o, raw === 1, ctx);
      else {
        if (raw >= fd.values!.length) typeFail(`${path}.${fd.path} has unknown value ${raw}`);
        fd.set(o, fd.values![raw], ctx);
      }
    }
  }
  for (const i of layout.numbers) {
    const fd = fields[i]!;
    fd.set(o, decode(fd, path, v.getFloat64(at, true)), ctx);
    at += 8;
  }
  for (const i of layout.ints) {
    const fd = fields[i]!;
    const x = fd.min! >= 0 ? v.getUint32(at, true) : v.getInt32(at, true);
    fd.set(o, decode(fd, path, x), ctx);
    at += 4;
  }
}

/** The options block of the last options object written (a world's frozen options stay the same object until they change). */
let lastOptions: object | null = null;
let lastOptionsText = new Uint8Array(0);

function optionsBytesOf(options: WorldState["options"]): Uint8Array {
  if (options !== lastOptions) {
    lastOptionsText = (encoder ??= new TextEncoder()).encode(JSON.stringify(jsonOptions(options)));
    lastOptions = options;
  }
  return lastOptionsText;
}

// The options block last read and what it resolved to: a recorder's rollbacks read the same block
// again and again, and decoding, parsing and resolving it cost more than all its bodies.
let lastReadText = new Uint8Array(0);
let lastReadOptions: RestoredWorld["options"] | null = null;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The options of a binary snapshot's options block (checked; a frozen object, shared by reads of the same bytes). */
function optionsOf(text: Uint8Array): RestoredWorld["options"] {
  if (lastReadOptions !== null && sameBytes(text, lastReadText)) return lastReadOptions;
  let raw: unknown;
  try {
    raw = JSON.parse((decoder ??= new TextDecoder("utf-8", { fatal: true })).decode(text));
  } catch {
    fail("the options block is not valid UTF-8 JSON");
  }
  const options = readOptions(raw);
  Object.freeze(options.gravity);
  lastReadOptions = Object.freeze(options);
  lastReadText = text.slice();
  return lastReadOptions;
}

/** The views the compiled codecs use: the whole buffer as Float64 and as Int32 words. */
interface Views {
  f64: Float64Array;
  i32: Int32Array;
}

function viewsOf(buffer: ArrayBuffer): Views {
  return { f64: new Float64Array(buffer, 0, buffer.byteLength >> 3), i32: new Int32Array(buffer, 0, buffer.byteLength >> 2) };
}

function codecOf<T, C>(fields: readonly Field<T, C>[], layout: Layout): RecordCodec<T, C> | null {
  return compiledCodec(fields, layout);
}

/** The cursor geometry blocks are written and read with (one for every snapshot: nothing allocated per capture). */
const cursor = new DataCursor();

/** The error of a geometry block read past the end of the snapshot. */
function truncatedGeometry(): never {
  fail("the geometry of its Box, Polygon, Segment and Compound bodies is truncated");
}

/** Write one record: compiled when it can be, else by walking the table. */
function writeRecord<T, C>(v: DataView, w: Views, at: number, fields: readonly Field<T, C>[], layout: Layout, codec: RecordCodec<T, C> | null, o: T, ctx: C): void {
  if (codec !== null) codec.write(w.f64, w.i32, at, o, ctx);
  else writeBinaryRecord(v, at, fields, layout, o, ctx);
}

/** Read one record: compiled when it can be, else by walking the table. */
function readRecord<T, C>(
  v: DataView, w: Views, at: number, fields: readonly Field<T, C>[], layout: Layout, codec: RecordCodec<T, C> | null, path: string, index: number, o: T, ctx: C,
): void {
  if (codec !== null) codec.read(w.f64, w.i32, at, o, ctx, path, index, decode as Decode);
  else readBinaryRecord(v, at, fields, layout, recordPath(path, index), o, ctx);
}

/**
 * The binary form of a world's state (what `world.snapshot({ format: "binary" })`
 * returns), written into `reuse` when it is a buffer this function made
 * before and has exactly the size needed (a recorder's ring recycles its
 * oldest snapshot so), else into a new buffer. Every byte is written.
 */
export function captureBinary(s: WorldState, reuse: ArrayBuffer | null = null): ArrayBuffer {
  const optionsText = optionsBytesOf(s.options);
  const optionsBytes = (optionsText.length + 7) & ~7;
  const bodyCount = s.bodies.length;
  const contactCount = s.contacts.length;
  const jointCount = s.joints.length;
  let geometry = 0;
  for (const b of s.bodies) if (hasGeometry(b)) geometry += geometryBytes(b);
  const fixed =
    HEADER_BYTES + optionsBytes + bodyCount * BODY_LAYOUT.bytes + contactCount * CONTACT_LAYOUT.bytes + jointCount * JOINT_LAYOUT.bytes;
  const total = fixed + geometry;
  const buffer = reuse !== null && reuse.byteLength === total ? reuse : new ArrayBuffer(total);
  const v = new DataView(buffer);
  v.setUint32(0, BINARY_MAGIC, true);
  v.setUint16(4, SNAPSHOT_VERSION, true);
  v.setUint16(6, 0, true);
  v.setUint32(8, bodyCount, true);
  v.setUint32(12, contactCount, true);
  v.setUint32(16, optionsText.length, true);
  writeBinaryRecord(v, HEADER_RECORD_AT, HEADER_FIELDS, HEADER_LAYOUT, s, null);
  v.setUint32(JOINT_COUNT_AT, jointCount, true);
  v.setUint32(JOINT_COUNT_AT + 4, s.nextJointId, true);
  new Uint8Array(buffer, HEADER_BYTES, optionsText.length).set(optionsText);
  new Uint8Array(buffer, HEADER_BYTES + optionsText.length, optionsBytes - optionsText.length).fill(0); // padding (a reused buffer's too)
  let at = HEADER_BYTES + optionsBytes;
  const w = viewsOf(buffer);
  const island = islandIndex(s);
  const extra: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };
  const bodyCodec = codecOf(BODY_FIELDS, BODY_LAYOUT);
  for (const b of s.bodies) {
    writeRecord(v, w, at, BODY_FIELDS, BODY_LAYOUT, bodyCodec, b, bodyExtra(s, island, b, extra));
    at += BODY_LAYOUT.bytes;
  }
  const ids: ContactIds = { a: 0, b: 0, sa: 0, sb: 0 };
  const contactCodec = codecOf(CONTACT_FIELDS, CONTACT_LAYOUT);
  for (const c of s.contacts) {
    writeRecord(v, w, at, CONTACT_FIELDS, CONTACT_LAYOUT, contactCodec, c, contactIds(c, ids));
    at += CONTACT_LAYOUT.bytes;
  }
  const jointCodec = codecOf(JOINT_FIELDS, JOINT_LAYOUT);
  for (const j of s.joints) {
    writeRecord(v, w, at, JOINT_FIELDS, JOINT_LAYOUT, jointCodec, j, jointIds(j, ids));
    at += JOINT_LAYOUT.bytes;
  }
  if (geometry > 0) {
    cursor.reset(v, at, total);
    for (const b of s.bodies) if (hasGeometry(b)) writeGeometry(cursor, b);
    cursor.reset(EMPTY, 0, 0); // hold no buffer
  }
  return buffer;
}

/** Check a binary snapshot and build its bodies, or throw (what `World.fromSnapshot(buffer)` calls). */
export function readBinary(buffer: ArrayBuffer, blanks: Blanks): RestoredWorld {
  if (buffer.byteLength < HEADER_BYTES) fail(`binary snapshot is ${buffer.byteLength} bytes, shorter than its ${HEADER_BYTES}-byte header`);
  const v = new DataView(buffer);
  const magic = v.getUint32(0, true);
  if (magic !== BINARY_MAGIC) fail(`wrong magic 0x${magic.toString(16)} (expected 0x${BINARY_MAGIC.toString(16)}, "C2DS")`);
  const version = v.getUint16(4, true);
  if (!READABLE_VERSIONS.includes(version)) fail(`version ${version} is not supported (this build reads ${READABLE_VERSIONS.join(", ")})`);
  const bodyCount = v.getUint32(8, true);
  const contactCount = v.getUint32(12, true);
  const optionsLength = v.getUint32(16, true);
  const optionsBytes = (optionsLength + 7) & ~7;
  const jointCount = version === 2 ? 0 : v.getUint32(JOINT_COUNT_AT, true);
  const nextJointId = version === 2 ? 0 : v.getUint32(JOINT_COUNT_AT + 4, true);
  const bodyFields = version >= 5 ? BODY_FIELDS : version === 4 ? BODY_FIELDS_V4 : BODY_FIELDS_V3;
  const bodyLayout = version >= 5 ? BODY_LAYOUT : version === 4 ? BODY_LAYOUT_V4 : BODY_LAYOUT_V3;
  const contactFields = version >= 6 ? CONTACT_FIELDS : version >= 4 ? CONTACT_FIELDS_V5 : CONTACT_FIELDS_V3;
  const contactLayout = version >= 6 ? CONTACT_LAYOUT : version >= 4 ? CONTACT_LAYOUT_V5 : CONTACT_LAYOUT_V3;
  const expected =
    HEADER_BYTES + optionsBytes + bodyCount * bodyLayout.bytes + contactCount * contactLayout.bytes + jointCount * JOINT_LAYOUT.bytes;
  // version 5: the geometry blocks follow, whose sizes are read from them (checked below)
  if (version >= 5 ? buffer.byteLength < expected || (buffer.byteLength & 7) !== 0 : buffer.byteLength !== expected) {
    fail(
      `binary snapshot is ${buffer.byteLength} bytes but its header (${bodyCount} bodies, ${contactCount} contacts, ${jointCount} joints) needs ${version >= 5 ? "at least " : ""}${expected}`,
    );
  }
  const header: Header = { time: 0, stepCount: 0, accumulator: 0, lastDt: 0, nextId: 0 };
  readBinaryRecord(v, HEADER_RECORD_AT, HEADER_FIELDS, HEADER_LAYOUT, "header", header, null);
  const options = optionsOf(new Uint8Array(buffer, HEADER_BYTES, optionsLength));
  let at = HEADER_BYTES + optionsBytes;
  const w = viewsOf(buffer);
  const bodyCodec = codecOf(bodyFields, bodyLayout);
  const contactCodec = codecOf(contactFields, contactLayout);
  const jointCodec = codecOf(JOINT_FIELDS, JOINT_LAYOUT);
  const bodies: Body[] = [];
  const lists = READ_LISTS.reset();
  const x: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };
  const shapeBits = v; // the shape is the first flag field: read it before building the body
  const shapeNames = bodyFields[0]!.values!;
  let shaped = 0;
  let compounds = 0;
  let chains = 0;
  for (let i = 0; i < bodyCount; i++) {
    const flags = shapeBits.getInt32(at + bodyLayout.numbers.length * 8 + bodyLayout.ints.length * 4, true);
    const kind = (flags >>> bodyLayout.bitOf[0]!) & bodyLayout.maskOf[0]!;
    if (kind >= shapeNames.length || (version < 6 && kind >= SHAPE_NAMES_V5_COUNT) || (version < 7 && kind >= SHAPE_NAMES_V6_COUNT)) {
      typeFail(`bodies[${i}] has unknown shape kind ${kind}${kind < shapeNames.length ? ` (version ${kind >= SHAPE_NAMES_V6_COUNT ? 7 : 6} added ${JSON.stringify(shapeNames[kind])})` : ""}`);
    }
    const body = blanks.body(KIND_OF_SHAPE[kind]!);
    if (hasGeometry(body)) shaped++;
    if (kind >= SHAPE_NAMES_V6_COUNT) chains++;
    else if (body._kind === COMPOUND) compounds++;
    if (bodyFields !== BODY_FIELDS) for (const fd of BODY_FIELDS) if (!bodyFields.includes(fd)) fd.set(body, fallbackOf(fd.kind), x);
    readRecord(v, w, at, bodyFields, bodyLayout, bodyCodec, "bodies", i, body, x);
    body.label = "";
    body.userData = undefined;
    bodies.push(body);
    lists.pushBody(x);
    at += bodyLayout.bytes;
  }
  const geometry = buffer.byteLength - expected;
  // at most the largest block for each body that has one: checked before any record after the bodies is read
  if (geometry > 0 && shaped === 0) {
    fail(`binary snapshot is ${buffer.byteLength} bytes but its header (${bodyCount} bodies, ${contactCount} contacts, ${jointCount} joints) needs ${expected}`);
  }
  if (geometry > (shaped - compounds - chains) * MAX_GEOMETRY_BYTES + compounds * MAX_COMPOUND_BYTES + chains * MAX_CHAIN_BYTES) {
    fail(`binary snapshot has ${geometry} bytes after its records, more than the geometry of its ${shaped} Box, Polygon, Segment and Compound bodies can take`);
  }
  const contacts: Contact[] = [];
  const ids: ContactIds = { a: 0, b: 0, sa: 0, sb: 0 };
  for (let i = 0; i < contactCount; i++) {
    const c = blanks.contact();
    if (contactFields !== CONTACT_FIELDS) for (const fd of CONTACT_FIELDS) if (!contactFields.includes(fd)) fd.set(c, fallbackOf(fd.kind), ids);
    readRecord(v, w, at, contactFields, contactLayout, contactCodec, "contacts", i, c, ids);
    contacts.push(c);
    lists.pushContact(ids);
    at += contactLayout.bytes;
  }
  const joints: Joint[] = [];
  for (let i = 0; i < jointCount; i++) {
    const j = blanks.joint();
    readRecord(v, w, at, JOINT_FIELDS, JOINT_LAYOUT, jointCodec, "joints", i, j, ids);
    j.label = "";
    j.userData = undefined;
    joints.push(j);
    lists.pushJoint(ids);
    at += JOINT_LAYOUT.bytes;
  }
  if (shaped > 0) {
    cursor.reset(v, at, buffer.byteLength, truncatedGeometry);
    try {
      for (let i = 0; i < bodyCount; i++) {
        const body = bodies[i]!;
        if (hasGeometry(body)) readGeometry(SNAPSHOT_ERRORS, cursor, `bodies[${i}]`, SHAPE_NAMES[lists.shape[i]!]!, body);
      }
      at = cursor.at;
    } finally {
      cursor.reset(EMPTY, 0, 0); // hold no buffer, refused or not
    }
    if (at !== buffer.byteLength) fail(`binary snapshot has ${buffer.byteLength - at} bytes left over after the geometry of its bodies`);
  }
  return assemble(options, header, bodies, lists, contacts, joints, nextJointId);
}

const EMPTY = new DataView(new ArrayBuffer(0));

/** @internal The binary codec, which a world holds as its `binaryCodec` (the World of `capsule2d/binary`, `enableBinarySnapshots(world)`). */
export const BINARY_CODEC: BinaryCodec = { capture: captureBinary, read: readBinary };

/** The TypeError of `enableBinarySnapshots()` without a world: there is no switch for every world. */
const PER_WORLD =
  'capsule2d: enableBinarySnapshots() needs a world: binary snapshots are chosen per world, there is no call for every world. ' +
  'Make the worlds with World from "capsule2d/binary" (import { World } from "capsule2d/binary"; its fromSnapshot reads binary), ' +
  'or call enableBinarySnapshots(world) for a world you have; for the World of "capsule2d/threads", withBinarySnapshots(World) from "capsule2d/binary"';

/**
 * Let `world.snapshot({ format: "binary" })` and `world.restore(buffer)`
 * write and read binary snapshots in `world` alone (and in its clones).
 * Calling it again does nothing more. `World.fromSnapshot(buffer)` needs a
 * World whose worlds have them: the World of `capsule2d/binary` (or
 * `withBinarySnapshots(World)` for another World, such as that of
 * `capsule2d/threads`). Without a world, or for a world without snapshots
 * (of `capsule2d/core` or `capsule2d/joints`), a TypeError that says what to
 * do: nothing switches every world of the process.
 */
export function enableBinarySnapshots(world: World): void {
  if (world === undefined) throw new TypeError(PER_WORLD);
  const modules = (world as { modules?: { snapshots?: unknown; entry?: unknown } } | null)?.modules;
  if (typeof world !== "object" || world === null || modules === undefined) {
    throw new TypeError(`capsule2d: enableBinarySnapshots(world): world must be a World, got ${describe(world)}`);
  }
  if (!modules.snapshots) {
    throw new TypeError(`capsule2d: enableBinarySnapshots(world): the World of "${String(modules.entry)}" has no snapshots: use World from "capsule2d/binary"`);
  }
  world.binaryCodec = BINARY_CODEC;
}
