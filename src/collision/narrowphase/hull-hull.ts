/**
 * Rounded convex hull (A) vs rounded convex hull (B): the one routine behind
 * every polygon pair (polygon–polygon, –circle, –capsule, –AABB, –segment).
 *
 * Each shape is its core (a `WorldHull`: a convex polygon of 3 to 8
 * vertices, a segment of 2, or a point of 1) swept by its radius, so this is
 * "core vs core", then r = rA + rB is added. Features (PolygonFeature): edge
 * i is FACE + i (0..7), vertex i is VERTEX + i (8..15).
 *
 * 1. Separating axes. For two convex cores the edge normals of both are the
 *    only directions that can separate them (the edges of their Minkowski
 *    difference; a segment's two sides count, a point has none). For A's
 *    edge i the separation is  min over B's vertices of n_i·(b_j − a_i),
 *    likewise for B's edges; the largest, `sep`, is on the reference face
 *    (ties go to A, then to the lower index). The cores are at least `sep`
 *    apart, so sep ≥ r + margin means no contact.
 *    (With two segments the difference can be flat and the axes along them
 *    are needed too: segment–segment pairs use capsule-capsule.ts instead.)
 * 2. Cores touching or overlapping (sep ≤ 0): the exact minimum translation
 *    distance of two convex polygons is the smallest overlap over those
 *    axes, so depth = r − sep along the reference face's normal (pointing
 *    from A to B); the deepest feature is the other core's vertex that gave
 *    `sep`.
 * 3. Cores apart (sep > 0): the depth is r − d with d the exact distance
 *    between the cores. If the vertex that gave `sep` projects onto the
 *    reference face, d = sep (no pair of points can be closer than a
 *    separating axis allows, and this pair is that close). Otherwise the
 *    closest pair is found among every vertex of one core against every edge
 *    of the other (≤ 2·8·8 point–segment tests): an edge's inside gives that
 *    edge's normal exactly, an end point (vertex against vertex) the
 *    direction between the two. A distance within rounding noise of 0
 *    (TOUCH_TOLERANCE) is treated as touching (step 2), since its direction
 *    means nothing.
 *
 * Contact points (as in capsule-capsule.ts and aabb-aabb.ts): A's edge whose
 * normal is closest to n and B's edge whose normal is closest to −n are
 * handed to `clipAlongTangent`; when both lie within about 5.7° of the
 * tangent and face each other, two points at the ends of the interval where
 * they do, features (A's face, B's face) at the LOW and HIGH ends. No
 * reference or incident polygon is chosen for the points, so nothing flips
 * while two boxes rest on each other. Otherwise one point midway between the
 * surfaces at the deepest features: (A's face, B's vertex), (A's vertex,
 * B's face) or (A's vertex, B's vertex). A face–vertex pair keeps its id
 * when the cores go from apart to overlapping.
 *
 * Box2D v3's `b2CollidePolygons` (separating axes, reference face,
 * clipping, speculative margin, rounded polygons) is the model; this is
 * written independently and follows this narrowphase's conventions.
 */
import type { ManifoldBuffer } from "./manifold.js";
import { hullA, hullB, type WorldHull } from "./placed.js";
import { clipAlongTangent, direction, normalize, tangentClip, TOUCH_TOLERANCE } from "./segment.js";
import { addClipPoints, addMidpoint, point } from "./contact-points.js";
import { ClipEnd, featureId } from "./feature-id.js";

/** The features of a polygon (and of a hull): edge i is FACE + i, vertex i is VERTEX + i. */
export const enum PolygonFeature {
  FACE = 0,
  VERTEX = 8,
}

/** The result of `closestFeatures`. */
export class Closest {
  /** Distance between the cores. */
  distance = 0;
  /** Unit normal from A to B. */
  nx = 0;
  ny = 0;
  /** A's core point of the pair. */
  x = 0;
  y = 0;
  /** Feature id (clip end NONE). */
  id = 0;
  /** Size of the configuration (hullScale). */
  scale = 0;
}

/** The shared result of `closestFeatures` (hull-distance.ts reads it too). */
export const closest = new Closest();

