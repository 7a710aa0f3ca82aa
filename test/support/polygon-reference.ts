/**
 * An independent reference for the polygon and segment pairs: each shape is
 * a core (its world-space vertices: a convex polygon counter-clockwise, a
 * segment's two end points, or a circle's centre) swept by a radius. It
 * shares no code with src/narrowphase.
 *
 * - `penetration(a, b)`: the signed penetration from support functions, as
 *   test/support/reference.ts does for circles, capsules and boxes: the
 *   support of a core plus radius r in direction n is max over its vertices
 *   of n·v, plus r; pushing B along n separates the shapes after
 *   h_A(n) + h_B(−n); the minimum over all unit n (sampled densely, each sampled
 *   minimum refined by golden-section search) is the minimum translation
 *   distance when they overlap and minus their distance when apart, and the
 *   minimising n is the normal from A to B.
 * - `gap(a, b)`: the exact distance between the cores (0 when they
 *   intersect: a vertex inside the other polygon or two edges crossing;
 *   otherwise the smallest point–segment distance between vertices and
 *   edges) minus both radii: > 0 exactly when the shapes are apart.
 *
 * Everything is measured relative to A's first vertex, so far-away shapes
 * keep their precision.
 */
import type { Vec2 } from "../../src/math/vec2.js";
import { goldenMinimum } from "./reference.js";

export interface RefShape {
  /** World-space core: 1 point, 2 (a segment) or a convex polygon (counter-clockwise). */
  core: Vec2[];
  radius: number;
}

const SAMPLES = 2048;

/** h_S(n) relative to (ox, oy). */
export function supportOf(s: RefShape, nx: number, ny: number, ox: number, oy: number): number {
  let m = -Infinity;
  const core = s.core;
  for (let i = 0; i < core.length; i++) {
    const d = (core[i]!.x - ox) * nx + (core[i]!.y - oy) * ny;
    if (d > m) m = d;
  }
  return m + s.radius;
}

function origin(a: RefShape): Vec2 {
  return a.core[0]!;
}

export function overlapAlong(a: RefShape, b: RefShape, theta: number): number {
  return overlapAt(a, b, Math.cos(theta), Math.sin(theta));
}

function overlapAt(a: RefShape, b: RefShape, nx: number, ny: number): number {
  const o = origin(a);
  return supportOf(a, nx, ny, o.x, o.y) + supportOf(b, -nx, -ny, o.x, o.y);
}

const COS = new Float64Array(SAMPLES).map((_, i) => Math.cos((i * 2 * Math.PI) / SAMPLES));
const SIN = new Float64Array(SAMPLES).map((_, i) => Math.sin((i * 2 * Math.PI) / SAMPLES));

/** Typical size of the pair: the extents of both plus the distance between their first vertices. */
export function refScale(a: RefShape, b: RefShape): number {
  const size = (s: RefShape) => {
    let m = 0;
    for (const v of s.core) m = Math.max(m, Math.hypot(v.x - s.core[0]!.x, v.y - s.core[0]!.y));
    return m + s.radius;
  };
  return size(a) + size(b) + Math.hypot(b.core[0]!.x - a.core[0]!.x, b.core[0]!.y - a.core[0]!.y);
}

export interface Penetration {
  /** > 0 overlap (the minimum translation distance), < 0 minus the distance. */
  depth: number;
  normalX: number;
  normalY: number;
  /** False when another direction is as good or the minimum is flat (see reference.ts). */
  normalDefined: boolean;
}

function golden(a: RefShape, b: RefShape, lo: number, hi: number): number {
  return goldenMinimum((x) => overlapAlong(a, b, x), lo, hi);
}

export function penetration(a: RefShape, b: RefShape): Penetration {
  const step = (2 * Math.PI) / SAMPLES;
  const f = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) f[i] = overlapAt(a, b, COS[i]!, SIN[i]!);
  const minima: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const v = f[i]!;
    if (v <= f[(i + SAMPLES - 1) % SAMPLES]! && v <= f[(i + 1) % SAMPLES]!) minima.push(i);
  }
  // Every sampled minimum is refined, not only the best few: at a face normal the overlap has a kink (slope up to
  // the shapes' size per radian), so a sample half a step (1.5e-3 rad) from the true minimum reads it worse than a
  // sample near a shallower one. A circle 8e-8 from a hexagon's centre has six minima 4e-8 apart, and refining the 4
  // best sampled ones missed the deepest (CI seed 1514910404; test/polygon-narrowphase.cases.test.ts).
  minima.sort((i, j) => f[i]! - f[j]!);
  const found: { theta: number; value: number }[] = [];
  for (const i of minima) {
    const theta = golden(a, b, (i - 1) * step, (i + 1) * step);
    found.push({ theta, value: overlapAlong(a, b, theta) });
  }
  found.sort((p, q) => p.value - q.value);
  const best = found[0]!;
  const scale = refScale(a, b);
  const rise = (delta: number) =>
    Math.min(overlapAlong(a, b, best.theta + delta), overlapAlong(a, b, best.theta - delta)) - best.value;
  let unique = rise(1e-3) > 1e-8 * scale && rise(5e-7) > 1e-15 * scale;
  for (const other of found.slice(1)) {
    const gapAngle = Math.abs(Math.atan2(Math.sin(other.theta - best.theta), Math.cos(other.theta - best.theta)));
    if (gapAngle > 1e-4 && other.value - best.value < 1e-9 * scale) unique = false;
  }
  return { depth: best.value, normalX: Math.cos(best.theta), normalY: Math.sin(best.theta), normalDefined: unique };
}

// ---------------------------------------------------------------------------
// Exact distance

function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  let t = len2 === 0 ? 0 : ((p.x - a.x) * ex + (p.y - a.y) * ey) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p.x - (a.x + t * ex), p.y - (a.y + t * ey));
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

function edgesOf(core: Vec2[]): [Vec2, Vec2][] {
  if (core.length === 1) return [];
  if (core.length === 2) return [[core[0]!, core[1]!]];
  return core.map((v, i) => [v, core[(i + 1) % core.length]!]);
}

/** Inside or on a counter-clockwise convex polygon. */
function inside(p: Vec2, poly: Vec2[]): boolean {
  if (poly.length < 3) return false;
  for (let i = 0; i < poly.length; i++) if (orient(poly[i]!, poly[(i + 1) % poly.length]!, p) < 0) return false;
  return true;
}

/** Distance between two cores, 0 when they intersect. */
export function coreDistance(p: Vec2[], q: Vec2[]): number {
  for (const v of p) if (inside(v, q)) return 0;
  for (const v of q) if (inside(v, p)) return 0;
  const ep = edgesOf(p);
  const eq = edgesOf(q);
  for (const [a, b] of ep) {
    for (const [c, d] of eq) {
      const o1 = orient(a, b, c);
      const o2 = orient(a, b, d);
      const o3 = orient(c, d, a);
      const o4 = orient(c, d, b);
      if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return 0;
    }
  }
  let best = Infinity;
  for (const v of p) for (const [c, d] of eq) best = Math.min(best, pointSegment(v, c, d));
  for (const v of q) for (const [a, b] of ep) best = Math.min(best, pointSegment(v, a, b));
  if (ep.length === 0 && eq.length === 0) best = Math.hypot(p[0]!.x - q[0]!.x, p[0]!.y - q[0]!.y);
  return best;
}

/** Distance between the shapes' surfaces: > 0 apart, ≤ 0 touching or overlapping (−r when the cores meet). */
export function gap(a: RefShape, b: RefShape): number {
  return coreDistance(a.core, b.core) - a.radius - b.radius;
}
