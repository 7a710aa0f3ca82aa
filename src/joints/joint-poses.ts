/**
 * The poses that joint position projection (positions.ts) moves, as flat
 * records by solver slot, so that its thousands of small moves read and
 * write one Float64Array instead of Body objects. A slot's record is loaded
 * from its body the first time a projection moves it (`move`), and `flush`
 * writes the moved poses back to the bodies when the projection ends. The
 * arithmetic is the one that moved the bodies (same bits).
 */
import { POSE, readPose, type SolverBodies } from "../solver/solver-bodies.js";
import { capacityFor, grown } from "../math/typed.js";

export class JointPoses {
  /** Slot s's pose at `pose[s * POSE ...]` (current once `loaded[s]` is `generation`). */
  private pose: Float64Array = new Float64Array(64 * POSE);
  /** The `generation` in which slot s was loaded. */
  private loaded: Int32Array = new Int32Array(64);
  /** Slots loaded in this generation, in order. */
  private moved: Int32Array = new Int32Array(64);
  private movedCount = 0;
  /** The projection under way (counts `begin`). */
  private generation = 0;
  /** The move `move` makes: by (dx, dy), turned by da (fields, not arguments: V8 would box them). */
  dx = 0.5;
  dy = 0.5;
  da = 0.5;

  /** Start a projection over sb's slots. */
  begin(sb: SolverBodies): void {
    const n = sb.count;
    if (this.loaded.length < n) {
      const size = capacityFor(this.loaded.length, n);
      this.pose = grown(this.pose, size * POSE);
      this.loaded = grown(this.loaded, size);
      this.moved = grown(this.moved, size);
    }
    this.generation++;
    this.movedCount = 0;
  }

  /**
   * Move slot s by (dx, dy) and turn it by da (unit-complex rotation,
   * renormalised), and resync the solver's view (as `SolverBodies.syncPose`).
   * Slot 0 (the bodies that do not move) stays.
   */
  move(sb: SolverBodies, s: number): void {
    if (s === 0) return;
    const p = this.pose;
    const o = s * POSE;
    if (this.loaded[s] !== this.generation) this.load(sb, s);
    const px = p[o]! + this.dx;
    const py = p[o + 1]! + this.dy;
    p[o] = px;
    p[o + 1] = py;
    let qc = p[o + 2]!;
    let qs = p[o + 3]!;
    const da = this.da;
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
    sb.dpx[s] = px - p[o + 4]!;
    sb.dpy[s] = py - p[o + 5]!;
    // dq = q · conj(q0)
    sb.dqc[s] = qc * c0 + qs * s0;
    sb.dqs[s] = qs * c0 - qc * s0;
  }

  /** Slot s's record from its body (before its first move in a projection; out of `move`, which stays small). */
  private load(sb: SolverBodies, s: number): void {
    readPose(sb.bodies[s]!, this.pose, s * POSE);
    this.loaded[s] = this.generation;
    this.moved[this.movedCount++] = s;
  }

  /** The moved poses back to their bodies (end of a projection). */
  flush(sb: SolverBodies): void {
    const p = this.pose;
    for (let k = 0; k < this.movedCount; k++) {
      const s = this.moved[k]!;
      const b = sb.bodies[s]!;
      const o = s * POSE;
      b.px = p[o]!;
      b.py = p[o + 1]!;
      b.qc = p[o + 2]!;
      b.qs = p[o + 3]!;
    }
    this.movedCount = 0;
  }
}
