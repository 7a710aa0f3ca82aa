/**
 * What every joint type's solver shares: the step's settings, the per-step
 * preparation (solver slots, masses, anchors rotated to the world), the
 * current anchors during the sub-steps, and the point constraint that
 * revolute and weld joints are made of.
 *
 * How a joint is solved (Box2D v3's soft step). At the start of the step the
 * anchors are rotated to the world (fA, fB) and the centres' offset dc is
 * kept. During the sub-steps the bodies have moved by dp and turned by dq,
 * so the anchors are r = dq·f and the point constraint's error is
 *   C = (dpB − dpA) + (rB − rA) + dc,
 * its velocity Cdot = vB + ωB × rB − vA − ωA × rA. Each pass applies the
 * impulse λ that changes Cdot to −bias, through the effective mass
 * K⁻¹ = (J M⁻¹ Jᵀ)⁻¹; with a soft constraint (bias = biasRate·C, mass and
 * impulse scales) it behaves as a stiff spring-damper (see
 * src/solver/softness.ts). The relax pass solves again without the bias,
 * so the push that corrected the error does not stay in the velocities.
 *
 * That is the soft mode (world option jointHertz > 0). By default
 * (jointHertz 0) the rigid softness has bias rate 0, mass scale 1 and impulse
 * scale 0: the rows are rigid velocity constraints, and the position error
 * the sub-steps leave is projected out after them (positions.ts).
 *
 * PGS (one pass per iteration, poses fixed at the step start) uses the same
 * code with a Baumgarte bias: biasRate = β/dt, mass scale 1, impulse scale 0
 * (or bias 0 and projection, with position correction "ngs"/"projection").
 */
import { POSE, type SolverBodies } from "../solver/solver-bodies.js";
import { Softness } from "../solver/softness.js";
import type { Joint } from "./joint.js";
import type { Body } from "../bodies/body.js";
import {
  D_DAMPING, D_HERTZ, D_IMPA, D_LAX, D_LAY, D_LBX, D_LBY, D_REF_ANGLE, DEF, I_SWITCHES, INFO, R_DANGLE, R_DCX, R_DCY, R_FAX, R_FAY, R_FBX, R_FBY,
  R_IA, R_IB, R_IMPX, R_IMPY, R_LOWER_IMP, R_MA, R_MAX_MOTOR, R_MB, R_MOTOR_IMP, R_MOTOR_SPEED, R_SPRING_IMP, R_UPPER_IMP, S_LIMIT, S_MOTOR,
  S_SPRING, SLOTS, STRIDE, type JointRows,
} from "./joint-rows.js";
// fdlibm's atan polynomial for |t| < 0.4375, written out below for the hot path
import { AT0, AT1, AT2, AT3, AT4, AT5, AT6, AT7, AT8, AT9, AT10, detAtan2In, trigIn, trigOut } from "../math/trig.js";

/** The settings of the step being solved (fields, not arguments: V8 would box numbers passed to each call). */
export class JointContext {
  /** Sub-step (soft-step) or step (pgs) length, s, and its inverse. */
  h = 0;
  invH = 0;
  /** The step's length, s (reaction forces are the step's impulses over it). */
  dt = 0;
  /** Whether this pass pushes position errors out (solve), or not (relax). */
  useBias = true;
  /** Whether this pass also adds the sub-step's impulses to the step's sums (relax). */
  sum = false;
  /** How rigid joints push errors out: soft-step, a stiff soft constraint; pgs, Baumgarte. */
  readonly rigid = new Softness();
  warmStarting = true;
  /** Scratch for a joint's spring. */
  readonly scratch = new Softness();
}

/**
 * Numbers handed to the solver's helpers: a one-sided limit's gap `C`, the
 * row's effective `mass` (axial.ts), a spring's offset, impulses to apply. Fields, not
 * arguments: V8 boxes a number passed to (or returned from) a call it does
 * not inline, and these run for every joint in every sub-step.
 */
export const pass = { C: 0.5, mass: 0.5, imp: 0.5, ix: 0.5, iy: 0.5, axial: 0.5, perp: 0.5, angular: 0.5 };

/**
 * The anchors and separation now (written by `anchorsNow`; one shared scratch, no allocation). Its
 * fields start as doubles (0.5, never read before written), as `pass`'s: V8 keeps them double fields
 * from the start, and a double stored in one is written in place.
 */
export const now = { rAx: 0.5, rAy: 0.5, rBx: 0.5, rBy: 0.5, dx: 0.5, dy: 0.5 };

