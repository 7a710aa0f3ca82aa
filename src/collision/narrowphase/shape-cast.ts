/**
 * Shape casts: the time of impact of a shape that translates (without
 * turning) against a shape that stays put.
 *
 * Shape A moves from its pose by `translation` d; shape B is fixed. The cast
 * answers: what is the first fraction t ∈ [0, 1] of d at which A, moved by t·d,
 * meets B, and where and along which normal do they meet?
 *
 * The method: a ray against a Minkowski difference.
 *
 * Every shape here is a core plus a radius: a circle is a point swept by r, a
 * capsule a segment swept by r, a box a box swept by 0. Two such shapes
 * overlap exactly when their cores are closer than R = rA + rB. With A's core
 * moved by t·d, the distance between the cores is
 *     min over a ∈ coreA, b ∈ coreB of |b − a − t·d| = dist(t·d, M),
 * where M = coreB ⊖ coreA = { b − a } is the Minkowski difference of the
 * cores. So the shapes meet when the point t·d enters K = M inflated by R,
 * which is a ray cast: the ray from the origin along d against the convex
 * shape K. M is a point (two circles), a segment (a circle and a capsule),
 * a box (a circle and a box; two boxes), a parallelogram (two capsules), or a
 * polygon of up to six sides (a capsule and a box).
 *
 * A ray against a rounded convex polygon enters it through one of the
 * capsules of radius R around the polygon's edges (K is the polygon together
 * with those capsules, and its boundary lies in them). Each edge of M is an
 * edge of one core minus a vertex of the other (`edge of B − vertex of A`, or
 * `vertex of B − edge of A`), and the vertex is the other core's support
 * point: the one that reaches farthest towards the edge. Only edges that face
 * the ray can be where it enters (a vertex arc of K faces it only if one of
 * its two edges does), so a capsule–box cast is typically three ray–capsule
 * casts (`raycastInto`, with its careful numerics), a capsule–capsule cast
 * two, a circle–capsule cast one. Two boxes have R = 0 and M a box: the slab
 * method, below. Where a choice is ambiguous within rounding (an edge almost
 * parallel to the ray, two support points almost level), both candidates are
 * cast: an extra capsule is always inside K, so it can never add a false hit,
 * while a missing one could leave a gap.
 *
 * Conventions (see also `castShapes`):
 * - `normal` is the unit surface normal of B at the contact, pointing from B
 *   towards A (as a raycast reports the surface normal of what it hit; it is
 *   the negated `collide(a, b)` normal).
 * - `point` is on B's surface, where the shapes touch at `fraction`. Where
 *   they meet along a stretch (parallel faces), it is one point of it; for
 *   two boxes, the middle of it.
 * - Shapes that already overlap (`collide(a, b)` reports them) hit at
 *   fraction 0, with collide's normal (negated, so it still points towards
 *   A: moving A along it separates them) and the point of B's surface
 *   deepest inside A; a zero translation gives such a hit, or null.
 * - Touching is not hitting: a hit needs A to move into B. Shapes that touch
 *   at the start and move apart or slide along each other, and a cast that
 *   only grazes B (touches it in passing: a box sliding over the corner of
 *   the next floor tile), give no hit; shapes that touch at the start and
 *   move towards each other hit at fraction 0. A cast that reaches B exactly
 *   at the end of the translation, moving into it, hits at fraction 1.
 *   Exact tangency cannot be told from rounding noise, so "moving into B"
 *   means: moving on from the contact along the translation, for a distance
 *   the size of the configuration, would sink A into B deeper than
 *   `GRAZE` (1e-12) times that size. Sliding along a slope whose direction
 *   was computed in floating point is then a slide, not a stream of hits at
 *   fraction 0, and A can never sink deeper than that into what it missed.
 * - Sensors are shapes like any other here; the world's queries decide.
 *
 * Numbers: everything is relative to A's centre, + − × ÷ and sqrt only
 * (deterministic across engines).
 */
