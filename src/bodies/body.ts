/**
 * Body: the user's handle on one rigid body.
 *
 * A body holds its definition (shape, material, filter, flags) and its own
 * state (pose, velocity, the forces applied since the last step). Users read
 * them through getters and change them only through methods (`setType`,
 * `setFriction`, `setPosition`, `applyImpulse`, ...), each of which checks
 * its input first and then tells the world, so that everything that depends
 * on the change (broadphase, contacts, islands) is updated at once. Assigning
 * a read-only property throws a TypeError that names the method to use.
 *
 * What the simulation keeps about a body (its broadphase proxy, its island
 * and sleep timer, its contacts, its solver slot) lives in the structures
 * that own it, indexed by `slot`, never on the body.
 *
 * Every field is assigned in the constructor below, always in the same order
 * and with the same kind of value, so that Circle, Capsule and AABB instances
 * share one field layout and V8 keeps property access fast. Fields marked
 * internal are the engine's: they are left out of the published types.
 *
 * Rotation is stored as a unit complex number (`rotCos`, `rotSin`) so the step
 * never calls Math.sin/cos/atan2 (their results differ between JavaScript
 * engines; + - * / and sqrt do not). `angle` is derived for users with an
 * engine-independent atan2.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2, detCos, detSin } from "../math/trig.js";
import type { PolygonGeometry, SegmentGeometry } from "../shapes/polygon.js";
import { Shape } from "./shape.js";

/** How a body moves: by forces and contacts, never, or only by the velocity you give it. */
export type BodyType = "dynamic" | "static" | "kinematic";

/** `body.kind` of a `Circle` (shape kinds index the narrowphase dispatch table). */
export const CIRCLE = 0;
/** `body.kind` of a `Capsule`. */
export const CAPSULE = 1;
/** `body.kind` of an `AABB`. */
export const BOX = 2;
/** `body.kind` of a `Box` and of a `Polygon` (both are convex polygons to the narrowphase). */
export const POLYGON = 3;
/** `body.kind` of a `Segment`. */
export const SEGMENT = 4;
/** `body.kind` of a `Compound` (several shapes: it never reaches the narrowphase itself, its parts do). */
export const COMPOUND = 5;
/** `body.kind`: `CIRCLE`, `CAPSULE`, `BOX` (an AABB), `POLYGON` (a Box or a Polygon), `SEGMENT` or `COMPOUND`. */
export type ShapeKind = typeof CIRCLE | typeof CAPSULE | typeof BOX | typeof POLYGON | typeof SEGMENT | typeof COMPOUND;

/** Which bodies collide: A and B collide when `(A.mask & B.category) && (B.mask & A.category)`, unless a shared `group` decides. */
export interface CollisionFilter {
  /** Bits this body is (default 0x0001). */
  category: number;
  /** Bits this body collides with (default 0xFFFFFFFF). */
  mask: number;
  /** Same non-zero group: > 0 always collide, < 0 never collide (default 0). */
  group: number;
}

/** A pose: position (m), angle (rad) and the rotation as a unit complex number. */
export interface Pose {
  /** Origin x (`position`), m: the centre, but for a Polygon whose centroid is not its origin. */
  x: number;
  /** Origin y, m. */
  y: number;
  /** Angle, rad. */
  angle: number;
  /** cos(angle), exactly as the engine keeps it. */
  rotCos: number;
  /** sin(angle), exactly as the engine keeps it. */
  rotSin: number;
}

/** What every body's constructor takes (and `CircleOptions`, `CapsuleOptions`, `AABBOptions` add a size to). Every option is optional. */
export interface BodyOptions {
  /** The body's origin, m (default (0, 0)): the centre of a Circle, Capsule, AABB or Box; a Polygon's or Segment's points are given about it. */
  position?: Vec2;
  /** Radians, counter-clockwise. */
  angle?: number;
  /** Linear velocity, m/s (default (0, 0)). */
  velocity?: Vec2;
  /** rad/s, counter-clockwise (default 0). */
  angularVelocity?: number;
  /** "dynamic" (default), "static" or "kinematic". */
  type?: BodyType;
  /** kg/m² (default 1). Ignored when `mass` is given. */
  density?: number;
  /** kg; overrides density. */
  mass?: number;
  /** Bounciness, ≥ 0 (default 0); a contact uses the larger of the two bodies'. */
  restitution?: number;
  /** Coulomb friction coefficient, ≥ 0 (default 0.6); a contact uses sqrt(a·b). */
  friction?: number;
  /** Never rotate (infinite inertia). Default false. */
  fixedRotation?: boolean;
  /** Report overlaps (`world.sensorEvents`) without colliding. Default false. */
  isSensor?: boolean;
  /** Continuous collision against everything, dynamic bodies included. */
  bullet?: boolean;
  /** May this body fall asleep (default true)? false keeps it and its island awake. */
  enableSleep?: boolean;
  /** Which bodies this one collides with; missing fields take their defaults. */
  collisionFilter?: Partial<CollisionFilter>;
  /** Slows the linear velocity, 1/s (≥ 0, default 0). */
  linearDamping?: number;
  /** Slows the angular velocity, 1/s (≥ 0, default 0). */
  angularDamping?: number;
  /** Multiplies the world's gravity for this body (default 1). */
  gravityScale?: number;
  /**
   * A one-way body (static or kinematic): the direction a body must come
   * from to be stopped, any length but 0 (kept as a unit vector).
   * `{ x: 0, y: 1 }`: bodies land on it from above and pass up through it
   * from below (and through its sides). See `setOneWay`.
   */
  oneWay?: Vec2 | null;
  /**
   * Conveyor belts (Box2D v3.1's `tangentSpeed`), m/s: the body's surface
   * moves at this speed along each contact's tangent, clockwise around the
   * body (a belt whose top faces up carries what lies on it towards +x). The
   * speed of the two bodies of a contact adds. Default 0.
   */
  tangentSpeed?: number;
  /**
   * Rolling resistance (Box2D v3.1's `rollingResistance`), >= 0: a torque
   * against the relative spin of the bodies in contact, at most this ×
   * the larger radius × the normal force (a disc rolling on a flat floor
   * slows at ⅔·g × this). The larger of the two bodies' values applies;
   * boxes (radius 0) feel none.
   * Default 0.
   */
  rollingResistance?: number;
  /** Yours: kept on the body (and in JSON snapshots when it survives `JSON.stringify`). */
  userData?: unknown;
  /** Yours: a name for debugging (default ""). */
  label?: string;
}

/** Every key of `BodyOptions`: an unknown key is an error (a misspelt option must not be ignored). */
export const BODY_OPTION_KEYS: readonly (keyof BodyOptions)[] = [
  "position", "angle", "velocity", "angularVelocity", "type", "density", "mass", "restitution", "friction",
  "fixedRotation", "isSensor", "bullet", "enableSleep", "collisionFilter", "linearDamping", "angularDamping",
  "gravityScale", "oneWay", "tangentSpeed", "rollingResistance", "userData", "label",
];

