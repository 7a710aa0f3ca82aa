/**
 * Joint position projection: nonlinear Gauss-Seidel (NGS, Box2D v2's
 * position solver) for the rigid parts of the joints.
 *
 * The velocity passes leave a position error: soft-step's rigid parts are
 * stiff springs (a heavy load stretches them by F / (m_eff·ω²)), and pgs's
 * Baumgarte bias removes only a fraction per step. One projection pass
 * recomputes each rigid part's error C from the poses now and moves the two
 * bodies (pose only, velocities untouched) by the position impulse
 *   P = −K⁻¹·C,  ΔxA = −mA⁻¹·P,  ΔθA = −IA⁻¹·(rA × P),  ΔxB = +mB⁻¹·P, ...
 * with the same effective mass K as the velocity rows, now from the current
 * anchors. A few passes (Gauss-Seidel over the joints) remove the error a
 * long chain or a 100× load leaves; no velocity is added, so no energy is.
 *
 * What is projected: the point of revolute and weld joints, a rigid weld's
 * angle, revolute angle limits, a distance joint's rigid length or its
 * min/max, the line and angle of prismatic joints, the line of wheel joints
 * and both joints' translation limits. Springs and motors are forces, not
 * errors: they are left alone, and so are motor joints.
 *
 * A single pass corrects at most MAX_LINEAR (m) and MAX_ANGULAR (rad) per
 * part, so a joint pulled far apart (a teleported body) comes back over a
 * few steps instead of snapping. The clamps are Math.min/Math.max, not
 * `C > MAX ? MAX : C`: V8 boxed the value of such a conditional (a
 * module constant on one side, a computed double on the other) into a new
 * heap number on every call.
 *
 * The passes work on the step's joint records (joint-constraints.ts: slots,
 * masses, anchors at the step start) and move the solver's poses
 * (`SolverBodies.movePose`), before `SolverBodies.store` hands them to the
 * bodies.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import { DISTANCE, PRISMATIC, WELD, WHEEL, type Joint } from "./joint.js";
import { angleNow, anchorsNow, now, turnOut, turnSince } from "./parts.js";
import { line, lineNow, row, setRow } from "./axial.js";
import { isRigid } from "./distance.js";
import type { JointConstraints } from "./joint-constraints.js";
import {
  F_LIMIT, I_SWITCHES, INFO, S_LIMIT, R_ANGULAR_MASS, R_DANGLE, R_DCX, R_DCY, R_FAX, R_FAY, R_FBX, R_FBY, R_IA, R_IB, R_LOWER, R_MA, R_MB, R_UPPER, SLOTS, STRIDE,
  type JointRows,
} from "./joint-rows.js";

/** Largest correction of one pass: 0.2 m, 8° (Box2D v2's maxLinearCorrection and maxAngularCorrection). */
export const MAX_LINEAR = 0.2;
export const MAX_ANGULAR = (8 / 180) * Math.PI;

/** The largest error the last pass found: m for linear parts, rad for angular ones (double fields from the start; each pass zeroes them first). */
export const projected = { linear: 0.5, angular: 0.5 };

/**
 * The position impulse being applied: (px, py) at A's lever (lax, lay) and
 * at B's anchor now, plus `angular` on B (−angular on A); and the error `c`
 * of the part being projected. Fields, not arguments: V8 boxes a number
 * passed to a call it does not inline, and these run for every joint.
 */
const P = { px: 0.5, py: 0.5, lax: 0.5, lay: 0.5, angular: 0.5, c: 0.5 };

/** The pass's rows (set by `projectJoints`); `i` below is a row. */
let rows: JointRows;

/** Apply P to the two bodies of record i. */
function push(i: number, sb: SolverBodies): void {
  const r = rows.rec;
  const o = i * STRIDE;
  const px = P.px;
  const py = P.py;
  const tA = P.lax * py - P.lay * px + P.angular;
  const tB = now.rBx * py - now.rBy * px + P.angular;
  const mA = r[o + R_MA]!;
  const mB = r[o + R_MB]!;
  sb.moveX = -mA * px;
  sb.moveY = -mA * py;
  sb.moveAngle = -r[o + R_IA]! * tA;
  sb.movePose(rows.slots[i * SLOTS]!);
  sb.moveX = mB * px;
  sb.moveY = mB * py;
  sb.moveAngle = r[o + R_IB]! * tB;
  sb.movePose(rows.slots[i * SLOTS + 1]!);
}