import { BOX, CAPSULE, CIRCLE, POLYGON, SEGMENT as SEGMENT_KIND, shapeOf, type Body } from "../../bodies/body.js";
import { inFrontOfChain } from "./chain-segment.js";
import type { Shape } from "../../bodies/shape.js";
import { Capsule } from "../../bodies/capsule.js";
import type { Vec2 } from "../../math/vec2.js";
import * as check from "../../math/validate.js";
import { checkShape, collideInto } from "./collide.js";
import { castHulls, writeOverlapHit } from "./hull-cast.js";
import { segmentAsCapsule } from "./segment-shapes.js";
import type { PlacedHull, PlacedSegment } from "./placed.js";
import { boxProxy, capsuleProxy, circleProxy, segmentProxy, ShapeProxy } from "../../shapes/proxy.js";
import { ManifoldBuffer } from "./manifold.js";
import { raycastInto, RaycastHitBuffer } from "./raycast.js";
import { closestOfSegments, closestOnSegment, direction, normalize, pointSegment, segmentPair } from "./segment.js";

/** The result of a shape cast that hit something. */
export interface ShapeCastHit {
  /** The body that was hit (B for `castShapes`). */
  body: Body;
  /** Its shape that was hit (its one shape, or one of a compound's). */
  shape: Shape<Body>;
  /** Where the shapes touch at `fraction`, on the hit body's surface. */
  point: Vec2;
  /** Unit surface normal of the hit body at `point`, pointing towards the cast shape. */
  normal: Vec2;
  /** How much of the translation the cast shape travels before the hit, in [0, 1] (0 when it starts overlapping). */
  fraction: number;
}

/** Allocation-free shape cast hit: `castShapeInto` writes here. */
export class ShapeCastBuffer {
  /** The collider hit (a body, or a compound's part: `toHit` names its compound and shape), or null when nothing has been written. */
  body: Body | null = null;
  /** The contact point. */
  x = 0;
  y = 0;
  /** The unit normal, from the hit body towards the cast shape. */
  normalX = 0;
  normalY = 0;
  /** Fraction of the translation, [0, 1]. */
  fraction = 0;

  /** Copy into a new plain `ShapeCastHit` (null when no body has been written). */
  toHit(): ShapeCastHit | null {
    if (this.body === null) return null;
    return {
      body: this.body._parent ?? this.body,
      shape: shapeOf(this.body),
      point: { x: this.x, y: this.y },
      normal: { x: this.normalX, y: this.normalY },
      fraction: this.fraction,
    };
  }

  /** Copy another buffer's hit into this one. */
  copyFrom(o: ShapeCastBuffer): void {
    this.body = o.body;
    this.x = o.x;
    this.y = o.y;
    this.normalX = o.normalX;
    this.normalY = o.normalY;
    this.fraction = o.fraction;
  }
}

/**
 * The time of impact of shape `a` translated by `translation` (no rotation)
 * against the fixed shape `b`; neither needs to be in a world. Returns
 * `{ body: b, point, normal, fraction }` or null when `a` passes `b` by (or
 * only grazes it). `normal` is b's unit surface normal at `point`, pointing
 * from b towards a; `point` lies on b's surface where they touch. Shapes that
 * overlap at the start hit at fraction 0 with the negated `collide(a, b)`
 * normal (move a along it to separate them), also for a zero translation.
 * Shapes that touch without overlapping hit at fraction 0 only if `a` moves
 * into `b`. See shape-cast.ts for the details.
 */
export function castShapes(a: Body, b: Body, translation: Vec2): ShapeCastHit | null {
  checkShape("a", a);
  checkShape("b", b);
  check.vector("translation", translation);
  const out = new ShapeCastBuffer();
  if (!castShapeInto(a, b, translation.x, translation.y, out)) return null;
  return out.toHit();
}

// ---------------------------------------------------------------------------
// Tolerances

/**
 * A contact is a graze, not a hit, when moving on from it along the
 * translation for a distance `scale` (the size of the configuration) sinks A
 * into B by at most GRAZE·scale: on a flat face, an approach whose cosine
 * with the normal is below about GRAZE; on a round one, a pass closer than
 * GRAZE·scale to tangent. Rounding noise is about 1e-16·scale.
 */
