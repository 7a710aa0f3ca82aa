/**
 * The snapshot schema: every saved field, described once.
 *
 * Each table below lists the fields of one kind of record (the world header,
 * a body, a contact) with, for each field: its JSON path, its kind (which
 * fixes both how it is checked when read and where it goes in the binary
 * record), and how to read it from and write it to the live object.
 * `snapshot.ts` writes and reads JSON and binary by walking these tables, and
 * a restored or cloned world copies each contact's state with
 * `copyContactState` (the same table), so adding a field here is all it takes
 * for the JSON form, the binary form and `World.clone`. (A clone copies its
 * bodies whole, with `body.clone()`.)
 *
 * Binary records follow the table order within each group: first every
 * number (Float64, 8 bytes; integers wider than 32 bits too), then every
 * integer (Int32, or Uint32 when it is never negative, 4 bytes),
 * then one Int32 of flags holding the booleans (1 bit each) and enums (2
 * bits each, or as many as their values need: a body's `shape`, 3 bits
 * since version 5), in table order. Strings and JSON values are in JSON
 * only. The shapes of Box, Polygon and Segment bodies, whose size varies,
 * are described beside these tables, in geometry.ts.
 */
import { AABB } from "../bodies/aabb.js";
import { Capsule } from "../bodies/capsule.js";
import { Circle } from "../bodies/circle.js";
import { BOX, CAPSULE, CIRCLE, COMPOUND, POLYGON, SEGMENT, type Body, type BodyType, type ShapeKind } from "../bodies/body.js";
import { ShapeBody } from "../bodies/shape-body.js";
import { copyGeometry } from "./geometry.js";
import { Contact, DECIDED, MAX_BODY_ID, ONE_WAY, PASSING, REPORTED, TOUCHING } from "../contacts/contact.js";
import { Joint, JOINT_TYPES, type JointType } from "../joints/joint.js";
import { compiledCodec } from "./compile.js";
import type { Field, FieldKind, Layout } from "./field.js";

export type { Field, FieldKind, Layout } from "./field.js";
import { LIMITS } from "../math/validate.js";
import { MAX_COMPOUND_SHAPES } from "../bodies/compound.js";

/** Shorthand for a field; `get`/`set` receive and return plain values. */
function f<T, C>(
  path: string,
  kind: FieldKind,
  get: (o: T, ctx: C) => unknown,
  set: (o: T, v: never, ctx: C) => void,
  extra: Partial<Pick<Field<T, C>, "values" | "min" | "max" | "present" | "since" | "prop">> = {},
): Field<T, C> {
  const keys = path.split(".");
  const arrayAt = keys.map((_, i) => i + 1 < keys.length && /^\d+$/.test(keys[i + 1]!));
  return { path, keys, arrayAt, kind, get, set: set as Field<T, C>["set"], ...extra };
}

/** A field that is the plain property `prop` of the live object. */
function p<T, C>(path: string, kind: FieldKind, prop: string, extra: Partial<Pick<Field<T, C>, "present" | "since" | "min" | "max">> = {}): Field<T, C> {
  return f<T, C>(
    path,
    kind,
    (o) => (o as Record<string, unknown>)[prop],
    (o, v: never) => ((o as Record<string, unknown>)[prop] = v),
    { ...extra, prop },
  );
}

// ---------------------------------------------------------------- the world header

export interface Header {
  time: number;
  stepCount: number;
  accumulator: number;
  lastDt: number;
  nextId: number;
}

export const HEADER_FIELDS: readonly Field<Header, null>[] = [
  f("time", "nonNegative", (h) => h.time, (h, v: number) => (h.time = v)),
  f("stepCount", "int", (h) => h.stepCount, (h, v: number) => (h.stepCount = v), { min: 0, max: Number.MAX_SAFE_INTEGER }),
  f("accumulator", "nonNegative", (h) => h.accumulator, (h, v: number) => (h.accumulator = v), { max: LIMITS.dtMax }),
  f("lastDt", "nonNegative", (h) => h.lastDt, (h, v: number) => (h.lastDt = v), { max: LIMITS.dtMax }),
  f("nextId", "int", (h) => h.nextId, (h, v: number) => (h.nextId = v), { min: 0, max: MAX_BODY_ID }),
];

// ---------------------------------------------------------------- bodies

