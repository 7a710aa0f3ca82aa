/**
 * Continuous collision: fast bodies must not pass through thin ones.
 *
 * A discrete engine only looks at where bodies are at the end of each step.
 * A ball at 100 m/s moves 1.7 m in a 1/60 s step, so it can be on one side of
 * a 2 cm wall at one step and on the other side at the next, never having
 * overlapped it ("tunnelling"). capsule2d prevents that in two layers.
 *
 * 1. Speculative contacts, for every awake body (the Box2D v3 idea).
 *    - The broadphase box of a moving body is swept: it covers where the body
 *      is and where its velocity takes it by the end of the next step
 *      (`MotionBounds.boxOf`), so a wall it will reach in that step is already
 *      a candidate pair.
 *    - The narrowphase then reports a contact for any pair closer than
 *      `MotionBounds.speculativeMargin`: the fixed speculative distance plus how far the
 *      two bodies can approach each other during the step. A contact with a
 *      gap s > 0 lets the solver close exactly that gap and no more (see
 *      `solveSoft`), so the body arrives at the surface instead of passing it.
 *    This is cheap and handles almost everything, but the contact's normal
 *    and points are computed once per step, before it is solved (at the end
 *    of the previous step, or when the user moved a body): a body that
 *    travels many times its own size past the end of a short wall, or that
 *    is deflected into a wall by another body during the solve, can still get
 *    through.
 *
 * 2. A time-of-impact sweep after the solve (`ContinuousSolver`), for "fast"
 *    bodies only: those that moved more than half their thinnest size in the
 *    step. The body's motion over the step (start pose → end pose) is swept
 *    against static bodies — and, for bodies flagged `bullet`, also against
 *    dynamic and kinematic bodies that are not bullets, at their end pose.
 *    Bodies with joints are not swept unless they are bullets: put back
 *    alone, a limb would be torn from the body it is joined to (its
 *    speculative contacts stop it, as they stop every slower body).
 *    The first time of impact t ∈ [0, 1) is found by conservative
 *    advancement (below), and the body is put back to its pose at t, just
 *    short of the surface, keeping its velocity: the next step's speculative
 *    contact then stops or bounces it properly. The lost fraction of a step
 *    of motion is invisible at these speeds.
 *
 * Conservative advancement. Let d(t) be the distance between the two shapes
 * with the moving one at its pose at time t. The narrowphase, asked with a
 * margin, gives d and the unit normal n along which it is measured. No point
 * of the moving body approaches the other shape faster than
 *     rate = −Δp·n + ω̄·R
 * (Δp the body's displacement over the whole step, ω̄ a bound on its turning
 * rate along the interpolated path, R its largest distance from the centre),
 * so it cannot touch before t + d / rate: advance to there and repeat. For a
 * body that only translates, d(t) is a convex function of t (the distance of
 * a moving point from a convex set), so each advance lands at or before the
 * true impact, never after it: the sweep cannot step over a thin wall.
 *
 * Everything here is + − × ÷ and sqrt (deterministic), allocation-free in
 * steady state, and order-independent (the earliest impact wins; of two at
 * exactly the same time, the candidate with the smaller id).
 */
import { CAPSULE, type Body } from "../bodies/body.js";
import type { Broadphase, QueryBox } from "../collision/broadphase/broadphase.js";
import { shouldCollide } from "../contacts/pairing.js";
import { collideWith } from "../collision/narrowphase/collide.js";
import { inFrontOfChain } from "../collision/narrowphase/chain-segment.js";
import type { PlacedSegment } from "../collision/narrowphase/placed.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";
import type { Seams } from "../contacts/seams.js";
import { isOneWay, ONE_WAY_MIN_DOT, ONE_WAY_SLOP } from "../contacts/contact-manager.js";
import type { MotionBounds } from "./motion-bounds.js";

/** Separation at which a swept body is stopped, m (Box2D's linear slop), smaller for tiny bodies. */
const TARGET_SEPARATION = 0.005;
/** Conservative advancement iterations per pair; on running out the body stops early (safe). */
const MAX_ITERATIONS = 32;

/**
 * How deep, at most, a sweep that starts touching lets the body end up
 * (unless it started deeper): Infinity for a body of one shape (its sink is
 * bounded by half its thinnest size), and for a compound half its thinnest
 * solid part plus `slop`. A compound is as thick as its thickest part, but a
 * segment part has no thickness, and a segment sunk into a segment or a chain
 * deeper than the slop has gone through it.
 */