/**
 * B's hull features that do not exist for this contact (bit f for hull
 * feature f: edge i is bit i, vertex i bit 8 + i), or 0: a tile's faces and
 * corners that a neighbouring static box hides (src/contacts/seams.ts), set
 * by polygon-aabb.ts around its call and 0 otherwise. A hidden face is never
 * the reference face, nor a hidden vertex the deepest feature: the contact
 * takes the best of the other axes, or is not made when the closest feature
 * is hidden (the neighbour's contact holds the shape), as circle–AABB and
 * capsule–AABB do. (A field, not an argument: see placed.ts on boxing.)
 */
export const hiddenB = { features: 0 };

/**
 * What `collideHulls` reports while it builds a manifold, for the pipeline
 * lab's manifold page (src/collision/narrowphase/manifold-trace.ts:
 * `traceManifold`, which reads the hulls themselves from hullA and hullB).
 * The numbers are the routine's own, at the moment it decides with them.
 */
export interface HullTraceSink {
  /**
   * Step 1, one candidate axis: edge `edge` of A (owner 0) or B (1), the
   * separation of the cores along it, and the other core's deepest vertex.
   * (Reported before the test: an axis with separation ≥ rA + rB + margin
   * is the last one, and there is no contact.)
   */
  axis(owner: number, edge: number, separation: number, vertex: number): void;
  /** Step 1's result: the reference axis (largest separation; ties to A) and its deepest vertex. */
  reference(owner: number, face: number, separation: number, vertex: number): void;
  /**
   * Step 3, the cores apart by more than rounding: the closest pair came from
   * the reference face (`face` true) or from closestFeatures, `distance`
   * apart (`closest` holds it; the depth rA + rB − distance is tested
   * against the margin next). Not called when the cores overlap or touch.
   */
  apart(face: boolean, distance: number): void;
  /** The faces handed to clipAlongTangent (A's facing n, B's facing −n); `tangentClip` holds its input and output. */
  clip(faceA: number, faceB: number): void;
}

/**
 * The sink `collideHulls` reports to, or null (always, except inside
 * `traceManifold`, which sets it around one call and clears it): one load
 * and a null test per call, and per axis, when nobody traces.
 */
export const hullTrace: { sink: HullTraceSink | null } = { sink: null };

/**
 * Is the feature of B that A's face `face` meets hidden? It is B's face
 * turned against it, when one is (within about 2.6°: a box face on a tile's
 * face, where B's two vertices tie for deepest), else B's deepest vertex
 * `deep`. (The face's normal is read here, not passed: a double passed to a
 * call that is not inlined is boxed, 32 bytes a call on tiles.)
 */
function hiddenAgainst(a: WorldHull, face: number, b: WorldHull, deep: number, hidden: number): boolean {
  const nx = a.nx[face]!;
  const ny = a.ny[face]!;
  for (let j = 0; j < b.count; j++) {
    if (nx * b.nx[j]! + ny * b.ny[j]! < -0.999) return ((hidden >> j) & 1) !== 0;
  }
  return ((hidden >> (PolygonFeature.VERTEX + deep)) & 1) !== 0;
}

/**
 * Writes the manifold of the rounded hulls a and b (both relative to the
 * same origin a.ox, a.oy) into `out`; returns true when they touch or are
 * within out.margin. Feature ids as PolygonFeature, A first.
 */