/**
 * Row `row`'s base part (joint-rows.ts; its solver slots are set): masses,
 * anchors in world orientation, the centres' offset and, with `angle`, the
 * joint angle at the start of the step (an atan2; 0 without: a revolute
 * joint with neither spring nor limits never reads it), from the poses of
 * its bodies `a` and `b`. The other kinds than revolute copy it to their
 * joint (`JointConstraints.baseToJoint`).
 */
export function prepareBase(rows: JointRows, row: number, sb: SolverBodies, a: Body, b: Body, angle: boolean): void {
  const r = rows.rec;
  const d = rows.def;
  const o = row * STRIDE;
  const od = row * DEF;
  const k = row * SLOTS;
  const sA = rows.slots[k]!;
  const sB = rows.slots[k + 1]!;
  rows.slots[k + 2] = 0;
  r[o + R_MA] = sb.invMass[sA]!;
  r[o + R_IA] = sb.invI[sA]!;
  r[o + R_MB] = sb.invMass[sB]!;
  r[o + R_IB] = sb.invI[sB]!;
  const lAx = d[od + D_LAX]!;
  const lAy = d[od + D_LAY]!;
  const lBx = d[od + D_LBX]!;
  const lBy = d[od + D_LBY]!;
  // the poses: a simulated body's from the solver's record (a copy of the body's, in one cache
  // line; a Body's numbers are each a heap box of their own), the others' from the body
  const pose = sb.pose;
  const pA = POSE * sA;
  const pB = POSE * sB;
  const aX = sA !== 0 ? pose[pA]! : a.px;
  const aY = sA !== 0 ? pose[pA + 1]! : a.py;
  const aC = sA !== 0 ? pose[pA + 2]! : a.qc;
  const aS = sA !== 0 ? pose[pA + 3]! : a.qs;
  const bX = sB !== 0 ? pose[pB]! : b.px;
  const bY = sB !== 0 ? pose[pB + 1]! : b.py;
  const bC = sB !== 0 ? pose[pB + 2]! : b.qc;
  const bS = sB !== 0 ? pose[pB + 3]! : b.qs;
  r[o + R_FAX] = aC * lAx - aS * lAy;
  r[o + R_FAY] = aS * lAx + aC * lAy;
  r[o + R_FBX] = bC * lBx - bS * lBy;
  r[o + R_FBY] = bS * lBx + bC * lBy;
  r[o + R_DCX] = bX - aX;
  r[o + R_DCY] = bY - aY;
  if (!angle) {
    r[o + R_DANGLE] = 0;
    return;
  }
  // q_b · conj(q_a), its angle into trigOut[0] (a return value would be boxed)
  trigIn[0] = bS * aC - bC * aS;
  trigIn[1] = bC * aC + bS * aS;
  detAtan2In();
  let dA = trigOut[0]! - d[od + D_REF_ANGLE]!;
  if (dA < -Math.PI) dA += 2 * Math.PI;
  else if (dA > Math.PI) dA -= 2 * Math.PI;
  r[o + R_DANGLE] = dA;
}

/** Forget the impulses (warm starting off): row `j.row`'s six in `rec` and `impA`. */
export function resetImpulses(j: Joint): void {
  const rows = j.rows;
  const o = j.row * STRIDE;
  rows.rec.fill(0, o + R_IMPX, o + R_UPPER_IMP + 1);
  rows.def[j.row * DEF + D_IMPA] = 0;
}

/** Whether switch `bit` (joint-rows.ts S_LIMIT, S_MOTOR, S_SPRING) of the joint is on: its row, not the accessor. */
export function switchedOn(j: Joint, bit: number): boolean {
  return (j.rows.info[j.row * INFO + I_SWITCHES]! & bit) !== 0;
}

/** Forget the impulses of the parts that are switched off (spring, motor, limits). */
export function forgetDisabled(j: Joint): void {
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  if (!switchedOn(j, S_SPRING)) r[o + R_SPRING_IMP] = 0;
  if (!switchedOn(j, S_MOTOR)) r[o + R_MOTOR_IMP] = 0;
  if (!switchedOn(j, S_LIMIT)) {
    r[o + R_LOWER_IMP] = 0;
    r[o + R_UPPER_IMP] = 0;
  }
}

/**
 * ctx.scratch as a spring of frequency ctx.scratch.hertz (set by the caller:
 * a number passed in would be boxed) with the joint's damping ratio, for
 * sub-steps of ctx.h.
 */
export function scratchSpring(j: Joint, ctx: JointContext): Softness {
  const s = ctx.scratch;
  s.zeta = j.rows.def[j.row * DEF + D_DAMPING]!;
  s.h = ctx.h;
  s.update();
  return s;
}

