/**
 * The contact solver's inner loops, as functions over the constraints'
 * arrays and a range of constraints: `ContactConstraints` runs them over all
 * its constraints in one thread, and the parallel solver
 * (src/solver/parallel/) runs them over blocks of a colour on several
 * threads at once, on the same memory. Each function stands alone (it
 * uses nothing but its arguments and the row layout's offsets), because the
 * workers compile it from its source text: the same code, so the same bits.
 *
 * Layout. A constraint's numbers lie side by side, one block of `STRIDE`
 * in `values` (the constraint's own, then `POINT_STRIDE` for each of its two
 * points) and `INT_STRIDE` in `ints`, so that a pass reads two streams of
 * memory, each constraint from a few adjacent cache lines, instead of one
 * array per field (two dozen streams, a cache line from each). The offsets
 * are the `C_*`, `PT_*` and `I_*` constants of the row layout table
 * (row-layout.ts). Every pipeline that runs this file (the builds, the
 * examples' server, vitest) writes them in as numbers (scripts/row-layout.mjs):
 * V8 folds a literal into the address where it loads an imported constant,
 * and the workers' copy must stand alone.
 *
 * The numbers they need besides the constraints are in `c.params` (indices
 * `P_*`), set before each pass (a Float64Array: V8 boxed numbers passed as
 * arguments to calls it did not inline).
 */
import {
  C_FRICTION, C_NX, C_NY, C_POINT, C_RESTITUTION, C_ROLLING, C_ROLLING_IMPULSE, C_ROLLING_MASS, C_TANGENT_SPEED, CONTACT_STRIDE,
  I_COUNT, I_SLOT_A, I_SLOT_B, I_STIFF, INT_STRIDE,
  P_BOUNCE_BELOW, P_INV_H, P_MAX_PUSH, P_SOFT_BIAS, P_SOFT_IMPULSE, P_SOFT_MASS, P_STIFF_BIAS, P_STIFF_IMPULSE, P_STIFF_MASS,
  POINT_STRIDE, PT_BIAS, PT_NORMAL_IMPULSE, PT_NORMAL_MASS, PT_RAX, PT_RAY, PT_RBX, PT_RBY, PT_SAX, PT_SAY, PT_SBX, PT_SBY,
  PT_SEPARATION, PT_TANGENT_IMPULSE, PT_TANGENT_MASS, PT_TOTAL_NORMAL, PT_TOTAL_TANGENT,
} from "./row-layout.js";

/** The constraint arrays a pass reads and writes (`ContactConstraints` has them). */
export interface ContactArrays {
  /** `STRIDE` numbers per constraint: offsets `C_*`, and `PT_*` within each point. */
  values: Float64Array;
  /** `INT_STRIDE` integers per constraint: offsets `I_*`. */
  ints: Int32Array;
  /** The pass's numbers, at the `P_*` indices. */
  params: Float64Array;
}

/** The body columns a pass reads and writes (`SolverBodies` has them). */
export interface BodyColumns {
  vx: Float64Array;
  vy: Float64Array;
  w: Float64Array;
  invMass: Float64Array;
  invI: Float64Array;
  dpx: Float64Array;
  dpy: Float64Array;
  dqc: Float64Array;
  dqs: Float64Array;
}

/** Constraint arrays by name, in the order the parallel solver shares them. */
export const CONTACT_ARRAYS: readonly (keyof ContactArrays)[] = ["values", "ints", "params"];

/** Body columns by name, in the order the parallel solver shares them. */
export const BODY_COLUMNS: readonly (keyof BodyColumns)[] = ["vx", "vy", "w", "invMass", "invI", "dpx", "dpy", "dqc", "dqs"];

// The constraints' layout, for the modules that import it from here: see row-layout.ts.
export {
  CONTACT_STRIDE as STRIDE, C_NX, C_NY, C_FRICTION, C_TANGENT_SPEED, C_RESTITUTION, C_ROLLING, C_ROLLING_MASS, C_ROLLING_IMPULSE, C_POINT,
  POINT_STRIDE, PT_RAX, PT_RAY, PT_RBX, PT_RBY, PT_SAX, PT_SAY, PT_SBX, PT_SBY, PT_SEPARATION, PT_NORMAL_MASS, PT_TANGENT_MASS,
  PT_NORMAL_IMPULSE, PT_TANGENT_IMPULSE, PT_BIAS, PT_TOTAL_NORMAL, PT_TOTAL_TANGENT,
  INT_STRIDE, I_SLOT_A, I_SLOT_B, I_COUNT, I_STIFF,
  P_INV_H, P_BOUNCE_BELOW, P_MAX_PUSH, P_SOFT_BIAS, P_SOFT_MASS, P_SOFT_IMPULSE, P_STIFF_BIAS, P_STIFF_MASS, P_STIFF_IMPULSE, PARAM_COUNT,
} from "./row-layout.js";

