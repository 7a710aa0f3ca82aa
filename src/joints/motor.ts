/**
 * Motor joint: drives B towards a target pose in A's frame (B's anchor, its
 * centre by default, at `linearOffset`, its angle at `angularOffset`
 * relative to A) with at most `maxForce` and `maxTorque`. Each sub-step
 * (soft-step; the whole step with pgs) it asks for the velocity that would
 * remove `correctionFactor` of the error in that sub-step, within those
 * limits, so B follows the target like a strong hand. With A a static
 * "ground" body and the target moved each frame, it is the mouse joint that
 * the demos drag bodies with.
 *
 * Rows: the point (B's anchor on A's point at the offset; 2×2 effective
 * mass as the revolute point) and the angle, each clamped: the point's
 * accumulated impulse to a disc of radius maxForce·h, the angle's to
 * ±maxTorque·h.
 */
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { Joint } from "./joint.js";
import { angleNow, applyAngular, applyPoint, now, pass, point, pointNow, resetImpulses, warmStartPoint, type JointContext } from "./parts.js";
import { D_IMPA, DEF, R_IMPX, R_IMPY, STRIDE } from "./joint-rows.js";

/** The joint's solver data for this step, on the joint (after `prepareBase`, copied to it). */
export function prepareMotor(j: Joint, ctx: JointContext): void {
  // the anchors (prepareBase): the target point on A (lA = linearOffset, kept so by setTarget), B's anchor (lB)
  const k = j.iA + j.iB;
  j.angularMass = k > 0 ? 1 / k : 0;
  if (!ctx.warmStarting) resetImpulses(j);
}

export function warmStartMotor(j: Joint, sb: SolverBodies): void {
  pass.axial = j.rows.def[j.row * DEF + D_IMPA]!;
  warmStartPoint(j, sb);
}

export function solveMotor(j: Joint, sb: SolverBodies, ctx: JointContext): void {
  const rate = j._correctionFactor * ctx.invH;
  if (j.angularMass > 0) {
    const cdot = sb.w[j.sB]! - sb.w[j.sA]!;
    const d = j.rows.def;
    const at = j.row * DEF + D_IMPA;
    const old = d[at]!;
    const max = j._maxTorque * ctx.h;
    angleNow(j, sb);
    let next = old - j.angularMass * (cdot + rate * j.theta);
    if (next > max) next = max;
    else if (next < -max) next = -max;
    d[at] = next;
    pass.imp = next - old;
    applyAngular(j, sb);
  }
  pointNow(j, sb);
  const cx = point.cx + rate * now.dx;
  const cy = point.cy + rate * now.dy;
  const { k11, k12, k22 } = point;
  let det = k11 * k22 - k12 * k12;
  if (det !== 0) det = 1 / det;
  const r = j.rows.rec;
  const o = j.row * STRIDE;
  const oldX = r[o + R_IMPX]!;
  const oldY = r[o + R_IMPY]!;
  let nx = oldX - det * (k22 * cx - k12 * cy);
  let ny = oldY - det * (k11 * cy - k12 * cx);
  const max = j._maxForce * ctx.h;
  const len2 = nx * nx + ny * ny;
  if (len2 > max * max) {
    const s = max / Math.sqrt(len2);
    nx *= s;
    ny *= s;
  }
  r[o + R_IMPX] = nx;
  r[o + R_IMPY] = ny;
  pass.ix = nx - oldX;
  pass.iy = ny - oldY;
  applyPoint(j, sb);
}