/** What the world keeps about a body outside it (islands and pending changes). */
export interface BodyExtra {
  /** Index of its sleeping island in the snapshot's list, -1 when awake or static. */
  island: number;
  /** Seconds it has been still. */
  sleepTime: number;
  /** Changed by the user since the last step (its contacts are refreshed before the next). */
  changed: boolean;
  /** Reading: the record's `shape`, as its index in SHAPE_NAMES. */
  shape: number;
}

/**
 * A body record's `shape` (version 5; the binary flag holds its index in 3
 * bits). Box, polygon and segment bodies also carry their geometry
 * (`shapes`, `localCenter`: src/snapshot/geometry.ts).
 */
export const SHAPE_NAMES = ["circle", "capsule", "aabb", "box", "polygon", "segment", "compound", "chain"] as const;
/** The `shape` names of version 6 (version 7 added "chain": its points in src/snapshot/chain-geometry.ts). */
export const SHAPE_NAMES_V6_COUNT = 7;
/** The `shape` names of version 5 (version 6 added "compound": its shapes in src/snapshot/compound-geometry.ts). */
export const SHAPE_NAMES_V5_COUNT = 6;
/** The `shape` names of versions 2 to 4 (2 bits in binary records). */
export const SHAPE_NAMES_V4 = ["circle", "capsule", "aabb"] as const;
/** The body kind (`body.kind`) of each shape name. */
export const KIND_OF_SHAPE: readonly ShapeKind[] = [CIRCLE, CAPSULE, BOX, POLYGON, POLYGON, SEGMENT, COMPOUND, COMPOUND];
export const BODY_TYPES: readonly BodyType[] = ["dynamic", "static", "kinematic"];

/** A body's `shape` name in a record. */
export function shapeName(b: Body): (typeof SHAPE_NAMES)[number] {
  if (b._kind === COMPOUND) return b._shape !== null && b._shape.kind === "chainSegment" ? "chain" : "compound";
  return b._kind < POLYGON ? SHAPE_NAMES[b._kind]! : b._shape!.kind as (typeof SHAPE_NAMES)[number];
}

/** An empty body of a shape kind, to be filled from a record (a box, polygon or segment body then gets its geometry: geometry.ts). */
export function blankBody(kind: ShapeKind): Body {
  if (kind === CIRCLE) return new Circle({ radius: 1 });
  if (kind === CAPSULE) return new Capsule({ halfLength: 1, radius: 1 });
  if (kind === BOX) return new AABB({ halfWidth: 1, halfHeight: 1 });
  return new ShapeBody(kind, { type: "static" }, []);
}

type B = Field<Body, BodyExtra>;
const num = (path: string, prop: keyof Body & string, kind: FieldKind = "number", min?: number, max?: number): B =>
  p<Body, BodyExtra>(path, kind, prop, min === undefined ? {} : { min, max });
/** Forces and impulses a snapshot may hold (a step's sums of what the user and the solver applied). */
const IMPULSE = 1e30;
/** A joint's reaction (an impulse over a step as short as LIMITS.dtMin). */
const REACTION = 1e37;
const flag = (path: string, prop: keyof Body & string): B => p<Body, BodyExtra>(path, "bool", prop);

