/**
 * Body: the fields every shape shares.
 *
 * Every field is assigned in the constructor below, always in the same order
 * and with the same kind of value, so that Circle, Capsule and AABB instances
 * share one field layout and V8 keeps property access fast. Shape subclasses
 * add no fields of their own: the shape extents (`radius`, `halfLength`,
 * `halfWidth`, `halfHeight`) live here too and are 0 where a shape has none.
 *
 * Rotation is stored as a unit complex number (`rotCos`, `rotSin`) so the step
 * never calls Math.sin/cos/atan2 (their results differ between JavaScript
 * engines; + - * / and sqrt do not). `angle` is derived for users.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detCos, detSin } from "../math/trig.js";

export type BodyType = "dynamic" | "static" | "kinematic";

/** Shape kinds, used as indices into the narrowphase dispatch table. */
export const CIRCLE = 0;
export const CAPSULE = 1;
export const BOX = 2;
export type ShapeKind = typeof CIRCLE | typeof CAPSULE | typeof BOX;

export interface CollisionFilter {
  /** Bits this body is (default 0x0001). */
  category: number;
  /** Bits this body collides with (default 0xFFFFFFFF). */
  mask: number;
  /** Same non-zero group: > 0 always collide, < 0 never collide (default 0). */
  group: number;
}

export interface BodyOptions {
  position?: Vec2;
  /** Radians, counter-clockwise. */
  angle?: number;
  velocity?: Vec2;
  angularVelocity?: number;
  type?: BodyType;
  /** kg/m² (default 1). Ignored when `mass` is given. */
  density?: number;
  /** kg; overrides density. */
  mass?: number;
  restitution?: number;
  friction?: number;
  fixedRotation?: boolean;
  isSensor?: boolean;
  /** Continuous collision against everything, dynamic bodies included. */
  bullet?: boolean;
  collisionFilter?: Partial<CollisionFilter>;
  linearDamping?: number;
  angularDamping?: number;
  gravityScale?: number;
  userData?: unknown;
  label?: string;
}

/** What a body needs from the world that owns it (kept abstract to avoid an import cycle). */
export interface BodyOwner {
  /** A body was moved, pushed or given a velocity by a user: wake it and its island. */
  onBodyChanged(body: Body, moved: boolean): void;
}

const TYPES: readonly BodyType[] = ["dynamic", "static", "kinematic"];

export const DEFAULT_FRICTION = 0.6;
export const DEFAULT_RESTITUTION = 0;

/** Options shared by every body, checked before anything is built. */
export function checkBodyOptions(o: BodyOptions): void {
  if (o === null || typeof o !== "object") {
    throw new TypeError(`capsule2d: options must be an object, got ${check.describe(o)}`);
  }
  if (o.position !== undefined) check.vector("position", o.position);
  if (o.angle !== undefined) check.finite("angle", o.angle);
  if (o.velocity !== undefined) check.vector("velocity", o.velocity);
  if (o.angularVelocity !== undefined) check.finite("angularVelocity", o.angularVelocity);
  if (o.type !== undefined) check.oneOf("type", o.type, TYPES);
  if (o.density !== undefined) check.nonNegative("density", o.density);
  if (o.mass !== undefined) check.nonNegative("mass", o.mass);
  if (o.restitution !== undefined) check.nonNegative("restitution", o.restitution);
  if (o.friction !== undefined) check.nonNegative("friction", o.friction);
  if (o.fixedRotation !== undefined) check.boolean("fixedRotation", o.fixedRotation);
  if (o.isSensor !== undefined) check.boolean("isSensor", o.isSensor);
  if (o.bullet !== undefined) check.boolean("bullet", o.bullet);
  if (o.linearDamping !== undefined) check.nonNegative("linearDamping", o.linearDamping);
  if (o.angularDamping !== undefined) check.nonNegative("angularDamping", o.angularDamping);
  if (o.gravityScale !== undefined) check.finite("gravityScale", o.gravityScale);
  if (o.label !== undefined && typeof o.label !== "string") {
    throw new TypeError(`capsule2d: label must be a string, got ${check.describe(o.label)}`);
  }
  const f = o.collisionFilter;
  if (f !== undefined) {
    if (f === null || typeof f !== "object") {
      throw new TypeError(`capsule2d: collisionFilter must be an object, got ${check.describe(f)}`);
    }
    if (f.category !== undefined) check.integer("collisionFilter.category", f.category, 0, 0xffffffff);
    if (f.mask !== undefined) check.integer("collisionFilter.mask", f.mask, 0, 0xffffffff);
    if (f.group !== undefined) check.integer("collisionFilter.group", f.group, -0x80000000, 0x7fffffff);
  }
}