/** What changed in a body, as told to its world (bits). */
export const CHANGE_POSE = 1;
export const CHANGE_VELOCITY = 2;
export const CHANGE_FORCE = 4;
export const CHANGE_TYPE = 8;
/** Filter or sensor flag: the body's pairs must be found again. */
export const CHANGE_PAIRING = 16;
export const CHANGE_MASS = 32;
export const CHANGE_MATERIAL = 64;
export const CHANGE_SLEEP = 128;
export const CHANGE_WAKE = 256;

/** What a body stands on: see `body.getGroundContact()`. */
export interface GroundContact {
  /** The body stood on. */
  body: Body;
  /** Unit normal of the ground surface, pointing from the ground into the body standing on it. */
  normal: Vec2;
  /** The contact point (midway between the surfaces). */
  point: Vec2;
  /** Angle between the normal and "up" (opposite to gravity), radians. */
  slopeAngle: number;
}

/** What a body needs from the world that owns it (kept abstract to avoid an import cycle). */
export interface BodyOwner {
  /**
   * Throws when the world cannot accept a change now (during a step); `what`
   * names the call and `a`, `b` are its checked arguments (for the world's
   * journal, src/world/journal.ts).
   */
  checkMutable(body: Body, what: string, a?: unknown, b?: unknown): void;
  /** The body changed (CHANGE_* bits). */
  bodyChanged(body: Body, change: number): void;
  /** Is the body asleep? */
  isBodySleeping(body: Body): boolean;
  /** See `World.groundContactOf`. */
  groundContactOf(body: Body, maxSlopeAngle?: number): GroundContact | null;
  /** The body's joints, in creation order. */
  jointsOf(body: Body): readonly BodyJoint[];
}

/**
 * The types of what a body is tied to, filled in by the modules that tie
 * them: src/joints/joint.ts adds `joint: Joint` (declaration merging), so
 * that `body.joints` is a list of `Joint` without this module importing
 * the joints (bodies are below joints in the layers).
 */
export interface BodyLinks {}

/** The type of a body's joints: `Joint`, as src/joints/joint.ts declares it in `BodyLinks`. */
export type BodyJoint = BodyLinks extends { joint: infer J } ? J : never;

const TYPES: readonly BodyType[] = ["dynamic", "static", "kinematic"];

const NO_JOINTS: readonly BodyJoint[] = Object.freeze([]);
const ORIGIN: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 });

export const DEFAULT_FRICTION = 0.6;
export const DEFAULT_RESTITUTION = 0;

function checkFilter(name: string, f: unknown): Partial<CollisionFilter> {
  if (f === null || typeof f !== "object") {
    throw new TypeError(`capsule2d: ${name} must be an object, got ${check.describe(f)}`);
  }
  check.knownKeys(name, f, ["category", "mask", "group"]);
  const g = f as Partial<CollisionFilter>;
  if (g.category !== undefined) check.integer(`${name}.category`, g.category, 0, 0xffffffff);
  if (g.mask !== undefined) check.integer(`${name}.mask`, g.mask, 0, 0xffffffff);
  if (g.group !== undefined) check.integer(`${name}.group`, g.group, -0x80000000, 0x7fffffff);
  return g;
}

/** Options shared by every body, checked before anything is built; `shapeKeys` are the shape's own. */
export function checkBodyOptions(o: BodyOptions, shapeKeys: readonly string[]): void {
  if (o === null || typeof o !== "object") {
    throw new TypeError(`capsule2d: options must be an object, got ${check.describe(o)}`);
  }
  check.knownKeys("body", o, [...BODY_OPTION_KEYS, ...shapeKeys]);
  if (o.position !== undefined) check.point("position", o.position);
  if (o.angle !== undefined) check.magnitude("angle", o.angle, check.LIMITS.angle);
  if (o.velocity !== undefined) check.vectorIn("velocity", o.velocity, check.LIMITS.speed);
  if (o.angularVelocity !== undefined) check.magnitude("angularVelocity", o.angularVelocity, check.LIMITS.speed);
  if (o.type !== undefined) check.oneOf("type", o.type, TYPES);
  if (o.density !== undefined) check.within("density", check.nonNegative("density", o.density), 0, check.LIMITS.massMax);
  if (o.mass !== undefined) check.within("mass", check.nonNegative("mass", o.mass), 0, check.LIMITS.massMax);
  if (o.restitution !== undefined) check.within("restitution", check.nonNegative("restitution", o.restitution), 0, check.LIMITS.restitution);
  if (o.friction !== undefined) check.within("friction", check.nonNegative("friction", o.friction), 0, check.LIMITS.friction);
  if (o.fixedRotation !== undefined) check.boolean("fixedRotation", o.fixedRotation);
  if (o.isSensor !== undefined) check.boolean("isSensor", o.isSensor);
  if (o.bullet !== undefined) check.boolean("bullet", o.bullet);
  if (o.enableSleep !== undefined) check.boolean("enableSleep", o.enableSleep);
  if (o.linearDamping !== undefined) check.within("linearDamping", check.nonNegative("linearDamping", o.linearDamping), 0, check.LIMITS.scale);
  if (o.angularDamping !== undefined) check.within("angularDamping", check.nonNegative("angularDamping", o.angularDamping), 0, check.LIMITS.scale);
  if (o.gravityScale !== undefined) check.magnitude("gravityScale", o.gravityScale, check.LIMITS.scale);
  if (o.tangentSpeed !== undefined) check.magnitude("tangentSpeed", o.tangentSpeed, check.LIMITS.speed);
  if (o.rollingResistance !== undefined) check.within("rollingResistance", check.nonNegative("rollingResistance", o.rollingResistance), 0, check.LIMITS.friction);
  if (o.oneWay !== undefined && o.oneWay !== null) {
    checkOneWay("oneWay", o.oneWay);
    if ((o.type ?? "dynamic") === "dynamic") {
      throw new RangeError(`capsule2d: oneWay is for static and kinematic bodies, got it on a ${o.type ?? "dynamic"} body`);
    }
  }
  if (o.label !== undefined && typeof o.label !== "string") {
    throw new TypeError(`capsule2d: label must be a string, got ${check.describe(o.label)}`);
  }
  if (o.collisionFilter !== undefined) checkFilter("collisionFilter", o.collisionFilter);
}

/**
 * A dynamic body's mass (from `name` = `value`) must lie in [LIMITS.massMin,
 * LIMITS.massMax], so that its inverse mass and inertia are finite.
 */
