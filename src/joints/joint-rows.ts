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
import { DEF, INFO, JOINT_STRIDE, SLOTS } from "../solver/row-layout.js";

// The offsets within a row are in the row layout table (../solver/row-layout.ts), under these names.
export {
  JOINT_STRIDE as STRIDE, R_MA, R_MB, R_IA, R_IB, R_FAX, R_FAY, R_FBX, R_FBY, R_DCX, R_DCY, R_DANGLE, R_ANGULAR_MASS,
  R_IMPX, R_IMPY, R_SPRING_IMP, R_MOTOR_IMP, R_LOWER_IMP, R_UPPER_IMP, R_SUMX, R_SUMY, R_SUMT,
  R_SPRING_BIAS, R_SPRING_MASS, R_SPRING_IMPULSE, R_MOTOR_SPEED, R_MAX_MOTOR, R_LOWER, R_UPPER,
  DEF, D_LAX, D_LAY, D_LBX, D_LBY, D_REF_ANGLE, D_HERTZ, D_DAMPING, D_BREAK_FORCE, D_BREAK_TORQUE, D_FORCEX, D_FORCEY, D_TORQUE, D_IMPA,
  INFO, I_KIND, I_BODY_A, I_BODY_B, I_SWITCHES, S_LIMIT, S_MOTOR, S_SPRING,
  SLOTS, F_SPRING, F_MOTOR, F_LIMIT, F_PARTS, F_AXIAL,
} from "../solver/row-layout.js";

/** Rows of joint numbers; see the file comment. */
export class JointRows {
  /** Row r's record at `rec[r * JOINT_STRIDE ...]`. */
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
    this.rec = new Float64Array(capacity * JOINT_STRIDE);
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
      this.rec = grown(this.rec, size * JOINT_STRIDE);
      this.def = grown(this.def, size * DEF);
      this.info = grown(this.info, size * INFO);
      this.slots = grown(this.slots, size * SLOTS);
    }
    return r;
  }

  /** Give row r back (zeroed, for its next owner). */
  release(r: number): void {
    this.rec.fill(0, r * JOINT_STRIDE, (r + 1) * JOINT_STRIDE);
    this.def.fill(0, r * DEF, (r + 1) * DEF);
    this.info.fill(0, r * INFO, (r + 1) * INFO);
    this.slots.fill(0, r * SLOTS, (r + 1) * SLOTS);
    this.free.push(r);
  }

  /** Forget every row (keeping the memory grown). */
  clear(): void {
    this.rec.fill(0, 0, this.used * JOINT_STRIDE);
    this.def.fill(0, 0, this.used * DEF);
    this.info.fill(0, 0, this.used * INFO);
    this.slots.fill(0, 0, this.used * SLOTS);
    this.used = 0;
    this.free.length = 0;
  }

  /** Copy row `from` of `src` into row `to` of this (element by element: subarray views would allocate). */
  copyRow(src: JointRows, from: number, to: number): void {
    for (let k = 0; k < JOINT_STRIDE; k++) this.rec[to * JOINT_STRIDE + k] = src.rec[from * JOINT_STRIDE + k]!;
    for (let k = 0; k < DEF; k++) this.def[to * DEF + k] = src.def[from * DEF + k]!;
    for (let k = 0; k < INFO; k++) this.info[to * INFO + k] = src.info[from * INFO + k]!;
    for (let k = 0; k < SLOTS; k++) this.slots[to * SLOTS + k] = src.slots[from * SLOTS + k]!;
  }
}
