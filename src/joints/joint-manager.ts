/**
 * The joints of a world: the list in creation order, each body's joints,
 * and the solver's stages for them.
 *
 * Each step `collect` takes the joints the step simulates (at least one
 * body awake; filter joints constrain nothing), and the solver calls
 * `prepare` once, then per sub-step `warmStart`, `solve` (with bias) and,
 * after the positions moved, `relax` (without) and `sum`, before the
 * contacts do the same: joints go first, so contacts have the last word on
 * what may not overlap. `finish` turns the step's impulses into reaction
 * forces and lists the joints that break.
 *
 * Between `prepare` and `finish` the solver works on flat records of the
 * active joints (joint-constraints.ts): revolute joints are solved there
 * entirely, in loops (revolute.ts), the other kinds on their Joint objects,
 * in runs between them, so that the joints are still solved in creation
 * order. `finish` writes the impulses back to the joints.
 */
import type { Body } from "../bodies/body.js";
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { JointStages } from "../world/joint-stages.js";
import { DISTANCE, FILTER, MOTOR, PRISMATIC, REVOLUTE, WELD, WHEEL, type Joint } from "./joint.js";
import { JointContext, prepareBase, resetImpulses } from "./parts.js";
import { prepareRevolute, solveRevolutes, sumRevolutes, warmStartRevolutes } from "./revolute.js";
import { prepareWeld, solveWeld, sumWeld, warmStartWeld } from "./weld.js";
import { prepareDistance, solveDistance, sumDistance, warmStartDistance } from "./distance.js";
import { prepareAxisJoint, solvePrismatic, sumPrismatic, warmStartPrismatic } from "./prismatic.js";
import { solveWheel, sumWheel, warmStartWheel } from "./wheel.js";
import { prepareMotor, solveMotor, warmStartMotor } from "./motor.js";
import { projectJoints, projected } from "./positions.js";
import { JointConstraints, R_ANGULAR_MASS, R_SUMT, R_SUMX, R_SUMY, STRIDE } from "./joint-constraints.js";
import { JointPoses } from "./joint-poses.js";

/** Position projection stops early once no rigid part is off by more than this: 0.05 mm, 0.001 rad. */
const LINEAR_TOLERANCE = 5e-5;
const ANGULAR_TOLERANCE = 1e-3;

export class JointManager implements JointStages {
  /** Joints in creation order (holes after removals, closed when read). */
  private readonly list: (Joint | null)[] = [];
  private holes = 0;
  private nextId = 0;
  /** Each body's joints, by body slot, in creation order. */
  private bySlot: (Joint[] | undefined)[] = [];
  /** The joints this step simulates: `active[0 .. activeCount)`. */
  readonly active: Joint[] = [];
  activeCount = 0;
  /** Joints whose reaction passed a break threshold in the last `finish`. */
  readonly broken: Joint[] = [];
  readonly ctx = new JointContext();
  /** The step's joint records (from `prepare` to `finish`). */
  readonly constraints = new JointConstraints();
  /** The poses position projection moves. */
  private readonly poses = new JointPoses();

  get count(): number {
    return this.list.length - this.holes;
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
    for (const j of this.list) if (j !== null) j.index = -1;
    this.list.length = 0;
    this.holes = 0;
    this.nextId = 0;
    this.bySlot.length = 0;
    this.active.fill(null as unknown as Joint, 0, this.activeCount);
    this.activeCount = 0;
    this.constraints.runCount = 0;
    this.broken.length = 0;
  }

  /** A body's joints, in creation order (empty when none). */
  of(body: Body): readonly Joint[] {
    return this.bySlot[body.slot] ?? EMPTY;
  }