export function collideHulls(a: WorldHull, b: WorldHull, out: ManifoldBuffer): boolean {
  const hidden = hiddenB.features;
  const margin = out.margin;
  const nA = a.count;
  const nB = b.count;
  const rA = a.radius;
  const rB = b.radius;
  const r = rA + rB;
  const reach = r + margin;
  const tr = hullTrace.sink;

  // Step 1: separating axes.
  let sepA = -Infinity;
  let faceA = 0;
  let deepB = 0;
  if (nA >= 2) {
    for (let i = 0; i < nA; i++) {
      const nx = a.nx[i]!;
      const ny = a.ny[i]!;
      const ax = a.x[i]!;
      const ay = a.y[i]!;
      let s = Infinity;
      let jm = 0;
      for (let j = 0; j < nB; j++) {
        const d = nx * (b.x[j]! - ax) + ny * (b.y[j]! - ay);
        if (d < s) {
          s = d;
          jm = j;
        }
      }
      if (tr !== null) tr.axis(0, i, s, jm);
      if (s >= reach) return false;
      if (s > sepA && (hidden === 0 || !hiddenAgainst(a, i, b, jm, hidden))) {
        sepA = s;
        faceA = i;
        deepB = jm;
      }
    }
  }
  let sepB = -Infinity;
  let faceB = 0;
  let deepA = 0;
  if (nB >= 2) {
    for (let j = 0; j < nB; j++) {
      const nx = b.nx[j]!;
      const ny = b.ny[j]!;
      const bx = b.x[j]!;
      const by = b.y[j]!;
      let s = Infinity;
      let im = 0;
      for (let i = 0; i < nA; i++) {
        const d = nx * (a.x[i]! - bx) + ny * (a.y[i]! - by);
        if (d < s) {
          s = d;
          im = i;
        }
      }
      if (tr !== null) tr.axis(1, j, s, im);
      if (s >= reach) return false;
      if (s > sepB && (hidden === 0 || ((hidden >> j) & 1) === 0)) {
        sepB = s;
        faceB = j;
        deepA = im;
      }
    }
  }
  const useA = sepA >= sepB;
  const sep = useA ? sepA : sepB;
  // every axis hidden (only with hidden features): the neighbours' contacts have the shape
  if (sep === -Infinity) return false;
  if (tr !== null) tr.reference(useA ? 0 : 1, useA ? faceA : faceB, sep, useA ? deepB : deepA);

  let nx = 0;
  let ny = 0;
  let depth = 0;
  // The single contact point, as a point of A's surface (relative to the origin), and its id.
  let sx = 0;
  let sy = 0;
  let id = 0;
  let found = false;

  if (sep > 0) {
    // Step 3: apart. Does the deepest vertex face the reference face?
    const c = closest;
    let face = false;
    if (useA) {
      const k = faceA + 1 === nA ? 0 : faceA + 1;
      const ax = a.x[faceA]!;
      const ay = a.y[faceA]!;
      const ex = a.x[k]! - ax;
      const ey = a.y[k]! - ay;
      const t = ex * (b.x[deepB]! - ax) + ey * (b.y[deepB]! - ay);
      if (t >= 0 && t <= ex * ex + ey * ey) {
        face = true;
        c.distance = sep;
        c.nx = a.nx[faceA]!;
        c.ny = a.ny[faceA]!;
        c.x = b.x[deepB]! - c.nx * sep;
        c.y = b.y[deepB]! - c.ny * sep;
        c.id = featureId(PolygonFeature.FACE + faceA, PolygonFeature.VERTEX + deepB, ClipEnd.NONE);
      }
    } else {
      const k = faceB + 1 === nB ? 0 : faceB + 1;
      const bx = b.x[faceB]!;
      const by = b.y[faceB]!;
      const ex = b.x[k]! - bx;
      const ey = b.y[k]! - by;
      const t = ex * (a.x[deepA]! - bx) + ey * (a.y[deepA]! - by);
      if (t >= 0 && t <= ex * ex + ey * ey) {
        face = true;
        c.distance = sep;
        c.nx = -b.nx[faceB]!;
        c.ny = -b.ny[faceB]!;
        c.x = a.x[deepA]!;
        c.y = a.y[deepA]!;
        c.id = featureId(PolygonFeature.VERTEX + deepA, PolygonFeature.FACE + faceB, ClipEnd.NONE);
      }
    }
    if (!face) {
      closestFeatures(a, b);
      // the closest feature of B is hidden: the shape is over a neighbour, whose contact holds it
      if (hidden !== 0 && ((hidden >> (c.id & 15)) & 1) !== 0) return false;
    }
    hullScale(a, b);
    if (c.distance > TOUCH_TOLERANCE * c.scale) {
      if (tr !== null) tr.apart(face, c.distance);
      depth = r - c.distance;
      if (!(depth > -margin)) return false;
      nx = c.nx;
      ny = c.ny;
      sx = c.x + nx * rA;
      sy = c.y + ny * rA;
      id = c.id;
      found = true;
    }
  }

  if (!found) {
    // Step 2: touching or overlapping (or apart by rounding noise only).
    depth = r - sep;
    if (!(depth > -margin)) return false;
    if (useA) {
      nx = a.nx[faceA]!;
      ny = a.ny[faceA]!;
      // B's surface at its deepest vertex is b − n·rB; A's surface lies depth beyond it.
      sx = b.x[deepB]! + nx * (depth - rB);
      sy = b.y[deepB]! + ny * (depth - rB);
      id = featureId(PolygonFeature.FACE + faceA, PolygonFeature.VERTEX + deepB, ClipEnd.NONE);
    } else {
      nx = -b.nx[faceB]!;
      ny = -b.ny[faceB]!;
      sx = a.x[deepA]! + nx * rA;
      sy = a.y[deepA]! + ny * rA;
      id = featureId(PolygonFeature.VERTEX + deepA, PolygonFeature.FACE + faceB, ClipEnd.NONE);
    }
  }

  out.normalX = nx;
  out.normalY = ny;
  out.depth = depth;
  if (nA >= 2 && nB >= 2) {
    // The edge of A facing along n and the edge of B facing back.
    let fa = 0;
    let best = -Infinity;
    for (let i = 0; i < nA; i++) {
      const d = a.nx[i]! * nx + a.ny[i]! * ny;
      if (d > best) {
        best = d;
        fa = i;
      }
    }
    let fb = 0;
    best = Infinity;
    for (let j = 0; j < nB; j++) {
      const d = b.nx[j]! * nx + b.ny[j]! * ny;
      if (d < best) {
        best = d;
        fb = j;
      }
    }
    const ka = fa + 1 === nA ? 0 : fa + 1;
    const kb = fb + 1 === nB ? 0 : fb + 1;
    const k = tangentClip;
    k.nx = nx;
    k.ny = ny;
    k.depth = depth;
    k.ox = a.ox;
    k.oy = a.oy;
    k.a1x = a.x[fa]!;
    k.a1y = a.y[fa]!;
    k.a2x = a.x[ka]!;
    k.a2y = a.y[ka]!;
    k.b1x = b.x[fb]!;
    k.b1y = b.y[fb]!;
    k.b2x = b.x[kb]!;
    k.b2y = b.y[kb]!;
    k.rA = rA;
    k.rB = rB;
    clipAlongTangent(k);
    if (tr !== null) tr.clip(fa, fb);
    if (k.ends > 0 && (hidden === 0 || ((hidden >> fb) & 1) === 0)) {
      addClipPoints(out, k, PolygonFeature.FACE + fa, PolygonFeature.FACE + fb);
      return true;
    }
  }
  const p = point;
  p.x = a.ox + sx;
  p.y = a.oy + sy;
  p.depth = depth;
  p.id = id;
  addMidpoint(out, p);
  return true;
}

