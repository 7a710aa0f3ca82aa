/**
 * The solver's view of the awake bodies, as struct-of-arrays.
 *
 * During a step the velocity of every awake body lives here (Float64Array per
 * field), so the contact solver's inner loops read and write flat numbers and
 * allocate nothing. Slot 0 is a stand-in for every body that does not move in
 * this step (static or asleep): zero velocity, infinite mass, no motion.
 *
 * The awake bodies' poses, too, live here while the sub-steps run (`pose`,
 * read from the bodies by `load`, written back by `store` once the
 * sub-steps are done), and so do the numbers the integrator needs every
 * sub-step (`ax`, `ay`, `alpha`, the damping): a Body's numbers are separate
 * heap boxes in V8, so reading them in each sub-step cost a memory access
 * per field. `dpx/dpy` (displacement since the step start) and `dqc/dqs`
 * (rotation since the step start, a unit complex number) are kept in step
 * with the poses for the contact solver's separation estimate.
 *
 * `slotOf[body.slot]` maps a body to its solver slot for the step (0 when it
 * is not simulated); it is set by `load` and cleared by `unload`.
 */
import type { Body } from "../bodies/body.js";
import { capacityFor, grown } from "../math/typed.js";

/** Numbers per slot in `SolverBodies.pose`: the pose now, then at the step start. */
export const POSE = 8;

/** Copy body b's pose now and at the step start into a pose record (`POSE` numbers) at pose[o]. */
export function readPose(b: Body, pose: Float64Array, o: number): void {
  pose[o] = b.px;
  pose[o + 1] = b.py;
  pose[o + 2] = b.qc;
  pose[o + 3] = b.qs;
  pose[o + 4] = b.x0;
  pose[o + 5] = b.y0;
  pose[o + 6] = b.c0;
  pose[o + 7] = b.s0;
}

export class SolverBodies {
  /** Slot → body (slot 0 unused). */
  readonly bodies: Body[] = [];
  /** Used slots, including slot 0. */
  count = 1;
  /** Body slot → solver slot (0: not simulated this step). */
  slotOf: Int32Array = new Int32Array(64);
  /** Solver slot → body slot (the inverse of `slotOf`). */
  bodySlot: Int32Array = new Int32Array(64);
  vx: Float64Array = new Float64Array(64);
  vy: Float64Array = new Float64Array(64);
  w: Float64Array = new Float64Array(64);
  invMass: Float64Array = new Float64Array(64);
  invI: Float64Array = new Float64Array(64);
  dpx: Float64Array = new Float64Array(64);
  dpy: Float64Array = new Float64Array(64);
  dqc: Float64Array = new Float64Array(64).fill(1);
  dqs: Float64Array = new Float64Array(64);
  /**
   * Slot s's pose now (x, y, cos, sin) at `pose[POSE * s ...]`, then its pose
   * at the step start (x0, y0, c0, s0): one 64-byte record, so that moving a
   * body and refreshing its `dpx ... dqs` reads one cache line.
   */
  pose: Float64Array = new Float64Array(64 * POSE);
  /**
   * The acceleration of gravity and the applied force and torque over the
   * step (m/s², rad/s²; a force field adds to it in each sub-step).
   */
  ax: Float64Array = new Float64Array(64);
  ay: Float64Array = new Float64Array(64);
  alpha: Float64Array = new Float64Array(64);
  /** The bodies' linear and angular damping, 1/s. */
  linearDamping: Float64Array = new Float64Array(64);
  angularDamping: Float64Array = new Float64Array(64);
  /**
   * Whether a contact may have an impact in this step (set by
   * `ContactConstraints.selectImpactCandidates`): only then do the impacts
   * read `vx0 ... wPred`, and the integrator need not write them otherwise.
   */
  impactsPossible = true;
  /** Velocity before this sub-step's force integration (explicit Euler, impacts)... */
  vx0: Float64Array = new Float64Array(64);
  vy0: Float64Array = new Float64Array(64);
  w0: Float64Array = new Float64Array(64);
  /** ...and right after it, before the contacts changed it. */
  vxPred: Float64Array = new Float64Array(64);
  vyPred: Float64Array = new Float64Array(64);
  wPred: Float64Array = new Float64Array(64);
  /**
   * Impacts: a position correction to apply after this sub-step's motion,
   * so that a body hit part-way through the sub-step moves as if its velocity
   * changed at the time of impact (see `ContactConstraints.resolveImpacts`),
   * and the time into the sub-step of the body's last velocity change.
   */
  corrX: Float64Array = new Float64Array(64);
  corrY: Float64Array = new Float64Array(64);
  corrA: Float64Array = new Float64Array(64);
  impactTime: Float64Array = new Float64Array(64);
  /**
   * A bound on how fast the step's forces can change the body's velocity,
   * m/s² (gravity and the applied force; 0 for kinematic bodies and slot 0):
   * it tells which contacts may see an impact (`selectImpactCandidates`).
   */
  accelBound: Float64Array = new Float64Array(64);
  /**
   * The length of the (sub-)step being solved, s, and its inverse: set once
   * per step by the world, read by the integrator and the contact solver
   * (fields, not arguments: V8 would box a number passed to each call).
   */
  h = 0;
  invH = 0;
  /** The fraction of the sub-step whose forces `integrateVelocities` applied (½ with velocity Verlet). */
  kick = 1;
  /** 1 for a slot whose body took an impact in this step (its other contacts may have one next). */
  hitThisStep: Uint8Array = new Uint8Array(64);
  /** Solver slots with a pending correction. */
  corrected: Int32Array = new Int32Array(64);
  correctedCount = 0;

