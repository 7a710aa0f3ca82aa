/**
 * The contact constraint: for each manifold point, a normal impulse λn ≥ 0
 * that stops the bodies from approaching, and a friction impulse λt with
 * |λt| ≤ μ·λn (Coulomb) that stops them from sliding.
 *
 * For a point with anchors rA, rB (from each body centre), normal n and
 * tangent t = (n.y, −n.x), the relative velocity is
 *   dv = (vB + ωB × rB) − (vA + ωA × rA)
 * and the effective mass along a direction d is
 *   m_d = 1 / (1/mA + 1/mB + (rA × d)²/IA + (rB × d)²/IB).
 * An impulse P = λ·d changes vA −= P/mA, ωA −= (rA × P)/IA and the opposite for B.
 *
 * These functions are shared by both solvers ("soft-step" and "pgs"); each
 * works over the contacts that are touching, not sensors, and awake.
 */
import type { Body } from "../bodies/body.js";
import type { Contact, ContactPoint } from "../contacts/contact.js";
import type { Softness } from "./softness.js";

/** Anchors and effective masses of every point. */
export function prepareContacts(contacts: readonly Contact[], count: number, warmStarting: boolean): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const A = c.bodyA;
    const B = c.bodyB;
    const m = c.manifold;
    const mA = A.invMass;
    const iA = A.invInertia;
    const mB = B.invMass;
    const iB = B.invInertia;
    const nx = m.normalX;
    const ny = m.normalY;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      const px = j === 0 ? m.x0 : m.x1;
      const py = j === 0 ? m.y0 : m.y1;
      cp.separation = -(j === 0 ? m.depth0 : m.depth1);
      const rAx = px - A.position.x;
      const rAy = py - A.position.y;
      const rBx = px - B.position.x;
      const rBy = py - B.position.y;
      cp.rAx = rAx;
      cp.rAy = rAy;
      cp.rBx = rBx;
      cp.rBy = rBy;
      const rnA = rAx * ny - rAy * nx;
      const rnB = rBx * ny - rBy * nx;
      const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
      cp.normalMass = kn > 0 ? 1 / kn : 0;
      // tangent t = (ny, -nx): r × t = -(r · n)
      const rtA = -(rAx * nx + rAy * ny);
      const rtB = -(rBx * nx + rBy * ny);
      const kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
      cp.tangentMass = kt > 0 ? 1 / kt : 0;
      cp.velocityBias = 0;
      if (!warmStarting) {
        cp.normalImpulse = 0;
        cp.tangentImpulse = 0;
      }
    }
  }
}

/** Apply last step's accumulated impulses at once (warm starting). */
export function warmStart(contacts: readonly Contact[], count: number): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const m = c.manifold;
    const nx = m.normalX;
    const ny = m.normalY;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      const px = cp.normalImpulse * nx + cp.tangentImpulse * ny;
      const py = cp.normalImpulse * ny - cp.tangentImpulse * nx;
      applyImpulse(c.bodyA, c.bodyB, cp, px, py);
    }
  }
}

function applyImpulse(A: Body, B: Body, cp: ContactPoint, px: number, py: number): void {
  const mA = A.invMass;
  const mB = B.invMass;
  A.velocity.x -= mA * px;
  A.velocity.y -= mA * py;
  A.angularVelocity -= A.invInertia * (cp.rAx * py - cp.rAy * px);
  B.velocity.x += mB * px;
  B.velocity.y += mB * py;
  B.angularVelocity += B.invInertia * (cp.rBx * py - cp.rBy * px);
}

/** Normal component of the relative velocity at a point. */
function normalVelocity(A: Body, B: Body, cp: ContactPoint, nx: number, ny: number): number {
  const wA = A.angularVelocity;
  const wB = B.angularVelocity;
  const dvx = B.velocity.x - wB * cp.rBy - (A.velocity.x - wA * cp.rAy);
  const dvy = B.velocity.y + wB * cp.rBx - (A.velocity.y + wA * cp.rAx);
  return dvx * nx + dvy * ny;
}

/**
 * Current separation of a point, from how far each body has moved and turned
 * since the start of the step (no new collision query): the anchor of each
 * body is carried by that body's motion.
 */
export function currentSeparation(A: Body, B: Body, cp: ContactPoint, nx: number, ny: number): number {
  // rotation of each body since the step start: dq = q · conj(q0)
  const dcA = A.rotCos * A.c0 + A.rotSin * A.s0;
  const dsA = A.rotSin * A.c0 - A.rotCos * A.s0;
  const dcB = B.rotCos * B.c0 + B.rotSin * B.s0;
  const dsB = B.rotSin * B.c0 - B.rotCos * B.s0;
  // displacement of each body's material point at the anchor
  const dAx = A.position.x - A.x0 + dcA * cp.rAx - dsA * cp.rAy - cp.rAx;
  const dAy = A.position.y - A.y0 + dsA * cp.rAx + dcA * cp.rAy - cp.rAy;
  const dBx = B.position.x - B.x0 + dcB * cp.rBx - dsB * cp.rBy - cp.rBx;
  const dBy = B.position.y - B.y0 + dsB * cp.rBx + dcB * cp.rBy - cp.rBy;
  return cp.separation + (dBx - dAx) * nx + (dBy - dAy) * ny;
}

