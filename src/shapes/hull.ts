/**
 * The convex hull of a few points: the vertices of a `Polygon`.
 *
 * `computeHull(points)` returns the hull's vertices counter-clockwise (an
 * edge's outward normal is to the right of its direction), starting from the
 * lowest-leftmost one:
 *
 * 1. Check the input: 3 to 8 points (MAX_POLYGON_VERTICES), every coordinate
 *    finite.
 * 2. Weld: a point closer than WELD_DISTANCE (0.5 mm) to an earlier kept
 *    point is dropped (the first of a cluster stays).
 * 3. Andrew's monotone chain: sort by x then y, build the lower and the
 *    upper chain, keeping a point only where the chain turns left (a
 *    positive cross product: exactly collinear points go).
 * 4. Drop nearly collinear points: a vertex closer than WELD_DISTANCE to the
 *    line through its two neighbours adds nothing a contact could feel and
 *    would give an edge normal that rounding decides. Repeated until none is
 *    left (dropping one can make its neighbour collinear).
 *
 * Fewer than 3 points after that is a RangeError that says why: fewer than
 * 3 given, all welded together, or all on one line. The sort and every
 * test use + − × / only, so the hull is the same in every JavaScript engine.
 *
 * Box2D v3's `b2ComputeHull` (quickhull, welding and collinearity by its
 * linear slop) is the model; this is written independently.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** The most vertices a polygon may have (as in Box2D). */
export const MAX_POLYGON_VERTICES = 8;

/** Points closer than this (m) are welded; a vertex closer than this to its neighbours' line is dropped. */
export const WELD_DISTANCE = 0.0005;

/**
 * The convex hull of `points` (3 to 8 finite points), counter-clockwise,
 * welded and without collinear vertices. Throws a RangeError naming the
 * problem otherwise.
 */
export function computeHull(points: readonly Vec2[]): Vec2[] {
  if (!Array.isArray(points)) {
    throw new TypeError(`capsule2d: vertices must be an array of { x, y } points, got ${check.describe(points)}`);
  }
  if (points.length < 3) {
    throw new RangeError(`capsule2d: a polygon needs at least 3 vertices, got ${points.length}`);
  }
  if (points.length > MAX_POLYGON_VERTICES) {
    throw new RangeError(`capsule2d: a polygon has at most ${MAX_POLYGON_VERTICES} vertices, got ${points.length}`);
  }
  for (let i = 0; i < points.length; i++) check.vector(`vertices[${i}]`, points[i]);

  // 2. weld
  const tolSq = WELD_DISTANCE * WELD_DISTANCE;
  const kept: Vec2[] = [];
  for (const p of points) {
    let unique = true;
    for (const q of kept) {
      const dx = p.x - q.x;
      const dy = p.y - q.y;
      if (dx * dx + dy * dy < tolSq) {
        unique = false;
        break;
      }
    }
    if (unique) kept.push({ x: p.x, y: p.y });
  }
  if (kept.length < 3) {
    throw new RangeError(
      `capsule2d: a polygon needs at least 3 vertices more than ${WELD_DISTANCE * 1000} mm apart, got ${kept.length} after welding ${points.length}`,
    );
  }

  // 3. monotone chain
  kept.sort((p, q) => (p.x !== q.x ? p.x - q.x : p.y - q.y));
  const hull: Vec2[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const start = hull.length;
    for (let k = 0; k < kept.length; k++) {
      const p = kept[pass === 0 ? k : kept.length - 1 - k]!;
      while (hull.length >= start + 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, p) <= 0) hull.pop();
      hull.push(p);
    }
    hull.pop(); // the last point of each chain starts the other
  }

  // 4. nearly collinear vertices
  let dropped = true;
  while (dropped && hull.length >= 3) {
    dropped = false;
    for (let i = 0; i < hull.length; i++) {
      const prev = hull[(i + hull.length - 1) % hull.length]!;
      const next = hull[(i + 1) % hull.length]!;
      const ex = next.x - prev.x;
      const ey = next.y - prev.y;
      const len = Math.sqrt(ex * ex + ey * ey);
      // distance of hull[i] from the line prev–next (it lies to its right, outside: cross < 0 means a left turn)
      const dist = -cross(prev, next, hull[i]!) / len;
      if (dist < WELD_DISTANCE) {
        hull.splice(i, 1);
        dropped = true;
        break;
      }
    }
  }
  if (hull.length < 3) {
    throw new RangeError(`capsule2d: the polygon's vertices are collinear (within ${WELD_DISTANCE * 1000} mm of one line)`);
  }
  // start from the lowest point (then leftmost), so the order depends on the shape alone
  let first = 0;
  for (let i = 1; i < hull.length; i++) {
    const p = hull[i]!;
    const f = hull[first]!;
    if (p.y < f.y || (p.y === f.y && p.x < f.x)) first = i;
  }
  return hull.slice(first).concat(hull.slice(0, first));
}

/** (b − a) × (c − a): > 0 when a → b → c turns left. */
function cross(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}
