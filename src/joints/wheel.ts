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
import { anchorsNow, now, pass, solveAngularMotor, switchedOn, type JointContext } from "./parts.js";
import { R_IMPX, R_LOWER_IMP, R_MOTOR_IMP, R_SPRING_IMP, R_UPPER_IMP, S_MOTOR, STRIDE } from "./joint-rows.js";
import { applyLine, solveAxis } from "./prismatic.js";

export function warmStartWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  pass.axial = r[o + R_SPRING_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!;
  pass.perp = r[o + R_IMPX]!;
  pass.angular = r[o + R_MOTOR_IMP]!;
  applyLine(j, sb);
}

export function solveWheel(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  if (switchedOn(j, S_MOTOR) && j.angularMass > 0) solveAngularMotor(j, sb, ctx);
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
  const r = j.rows.rec;
  const at = j.row * STRIDE + R_IMPX;
  const impX = r[at]!;
  const impulse = -mass * massScale * (row.speed + bias) - impulseScale * impX;
  r[at] = impX + impulse;
  pass.axial = 0;
  pass.perp = impulse;
  pass.angular = 0;
  applyLine(j, sb);
}

export function sumWheel(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const axial = r[o + R_SPRING_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!;
  const impX = r[o + R_IMPX]!;
  j.sumX += axial * line.ux + impX * line.px;
  j.sumY += axial * line.uy + impX * line.py;
  j.sumT += r[o + R_MOTOR_IMP]!;
}