const GRAZE = 1e-12;
/**
 * Edges whose outward normal n has d·n at or below this (d the unit
 * translation) may be where the ray enters: 0 in exact arithmetic, widened
 * far beyond rounding, since casting an extra edge costs time, not accuracy.
 */
const FACING = 1e-9;
/** Two support points whose levels along a unit normal differ by a cosine at or below this are both cast. */
const TIE = 1e-9;

// ---------------------------------------------------------------------------
// The query state (module-level, so that a cast allocates nothing)

/** A core: 0 a point (circle, capsule of halfLength 0), 1 a segment (capsule), 2 a box. */
const POINT = 0;
const SEGMENT = 1;
const BOXCORE = 2;

function coreOf(body: Body): number {
  if (body._kind === BOX) return BOXCORE;
  return body._kind === CAPSULE && body._halfLength > 0 ? SEGMENT : POINT;
}

/** One edge of a core: the segment centre + offset ± half · axis, with its outward unit normal. */
class Edge {
  ox = 0;
  oy = 0;
  ux = 0;
  uy = 0;
  half = 0;
  nx = 0;
  ny = 0;
}

/** Up to two support points of a core, relative to its centre. */
class Support {
  count = 0;
  x0 = 0;
  y0 = 0;
  x1 = 0;
  y1 = 0;
}

/** Everything one cast needs, and its best hit so far. */
class CastState {
  /** Unit translation and its length. */
  dx = 0;
  dy = 0;
  length = 0;
  rA = 0;
  rB = 0;
  /** B's centre minus A's centre. */
  cx = 0;
  cy = 0;
  /** The capsule of M being cast (relative to A's centre, in Minkowski space). */
  ex = 0;
  ey = 0;
  ux = 0;
  uy = 0;
  half = 0;
  /**
   * Where the contact point is measured from: with `fromB`, an edge of B minus
   * a vertex of A, the anchor is that vertex of A (relative to A's centre) and
   * the contact is anchor + (hit point) − rA·n; otherwise a vertex of B minus
   * an edge of A, the anchor is that vertex of B and the contact is anchor + rB·n.
   */
  fromB = false;
  anchorX = 0;
  anchorY = 0;
  /** Best hit: distance along the unit translation (Infinity: none), normal, contact relative to A's centre. */
  t = Infinity;
  nx = 0;
  ny = 0;
  px = 0;
  py = 0;
}

const state = new CastState();
const edge = new Edge();
const support = new Support();
const manifold = new ManifoldBuffer();
const rayHit = new RaycastHitBuffer();
/** The capsule of M under test, handed to `raycastInto` (never in a world). */
const probe = new Capsule({ halfLength: 1, radius: 1 });

/**
 * Allocation-free shape cast: A translated by (tx, ty) against B. Inputs are
 * trusted (finite numbers, shapes). On a hit writes `out` (body B, point,
 * normal, fraction) and returns true; otherwise returns false and leaves
 * `out` untouched.
 */
