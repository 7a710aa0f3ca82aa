/**
 * The contact solver's inner loops, as functions over the constraints'
 * arrays and a range of constraints: `ContactConstraints` runs them over all
 * its constraints in one thread, and the parallel solver
 * (src/solver/parallel/) runs them over blocks of a colour on several
 * threads at once, on the same memory. Each function is self-contained (it
 * uses nothing but its arguments), because the workers compile it from its
 * source text: the same code, so the same bits.
 *
 * Layout. A constraint's numbers lie side by side, one block of `STRIDE`
 * in `values` (the constraint's own, then `POINT_STRIDE` for each of its two
 * points) and `INT_STRIDE` in `ints`, so that a pass reads two streams of
 * memory, each constraint from a few adjacent cache lines, instead of one
 * array per field (two dozen streams, a cache line from each). The offsets
 * are the `C_*`, `PT_*` and `I_*` constants below; the loops here (and the
 * other hot loops of contact-solver.ts) spell them as numbers with the
 * name in a comment: they must stand alone, and V8 folds a literal into the
 * address where it loads an imported constant.
 *
 * The numbers they need besides the constraints are in `c.params` (indices
 * `P_*`), set before each pass (a Float64Array: V8 boxed numbers passed as
 * arguments to calls it did not inline).
 */

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

// `values`: a constraint's block starts at STRIDE · i
/** Numbers per constraint in `values` (five 64-byte cache lines). */
export const STRIDE = 40;
/** The normal (unit, from A to B): x and y. */
export const C_NX = 0;
/** See `C_NX`. */
export const C_NY = 1;
/** Friction coefficient (mixed). */
export const C_FRICTION = 2;
/** Conveyor speed along the tangent (the bodies' `tangentSpeed` summed, as in Box2D v3.1). */
export const C_TANGENT_SPEED = 3;
/** Restitution (mixed). */
export const C_RESTITUTION = 4;
/** Rolling resistance: the coefficient × the larger radius (m). */
export const C_ROLLING = 5;
/** Rolling resistance: 1 / (1/IA + 1/IB). */
export const C_ROLLING_MASS = 6;
/** Rolling resistance: the accumulated impulse (N·m·s). */
export const C_ROLLING_IMPULSE = 7;
/** Point j's numbers start at C_POINT + POINT_STRIDE · j of the constraint's block. */
export const C_POINT = 8;
/** Numbers per point. */
export const POINT_STRIDE = 16;
// within a point
/** Anchors from each body's centre: rA (x, y), then rB. */
export const PT_RAX = 0;
/** See `PT_RAX`. */
export const PT_RAY = 1;
/** See `PT_RAX`. */
export const PT_RBX = 2;
/** See `PT_RAX`. */
export const PT_RBY = 3;
/**
 * Separation anchors: each body's *core* point under the contact (its
 * surface point moved in by its radius: a circle's centre, a point of a
 * capsule's segment, a box's surface), relative to the body's centre, sA
 * (x, y) then sB. The separation estimate carries these with the bodies, so
 * a spinning circle's separation does not change (its centre does not move
 * when it turns), even for a speculative point far from its surface.
 */
export const PT_SAX = 4;
/** See `PT_SAX`. */
export const PT_SAY = 5;
/** See `PT_SAX`. */
export const PT_SBX = 6;
/** See `PT_SAX`. */
export const PT_SBY = 7;
/** Separation (−depth) at the start of the step. */
export const PT_SEPARATION = 8;
/** Effective masses along the normal and the tangent. */
export const PT_NORMAL_MASS = 9;
/** See `PT_NORMAL_MASS`. */
export const PT_TANGENT_MASS = 10;
/** Accumulated impulses along the normal and the tangent (of the current sub-step). */
export const PT_NORMAL_IMPULSE = 11;
/** See `PT_NORMAL_IMPULSE`. */
export const PT_TANGENT_IMPULSE = 12;
/** PGS: the normal velocity aimed for (Baumgarte push-out or speculative gap). */
export const PT_BIAS = 13;
/** Normal and tangent impulse applied over the whole step (all sub-steps and bounces). */
export const PT_TOTAL_NORMAL = 14;
/** See `PT_TOTAL_NORMAL`. */
export const PT_TOTAL_TANGENT = 15;
// `ints`: a constraint's block starts at INT_STRIDE · i
/** Integers per constraint in `ints`. */
export const INT_STRIDE = 4;
/** The bodies' solver slots. */
export const I_SLOT_A = 0;
/** See `I_SLOT_A`. */
export const I_SLOT_B = 1;
/** Points: 1 or 2. */
export const I_COUNT = 2;
/** 1 for a contact with a still body (the stiffer softness), else 0. */
export const I_STIFF = 3;