  private grow(n: number): void {
    if (this.vx.length < n) this.growTo(capacityFor(this.vx.length, n));
  }

  /**
   * Column memory is shared (SharedArrayBuffer) with the solver threads:
   * set by `share()`; from then on the columns grow into shared memory, and
   * `generation` counts the times they were replaced.
   */
  shared = false;
  generation = 0;

  /** Move the columns into shared memory (see `shared`). */
  share(): void {
    this.shared = true;
    this.growTo(this.vx.length);
  }

  private growTo(size: number): void {
    const sh = this.shared;
    this.generation++;
    this.vx = grown(this.vx, size, 0, sh);
    this.vy = grown(this.vy, size, 0, sh);
    this.w = grown(this.w, size, 0, sh);
    this.invMass = grown(this.invMass, size, 0, sh);
    this.invI = grown(this.invI, size, 0, sh);
    this.dpx = grown(this.dpx, size, 0, sh);
    this.dpy = grown(this.dpy, size, 0, sh);
    this.dqc = grown(this.dqc, size, 0, sh);
    this.dqs = grown(this.dqs, size, 0, sh);
    this.pose = grown(this.pose, POSE * size);
    this.bodySlot = grown(this.bodySlot, size);
    this.ax = grown(this.ax, size);
    this.ay = grown(this.ay, size);
    this.alpha = grown(this.alpha, size);
    this.linearDamping = grown(this.linearDamping, size);
    this.angularDamping = grown(this.angularDamping, size);
    this.vx0 = grown(this.vx0, size, 0, sh);
    this.vy0 = grown(this.vy0, size, 0, sh);
    this.w0 = grown(this.w0, size, 0, sh);
    this.vxPred = grown(this.vxPred, size, 0, sh);
    this.vyPred = grown(this.vyPred, size, 0, sh);
    this.wPred = grown(this.wPred, size, 0, sh);
    this.corrX = grown(this.corrX, size, 0, sh);
    this.corrY = grown(this.corrY, size, 0, sh);
    this.corrA = grown(this.corrA, size, 0, sh);
    this.impactTime = grown(this.impactTime, size, 0, sh);
    this.accelBound = grown(this.accelBound, size, 0, sh);
    this.corrected = grown(this.corrected, size, 0, sh);
    this.hitThisStep = new Uint8Array(size);
  }

  /** Make room for body slots 0 .. n-1 in `slotOf`. */
  growSlots(n: number): void {
    if (this.slotOf.length < n) this.slotOf = grown(this.slotOf, capacityFor(this.slotOf.length, n));
  }

  /** The world's gravity, m/s², for `load` (set by the caller: a number passed to `load` was boxed every step). */
  gravityX = 0.5;
  gravityY = 0.5;

  /** Give each awake body a slot (1..n, in list order) and copy its velocity, pose and accelerations in. */
  load(awake: readonly Body[], n: number): void {
    const gx = this.gravityX;
    const gy = this.gravityY;
    const gravity = Math.sqrt(gx * gx + gy * gy);
    this.grow(n + 1);
    this.count = n + 1;
    const pose = this.pose;
    for (let i = 0; i < n; i++) {
      const b = awake[i]!;
      const s = i + 1;
      this.bodies[s] = b;
      this.slotOf[b.slot] = s;
      this.bodySlot[s] = b.slot;
      this.vx[s] = b.vx;
      this.vy[s] = b.vy;
      this.w[s] = b.w;
      this.invMass[s] = b._invMass;
      this.invI[s] = b._invInertia;
      this.dpx[s] = 0;
      this.dpy[s] = 0;
      this.dqc[s] = 1;
      this.dqs[s] = 0;
      readPose(b, pose, POSE * s);
      const im = b._invMass;
      this.ax[s] = gx * b._gravityScale + im * b.fx;
      this.ay[s] = gy * b._gravityScale + im * b.fy;
      this.alpha[s] = b._invInertia * b.tq;
      this.linearDamping[s] = b._linearDamping;
      this.angularDamping[s] = b._angularDamping;
      this.accelBound[s] =
        b._type === "dynamic" ? gravity * Math.abs(b._gravityScale) + Math.sqrt(b.fx * b.fx + b.fy * b.fy) * b._invMass : 0;
    }
  }