export abstract class Body {
  /** Assigned by the world on `add` (in order of addition); -1 while not in a world. */
  id: number;
  readonly kind: ShapeKind;
  /** "dynamic" | "static" | "kinematic". */
  type: BodyType;
  /** Centre of the shape (also its centre of mass), metres. Use `setPosition` to teleport. */
  readonly position: Vec2;
  /** cos(angle): rotation as a unit complex number. */
  rotCos: number;
  /** sin(angle). */
  rotSin: number;
  /** m/s. Use `setVelocity` so a sleeping body wakes. */
  readonly velocity: Vec2;
  /** rad/s, counter-clockwise. */
  angularVelocity: number;
  /** Accumulated force (N) and torque (N·m), cleared after every step. */
  forceX: number;
  forceY: number;
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
  readonly collisionFilter: CollisionFilter;
  linearDamping: number;
  angularDamping: number;
  gravityScale: number;
  userData: unknown;
  label: string;

  /** Shape extents; 0 where the shape has none. */
  radius: number;
  halfLength: number;
  halfWidth: number;
  halfHeight: number;

  /** Largest distance from the centre to the surface, m (fixed by the shape). */
  maxExtent: number;
  /** Half the thinnest size, m (fixed by the shape). */
  minExtent: number;

  /** World-space bounding box, refreshed by `updateBounds()`. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;

  /** The world this body is in, or null. */
  world: BodyOwner | null;
  isSleeping: boolean;
  /** Seconds spent below the sleep tolerances. */
  sleepTime: number;
  /** Broadphase handle (-1 when not in a broadphase). */
  proxyId: number;
  /** Index of the body in the world's body array and solver arrays (-1 when not in a world). */
  index: number;
  /** Island bookkeeping for sleeping (owned by the world). */
  islandId: number;

  // ---- solver scratch (owned by the world's step; meaningless between steps) ----
  /** Pose at the start of the step: position and rotation. */
  x0: number;
  y0: number;
  c0: number;
  s0: number;
  /** Velocity before this sub-step's velocity integration (explicit Euler). */
  vx0: number;
  vy0: number;
  w0: number;
  /** Velocity after force integration, before the contact solver (explicit Euler). */
  vxPred: number;
  vyPred: number;
  wPred: number;
  /** Solver flags: 1 = awake and simulated this step. */
  solverFlags: number;
  /** Slot in the solver's arrays this step (valid while solverFlags is 1). */
  solverSlot: number;

  protected constructor(kind: ShapeKind, o: BodyOptions) {
    checkBodyOptions(o);
    this.id = -1;
    this.kind = kind;
    this.type = o.type ?? "dynamic";
    this.position = { x: o.position?.x ?? 0, y: o.position?.y ?? 0 };
    const angle = o.angle ?? 0;
    // detCos/detSin: the same bits in every JavaScript engine (Math.cos/sin are not)
    this.rotCos = angle === 0 ? 1 : detCos(angle);
    this.rotSin = angle === 0 ? 0 : detSin(angle);
    this.velocity = { x: o.velocity?.x ?? 0, y: o.velocity?.y ?? 0 };
    this.angularVelocity = o.angularVelocity ?? 0;
    this.forceX = 0;
    this.forceY = 0;
    this.torque = 0;
    this.density = o.density ?? 1;
    this.mass = 0;
    this.invMass = 0;
    this.inertia = 0;
    this.invInertia = 0;
    this.restitution = o.restitution ?? DEFAULT_RESTITUTION;
    this.friction = o.friction ?? DEFAULT_FRICTION;
    this.fixedRotation = o.fixedRotation ?? false;
    this.isSensor = o.isSensor ?? false;
    this.bullet = o.bullet ?? false;
    this.collisionFilter = {
      category: o.collisionFilter?.category ?? 0x0001,
      mask: o.collisionFilter?.mask ?? 0xffffffff,
      group: o.collisionFilter?.group ?? 0,
    };
    this.linearDamping = o.linearDamping ?? 0;
    this.angularDamping = o.angularDamping ?? 0;
    this.gravityScale = o.gravityScale ?? 1;
    this.userData = o.userData;
    this.label = o.label ?? "";
    this.radius = 0;
    this.halfLength = 0;
    this.halfWidth = 0;
    this.halfHeight = 0;
    this.maxExtent = 0;
    this.minExtent = 0;
    this.minX = 0;
    this.minY = 0;
    this.maxX = 0;
    this.maxY = 0;
    this.world = null;
    this.isSleeping = false;
    this.sleepTime = 0;
    this.proxyId = -1;
    this.index = -1;
    this.islandId = -1;
    this.x0 = 0;
    this.y0 = 0;
    this.c0 = 1;
    this.s0 = 0;
    this.vx0 = 0;
    this.vy0 = 0;
    this.w0 = 0;
    this.vxPred = 0;
    this.vyPred = 0;
    this.wPred = 0;
    this.solverFlags = 0;
    this.solverSlot = 0;
  }

