/**
 * The joints of a world: the list in creation order, each body's joints,
 * and the solver's stages for them.
 *
 * Each step `collect` takes the joints the step simulates (at least one
 * body awake; filter joints constrain nothing), and the solver calls
 * `prepare` once, then per sub-step `warmStart`, `solve` (with bias) and,
 * after the positions moved, `relax` (without, then `sum`), before the
 * contacts do the same: joints go first, so contacts have the last word on
 * what may not overlap. `finish` turns the step's impulses into reaction
 * forces and lists the joints that break.
 *
 * Each joint of the world keeps its numbers in a row of the manager's
 * `JointRows` (joint-rows.ts), and the solver works on those rows as flat
 * records of the active joints (joint-constraints.ts): revolute joints are
 * solved there entirely, in loops (revolute.ts), the other kinds on their
 * Joint objects, in runs between them, so that the joints are still solved
 * in creation order. A revolute joint's step reads and writes only its row
 * and its bodies.
 */
import type { Body } from "../bodies/body.js";
import type { SolverBodies } from "../solver/solver-bodies.js";
import { DISTANCE, FILTER, MOTOR, PRISMATIC, REVOLUTE, WELD, WHEEL, type Joint } from "./joint.js";
import { JointContext, prepareBase, resetImpulses } from "./parts.js";
import { prepareRevolute, solveRevolutes, sumRevolutes, warmStartRevolutes } from "./revolute.js";
import { prepareWeld, solveWeld, sumWeld, warmStartWeld } from "./weld.js";
import { prepareDistance, solveDistance, sumDistance, warmStartDistance } from "./distance.js";
import { prepareAxisJoint, solvePrismatic, sumPrismatic, warmStartPrismatic } from "./prismatic.js";
import { solveWheel, sumWheel, warmStartWheel } from "./wheel.js";
import { prepareMotor, solveMotor, warmStartMotor } from "./motor.js";
import { projectJoints, projected } from "./positions.js";
import { JointConstraints } from "./joint-constraints.js";
import {
  D_BREAK_FORCE, D_BREAK_TORQUE, D_FORCEX, D_FORCEY, D_TORQUE, DEF, I_BODY_A, I_BODY_B, I_KIND, I_SWITCHES, INFO, JointRows, R_ANGULAR_MASS,
  R_SUMT, R_SUMX, R_SUMY, S_LIMIT, S_SPRING, SLOTS, STRIDE,
} from "./joint-rows.js";
import { capacityFor, grown } from "../math/typed.js";

/** Position projection stops early once no rigid part is off by more than this: 0.05 mm, 0.001 rad. */
const LINEAR_TOLERANCE = 5e-5;
const ANGULAR_TOLERANCE = 1e-3;

/** The joints of a world: the stages the solve (src/solver/solve.ts, soft-step.ts, pgs.ts) calls, and the joint list. */
export class JointManager {
  /** Joints in creation order (holes after removals, closed when read). */
  private readonly list: (Joint | null)[] = [];
  /** The rows of `list`'s joints, in the same order (closed with it). */
  private order: Int32Array = new Int32Array(64);
  private holes = 0;
  private nextId = 0;
  /** Each body's joints, by body slot, in creation order. */
  private bySlot: (Joint[] | undefined)[] = [];
  /** The joint of each row (a free row keeps its last one until taken again; null: none yet). */
  private readonly jointOf: (Joint | null)[] = [];
  /** The joints this step simulates (filled by `activeJoints`). */
  private readonly active: Joint[] = [];
  /** Joints whose reaction passed a break threshold in the last `finish`. */
  readonly broken: Joint[] = [];
  readonly ctx = new JointContext();
  /** The joints' rows, and the step's records among them (from `collect` to `finish`). */
  readonly constraints = new JointConstraints();
  /** One row to build a joint in before `add` (see `staging`). */
  private readonly stage = new JointRows(1);

  get count(): number {
    return this.list.length - this.holes;
  }

  /** How many joints this step simulates. */
  get activeCount(): number {
    return this.constraints.count;
  }

  /** The joints this step simulates, in creation order (`activeCount` of them; the list is reused). */
  activeJoints(): readonly Joint[] {
    const jc = this.constraints;
    for (let i = 0; i < jc.count; i++) this.active[i] = this.jointOf[jc.act[i]!]!;
    return this.active;
  }