export const BODY_FIELDS: readonly B[] = [
  f("shape", "enum", (b) => shapeName(b), (_b, v: string, x) => (x.shape = SHAPE_NAMES.indexOf(v as (typeof SHAPE_NAMES)[number])), { values: SHAPE_NAMES }),
  f("id", "int", (b) => b._id, (b, v: number) => (b._id = v), { min: 0, max: MAX_BODY_ID - 1 }),
  f("type", "enum", (b) => b._type, (b, v: BodyType) => (b._type = v), { values: BODY_TYPES }),
  num("radius", "_radius", "nonNegative", 0, LIMITS.sizeMax),
  num("halfLength", "_halfLength", "nonNegative", 0, LIMITS.sizeMax),
  num("halfWidth", "_halfWidth", "nonNegative", 0, LIMITS.sizeMax),
  num("halfHeight", "_halfHeight", "nonNegative", 0, LIMITS.sizeMax),
  num("position.x", "px"),
  num("position.y", "py"),
  // the exact rotation (an angle would round)
  num("rotation.cos", "qc", "number", -1, 1),
  num("rotation.sin", "qs", "number", -1, 1),
  num("velocity.x", "vx"),
  num("velocity.y", "vy"),
  num("angularVelocity", "w"),
  // forces applied since the last step
  num("force.x", "fx", "number", -IMPULSE, IMPULSE),
  num("force.y", "fy", "number", -IMPULSE, IMPULSE),
  num("torque", "tq", "number", -IMPULSE, IMPULSE),
  // the pose at the start of the last step (interpolation)
  num("previous.x", "x0"),
  num("previous.y", "y0"),
  num("previous.cos", "c0", "number", -1, 1),
  num("previous.sin", "s0", "number", -1, 1),
  num("density", "_density", "nonNegative", 0, LIMITS.massMax),
  num("mass", "_mass", "nonNegative", 0, LIMITS.massMax),
  num("invMass", "_invMass", "nonNegative", 0, 1 / LIMITS.massMin),
  num("inertia", "_inertia", "nonNegative", 0, IMPULSE),
  num("invInertia", "_invInertia", "nonNegative", 0, IMPULSE),
  num("friction", "_friction", "nonNegative", 0, LIMITS.friction),
  num("restitution", "_restitution", "nonNegative", 0, LIMITS.restitution),
  num("linearDamping", "_linearDamping", "nonNegative", 0, LIMITS.scale),
  num("angularDamping", "_angularDamping", "nonNegative", 0, LIMITS.scale),
  num("gravityScale", "_gravityScale", "number", -LIMITS.scale, LIMITS.scale),
  flag("fixedRotation", "_fixedRotation"),
  flag("isSensor", "_isSensor"),
  flag("bullet", "_bullet"),
  flag("enableSleep", "_enableSleep"),
  f("collisionFilter.category", "int", (b) => b._category, (b, v: number) => (b._category = v), { min: 0, max: 0xffffffff }),
  f("collisionFilter.mask", "int", (b) => b._mask, (b, v: number) => (b._mask = v), { min: 0, max: 0xffffffff }),
  f("collisionFilter.group", "int", (b) => b._group, (b, v: number) => (b._group = v), { min: -0x80000000, max: 0x7fffffff }),
  // the conveyor speed, since version 4 (in JSON only when not 0)
  f("tangentSpeed", "number", (b) => b._tangentSpeed, (b, v: number) => (b._tangentSpeed = v), {
    min: -LIMITS.speed,
    max: LIMITS.speed,
    present: (b) => b._tangentSpeed !== 0,
    since: 4,
  }),
  f("rollingResistance", "nonNegative", (b) => b._rollingResistance, (b, v: number) => (b._rollingResistance = v), {
    max: LIMITS.friction,
    present: (b) => b._rollingResistance !== 0,
    since: 4,
  }),
  // the one-way direction (a unit vector; (0, 0) and absent in JSON for none), since version 4
  f("oneWay.x", "number", (b) => b._oneWay?.x ?? 0, (b, v: number) => setOneWay(b, v, b._oneWay?.y ?? 0), {
    min: -1,
    max: 1,
    present: (b) => b._oneWay !== null,
    since: 4,
  }),
  f("oneWay.y", "number", (b) => b._oneWay?.y ?? 0, (b, v: number) => setOneWay(b, b._oneWay?.x ?? 0, v), {
    min: -1,
    max: 1,
    present: (b) => b._oneWay !== null,
    since: 4,
  }),
  // the world's records of the body
  f("island", "int", (_b, x) => x.island, (_b, v: number, x) => (x.island = v), { min: -1, max: MAX_BODY_ID }),
  f("sleepTime", "nonNegative", (_b, x) => x.sleepTime, (_b, v: number, x) => (x.sleepTime = v)),
  f("changed", "bool", (_b, x) => x.changed, (_b, v: boolean, x) => (x.changed = v)),
  f("label", "string", (b) => b.label, (b, v: string) => (b.label = v)),
  f("userData", "json", (b) => b.userData, (b, v: unknown) => (b.userData = v)),
];

/** A restored one-way direction, set one coordinate at a time ((0, 0) is none). */
function setOneWay(b: Body, x: number, y: number): void {
  b._oneWay = x === 0 && y === 0 ? null : Object.freeze({ x, y });
}

// ---------------------------------------------------------------- contacts

/** The bodies of a contact, by id, and (version 6) which of their shapes touch (a compound's shape's index; 0 for every other body). */
export interface ContactIds {
  a: number;
  b: number;
  sa: number;
  sb: number;
}

type K = Field<Contact, ContactIds>;
const cnum = (path: string, prop: keyof Contact & string, point = -1, max: number = LIMITS.huge): K =>
  p<Contact, ContactIds>(path, "number", prop, point < 0 ? { min: -max, max } : { present: (c) => c.count > point, min: -max, max });
