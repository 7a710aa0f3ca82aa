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
 * `ContactConstraints` holds, for one step, the contacts being solved as
 * flat arrays (one entry per contact, two per point: index 2·i + j), and
 * each solver stage is one loop over them. Both solvers ("soft-step" and
 * "pgs") use these stages; the velocities live in `SolverBodies`.
 */
import { BOX } from "../bodies/body.js";
import {
  DEPTH0, NORMAL0, NORMAL1, NX, NY, PUSHED, ROLLING, ROW, TANGENT0, TANGENT1, TOTAL_NORMAL0, TOTAL_NORMAL1, TOTAL_TANGENT0, TOTAL_TANGENT1, WITH_STATIC, X0, Y0,
  type Contact,
} from "../contacts/contact.js";
import { mixFriction, mixRestitution } from "../contacts/pairing.js";
import { Softness } from "./softness.js";
import type { SolverBodies } from "./solver-bodies.js";
import { capacityFor, grown } from "../math/typed.js";
import {
  P_BOUNCE_BELOW, P_INV_H, P_MAX_PUSH, P_SOFT_BIAS, P_SOFT_IMPULSE, P_SOFT_MASS, P_STIFF_BIAS, P_STIFF_IMPULSE, P_STIFF_MASS,
  PARAM_COUNT, solveContacts, warmStartContacts,
} from "./contact-kernels.js";

/** The kinds of pass `ContactPassRunner.run` is asked for. */
export const PASS_WARM_START = 0;
/** soft-step: a solve with the soft push-out. */
export const PASS_SOLVE = 1;
/** soft-step: the relax pass (no push-out). */
export const PASS_RELAX = 2;
/** pgs: one velocity iteration. */
export const PASS_PGS = 3;

/**
 * Runs a pass over the constraints in colour order on several threads (the
 * parallel solver, src/solver/parallel/): `run` returns false when no other
 * thread is there to help, and the pass is then run here.
 */
export interface ContactPassRunner {
  run(pass: number): boolean;
}

export class ContactConstraints {
  /** Constraint → contact. */
  readonly contacts: Contact[] = [];
  count = 0;
  /** The solver threads that run the passes, or null (one thread). */
  threads: ContactPassRunner | null = null;
  /** A pass's numbers (see contact-kernels.ts). */
  params: Float64Array = new Float64Array(PARAM_COUNT);
  slotA: Int32Array = new Int32Array(64);
  slotB: Int32Array = new Int32Array(64);
  pointCount: Int32Array = new Int32Array(64);
  stiff: Int32Array = new Int32Array(64);
  nx: Float64Array = new Float64Array(64);
  ny: Float64Array = new Float64Array(64);
  friction: Float64Array = new Float64Array(64);
  /** Conveyor speed along the tangent (the bodies' `tangentSpeed` summed, as in Box2D v3.1). */
  tangentSpeed: Float64Array = new Float64Array(64);
  restitution: Float64Array = new Float64Array(64);
  /** Rolling resistance: the coefficient × the larger radius (m), 1 / (1/IA + 1/IB), and the accumulated impulse (N·m·s). */
  rolling: Float64Array = new Float64Array(64);
  rollingMass: Float64Array = new Float64Array(64);
  rollingImpulse: Float64Array = new Float64Array(64);
  // per point
  rAx: Float64Array = new Float64Array(128);
  rAy: Float64Array = new Float64Array(128);
  rBx: Float64Array = new Float64Array(128);
  rBy: Float64Array = new Float64Array(128);
  /**
   * Separation anchors: each body's *core* point under the contact (its
   * surface point moved in by its radius: a circle's centre, a point of a
   * capsule's segment, a box's surface), relative to the body's centre. The
   * separation estimate carries these with the bodies, so a spinning circle's
   * separation does not change (its centre does not move when it turns), even
   * for a speculative point far from its surface.
   */
  sAx: Float64Array = new Float64Array(128);
  sAy: Float64Array = new Float64Array(128);
  sBx: Float64Array = new Float64Array(128);
  sBy: Float64Array = new Float64Array(128);
  /** Separation (−depth) at the start of the step. */
  separation: Float64Array = new Float64Array(128);
  normalMass: Float64Array = new Float64Array(128);
  tangentMass: Float64Array = new Float64Array(128);
  normalImpulse: Float64Array = new Float64Array(128);
  tangentImpulse: Float64Array = new Float64Array(128);
  /** PGS: the normal velocity aimed for (Baumgarte push-out or speculative gap). */
  bias: Float64Array = new Float64Array(128);
  /** Relative normal velocity at the start of the step (< 0: approaching), for hit events. */
  relativeVelocity: Float64Array = new Float64Array(128);
  /** Normal and tangent impulse applied over the whole step (all sub-steps and bounces). */
  totalNormal: Float64Array = new Float64Array(128);
  totalTangent: Float64Array = new Float64Array(128);

