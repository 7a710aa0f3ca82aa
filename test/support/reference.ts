/**
 * An independent reference for the narrowphase, built only from support
 * functions, so it shares no code or case analysis with src/narrowphase.
 *
 * The support function of a convex shape S in direction n is
 * h_S(n) = max over x in S of n·x:
 *   circle  c·n + r
 *   capsule max(p1·n, p2·n) + r = c·n + halfLength·|u·n| + r
 *   box     c·n + hw·|nx| + hh·|ny|
 * Pushing B along a unit n separates the shapes after exactly
 * h_A(n) + h_B(−n) (the overlap of their projections on n). The minimum over
 * all unit n is the signed penetration: the minimum translation distance when
 * they overlap, minus the distance between them when they are apart; the
 * minimising n is the contact normal from A to B.
 *
 * We sample n(θ) = (cos θ, sin θ) densely, then refine the best few sampled
 * minima by golden-section search on their brackets to about 1e-13 rad.
 * Coordinates are taken relative to A's centre, like the code under test, so
 * far-away shapes keep their precision.
 */
import type { Body } from "../../src/bodies/body.js";
import { BOX, CIRCLE } from "../../src/bodies/body.js";

const SAMPLES = 2048;
const REFINE = 4;
const GOLD = (Math.sqrt(5) - 1) / 2;

/** h_S(n) relative to the origin (ox, oy). */
export function support(s: Body, nx: number, ny: number, ox: number, oy: number): number {
  const c = (s.position.x - ox) * nx + (s.position.y - oy) * ny;
  if (s.kind === CIRCLE) return c + s.radius;
  if (s.kind === BOX) return c + s.halfWidth * Math.abs(nx) + s.halfHeight * Math.abs(ny);
  return c + s.halfLength * Math.abs(s.rotCos * nx + s.rotSin * ny) + s.radius;
}

/** Overlap of the projections on n(θ) when B is pushed along n(θ). */
export function overlapAt(a: Body, b: Body, theta: number): number {
  const nx = Math.cos(theta);
  const ny = Math.sin(theta);
  const ox = a.position.x;
  const oy = a.position.y;
  return support(a, nx, ny, ox, oy) + support(b, -nx, -ny, ox, oy);
}

export interface Reference {
  /** Signed penetration: > 0 overlap (the MTD), < 0 minus the distance. */
  depth: number;
  normalX: number;
  normalY: number;
  /**
   * False when the minimising direction is not well defined: the function is
   * nearly flat around it (concentric circles, a centre on a segment…) or another,
   * separate direction reaches the same value (parallel faces: several equally good normals).
   */
  normalDefined: boolean;
}

/** The minimum of `f` on [lo, hi] by golden-section search (to 1e-13), for a function with one minimum there. */
export function goldenMinimum(f: (x: number) => number, lo: number, hi: number): number {
  let x1 = hi - GOLD * (hi - lo);
  let x2 = lo + GOLD * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  while (hi - lo > 1e-13) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - GOLD * (hi - lo);
      f1 = f(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + GOLD * (hi - lo);
      f2 = f(x2);
    }
  }
  return f1 <= f2 ? x1 : x2;
}

function golden(a: Body, b: Body, lo: number, hi: number): number {
  return goldenMinimum((x) => overlapAt(a, b, x), lo, hi);
}

/** Typical length of the configuration: shape sizes plus the distance between centres. */
export function scaleOf(a: Body, b: Body): number {
  const size = (s: Body) => s.radius + s.halfLength + s.halfWidth + s.halfHeight;
  return size(a) + size(b) + Math.hypot(b.position.x - a.position.x, b.position.y - a.position.y);
}

export function reference(a: Body, b: Body): Reference {
  const step = (2 * Math.PI) / SAMPLES;
  const f = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) f[i] = overlapAt(a, b, i * step);
  // Sampled local minima (on the circle), best first.
  const minima: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const v = f[i]!;
    if (v <= f[(i + SAMPLES - 1) % SAMPLES]! && v <= f[(i + 1) % SAMPLES]!) minima.push(i);
  }
  minima.sort((i, j) => f[i]! - f[j]!);
  const found: { theta: number; value: number }[] = [];
  for (const i of minima.slice(0, REFINE)) {
    const theta = golden(a, b, (i - 1) * step, (i + 1) * step);
    found.push({ theta, value: overlapAt(a, b, theta) });
  }
  found.sort((p, q) => p.value - q.value);
  const best = found[0]!;
  const scale = scaleOf(a, b);
  // Well defined: the function rises clearly on both sides, and no other
  // direction (further than 1e-4 rad away) comes within 1e-9 of the minimum.
  // The rise is checked far (1e-3 rad) and near (5e-7 rad, half the normal
  // tolerance): a minimum that is flat over a range of directions (the shapes
  // touch at a vertex of their Minkowski difference, so every direction in
  // that vertex's normal cone is a minimiser) fails the near test on its flat
  // side as soon as the range is wider than the tolerance.
  const rise = (delta: number) =>
    Math.min(overlapAt(a, b, best.theta + delta), overlapAt(a, b, best.theta - delta)) - best.value;
  let unique = rise(1e-3) > 1e-8 * scale && rise(5e-7) > 1e-15 * scale;
  for (const other of found.slice(1)) {
    const gap = Math.abs(Math.atan2(Math.sin(other.theta - best.theta), Math.cos(other.theta - best.theta)));
    if (gap > 1e-4 && other.value - best.value < 1e-9 * scale) unique = false;
  }
  return {
    depth: best.value,
    normalX: Math.cos(best.theta),
    normalY: Math.sin(best.theta),
    normalDefined: unique,
  };
}
