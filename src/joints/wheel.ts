/**
 * Wheel joint (a vehicle's wheel): B's anchor stays on a line fixed in A
 * (the suspension axis), a spring along it holds the ride height (on by
 * default: 1 Hz, damping ratio 0.7, as in Box2D), B turns freely, and an
 * optional motor drives its rotation relative to A.
 *
 * Rows: the perpendicular offset p·d = 0 (rigid); spring and limits along
 * the axis u (prismatic.ts's `solveAxis`); the motor on ωB − ωA.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { line, lineNow, rowMass, rowSpeed, setRow } from "./axial.js";
import { anchorsNow, now, solveAngularMotor, type JointContext } from "./parts.js";
import { applyLine, solveAxis } from "./prismatic.js";

export function warmStartWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  applyLine(j, sb, j.springImp + j.lowerImp - j.upperImp, j.impX, j.motorImp);
}

export function solveWheel(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  if (j._enableMotor && j.angularMass > 0) solveAngularMotor(j, sb, ctx);
  anchorsNow(j, sb);
  lineNow(j, sb);
  solveAxis(j, sb, ctx, false);
  // point on the line
  setRow(line.px, line.py, line.lx, line.ly, now.rBx, now.rBy);
  const mass = rowMass(j);
  let bias = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (ctx.useBias) {
    bias = j.linBias * (line.px * now.dx + line.py * now.dy);
    massScale = j.linMassScale;
    impulseScale = j.linImpulseScale;
  }
  const impulse = -mass * massScale * (rowSpeed(j, sb) + bias) - impulseScale * j.impX;
  j.impX += impulse;
  applyLine(j, sb, 0, impulse, 0);
}

export function sumWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const axial = j.springImp + j.lowerImp - j.upperImp;
  j.sumX += axial * line.ux + j.impX * line.px;
  j.sumY += axial * line.uy + j.impX * line.py;
  j.sumT += j.motorImp;
}
