/**
 * A joint: the user's handle, and everything the solver keeps for it.
 *
 * Every joint type shares this one class (a `type` tells them apart), as
 * Box2D keeps one joint record with a part per type: the solver's loops then
 * see one object shape, and snapshots one table of fields. Each type's
 * physics is in its own file (revolute.ts, distance.ts, ...), as functions
 * over this class; `joint-manager.ts` owns the joints of a world and runs
 * those functions in the solver's stages.
 *
 * Frames. Anchors are kept in each body's local frame (relative to its
 * centre, which is its centre of mass), the axis of prismatic and wheel
 * joints in body A's frame, and angles from the relative rotation at
 * creation (`referenceAngle`). Definitions give world points; they are
 * converted once, when the joint is added.
 *
 * Read-only fields are getters; a change goes through a `set...` method that
 * checks the value, wakes the bodies and, for settings the solver caches,
 * takes effect from the next step.
 */
import type { Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2 } from "../math/trig.js";
import {
  D_BREAK_FORCE, D_BREAK_TORQUE, D_DAMPING, D_FORCEX, D_FORCEY, D_HERTZ, D_IMPA, D_LAX, D_LAY, D_LBX, D_LBY, D_REF_ANGLE, D_TORQUE, DEF, I_KIND,
  I_SWITCHES, INFO, JointRows, R_IMPX, R_IMPY, R_LOWER, R_LOWER_IMP, R_MAX_MOTOR, R_MOTOR_IMP, R_MOTOR_SPEED, R_SPRING_IMP, R_UPPER, R_UPPER_IMP,
  S_LIMIT, S_MOTOR, S_SPRING, STRIDE,
} from "./joint-rows.js";

import { JOINT_TYPES, REVOLUTE, PRISMATIC, DISTANCE, WELD, WHEEL, MOTOR, type JointType } from "./joint-kinds.js";

declare module "../bodies/body.js" {
  /** A body's joints are `Joint`s (see `BodyLinks` in src/bodies/body.ts). */
  interface BodyLinks {
    joint: Joint;
  }
}
export { JOINT_TYPES, REVOLUTE, PRISMATIC, DISTANCE, WELD, WHEEL, MOTOR, FILTER, type JointType } from "./joint-kinds.js";

/** What a joint needs from the world that holds it. */
export interface JointOwner {
  /**
   * Throws when the world cannot accept a change now (during a step); `what`
   * names the call and `a`, `b`, `c` are its checked arguments (for the
   * world's journal, src/world/journal.ts).
   */
  checkJointMutable(what: string, joint: Joint, a?: unknown, b?: unknown, c?: unknown): void;
  /** A joint setting changed: wake its bodies. */
  jointChanged(joint: Joint): void;
}

function readOnly(name: string, use: string): never {
  throw new TypeError(`capsule2d: joint.${name} is read-only; use ${use}`);
}

/** The angle of rotation b relative to rotation a (unit complex numbers), in (−π, π]. */
export function relativeAngle(bc: number, bs: number, ac: number, as: number): number {
  // q_b · conj(q_a)
  return detAtan2(bs * ac - bc * as, bc * ac + bs * as);
}

/** An angle brought into [−π, π]. */
export function unwind(a: number): number {
  if (a < -Math.PI) return a + 2 * Math.PI;
  if (a > Math.PI) return a - 2 * Math.PI;
  return a;
}

/**
 * A joint between two bodies, made by `world.addJoint(def)` (see `JointDef`).
 * Its settings read under the definition's names; the `set...` methods change
 * them (checked, waking the bodies only when a value changes). `reactionForce`
 * and `reactionTorque` are the last step's.
 */
export class Joint {
  /** @internal */ _id: number;
  /** @internal JOINT_TYPES index. */ readonly _kind: number;
  /** @internal */ _world: JointOwner | null;
  /** @internal */ readonly _bodyA: Body;
  /** @internal */ readonly _bodyB: Body;
  /** Whether the two bodies may collide with each other. */
  /** @internal */ _collideConnected: boolean;
  /** Yours: anything (kept in JSON snapshots when it survives `JSON.stringify`). */
  userData: unknown;
  /** Yours: a name for debugging (kept in JSON snapshots). */
  label: string;

  // ---------------------------------------------------------------- definition (saved)
  /** @internal Unit axis in body A's frame (prismatic, wheel). */ axX: number;
  /** @internal */ axY: number;
  /** @internal Distance: rest length, and its range. */ _length: number;
  /** @internal */ _minLength: number;
  /** @internal */ _maxLength: number;
  /** @internal Weld: 0 is rigid. */ _linearHertz: number;
  /** @internal */ _angularHertz: number;
  /** @internal Motor joint: B's target pose in A's frame, and the limits of its drive. */ offX: number;
  /** @internal */ offY: number;
  /** @internal */ offAngle: number;
  /** @internal */ _maxForce: number;
  /** @internal */ _maxTorque: number;
  /** @internal Motor joint: fraction of the pose error corrected per sub-step. */ _correctionFactor: number;

