/**
 * Time of impact of two convex rounded shapes that move and turn: the first
 * time t ∈ [0, maxFraction] of their sweeps at which the gap between their
 * surfaces closes to a target separation (Box2D's linear slop, 5 mm, by
 * default). The continuous collision of polygons (a small fast box must not
 * pass through a thin rotated wall) rests on it.
 *
 * A sweep (`Sweep`) is a body's motion over a step, Box2D v3's b2Sweep: its
 * centre of mass goes in a straight line from c1 to c2 and its rotation from
 * q1 to q2 (unit complex numbers (cos, sin)) by normalised linear
 * interpolation, q(t) = normalize((1 − t)·q1 + t·q2), the body turning about
 * its centre of mass (`localCenter`, in the body's frame). That is how
 * solver/continuous.ts puts a capsule back along its step, and it needs no
 * sin or cos: + − × ÷ and sqrt only, the same bits in every JavaScript
 * engine. A sweep must turn by less than π (q1 + q2 ≠ 0): a step's rotation
 * is far below that.
 *
 * Method (the idea of Box2D v3's b2TimeOfImpact, the "local separating axis"
 * method; written independently):
 *
 * 1. At the current time t1, the distance between the cores
 *    (hull-distance.ts). Cores that meet: OVERLAPPED (at t1 = 0: the pair
 *    is the contact solver's, not the sweep's). Closer than target +
 *    tolerance: HIT at t1.
 * 2. Otherwise the closest features give a separating axis that moves with
 *    the bodies: the normal of A's face (FACE_A), of B's face (FACE_B), or
 *    the direction between two vertices, fixed in the world (POINTS). Along
 *    it, the separation s(t) of the deepest vertex is a lower bound of the
 *    distance at every t (a separating axis never overstates the distance).
 * 3. Find the vertex deepest along that axis at t2 = maxFraction. If it is
 *    beyond target + tolerance there, the sweeps stay apart: SEPARATED.
 *    If it is within tolerance of the target, advance t1 = t2 and go back to
 *    1 with a new axis. Otherwise find the root of s(t) = target for that
 *    vertex on [t1, t2] (bisection alternating with the secant step, at most
 *    50 evaluations), set t2 to it and look for a deeper vertex at the new
 *    t2 ("push back", at most 8 times: each vertex at most once).
 * 4. t1 only grows, and every t1 reached keeps the shapes at least about the
 *    target apart (for turning sweeps, see below). More than 20 distance evaluations, or a vertex already too
 *    deep at t1 (the root finder ran out): FAILED, with t1, a time at which
 *    the shapes are still apart (safe to stop at).
 *
 * Turning sweeps: Box2D reads SEPARATED on the axis at t2 alone, but an
 * axis that turns with a body lets a vertex dip below the target between t1
 * and t2 and come back (the support of a turning polygon along a fixed axis
 * is a maximum of sinusoids); fast-check found a box turning 0.47 rad past
 * a short segment's end that way. So when a body turns, each search is
 * limited to a window no longer than the gap can close in: with `rate` a
 * bound on how fast any two points approach (relative linear motion plus
 * each body's turning rate times its reach, as solver/continuous.ts bounds
 * it), t2 ≤ t1 + (d − target + tolerance) / rate, and over [t1, t2] the
 * distance stays above target − tolerance (conservative advancement's
 * argument). A window that ends apart starts the next. A sweep that turns
 * fast may then run out of iterations: FAILED, at a time still apart (a few
 * in a thousand of the tests' random sweeps, which turn up to 1.5 rad).
 *
 * Inputs are `TOIInput` (the two shapes as `HullGeometry`: a polygon, or a
 * circle, capsule, AABB or segment proxy from src/shapes/proxy.ts; their
 * sweeps; `maxFraction`; `targetSeparation`), the answer a `TOIOutput`
 * (state, fraction, and at a hit the normal from A to B and the point midway
 * between the surfaces). Everything is relative to A's starting centre of
 * mass, so far-away shapes keep their precision. Allocation-free: one
 * module-level solver state; numbers cross calls in its fields (V8 boxes a
 * double passed to or returned from a call it does not inline).
 */
import { MAX_POLYGON_VERTICES } from "../../shapes/hull.js";
import type { HullGeometry } from "../../shapes/proxy.js";
import { DistanceFeature, HullDistance, hullDistance } from "./hull-distance.js";
import { placePolygon, WorldHull, type PlacedHull } from "./placed.js";