export function castShapeInto(a: Body, b: Body, tx: number, ty: number, out: ShapeCastBuffer): boolean {
  if (a._kind >= POLYGON || b._kind >= POLYGON) return castNewShapes(a, b, tx, ty, out);
  // Overlapping at the start: fraction 0 with collide's normal, negated to point from B to A.
  if (collideInto(a, b, 0, manifold)) {
    out.body = b;
    writeOverlapHit(manifold, out);
    return true;
  }
  const d = direction;
  d.dx = tx;
  d.dy = ty;
  normalize(d);
  if (d.length === 0) return false; // not moving, not overlapping
  const s = state;
  s.dx = d.x;
  s.dy = d.y;
  s.length = d.length;
  s.cx = b.px - a.px;
  s.cy = b.py - a.py;
  const coreA = coreOf(a);
  const coreB = coreOf(b);
  if (coreA === BOXCORE && coreB === BOXCORE) return castBoxes(a, b, tx, ty, out);

  s.rA = a._radius;
  s.rB = b._radius;
  s.t = Infinity;
  if (coreA === POINT && coreB === POINT) {
    // M is the single point cB − cA: a ray against a circle of radius R.
    setCapsule(s.cx, s.cy, 1, 0, 0);
    setAnchor(false, s.cx, s.cy);
    castCapsule(s);
  }
  // Edges of B minus A's support vertex.
  const eb = coreB === SEGMENT ? 2 : coreB === BOXCORE ? 4 : 0;
  for (let i = 0; i < eb; i++) {
    edgeOf(b, coreB, i, edge);
    if (s.dx * edge.nx + s.dy * edge.ny > FACING) continue;
    supportOf(a, coreA, edge.nx, edge.ny, support);
    const ex = s.cx + edge.ox;
    const ey = s.cy + edge.oy;
    setCapsule(ex - support.x0, ey - support.y0, edge.ux, edge.uy, edge.half);
    setAnchor(true, support.x0, support.y0);
    castCapsule(s);
    if (support.count === 2) {
      setCapsule(ex - support.x1, ey - support.y1, edge.ux, edge.uy, edge.half);
      setAnchor(true, support.x1, support.y1);
      castCapsule(s);
    }
  }
  // B's support vertex minus edges of A (M's edge normal is minus A's).
  const ea = coreA === SEGMENT ? 2 : coreA === BOXCORE ? 4 : 0;
  for (let i = 0; i < ea; i++) {
    edgeOf(a, coreA, i, edge);
    if (s.dx * edge.nx + s.dy * edge.ny < -FACING) continue;
    supportOf(b, coreB, edge.nx, edge.ny, support);
    let vx = s.cx + support.x0;
    let vy = s.cy + support.y0;
    setCapsule(vx - edge.ox, vy - edge.oy, edge.ux, edge.uy, edge.half);
    setAnchor(false, vx, vy);
    castCapsule(s);
    if (support.count === 2) {
      vx = s.cx + support.x1;
      vy = s.cy + support.y1;
      setCapsule(vx - edge.ox, vy - edge.oy, edge.ux, edge.uy, edge.half);
      setAnchor(false, vx, vy);
      castCapsule(s);
    }
  }
  if (s.t === Infinity) return false;
  out.body = b;
  out.x = a.px + s.px;
  out.y = a.py + s.py;
  out.normalX = s.nx;
  out.normalY = s.ny;
  out.fraction = s.t / s.length;
  return true;
}

/** A core hull placed by a pose: a polygon body is one as it is; other bodies fill one of these. */
class PlacedProxy implements PlacedHull {
  readonly polygon = new ShapeProxy();
  px = 0;
  py = 0;
  qc = 1;
  qs = 0;
}

const proxyA = new PlacedProxy();
const proxyB = new PlacedProxy();
/** A segment as a capsule of radius 0 (segment-shapes.ts's stand-in), for casts without a polygon. */
const segmentA = new Capsule({ halfLength: 1, radius: 1 });
const segmentB = new Capsule({ halfLength: 1, radius: 1 });

/** The body's core as a placed hull: itself for a Box or Polygon, else `p` filled from its shape and pose. */
function hullOf(body: Body, p: PlacedProxy): PlacedHull {
  if (body._kind === POLYGON) return body as unknown as PlacedHull;
  p.px = body.px;
  p.py = body.py;
  p.qc = body.qc;
  p.qs = body.qs;
  if (body._kind === BOX) boxProxy(p.polygon, body._halfWidth, body._halfHeight);
  else if (body._kind === SEGMENT_KIND) segmentProxy(p.polygon, body.segment!);
  else if (body._kind === CIRCLE || body._halfLength === 0) circleProxy(p.polygon, body._radius);
  else capsuleProxy(p.polygon, body._halfLength, body._radius);
  return p;
}

/**
 * A cast with a Box, Polygon or Segment in it. With a polygon (or an AABB
 * against a segment): hull-cast.ts's `castHulls` (conservative advancement
 * on the exact distance; it finds the overlap at the start itself, with its
 * tolerance). Otherwise a segment is cast as a capsule of radius 0, as
 * segment-shapes.ts collides it, by the exact casts below.
 */
