/**
 * The pgs solver: classic sequential impulses (projected Gauss-Seidel) over
 * the whole step, with the chosen position correction (Baumgarte, Box2D v2's
 * non-linear Gauss-Seidel, or projection). The outline around it (load,
 * prepare, store, finish) is src/solver/solve.ts. Not in `capsule2d/core`:
 * the World of `capsule2d` installs it (src/world/full-world.ts).
 */
import { projectPositions, solvePositionsNGS } from "./position-correction.js";
import { MAX_IMPACT_SWEEPS, type Solver } from "./solve.js";
import type { StepContext } from "./step-context.js";

/** One step of dt; joints: Baumgarte (a push of percent × the error per step) with "baumgarte", else none in the velocity pass. */
function numbers(ctx: StepContext, dt: number): void {
  const o = ctx.options;
  ctx.h = dt;
  ctx.invH = 1 / dt;
  if (ctx.joints !== null) ctx.joints.ctx.h = dt;
  // joints: Baumgarte (a push of percent × the error per step) with "baumgarte"; with "ngs" and
  // "projection" they are projected after the velocity pass (src/joints/positions.ts)
  const baumgarte = o.positionCorrection === "baumgarte" ? o.percent : 0;
  const want = ctx.jointSoftWant;
  want.hertz = baumgarte / dt;
  want.zeta = -1;
}

/** Impacts, warm start, the velocity iterations, positions, then the position correction. */
function iterate(ctx: StepContext): void {
  const o = ctx.options;
  const sb = ctx.bodies;
  const cc = ctx.contacts;
  const jm = ctx.joints;
  const baumgarte = o.positionCorrection === "baumgarte" ? o.percent : 0;
  sb.h = ctx.h;
  sb.invH = ctx.invH;
  ctx.integrator.integrateVelocities(sb);
  cc.resolveImpacts(sb, MAX_IMPACT_SWEEPS);
  cc.percent = o.percent;
  cc.slop = o.slop;
  cc.invDt = sb.invH;
  cc.setVelocityBias(baumgarte > 0);
  if (o.warmStarting) {
    if (jm !== null) jm.warmStart(sb);
    cc.warmStart(sb);
  }
  for (let it = 0; it < o.velocityIterations; it++) {
    if (jm !== null) jm.solve(sb, baumgarte > 0);
    cc.solvePGS(sb);
  }
  if (jm !== null) jm.sum(sb);
  ctx.integrator.integratePositions(sb);
  // the position corrections move the solver's poses; then they go to the bodies
  if (o.positionCorrection === "projection") {
    projectPositions(cc, sb);
    if (jm !== null) jm.projectPositions(sb, o.positionIterations);
  } else if (o.positionCorrection === "ngs") {
    // Box2D v2: joints, then contacts (which have the last word), each iteration
    for (let it = 0; it < o.positionIterations; it++) {
      const jointsWithin = jm === null || jm.projectPositions(sb, 1);
      solvePositionsNGS(cc, sb);
      if (cc.minSeparation >= -3 * o.slop && jointsWithin) break;
    }
  }
  cc.addToTotals(); // the step's impulses (soft-step adds them in its relax pass); before store, which does not read them
}

/** pgs (`solver: "pgs"`). */
export const PGS: Solver = { numbers, iterate };