function deepestOf(b: Body, slop: number): number {
  const parts = b._parts;
  if (parts === null) return Infinity;
  let thin = b._minExtent;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (!p._isSensor && p._minExtent < thin) thin = p._minExtent;
  }
  return 0.5 * thin + slop;
}

export class ContinuousSolver {
  /** Time-of-impact sweeps run in the last step (for tests and tuning). */
  sweepCount = 0;
  /** Bodies moved back to their time of impact in the last step. */
  hitCount = 0;
  /** The faces static boxes share: a sweep never stops on a hidden face or corner (a seam of a floor). */
  seams: Seams | null = null;

  private readonly m = new ManifoldBuffer();
  private candidates: Body[] = [];
  private candidateCount = 0;
  private mover: Body | null = null;
  private readonly sweepBox: QueryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private readonly box: QueryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private moverIsBullet = false;
  /** Bound once, so a broadphase query from the step allocates no closure. */
  private readonly collect = (other: Body): void => {
    const b = this.mover!;
    if (other === b || other._parent === b || other._isSensor || !shouldCollide(b, other)) return;
    if (other._type !== "static") {
      if (!this.moverIsBullet || other._bullet) return;
    }
    this.candidates[this.candidateCount++] = other;
  };

  // the moving body's sweep: start pose, end pose, bounds on its motion
  private x0 = 0;
  private y0 = 0;
  private c0 = 1;
  private s0 = 0;
  private x1 = 0;
  private y1 = 0;
  private c1 = 1;
  private s1 = 0;
  private turnRate = 0;
  // what the last timeOfImpact call hit: the normal there and whether the pair was touching at the start
  private hitNormalX = 0;
  private hitNormalY = 0;
  private hitTouching = false;
  /** The sweep's start centre, for the one-sided test of chain segments. */
  private readonly start = { x: 0, y: 0 };

  /**
   * Sweep the fast awake dynamic bodies (non-bullets first, then bullets, as
   * in Box2D v3, so bullets meet the others at their final poses). Each body
   * that hits something is moved back to its time of impact, and its
   * broadphase box (swept ahead by `motion` for the next step) refreshed.
   * `awake` holds bodies whose start pose is in x0, y0, c0, s0 and whose
   * broadphase boxes are up to date.
   */
  solve(awake: readonly Body[], count: number, broadphase: Broadphase, motion: MotionBounds): void {
    const box = this.box;
    this.sweepCount = 0;
    this.hitCount = 0;
    for (let pass = 0; pass < 2; pass++) {
      const bullets = pass === 1;
      for (let i = 0; i < count; i++) {
        const b = awake[i]!;
        if (b._type !== "dynamic" || b._isSensor || b._bullet !== bullets) continue;
        // a jointed body put back alone would pull its joints apart: it relies on its speculative
        // contacts (asked first: a lookup by slot, where isFast reads ten of the body's numbers)
        if (!bullets && b._world !== null && b._world.jointsOf(b).length > 0) continue;
        if (!this.isFast(b)) continue;
        if (this.sweep(b, broadphase)) {
          b.updateBounds();
          const parts = b._parts;
          if (parts === null) {
            motion.boxOf(b, box);
            broadphase.update(b, box);
          } else {
            // a compound: its parts' proxies (updateBounds placed them)
            for (let k = 0; k < parts.length; k++) {
              motion.boxOf(parts[k]!, box);
              broadphase.update(parts[k]!, box);
            }
          }
        }
      }
    }
  }

  /** Did the body move (or turn) more than half its thinnest size this step? */
  private isFast(b: Body): boolean {
    const dx = b.px - b.x0;
    const dy = b.py - b.y0;
    const dc = b.qc - b.c0;
    const ds = b.qs - b.s0;
    const chord = Math.sqrt(dc * dc + ds * ds);
    const motion = Math.sqrt(dx * dx + dy * dy) + chord * b._maxExtent;
    return motion > 0.5 * b._minExtent;
  }

