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
 * few steps instead of snapping.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import { shift } from "../solver/position-correction.js";
import { DISTANCE, PRISMATIC, REVOLUTE, WELD, WHEEL, type Joint } from "./joint.js";
import { angleNow, anchorsNow, now } from "./parts.js";
import { line, lineNow, row, setRow } from "./axial.js";

/** Largest correction of one pass: 0.2 m, 8° (Box2D v2's maxLinearCorrection and maxAngularCorrection). */
export const MAX_LINEAR = 0.2;
export const MAX_ANGULAR = (8 / 180) * Math.PI;

/** The largest error the last pass found: m for linear parts, rad for angular ones. */
export const projected = { linear: 0, angular: 0 };

function clamp(x: number, max: number): number {
  return x > max ? max : x < -max ? -max : x;
}

/** Turn A by −IA⁻¹·imp and B by +IB⁻¹·imp (an angular position impulse). */
function turn(j: Joint, sb: SolverBodies, imp: number): void {
  shift(sb, j.sA, 0, 0, -j.iA * imp);
  shift(sb, j.sB, 0, 0, j.iB * imp);
}

/** Move the bodies by the position impulse (px, py) at A's lever (lax, lay) and at B's anchor now, plus `angular` on B (−angular on A). */
function push(j: Joint, sb: SolverBodies, px: number, py: number, lax: number, lay: number, angular: number): void {
  const tA = lax * py - lay * px + angular;
  const tB = now.rBx * py - now.rBy * px + angular;
  shift(sb, j.sA, -j.mA * px, -j.mA * py, -j.iA * tA);
  shift(sb, j.sB, j.mB * px, j.mB * py, j.iB * tB);
}

/** An angle error C (rad) of a rigid angular part removed. */
function projectAngle(j: Joint, sb: SolverBodies, C: number): void {
  if (j.angularMass === 0 || C === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.angular) projected.angular = a;
  turn(j, sb, -j.angularMass * clamp(C, MAX_ANGULAR));
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
  const px = -det * (k22 * cx - k12 * cy);
  const py = -det * (k11 * cy - k12 * cx);
  push(j, sb, px, py, rAx, rAy, 0);
}

/** A position error C (m) along the current `row` removed; A's lever is (lax, lay). */
function projectRow(j: Joint, sb: SolverBodies, C: number, lax: number, lay: number): void {
  if (C === 0) return;
  const k = j.mA + j.mB + j.iA * row.a1 * row.a1 + j.iB * row.a2 * row.a2;
  if (k === 0) return;
  const a = C < 0 ? -C : C;
  if (a > projected.linear) projected.linear = a;
  const imp = -clamp(C, MAX_LINEAR) / k;
  push(j, sb, imp * row.ux, imp * row.uy, lax, lay, 0);
}

/** The error of a one-sided pair of limits: x − lower below, x − upper above, else 0. */
function outside(x: number, lower: number, upper: number): number {
  return x < lower ? x - lower : x > upper ? x - upper : 0;
}

function projectRevolute(j: Joint, sb: SolverBodies): void {
  if (j._enableLimit) projectAngle(j, sb, outside(angleNow(j, sb), j._lower, j._upper));
  projectPoint(j, sb);
}

function projectWeld(j: Joint, sb: SolverBodies): void {
  if (j._angularHertz === 0) projectAngle(j, sb, angleNow(j, sb));
  if (j._linearHertz === 0) projectPoint(j, sb);
}

function projectDistance(j: Joint, sb: SolverBodies): void {
  anchorsNow(j, sb);
  const d = Math.sqrt(now.dx * now.dx + now.dy * now.dy);
  if (d < 1e-12) return; // no direction to push along
  const rigid = j._enableSpring ? j._hertz === 0 : j._minLength === j._maxLength;
  const C = rigid ? d - j._length : outside(d, j._minLength, j._maxLength);
  setRow(now.dx / d, now.dy / d, now.rAx, now.rAy, now.rBx, now.rBy);
  projectRow(j, sb, C, now.rAx, now.rAy);
}

/** Prismatic and wheel: translation limits, then B's anchor onto the line (and, prismatic, the angle). */
function projectAxisJoint(j: Joint, sb: SolverBodies, holdAngle: boolean): void {
  if (j._enableLimit) {
    anchorsNow(j, sb);
    lineNow(j, sb);
    setRow(line.ux, line.uy, line.lx, line.ly, now.rBx, now.rBy);
    projectRow(j, sb, outside(line.translation, j._lower, j._upper), line.lx, line.ly);
  }
  anchorsNow(j, sb);
  lineNow(j, sb);
  const C1 = line.px * now.dx + line.py * now.dy;
  setRow(line.px, line.py, line.lx, line.ly, now.rBx, now.rBy);
  if (!holdAngle || j.angularMass === 0) {
    projectRow(j, sb, C1, line.lx, line.ly);
    return;
  }
  // the offset across the line and the angle together (the velocity pass's 2×2 block)
  const C2 = angleNow(j, sb);
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
  const c1 = clamp(C1, MAX_LINEAR);
  const c2 = clamp(C2, MAX_ANGULAR);
  const i1 = -det * (k22 * c1 - k12 * c2);
  const i2 = -det * (k11 * c2 - k12 * c1);
  push(j, sb, i1 * line.px, i1 * line.py, line.lx, line.ly, i2);
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
