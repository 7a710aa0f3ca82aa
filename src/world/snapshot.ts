/**
 * Snapshots: everything that affects a world's future, as data.
 *
 * `world.snapshot()` captures, and `World.fromSnapshot(data)` rebuilds, a
 * world such that stepping the rebuilt one gives bit-identical states to
 * stepping the original (its `stateHash()` matches at every step). That takes
 * more than positions and velocities:
 *
 * - every body option and all of its state, with the rotation as the exact
 *   (cos, sin) pair (an angle would round), mass and inertia as stored, the
 *   forces applied since the last step, and the sleep timer, flag and island;
 * - the contact list *in order* (the solver visits contacts in that order, and
 *   a different order gives different bits), each with its manifold, its
 *   touching flags and the accumulated impulses the next step warm-starts from;
 * - the id counter, the time, the step count, the `advance()` accumulator and
 *   the world options.
 *
 * Not captured: event listeners and the force field (functions; attach them
 * again), the broadphase (rebuilt from the bodies: its pairs do not depend on
 * its history) and contacts of bodies removed since the last step (they only
 * still owe a `collisionEnd` event).
 *
 * Two forms:
 * - JSON (`snapshot()`): plain objects, arrays, strings, numbers and
 *   booleans. `JSON.stringify` writes finite doubles exactly, so the round
 *   trip is bit-exact; JSON has no −0, so a negative zero is written as the
 *   string "-0". `userData` is included when it survives JSON (else dropped).
 * - Binary (`snapshot({ format: "binary" })`): an ArrayBuffer, little-endian,
 *   for rollback netcode. A 64-byte header (magic "C2DS", version, counts,
 *   id counter, time, step count, accumulator, options length), the options
 *   as JSON text, then one 208-byte record per body (23 Float64 + 6 Int32)
 *   and one 140-byte record per contact (15 Float64 + 5 Int32). It carries
 *   neither `label` nor `userData`.
 *
 * Reading checks everything before building anything: a wrong magic, format
 * or version, a truncated or padded buffer, a count that disagrees, a NaN or
 * Infinity where a finite number is required, an unknown shape or body type,
 * duplicate or unordered ids, a contact naming a missing body: each throws a
 * TypeError or RangeError that says what was wrong.
 */
import { AABB } from "../bodies/aabb.js";
import { Capsule } from "../bodies/capsule.js";
import { Circle } from "../bodies/circle.js";
import { BOX, CAPSULE, CIRCLE, type Body, type BodyOptions, type BodyType } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import { MAX_BODY_ID } from "../contacts/contact.js";
import * as check from "../math/validate.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type WorldOptions } from "./options.js";

export const SNAPSHOT_FORMAT = "capsule2d-snapshot";
export const SNAPSHOT_VERSION = 1;

/** A number as stored in a JSON snapshot: JSON has no −0, so it is written as the string "-0". */
export type SnapshotNumber = number | "-0";
export type SnapshotVec2 = { x: SnapshotNumber; y: SnapshotNumber };
export type ShapeName = "circle" | "capsule" | "aabb";

export interface BodySnapshot {
  id: number;
  shape: ShapeName;
  type: BodyType;
  /** circle and capsule: radius; aabb: halfWidth. */
  radius?: SnapshotNumber;
  /** capsule only. */
  halfLength?: SnapshotNumber;
  /** aabb only. */
  halfWidth?: SnapshotNumber;
  halfHeight?: SnapshotNumber;
  position: SnapshotVec2;
  rotCos: SnapshotNumber;
  rotSin: SnapshotNumber;
  velocity: SnapshotVec2;
  angularVelocity: SnapshotNumber;
  force: SnapshotVec2;
  torque: SnapshotNumber;
  density: SnapshotNumber;
  mass: SnapshotNumber;
  invMass: SnapshotNumber;
  inertia: SnapshotNumber;
  invInertia: SnapshotNumber;
  restitution: SnapshotNumber;
  friction: SnapshotNumber;
  fixedRotation: boolean;
  isSensor: boolean;
  bullet: boolean;
  collisionFilter: { category: number; mask: number; group: number };
  linearDamping: SnapshotNumber;
  angularDamping: SnapshotNumber;
  gravityScale: SnapshotNumber;
  isSleeping: boolean;
  sleepTime: SnapshotNumber;
  islandId: number;
  label: string;
  userData?: unknown;
}

export interface ContactPointSnapshot {
  x: SnapshotNumber;
  y: SnapshotNumber;
  depth: SnapshotNumber;
  id: number;
  normalImpulse: SnapshotNumber;
  tangentImpulse: SnapshotNumber;
}