  /**
   * Copy slot s's pose to its body (after the sub-steps; and for a force
   * field, which looks at the body mid-step). The rotation is written only
   * when it changed: a body that never turns (a fixed-rotation box) keeps
   * the integer 1 and 0 it was made with, and V8 stores those fields as
   * small integers; writing a double there, even 1.0, changes the field's
   * representation and deprecates the map of every body of that shape,
   * which made each step of pyramid-20 about twice as slow everywhere
   * (optimised code kept being thrown away). Object.is, so that a −0
   * still replaces a 0, as it did when every pose was written.
   */
  storePose(s: number): void {
    const b = this.bodies[s]!;
    const pose = this.pose;
    const o = POSE * s;
    b.px = pose[o]!;
    b.py = pose[o + 1]!;
    const qc = pose[o + 2]!;
    const qs = pose[o + 3]!;
    if (!Object.is(qc, b.qc) || !Object.is(qs, b.qs)) {
      b.qc = qc;
      b.qs = qs;
    }
  }

  /**
   * The solve's result back to the bodies, once their poses and velocities
   * are final (after the sub-steps and the position corrections, which move
   * the poses here with `movePose`; continuous collision moves the bodies
   * after it):
   * poses, velocities, and the step's forces cleared (used up).
   */
  store(): void {
    for (let s = 1; s < this.count; s++) {
      this.storePose(s);
      const b = this.bodies[s]!;
      b.vx = this.vx[s]!;
      b.vy = this.vy[s]!;
      b.w = this.w[s]!;
      b.fx = 0;
      b.fy = 0;
      b.tq = 0;
    }
  }

  /** Forget the step's slots (end of the solve). */
  unload(): void {
    for (let s = 1; s < this.count; s++) this.slotOf[this.bodySlot[s]!] = 0;
  }

  /** Slot 0 stands for the bodies that do not move: whatever a solver pass wrote there is undone. */
  clearStaticSlot(): void {
    this.vx[0] = 0;
    this.vy[0] = 0;
    this.w[0] = 0;
  }

  /**
   * Turn slot s's pose by a small angle `angles[i]` (radians), as
   * `integrateRotation` turns a body. The angle comes in an array, not as a
   * number: a number passed to a call V8 does not inline is boxed, a new
   * heap number per call (125 kB per step for 2,000 turning circles, in the
   * loop V8 compiled on its own).
   */
  rotatePose(s: number, angles: Float64Array, i: number): void {
    const da = angles[i]!;
    const p = this.pose;
    const o = POSE * s;
    const qc = p[o + 2]!;
    const qs = p[o + 3]!;
    const c = qc - da * qs;
    const sn = qs + da * qc;
    const mag = Math.sqrt(c * c + sn * sn);
    const inv = mag > 0 ? 1 / mag : 0;
    p[o + 2] = c * inv;
    p[o + 3] = sn * inv;
  }

  /** The angle `rotatePose` turns a body by in `integratePositions` (h·ω). */
  readonly turn: Float64Array = new Float64Array(1);

  /** Refresh a slot's displacement and rotation since the step start from its `pose` record. */
  syncFromPose(s: number): void {
    const p = this.pose;
    const o = POSE * s;
    const qc = p[o + 2]!;
    const qs = p[o + 3]!;
    const c0 = p[o + 6]!;
    const s0 = p[o + 7]!;
    this.dpx[s] = p[o]! - p[o + 4]!;
    this.dpy[s] = p[o + 1]! - p[o + 5]!;
    // dq = q · conj(q0)
    this.dqc[s] = qc * c0 + qs * s0;
    this.dqs[s] = qs * c0 - qc * s0;
  }

  /**
   * The move `movePose` makes: by (moveX, moveY), turned by moveAngle
   * (fields, not arguments: V8 boxes a number passed to a call it does not
   * inline, and position corrections make thousands of moves per step).
   */
  moveX = 0.5;
  moveY = 0.5;
  moveAngle = 0.5;

  /**
   * A position correction (joint projection, pgs's contact projection and
   * NGS): move slot s's pose by (moveX, moveY) and turn it by moveAngle (as
   * `integrateRotation` turns a body: unit complex, renormalised), and
   * refresh its `dpx ... dqs`. Before `store`, which hands the result to
   * the body. Slot 0 (the bodies that do not move) stays.
   */
  movePose(s: number): void {
    if (s === 0) return;
    const p = this.pose;
    const o = POSE * s;
    const px = p[o]! + this.moveX;
    const py = p[o + 1]! + this.moveY;
    p[o] = px;
    p[o + 1] = py;
    let qc = p[o + 2]!;
    let qs = p[o + 3]!;
    const da = this.moveAngle;
    if (da !== 0) {
      const c = qc - da * qs;
      const sn = qs + da * qc;
      const inv = 1 / Math.sqrt(c * c + sn * sn);
      qc = c * inv;
      qs = sn * inv;
      p[o + 2] = qc;
      p[o + 3] = qs;
    }
    const c0 = p[o + 6]!;
    const s0 = p[o + 7]!;
    this.dpx[s] = px - p[o + 4]!;
    this.dpy[s] = py - p[o + 5]!;
    // dq = q · conj(q0)
    this.dqc[s] = qc * c0 + qs * s0;
    this.dqs[s] = qs * c0 - qc * s0;
  }
}
