/**
 * The contact solver's inner loops, as functions over columns (typed arrays)
 * and a range of constraints: `ContactConstraints` runs them over all its
 * constraints in one thread, and the parallel solver (src/solver/parallel/)
 * runs them over blocks of a colour on several threads at once, on the same
 * memory. Each function is self-contained (it uses nothing but its
 * arguments), because the workers compile it from its source text: the same
 * code, so the same bits.
 *
 * The numbers they need besides the columns are in `c.params` (indices
 * `P_*`), set before each pass (a Float64Array: V8 boxed numbers passed as
 * arguments to calls it did not inline).
 */

/** The contact columns a pass reads and writes (`ContactConstraints` has them). */
export interface ContactColumns {
  slotA: Int32Array;
  slotB: Int32Array;
  pointCount: Int32Array;
  stiff: Int32Array;
  nx: Float64Array;
  ny: Float64Array;
  friction: Float64Array;
  tangentSpeed: Float64Array;
  restitution: Float64Array;
  rolling: Float64Array;
  rollingMass: Float64Array;
  rollingImpulse: Float64Array;
  rAx: Float64Array;
  rAy: Float64Array;
  rBx: Float64Array;
  rBy: Float64Array;
  sAx: Float64Array;
  sAy: Float64Array;
  sBx: Float64Array;
  sBy: Float64Array;
  separation: Float64Array;
  normalMass: Float64Array;
  tangentMass: Float64Array;
  normalImpulse: Float64Array;
  tangentImpulse: Float64Array;
  bias: Float64Array;
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

/** Contact columns by name, in the order the parallel solver shares them. */
export const CONTACT_COLUMNS: readonly (keyof ContactColumns)[] = [
  "slotA", "slotB", "pointCount", "stiff", "nx", "ny", "friction", "tangentSpeed", "restitution", "rolling", "rollingMass",
  "rollingImpulse", "rAx", "rAy", "rBx", "rBy", "sAx", "sAy", "sBx", "sBy", "separation", "normalMass", "tangentMass",
  "normalImpulse", "tangentImpulse", "bias", "params",
];

/** Body columns by name, in the order the parallel solver shares them. */
export const BODY_COLUMNS: readonly (keyof BodyColumns)[] = ["vx", "vy", "w", "invMass", "invI", "dpx", "dpy", "dqc", "dqs"];

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
export function warmStartContacts(c: ContactColumns, sb: BodyColumns, start: number, end: number): void {
  const { vx, vy, w, invMass, invI } = sb;
  const { slotA, slotB, nx: nxs, ny: nys, pointCount, normalImpulse, tangentImpulse, rollingImpulse } = c;
  const { rAx: rAxs, rAy: rAys, rBx: rBxs, rBy: rBys } = c;
  for (let i = start; i < end; i++) {
    const sA = slotA[i]!;
    const sB = slotB[i]!;
    const nx = nxs[i]!;
    const ny = nys[i]!;
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
    for (let k = 2 * i, last = k + pointCount[i]!; k < last; k++) {
      const ln = normalImpulse[k]!;
      const lt = tangentImpulse[k]!;
      const px = ln * nx + lt * ny;
      const py = ln * ny - lt * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAxs[k]! * py - rAys[k]! * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBxs[k]! * py - rBys[k]! * px);
    }
    const lr = rollingImpulse[i]!;
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
 * rolling resistance. The normal target: with `pgs`, the velocity bias set
 * once per step by `setVelocityBias`; otherwise the soft-step target from
 * the estimated separation (see `solveSoft`).
 *
 * One loop with every array in a local: V8 keeps them in registers, and a
 * constraint's rows share the velocities they load.
 */
export function solveContacts(c: ContactColumns, sb: BodyColumns, start: number, end: number, useBias: boolean, pgs: boolean): void {
  const { vx, vy, w, invMass, invI, dpx, dpy, dqc, dqs } = sb;
  const params = c.params;
  const invH = params[0]! /* P_INV_H */;
  const bounceBelow = params[1]! /* P_BOUNCE_BELOW */;
  const maxPush = params[2]! /* P_MAX_PUSH */;
  const slotA = c.slotA;
  const slotB = c.slotB;
  const nxs = c.nx;
  const nys = c.ny;
  const pointCount = c.pointCount;
  const stiffs = c.stiff;
  const restitution = c.restitution;
  const friction = c.friction;
  const tangentSpeed = c.tangentSpeed;
  const rolling = c.rolling;
  const rollingMass = c.rollingMass;
  const rollingImpulse = c.rollingImpulse;
  const rAxs = c.rAx;
  const rAys = c.rAy;
  const rBxs = c.rBx;
  const rBys = c.rBy;
  const sAxs = c.sAx;
  const sAys = c.sAy;
  const sBxs = c.sBx;
  const sBys = c.sBy;
  const separation = c.separation;
  const normalMass = c.normalMass;
  const tangentMass = c.tangentMass;
  const normalImpulse = c.normalImpulse;
  const tangentImpulse = c.tangentImpulse;
  const pgsBias = c.bias;
  const softBias = params[3]! /* P_SOFT_BIAS */;
  const softMass = params[4]! /* P_SOFT_MASS */;
  const softImpulse = params[5]! /* P_SOFT_IMPULSE */;
  const stiffBias = params[6]! /* P_STIFF_BIAS */;
  const stiffMass = params[7]! /* P_STIFF_MASS */;
  const stiffImpulse = params[8]! /* P_STIFF_IMPULSE */;
  for (let i = start; i < end; i++) {
    const sA = slotA[i]!;
    const sB = slotB[i]!;
    const nx = nxs[i]!;
    const ny = nys[i]!;
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
    const isStiff = stiffs[i] === 1;
    const biasRate = isStiff ? stiffBias : softBias;
    const pushMass = isStiff ? stiffMass : softMass;
    const pushImpulse = isStiff ? stiffImpulse : softImpulse;
    const cA = dqc[sA]! - 1;
    const sAr = dqs[sA]!;
    const cB = dqc[sB]! - 1;
    const sBr = dqs[sB]!;
    const dx = dpx[sB]! - dpx[sA]!;
    const dy = dpy[sB]! - dpy[sA]!;
    const bouncy = restitution[i]! > 0 && !useBias && !pgs;
    const last = 2 * i + pointCount[i]!;
    for (let k = 2 * i; k < last; k++) {
      const rAx = rAxs[k]!;
      const rAy = rAys[k]!;
      const rBx = rBxs[k]!;
      const rBy = rBys[k]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vn = dvx * nx + dvy * ny;
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (pgs) {
        bias = -pgsBias[k]!;
      } else {
        // (dq − 1)·s is how far a separation anchor moved by rotation
        const aX = sAxs[k]!;
        const aY = sAys[k]!;
        const bX = sBxs[k]!;
        const bY = sBys[k]!;
        const ddx = dx + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
        const ddy = dy + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
        const s = separation[k]! + ddx * nx + ddy * ny;
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
      const old = normalImpulse[k]!;
      let lambda = old - normalMass[k]! * massScale * (vn + bias) - impulseScale * old;
      if (lambda < 0) lambda = 0;
      normalImpulse[k] = lambda;
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
    const mu = friction[i]!;
    const belt = tangentSpeed[i]!;
    for (let k = 2 * i; k < last; k++) {
      const rAx = rAxs[k]!;
      const rAy = rAys[k]!;
      const rBx = rBxs[k]!;
      const rBy = rBys[k]!;
      const dvx = vBx - wB * rBy - (vAx - wA * rAy);
      const dvy = vBy + wB * rBx - (vAy + wA * rAx);
      const vt = dvx * ny - dvy * nx - belt;
      const maxF = mu * normalImpulse[k]!;
      const old = tangentImpulse[k]!;
      let lambda = old - tangentMass[k]! * vt;
      lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
      tangentImpulse[k] = lambda;
      const px = (lambda - old) * ny;
      const py = -(lambda - old) * nx;
      vAx -= mA * px;
      vAy -= mA * py;
      wA -= iA * (rAx * py - rAy * px);
      vBx += mB * px;
      vBy += mB * py;
      wB += iB * (rBx * py - rBy * px);
    }
    const rr = rolling[i]!;
    if (rr > 0) {
      let total = normalImpulse[2 * i]!;
      if (last - 2 * i === 2) total += normalImpulse[2 * i + 1]!;
      const maxR = rr * total;
      const old = rollingImpulse[i]!;
      let lambda = old - rollingMass[i]! * (wB - wA);
      lambda = lambda < -maxR ? -maxR : lambda > maxR ? maxR : lambda;
      rollingImpulse[i] = lambda;
      wA -= iA * (lambda - old);
      wB += iB * (lambda - old);
    }
    vx[sA] = vAx;
    vy[sA] = vAy;
    w[sA] = wA;
    vx[sB] = vBx;
    vy[sB] = vBy;
    w[sB] = wB;
  }
}
