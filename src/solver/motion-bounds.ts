/**
 * The bounds of a body's motion over a step, for the broadphase boxes and the
 * contacts' speculative margins (see src/solver/continuous.ts for the sweeps
 * that use them).
 */
import { CAPSULE, POLYGON, type Body } from "../bodies/body.js";
import type { QueryBox } from "../collision/broadphase/broadphase.js";
import type { ManifoldBuffer } from "../collision/narrowphase/manifold.js";

/**
 * Per-step motion bounds for continuous collision. The step's `dt` and the
 * base speculative distance are fields, set once per step, so the per-body
 * and per-pair calls below pass no numbers (V8 boxes numbers that cross a
 * call it does not inline).
 */
export class MotionBounds {
  /** The step's length, s. */
  dt = 0;
  /** The fixed speculative distance, m. */
  base = 0;
  /** Sweep boxes over the coming motion (continuous collision on)? */
  sweep = true;

  /**
   * The body's broadphase box, written to `out`: the shape's bounds
   * (`minX..maxY`, refreshed by `updateBounds`), and with `sweep` grown to
   * cover its motion over the coming step: by the displacement v·dt on the
   * side it moves to, and by how far its farthest point can swing when it
   * turns (|ω|·dt·R, at most R: a full turn stays within radius R). It
   * depends only on the body's pose, velocity and the step's dt.
   */
  boxOf(b: Body, out: QueryBox): void {
    out.minX = b.minX;
    out.minY = b.minY;
    out.maxX = b.maxX;
    out.maxY = b.maxY;
    if (!this.sweep) return;
    const dt = this.dt;
    const dx = b.vx * dt;
    const dy = b.vy * dt;
    if (dx > 0) out.maxX += dx;
    else out.minX += dx;
    if (dy > 0) out.maxY += dy;
    else out.minY += dy;
    const w = b.w;
    // (circles are round and AABBs never turn; polygons and segments (kind >= POLYGON) turn as capsules do)
    if (w !== 0 && (b._kind === CAPSULE || b._kind >= POLYGON)) {
      const r = b._maxExtent;
      let swing = Math.abs(w) * dt * r;
      if (swing > r) swing = r;
      out.minX -= swing;
      out.minY -= swing;
      out.maxX += swing;
      out.maxY += swing;
    }
  }

  /**
   * The narrowphase margin of a pair, written to `out.margin`: the fixed
   * speculative distance plus how far the two surfaces can approach in the
   * step (relative speed × dt, and each body's turning × its extent), but at
   * most half the smaller `minExtent` of the dynamic bodies more (a quarter
   * of the thinner one's thinnest size). Motion beyond that makes a body
   * "fast", and the time-of-impact sweep takes over: a margin that reached
   * across several metres would make bodies catch on every corner ahead of
   * them (ghost collisions), since a speculative contact's normal is fixed
   * for the whole step it is solved in.
   */
  speculativeMargin(a: Body, b: Body, out: ManifoldBuffer): void {
    const dvx = b.vx - a.vx;
    const dvy = b.vy - a.vy;
    const linear = Math.sqrt(dvx * dvx + dvy * dvy);
    const angular = Math.abs(a.w) * a._maxExtent + Math.abs(b.w) * b._maxExtent;
    const approach = (linear + angular) * this.dt;
    // (no Infinity for "no cap": a global constant beside a number makes V8 box the number, a
    // heap number per contact per step)
    const da = a._type === "dynamic";
    const db = b._type === "dynamic";
    let cap = approach;
    if (da && db) cap = 0.5 * (a._minExtent < b._minExtent ? a._minExtent : b._minExtent);
    else if (da) cap = 0.5 * a._minExtent;
    else if (db) cap = 0.5 * b._minExtent;
    out.margin = this.base + (approach < cap ? approach : cap);
  }
}
