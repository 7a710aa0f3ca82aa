/**
 * The solve stage's outline, shared by both solvers (src/solver/soft-step.ts,
 * src/solver/pgs.ts), as functions of the step context (src/solver/step-context.ts):
 *
 *   numbers    the solver's sub-step and softness for this dt
 *   load       the awake bodies into the solver's arrays; with solverThreads ≥ 1
 *              the contacts in colour order (the same list for 1 and N threads)
 *   prepare    the joints, then the contacts (and the bodies that may bounce)
 *   iterate    the solver's own loop: sub-steps (soft-step) or iterations (pgs)
 *   store      poses and velocities back to the bodies; the step's forces are used up
 *   finish     joint reactions (and the joints that break), the solver's slots
 *              forgotten, impulses back to the contacts
 *
 * The world collects the contacts before (`StepContext.constraints`) and turns
 * the contacts' hits into events after.
 */
import type { StepContext } from "./step-context.js";

/** Restitution sweeps per sub-step: enough for momentum to cross a chain of this many bodies. */
export const MAX_IMPACT_SWEEPS = 16;

/** A solver: the two stages of the outline that differ between soft-step and pgs. */
export interface Solver {
  /** The step's numbers this solver uses: `h` and `invH` (also the joints'), the contacts' softness, the joints' rigid softness. */
  numbers(ctx: StepContext, dt: number): void;
  /** Between prepare and store: the solver's loop, on the solver's arrays. */
  iterate(ctx: StepContext): void;
}

/**
 * The solve stage of one step of `dt` (= `ctx.dt`) with `solver`. `dt` is
 * passed on as an argument too, not read back from `ctx`: these functions
 * run once a step and may run long unoptimised, where each number read from
 * a field of doubles is a new heap number (so they copy none: the solver's
 * `numbers` writes `h` where it is read, the world writes the gravity into
 * the solver's arrays when the options change).
 */
export function solve(ctx: StepContext, solver: Solver, dt: number): void {
  solver.numbers(ctx, dt);
  load(ctx);
  prepareJoints(ctx, dt);
  prepareContacts(ctx, dt);
  solver.iterate(ctx);
  ctx.bodies.store(); // poses and velocities back to the bodies; the step's forces are used up
  finish(ctx, dt);
}

/** The step's awake bodies into the solver; with `solverThreads` ≥ 1 the constraints in colour order. */
function load(ctx: StepContext): void {
  const sb = ctx.bodies;
  sb.load(ctx.awake, ctx.awakeCount);
  if (ctx.coloured) ctx.colouring.colour(ctx.constraints, ctx.constraintCount, sb.slotOf, sb.count);
}

/**
 * The step's joints and their settings. soft-step: the rigid parts are soft
 * constraints of `hertz` and damping ratio `zeta`; pgs (zeta < 0): a
 * Baumgarte bias of `hertz` (β/dt) per second, mass and impulse unscaled.
 */
function prepareJoints(ctx: StepContext, dt: number): void {
  const jm = ctx.joints;
  if (jm === null) return;
  jm.ctx.dt = dt;
  jm.collect(ctx.bodies);
  if (jm.activeCount === 0) return;
  const jctx = jm.ctx;
  const h = jctx.h;
  const hertz = ctx.jointSoftWant.hertz;
  const zeta = ctx.jointSoftWant.zeta;
  jctx.invH = 1 / h;
  jctx.warmStarting = ctx.options.warmStarting;
  const f = ctx.jointSoftFor;
  if (hertz !== f.hertz || zeta !== f.zeta || h !== f.h) {
    f.hertz = hertz;
    f.zeta = zeta;
    f.h = h;
    const r = jctx.rigid;
    if (zeta >= 0) r.set(hertz, zeta, h);
    else {
      r.biasRate = hertz;
      r.massScale = 1;
      r.impulseScale = 0;
    }
  }
  jm.prepare(ctx.bodies);
}

/** The contact constraints from the step's contacts, and which of them may bounce this step. */
function prepareContacts(ctx: StepContext, dt: number): void {
  const o = ctx.options;
  const sb = ctx.bodies;
  const cc = ctx.contacts;
  cc.prepare(ctx.constraints, ctx.constraintCount, sb, o.warmStarting);
  cc.restitutionThreshold = o.restitutionThreshold;
  cc.selectImpactCandidates(sb, dt, ctx.integrator.field !== null);
}

/** Joint reactions, the solver's slots forgotten, impulses to the contacts (the bodies got their state in `store`). */
function finish(ctx: StepContext, dt: number): void {
  if (ctx.joints !== null) ctx.joints.finish(dt);
  ctx.bodies.unload();
  ctx.contacts.storeImpulses(ctx.options.hitEventThreshold);
}
