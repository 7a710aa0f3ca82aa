/**
 * Position correction for the "pgs" solver: how penetration left over after
 * the velocity solve is removed.
 *
 * - "baumgarte": no pass here; a push-out velocity β/dt·(depth − slop) is
 *   added to the velocity target (see setVelocityBias). Simple, but the extra
 *   velocity becomes kinetic energy (objects pop apart).
 * - "projection" (linear projection, as in Randy Gaul's tutorial and the
 *   Phaser article): move both bodies apart along the normal by
 *   percent × (depth − slop), split by inverse mass. No rotation; cheap.
 * - "ngs" (nonlinear Gauss-Seidel, Box2D v2): a few iterations that
 *   recompute each point's separation from the current positions and apply
 *   a position impulse with the full (angular) effective mass; β = percent
 *   and at most `maxCorrection` per iteration.
 * - "none": nothing, so you can see what the others fix.
 */
import { separation, separationNow, type ContactConstraints } from "./contact-solver.js";
import { C_NX, C_NY, C_POINT, I_COUNT, I_SLOT_A, I_SLOT_B, INT_STRIDE, POINT_STRIDE, PT_RAX, PT_RAY, PT_RBX, PT_RBY, STRIDE } from "./contact-kernels.js";
import type { SolverBodies } from "./solver-bodies.js";

/** The PGS solver's position corrections (`WorldOptions.positionCorrection`). */
export type PositionCorrection = "baumgarte" | "projection" | "ngs" | "none";
export const POSITION_CORRECTIONS: readonly PositionCorrection[] = ["baumgarte", "projection", "ngs", "none"];

/** Move the pose of slot s by (dx, dy), unturned (`SolverBodies.movePose`). */
function shift(sb: SolverBodies, s: number, dx: number, dy: number): void {
  sb.moveX = dx;
  sb.moveY = dy;
  sb.moveAngle = 0;
  sb.movePose(s);
}

/** Linear projection of every contact, from its current separation. */
export function projectPositions(cc: ContactConstraints, sb: SolverBodies): void {
  const percent = cc.percent;
  const slop = cc.slop;
  const v = cc.values;
  for (let i = 0; i < cc.count; i++) {
    const q = INT_STRIDE * i;
    const sA = cc.ints[q + I_SLOT_A]!;
    const sB = cc.ints[q + I_SLOT_B]!;
    const mA = sb.invMass[sA]!;
    const mB = sb.invMass[sB]!;
    const mSum = mA + mB;
    if (mSum === 0) continue;
    // deepest point now
    const o = STRIDE * i;
    separationNow(cc, sb, i, o + C_POINT);
    let s = separation[0]!;
    if (cc.ints[q + I_COUNT] === 2) {
      separationNow(cc, sb, i, o + C_POINT + POINT_STRIDE);
      s = Math.min(s, separation[0]!);
    }
    const depth = -s - slop;
    if (depth <= 0) continue;
    const k = (percent * depth) / mSum;
    const nx = v[o + C_NX]!;
    const ny = v[o + C_NY]!;
    shift(sb, sA, -mA * k * nx, -mA * k * ny);
    shift(sb, sB, mB * k * nx, mB * k * ny);
  }
}

/** Box2D v2's largest correction of one NGS pass, m. */
const MAX_CORRECTION = 0.2;

/**
 * Box2D v2's position solver, one iteration (β = cc.percent, cc.slop); the
 * smallest separation seen goes to cc.minSeparation (for early exit; a
 * returned number would be boxed).
 */
export function solvePositionsNGS(cc: ContactConstraints, sb: SolverBodies): void {
  const baumgarte = cc.percent;
  const slop = cc.slop;
  let minSeparation = 0;
  const v = cc.values;
  for (let i = 0; i < cc.count; i++) {
    const q = INT_STRIDE * i;
    const sA = cc.ints[q + I_SLOT_A]!;
    const sB = cc.ints[q + I_SLOT_B]!;
    const mA = sb.invMass[sA]!;
    const iA = sb.invI[sA]!;
    const mB = sb.invMass[sB]!;
    const iB = sb.invI[sB]!;
    if (mA + mB === 0) continue;
    const o = STRIDE * i;
    const nx = v[o + C_NX]!;
    const ny = v[o + C_NY]!;
    for (let k = o + C_POINT, end = k + POINT_STRIDE * cc.ints[q + I_COUNT]!; k < end; k += POINT_STRIDE) {
      separationNow(cc, sb, i, k);
      const s = separation[0]!;
      if (s < minSeparation) minSeparation = s;
      let C = baumgarte * (s + slop);
      if (C > 0) C = 0;
      C = Math.max(C, -MAX_CORRECTION); // not a conditional with the constant: V8 boxed its value
      // current anchors: the step-start anchors turned with their bodies
      const rAx = sb.dqc[sA]! * v[k + PT_RAX]! - sb.dqs[sA]! * v[k + PT_RAY]!;
      const rAy = sb.dqs[sA]! * v[k + PT_RAX]! + sb.dqc[sA]! * v[k + PT_RAY]!;
      const rBx = sb.dqc[sB]! * v[k + PT_RBX]! - sb.dqs[sB]! * v[k + PT_RBY]!;
      const rBy = sb.dqs[sB]! * v[k + PT_RBX]! + sb.dqc[sB]! * v[k + PT_RBY]!;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const K = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      const impulse = K > 0 ? -C / K : 0;
      const px = impulse * nx;
      const py = impulse * ny;
      sb.moveX = -mA * px;
      sb.moveY = -mA * py;
      sb.moveAngle = -iA * (rAx * py - rAy * px);
      sb.movePose(sA);
      sb.moveX = mB * px;
      sb.moveY = mB * py;
      sb.moveAngle = iB * (rBx * py - rBy * px);
      sb.movePose(sB);
    }
  }
  cc.minSeparation = minSeparation;
}
