/**
 * Integrators: how velocities and positions advance over one (sub-)step h.
 *
 * a(x) is the acceleration from gravity, applied forces and the force field
 * evaluated at the current position. Contacts change velocities between the
 * two halves below (the solver runs after `integrateVelocities` and before
 * `integratePositions`).
 *
 * - "semi-implicit-euler" (symplectic Euler, the default, as in Box2D):
 *     v ← v + h·a(x);  [contacts];  x ← x + h·v
 *   Energy stays bounded for oscillators; first order.
 * - "explicit-euler" (forward Euler):
 *     x ← x + h·v_old (plus the contacts' velocity change);  v ← v + h·a(x_old)
 *   Free fall: x_n = x0 + n·h·v0 + ½·g·h²·n(n−1) (it lags ½·g·h·t behind the
 *   exact parabola); a spring gains energy every step. Here for teaching.
 * - "velocity-verlet":
 *     v ← v + ½h·a(x);  [contacts];  x ← x + h·v;  v ← v + ½h·a(x_new)
 *   Second order and symplectic; exact for constant acceleration. The force
 *   field is evaluated twice per sub-step.
 *
 * Rotation is a unit complex number (c, s) advanced by q ← normalize(q + h·ω·q⊥),
 * as in Box2D v3: no sin/cos, so the result is the same in every JavaScript engine.
 */