function dynamicMass(name: string, value: number, mass: number): void {
  if (!(mass >= check.LIMITS.massMin && mass <= check.LIMITS.massMax)) {
    throw new RangeError(
      `capsule2d: ${name} ${value} gives a mass of ${mass} kg; a dynamic body's mass must be in [${check.bound(check.LIMITS.massMin)}, ${check.bound(check.LIMITS.massMax)}]`,
    );
  }
}

/** A one-way direction: a finite vector of non-zero length, returned as a frozen unit vector. */
export function checkOneWay(name: string, dir: unknown): Readonly<Vec2> {
  const v = check.vector(name, dir);
  const len = Math.sqrt(v.x * v.x + v.y * v.y);
  if (!(len > 0) || !Number.isFinite(len)) {
    throw new RangeError(`capsule2d: ${name} must have a non-zero finite length, got ${check.describe(dir)}`);
  }
  // exact for the axis directions people use ({ x: 0, y: 1 }, ...)
  return Object.freeze({ x: v.x / len, y: v.y / len });
}

/**
 * The `Shape` of a collider: a body's one shape, or the shape a compound's
 * part stands for (what contacts, events and hits report as `shapeA`,
 * `shapeB`, `shape`).
 */
export function shapeOf(b: Body): Shape<Body> {
  return b._shape ?? b.shapes[0]!;
}

/** Thrown by the setter of every read-only property. */
function readOnly(name: string, use: string): never {
  throw new TypeError(`capsule2d: body.${name} is read-only; use ${use}`);
}

/**
 * A rigid body, the user's handle: `Circle`, `Capsule` and `AABB` extend it.
 * Read its state through the getters; change it through the `set...` and
 * `apply...` methods, which check their input and update what depends on it.
 */
export abstract class Body {
  /** @internal */ _id: number;
  /** @internal */ _kind: ShapeKind;
  /** @internal */ _type: BodyType;
  // ---- state: pose (rotation as a unit complex number), velocity, pending force ----
  /** @internal */ px: number;
  /** @internal */ py: number;
  /** @internal */ qc: number;
  /** @internal */ qs: number;
  /** @internal */ vx: number;
  /** @internal */ vy: number;
  /** @internal */ w: number;
  /** @internal */ fx: number;
  /** @internal */ fy: number;
  /** @internal */ tq: number;
  /** @internal Pose at the start of the last step (interpolation, continuous collision). */ x0: number;
  /** @internal */ y0: number;
  /** @internal */ c0: number;
  /** @internal */ s0: number;
  // ---- definition ----
  /** @internal */ _density: number;
  /** @internal */ _mass: number;
  /** @internal */ _invMass: number;
  /** @internal */ _inertia: number;
  /** @internal */ _invInertia: number;
  /** @internal */ _friction: number;
  /** @internal */ _restitution: number;
  /** @internal */ _fixedRotation: boolean;
  /** @internal */ _isSensor: boolean;
  /** @internal */ _bullet: boolean;
  /** @internal */ _enableSleep: boolean;
  /** @internal */ _category: number;
  /** @internal */ _mask: number;
  /** @internal */ _group: number;
  /** @internal */ _linearDamping: number;
  /** @internal */ _angularDamping: number;
  /** @internal */ _gravityScale: number;
  /** @internal Conveyor speed of the surface, m/s. */ _tangentSpeed: number;
  /** @internal Rolling resistance coefficient. */ _rollingResistance: number;
  /** @internal The direction a body must come from to be stopped (unit), or null: solid from every side. */ _oneWay: Vec2 | null;
  /** Anything of yours; kept in JSON snapshots when it survives `JSON.stringify`. */
  userData: unknown;
  /** A name for debugging and snapshots. */
  label: string;
  // ---- shape ----
  /** @internal */ _radius: number;
  /** @internal */ _halfLength: number;
  /** @internal */ _halfWidth: number;
  /** @internal */ _halfHeight: number;
  /** @internal Largest distance from the centre to the surface, m. */ _maxExtent: number;
  /** @internal Half the thinnest size, m. */ _minExtent: number;
  /** @internal World-space bounding box, refreshed by `updateBounds()`. */ minX: number;
  /** @internal */ minY: number;
  /** @internal */ maxX: number;
  /** @internal */ maxY: number;
  /**
   * @internal A Box's or Polygon's convex polygon, in the frame of the centre
   * of mass (px, py; its vertices as given less `_lc`), or null: with the
   * pose, the body is the `PlacedPolygon` the narrowphase reads.
   */ polygon: PolygonGeometry | null;
  /** @internal A Segment's line in the body's frame (the `PlacedSegment` the narrowphase reads), or null. */ segment: SegmentGeometry | null;
  /**
   * @internal The centre of mass in the body's frame (`localCenter`), or null
   * when it is the origin (every Circle, Capsule, AABB, Box, Segment). While
   * it is not null, (px, py) is the centre of mass and the origin is
   * (px, py) − rotate(_lc): the solver, contacts and joints see the centre,
   * as for every other body; `position` and the setters the origin.
   */ _lc: Readonly<Vec2> | null;
  /** @internal The body's one shape (`shapes[0]`), made when first asked for (at once for polygons and segments). */ _shape: Shape<Body> | null;
  /**
   * @internal A compound's parts: one body per shape (a Circle, Capsule or
   * ShapeBody, so no new hidden class), which the broadphase and the
   * narrowphase see in its place (src/bodies/compound.ts); null for every
   * other body.
   */ _parts: Body[] | null;
  /** @internal The compound this body is a part of (the solver, islands and events see that one), or null. */ _parent: Body | null;
  // ---- membership ----
  /** @internal */ _world: BodyOwner | null;
  /** @internal The body's index in its world's per-body arrays (-1 when not in a world). */ slot: number;