const cflag = (path: string, bit: number): K =>
  f<Contact, ContactIds>(path, "bool", (c) => (c.flags & bit) !== 0, (c, v: boolean) => (c.flags = v ? c.flags | bit : c.flags & ~bit));

export const CONTACT_FIELDS: readonly K[] = [
  f("bodyA", "int", (_c, x) => x.a, (_c, v: number, x) => (x.a = v), { min: 0, max: MAX_BODY_ID - 1 }),
  f("bodyB", "int", (_c, x) => x.b, (_c, v: number, x) => (x.b = v), { min: 0, max: MAX_BODY_ID - 1 }),
  cflag("touching", TOUCHING),
  cflag("reported", REPORTED),
  f("count", "int", (c) => c.count, (c, v: number) => (c.count = v), { min: 0, max: 2 }),
  cnum("normal.x", "normalX", -1, 1),
  cnum("normal.y", "normalY", -1, 1),
  cnum("depth", "depth"),
  // the points, with the impulses the next step warm-starts from and the last step's totals
  cnum("points.0.x", "x0", 0),
  cnum("points.0.y", "y0", 0),
  cnum("points.0.depth", "depth0", 0),
  cnum("points.0.normalImpulse", "normalImpulse0", 0, IMPULSE),
  cnum("points.0.tangentImpulse", "tangentImpulse0", 0, IMPULSE),
  cnum("points.0.totalNormalImpulse", "totalNormalImpulse0", 0, IMPULSE),
  cnum("points.0.totalTangentImpulse", "totalTangentImpulse0", 0, IMPULSE),
  cnum("points.1.x", "x1", 1),
  cnum("points.1.y", "y1", 1),
  cnum("points.1.depth", "depth1", 1),
  cnum("points.1.normalImpulse", "normalImpulse1", 1, IMPULSE),
  cnum("points.1.tangentImpulse", "tangentImpulse1", 1, IMPULSE),
  cnum("points.1.totalNormalImpulse", "totalNormalImpulse1", 1, IMPULSE),
  cnum("points.1.totalTangentImpulse", "totalTangentImpulse1", 1, IMPULSE),
  f("points.0.id", "int", (c) => c.id0, (c, v: number) => (c.id0 = v), { min: -0x80000000, max: 0x7fffffff, present: (c) => c.count > 0 }),
  f("points.1.id", "int", (c) => c.id1, (c, v: number) => (c.id1 = v), { min: -0x80000000, max: 0x7fffffff, present: (c) => c.count > 1 }),
  f("rollingImpulse", "number", (c) => c.rollingImpulse, (c, v: number) => (c.rollingImpulse = v), {
    min: -IMPULSE,
    max: IMPULSE,
    present: (c) => c.rollingImpulse !== 0,
    since: 4,
  }),
  // a one-way contact's decision (ContactManager.decideOneWay); in JSON only when set. Last among the
  // flags, so that version 3 binary records (these bits 0) keep their layout
  f("oneWayDecided", "bool", (c) => (c.flags & DECIDED) !== 0, (c, v: boolean) => (c.flags = v ? c.flags | DECIDED : c.flags & ~DECIDED), {
    present: (c) => (c.flags & ONE_WAY) !== 0,
  }),
  f("passing", "bool", (c) => (c.flags & PASSING) !== 0, (c, v: boolean) => (c.flags = v ? c.flags | PASSING : c.flags & ~PASSING), {
    present: (c) => (c.flags & ONE_WAY) !== 0,
  }),
  // which shape of each body touches (a compound's: the index of the shape in `shapes`), since version 6; in JSON
  // only when not 0
  f("shapeA", "int", (_c, x) => x.sa, (_c, v: number, x) => (x.sa = v), { min: 0, max: MAX_COMPOUND_SHAPES - 1, present: (_c, x) => x.sa !== 0, since: 6 }),
  f("shapeB", "int", (_c, x) => x.sb, (_c, v: number, x) => (x.sb = v), { min: 0, max: MAX_COMPOUND_SHAPES - 1, present: (_c, x) => x.sb !== 0, since: 6 }),
];

// ---------------------------------------------------------------- joints

/** The bodies of a joint, by id. */
export interface JointIds {
  a: number;
  b: number;
}

type J = Field<Joint, JointIds>;
const jnum = (path: string, prop: keyof Joint & string, kind: FieldKind = "number", max?: number): J =>
  p<Joint, JointIds>(path, kind, prop, max === undefined ? {} : { min: kind === "number" ? -max : 0, max });
