/**
 * Weld joint: holds B's pose relative to A (anchor on anchor, angle at its
 * reference). Rigid by default; with `linearHertz` / `angularHertz` > 0 each
 * part is a spring-damper of that frequency (a bendy bridge, a soft limb).
 *
 * Constraints: the point (2 rows, as the revolute joint) and the angle
 * C = θ − θref (1 row, effective mass 1 / (IA⁻¹ + IB⁻¹)). A spring part
 * keeps its softness in the relax pass too (it is a force, not an error to
 * remove).
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { angleNow, applyAngular, pass, scratchSpring, resetImpulses, solvePoint, useRigidForPoint, warmStartPoint, type JointContext } from "./parts.js";
import { D_IMPA, DEF, R_IMPX, R_IMPY, STRIDE } from "./joint-rows.js";

/** The joint's solver data for this step, on the joint (after `prepareBase`, copied to it). */
export function prepareWeld(j: Joint, ctx: JointContext): void {
  const k = j.iA + j.iB;
  j.angularMass = k > 0 ? 1 / k : 0;
  useRigidForPoint(j, ctx);
  if (j._linearHertz > 0) {
    ctx.scratch.hertz = j._linearHertz;
    const s = scratchSpring(j, ctx);
    j.linBias = s.biasRate;
    j.linMassScale = s.massScale;
    j.linImpulseScale = s.impulseScale;
  }
  let angular = ctx.rigid;
  if (j._angularHertz > 0) {
    ctx.scratch.hertz = j._angularHertz;
    angular = scratchSpring(j, ctx);
  }
  j.angBias = angular.biasRate;
  j.angMassScale = angular.massScale;
  j.angImpulseScale = angular.impulseScale;
  if (!ctx.warmStarting) resetImpulses(j);
}

export function warmStartWeld(j: Joint, sb: SolverBodies): void {
  pass.axial = j.rows.def[j.row * DEF + D_IMPA]!;
  warmStartPoint(j, sb);
}

export function solveWeld(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  if (j.angularMass > 0) {
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (ctx.useBias || j._angularHertz > 0) {
      angleNow(j, sb);
      bias = j.angBias * j.theta;
      massScale = j.angMassScale;
      impulseScale = j.angImpulseScale;
    }
    const cdot = sb.w[j.sB]! - sb.w[j.sA]!;
    const d = j.rows.def;
    const at = j.row * DEF + D_IMPA;
    const impA = d[at]!;
    const impulse = -j.angularMass * massScale * (cdot + bias) - impulseScale * impA;
    d[at] = impA + impulse;
    pass.imp = impulse;
    applyAngular(j, sb);
  }
  solvePoint(j, sb, ctx.useBias || j._linearHertz > 0);
}

export function sumWeld(j: Joint): void {
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  j.sumX += r[o + R_IMPX]!;
  j.sumY += r[o + R_IMPY]!;
  j.sumT += j.rows.def[j.row * DEF + D_IMPA]!;
}
