/**
 * Revolute joint (hinge, pin): anchor B stays on anchor A; B turns freely
 * about it, within optional angle limits, driven by an optional motor and
 * pulled towards angle 0 by an optional spring.
 *
 * Constraints (see the guide's joints chapter for the derivation):
 * - point: C = pB + rB − pA − rA = 0 (2 rows, `solvePoint` in parts.ts);
 * - spring: C = θ, soft with the joint's hertz and damping ratio;
 * - motor: Cdot = ωB − ωA − speed, impulse clamped to maxMotorTorque·h;
 * - limits: θ − lower ≥ 0 and upper − θ ≥ 0;
 * the angular rows have effective mass 1 / (IA⁻¹ + IB⁻¹).
 * Solved in Box2D v3's order: spring, motor, limits, then the point, so the
 * point (the part that must hold) has the last word.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import {
  angleNow, applyAngular, forgetDisabled, pass, prepareBase, prepareSpring, resetImpulses, solveAngularLimit, solveAngularMotor, solvePoint,
  useRigidForPoint, warmStartPoint, type JointContext,
} from "./parts.js";

export function prepareRevolute(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  prepareBase(j, sb);
  const k = j.iA + j.iB;
  j.angularMass = k > 0 ? 1 / k : 0;
  prepareSpring(j, ctx);
  useRigidForPoint(j, ctx);
  if (!ctx.warmStarting) resetImpulses(j);
  forgetDisabled(j);
}

export function warmStartRevolute(j: Joint, sb: SolverBodies): void {
  pass.axial = j.springImp + j.motorImp + j.lowerImp - j.upperImp;
  warmStartPoint(j, sb);
}

export function solveRevolute(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const turns = j.angularMass > 0;
  if (turns && j._enableSpring && j._hertz > 0) {
    angleNow(j, sb);
    const C = j.theta;
    const cdot = sb.w[j.sB]! - sb.w[j.sA]!;
    const impulse = -j.springMassScale * j.angularMass * (cdot + j.springBias * C) - j.springImpulseScale * j.springImp;
    j.springImp += impulse;
    pass.imp = impulse;
    applyAngular(j, sb);
  }
  if (turns && j._enableMotor) solveAngularMotor(j, sb, ctx);
  if (turns && j._enableLimit) {
    angleNow(j, sb);
    const angle = j.theta;
    pass.C = angle - j._lower;
    solveAngularLimit(j, sb, ctx, 1);
    pass.C = j._upper - angle;
    solveAngularLimit(j, sb, ctx, -1);
  }
  solvePoint(j, sb, ctx.useBias);
}

/** Add this sub-step's impulses to the step's sums (for the reaction force and torque). */
export function sumRevolute(j: Joint): void {
  j.sumX += j.impX;
  j.sumY += j.impY;
  j.sumT += j.springImp + j.motorImp + j.lowerImp - j.upperImp;
}