/** The joint's spring for sub-steps of `ctx.h` into springBias / springMassScale / springImpulseScale. */
export function prepareSpring(j: Joint, ctx: JointContext): void {
  ctx.scratch.hertz = j.rows.def[j.row * DEF + D_HERTZ]!;
  const s = scratchSpring(j, ctx);
  j.springBias = s.biasRate;
  j.springMassScale = s.massScale;
  j.springImpulseScale = s.impulseScale;
}

/** The point constraint's softness: the rigid one of the step (revolute, ...). */
export function useRigidForPoint(j: Joint, ctx: JointContext): void {
  j.linBias = ctx.rigid.biasRate;
  j.linMassScale = ctx.rigid.massScale;
  j.linImpulseScale = ctx.rigid.impulseScale;
}

/** Anchors relative to the centres now (r = dq·f), and the anchors' separation B − A, into `now`. */
export function anchorsNow(j: Joint, sb: SolverBodies): void {
  const sA = j.sA;
  const sB = j.sB;
  const cA = sb.dqc[sA]!;
  const snA = sb.dqs[sA]!;
  const cB = sb.dqc[sB]!;
  const snB = sb.dqs[sB]!;
  const rAx = cA * j.fAx - snA * j.fAy;
  const rAy = snA * j.fAx + cA * j.fAy;
  const rBx = cB * j.fBx - snB * j.fBy;
  const rBy = snB * j.fBx + cB * j.fBy;
  now.rAx = rAx;
  now.rAy = rAy;
  now.rBx = rBx;
  now.rBy = rBy;
  now.dx = sb.dpx[sB]! - sb.dpx[sA]! + rBx - rAx + j.dcx;
  now.dy = sb.dpy[sB]! - sb.dpy[sA]! + rBy - rAy + j.dcy;
}


/** The turn written by `turnSince`, rad (a typed array: V8 would box a number returned from a call it does not inline). */
export const turnOut = new Float64Array(1);

/**
 * How far slot sB turned relative to slot sA since the step start, into
 * `turnOut[0]`: δ = 2·atan(s / (1 + c)) of the relative turn's (c, s). A
 * turn below about 0.8 rad (every sub-step of every sane scene) takes
 * fdlibm's polynomial written out here; a larger one the full atan2.
 */
export function turnSince(sb: SolverBodies, sA: number, sB: number): void {
  const ac = sb.dqc[sA]!;
  const as = sb.dqs[sA]!;
  const bc = sb.dqc[sB]!;
  const bs = sb.dqs[sB]!;
  const s = bs * ac - bc * as;
  const c = bc * ac + bs * as;
  const u = s / (1 + c);
  if (u < 0.4375 && u > -0.4375) {
    const z = u * u;
    const w = z * z;
    const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
    const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
    turnOut[0] = 2 * (u - u * (s1 + s2));
  } else {
    trigIn[0] = s;
    trigIn[1] = c;
    detAtan2In();
    turnOut[0] = trigOut[0]!;
  }
}

/** The joint angle now, into `j.theta` (a field, not a return value: see `turnOut`): at the step start plus the turn since. */
export function angleNow(j: Joint, sb: SolverBodies): void {
  turnSince(sb, j.sA, j.sB);
  j.theta = j.dAngle + turnOut[0]!;
}

/** Apply the angular impulse pass.imp to both bodies (B gets +imp). */
export function applyAngular(j: Joint, sb: SolverBodies): void {
  const imp = pass.imp;
  sb.w[j.sA] = sb.w[j.sA]! - j.iA * imp;
  sb.w[j.sB] = sb.w[j.sB]! + j.iB * imp;
}

/** The point constraint's velocity error and effective-mass matrix now (written by `pointNow`; double fields, as `now`'s). */
export const point = { cx: 0.5, cy: 0.5, k11: 0.5, k12: 0.5, k22: 0.5 };

/**
 * Anchors now (`now`), the anchors' relative velocity Cdot = vB + ωB×rB −
 * vA − ωA×rA and K = J M⁻¹ Jᵀ (2×2) into `point`.
 */
export function pointNow(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  const sA = j.sA;
  const sB = j.sB;
  const rAx = now.rAx;
  const rAy = now.rAy;
  const rBx = now.rBx;
  const rBy = now.rBy;
  const wA = sb.w[sA]!;
  const wB = sb.w[sB]!;
  point.cx = sb.vx[sB]! - wB * rBy - (sb.vx[sA]! - wA * rAy);
  point.cy = sb.vy[sB]! + wB * rBx - (sb.vy[sA]! + wA * rAx);
  const m = j.mA + j.mB;
  point.k11 = m + rAy * rAy * j.iA + rBy * rBy * j.iB;
  point.k12 = -rAy * rAx * j.iA - rBy * rBx * j.iB;
  point.k22 = m + rAx * rAx * j.iA + rBx * rBx * j.iB;
}

