/**
 * Snapshots: everything that affects a world's future, as data.
 *
 * `world.snapshot()` captures, and `World.fromSnapshot(data)` rebuilds, a
 * world such that stepping the rebuilt one gives bit-identical states to
 * stepping the original (its `stateHash()` matches at every step). What is
 * saved is described once, field by field, in `schema.ts`: every body's
 * definition and state (the exact rotation, forces pending, the pose at the
 * start of the last step, its sleep timer and sleeping island), every
 * contact with its manifold, touching state and impulses, the header (time,
 * step count, `advance()` accumulator, the last dt, the id counter) and the
 * options.
 *
 * Not captured: event listeners and the force field (functions; attach them
 * again), events not yet read, and the broadphase (rebuilt from the bodies).
 * None of them changes the simulation: the solver visits contacts in the
 * order of their body ids, so a rebuilt broadphase, which may find its pairs
 * in another order, changes nothing.
 *
 * Two forms, both following the schema:
 * - JSON (`snapshot()`): plain objects, arrays, strings, numbers and
 *   booleans. `JSON.stringify` writes finite doubles exactly, so the round
 *   trip is bit-exact; JSON has no −0, so a negative zero is written as the
 *   string "-0". `userData` is included when it survives JSON (else dropped).
 * - Binary (`snapshot({ format: "binary" })`): an ArrayBuffer, little-endian,
 *   for rollback netcode. A 64-byte header (magic "C2DS", version, counts,
 *   the header fields), the options as JSON text, then one fixed-size record
 *   per body and per contact (`BINARY_BYTES_PER_BODY`,
 *   `BINARY_BYTES_PER_CONTACT`). It carries neither `label` nor `userData`.
 *
 * Reading checks everything before building anything: a wrong magic, format
 * or version, a truncated or padded buffer, a count that disagrees, a NaN or
 * Infinity where a finite number is required, an unknown shape or body type,
 * duplicate or unordered ids, a contact naming a missing body: each throws a
 * TypeError or RangeError that says what was wrong.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import { Joint } from "../joints/joint.js";
import * as check from "../math/validate.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type WorldOptions } from "./options.js";
import {
  BODY_FIELDS, BODY_FIELDS_V3, BODY_LAYOUT, BODY_LAYOUT_V3, CONTACT_FIELDS, CONTACT_FIELDS_V3, CONTACT_LAYOUT_V3, CONTACT_LAYOUT, HEADER_FIELDS, HEADER_LAYOUT, JOINT_FIELDS, JOINT_LAYOUT, MAX_JOINT_ID,
  SHAPE_NAMES, blankBody, blankContact, blankJoint, checkBodyRecord, checkJointRecord, type BodyExtra, type ContactIds, type Field,
  type Header, type JointIds, type Layout,
} from "./schema.js";

export const SNAPSHOT_FORMAT = "capsule2d-snapshot";
/**
 * Version 3 added joints, version 4 one-way bodies (and one-way contacts'
 * decisions); version 2 and 3 snapshots are still read.
 */
export const SNAPSHOT_VERSION = 4;
const READABLE_VERSIONS = [2, 3, 4];

/** A number as stored in a JSON snapshot: JSON has no −0 or Infinity, so they are written as strings. */
export type SnapshotNumber = number | "-0" | "Infinity" | "-Infinity";
/** A JSON record whose fields `src/world/schema.ts` lists (nested by their dotted paths). */
export type SnapshotRecord = { [key: string]: unknown };
export type BodySnapshot = SnapshotRecord;
export type ContactSnapshot = SnapshotRecord;
export type JointSnapshot = SnapshotRecord;

export interface WorldSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  options: Record<string, unknown>;
  time: SnapshotNumber;
  stepCount: number;
  accumulator: SnapshotNumber;
  lastDt: SnapshotNumber;
  nextId: number;
  bodies: BodySnapshot[];
  contacts: ContactSnapshot[];
  /** The id the next joint gets. */
  nextJointId: number;
  /** In creation order. */
  joints: JointSnapshot[];
}

