/**
 * A simple outline (also concave) cut into convex polygons of at most 8
 * vertices, for `Compound.fromOutline`.
 *
 * 1. Check: at least 3 finite points; repeated points (and a closing point
 *    equal to the first) are dropped; a clockwise outline is reversed; an
 *    outline whose edges cross or touch (other than neighbours at their
 *    shared point) is a RangeError naming two such edges, and so is one of
 *    zero area.
 * 2. Ear clipping: repeatedly cut off a convex vertex whose triangle with its
 *    two neighbours contains no other remaining vertex. A simple polygon
 *    always has such an ear (the two-ears theorem), so this ends with n − 2
 *    triangles, which tile the outline exactly.
 * 3. Hertel–Mehlhorn merging: two pieces that share an edge (a diagonal of
 *    step 2) are merged when the result is still convex and has at most 8
 *    vertices, until no pair can be (vertices left collinear by a merge are
 *    dropped). Merging only removes diagonals, so the pieces still tile the
 *    outline and their areas add up to its area (to rounding). The result is
 *    at most four times the minimum number of convex pieces (Hertel and
 *    Mehlhorn) when the 8-vertex cap does not bind.
 *
 * O(n³) in the worst case for n points, meant for outlines of tens of points
 * (drawn by hand, read from a level file), at creation time, never in a step.
 * Written here rather than taken from npm: poly-decomp (Bayazit's algorithm,
 * 0.3.0, unchanged for years) would be a runtime dependency of the core, and
 * earcut (maintained, ISC) only triangulates, so the merging would be ours
 * anyway; ear clipping is the short part.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { MAX_POLYGON_VERTICES } from "./hull.js";

/** The convex pieces of a simple outline: each counter-clockwise, 3 to 8 vertices. */
export function decomposeOutline(outline: readonly Vec2[]): Vec2[][] {
  if (!Array.isArray(outline)) throw new TypeError(`capsule2d: outline must be an array of { x, y } points, got ${check.describe(outline)}`);
  for (let i = 0; i < outline.length; i++) check.vector(`outline[${i}]`, outline[i]);
  const pts: Vec2[] = [];
  for (const p of outline) {
    const last = pts[pts.length - 1];
    if (last === undefined || last.x !== p.x || last.y !== p.y) pts.push({ x: p.x, y: p.y });
  }
  while (pts.length > 1 && pts[0]!.x === pts[pts.length - 1]!.x && pts[0]!.y === pts[pts.length - 1]!.y) pts.pop();
  if (pts.length < 3) throw new RangeError(`capsule2d: an outline needs at least 3 distinct points, got ${pts.length}`);
  checkSimple(pts);
  const area = signedArea(pts);
  if (!(area !== 0)) throw new RangeError("capsule2d: the outline has zero area");
  if (area < 0) pts.reverse();

  // 2. ear clipping, on indices into pts
  const ring: number[] = pts.map((_, i) => i);
  const pieces: number[][] = [];
  while (ring.length > 3) {
    let cut = -1;
    for (let k = 0; k < ring.length && cut < 0; k++) {
      const a = pts[ring[(k + ring.length - 1) % ring.length]!]!;
      const b = pts[ring[k]!]!;
      const c = pts[ring[(k + 1) % ring.length]!]!;
      if (cross(a, b, c) <= 0) continue; // reflex or collinear: not an ear
      let empty = true;
      const ia = ring[(k + ring.length - 1) % ring.length]!;
      const ic = ring[(k + 1) % ring.length]!;
      for (const m of ring) {
        if (m === ia || m === ring[k] || m === ic) continue;
        const p = pts[m]!;
        if (cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0) {
          empty = false;
          break;
        }
      }
      if (empty) cut = k;
    }
    if (cut < 0) {
      // only collinear vertices left as candidates (rounding): drop one, it adds no area
      const k = ring.findIndex((_, k2) => cross(pts[ring[(k2 + ring.length - 1) % ring.length]!]!, pts[ring[k2]!]!, pts[ring[(k2 + 1) % ring.length]!]!) === 0);
      if (k < 0) throw new RangeError("capsule2d: the outline could not be cut into triangles (is it simple?)");
      ring.splice(k, 1);
      continue;
    }
    pieces.push([ring[(cut + ring.length - 1) % ring.length]!, ring[cut]!, ring[(cut + 1) % ring.length]!]);
    ring.splice(cut, 1);
  }
  if (cross(pts[ring[0]!]!, pts[ring[1]!]!, pts[ring[2]!]!) > 0) pieces.push(ring.slice());

  // 3. merge pieces across shared edges while convex and small enough
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < pieces.length && !merged; i++) {
      for (let j = i + 1; j < pieces.length && !merged; j++) {
        const m = mergeAcross(pieces[i]!, pieces[j]!, pts);
        if (m !== null) {
          pieces[i] = m;
          pieces.splice(j, 1);
          merged = true;
        }
      }
    }
  }
  return pieces.map((piece) => piece.map((k) => ({ x: pts[k]!.x, y: pts[k]!.y })));
}