/** An angle error P.c (rad) of a rigid angular part of record i removed. */
function projectAngle(i: number, sb: SolverBodies): void {
  const C = P.c;
  const r = rows.rec;
  const o = i * STRIDE;
  const angularMass = r[o + R_ANGULAR_MASS]!;
  if (angularMass === 0 || C === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.angular) projected.angular = a;
  const imp = -angularMass * Math.min(Math.max(C, -MAX_ANGULAR), MAX_ANGULAR);
  sb.moveX = 0;
  sb.moveY = 0;
  sb.moveAngle = -r[o + R_IA]! * imp;
  sb.movePose(rows.slots[i * SLOTS]!);
  sb.moveAngle = r[o + R_IB]! * imp;
  sb.movePose(rows.slots[i * SLOTS + 1]!);
}

/** A position error P.c (m) along the current `row` removed (record i); A's lever is (P.lax, P.lay). */
function projectRow(i: number, sb: SolverBodies): void {
  const C = P.c;
  if (C === 0) return;
  const r = rows.rec;
  const o = i * STRIDE;
  const k = r[o + R_MA]! + r[o + R_MB]! + r[o + R_IA]! * row.a1 * row.a1 + r[o + R_IB]! * row.a2 * row.a2;
  if (k === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.linear) projected.linear = a;
  const imp = -Math.min(Math.max(C, -MAX_LINEAR), MAX_LINEAR) / k;
  P.px = imp * row.ux;
  P.py = imp * row.uy;
  P.angular = 0;
  push(i, sb);
}

/** Weld record act[k]: the angle, then the point. */
function projectWeld(j: Joint, act: Int32Array, k: number, sb: SolverBodies): void {
  if (j._angularHertz === 0) {
    angleNow(j, sb);
    P.c = j.theta;
    projectAngle(act[k]!, sb);
  }
  if (j._linearHertz === 0) projectPoints(act, k, k + 1, sb);
}

function projectDistance(j: Joint, i: number, sb: SolverBodies): void {
  anchorsNow(j, sb);
  const d = Math.sqrt(now.dx * now.dx + now.dy * now.dy);
  if (d < 1e-12) return; // no direction to push along
  P.c = isRigid(j) ? d - j._length : d < j._minLength ? d - j._minLength : d > j._maxLength ? d - j._maxLength : 0;
  row.ux = now.dx / d;
  row.uy = now.dy / d;
  setRow(0);
  P.lax = now.rAx;
  P.lay = now.rAy;
  projectRow(i, sb);
}

/** Prismatic and wheel: translation limits, then B's anchor onto the line (and, prismatic, the angle). */
function projectAxisJoint(j: Joint, i: number, sb: SolverBodies, holdAngle: boolean): void {
  if ((rows.info[i * INFO + I_SWITCHES]! & S_LIMIT) !== 0) {
    anchorsNow(j, sb);
    lineNow(j, sb);
    row.ux = line.ux;
    row.uy = line.uy;
    setRow(1);
    const t = line.translation;
    const lower = rows.rec[i * STRIDE + R_LOWER]!;
    const upper = rows.rec[i * STRIDE + R_UPPER]!;
    P.c = t < lower ? t - lower : t > upper ? t - upper : 0;
    P.lax = line.lx;
    P.lay = line.ly;
    projectRow(i, sb);
  }
  anchorsNow(j, sb);
  lineNow(j, sb);
  const C1 = line.px * now.dx + line.py * now.dy;
  row.ux = line.px;
  row.uy = line.py;
  setRow(1);
  P.lax = line.lx;
  P.lay = line.ly;
  if (!holdAngle || j.angularMass === 0) {
    P.c = C1;
    projectRow(i, sb);
    return;
  }
  // the offset across the line and the angle together (the velocity pass's 2×2 block)
  angleNow(j, sb);
  const C2 = j.theta;
  const a1 = C1 < 0 ? -C1 : C1;
  const a2 = C2 < 0 ? -C2 : C2;
  if (a1 > projected.linear) projected.linear = a1;
  if (a2 > projected.angular) projected.angular = a2;
  const s1 = row.a1;
  const s2 = row.a2;
  const k11 = j.mA + j.mB + j.iA * s1 * s1 + j.iB * s2 * s2;
  const k12 = j.iA * s1 + j.iB * s2;
  const k22 = j.iA + j.iB;
  let det = k11 * k22 - k12 * k12;
  if (det === 0) return;
  det = 1 / det;
  const c1 = Math.min(Math.max(C1, -MAX_LINEAR), MAX_LINEAR);
  const c2 = Math.min(Math.max(C2, -MAX_ANGULAR), MAX_ANGULAR);
  const i1 = -det * (k22 * c1 - k12 * c2);
  const i2 = -det * (k11 * c2 - k12 * c1);
  P.px = i1 * line.px;
  P.py = i1 * line.py;
  P.angular = i2;
  push(i, sb);
}

