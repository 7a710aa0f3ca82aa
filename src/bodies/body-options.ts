/**
 * A body's options and their checks: the body types and shape kinds, the
 * collision filter, `BodyOptions` and the checks every body's constructor and
 * setters run on them, and the `CHANGE_*` bits a body tells its world. Nothing
 * here knows the `Body` class (src/bodies/body.ts), which re-exports these names.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

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


/** @internal The body types, for their checks. */
export const TYPES: readonly BodyType[] = ["dynamic", "static", "kinematic"];

export const DEFAULT_FRICTION = 0.6;
export const DEFAULT_RESTITUTION = 0;

/** @internal A collision filter (the option or `setCollisionFilter`'s argument), checked. */
export function checkFilter(name: string, f: unknown): Partial<CollisionFilter> {
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
export function dynamicMass(name: string, value: number, mass: number): void {
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
