/**
 * Chain segments (src/bodies/chain.ts): one-sided segments with ghost
 * vertices, against circles, capsules, AABBs and polygons (Box and Polygon,
 * and compounds' parts of these, which are such bodies).
 *
 * A chain segment runs from a (p1) to b (p2); its normal n1 is the right of
 * that direction; g1 is the chain's point before a and g2 the one after b,
 * so the neighbours' normals are n0 (g1 → a) and n2 (b → g2). Each pair is
 * the two-sided segment pair (segment-shapes.ts) followed by three
 * decisions, the idea of Box2D v3's `b2CollideChainSegmentAndPolygon` (its
 * Gauss-map classification, https://box2d.org/posts/2020/06/ghost-collisions/),
 * written for this narrowphase:
 *
 * 1. One-sided: a shape whose centre (of mass) is behind the segment's line
 *    (and, at a convex vertex, behind the neighbour's too) has no contact:
 *    a body below a floor chain rises through it.
 * 2. The two-sided manifold's normal N (from the segment to the shape) is
 *    classified. The segment owns the normals of its face (n1) and, at a
 *    convex vertex (the chain turns away from the shape by more than
 *    CONVEX_SIN), the wedge between the two faces' normals: a vertex normal
 *    strictly inside the wedge is ADMITTED as it is (a body rolling over a
 *    hill's top). A normal past the wedge, on the neighbour's face side, is
 *    the neighbour's: SKIP (no contact from this segment; the neighbour
 *    makes it). Everything else — the face normal, a normal at a flat or
 *    concave vertex, a normal that points behind — is SNAPPED to the face:
 * 3. Face contact: the shape's incident feature (the edge of its core most
 *    against n1, a capsule's inner segment, a circle's centre) is clipped to
 *    the segment's extent (between a and b along the segment) and each
 *    clipped point within the margin is a contact point, normal n1. So a
 *    body crossing an inner vertex of a straight chain gets n1 from both
 *    segments, each for the part of its feature above it: no vertical
 *    impulse, no speed lost (the ghost collision of a two-sided segment is
 *    its end's corner normal, which the snap removes), while at a concave
 *    corner each segment pushes along its own normal and the corner holds.
 *
 * Feature ids (feature-id.ts): admitted contacts keep the two-sided pair's
 * ids; face contacts are clip end 3 (no other pair uses it), the segment's
 * feature SIDE (a point of the shape's vertex over the segment), END_0 or
 * END_1 (the shape's edge clipped at a or b), the shape's feature the index
 * of the incident vertex the point comes from; A's feature first.
 *
 * Pure and allocation-free, as the other pair functions: module-level
 * scratch, doubles never passed to or returned from a call.
 */
import type { Body } from "../../bodies/body.js";
import { CapsuleFeature } from "./feature-id.js";
import type { ManifoldBuffer } from "./manifold.js";
import { placeBox, placeCapsule, placeCircle, placePolygonBody, WorldHull, type PlacedPolygon, type PlacedSegment } from "./placed.js";

/** sin of the smallest turn that makes a chain vertex convex (Box2D's convexTol); flatter vertices are smooth. */
export const CONVEX_SIN = 0.01;
/** How far (sin) a normal may lie past the wedge's side and still be inside it (Box2D's sinTol). */
const WEDGE_SIN = 0.01;
/** A normal this close to n1 (cos) is the face normal. */
const FACE_COS = 1 - 1e-9;
/** The clip end of a face contact's id. */
const FACE_CLIP = 3;

/** What the classification decides (see the top of this file). */
const ADMIT = 0;
const SKIP = 1;
const SNAP = 2;

/** The segment placed relative to its body's position, and its neighbours' directions. */
class ChainScratch {
  ox = 0;
  oy = 0;
  p1x = 0;
  p1y = 0;
  p2x = 0;
  p2y = 0;
  /** Unit direction a → b and the length. */
  ex = 0;
  ey = 0;
  len = 0;
  /** Normals: this segment's (right of e), the previous one's, the next one's. */
  n1x = 0;
  n1y = 0;
  n0x = 0;
  n0y = 0;
  n2x = 0;
  n2y = 0;
  convex1 = false;
  convex2 = false;
  /** The contact normal from the segment to the shape (input of `classify`). */
  nx = 0;
  ny = 0;
}

const c = new ChainScratch();
const hull = new WorldHull();