/** Box2D's linear slop (m): the default gap at which a time of impact stops the shapes. */
export const LINEAR_SLOP = 0.005;
/** Distance evaluations (new separating axes) per query. */
const MAX_ITERATIONS = 20;
/** Evaluations of the root finder per vertex. */
const MAX_ROOT_ITERATIONS = 50;

/** A body's motion over a step: centre of mass from c1 to c2, rotation from q1 to q2 about it. */
export class Sweep {
  /** Centre of mass in the body's frame (the proxy's frame). */
  localCenterX = 0;
  localCenterY = 0;
  /** World centre of mass at t = 0 and at t = 1. */
  c1x = 0;
  c1y = 0;
  c2x = 0;
  c2y = 0;
  /** Rotation (cos, sin) at t = 0 and at t = 1 (unit; less than π apart). */
  q1c = 1;
  q1s = 0;
  q2c = 1;
  q2s = 0;
}

/** How a time-of-impact query ended. */
export const enum TOIState {
  UNKNOWN = 0,
  /** Out of iterations (or the root finder's): `fraction` is a time at which the shapes are still apart. */
  FAILED = 1,
  /** The cores meet at `fraction` (0: they overlap at the start). */
  OVERLAPPED = 2,
  /** The gap closes to the target at `fraction`; normal and point are set. */
  HIT = 3,
  /** The shapes stay farther apart than the target up to `maxFraction` (= `fraction`). */
  SEPARATED = 4,
}

/** The query of `timeOfImpact`. */
export class TOIInput {
  proxyA: HullGeometry | null = null;
  proxyB: HullGeometry | null = null;
  readonly sweepA = new Sweep();
  readonly sweepB = new Sweep();
  /** The sweeps are followed over t ∈ [0, maxFraction] (≤ 1). */
  maxFraction = 1;
  /** The gap between the surfaces at a hit, m (> 0); the tolerance is a quarter of it. */
  targetSeparation = LINEAR_SLOP;
}

/** The answer of `timeOfImpact`. */
export class TOIOutput {
  state = TOIState.UNKNOWN;
  /** Time of the hit (or see TOIState), in [0, maxFraction]. */
  fraction = 0;
  /** At a hit: unit normal from A to B, and the point midway between the surfaces (world). */
  normalX = 0;
  normalY = 0;
  pointX = 0;
  pointY = 0;
  /** Distance evaluations used. */
  iterations = 0;
}

/** A shape at one time of its sweep: pose relative to the query's origin (a PlacedHull for placePolygon). */
class Mover implements PlacedHull {
  polygon: HullGeometry = null as unknown as HullGeometry;
  sweep: Sweep = null as unknown as Sweep;
  /** c1 and c2 relative to the origin. */
  c1x = 0;
  c1y = 0;
  c2x = 0;
  c2y = 0;
  px = 0;
  py = 0;
  qc = 1;
  qs = 0;
}

const POINTS = DistanceFeature.POINTS;
const FACE_A = DistanceFeature.FACE_A;
const FACE_B = DistanceFeature.FACE_B;

/** The solver's state: the two movers, the separating axis, and the numbers passed between its steps. */
class Solver {
  readonly a = new Mover();
  readonly b = new Mover();
  readonly hullA = new WorldHull();
  readonly hullB = new WorldHull();
  readonly distance = new HullDistance();
  /** The time the movers are placed at (input of `place`). */
  t = 0;
  /** The query's origin (A's starting centre of mass), a direction for `support`, the radii (inputs of `start`, `support`, `hit`). */
  ox = 0;
  oy = 0;
  dirX = 0;
  dirY = 0;
  rA = 0;
  rB = 0;
  /** Bound on how fast the gap can close, m per unit of t (linear + turning), and whether a body turns. */
  rate = 0;
  turning = false;
  // separating axis: its kind, the axis (world for POINTS, else in the face's body frame) and the face's point
  type = POINTS;
  axisX = 0;
  axisY = 0;
  localX = 0;
  localY = 0;
  /** Output of `findMin` / `evaluate`: the separation, and the vertices it is measured at. */
  s = 0;
  indexA = 0;
  indexB = 0;
}

const solver = new Solver();

