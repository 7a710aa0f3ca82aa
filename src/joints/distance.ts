/**
 * Distance joint: keeps the anchors `length` apart (a rod), lets the
 * distance range over [minLength, maxLength] (a rope is min 0, max L: slack
 * below L, taut at L), pulls it towards `length` with an optional spring,
 * and drives it with an optional motor.
 *
 * One row along the line between the anchors, u = d / |d| (axial.ts), with
 * C = |d| − length (rigid or spring), |d| − min ≥ 0 and max − |d| ≥ 0
 * (limits). Which parts act:
 * - a spring (enableSpring, hertz > 0): the spring, within the limits;
 * - no spring and min = max (or a spring of 0 Hz): rigid at `length`;
 * - no spring and min < max: only the limits (a rope).
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { applyRow, row, rowMass, rowSpeed, setRow, solveRowLimit, solveRowMotor, solveRowSpring } from "./axial.js";
import { anchorsNow, now, pass, prepareSpring, resetImpulses, switchedOn, type JointContext } from "./parts.js";
import { D_HERTZ, D_IMPA, DEF, R_LOWER_IMP, R_MOTOR_IMP, R_SPRING_IMP, R_UPPER_IMP, S_MOTOR, S_SPRING, STRIDE } from "./joint-rows.js";

/** The row along the anchors now (from `now`), and the distance into row.length. */
function rowNow(j: Joint): void {
  const d = Math.sqrt(now.dx * now.dx + now.dy * now.dy);
  if (d > 1e-12) {
    row.ux = now.dx / d;
    row.uy = now.dy / d;
  } else {
    // anchors together: keep the step's axis
    row.ux = j.wax;
    row.uy = j.way;
  }
  setRow(0);
  row.length = d;
}

/** Rigid at `length` (see the file comment); exported for the projection (positions.ts). */
export function isRigid(j: Joint): boolean {
  return switchedOn(j, S_SPRING) ? j.rows.def[j.row * DEF + D_HERTZ] === 0 : j._minLength === j._maxLength;
}

/** The joint's solver data for this step, on the joint (after `prepareBase`, copied to it). */
export function prepareDistance(j: Joint, ctx: JointContext): void {
  now.rAx = j.fAx;
  now.rAy = j.fAy;
  now.rBx = j.fBx;
  now.rBy = j.fBy;
  now.dx = j.dcx + j.fBx - j.fAx;
  now.dy = j.dcy + j.fBy - j.fAy;
  j.wax = 1;
  j.way = 0;
  rowNow(j);
  j.wax = row.ux;
  j.way = row.uy;
  rowMass(j);
  j.axialMass = row.mass;
  prepareSpring(j, ctx);
  if (!ctx.warmStarting) resetImpulses(j);
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  if (isRigid(j)) {
    r[o + R_SPRING_IMP] = 0;
    r[o + R_LOWER_IMP] = 0;
    r[o + R_UPPER_IMP] = 0;
  } else j.rows.def[j.row * DEF + D_IMPA] = 0;
  if (!switchedOn(j, S_SPRING)) r[o + R_SPRING_IMP] = 0;
  if (!switchedOn(j, S_MOTOR)) r[o + R_MOTOR_IMP] = 0;
}

/** The row's whole impulse (rigid, spring, motor, limits) into pass.imp (a return value would be boxed). */
function axialImpulse(j: Joint): void {
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  pass.imp = j.rows.def[j.row * DEF + D_IMPA]! + r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!;
}

export function warmStartDistance(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  rowNow(j);
  axialImpulse(j);
  applyRow(j, sb);
}

export function solveDistance(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  anchorsNow(j, sb);
  rowNow(j);
  const length = row.length;
  const mass = j.axialMass;
  pass.mass = mass;
  if (switchedOn(j, S_MOTOR)) solveRowMotor(j, sb, ctx);
  if (isRigid(j)) {
    const C = length - j._length;
    let bias = 0;
    let massScale = 1;
    let impulseScale = 0;
    if (ctx.useBias) {
      bias = ctx.rigid.biasRate * C;
      massScale = ctx.rigid.massScale;
      impulseScale = ctx.rigid.impulseScale;
    }
    rowSpeed(j, sb);
    const d = j.rows.def;
    const at = j.row * DEF + D_IMPA;
    const impA = d[at]!;
    const impulse = -mass * massScale * (row.speed + bias) - impulseScale * impA;
    d[at] = impA + impulse;
    pass.imp = impulse;
    applyRow(j, sb);
    return;
  }
  if (switchedOn(j, S_SPRING)) {
    pass.C = length - j._length;
    solveRowSpring(j, sb);
  }
  if (j._minLength > 0) {
    pass.C = length - j._minLength;
    solveRowLimit(j, sb, ctx, 1);
  }
  if (j._maxLength < Infinity) {
    pass.C = j._maxLength - length;
    solveRowLimit(j, sb, ctx, -1);
  }
}

export function sumDistance(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  rowNow(j);
  axialImpulse(j);
  const imp = pass.imp;
  j.sumX += imp * row.ux;
  j.sumY += imp * row.uy;
}
