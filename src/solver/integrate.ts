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

  /** Acceleration of a dynamic body now, into this.ax / ay / alpha. */
  private acceleration(b: Body): void {
    let fx = b.forceX;
    let fy = b.forceY;
    if (this.field !== null) {
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

  /** First half of a sub-step: forces change velocities (of bodies[start..count)). */
  integrateVelocities(bodies: readonly Body[], count: number, h: number, start = 0): void {
    const mode = this.mode;
    const kick = mode === 2 ? 0.5 * h : h;
    const maxSpeed = this.maxLinearSpeed;
    for (let i = start; i < count; i++) {
      const b = bodies[i]!;
      if (b.invMass === 0) continue; // kinematic: moves by its own velocity
      const v = b.velocity;
      b.vx0 = v.x;
      b.vy0 = v.y;
      b.w0 = b.angularVelocity;
      this.acceleration(b);
      let vx = v.x + kick * this.ax;
      let vy = v.y + kick * this.ay;
      let w = b.angularVelocity + kick * this.alpha;
      if (b.linearDamping > 0) {
        const d = 1 / (1 + h * b.linearDamping);
        vx *= d;
        vy *= d;
      }
      if (b.angularDamping > 0) w *= 1 / (1 + h * b.angularDamping);
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed) {
        const s = maxSpeed / Math.sqrt(v2);
        vx *= s;
        vy *= s;
      }
      v.x = vx;
      v.y = vy;
      b.angularVelocity = w;
      b.vxPred = vx;
      b.vyPred = vy;
      b.wPred = w;
    }
  }

  /** Second half of a sub-step: velocities move the bodies. */
  integratePositions(bodies: readonly Body[], count: number, h: number): void {
    const explicit = this.mode === 1;
    for (let i = 0; i < count; i++) {
      const b = bodies[i]!;
      const v = b.velocity;
      const p = b.position;
      let vx = v.x;
      let vy = v.y;
      let w = b.angularVelocity;
      if (explicit && b.invMass !== 0) {
        // the velocity at the start of the sub-step, plus whatever the contacts added
        vx = b.vx0 + (vx - b.vxPred);
        vy = b.vy0 + (vy - b.vyPred);
        w = b.w0 + (w - b.wPred);
      }
      p.x += h * vx;
      p.y += h * vy;
      if (w !== 0) integrateRotation(b, h * w);
    }
    if (this.mode === 2) {
      // velocity Verlet: the second half kick uses the force at the new position
      const half = 0.5 * h;
      for (let i = 0; i < count; i++) {
        const b = bodies[i]!;
        if (b.invMass === 0) continue;
        this.acceleration(b);
        b.velocity.x += half * this.ax;
        b.velocity.y += half * this.ay;
        b.angularVelocity += half * this.alpha;
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