export interface ContactSnapshot {
  bodyA: number;
  bodyB: number;
  isSensor: boolean;
  touching: boolean;
  wasTouching: boolean;
  active: boolean;
  stiff: boolean;
  friction: SnapshotNumber;
  restitution: SnapshotNumber;
  normal: SnapshotVec2;
  depth: SnapshotNumber;
  /** The manifold's points (0, 1 or 2) with the impulses carried to the next step. */
  points: ContactPointSnapshot[];
}

export interface WorldSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  options: Record<string, unknown>;
  time: SnapshotNumber;
  stepCount: number;
  accumulator: SnapshotNumber;
  nextId: number;
  bodies: BodySnapshot[];
  contacts: ContactSnapshot[];
}

/** What the world hands over to be captured (read-only). */
export interface WorldState {
  options: ResolvedWorldOptions;
  time: number;
  stepCount: number;
  accumulator: number;
  nextId: number;
  bodies: readonly Body[];
  contacts: readonly Contact[];
  contactCount: number;
}

/** A contact read back from a snapshot, ready to be rebuilt. */
export interface RestoredContact {
  a: Body;
  b: Body;
  isSensor: boolean;
  touching: boolean;
  wasTouching: boolean;
  active: boolean;
  stiff: boolean;
  friction: number;
  restitution: number;
  normalX: number;
  normalY: number;
  depth: number;
  count: number;
  x0: number;
  y0: number;
  depth0: number;
  id0: number;
  x1: number;
  y1: number;
  depth1: number;
  id1: number;
  n0: number;
  t0: number;
  n1: number;
  t1: number;
}

/** A checked snapshot: bodies already built (ids set, not in a world), contacts resolved to them. */
export interface RestoredWorld {
  options: ResolvedWorldOptions;
  time: number;
  stepCount: number;
  accumulator: number;
  nextId: number;
  bodies: Body[];
  /** Sleep and island state to set once the body is in the world (adding resets it). */
  sleep: { isSleeping: boolean; sleepTime: number; islandId: number }[];
  contacts: RestoredContact[];
}

// ---------------------------------------------------------------- JSON: write

function num(v: number): SnapshotNumber {
  return Object.is(v, -0) ? "-0" : v;
}

function vec(x: number, y: number): SnapshotVec2 {
  return { x: num(x), y: num(y) };
}

const SHAPE_NAMES: readonly ShapeName[] = ["circle", "capsule", "aabb"];

/** userData if it survives JSON unchanged in kind (functions, symbols, cycles, bigints are dropped). */
function jsonUserData(value: unknown): { ok: boolean; value?: unknown } {
  if (value === undefined) return { ok: false };
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return { ok: false };
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function captureJSON(s: WorldState): WorldSnapshot {
  const options: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s.options)) {
    options[k] = typeof v === "number" ? num(v) : k === "gravity" ? vec((v as { x: number }).x, (v as { y: number }).y) : v;
  }
  const bodies: BodySnapshot[] = [];
  for (const b of s.bodies) {
    const shape = SHAPE_NAMES[b.kind]!;
    const out: BodySnapshot = {
      id: b.id,
      shape,
      type: b.type,
      position: vec(b.position.x, b.position.y),
      rotCos: num(b.rotCos),
      rotSin: num(b.rotSin),
      velocity: vec(b.velocity.x, b.velocity.y),
      angularVelocity: num(b.angularVelocity),
      force: vec(b.forceX, b.forceY),
      torque: num(b.torque),
      density: num(b.density),
      mass: num(b.mass),
      invMass: num(b.invMass),
      inertia: num(b.inertia),
      invInertia: num(b.invInertia),
      restitution: num(b.restitution),
      friction: num(b.friction),
      fixedRotation: b.fixedRotation,
      isSensor: b.isSensor,
      bullet: b.bullet,
      collisionFilter: { category: b.collisionFilter.category, mask: b.collisionFilter.mask, group: b.collisionFilter.group },
      linearDamping: num(b.linearDamping),
      angularDamping: num(b.angularDamping),
      gravityScale: num(b.gravityScale),
      isSleeping: b.isSleeping,
      sleepTime: num(b.sleepTime),
      islandId: b.islandId,
      label: b.label,
    };
    if (b.kind === BOX) {
      out.halfWidth = num(b.halfWidth);
      out.halfHeight = num(b.halfHeight);
    } else {
      out.radius = num(b.radius);
      if (b.kind === CAPSULE) out.halfLength = num(b.halfLength);
    }
    const ud = jsonUserData(b.userData);
    if (ud.ok) out.userData = ud.value;
    bodies.push(out);
  }
  const contacts: ContactSnapshot[] = [];
  for (let i = 0; i < s.contactCount; i++) {
    const c = s.contacts[i]!;
    if (c.stamp < 0) continue; // a removed body's contact: only an end event is pending
    const m = c.manifold;
    const points: ContactPointSnapshot[] = [];
    for (let j = 0; j < m.count; j++) {
      points.push({
        x: num(j === 0 ? m.x0 : m.x1),
        y: num(j === 0 ? m.y0 : m.y1),
        depth: num(j === 0 ? m.depth0 : m.depth1),
        id: j === 0 ? m.id0 : m.id1,
        normalImpulse: num(j === 0 ? c.normalImpulse0 : c.normalImpulse1),
        tangentImpulse: num(j === 0 ? c.tangentImpulse0 : c.tangentImpulse1),
      });
    }
    contacts.push({
      bodyA: c.bodyA.id,
      bodyB: c.bodyB.id,
      isSensor: c.isSensor,
      touching: c.touching,
      wasTouching: c.wasTouching,
      active: c.active,
      stiff: c.stiff === 1,
      friction: num(c.friction),
      restitution: num(c.restitution),
      normal: vec(m.normalX, m.normalY),
      depth: num(m.depth),
      points,
    });
  }
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    options,
    time: num(s.time),
    stepCount: s.stepCount,
    accumulator: num(s.accumulator),
    nextId: s.nextId,
    bodies,
    contacts,
  };
}