const jflag = (path: string, prop: keyof Joint & string): J => p<Joint, JointIds>(path, "bool", prop);
/** Joint lengths and translations: a distance between two points within LIMITS.coordinate, and more. */
const LENGTH = 10 * LIMITS.coordinate;
/** Most joints in one world (ids are Uint32 in binary records). */
export const MAX_JOINT_ID = 0xfffffffe;

export const JOINT_FIELDS: readonly J[] = [
  f("type", "enum", (j) => JOINT_TYPES[j._kind], (j, v: JointType) => ((j as { _kind: number })._kind = JOINT_TYPES.indexOf(v)), { values: JOINT_TYPES }),
  f("id", "int", (j) => j._id, (j, v: number) => (j._id = v), { min: 0, max: MAX_JOINT_ID }),
  f("bodyA", "int", (_j, x) => x.a, (_j, v: number, x) => (x.a = v), { min: 0, max: MAX_BODY_ID - 1 }),
  f("bodyB", "int", (_j, x) => x.b, (_j, v: number, x) => (x.b = v), { min: 0, max: MAX_BODY_ID - 1 }),
  jflag("collideConnected", "_collideConnected"),
  jnum("breakForce", "_breakForce", "extended"),
  jnum("breakTorque", "_breakTorque", "extended"),
  jnum("localAnchorA.x", "lAx"),
  jnum("localAnchorA.y", "lAy"),
  jnum("localAnchorB.x", "lBx"),
  jnum("localAnchorB.y", "lBy"),
  jnum("localAxisA.x", "axX", "number", 1),
  jnum("localAxisA.y", "axY", "number", 1),
  jnum("referenceAngle", "_refAngle", "number", LIMITS.angle),
  jnum("length", "_length", "nonNegative", LENGTH),
  jnum("minLength", "_minLength", "nonNegative", LENGTH),
  jnum("maxLength", "_maxLength", "extended", LENGTH),
  jflag("enableLimit", "_enableLimit"),
  jnum("lower", "_lower", "number", LENGTH),
  jnum("upper", "_upper", "number", LENGTH),
  jflag("enableMotor", "_enableMotor"),
  jnum("motorSpeed", "_motorSpeed", "number", LIMITS.speed),
  jnum("maxMotor", "_maxMotor", "nonNegative", LIMITS.force),
  jflag("enableSpring", "_enableSpring"),
  jnum("hertz", "_hertz", "nonNegative", LIMITS.hertz),
  jnum("dampingRatio", "_dampingRatio", "nonNegative", LIMITS.dampingRatio),
  jnum("linearHertz", "_linearHertz", "nonNegative", LIMITS.hertz),
  jnum("angularHertz", "_angularHertz", "nonNegative", LIMITS.hertz),
  jnum("linearOffset.x", "offX"),
  jnum("linearOffset.y", "offY"),
  jnum("angularOffset", "offAngle", "number", LIMITS.angle),
  jnum("maxForce", "_maxForce", "nonNegative", LIMITS.force),
  jnum("maxTorque", "_maxTorque", "nonNegative", LIMITS.force),
  jnum("correctionFactor", "_correctionFactor", "nonNegative", 1),
  // the impulses the next step warm-starts from, and the last step's reaction
  jnum("impulse.x", "impX", "number", IMPULSE),
  jnum("impulse.y", "impY", "number", IMPULSE),
  jnum("impulse.angular", "impA", "number", IMPULSE),
  jnum("impulse.spring", "springImp", "number", IMPULSE),
  jnum("impulse.motor", "motorImp", "number", IMPULSE),
  jnum("impulse.lower", "lowerImp", "number", IMPULSE),
  jnum("impulse.upper", "upperImp", "number", IMPULSE),
  jnum("reaction.x", "forceX", "number", REACTION),
  jnum("reaction.y", "forceY", "number", REACTION),
  jnum("reaction.torque", "torque", "number", REACTION),
  f("label", "string", (j) => j.label, (j, v: string) => (j.label = v)),
  f("userData", "json", (j) => j.userData, (j, v: unknown) => (j.userData = v)),
];

/** Copy a joint's saved state (every JOINT_FIELDS entry but its bodies) into another joint. */
export function copyJointState(from: Joint, to: Joint): void {
  const codec = compiledCodec(JOINT_FIELDS, JOINT_LAYOUT);
  if (codec !== null) codec.copy(from, to, scratchIds);
  else for (const fd of JOINT_FIELDS) fd.set(to, fd.get(from, scratchIds), scratchIds);
}

