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
import { turnOut, turnSince, type JointContext } from "./parts.js";
import type { JointConstraints } from "./joint-constraints.js";
import {
  D_DAMPING, D_HERTZ, D_IMPA, DEF, F_AXIAL, F_LIMIT, F_MOTOR, F_PARTS, F_SPRING, I_SWITCHES, INFO, R_ANGULAR_MASS, R_DANGLE, R_DCX, R_DCY, R_FAX, R_FAY, R_FBX,
  R_FBY, R_IA, R_IB, R_IMPX, R_IMPY, R_LOWER, R_LOWER_IMP, R_MA, R_MAX_MOTOR, R_MB, R_MOTOR_IMP, R_MOTOR_SPEED, R_SPRING_BIAS, R_SPRING_IMP,
  R_SPRING_IMPULSE, R_SPRING_MASS, R_SUMT, R_SUMX, R_SUMY, R_UPPER, R_UPPER_IMP, S_LIMIT, S_MOTOR, S_SPRING, SLOTS, STRIDE, type JointRows,
} from "./joint-rows.js";

/**
 * Revolute row `row`'s revolute part (after `prepareBase`): angular mass,
 * spring, flags; the impulses of the parts switched off are forgotten (all
 * of them with warm starting off).
 */
export function prepareRevolute(rows: JointRows, row: number, ctx: JointContext): void {
  const r = rows.rec;
  const o = row * STRIDE;
  const k = r[o + R_IA]! + r[o + R_IB]!;
  const angularMass = k > 0 ? 1 / k : 0;
  r[o + R_ANGULAR_MASS] = angularMass;
  const switches = rows.info[row * INFO + I_SWITCHES]!;
  const spring = (switches & S_SPRING) !== 0;
  const motor = (switches & S_MOTOR) !== 0;
  const limit = (switches & S_LIMIT) !== 0;
  const hertz = rows.def[row * DEF + D_HERTZ]!;
  const turns = angularMass > 0;
  const flags =
    (turns && spring && hertz > 0 ? F_SPRING : 0) | (turns && motor ? F_MOTOR : 0) | (turns && limit ? F_LIMIT : 0) | (spring || motor || limit ? F_AXIAL : 0);
  rows.slots[row * SLOTS + 2] = flags;
  if ((flags & F_SPRING) !== 0) {
    // the spring's softness is read only when it pulls
    const s = ctx.scratch;
    s.hertz = hertz;
    s.zeta = rows.def[row * DEF + D_DAMPING]!;
    s.h = ctx.h;
    s.update();
    r[o + R_SPRING_BIAS] = s.biasRate;
    r[o + R_SPRING_MASS] = s.massScale;
    r[o + R_SPRING_IMPULSE] = s.impulseScale;
  }
  if (!ctx.warmStarting) {
    r.fill(0, o + R_IMPX, o + R_UPPER_IMP + 1);
    rows.def[row * DEF + D_IMPA] = 0;
  } else {
    if (!spring) r[o + R_SPRING_IMP] = 0;
    if (!motor) r[o + R_MOTOR_IMP] = 0;
    if (!limit) {
      r[o + R_LOWER_IMP] = 0;
      r[o + R_UPPER_IMP] = 0;
    }
  }
  r[o + R_SUMX] = 0;
  r[o + R_SUMY] = 0;
  r[o + R_SUMT] = 0;
}

/** Warm start revolute records from .. to: the point impulse at the anchors now, and the angular ones. */
export function warmStartRevolutes(jc: JointConstraints, sb: SolverBodies, from: number, to: number): void {
  const r = jc.rows.rec;
  const slots = jc.rows.slots;
  const act = jc.act;
  const { vx, vy, w, dqc, dqs } = sb;
  for (let i = from; i < to; i++) {
    const row = act[i]!;
    const o = row * STRIDE;
    const sA = slots[row * SLOTS]!;
    const sB = slots[row * SLOTS + 1]!;
    // (+0 without F_AXIAL, as the sum of the four +0 would be)
    const axial =
      (slots[row * SLOTS + 2]! & F_AXIAL) !== 0 ? r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]! : 0;
    const cA = dqc[sA]!;
    const snA = dqs[sA]!;
    const cB = dqc[sB]!;
    const snB = dqs[sB]!;
    const fAx = r[o + R_FAX]!;
    const fAy = r[o + R_FAY]!;
    const fBx = r[o + R_FBX]!;
    const fBy = r[o + R_FBY]!;
    const rAx = cA * fAx - snA * fAy;
    const rAy = snA * fAx + cA * fAy;
    const rBx = cB * fBx - snB * fBy;
    const rBy = snB * fBx + cB * fBy;
    const ix = r[o + R_IMPX]!;
    const iy = r[o + R_IMPY]!;
    const mA = r[o + R_MA]!;
    const mB = r[o + R_MB]!;
    vx[sA] = vx[sA]! - mA * ix;
    vy[sA] = vy[sA]! - mA * iy;
    w[sA] = w[sA]! - r[o + R_IA]! * (rAx * iy - rAy * ix + axial);
    vx[sB] = vx[sB]! + mB * ix;
    vy[sB] = vy[sB]! + mB * iy;
    w[sB] = w[sB]! + r[o + R_IB]! * (rBx * iy - rBy * ix + axial);
  }
}