  // ---------------------------------------------------------------- numbers kept in the rows (saved)
  /** @internal Where the numbers below live: row `row` of `rows` (joint-rows.ts). */ rows: JointRows;
  /** @internal */ row: number;
  // Accessors defined after the class, each over its place in the row: the step reads the rows.
  /** @internal Anchors in the bodies' local frames, m. */ declare lAx: number;
  /** @internal */ declare lAy: number;
  /** @internal */ declare lBx: number;
  /** @internal */ declare lBy: number;
  /** @internal Relative angle B − A at which the joint angle is 0. */ declare _refAngle: number;
  /** @internal */ declare _enableLimit: boolean;
  /** @internal Limits: angle (revolute) or translation (prismatic, wheel). */ declare _lower: number;
  /** @internal */ declare _upper: number;
  /** @internal */ declare _enableMotor: boolean;
  /** @internal rad/s or m/s. */ declare _motorSpeed: number;
  /** @internal Max motor torque (revolute, wheel) or force (prismatic, distance). */ declare _maxMotor: number;
  /** @internal */ declare _enableSpring: boolean;
  /** @internal */ declare _hertz: number;
  /** @internal */ declare _dampingRatio: number;
  /** @internal */ declare _breakForce: number;
  /** @internal */ declare _breakTorque: number;
  /** @internal Point (2D) impulse, or the perpendicular and angular impulse of a prismatic joint (warm starting). */ declare impX: number;
  /** @internal */ declare impY: number;
  /** @internal Angular impulse (weld, motor joint) or axial impulse (distance, prismatic perpendicular...). */ declare impA: number;
  /** @internal */ declare springImp: number;
  /** @internal */ declare motorImp: number;
  /** @internal */ declare lowerImp: number;
  /** @internal */ declare upperImp: number;
  /** @internal The last step's reaction on B: force, N, and torque, N·m. */ declare forceX: number;
  /** @internal */ declare forceY: number;
  /** @internal */ declare torque: number;

  // ---------------------------------------------------------------- per step (rebuilt by prepare)
  /** @internal Impulses summed over this step's sub-steps. */ sumX: number;
  /** @internal */ sumY: number;
  /** @internal */ sumT: number;
  /** @internal Solver slots (0: not simulated this step). */ sA: number;
  /** @internal */ sB: number;
  /** @internal */ mA: number;
  /** @internal */ mB: number;
  /** @internal */ iA: number;
  /** @internal */ iB: number;
  /** @internal Anchors relative to the centres, rotated to the world at the step start. */ fAx: number;
  /** @internal */ fAy: number;
  /** @internal */ fBx: number;
  /** @internal */ fBy: number;
  /** @internal Centre of B − centre of A at the step start. */ dcx: number;
  /** @internal */ dcy: number;
  /** @internal Joint angle at the step start (relative angle − reference). */ dAngle: number;
  /** @internal World axis at the step start (prismatic, wheel, distance). */ wax: number;
  /** @internal */ way: number;
  /** @internal Effective masses. */ axialMass: number;
  /** @internal */ angularMass: number;
  /** @internal Spring softness for this step (biasRate, massScale, impulseScale). */ springBias: number;
  /** @internal */ springMassScale: number;
  /** @internal */ springImpulseScale: number;
  /** @internal Weld: linear and angular softness for this step. */ linBias: number;
  /** @internal */ linMassScale: number;
  /** @internal */ linImpulseScale: number;
  /** @internal */ angBias: number;
  /** @internal */ angMassScale: number;
  /** @internal */ angImpulseScale: number;
  /** @internal The joint angle now, during the sub-steps (written by `angleNow`). */ theta: number;
  /** @internal Index in the world's joint list. */ index: number;