/** The bodies' ids of a copied record go here (copies do not use them). */
const scratchIds: ContactIds & JointIds = { a: 0, b: 0, sa: 0, sb: 0 };


/** A blank joint to read a record into (its bodies are placeholders). */
export function blankJoint(): Joint {
  const placeholder = blankBody(CIRCLE);
  return new Joint(0, placeholder, placeholder);
}

/** What is wrong with a joint record beyond each field's own checks, or null when nothing is. */
export function jointRecordProblem(j: Joint): string | null {
  if (!(j._minLength <= j._maxLength)) return `minLength ${j._minLength} exceeds maxLength ${j._maxLength}`;
  if (!(j._lower <= j._upper)) return `lower ${j._lower} exceeds upper ${j._upper}`;
  if (!(j._breakForce > 0) || !(j._breakTorque > 0)) return "breakForce and breakTorque must be > 0";
  if (!(Math.abs(j.axX * j.axX + j.axY * j.axY - 1) < 1e-6)) return "localAxisA must be a unit vector";
  if (!(j._maxLength === Infinity || j._maxLength <= LENGTH)) return `maxLength must be at most ${LENGTH} or Infinity, got ${j._maxLength}`;
  return null;
}

/** Copy a contact's saved state (every CONTACT_FIELDS entry but its bodies) into another contact. */
export function copyContactState(from: Contact, to: Contact): void {
  const codec = compiledCodec(CONTACT_FIELDS, CONTACT_LAYOUT);
  if (codec !== null) codec.copy(from, to, scratchIds);
  else for (const fd of CONTACT_FIELDS) fd.set(to, fd.get(from, scratchIds), scratchIds);
}

/** A blank contact to read a record into. */
export function blankContact(): Contact {
  const placeholder = blankBody(CIRCLE);
  return new Contact(placeholder, placeholder);
}

/**
 * Copy a body's saved state (every BODY_FIELDS entry, `label` and
 * `userData` included) into another body of the same shape, and derive its
 * extents and bounds. (`ctx` receives the world's records, which copies do
 * not use.)
 */
export function copyBodyState(from: Body, to: Body): void {
  const codec = compiledCodec(BODY_FIELDS, BODY_LAYOUT);
  if (codec !== null) codec.copy(from, to, scratchExtra);
  else for (const fd of BODY_FIELDS) fd.set(to, fd.get(from, scratchExtra), scratchExtra);
  copyGeometry(from, to);
  to.updateExtents();
  to.updateBounds();
}

const scratchExtra: BodyExtra = { island: -1, sleepTime: 0, changed: false, shape: 0 };

/** Where a snapshot reader gets the blank records it fills in. */
export interface Blanks {
  body(kind: ShapeKind): Body;
  contact(): Contact;
  joint(): Joint;
}

/** New blank records for every read (`World.fromSnapshot`: the bodies become the new world's). */
export const NEW_BLANKS: Blanks = { body: blankBody, contact: blankContact, joint: blankJoint };

/**
 * Blank records kept from one read to the next, for a world that restores
 * snapshots in place (`world.restore`): once they are there, reading a
 * snapshot of the same size allocates no records. Contacts and joints are
 * only copied from, so each read reuses them all (`reset` before it); a body
 * is handed back with `releaseBody` once copied into the user's body (the
 * ones that become bodies of the world are not).
 */
export class BlankPool implements Blanks {
  private readonly bodies: Body[][] = [[], [], [], [], [], []];
  private readonly contacts: Contact[] = [];
  private readonly joints: Joint[] = [];
  private contactsUsed = 0;
  private jointsUsed = 0;

  /** A new read begins: every contact and joint may be reused. */
  reset(): void {
    this.contactsUsed = 0;
    this.jointsUsed = 0;
  }

  body(kind: ShapeKind): Body {
    return this.bodies[kind]!.pop() ?? blankBody(kind);
  }

  releaseBody(body: Body): void {
    this.bodies[body._kind]!.push(body);
  }

  contact(): Contact {
    if (this.contactsUsed === this.contacts.length) this.contacts.push(blankContact());
    return this.contacts[this.contactsUsed++]!;
  }

  joint(): Joint {
    if (this.jointsUsed === this.joints.length) this.joints.push(blankJoint());
    return this.joints[this.jointsUsed++]!;
  }
}

// ---------------------------------------------------------------- binary layout, derived from a table

