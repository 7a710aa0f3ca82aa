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
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import { DISTANCE, PRISMATIC, REVOLUTE, WELD, WHEEL, type Joint } from "./joint.js";
import { angleNow, anchorsNow, now } from "./parts.js";
import { line, lineNow, row, setRow } from "./axial.js";

/** Largest correction of one pass: 0.2 m, 8° (Box2D v2's maxLinearCorrection and maxAngularCorrection). */
export const MAX_LINEAR = 0.2;
export const MAX_ANGULAR = (8 / 180) * Math.PI;

/** The largest error the last pass found: m for linear parts, rad for angular ones. */
export const projected = { linear: 0, angular: 0 };

/**
 * The position impulse being applied: (px, py) at A's lever (lax, lay) and
 * at B's anchor now, plus `angular` on B (−angular on A); and the error `c`
 * of the part being projected. Fields, not arguments: V8 boxes a number
 * passed to a call it does not inline, and these run for every joint.
 */
const P = { px: 0.5, py: 0.5, lax: 0.5, lay: 0.5, angular: 0.5, c: 0.5 };

/** Move body slot s by (M.dx, M.dy) and turn it by M.da (unit-complex rotation, renormalised), and resync the solver's view. */
const M = { dx: 0.5, dy: 0.5, da: 0.5 };
function move(sb: SolverBodies, s: number): void {
  if (s === 0) return;
  const b = sb.bodies[s]!;
  b.px += M.dx;
  b.py += M.dy;
  const da = M.da;
  if (da !== 0) {
    const c = b.qc - da * b.qs;
    const sn = b.qs + da * b.qc;
    const inv = 1 / Math.sqrt(c * c + sn * sn);
    b.qc = c * inv;
    b.qs = sn * inv;
  }
  sb.syncPose(s);
}

/** Apply P to the two bodies. */
function push(j: Joint, sb: SolverBodies): void {
  const px = P.px;
  const py = P.py;
  const tA = P.lax * py - P.lay * px + P.angular;
  const tB = now.rBx * py - now.rBy * px + P.angular;
  M.dx = -j.mA * px;
  M.dy = -j.mA * py;
  M.da = -j.iA * tA;
  move(sb, j.sA);
  M.dx = j.mB * px;
  M.dy = j.mB * py;
  M.da = j.iB * tB;
  move(sb, j.sB);
}

/** An angle error P.c (rad) of a rigid angular part removed. */
function projectAngle(j: Joint, sb: SolverBodies): void {
  const C = P.c;
  if (j.angularMass === 0 || C === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.angular) projected.angular = a;
  const imp = -j.angularMass * Math.min(Math.max(C, -MAX_ANGULAR), MAX_ANGULAR);
  M.dx = 0;
  M.dy = 0;
  M.da = -j.iA * imp;
  move(sb, j.sA);
  M.da = j.iB * imp;
  move(sb, j.sB);
}

/** Anchor B brought onto anchor A (revolute, weld). */
function projectPoint(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  let cx = now.dx;
  let cy = now.dy;
  const len = Math.sqrt(cx * cx + cy * cy);
  if (len === 0) return;
  if (len > projected.linear) projected.linear = len;
  if (len > MAX_LINEAR) {
    cx *= MAX_LINEAR / len;
    cy *= MAX_LINEAR / len;
  }
  const { rAx, rAy, rBx, rBy } = now;
  const m = j.mA + j.mB;
  const k11 = m + rAy * rAy * j.iA + rBy * rBy * j.iB;
  const k12 = -rAy * rAx * j.iA - rBy * rBx * j.iB;
  const k22 = m + rAx * rAx * j.iA + rBx * rBx * j.iB;
  let det = k11 * k22 - k12 * k12;
  if (det === 0) return;
  det = 1 / det;
  P.px = -det * (k22 * cx - k12 * cy);
  P.py = -det * (k11 * cy - k12 * cx);
  P.lax = rAx;
  P.lay = rAy;
  P.angular = 0;
  push(j, sb);
}

/** A position error P.c (m) along the current `row` removed; A's lever is (P.lax, P.lay). */
function projectRow(j: Joint, sb: SolverBodies): void {
  const C = P.c;
  if (C === 0) return;
  const k = j.mA + j.mB + j.iA * row.a1 * row.a1 + j.iB * row.a2 * row.a2;
  if (k === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.linear) projected.linear = a;
  const imp = -Math.min(Math.max(C, -MAX_LINEAR), MAX_LINEAR) / k;
  P.px = imp * row.ux;
  P.py = imp * row.uy;
  P.angular = 0;
  push(j, sb);
}

function projectRevolute(j: Joint, sb: SolverBodies): void {
  if (j._enableLimit) {
    angleNow(j, sb);
    const t = j.theta;
    P.c = t < j._lower ? t - j._lower : t > j._upper ? t - j._upper : 0;
    projectAngle(j, sb);
  }
  projectPoint(j, sb);
}

function projectWeld(j: Joint, sb: SolverBodies): void {
  if (j._angularHertz === 0) {
    angleNow(j, sb);
    P.c = j.theta;
    projectAngle(j, sb);
  }
  if (j._linearHertz === 0) projectPoint(j, sb);
}

function projectDistance(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  const d = Math.sqrt(now.dx * now.dx + now.dy * now.dy);
  if (d < 1e-12) return; // no direction to push along
  const rigid = j._enableSpring ? j._hertz === 0 : j._minLength === j._maxLength;
  P.c = rigid ? d - j._length : d < j._minLength ? d - j._minLength : d > j._maxLength ? d - j._maxLength : 0;
  row.ux = now.dx / d;
  row.uy = now.dy / d;
  setRow(0);
  P.lax = now.rAx;
  P.lay = now.rAy;
  projectRow(j, sb);
}

/** Prismatic and wheel: translation limits, then B's anchor onto the line (and, prismatic, the angle). */
function projectAxisJoint(j: Joint, sb: SolverBodies, holdAngle: boolean): void {
  if (j._enableLimit) {
    anchorsNow(j, sb);
    lineNow(j, sb);
    row.ux = line.ux;
    row.uy = line.uy;
    setRow(1);
    const t = line.translation;
    P.c = t < j._lower ? t - j._lower : t > j._upper ? t - j._upper : 0;
    P.lax = line.lx;
    P.lay = line.ly;
    projectRow(j, sb);
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
    projectRow(j, sb);
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
  push(j, sb);
}

/**
 * One NGS pass over the joints `active[0 .. count)`; the largest error it
 * found is left in `projected` (for an early exit).
 */
export function projectJoints(active: readonly Joint[], count: number, sb: SolverBodies): void {
  projected.linear = 0;
  projected.angular = 0;
  for (let i = 0; i < count; i++) {
    const j = active[i]!;
    switch (j._kind) {
      case REVOLUTE:
        projectRevolute(j, sb);
        break;
      case WELD:
        projectWeld(j, sb);
        break;
      case DISTANCE:
        projectDistance(j, sb);
        break;
      case PRISMATIC:
        projectAxisJoint(j, sb, true);
        break;
      case WHEEL:
        projectAxisJoint(j, sb, false);
        break;
    }
  }
}
