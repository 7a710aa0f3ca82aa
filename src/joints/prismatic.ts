/**
 * Prismatic joint (slider): B slides along an axis fixed in A and does not
 * turn relative to A; optional translation limits, motor and spring.
 *
 * Rows: along the axis u (motor, spring towards translation 0, limits), and
 * a 2×2 block that holds B's anchor on the line and the relative angle:
 *   C = (p·d, θ − θref),  J = [p, −(d + rA)×p, −1;  −p, ... ]
 * (p = u turned 90°; see axial.ts for the levers), solved together with
 *   K = [[mA⁻¹ + mB⁻¹ + IA⁻¹s1² + IB⁻¹s2², IA⁻¹s1 + IB⁻¹s2], [same, IA⁻¹ + IB⁻¹]].
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { line, lineNow, row, rowMass, setRow, solveRowLimit, solveRowMotor, solveRowSpring } from "./axial.js";
import {
  anchorsNow, angleNow, forgetDisabled, now, pass, prepareSpring, resetImpulses, switchedOn, useRigidForPoint, type JointContext,
} from "./parts.js";
import {
  D_HERTZ, DEF, R_IMPX, R_IMPY, R_LOWER, R_LOWER_IMP, R_MOTOR_IMP, R_SPRING_IMP, R_UPPER, R_UPPER_IMP, S_LIMIT, S_MOTOR, S_SPRING, STRIDE,
} from "./joint-rows.js";

/** A prismatic or wheel joint's solver data for this step, on the joint (after `prepareBase`, copied to it). */
export function prepareAxisJoint(j: Joint, ctx: JointContext): void {
  // the revolute joint's masses, spring, softness and impulse bookkeeping
  const k = j.iA + j.iB;
  j.angularMass = k > 0 ? 1 / k : 0;
  prepareSpring(j, ctx);
  useRigidForPoint(j, ctx);
  if (!ctx.warmStarting) resetImpulses(j);
  forgetDisabled(j);
  const a = j._bodyA;
  j.wax = a.qc * j.axX - a.qs * j.axY;
  j.way = a.qs * j.axX + a.qc * j.axY;
}

/** The axial impulse pass.axial and the perpendicular one pass.perp, applied with their levers, plus pass.angular on B (−angular on A). */
export function applyLine(j: Joint, sb: SolverBodies): void {
  const axial = pass.axial;
  const perp = pass.perp;
  const angular = pass.angular;
  const lx = line.lx;
  const ly = line.ly;
  const px = axial * line.ux + perp * line.px;
  const py = axial * line.uy + perp * line.py;
  // torques: lever × impulse
  const LA = lx * py - ly * px + angular;
  const LB = now.rBx * py - now.rBy * px + angular;
  const sA = j.sA;
  const sB = j.sB;
  sb.vx[sA] = sb.vx[sA]! - j.mA * px;
  sb.vy[sA] = sb.vy[sA]! - j.mA * py;
  sb.w[sA] = sb.w[sA]! - j.iA * LA;
  sb.vx[sB] = sb.vx[sB]! + j.mB * px;
  sb.vy[sB] = sb.vy[sB]! + j.mB * py;
  sb.w[sB] = sb.w[sB]! + j.iB * LB;
}

export function warmStartPrismatic(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  pass.axial = r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!;
  pass.perp = r[o + R_IMPX]!;
  pass.angular = r[o + R_IMPY]!;
  applyLine(j, sb);
}

/** Motor, spring and limits along the axis (prismatic and wheel joints); `line` must be current. */
export function solveAxis(j: Joint, sb: SolverBodies, ctx: JointContext, withMotor: boolean): void {
  row.ux = line.ux;
  row.uy = line.uy;
  setRow(1);
  rowMass(j);
  pass.mass = row.mass;
  if (withMotor && switchedOn(j, S_MOTOR)) solveRowMotor(j, sb, ctx);
  if (switchedOn(j, S_SPRING) && j.rows.def[j.row * DEF + D_HERTZ]! > 0) {
    pass.C = line.translation;
    solveRowSpring(j, sb);
  }
  if (switchedOn(j, S_LIMIT)) {
    const r = j.rows.rec;
    const o = j.row * STRIDE;
    const t = line.translation;
    pass.C = t - r[o + R_LOWER]!;
    solveRowLimit(j, sb, ctx, 1);
    pass.C = r[o + R_UPPER]! - t;
    solveRowLimit(j, sb, ctx, -1);
  }
}

export function solvePrismatic(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  solveAxis(j, sb, ctx, true);
  // the perpendicular offset and the angle, together
  const { vx, vy, w } = sb;
  const sA = j.sA;
  const sB = j.sB;
  const px = line.px;
  const py = line.py;
  const s1 = line.lx * py - line.ly * px;
  const s2 = now.rBx * py - now.rBy * px;
  const wA = w[sA]!;
  const wB = w[sB]!;
  let c1 = px * (vx[sB]! - vx[sA]!) + py * (vy[sB]! - vy[sA]!) + s2 * wB - s1 * wA;
  let c2 = wB - wA;
  let massScale = 1;
  let impulseScale = 0;
  if (ctx.useBias) {
    c1 += j.linBias * (px * now.dx + py * now.dy);
    angleNow(j, sb);
    c2 += j.linBias * j.theta;
    massScale = j.linMassScale;
    impulseScale = j.linImpulseScale;
  }
  const mA = j.mA;
  const mB = j.mB;
  const iA = j.iA;
  const iB = j.iB;
  const k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2;
  const k12 = iA * s1 + iB * s2;
  let k22 = iA + iB;
  if (k22 === 0) k22 = 1; // neither body turns: the angle row is moot
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const i1 = -massScale * det * (k22 * c1 - k12 * c2) - impulseScale * r[o + R_IMPX]!;
  const i2 = -massScale * det * (k11 * c2 - k12 * c1) - impulseScale * r[o + R_IMPY]!;
  r[o + R_IMPX] = r[o + R_IMPX]! + i1;
  r[o + R_IMPY] = r[o + R_IMPY]! + i2;
  pass.axial = 0;
  pass.perp = i1;
  pass.angular = i2;
  applyLine(j, sb);
}

export function sumPrismatic(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  lineNow(j, sb);
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const axial = r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!;
  const impX = r[o + R_IMPX]!;
  j.sumX += axial * line.ux + impX * line.px;
  j.sumY += axial * line.uy + impX * line.py;
  j.sumT += r[o + R_IMPY]!;
}
