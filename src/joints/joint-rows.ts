/**
 * Every joint's numbers, in rows of typed arrays (as src/contacts/contact.ts
 * keeps the contacts' in `ContactRows`): a joint of a world owns row
 * `joint.row` of its joint manager's `JointRows` for as long as it is in the
 * world, and its Joint object reads and writes them through accessors under
 * the usual names (`impX`, `_lower`, `lAx`, ...; snapshots, events and tests
 * read those). The step's stages (joint-constraints.ts, revolute.ts,
 * positions.ts, and for the other kinds parts.ts, axial.ts, prismatic.ts,
 * wheel.ts, distance.ts, weld.ts, motor.ts) work on the rows directly: what
 * persists from one step to the next (impulses for warm starting, settings,
 * anchors, reaction) is already there, and no step copies it from or back
 * to the objects, whose double fields V8 keeps as separate heap numbers (a
 * cache miss each).
 *
 * The step never goes through the accessors: V8 does not inline them, so
 * each read returned its double as a new heap number and each write boxed
 * its argument (test/allocation.test.ts; about 3 kB per step for a scene
 * with one joint of each kind). The accessors are for users, snapshots,
 * events and tests.
 *
 * A row has four parts:
 * - `rec`, `STRIDE` numbers: the solver's record, what the velocity passes
 *   read (the step's masses, anchors, offset and angle, written by
 *   `prepareBase`; the impulses; the revolute part's softness, sums and
 *   settings);
 * - `def`, `DEF` numbers: what the step reads once or not at all (local
 *   anchors, reference angle, spring, break thresholds, reaction);
 * - `info`, `INFO` integers: the kind, the bodies' world slots and the
 *   switches (limit, motor, spring);
 * - `slots`, `SLOTS` integers: the step's solver slots of A and B and the
 *   revolute part's flags.
 * A joint outside a world (just built, removed, or a snapshot's blank) keeps
 * its numbers in a `JointRows` of one row of its own.
 */
import { capacityFor, grown } from "../math/typed.js";

/** Numbers per row of `rec`. */
export const STRIDE = 28;
// the record's fields (base part first, then the impulses and the revolute part); the hot ones share the first cache lines
/** Inverse masses and inverse inertias of A and B. */
export const R_MA = 0;
/** See `R_MA`. */
export const R_MB = 1;
/** See `R_MA`. */
export const R_IA = 2;
/** See `R_MA`. */
export const R_IB = 3;
/** Anchors rotated to the world at the step start (fA, fB). */
export const R_FAX = 4;
/** See `R_FAX`. */
export const R_FAY = 5;
/** See `R_FAX`. */
export const R_FBX = 6;
/** See `R_FAX`. */
export const R_FBY = 7;
/** Centre of B − centre of A at the step start. */
export const R_DCX = 8;
/** See `R_DCX`. */
export const R_DCY = 9;
/** Joint angle at the step start. */
export const R_DANGLE = 10;
/** 1 / (IA⁻¹ + IB⁻¹), 0 when neither turns. */
export const R_ANGULAR_MASS = 11;
/** Accumulated impulses, kept for the next warm start (`impX` ... `upperImp`): point (2D), spring, motor and limits. */
export const R_IMPX = 12;
/** See `R_IMPX`. */
export const R_IMPY = 13;
/** See `R_IMPX`. */
export const R_SPRING_IMP = 14;
/** See `R_IMPX`. */
export const R_MOTOR_IMP = 15;
/** See `R_IMPX`. */
export const R_LOWER_IMP = 16;
/** See `R_IMPX`. */
export const R_UPPER_IMP = 17;
/** Revolute: impulses summed over the step's sub-steps. */
export const R_SUMX = 18;
/** See `R_SUMX`. */
export const R_SUMY = 19;
/** See `R_SUMX`. */
export const R_SUMT = 20;
/** Revolute: the spring's softness this step. */
export const R_SPRING_BIAS = 21;
/** See `R_SPRING_BIAS`. */
export const R_SPRING_MASS = 22;
/** See `R_SPRING_BIAS`. */
export const R_SPRING_IMPULSE = 23;
/** Settings (`_motorSpeed`, `_maxMotor`, `_lower`, `_upper`): motor speed and largest torque or force, limits. */
export const R_MOTOR_SPEED = 24;
/** See `R_MOTOR_SPEED`. */
export const R_MAX_MOTOR = 25;
/** See `R_MOTOR_SPEED`. */
export const R_LOWER = 26;
/** See `R_MOTOR_SPEED`. */
export const R_UPPER = 27;