function castNewShapes(a: Body, b: Body, tx: number, ty: number, out: ShapeCastBuffer): boolean {
  // a chain's segment is one-sided (as Box2D's shape casts): a shape whose centre starts behind it passes
  if (b._kind === SEGMENT_KIND && b.segment!.oneSided) {
    castFrom.x = a.px;
    castFrom.y = a.py;
    if (!inFrontOfChain(b as unknown as PlacedSegment, castFrom)) return false;
  }
  const hulls = a._kind === POLYGON || b._kind === POLYGON || a._kind === BOX || b._kind === BOX;
  if (hulls) {
    if (!castHulls(hullOf(a, proxyA), hullOf(b, proxyB), tx, ty, out)) return false;
    out.body = b;
    return true;
  }
  // segments with circles, capsules and segments
  const ca = a._kind === SEGMENT_KIND ? segmentAsCapsule(segmentA, a as unknown as PlacedSegment) : a;
  const cb = b._kind === SEGMENT_KIND ? segmentAsCapsule(segmentB, b as unknown as PlacedSegment) : b;
  if (!castShapeInto(ca, cb, tx, ty, out)) return false;
  out.body = b;
  return true;
}

/** The cast shape's centre, for the one-sided test of chain segments. */
const castFrom = { x: 0, y: 0 };

function setCapsule(ex: number, ey: number, ux: number, uy: number, half: number): void {
  const s = state;
  s.ex = ex;
  s.ey = ey;
  s.ux = ux;
  s.uy = uy;
  s.half = half;
}

function setAnchor(fromB: boolean, x: number, y: number): void {
  const s = state;
  s.fromB = fromB;
  s.anchorX = x;
  s.anchorY = y;
}

/**
 * Edge i of a core, relative to the body's centre: a segment has two (its
 * two sides: the same segment with opposite normals), a box four (top,
 * bottom, right, left).
 */
function edgeOf(body: Body, core: number, i: number, e: Edge): void {
  if (core === SEGMENT) {
    const ux = body.qc;
    const uy = body.qs;
    e.ox = 0;
    e.oy = 0;
    e.ux = ux;
    e.uy = uy;
    e.half = body._halfLength;
    e.nx = i === 0 ? -uy : uy;
    e.ny = i === 0 ? ux : -ux;
    return;
  }
  const hw = body._halfWidth;
  const hh = body._halfHeight;
  const side = (i & 1) === 0 ? 1 : -1;
  if (i < 2) {
    // top (+y), bottom (−y): horizontal edges
    e.ox = 0;
    e.oy = side * hh;
    e.ux = 1;
    e.uy = 0;
    e.half = hw;
    e.nx = 0;
    e.ny = side;
  } else {
    // right (+x), left (−x): vertical edges
    e.ox = side * hw;
    e.oy = 0;
    e.ux = 0;
    e.uy = 1;
    e.half = hh;
    e.nx = side;
    e.ny = 0;
  }
}

/**
 * The vertex (or two nearly level vertices) of a core with the least level
 * along the unit (nx, ny), relative to the body's centre: the part of the
 * core that reaches farthest against the normal of the edge it meets.
 */
function supportOf(body: Body, core: number, nx: number, ny: number, r: Support): void {
  r.count = 1;
  if (core === POINT) {
    r.x0 = 0;
    r.y0 = 0;
    return;
  }
  if (core === SEGMENT) {
    const ux = body.qc;
    const uy = body.qs;
    const h = body._halfLength;
    const along = ux * nx + uy * ny;
    const sign = along > 0 ? -1 : 1;
    r.x0 = sign * h * ux;
    r.y0 = sign * h * uy;
    if (Math.abs(along) <= TIE) {
      r.x1 = -r.x0;
      r.y1 = -r.y0;
      r.count = 2;
    }
    return;
  }
  const hw = body._halfWidth;
  const hh = body._halfHeight;
  r.x0 = nx > 0 ? -hw : hw;
  r.y0 = ny > 0 ? -hh : hh;
  if (Math.abs(nx) <= TIE) {
    r.x1 = -r.x0;
    r.y1 = r.y0;
    r.count = 2;
  } else if (Math.abs(ny) <= TIE) {
    r.x1 = r.x0;
    r.y1 = -r.y0;
    r.count = 2;
  }
}