  /** Every joint, in creation order. */
  all(): readonly Joint[] {
    if (this.holes > 0) {
      let n = 0;
      const list = this.list;
      for (let i = 0; i < list.length; i++) {
        const j = list[i];
        if (j != null) {
          j.index = n;
          this.order[n] = j.row;
          list[n++] = j;
        }
      }
      list.length = n;
      this.holes = 0;
    }
    return this.list as readonly Joint[];
  }

  /** Forget every joint (as new, keeping the memory grown): for a world restored in place. */
  clear(): void {
    for (const j of this.list) {
      if (j === null) continue;
      j.index = -1;
      this.detachRow(j);
    }
    this.list.length = 0;
    this.holes = 0;
    this.nextId = 0;
    this.bySlot.length = 0;
    this.jointOf.length = 0;
    this.active.fill(null as unknown as Joint);
    this.constraints.rows.clear();
    this.constraints.count = 0;
    this.constraints.runCount = 0;
    this.broken.length = 0;
  }

  /**
   * Rows to build the next joint in (for `add`, which moves its numbers into
   * a row of the manager's): a joint built there costs no typed arrays of its
   * own. Emptied at each call (a definition that failed its checks leaves its row).
   */
  staging(): JointRows {
    this.stage.clear();
    return this.stage;
  }

  /** A body's joints, in creation order (empty when none). */
  of(body: Body): readonly Joint[] {
    return this.bySlot[body.slot] ?? EMPTY;
  }

  /** Add a checked joint (its id is the next one, or `id` when restoring): its numbers move into a row of the manager's. */
  add(j: Joint, id = this.nextId): void {
    j._id = id;
    if (id >= this.nextId) this.nextId = id + 1;
    const rows = this.constraints.rows;
    const row = rows.take();
    rows.copyRow(j.rows, j.row, row);
    j.rows = rows;
    j.row = row;
    rows.info[row * INFO + I_KIND] = j._kind;
    rows.info[row * INFO + I_BODY_A] = j._bodyA.slot;
    rows.info[row * INFO + I_BODY_B] = j._bodyB.slot;
    while (this.jointOf.length <= row) this.jointOf.push(null);
    this.jointOf[row] = j;
    j.index = this.list.length;
    if (this.order.length <= j.index) this.order = grown(this.order, capacityFor(this.order.length, j.index + 1));
    this.order[j.index] = row;
    this.list.push(j);
    this.link(j._bodyA, j);
    this.link(j._bodyB, j);
  }

  /** A joint leaving the manager takes its numbers into a row of its own. */
  private detachRow(j: Joint): void {
    const own = new JointRows(1);
    own.copyRow(j.rows, j.row, own.take());
    j.rows = own;
    j.row = 0;
  }

  private link(b: Body, j: Joint): void {
    const s = b.slot;
    while (this.bySlot.length <= s) this.bySlot.push(undefined);
    const mine = this.bySlot[s];
    if (mine === undefined) this.bySlot[s] = [j];
    else mine.push(j);
  }

  private unlink(b: Body, j: Joint): void {
    const mine = this.bySlot[b.slot]!;
    mine.splice(mine.indexOf(j), 1);
    if (mine.length === 0) this.bySlot[b.slot] = undefined;
  }

  remove(j: Joint): void {
    this.all(); // close holes so that j.index is current
    this.list[j.index] = null;
    this.holes++;
    j.index = -1;
    const row = j.row;
    this.detachRow(j);
    // jointOf[row] stays until the row is taken again: a joint that broke in this step is still
    // in its list of records, whose joints tie islands at the step's end (`activeJoints`)
    this.constraints.rows.release(row);
    this.unlink(j._bodyA, j);
    this.unlink(j._bodyB, j);
  }

  /** The next id a new joint gets (snapshots). */
  get nextJointId(): number {
    return this.nextId;
  }
  set nextJointId(id: number) {
    this.nextId = id;
  }

