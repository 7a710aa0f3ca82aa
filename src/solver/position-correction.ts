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
import type { Contact } from "../contacts/contact.js";
import { currentSeparation } from "./contact-solver.js";
import { integrateRotation } from "./integrate.js";

export type PositionCorrection = "baumgarte" | "projection" | "ngs" | "none";
export const POSITION_CORRECTIONS: readonly PositionCorrection[] = ["baumgarte", "projection", "ngs", "none"];

/** Linear projection of every touching contact, using its current separation. */
export function projectPositions(contacts: readonly Contact[], count: number, percent: number, slop: number): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const A = c.bodyA;
    const B = c.bodyB;
    const mA = A.invMass;
    const mB = B.invMass;
    const mSum = mA + mB;
    if (mSum === 0) continue;
    const m = c.manifold;
    const nx = m.normalX;
    const ny = m.normalY;
    // deepest point now
    let s = currentSeparation(A, B, c.points[0], nx, ny);
    if (m.count > 1) {
      const s1 = currentSeparation(A, B, c.points[1], nx, ny);
      if (s1 < s) s = s1;
    }
    const depth = -s - slop;
    if (depth <= 0) continue;
    const k = (percent * depth) / mSum;
    A.position.x -= mA * k * nx;
    A.position.y -= mA * k * ny;
    B.position.x += mB * k * nx;
    B.position.y += mB * k * ny;
  }
}

/** Box2D v2's position solver; returns the smallest separation seen (for early exit). */
export function solvePositionsNGS(
  contacts: readonly Contact[],
  count: number,
  baumgarte: number,
  slop: number,
  maxCorrection: number,
): number {
  let minSeparation = 0;
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const A = c.bodyA;
    const B = c.bodyB;
    const mA = A.invMass;
    const iA = A.invInertia;
    const mB = B.invMass;
    const iB = B.invInertia;
    if (mA + mB === 0) continue;
    const m = c.manifold;
    const nx = m.normalX;
    const ny = m.normalY;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      const s = currentSeparation(A, B, cp, nx, ny);
      if (s < minSeparation) minSeparation = s;
      let C = baumgarte * (s + slop);
      if (C > 0) C = 0;
      if (C < -maxCorrection) C = -maxCorrection;
      // current anchors: rotate the step-start anchors by each body's rotation since then
      const dcA = A.rotCos * A.c0 + A.rotSin * A.s0;
      const dsA = A.rotSin * A.c0 - A.rotCos * A.s0;
      const dcB = B.rotCos * B.c0 + B.rotSin * B.s0;
      const dsB = B.rotSin * B.c0 - B.rotCos * B.s0;
      const rAx = dcA * cp.rAx - dsA * cp.rAy;
      const rAy = dsA * cp.rAx + dcA * cp.rAy;
      const rBx = dcB * cp.rBx - dsB * cp.rBy;
      const rBy = dsB * cp.rBx + dcB * cp.rBy;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const K = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      const impulse = K > 0 ? -C / K : 0;
      const px = impulse * nx;
      const py = impulse * ny;
      A.position.x -= mA * px;
      A.position.y -= mA * py;
      if (iA !== 0) integrateRotation(A, -iA * (rAx * py - rAy * px));
      B.position.x += mB * px;
      B.position.y += mB * py;
      if (iB !== 0) integrateRotation(B, iB * (rBx * py - rBy * px));
    }
  }
  return minSeparation;
}