  /** Area of the shape, m². */
  abstract get area(): number;
  /** Moment of inertia about the centre for a unit-density... per unit mass: I = mass × this. */
  protected abstract unitInertia(): number;
  /** Recompute minX..maxY from position and rotation. */
  abstract updateBounds(): void;

  /** Angle in radians, in (-π, π], derived from the rotation. */
  get angle(): number {
    return Math.atan2(this.rotSin, this.rotCos);
  }

  get isStatic(): boolean {
    return this.type === "static";
  }

  get isDynamic(): boolean {
    return this.type === "dynamic";
  }

  get isKinematic(): boolean {
    return this.type === "kinematic";
  }

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
      this.density = area > 0 ? mass / area : 0;
    } else {
      mass = this.density * area;
    }
    if (this.type === "dynamic" && !(mass > 0)) {
      const name = o.mass !== undefined ? "mass" : "density";
      const value = o.mass !== undefined ? o.mass : this.density;
      throw new RangeError(`capsule2d: ${name} must be > 0 for a dynamic body, got ${value}`);
    }
    this.applyMass(mass);
  }

  /** Set mass, inertia and their inverses from `mass` and the body's type and flags. */
  protected applyMass(mass: number): void {
    if (this.type !== "dynamic") {
      this.mass = 0;
      this.invMass = 0;
      this.inertia = 0;
      this.invInertia = 0;
      return;
    }
    this.mass = mass;
    this.invMass = 1 / mass;
    const unit = this.unitInertia();
    if (this.fixedRotation || unit === 0) {
      this.inertia = 0;
      this.invInertia = 0;
    } else {
      this.inertia = mass * unit;
      this.invInertia = 1 / this.inertia;
    }
  }

  // ---- user-facing mutators: each checks its input first, then wakes the body ----

  /** Teleport the body. */
  setPosition(position: Vec2): this {
    check.vector("position", position);
    this.position.x = position.x;
    this.position.y = position.y;
    this.updateBounds();
    this.world?.onBodyChanged(this, true);
    return this;
  }

  /** Set the rotation, radians. */
  setAngle(angle: number): this {
    check.finite("angle", angle);
    this.rotCos = detCos(angle);
    this.rotSin = detSin(angle);
    this.updateBounds();
    this.world?.onBodyChanged(this, true);
    return this;
  }

  setVelocity(velocity: Vec2): this {
    check.vector("velocity", velocity);
    if (this.type === "static") return this;
    this.velocity.x = velocity.x;
    this.velocity.y = velocity.y;
    this.world?.onBodyChanged(this, false);
    return this;
  }

  setAngularVelocity(angularVelocity: number): this {
    check.finite("angularVelocity", angularVelocity);
    if (this.type === "static") return this;
    this.angularVelocity = angularVelocity;
    this.world?.onBodyChanged(this, false);
    return this;
  }

  /** Add a force (N) for the next step, at `point` (world coordinates; default the centre). */
  applyForce(force: Vec2, point?: Vec2): this {
    check.vector("force", force);
    if (point !== undefined) check.vector("point", point);
    if (this.type !== "dynamic") return this;
    this.forceX += force.x;
    this.forceY += force.y;
    if (point !== undefined) {
      this.torque += (point.x - this.position.x) * force.y - (point.y - this.position.y) * force.x;
    }
    this.world?.onBodyChanged(this, false);
    return this;
  }

  /** Change the velocity at once by impulse / mass (N·s), at `point` (default the centre). */
  applyImpulse(impulse: Vec2, point?: Vec2): this {
    check.vector("impulse", impulse);
    if (point !== undefined) check.vector("point", point);
    if (this.type !== "dynamic") return this;
    this.velocity.x += impulse.x * this.invMass;
    this.velocity.y += impulse.y * this.invMass;
    if (point !== undefined) {
      this.angularVelocity +=
        this.invInertia * ((point.x - this.position.x) * impulse.y - (point.y - this.position.y) * impulse.x);
    }
    this.world?.onBodyChanged(this, false);
    return this;
  }

  applyTorque(torque: number): this {
    check.finite("torque", torque);
    if (this.type !== "dynamic") return this;
    this.torque += torque;
    this.world?.onBodyChanged(this, false);
    return this;
  }

  /** Wake the body (and, in a world, its island). */
  wake(): this {
    this.world?.onBodyChanged(this, false);
    this.isSleeping = false;
    this.sleepTime = 0;
    return this;
  }

  /** Kinetic energy, ½mv² + ½Iω² (J). */
  get kineticEnergy(): number {
    const v = this.velocity;
    return 0.5 * this.mass * (v.x * v.x + v.y * v.y) + 0.5 * this.inertia * this.angularVelocity * this.angularVelocity;
  }
}
