/**
 * Distance between two convex rounded shapes, each a core hull (a point, a
 * segment or a convex polygon of up to 8 vertices: placed.ts's `WorldHull`)
 * swept by a radius: circles, capsules, segments, AABBs, boxes and polygons
 * alike. The time of impact (time-of-impact.ts) and the polygon shape cast
 * (hull-cast.ts) are built on it; Box2D v3's `b2ShapeDistance` (GJK) plays
 * this part there.
 *
 * With at most 8 vertices a side, the exact answer is cheaper to get than a
 * GJK simplex and has no iteration to converge, so this reuses what the
 * contact pairs already have (hull-hull.ts):
 *
 * 1. Do the cores meet? When one of them has an area (3 or more vertices),
 *    their Minkowski difference is a polygon whose edge normals are all among
 *    the two hulls' edge normals, so the separating-axis test over those is
 *    exact: the largest separation < 0 means they overlap (= 0: they touch,
 *    and step 2 finds where, at distance 0). Two segments meet
 *    when they cross (or touch: then their distance below is 0); a point
 *    meets a point or a segment only at distance 0.
 * 2. Apart (or touching), with an area on one side: when the vertex deepest
 *    past the axis of largest separation projects onto that face, the face
 *    and the vertex are the closest pair, that separation apart (as
 *    hull-hull.ts's step 3).
 * 3. Otherwise `closestFeatures` (hull-hull.ts), the closest pair among every
 *    vertex of one core against every edge of the other (and vertex against
 *    vertex), which for two disjoint convex cores is exact. Its features
 *    name what the time of impact needs for its separating axis (Box2D's
 *    b2SeparationFunction): a face of A and a vertex of B, a vertex of A and
 *    a face of B, or two vertices.
 *
 * `hullDistance` works on hulls placed relative to one origin (allocation-
 * free, for the other narrowphase code); `shapeDistance` takes two placed
 * shapes and reports the distance between their surfaces, the witness
 * points on them and the normal, in world coordinates.
 *
 * + − × ÷ and sqrt only: the same bits in every JavaScript engine.
 */
import { closest, closestFeatures, PolygonFeature } from "./hull-hull.js";
import { placePolygon, WorldHull, type PlacedHull } from "./placed.js";

/** What the closest pair of two cores is made of (the separating axis of a time of impact). */
export const enum DistanceFeature {
  /** Vertex indexA of A and vertex indexB of B. */
  POINTS = 0,
  /** Edge indexA of A (its inside) and vertex indexB of B. */
  FACE_A = 1,
  /** Vertex indexA of A and edge indexB of B (its inside). */
  FACE_B = 2,
}

/** The result of `hullDistance` (coordinates relative to the hulls' origin). */
export class HullDistance {
  /** Distance between the cores, ≥ 0 (0 when they meet). */
  distance = 0;
  /** The cores meet (touch, cross or overlap): distance 0, normal (0, 0). */
  overlap = false;
  /** Unit normal from A's core to B's, along which `distance` is measured; (0, 0) when they meet. */
  normalX = 0;
  normalY = 0;
  /** The closest point of A's core, and of B's (the same point when they meet). */
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  /** The features of the closest pair (DistanceFeature), with their indices; POINTS when the cores meet. */
  feature = DistanceFeature.POINTS;
  indexA = 0;
  indexB = 0;
}

/** The largest separation of one hull's vertices from another's edges, and where (see `separation`). */
class Separation {
  value = 0;
  /** The edge of the first hull that gave `value`, and the second hull's vertex deepest past it. */
  edge = 0;
  vertex = 0;
}

/** A's edges against B's vertices, and B's edges against A's. */
const sepA = new Separation();
const sepB = new Separation();

/**
 * max over the edges i of p (p has at least 2 vertices) of min over q's vertices j
 * of n_i·(q_j − p_i), into `sep`; -Infinity when p has no edge.
 */