/** Put mover m at time solver.t of its sweep. */
function place(m: Mover): void {
  const t = solver.t;
  const w = m.sweep;
  const u = 1 - t;
  const c = u * w.q1c + t * w.q2c;
  const s = u * w.q1s + t * w.q2s;
  const mag = Math.sqrt(c * c + s * s);
  if (mag > 0) {
    m.qc = c / mag;
    m.qs = s / mag;
  } else {
    m.qc = w.q2c;
    m.qs = w.q2s;
  }
  const lx = w.localCenterX;
  const ly = w.localCenterY;
  m.px = u * m.c1x + t * m.c2x - (m.qc * lx - m.qs * ly);
  m.py = u * m.c1y + t * m.c2y - (m.qs * lx + m.qc * ly);
}

/** Index of the vertex of g farthest along (solver.dirX, solver.dirY) (body frame); the lowest index of a tie. */
function support(g: HullGeometry): number {
  const dx = solver.dirX;
  const dy = solver.dirY;
  let best = 0;
  let m = g.vx[0]! * dx + g.vy[0]! * dy;
  for (let i = 1; i < g.count; i++) {
    const d = g.vx[i]! * dx + g.vy[i]! * dy;
    if (d > m) {
      m = d;
      best = i;
    }
  }
  return best;
}

/** Set up the separating axis from the closest features of the hulls placed at solver.t. */
function makeAxis(): void {
  const S = solver;
  const d = S.distance;
  const a = S.a;
  const b = S.b;
  S.type = d.feature;
  if (d.feature === POINTS) {
    S.axisX = d.normalX;
    S.axisY = d.normalY;
    return;
  }
  // the face's normal and middle in its body's frame, turned to point at the other shape
  const face = d.feature === FACE_A ? a : b;
  const other = d.feature === FACE_A ? b : a;
  const g = face.polygon;
  const i = d.feature === FACE_A ? d.indexA : d.indexB;
  const k = i + 1 === g.count ? 0 : i + 1;
  S.axisX = g.nx[i]!;
  S.axisY = g.ny[i]!;
  S.localX = 0.5 * (g.vx[i]! + g.vx[k]!);
  S.localY = 0.5 * (g.vy[i]! + g.vy[k]!);
  const nx = face.qc * S.axisX - face.qs * S.axisY;
  const ny = face.qs * S.axisX + face.qc * S.axisY;
  const fx = face.px + (face.qc * S.localX - face.qs * S.localY);
  const fy = face.py + (face.qs * S.localX + face.qc * S.localY);
  const j = d.feature === FACE_A ? d.indexB : d.indexA;
  const og = other.polygon;
  const ox = other.px + (other.qc * og.vx[j]! - other.qs * og.vy[j]!);
  const oy = other.py + (other.qs * og.vx[j]! + other.qc * og.vy[j]!);
  if ((ox - fx) * nx + (oy - fy) * ny < 0) {
    S.axisX = -S.axisX;
    S.axisY = -S.axisY;
  }
}

/**
 * At solver.t: the deepest vertices along the axis (into indexA / indexB; −1
 * for the face's side) and their separation (into s).
 */
function findMin(): void {
  const S = solver;
  const a = S.a;
  const b = S.b;
  place(a);
  place(b);
  if (S.type === POINTS) {
    const nx = S.axisX;
    const ny = S.axisY;
    // A's support along n and B's along −n, in their frames
    S.dirX = a.qc * nx + a.qs * ny;
    S.dirY = -a.qs * nx + a.qc * ny;
    S.indexA = support(a.polygon);
    S.dirX = -(b.qc * nx + b.qs * ny);
    S.dirY = b.qs * nx - b.qc * ny;
    S.indexB = support(b.polygon);
  } else if (S.type === FACE_A) {
    const nx = a.qc * S.axisX - a.qs * S.axisY;
    const ny = a.qs * S.axisX + a.qc * S.axisY;
    S.indexA = -1;
    S.dirX = -(b.qc * nx + b.qs * ny);
    S.dirY = b.qs * nx - b.qc * ny;
    S.indexB = support(b.polygon);
  } else {
    const nx = b.qc * S.axisX - b.qs * S.axisY;
    const ny = b.qs * S.axisX + b.qc * S.axisY;
    S.indexB = -1;
    S.dirX = -(a.qc * nx + a.qs * ny);
    S.dirY = a.qs * nx - a.qc * ny;
    S.indexA = support(a.polygon);
  }
  separationNow();
}

/** The separation of the vertices indexA / indexB along the axis at solver.t (into s). */
function evaluate(): void {
  place(solver.a);
  place(solver.b);
  separationNow();
}