/** What the world hands over to be captured (read-only). */
export interface WorldState extends Header {
  options: ResolvedWorldOptions;
  /** In id order. */
  bodies: readonly Body[];
  sleepTime(b: Body): number;
  changed(b: Body): boolean;
  /** Each sleeping island's bodies, in id order. */
  sleepingIslands: readonly (readonly Body[])[];
  /** Every live contact, in key order. */
  contacts: readonly Contact[];
  /** Every joint, in creation order. */
  joints: readonly Joint[];
  nextJointId: number;
}

/** A checked snapshot: bodies built (ids set, not in a world), contacts read into blank records. */
export interface RestoredWorld extends Header {
  options: ResolvedWorldOptions;
  bodies: Body[];
  sleepTime: number[];
  changed: boolean[];
  sleepingIslands: Body[][];
  /** Each contact's bodies and its saved state (copy it into the contact the world creates). */
  contacts: { a: Body; b: Body; saved: Contact }[];
  /** Each joint's bodies and its saved state (copy it into a joint made for those bodies). */
  joints: { a: Body; b: Body; saved: Joint }[];
  nextJointId: number;
}

export const BINARY_BYTES_PER_BODY = BODY_LAYOUT.bytes;
export const BINARY_BYTES_PER_CONTACT = CONTACT_LAYOUT.bytes;
export const BINARY_BYTES_PER_JOINT = JOINT_LAYOUT.bytes;

// ---------------------------------------------------------------- shared

function fail(message: string): never {
  throw new RangeError(`capsule2d: invalid snapshot: ${message}`);
}

function typeFail(message: string): never {
  throw new TypeError(`capsule2d: invalid snapshot: ${message}`);
}

/**
 * Check one value read for field `fd` of the record at `record` (from JSON
 * or binary) and turn it into the stored value. (The error's location is
 * built only on failure: records are read by the thousand.)
 */
function at<T, C>(record: string, fd: Field<T, C>): string {
  return `${record}.${fd.path}`;
}

function decode<T, C>(fd: Field<T, C>, record: string, v: unknown): unknown {
  switch (fd.kind) {
    case "number":
    case "nonNegative": {
      if (v === "-0") return -0;
      if (typeof v !== "number") typeFail(`${at(record, fd)} must be a number, got ${check.describe(v)}`);
      if (!Number.isFinite(v)) fail(`${at(record, fd)} must be a finite number, got ${check.describe(v)}`);
      if (fd.kind === "nonNegative" && !(v >= 0)) fail(`${at(record, fd)} must be >= 0, got ${v}`);
      return v;
    }
    case "extended": {
      if (v === "-0") return -0;
      if (v === "Infinity") return Infinity;
      if (v === "-Infinity") return -Infinity;
      if (typeof v !== "number") typeFail(`${at(record, fd)} must be a number, got ${check.describe(v)}`);
      if (Number.isNaN(v)) fail(`${at(record, fd)} must not be NaN`);
      return v;
    }
    case "int": {
      if (typeof v !== "number") typeFail(`${at(record, fd)} must be a number, got ${check.describe(v)}`);
      if (!Number.isInteger(v) || v < fd.min! || v > fd.max!) fail(`${at(record, fd)} must be an integer in [${fd.min}, ${fd.max}], got ${check.describe(v)}`);
      return v;
    }
    case "bool":
      if (typeof v !== "boolean") typeFail(`${at(record, fd)} must be a boolean, got ${check.describe(v)}`);
      return v;
    case "enum":
      if (typeof v !== "string" || !fd.values!.includes(v)) {
        typeFail(`${at(record, fd)} must be one of ${fd.values!.map((x) => JSON.stringify(x)).join(", ")}, got ${check.describe(v)}`);
      }
      return v;
    case "string":
      if (typeof v !== "string") typeFail(`${at(record, fd)} must be a string, got ${check.describe(v)}`);
      return v;
    case "json":
      return v;
  }
}

function byKind(kind: string): unknown {
  return kind === "bool" ? false : kind === "string" ? "" : kind === "json" ? undefined : 0;
}

// ---------------------------------------------------------------- JSON

function jsonNumber(v: number): SnapshotNumber {
  if (v === Infinity) return "Infinity";
  if (v === -Infinity) return "-Infinity";
  return Object.is(v, -0) ? "-0" : v;
}

