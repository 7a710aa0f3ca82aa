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
import type { SolverBodies } from "../solver/solver-bodies.js";
import { Softness } from "../solver/softness.js";
import { relativeAngle, unwind, type Joint } from "./joint.js";

/** The settings of the step being solved (fields, not arguments: V8 would box numbers passed to each call). */
export class JointContext {
  /** Sub-step (soft-step) or step (pgs) length, s, and its inverse. */
  h = 0;
  invH = 0;
  /** The step's length, s (reaction forces are the step's impulses over it). */
  dt = 0;
  /** Whether this pass pushes position errors out (solve), or not (relax). */
  useBias = true;
  /** How rigid joints push errors out: soft-step, a stiff soft constraint; pgs, Baumgarte. */
  readonly rigid = new Softness();
  warmStarting = true;
  /** Scratch for a joint's spring. */
  readonly scratch = new Softness();
}

/** The anchors and separation now (written by `anchorsNow`; one shared scratch, no allocation). */
export const now = { rAx: 0, rAy: 0, rBx: 0, rBy: 0, dx: 0, dy: 0 };

/** Solver slots, masses, anchors in world orientation and the centres' offset, at the start of the step. */
export function prepareBase(j: Joint, sb: SolverBodies): void {
  const a = j._bodyA;
  const b = j._bodyB;
  const sA = sb.slotOf[a.slot]!;
  const sB = sb.slotOf[b.slot]!;
  j.sA = sA;
  j.sB = sB;
  j.mA = sb.invMass[sA]!;
  j.iA = sb.invI[sA]!;
  j.mB = sb.invMass[sB]!;
  j.iB = sb.invI[sB]!;
  j.fAx = a.qc * j.lAx - a.qs * j.lAy;
  j.fAy = a.qs * j.lAx + a.qc * j.lAy;
  j.fBx = b.qc * j.lBx - b.qs * j.lBy;
  j.fBy = b.qs * j.lBx + b.qc * j.lBy;
  j.dcx = b.px - a.px;
  j.dcy = b.py - a.py;
  j.dAngle = unwind(relativeAngle(b.qc, b.qs, a.qc, a.qs) - j._refAngle);
  j.sumX = 0;
  j.sumY = 0;
  j.sumT = 0;
}

/** Forget the impulses (warm starting off). */
export function resetImpulses(j: Joint): void {
  j.impX = 0;
  j.impY = 0;
  j.impA = 0;
  j.springImp = 0;
  j.motorImp = 0;
  j.lowerImp = 0;
  j.upperImp = 0;
}

/** Forget the impulses of the parts that are switched off (spring, motor, limits). */
export function forgetDisabled(j: Joint): void {
  if (!j._enableSpring) j.springImp = 0;
  if (!j._enableMotor) j.motorImp = 0;
  if (!j._enableLimit) {
    j.lowerImp = 0;
    j.upperImp = 0;
  }
}

/** The joint's spring for sub-steps of `ctx.h` into springBias / springMassScale / springImpulseScale. */
export function prepareSpring(j: Joint, ctx: JointContext): void {
  const s = ctx.scratch;
  s.set(j._hertz, j._dampingRatio, ctx.h);
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

/** The joint angle now: at the step start plus the relative turn since. */
export function angleNow(j: Joint, sb: SolverBodies): number {
  return j.dAngle + relativeAngle(sb.dqc[j.sB]!, sb.dqs[j.sB]!, sb.dqc[j.sA]!, sb.dqs[j.sA]!);
}

/** Apply the angular impulse `j.sumT`-style value `imp` to both bodies (B gets +imp). */
export function applyAngular(j: Joint, sb: SolverBodies, imp: number): void {
  sb.w[j.sA] = sb.w[j.sA]! - j.iA * imp;
  sb.w[j.sB] = sb.w[j.sB]! + j.iB * imp;
}

/** The point constraint's velocity error and effective-mass matrix now (written by `pointNow`). */
export const point = { cx: 0, cy: 0, k11: 0, k12: 0, k22: 0 };

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

/** Apply the point impulse (ix, iy) at the anchors in `now` (B gets +). */
export function applyPoint(j: Joint, sb: SolverBodies, ix: number, iy: number): void {
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
  const ix = -massScale * det * (k22 * cx - k12 * cy) - impulseScale * j.impX;
  const iy = -massScale * det * (k11 * cy - k12 * cx) - impulseScale * j.impY;
  j.impX += ix;
  j.impY += iy;
  applyPoint(j, sb, ix, iy);
}

/** Warm start a point impulse (impX, impY) plus an angular one `axial` on B (−axial on A). */
export function warmStartPoint(j: Joint, sb: SolverBodies, axial: number): void {
  const { vx, vy, w } = sb;
  anchorsNow(j, sb);
  const ix = j.impX;
  const iy = j.impY;
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
export const limit = { bias: 0, massScale: 1, impulseScale: 0 };

/**
 * The push of a one-sided limit whose gap is C (≥ 0 is allowed):
 * speculative while apart (no push until it would cross in this sub-step),
 * soft like the rigid parts once past it (only in the solve pass).
 */
export function limitSoftness(ctx: JointContext, C: number): void {
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

/**
 * A one-sided angular limit pass (revolute): keep C ≥ 0, where C is
 * (angle − lower) for the lower limit (sign +1) or (upper − angle) for the
 * upper (sign −1). Returns the new accumulated impulse (≥ 0).
 */
export function solveAngularLimit(j: Joint, sb: SolverBodies, ctx: JointContext, C: number, sign: number, accumulated: number): number {
  limitSoftness(ctx, C);
  const cdot = sign * (sb.w[j.sB]! - sb.w[j.sA]!);
  const impulse = -j.angularMass * limit.massScale * (cdot + limit.bias) - limit.impulseScale * accumulated;
  let next = accumulated + impulse;
  if (next < 0) next = 0;
  applyAngular(j, sb, sign * (next - accumulated));
  return next;
}

/** An angular motor (revolute, wheel): drive ωB − ωA to the motor speed with at most maxMotor·h per sub-step. */
export function solveAngularMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const cdot = sb.w[j.sB]! - sb.w[j.sA]! - j._motorSpeed;
  const max = j._maxMotor * ctx.h;
  const old = j.motorImp;
  let next = old - j.angularMass * cdot;
  if (next > max) next = max;
  else if (next < -max) next = -max;
  j.motorImp = next;
  applyAngular(j, sb, next - old);
}