/** Largest |x| + |y| of the two hulls' vertices, into closest.scale: the size rounding is relative to. (A field, not a return value: a returned double is boxed.) */
function hullScale(a: WorldHull, b: WorldHull): void {
  let m = 0;
  for (let i = 0; i < a.count; i++) {
    const v = Math.abs(a.x[i]!) + Math.abs(a.y[i]!);
    if (v > m) m = v;
  }
  for (let j = 0; j < b.count; j++) {
    const v = Math.abs(b.x[j]!) + Math.abs(b.y[j]!);
    if (v > m) m = v;
  }
  closest.scale = m;
}

/**
 * The closest pair of points of two separated cores, into `closest`: every
 * vertex of B against every edge of A and every vertex of A against every
 * edge of B (a segment's two edges are one: it is tested once). Two convex
 * sets that do not touch always have a closest pair with a vertex in it. Two
 * points (a hull of one vertex on each side) are their own pair, vertex 0 and
 * vertex 0. Exported for hull-distance.ts.
 */
export function closestFeatures(a: WorldHull, b: WorldHull): void {
  const nA = a.count;
  const nB = b.count;
  const edgesA = nA === 2 ? 1 : nA < 2 ? 0 : nA;
  const edgesB = nB === 2 ? 1 : nB < 2 ? 0 : nB;
  let best = Infinity;
  // kind 0: A's edge inside vs B's vertex; 1: A's vertex vs B's edge inside; 2: vertex vs vertex
  // (the answer for two points, where neither loop runs)
  let kind = 2;
  let iBest = 0;
  let jBest = 0;
  let level = 0;
  for (let i = 0; i < edgesA; i++) {
    const k = i + 1 === nA ? 0 : i + 1;
    const ax = a.x[i]!;
    const ay = a.y[i]!;
    const ex = a.x[k]! - ax;
    const ey = a.y[k]! - ay;
    const len2 = ex * ex + ey * ey;
    for (let j = 0; j < nB; j++) {
      const px = b.x[j]! - ax;
      const py = b.y[j]! - ay;
      const t = ex * px + ey * py;
      if (t > 0 && t < len2) {
        const s = a.nx[i]! * px + a.ny[i]! * py;
        const d2 = s * s;
        if (d2 < best) {
          best = d2;
          kind = 0;
          iBest = i;
          jBest = j;
          level = s;
        }
      } else {
        const v = t <= 0 ? i : k;
        const dx = b.x[j]! - a.x[v]!;
        const dy = b.y[j]! - a.y[v]!;
        const d2 = dx * dx + dy * dy;
        if (d2 < best) {
          best = d2;
          kind = 2;
          iBest = v;
          jBest = j;
        }
      }
    }
  }
  for (let j = 0; j < edgesB; j++) {
    const k = j + 1 === nB ? 0 : j + 1;
    const bx = b.x[j]!;
    const by = b.y[j]!;
    const ex = b.x[k]! - bx;
    const ey = b.y[k]! - by;
    const len2 = ex * ex + ey * ey;
    for (let i = 0; i < nA; i++) {
      const px = a.x[i]! - bx;
      const py = a.y[i]! - by;
      const t = ex * px + ey * py;
      if (t > 0 && t < len2) {
        const s = b.nx[j]! * px + b.ny[j]! * py;
        const d2 = s * s;
        if (d2 < best) {
          best = d2;
          kind = 1;
          iBest = i;
          jBest = j;
          level = s;
        }
      } else {
        const v = t <= 0 ? j : k;
        const dx = b.x[v]! - a.x[i]!;
        const dy = b.y[v]! - a.y[i]!;
        const d2 = dx * dx + dy * dy;
        if (d2 < best) {
          best = d2;
          kind = 2;
          iBest = i;
          jBest = v;
        }
      }
    }
  }
  const c = closest;
  if (kind === 0) {
    // B's vertex over A's edge iBest, `level` along its normal
    const sign = level >= 0 ? 1 : -1;
    c.distance = level * sign;
    c.nx = a.nx[iBest]! * sign;
    c.ny = a.ny[iBest]! * sign;
    c.x = b.x[jBest]! - c.nx * c.distance;
    c.y = b.y[jBest]! - c.ny * c.distance;
    c.id = featureId(PolygonFeature.FACE + iBest, PolygonFeature.VERTEX + jBest, ClipEnd.NONE);
  } else if (kind === 1) {
    // A's vertex over B's edge jBest; the normal from A to B points against B's edge normal
    const sign = level >= 0 ? 1 : -1;
    c.distance = level * sign;
    c.nx = -b.nx[jBest]! * sign;
    c.ny = -b.ny[jBest]! * sign;
    c.x = a.x[iBest]!;
    c.y = a.y[iBest]!;
    c.id = featureId(PolygonFeature.VERTEX + iBest, PolygonFeature.FACE + jBest, ClipEnd.NONE);
  } else {
    const d = direction;
    d.dx = b.x[jBest]! - a.x[iBest]!;
    d.dy = b.y[jBest]! - a.y[iBest]!;
    normalize(d);
    c.distance = d.length;
    c.nx = d.x;
    c.ny = d.y;
    c.x = a.x[iBest]!;
    c.y = a.y[iBest]!;
    c.id = featureId(PolygonFeature.VERTEX + iBest, PolygonFeature.VERTEX + jBest, ClipEnd.NONE);
  }
}