/** userData if it survives JSON unchanged in kind (functions, symbols, cycles, bigints are dropped). */
function jsonValue(value: unknown): { ok: boolean; value?: unknown } {
  if (value === undefined) return { ok: false };
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return { ok: false };
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function setPath<T, C>(out: SnapshotRecord, fd: Field<T, C>, value: unknown): void {
  const keys = fd.keys;
  let o: Record<string, unknown> = out;
  for (let i = 0; i < keys.length - 1; i++) {
    const key = keys[i]!;
    let next = o[key];
    if (next === undefined) o[key] = next = fd.arrayAt[i] ? [] : {};
    o = next as Record<string, unknown>;
  }
  o[keys[keys.length - 1]!] = value;
}

function getPath(record: unknown, keys: readonly string[]): unknown {
  let o: unknown = record;
  for (let i = 0; i < keys.length; i++) {
    if (o === null || typeof o !== "object") return undefined;
    o = (o as Record<string, unknown>)[keys[i]!];
  }
  return o;
}

function writeRecord<T, C>(fields: readonly Field<T, C>[], o: T, ctx: C): SnapshotRecord {
  const out: SnapshotRecord = {};
  for (const fd of fields) {
    if (fd.present !== undefined && !fd.present(o, ctx)) continue;
    const v = fd.get(o, ctx);
    if (fd.kind === "json") {
      const j = jsonValue(v);
      if (j.ok) setPath(out, fd, j.value);
    } else {
      setPath(out, fd, typeof v === "number" ? jsonNumber(v) : v);
    }
  }
  return out;
}

function readRecord<T, C>(fields: readonly Field<T, C>[], record: unknown, path: string, o: T, ctx: C, from = 0): void {
  if (record === null || typeof record !== "object" || Array.isArray(record)) typeFail(`${path} must be an object, got ${check.describe(record)}`);
  for (let i = from; i < fields.length; i++) {
    const fd = fields[i]!;
    const raw = getPath(record, fd.keys);
    if (raw === undefined && (fd.present !== undefined || fd.kind === "json")) {
      fd.set(o, byKind(fd.kind), ctx);
      continue;
    }
    fd.set(o, decode(fd, path, raw), ctx);
  }
}

function jsonOptions(options: ResolvedWorldOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    out[k] = typeof v === "number" ? jsonNumber(v) : k === "gravity" ? { x: jsonNumber(options.gravity.x), y: jsonNumber(options.gravity.y) } : v;
  }
  return out;
}

function islandIndex(s: WorldState): Map<Body, number> {
  const map = new Map<Body, number>();
  s.sleepingIslands.forEach((members, i) => members.forEach((b) => map.set(b, i)));
  return map;
}

/** What the world keeps about body b, into `out` (one object serves every record). */
function bodyExtra(s: WorldState, island: Map<Body, number>, b: Body, out: BodyExtra): BodyExtra {
  out.island = island.get(b) ?? -1;
  out.sleepTime = s.sleepTime(b);
  out.changed = s.changed(b);
  return out;
}

function contactIds(c: Contact, out: ContactIds): ContactIds {
  out.a = c.bodyA._id;
  out.b = c.bodyB._id;
  return out;
}

export function captureJSON(s: WorldState): WorldSnapshot {
  const island = islandIndex(s);
  const header = writeRecord(HEADER_FIELDS, s, null);
  const extra: BodyExtra = { island: -1, sleepTime: 0, changed: false };
  const bodies = s.bodies.map((b) => writeRecord(BODY_FIELDS, b, bodyExtra(s, island, b, extra)));
  const ids: ContactIds = { a: 0, b: 0 };
  const contacts = s.contacts.map((c) => writeRecord(CONTACT_FIELDS, c, contactIds(c, ids)));
  const joints = s.joints.map((j) => writeRecord(JOINT_FIELDS, j, jointIds(j, ids)));
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    options: jsonOptions(s.options),
    ...(header as { time: SnapshotNumber; stepCount: number; accumulator: SnapshotNumber; lastDt: SnapshotNumber; nextId: number }),
    bodies,
    contacts,
    nextJointId: s.nextJointId,
    joints,
  };
}

function jointIds(j: Joint, out: JointIds): JointIds {
  out.a = j._bodyA._id;
  out.b = j._bodyB._id;
  return out;
}