/** Apply the point impulse (pass.ix, pass.iy) at the anchors in `now` (B gets +). */
export function applyPoint(j: Joint, sb: SolverBodies): void {
  const ix = pass.ix;
  const iy = pass.iy;
  const sA = j.sA;
  const sB = j.sB;
  sb.vx[sA] = sb.vx[sA]! - j.mA * ix;
  sb.vy[sA] = sb.vy[sA]! - j.mA * iy;
  sb.w[sA] = sb.w[sA]! - j.iA * (now.rAx * iy - now.rAy * ix);
  sb.vx[sB] = sb.vx[sB]! + j.mB * ix;
  sb.vy[sB] = sb.vy[sB]! + j.mB * iy;
  sb.w[sB] = sb.w[sB]! + j.iB * (now.rBx * iy - now.rBy * ix);
}

/**
 * The 2D point constraint: anchor B on anchor A. With `bias`, the position
 * error is pushed out with the softness in j.linBias / linMassScale /
 * linImpulseScale; without, it is the rigid velocity constraint.
 */
export function solvePoint(j: Joint, sb: SolverBodies, bias: boolean): void {
  pointNow(j, sb);
  let cx = point.cx;
  let cy = point.cy;
  let massScale = 1;
  let impulseScale = 0;
  if (bias) {
    cx += j.linBias * now.dx;
    cy += j.linBias * now.dy;
    massScale = j.linMassScale;
    impulseScale = j.linImpulseScale;
  }
  const { k11, k12, k22 } = point;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const ix = -massScale * det * (k22 * cx - k12 * cy) - impulseScale * r[o + R_IMPX]!;
  const iy = -massScale * det * (k11 * cy - k12 * cx) - impulseScale * r[o + R_IMPY]!;
  r[o + R_IMPX] = r[o + R_IMPX]! + ix;
  r[o + R_IMPY] = r[o + R_IMPY]! + iy;
  pass.ix = ix;
  pass.iy = iy;
  applyPoint(j, sb);
}

/** Warm start a point impulse (impX, impY) plus an angular one pass.axial on B (−axial on A). */
export function warmStartPoint(j: Joint, sb: SolverBodies): void {
  const axial = pass.axial;
  const { vx, vy, w } = sb;
  anchorsNow(j, sb);
  const ix = j.rows.rec[j.row * STRIDE + R_IMPX]!;
  const iy = j.rows.rec[j.row * STRIDE + R_IMPY]!;
  const sA = j.sA;
  const sB = j.sB;
  vx[sA] = vx[sA]! - j.mA * ix;
  vy[sA] = vy[sA]! - j.mA * iy;
  w[sA] = w[sA]! - j.iA * (now.rAx * iy - now.rAy * ix + axial);
  vx[sB] = vx[sB]! + j.mB * ix;
  vy[sB] = vy[sB]! + j.mB * iy;
  w[sB] = w[sB]! + j.iB * (now.rBx * iy - now.rBy * ix + axial);
}


/** How a one-sided limit pass pushes (written by `limitSoftness`). */
export const limit = { bias: 0.5, massScale: 1.5, impulseScale: 0.5 };

/**
 * The push of a one-sided limit whose gap is pass.C (≥ 0 is allowed):
 * speculative while apart (no push until it would cross in this sub-step),
 * soft like the rigid parts once past it (only in the solve pass).
 */
export function limitSoftness(ctx: JointContext): void {
  const C = pass.C;
  limit.bias = 0;
  limit.massScale = 1;
  limit.impulseScale = 0;
  if (C > 0) limit.bias = C * ctx.invH;
  else if (ctx.useBias) {
    limit.bias = ctx.rigid.biasRate * C;
    limit.massScale = ctx.rigid.massScale;
    limit.impulseScale = ctx.rigid.impulseScale;
  }
}

/** An angular motor (wheel): drive ωB − ωA to the motor speed with at most maxMotor·h per sub-step. */
export function solveAngularMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const cdot = sb.w[j.sB]! - sb.w[j.sA]! - r[o + R_MOTOR_SPEED]!;
  const max = r[o + R_MAX_MOTOR]! * ctx.h;
  const old = r[o + R_MOTOR_IMP]!;
  let next = old - j.angularMass * cdot;
  if (next > max) next = max;
  else if (next < -max) next = -max;
  r[o + R_MOTOR_IMP] = next;
  pass.imp = next - old;
  applyAngular(j, sb);
}
