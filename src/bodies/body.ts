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
 *
 * The file is cut by what the parts hold: the options, their checks and the
 * change bits are in src/bodies/body-options.ts, the fields, the getters and
 * the mass in src/bodies/body-state.ts (`BodyState`, which `Body` extends);
 * here are the body's world, its shapes and every method that changes it.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detCos, detSin } from "../math/trig.js";
import type { PolygonGeometry, SegmentGeometry } from "../shapes/polygon.js";
import { Shape } from "./shape.js";
import {
  BOX, CAPSULE, CHANGE_FORCE, CHANGE_MASS, CHANGE_MATERIAL, CHANGE_PAIRING, CHANGE_POSE, CHANGE_SLEEP, CHANGE_TYPE,
  CHANGE_VELOCITY, CHANGE_WAKE, CIRCLE, checkFilter, checkOneWay, dynamicMass, TYPES,
  type BodyOptions, type BodyType, type CollisionFilter, type ShapeKind,
} from "./body-options.js";
import { BodyState, readOnly } from "./body-state.js";

export {
  CIRCLE, CAPSULE, BOX, POLYGON, SEGMENT, COMPOUND, BODY_OPTION_KEYS, DEFAULT_FRICTION, DEFAULT_RESTITUTION,
  CHANGE_POSE, CHANGE_VELOCITY, CHANGE_FORCE, CHANGE_TYPE, CHANGE_PAIRING, CHANGE_MASS, CHANGE_MATERIAL, CHANGE_SLEEP, CHANGE_WAKE,
  checkBodyOptions, checkOneWay,
} from "./body-options.js";
export type { BodyType, ShapeKind, CollisionFilter, Pose, BodyOptions } from "./body-options.js";

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

const NO_JOINTS: readonly BodyJoint[] = Object.freeze([]);

/**
 * The `Shape` of a collider: a body's one shape, or the shape a compound's
 * part stands for (what contacts, events and hits report as `shapeA`,
 * `shapeB`, `shape`).
 */
export function shapeOf(b: Body): Shape<Body> {
  return b._shape ?? b.shapes[0]!;
}

/**
 * A rigid body, the user's handle: `Circle`, `Capsule` and `AABB` extend it.
 * Read its state through the getters; change it through the `set...` and
 * `apply...` methods, which check their input and update what depends on it.
 */
export abstract class Body extends BodyState {
  /**
   * @internal A Box's or Polygon's convex polygon, in the frame of the centre
   * of mass (px, py; its vertices as given less `_lc`), or null: with the
   * pose, the body is the `PlacedPolygon` the narrowphase reads.
   */ polygon: PolygonGeometry | null;
  /** @internal A Segment's line in the body's frame (the `PlacedSegment` the narrowphase reads), or null. */ segment: SegmentGeometry | null;
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
    super(kind, o, shapeKeys);
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

  /** @internal Recompute minX..maxY from the pose. */
  abstract updateBounds(): void;
  /** @internal Derive `_maxExtent` and `_minExtent` from the shape's size. */
  abstract updateExtents(): void;
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

  /** The world this body is in, or null. */
  get world(): BodyOwner | null {
    return this._world;
  }
  /** Read-only: assigning throws a TypeError that points to `world.add(body) or world.remove(body)`. */
  set world(_: never) {
    readOnly("world", "world.add(body) or world.remove(body)");
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

  /** The body's shapes: one for every class of body but `Compound`, which lists one per shape definition (a `Shape` with `kind`, `body` and its geometry). */
  get shapes(): readonly Shape<Body>[] {
    if (this._shape === null) this._shape = new Shape(this._kind === CIRCLE ? "circle" : this._kind === CAPSULE ? "capsule" : "aabb", this);
    return this._shape.list;
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
}
