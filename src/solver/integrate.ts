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
import { POSE, type SolverBodies } from "./solver-bodies.js";

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

  /**
   * Acceleration of the dynamic body in slot s now with a force field, into
   * this.ax / ay / alpha (without one it is the step's `sb.ax`, `ay`, `alpha`).
   */
  private fieldAcceleration(sb: SolverBodies, s: number): void {
    const b = sb.bodies[s]!;
    let fx = b.fx;
    let fy = b.fy;
    let tq = b.tq;
    // the field may look at the body's pose and velocity: bring them up to date first
    sb.storePose(s);
    b.vx = sb.vx[s]!;
    b.vy = sb.vy[s]!;
    b.w = sb.w[s]!;
    const out = this.fieldOut;
    out.x = 0;
    out.y = 0;
    out.torque = 0;
    out.cx = b.px;
    out.cy = b.py;
    this.field!(b, out);
    // x − x is 0 only for a finite x: NaN and ±Infinity are left out (and reported by step())
    if (out.x - out.x === 0 && out.y - out.y === 0 && out.torque - out.torque === 0) {
      fx += out.x;
      fy += out.y;
      tq += out.torque;
    } else if (this.fieldError === null) {
      this.fieldError = `capsule2d: the force field gave body ${b.id} a force of (${out.x}, ${out.y}) N and a torque of ${out.torque} N·m; a non-finite value was ignored`;
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
    const withField = this.field !== null;
    const { vx: vxs, vy: vys, w: ws, vx0: vx0s, vy0: vy0s, w0: w0s, vxPred, vyPred, wPred, invMass, ax, ay, alpha, linearDamping, angularDamping } = sb;
    // the velocities before and after the forces, for explicit Euler's motion and the impacts' forces
    const keep = mode === 1 || sb.impactsPossible;
    for (let s = 1; s < sb.count; s++) {
      const vx0 = vxs[s]!;
      const vy0 = vys[s]!;
      const w0 = ws[s]!;
      if (keep) {
        vx0s[s] = vx0;
        vy0s[s] = vy0;
        w0s[s] = w0;
      }
      if (invMass[s] === 0) {
        // kinematic: moves by its own velocity
        if (keep) {
          vxPred[s] = vx0;
          vyPred[s] = vy0;
          wPred[s] = w0;
        }
        continue;
      }
      let vx: number;
      let vy: number;
      let w: number;
      if (withField) {
        this.fieldAcceleration(sb, s);
        vx = vx0 + kick * this.ax;
        vy = vy0 + kick * this.ay;
        w = w0 + kick * this.alpha;
      } else {
        vx = vx0 + kick * ax[s]!;
        vy = vy0 + kick * ay[s]!;
        w = w0 + kick * alpha[s]!;
      }
      const linear = linearDamping[s]!;
      if (linear > 0) {
        const d = 1 / (1 + h * linear);
        vx *= d;
        vy *= d;
      }
      const angular = angularDamping[s]!;
      if (angular > 0) w *= 1 / (1 + h * angular);
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed) {
        const k = maxSpeed / Math.sqrt(v2);
        vx *= k;
        vy *= k;
      }
      vxs[s] = vx;
      vys[s] = vy;
      ws[s] = w;
      if (keep) {
        vxPred[s] = vx;
        vyPred[s] = vy;
        wPred[s] = w;
      }
    }
  }

  /** Second half of a sub-step (of length sb.h): velocities move the bodies (their `sb.pose` records). */
  integratePositions(sb: SolverBodies): void {
    const h = sb.h;
    const explicit = this.mode === 1;
    const vxs = sb.vx;
    const vys = sb.vy;
    const ws = sb.w;
    const invMass = sb.invMass;
    const pose = sb.pose;
    const turn = sb.turn;
    const maxSpeed = this.maxLinearSpeed;
    for (let s = 1; s < sb.count; s++) {
      let vx = vxs[s]!;
      let vy = vys[s]!;
      let w = ws[s]!;
      const v2 = vx * vx + vy * vy;
      if (v2 > maxSpeed * maxSpeed && invMass[s] !== 0) {
        // the constraints may have pushed it past the limit (a diverging Baumgarte joint structure)
        const k = maxSpeed / Math.sqrt(v2);
        vx *= k;
        vy *= k;
        vxs[s] = vx;
        vys[s] = vy;
      }
      if (explicit && invMass[s] !== 0) {
        // the velocity at the start of the sub-step, plus whatever the contacts added
        vx = sb.vx0[s]! + (vx - sb.vxPred[s]!);
        vy = sb.vy0[s]! + (vy - sb.vyPred[s]!);
        w = sb.w0[s]! + (w - sb.wPred[s]!);
      }
      const o = POSE * s;
      pose[o] = pose[o]! + h * vx;
      pose[o + 1] = pose[o + 1]! + h * vy;
      if (w !== 0) {
        turn[0] = h * w;
        sb.rotatePose(s, turn, 0);
      }
      sb.syncFromPose(s);
    }
    if (sb.correctedCount > 0) applyImpactCorrections(sb);
    if (this.mode === 2) {
      // velocity Verlet: the second half kick uses the force at the new position
      const half = 0.5 * h;
      const withField = this.field !== null;
      for (let s = 1; s < sb.count; s++) {
        if (invMass[s] === 0) continue;
        if (withField) {
          this.fieldAcceleration(sb, s);
          vxs[s] = vxs[s]! + half * this.ax;
          vys[s] = vys[s]! + half * this.ay;
          ws[s] = ws[s]! + half * this.alpha;
        } else {
          vxs[s] = vxs[s]! + half * sb.ax[s]!;
          vys[s] = vys[s]! + half * sb.ay[s]!;
          ws[s] = ws[s]! + half * sb.alpha[s]!;
        }
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
  const pose = sb.pose;
  for (let k = 0; k < sb.correctedCount; k++) {
    const s = sb.corrected[k]!;
    const o = POSE * s;
    pose[o] = pose[o]! + sb.corrX[s]!;
    pose[o + 1] = pose[o + 1]! + sb.corrY[s]!;
    if (sb.corrA[s] !== 0) sb.rotatePose(s, sb.corrA, s);
    sb.corrX[s] = 0;
    sb.corrY[s] = 0;
    sb.corrA[s] = 0;
    sb.impactTime[s] = 0;
    sb.syncFromPose(s);
  }
  sb.correctedCount = 0;
}