/**
 * `collideHulls(hullA, hullB, out)` (placed.ts's shared hulls), then B's
 * features renamed by `mapB` (null: kept as PolygonFeature).
 */
export function collidePlacedHulls(out: ManifoldBuffer, mapB: Uint8Array | null): boolean {
  if (!collideHulls(hullA, hullB, out)) return false;
  if (mapB !== null) renameFeatures(out, null, mapB);
  return true;
}

/**
 * Rename the features of the manifold's points for the pair's own shapes
 * (e.g. an AABB's faces as BoxFeature, a capsule's as CapsuleFeature):
 * `mapA[f]` / `mapB[f]` is the name of hull feature f (0..15).
 */
export function renameFeatures(out: ManifoldBuffer, mapA: Uint8Array | null, mapB: Uint8Array | null): void {
  out.id0 = renamed(out.id0, mapA, mapB);
  if (out.count === 2) out.id1 = renamed(out.id1, mapA, mapB);
}

function renamed(id: number, mapA: Uint8Array | null, mapB: Uint8Array | null): number {
  const end = id >> 8;
  const fa = (id >> 4) & 15;
  const fb = id & 15;
  return end * 256 + (mapA === null ? fa : mapA[fa]!) * 16 + (mapB === null ? fb : mapB[fb]!);
}