function readOptions(raw: unknown): ResolvedWorldOptions {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) typeFail(`options must be an object, got ${check.describe(raw)}`);
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (k === "gravity" && v !== null && typeof v === "object") {
      const g = v as { x: unknown; y: unknown };
      o[k] = { x: g.x === "-0" ? -0 : g.x, y: g.y === "-0" ? -0 : g.y };
    } else {
      o[k] = v === "-0" ? -0 : v;
    }
  }
  try {
    return resolveWorldOptions(o as WorldOptions);
  } catch (e) {
    const err = e as Error;
    const Ctor = err instanceof TypeError ? TypeError : RangeError;
    throw new Ctor(`capsule2d: invalid snapshot: options: ${err.message.replace(/^capsule2d: /, "")}`);
  }
}

/** A body from its record: the shape first (a blank body of that class), then every field. */
function readBodyJSON(record: unknown, i: number, extra: BodyExtra): Body {
  const path = `bodies[${i}]`;
  if (record === null || typeof record !== "object" || Array.isArray(record)) typeFail(`${path} must be an object, got ${check.describe(record)}`);
  const shape = decode(BODY_FIELDS[0]!, path, (record as SnapshotRecord).shape) as (typeof SHAPE_NAMES)[number];
  const body = blankBody(SHAPE_NAMES.indexOf(shape) as 0 | 1 | 2);
  readRecord(BODY_FIELDS, record, path, body, extra, 1);
  return body;
}

const POINTS = ["points"];

function readJSON(data: unknown): RestoredWorld {
  if (data === null || typeof data !== "object" || Array.isArray(data)) typeFail(`snapshot must be an object, got ${check.describe(data)}`);
  const o = data as Record<string, unknown>;
  if (o.format !== SNAPSHOT_FORMAT) fail(`format must be ${JSON.stringify(SNAPSHOT_FORMAT)}, got ${check.describe(o.format)}`);
  if (!READABLE_VERSIONS.includes(o.version as number)) {
    fail(`version ${check.describe(o.version)} is not supported (this build reads ${READABLE_VERSIONS.join(", ")})`);
  }
  const options = readOptions(o.options);
  const header: Header = { time: 0, stepCount: 0, accumulator: 0, lastDt: 0, nextId: 0 };
  readRecord(HEADER_FIELDS, o, "snapshot", header, null);
  if (!Array.isArray(o.bodies)) typeFail(`bodies must be an array, got ${check.describe(o.bodies)}`);
  if (!Array.isArray(o.contacts)) typeFail(`contacts must be an array, got ${check.describe(o.contacts)}`);
  const extras: BodyExtra[] = [];
  const bodies = (o.bodies as unknown[]).map((r, i) => {
    const x: BodyExtra = { island: -1, sleepTime: 0, changed: false };
    extras.push(x);
    return readBodyJSON(r, i, x);
  });
  const contacts = (o.contacts as unknown[]).map((r, i) => {
    const c = blankContact();
    const ids: ContactIds = { a: 0, b: 0 };
    readRecord(CONTACT_FIELDS, r, `contacts[${i}]`, c, ids);
    const points = getPath(r, POINTS);
    const n = Array.isArray(points) ? points.length : 0;
    if (n !== c.count) fail(`contacts[${i}] has count ${c.count} but ${n} points`);
    return { c, ids };
  });
  let nextJointId = 0;
  const joints: { j: Joint; ids: JointIds }[] = [];
  if (o.version !== 2) {
    const next = o.nextJointId;
    if (typeof next !== "number" || !Number.isInteger(next) || next < 0 || next > MAX_JOINT_ID + 1) {
      fail(`nextJointId must be an integer in [0, ${MAX_JOINT_ID + 1}], got ${check.describe(next)}`);
    }
    nextJointId = next;
    if (!Array.isArray(o.joints)) typeFail(`joints must be an array, got ${check.describe(o.joints)}`);
    (o.joints as unknown[]).forEach((r, i) => {
      const j = blankJoint();
      const ids: JointIds = { a: 0, b: 0 };
      readRecord(JOINT_FIELDS, r, `joints[${i}]`, j, ids);
      joints.push({ j, ids });
    });
  }
  return assemble(options, header, bodies, extras, contacts, joints, nextJointId);
}

// ---------------------------------------------------------------- binary

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

