/**
 * The step's joints as flat records, the joint solver's working copy (as
 * src/solver/contact-solver.ts packs the contacts): `prepare` copies each
 * active joint's solver data into a record of `STRIDE` numbers in one
 * Float64Array (record i is `active[i]`), and the stages then run loops over
 * the records (revolute.ts) instead of reading Joint objects, which
 * are large and scattered in memory. `finish` copies the impulses back: the
 * Joint objects stay the owners of what outlives the step (warm-start
 * impulses, reaction forces; snapshots read them there).
 *
 * Every record has the base part (slots, masses, anchors, offset, angle at
 * the step start; position projection reads it for every kind); revolute
 * records have the rest too (their whole velocity solve runs here). The
 * other kinds keep solving on their Joint objects, in `runs` between the
 * revolute ones, so the joints are still solved in creation order.
 */
import { capacityFor, grown } from "../math/typed.js";
import { REVOLUTE, type Joint } from "./joint.js";

/** Numbers per record. */
export const STRIDE = 28;
// the record's fields (base part first, then the revolute part); the hot ones share the first cache lines
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
/** Revolute: point impulse, spring, motor and limit impulses. */
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
/** Revolute: motor speed and largest torque, angle limits. */
export const R_MOTOR_SPEED = 24;
/** See `R_MOTOR_SPEED`. */
export const R_MAX_MOTOR = 25;
/** See `R_MOTOR_SPEED`. */
export const R_LOWER = 26;
/** See `R_MOTOR_SPEED`. */
export const R_UPPER = 27;

/** Ints per record in `slots`: solver slot of A, of B, the revolute part's flags. */
export const SLOTS = 3;
/** Flag: the spring pulls (it turns, spring enabled, hertz > 0). */
export const F_SPRING = 1;
/** Flag: the motor drives (it turns, motor enabled). */
export const F_MOTOR = 2;
/** Flag: the angle limits hold (it turns, limits enabled). */
export const F_LIMIT = 4;

/** The step's joint records; see the file comment. */
export class JointConstraints {
  /** Record i at `rec[i * STRIDE ...]`. */
  rec: Float64Array = new Float64Array(64 * STRIDE);
  /** Slots and flags of record i at `slots[i * SLOTS ...]`. */
  slots: Int32Array = new Int32Array(64 * SLOTS);
  /** Runs of the active joints, each all revolute or none: run r is records runFrom[r] .. runFrom[r + 1]. */
  runFrom: Int32Array = new Int32Array(8);
  /** Whether run r is revolute. */
  runRevolute: Uint8Array = new Uint8Array(8);
  runCount = 0;

  /** Room for n records. */
  reserve(n: number): void {
    const have = this.slots.length / SLOTS;
    if (have >= n) return;
    const size = capacityFor(have, n);
    this.rec = grown(this.rec, size * STRIDE);
    this.slots = grown(this.slots, size * SLOTS);
  }

  /** Start listing the runs of at most `n` joints (then `extendRuns` for each, in order, and `endRuns`). */
  beginRuns(n: number): void {
    if (this.runFrom.length < n + 1) {
      const size = capacityFor(this.runFrom.length, n + 1);
      this.runFrom = grown(this.runFrom, size);
      this.runRevolute = grown(this.runRevolute, size);
    }
    this.runCount = 0;
  }

  /** Joint i (the next one) is revolute (1) or not (0): it extends the last run or starts one. */
  extendRuns(i: number, revolute: number): void {
    const n = this.runCount;
    if (n > 0 && this.runRevolute[n - 1] === revolute) return;
    this.runFrom[n] = i;
    this.runRevolute[n] = revolute;
    this.runCount = n + 1;
  }

  /** The runs end at `count` joints. */
  endRuns(count: number): void {
    this.runFrom[this.runCount] = count;
  }

  /** Record i's base part (parts.ts `prepareBase`) to its joint, for the kinds solved on the Joint object; their sums start at 0. */
  baseToJoint(i: number, j: Joint): void {
    const r = this.rec;
    const o = i * STRIDE;
    j.sA = this.slots[i * SLOTS]!;
    j.sB = this.slots[i * SLOTS + 1]!;
    j.mA = r[o + R_MA]!;
    j.mB = r[o + R_MB]!;
    j.iA = r[o + R_IA]!;
    j.iB = r[o + R_IB]!;
    j.fAx = r[o + R_FAX]!;
    j.fAy = r[o + R_FAY]!;
    j.fBx = r[o + R_FBX]!;
    j.fBy = r[o + R_FBY]!;
    j.dcx = r[o + R_DCX]!;
    j.dcy = r[o + R_DCY]!;
    j.dAngle = r[o + R_DANGLE]!;
    j.sumX = 0;
    j.sumY = 0;
    j.sumT = 0;
  }

  /** The revolute part's impulses back to its joint (end of the step; the sums stay here, for `finish`). */
  storeRevolute(i: number, j: Joint): void {
    const r = this.rec;
    const o = i * STRIDE;
    j.impX = r[o + R_IMPX]!;
    j.impY = r[o + R_IMPY]!;
    j.springImp = r[o + R_SPRING_IMP]!;
    j.motorImp = r[o + R_MOTOR_IMP]!;
    j.lowerImp = r[o + R_LOWER_IMP]!;
    j.upperImp = r[o + R_UPPER_IMP]!;
  }

  /** Forget the revolute impulses of records from .. to (warm starting off). */
  resetRevolutes(from: number, to: number): void {
    const r = this.rec;
    for (let i = from; i < to; i++) r.fill(0, i * STRIDE + R_IMPX, i * STRIDE + R_UPPER_IMP + 1);
  }
}