/** The separation along the axis with the movers placed (into solver.s). */
function separationNow(): void {
  const S = solver;
  const a = S.a;
  const b = S.b;
  if (S.type === POINTS) {
    const ga = a.polygon;
    const gb = b.polygon;
    const i = S.indexA;
    const j = S.indexB;
    const pax = a.px + (a.qc * ga.vx[i]! - a.qs * ga.vy[i]!);
    const pay = a.py + (a.qs * ga.vx[i]! + a.qc * ga.vy[i]!);
    const pbx = b.px + (b.qc * gb.vx[j]! - b.qs * gb.vy[j]!);
    const pby = b.py + (b.qs * gb.vx[j]! + b.qc * gb.vy[j]!);
    S.s = (pbx - pax) * S.axisX + (pby - pay) * S.axisY;
    return;
  }
  const face = S.type === FACE_A ? a : b;
  const other = S.type === FACE_A ? b : a;
  const j = S.type === FACE_A ? S.indexB : S.indexA;
  const og = other.polygon;
  const nx = face.qc * S.axisX - face.qs * S.axisY;
  const ny = face.qs * S.axisX + face.qc * S.axisY;
  const fx = face.px + (face.qc * S.localX - face.qs * S.localY);
  const fy = face.py + (face.qs * S.localX + face.qc * S.localY);
  const ox = other.px + (other.qc * og.vx[j]! - other.qs * og.vy[j]!);
  const oy = other.py + (other.qs * og.vx[j]! + other.qc * og.vy[j]!);
  S.s = (ox - fx) * nx + (oy - fy) * ny;
}

/**
 * Bound on how fast a point of g turns, m per unit of t, into solver.dirX: its
 * largest distance from the centre of mass times the turning rate of the
 * interpolated rotation, at most |q2 − q1| / min |q(t)| with
 * min |q(t)| = sqrt(1 − |q2 − q1|²/4) (as solver/continuous.ts bounds it).
 */
function turnBound(g: HullGeometry, w: Sweep): void {
  const dc = w.q2c - w.q1c;
  const ds = w.q2s - w.q1s;
  const chord2 = dc * dc + ds * ds;
  if (chord2 === 0) {
    solver.dirX = 0;
    return;
  }
  let minNorm = 1 - 0.25 * chord2;
  minNorm = minNorm > 0.01 ? Math.sqrt(minNorm) : 0.1;
  let r2 = 0;
  for (let i = 0; i < g.count; i++) {
    const x = g.vx[i]! - w.localCenterX;
    const y = g.vy[i]! - w.localCenterY;
    const d = x * x + y * y;
    if (d > r2) r2 = d;
  }
  solver.dirX = (Math.sqrt(chord2) / minNorm) * Math.sqrt(r2);
}

/** Start a mover on its proxy and sweep, relative to the origin (solver.ox, solver.oy). */
function start(m: Mover, proxy: HullGeometry, sweep: Sweep): void {
  m.polygon = proxy;
  m.sweep = sweep;
  m.c1x = sweep.c1x - solver.ox;
  m.c1y = sweep.c1y - solver.oy;
  m.c2x = sweep.c2x - solver.ox;
  m.c2y = sweep.c2y - solver.oy;
}

/**
 * The time of impact of input.proxyA on input.sweepA with input.proxyB on
 * input.sweepB, into `out` (see the top of this file). Inputs are trusted:
 * unit rotations, finite numbers, targetSeparation > 0.
 */