  private grow(n: number): void {
    if (this.slotA.length < n) this.growTo(capacityFor(this.slotA.length, n));
  }

  /**
   * Column memory is shared (SharedArrayBuffer) with the solver threads:
   * set by `share()`; from then on every column grows into shared memory,
   * and `generation` counts the times the columns were replaced (the threads
   * must be handed the new ones).
   */
  shared = false;
  generation = 0;

  /** Move every column into shared memory (see `shared`). */
  share(): void {
    this.shared = true;
    this.growTo(this.slotA.length);
    this.params = grown(this.params, this.params.length, 0, true);
  }

  /** Room for `size` constraints (two points each). */
  private growTo(size: number): void {
    const sh = this.shared;
    this.generation++;
    this.slotA = grown(this.slotA, size, 0, sh);
    this.slotB = grown(this.slotB, size, 0, sh);
    this.pointCount = grown(this.pointCount, size, 0, sh);
    this.stiff = grown(this.stiff, size, 0, sh);
    this.nx = grown(this.nx, size, 0, sh);
    this.ny = grown(this.ny, size, 0, sh);
    this.friction = grown(this.friction, size, 0, sh);
    this.tangentSpeed = grown(this.tangentSpeed, size, 0, sh);
    this.rolling = grown(this.rolling, size, 0, sh);
    this.rollingMass = grown(this.rollingMass, size, 0, sh);
    this.rollingImpulse = grown(this.rollingImpulse, size, 0, sh);
    this.restitution = grown(this.restitution, size, 0, sh);
    this.rAx = grown(this.rAx, 2 * size, 0, sh);
    this.rAy = grown(this.rAy, 2 * size, 0, sh);
    this.rBx = grown(this.rBx, 2 * size, 0, sh);
    this.rBy = grown(this.rBy, 2 * size, 0, sh);
    this.sAx = grown(this.sAx, 2 * size, 0, sh);
    this.sAy = grown(this.sAy, 2 * size, 0, sh);
    this.sBx = grown(this.sBx, 2 * size, 0, sh);
    this.sBy = grown(this.sBy, 2 * size, 0, sh);
    this.separation = grown(this.separation, 2 * size, 0, sh);
    this.normalMass = grown(this.normalMass, 2 * size, 0, sh);
    this.tangentMass = grown(this.tangentMass, 2 * size, 0, sh);
    this.normalImpulse = grown(this.normalImpulse, 2 * size, 0, sh);
    this.tangentImpulse = grown(this.tangentImpulse, 2 * size, 0, sh);
    this.bias = grown(this.bias, 2 * size, 0, sh);
    this.relativeVelocity = grown(this.relativeVelocity, 2 * size, 0, sh);
    this.totalNormal = grown(this.totalNormal, 2 * size, 0, sh);
    this.totalTangent = grown(this.totalTangent, 2 * size, 0, sh);
  }

