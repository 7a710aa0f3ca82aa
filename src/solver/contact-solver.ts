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
 * `ContactConstraints` holds, for one step, the contacts being solved in
 * flat arrays (each constraint's numbers side by side, its points' too: see
 * the layout in contact-kernels.ts), and each solver stage is one loop over
 * them. Both solvers ("soft-step" and
 * "pgs") use these stages; the velocities live in `SolverBodies`.
 */
import { BOX } from "../bodies/body.js";
import {
  DEPTH0, NORMAL0, NORMAL1, NX, NY, PUSHED_BY_SOLVER, ROLLING, ROW, TANGENT0, TANGENT1, TOTAL_NORMAL0, TOTAL_NORMAL1, TOTAL_TANGENT0, TOTAL_TANGENT1, WITH_STATIC, X0, Y0,
  ContactRows, type Contact,
} from "../contacts/contact.js";
import { mixFriction, mixRestitution } from "../contacts/pairing.js";
import { Softness } from "./softness.js";
import { ImpactWorklist } from "./impact-worklist.js";
import type { SolverBodies } from "./solver-bodies.js";
import { capacityFor, grown } from "../math/typed.js";
import {
  C_NX, C_NY, C_POINT, C_RESTITUTION, C_ROLLING_IMPULSE, I_COUNT, I_SLOT_A, I_SLOT_B, INT_STRIDE,
  P_BOUNCE_BELOW, P_INV_H, P_MAX_PUSH, P_SOFT_BIAS, P_SOFT_IMPULSE, P_SOFT_MASS, P_STIFF_BIAS, P_STIFF_IMPULSE, P_STIFF_MASS,
  PARAM_COUNT, POINT_STRIDE, PT_BIAS, PT_NORMAL_IMPULSE, PT_NORMAL_MASS, PT_RAX, PT_RAY, PT_RBX, PT_RBY, PT_SAX, PT_SAY, PT_SBX, PT_SBY,
  PT_SEPARATION, PT_TANGENT_IMPULSE, PT_TOTAL_NORMAL, solveContacts, STRIDE, warmStartContacts,
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

/**
 * The WebAssembly contact passes are not part of the core: `enableWasmSolver(world)`
 * from `capsule2d/wasm` sets them on one world's contact solver
 * (`ContactConstraints.wasmModule`), which then runs its passes (warm start,
 * solve, relax; pgs iterations) in WebAssembly, with the same bits as in
 * JavaScript (see wasm/contact-passes.ts). A world with solver threads keeps its own.
 */
export interface WasmPassesModule {
  /** The passes of one world's contact solver, or null where WebAssembly cannot run them (it then solves in JavaScript). */
  create(cc: ContactConstraints, sb: SolverBodies): ContactPassRunner | null;
}

export class ContactConstraints {
  /** Constraint → contact. */
  readonly contacts: Contact[] = [];
  /** The contacts' numbers (the world's contact manager's rows), and where constraint i's contact is in them: `rowAt[i]`. */
  rows = new ContactRows(0);
  rowAt = new Int32Array(64);
  count = 0;
  /** The solver threads that run the passes, or null (one thread). */
  threads: ContactPassRunner | null = null;
  /** This world's WebAssembly passes (`enableWasmSolver(world)`), or null: JavaScript. */
  wasmModule: WasmPassesModule | null = null;
  /** The WebAssembly passes (capsule2d/wasm), made by `wasmFrom` when first needed. */
  private wasm: ContactPassRunner | null = null;
  private wasmFrom: WasmPassesModule | null = null;
  /** A pass's numbers (see contact-kernels.ts). */
  params: Float64Array = new Float64Array(PARAM_COUNT);
  /** `STRIDE` numbers per constraint, side by side (offsets `C_*` and `PT_*`, see contact-kernels.ts). */
  values: Float64Array = new Float64Array(64 * STRIDE);
  /** `INT_STRIDE` integers per constraint: its bodies' solver slots, its point count, its stiffness (offsets `I_*`). */
  ints: Int32Array = new Int32Array(64 * INT_STRIDE);
  /**
   * Relative normal velocity of each point at the start of the step (< 0:
   * approaching), for impacts and hit events: index 2·i + j (read once or
   * twice a step, so kept out of the blocks the passes read).
   */
  relativeVelocity: Float64Array = new Float64Array(128);

  private grow(n: number): void {
    if (this.ints.length < INT_STRIDE * n) this.growTo(capacityFor(this.ints.length / INT_STRIDE, n));
  }

  /**
   * Constraint memory is shared (SharedArrayBuffer) with the solver threads:
   * set by `share()`; from then on the arrays grow into shared memory,
   * and `generation` counts the times they were replaced (the threads
   * must be handed the new ones).
   */
  shared = false;
  generation = 0;

  /** Move the arrays into shared memory (see `shared`). */
  share(): void {
    this.shared = true;
    this.growTo(this.ints.length / INT_STRIDE);
    this.params = grown(this.params, this.params.length, 0, true);
  }

  /** Room for `size` constraints (two points each). */
  private growTo(size: number): void {
    const sh = this.shared;
    this.generation++;
    this.values = grown(this.values, STRIDE * size, 0, sh);
    this.ints = grown(this.ints, INT_STRIDE * size, 0, sh);
    this.relativeVelocity = grown(this.relativeVelocity, 2 * size);
    this.rowAt = grown(this.rowAt, size);
  }

  /**
   * Prepare: anchors relative to each body's centre, effective masses, and
   * last step's impulses (warm starting) for every contact to solve, in the
   * order given (the world puts contacts with a static body last).
   * (Offsets spelled as numbers, as in the kernels: see contact-kernels.ts.)
   */
  prepare(list: readonly Contact[], n: number, sb: SolverBodies, warmStarting: boolean): void {
    this.grow(n);
    this.count = n;
    const invMass = sb.invMass;
    const invI = sb.invI;
    const slotOf = sb.slotOf;
    const { vx, vy, w } = sb;
    const v = this.values;
    const ints = this.ints;
    const relativeVelocity = this.relativeVelocity;
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      this.contacts[i] = c;
      const A = c.bodyA;
      const B = c.bodyB;
      const sA = slotOf[A.slot]!;
      const sB = slotOf[B.slot]!;
      const o = 40 * i; // STRIDE
      const q = 4 * i; // INT_STRIDE
      ints[q] = sA; // I_SLOT_A
      ints[q + 1] = sB; // I_SLOT_B
      // the manifold and last step's impulses, from the contact's row
      const f = c.rows.f;
      const r = c.row * ROW;
      this.rowAt[i] = r;
      const count = c.count;
      const nx = f[r + NX]!;
      const ny = f[r + NY]!;
      v[o] = nx; // C_NX
      v[o + 1] = ny; // C_NY
      ints[q + 2] = count; // I_COUNT
      ints[q + 3] = (c.flags & WITH_STATIC) !== 0 ? 1 : 0; // I_STIFF
      // materials mixed from the shapes' current values, every step (a compound's shapes each have
      // their own; every other body is its own shape)
      const SA = c.shapeA;
      const SB = c.shapeB;
      v[o + 2] = mixFriction(SA._friction, SB._friction); // C_FRICTION
      v[o + 3] = A._tangentSpeed + B._tangentSpeed; // C_TANGENT_SPEED
      v[o + 4] = mixRestitution(SA._restitution, SB._restitution); // C_RESTITUTION
      const mA = invMass[sA]!;
      const iA = invI[sA]!;
      const mB = invMass[sB]!;
      const iB = invI[sB]!;
      const radiusA = SA._kind === BOX ? 0 : SA._radius;
      const radiusB = SB._kind === BOX ? 0 : SB._radius;
      // rolling resistance (Box2D v3.1): the larger coefficient × the larger radius
      const rr = A._rollingResistance > B._rollingResistance ? A._rollingResistance : B._rollingResistance;
      const rolling = rr * (radiusA > radiusB ? radiusA : radiusB);
      v[o + 5] = rolling; // C_ROLLING
      const ki = iA + iB;
      v[o + 6] = ki > 0 ? 1 / ki : 0; // C_ROLLING_MASS
      v[o + 7] = warmStarting && rolling > 0 ? f[r + ROLLING]! : 0; // C_ROLLING_IMPULSE
      for (let j = 0; j < count; j++) {
        const k = o + 8 + 16 * j; // C_POINT, POINT_STRIDE
        const pr = r + 3 * j; // point j's x, y, depth in the row (X1 = X0 + 3)
        const px = f[pr + X0]!;
        const py = f[pr + Y0]!;
        const depth = f[pr + DEPTH0]!;
        v[k + 8] = -depth; // PT_SEPARATION
        const rAx = px - A.px;
        const rAy = py - A.py;
        const rBx = px - B.px;
        const rBy = py - B.py;
        v[k] = rAx; // PT_RAX ... PT_RBY
        v[k + 1] = rAy;
        v[k + 2] = rBx;
        v[k + 3] = rBy;
        // A's surface point is p + n·depth/2, B's is p − n·depth/2; cores lie a radius further in
        const inA = 0.5 * depth - radiusA;
        const inB = radiusB - 0.5 * depth;
        v[k + 4] = rAx + inA * nx; // PT_SAX ... PT_SBY
        v[k + 5] = rAy + inA * ny;
        v[k + 6] = rBx + inB * nx;
        v[k + 7] = rBy + inB * ny;
        const rnA = rAx * ny - rAy * nx;
        const rnB = rBx * ny - rBy * nx;
        const kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
        v[k + 9] = kn > 0 ? 1 / kn : 0; // PT_NORMAL_MASS
        // tangent t = (ny, −nx): r × t = −(r · n)
        const rtA = rAx * nx + rAy * ny;
        const rtB = rBx * nx + rBy * ny;
        const kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
        v[k + 10] = kt > 0 ? 1 / kt : 0; // PT_TANGENT_MASS
        const ir = r + 2 * j; // point j's impulses in the row (NORMAL1 = NORMAL0 + 2)
        v[k + 11] = warmStarting ? f[ir + NORMAL0]! : 0; // PT_NORMAL_IMPULSE
        v[k + 12] = warmStarting ? f[ir + TANGENT0]! : 0; // PT_TANGENT_IMPULSE
        v[k + 13] = 0; // PT_BIAS
        v[k + 14] = 0; // PT_TOTAL_NORMAL
        v[k + 15] = 0; // PT_TOTAL_TANGENT
        const dvx = vx[sB]! - w[sB]! * rBy - (vx[sA]! - w[sA]! * rAy);
        const dvy = vy[sB]! + w[sB]! * rBx - (vy[sA]! + w[sA]! * rAx);
        relativeVelocity[2 * i + j] = dvx * nx + dvy * ny;
      }
    }
  }

  /**
   * Keep the step's impulses on the contacts: the last (sub-)step's
   * accumulated impulses for the next warm start, the step's totals for users.
   * A contact that pushed its bodies apart (a point got a normal impulse) is
   * marked pushed in its row (PUSHED_BY_SOLVER): it touched in this step, whatever the narrowphase finds
   * at its end. Constraints hit faster than `hitThreshold` (m/s, the approach
   * speed at the start of the step) are listed in `hits[0 .. hitCount)`, with
   * the hardest-hit point of each in `hitPoints` and its speed in `hitSpeeds`.
   */
  storeImpulses(hitThreshold: number): void {
    this.hitCount = 0;
    const v = this.values;
    const ints = this.ints;
    const relativeVelocity = this.relativeVelocity;
    const f = this.rows.f;
    const rowAt = this.rowAt;
    for (let i = 0; i < this.count; i++) {
      const r = rowAt[i]!;
      const o = 40 * i; // STRIDE
      const k = o + 8; // point 0 (C_POINT); point 1 is at k + 16 (POINT_STRIDE)
      const two = ints[4 * i + 2] === 2; // I_COUNT
      f[r + ROLLING] = v[o + 7]!; // C_ROLLING_IMPULSE
      const n0 = v[k + 14]!; // PT_TOTAL_NORMAL
      f[r + NORMAL0] = v[k + 11]!; // PT_NORMAL_IMPULSE
      f[r + TANGENT0] = v[k + 12]!; // PT_TANGENT_IMPULSE
      f[r + TOTAL_NORMAL0] = n0;
      f[r + TOTAL_TANGENT0] = v[k + 15]!; // PT_TOTAL_TANGENT
      let pushed = n0 > 0;
      let n1 = 0;
      if (two) {
        n1 = v[k + 30]!;
        f[r + NORMAL1] = v[k + 27]!;
        f[r + TANGENT1] = v[k + 28]!;
        f[r + TOTAL_NORMAL1] = n1;
        f[r + TOTAL_TANGENT1] = v[k + 31]!;
        pushed = pushed || n1 > 0;
      }
      if (!pushed) continue;
      f[r + PUSHED_BY_SOLVER] = 1;
      // the hit: the fastest approach among the points that were pushed
      const a0 = n0 > 0 ? -relativeVelocity[2 * i]! : -Infinity;
      const a1 = two && n1 > 0 ? -relativeVelocity[2 * i + 1]! : -Infinity;
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

  /** Add the accumulated impulses to the step's totals (once with pgs; in soft-step the relax pass adds each sub-step's). */
  addToTotals(): void {
    const v = this.values;
    const ints = this.ints;
    for (let i = 0; i < this.count; i++) {
      for (let k = 40 * i + 8, end = k + 16 * ints[4 * i + 2]!; k < end; k += 16) {
        v[k + 14] = v[k + 14]! + v[k + 11]!; // PT_TOTAL_NORMAL += PT_NORMAL_IMPULSE
        v[k + 15] = v[k + 15]! + v[k + 12]!; // PT_TOTAL_TANGENT += PT_TANGENT_IMPULSE
      }
    }
  }

  /** Forget the accumulated impulses (warm starting off). */
  resetImpulses(): void {
    const v = this.values;
    for (let o = 0; o < STRIDE * this.count; o += STRIDE) {
      v[o + C_ROLLING_IMPULSE] = 0;
      for (let k = o + C_POINT; k < o + STRIDE; k += POINT_STRIDE) {
        v[k + PT_NORMAL_IMPULSE] = 0;
        v[k + PT_TANGENT_IMPULSE] = 0;
      }
    }
  }

  /** Apply the accumulated impulses at once (warm starting). */
  warmStart(sb: SolverBodies): void {
    if (!this.runElsewhere(sb, PASS_WARM_START)) warmStartContacts(this, sb, 0, this.count);
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

  /**
   * Run a pass on the solver threads, or in WebAssembly when `capsule2d/wasm`
   * is enabled (worlds without threads); false: run it here. The
   * threads' arrays are shared memory, so a world with threads never moves
   * them into WebAssembly's.
   */
  private runElsewhere(sb: SolverBodies, pass: number): boolean {
    if (this.threads !== null) return this.threads.run(pass);
    const m = this.wasmModule;
    if (m === null) return false;
    if (this.wasmFrom !== m) {
      this.wasmFrom = m;
      this.wasm = m.create(this, sb);
    }
    return this.wasm !== null && this.wasm.run(pass);
  }

  /** One pass of kind `pass` (PASS_*) over the constraints: on the solver threads, in WebAssembly, or here. */
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
    if (!this.runElsewhere(sb, pass)) {
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
    const values = this.values;
    const ints = this.ints;
    const work = this.impactWork;
    for (let sweep = 0; sweep < maxSweeps; sweep++) {
      let appliedThisSweep = 0;
      // Only the candidates (see selectImpactCandidates) can have an impact, and, once bodies
      // were hit in this step, the bouncy constraints of those bodies (momentum passing on).
      for (let i = work.next(0); i >= 0; i = work.next(i + 1)) {
        const o = STRIDE * i;
        const e = values[o + C_RESTITUTION]!;
        const sA = ints[INT_STRIDE * i + I_SLOT_A]!;
        const sB = ints[INT_STRIDE * i + I_SLOT_B]!;
        const nx = values[o + C_NX]!;
        const ny = values[o + C_NY]!;
        for (let k = o + C_POINT, end = k + POINT_STRIDE * ints[INT_STRIDE * i + I_COUNT]!; k < end; k += POINT_STRIDE) {
          const rAx = values[k + PT_RAX]!;
          const rAy = values[k + PT_RAY]!;
          const rBx = values[k + PT_RBX]!;
          const rBy = values[k + PT_RBY]!;
          const dvx = vx[sB]! - w[sB]! * rBy - (vx[sA]! - w[sA]! * rAy);
          const dvy = vy[sB]! + w[sB]! * rBx - (vy[sA]! + w[sA]! * rAx);
          const vn = dvx * nx + dvy * ny;
          if (vn >= -threshold) continue;
          separationNow(this, sb, i, k);
          const sep = separation[0]!;
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
          const impulse = -(1 + e) * values[k + PT_NORMAL_MASS]! * vnAtImpact;
          values[k + PT_TOTAL_NORMAL] = values[k + PT_TOTAL_NORMAL]! + impulse;
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
            // (the numbers go through `fix`: passed as arguments they would be boxed)
            if (sA !== 0) {
              fix[0] = invMass[sA]! * px * t;
              fix[1] = invMass[sA]! * py * t;
              fix[2] = -dwA * t;
              fix[3] = t;
              correct(sb, sA);
            }
            if (sB !== 0) {
              fix[0] = -invMass[sB]! * px * t;
              fix[1] = -invMass[sB]! * py * t;
              fix[2] = -dwB * t;
              fix[3] = t;
              correct(sb, sB);
            }
          }
          // slot 0 stands for every static body: never "hit"
          if (sA !== 0 && hitBodies[sA] === 0) {
            hitBodies[sA] = 1;
            work.hit(sA, values, ints, this.count, sb.count);
          }
          if (sB !== 0 && hitBodies[sB] === 0) {
            hitBodies[sB] = 1;
            work.hit(sB, values, ints, this.count, sb.count);
          }
          appliedThisSweep++;
        }
      }
      sb.clearStaticSlot();
      applied += appliedThisSweep;
      if (appliedThisSweep === 0) break;
      work.endSweep(appliedThisSweep, values, ints, this.count, sb.count);
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
  selectImpactCandidates(sb: SolverBodies, dt: number, anyForce: boolean): void {
    this.impactDt = dt;
    this.impactWork.reset(this.count);
    sb.hitThisStep.fill(0, 0, sb.count);
    // without a candidate no impact happens in this step (the first one must be a candidate's)
    sb.impactsPossible = this.addImpactCandidates(sb, anyForce) > 0;
  }

  /** `selectImpactCandidates`'s dt (a field, not an argument: a number passed to a call is boxed). */
  private impactDt = 0;

  /**
   * Adds the candidates to the impact worklist; returns how many. (The loop
   * is a function of its own, with nothing after it that V8 needs feedback
   * for: run once a step, the loop is compiled on its own (on-stack
   * replacement) during the first step, and that cached code left the
   * function at the code after the loop, unseen then, on every step.)
   */
  private addImpactCandidates(sb: SolverBodies, anyForce: boolean): number {
    const threshold = this.restitutionThreshold; // a field, not an argument: a number read from a field is boxed to be passed
    const dt = this.impactDt;
    const work = this.impactWork;
    const accel = sb.accelBound;
    const ints = this.ints;
    let candidates = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.values[STRIDE * i + C_RESTITUTION] === 0) continue;
      if (anyForce) {
        // a force field's forces are unknown: any bouncy contact may have an impact
        work.add(i);
        candidates++;
        continue;
      }
      const q = INT_STRIDE * i;
      const reach = (accel[ints[q + I_SLOT_A]!]! + accel[ints[q + I_SLOT_B]!]!) * dt;
      const limit = reach - threshold;
      let candidate = false;
      for (let k = 2 * i, end = k + ints[q + I_COUNT]!; k < end; k++) {
        if (this.relativeVelocity[k]! < limit) candidate = true;
      }
      if (candidate) {
        work.add(i);
        candidates++;
      }
    }
    return candidates;
  }

  /** The constraints the impact check visits (the candidates, then those of hit bodies). */
  private readonly impactWork = new ImpactWorklist();

  /**
   * PGS targets, once per step: a point still apart may close its gap in
   * this step (speculative); with Baumgarte, penetration beyond `slop` adds a
   * push-out velocity β/dt × (depth − slop) (β = `percent`, 1/dt = `invDt`).
   */
  setVelocityBias(withBaumgarte: boolean): void {
    const invDt = this.invDt;
    const baumgarte = withBaumgarte ? this.percent : 0;
    const slop = this.slop;
    const values = this.values;
    for (let i = 0; i < this.count; i++) {
      const first = STRIDE * i + C_POINT;
      for (let k = first, end = k + POINT_STRIDE * this.ints[INT_STRIDE * i + I_COUNT]!; k < end; k += POINT_STRIDE) {
        const sep = values[k + PT_SEPARATION]!;
        let bias = 0;
        if (sep > 0) {
          bias = -sep * invDt;
        } else {
          const push = baumgarte * invDt * (-sep - slop);
          if (push > bias) bias = push;
        }
        values[k + PT_BIAS] = bias;
      }
    }
  }

}

/** Where `separationNow` puts its answer (a number returned by a call V8 does not inline is boxed). */
export const separation = new Float64Array(1);

/**
 * Current separation of a point of constraint i (`p`: where the point's
 * numbers start in `cc.values`), from each body's motion since the step
 * start (the contact solver's estimate; no collision query):
 *   s = s0 + n · ((dpB + dqB·sB − sB) − (dpA + dqA·sA − sA))
 * with sA, sB the separation anchors (see `PT_SAX`), into `separation[0]`.
 */
export function separationNow(cc: ContactConstraints, sb: SolverBodies, i: number, p: number): void {
  const v = cc.values;
  const sA = cc.ints[INT_STRIDE * i + I_SLOT_A]!;
  const sB = cc.ints[INT_STRIDE * i + I_SLOT_B]!;
  const aX = v[p + PT_SAX]!;
  const aY = v[p + PT_SAY]!;
  const bX = v[p + PT_SBX]!;
  const bY = v[p + PT_SBY]!;
  const cA = sb.dqc[sA]! - 1;
  const sAr = sb.dqs[sA]!;
  const cB = sb.dqc[sB]! - 1;
  const sBr = sb.dqs[sB]!;
  const dx = sb.dpx[sB]! - sb.dpx[sA]! + (cB * bX - sBr * bY) - (cA * aX - sAr * aY);
  const dy = sb.dpy[sB]! - sb.dpy[sA]! + (sBr * bX + cB * bY) - (sAr * aX + cA * aY);
  separation[0] = v[p + PT_SEPARATION]! + dx * v[STRIDE * i + C_NX]! + dy * v[STRIDE * i + C_NY]!;
}

/** `correct`'s numbers: the correction dx, dy, da and the impact's time t. */
const fix = new Float64Array(4);

/** Record an impact correction for solver slot s (see `resolveImpacts`), and the impact's time t > 0 (both in `fix`). */
function correct(sb: SolverBodies, s: number): void {
  if (sb.impactTime[s] === 0) sb.corrected[sb.correctedCount++] = s; // first impact of the body in this sub-step
  sb.corrX[s] = sb.corrX[s]! + fix[0]!;
  sb.corrY[s] = sb.corrY[s]! + fix[1]!;
  sb.corrA[s] = sb.corrA[s]! + fix[2]!;
  const t = fix[3]!;
  if (t > sb.impactTime[s]!) sb.impactTime[s] = t;
}

/**
 * Slot 0 stands for every body that does not move; with zero inverse mass
 * the updates above leave it at zero, but keep it exact (−0, rounding) anyway.
 */