function separation(p: WorldHull, q: WorldHull, sep: Separation): void {
  let best = -Infinity;
  let edge = 0;
  let vertex = 0;
  const np = p.count < 2 ? 0 : p.count;
  for (let i = 0; i < np; i++) {
    const nx = p.nx[i]!;
    const ny = p.ny[i]!;
    const px = p.x[i]!;
    const py = p.y[i]!;
    let s = Infinity;
    let jm = 0;
    for (let j = 0; j < q.count; j++) {
      const d = nx * (q.x[j]! - px) + ny * (q.y[j]! - py);
      if (d < s) {
        s = d;
        jm = j;
      }
    }
    if (s > best) {
      best = s;
      edge = i;
      vertex = jm;
    }
  }
  sep.value = best;
  sep.edge = edge;
  sep.vertex = vertex;
}

/** The cores meet at (out.ax, out.ay): distance 0, no normal. (The point comes in a field: a double passed to a call is boxed.) */
function meet(out: HullDistance): void {
  out.distance = 0;
  out.overlap = true;
  out.normalX = 0;
  out.normalY = 0;
  out.bx = out.ax;
  out.by = out.ay;
  out.feature = DistanceFeature.POINTS;
  out.indexA = 0;
  out.indexB = 0;
}

/**
 * The distance between the cores of `a` and `b` (placed relative to the same
 * origin), their closest points, the normal from A to B and the features of
 * the closest pair, into `out`. The radii are not used (`shapeDistance`
 * subtracts them).
 */
export function hullDistance(a: WorldHull, b: WorldHull, out: HullDistance): void {
  const nA = a.count;
  const nB = b.count;
  if (nA >= 3 || nB >= 3) {
    separation(a, b, sepA);
    separation(b, a, sepB);
    const sa = sepA.value;
    if (sa < 0 && sepB.value < 0) {
      // the cores overlap: report the deepest vertex of the axis of least overlap (cores that
      // only touch, largest separation 0, go on: a pair that touches)
      if (sa >= sepB.value) {
        out.ax = b.x[sepA.vertex]! - a.nx[sepA.edge]! * sa;
        out.ay = b.y[sepA.vertex]! - a.ny[sepA.edge]! * sa;
      } else {
        out.ax = a.x[sepB.vertex]!;
        out.ay = a.y[sepB.vertex]!;
      }
      meet(out);
      return;
    }
    if (faceDistance(a, b, out)) return;
  } else if (nA === 2 && nB === 2 && crossing(a, b, out)) {
    return;
  }
  closestFeatures(a, b);
  const c = closest;
  if (!(c.distance > 0)) {
    out.ax = c.x;
    out.ay = c.y;
    meet(out);
    return;
  }
  out.distance = c.distance;
  out.overlap = false;
  out.normalX = c.nx;
  out.normalY = c.ny;
  out.ax = c.x;
  out.ay = c.y;
  out.bx = c.x + c.nx * c.distance;
  out.by = c.y + c.ny * c.distance;
  const fa = (c.id >> 4) & 15;
  const fb = c.id & 15;
  if (fa < PolygonFeature.VERTEX) {
    out.feature = DistanceFeature.FACE_A;
    out.indexA = fa;
    out.indexB = fb - PolygonFeature.VERTEX;
  } else if (fb < PolygonFeature.VERTEX) {
    out.feature = DistanceFeature.FACE_B;
    out.indexA = fa - PolygonFeature.VERTEX;
    out.indexB = fb;
  } else {
    out.feature = DistanceFeature.POINTS;
    out.indexA = fa - PolygonFeature.VERTEX;
    out.indexB = fb - PolygonFeature.VERTEX;
  }
}

/**
 * The axis of largest separation (A's face in sepA, or B's face in sepB) when the vertex deepest past it projects onto that face: then that
 * face and vertex are the closest pair, at distance sep exactly along the
 * face's normal (no pair can be closer than a separating axis allows), and
 * `out` is written (the cores touch when sep is 0: they meet at the vertex,
 * which lies on the face). Returns false when the vertex lies beside the
 * face (closestFeatures decides). As hull-hull.ts's step 3; exact normals,
 * where the vertex-to-edge search could pick a vertex pair whose squared
 * distance rounds to the same value (two boxes face to face, a corner
 * 3e-9 m beyond the other's corner, gave a normal 6e-9 rad off).
 */