  /** Sweep one body against what it may hit; returns true when it was moved back. */
  private sweep(b: Body, broadphase: Broadphase): boolean {
    this.sweepCount++;
    this.x0 = b.x0;
    this.y0 = b.y0;
    this.c0 = b.c0;
    this.s0 = b.s0;
    this.x1 = b.px;
    this.y1 = b.py;
    this.c1 = b.qc;
    this.s1 = b.qs;
    // Turning rate along the interpolated rotation q(t) = normalize(q0 + t(q1 − q0)):
    // at most |q1 − q0| / min |q0 + t(q1 − q0)|, and that minimum is cos(Δθ/2) = sqrt(1 − chord²/4).
    const dc = this.c1 - this.c0;
    const ds = this.s1 - this.s0;
    const chord2 = dc * dc + ds * ds;
    let minNorm = 1 - 0.25 * chord2;
    minNorm = minNorm > 0.01 ? Math.sqrt(minNorm) : 0.1;
    this.turnRate = Math.sqrt(chord2) / minNorm;

    // candidates: everything whose box meets the box swept from the start to the end pose
    const R = b._maxExtent;
    const grow = this.turnRate > 0 ? R : 0;
    const mx = this.x1 - this.x0;
    const my = this.y1 - this.y0;
    let minX = b.minX - grow;
    let minY = b.minY - grow;
    let maxX = b.maxX + grow;
    let maxY = b.maxY + grow;
    if (mx > 0) minX -= mx;
    else maxX -= mx;
    if (my > 0) minY -= my;
    else maxY -= my;
    this.mover = b;
    this.moverIsBullet = b._bullet;
    this.candidateCount = 0;
    if (b._bullet) {
      broadphase.query(minX, minY, maxX, maxY, this.collect);
    } else {
      // non-bullets are swept against static bodies only: ask just for those
      const q = this.sweepBox;
      q.minX = minX;
      q.minY = minY;
      q.maxX = maxX;
      q.maxY = maxY;
      broadphase.queryStatic(q, this.collect);
    }
    this.mover = null;
    if (this.candidateCount === 0) return false;
    // in id order, not the broadphase's (whose tree's shape depends on the history of its
    // inserts, moves and queries): two impacts at exactly the same time keep the same winner
    const candidates = this.candidates;
    for (let i = 1; i < this.candidateCount; i++) {
      const c = candidates[i]!;
      let j = i - 1;
      while (j >= 0 && candidates[j]!._id > c._id) {
        candidates[j + 1] = candidates[j]!;
        j--;
      }
      candidates[j + 1] = c;
    }

    const minE = b._minExtent;
    const target = Math.min(TARGET_SEPARATION, 0.25 * minE); // not a conditional: V8 boxed its value
    const deepest = deepestOf(b, target);
    let tMin = 1;
    let nx = 0;
    let ny = 0;
    let brake = false;
    for (let k = 0; k < this.candidateCount; k++) {
      const t = this.timeOfImpact(b, this.candidates[k]!, R, target, 0.5 * minE, deepest, tMin);
      if (t < tMin) {
        tMin = t;
        nx = this.hitNormalX;
        ny = this.hitNormalY;
        brake = this.hitTouching;
      }
    }
    this.candidates.fill(null as unknown as Body, 0, this.candidateCount); // drop references
    this.setPose(b, tMin);
    b.updateBounds(); // the sweep moved them with the pose
    if (tMin >= 1) return false;
    this.hitCount++;
    if (brake) {
      // The contact solver let a touching body sink (see timeOfImpact): stop
      // its approach along the normal and its spin. This only removes energy.
      const vn = b.vx * nx + b.vy * ny;
      if (vn < 0) {
        b.vx -= vn * nx;
        b.vy -= vn * ny;
      }
      b.w = 0;
    }
    return true;
  }

  /** Put the moving body at time t of its sweep (rotation by normalised linear interpolation). */
  private setPose(b: Body, t: number): void {
    if (t >= 1) {
      b.px = this.x1;
      b.py = this.y1;
      b.qc = this.c1;
      b.qs = this.s1;
      return;
    }
    b.px = this.x0 + t * (this.x1 - this.x0);
    b.py = this.y0 + t * (this.y1 - this.y0);
    const c = this.c0 + t * (this.c1 - this.c0);
    const s = this.s0 + t * (this.s1 - this.s0);
    const mag = Math.sqrt(c * c + s * s);
    b.qc = mag > 0 ? c / mag : this.c1;
    b.qs = mag > 0 ? s / mag : this.s1;
  }