// ---------------------------------------------------------------- shared reading checks

function fail(message: string): never {
  throw new RangeError(`capsule2d: invalid snapshot: ${message}`);
}

/** A finite number (or "-0") at `path`. */
function readNum(path: string, v: unknown): number {
  if (v === "-0") return -0;
  if (typeof v !== "number") throw new TypeError(`capsule2d: invalid snapshot: ${path} must be a number, got ${check.describe(v)}`);
  if (!Number.isFinite(v)) fail(`${path} must be a finite number, got ${check.describe(v)}`);
  return v;
}

function readInt(path: string, v: unknown, lo: number, hi: number): number {
  const n = readNum(path, v);
  if (!Number.isInteger(n) || n < lo || n > hi) fail(`${path} must be an integer in [${lo}, ${hi}], got ${check.describe(v)}`);
  return n;
}

function readBool(path: string, v: unknown): boolean {
  if (typeof v !== "boolean") throw new TypeError(`capsule2d: invalid snapshot: ${path} must be a boolean, got ${check.describe(v)}`);
  return v;
}

function readObject(path: string, v: unknown): Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new TypeError(`capsule2d: invalid snapshot: ${path} must be an object, got ${check.describe(v)}`);
  }
  return v as Record<string, unknown>;
}

function readArray(path: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new TypeError(`capsule2d: invalid snapshot: ${path} must be an array, got ${check.describe(v)}`);
  return v;
}

function readVec(path: string, v: unknown): { x: number; y: number } {
  const o = readObject(path, v);
  return { x: readNum(`${path}.x`, o.x), y: readNum(`${path}.y`, o.y) };
}

function readOptions(raw: Record<string, unknown>): ResolvedWorldOptions {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    o[k] = k === "gravity" ? readVec("options.gravity", v) : v === "-0" ? -0 : v;
  }
  try {
    return resolveWorldOptions(o as WorldOptions);
  } catch (e) {
    const err = e as Error;
    const Ctor = err instanceof TypeError ? TypeError : RangeError;
    throw new Ctor(`capsule2d: invalid snapshot: options: ${err.message.replace(/^capsule2d: /, "")}`);
  }
}

/** All of a body's values, however they were stored. */
interface BodyFields {
  id: number;
  kind: number;
  type: BodyType;
  extentA: number;
  extentB: number;
  px: number;
  py: number;
  rotCos: number;
  rotSin: number;
  vx: number;
  vy: number;
  w: number;
  fx: number;
  fy: number;
  torque: number;
  density: number;
  mass: number;
  invMass: number;
  inertia: number;
  invInertia: number;
  restitution: number;
  friction: number;
  fixedRotation: boolean;
  isSensor: boolean;
  bullet: boolean;
  category: number;
  mask: number;
  group: number;
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  isSleeping: boolean;
  sleepTime: number;
  islandId: number;
  label: string;
  userData: unknown;
}

const TYPES: readonly BodyType[] = ["dynamic", "static", "kinematic"];

