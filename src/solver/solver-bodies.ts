/**
 * The solver's view of the awake bodies, as struct-of-arrays.
 *
 * During a step the velocity of every awake body lives here (Float64Array per
 * field), so the contact solver's inner loops read and write flat numbers and
 * allocate nothing. Slot 0 is a stand-in for every body that does not move in
 * this step (static or asleep): zero velocity, infinite mass, no motion.
 *
 * Poses stay on the Body objects (a force field may look at them mid-step);
 * `dpx/dpy` (displacement since the step start) and `dqc/dqs` (rotation since
 * the step start, a unit complex number) are kept in step with them for the
 * contact solver's separation estimate.
 */
import type { Body } from "../bodies/body.js";

export class SolverBodies {
  /** Slot → body (slot 0 unused). */
  readonly bodies: Body[] = [];
  /** Used slots, including slot 0. */
  count = 1;
  vx: Float64Array = new Float64Array(64);
  vy: Float64Array = new Float64Array(64);
  w: Float64Array = new Float64Array(64);
  invMass: Float64Array = new Float64Array(64);
  invI: Float64Array = new Float64Array(64);
  dpx: Float64Array = new Float64Array(64);
  dpy: Float64Array = new Float64Array(64);
  dqc: Float64Array = new Float64Array(64).fill(1);
  dqs: Float64Array = new Float64Array(64);

  private grow(n: number): void {
    if (this.vx.length >= n) return;
    let size = this.vx.length;
    while (size < n) size *= 2;
    const g = (a: Float64Array): Float64Array => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    this.vx = g(this.vx);
    this.vy = g(this.vy);
    this.w = g(this.w);
    this.invMass = g(this.invMass);
    this.invI = g(this.invI);
    this.dpx = g(this.dpx);
    this.dpy = g(this.dpy);
    this.dqc = g(this.dqc);
    this.dqs = g(this.dqs);
  }

  /** Give each awake body a slot (1..n, in list order) and copy its velocity in. */
  load(awake: readonly Body[], n: number): void {
    this.grow(n + 1);
    this.count = n + 1;
    for (let i = 0; i < n; i++) {
      const b = awake[i]!;
      const s = i + 1;
      this.bodies[s] = b;
      b.solverSlot = s;
      this.vx[s] = b.velocity.x;
      this.vy[s] = b.velocity.y;
      this.w[s] = b.angularVelocity;
      this.invMass[s] = b.invMass;
      this.invI[s] = b.invInertia;
      this.dpx[s] = 0;
      this.dpy[s] = 0;
      this.dqc[s] = 1;
      this.dqs[s] = 0;
    }
  }

  /** Copy the velocities back to the bodies (end of the solve). */
  store(): void {
    for (let s = 1; s < this.count; s++) {
      const b = this.bodies[s]!;
      b.velocity.x = this.vx[s]!;
      b.velocity.y = this.vy[s]!;
      b.angularVelocity = this.w[s]!;
    }
  }

  /** Refresh a slot's displacement and rotation since the step start from its body's pose. */
  syncPose(s: number): void {
    const b = this.bodies[s]!;
    this.dpx[s] = b.position.x - b.x0;
    this.dpy[s] = b.position.y - b.y0;
    // dq = q · conj(q0)
    this.dqc[s] = b.rotCos * b.c0 + b.rotSin * b.s0;
    this.dqs[s] = b.rotSin * b.c0 - b.rotCos * b.s0;
  }
}
