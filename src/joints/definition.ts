/**
 * Joint definitions: what `world.addJoint(def)` takes, checked completely
 * before anything changes, and turned into a `Joint` in local frames.
 *
 * Anchors are world points (`anchor`, or `anchorA` / `anchorB` for a
 * distance joint) at the bodies' poses when the joint is added, or local
 * points (`localAnchorA` / `localAnchorB`, relative to each body's centre).
 * Left out, the anchor is body B's centre (body A's and B's centres for a
 * distance joint). Axes are world directions (`axis`) or `localAxisA`.
 */
import type { Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import type { JointRows } from "./joint-rows.js";
import {
  checkRange, checkThreshold, DISTANCE, FILTER, Joint, JOINT_TYPES, MOTOR, PRISMATIC, relativeAngle, REVOLUTE, WELD, WHEEL,
  type JointType,
} from "./joint.js";

/** Fields every joint definition has. */
interface CommonDef {
  /** The first body (the joint's frame for axes, offsets and `motorSpeed`). */
  bodyA: Body;
  /** The second body; a different body from `bodyA`, in the same world. */
  bodyB: Body;
  /** May the two bodies collide with each other? Default false. */
  collideConnected?: boolean;
  /** Reaction force above which the joint breaks, N. Default Infinity. */
  breakForce?: number;
  /** Reaction torque above which the joint breaks, N·m. Default Infinity. */
  breakTorque?: number;
  /** Yours: kept on the joint (and in JSON snapshots when it survives `JSON.stringify`). */
  userData?: unknown;
  /** Yours: a name for debugging, kept on the joint and in JSON snapshots. Default "". */
  label?: string;
}

/** Where a one-anchor joint holds its bodies together. */
interface AnchorDef {
  /** The joint's anchor, a world point (default: body B's centre). */
  anchor?: Vec2;
  /** Or the anchor on body A, in its local frame (relative to its centre). */
  localAnchorA?: Vec2;
  /** Or the anchor on body B, in its local frame (relative to its centre). */
  localAnchorB?: Vec2;
}

/** A soft spring in place of a rigid constraint. */
interface SpringDef {
  /** Make the joint's free axis a spring (needs `hertz` > 0). Default false (the wheel joint: true). */
  enableSpring?: boolean;
  /** Spring frequency, Hz (0: as stiff as the solver can make it). Default 0 (the wheel joint: 1). */
  hertz?: number;
  /** Spring damping ratio (1: critically damped). Default 0 (the wheel joint: 0.7). */
  dampingRatio?: number;
}

/** A hinge: body B turns about an anchor fixed in both bodies (`type: "revolute"`). */
export interface RevoluteJointDef extends CommonDef, AnchorDef, SpringDef {
  /** The joint type. */
  type: "revolute";
  /** Relative angle B − A taken as angle 0 (default: the one at creation). */
  referenceAngle?: number;
  /** Keep the angle within [`lowerAngle`, `upperAngle`]. Default false. */
  enableLimit?: boolean;
  /** Lowest angle of B relative to A, rad, in [−π, π] and ≤ `upperAngle`. Default 0. */
  lowerAngle?: number;
  /** Highest angle of B relative to A, rad, in [−π, π] and ≥ `lowerAngle`. Default 0. */
  upperAngle?: number;
  /** Drive the relative rotation at `motorSpeed`. Default false. */
  enableMotor?: boolean;
  /** rad/s of B relative to A. */
  motorSpeed?: number;
  /** Most torque the motor may apply, N·m (≥ 0). Default 0. */
  maxMotorTorque?: number;
}

/** A slider: body B moves along an axis fixed in body A and does not turn relative to it (`type: "prismatic"`). */
export interface PrismaticJointDef extends CommonDef, AnchorDef, SpringDef {
  /** The joint type. */
  type: "prismatic";
  /** The sliding direction, world (default x). */
  axis?: Vec2;
  /** Or the sliding direction in body A's frame. */
  localAxisA?: Vec2;
  /** Relative angle B − A to hold (default: the one at creation). */
  referenceAngle?: number;
  /** Keep the translation within [`lower`, `upper`]. Default false. */
  enableLimit?: boolean;
  /** Lowest translation along the axis from the pose at creation, m. Default 0. */
  lower?: number;
  /** Highest translation along the axis from the pose at creation, m. Default 0. */
  upper?: number;
  /** Drive the translation at `motorSpeed`. Default false. */
  enableMotor?: boolean;
  /** m/s of B relative to A along the axis. */
  motorSpeed?: number;
  /** Most force the motor may apply, N (≥ 0). Default 0. */
  maxMotorForce?: number;
}

/** A rod, rope or spring between two anchors (`type: "distance"`). */
export interface DistanceJointDef extends CommonDef, SpringDef {
  /** The joint type. */
  type: "distance";
  /** The anchor on body A, a world point (default: body A's centre). */
  anchorA?: Vec2;
  /** The anchor on body B, a world point (default: body B's centre). */
  anchorB?: Vec2;
  /** Or the anchor on body A in its local frame. */
  localAnchorA?: Vec2;
  /** Or the anchor on body B in its local frame. */
  localAnchorB?: Vec2;
  /** Rest length (default: the anchors' distance at creation). */
  length?: number;
  /** Shortest length allowed (default: `length`, a rigid rod; 0 with a spring). A rope: 0. */
  minLength?: number;
  /** Longest length allowed (default: `length`; Infinity with a spring). A rope: its length. */
  maxLength?: number;
  /** Drive the length at `motorSpeed`. Default false. */
  enableMotor?: boolean;
  /** m/s at which the motor changes the length. */
  motorSpeed?: number;
  /** Most force the motor may apply, N (≥ 0). Default 0. */
  maxMotorForce?: number;
}

/** Glues body B to body A at an anchor, rigidly or as a bendy spring (`type: "weld"`). */
export interface WeldJointDef extends CommonDef, AnchorDef {
  /** The joint type. */
  type: "weld";
  /** Relative angle B − A to hold (default: the one at creation). */
  referenceAngle?: number;
  /** 0 (default): rigid; > 0: a spring of this frequency for the position, Hz. */
  linearHertz?: number;
  /** 0 (default): rigid; > 0: a spring of this frequency for the angle, Hz. */
  angularHertz?: number;
  /** Damping ratio of the springs. Default 0. */
  dampingRatio?: number;
}

/** A car wheel: body B slides on a suspension spring along an axis of body A and turns freely (`type: "wheel"`). */
export interface WheelJointDef extends CommonDef, AnchorDef, SpringDef {
  /** The joint type. */
  type: "wheel";
  /** The suspension direction, world (default y). */
  axis?: Vec2;
  /** Or the suspension direction in body A's frame. */
  localAxisA?: Vec2;
  /** Drive the wheel's rotation at `motorSpeed`. Default false. */
  enableMotor?: boolean;
  /** rad/s of B relative to A. */
  motorSpeed?: number;
  /** Most torque the motor may apply, N·m (≥ 0). Default 0. */
  maxMotorTorque?: number;
  /** Keep the suspension travel within [`lower`, `upper`]. Default false. */
  enableLimit?: boolean;
  /** Lowest suspension travel along the axis, m. Default 0. */
  lower?: number;
  /** Highest suspension travel along the axis, m. Default 0. */
  upper?: number;
}

/** Drives body B towards a pose in body A's frame with a limited force and torque (`type: "motor"`). */
export interface MotorJointDef extends CommonDef {
  /** The joint type. */
  type: "motor";
  /**
   * The point of B that is driven, a world point at creation (default: B's
   * centre). A mouse joint grabs a body here and, with a small maxTorque,
   * lets it swing about the grabbed point.
   */
  anchorB?: Vec2;
  /** The same point in B's local frame (instead of anchorB). */
  localAnchorB?: Vec2;
  /** Where B's anchor is driven to, in A's frame (default: where it is at creation). */
  linearOffset?: Vec2;
  /** B's angle relative to A to drive towards (default: the one at creation). */
  angularOffset?: number;
  /** Most force the joint may apply, N (default 1, as Box2D). */
  maxForce?: number;
  /** Most torque the joint may apply, N·m (default 1, as Box2D). */
  maxTorque?: number;
  /** Fraction of the pose error to correct per sub-step (per step with pgs), in [0, 1] (default 0.3). */
  correctionFactor?: number;
}

/** No constraint: the two bodies never collide with each other (`type: "filter"`). */
export interface FilterJointDef extends CommonDef {
  /** The joint type. */
  type: "filter";
}

/** What `world.addJoint(def)` takes: one of the joint definitions, told apart by `type`. */
export type JointDef =
  | RevoluteJointDef
  | PrismaticJointDef
  | DistanceJointDef
  | WeldJointDef
  | WheelJointDef
  | MotorJointDef
  | FilterJointDef;

const COMMON = ["type", "bodyA", "bodyB", "collideConnected", "breakForce", "breakTorque", "userData", "label"];
const ANCHOR = ["anchor", "localAnchorA", "localAnchorB"];
const SPRING = ["enableSpring", "hertz", "dampingRatio"];
const KEYS: Record<JointType, readonly string[]> = {
  revolute: [...COMMON, ...ANCHOR, ...SPRING, "referenceAngle", "enableLimit", "lowerAngle", "upperAngle", "enableMotor", "motorSpeed", "maxMotorTorque"],
  prismatic: [...COMMON, ...ANCHOR, ...SPRING, "axis", "localAxisA", "referenceAngle", "enableLimit", "lower", "upper", "enableMotor", "motorSpeed", "maxMotorForce"],
  distance: [...COMMON, ...SPRING, "anchorA", "anchorB", "localAnchorA", "localAnchorB", "length", "minLength", "maxLength", "enableMotor", "motorSpeed", "maxMotorForce"],
  weld: [...COMMON, ...ANCHOR, "referenceAngle", "linearHertz", "angularHertz", "dampingRatio"],
  wheel: [...COMMON, ...ANCHOR, ...SPRING, "axis", "localAxisA", "enableMotor", "motorSpeed", "maxMotorTorque", "enableLimit", "lower", "upper"],
  motor: [...COMMON, "anchorB", "localAnchorB", "linearOffset", "angularOffset", "maxForce", "maxTorque", "correctionFactor"],
  filter: COMMON,
};

type Def = Record<string, unknown>;

function bool(d: Def, key: string, fallback: boolean): boolean {
  return d[key] === undefined ? fallback : check.boolean(key, d[key]);
}

function num(d: Def, key: string, fallback: number): number {
  return d[key] === undefined ? fallback : check.jointNumber(key, d[key]);
}

function nonNeg(d: Def, key: string, fallback: number): number {
  return d[key] === undefined ? fallback : check.jointNonNegative(key, d[key]);
}

/** The world point `d[key]` (checked), or `b`'s centre: as [x, y]. */
function worldPoint(d: Def, key: string, b: Body): [number, number] {
  if (d[key] === undefined) return [b.px, b.py];
  const p = check.point(key, d[key]);
  return [p.x, p.y];
}

/** A world point into a body's local frame (relative to its centre). */
function toLocal(b: Body, x: number, y: number): Vec2 {
  const dx = x - b.px;
  const dy = y - b.py;
  return { x: b.qc * dx + b.qs * dy, y: -b.qs * dx + b.qc * dy };
}

/** Set the joint's local anchors from `anchor` / `localAnchorA/B` (default: a world point `fallback`). */
function anchors(j: Joint, d: Def, worldKeyA: string, worldKeyB: string, fallbackA: Vec2, fallbackB: Vec2): void {
  const a = j._bodyA;
  const b = j._bodyB;
  const worldA = d[worldKeyA] !== undefined ? check.point(worldKeyA, d[worldKeyA]) : null;
  const worldB = d[worldKeyB] !== undefined ? check.point(worldKeyB, d[worldKeyB]) : null;
  const localA = d.localAnchorA !== undefined ? check.point("localAnchorA", d.localAnchorA) : null;
  const localB = d.localAnchorB !== undefined ? check.point("localAnchorB", d.localAnchorB) : null;
  if ((worldA !== null && localA !== null) || (worldB !== null && localB !== null)) {
    const which = worldA !== null && localA !== null ? `${worldKeyA} and localAnchorA` : `${worldKeyB} and localAnchorB`;
    throw new TypeError(`capsule2d: give ${which}, not both`);
  }
  const pa = localA ?? toLocal(a, (worldA ?? fallbackA).x, (worldA ?? fallbackA).y);
  const pb = localB ?? toLocal(b, (worldB ?? fallbackB).x, (worldB ?? fallbackB).y);
  j.lAx = pa.x;
  j.lAy = pa.y;
  j.lBx = pb.x;
  j.lBy = pb.y;
}

/** The axis (unit, in A's frame) from `axis` (world) or `localAxisA`. */
function axisOf(j: Joint, d: Def, fallback: Vec2): void {
  if (d.axis !== undefined && d.localAxisA !== undefined) throw new TypeError("capsule2d: give axis or localAxisA, not both");
  const a = j._bodyA;
  let x: number;
  let y: number;
  if (d.localAxisA !== undefined) {
    const v = check.point("localAxisA", d.localAxisA);
    x = v.x;
    y = v.y;
  } else {
    const v = d.axis !== undefined ? check.point("axis", d.axis) : fallback;
    x = a.qc * v.x + a.qs * v.y;
    y = -a.qs * v.x + a.qc * v.y;
  }
  const len = Math.sqrt(x * x + y * y);
  if (!(len > 1e-9)) {
    const key = d.localAxisA !== undefined ? "localAxisA" : "axis";
    throw new RangeError(`capsule2d: ${key} must not be zero, got ${check.describe(d[key])}`);
  }
  j.axX = x / len;
  j.axY = y / len;
}

function spring(j: Joint, d: Def, on: boolean, hertz: number, zeta: number): void {
  j._enableSpring = bool(d, "enableSpring", on);
  j._hertz = nonNeg(d, "hertz", hertz);
  j._dampingRatio = nonNeg(d, "dampingRatio", zeta);
}

function limits(j: Joint, d: Def, lowKey: string, highKey: string, bound: number): void {
  j._enableLimit = bool(d, "enableLimit", false);
  const lo = num(d, lowKey, 0);
  const hi = num(d, highKey, 0);
  checkRange(lowKey, highKey, lo, hi);
  if (lo < -bound || hi > bound) {
    throw new RangeError(`capsule2d: ${lowKey} and ${highKey} must be within [${-bound}, ${bound}], got ${lo} and ${hi}`);
  }
  j._lower = lo;
  j._upper = hi;
}

function motor(j: Joint, d: Def, maxKey: string): void {
  j._enableMotor = bool(d, "enableMotor", false);
  j._motorSpeed = num(d, "motorSpeed", 0);
  j._maxMotor = nonNeg(d, maxKey, 0);
}

function referenceAngle(j: Joint, d: Def): void {
  const a = j._bodyA;
  const b = j._bodyB;
  j._refAngle = d.referenceAngle !== undefined ? check.inRange("referenceAngle", d.referenceAngle, -Math.PI, Math.PI) : relativeAngle(b.qc, b.qs, a.qc, a.qs);
}

/**
 * Check a definition and build its joint (not yet in a world), its numbers
 * in a new row of `rows` (by default a set of its own). `inWorld`
 * tells whether a body belongs to the world the joint is for. Throws a
 * TypeError or RangeError naming the parameter and the value.
 */
export function buildJoint(def: JointDef, inWorld: (b: Body) => boolean, isBody: (b: unknown) => b is Body, rows?: JointRows): Joint {
  check.object("joint definition", def);
  const d = def as unknown as Def;
  const type = check.oneOf("joint type", d.type, JOINT_TYPES);
  check.knownKeys(`${type} joint`, d, KEYS[type]);
  for (const key of ["bodyA", "bodyB"]) {
    if (!isBody(d[key])) throw new TypeError(`capsule2d: ${key} must be a body, got ${check.describe(d[key])}`);
    if (!inWorld(d[key] as Body)) throw new RangeError(`capsule2d: ${key} (body #${(d[key] as Body)._id}) is not in this world`);
  }
  const a = d.bodyA as Body;
  const b = d.bodyB as Body;
  if (a === b) throw new RangeError(`capsule2d: bodyA and bodyB must be different bodies, got body #${a._id} twice`);
  const j = new Joint(JOINT_TYPES.indexOf(type), a, b, rows);
  j._collideConnected = bool(d, "collideConnected", false);
  if (d.breakForce !== undefined) j._breakForce = checkThreshold("breakForce", d.breakForce);
  if (d.breakTorque !== undefined) j._breakTorque = checkThreshold("breakTorque", d.breakTorque);
  if (d.label !== undefined) {
    if (typeof d.label !== "string") throw new TypeError(`capsule2d: label must be a string, got ${check.describe(d.label)}`);
    j.label = d.label;
  }
  j.userData = d.userData;
  const centreB = { x: b.px, y: b.py };
  switch (j._kind) {
    case REVOLUTE:
      anchors(j, d, "anchor", "anchor", centreB, centreB);
      referenceAngle(j, d);
      spring(j, d, false, 0, 0);
      limits(j, d, "lowerAngle", "upperAngle", Math.PI);
      motor(j, d, "maxMotorTorque");
      break;
    case PRISMATIC:
      anchors(j, d, "anchor", "anchor", centreB, centreB);
      axisOf(j, d, { x: 1, y: 0 });
      referenceAngle(j, d);
      spring(j, d, false, 0, 0);
      limits(j, d, "lower", "upper", Infinity);
      motor(j, d, "maxMotorForce");
      break;
    case WHEEL:
      anchors(j, d, "anchor", "anchor", centreB, centreB);
      axisOf(j, d, { x: 0, y: 1 });
      spring(j, d, true, 1, 0.7);
      limits(j, d, "lower", "upper", Infinity);
      motor(j, d, "maxMotorTorque");
      break;
    case WELD:
      anchors(j, d, "anchor", "anchor", centreB, centreB);
      referenceAngle(j, d);
      j._linearHertz = nonNeg(d, "linearHertz", 0);
      j._angularHertz = nonNeg(d, "angularHertz", 0);
      j._dampingRatio = nonNeg(d, "dampingRatio", 0);
      break;
    case DISTANCE: {
      anchors(j, d, "anchorA", "anchorB", { x: a.px, y: a.py }, centreB);
      spring(j, d, false, 0, 0);
      motor(j, d, "maxMotorForce");
      let length: number;
      if (d.length !== undefined) length = check.within("length", check.positive("length", d.length), 0, check.jointMax("length"));
      else {
        const pa = j.anchorA;
        const pb = j.anchorB;
        length = Math.sqrt((pb.x - pa.x) * (pb.x - pa.x) + (pb.y - pa.y) * (pb.y - pa.y));
        if (!(length > 0)) throw new RangeError("capsule2d: the anchors coincide: give length (> 0)");
      }
      j._length = length;
      const free = j._enableSpring && j._hertz > 0;
      j._minLength = nonNeg(d, "minLength", free ? 0 : length);
      if (d.maxLength !== undefined) {
        const m = d.maxLength;
        if (typeof m !== "number" || !(m >= 0) || (m !== Infinity && m > check.jointMax("maxLength"))) throw new RangeError(`capsule2d: maxLength must be a number in [0, ${check.bound(check.jointMax("maxLength"))}] or Infinity, got ${check.describe(m)}`);
        j._maxLength = m;
      } else j._maxLength = free ? Infinity : length;
      if (!(j._minLength <= j._maxLength)) {
        throw new RangeError(`capsule2d: minLength must not exceed maxLength, got minLength ${j._minLength}, maxLength ${j._maxLength}`);
      }
      break;
    }
    case MOTOR: {
      if (d.anchorB !== undefined && d.localAnchorB !== undefined) throw new TypeError("capsule2d: give anchorB or localAnchorB, not both");
      const lb = d.localAnchorB !== undefined ? check.point("localAnchorB", d.localAnchorB) : toLocal(b, ...worldPoint(d, "anchorB", b));
      j.lBx = lb.x;
      j.lBy = lb.y;
      // the target: B's anchor in A's frame (A's local anchor), and B's angle relative to A's
      const off = d.linearOffset !== undefined
        ? check.point("linearOffset", d.linearOffset)
        : toLocal(a, b.px + b.qc * lb.x - b.qs * lb.y, b.py + b.qs * lb.x + b.qc * lb.y);
      j.offX = j.lAx = off.x;
      j.offY = j.lAy = off.y;
      j.offAngle = j._refAngle = d.angularOffset !== undefined ? check.jointNumber("angularOffset", d.angularOffset) : relativeAngle(b.qc, b.qs, a.qc, a.qs);
      j._maxForce = nonNeg(d, "maxForce", 1);
      j._maxTorque = nonNeg(d, "maxTorque", 1);
      j._correctionFactor = d.correctionFactor !== undefined ? check.inRange("correctionFactor", d.correctionFactor, 0, 1) : 0.3;
      break;
    }
    case FILTER:
      break;
  }
  return j;
}

export { DISTANCE, FILTER, MOTOR, PRISMATIC, REVOLUTE, WELD, WHEEL };