  /** Add a checked joint (its id is the next one, or `id` when restoring). */
  add(j: Joint, id = this.nextId): void {
    j._id = id;
    if (id >= this.nextId) this.nextId = id + 1;
    j.index = this.list.length;
    this.list.push(j);
    this.link(j._bodyA, j);
    this.link(j._bodyB, j);
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

  /** The joints with a body simulated this step (by its solver slot), in creation order, and their runs (joint-constraints.ts). */
  collect(sb: SolverBodies): void {
    const list = this.all();
    const slotOf = sb.slotOf;
    const jc = this.constraints;
    jc.beginRuns(list.length);
    let n = 0;
    for (let i = 0; i < list.length; i++) {
      const j = list[i]!;
      const kind = j._kind;
      if (kind === FILTER) continue;
      if (slotOf[j._bodyA.slot] === 0 && slotOf[j._bodyB.slot] === 0) continue;
      jc.extendRuns(n, kind === REVOLUTE ? 1 : 0);
      this.active[n++] = j;
    }
    jc.endRuns(n);
    this.activeCount = n;
  }

  prepare(sb: SolverBodies): void {
    const ctx = this.ctx;
    const jc = this.constraints;
    jc.reserve(this.activeCount);
    for (let i = 0; i < this.activeCount; i++) {
      const j = this.active[i]!;
      prepareBase(j, sb, jc, i);
      if (j._kind === REVOLUTE) {
        prepareRevolute(j, ctx, jc, i);
        continue;
      }
      jc.baseToJoint(i, j);
      switch (j._kind) {
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
      jc.rec[i * STRIDE + R_ANGULAR_MASS] = j.angularMass; // for the projection
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
        const j = this.active[i]!;
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
      else for (let i = from; i < to; i++) resetImpulses(this.active[i]!);
    }
  }

  /** One pass over the joints: with the bias (solve) or without (relax). */
  solve(sb: SolverBodies, useBias: boolean): void {
    const ctx = this.ctx;
    const jc = this.constraints;
    ctx.useBias = useBias;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) {
        solveRevolutes(jc, sb, ctx, from, to);
        continue;
      }
      for (let i = from; i < to; i++) {
        const j = this.active[i]!;
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
    }
    sb.clearStaticSlot();
  }

  /**
   * Up to `iterations` passes of position projection (positions.ts) over the
   * step's joints, after the velocity solve; stops early once every rigid
   * part is within the tolerances. Returns whether the last pass found them
   * all within (true when there is nothing to project).
   */
  projectPositions(sb: SolverBodies, iterations: number): boolean {
    const poses = this.poses;
    poses.begin(sb);
    let within = this.activeCount === 0;
    for (let it = 0; it < iterations && this.activeCount > 0; it++) {
      projectJoints(this.active, sb, this.constraints, poses);
      if (projected.linear <= LINEAR_TOLERANCE && projected.angular <= ANGULAR_TOLERANCE) {
        within = true;
        break;
      }
    }
    poses.flush(sb);
    return within;
  }

  /** Add this (sub-)step's impulses to the step's sums. */
  sum(sb: SolverBodies): void {
    const jc = this.constraints;
    for (let r = 0; r < jc.runCount; r++) {
      const from = jc.runFrom[r]!;
      const to = jc.runFrom[r + 1]!;
      if (jc.runRevolute[r] === 1) {
        sumRevolutes(jc, from, to);
        continue;
      }
      for (let i = from; i < to; i++) {
        const j = this.active[i]!;
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
  }

  /**
   * End of the solve: each simulated joint's reaction (the step's impulses
   * over dt) and the joints past a break threshold, into `broken`; the
   * revolute records' impulses back to their joints.
   */
  finish(dt: number): void {
    const inv = 1 / dt;
    const jc = this.constraints;
    this.broken.length = 0;
    for (let i = 0; i < this.activeCount; i++) {
      const j = this.active[i]!;
      if (j._kind === REVOLUTE) {
        jc.storeRevolute(i, j);
        const r = jc.rec;
        const o = i * STRIDE;
        j.forceX = r[o + R_SUMX]! * inv;
        j.forceY = r[o + R_SUMY]! * inv;
        j.torque = r[o + R_SUMT]! * inv;
      } else {
        j.forceX = j.sumX * inv;
        j.forceY = j.sumY * inv;
        j.torque = j.sumT * inv;
      }
      if (j._breakForce === Infinity && j._breakTorque === Infinity) continue;
      const f2 = j.forceX * j.forceX + j.forceY * j.forceY;
      const t = j.torque < 0 ? -j.torque : j.torque;
      if (f2 > j._breakForce * j._breakForce || t > j._breakTorque) this.broken.push(j);
    }
  }
}

const EMPTY: readonly Joint[] = Object.freeze([]);

