/**
 * The step's joints as flat records (as src/solver/contact-solver.ts packs
 * the contacts): each simulated joint's row of the manager's `JointRows`
 * (joint-rows.ts), listed in creation order in `act`. `prepare` writes the
 * step's part of each record (slots, masses, anchors, offset, angle at the
 * step start), and the stages then run loops over the records (revolute.ts)
 * instead of reading Joint objects, which are large and scattered in
 * memory. What outlives the step (warm-start impulses, settings, reaction)
 * stays in the rows: nothing is copied back.
 *
 * Every record has the base part (position projection reads it for every
 * kind); revolute records have the rest too (their whole velocity solve runs
 * here). The other kinds keep solving on their Joint objects, in `runs`
 * between the revolute ones, so the joints are still solved in creation
 * order.
 */
import { capacityFor, grown } from "../math/typed.js";
import type { Joint } from "./joint.js";
import {
  D_IMPA, DEF, JointRows, R_DANGLE, R_DCX, R_DCY, R_FAX, R_FAY, R_FBX, R_FBY, R_IA, R_IB, R_IMPX, R_MA, R_MB, R_UPPER_IMP, SLOTS, STRIDE,
} from "./joint-rows.js";

/** The step's joint records; see the file comment. */
export class JointConstraints {
  /** The rows the records live in (every joint of the world has one). */
  readonly rows = new JointRows();
  /** The rows of the joints simulated this step, in creation order: record i is row `act[i]`. */
  act: Int32Array = new Int32Array(64);
  /** Records in `act`. */
  count = 0;
  /** Runs of the records, each all revolute or none: run r is records runFrom[r] .. runFrom[r + 1]. */
  runFrom: Int32Array = new Int32Array(8);
  /** Whether run r is revolute. */
  runRevolute: Uint8Array = new Uint8Array(8);
  runCount = 0;

  /** Start listing at most `n` records (then `add` each, in order, and `end`). */
  begin(n: number): void {
    if (this.act.length < n) this.act = grown(this.act, capacityFor(this.act.length, n));
    if (this.runFrom.length < n + 1) {
      const size = capacityFor(this.runFrom.length, n + 1);
      this.runFrom = grown(this.runFrom, size);
      this.runRevolute = grown(this.runRevolute, size);
    }
    this.count = 0;
    this.runCount = 0;
  }

  /** The next record is row `row`, revolute (1) or not (0): it extends the last run or starts one. */
  add(row: number, revolute: number): void {
    const i = this.count++;
    this.act[i] = row;
    const n = this.runCount;
    if (n > 0 && this.runRevolute[n - 1] === revolute) return;
    this.runFrom[n] = i;
    this.runRevolute[n] = revolute;
    this.runCount = n + 1;
  }

  /** The list is complete. */
  end(): void {
    this.runFrom[this.runCount] = this.count;
  }

  /** Row `row`'s base part (parts.ts `prepareBase`) to its joint, for the kinds solved on the Joint object; their sums start at 0. */
  baseToJoint(row: number, j: Joint): void {
    const r = this.rows.rec;
    const o = row * STRIDE;
    j.sA = this.rows.slots[row * SLOTS]!;
    j.sB = this.rows.slots[row * SLOTS + 1]!;
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

  /** Forget the impulses of revolute records from .. to (warm starting off). */
  resetRevolutes(from: number, to: number): void {
    const r = this.rows.rec;
    for (let i = from; i < to; i++) {
      const o = this.act[i]! * STRIDE;
      r.fill(0, o + R_IMPX, o + R_UPPER_IMP + 1);
    }
  }

  /** Forget row `row`'s impulses, `impA` included (warm starting off). */
  resetRow(row: number): void {
    this.rows.rec.fill(0, row * STRIDE + R_IMPX, row * STRIDE + R_UPPER_IMP + 1);
    this.rows.def[row * DEF + D_IMPA] = 0;
  }
}