export function captureBinary(s: WorldState): ArrayBuffer {
  const optionsText = (encoder ??= new TextEncoder()).encode(JSON.stringify(jsonOptions(s.options)));
  const optionsBytes = (optionsText.length + 7) & ~7;
  const bodyCount = s.bodies.length;
  const contactCount = s.contacts.length;
  const jointCount = s.joints.length;
  const total =
    HEADER_BYTES + optionsBytes + bodyCount * BODY_LAYOUT.bytes + contactCount * CONTACT_LAYOUT.bytes + jointCount * JOINT_LAYOUT.bytes;
  const buffer = new ArrayBuffer(total);
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
  let at = HEADER_BYTES + optionsBytes;
  const island = islandIndex(s);
  const extra: BodyExtra = { island: -1, sleepTime: 0, changed: false };
  for (const b of s.bodies) {
    writeBinaryRecord(v, at, BODY_FIELDS, BODY_LAYOUT, b, bodyExtra(s, island, b, extra));
    at += BODY_LAYOUT.bytes;
  }
  const ids: ContactIds = { a: 0, b: 0 };
  for (const c of s.contacts) {
    writeBinaryRecord(v, at, CONTACT_FIELDS, CONTACT_LAYOUT, c, contactIds(c, ids));
    at += CONTACT_LAYOUT.bytes;
  }
  for (const j of s.joints) {
    writeBinaryRecord(v, at, JOINT_FIELDS, JOINT_LAYOUT, j, jointIds(j, ids));
    at += JOINT_LAYOUT.bytes;
  }
  return buffer;
}

function readBinary(buffer: ArrayBuffer): RestoredWorld {
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
  const bodyFields = version >= 4 ? BODY_FIELDS : BODY_FIELDS_V3;
  const bodyLayout = version >= 4 ? BODY_LAYOUT : BODY_LAYOUT_V3;
  const contactFields = version >= 4 ? CONTACT_FIELDS : CONTACT_FIELDS_V3;
  const contactLayout = version >= 4 ? CONTACT_LAYOUT : CONTACT_LAYOUT_V3;
  const expected =
    HEADER_BYTES + optionsBytes + bodyCount * bodyLayout.bytes + contactCount * contactLayout.bytes + jointCount * JOINT_LAYOUT.bytes;
  if (buffer.byteLength !== expected) {
    fail(
      `binary snapshot is ${buffer.byteLength} bytes but its header (${bodyCount} bodies, ${contactCount} contacts, ${jointCount} joints) needs ${expected}`,
    );
  }
  const header: Header = { time: 0, stepCount: 0, accumulator: 0, lastDt: 0, nextId: 0 };
  readBinaryRecord(v, HEADER_RECORD_AT, HEADER_FIELDS, HEADER_LAYOUT, "header", header, null);
  let optionsRaw: unknown;
  try {
    optionsRaw = JSON.parse((decoder ??= new TextDecoder("utf-8", { fatal: true })).decode(new Uint8Array(buffer, HEADER_BYTES, optionsLength)));
  } catch {
    fail("the options block is not valid UTF-8 JSON");
  }
  const options = readOptions(optionsRaw);
  let at = HEADER_BYTES + optionsBytes;
  const bodies: Body[] = [];
  const extras: BodyExtra[] = [];
  const shapeBits = v; // the shape is the first flag field: read it before building the body
  for (let i = 0; i < bodyCount; i++) {
    const flags = shapeBits.getInt32(at + bodyLayout.numbers.length * 8 + bodyLayout.ints.length * 4, true);
    const kind = (flags >>> bodyLayout.bitOf[0]!) & 3;
    if (kind >= SHAPE_NAMES.length) typeFail(`bodies[${i}] has unknown shape kind ${kind}`);
    const body = blankBody(kind as 0 | 1 | 2);
    const x: BodyExtra = { island: -1, sleepTime: 0, changed: false };
    readBinaryRecord(v, at, bodyFields, bodyLayout, `bodies[${i}]`, body, x);
    body.label = "";
    body.userData = undefined;
    bodies.push(body);
    extras.push(x);
    at += bodyLayout.bytes;
  }
  const contacts: { c: Contact; ids: ContactIds }[] = [];
  for (let i = 0; i < contactCount; i++) {
    const c = blankContact();
    const ids: ContactIds = { a: 0, b: 0 };
    readBinaryRecord(v, at, contactFields, contactLayout, `contacts[${i}]`, c, ids);
    contacts.push({ c, ids });
    at += contactLayout.bytes;
  }
  const joints: { j: Joint; ids: JointIds }[] = [];
  for (let i = 0; i < jointCount; i++) {
    const j = blankJoint();
    const ids: JointIds = { a: 0, b: 0 };
    readBinaryRecord(v, at, JOINT_FIELDS, JOINT_LAYOUT, `joints[${i}]`, j, ids);
    j.label = "";
    j.userData = undefined;
    joints.push({ j, ids });
    at += JOINT_LAYOUT.bytes;
  }
  return assemble(options, header, bodies, extras, contacts, joints, nextJointId);
}

