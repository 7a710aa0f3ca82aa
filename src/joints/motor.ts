/**
 * Motor joint: drives B towards a target pose in A's frame (B's centre at
 * `linearOffset`, its angle at `angularOffset` relative to A) with at most
 * `maxForce` and `maxTorque`. Each sub-step it asks for the velocity that
 * would remove `correctionFactor` of the error per step, within those
 * limits, so B follows the target like a strong hand. With A a static
 * "ground" body and the target moved each frame, it is the mouse joint that
 * the demos drag bodies with.
 *
 * Rows: the point (B's centre on A's point at the offset; 2×2 effective
 * mass as the revolute point) and the angle, each clamped: the point's
 * accumulated impulse to a disc of radius maxForce·h, the angle's to
 * ±maxTorque·h.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { anchorsNow, angleNow, applyAngular, now, prepareBase, resetImpulses, warmStartPoint, type JointContext } from "./parts.js";

export function prepareMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  // the anchors: the target point on A, B's centre
  j.lAx = j.offX;
  j.lAy = j.offY;
  j.lBx = 0;
  j.lBy = 0;
  j.refAngle = j.offAngle;
  prepareBase(j, sb);
  const k = j.iA + j.iB;
  j.angularMass = k > 0 ? 1 / k : 0;
  if (!ctx.warmStarting) resetImpulses(j);
}

export function warmStartMotor(j: Joint, sb: SolverBodies): void {
  warmStartPoint(j, sb, j.impA);
}

export function solveMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const rate = j.correctionFactor * ctx.invH;
  if (j.angularMass > 0) {
    const cdot = sb.w[j.sB]! - sb.w[j.sA]!;
    const old = j.impA;
    const max = j.maxTorque * ctx.h;
    let next = old - j.angularMass * (cdot + rate * angleNow(j, sb));
    if (next > max) next = max;
    else if (next < -max) next = -max;
    j.impA = next;
    applyAngular(j, sb, next - old);
  }
  const { vx, vy, w } = sb;
  const sA = j.sA;
  const sB = j.sB;
  const mA = j.mA;
  const mB = j.mB;
  const iA = j.iA;
  const iB = j.iB;
  anchorsNow(j, sb);
  const rAx = now.rAx;
  const rAy = now.rAy;
  const rBx = now.rBx;
  const rBy = now.rBy;
  const vAx = vx[sA]!;
  const vAy = vy[sA]!;
  const wA = w[sA]!;
  const vBx = vx[sB]!;
  const vBy = vy[sB]!;
  const wB = w[sB]!;
  const cx = vBx - wB * rBy - (vAx - wA * rAy) + rate * now.dx;
  const cy = vBy + wB * rBx - (vAy + wA * rAx) + rate * now.dy;
  const k11 = mA + mB + rAy * rAy * iA + rBy * rBy * iB;
  const k12 = -rAy * rAx * iA - rBy * rBx * iB;
  const k22 = mA + mB + rAx * rAx * iA + rBx * rBx * iB;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const oldX = j.impX;
  const oldY = j.impY;
  let nx = oldX - det * (k22 * cx - k12 * cy);
  let ny = oldY - det * (k11 * cy - k12 * cx);
  const max = j.maxForce * ctx.h;
  const len2 = nx * nx + ny * ny;
  if (len2 > max * max) {
    const s = max / Math.sqrt(len2);
    nx *= s;
    ny *= s;
  }
  j.impX = nx;
  j.impY = ny;
  const ix = nx - oldX;
  const iy = ny - oldY;
  vx[sA] = vAx - mA * ix;
  vy[sA] = vAy - mA * iy;
  w[sA] = wA - iA * (rAx * iy - rAy * ix);
  vx[sB] = vBx + mB * ix;
  vy[sB] = vBy + mB * iy;
  w[sB] = wB + iB * (rBx * iy - rBy * ix);
}