/** Build a body from checked fields; the constructors check the ranges (radius > 0, mass > 0...). */
function buildBody(f: BodyFields, path: string): Body {
  const options: BodyOptions = {
    type: f.type,
    position: { x: f.px, y: f.py },
    velocity: { x: f.vx, y: f.vy },
    restitution: f.restitution,
    friction: f.friction,
    isSensor: f.isSensor,
    bullet: f.bullet,
    collisionFilter: { category: f.category, mask: f.mask, group: f.group },
    linearDamping: f.linearDamping,
    angularDamping: f.angularDamping,
    gravityScale: f.gravityScale,
    label: f.label,
  };
  if (f.userData !== undefined) options.userData = f.userData;
  if (f.type === "dynamic") options.mass = f.mass;
  else options.density = f.density;
  let body: Body;
  try {
    if (f.kind === CIRCLE) body = new Circle({ ...options, radius: f.extentA });
    else if (f.kind === CAPSULE) body = new Capsule({ ...options, radius: f.extentA, halfLength: f.extentB });
    else body = new AABB({ ...options, halfWidth: f.extentA, halfHeight: f.extentB });
  } catch (e) {
    const err = e as Error;
    const Ctor = err instanceof TypeError ? TypeError : RangeError;
    throw new Ctor(`capsule2d: invalid snapshot: ${path}: ${err.message.replace(/^capsule2d: /, "")}`);
  }
  const len = f.rotCos * f.rotCos + f.rotSin * f.rotSin;
  if (!(Math.abs(len - 1) < 1e-6)) fail(`${path}: rotCos² + rotSin² must be 1, got ${len}`);
  if (f.invMass < 0 || f.invInertia < 0 || f.mass < 0 || f.inertia < 0 || f.density < 0) {
    fail(`${path}: mass, inertia, their inverses and density must be >= 0`);
  }
  if (f.sleepTime < 0) fail(`${path}.sleepTime must be >= 0, got ${f.sleepTime}`);
  // exact state, beyond what the constructor derives
  body.id = f.id;
  body.rotCos = f.rotCos;
  body.rotSin = f.rotSin;
  body.angularVelocity = f.w;
  body.forceX = f.fx;
  body.forceY = f.fy;
  body.torque = f.torque;
  body.density = f.density;
  body.mass = f.mass;
  body.invMass = f.invMass;
  body.inertia = f.inertia;
  body.invInertia = f.invInertia;
  body.fixedRotation = f.fixedRotation;
  body.updateBounds();
  return body;
}

/** Checks shared by both forms once the bodies are built. */
function checkIds(bodies: readonly BodyFields[], nextId: number): void {
  let last = -1;
  for (let i = 0; i < bodies.length; i++) {
    const id = bodies[i]!.id;
    if (id === last) fail(`duplicate body id ${id}`);
    if (id < last) fail(`body ids must be in increasing order, got ${id} after ${last}`);
    if (id >= nextId) fail(`body id ${id} is not below nextId ${nextId}`);
    last = id;
  }
}

function resolveContacts(raw: Omit<RestoredContact, "a" | "b">[], ids: number[][], byId: Map<number, Body>): RestoredContact[] {
  const seen = new Set<number>();
  const out: RestoredContact[] = [];
  for (let i = 0; i < raw.length; i++) {
    const [idA, idB] = ids[i]!;
    const a = byId.get(idA!);
    const b = byId.get(idB!);
    if (a === undefined || b === undefined) fail(`contacts[${i}] names a body that is not in the snapshot (${idA}, ${idB})`);
    if (!(idA! < idB!)) fail(`contacts[${i}]: bodyA must have the smaller id, got ${idA}, ${idB}`);
    const key = idA! * MAX_BODY_ID + idB!;
    if (seen.has(key)) fail(`contacts[${i}]: duplicate contact for bodies ${idA}, ${idB}`);
    seen.add(key);
    out.push({ ...raw[i]!, a, b });
  }
  return out;
}

// ---------------------------------------------------------------- JSON: read