/** Fill `c` from the placed chain segment s (origin: s's position). */
function placeChain(s: PlacedSegment): void {
  const g = s.segment;
  const qc = s.qc;
  const qs = s.qs;
  c.ox = s.px;
  c.oy = s.py;
  c.p1x = qc * g.ax - qs * g.ay;
  c.p1y = qs * g.ax + qc * g.ay;
  c.p2x = qc * g.bx - qs * g.by;
  c.p2y = qs * g.bx + qc * g.by;
  const ex = qc * g.ux - qs * g.uy;
  const ey = qs * g.ux + qc * g.uy;
  c.ex = ex;
  c.ey = ey;
  c.len = 2 * g.halfLength;
  c.n1x = ey;
  c.n1y = -ex;
  // the previous segment g1 → a, the next b → g2, turned into the world
  let dx = c.p1x - (qc * g.g1x - qs * g.g1y);
  let dy = c.p1y - (qs * g.g1x + qc * g.g1y);
  let l = Math.sqrt(dx * dx + dy * dy);
  dx /= l;
  dy /= l;
  c.n0x = dy;
  c.n0y = -dx;
  c.convex1 = dx * ey - dy * ex >= CONVEX_SIN;
  dx = qc * g.g2x - qs * g.g2y - c.p2x;
  dy = qs * g.g2x + qc * g.g2y - c.p2y;
  l = Math.sqrt(dx * dx + dy * dy);
  dx /= l;
  dy /= l;
  c.n2x = dy;
  c.n2y = -dx;
  c.convex2 = ex * dy - ey * dx >= CONVEX_SIN;
}

/** Is the point (x, y) (relative to the origin) behind the chain here (step 1)? */
function behind(x: number, y: number): boolean {
  const rx = x - c.p1x;
  const ry = y - c.p1y;
  if (c.n1x * rx + c.n1y * ry >= 0) return false;
  if (c.convex1 && c.n0x * rx + c.n0y * ry >= 0) return false;
  if (c.convex2 && c.n2x * (x - c.p2x) + c.n2y * (y - c.p2y) >= 0) return false;
  return true;
}

/** ADMIT, SKIP or SNAP for the normal (c.nx, c.ny) (step 2). */
function classify(): number {
  const nx = c.nx;
  const ny = c.ny;
  const n1x = c.n1x;
  const n1y = c.n1y;
  if (nx * n1x + ny * n1y >= FACE_COS) return SNAP;
  if (nx * c.ex + ny * c.ey <= 0) {
    // towards a
    if (!c.convex1) return SNAP;
    const n0x = c.n0x;
    const n0y = c.n0y;
    const past0 = n0x * ny - n0y * nx < -WEDGE_SIN; // turned past n0, away from n1
    if (!past0 && nx * n1y - ny * n1x >= -WEDGE_SIN) return ADMIT;
    return past0 && nx * n0x + ny * n0y >= 0 ? SKIP : SNAP;
  }
  // towards b
  if (!c.convex2) return SNAP;
  const n2x = c.n2x;
  const n2y = c.n2y;
  const past2 = nx * n2y - ny * n2x < -WEDGE_SIN; // turned past n2, away from n1
  if (!past2 && n1x * ny - n1y * nx >= -WEDGE_SIN) return ADMIT;
  return past2 && nx * n2x + ny * n2y >= 0 ? SKIP : SNAP;
}

/**
 * Step 3: the face contact of the shape in `hull` (relative to the origin)
 * with normal n1, written into `out` (normal from A to B: n1 when the chain
 * is A, −n1 when it is B). Returns true when a point is within the margin.
 */
function faceContact(out: ManifoldBuffer, chainIsA: boolean): boolean {
  const n1x = c.n1x;
  const n1y = c.n1y;
  const ex = c.ex;
  const ey = c.ey;
  const h = hull;
  const n = h.count;
  // the incident feature: vertices i0, i1 (the same for a point)
  let i0 = 0;
  let i1 = 0;
  if (n === 2) {
    i1 = 1;
  } else if (n > 2) {
    let best = h.nx[0]! * n1x + h.ny[0]! * n1y;
    for (let i = 1; i < n; i++) {
      const d = h.nx[i]! * n1x + h.ny[i]! * n1y;
      if (d < best) {
        best = d;
        i0 = i;
      }
    }
    i1 = i0 + 1 < n ? i0 + 1 : 0;
  }
  // positions along the segment (from a) and heights above it
  const ax = h.x[i0]! - c.p1x;
  const ay = h.y[i0]! - c.p1y;
  const bx = h.x[i1]! - c.p1x;
  const by = h.y[i1]! - c.p1y;
  let t0 = ax * ex + ay * ey;
  let t1 = bx * ex + by * ey;
  let s0 = ax * n1x + ay * n1y;
  let s1 = bx * n1x + by * n1y;
  let f0 = CapsuleFeature.SIDE as number;
  let f1 = CapsuleFeature.SIDE as number;
  let v0 = i0;
  let v1 = i1;
  // order by t (the point feature has t0 = t1)
  if (t1 < t0) {
    let tmp = t0;
    t0 = t1;
    t1 = tmp;
    tmp = s0;
    s0 = s1;
    s1 = tmp;
    v0 = i1;
    v1 = i0;
  }
  const len = c.len;
  if (t1 < 0 || t0 > len) return false;
  if (t0 < 0) {
    // clip at a
    const u = (0 - t0) / (t1 - t0);
    s0 = s0 + u * (s1 - s0);
    t0 = 0;
    f0 = CapsuleFeature.END_0;
  }
  if (t1 > len) {
    const u = (len - t0) / (t1 - t0);
    s1 = s0 + u * (s1 - s0);
    t1 = len;
    f1 = CapsuleFeature.END_1;
  }
  const r = h.radius;
  const margin = out.margin;
  const d0 = r - s0;
  const d1 = r - s1;
  const keep0 = d0 >= -margin;
  const keep1 = i1 !== i0 && d1 >= -margin;
  if (!keep0 && !keep1) return false;
  const sign = chainIsA ? 1 : -1;
  out.normalX = sign * n1x;
  out.normalY = sign * n1y;
  out.count = 0;
  let depth = -Infinity;
  for (let k = 0; k < 2; k++) {
    if (k === 0 ? !keep0 : !keep1) continue;
    const t = k === 0 ? t0 : t1;
    const s = k === 0 ? s0 : s1;
    const d = k === 0 ? d0 : d1;
    const f = k === 0 ? f0 : f1;
    const v = k === 0 ? v0 : v1;
    // midway between the segment (height 0) and the shape's surface (height s − r)
    const m = 0.5 * (s - r);
    const x = c.ox + c.p1x + t * ex + m * n1x;
    const y = c.oy + c.p1y + t * ey + m * n1y;
    const id = FACE_CLIP * 256 + (chainIsA ? f * 16 + v : v * 16 + f);
    if (out.count === 0) {
      out.x0 = x;
      out.y0 = y;
      out.depth0 = d;
      out.id0 = id;
      out.count = 1;
    } else {
      out.x1 = x;
      out.y1 = y;
      out.depth1 = d;
      out.id1 = id;
      out.count = 2;
    }
    if (d > depth) depth = d;
  }
  out.depth = depth;
  return true;
}