/** Friction of one contact: clamp the accumulated tangent impulse to ±μ·λn. */
function solveFriction(c: Contact): void {
  const A = c.bodyA;
  const B = c.bodyB;
  const m = c.manifold;
  const nx = m.normalX;
  const ny = m.normalY;
  const tx = ny;
  const ty = -nx;
  const mu = c.friction;
  for (let j = 0; j < m.count; j++) {
    const cp = c.points[j]!;
    const vt = normalVelocity(A, B, cp, tx, ty);
    const maxF = mu * cp.normalImpulse;
    let lambda = cp.tangentImpulse - cp.tangentMass * vt;
    lambda = lambda < -maxF ? -maxF : lambda > maxF ? maxF : lambda;
    const impulse = lambda - cp.tangentImpulse;
    cp.tangentImpulse = lambda;
    applyImpulse(A, B, cp, impulse * tx, impulse * ty);
  }
}

/**
 * One soft-step iteration (Box2D v3). With `useBias`, penetration is pushed
 * out through the soft spring (never faster than `maxPush`); without it (the
 * relax pass) the constraint only removes approaching velocity. A point that
 * is still apart (s > 0) is speculative: it lets the bodies close the gap in
 * this sub-step and no more.
 */
export function solveSoft(
  contacts: readonly Contact[],
  count: number,
  invH: number,
  useBias: boolean,
  soft: Softness,
  stiff: Softness,
  maxPush: number,
): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const A = c.bodyA;
    const B = c.bodyB;
    const m = c.manifold;
    const nx = m.normalX;
    const ny = m.normalY;
    const sp = c.stiff === 1 ? stiff : soft;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      const s = currentSeparation(A, B, cp, nx, ny);
      let bias = 0;
      let massScale = 1;
      let impulseScale = 0;
      if (s > 0) {
        bias = s * invH;
      } else if (useBias) {
        bias = sp.biasRate * s;
        if (bias < -maxPush) bias = -maxPush;
        massScale = sp.massScale;
        impulseScale = sp.impulseScale;
      }
      const vn = normalVelocity(A, B, cp, nx, ny);
      let lambda = cp.normalImpulse - cp.normalMass * massScale * (vn + bias) - impulseScale * cp.normalImpulse;
      if (lambda < 0) lambda = 0;
      const impulse = lambda - cp.normalImpulse;
      cp.normalImpulse = lambda;
      applyImpulse(A, B, cp, impulse * nx, impulse * ny);
    }
    solveFriction(c);
  }
}

/**
 * Restitution: impacts are resolved first, as instantaneous collisions, one
 * contact point at a time. A point whose bodies approach faster than
 * `threshold` (and that would close its gap within this step) gets the
 * impulse that makes them separate at e × the approach speed (Newton's law
 * of restitution). Sweeps repeat until no point needs one, so momentum passes
 * down a chain of touching bodies as in a real Newton's cradle; a solver that
 * only looked at the velocities before the step would share it among all of
 * them instead. Each impulse pushes apart and, with e ≤ 1, never adds energy.
 * Resting contacts (slower than the threshold) are left to the solver.
 * Returns the number of impulses applied.
 */
export function resolveImpacts(
  contacts: readonly Contact[],
  count: number,
  dt: number,
  threshold: number,
  maxSweeps: number,
): number {
  let applied = 0;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let appliedThisSweep = 0;
    for (let i = 0; i < count; i++) {
      const c = contacts[i]!;
      const e = c.restitution;
      if (e === 0) continue;
      const A = c.bodyA;
      const B = c.bodyB;
      const m = c.manifold;
      const nx = m.normalX;
      const ny = m.normalY;
      for (let j = 0; j < m.count; j++) {
        const cp = c.points[j]!;
        const vn = normalVelocity(A, B, cp, nx, ny);
        if (vn >= -threshold) continue;
        if (cp.separation > 0 && -vn * dt < cp.separation) continue; // will not reach it this step
        const impulse = -(1 + e) * cp.normalMass * vn;
        applyImpulse(A, B, cp, impulse * nx, impulse * ny);
        appliedThisSweep++;
      }
    }
    applied += appliedThisSweep;
    if (appliedThisSweep === 0) break;
  }
  return applied;
}

/**
 * Classic sequential impulses (PGS): set each point's target normal velocity
 * once per step. A point still apart may close its gap in this step
 * (speculative); with Baumgarte, penetration beyond `slop` adds a push-out
 * velocity β/dt × (depth − slop). (Bounces were resolved by resolveImpacts.)
 */
export function setVelocityBias(
  contacts: readonly Contact[],
  count: number,
  invDt: number,
  baumgarte: number,
  slop: number,
): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const m = c.manifold;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      let bias = 0;
      if (cp.separation > 0) {
        bias = -cp.separation * invDt; // still apart: it may close the gap within this step, and no more
      } else {
        const push = baumgarte * invDt * (-cp.separation - slop);
        if (push > bias) bias = push;
      }
      cp.velocityBias = bias;
    }
  }
}

/** One PGS iteration: each point's accumulated normal impulse clamped at 0, then friction. */
export function solvePGS(contacts: readonly Contact[], count: number): void {
  for (let i = 0; i < count; i++) {
    const c = contacts[i]!;
    const A = c.bodyA;
    const B = c.bodyB;
    const m = c.manifold;
    const nx = m.normalX;
    const ny = m.normalY;
    for (let j = 0; j < m.count; j++) {
      const cp = c.points[j]!;
      const vn = normalVelocity(A, B, cp, nx, ny);
      let lambda = cp.normalImpulse - cp.normalMass * (vn - cp.velocityBias);
      if (lambda < 0) lambda = 0;
      const impulse = lambda - cp.normalImpulse;
      cp.normalImpulse = lambda;
      applyImpulse(A, B, cp, impulse * nx, impulse * ny);
    }
    solveFriction(c);
  }
}