export function layoutOf(fields: readonly Field<never, never>[]): Layout {
  const numbers: number[] = [];
  const ints: number[] = [];
  const flags: number[] = [];
  const bitOf: number[] = [];
  const maskOf: number[] = [];
  let bit = 0;
  fields.forEach((fd, i) => {
    // integers that do not fit 32 bits (the step count) are stored as Float64, exactly
    const wide = fd.kind === "int" && (fd.max! > 0xffffffff || fd.min! < -0x80000000);
    if (fd.kind === "number" || fd.kind === "nonNegative" || fd.kind === "extended" || wide) numbers.push(i);
    else if (fd.kind === "int") ints.push(i);
    else if (fd.kind === "bool" || fd.kind === "enum") {
      flags.push(i);
      bitOf[i] = bit;
      // enums: at least 2 bits (the body records' layout), more when the values need them
      const bits = fd.kind === "bool" ? 1 : Math.max(2, Math.ceil(Math.log2(fd.values!.length)));
      maskOf[i] = (1 << bits) - 1;
      bit += bits;
    }
  });
  if (bit > 31) throw new Error("capsule2d: too many flag bits in a snapshot record");
  return { numbers, ints, flags, bitOf, maskOf, bytes: numbers.length * 8 + ints.length * 4 + (flags.length > 0 ? 4 : 0) };
}

export const BODY_LAYOUT = layoutOf(BODY_FIELDS as readonly Field<never, never>[]);
/** The `shape` field of versions 2 to 4: three names, 2 bits. */
const SHAPE_FIELD_V4: B = f("shape", "enum", (b) => shapeName(b), (_b, v: string, x) => (x.shape = SHAPE_NAMES.indexOf(v as (typeof SHAPE_NAMES)[number])), {
  values: SHAPE_NAMES_V4,
});
/** The body fields of version 4 binary records (read; and a recording's added circles, capsules and AABBs). */
export const BODY_FIELDS_V4: readonly B[] = [SHAPE_FIELD_V4, ...BODY_FIELDS.slice(1).filter((fd) => fd.since === undefined || fd.since <= 4)];
export const BODY_LAYOUT_V4 = layoutOf(BODY_FIELDS_V4 as readonly Field<never, never>[]);
/** The body fields of version 2 and 3 binary records (read only). */
export const BODY_FIELDS_V3: readonly B[] = BODY_FIELDS_V4.filter((fd) => fd.since === undefined || fd.since <= 3);
export const BODY_LAYOUT_V3 = layoutOf(BODY_FIELDS_V3 as readonly Field<never, never>[]);
export const CONTACT_LAYOUT = layoutOf(CONTACT_FIELDS as readonly Field<never, never>[]);
/** The contact fields of version 4 and 5 binary records (read only). */
export const CONTACT_FIELDS_V5: readonly K[] = CONTACT_FIELDS.filter((fd) => fd.since === undefined || fd.since <= 5);
export const CONTACT_LAYOUT_V5 = layoutOf(CONTACT_FIELDS_V5 as readonly Field<never, never>[]);
/** The contact fields of version 2 and 3 binary records (read only). */
export const CONTACT_FIELDS_V3: readonly K[] = CONTACT_FIELDS.filter((fd) => fd.since === undefined || fd.since <= 3);
export const CONTACT_LAYOUT_V3 = layoutOf(CONTACT_FIELDS_V3 as readonly Field<never, never>[]);
export const HEADER_LAYOUT = layoutOf(HEADER_FIELDS as readonly Field<never, never>[]);
export const JOINT_LAYOUT = layoutOf(JOINT_FIELDS as readonly Field<never, never>[]);

/**
 * What is wrong with a body record beyond each field's own checks (a body
 * built from it must be sound), or null when nothing is. A message, not a
 * throw, so that checking the bodies of a snapshot allocates nothing.
 */