/**
 * Records act[from .. to) of revolute or weld joints: a revolute joint's
 * angle limits (when they hold), then anchor B brought onto anchor A. The
 * point's impulse is P = −K⁻¹·C with K from the anchors now, as in the
 * velocity pass. Written out in one loop over the records, with the
 * largest error in a local (through `P`, `now` and a function per record,
 * joint_grid's projection took about 18 % longer).
 */
function projectPoints(act: Int32Array, from: number, to: number, sb: SolverBodies): void {
  const r = rows.rec;
  const slots = rows.slots;
  const { dpx, dpy, dqc, dqs } = sb;
  let linear = projected.linear;
  for (let k = from; k < to; k++) {
    const i = act[k]!;
    const o = i * STRIDE;
    const sA = slots[i * SLOTS]!;
    const sB = slots[i * SLOTS + 1]!;
    if ((slots[i * SLOTS + 2]! & F_LIMIT) !== 0) {
      turnSince(sb, sA, sB);
      const t = r[o + R_DANGLE]! + turnOut[0]!;
      const lower = r[o + R_LOWER]!;
      const upper = r[o + R_UPPER]!;
      P.c = t < lower ? t - lower : t > upper ? t - upper : 0;
      projectAngle(i, sb);
    }
    // the anchors now (as anchorsNow)
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
    let cx = dpx[sB]! - dpx[sA]! + rBx - rAx + r[o + R_DCX]!;
    let cy = dpy[sB]! - dpy[sA]! + rBy - rAy + r[o + R_DCY]!;
    const len = Math.sqrt(cx * cx + cy * cy);
    if (len === 0) continue;
    if (len > linear) linear = len;
    if (len > MAX_LINEAR) {
      cx *= MAX_LINEAR / len;
      cy *= MAX_LINEAR / len;
    }
    const iA = r[o + R_IA]!;
    const iB = r[o + R_IB]!;
    const mA = r[o + R_MA]!;
    const mB = r[o + R_MB]!;
    const m = mA + mB;
    const k11 = m + rAy * rAy * iA + rBy * rBy * iB;
    const k12 = -rAy * rAx * iA - rBy * rBx * iB;
    const k22 = m + rAx * rAx * iA + rBx * rBx * iB;
    let det = k11 * k22 - k12 * k12;
    if (det === 0) continue;
    det = 1 / det;
    const px = -det * (k22 * cx - k12 * cy);
    const py = -det * (k11 * cy - k12 * cx);
    // (the torques' "+ 0" is the angular part `push` adds: it turns a −0 into +0)
    sb.moveX = -mA * px;
    sb.moveY = -mA * py;
    sb.moveAngle = -iA * (rAx * py - rAy * px + 0);
    sb.movePose(sA);
    sb.moveX = mB * px;
    sb.moveY = mB * py;
    sb.moveAngle = iB * (rBx * py - rBy * px + 0);
    sb.movePose(sB);
  }
  projected.linear = linear;
}

/**
 * One NGS pass over the step's records (`records`, in its runs; `jointOf`
 * gives the joint of a row, for the kinds solved on their Joint objects),
 * moving the solver's poses (which `SolverBodies.store` hands to the bodies); the
 * largest error it found is left in `projected` (for an early exit).
 */
export function projectJoints(jointOf: readonly (Joint | null)[], sb: SolverBodies, records: JointConstraints): void {
  rows = records.rows;
  const act = records.act;
  projected.linear = 0;
  projected.angular = 0;
  for (let run = 0; run < records.runCount; run++) {
    const from = records.runFrom[run]!;
    const to = records.runFrom[run + 1]!;
    if (records.runRevolute[run] === 1) {
      projectPoints(act, from, to, sb);
      continue;
    }
    for (let k = from; k < to; k++) {
      const i = act[k]!;
      const j = jointOf[i]!;
      switch (j._kind) {
        case WELD:
          projectWeld(j, act, k, sb);
          break;
        case DISTANCE:
          projectDistance(j, i, sb);
          break;
        case PRISMATIC:
          projectAxisJoint(j, i, sb, true);
          break;
        case WHEEL:
          projectAxisJoint(j, i, sb, false);
          break;
      }
    }
  }
}