  /** Does a joint that forbids it (collideConnected false) join a and b? Costs the joints of the one with fewer. */
  blocksCollision(a: Body, b: Body): boolean {
    const ja = this.bySlot[a.slot];
    const jb = this.bySlot[b.slot];
    if (ja === undefined || jb === undefined) return false;
    const [mine, other] = ja.length <= jb.length ? [ja, b] : [jb, a];
    for (let i = 0; i < mine.length; i++) {
      const j = mine[i]!;
      if (!j._collideConnected && (j._bodyA === other || j._bodyB === other)) return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- the solver's stages

  /**
   * The joints with a body simulated this step (by its solver slot), in
   * creation order, as the step's records with their solver slots, and
   * their runs (joint-constraints.ts). Reads only the rows.
   */
  collect(sb: SolverBodies): void {
    const n = this.all().length;
    const order = this.order;
    const slotOf = sb.slotOf;
    const jc = this.constraints;
    const info = jc.rows.info;
    const slots = jc.rows.slots;
    jc.begin(n);
    for (let i = 0; i < n; i++) {
      const row = order[i]!;
      const kind = info[row * INFO + I_KIND]!;
      if (kind === FILTER) continue;
      const sA = slotOf[info[row * INFO + I_BODY_A]!]!;
      const sB = slotOf[info[row * INFO + I_BODY_B]!]!;
      if (sA === 0 && sB === 0) continue;
      slots[row * SLOTS] = sA;
      slots[row * SLOTS + 1] = sB;
      jc.add(row, kind === REVOLUTE ? 1 : 0);
    }
    jc.end();
  }

  prepare(sb: SolverBodies): void {
    const ctx = this.ctx;
    const jc = this.constraints;
    const rows = jc.rows;
    const bodies = sb.bodies;
    for (let i = 0; i < jc.count; i++) {
      const row = jc.act[i]!;
      // a simulated body from the solver's list; one that does not move (slot 0) from its joint
      const sA = rows.slots[row * SLOTS]!;
      const sB = rows.slots[row * SLOTS + 1]!;
      const a = sA !== 0 ? bodies[sA]! : this.jointOf[row]!._bodyA;
      const b = sB !== 0 ? bodies[sB]! : this.jointOf[row]!._bodyB;
      const kind = rows.info[row * INFO + I_KIND]!;
      // a revolute joint reads its angle only for its spring and limits
      const angle = kind !== REVOLUTE || (rows.info[row * INFO + I_SWITCHES]! & (S_SPRING | S_LIMIT)) !== 0;
      prepareBase(rows, row, sb, a, b, angle);
      if (kind === REVOLUTE) {
        prepareRevolute(rows, row, ctx);
        continue;
      }
      const j = this.jointOf[row]!;
      jc.baseToJoint(row, j);
      switch (kind) {
        case PRISMATIC:
        case WHEEL:
          prepareAxisJoint(j, ctx);
          break;
        case DISTANCE:
          prepareDistance(j, ctx);
          break;
        case WELD:
          prepareWeld(j, ctx);
          break;
        case MOTOR:
          prepareMotor(j, ctx);
          break;
      }
      rows.rec[row * STRIDE + R_ANGULAR_MASS] = j.angularMass; // for the projection
    }
  }

  warmStart(sb: SolverBodies): void {
    const jc = this.constraints;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) {
        warmStartRevolutes(jc, sb, from, to);
        continue;
      }
      for (let i = from; i < to; i++) {
        const j = this.jointOf[jc.act[i]!]!;
        switch (j._kind) {
          case PRISMATIC:
            warmStartPrismatic(j, sb);
            break;
          case WHEEL:
            warmStartWheel(j, sb);
            break;
          case DISTANCE:
            warmStartDistance(j, sb);
            break;
          case WELD:
            warmStartWeld(j, sb);
            break;
          case MOTOR:
            warmStartMotor(j, sb);
            break;
        }
      }
    }
    sb.clearStaticSlot();
  }