// ---------------------------------------------------------------- checks across records

function assemble(
  options: ResolvedWorldOptions,
  header: Header,
  bodies: Body[],
  extras: BodyExtra[],
  raw: { c: Contact; ids: ContactIds }[],
  rawJoints: { j: Joint; ids: JointIds }[],
  nextJointId: number,
): RestoredWorld {
  const byId = new Map<number, Body>();
  let last = -1;
  bodies.forEach((b, i) => {
    checkBodyRecord(b, (m) => fail(`bodies[${i}]: ${m}`));
    if (b._id <= last) fail(`bodies[${i}].id ${b._id} is not above the previous id ${last} (ids must be unique and in order)`);
    if (b._id >= header.nextId) fail(`bodies[${i}].id ${b._id} is not below nextId ${header.nextId}`);
    last = b._id;
    byId.set(b._id, b);
    b.updateExtents(); // derived from the shape's size, not saved
    b.updateBounds();
  });
  const islands: Body[][] = [];
  bodies.forEach((b, i) => {
    const k = extras[i]!.island;
    if (k < 0) return;
    if (b._type === "static") fail(`bodies[${i}] is static but asleep in island ${k}`);
    while (islands.length <= k) islands.push([]);
    islands[k]!.push(b);
  });
  const seen = new Set<number>();
  const contacts = raw.map(({ c, ids }, i) => {
    const a = byId.get(ids.a);
    const b = byId.get(ids.b);
    if (a === undefined || b === undefined) fail(`contacts[${i}] names body ${a === undefined ? ids.a : ids.b}, which is not in the snapshot`);
    if (!(ids.a < ids.b)) fail(`contacts[${i}] must have bodyA < bodyB, got ${ids.a} and ${ids.b}`);
    const key = ids.a * 2 ** 26 + ids.b;
    if (seen.has(key)) fail(`contacts[${i}] repeats the pair (${ids.a}, ${ids.b})`);
    seen.add(key);
    return { a, b, saved: c };
  });
  let lastJoint = -1;
  const joints = rawJoints.map(({ j, ids }, i) => {
    const a = byId.get(ids.a);
    const b = byId.get(ids.b);
    if (a === undefined || b === undefined) fail(`joints[${i}] names body ${a === undefined ? ids.a : ids.b}, which is not in the snapshot`);
    if (a === b) fail(`joints[${i}] joins body ${ids.a} to itself`);
    if (j._id <= lastJoint) fail(`joints[${i}].id ${j._id} is not above the previous id ${lastJoint} (ids must be unique and in order)`);
    if (j._id >= nextJointId) fail(`joints[${i}].id ${j._id} is not below nextJointId ${nextJointId}`);
    lastJoint = j._id;
    checkJointRecord(j, (m) => fail(`joints[${i}]: ${m}`));
    return { a, b, saved: j };
  });
  return {
    options,
    ...header,
    bodies,
    sleepTime: extras.map((x) => x.sleepTime),
    changed: extras.map((x) => x.changed),
    sleepingIslands: islands.filter((m) => m.length > 0),
    contacts,
    joints,
    nextJointId,
  };
}

/** Check a snapshot (JSON data or a binary ArrayBuffer) and build its bodies, or throw. */
export function readSnapshot(data: unknown): RestoredWorld {
  if (data instanceof ArrayBuffer) return readBinary(data);
  if (ArrayBuffer.isView(data)) {
    const view = data as ArrayBufferView;
    return readBinary(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer);
  }
  return readJSON(data);
}