export function timeOfImpact(input: TOIInput, out: TOIOutput): void {
  const S = solver;
  const proxyA = input.proxyA!;
  const proxyB = input.proxyB!;
  S.ox = input.sweepA.c1x;
  S.oy = input.sweepA.c1y;
  start(S.a, proxyA, input.sweepA);
  start(S.b, proxyB, input.sweepB);
  const hA = S.hullA;
  const hB = S.hullB;
  hA.ox = 0;
  hA.oy = 0;
  hB.ox = 0;
  hB.oy = 0;
  const tMax = input.maxFraction;
  S.rA = proxyA.radius;
  S.rB = proxyB.radius;
  const target = S.rA + S.rB + input.targetSeparation;
  const tolerance = 0.25 * input.targetSeparation;
  const d = S.distance;
  // how fast the gap can close at most (for the windows of turning sweeps, below)
  const sA = input.sweepA;
  const sB = input.sweepB;
  const mx = sB.c2x - sB.c1x - (sA.c2x - sA.c1x);
  const my = sB.c2y - sB.c1y - (sA.c2y - sA.c1y);
  turnBound(proxyA, sA);
  let angular = S.dirX;
  turnBound(proxyB, sB);
  angular += S.dirX;
  S.rate = Math.sqrt(mx * mx + my * my) + angular;
  S.turning = angular > 0;

  out.state = TOIState.UNKNOWN;
  out.fraction = tMax;
  out.iterations = 0;
  let t1 = 0;
  for (;;) {
    S.t = t1;
    place(S.a);
    place(S.b);
    placePolygon(hA, S.a);
    placePolygon(hB, S.b);
    hullDistance(hA, hB, d);
    out.iterations++;

    if (d.overlap) {
      // (after the start only by rounding: every t1 reached keeps the shapes apart)
      out.state = t1 === 0 ? TOIState.OVERLAPPED : TOIState.FAILED;
      out.fraction = t1;
      return;
    }
    if (d.distance <= target + tolerance) {
      out.fraction = t1;
      hit(out);
      return;
    }

    makeAxis();
    // A turning axis can let a vertex dip below the target between t1 and t2 and come back up (the
    // separation of a turning polygon's support is a sum of sinusoids), where the root finder
    // would not look. So a turning sweep is searched in windows no longer than the gap can close
    // in, conservative advancement's bound: over [t1, t2] the distance stays above target − tolerance.
    let t2 = tMax;
    if (S.turning) {
      const w = t1 + (d.distance - target + tolerance) / S.rate;
      if (w < t2) t2 = w;
    }
    const window = t2 < tMax;
    // resolve the deepest vertex at t2 until none is deeper than the target there
    for (let pushBack = 0; pushBack < MAX_POLYGON_VERTICES; pushBack++) {
      S.t = t2;
      findMin();
      const s2 = S.s;
      if (s2 > target + tolerance) {
        if (window) {
          t1 = t2; // apart at the window's end: the next window from there
          break;
        }
        out.state = TOIState.SEPARATED;
        out.fraction = tMax;
        return;
      }
      if (s2 > target - tolerance) {
        t1 = t2; // this axis holds up to t2: a new axis from there
        break;
      }
      S.t = t1;
      evaluate();
      const s1 = S.s;
      if (s1 < target - tolerance) {
        // the root finder left this vertex too deep at t1
        out.state = TOIState.FAILED;
        out.fraction = t1;
        return;
      }
      if (s1 <= target + tolerance) {
        out.fraction = t1;
        hit(out); // (the distance at t1 was from this placement)
        return;
      }
      // s(t) = target on [t1, t2]: s1 above it, s2 below
      let lo = t1;
      let hi = t2;
      let sLo = s1;
      let sHi = s2;
      let found = false;
      for (let k = 0; k < MAX_ROOT_ITERATIONS; k++) {
        const t = (k & 1) === 1 ? lo + ((target - sLo) * (hi - lo)) / (sHi - sLo) : 0.5 * (lo + hi);
        S.t = t;
        evaluate();
        const s = S.s;
        if (Math.abs(s - target) < tolerance) {
          t2 = t;
          found = true;
          break;
        }
        if (s > target) {
          lo = t;
          sLo = s;
        } else {
          hi = t;
          sHi = s;
        }
      }
      if (!found) {
        // (not seen: bisection alone narrows [t1, t2] by 2^25 in 50 evaluations)
        out.state = TOIState.FAILED;
        out.fraction = t1;
        return;
      }
    }
    if (out.iterations === MAX_ITERATIONS) {
      out.state = TOIState.FAILED;
      out.fraction = t1;
      return;
    }
  }
}

/** A hit at out.fraction: the normal and the point midway between the surfaces from the distance there. */
function hit(out: TOIOutput): void {
  const S = solver;
  const d = S.distance;
  const rA = S.rA;
  const rB = S.rB;
  const ox = S.ox;
  const oy = S.oy;
  out.state = TOIState.HIT;
  out.normalX = d.normalX;
  out.normalY = d.normalY;
  // A's surface at ax + n·rA, B's at bx − n·rB
  out.pointX = ox + 0.5 * (d.ax + d.bx) + 0.5 * (rA - rB) * d.normalX;
  out.pointY = oy + 0.5 * (d.ay + d.by) + 0.5 * (rA - rB) * d.normalY;
}