  /** Forget the impulses (each sub-step, with warm starting off). */
  resetImpulses(): void {
    const jc = this.constraints;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) jc.resetRevolutes(from, to);
      else for (let i = from; i < to; i++) resetImpulses(this.jointOf[jc.act[i]!]!);
    }
  }

  /** One pass over the joints: with the bias (solve) or without. */
  solve(sb: SolverBodies, useBias: boolean): void {
    this.pass(sb, useBias, false);
  }

  /**
   * The sub-step's last pass (soft-step): solve without the bias, then add
   * the sub-step's impulses to the step's sums, as `sum` would after it
   * (the contacts' relax pass in between changes no joint impulse).
   */
  relax(sb: SolverBodies): void {
    this.pass(sb, false, true);
  }

  /** One pass over the joints, then each run's sums with `sum`. */
  private pass(sb: SolverBodies, useBias: boolean, sum: boolean): void {
    const ctx = this.ctx;
    const jc = this.constraints;
    ctx.useBias = useBias;
    ctx.sum = sum;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) {
        solveRevolutes(jc, sb, ctx, from, to);
        continue;
      }
      for (let i = from; i < to; i++) {
        const j = this.jointOf[jc.act[i]!]!;
        switch (j._kind) {
          case PRISMATIC:
            solvePrismatic(j, sb, ctx);
            break;
          case WHEEL:
            solveWheel(j, sb, ctx);
            break;
          case DISTANCE:
            solveDistance(j, sb, ctx);
            break;
          case WELD:
            solveWeld(j, sb, ctx);
            break;
          case MOTOR:
            solveMotor(j, sb, ctx);
            break;
        }
      }
      if (sum) this.sumRun(sb, from, to);
    }
    ctx.sum = false;
    sb.clearStaticSlot();
  }

  /**
   * Up to `iterations` passes of position projection (positions.ts) over the
   * step's joints, after the velocity solve and before `sb.store()` (the
   * passes move the solver's poses); stops early once every rigid part is
   * within the tolerances. Returns whether the last pass found them all
   * within (true when there is nothing to project).
   */
  projectPositions(sb: SolverBodies, iterations: number): boolean {
    const count = this.constraints.count;
    let within = count === 0;
    for (let it = 0; it < iterations && count > 0; it++) {
      projectJoints(this.jointOf, sb, this.constraints);
      // both errors read and compared in every pass, not `linear <= ... && angular <= ...`: the
      // angular load and compare never ran while the linear error stayed out of tolerance, and the
      // first pass that came within (long after the warm-up) deoptimised the step's code (this and
      // the solver that inlines it) for want of their type feedback: tens of bytes of boxed numbers
      // per step until V8 optimised it again
      const linearWithin = projected.linear <= LINEAR_TOLERANCE;
      const angularWithin = projected.angular <= ANGULAR_TOLERANCE;
      if (linearWithin && angularWithin) {
        within = true;
        break;
      }
    }
    return within;
  }

  /** Add this (sub-)step's impulses to the step's sums. */
  sum(sb: SolverBodies): void {
    const jc = this.constraints;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) sumRevolutes(jc, from, to);
      else this.sumRun(sb, from, to);
    }
  }

  /** The sums of the records from .. to of a run of other kinds than revolute. */
  private sumRun(sb: SolverBodies, from: number, to: number): void {
    const jc = this.constraints;
    for (let i = from; i < to; i++) {
      const j = this.jointOf[jc.act[i]!]!;
      switch (j._kind) {
        case PRISMATIC:
          sumPrismatic(j, sb);
          break;
        case WHEEL:
          sumWheel(j, sb);
          break;
        case DISTANCE:
          sumDistance(j, sb);
          break;
        case WELD:
        case MOTOR:
          sumWeld(j);
          break;
      }
    }
  }

  /**
   * End of the solve: each simulated joint's reaction (the step's impulses
   * over dt) into its row, and the joints past a break threshold, into
   * `broken`.
   */
  finish(dt: number): void {
    const jc = this.constraints;
    this.broken.length = 0;
    // nothing to do without joints; and this small function, called once a step, may run long
    // unoptimised in a world without joints, where 1 / dt would be a new heap number each step
    if (jc.count === 0) return;
    const inv = 1 / dt;
    const rec = jc.rows.rec;
    const def = jc.rows.def;
    const info = jc.rows.info;
    for (let i = 0; i < jc.count; i++) {
      const row = jc.act[i]!;
      const o = row * STRIDE;
      const od = row * DEF;
      if (info[row * INFO + I_KIND] === REVOLUTE) {
        def[od + D_FORCEX] = rec[o + R_SUMX]! * inv;
        def[od + D_FORCEY] = rec[o + R_SUMY]! * inv;
        def[od + D_TORQUE] = rec[o + R_SUMT]! * inv;
      } else {
        const j = this.jointOf[row]!;
        def[od + D_FORCEX] = j.sumX * inv;
        def[od + D_FORCEY] = j.sumY * inv;
        def[od + D_TORQUE] = j.sumT * inv;
      }
      const breakForce = def[od + D_BREAK_FORCE]!;
      const breakTorque = def[od + D_BREAK_TORQUE]!;
      if (breakForce === Infinity && breakTorque === Infinity) continue;
      const fx = def[od + D_FORCEX]!;
      const fy = def[od + D_FORCEY]!;
      const torque = def[od + D_TORQUE]!;
      const f2 = fx * fx + fy * fy;
      const t = torque < 0 ? -torque : torque;
      if (f2 > breakForce * breakForce || t > breakTorque) this.broken.push(this.jointOf[row]!);
    }
  }
}

const EMPTY: readonly Joint[] = Object.freeze([]);