function readBodyJSON(i: number, v: unknown): BodyFields {
  const path = `bodies[${i}]`;
  const o = readObject(path, v);
  const shape = check.oneOf(`${path}.shape`, o.shape, SHAPE_NAMES);
  const kind = SHAPE_NAMES.indexOf(shape);
  const type = check.oneOf(`${path}.type`, o.type, TYPES);
  const pos = readVec(`${path}.position`, o.position);
  const vel = readVec(`${path}.velocity`, o.velocity);
  const force = readVec(`${path}.force`, o.force);
  const filter = readObject(`${path}.collisionFilter`, o.collisionFilter);
  if (typeof o.label !== "string") throw new TypeError(`capsule2d: invalid snapshot: ${path}.label must be a string, got ${check.describe(o.label)}`);
  return {
    id: readInt(`${path}.id`, o.id, 0, MAX_BODY_ID - 1),
    kind,
    type,
    extentA: kind === BOX ? readNum(`${path}.halfWidth`, o.halfWidth) : readNum(`${path}.radius`, o.radius),
    extentB: kind === BOX ? readNum(`${path}.halfHeight`, o.halfHeight) : kind === CAPSULE ? readNum(`${path}.halfLength`, o.halfLength) : 0,
    px: pos.x,
    py: pos.y,
    rotCos: readNum(`${path}.rotCos`, o.rotCos),
    rotSin: readNum(`${path}.rotSin`, o.rotSin),
    vx: vel.x,
    vy: vel.y,
    w: readNum(`${path}.angularVelocity`, o.angularVelocity),
    fx: force.x,
    fy: force.y,
    torque: readNum(`${path}.torque`, o.torque),
    density: readNum(`${path}.density`, o.density),
    mass: readNum(`${path}.mass`, o.mass),
    invMass: readNum(`${path}.invMass`, o.invMass),
    inertia: readNum(`${path}.inertia`, o.inertia),
    invInertia: readNum(`${path}.invInertia`, o.invInertia),
    restitution: readNum(`${path}.restitution`, o.restitution),
    friction: readNum(`${path}.friction`, o.friction),
    fixedRotation: readBool(`${path}.fixedRotation`, o.fixedRotation),
    isSensor: readBool(`${path}.isSensor`, o.isSensor),
    bullet: readBool(`${path}.bullet`, o.bullet),
    category: readInt(`${path}.collisionFilter.category`, filter.category, 0, 0xffffffff),
    mask: readInt(`${path}.collisionFilter.mask`, filter.mask, 0, 0xffffffff),
    group: readInt(`${path}.collisionFilter.group`, filter.group, -0x80000000, 0x7fffffff),
    linearDamping: readNum(`${path}.linearDamping`, o.linearDamping),
    angularDamping: readNum(`${path}.angularDamping`, o.angularDamping),
    gravityScale: readNum(`${path}.gravityScale`, o.gravityScale),
    isSleeping: readBool(`${path}.isSleeping`, o.isSleeping),
    sleepTime: readNum(`${path}.sleepTime`, o.sleepTime),
    islandId: readInt(`${path}.islandId`, o.islandId, -1, MAX_BODY_ID - 1),
    label: o.label,
    userData: o.userData,
  };
}

function readContactJSON(i: number, v: unknown): { ids: number[]; c: Omit<RestoredContact, "a" | "b"> } {
  const path = `contacts[${i}]`;
  const o = readObject(path, v);
  const normal = readVec(`${path}.normal`, o.normal);
  const points = readArray(`${path}.points`, o.points);
  if (points.length > 2) fail(`${path}.points has ${points.length} points (at most 2)`);
  const p = points.map((raw, j) => {
    const q = readObject(`${path}.points[${j}]`, raw);
    return {
      x: readNum(`${path}.points[${j}].x`, q.x),
      y: readNum(`${path}.points[${j}].y`, q.y),
      depth: readNum(`${path}.points[${j}].depth`, q.depth),
      id: readInt(`${path}.points[${j}].id`, q.id, -0x80000000, 0x7fffffff),
      n: readNum(`${path}.points[${j}].normalImpulse`, q.normalImpulse),
      t: readNum(`${path}.points[${j}].tangentImpulse`, q.tangentImpulse),
    };
  });
  const p0 = p[0];
  const p1 = p[1];
  return {
    ids: [readInt(`${path}.bodyA`, o.bodyA, 0, MAX_BODY_ID - 1), readInt(`${path}.bodyB`, o.bodyB, 0, MAX_BODY_ID - 1)],
    c: {
      isSensor: readBool(`${path}.isSensor`, o.isSensor),
      touching: readBool(`${path}.touching`, o.touching),
      wasTouching: readBool(`${path}.wasTouching`, o.wasTouching),
      active: readBool(`${path}.active`, o.active),
      stiff: readBool(`${path}.stiff`, o.stiff),
      friction: readNum(`${path}.friction`, o.friction),
      restitution: readNum(`${path}.restitution`, o.restitution),
      normalX: normal.x,
      normalY: normal.y,
      depth: readNum(`${path}.depth`, o.depth),
      count: p.length,
      x0: p0?.x ?? 0,
      y0: p0?.y ?? 0,
      depth0: p0?.depth ?? 0,
      id0: p0?.id ?? 0,
      x1: p1?.x ?? 0,
      y1: p1?.y ?? 0,
      depth1: p1?.depth ?? 0,
      id1: p1?.id ?? 0,
      n0: p0?.n ?? 0,
      t0: p0?.t ?? 0,
      n1: p1?.n ?? 0,
      t1: p1?.t ?? 0,
    },
  };
}