  protected constructor(kind: ShapeKind, o: BodyOptions, shapeKeys: readonly string[]) {
    checkBodyOptions(o, shapeKeys);
    this._id = -1;
    this._kind = kind;
    this._type = o.type ?? "dynamic";
    this.px = o.position?.x ?? 0;
    this.py = o.position?.y ?? 0;
    const angle = o.angle ?? 0;
    // detCos/detSin: the same bits in every JavaScript engine (Math.cos/sin are not)
    this.qc = angle === 0 ? 1 : detCos(angle);
    this.qs = angle === 0 ? 0 : detSin(angle);
    this.vx = o.velocity?.x ?? 0;
    this.vy = o.velocity?.y ?? 0;
    this.w = o.angularVelocity ?? 0;
    this.fx = 0;
    this.fy = 0;
    this.tq = 0;
    this.x0 = this.px;
    this.y0 = this.py;
    this.c0 = this.qc;
    this.s0 = this.qs;
    this._density = o.density ?? 1;
    this._mass = 0;
    this._invMass = 0;
    this._inertia = 0;
    this._invInertia = 0;
    this._friction = o.friction ?? DEFAULT_FRICTION;
    this._restitution = o.restitution ?? DEFAULT_RESTITUTION;
    this._fixedRotation = o.fixedRotation ?? false;
    this._isSensor = o.isSensor ?? false;
    this._bullet = o.bullet ?? false;
    this._enableSleep = o.enableSleep ?? true;
    this._category = o.collisionFilter?.category ?? 0x0001;
    this._mask = o.collisionFilter?.mask ?? 0xffffffff;
    this._group = o.collisionFilter?.group ?? 0;
    this._linearDamping = o.linearDamping ?? 0;
    this._angularDamping = o.angularDamping ?? 0;
    this._gravityScale = o.gravityScale ?? 1;
    this._tangentSpeed = o.tangentSpeed ?? 0;
    this._rollingResistance = o.rollingResistance ?? 0;
    this._oneWay = o.oneWay === undefined || o.oneWay === null ? null : checkOneWay("oneWay", o.oneWay);
    this.userData = o.userData;
    this.label = o.label ?? "";
    this._radius = 0;
    this._halfLength = 0;
    this._halfWidth = 0;
    this._halfHeight = 0;
    this._maxExtent = 0;
    this._minExtent = 0;
    this.minX = 0;
    this.minY = 0;
    this.maxX = 0;
    this.maxY = 0;
    this._world = null;
    this.slot = -1;
    // (after the fields the step reads most, so that those keep their places in the object)
    this.polygon = null;
    this.segment = null;
    this._lc = null;
    this._shape = null;
    this._parts = null;
    this._parent = null;
    if (this._type === "static") {
      this.vx = 0;
      this.vy = 0;
      this.w = 0;
    }
  }

  /** Area of the shape, m². */
  abstract get area(): number;
  /** Moment of inertia about the centre per unit mass: I = mass × this. */
  protected abstract unitInertia(): number;
  /** @internal Recompute minX..maxY from the pose. */
  abstract updateBounds(): void;
  /** @internal Derive `_maxExtent` and `_minExtent` from the shape's size. */
  abstract updateExtents(): void;
  /** @internal Moment of inertia about the centre per unit mass (for a compound's parts). */
  shapeUnitInertia(): number {
    return this.unitInertia();
  }
  /** @internal A new body of the same shape class (built through its constructor, so it shares V8's layout). */
  protected abstract blank(): Body;

  /**
   * A copy of this body, definition and state (velocity, pending forces
   * included), not in any world (id -1). `userData` is shared, not copied.
   */
  clone(): this {
    const copy = this.blank();
    copy.copyFrom(this);
    copy._id = -1;
    return copy as this;
  }

  /** @internal Copy every field of `other` (same shape class), except world membership. */
  copyFrom(other: Body): void {
    Object.assign(this, other);
    this._shape = other._shape === null ? null : other._shape.copyFor(this);
    this._world = null;
    this.slot = -1;
  }

  // ------------------------------------------------------------------ reading

  /** Assigned by the world on `add`, in order of addition; -1 while not in a world. */
  get id(): number {
    return this._id;
  }
  /** Read-only (the world assigns ids): assigning throws a TypeError. */
  set id(_: never) {
    readOnly("id", "nothing: the world assigns ids");
  }

  /** CIRCLE, CAPSULE, BOX (an AABB), POLYGON (a Box or a Polygon), SEGMENT or COMPOUND; `shapes[i].kind` names each shape. */
  get kind(): ShapeKind {
    return this._kind;
  }
  /** Read-only (a body never changes shape): assigning throws a TypeError. */
  set kind(_: never) {
    readOnly("kind", "a new body");
  }