  /** @internal Use `world.addJoint(def)`. Its numbers go into a new row of `rows` (by default a set of its own). */
  constructor(kind: number, bodyA: Body, bodyB: Body, rows = new JointRows(1)) {
    this.rows = rows;
    this.row = rows.take();
    rows.info[this.row * INFO + I_KIND] = kind;
    this._breakForce = Infinity;
    this._breakTorque = Infinity;
    this._id = -1;
    this._kind = kind;
    this._world = null;
    this._bodyA = bodyA;
    this._bodyB = bodyB;
    this._collideConnected = false;
    this.userData = undefined;
    this.label = "";
    this.axX = 1;
    this.axY = 0;
    this._length = 0;
    this._minLength = 0;
    this._maxLength = 0;
    this._linearHertz = 0;
    this._angularHertz = 0;
    this.offX = 0;
    this.offY = 0;
    this.offAngle = 0;
    this._maxForce = 0;
    this._maxTorque = 0;
    this._correctionFactor = 0;
    this.sumX = 0;
    this.sumY = 0;
    this.sumT = 0;
    this.sA = 0;
    this.sB = 0;
    this.mA = 0;
    this.mB = 0;
    this.iA = 0;
    this.iB = 0;
    this.fAx = 0;
    this.fAy = 0;
    this.fBx = 0;
    this.fBy = 0;
    this.dcx = 0;
    this.dcy = 0;
    this.dAngle = 0;
    this.wax = 0;
    this.way = 0;
    this.axialMass = 0;
    this.angularMass = 0;
    this.springBias = 0;
    this.springMassScale = 1;
    this.springImpulseScale = 0;
    this.linBias = 0;
    this.linMassScale = 1;
    this.linImpulseScale = 0;
    this.angBias = 0;
    this.angMassScale = 1;
    this.angImpulseScale = 0;
    this.theta = 0;
    this.index = -1;
  }

  // ---------------------------------------------------------------- identity