import type { Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import type { SolverBodies } from "./solver-bodies.js";

/** The integrators `WorldOptions.integrator` accepts. */
export type IntegratorName = "semi-implicit-euler" | "explicit-euler" | "velocity-verlet";
export const INTEGRATORS: readonly IntegratorName[] = ["semi-implicit-euler", "explicit-euler", "velocity-verlet"];

/**
 * What a force field adds to a body: a force at its centre (`x`, `y`, N), a
 * torque (`torque`, N·m), and forces at points (`addForceAt`, which adds the
 * force and its torque about the centre). Zeroed before each call.
 */
export class FieldForce implements Vec2 {
  /** Force at the centre, x, N. */
  x = 0;
  /** Force at the centre, y, N. */
  y = 0;
  /** Torque, N·m (counter-clockwise). */
  torque = 0;
  /** @internal The body's centre now (for `addForceAt`). */
  cx = 0;
  /** @internal */
  cy = 0;

  /** Add the force (fx, fy), N, acting at the world point (px, py). Numbers, not objects: nothing to allocate per call. */
  addForceAt(fx: number, fy: number, px: number, py: number): void {
    this.x += fx;
    this.y += fy;
    this.torque += (px - this.cx) * fy - (py - this.cy) * fx;
  }
}

/** A user force field: add what acts on `body` at its current state to `out` (see FieldForce). */
export type ForceField = (body: Body, out: FieldForce) => void;

export class Integrator {
  gravityX = 0;
  gravityY = -9.81;
  mode = 0; // 0 semi-implicit, 1 explicit, 2 verlet
  field: ForceField | null = null;
  maxLinearSpeed = Infinity;
  private readonly fieldOut = new FieldForce();
  /** The first non-finite force or torque the field gave in this step (ignored), for step() to report. */
  fieldError: string | null = null;
  private ax = 0;
  private ay = 0;
  private alpha = 0;

  setMode(name: IntegratorName): void {
    this.mode = INTEGRATORS.indexOf(name);
  }

  /** Acceleration of the dynamic body in slot s now, into this.ax / ay / alpha. */
  private acceleration(sb: SolverBodies, s: number, b: Body): void {
    let fx = b.fx;
    let fy = b.fy;
    let tq = b.tq;
    if (this.field !== null) {
      // the field may look at the body's velocity: bring it up to date first
      b.vx = sb.vx[s]!;
      b.vy = sb.vy[s]!;
      b.w = sb.w[s]!;
      const out = this.fieldOut;
      out.x = 0;
      out.y = 0;
      out.torque = 0;
      out.cx = b.px;
      out.cy = b.py;
      this.field(b, out);
      // x − x is 0 only for a finite x: NaN and ±Infinity are left out (and reported by step())
      if (out.x - out.x === 0 && out.y - out.y === 0 && out.torque - out.torque === 0) {
        fx += out.x;
        fy += out.y;
        tq += out.torque;
      } else if (this.fieldError === null) {
        this.fieldError = `capsule2d: the force field gave body ${b.id} a force of (${out.x}, ${out.y}) N and a torque of ${out.torque} N·m; a non-finite value was ignored`;
      }
    }
    this.ax = this.gravityX * b._gravityScale + b._invMass * fx;
    this.ay = this.gravityY * b._gravityScale + b._invMass * fy;
    this.alpha = b._invInertia * tq;
  }

  /** First half of a sub-step (of length sb.h): forces change the velocities of slots 1..count-1. */
  integrateVelocities(sb: SolverBodies): void {
    const h = sb.h;
    const mode = this.mode;
    const kick = mode === 2 ? 0.5 * h : h;
    sb.kick = mode === 2 ? 0.5 : 1;
    const maxSpeed = this.maxLinearSpeed;
    const vxs = sb.vx;
    const vys = sb.vy;
    const ws = sb.w;
    for (let s = 1; s < sb.count; s++) {
      const b = sb.bodies[s]!;
      const vx0 = vxs[s]!;
      const vy0 = vys[s]!;
      const w0 = ws[s]!;
      sb.vx0[s] = vx0;
      sb.vy0[s] = vy0;
      sb.w0[s] = w0;
      if (b._invMass === 0) {
        // kinematic: moves by its own velocity
        sb.vxPred[s] = vx0;
        sb.vyPred[s] = vy0;
        sb.wPred[s] = w0;
        continue;
      }
      this.acceleration(sb, s, b);
      let vx = vx0 + kick * this.ax;
      let vy = vy0 + kick * this.ay;
      let w = w0 + kick * this.alpha;
      if (b._linearDamping > 0) {
        const d = 1 / (1 + h * b._linearDamping);
        vx *= d;
        vy *= d;
      }
      if (b._angularDamping > 0) w *= 1 / (1 + h * b._angularDamping);
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed) {
        const k = maxSpeed / Math.sqrt(v2);
        vx *= k;
        vy *= k;
      }
      vxs[s] = vx;
      vys[s] = vy;
      ws[s] = w;
      sb.vxPred[s] = vx;
      sb.vyPred[s] = vy;
      sb.wPred[s] = w;
    }
  }

  /** Second half of a sub-step (of length sb.h): velocities move the bodies. */
  integratePositions(sb: SolverBodies): void {
    const h = sb.h;
    const explicit = this.mode === 1;
    const vxs = sb.vx;
    const vys = sb.vy;
    const ws = sb.w;
    const maxSpeed = this.maxLinearSpeed;
    for (let s = 1; s < sb.count; s++) {
      const b = sb.bodies[s]!;
      let vx = vxs[s]!;
      let vy = vys[s]!;
      let w = ws[s]!;
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed && b._invMass !== 0) {
        // the constraints may have pushed it past the limit (a diverging Baumgarte joint structure)
        const k = maxSpeed / Math.sqrt(v2);
        vx *= k;
        vy *= k;
        vxs[s] = vx;
        vys[s] = vy;
      }
      if (explicit && b._invMass !== 0) {
        // the velocity at the start of the sub-step, plus whatever the contacts added
        vx = sb.vx0[s]! + (vx - sb.vxPred[s]!);
        vy = sb.vy0[s]! + (vy - sb.vyPred[s]!);
        w = sb.w0[s]! + (w - sb.wPred[s]!);
      }
      b.px += h * vx;
      b.py += h * vy;
      if (w !== 0) {
        // integrateRotation(b, h·w), written out here so no double crosses a call
        const da = h * w;
        const c = b.qc - da * b.qs;
        const sn = b.qs + da * b.qc;
        const mag = Math.sqrt(c * c + sn * sn);
        const inv = mag > 0 ? 1 / mag : 0;
        b.qc = c * inv;
        b.qs = sn * inv;
      }
      sb.syncPose(s);
    }
    if (sb.correctedCount > 0) applyImpactCorrections(sb);
    if (this.mode === 2) {
      // velocity Verlet: the second half kick uses the force at the new position
      const half = 0.5 * h;
      for (let s = 1; s < sb.count; s++) {
        const b = sb.bodies[s]!;
        if (b._invMass === 0) continue;
        this.acceleration(sb, s, b);
        vxs[s] = vxs[s]! + half * this.ax;
        vys[s] = vys[s]! + half * this.ay;
        ws[s] = ws[s]! + half * this.alpha;
      }
    }
  }
}

/** Rotate a body by a small angle `da` (radians) without trigonometry: q ← normalize(q + da·q⊥). */
export function integrateRotation(b: Body, da: number): void {
  const c = b.qc - da * b.qs;
  const s = b.qs + da * b.qc;
  const mag = Math.sqrt(c * c + s * s);
  const inv = mag > 0 ? 1 / mag : 0;
  b.qc = c * inv;
  b.qs = s * inv;
}

/**
 * Move the bodies hit during this sub-step by their impact corrections (see
 * `ContactConstraints.resolveImpacts`) and clear them.
 */
function applyImpactCorrections(sb: SolverBodies): void {
  for (let k = 0; k < sb.correctedCount; k++) {
    const s = sb.corrected[k]!;
    const b = sb.bodies[s]!;
    b.px += sb.corrX[s]!;
    b.py += sb.corrY[s]!;
    const da = sb.corrA[s]!;
    if (da !== 0) integrateRotation(b, da);
    sb.corrX[s] = 0;
    sb.corrY[s] = 0;
    sb.corrA[s] = 0;
    sb.impactTime[s] = 0;
    sb.syncPose(s);
  }
  sb.correctedCount = 0;
}