/**
 * Cast the ray from the origin along the unit translation against the
 * capsule (ex, ey) ± half·(ux, uy) of radius R, up to the best distance so
 * far; keep the hit if it is an entry (not a graze) and the closest yet.
 */
function castCapsule(s: CastState): void {
  const p = probe;
  p.px = s.ex;
  p.py = s.ey;
  p.qc = s.ux;
  p.qs = s.uy;
  p._halfLength = s.half;
  p._radius = s.rA + s.rB;
  const maxDistance = s.t < s.length ? s.t : s.length;
  // A cheap reject first (most edges cast are missed or lie beyond the best
  // hit): the capsule spans e·d ± (half·|u·d| + R) along the ray and
  // e×d ± (half·|u×d| + R) across it; the ray is 0 across and [0, maxDistance]
  // along. The slack covers rounding, so nothing the raycast would hit is skipped.
  const R = p._radius;
  const slack = 1e-9 * (R + s.half + Math.abs(s.ex) + Math.abs(s.ey));
  const along = s.ex * s.dx + s.ey * s.dy;
  const spanAlong = s.half * Math.abs(s.ux * s.dx + s.uy * s.dy) + R + slack;
  if (along + spanAlong < 0 || along - spanAlong > maxDistance) return;
  const across = s.ex * s.dy - s.ey * s.dx;
  if (Math.abs(across) > s.half * Math.abs(s.ux * s.dy - s.uy * s.dx) + R + slack) return;
  if (!raycastInto(p, 0, 0, s.dx, s.dy, maxDistance, rayHit)) return;
  const t = rayHit.distance;
  if (!(t < s.t)) return; // ties: the first cast wins
  const ax = s.ex - s.half * s.ux;
  const ay = s.ey - s.half * s.uy;
  const bx = s.ex + s.half * s.ux;
  const by = s.ey + s.half * s.uy;
  let nx = rayHit.normalX;
  let ny = rayHit.normalY;
  if (t === 0) {
    // The origin is on the capsule (the shapes touch; the raycast reports
    // −direction there): its outward normal, from the closest point of the axis.
    const q = pointSegment;
    q.px = 0;
    q.py = 0;
    q.ax = ax;
    q.ay = ay;
    q.bx = bx;
    q.by = by;
    closestOnSegment(q);
    const d = direction;
    d.dx = -q.x;
    d.dy = -q.y;
    normalize(d);
    if (d.length === 0) return; // the origin on the axis: the shapes overlap, which collide has ruled out
    nx = d.x;
    ny = d.y;
  }
  // Graze or entry: how deep does the ray get within `scale` of the hit?
  // The disc of radius R inside the capsule that touches the hit point alone
  // takes it R·(1 − √(1 − c²)) ≥ R·c²/2 deep, c being the approach (the
  // cosine between the ray and −normal): when that clears the threshold it
  // is an entry. Otherwise (c is close to 0, and has lost digits, at a
  // tangent) measure: R minus the distance between that stretch of the ray
  // and the axis.
  const scale = R + s.half + Math.abs(s.ex) + Math.abs(s.ey);
  const c = -(s.dx * nx + s.dy * ny);
  if (!(c > 0 && R * c * c > 2 * GRAZE * scale)) {
    const g = segmentPair;
    g.p1x = rayHit.x;
    g.p1y = rayHit.y;
    g.q1x = rayHit.x + scale * s.dx;
    g.q1y = rayHit.y + scale * s.dy;
    g.p2x = ax;
    g.p2y = ay;
    g.q2x = bx;
    g.q2y = by;
    closestOfSegments(g);
    if (R - Math.sqrt(g.distSq) <= GRAZE * scale) return; // grazing or moving away
  }
  s.t = t;
  s.nx = nx;
  s.ny = ny;
  if (s.fromB) {
    // A's core vertex, moved to the hit, then back by A's radius.
    s.px = s.anchorX + rayHit.x - s.rA * nx;
    s.py = s.anchorY + rayHit.y - s.rA * ny;
  } else {
    // B's core vertex, out by B's radius.
    s.px = s.anchorX + s.rB * nx;
    s.py = s.anchorY + s.rB * ny;
  }
}