export function bodyRecordProblem(b: Body): string | null {
  const k = b._kind;
  if (k === COMPOUND) {
    // the shapes were checked and the compound rebuilt as they were read (compound-geometry.ts)
    if (b._parts === null) return `a ${shapeName(b)} body needs its shapes`;
  } else if (k === POLYGON || k === SEGMENT) {
    // the shape itself was checked as it was read (geometry.ts)
    if (b._shape === null) return `a ${k === SEGMENT ? "segment" : "polygon"} body needs its shapes`;
  } else if (k === BOX) {
    if (!(b._halfWidth > 0 && b._halfHeight > 0)) return "an aabb needs halfWidth > 0 and halfHeight > 0";
    if (b._radius !== 0 || b._halfLength !== 0) return "an aabb has no radius or halfLength";
    if (b.qc !== 1 || b.qs !== 0) return "an aabb never rotates (rotation must be cos 1, sin 0)";
  } else {
    if (!(b._radius > 0)) return `radius must be > 0, got ${b._radius}`;
    if (b._halfWidth !== 0 || b._halfHeight !== 0) return "a circle or capsule has no halfWidth or halfHeight";
    if (k === CIRCLE && b._halfLength !== 0) return "a circle has no halfLength";
  }
  if (k === POLYGON || k === SEGMENT || k === COMPOUND) {
    if (k === SEGMENT && b._type === "dynamic") return "type: a segment has no area, so no mass: it cannot be dynamic";
  } else if (k === BOX) {
    if (b._halfWidth < LIMITS.sizeMin || b._halfHeight < LIMITS.sizeMin) return `halfWidth and halfHeight must be >= ${LIMITS.sizeMin}, got ${b._halfWidth} and ${b._halfHeight}`;
    if (b.w !== 0) return `angularVelocity: an aabb never rotates, got ${b.w}`;
    if (b.c0 !== 1 || b.s0 !== 0) return "previous: an aabb never rotates (previous must be cos 1, sin 0)";
  } else if (b._radius < LIMITS.sizeMin) return `radius must be >= ${LIMITS.sizeMin}, got ${b._radius}`;
  const len = b.qc * b.qc + b.qs * b.qs;
  if (!(Math.abs(len - 1) < 1e-6)) return `rotation.cos² + rotation.sin² must be 1, got ${len}`;
  const len0 = b.c0 * b.c0 + b.s0 * b.s0;
  if (!(Math.abs(len0 - 1) < 1e-6)) return `previous.cos² + previous.sin² must be 1, got ${len0}`;
  if (b._type === "dynamic") {
    if (!(b._mass > 0) || !(b._invMass > 0)) return `a dynamic body needs mass > 0, got ${b._mass}`;
    if (!(b._mass >= LIMITS.massMin)) return `mass: a dynamic body's mass must be >= ${LIMITS.massMin}, got ${b._mass}`;
    // the derived fields must be what the engine derives from the mass and the shape (Body.applyMass)
    const mass = b._mass;
    const invMass = b._invMass;
    const inertia = b._inertia;
    const invInertia = b._invInertia;
    b.applyMass(mass);
    if (b._invMass !== invMass) return `invMass ${invMass} is not 1 / mass (${b._invMass})`;
    if (b._inertia !== inertia) return `inertia ${inertia} is not the ${shapeName(b)}'s for mass ${mass}${b._fixedRotation ? " with fixedRotation" : ""} (${b._inertia})`;
    if (b._invInertia !== invInertia) return `invInertia ${invInertia} is not 1 / inertia (${b._invInertia})`;
    const area = b.area;
    if (!(Math.abs(b._density * area - mass) <= 1e-9 * mass)) return `density ${b._density} × area ${area} is not the mass ${mass}`;
  } else {
    if (b._mass !== 0 || b._invMass !== 0 || b._inertia !== 0 || b._invInertia !== 0) return `a ${b._type} body has mass 0 (infinite), got ${b._mass}`;
  }
  if (b._oneWay !== null) {
    if (b._type === "dynamic") return "oneWay: a dynamic body cannot be one-way";
    const n = b._oneWay.x * b._oneWay.x + b._oneWay.y * b._oneWay.y;
    if (!(Math.abs(n - 1) < 1e-6)) return `oneWay must be a unit vector, got (${b._oneWay.x}, ${b._oneWay.y})`;
  }
  return null;
}

/** Where a field sits in a binary record: its byte offset (and bit, for a flag) (for tests and tools). */
export function fieldOffset<T, C>(fields: readonly Field<T, C>[], layout: Layout, path: string): { at: number; bit: number } {
  const i = fields.findIndex((fd) => fd.path === path);
  if (i < 0) throw new RangeError(`capsule2d: no snapshot field ${JSON.stringify(path)}`);
  const n = layout.numbers.indexOf(i);
  if (n >= 0) return { at: 8 * n, bit: -1 };
  const k = layout.ints.indexOf(i);
  if (k >= 0) return { at: 8 * layout.numbers.length + 4 * k, bit: -1 };
  const f = layout.flags.indexOf(i);
  if (f >= 0) return { at: 8 * layout.numbers.length + 4 * layout.ints.length, bit: layout.bitOf[i]! };
  throw new RangeError(`capsule2d: snapshot field ${JSON.stringify(path)} is not in binary records`);
}
