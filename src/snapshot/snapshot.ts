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
 *   Its codec is in binary.ts, outside the core, and a world's own: the
 *   World of `capsule2d/binary` makes worlds with it (see "binary, in the
 *   worlds that have it" below).
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
import { PairMap } from "../collision/broadphase/pair-map.js";
import { grown } from "../math/typed.js";
import { rangeOf } from "./compile.js";
import { hasGeometry, readGeometryJSON, writeGeometryJSON, type GeometryErrors } from "./geometry.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type WorldOptions } from "../world/options.js";
import {
  BODY_FIELDS, BODY_LAYOUT, CONTACT_FIELDS, CONTACT_LAYOUT, HEADER_FIELDS, JOINT_FIELDS, JOINT_LAYOUT, MAX_JOINT_ID,
  KIND_OF_SHAPE, NEW_BLANKS, SHAPE_NAMES, SHAPE_NAMES_V4, SHAPE_NAMES_V5_COUNT, SHAPE_NAMES_V6_COUNT, bodyRecordProblem, jointRecordProblem, type Blanks, type BodyExtra, type ContactIds, type Field,
  type Header, type JointIds,
} from "./schema.js";

export const SNAPSHOT_FORMAT = "capsule2d-snapshot";
/**
 * Version 3 added joints, version 4 one-way bodies (and one-way contacts'
 * decisions), version 5 Box, Polygon and Segment bodies (their geometry:
 * src/snapshot/geometry.ts), version 6 Compound bodies (their shapes:
 * src/snapshot/compound-geometry.ts) and which shapes each contact is
 * between, version 7 Chain bodies (their points, loop flag and segments'
 * materials: src/snapshot/chain-geometry.ts); version 2 to 6 snapshots are
 * still read.
 */
export const SNAPSHOT_VERSION = 7;
export const READABLE_VERSIONS = [2, 3, 4, 5, 6, 7];

/** A number as stored in a JSON snapshot: JSON has no −0 or Infinity, so they are written as strings. */
export type SnapshotNumber = number | "-0" | "Infinity" | "-Infinity";
/** A JSON record whose fields `src/snapshot/schema.ts` lists (nested by their dotted paths). */
export type SnapshotRecord = { [key: string]: unknown };
/** One body in a JSON snapshot. */
export type BodySnapshot = SnapshotRecord;
/** One contact in a JSON snapshot. */
export type ContactSnapshot = SnapshotRecord;
export type JointSnapshot = SnapshotRecord;

/** What `world.snapshot()` returns: plain JSON data, read back by `World.fromSnapshot`. */
export interface WorldSnapshot {
  /** Always "capsule2d-snapshot". */
  format: typeof SNAPSHOT_FORMAT;
  /** The snapshot format's version (`SNAPSHOT_VERSION`). */
  version: number;
  /** The world's options. */
  options: Record<string, unknown>;
  /** Simulated time, s. */
  time: SnapshotNumber;
  /** Steps taken. */
  stepCount: number;
  /** Time `advance()` has not stepped yet, s. */
  accumulator: SnapshotNumber;
  /** The last step's dt, s. */
  lastDt: SnapshotNumber;
  /** The id the next body gets. */
  nextId: number;
  /** Every body, in id order. */
  bodies: BodySnapshot[];
  /** Every contact, with its manifold and impulses. */
  contacts: ContactSnapshot[];
  /** The id the next joint gets. */
  nextJointId: number;
  /** In creation order. */
  joints: JointSnapshot[];
}

/** What the world hands over to be captured (read-only). */
export interface WorldState extends Header {
  /** The options in force (a frozen object, the same one while they do not change). */
  options: Readonly<ResolvedWorldOptions>;
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
/** A contact or joint of a restored world: its bodies as indices into the world's `bodies`, and its saved state. */
export interface RestoredPair<T> {
  a: number;
  b: number;
  saved: T;
}

export interface RestoredWorld extends Header {
  options: ResolvedWorldOptions;
  bodies: Body[];
  /** Each body's still time, by index in `bodies` (the array may be longer). */
  sleepTime: Float64Array;
  /** 1 where a body was changed by the user since its last step, by index in `bodies`. */
  changed: Uint8Array;
  /** Each sleeping island's bodies, as indices into `bodies`. */
  sleepingIslands: number[][];
  /** Each contact's saved state (copy it into the contact the world creates)... */
  contacts: Contact[];
  /** ...and its bodies, as indices into `bodies` (body A, then B, for each contact). */
  contactBodies: Int32Array;
  /** ...and which of their shapes touch (shape A, then B, for each contact: a compound's shape's index, else 0). */
  contactShapes: Int32Array;
  /** Each joint's bodies (indices into `bodies`) and its saved state (copy it into a joint made for those bodies). */
  joints: RestoredPair<Joint>[];
  nextJointId: number;
}

/** Bytes per body in a binary snapshot. */
export const BINARY_BYTES_PER_BODY = BODY_LAYOUT.bytes;
/** Bytes per contact in a binary snapshot. */
export const BINARY_BYTES_PER_CONTACT = CONTACT_LAYOUT.bytes;
/** Bytes per joint in a binary snapshot. */
export const BINARY_BYTES_PER_JOINT = JOINT_LAYOUT.bytes;

// ---------------------------------------------------------------- shared

export function fail(message: string): never {
  throw new RangeError(`capsule2d: invalid snapshot: ${message}`);
}

export function typeFail(message: string): never {
  throw new TypeError(`capsule2d: invalid snapshot: ${message}`);
}

/** The errors of a snapshot's geometry (geometry.ts). */
export const SNAPSHOT_ERRORS: GeometryErrors = { fail, typeFail };

/**
 * Check one value read for field `fd` of the record at `record` (from JSON
 * or binary) and turn it into the stored value. (The error's location is
 * built only on failure: records are read by the thousand.)
 */
function at<T, C>(record: string, fd: Field<T, C>): string {
  return `${record}.${fd.path}`;
}

export function decode<T, C>(fd: Field<T, C>, record: string, v: unknown): unknown {
  switch (fd.kind) {
    case "number":
    case "nonNegative": {
      if (v === "-0") return -0;
      if (typeof v !== "number") typeFail(`${at(record, fd)} must be a number, got ${check.describe(v)}`);
      if (!Number.isFinite(v)) fail(`${at(record, fd)} must be a finite number, got ${check.describe(v)}`);
      if (fd.kind === "nonNegative" && !(v >= 0)) fail(`${at(record, fd)} must be >= 0, got ${v}`);
      const [lo, hi] = rangeOf(fd);
      if (!(v >= lo && v <= hi)) fail(`${at(record, fd)} must be in [${check.bound(lo)}, ${check.bound(hi)}], got ${v}`);
      return v;
    }
    case "extended": {
      if (v === "-0") return -0;
      if (v === "Infinity") return Infinity;
      if (v === "-Infinity") return -Infinity;
      if (typeof v !== "number") typeFail(`${at(record, fd)} must be a number, got ${check.describe(v)}`);
      if (Number.isNaN(v)) fail(`${at(record, fd)} must not be NaN`);
      const [lo, hi] = rangeOf(fd);
      if (Number.isFinite(v) && !(v >= lo && v <= hi)) fail(`${at(record, fd)} must be in [${check.bound(lo)}, ${check.bound(hi)}] or ±Infinity, got ${v}`);
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

export function jsonOptions(options: ResolvedWorldOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    out[k] = typeof v === "number" ? jsonNumber(v) : k === "gravity" ? { x: jsonNumber(options.gravity.x), y: jsonNumber(options.gravity.y) } : v;
  }
  return out;
}

export function islandIndex(s: WorldState): Map<Body, number> {
  const map = new Map<Body, number>();
  s.sleepingIslands.forEach((members, i) => members.forEach((b) => map.set(b, i)));
  return map;
}

/** What the world keeps about body b, into `out` (one object serves every record). */
export function bodyExtra(s: WorldState, island: Map<Body, number>, b: Body, out: BodyExtra): BodyExtra {
  out.island = island.get(b) ?? -1;
  out.sleepTime = s.sleepTime(b);
  out.changed = s.changed(b);
  return out;
}

export function contactIds(c: Contact, out: ContactIds): ContactIds {
  out.a = c.bodyA._id;
  out.b = c.bodyB._id;
  // a compound's part has the id after its compound's and those of the parts before it
  out.sa = c.shapeA === c.bodyA ? 0 : c.shapeA._id - c.bodyA._id - 1;
  out.sb = c.shapeB === c.bodyB ? 0 : c.shapeB._id - c.bodyB._id - 1;
  return out;
}

export function captureJSON(s: WorldState): WorldSnapshot {
  const island = islandIndex(s);
  const header = writeRecord(HEADER_FIELDS, s, null);
  const extra: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };
  const bodies = s.bodies.map((b) => {
    const record = writeRecord(BODY_FIELDS, b, bodyExtra(s, island, b, extra));
    if (hasGeometry(b)) writeGeometryJSON(b, record);
    return record;
  });
  const ids: ContactIds = { a: 0, b: 0, sa: 0, sb: 0 };
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

export function jointIds(j: Joint, out: JointIds): JointIds {
  out.a = j._bodyA._id;
  out.b = j._bodyB._id;
  return out;
}

export function readOptions(raw: unknown): ResolvedWorldOptions {
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

/** A body from its record: the shape first (a blank body of that class), then every field, then its geometry. */
function readBodyJSON(record: unknown, i: number, extra: BodyExtra, blanks: Blanks, version: number): Body {
  const path = `bodies[${i}]`;
  if (record === null || typeof record !== "object" || Array.isArray(record)) typeFail(`${path} must be an object, got ${check.describe(record)}`);
  const shape = decode(BODY_FIELDS[0]!, path, (record as SnapshotRecord).shape) as (typeof SHAPE_NAMES)[number];
  const index = SHAPE_NAMES.indexOf(shape);
  if (version < 5 && index >= SHAPE_NAMES_V4.length) typeFail(`${path}.shape ${JSON.stringify(shape)} is not in version ${version} snapshots (version 5 added it)`);
  if (version < 6 && index >= SHAPE_NAMES_V5_COUNT) typeFail(`${path}.shape ${JSON.stringify(shape)} is not in version ${version} snapshots (version 6 added it)`);
  if (version < 7 && index >= SHAPE_NAMES_V6_COUNT) typeFail(`${path}.shape ${JSON.stringify(shape)} is not in version ${version} snapshots (version 7 added it)`);
  const body = blanks.body(KIND_OF_SHAPE[index]!);
  readRecord(BODY_FIELDS, record, path, body, extra, 1);
  extra.shape = index;
  if (hasGeometry(body)) readGeometryJSON(SNAPSHOT_ERRORS, record as SnapshotRecord, path, shape, body);
  return body;
}

const POINTS = ["points"];

function readJSON(data: unknown, blanks: Blanks): RestoredWorld {
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
  const lists = READ_LISTS.reset();
  const x: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };
  // plain loops, not map(): a sparse array's holes are records too (undefined, refused by name), not skipped
  const rawBodies = o.bodies as unknown[];
  const bodies: Body[] = [];
  for (let i = 0; i < rawBodies.length; i++) {
    bodies.push(readBodyJSON(rawBodies[i], i, x, blanks, o.version as number));
    lists.pushBody(x);
  }
  const ids: ContactIds = { a: 0, b: 0, sa: 0, sb: 0 };
  const rawContacts = o.contacts as unknown[];
  const contacts: Contact[] = [];
  for (let i = 0; i < rawContacts.length; i++) {
    const r = rawContacts[i];
    const c = blanks.contact();
    readRecord(CONTACT_FIELDS, r, `contacts[${i}]`, c, ids);
    const points = getPath(r, POINTS);
    const n = Array.isArray(points) ? points.length : 0;
    if (n !== c.count) fail(`contacts[${i}] has count ${c.count} but ${n} points`);
    lists.pushContact(ids);
    contacts.push(c);
  }
  let nextJointId = 0;
  const joints: Joint[] = [];
  if (o.version !== 2) {
    const next = o.nextJointId;
    if (typeof next !== "number" || !Number.isInteger(next) || next < 0 || next > MAX_JOINT_ID + 1) {
      fail(`nextJointId must be an integer in [0, ${MAX_JOINT_ID + 1}], got ${check.describe(next)}`);
    }
    nextJointId = next;
    if (!Array.isArray(o.joints)) typeFail(`joints must be an array, got ${check.describe(o.joints)}`);
    const rawJoints = o.joints as unknown[];
    for (let i = 0; i < rawJoints.length; i++) {
      const j = blanks.joint();
      readRecord(JOINT_FIELDS, rawJoints[i], `joints[${i}]`, j, ids);
      joints.push(j);
      lists.pushJoint(ids);
    }
  }
  return assemble(options, header, bodies, lists, contacts, joints, nextJointId);
}

// ---------------------------------------------------------------- checks across records

/**
 * What a reader collects besides the records themselves: each body's world
 * records (island, still time, changed flag) and each contact's and joint's
 * body ids, by record index, in typed arrays kept from one read to the next
 * (a rollback reads a snapshot every time; a read is loaded into its world
 * before the next read begins, so one set serves them all).
 */
export class ReadLists {
  island = new Int32Array(64);
  sleepTime = new Float64Array(64);
  changed = new Uint8Array(64);
  /** Each body record's `shape` (its index in SHAPE_NAMES). */
  shape = new Uint8Array(64);
  bodies = 0;
  contactA = new Int32Array(64);
  contactB = new Int32Array(64);
  /** Each contact's shapes (their indices in their bodies' shapes). */
  contactSA = new Int32Array(64);
  contactSB = new Int32Array(64);
  contacts = 0;
  jointA = new Int32Array(16);
  jointB = new Int32Array(16);
  joints = 0;
  /** Each contact's bodies as indices into the read's bodies (A, B), filled by `assemble`. */
  contactBodies = new Int32Array(128);
  /** Each contact's shapes (A, B), filled by `assemble`. */
  contactShapes = new Int32Array(128);

  /** A new read begins. */
  reset(): ReadLists {
    this.bodies = 0;
    this.contacts = 0;
    this.joints = 0;
    return this;
  }

  pushBody(x: BodyExtra): void {
    const i = this.bodies++;
    if (i === this.island.length) {
      this.island = grown(this.island, 2 * i);
      this.sleepTime = grown(this.sleepTime, 2 * i);
      this.changed = grown(this.changed, 2 * i);
      this.shape = grown(this.shape, 2 * i);
    }
    this.shape[i] = x.shape;
    this.island[i] = x.island;
    this.sleepTime[i] = x.sleepTime;
    this.changed[i] = x.changed ? 1 : 0;
  }

  pushContact(ids: ContactIds): void {
    const i = this.contacts++;
    if (i === this.contactA.length) {
      this.contactA = grown(this.contactA, 2 * i);
      this.contactB = grown(this.contactB, 2 * i);
      this.contactSA = grown(this.contactSA, 2 * i);
      this.contactSB = grown(this.contactSB, 2 * i);
      this.contactBodies = grown(this.contactBodies, 4 * i);
      this.contactShapes = grown(this.contactShapes, 4 * i);
    }
    this.contactA[i] = ids.a;
    this.contactB[i] = ids.b;
    this.contactSA[i] = ids.sa;
    this.contactSB[i] = ids.sb;
  }

  pushJoint(ids: JointIds): void {
    const i = this.joints++;
    if (i === this.jointA.length) {
      this.jointA = grown(this.jointA, 2 * i);
      this.jointB = grown(this.jointB, 2 * i);
    }
    this.jointA[i] = ids.a;
    this.jointB[i] = ids.b;
  }
}

/** The one set of read lists (see ReadLists). */
export const READ_LISTS = new ReadLists();

/** Index of the body with this id in `bodies` (in increasing id order), or -1. */
function indexOfId(bodies: readonly Body[], id: number): number {
  let lo = 0;
  let hi = bodies.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = bodies[mid]!._id;
    if (m === id) return mid;
    if (m < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

// reused by every read: the contacts' pairs seen so far (record index + 1), to find a repeated pair
const seenPairs = new PairMap<number>();

/**
 * Check what the records say about each other (ids in order, contacts and
 * joints naming bodies of the snapshot, no pair twice) and put the world
 * together. Made for reading snapshots by the thousand (a rollback reads one
 * every time): no maps, sets or closures, bodies found by binary search.
 */
export function assemble(
  options: ResolvedWorldOptions,
  header: Header,
  bodies: Body[],
  lists: ReadLists,
  rawContacts: Contact[],
  rawJoints: readonly Joint[],
  nextJointId: number,
): RestoredWorld {
  let last = -1;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i]!;
    const problem = bodyRecordProblem(b);
    if (problem !== null) fail(`bodies[${i}]: ${problem}`);
    if (b._id <= last) fail(`bodies[${i}].id ${b._id} is not above the previous id ${last} (ids must be unique and in order, a compound's shapes taking the ids after its own)`);
    if (b._id >= header.nextId) fail(`bodies[${i}].id ${b._id} is not below nextId ${header.nextId}`);
    last = b._id;
    const parts = b._parts;
    if (parts !== null) {
      // a compound's shapes have the ids after its own (a world gives them so)
      last += parts.length;
      if (last >= header.nextId) fail(`bodies[${i}].id ${b._id}: its ${parts.length} shapes take the ids up to ${last}, not below nextId ${header.nextId}`);
      for (let k = 0; k < parts.length; k++) parts[k]!._id = b._id + 1 + k;
    }
    b.updateExtents(); // derived from the shape's size, not saved
    b.updateBounds();
  }
  const islands: number[][] = [];
  for (let i = 0; i < bodies.length; i++) {
    const k = lists.island[i]!;
    if (k < 0) continue;
    // an island index names one of at most as many islands as there are bodies (never allocate up to a hostile index)
    if (k >= bodies.length) fail(`bodies[${i}].island ${k} is not below the number of bodies ${bodies.length}`);
    if (bodies[i]!._type === "static") fail(`bodies[${i}] is static but asleep in island ${k}`);
    while (islands.length <= k) islands.push([]);
    islands[k]!.push(i);
  }
  const n = rawContacts.length;
  const contactBodies = lists.contactBodies;
  const contactShapes = lists.contactShapes;
  seenPairs.clear();
  for (let i = 0; i < n; i++) {
    const ia = lists.contactA[i]!;
    const ib = lists.contactB[i]!;
    const a = indexOfId(bodies, ia);
    const b = indexOfId(bodies, ib);
    if (a < 0 || b < 0) fail(`contacts[${i}] names body ${a < 0 ? ia : ib}, which is not in the snapshot`);
    if (!(ia < ib)) fail(`contacts[${i}] must have bodyA < bodyB, got ${ia} and ${ib}`);
    // the colliders: a compound's shape (its index below its number of shapes), else the body itself (shape 0)
    const sa = lists.contactSA[i]!;
    const sb = lists.contactSB[i]!;
    const partsA = bodies[a]!._parts;
    const partsB = bodies[b]!._parts;
    if (sa >= (partsA === null ? 1 : partsA.length)) fail(`contacts[${i}].shapeA ${sa} is not below body ${ia}'s number of shapes ${partsA === null ? 1 : partsA.length}`);
    if (sb >= (partsB === null ? 1 : partsB.length)) fail(`contacts[${i}].shapeB ${sb} is not below body ${ib}'s number of shapes ${partsB === null ? 1 : partsB.length}`);
    const ka = partsA === null ? ia : ia + 1 + sa;
    const kb = partsB === null ? ib : ib + 1 + sb;
    if (seenPairs.get(ka, kb) !== undefined) fail(partsA === null && partsB === null ? `contacts[${i}] repeats the pair (${ia}, ${ib})` : `contacts[${i}] repeats the pair of shapes (${ia}:${sa}, ${ib}:${sb})`);
    const c = rawContacts[i]!;
    if (c.count > 0 && !(Math.abs(c.normalX * c.normalX + c.normalY * c.normalY - 1) < 1e-6)) {
      fail(`contacts[${i}].normal must be a unit vector, got (${c.normalX}, ${c.normalY})`);
    }
    seenPairs.set(ka, kb, i);
    contactBodies[2 * i] = a;
    contactBodies[2 * i + 1] = b;
    contactShapes[2 * i] = sa;
    contactShapes[2 * i + 1] = sb;
  }
  let lastJoint = -1;
  const joints: RestoredWorld["joints"] = [];
  for (let i = 0; i < rawJoints.length; i++) {
    const j = rawJoints[i]!;
    const ia = lists.jointA[i]!;
    const ib = lists.jointB[i]!;
    const a = indexOfId(bodies, ia);
    const b = indexOfId(bodies, ib);
    if (a < 0 || b < 0) fail(`joints[${i}] names body ${a < 0 ? ia : ib}, which is not in the snapshot`);
    if (a === b) fail(`joints[${i}] joins body ${ia} to itself`);
    if (j._id <= lastJoint) fail(`joints[${i}].id ${j._id} is not above the previous id ${lastJoint} (ids must be unique and in order)`);
    if (j._id >= nextJointId) fail(`joints[${i}].id ${j._id} is not below nextJointId ${nextJointId}`);
    lastJoint = j._id;
    const problem = jointRecordProblem(j);
    if (problem !== null) fail(`joints[${i}]: ${problem}`);
    joints.push({ a, b, saved: j });
  }
  const sleepingIslands: number[][] = [];
  for (const members of islands) if (members.length > 0) sleepingIslands.push(members);
  return {
    options,
    time: header.time,
    stepCount: header.stepCount,
    accumulator: header.accumulator,
    lastDt: header.lastDt,
    nextId: header.nextId,
    bodies,
    sleepTime: lists.sleepTime,
    changed: lists.changed,
    sleepingIslands,
    contacts: rawContacts,
    contactBodies,
    contactShapes,
    joints,
    nextJointId,
  };
}

// ---------------------------------------------------------------- binary, in the worlds that have it

/**
 * The binary form's writer and reader (src/snapshot/binary.ts). They are not
 * part of the core, and they are a world's own: a world has them when it was
 * made by the World of `capsule2d/binary` (or `enableBinarySnapshots(world)`
 * gave them to it), so a game that never asks for binary snapshots does not
 * ship them, and nothing installs them for every world of the process.
 */
export interface BinaryCodec {
  capture(s: WorldState, reuse: ArrayBuffer | null): ArrayBuffer;
  read(buffer: ArrayBuffer, blanks: Blanks): RestoredWorld;
}

/** The TypeError of a binary snapshot asked of (or handed to) a world without the binary codec. */
export function noBinaryCodec(): never {
  throw new TypeError(
    'capsule2d: binary snapshots are not enabled for this world: make it with World from "capsule2d/binary", or call enableBinarySnapshots(world) (import { enableBinarySnapshots } from "capsule2d/binary")',
  );
}

/** A world's codec (`own`: undefined for a world without one, which throws). */
function binary(own: BinaryCodec | undefined): BinaryCodec {
  if (own === undefined) noBinaryCodec();
  return own;
}

/** The binary form of a world's state (with `own`, the world's codec), into `reuse` when it fits (see binary.ts). */
export function captureBinary(s: WorldState, reuse: ArrayBuffer | null = null, own?: BinaryCodec): ArrayBuffer {
  return binary(own).capture(s, reuse);
}

/** A binary snapshot (an ArrayBuffer or a view of one)? */
export function isBinarySnapshot(data: unknown): boolean {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data);
}

/**
 * Check a snapshot (JSON data, or a binary ArrayBuffer with `own`, the
 * binary codec) and build its bodies (from `blanks`: new ones by default),
 * or throw.
 */
export function readSnapshot(data: unknown, blanks: Blanks = NEW_BLANKS, own?: BinaryCodec): RestoredWorld {
  if (data instanceof ArrayBuffer) return binary(own).read(data, blanks);
  if (ArrayBuffer.isView(data)) {
    const view = data as ArrayBufferView;
    return binary(own).read(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer, blanks);
  }
  return readJSON(data, blanks);
}

/** What a field holds when a record lacks it (JSON: optional fields; binary: fields newer than its version). */
export function fallbackOf(kind: string): unknown {
  return byKind(kind);
}
