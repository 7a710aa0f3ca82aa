/**
 * The seam between the step and the joints. The step (src/world/core-world.ts)
 * calls its joints through `JointStages` at fixed points of the solve;
 * `JointManager` (src/joints/joint-manager.ts) implements it, and `NoJoints`
 * is the stand-in of a world without joints (`capsule2d/core`): each stage
 * does nothing, so the core step carries no joint code and no branches.
 */
import type { Body } from "../bodies/body.js";
import type { Joint } from "../joints/joint.js";
import type { SolverBodies } from "../solver/solver-bodies.js";
import { Softness } from "../solver/softness.js";

/** What the step asks of a world's joints (see src/joints/joint-manager.ts for what each stage does). */
export interface JointStages {
  /** How many joints this step simulates. */
  readonly activeCount: number;
  /** The joints this step simulates, in creation order: `activeCount` of them. */
  activeJoints(): readonly Joint[];
  /** Joints whose reaction passed a break threshold in the last `finish`. */
  readonly broken: Joint[];
  /** The step's settings for the joint solver (the world writes them before `prepare`). */
  readonly ctx: { h: number; invH: number; dt: number; warmStarting: boolean; readonly rigid: Softness };
  /** A body's joints, in creation order. */
  of(body: Body): readonly Joint[];
  /** Does a joint that forbids it join a and b? */
  blocksCollision(a: Body, b: Body): boolean;
  collect(sb: SolverBodies): void;
  prepare(sb: SolverBodies): void;
  warmStart(sb: SolverBodies): void;
  resetImpulses(): void;
  solve(sb: SolverBodies, useBias: boolean): void;
  /** `solve` without the bias, then `sum` (the sub-step's last pass of soft-step). */
  relax(sb: SolverBodies): void;
  /** Returns whether every joint is within tolerance (true with none). */
  projectPositions(sb: SolverBodies, iterations: number): boolean;
  sum(sb: SolverBodies): void;
  finish(dt: number): void;
}

const NONE: readonly Joint[] = Object.freeze([]);

/**
 * The joint stages of a world without joints. `warmStart` and `solve` still
 * clear the solver's static slot, as `JointManager`'s do with no joints, so
 * that a world without joints steps with the same bits as one with none.
 */
export class NoJoints implements JointStages {
  readonly activeCount = 0;
  readonly broken: Joint[] = [];
  readonly ctx = { h: 0, invH: 0, dt: 0, warmStarting: true, rigid: new Softness() };

  activeJoints(): readonly Joint[] {
    return NONE;
  }

  of(): readonly Joint[] {
    return NONE;
  }

  blocksCollision(): boolean {
    return false;
  }

  collect(): void {}

  prepare(): void {}

  warmStart(sb: SolverBodies): void {
    sb.clearStaticSlot();
  }

  resetImpulses(): void {}

  solve(sb: SolverBodies): void {
    sb.clearStaticSlot();
  }

  relax(sb: SolverBodies): void {
    sb.clearStaticSlot();
  }

  projectPositions(): boolean {
    return true;
  }

  sum(): void {}

  finish(): void {}
}