  /**
   * A compound mover: its parts placed at its pose now, the closest of them
   * to `other` (its depth and normal into `m`; the margin is `m.margin`).
   * Every point of the compound moves no faster than the bound the sweep
   * uses (its translation and its turning about its centre of mass times
   * its reach), so advancing by the smallest distance stays conservative.
   */
  private collideParts(other: Body, b: Body, m: ManifoldBuffer): boolean {
    b.updateBounds();
    const parts = b._parts!;
    const margin = m.margin;
    let hit = false;
    let depth = 0;
    let nx = 0;
    let ny = 0;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (p._isSensor || !shouldCollide(p, other)) continue;
      m.margin = margin;
      m.maskB = 0;
      m.maskA = other._type === "static" && this.seams !== null ? this.seams.maskOf(other, p) : 0;
      if (!collideWith(other, p, m)) continue;
      if (!hit || m.depth > depth) {
        depth = m.depth;
        nx = m.normalX;
        ny = m.normalY;
      }
      hit = true;
    }
    m.margin = margin;
    m.depth = depth;
    m.normalX = nx;
    m.normalY = ny;
    return hit;
  }

  /**
   * Conservative advancement of body `b` along its sweep against `other`
   * (fixed at its current pose). Returns the time of impact in [0, 1), or
   * `limit` or more when there is none before `limit`.
   *
   * A pair already touching at the start of the step is the contact solver's
   * job, but the solver works from a linearised separation that a body
   * spinning hundreds of radians per second can fool; so then the sweep only
   * stops the body if it would sink more than half its thinnest size deeper
   * than it started, which no solved contact does (and `sweep` then brakes it),
   * nor, past that, deeper than `deepest` (or, when it started deeper still,
   * than it started): a compound with a thin part, whose contact the solver
   * can fool by spinning it about its centre of mass, is stopped before that
   * part goes through.
   */
  private timeOfImpact(b: Body, other: Body, R: number, target: number, halfMin: number, deepest: number, limit: number): number {
    const m = this.m;
    const mx = this.x1 - this.x0;
    const my = this.y1 - this.y0;
    const reach = Math.sqrt(mx * mx + my * my) + this.turnRate * R;
    const tolerance = 0.25 * target;
    // a one-way platform stops only what comes from its allowed side (see ContactManager.decideOneWay)
    const oneWay = isOneWay(other) ? other._oneWay! : null;
    if (oneWay !== null && mx * oneWay.x + my * oneWay.y >= 0) return 1;
    // a chain's segment stops only what starts in front of it (one-sided, as in the narrowphase)
    // (then measured as a two-sided segment: the chain's classification drops a shape past the segment's
    // end, its neighbour's, and a sweep that starts there would read that as nothing ahead)
    const seg = other.segment;
    if (seg !== null && seg.oneSided) {
      this.start.x = this.x0;
      this.start.y = this.y0;
      if (!inFrontOfChain(other as unknown as PlacedSegment, this.start)) return 1;
    }
    m.twoSided = seg !== null && seg.oneSided; // the buffer is this solver's: every call sets it
    let stopAt = target;
    let t = 0;
    for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
      this.setPose(b, t);
      // shapes farther apart than the remaining motion cannot meet: no manifold
      m.margin = reach * (1 - t) + target; // in the buffer, so that no number is boxed per call
      m.maskB = 0;
      if (b._parts !== null) {
        if (!this.collideParts(other, b, m)) return 1;
      } else {
        if (other._type === "static" && this.seams !== null) {
          b.updateBounds();
          m.maskA = this.seams.maskOf(other, b);
        } else m.maskA = 0;
        if (!collideWith(other, b, m)) return 1;
      }
      const d = -m.depth;
      if (oneWay !== null) {
        // beside, behind or in the platform: passing through it
        const nd = m.normalX * oneWay.x + m.normalY * oneWay.y;
        if (nd < ONE_WAY_MIN_DOT || (iter === 0 && d < -ONE_WAY_SLOP)) return 1;
      }
      if (iter === 0) this.hitTouching = d < target + tolerance;
      if (iter === 0 && this.hitTouching) {
        stopAt = (d < 0 ? d : 0) - halfMin;
        // below d − tolerance, so a body sliding at its starting depth goes on
        if (stopAt < -deepest) stopAt = Math.min(-deepest, d - 1.5 * tolerance);
      }
      else if (d < stopAt + tolerance) {
        this.hitNormalX = m.normalX;
        this.hitNormalY = m.normalY;
        return t;
      }
      // the normal points from `other` to `b`: b approaches along −n
      const rate = -(mx * m.normalX + my * m.normalY) + this.turnRate * R;
      if (!(rate > 0)) return 1;
      t += (d - stopAt) / rate;
      if (t >= limit) return 1;
    }
    return t; // ran out of iterations short of the surface: stopping here is safe
  }
}