function readJSON(data: unknown): RestoredWorld {
  const o = readObject("snapshot", data);
  if (o.format !== SNAPSHOT_FORMAT) fail(`format must be ${JSON.stringify(SNAPSHOT_FORMAT)}, got ${check.describe(o.format)}`);
  if (o.version !== SNAPSHOT_VERSION) fail(`version ${check.describe(o.version)} is not supported (this build reads ${SNAPSHOT_VERSION})`);
  const options = readOptions(readObject("options", o.options));
  const nextId = readInt("nextId", o.nextId, 0, MAX_BODY_ID);
  const fields = readArray("bodies", o.bodies).map((b, i) => readBodyJSON(i, b));
  checkIds(fields, nextId);
  const rawContacts = readArray("contacts", o.contacts).map((c, i) => readContactJSON(i, c));
  const bodies = fields.map((f, i) => buildBody(f, `bodies[${i}]`));
  const byId = new Map<number, Body>();
  for (const b of bodies) byId.set(b.id, b);
  return {
    options,
    time: readNum("time", o.time),
    stepCount: readInt("stepCount", o.stepCount, 0, Number.MAX_SAFE_INTEGER),
    accumulator: readNum("accumulator", o.accumulator),
    nextId,
    bodies,
    sleep: fields.map((f) => ({ isSleeping: f.isSleeping, sleepTime: f.sleepTime, islandId: f.islandId })),
    contacts: resolveContacts(
      rawContacts.map((r) => r.c),
      rawContacts.map((r) => r.ids),
      byId,
    ),
  };
}

// ---------------------------------------------------------------- binary

/** "C2DS" read as a little-endian uint32. */
export const BINARY_MAGIC = 0x53443243;
const HEADER_BYTES = 64;
const BODY_F64 = 23;
const BODY_I32 = 6;
export const BINARY_BYTES_PER_BODY = BODY_F64 * 8 + BODY_I32 * 4;
const CONTACT_F64 = 15;
const CONTACT_I32 = 5;
export const BINARY_BYTES_PER_CONTACT = CONTACT_F64 * 8 + CONTACT_I32 * 4;

// Made on first use, so that loading the library needs no TextEncoder (a bare script context has none).
let encoder: TextEncoder | null = null;
let decoder: TextDecoder | null = null;

/** Body flag bits in the binary record. */
const F_FIXED = 1 << 4;
const F_SENSOR = 1 << 5;
const F_BULLET = 1 << 6;
const F_SLEEPING = 1 << 7;
/** Contact flag bits (the low 2 bits hold the point count). */
const C_SENSOR = 1 << 2;
const C_TOUCHING = 1 << 3;
const C_WAS = 1 << 4;
const C_ACTIVE = 1 << 5;
const C_STIFF = 1 << 6;