  /**
   * Prepare: anchors relative to each body's centre, effective masses, and
   * last step's impulses (warm starting) for every contact to solve, in the
   * order given (the world puts contacts with a static body last).
   */
  prepare(list: readonly Contact[], n: number, sb: SolverBodies, warmStarting: boolean): void {
    this.grow(n);
    this.count = n;
    const invMass = sb.invMass;
    const invI = sb.invI;
    const slotOf = sb.slotOf;
    const { vx, vy, w } = sb;
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      this.contacts[i] = c;
      const A = c.bodyA;
      const B = c.bodyB;
      const sA = slotOf[A.slot]!;
      const sB = slotOf[B.slot]!;
      this.slotA[i] = sA;
      this.slotB[i] = sB;
      // the manifold and last step's impulses, from the contact's row
      const f = c.rows.f;
      const o = c.row * ROW;
      const count = c.count;
      const nx = f[o + NX]!;
      const ny = f[o + NY]!;
      this.nx[i] = nx;
      this.ny[i] = ny;
      this.pointCount[i] = count;
      this.stiff[i] = (c.flags & WITH_STATIC) !== 0 ? 1 : 0;
      // materials mixed from the bodies' current values, every step
      this.friction[i] = mixFriction(A._friction, B._friction);
      this.tangentSpeed[i] = A._tangentSpeed + B._tangentSpeed;
      this.restitution[i] = mixRestitution(A._restitution, B._restitution);
      const mA = invMass[sA]!;
      const iA = invI[sA]!;
      const mB = invMass[sB]!;
      const iB = invI[sB]!;
      const radiusA = A._kind === BOX ? 0 : A._radius;
      const radiusB = B._kind === BOX ? 0 : B._radius;
      // rolling resistance (Box2D v3.1): the larger coefficient × the larger radius
      const rr = A._rollingResistance > B._rollingResistance ? A._rollingResistance : B._rollingResistance;
      this.rolling[i] = rr * (radiusA > radiusB ? radiusA : radiusB);
      const ki = iA + iB;
      this.rollingMass[i] = ki > 0 ? 1 / ki : 0;
      this.rollingImpulse[i] = warmStarting && this.rolling[i]! > 0 ? f[o + ROLLING]! : 0;
      for (let j = 0; j < count; j++) {
        const k = 2 * i + j;
        const q = o + 3 * j; // point j's x, y, depth (X1 = X0 + 3)
        const px = f[q + X0]!;
        const py = f[q + Y0]!;
        const depth = f[q + DEPTH0]!;
        this.separation[k] = -depth;
        const rAx = px - A.px;
        const rAy = py - A.py;
        const rBx = px - B.px;
        const rBy = py - B.py;
        this.rAx[k] = rAx;
        this.rAy[k] = rAy;
        this.rBx[k] = rBx;
        this.rBy[k] = rBy;
        // A's surface point is p + n·depth/2, B's is p − n·depth/2; cores lie a radius further in
        const inA = 0.5 * depth - radiusA;
        const inB = radiusB - 0.5 * depth;
        this.sAx[k] = rAx + inA * nx;
        this.sAy[k] = rAy + inA * ny;
        this.sBx[k] = rBx + inB * nx;
        this.sBy[k] = rBy + inB * ny;
        const rnA = rAx * ny - rAy * nx;
        const rnB = rBx * ny - rBy * nx;
        const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        this.normalMass[k] = kn > 0 ? 1 / kn : 0;
        // tangent t = (ny, −nx): r × t = −(r · n)
        const rtA = rAx * nx + rAy * ny;
        const rtB = rBx * nx + rBy * ny;
        const kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
        this.tangentMass[k] = kt > 0 ? 1 / kt : 0;
        const p = o + 2 * j; // point j's impulses (NORMAL1 = NORMAL0 + 2)
        this.normalImpulse[k] = warmStarting ? f[p + NORMAL0]! : 0;
        this.tangentImpulse[k] = warmStarting ? f[p + TANGENT0]! : 0;
        this.bias[k] = 0;
        this.totalNormal[k] = 0;
        this.totalTangent[k] = 0;
        const dvx = vx[sB]! - w[sB]! * rBy - (vx[sA]! - w[sA]! * rAy);
        const dvy = vy[sB]! + w[sB]! * rBx - (vy[sA]! + w[sA]! * rAx);
        this.relativeVelocity[k] = dvx * nx + dvy * ny;
      }
    }
  }

  /**
   * Keep the step's impulses on the contacts: the last (sub-)step's
   * accumulated impulses for the next warm start, the step's totals for users.
   * A contact that pushed its bodies apart (a point got a normal impulse) is
   * flagged PUSHED: it touched in this step, whatever the narrowphase finds
   * at its end. Constraints hit faster than `hitThreshold` (m/s, the approach
   * speed at the start of the step) are listed in `hits[0 .. hitCount)`, with
   * the hardest-hit point of each in `hitPoints` and its speed in `hitSpeeds`.
   */
  storeImpulses(hitThreshold: number): void {
    this.hitCount = 0;
    for (let i = 0; i < this.count; i++) {
      const c = this.contacts[i]!;
      const f = c.rows.f;
      const o = c.row * ROW;
      const k = 2 * i;
      const two = this.pointCount[i] === 2;
      f[o + ROLLING] = this.rollingImpulse[i]!;
      const n0 = this.totalNormal[k]!;
      f[o + NORMAL0] = this.normalImpulse[k]!;
      f[o + TANGENT0] = this.tangentImpulse[k]!;
      f[o + TOTAL_NORMAL0] = n0;
      f[o + TOTAL_TANGENT0] = this.totalTangent[k]!;
      let pushed = n0 > 0;
      if (two) {
        const n1 = this.totalNormal[k + 1]!;
        f[o + NORMAL1] = this.normalImpulse[k + 1]!;
        f[o + TANGENT1] = this.tangentImpulse[k + 1]!;
        f[o + TOTAL_NORMAL1] = n1;
        f[o + TOTAL_TANGENT1] = this.totalTangent[k + 1]!;
        pushed = pushed || n1 > 0;
      }
      if (!pushed) continue;
      c.flags |= PUSHED;
      // the hit: the fastest approach among the points that were pushed
      const a0 = n0 > 0 ? -this.relativeVelocity[k]! : -Infinity;
      const a1 = two && this.totalNormal[k + 1]! > 0 ? -this.relativeVelocity[k + 1]! : -Infinity;
      const speed = a1 > a0 ? a1 : a0;
      if (speed > hitThreshold) {
        const h = this.hitCount++;
        if (h === this.hits.length) this.growHits();
        this.hits[h] = i;
        this.hitPoints[h] = a1 > a0 ? 1 : 0;
        this.hitSpeeds[h] = speed;
      }
    }
  }

  /** Hits found by `storeImpulses`: constraint index, point (0 or 1) and approach speed. */
  hits: Int32Array = new Int32Array(16);
  hitPoints: Int32Array = new Int32Array(16);
  hitSpeeds: Float64Array = new Float64Array(16);
  hitCount = 0;

  private growHits(): void {
    const n = 2 * this.hits.length;
    this.hits = grown(this.hits, n);
    this.hitPoints = grown(this.hitPoints, n);
    this.hitSpeeds = grown(this.hitSpeeds, n);
  }

  /** Add the accumulated impulses to the step's totals (after each sub-step, or once with pgs). */
  addToTotals(): void {
    for (let i = 0; i < this.count; i++) {
      for (let k = 2 * i, end = k + this.pointCount[i]!; k < end; k++) {
        this.totalNormal[k] = this.totalNormal[k]! + this.normalImpulse[k]!;
        this.totalTangent[k] = this.totalTangent[k]! + this.tangentImpulse[k]!;
      }
    }
  }


  /** Forget the accumulated impulses (warm starting off). */
  resetImpulses(): void {
    this.normalImpulse.fill(0, 0, 2 * this.count);
    this.tangentImpulse.fill(0, 0, 2 * this.count);
    this.rollingImpulse.fill(0, 0, this.count);
  }

  /** Apply the accumulated impulses at once (warm starting). */
  warmStart(sb: SolverBodies): void {
    if (this.threads === null || !this.threads.run(PASS_WARM_START)) warmStartContacts(this, sb, 0, this.count);
    sb.clearStaticSlot();
  }

  /**
   * One soft-step iteration (Box2D v3). With `useBias`, penetration is pushed
   * out through the soft spring (never faster than `maxPush`); without it (the
   * relax pass) the constraint only removes approaching velocity. A point that
   * is still apart (s > 0) is speculative: it lets the bodies close the gap in
   * this sub-step and no more. Except in the relax pass for a point about to
   * bounce (restitution > 0, approaching faster than the threshold): slowing
   * it to land exactly would take the speed its bounce needs, so it is left
   * to the next sub-step's impact check (`resolveImpacts`).
   *
   * The current separation of a point is estimated without a new collision
   * query, from how far each body has moved and turned since the step start:
   *   s = s0 + n · ((dpB + dqB·sB − sB) − (dpA + dqA·sA − sA))
   * with sA, sB the separation anchors (see `sAx`).
   */
  solveSoft(sb: SolverBodies, useBias: boolean, soft: Softness, stiff: Softness): void {
    this.solve(sb, useBias ? PASS_SOLVE : PASS_RELAX, soft, stiff);
  }

  /** One PGS iteration: each point's accumulated normal impulse clamped at 0, then friction. */
  solvePGS(sb: SolverBodies): void {
    this.solve(sb, PASS_PGS, this.rigid, this.rigid);
  }

  private readonly rigid = new Softness();

  /** One pass of kind `pass` (PASS_*) over the constraints: on the solver threads, or here. */
  private solve(sb: SolverBodies, pass: number, soft: Softness, stiff: Softness): void {
    const p = this.params;
    p[P_INV_H] = sb.invH;
    p[P_BOUNCE_BELOW] = -this.restitutionThreshold;
    p[P_MAX_PUSH] = this.maxPush;
    p[P_SOFT_BIAS] = soft.biasRate;
    p[P_SOFT_MASS] = soft.massScale;
    p[P_SOFT_IMPULSE] = soft.impulseScale;
    p[P_STIFF_BIAS] = stiff.biasRate;
    p[P_STIFF_MASS] = stiff.massScale;
    p[P_STIFF_IMPULSE] = stiff.impulseScale;
    if (this.threads === null || !this.threads.run(pass)) {
      solveContacts(this, sb, 0, this.count, pass === PASS_SOLVE, pass === PASS_PGS);
    }
    sb.clearStaticSlot();
  }

  /** No bounce below this approach speed, m/s (the world's restitutionThreshold). */
  restitutionThreshold = 1;
  /** soft-step: cap on the speed at which penetration is pushed out, m/s (the world's maxContactPushSpeed). */
  maxPush = 3;
  /**
   * pgs position correction, set by the world each step (fields, not
   * arguments: V8 boxed numbers passed to calls it did not inline): the
   * fraction of the error removed (β, the world's `percent`), the allowed
   * penetration `slop` (m), and the step's 1/dt.
   */
  percent = 0.5;
  slop = 0.5;
  invDt = 0.5;
  /** The smallest separation the last `solvePositionsNGS` pass saw, m (for its early exit). */
  minSeparation = 0.5;

  /**
   * Restitution, applied at the moment of contact. Within a (sub-)step of
   * length h, a point whose bodies approach faster than `threshold` and whose
   * gap (estimated from the motion so far) closes before the end of it is an
   * impact: it gets the impulse that makes the bodies separate at e × the
   * approach speed (Newton's law of restitution), as an instantaneous
   * collision, before the contact solver sees the velocities.
   *
   * Sweeps repeat until no point needs one, so momentum passes down a chain
   * of touching bodies as in a real Newton's cradle (a solver that only
   * looked at the velocities before the step would share it among them).
   * Each impulse pushes apart and, with e ≤ 1, never adds energy. Resting
   * contacts (slower than the threshold) are left to the solver.
   *
   * Timing. An impact happens t = gap / approach speed into the sub-step (or
   * when one of the bodies last changed velocity, for a chain), not at its
   * start. The position update that follows moves each body by h × its new
   * velocity; a body whose velocity changed by Δv at time t should have moved
   * t × Δv less, so that correction is recorded (`SolverBodies.corrX`...) and
   * applied after the motion. A ball dropped on the floor therefore turns
   * around at the floor, not up to a sub-step's travel above it.
   * Returns the number of impulses applied.
   */
  resolveImpacts(sb: SolverBodies, maxSweeps: number): number {
    const h = sb.h;
    const threshold = this.restitutionThreshold;
    const { vx, vy, w, invMass, invI, impactTime, vx0, vy0, w0, vxPred, vyPred, wPred } = sb;
    let applied = 0;
    const hitBodies = sb.hitThisStep;
    for (let sweep = 0; sweep < maxSweeps; sweep++) {
      let appliedThisSweep = 0;
      // Only the candidates (see selectImpactCandidates) can have an impact, and, once bodies
      // were hit in this step, the constraints of those bodies (momentum passing on).
      const anyHit = this.impactedThisStep;
      const n = anyHit ? this.count : this.candidateCount;
      for (let c = 0; c < n; c++) {
        const i = anyHit ? c : this.candidates[c]!;
        const e = this.restitution[i]!;
        if (e === 0) continue;
        const sA = this.slotA[i]!;
        const sB = this.slotB[i]!;
        if (anyHit && this.candidate[i] === 0 && hitBodies[sA] === 0 && hitBodies[sB] === 0) continue;
        const nx = this.nx[i]!;
        const ny = this.ny[i]!;
        for (let k = 2 * i, end = k + this.pointCount[i]!; k < end; k++) {
          const rAx = this.rAx[k]!;
          const rAy = this.rAy[k]!;
          const rBx = this.rBx[k]!;
          const rBy = this.rBy[k]!;
          const dvx = vx[sB]! - w[sB]! * rBy - (vx[sA]! - w[sA]! * rAy);
          const dvy = vy[sB]! + w[sB]! * rBx - (vy[sA]! + w[sA]! * rAx);
          const vn = dvx * nx + dvy * ny;
          if (vn >= -threshold) continue;
          const sep = separationNow(this, sb, i, k);
          if (sep > 0 && -vn * h < sep) continue; // will not reach it in this sub-step
          let t = sep > 0 ? sep / -vn : 0;
          if (impactTime[sA]! > t) t = impactTime[sA]!;
          if (impactTime[sB]! > t) t = impactTime[sB]!;
          if (t > h) t = h;
          // The forces of this sub-step (gravity) changed the approach speed by dn, over the
          // fraction `kick` of it the integrator has applied so far (all of it, or half with
          // velocity Verlet); at the moment of impact the forces had acted for t only. Bouncing
          // that speed (and letting the forces act on the rebound for the rest of the sub-step)
          // keeps a bouncing ball from gaining or losing height.
          const fAx = vxPred[sA]! - vx0[sA]! - (wPred[sA]! - w0[sA]!) * rAy;
          const fAy = vyPred[sA]! - vy0[sA]! + (wPred[sA]! - w0[sA]!) * rAx;
          const fBx = vxPred[sB]! - vx0[sB]! - (wPred[sB]! - w0[sB]!) * rBy;
          const fBy = vyPred[sB]! - vy0[sB]! + (wPred[sB]! - w0[sB]!) * rBx;
          const dn = (fBx - fAx) * nx + (fBy - fAy) * ny;
          const vnAtImpact = vn - dn + (dn / sb.kick) * (t / h);
          if (vnAtImpact >= -threshold) continue;
          const impulse = -(1 + e) * this.normalMass[k]! * vnAtImpact;
          this.totalNormal[k] = this.totalNormal[k]! + impulse;
          const px = impulse * nx;
          const py = impulse * ny;
          const dwA = -(invI[sA]! * (rAx * py - rAy * px));
          const dwB = invI[sB]! * (rBx * py - rBy * px);
          vx[sA] = vx[sA]! - invMass[sA]! * px;
          vy[sA] = vy[sA]! - invMass[sA]! * py;
          w[sA] = w[sA]! + dwA;
          vx[sB] = vx[sB]! + invMass[sB]! * px;
          vy[sB] = vy[sB]! + invMass[sB]! * py;
          w[sB] = w[sB]! + dwB;
          if (t > 0) {
            if (sA !== 0) correct(sb, sA, invMass[sA]! * px * t, invMass[sA]! * py * t, -dwA * t, t);
            if (sB !== 0) correct(sb, sB, -invMass[sB]! * px * t, -invMass[sB]! * py * t, -dwB * t, t);
          }
          if (sA !== 0) hitBodies[sA] = 1; // slot 0 stands for every static body: never "hit"
          if (sB !== 0) hitBodies[sB] = 1;
          appliedThisSweep++;
        }
      }
      sb.clearStaticSlot();
      applied += appliedThisSweep;
      if (appliedThisSweep === 0) break;
      this.impactedThisStep = true;
    }
    return applied;
  }

  /**
   * Which constraints can have an impact this step, so that the impact
   * check of each sub-step need not visit the resting ones: those with
   * restitution whose approach speed at the start of the step, plus what
   * gravity and the applied forces can add to it within `dt`, exceeds the
   * threshold. Once an impact happens, momentum can pass on to the hit
   * bodies' other contacts (a Newton's cradle), so from then on those are
   * checked too; with a force field (`anyForce`), whose forces are unknown,
   * every bouncy contact is a candidate.
   */
  selectImpactCandidates(sb: SolverBodies, dt: number, threshold: number, anyForce: boolean): void {
    this.impactedThisStep = false;
    this.candidateCount = 0;
    if (this.candidates.length < this.count) {
      const size = Math.max(2 * this.candidates.length, this.count);
      this.candidates = new Int32Array(size);
      this.candidate = new Uint8Array(size);
    }
    sb.hitThisStep.fill(0, 0, sb.count);
    const accel = sb.accelBound;
    for (let i = 0; i < this.count; i++) {
      this.candidate[i] = 0;
      if (this.restitution[i] === 0) continue;
      if (anyForce) {
        // a force field's forces are unknown: any bouncy contact may have an impact
        this.candidate[i] = 1;
        this.candidates[this.candidateCount++] = i;
        continue;
      }
      const reach = (accel[this.slotA[i]!]! + accel[this.slotB[i]!]!) * dt;
      const limit = reach - threshold;
      let candidate = false;
      for (let k = 2 * i, end = k + this.pointCount[i]!; k < end; k++) {
        if (this.relativeVelocity[k]! < limit) candidate = true;
      }
      if (candidate) {
        this.candidate[i] = 1;
        this.candidates[this.candidateCount++] = i;
      }
    }
  }

  private candidates: Int32Array = new Int32Array(64);
  private candidate: Uint8Array = new Uint8Array(64);
  private candidateCount = 0;
  private impactedThisStep = false;

  /**
   * PGS targets, once per step: a point still apart may close its gap in
   * this step (speculative); with Baumgarte, penetration beyond `slop` adds a
   * push-out velocity β/dt × (depth − slop) (β = `percent`, 1/dt = `invDt`).
   */
  setVelocityBias(withBaumgarte: boolean): void {
    const invDt = this.invDt;
    const baumgarte = withBaumgarte ? this.percent : 0;
    const slop = this.slop;
    for (let i = 0; i < this.count; i++) {
      for (let k = 2 * i, end = k + this.pointCount[i]!; k < end; k++) {
        const sep = this.separation[k]!;
        let bias = 0;
        if (sep > 0) {
          bias = -sep * invDt;
        } else {
          const push = baumgarte * invDt * (-sep - slop);
          if (push > bias) bias = push;
        }
        this.bias[k] = bias;
      }
    }
  }

}