// c.params indices (the kernels below spell them as numbers: they must stand alone)
/** 1 / sub-step length. */
export const P_INV_H = 0;
/** −restitutionThreshold: a relax pass leaves a point arriving faster than this for its bounce. */
export const P_BOUNCE_BELOW = 1;
/** maxContactPushSpeed. */
export const P_MAX_PUSH = 2;
/** Softness of contacts between moving bodies: bias rate, mass scale, impulse scale. */
export const P_SOFT_BIAS = 3;
export const P_SOFT_MASS = 4;
export const P_SOFT_IMPULSE = 5;
/** Softness of contacts with a still body. */
export const P_STIFF_BIAS = 6;
export const P_STIFF_MASS = 7;
export const P_STIFF_IMPULSE = 8;
/** Length of `params`. */
export const PARAM_COUNT = 9;

/** Apply the accumulated impulses of constraints start .. end − 1 at once (warm starting). */
export function warmStartContacts(c: ContactArrays, sb: BodyColumns, start: number, end: number): void {
  const { vx, vy, w, invMass, invI } = sb;
  const v = c.values;
  const ints = c.ints;
  for (let i = start; i < end; i++) {
    const o = 40 * i; // STRIDE
    const sA = ints[4 * i]!; // INT_STRIDE, I_SLOT_A
    const sB = ints[4 * i + 1]!; // I_SLOT_B
    const nx = v[o]!; // C_NX
    const ny = v[o + 1]!; // C_NY
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
    if (iA === 0 && iB === 0) {
      // no impulse turns either body (see solveContacts): only the linear velocities change
      for (let k = o + 8, last = k + 16 * ints[4 * i + 2]!; k < last; k += 16) {
        const ln = v[k + 11]!; // PT_NORMAL_IMPULSE
        const lt = v[k + 12]!; // PT_TANGENT_IMPULSE
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
    // points at C_POINT, POINT_STRIDE apart; I_COUNT of them
    for (let k = o + 8, last = k + 16 * ints[4 * i + 2]!; k < last; k += 16) {
      const ln = v[k + 11]!; // PT_NORMAL_IMPULSE
      const lt = v[k + 12]!; // PT_TANGENT_IMPULSE
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (v[k]! * py - v[k + 1]! * px); // PT_RAX, PT_RAY
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (v[k + 2]! * py - v[k + 3]! * px); // PT_RBX, PT_RBY
    }
    const lr = v[o + 7]!; // C_ROLLING_IMPULSE
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
  const invH = params[0]! /* P_INV_H */;
  const bounceBelow = params[1]! /* P_BOUNCE_BELOW */;
  const maxPush = params[2]! /* P_MAX_PUSH */;
  const softBias = params[3]! /* P_SOFT_BIAS */;
  const softMass = params[4]! /* P_SOFT_MASS */;
  const softImpulse = params[5]! /* P_SOFT_IMPULSE */;
  const stiffBias = params[6]! /* P_STIFF_BIAS */;
  const stiffMass = params[7]! /* P_STIFF_MASS */;
  const stiffImpulse = params[8]! /* P_STIFF_IMPULSE */;
  for (let i = start; i < end; i++) {
    const o = 40 * i; // STRIDE
    const sA = ints[4 * i]!; // INT_STRIDE, I_SLOT_A
    const sB = ints[4 * i + 1]!; // I_SLOT_B
    const nx = v[o]!; // C_NX
    const ny = v[o + 1]!; // C_NY
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
    const isStiff = ints[4 * i + 3] === 1; // I_STIFF
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const first = o + 8;
    const last = first + 16 * ints[4 * i + 2]!;
    if (iA === 0 && iB === 0 && wA === 0 && wB === 0) {
      // neither body turns: the rows below without their angular terms (separation anchors do not turn either)
      const dx = dpx[sB]! - dpx[sA]!;
      const dy = dpy[sB]! - dpy[sA]!;
      const bouncy = v[o + 4]! > 0 && !useBias && !pgs; // C_RESTITUTION
      for (let k = first; k < last; k += 16) {
        const dvx = vBx - vAx;
        const dvy = vBy - vAy;
        const vn = dvx * nx + dvy * ny;
        let bias = 0;
        let massScale = 1;
        let impulseScale = 0;
        if (pgs) {
          bias = -v[k + 13]!; // PT_BIAS
        } else {
          const s = v[k + 8]! + dx * nx + dy * ny; // PT_SEPARATION
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
        const old = v[k + 11]!; // PT_NORMAL_IMPULSE
        let lambda = old - v[k + 9]! * massScale * (vn + bias) - impulseScale * old; // PT_NORMAL_MASS
        if (lambda < 0) lambda = 0;
        v[k + 11] = lambda;
        const impulse = lambda - old;
        const px = impulse * nx;
        const py = impulse * ny;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      const mu = v[o + 2]!; // C_FRICTION
      const belt = v[o + 3]!; // C_TANGENT_SPEED
      for (let k = first; k < last; k += 16) {
        const dvx = vBx - vAx;
        const dvy = vBy - vAy;
        const vt = dvx * ny - dvy * nx - belt;
        const maxF = mu * v[k + 11]!; // PT_NORMAL_IMPULSE
        const old = v[k + 12]!; // PT_TANGENT_IMPULSE
        let lambda = old - v[k + 10]! * vt; // PT_TANGENT_MASS
        lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
        v[k + 12] = lambda;
        const px = (lambda - old) * ny;
        const py = -(lambda - old) * nx;
        vAx -= mA * px;
        vAy -= mA * py;
        vBx += mB * px;
        vBy += mB * py;
      }
      const rr = v[o + 5]!; // C_ROLLING (its impulse is clamped as with turning bodies, though it turns nothing)
      if (rr > 0) {
        let total = v[first + 11]!;
        if (last - first === 32) total += v[first + 27]!;
        const maxR = rr * total;
        const old = v[o + 7]!;
        let lambda = old - v[o + 6]! * (wB - wA);
        v[o + 7] = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      }
      if (!useBias && !pgs) {
        for (let k = first; k < last; k += 16) {
          v[k + 14] = v[k + 14]! + v[k + 11]!;
          v[k + 15] = v[k + 15]! + v[k + 12]!;
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
    const bouncy = v[o + 4]! > 0 && !useBias && !pgs; // C_RESTITUTION
    for (let k = first; k < last; k += 16) {
      const rAx = v[k]!; // PT_RAX ... PT_RBY
      const rAy = v[k + 1]!;
      const rBx = v[k + 2]!;
      const rBy = v[k + 3]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (pgs) {
        bias = -v[k + 13]!; // PT_BIAS
      } else {
        // (dq − 1)·s is how far a separation anchor moved by rotation
        const aX = v[k + 4]!; // PT_SAX ... PT_SBY
        const aY = v[k + 5]!;
        const bX = v[k + 6]!;
        const bY = v[k + 7]!;
        const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
        const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
        const s = v[k + 8]! + ddx * nx + ddy * ny; // PT_SEPARATION
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
      const old = v[k + 11]!; // PT_NORMAL_IMPULSE
      let lambda = old - v[k + 9]! * massScale * (vn + bias) - impulseScale * old; // PT_NORMAL_MASS
      if (lambda < 0) lambda = 0;
      v[k + 11] = lambda;
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
    const mu = v[o + 2]!; // C_FRICTION
    const belt = v[o + 3]!; // C_TANGENT_SPEED
    for (let k = first; k < last; k += 16) {
      const rAx = v[k]!;
      const rAy = v[k + 1]!;
      const rBx = v[k + 2]!;
      const rBy = v[k + 3]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * v[k + 11]!; // PT_NORMAL_IMPULSE
      const old = v[k + 12]!; // PT_TANGENT_IMPULSE
      let lambda = old - v[k + 10]! * vt; // PT_TANGENT_MASS
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      v[k + 12] = lambda;
      const px = (lambda - old) * ny;
      const py = -(lambda - old) * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBx * py - rBy * px);
    }
    const rr = v[o + 5]!; // C_ROLLING
    if (rr > 0) {
      let total = v[first + 11]!; // point 0's PT_NORMAL_IMPULSE
      if (last - first === 32) total += v[first + 27]!; // and point 1's
      const maxR = rr * total;
      const old = v[o + 7]!; // C_ROLLING_IMPULSE
      let lambda = old - v[o + 6]! * (wB - wA); // C_ROLLING_MASS
      lambda = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      v[o + 7] = lambda;
      wA -= iA * (lambda - old);
      wB += iB * (lambda - old);
    }
    if (!useBias && !pgs) {
      // the relax pass is a sub-step's last: its impulses join the step's totals here, while
      // the constraint's numbers are in cache (ContactConstraints.addToTotals does it for pgs)
      for (let k = first; k < last; k += 16) {
        v[k + 14] = v[k + 14]! + v[k + 11]!; // PT_TOTAL_NORMAL += PT_NORMAL_IMPULSE
        v[k + 15] = v[k + 15]! + v[k + 12]!; // PT_TOTAL_TANGENT += PT_TANGENT_IMPULSE
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
