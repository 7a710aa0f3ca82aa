/**
 * The soft-step solver (Box2D v3): per sub-step, forces → impacts
 * (restitution at contact) → warm start → soft contacts (and the joints
 * before them) → positions → relax; then the joints' position projection.
 * The outline around it (load, prepare, store, finish) is src/solver/solve.ts.
 *
 * A world without joints has `ctx.joints` null: its joint stages are skipped.
 * (They only clear the solver's static slot at their end, as every contact
 * pass does after itself, so a world with no joints steps with the same bits.)
 */
import { MAX_IMPACT_SWEEPS, type Solver } from "./solve.js";
import type { StepContext } from "./step-context.js";

/** The sub-step, and the contacts' and the joints' softness for it. */
function numbers(ctx: StepContext, dt: number): void {
  const o = ctx.options;
  const sub = o.subSteps;
  const h = dt / sub;
  const invH = 1 / h;
  ctx.h = h;
  ctx.invH = invH;
  if (ctx.joints !== null) ctx.joints.ctx.h = h;
  // Contact stiffness is limited to an eighth of the sub-step rate (ωh ≤ π/4), and contacts
  // with a static body are twice as stiff (as in Box2D). Box2D's limit is a quarter; at
  // 60 steps/s with 4 sub-steps both give the default 30 Hz, but at 30 steps/s a quarter
  // (30 Hz at 120 sub-steps/s) makes a 20-box stack ring at 1 m/s.
  const hertz = Math.min(o.contactHertz, 0.125 * invH);
  const soft = ctx.softFor;
  if (hertz !== soft.hertz || o.contactDampingRatio !== soft.zeta || h !== soft.h) {
    // only when dt or the options changed (a call with numbers would box them, every step)
    soft.hertz = hertz;
    soft.zeta = o.contactDampingRatio;
    soft.h = h;
    ctx.soft.set(hertz, o.contactDampingRatio, h);
    ctx.stiff.set(2 * hertz, o.contactDampingRatio, h);
  }
  // joints: rigid velocity rows (jointHertz 0, the default) whose position error the projection
  // after the sub-steps removes, or Box2D v3's stiff soft constraints of at most a quarter of
  // the sub-step rate
  const jointHertz = Math.min(o.jointHertz, 0.25 * invH);
  const want = ctx.jointSoftWant;
  want.hertz = jointHertz > 0 ? jointHertz : 0;
  want.zeta = jointHertz > 0 ? o.jointDampingRatio : -1;
}

/** The sub-steps, then the joints' position projection. */
function iterate(ctx: StepContext): void {
  const o = ctx.options;
  const sub = o.subSteps;
  const sb = ctx.bodies;
  const cc = ctx.contacts;
  const jm = ctx.joints;
  const integrator = ctx.integrator;
  cc.maxPush = o.maxContactPushSpeed;
  sb.h = ctx.h;
  sb.invH = ctx.invH;
  const jointPasses = o.jointIterations;
  for (let i = 0; i < sub; i++) {
    integrator.integrateVelocities(sb);
    cc.resolveImpacts(sb, MAX_IMPACT_SWEEPS);
    if (o.warmStarting) {
      if (jm !== null) jm.warmStart(sb);
      cc.warmStart(sb);
    } else {
      if (jm !== null) jm.resetImpulses();
      cc.resetImpulses();
    }
    // the joints get jointIterations passes in the solve and in the relax (a heavy load on a
    // light link needs them: each Gauss-Seidel pass moves only part of the load through it)
    if (jm !== null) for (let k = 0; k < jointPasses; k++) jm.solve(sb, true);
    cc.solveSoft(sb, true, ctx.soft, ctx.stiff);
    integrator.integratePositions(sb);
    if (jm !== null) {
      for (let k = 1; k < jointPasses; k++) jm.solve(sb, false);
      jm.relax(sb); // and the joints' sums (the contacts' relax pass adds their impulses to the totals)
    }
    cc.solveSoft(sb, false, ctx.soft, ctx.stiff);
  }
  if (jm !== null) jm.projectPositions(sb, o.jointPositionIterations); // moves the solver's poses
}

/** soft-step (the default solver). */
export const SOFT_STEP: Solver = { numbers, iterate };