/**
 * Current separation of point k of constraint i, from each body's motion
 * since the step start (the contact solver's estimate; no collision query):
 *   s = s0 + n · ((dpB + dqB·sB − sB) − (dpA + dqA·sA − sA))
 * with sA, sB the separation anchors (see `sAx`).
 */
export function separationNow(cc: ContactConstraints, sb: SolverBodies, i: number, k: number): number {
  const sA = cc.slotA[i]!;
  const sB = cc.slotB[i]!;
  const aX = cc.sAx[k]!;
  const aY = cc.sAy[k]!;
  const bX = cc.sBx[k]!;
  const bY = cc.sBy[k]!;
  const cA = sb.dqc[sA]! - 1;
  const sAr = sb.dqs[sA]!;
  const cB = sb.dqc[sB]! - 1;
  const sBr = sb.dqs[sB]!;
  const dx = sb.dpx[sB]! - sb.dpx[sA]! + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
  const dy = sb.dpy[sB]! - sb.dpy[sA]! + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
  return cc.separation[k]! + dx * cc.nx[i]! + dy * cc.ny[i]!;
}

/** Record an impact correction for solver slot s (see `resolveImpacts`), and the impact's time t > 0. */
function correct(sb: SolverBodies, s: number, dx: number, dy: number, da: number, t: number): void {
  if (sb.impactTime[s] === 0) sb.corrected[sb.correctedCount++] = s; // first impact of the body in this sub-step
  sb.corrX[s] = sb.corrX[s]! + dx;
  sb.corrY[s] = sb.corrY[s]! + dy;
  sb.corrA[s] = sb.corrA[s]! + da;
  if (t > sb.impactTime[s]!) sb.impactTime[s] = t;
}

/**
 * Slot 0 stands for every body that does not move; with zero inverse mass
 * the updates above leave it at zero, but keep it exact (−0, rounding) anyway.
 */
