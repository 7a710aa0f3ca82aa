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
import { line, lineNow, row, rowMass, rowSpeed, setRow } from "./axial.js";
import { anchorsNow, now, pass, solveAngularMotor, type JointContext } from "./parts.js";
import { applyLine, solveAxis } from "./prismatic.js";

export function warmStartWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  pass.axial = j.springImp + j.lowerImp - j.upperImp;
  pass.perp = j.impX;
  pass.angular = j.motorImp;
  applyLine(j, sb);
}

export function solveWheel(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  if (j._enableMotor && j.angularMass > 0) solveAngularMotor(j, sb, ctx);
  anchorsNow(j, sb);
  lineNow(j, sb);
  solveAxis(j, sb, ctx, false);
  // point on the line
  row.ux = line.px;
  row.uy = line.py;
  setRow(1);
  rowMass(j);
  const mass = row.mass;
  let bias = 0;
  let massScale = 1;
  let impulseScale = 0;
  if (ctx.useBias) {
    bias = j.linBias * (line.px * now.dx + line.py * now.dy);
    massScale = j.linMassScale;
    impulseScale = j.linImpulseScale;
  }
  rowSpeed(j, sb);
  const impulse = -mass * massScale * (row.speed + bias) - impulseScale * j.impX;
  j.impX += impulse;
  pass.axial = 0;
  pass.perp = impulse;
  pass.angular = 0;
  applyLine(j, sb);
}

export function sumWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const axial = j.springImp + j.lowerImp - j.upperImp;
  j.sumX += axial * line.ux + j.impX * line.px;
  j.sumY += axial * line.uy + j.impX * line.py;
  j.sumT += j.motorImp;
}