/** Apply the accumulated impulses of constraints start .. end − 1 at once (warm starting). */
export function warmStartContacts(c: ContactArrays, sb: BodyColumns, start: number, end: number): void {
  const { vx, vy, w, invMass, invI } = sb;
  const v = c.values;
  const ints = c.ints;
  for (let i = start; i < end; i++) {
    const o = CONTACT_STRIDE * i;
    const sA = ints[INT_STRIDE * i + I_SLOT_A]!;
    const sB = ints[INT_STRIDE * i + I_SLOT_B]!;
    const nx = v[o + C_NX]!;
    const ny = v[o + C_NY]!;
    const mA = invMass[sA]!;
    const iA = invI[sA]!;
    const mB = invMass[sB]!;
    const iB = invI[sB]!;
    let vAx = vx[sA]!;
    let vAy = vy[sA]!;
    let wA = w[sA]!;
    let vBx = vx[sB]!;
    let vBy = vy[sB]!;
    let wB = w[sB]!;
    // its points: I_COUNT of them from C_POINT, POINT_STRIDE apart
    const first = o + C_POINT;
    const last = first + POINT_STRIDE * ints[INT_STRIDE * i + I_COUNT]!;
    if (iA === 0 && iB === 0) {
      // no impulse turns either body (see solveContacts): only the linear velocities change
      for (let k = first; k < last; k += POINT_STRIDE) {
        const ln = v[k + PT_NORMAL_IMPULSE]!;
        const lt = v[k + PT_TANGENT_IMPULSE]!;
        const px = ln * nx + lt * ny;
        const py = ln * ny - lt * nx;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      vx[sA] = vAx;
      vy[sA] = vAy;
      vx[sB] = vBx;
      vy[sB] = vBy;
      continue;
    }
    for (let k = first; k < last; k += POINT_STRIDE) {
      const ln = v[k + PT_NORMAL_IMPULSE]!;
      const lt = v[k + PT_TANGENT_IMPULSE]!;
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (v[k + PT_RAX]! * py - v[k + PT_RAY]! * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (v[k + PT_RBX]! * py - v[k + PT_RBY]! * px);
    }
    const lr = v[o + C_ROLLING_IMPULSE]!;
    if (lr !== 0) {
      wA -= iA * lr;
      wB += iB * lr;
    }
    vx[sA] = vAx;
    vy[sA] = vAy;
    w[sA] = wA;
    vx[sB] = vBx;
    vy[sB] = vBy;
    w[sB] = wB;
  }
}

/**
 * One pass over the constraints, for both solvers: per constraint, the
 * normal rows (each point's accumulated impulse clamped at 0), then the
 * friction rows (clamped to ±μ·λn, Coulomb; along t = (ny, −nx)), then
 * rolling resistance (and, in the soft-step relax pass, the sub-step's
 * impulses added to the step's totals). The normal target: with `pgs`, the velocity bias set
 * once per step by `setVelocityBias`; otherwise the soft-step target from
 * the estimated separation (see `solveSoft`).
 *
 * One loop with every array in a local: V8 keeps them in registers, and a
 * constraint's rows share the velocities they load.
 *
 * A constraint whose bodies do not turn in this step (both inverse
 * inertias and angular velocities 0: boxes, fixed-rotation bodies, still
 * static and kinematic bodies) takes the first branch: the same rows with
 * their angular terms, all zero, left out, so that a box pyramid's passes
 * load and compute about half as much. (A body with no inverse inertia
 * keeps its angular velocity through the step, so one that is 0 now has not
 * turned since the step began.) The two branches differ at most in the sign
 * of a zero (x − 0·y for x); test/contact-kernels.test.ts holds them to the same bits.
 */
export function solveContacts(c: ContactArrays, sb: BodyColumns, start: number, end: number, useBias: boolean, pgs: boolean): void {
  const { vx, vy, w, invMass, invI, dpx, dpy, dqc, dqs } = sb;
  const v = c.values;
  const ints = c.ints;
  const params = c.params;
  const invH = params[P_INV_H]!;
  const bounceBelow = params[P_BOUNCE_BELOW]!;
  const maxPush = params[P_MAX_PUSH]!;
  const softBias = params[P_SOFT_BIAS]!;
  const softMass = params[P_SOFT_MASS]!;
  const softImpulse = params[P_SOFT_IMPULSE]!;
  const stiffBias = params[P_STIFF_BIAS]!;
  const stiffMass = params[P_STIFF_MASS]!;
  const stiffImpulse = params[P_STIFF_IMPULSE]!;
  for (let i = start; i < end; i++) {
    const o = CONTACT_STRIDE * i;
    const sA = ints[INT_STRIDE * i + I_SLOT_A]!;
    const sB = ints[INT_STRIDE * i + I_SLOT_B]!;
    const nx = v[o + C_NX]!;
    const ny = v[o + C_NY]!;
    const mA = invMass[sA]!;
    const iA = invI[sA]!;
    const mB = invMass[sB]!;
    const iB = invI[sB]!;
    let vAx = vx[sA]!;
    let vAy = vy[sA]!;
    let wA = w[sA]!;
    let vBx = vx[sB]!;
    let vBy = vy[sB]!;
    let wB = w[sB]!;
    const isStiff = ints[INT_STRIDE * i + I_STIFF] === 1;
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const first = o + C_POINT;
    const last = first + POINT_STRIDE * ints[INT_STRIDE * i + I_COUNT]!;
    if (iA === 0 && iB === 0 && wA === 0 && wB === 0) {
      // neither body turns: the rows below without their angular terms (separation anchors do not turn either)
      const dx = dpx[sB]! - dpx[sA]!;
      const dy = dpy[sB]! - dpy[sA]!;
      const bouncy = v[o + C_RESTITUTION]! > 0 && !useBias && !pgs;
      for (let k = first; k < last; k += POINT_STRIDE) {
        const dvx = vBx - vAx;
        const dvy = vBy - vAy;
        const vn = dvx * nx + dvy * ny;
        let bias = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (pgs) {
          bias = -v[k + PT_BIAS]!;
        } else {
          const s = v[k + PT_SEPARATION]! + dx * nx + dy * ny;
          if (s > 0) {
            if (bouncy && vn < bounceBelow) continue; // arriving for a bounce
            bias = s * invH;
          } else if (useBias) {
            bias = biasRate * s;
            if (bias < -maxPush) bias = -maxPush;
            massScale = pushMass;
            impulseScale = pushImpulse;
          }
        }
        const old = v[k + PT_NORMAL_IMPULSE]!;
        let lambda = old - v[k + PT_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
        if (lambda < 0) lambda = 0;
        v[k + PT_NORMAL_IMPULSE] = lambda;
        const impulse = lambda - old;
        const px = impulse * nx;
        const py = impulse * ny;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      const mu = v[o + C_FRICTION]!;
      const belt = v[o + C_TANGENT_SPEED]!;
      for (let k = first; k < last; k += POINT_STRIDE) {
        const dvx = vBx - vAx;
        const dvy = vBy - vAy;
        const vt = dvx * ny - dvy * nx - belt;
        const maxF = mu * v[k + PT_NORMAL_IMPULSE]!;
        const old = v[k + PT_TANGENT_IMPULSE]!;
        let lambda = old - v[k + PT_TANGENT_MASS]! * vt;
        lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
        v[k + PT_TANGENT_IMPULSE] = lambda;
        const px = (lambda - old) * ny;
        const py = -(lambda - old) * nx;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      const rr = v[o + C_ROLLING]!; // its impulse is clamped as with turning bodies, though it turns nothing
      if (rr > 0) {
        let total = v[first + PT_NORMAL_IMPULSE]!;
        if (last - first === 2 * POINT_STRIDE) total += v[first + (POINT_STRIDE + PT_NORMAL_IMPULSE)]!;
        const maxR = rr * total;
        const old = v[o + C_ROLLING_IMPULSE]!;
        let lambda = old - v[o + C_ROLLING_MASS]! * (wB - wA);
        v[o + C_ROLLING_IMPULSE] = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      }
      if (!useBias && !pgs) {
        for (let k = first; k < last; k += POINT_STRIDE) {
          v[k + PT_TOTAL_NORMAL] = v[k + PT_TOTAL_NORMAL]! + v[k + PT_NORMAL_IMPULSE]!;
          v[k + PT_TOTAL_TANGENT] = v[k + PT_TOTAL_TANGENT]! + v[k + PT_TANGENT_IMPULSE]!;
        }
      }
      vx[sA] = vAx;
      vy[sA] = vAy;
      vx[sB] = vBx;
      vy[sB] = vBy;
      continue;
    }
    const cA = dqc[sA]! - 1;
    const sAr = dqs[sA]!;
    const cB = dqc[sB]! - 1;
    const sBr = dqs[sB]!;
    const dx = dpx[sB]! - dpx[sA]!;
    const dy = dpy[sB]! - dpy[sA]!;
    const bouncy = v[o + C_RESTITUTION]! > 0 && !useBias && !pgs;
    for (let k = first; k < last; k += POINT_STRIDE) {
      const rAx = v[k + PT_RAX]!;
      const rAy = v[k + PT_RAY]!;
      const rBx = v[k + PT_RBX]!;
      const rBy = v[k + PT_RBY]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (pgs) {
        bias = -v[k + PT_BIAS]!;
      } else {
        // (dq − 1)·s is how far a separation anchor moved by rotation
        const aX = v[k + PT_SAX]!;
        const aY = v[k + PT_SAY]!;
        const bX = v[k + PT_SBX]!;
        const bY = v[k + PT_SBY]!;
        const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
        const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
        const s = v[k + PT_SEPARATION]! + ddx * nx + ddy * ny;
        if (s > 0) {
          if (bouncy && vn < bounceBelow) continue; // arriving for a bounce: see solveSoft
          bias = s * invH;
        } else if (useBias) {
          bias = biasRate * s;
          if (bias < -maxPush) bias = -maxPush;
          massScale = pushMass;
          impulseScale = pushImpulse;
        }
      }
      const old = v[k + PT_NORMAL_IMPULSE]!;
      let lambda = old - v[k + PT_NORMAL_MASS]! * massScale * (vn + bias) - impulseScale * old;
      if (lambda < 0) lambda = 0;
      v[k + PT_NORMAL_IMPULSE] = lambda;
      const impulse = lambda - old;
      const px = impulse * nx;
      const py = impulse * ny;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBx * py - rBy * px);
    }
    // friction
    const mu = v[o + C_FRICTION]!;
    const belt = v[o + C_TANGENT_SPEED]!;
    for (let k = first; k < last; k += POINT_STRIDE) {
      const rAx = v[k + PT_RAX]!;
      const rAy = v[k + PT_RAY]!;
      const rBx = v[k + PT_RBX]!;
      const rBy = v[k + PT_RBY]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * v[k + PT_NORMAL_IMPULSE]!;
      const old = v[k + PT_TANGENT_IMPULSE]!;
      let lambda = old - v[k + PT_TANGENT_MASS]! * vt;
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      v[k + PT_TANGENT_IMPULSE] = lambda;
      const px = (lambda - old) * ny;
      const py = -(lambda - old) * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBx * py - rBy * px);
    }
    const rr = v[o + C_ROLLING]!;
    if (rr > 0) {
      let total = v[first + PT_NORMAL_IMPULSE]!; // point 0's
      if (last - first === 2 * POINT_STRIDE) total += v[first + (POINT_STRIDE + PT_NORMAL_IMPULSE)]!; // and point 1's
      const maxR = rr * total;
      const old = v[o + C_ROLLING_IMPULSE]!;
      let lambda = old - v[o + C_ROLLING_MASS]! * (wB - wA);
      lambda = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      v[o + C_ROLLING_IMPULSE] = lambda;
      wA -= iA * (lambda - old);
      wB += iB * (lambda - old);
    }
    if (!useBias && !pgs) {
      // the relax pass is a sub-step's last: its impulses join the step's totals here, while
      // the constraint's numbers are in cache (ContactConstraints.addToTotals does it for pgs)
      for (let k = first; k < last; k += POINT_STRIDE) {
        v[k + PT_TOTAL_NORMAL] = v[k + PT_TOTAL_NORMAL]! + v[k + PT_NORMAL_IMPULSE]!;
        v[k + PT_TOTAL_TANGENT] = v[k + PT_TOTAL_TANGENT]! + v[k + PT_TANGENT_IMPULSE]!;
      }
    }
    vx[sA] = vAx;
    vy[sA] = vAy;
    w[sA] = wA;
    vx[sB] = vBx;
    vy[sB] = vBy;
    w[sB] = wB;
  }
}