/** Does a point of the two-sided manifold in `out` lie strictly between the segment's ends (along it)? */
function overSegment(out: ManifoldBuffer): boolean {
  const t0 = (out.x0 - c.ox - c.p1x) * c.ex + (out.y0 - c.oy - c.p1y) * c.ey;
  if (t0 > 0 && t0 < c.len) return true;
  if (out.count < 2) return false;
  const t1 = (out.x1 - c.ox - c.p1x) * c.ex + (out.y1 - c.oy - c.p1y) * c.ey;
  return t1 > 0 && t1 < c.len;
}

/**
 * Steps 2 and 3 after the two-sided pair wrote `out` (`hit`), for the chain
 * segment and shape the last `facing*` call placed: the normal classified,
 * the manifold kept, dropped or made the face contact.
 */
export function chainSmooth(hit: boolean, out: ManifoldBuffer, chainIsA: boolean): boolean {
  if (!hit) return false;
  c.nx = chainIsA ? out.normalX : -out.normalX;
  c.ny = chainIsA ? out.normalY : -out.normalY;
  let kind = classify();
  if (kind === ADMIT) return true;
  // SKIP leaves the normal to the neighbour; only right when the contact lies past this segment's end, over the
  // neighbour. A polygon's own face normal (a box lying level on a slope of short convex segments) is past every
  // wedge it touches, and each segment under it would skip it: a contact point over this segment is its face's.
  if (kind === SKIP && overSegment(out)) kind = SNAP;
  out.count = 0;
  if (kind === SKIP) return false;
  return faceContact(out, chainIsA);
}

/** Place the chain segment s, and put the other shape's hull in the same local origin. */
function placeChainHull(s: PlacedSegment): void {
  placeChain(s);
  hull.ox = c.ox;
  hull.oy = c.oy;
}

/** Step 1 for a circle: place the chain segment s and the circle; is the circle in front of the chain? */
export function facingCircle(s: PlacedSegment, b: Body): boolean {
  placeChainHull(s);
  placeCircle(hull, b);
  return !behind(b.px - c.ox, b.py - c.oy);
}

/** Step 1 for a capsule. */
export function facingCapsule(s: PlacedSegment, b: Body): boolean {
  placeChainHull(s);
  placeCapsule(hull, b);
  return !behind(b.px - c.ox, b.py - c.oy);
}

/** Step 1 for an AABB. */
export function facingBox(s: PlacedSegment, b: Body): boolean {
  placeChainHull(s);
  placeBox(hull, b);
  return !behind(b.px - c.ox, b.py - c.oy);
}

/** Step 1 for a Box or a Polygon (its pose is its centre of mass). */
export function facingPolygon(s: PlacedSegment, b: PlacedPolygon): boolean {
  placeChainHull(s);
  placePolygonBody(hull, b);
  return !behind(b.px - c.ox, b.py - c.oy);
}

/** Is the point (x, y) (world) in front of the chain segment s (step 1's test, for rays and continuous collision)? */
export function inFrontOfChain(s: PlacedSegment, q: { x: number; y: number }): boolean {
  placeChain(s);
  return !behind(q.x - c.ox, q.y - c.oy);
}
