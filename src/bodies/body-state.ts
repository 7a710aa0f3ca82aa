/**
 * BodyState: what a body is and reads, the lower half of `Body`
 * (src/bodies/body.ts, which extends it with its world, its shapes and the
 * methods that change it). It holds the body's definition and state fields,
 * sets them from the options in its constructor, has every read-only getter
 * (pose, velocity, material, flags, size, mass) and computes mass and
 * inertia from the shape.
 *
 * Every field is assigned in the constructors (this one, then Body's), always
 * in the same order and with the same kind of value, so that every class of
 * body shares one field layout and V8 keeps property access fast.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2, detCos, detSin } from "../math/trig.js";
import {
  checkBodyOptions, checkOneWay, dynamicMass, DEFAULT_FRICTION, DEFAULT_RESTITUTION,
  type BodyOptions, type BodyType, type CollisionFilter, type Pose, type ShapeKind,
} from "./body-options.js";

const ORIGIN: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 });

/** @internal Thrown by the setter of every read-only property. */
export function readOnly(name: string, use: string): never {
  throw new TypeError(`capsule2d: body.${name} is read-only; use ${use}`);
}

/** @internal The definition, state and getters of a body: `Body` (src/bodies/body.ts) extends it. */
export abstract class BodyState {
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
   * @internal The centre of mass in the body's frame (`localCenter`), or null
   * when it is the origin (every Circle, Capsule, AABB, Box, Segment). While
   * it is not null, (px, py) is the centre of mass and the origin is
   * (px, py) − rotate(_lc): the solver, contacts and joints see the centre,
   * as for every other body; `position` and the setters the origin.
   */ _lc!: Readonly<Vec2> | null;

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
  }

  /** Area of the shape, m². */
  abstract get area(): number;
  /** Moment of inertia about the centre per unit mass: I = mass × this. */
  protected abstract unitInertia(): number;
  /** @internal Moment of inertia about the centre per unit mass (for a compound's parts). */
  shapeUnitInertia(): number {
    return this.unitInertia();
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