export function captureBinary(s: WorldState): ArrayBuffer {
  const optionsText = (encoder ??= new TextEncoder()).encode(JSON.stringify(captureJSON({ ...s, bodies: [], contactCount: 0 }).options));
  let contactCount = 0;
  for (let i = 0; i < s.contactCount; i++) if (s.contacts[i]!.stamp >= 0) contactCount++;
  const optionsBytes = (optionsText.length + 7) & ~7;
  const total = HEADER_BYTES + optionsBytes + s.bodies.length * BINARY_BYTES_PER_BODY + contactCount * BINARY_BYTES_PER_CONTACT;
  const buffer = new ArrayBuffer(total);
  const v = new DataView(buffer);
  v.setUint32(0, BINARY_MAGIC, true);
  v.setUint16(4, SNAPSHOT_VERSION, true);
  v.setUint16(6, 0, true);
  v.setUint32(8, s.bodies.length, true);
  v.setUint32(12, contactCount, true);
  v.setUint32(16, s.nextId, true);
  v.setUint32(20, optionsText.length, true);
  v.setFloat64(24, s.time, true);
  v.setFloat64(32, s.stepCount, true);
  v.setFloat64(40, s.accumulator, true);
  // 48..63 reserved (zero)
  new Uint8Array(buffer, HEADER_BYTES, optionsText.length).set(optionsText);
  let at = HEADER_BYTES + optionsBytes;
  for (const b of s.bodies) {
    const f = [
      b.position.x, b.position.y, b.rotCos, b.rotSin, b.velocity.x, b.velocity.y, b.angularVelocity,
      b.forceX, b.forceY, b.torque, b.density, b.mass, b.invMass, b.inertia, b.invInertia,
      b.restitution, b.friction, b.linearDamping, b.angularDamping, b.gravityScale, b.sleepTime,
      b.kind === BOX ? b.halfWidth : b.radius, b.kind === BOX ? b.halfHeight : b.halfLength,
    ];
    for (let k = 0; k < BODY_F64; k++) v.setFloat64(at + 8 * k, f[k]!, true);
    at += BODY_F64 * 8;
    const flags =
      b.kind | (TYPES.indexOf(b.type) << 2) | (b.fixedRotation ? F_FIXED : 0) | (b.isSensor ? F_SENSOR : 0) |
      (b.bullet ? F_BULLET : 0) | (b.isSleeping ? F_SLEEPING : 0);
    v.setInt32(at, b.id, true);
    v.setInt32(at + 4, b.islandId, true);
    v.setUint32(at + 8, b.collisionFilter.category, true);
    v.setUint32(at + 12, b.collisionFilter.mask, true);
    v.setInt32(at + 16, b.collisionFilter.group, true);
    v.setInt32(at + 20, flags, true);
    at += BODY_I32 * 4;
  }
  for (let i = 0; i < s.contactCount; i++) {
    const c = s.contacts[i]!;
    if (c.stamp < 0) continue;
    const m = c.manifold;
    const f = [
      c.friction, c.restitution, m.normalX, m.normalY, m.depth, m.x0, m.y0, m.depth0, m.x1, m.y1, m.depth1,
      c.normalImpulse0, c.tangentImpulse0, c.normalImpulse1, c.tangentImpulse1,
    ];
    for (let k = 0; k < CONTACT_F64; k++) v.setFloat64(at + 8 * k, f[k]!, true);
    at += CONTACT_F64 * 8;
    const flags =
      m.count | (c.isSensor ? C_SENSOR : 0) | (c.touching ? C_TOUCHING : 0) | (c.wasTouching ? C_WAS : 0) |
      (c.active ? C_ACTIVE : 0) | (c.stiff === 1 ? C_STIFF : 0);
    v.setInt32(at, c.bodyA.id, true);
    v.setInt32(at + 4, c.bodyB.id, true);
    v.setInt32(at + 8, m.id0, true);
    v.setInt32(at + 12, m.id1, true);
    v.setInt32(at + 16, flags, true);
    at += CONTACT_I32 * 4;
  }
  return buffer;
}