/**
 * One pass over revolute records from .. to, with the bias (ctx.useBias) or
 * without: spring, motor, limits, then the point, in Box2D v3's order, so
 * the point (the part that must hold) has the last word. The arithmetic is
 * the object solver's it replaced, operation for operation (same bits).
 * With ctx.sum (the sub-step's last pass over the joints) each record's
 * impulses are then added to the step's sums, as `sumRevolutes` would
 * after it: nothing changes them in between, and the record is in cache.
 */
export function solveRevolutes(jc: JointConstraints, sb: SolverBodies, ctx: JointContext, from: number, to: number): void {
  const r = jc.rows.rec;
  const slots = jc.rows.slots;
  const act = jc.act;
  const { vx, vy, w, dpx, dpy, dqc, dqs } = sb;
  const useBias = ctx.useBias;
  const h = ctx.h;
  const invH = ctx.invH;
  const rigidBias = ctx.rigid.biasRate;
  const rigidMass = ctx.rigid.massScale;
  const rigidImpulse = ctx.rigid.impulseScale;
  const sum = ctx.sum;
  for (let i = from; i < to; i++) {
    const row = act[i]!;
    const o = row * STRIDE;
    const sA = slots[row * SLOTS]!;
    const sB = slots[row * SLOTS + 1]!;
    const flags = slots[row * SLOTS + 2]!;
    const iA = r[o + R_IA]!;
    const iB = r[o + R_IB]!;
    if ((flags & F_PARTS) !== 0) {
      const angularMass = r[o + R_ANGULAR_MASS]!;
      if ((flags & F_SPRING) !== 0) {
        turnSince(sb, sA, sB);
        const C = r[o + R_DANGLE]! + turnOut[0]!;
        const cdot = w[sB]! - w[sA]!;
        const springImp = r[o + R_SPRING_IMP]!;
        const impulse = -r[o + R_SPRING_MASS]! * angularMass * (cdot + r[o + R_SPRING_BIAS]! * C) - r[o + R_SPRING_IMPULSE]! * springImp;
        r[o + R_SPRING_IMP] = springImp + impulse;
        w[sA] = w[sA]! - iA * impulse;
        w[sB] = w[sB]! + iB * impulse;
      }
      if ((flags & F_MOTOR) !== 0) {
        const cdot = w[sB]! - w[sA]! - r[o + R_MOTOR_SPEED]!;
        const max = r[o + R_MAX_MOTOR]! * h;
        const old = r[o + R_MOTOR_IMP]!;
        let next = old - angularMass * cdot;
        if (next > max) next = max;
        else if (next < -max) next = -max;
        r[o + R_MOTOR_IMP] = next;
        const imp = next - old;
        w[sA] = w[sA]! - iA * imp;
        w[sB] = w[sB]! + iB * imp;
      }
      if ((flags & F_LIMIT) !== 0) {
        turnSince(sb, sA, sB);
        const angle = r[o + R_DANGLE]! + turnOut[0]!;
        for (let side = 0; side < 2; side++) {
          // lower: C = angle − lower ≥ 0 (sign +1); upper: C = upper − angle ≥ 0 (sign −1)
          const sign = side === 0 ? 1 : -1;
          const C = side === 0 ? angle - r[o + R_LOWER]! : r[o + R_UPPER]! - angle;
          const at = side === 0 ? o + R_LOWER_IMP : o + R_UPPER_IMP;
          // speculative while apart, soft like the rigid parts once past it (only with the bias)
          let bias = 0;
          let massScale = 1;
          let impulseScale = 0;
          if (C > 0) bias = C * invH;
          else if (useBias) {
            bias = rigidBias * C;
            massScale = rigidMass;
            impulseScale = rigidImpulse;
          }
          const accumulated = r[at]!;
          const cdot = sign * (w[sB]! - w[sA]!);
          const impulse = -angularMass * massScale * (cdot + bias) - impulseScale * accumulated;
          let next = accumulated + impulse;
          if (next < 0) next = 0;
          r[at] = next;
          const applied = sign * (next - accumulated);
          w[sA] = w[sA]! - iA * applied;
          w[sB] = w[sB]! + iB * applied;
        }
      }
    }
    // the point: anchors now, Cdot = vB + ωB×rB − vA − ωA×rA, K = J M⁻¹ Jᵀ (the anchors are
    // written out here, in warmStartRevolutes and in positions.ts projectPoints: a shared helper
    // writing them to a scratch object cost 5-9 % of joint_grid's step)
    const cA = dqc[sA]!;
    const snA = dqs[sA]!;
    const cB = dqc[sB]!;
    const snB = dqs[sB]!;
    const fAx = r[o + R_FAX]!;
    const fAy = r[o + R_FAY]!;
    const fBx = r[o + R_FBX]!;
    const fBy = r[o + R_FBY]!;
    const rAx = cA * fAx - snA * fAy;
    const rAy = snA * fAx + cA * fAy;
    const rBx = cB * fBx - snB * fBy;
    const rBy = snB * fBx + cB * fBy;
    const mA = r[o + R_MA]!;
    const mB = r[o + R_MB]!;
    const wA = w[sA]!;
    const wB = w[sB]!;
    let cx = vx[sB]! - wB * rBy - (vx[sA]! - wA * rAy);
    let cy = vy[sB]! + wB * rBx - (vy[sA]! + wA * rAx);
    const m = mA + mB;
    const k11 = m + rAy * rAy * iA + rBy * rBy * iB;
    const k12 = -rAy * rAx * iA - rBy * rBx * iB;
    const k22 = m + rAx * rAx * iA + rBx * rBx * iB;
    let massScale = 1;
    let impulseScale = 0;
    if (useBias) {
      cx += rigidBias * (dpx[sB]! - dpx[sA]! + rBx - rAx + r[o + R_DCX]!);
      cy += rigidBias * (dpy[sB]! - dpy[sA]! + rBy - rAy + r[o + R_DCY]!);
      massScale = rigidMass;
      impulseScale = rigidImpulse;
    }
    let det = k11 * k22 - k12 * k12;
    if (det !== 0) det = 1 / det;
    const impX = r[o + R_IMPX]!;
    const impY = r[o + R_IMPY]!;
    const ix = -massScale * det * (k22 * cx - k12 * cy) - impulseScale * impX;
    const iy = -massScale * det * (k11 * cy - k12 * cx) - impulseScale * impY;
    const nextX = impX + ix;
    const nextY = impY + iy;
    r[o + R_IMPX] = nextX;
    r[o + R_IMPY] = nextY;
    vx[sA] = vx[sA]! - mA * ix;
    vy[sA] = vy[sA]! - mA * iy;
    w[sA] = w[sA]! - iA * (rAx * iy - rAy * ix);
    vx[sB] = vx[sB]! + mB * ix;
    vy[sB] = vy[sB]! + mB * iy;
    w[sB] = w[sB]! + iB * (rBx * iy - rBy * ix);
    if (sum) {
      r[o + R_SUMX] = r[o + R_SUMX]! + nextX;
      r[o + R_SUMY] = r[o + R_SUMY]! + nextY;
      // without F_AXIAL the sum stays +0 (+0 plus +0)
      if ((flags & F_AXIAL) !== 0) {
        r[o + R_SUMT] = r[o + R_SUMT]! + (r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!);
      }
    }
  }
}

/** Add this sub-step's impulses of revolute records from .. to to the step's sums (for the reaction force and torque). */
export function sumRevolutes(jc: JointConstraints, from: number, to: number): void {
  const r = jc.rows.rec;
  const act = jc.act;
  for (let i = from; i < to; i++) {
    const o = act[i]! * STRIDE;
    r[o + R_SUMX] = r[o + R_SUMX]! + r[o + R_IMPX]!;
    r[o + R_SUMY] = r[o + R_SUMY]! + r[o + R_IMPY]!;
    r[o + R_SUMT] = r[o + R_SUMT]! + (r[o + R_SPRING_IMP]! + r[o + R_MOTOR_IMP]! + r[o + R_LOWER_IMP]! - r[o + R_UPPER_IMP]!);
  }
}
