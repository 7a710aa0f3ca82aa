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

export type IntegratorName = "semi-implicit-euler" | "explicit-euler" | "velocity-verlet";
export const INTEGRATORS: readonly IntegratorName[] = ["semi-implicit-euler", "explicit-euler", "velocity-verlet"];

/** A user force field: add the force (N) acting on `body` at its current state to `out`. */
export type ForceField = (body: Body, out: Vec2) => void;

export class Integrator {
  gravityX = 0;
  gravityY = -9.81;
  mode = 0; // 0 semi-implicit, 1 explicit, 2 verlet
  field: ForceField | null = null;
  maxLinearSpeed = Infinity;
  private readonly fieldOut: Vec2 = { x: 0, y: 0 };
  private ax = 0;
  private ay = 0;
  private alpha = 0;

  setMode(name: IntegratorName): void {
    this.mode = INTEGRATORS.indexOf(name);
  }

  /** Acceleration of the dynamic body in slot s now, into this.ax / ay / alpha. */
  private acceleration(sb: SolverBodies, s: number, b: Body): void {
    let fx = b.forceX;
    let fy = b.forceY;
    if (this.field !== null) {
      // the field may look at the body's velocity: bring it up to date first
      b.velocity.x = sb.vx[s]!;
      b.velocity.y = sb.vy[s]!;
      b.angularVelocity = sb.w[s]!;
      const out = this.fieldOut;
      out.x = 0;
      out.y = 0;
      this.field(b, out);
      fx += out.x;
      fy += out.y;
    }
    this.ax = this.gravityX * b.gravityScale + b.invMass * fx;
    this.ay = this.gravityY * b.gravityScale + b.invMass * fy;
    this.alpha = b.invInertia * b.torque;
  }

  /** First half of a sub-step: forces change the velocities of slots 1..count-1. */
  integrateVelocities(sb: SolverBodies, h: number): void {
    const mode = this.mode;
    const kick = mode === 2 ? 0.5 * h : h;
    const maxSpeed = this.maxLinearSpeed;
    const vxs = sb.vx;
    const vys = sb.vy;
    const ws = sb.w;
    for (let s = 1; s < sb.count; s++) {
      const b = sb.bodies[s]!;
      if (b.invMass === 0) continue; // kinematic: moves by its own velocity
      const vx0 = vxs[s]!;
      const vy0 = vys[s]!;
      const w0 = ws[s]!;
      b.vx0 = vx0;
      b.vy0 = vy0;
      b.w0 = w0;
      this.acceleration(sb, s, b);
      let vx = vx0 + kick * this.ax;
      let vy = vy0 + kick * this.ay;
      let w = w0 + kick * this.alpha;
      if (b.linearDamping > 0) {
        const d = 1 / (1 + h * b.linearDamping);
        vx *= d;
        vy *= d;
      }
      if (b.angularDamping > 0) w *= 1 / (1 + h * b.angularDamping);
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed) {
        const k = maxSpeed / Math.sqrt(v2);
        vx *= k;
        vy *= k;
      }
      vxs[s] = vx;
      vys[s] = vy;
      ws[s] = w;
      b.vxPred = vx;
      b.vyPred = vy;
      b.wPred = w;
    }
  }

  /** Second half of a sub-step: velocities move the bodies. */
  integratePositions(sb: SolverBodies, h: number): void {
    const explicit = this.mode === 1;
    const vxs = sb.vx;
    const vys = sb.vy;
    const ws = sb.w;
    for (let s = 1; s < sb.count; s++) {
      const b = sb.bodies[s]!;
      let vx = vxs[s]!;
      let vy = vys[s]!;
      let w = ws[s]!;
      if (explicit && b.invMass !== 0) {
        // the velocity at the start of the sub-step, plus whatever the contacts added
        vx = b.vx0 + (vx - b.vxPred);
        vy = b.vy0 + (vy - b.vyPred);
        w = b.w0 + (w - b.wPred);
      }
      const p = b.position;
      p.x += h * vx;
      p.y += h * vy;
      if (w !== 0) {
        // integrateRotation(b, h·w), written out here so no double crosses a call
        const da = h * w;
        const c = b.rotCos - da * b.rotSin;
        const sn = b.rotSin + da * b.rotCos;
        const mag = Math.sqrt(c * c + sn * sn);
        const inv = mag > 0 ? 1 / mag : 0;
        b.rotCos = c * inv;
        b.rotSin = sn * inv;
      }
      sb.syncPose(s);
    }
    if (this.mode === 2) {
      // velocity Verlet: the second half kick uses the force at the new position
      const half = 0.5 * h;
      for (let s = 1; s < sb.count; s++) {
        const b = sb.bodies[s]!;
        if (b.invMass === 0) continue;
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
  const c = b.rotCos - da * b.rotSin;
  const s = b.rotSin + da * b.rotCos;
  const mag = Math.sqrt(c * c + s * s);
  const inv = mag > 0 ? 1 / mag : 0;
  b.rotCos = c * inv;
  b.rotSin = s * inv;
}