/** The union of two pieces sharing an edge (u → v in p, v → u in q), if convex with ≤ 8 vertices; else null. */
function mergeAcross(p: number[], q: number[], pts: Vec2[]): number[] | null {
  for (let a = 0; a < p.length; a++) {
    const u = p[a]!;
    const v = p[(a + 1) % p.length]!;
    const b = q.indexOf(v);
    if (b < 0 || q[(b + 1) % q.length] !== u) continue;
    // p from v round to u, then q from u round to v (without repeating u and v)
    const out: number[] = [];
    for (let k = 0; k < p.length; k++) out.push(p[(a + 1 + k) % p.length]!);
    for (let k = 2; k < q.length; k++) out.push(q[(b + k) % q.length]!);
    // drop vertices the merge left collinear, then check convexity and size
    for (let k = 0; k < out.length && out.length > 3; ) {
      const c = cross(pts[out[(k + out.length - 1) % out.length]!]!, pts[out[k]!]!, pts[out[(k + 1) % out.length]!]!);
      if (c === 0) out.splice(k, 1);
      else k++;
    }
    if (out.length > MAX_POLYGON_VERTICES) return null;
    for (let k = 0; k < out.length; k++) {
      if (cross(pts[out[k]!]!, pts[out[(k + 1) % out.length]!]!, pts[out[(k + 2) % out.length]!]!) < 0) return null;
    }
    return out;
  }
  return null;
}

/** The signed area (> 0 counter-clockwise): the shoelace formula, fanned from the first point. */
export function signedArea(pts: readonly Vec2[]): number {
  const o = pts[0]!;
  let s = 0;
  for (let i = 1; i + 1 < pts.length; i++) s += cross(o, pts[i]!, pts[i + 1]!);
  return 0.5 * s;
}

/** RangeError when two edges of the closed outline cross or touch (neighbours only at their shared point). */
function checkSimple(pts: Vec2[]): void {
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = pts[j]!;
      const d = pts[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // neighbours meet at their shared point; they must not fold back over each other
        const shared = j === i + 1 ? b : a;
        const p = j === i + 1 ? a : b;
        const q = j === i + 1 ? d : c;
        if (cross(p, shared, q) === 0 && (q.x - shared.x) * (p.x - shared.x) + (q.y - shared.y) * (p.y - shared.y) > 0) {
          throw new RangeError(`capsule2d: the outline folds back on itself at point ${j === i + 1 ? j : 0}`);
        }
        continue;
      }
      if (segmentsMeet(a, b, c, d)) {
        throw new RangeError(`capsule2d: the outline crosses itself: edge ${i} (point ${i} to ${(i + 1) % n}) meets edge ${j} (point ${j} to ${(j + 1) % n})`);
      }
    }
  }
}

function segmentsMeet(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = cross(a, b, c);
  const d2 = cross(a, b, d);
  const d3 = cross(c, d, a);
  const d4 = cross(c, d, b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(a, b, c)) || (d2 === 0 && onSegment(a, b, d)) || (d3 === 0 && onSegment(c, d, a)) || (d4 === 0 && onSegment(c, d, b));
}

/** p (collinear with a–b) lies within the segment a–b. */
function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y);
}

/** (b − a) × (c − a). */
function cross(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}