/** Numbers per row of `def`. */
export const DEF = 13;
/** Anchors in the bodies' local frames (`lAx`, `lAy`, `lBx`, `lBy`). */
export const D_LAX = 0;
/** See `D_LAX`. */
export const D_LAY = 1;
/** See `D_LAX`. */
export const D_LBX = 2;
/** See `D_LAX`. */
export const D_LBY = 3;
/** Relative angle at which the joint angle is 0 (`_refAngle`). */
export const D_REF_ANGLE = 4;
/** The spring (`_hertz`, `_dampingRatio`). */
export const D_HERTZ = 5;
/** See `D_HERTZ`. */
export const D_DAMPING = 6;
/** Break thresholds (`_breakForce`, `_breakTorque`). */
export const D_BREAK_FORCE = 7;
/** See `D_BREAK_FORCE`. */
export const D_BREAK_TORQUE = 8;
/** The last step's reaction on B (`forceX`, `forceY`, `torque`). */
export const D_FORCEX = 9;
/** See `D_FORCEX`. */
export const D_FORCEY = 10;
/** See `D_FORCEX`. */
export const D_TORQUE = 11;
/** Angular (or axial) impulse of the other kinds (`impA`). */
export const D_IMPA = 12;

/** Integers per row of `info`. */
export const INFO = 4;
/** The kind (joint.ts REVOLUTE ...). */
export const I_KIND = 0;
/** World slots (`body.slot`) of A and B. */
export const I_BODY_A = 1;
/** See `I_BODY_A`. */
export const I_BODY_B = 2;
/** The switches: `S_LIMIT`, `S_MOTOR`, `S_SPRING`. */
export const I_SWITCHES = 3;
/** Switch: limits on (`_enableLimit`). */
export const S_LIMIT = 1;
/** Switch: motor on (`_enableMotor`). */
export const S_MOTOR = 2;
/** Switch: spring on (`_enableSpring`). */
export const S_SPRING = 4;

/** Integers per row of `slots`: solver slot of A, of B, the revolute part's flags. */
export const SLOTS = 3;
/** Flag: the spring pulls (it turns, spring enabled, hertz > 0). */
export const F_SPRING = 1;
/** Flag: the motor drives (it turns, motor enabled). */
export const F_MOTOR = 2;
/** Flag: the angle limits hold (it turns, limits enabled). */
export const F_LIMIT = 4;
/** The flags of the parts solved (`F_SPRING`, `F_MOTOR`, `F_LIMIT`). */
export const F_PARTS = 7;
/**
 * Flag: a spring, motor or limit is switched on, so its impulse may not be 0.
 * Without it the four axial impulses are +0 for the whole step (`prepareRevolute`
 * zeroes them and no pass changes them), and the passes need not read them.
 */
export const F_AXIAL = 8;

/** Rows of joint numbers; see the file comment. */
export class JointRows {
  /** Row r's record at `rec[r * STRIDE ...]`. */
  rec: Float64Array;
  /** Row r's definition and reaction at `def[r * DEF ...]`. */
  def: Float64Array;
  /** Row r's kind, bodies and switches at `info[r * INFO ...]`. */
  info: Int32Array;
  /** Row r's solver slots and flags at `slots[r * SLOTS ...]`. */
  slots: Int32Array;
  /** Rows handed out (free ones included). */
  used = 0;
  /** Rows given back, for reuse. */
  private free: number[] = [];

  constructor(capacity = 64) {
    this.rec = new Float64Array(capacity * STRIDE);
    this.def = new Float64Array(capacity * DEF);
    this.info = new Int32Array(capacity * INFO);
    this.slots = new Int32Array(capacity * SLOTS);
  }

  /** A row (zeroed): a given-back one, or a new one, growing the arrays when full. */
  take(): number {
    if (this.free.length > 0) return this.free.pop()!;
    const r = this.used++;
    const have = this.info.length / INFO;
    if (r >= have) {
      const size = capacityFor(have, r + 1);
      this.rec = grown(this.rec, size * STRIDE);
      this.def = grown(this.def, size * DEF);
      this.info = grown(this.info, size * INFO);
      this.slots = grown(this.slots, size * SLOTS);
    }
    return r;
  }

  /** Give row r back (zeroed, for its next owner). */
  release(r: number): void {
    this.rec.fill(0, r * STRIDE, (r + 1) * STRIDE);
    this.def.fill(0, r * DEF, (r + 1) * DEF);
    this.info.fill(0, r * INFO, (r + 1) * INFO);
    this.slots.fill(0, r * SLOTS, (r + 1) * SLOTS);
    this.free.push(r);
  }

  /** Forget every row (keeping the memory grown). */
  clear(): void {
    this.rec.fill(0, 0, this.used * STRIDE);
    this.def.fill(0, 0, this.used * DEF);
    this.info.fill(0, 0, this.used * INFO);
    this.slots.fill(0, 0, this.used * SLOTS);
    this.used = 0;
    this.free.length = 0;
  }

  /** Copy row `from` of `src` into row `to` of this (element by element: subarray views would allocate). */
  copyRow(src: JointRows, from: number, to: number): void {
    for (let k = 0; k < STRIDE; k++) this.rec[to * STRIDE + k] = src.rec[from * STRIDE + k]!;
    for (let k = 0; k < DEF; k++) this.def[to * DEF + k] = src.def[from * DEF + k]!;
    for (let k = 0; k < INFO; k++) this.info[to * INFO + k] = src.info[from * INFO + k]!;
    for (let k = 0; k < SLOTS; k++) this.slots[to * SLOTS + k] = src.slots[from * SLOTS + k]!;
  }
}
