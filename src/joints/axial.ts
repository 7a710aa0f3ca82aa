/**
 * One row along a line, shared by the distance, prismatic and wheel joints:
 * the relative speed of the anchors along a unit axis u,
 *   Cdot = u·(vB − vA) + a2·ωB − a1·ωA,
 * with a1 = (lever of A) × u and a2 = rB × u. For a distance joint the
 * levers are the anchors (a1 = rA × u); for a prismatic or wheel joint,
 * whose axis turns with body A, A's lever reaches to B's anchor
 * (a1 = (d + rA) × u). The row's effective mass is
 *   1 / (mA⁻¹ + mB⁻¹ + IA⁻¹·a1² + IB⁻¹·a2²).
 * `setRow` fills the one shared scratch row; the functions below read it.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { limit, limitSoftness, now, pass, type JointContext } from "./parts.js";
import { R_LOWER_IMP, R_MAX_MOTOR, R_MOTOR_IMP, R_MOTOR_SPEED, R_SPRING_IMP, R_UPPER_IMP, STRIDE } from "./joint-rows.js";

export const row = { ux: 0.5, uy: 0.5, a1: 0.5, a2: 0.5, mass: 0.5, speed: 0.5, length: 0.5 };

/**
 * Set the row's levers for the axis (row.ux, row.uy) already written: A's
 * lever is A's anchor (`lever` 0: now.rA, distance joints) or reaches B's
 * anchor (1: line.l, prismatic and wheel); B's is B's anchor (now.rB).
 */
export function setRow(lever: number): void {
  const ux = row.ux;
  const uy = row.uy;
  const lx = lever === 0 ? now.rAx : line.lx;
  const ly = lever === 0 ? now.rAy : line.ly;
  row.a1 = lx * uy - ly * ux;
  row.a2 = now.rBx * uy - now.rBy * ux;
}

/** The row's effective mass for the joint's bodies into row.mass (0 when neither can move along it). */
export function rowMass(j: Joint): void {
  const k = j.mA + j.mB + j.iA * row.a1 * row.a1 + j.iB * row.a2 * row.a2;
  row.mass = k > 0 ? 1 / k : 0;
}

/** The anchors' relative speed along the row, into row.speed. */
export function rowSpeed(j: Joint, sb: SolverBodies): void {
  const sA = j.sA;
  const sB = j.sB;
  row.speed = row.ux * (sb.vx[sB]! - sb.vx[sA]!) + row.uy * (sb.vy[sB]! - sb.vy[sA]!) + row.a2 * sb.w[sB]! - row.a1 * sb.w[sA]!;
}

/** Apply the impulse pass.imp along the row (B gets +imp·u). */
export function applyRow(j: Joint, sb: SolverBodies): void {
  const imp = pass.imp;
  const sA = j.sA;
  const sB = j.sB;
  const px = imp * row.ux;
  const py = imp * row.uy;
  sb.vx[sA] = sb.vx[sA]! - j.mA * px;
  sb.vy[sA] = sb.vy[sA]! - j.mA * py;
  sb.w[sA] = sb.w[sA]! - j.iA * imp * row.a1;
  sb.vx[sB] = sb.vx[sB]! + j.mB * px;
  sb.vy[sB] = sb.vy[sB]! + j.mB * py;
  sb.w[sB] = sb.w[sB]! + j.iB * imp * row.a2;
}

/**
 * A one-sided limit along the row, of effective mass pass.mass: keep
 * C = pass.C ≥ 0, where C is (x − lower) (sign +1, impulse in the row's
 * lower impulse) or (upper − x) (sign −1, the upper one); see `limitSoftness`.
 */
export function solveRowLimit(j: Joint, sb: SolverBodies, ctx: JointContext, sign: number): void {
  limitSoftness(ctx);
  const r = j.rows.rec;
  const at = j.row * STRIDE + (sign > 0 ? R_LOWER_IMP : R_UPPER_IMP);
  const accumulated = r[at]!;
  rowSpeed(j, sb);
  const cdot = sign * row.speed;
  const impulse = -pass.mass * limit.massScale * (cdot + limit.bias) - limit.impulseScale * accumulated;
  let next = accumulated + impulse;
  if (next < 0) next = 0;
  r[at] = next;
  pass.imp = sign * (next - accumulated);
  applyRow(j, sb);
}

/** A motor along the row (effective mass pass.mass): drive the speed to the motor speed, impulse within ±maxMotor·h. */
export function solveRowMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const old = r[o + R_MOTOR_IMP]!;
  const max = r[o + R_MAX_MOTOR]! * ctx.h;
  rowSpeed(j, sb);
  let next = old + pass.mass * (r[o + R_MOTOR_SPEED]! - row.speed);
  if (next > max) next = max;
  else if (next < -max) next = -max;
  r[o + R_MOTOR_IMP] = next;
  pass.imp = next - old;
  applyRow(j, sb);
}

/** A spring along the row towards C = 0 (C = pass.C, the current offset from rest; mass pass.mass), with the joint's spring softness. */
export function solveRowSpring(j: Joint, sb: SolverBodies): void {
  const r = j.rows.rec;
  const at = j.row * STRIDE + R_SPRING_IMP;
  rowSpeed(j, sb);
  const springImp = r[at]!;
  const impulse = -j.springMassScale * pass.mass * (row.speed + j.springBias * pass.C) - j.springImpulseScale * springImp;
  r[at] = springImp + impulse;
  pass.imp = impulse;
  applyRow(j, sb);
}

/**
 * A line fixed in body A (prismatic and wheel joints) now: the axis u (A's
 * axis at the step start, j.wax / way, turned with A since), the
 * perpendicular p, B's anchor's offset along u (`translation`) and the
 * levers of both directions. Needs `anchorsNow` first. (Double fields from
 * the start, as parts.ts's `now`: never read before `lineNow` writes them.)
 */
export const line = { ux: 0.5, uy: 0.5, px: 0.5, py: 0.5, translation: 0.5, lx: 0.5, ly: 0.5 };

export function lineNow(j: Joint, sb: SolverBodies): void {
  const dx = now.dx;
  const dy = now.dy;
  const c = sb.dqc[j.sA]!;
  const s = sb.dqs[j.sA]!;
  const ux = c * j.wax - s * j.way;
  const uy = s * j.wax + c * j.way;
  line.ux = ux;
  line.uy = uy;
  line.px = -uy;
  line.py = ux;
  line.translation = ux * dx + uy * dy;
  // A's lever reaches B's anchor: d + rA
  line.lx = dx + now.rAx;
  line.ly = dy + now.rAy;
}