function readBinary(buffer: ArrayBuffer): RestoredWorld {
  if (buffer.byteLength < HEADER_BYTES) fail(`binary snapshot is ${buffer.byteLength} bytes, shorter than its ${HEADER_BYTES}-byte header`);
  const v = new DataView(buffer);
  const magic = v.getUint32(0, true);
  if (magic !== BINARY_MAGIC) fail(`wrong magic 0x${magic.toString(16)} (expected 0x${BINARY_MAGIC.toString(16)}, "C2DS")`);
  const version = v.getUint16(4, true);
  if (version !== SNAPSHOT_VERSION) fail(`version ${version} is not supported (this build reads ${SNAPSHOT_VERSION})`);
  const bodyCount = v.getUint32(8, true);
  const contactCount = v.getUint32(12, true);
  const nextId = v.getUint32(16, true);
  const optionsLength = v.getUint32(20, true);
  const optionsBytes = (optionsLength + 7) & ~7;
  const expected = HEADER_BYTES + optionsBytes + bodyCount * BINARY_BYTES_PER_BODY + contactCount * BINARY_BYTES_PER_CONTACT;
  if (buffer.byteLength !== expected) {
    fail(`binary snapshot is ${buffer.byteLength} bytes but its header (${bodyCount} bodies, ${contactCount} contacts) needs ${expected}`);
  }
  if (nextId > MAX_BODY_ID) fail(`nextId ${nextId} is above ${MAX_BODY_ID}`);
  let optionsRaw: unknown;
  try {
    optionsRaw = JSON.parse((decoder ??= new TextDecoder("utf-8", { fatal: true })).decode(new Uint8Array(buffer, HEADER_BYTES, optionsLength)));
  } catch {
    fail("the options block is not valid UTF-8 JSON");
  }
  const options = readOptions(readObject("options", optionsRaw));
  const time = readNum("time", v.getFloat64(24, true));
  const stepCount = v.getFloat64(32, true);
  if (!Number.isSafeInteger(stepCount) || stepCount < 0) fail(`stepCount must be a non-negative integer, got ${stepCount}`);
  const accumulator = readNum("accumulator", v.getFloat64(40, true));

  let at = HEADER_BYTES + optionsBytes;
  const fields: BodyFields[] = [];
  const f = new Array<number>(BODY_F64);
  for (let i = 0; i < bodyCount; i++) {
    const path = `bodies[${i}]`;
    for (let k = 0; k < BODY_F64; k++) f[k] = readNum(`${path} value ${k}`, v.getFloat64(at + 8 * k, true));
    at += BODY_F64 * 8;
    const id = v.getInt32(at, true);
    const islandId = v.getInt32(at + 4, true);
    const flags = v.getInt32(at + 20, true);
    const kind = flags & 3;
    const typeIndex = (flags >> 2) & 3;
    if (kind > BOX) throw new TypeError(`capsule2d: invalid snapshot: ${path} has unknown shape kind ${kind}`);
    if (typeIndex > 2) throw new TypeError(`capsule2d: invalid snapshot: ${path} has unknown body type ${typeIndex}`);
    if (id < 0 || id >= MAX_BODY_ID) fail(`${path}.id ${id} is out of range`);
    if (islandId < -1) fail(`${path}.islandId ${islandId} is out of range`);
    fields.push({
      id, kind, type: TYPES[typeIndex]!, extentA: f[21]!, extentB: f[22]!,
      px: f[0]!, py: f[1]!, rotCos: f[2]!, rotSin: f[3]!, vx: f[4]!, vy: f[5]!, w: f[6]!,
      fx: f[7]!, fy: f[8]!, torque: f[9]!, density: f[10]!, mass: f[11]!, invMass: f[12]!, inertia: f[13]!, invInertia: f[14]!,
      restitution: f[15]!, friction: f[16]!, linearDamping: f[17]!, angularDamping: f[18]!, gravityScale: f[19]!, sleepTime: f[20]!,
      fixedRotation: (flags & F_FIXED) !== 0, isSensor: (flags & F_SENSOR) !== 0, bullet: (flags & F_BULLET) !== 0,
      isSleeping: (flags & F_SLEEPING) !== 0,
      category: v.getUint32(at + 8, true), mask: v.getUint32(at + 12, true), group: v.getInt32(at + 16, true),
      islandId, label: "", userData: undefined,
    });
    at += BODY_I32 * 4;
  }
  checkIds(fields, nextId);
  const raw: Omit<RestoredContact, "a" | "b">[] = [];
  const ids: number[][] = [];
  const g = new Array<number>(CONTACT_F64);
  for (let i = 0; i < contactCount; i++) {
    const path = `contacts[${i}]`;
    for (let k = 0; k < CONTACT_F64; k++) g[k] = readNum(`${path} value ${k}`, v.getFloat64(at + 8 * k, true));
    at += CONTACT_F64 * 8;
    const flags = v.getInt32(at + 16, true);
    const count = flags & 3;
    if (count > 2) fail(`${path} has ${count} points (at most 2)`);
    ids.push([v.getInt32(at, true), v.getInt32(at + 4, true)]);
    raw.push({
      isSensor: (flags & C_SENSOR) !== 0, touching: (flags & C_TOUCHING) !== 0, wasTouching: (flags & C_WAS) !== 0,
      active: (flags & C_ACTIVE) !== 0, stiff: (flags & C_STIFF) !== 0,
      friction: g[0]!, restitution: g[1]!, normalX: g[2]!, normalY: g[3]!, depth: g[4]!, count,
      x0: g[5]!, y0: g[6]!, depth0: g[7]!, id0: v.getInt32(at + 8, true),
      x1: g[8]!, y1: g[9]!, depth1: g[10]!, id1: v.getInt32(at + 12, true),
      n0: g[11]!, t0: g[12]!, n1: g[13]!, t1: g[14]!,
    });
    at += CONTACT_I32 * 4;
  }
  const bodies = fields.map((x, i) => buildBody(x, `bodies[${i}]`));
  const byId = new Map<number, Body>();
  for (const b of bodies) byId.set(b.id, b);
  return {
    options, time, stepCount, accumulator, nextId, bodies,
    sleep: fields.map((x) => ({ isSleeping: x.isSleeping, sleepTime: x.sleepTime, islandId: x.islandId })),
    contacts: resolveContacts(raw, ids, byId),
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
