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
import { separationNow, type ContactConstraints } from "./contact-solver.js";
import type { SolverBodies } from "./solver-bodies.js";
import { integrateRotation } from "./integrate.js";

/** The PGS solver's position corrections (`WorldOptions.positionCorrection`). */
export type PositionCorrection = "baumgarte" | "projection" | "ngs" | "none";
export const POSITION_CORRECTIONS: readonly PositionCorrection[] = ["baumgarte", "projection", "ngs", "none"];

/** Move (and turn) the body in slot s, keeping the solver's view of it in step. */
export function shift(sb: SolverBodies, s: number, dx: number, dy: number, da: number): void {
  if (s === 0) return;
  const b = sb.bodies[s]!;
  b.px += dx;
  b.py += dy;
  if (da !== 0) integrateRotation(b, da);
  sb.syncPose(s);
}

/** Linear projection of every contact, from its current separation. */
export function projectPositions(cc: ContactConstraints, sb: SolverBodies): void {
  const percent = cc.percent;
  const slop = cc.slop;
  for (let i = 0; i < cc.count; i++) {
    const sA = cc.slotA[i]!;
    const sB = cc.slotB[i]!;
    const mA = sb.invMass[sA]!;
    const mB = sb.invMass[sB]!;
    const mSum = mA + mB;
    if (mSum === 0) continue;
    // deepest point now
    let s = separationNow(cc, sb, i, 2 * i);
    if (cc.pointCount[i] === 2) s = Math.min(s, separationNow(cc, sb, i, 2 * i + 1));
    const depth = -s - slop;
    if (depth <= 0) continue;
    const k = (percent * depth) / mSum;
    const nx = cc.nx[i]!;
    const ny = cc.ny[i]!;
    shift(sb, sA, -mA * k * nx, -mA * k * ny, 0);
    shift(sb, sB, mB * k * nx, mB * k * ny, 0);
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
  for (let i = 0; i < cc.count; i++) {
    const sA = cc.slotA[i]!;
    const sB = cc.slotB[i]!;
    const mA = sb.invMass[sA]!;
    const iA = sb.invI[sA]!;
    const mB = sb.invMass[sB]!;
    const iB = sb.invI[sB]!;
    if (mA + mB === 0) continue;
    const nx = cc.nx[i]!;
    const ny = cc.ny[i]!;
    for (let k = 2 * i, end = k + cc.pointCount[i]!; k < end; k++) {
      const s = separationNow(cc, sb, i, k);
      if (s < minSeparation) minSeparation = s;
      let C = baumgarte * (s + slop);
      if (C > 0) C = 0;
      C = Math.max(C, -MAX_CORRECTION); // not a conditional with the constant: V8 boxed its value
      // current anchors: the step-start anchors turned with their bodies
      const rAx = sb.dqc[sA]! * cc.rAx[k]! - sb.dqs[sA]! * cc.rAy[k]!;
      const rAy = sb.dqs[sA]! * cc.rAx[k]! + sb.dqc[sA]! * cc.rAy[k]!;
      const rBx = sb.dqc[sB]! * cc.rBx[k]! - sb.dqs[sB]! * cc.rBy[k]!;
      const rBy = sb.dqs[sB]! * cc.rBx[k]! + sb.dqc[sB]! * cc.rBy[k]!;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const K = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      const impulse = K > 0 ? -C / K : 0;
      const px = impulse * nx;
      const py = impulse * ny;
      shift(sb, sA, -mA * px, -mA * py, -iA * (rAx * py - rAy * px));
      shift(sb, sB, mB * px, mB * py, iB * (rBx * py - rBy * px));
    }
  }
  cc.minSeparation = minSeparation;
}