function faceDistance(a: WorldHull, b: WorldHull, out: HullDistance): boolean {
  const useA = sepA.value >= sepB.value;
  const sep = useA ? sepA : sepB;
  const s = sep.value;
  const f = useA ? a : b;
  const o = useA ? b : a;
  const face = sep.edge;
  const v = sep.vertex;
  const k = face + 1 === f.count ? 0 : face + 1;
  const fx = f.x[face]!;
  const fy = f.y[face]!;
  const ex = f.x[k]! - fx;
  const ey = f.y[k]! - fy;
  const vx = o.x[v]!;
  const vy = o.y[v]!;
  const t = ex * (vx - fx) + ey * (vy - fy);
  if (!(t >= 0 && t <= ex * ex + ey * ey)) return false;
  if (!(s > 0)) {
    out.ax = vx;
    out.ay = vy;
    meet(out);
    return true;
  }
  const sign = useA ? 1 : -1;
  const nx = sign * f.nx[face]!;
  const ny = sign * f.ny[face]!;
  out.distance = s;
  out.overlap = false;
  out.normalX = nx;
  out.normalY = ny;
  if (useA) {
    out.bx = vx;
    out.by = vy;
    out.ax = vx - nx * s;
    out.ay = vy - ny * s;
    out.feature = DistanceFeature.FACE_A;
    out.indexA = face;
    out.indexB = v;
  } else {
    out.ax = vx;
    out.ay = vy;
    out.bx = vx + nx * s;
    out.by = vy + ny * s;
    out.feature = DistanceFeature.FACE_B;
    out.indexA = v;
    out.indexB = face;
  }
  return true;
}

/** Do two segments cross (each one's ends strictly on both sides of the other's line)? Then `meet` at the crossing. */
function crossing(a: WorldHull, b: WorldHull, out: HullDistance): boolean {
  const ax = a.x[0]!;
  const ay = a.y[0]!;
  const ex = a.x[1]! - ax;
  const ey = a.y[1]! - ay;
  const bx = b.x[0]!;
  const by = b.y[0]!;
  const fx = b.x[1]! - bx;
  const fy = b.y[1]! - by;
  // sides of B's ends relative to A's line, and of A's ends relative to B's
  const s0 = ex * (by - ay) - ey * (bx - ax);
  const s1 = ex * (b.y[1]! - ay) - ey * (b.x[1]! - ax);
  if (!((s0 > 0 && s1 < 0) || (s0 < 0 && s1 > 0))) return false;
  const r0 = fx * (ay - by) - fy * (ax - bx);
  const r1 = fx * (a.y[1]! - by) - fy * (a.x[1]! - bx);
  if (!((r0 > 0 && r1 < 0) || (r0 < 0 && r1 > 0))) return false;
  const u = r0 / (r0 - r1);
  out.ax = ax + u * ex;
  out.ay = ay + u * ey;
  meet(out);
  return true;
}

/** The result of `shapeDistance` (world coordinates). */
export class ShapeDistance {
  /** Distance between the surfaces, ≥ 0 (0 when the shapes touch or overlap). */
  distance = 0;
  /** Unit normal from A to B; (0, 0) when the cores meet (deep overlap: no direction is defined). */
  normalX = 0;
  normalY = 0;
  /** The closest points, on A's surface and on B's (while the cores are apart, also when the shapes overlap). */
  pointAX = 0;
  pointAY = 0;
  pointBX = 0;
  pointBY = 0;
}

const distA = new WorldHull();
const distB = new WorldHull();
const coreResult = new HullDistance();

/**
 * The distance between two placed convex shapes (any `HullGeometry`: a
 * polygon, or a circle, capsule, AABB or segment proxy), their closest
 * surface points and the normal from A to B, into `out`. Allocation-free.
 */
export function shapeDistance(a: PlacedHull, b: PlacedHull, out: ShapeDistance): void {
  distA.ox = a.px;
  distA.oy = a.py;
  distB.ox = a.px;
  distB.oy = a.py;
  placePolygon(distA, a);
  placePolygon(distB, b);
  const d = coreResult;
  hullDistance(distA, distB, d);
  const rA = distA.radius;
  const rB = distB.radius;
  const gap = d.distance - rA - rB;
  out.distance = gap > 0 ? gap : 0;
  out.normalX = d.normalX;
  out.normalY = d.normalY;
  out.pointAX = a.px + d.ax + d.normalX * rA;
  out.pointAY = a.py + d.ay + d.normalY * rA;
  out.pointBX = a.px + d.bx - d.normalX * rB;
  out.pointBY = a.py + d.by - d.normalY * rB;
}