  /** "dynamic", "static" or "kinematic". */
  get type(): BodyType {
    return this._type;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setType(type)`. */
  set type(_: never) {
    readOnly("type", "body.setType(type)");
  }

  /** The world this body is in, or null. */
  get world(): BodyOwner | null {
    return this._world;
  }
  /** Read-only: assigning throws a TypeError that points to `world.add(body) or world.remove(body)`. */
  set world(_: never) {
    readOnly("world", "world.add(body) or world.remove(body)");
  }

  /**
   * The body's origin, m: a copy (`getPosition(out)` fills one of yours). For
   * Circle, Capsule, AABB, Box and Segment the centre; a Polygon's vertices
   * are given about it (its centre of mass is `worldCenter`).
   */
  get position(): Readonly<Vec2> {
    return Object.freeze(this.getPosition());
  }
  /** Read-only: assigning throws a TypeError that points to `body.setPosition({ x, y })`. */
  set position(_: never) {
    readOnly("position", "body.setPosition({ x, y })");
  }

  /** Linear velocity, m/s: a copy (`getVelocity(out)` fills one of yours). */
  get velocity(): Readonly<Vec2> {
    return Object.freeze({ x: this.vx, y: this.vy });
  }
  /** Read-only: assigning throws a TypeError that points to `body.setVelocity({ x, y })`. */
  set velocity(_: never) {
    readOnly("velocity", "body.setVelocity({ x, y })");
  }

  /** rad/s, counter-clockwise. */
  get angularVelocity(): number {
    return this.w;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setAngularVelocity(w)`. */
  set angularVelocity(_: never) {
    readOnly("angularVelocity", "body.setAngularVelocity(w)");
  }

  /** Angle in radians, in [-π, π], derived from the rotation (the same bits in every JavaScript engine). */
  get angle(): number {
    return detAtan2(this.qs, this.qc);
  }
  /** Read-only: assigning throws a TypeError that points to `body.setAngle(angle)`. */
  set angle(_: never) {
    readOnly("angle", "body.setAngle(angle)");
  }

  /** cos(angle): the rotation is kept as the unit complex number (rotCos, rotSin). */
  get rotCos(): number {
    return this.qc;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setAngle(angle)`. */
  set rotCos(_: never) {
    readOnly("rotCos", "body.setAngle(angle)");
  }

  /** sin(angle). */
  get rotSin(): number {
    return this.qs;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setAngle(angle)`. */
  set rotSin(_: never) {
    readOnly("rotSin", "body.setAngle(angle)");
  }

  /** kg; 0 for static and kinematic bodies (infinite mass, as in Box2D). */
  get mass(): number {
    return this._mass;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setMass(kg)`. */
  set mass(_: never) {
    readOnly("mass", "body.setMass(kg)");
  }

  /** 1 / mass; 0 for static and kinematic bodies. */
  get invMass(): number {
    return this._invMass;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setMass(kg)`. */
  set invMass(_: never) {
    readOnly("invMass", "body.setMass(kg)");
  }

  /** Moment of inertia about the centre, kg·m²; 0 when the body cannot turn. */
  get inertia(): number {
    return this._inertia;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setMass(kg) or body.setFixedRotation(flag)`. */
  set inertia(_: never) {
    readOnly("inertia", "body.setMass(kg) or body.setFixedRotation(flag)");
  }

  /** 1 / inertia; 0 when the body cannot turn. */
  get invInertia(): number {
    return this._invInertia;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setMass(kg) or body.setFixedRotation(flag)`. */
  set invInertia(_: never) {
    readOnly("invInertia", "body.setMass(kg) or body.setFixedRotation(flag)");
  }

  /** kg/m². */
  get density(): number {
    return this._density;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setDensity(density)`. */
  set density(_: never) {
    readOnly("density", "body.setDensity(density)");
  }

  /** Coulomb friction coefficient (`setFriction` changes it). */
  get friction(): number {
    return this._friction;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setFriction(friction)`. */
  set friction(_: never) {
    readOnly("friction", "body.setFriction(friction)");
  }

  /** Bounciness (`setRestitution` changes it). */
  get restitution(): number {
    return this._restitution;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setRestitution(restitution)`. */
  set restitution(_: never) {
    readOnly("restitution", "body.setRestitution(restitution)");
  }

  /** Does the body never rotate (`setFixedRotation` changes it)? */
  get fixedRotation(): boolean {
    return this._fixedRotation;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setFixedRotation(flag)`. */
  set fixedRotation(_: never) {
    readOnly("fixedRotation", "body.setFixedRotation(flag)");
  }

  /** A sensor reports overlaps and applies no impulse. */
  get isSensor(): boolean {
    return this._isSensor;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setSensor(flag)`. */
  set isSensor(_: never) {
    readOnly("isSensor", "body.setSensor(flag)");
  }

  /** Continuous collision against dynamic bodies too. */
  get bullet(): boolean {
    return this._bullet;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setBullet(flag)`. */
  set bullet(_: never) {
    readOnly("bullet", "body.setBullet(flag)");
  }

  /** May the body fall asleep? */
  get enableSleep(): boolean {
    return this._enableSleep;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setEnableSleep(flag)`. */
  set enableSleep(_: never) {
    readOnly("enableSleep", "body.setEnableSleep(flag)");
  }

  /** A copy of the collision filter. */
  get collisionFilter(): Readonly<CollisionFilter> {
    return Object.freeze({ category: this._category, mask: this._mask, group: this._group });
  }
  /** Read-only: assigning throws a TypeError that points to `body.setCollisionFilter({ category, mask, group })`. */
  set collisionFilter(_: never) {
    readOnly("collisionFilter", "body.setCollisionFilter({ category, mask, group })");
  }

  /** Linear damping, 1/s (`setLinearDamping` changes it). */
  get linearDamping(): number {
    return this._linearDamping;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setLinearDamping(damping)`. */
  set linearDamping(_: never) {
    readOnly("linearDamping", "body.setLinearDamping(damping)");
  }

  /** Angular damping, 1/s (`setAngularDamping` changes it). */
  get angularDamping(): number {
    return this._angularDamping;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setAngularDamping(damping)`. */
  set angularDamping(_: never) {
    readOnly("angularDamping", "body.setAngularDamping(damping)");
  }

  /** Multiplier of the world's gravity for this body (`setGravityScale` changes it). */
  get gravityScale(): number {
    return this._gravityScale;
  }

  /** Conveyor speed of the surface, m/s (see the `tangentSpeed` option). */
  get tangentSpeed(): number {
    return this._tangentSpeed;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setTangentSpeed(speed)`. */
  set tangentSpeed(_: never) {
    readOnly("tangentSpeed", "body.setTangentSpeed(speed)");
  }

  /** Rolling resistance coefficient (see the `rollingResistance` option). */
  get rollingResistance(): number {
    return this._rollingResistance;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setRollingResistance(value)`. */
  set rollingResistance(_: never) {
    readOnly("rollingResistance", "body.setRollingResistance(value)");
  }

  /** The one-way direction (a unit vector), or null for a body solid from every side. See `setOneWay`. */
  get oneWay(): Readonly<Vec2> | null {
    return this._oneWay;
  }
  /** Read-only: assigning throws a TypeError that points to `body.setOneWay(direction)`. */
  set oneWay(_: never) {
    readOnly("oneWay", "body.setOneWay(direction)");
  }
  /** Read-only: assigning throws a TypeError that points to `body.setGravityScale(scale)`. */
  set gravityScale(_: never) {
    readOnly("gravityScale", "body.setGravityScale(scale)");
  }

  /** Circle and capsule radius, m (0 for a box). */
  get radius(): number {
    return this._radius;
  }
  /** Read-only (a body never changes shape): assigning throws a TypeError. */
  set radius(_: never) {
    readOnly("radius", "a new body");
  }

  /** Capsule: centre to each cap centre, m (0 for other shapes). */
  get halfLength(): number {
    return this._halfLength;
  }
  /** Read-only (a body never changes shape): assigning throws a TypeError. */
  set halfLength(_: never) {
    readOnly("halfLength", "a new body");
  }

  /** Box: half the width, m (0 for other shapes). */
  get halfWidth(): number {
    return this._halfWidth;
  }
  /** Read-only (a body never changes shape): assigning throws a TypeError. */
  set halfWidth(_: never) {
    readOnly("halfWidth", "a new body");
  }

  /** Box: half the height, m (0 for other shapes). */
  get halfHeight(): number {
    return this._halfHeight;
  }
  /** Read-only (a body never changes shape): assigning throws a TypeError. */
  set halfHeight(_: never) {
    readOnly("halfHeight", "a new body");
  }

  /** Largest distance from the centre to the surface, m. */
  get maxExtent(): number {
    return this._maxExtent;
  }

  /** Half the thinnest size of the shape, m. */
  get minExtent(): number {
    return this._minExtent;
  }

  /** Asleep in its world (not simulated until something wakes it)? */
  get isSleeping(): boolean {
    return this._world !== null && this._world.isBodySleeping(this);
  }
  /** Read-only: assigning throws a TypeError that points to `body.wake()`. */
  set isSleeping(_: never) {
    readOnly("isSleeping", "body.wake()");
  }

  /** The joints attached to this body, in creation order (empty when none, or not in a world). */
  get joints(): readonly BodyJoint[] {
    return this._world === null ? NO_JOINTS : this._world.jointsOf(this);
  }
  /** Read-only: assigning throws a TypeError that points to `world.addJoint(def) or world.removeJoint(joint)`. */
  set joints(_: never) {
    readOnly("joints", "world.addJoint(def) or world.removeJoint(joint)");
  }

  /** `type === "static"`. */
  get isStatic(): boolean {
    return this._type === "static";
  }

  /** `type === "dynamic"`. */
  get isDynamic(): boolean {
    return this._type === "dynamic";
  }

  /** `type === "kinematic"`. */
  get isKinematic(): boolean {
    return this._type === "kinematic";
  }

  /** Kinetic energy, ½mv² + ½Iω² (J). */
  get kineticEnergy(): number {
    return 0.5 * this._mass * (this.vx * this.vx + this.vy * this.vy) + 0.5 * this._inertia * this.w * this.w;
  }

  /**
   * What this body stands on at the end of the last step: of its solid
   * touching contacts, the one whose surface normal is closest to "up"
   * (opposite to gravity), if within `maxSlopeAngle` (radians, default π/4)
   * of it; null when there is none, or the body is not in a world. See
   * `World.groundContactOf`.
   */
  getGroundContact(maxSlopeAngle = Math.PI / 4): GroundContact | null {
    return this._world === null ? null : this._world.groundContactOf(this, maxSlopeAngle);
  }

  /** The position, written to `out` (no allocation). */
  getPosition(out: Vec2 = { x: 0, y: 0 }): Vec2 {
    if (out === null || typeof out !== "object") check.object("out", out);
    const lc = this._lc;
    if (lc === null) {
      out.x = this.px;
      out.y = this.py;
    } else {
      out.x = this.px - (this.qc * lc.x - this.qs * lc.y);
      out.y = this.py - (this.qs * lc.x + this.qc * lc.y);
    }
    return out;
  }

  /** The centre of mass in the body's frame, m (the origin (0, 0) but for a Polygon whose centroid is elsewhere and a Compound). */
  get localCenter(): Readonly<Vec2> {
    return this._lc ?? ORIGIN;
  }

  /** The centre of mass in the world, m: the point the body turns about, whose velocity `velocity` is. */
  get worldCenter(): Readonly<Vec2> {
    return Object.freeze({ x: this.px, y: this.py });
  }

  /** The body's shapes: one for every class of body but `Compound`, which lists one per shape definition (a `Shape` with `kind`, `body` and its geometry). */
  get shapes(): readonly Shape<Body>[] {
    if (this._shape === null) this._shape = new Shape(this._kind === CIRCLE ? "circle" : this._kind === CAPSULE ? "capsule" : "aabb", this);
    return this._shape.list;
  }

  /** The velocity, written to `out` (no allocation). */
  getVelocity(out: Vec2 = { x: 0, y: 0 }): Vec2 {
    if (out === null || typeof out !== "object") check.object("out", out);
    out.x = this.vx;
    out.y = this.vy;
    return out;
  }

  /**
   * The pose a renderer should draw between the last two steps: `alpha` 0 is
   * the pose at the start of the last step, 1 the pose now (use the value
   * `world.advance()` returns). Position is interpolated linearly, rotation
   * along the shorter arc (normalised linear interpolation of the unit
   * complex numbers). The same bits in every JavaScript engine.
   */
  getInterpolatedPose(alpha: number, out?: Pose): Pose {
    check.inRange("alpha", alpha, 0, 1);
    if (out !== undefined && (out === null || typeof out !== "object")) check.object("out", out);
    const o = out ?? { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
    const a = alpha;
    const b = 1 - alpha;
    o.x = b * this.x0 + a * this.px;
    o.y = b * this.y0 + a * this.py;
    let c = b * this.c0 + a * this.qc;
    let s = b * this.s0 + a * this.qs;
    const mag = Math.sqrt(c * c + s * s);
    if (mag > 1e-9) {
      c /= mag;
      s /= mag;
    } else {
      c = this.qc;
      s = this.qs;
    }
    o.rotCos = c;
    o.rotSin = s;
    o.angle = detAtan2(s, c);
    const lc = this._lc;
    if (lc !== null) {
      o.x -= c * lc.x - s * lc.y;
      o.y -= s * lc.x + c * lc.y;
    }
    return o;
  }

  // ------------------------------------------------------------------ changing: each checks, then tells the world

  /**
   * @internal Ask the world whether a change may be made now (throws during a
   * step). Called by every changing method once its input is checked and
   * before it changes anything, with its arguments: the world's journal
   * (src/world/journal.ts) hears of every change from here.
   */
  protected mutable(what: string, a?: unknown, b?: unknown): void {
    if (this._world !== null) this._world.checkMutable(this, what, a, b);
  }

  /** @internal Tell the world what changed. */
  protected changed(change: number): void {
    if (this._world !== null) this._world.bodyChanged(this, change);
  }

  /** Teleport the body (its contacts are found again before the next step). */
  setPosition(position: Vec2): this {
    check.point("position", position);
    this.mutable("setPosition", position);
    this.px = position.x;
    this.py = position.y;
    const lc = this._lc;
    if (lc !== null) {
      this.px += this.qc * lc.x - this.qs * lc.y;
      this.py += this.qs * lc.x + this.qc * lc.y;
    }
    this.updateBounds();
    this.changed(CHANGE_POSE);
    return this;
  }

  /** Set the rotation, radians. */
  setAngle(angle: number): this {
    check.magnitude("angle", angle, check.LIMITS.angle);
    this.mutable("setAngle", angle);
    const lc = this._lc;
    // a body turns about its origin here (its vertices' frame), as Box2D's b2Body_SetTransform
    if (lc !== null) {
      this.px -= this.qc * lc.x - this.qs * lc.y;
      this.py -= this.qs * lc.x + this.qc * lc.y;
    }
    this.qc = detCos(angle);
    this.qs = detSin(angle);
    if (lc !== null) {
      this.px += this.qc * lc.x - this.qs * lc.y;
      this.py += this.qs * lc.x + this.qc * lc.y;
    }
    this.updateBounds();
    this.changed(CHANGE_POSE);
    return this;
  }

  /** Set the linear velocity, m/s (static bodies do not move: ignored for them). */
  setVelocity(velocity: Vec2): this {
    check.vectorIn("velocity", velocity, check.LIMITS.speed);
    this.mutable("setVelocity", velocity);
    if (this._type === "static") return this;
    this.vx = velocity.x;
    this.vy = velocity.y;
    this.changed(CHANGE_VELOCITY);
    return this;
  }

  /** Set the angular velocity, rad/s (ignored for static bodies and bodies that cannot turn). */
  setAngularVelocity(angularVelocity: number): this {
    check.magnitude("angularVelocity", angularVelocity, check.LIMITS.speed);
    this.mutable("setAngularVelocity", angularVelocity);
    if (this._type === "static" || this._kind === BOX) return this;
    if (this._type === "dynamic" && this._fixedRotation) return this;
    this.w = angularVelocity;
    this.changed(CHANGE_VELOCITY);
    return this;
  }

  /** Add a force (N) for the next step, at `point` (world coordinates; default the centre). Dynamic bodies only. */
  applyForce(force: Vec2, point?: Vec2): this {
    check.vectorIn("force", force, check.LIMITS.force);
    if (point !== undefined) check.point("point", point);
    this.mutable("applyForce", force, point);
    if (this._type !== "dynamic") return this;
    this.fx += force.x;
    this.fy += force.y;
    if (point !== undefined) this.tq += (point.x - this.px) * force.y - (point.y - this.py) * force.x;
    this.changed(CHANGE_FORCE);
    return this;
  }

  /** Add a torque (N·m) for the next step. Dynamic bodies only. */
  applyTorque(torque: number): this {
    check.magnitude("torque", torque, check.LIMITS.force);
    this.mutable("applyTorque", torque);
    if (this._type !== "dynamic") return this;
    this.tq += torque;
    this.changed(CHANGE_FORCE);
    return this;
  }

  /** Change the velocity at once by impulse / mass (N·s), at `point` (default the centre). Dynamic bodies only. */
  applyImpulse(impulse: Vec2, point?: Vec2): this {
    check.vectorIn("impulse", impulse, check.LIMITS.force);
    if (point !== undefined) check.point("point", point);
    this.mutable("applyImpulse", impulse, point);
    if (this._type !== "dynamic") return this;
    this.vx += impulse.x * this._invMass;
    this.vy += impulse.y * this._invMass;
    if (point !== undefined) {
      this.w += this._invInertia * ((point.x - this.px) * impulse.y - (point.y - this.py) * impulse.x);
    }
    this.changed(CHANGE_VELOCITY);
    return this;
  }

  /** Change the angular velocity at once by impulse / inertia (N·m·s). Dynamic bodies only. */
  applyAngularImpulse(impulse: number): this {
    check.magnitude("impulse", impulse, check.LIMITS.force);
    this.mutable("applyAngularImpulse", impulse);
    if (this._type !== "dynamic") return this;
    this.w += this._invInertia * impulse;
    this.changed(CHANGE_VELOCITY);
    return this;
  }

  /**
   * Change the body's type. To "static": it stops (velocity and forces
   * cleared) and gets infinite mass. To "kinematic": infinite mass, keeps its
   * velocity, no longer feels gravity or contacts. To "dynamic": mass and
   * inertia from its density (which must then be > 0). Contacts and islands
   * follow at once; the body and what touches it wake.
   */
  setType(type: BodyType): this {
    check.oneOf("type", type, TYPES);
    const old = this._type;
    if (type !== old && type === "dynamic" && !(this._density * this.area > 0)) {
      throw new RangeError(`capsule2d: density must be > 0 for a dynamic body, got ${this._density} (call setDensity first)`);
    }
    if (type !== old && type === "dynamic") dynamicMass("density", this._density, this._density * this.area);
    this.mutable("setType", type);
    if (type === old) return this;
    this._type = type;
    if (type === "static") {
      this.vx = 0;
      this.vy = 0;
      this.w = 0;
    }
    if (type !== "dynamic") {
      this.fx = 0;
      this.fy = 0;
      this.tq = 0;
    }
    this.applyMass(this._density * this.area);
    this.changed(CHANGE_TYPE | CHANGE_MASS | CHANGE_WAKE);
    return this;
  }

  /** Set the mass, kg (> 0 for a dynamic body); the density follows (mass / area). */
  setMass(mass: number): this {
    check.within("mass", check.nonNegative("mass", mass), 0, check.LIMITS.massMax);
    if (this._type === "dynamic" && !(mass > 0)) throw new RangeError(`capsule2d: mass must be > 0 for a dynamic body, got ${mass}`);
    if (this._type === "dynamic") dynamicMass("mass", mass, mass);
    this.mutable("setMass", mass);
    const area = this.area;
    this._density = area > 0 ? mass / area : 0;
    this.applyMass(mass);
    this.changed(CHANGE_MASS | CHANGE_WAKE);
    return this;
  }

  /** Set the density, kg/m² (> 0 for a dynamic body); mass and inertia follow. */
  setDensity(density: number): this {
    check.within("density", check.nonNegative("density", density), 0, check.LIMITS.massMax);
    if (this._type === "dynamic" && !(density > 0)) throw new RangeError(`capsule2d: density must be > 0 for a dynamic body, got ${density}`);
    if (this._type === "dynamic") dynamicMass("density", density, density * this.area);
    this.mutable("setDensity", density);
    this._density = density;
    this.applyMass(density * this.area);
    this.changed(CHANGE_MASS | CHANGE_WAKE);
    return this;
  }

  /** Set the friction coefficient (>= 0); contacts mix it from the next step on. */
  setFriction(friction: number): this {
    check.within("friction", check.nonNegative("friction", friction), 0, check.LIMITS.friction);
    this.mutable("setFriction", friction);
    this._friction = friction;
    this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    return this;
  }

  /** Set the restitution (>= 0; 1 is a perfectly elastic bounce); contacts mix it from the next step on. */
  setRestitution(restitution: number): this {
    check.within("restitution", check.nonNegative("restitution", restitution), 0, check.LIMITS.restitution);
    this.mutable("setRestitution", restitution);
    this._restitution = restitution;
    this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    return this;
  }

  /** Make the body a sensor (reports overlaps, applies no impulse) or a solid body again. */
  setSensor(isSensor: boolean): this {
    check.boolean("isSensor", isSensor);
    this.mutable("setSensor", isSensor);
    if (isSensor === this._isSensor) return this;
    this._isSensor = isSensor;
    this.changed(CHANGE_PAIRING | CHANGE_WAKE);
    return this;
  }

  /** Set the collision filter (missing fields keep their current value). */
  setCollisionFilter(filter: Partial<CollisionFilter>): this {
    const f = checkFilter("filter", filter);
    this.mutable("setCollisionFilter", filter);
    this._category = f.category ?? this._category;
    this._mask = f.mask ?? this._mask;
    this._group = f.group ?? this._group;
    this.changed(CHANGE_PAIRING | CHANGE_WAKE);
    return this;
  }

  /** Set the conveyor speed of the body's surface, m/s (see the `tangentSpeed` option); contacts use it from the next step on. */
  setTangentSpeed(speed: number): this {
    check.magnitude("tangentSpeed", speed, check.LIMITS.speed);
    this.mutable("setTangentSpeed", speed);
    this._tangentSpeed = speed;
    this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    return this;
  }

  /** Set the rolling resistance (>= 0; see the option); contacts use it from the next step on. */
  setRollingResistance(value: number): this {
    check.within("rollingResistance", check.nonNegative("rollingResistance", value), 0, check.LIMITS.friction);
    this.mutable("setRollingResistance", value);
    this._rollingResistance = value;
    this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    return this;
  }

  /**
   * Make a static or kinematic body one-way: `direction` (any length but 0)
   * is where a body must come from to be stopped; `{ x: 0, y: 1 }` is a
   * platform landed on from above and passed through from below and from
   * the sides. null makes it solid from every side again. Each contact
   * decides when it begins: solid when the other body arrives from the
   * allowed side (its contact normal within 60° of `direction` and not
   * sunk in), passed through otherwise until it is wholly on the allowed
   * side again, so a jump that barely clears the platform lands on it. The
   * body's contacts are found again before the next step.
   */
  setOneWay(direction: Vec2 | null): this {
    const dir = direction === null ? null : checkOneWay("direction", direction);
    if (dir !== null && this._type === "dynamic") {
      throw new RangeError(`capsule2d: setOneWay is for static and kinematic bodies, body #${this._id} is dynamic`);
    }
    this.mutable("setOneWay", direction === null ? null : { x: direction.x, y: direction.y });
    const old = this._oneWay;
    if (dir === null ? old === null : old !== null && old.x === dir.x && old.y === dir.y) return this;
    this._oneWay = dir;
    this.changed(CHANGE_PAIRING | CHANGE_WAKE);
    return this;
  }

  /** Allow or forbid sleep for this body (false wakes it and keeps its island awake). */
  setEnableSleep(enableSleep: boolean): this {
    check.boolean("enableSleep", enableSleep);
    this.mutable("setEnableSleep", enableSleep);
    this._enableSleep = enableSleep;
    this.changed(CHANGE_SLEEP | (enableSleep ? 0 : CHANGE_WAKE));
    return this;
  }

  /** Stop (or allow) rotation; the inertia follows. Boxes never rotate. */
  setFixedRotation(fixedRotation: boolean): this {
    check.boolean("fixedRotation", fixedRotation);
    this.mutable("setFixedRotation", fixedRotation);
    if (this._kind === BOX) return this;
    this._fixedRotation = fixedRotation;
    if (fixedRotation && this._type === "dynamic") this.w = 0;
    this.applyMass(this._density * this.area);
    this.changed(CHANGE_MASS | CHANGE_WAKE);
    return this;
  }

  /** Continuous collision against dynamic bodies too (for fast projectiles). */
  setBullet(bullet: boolean): this {
    check.boolean("bullet", bullet);
    this.mutable("setBullet", bullet);
    this._bullet = bullet;
    this.changed(0);
    return this;
  }

  /** Linear damping, 1/s (>= 0). */
  setLinearDamping(damping: number): this {
    check.within("linearDamping", check.nonNegative("linearDamping", damping), 0, check.LIMITS.scale);
    this.mutable("setLinearDamping", damping);
    this._linearDamping = damping;
    this.changed(CHANGE_WAKE);
    return this;
  }

  /** Angular damping, 1/s (>= 0). */
  setAngularDamping(damping: number): this {
    check.within("angularDamping", check.nonNegative("angularDamping", damping), 0, check.LIMITS.scale);
    this.mutable("setAngularDamping", damping);
    this._angularDamping = damping;
    this.changed(CHANGE_WAKE);
    return this;
  }

  /** Multiplier of the world's gravity for this body. */
  setGravityScale(scale: number): this {
    check.magnitude("gravityScale", scale, check.LIMITS.scale);
    this.mutable("setGravityScale", scale);
    this._gravityScale = scale;
    this.changed(CHANGE_WAKE);
    return this;
  }

  /**
   * @internal A shape's own setting (`shape.setFriction` ...): `host` is the
   * shape's part (a compound's) or this body itself (then the body's setter).
   * A compound's shape changes alone, and the change takes effect at once:
   * materials from the next contact update, sensor flag and filter by
   * finding the compound's contacts again (as for the body's setters).
   */
  changeShape(host: Body, key: "friction" | "restitution" | "isSensor" | "collisionFilter", value: unknown): void {
    if (host === this) {
      if (key === "friction") this.setFriction(value as number);
      else if (key === "restitution") this.setRestitution(value as number);
      else if (key === "isSensor") this.setSensor(value as boolean);
      else this.setCollisionFilter(value as Partial<CollisionFilter>);
      return;
    }
    const method = `shapes[${this._parts!.indexOf(host)}].set${key === "isSensor" ? "Sensor" : key[0]!.toUpperCase() + key.slice(1)}`;
    if (key === "friction") {
      const f = check.within("friction", check.nonNegative("friction", value), 0, check.LIMITS.friction);
      this.mutable(method, value);
      host._friction = f;
      this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    } else if (key === "restitution") {
      const r = check.within("restitution", check.nonNegative("restitution", value), 0, check.LIMITS.restitution);
      this.mutable(method, value);
      host._restitution = r;
      this.changed(CHANGE_MATERIAL | CHANGE_WAKE);
    } else if (key === "isSensor") {
      const on = check.boolean("isSensor", value);
      this.mutable(method, value);
      if (host._isSensor === on) return;
      host._isSensor = on;
      this.changed(CHANGE_PAIRING | CHANGE_WAKE);
    } else {
      const f = checkFilter("filter", value);
      this.mutable(method, value);
      host._category = f.category ?? host._category;
      host._mask = f.mask ?? host._mask;
      host._group = f.group ?? host._group;
      this.changed(CHANGE_PAIRING | CHANGE_WAKE);
    }
  }

  /** Wake the body (and, in a world, its island). */
  wake(): this {
    this.mutable("wake");
    this.changed(CHANGE_WAKE);
    return this;
  }

  // ------------------------------------------------------------------ mass

  /**
   * Mass from density × area (or the `mass` option), inertia from the shape.
   * Static and kinematic bodies have infinite mass: mass = inertia = 0 and
   * invMass = invInertia = 0, as in Box2D.
   */
  protected initMass(o: BodyOptions): void {
    const area = this.area;
    let mass: number;
    if (o.mass !== undefined) {
      mass = o.mass;
      this._density = area > 0 ? mass / area : 0;
    } else {
      mass = this._density * area;
    }
    if (this._type === "dynamic" && !(mass > 0)) {
      const name = o.mass !== undefined ? "mass" : "density";
      const value = o.mass !== undefined ? o.mass : this._density;
      throw new RangeError(`capsule2d: ${name} must be > 0 for a dynamic body, got ${value}`);
    }
    if (this._type === "dynamic") dynamicMass(o.mass !== undefined ? "mass" : "density", o.mass !== undefined ? o.mass : this._density, mass);
    this.applyMass(mass);
  }

  /** @internal Set mass, inertia and their inverses from `mass` and the body's type and flags. */
  applyMass(mass: number): void {
    if (this._type !== "dynamic") {
      this._mass = 0;
      this._invMass = 0;
      this._inertia = 0;
      this._invInertia = 0;
      return;
    }
    this._mass = mass;
    this._invMass = 1 / mass;
    const unit = this.unitInertia();
    if (this._fixedRotation || unit === 0) {
      this._inertia = 0;
      this._invInertia = 0;
    } else {
      this._inertia = mass * unit;
      this._invInertia = 1 / this._inertia;
    }
  }
}