/**
 * Two boxes: R = 0 and M is the box centred on cB − cA with half extents
 * (hwA + hwB, hhA + hhB), so this is the slab method (as in raycast.ts) in
 * fractions of the translation, with open slabs: a box must get strictly
 * inside the other's slab on both axes to hit, so boxes sliding along each
 * other's faces (the same height, a shared edge line) never hit. The slab
 * entered last gives the normal (x on a tie, as the raycast does), and the
 * point is the middle of the stretch where the two faces touch.
 */
function castBoxes(a: Body, b: Body, tx: number, ty: number, out: ShapeCastBuffer): boolean {
  const s = state;
  const cx = s.cx;
  const cy = s.cy;
  const hw = a._halfWidth + b._halfWidth;
  const hh = a._halfHeight + b._halfHeight;
  let nearX = -Infinity;
  let farX = Infinity;
  if (tx !== 0) {
    const lo = (cx - hw) / tx;
    const hi = (cx + hw) / tx;
    nearX = tx > 0 ? lo : hi;
    farX = tx > 0 ? hi : lo;
  } else if (!(Math.abs(cx) < hw)) {
    return false;
  }
  let nearY = -Infinity;
  let farY = Infinity;
  if (ty !== 0) {
    const lo = (cy - hh) / ty;
    const hi = (cy + hh) / ty;
    nearY = ty > 0 ? lo : hi;
    farY = ty > 0 ? hi : lo;
  } else if (!(Math.abs(cy) < hh)) {
    return false;
  }
  const xLast = nearX >= nearY;
  const enter = xLast ? nearX : nearY;
  const exit = farX <= farY ? farX : farY;
  if (!(enter < exit) || enter > 1 || !(exit > 0)) return false;
  const f = enter > 0 ? enter : 0; // enter < 0 < exit is an overlap collide missed by rounding
  // Graze or entry: the depth inside M (the distance to its nearest face) is
  // concave along the ray, so at the middle of the stretch from f to `scale`
  // further (or the exit) it is at least half its largest value there.
  const scale = hw + hh + Math.abs(cx) + Math.abs(cy);
  const reach = f + scale / s.length;
  const mid = 0.5 * (f + (exit < reach ? exit : reach));
  const depthX = hw - Math.abs(cx - mid * tx);
  const depthY = hh - Math.abs(cy - mid * ty);
  if ((depthX < depthY ? depthX : depthY) <= 0.5 * GRAZE * scale) return false;
  out.body = b;
  out.fraction = f;
  if (xLast) {
    const side = tx > 0 ? -1 : 1; // B's face normal, towards A
    out.normalX = side;
    out.normalY = 0;
    out.x = b.px + side * b._halfWidth;
    out.y = middleOfOverlap(a.py + f * ty, a._halfHeight, b.py, b._halfHeight);
  } else {
    const side = ty > 0 ? -1 : 1;
    out.normalX = 0;
    out.normalY = side;
    out.x = middleOfOverlap(a.px + f * tx, a._halfWidth, b.px, b._halfWidth);
    out.y = b.py + side * b._halfHeight;
  }
  return true;
}

/** The middle of the overlap of the intervals ca ± ha and cb ± hb (a single point when they just touch). */
function middleOfOverlap(ca: number, ha: number, cb: number, hb: number): number {
  const lo = ca - ha > cb - hb ? ca - ha : cb - hb;
  const hi = ca + ha < cb + hb ? ca + ha : cb + hb;
  return 0.5 * (lo + hi);
}