  /** The joint's kind. */
  get type(): JointType {
    return JOINT_TYPES[this._kind]!;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set type(_: never) {
    readOnly("type", "a new joint");
  }

  /** Creation number in its world (joints are listed in this order). */
  get id(): number {
    return this._id;
  }
  /** Read-only (the world assigns ids): assigning throws a TypeError. */
  set id(_: never) {
    readOnly("id", "nothing: the world assigns ids");
  }

  /** The first body (the joint's frame for axes, offsets and motor speeds). */
  get bodyA(): Body {
    return this._bodyA;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set bodyA(_: never) {
    readOnly("bodyA", "a new joint");
  }

  /** The second body. */
  get bodyB(): Body {
    return this._bodyB;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set bodyB(_: never) {
    readOnly("bodyB", "a new joint");
  }

  /** Whether the world holds this joint (false once removed or broken). */
  get isActive(): boolean {
    return this._world !== null;
  }

  /** Whether bodyA and bodyB may collide with each other. */
  get collideConnected(): boolean {
    return this._collideConnected;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set collideConnected(_: never) {
    readOnly("collideConnected", "a new joint");
  }

  /** Reaction force above which the joint breaks, N (Infinity: never). */
  get breakForce(): number {
    return this._breakForce;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setBreakForce(newtons)`. */
  set breakForce(_: never) {
    readOnly("breakForce", "joint.setBreakForce(newtons)");
  }

  /** Reaction torque above which the joint breaks, N·m (Infinity: never). */
  get breakTorque(): number {
    return this._breakTorque;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setBreakTorque(newtonMetres)`. */
  set breakTorque(_: never) {
    readOnly("breakTorque", "joint.setBreakTorque(newtonMetres)");
  }

  // ---------------------------------------------------------------- reading

  /** The force the joint applied to body B over the last step (averaged over its sub-steps), N: a copy. */
  get reactionForce(): Readonly<Vec2> {
    return Object.freeze({ x: this.forceX, y: this.forceY });
  }

  /** The torque the joint applied to body B over the last step, N·m. */
  get reactionTorque(): number {
    return this.torque;
  }

  /** The anchor on body A in world coordinates (a copy; `getAnchorA(out)` fills one of yours). */
  get anchorA(): Readonly<Vec2> {
    return Object.freeze(this.getAnchorA({ x: 0, y: 0 }));
  }

  /** The anchor on body B in world coordinates (a copy; `getAnchorB(out)` fills one of yours). */
  get anchorB(): Readonly<Vec2> {
    return Object.freeze(this.getAnchorB({ x: 0, y: 0 }));
  }

  /** Write the anchor on body A in world coordinates into `out` (no allocation) and return it. */
  getAnchorA(out: Vec2): Vec2 {
    const b = this._bodyA;
    out.x = b.px + b.qc * this.lAx - b.qs * this.lAy;
    out.y = b.py + b.qs * this.lAx + b.qc * this.lAy;
    return out;
  }

  /** Write the anchor on body B in world coordinates into `out` (no allocation) and return it. */
  getAnchorB(out: Vec2): Vec2 {
    const b = this._bodyB;
    out.x = b.px + b.qc * this.lBx - b.qs * this.lBy;
    out.y = b.py + b.qs * this.lBx + b.qc * this.lBy;
    return out;
  }

  /** The reaction force of the last step, N, written into `out` (no allocation; see `reactionForce`). */
  getReactionForce(out: Vec2): Vec2 {
    out.x = this.forceX;
    out.y = this.forceY;
    return out;
  }

  /** The anchor in body A's local frame (a copy). */
  get localAnchorA(): Readonly<Vec2> {
    return Object.freeze({ x: this.lAx, y: this.lAy });
  }
  /** The anchor in body B's local frame (a copy). */
  get localAnchorB(): Readonly<Vec2> {
    return Object.freeze({ x: this.lBx, y: this.lBy });
  }

  /** Prismatic and wheel: the axis in world coordinates now (a copy). */
  get axis(): Readonly<Vec2> {
    const b = this._bodyA;
    return Object.freeze({ x: b.qc * this.axX - b.qs * this.axY, y: b.qs * this.axX + b.qc * this.axY });
  }

  /** Relative angle of B to A minus the reference angle, radians in [−π, π]. */
  get angle(): number {
    const a = this._bodyA;
    const b = this._bodyB;
    return unwind(relativeAngle(b.qc, b.qs, a.qc, a.qs) - this._refAngle);
  }

  /** Relative angular speed of B to A, rad/s. */
  get angularSpeed(): number {
    return this._bodyB.w - this._bodyA.w;
  }

  /** Prismatic and wheel: B's anchor's offset from A's along the axis, m. */
  get translation(): number {
    const a = this.anchorA;
    const b = this.anchorB;
    const ax = this.axis;
    return (b.x - a.x) * ax.x + (b.y - a.y) * ax.y;
  }

  /** The distance between the anchors now, m. */
  get currentLength(): number {
    const a = this._bodyA;
    const b = this._bodyB;
    const dx = b.px + b.qc * this.lBx - b.qs * this.lBy - (a.px + a.qc * this.lAx - a.qs * this.lAy);
    const dy = b.py + b.qs * this.lBx + b.qc * this.lBy - (a.py + a.qs * this.lAx + a.qc * this.lAy);
    return Math.sqrt(dx * dx + dy * dy);
  }

  /** The joint's settings, as a plain object in the form `world.addJoint` takes (world anchors at the bodies' current poses). */
  get settings(): Readonly<Record<string, unknown>> {
    return Object.freeze(settingsOf(this));
  }

  // Settings, read under the definition's names; each is changed through the setter its
  // assignment error names (which checks it and wakes the bodies).

  /** Relative angle of B to A (rad) at which `angle` is 0: their angle at creation unless the definition gave one. */
  get referenceAngle(): number {
    return this._refAngle;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set referenceAngle(_: never) {
    readOnly("referenceAngle", "a new joint");
  }

  /** Distance: the rest length, m. */
  get length(): number {
    return this._length;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setLength(length)`. */
  set length(_: never) {
    readOnly("length", "joint.setLength(length)");
  }

  /** Distance: the shortest the length may be, m. */
  get minLength(): number {
    return this._minLength;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setLengthRange(minLength, maxLength)`. */
  set minLength(_: never) {
    readOnly("minLength", "joint.setLengthRange(minLength, maxLength)");
  }
  /** Distance: the longest the length may be, m (Infinity allowed). */
  get maxLength(): number {
    return this._maxLength;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setLengthRange(minLength, maxLength)`. */
  set maxLength(_: never) {
    readOnly("maxLength", "joint.setLengthRange(minLength, maxLength)");
  }
  /** Distance: `{ min, max }` (a copy). */
  get lengthRange(): Readonly<{
    /** Shortest length, m. */
    min: number;
    /** Longest length, m. */
    max: number;
  }> {
    return Object.freeze({ min: this._minLength, max: this._maxLength });
  }

  /** Revolute, prismatic, wheel: whether the limits act. */
  get enableLimit(): boolean {
    return this._enableLimit;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setEnableLimit(on)`. */
  set enableLimit(_: never) {
    readOnly("enableLimit", "joint.setEnableLimit(on)");
  }
  /** The limits: angles (revolute, rad) or translations (prismatic, wheel, m), a copy. */
  get limits(): Readonly<{
    /** Lowest angle or translation. */
    lower: number;
    /** Highest angle or translation. */
    upper: number;
  }> {
    return Object.freeze({ lower: this._lower, upper: this._upper });
  }

  /** Revolute, prismatic, wheel, distance: whether the motor acts. */
  get enableMotor(): boolean {
    return this._enableMotor;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setEnableMotor(on)`. */
  set enableMotor(_: never) {
    readOnly("enableMotor", "joint.setEnableMotor(on)");
  }
  /** The motor's target speed of B relative to A, rad/s or m/s. */
  get motorSpeed(): number {
    return this._motorSpeed;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setMotorSpeed(speed)`. */
  set motorSpeed(_: never) {
    readOnly("motorSpeed", "joint.setMotorSpeed(speed)");
  }
  /** Revolute, wheel: the motor's maximum torque, N·m (0 for the other types). */
  get maxMotorTorque(): number {
    return this._kind === REVOLUTE || this._kind === WHEEL ? this._maxMotor : 0;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setMaxMotorTorque(torque)`. */
  set maxMotorTorque(_: never) {
    readOnly("maxMotorTorque", "joint.setMaxMotorTorque(torque)");
  }
  /** Prismatic, distance: the motor's maximum force, N (0 for the other types). */
  get maxMotorForce(): number {
    return this._kind === PRISMATIC || this._kind === DISTANCE ? this._maxMotor : 0;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setMaxMotorForce(force)`. */
  set maxMotorForce(_: never) {
    readOnly("maxMotorForce", "joint.setMaxMotorForce(force)");
  }

  /** Revolute, prismatic, wheel, distance: whether the spring acts. */
  get enableSpring(): boolean {
    return this._enableSpring;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setEnableSpring(on)`. */
  set enableSpring(_: never) {
    readOnly("enableSpring", "joint.setEnableSpring(on)");
  }
  /** The spring's frequency, Hz. */
  get hertz(): number {
    return this._hertz;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setSpring(hertz, dampingRatio)`. */
  set hertz(_: never) {
    readOnly("hertz", "joint.setSpring(hertz, dampingRatio)");
  }
  /** The spring's (weld: both parts') damping ratio. */
  get dampingRatio(): number {
    return this._dampingRatio;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setSpring(hertz, dampingRatio)` or `setWeldStiffness`. */
  set dampingRatio(_: never) {
    readOnly("dampingRatio", "joint.setSpring(hertz, dampingRatio) or setWeldStiffness");
  }
  /** Weld: the linear part's stiffness, Hz (0: rigid). */
  get linearHertz(): number {
    return this._linearHertz;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setWeldStiffness(linearHertz, angularHertz, dampingRatio)`. */
  set linearHertz(_: never) {
    readOnly("linearHertz", "joint.setWeldStiffness(linearHertz, angularHertz, dampingRatio)");
  }
  /** Weld: the angular part's stiffness, Hz (0: rigid). */
  get angularHertz(): number {
    return this._angularHertz;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setWeldStiffness(linearHertz, angularHertz, dampingRatio)`. */
  set angularHertz(_: never) {
    readOnly("angularHertz", "joint.setWeldStiffness(linearHertz, angularHertz, dampingRatio)");
  }

  // ---------------------------------------------------------------- changing
  // Each setter checks its input (nothing changes when it throws), and wakes the bodies only
  // when the value changes: a game may call setMotorSpeed every frame.

  /** Every setter calls this once its input is checked, before it changes anything (the journal hears of it). */
  private mutable(what: string, a?: unknown, b?: unknown, c?: unknown): void {
    if (this._world !== null) this._world.checkJointMutable(what, this, a, b, c);
  }

  private changed(): void {
    if (this._world !== null) this._world.jointChanged(this);
  }

  private needs(what: string, kinds: readonly number[]): void {
    if (!kinds.includes(this._kind)) {
      throw new TypeError(`capsule2d: ${what}() does not apply to a ${this.type} joint`);
    }
  }

  /** Breaks (is removed, with a jointBreak event) when the reaction force exceeds this, N (Infinity: never). */
  setBreakForce(newtons: number): this {
    checkThreshold("breakForce", newtons);
    this.mutable("setBreakForce", newtons);
    this._breakForce = newtons;
    return this;
  }

  /** Breaks when the reaction torque exceeds this, N·m (Infinity: never). */
  setBreakTorque(newtonMetres: number): this {
    checkThreshold("breakTorque", newtonMetres);
    this.mutable("setBreakTorque", newtonMetres);
    this._breakTorque = newtonMetres;
    return this;
  }

  /** Revolute, prismatic, wheel: limits on or off. */
  setEnableLimit(on: boolean): this {
    this.needs("setEnableLimit", [REVOLUTE, PRISMATIC, WHEEL]);
    check.boolean("enableLimit", on);
    this.mutable("setEnableLimit", on);
    if (on === this._enableLimit) return this;
    this._enableLimit = on;
    if (!on) {
      this.lowerImp = 0;
      this.upperImp = 0;
    }
    this.changed();
    return this;
  }

  /** Revolute (radians), prismatic and wheel (m): the range of the joint angle or translation. */
  setLimits(lower: number, upper: number): this {
    this.needs("setLimits", [REVOLUTE, PRISMATIC, WHEEL]);
    checkRange("lower", "upper", lower, upper);
    this.mutable("setLimits", lower, upper);
    if (lower === this._lower && upper === this._upper) return this;
    this._lower = lower;
    this._upper = upper;
    this.changed();
    return this;
  }

  /** Revolute, prismatic, wheel, distance: the motor on or off. */
  setEnableMotor(on: boolean): this {
    this.needs("setEnableMotor", [REVOLUTE, PRISMATIC, WHEEL, DISTANCE]);
    check.boolean("enableMotor", on);
    this.mutable("setEnableMotor", on);
    if (on === this._enableMotor) return this;
    this._enableMotor = on;
    if (!on) this.motorImp = 0;
    this.changed();
    return this;
  }

  /** The motor's target speed of B relative to A: rad/s (revolute, wheel) or m/s (prismatic, distance). */
  setMotorSpeed(speed: number): this {
    this.needs("setMotorSpeed", [REVOLUTE, PRISMATIC, WHEEL, DISTANCE]);
    check.jointNumber("motorSpeed", speed);
    this.mutable("setMotorSpeed", speed);
    if (speed === this._motorSpeed) return this;
    this._motorSpeed = speed;
    this.changed();
    return this;
  }

  /** Revolute, wheel: the most torque the motor may apply, N·m. */
  setMaxMotorTorque(torque: number): this {
    this.needs("setMaxMotorTorque", [REVOLUTE, WHEEL]);
    check.jointNonNegative("maxMotorTorque", torque);
    this.mutable("setMaxMotorTorque", torque);
    if (torque === this._maxMotor) return this;
    this._maxMotor = torque;
    this.changed();
    return this;
  }

  /** Prismatic, distance: the most force the motor may apply, N. */
  setMaxMotorForce(force: number): this {
    this.needs("setMaxMotorForce", [PRISMATIC, DISTANCE]);
    check.jointNonNegative("maxMotorForce", force);
    this.mutable("setMaxMotorForce", force);
    if (force === this._maxMotor) return this;
    this._maxMotor = force;
    this.changed();
    return this;
  }

  /** Revolute, prismatic, wheel, distance: the spring on or off. */
  setEnableSpring(on: boolean): this {
    this.needs("setEnableSpring", [REVOLUTE, PRISMATIC, WHEEL, DISTANCE]);
    check.boolean("enableSpring", on);
    this.mutable("setEnableSpring", on);
    if (on === this._enableSpring) return this;
    this._enableSpring = on;
    if (!on) this.springImp = 0;
    this.changed();
    return this;
  }

  /** Revolute, prismatic, wheel, distance: the spring's frequency, Hz (≥ 0), and damping ratio (≥ 0). */
  setSpring(hertz: number, dampingRatio: number): this {
    this.needs("setSpring", [REVOLUTE, PRISMATIC, WHEEL, DISTANCE]);
    check.jointNonNegative("hertz", hertz);
    check.jointNonNegative("dampingRatio", dampingRatio);
    this.mutable("setSpring", hertz, dampingRatio);
    if (hertz === this._hertz && dampingRatio === this._dampingRatio) return this;
    this._hertz = hertz;
    this._dampingRatio = dampingRatio;
    this.changed();
    return this;
  }

  /** Weld: stiffness of the linear and angular parts, Hz (0: rigid), and their damping ratio. */
  setWeldStiffness(linearHertz: number, angularHertz: number, dampingRatio: number): this {
    this.needs("setWeldStiffness", [WELD]);
    check.jointNonNegative("linearHertz", linearHertz);
    check.jointNonNegative("angularHertz", angularHertz);
    check.jointNonNegative("dampingRatio", dampingRatio);
    this.mutable("setWeldStiffness", linearHertz, angularHertz, dampingRatio);
    if (linearHertz === this._linearHertz && angularHertz === this._angularHertz && dampingRatio === this._dampingRatio) return this;
    this._linearHertz = linearHertz;
    this._angularHertz = angularHertz;
    this._dampingRatio = dampingRatio;
    this.changed();
    return this;
  }

  /** Distance: the rest length, m (> 0); with no spring and min = max it also sets the range. */
  setLength(length: number): this {
    this.needs("setLength", [DISTANCE]);
    check.within("length", check.positive("length", length), 0, check.jointMax("length"));
    this.mutable("setLength", length);
    if (length === this._length) return this;
    const rigid = this._minLength === this._maxLength;
    this._length = length;
    if (rigid) {
      this._minLength = length;
      this._maxLength = length;
    }
    this.changed();
    return this;
  }

  /** Distance: the range the length may take, m (0 ≤ min ≤ max; max may be Infinity). */
  setLengthRange(minLength: number, maxLength: number): this {
    this.needs("setLengthRange", [DISTANCE]);
    check.jointNonNegative("minLength", minLength);
    if (typeof maxLength !== "number" || !(maxLength >= 0) || (maxLength !== Infinity && maxLength > check.jointMax("maxLength"))) {
      throw new RangeError(`capsule2d: maxLength must be a number in [0, ${check.bound(check.jointMax("maxLength"))}] or Infinity, got ${check.describe(maxLength)}`);
    }
    if (!(minLength <= maxLength)) {
      throw new RangeError(`capsule2d: minLength must not exceed maxLength, got minLength ${minLength}, maxLength ${maxLength}`);
    }
    this.mutable("setLengthRange", minLength, maxLength);
    if (minLength === this._minLength && maxLength === this._maxLength) return this;
    this._minLength = minLength;
    this._maxLength = maxLength;
    this.changed();
    return this;
  }

  /** Motor joint: the pose of B to drive towards, in A's frame (where B's anchor goes, m; B's angle, rad). */
  setTarget(linearOffset: Vec2, angularOffset = this.offAngle): this {
    this.needs("setTarget", [MOTOR]);
    check.point("linearOffset", linearOffset);
    check.jointNumber("angularOffset", angularOffset);
    this.mutable("setTarget", linearOffset, angularOffset);
    if (linearOffset.x === this.offX && linearOffset.y === this.offY && angularOffset === this.offAngle) return this;
    this.offX = this.lAx = linearOffset.x;
    this.offY = this.lAy = linearOffset.y;
    this.offAngle = this._refAngle = angularOffset;
    this.changed();
    return this;
  }

  /** Motor joint: the target offset (a copy). */
  get linearOffset(): Readonly<Vec2> {
    return Object.freeze({ x: this.offX, y: this.offY });
  }

  /** Motor joint: the target angle of B relative to A, rad. */
  get angularOffset(): number {
    return this.offAngle;
  }

  /** Motor joint: the most force it may apply, N. */
  get maxForce(): number {
    return this._maxForce;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setMaxForce(force)`. */
  set maxForce(_: never) {
    readOnly("maxForce", "joint.setMaxForce(force)");
  }
  /** Motor joint: the most torque it may apply, N·m. */
  get maxTorque(): number {
    return this._maxTorque;
  }
  /** Read-only: assigning throws a TypeError that points to `joint.setMaxTorque(torque)`. */
  set maxTorque(_: never) {
    readOnly("maxTorque", "joint.setMaxTorque(torque)");
  }
  /** Motor joint: the fraction of the pose error it corrects per step (Box2D's correction factor). */
  get correctionFactor(): number {
    return this._correctionFactor;
  }
  /** Read-only (fixed when the joint is made): assigning throws a TypeError. */
  set correctionFactor(_: never) {
    readOnly("correctionFactor", "a new joint");
  }

  /** Motor joint: set the most force it may apply, N (≥ 0). */
  setMaxForce(force: number): this {
    this.needs("setMaxForce", [MOTOR]);
    check.jointNonNegative("maxForce", force);
    this.mutable("setMaxForce", force);
    if (force === this._maxForce) return this;
    this._maxForce = force;
    this.changed();
    return this;
  }

  /** Motor joint: set the most torque it may apply, N·m (≥ 0). */
  setMaxTorque(torque: number): this {
    this.needs("setMaxTorque", [MOTOR]);
    check.jointNonNegative("maxTorque", torque);
    this.mutable("setMaxTorque", torque);
    if (torque === this._maxTorque) return this;
    this._maxTorque = torque;
    this.changed();
    return this;
  }
}

// the accessors of the numbers kept in the rows (see joint-rows.ts), one pair per place; for the cold
// paths only (users, snapshots, events, tests): V8 does not inline them, so a read returns its double as a
// new heap number and a write boxes its argument, and the step's stages read the rows by offset instead
for (const [name, k] of [
  ["impX", R_IMPX], ["impY", R_IMPY], ["springImp", R_SPRING_IMP], ["motorImp", R_MOTOR_IMP], ["lowerImp", R_LOWER_IMP], ["upperImp", R_UPPER_IMP],
  ["_motorSpeed", R_MOTOR_SPEED], ["_maxMotor", R_MAX_MOTOR], ["_lower", R_LOWER], ["_upper", R_UPPER],
] as const) {
  Object.defineProperty(Joint.prototype, name, {
    get(this: Joint): number {
      return this.rows.rec[this.row * STRIDE + k]!;
    },
    set(this: Joint, v: number): void {
      this.rows.rec[this.row * STRIDE + k] = v;
    },
  });
}
for (const [name, k] of [
  ["lAx", D_LAX], ["lAy", D_LAY], ["lBx", D_LBX], ["lBy", D_LBY], ["_refAngle", D_REF_ANGLE], ["_hertz", D_HERTZ], ["_dampingRatio", D_DAMPING],
  ["_breakForce", D_BREAK_FORCE], ["_breakTorque", D_BREAK_TORQUE], ["forceX", D_FORCEX], ["forceY", D_FORCEY], ["torque", D_TORQUE], ["impA", D_IMPA],
] as const) {
  Object.defineProperty(Joint.prototype, name, {
    get(this: Joint): number {
      return this.rows.def[this.row * DEF + k]!;
    },
    set(this: Joint, v: number): void {
      this.rows.def[this.row * DEF + k] = v;
    },
  });
}
for (const [name, bit] of [["_enableLimit", S_LIMIT], ["_enableMotor", S_MOTOR], ["_enableSpring", S_SPRING]] as const) {
  Object.defineProperty(Joint.prototype, name, {
    get(this: Joint): boolean {
      return (this.rows.info[this.row * INFO + I_SWITCHES]! & bit) !== 0;
    },
    set(this: Joint, on: boolean): void {
      const at = this.row * INFO + I_SWITCHES;
      this.rows.info[at] = on ? this.rows.info[at]! | bit : this.rows.info[at]! & ~bit;
    },
  });
}

/** breakForce / breakTorque: > 0, Infinity allowed. */
export function checkThreshold(name: string, v: unknown): number {
  if (typeof v !== "number") throw new TypeError(`capsule2d: ${name} must be a number, got ${check.describe(v)}`);
  if (!(v > 0)) throw new RangeError(`capsule2d: ${name} must be > 0 (Infinity: never), got ${check.describe(v)}`);
  return v;
}

export function checkRange(loName: string, hiName: string, lo: unknown, hi: unknown): void {
  check.jointNumber(loName, lo);
  check.jointNumber(hiName, hi);
  if (!((lo as number) <= (hi as number))) {
    throw new RangeError(`capsule2d: ${loName} must not exceed ${hiName}, got ${loName} ${lo}, ${hiName} ${hi}`);
  }
}

/** A joint's settings in the form of a definition (world anchors at the current poses). */
function settingsOf(j: Joint): Record<string, unknown> {
  const common = {
    type: j.type,
    bodyA: j._bodyA,
    bodyB: j._bodyB,
    collideConnected: j._collideConnected,
    breakForce: j._breakForce,
    breakTorque: j._breakTorque,
    label: j.label,
  };
  switch (j._kind) {
    case REVOLUTE:
      return { ...common, anchor: j.anchorB, referenceAngle: j._refAngle, enableLimit: j._enableLimit, lowerAngle: j._lower,
        upperAngle: j._upper, enableMotor: j._enableMotor, motorSpeed: j._motorSpeed, maxMotorTorque: j._maxMotor,
        enableSpring: j._enableSpring, hertz: j._hertz, dampingRatio: j._dampingRatio };
    case PRISMATIC:
      return { ...common, anchor: j.anchorB, axis: j.axis, referenceAngle: j._refAngle, enableLimit: j._enableLimit, lower: j._lower,
        upper: j._upper, enableMotor: j._enableMotor, motorSpeed: j._motorSpeed, maxMotorForce: j._maxMotor,
        enableSpring: j._enableSpring, hertz: j._hertz, dampingRatio: j._dampingRatio };
    case DISTANCE:
      return { ...common, anchorA: j.anchorA, anchorB: j.anchorB, length: j._length, minLength: j._minLength, maxLength: j._maxLength,
        enableMotor: j._enableMotor, motorSpeed: j._motorSpeed, maxMotorForce: j._maxMotor, enableSpring: j._enableSpring,
        hertz: j._hertz, dampingRatio: j._dampingRatio };
    case WELD:
      return { ...common, anchor: j.anchorB, referenceAngle: j._refAngle, linearHertz: j._linearHertz, angularHertz: j._angularHertz,
        dampingRatio: j._dampingRatio };
    case WHEEL:
      return { ...common, anchor: j.anchorB, axis: j.axis, enableSpring: j._enableSpring, hertz: j._hertz, dampingRatio: j._dampingRatio,
        enableMotor: j._enableMotor, motorSpeed: j._motorSpeed, maxMotorTorque: j._maxMotor, enableLimit: j._enableLimit,
        lower: j._lower, upper: j._upper };
    case MOTOR:
      return { ...common, localAnchorB: j.localAnchorB, linearOffset: j.linearOffset, angularOffset: j.offAngle, maxForce: j._maxForce, maxTorque: j._maxTorque,
        correctionFactor: j._correctionFactor };
    default:
      return common;
  }
}
