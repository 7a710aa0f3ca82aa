/**
 * `traceManifold(a, b, margin)`: `collide(a, b, margin)` with a record of how
 * the manifold was built, for teaching (the pipeline lab's manifold page,
 * examples/lab/pipeline/manifold/, and docs/guide.md's chapter "Polygons:
 * separating axes and clipping").
 *
 * The pairs that go through the rounded-hull routine (hull-hull.ts: polygon
 * with polygon, box, circle, capsule, AABB or segment) report to
 * `hullTrace.sink` while this call runs, and only then: every number below is
 * the one `collideHulls` computed and decided with, copied out when it had it
 * (the candidate axes with their separations, the reference axis, how the
 * distance was found when the cores are apart, the two faces handed to
 * `clipAlongTangent` and what it returned). Two verdicts are re-read here
 * with the routine's own operations on those numbers (the same bits): the
 * axis that ended step 1 (separation ≥ rA + rB + margin) and a depth below
 * −margin. Nothing else is computed again except the drawing aids marked as
 * such (the clip interval read back from the clipped points, and the faces
 * cut to it).
 *
 * The manifold is exactly what `collide(a, b, margin)` returns. Everything
 * else is in the pair function's order (`swapped`: it ran as (b, a), so its A
 * is your b) and in world coordinates.
 *
 * Allocates freely (plain objects): not for the step. Not in a public entry
 * point (it would add about 1 kB to `import * from "capsule2d"` and the
 * script build); the lab page imports this module from the source.
 */
import type { Body } from "../../bodies/body.js";
import type { Vec2 } from "../../math/vec2.js";
import * as check from "../../math/validate.js";
import { checkShape, collideInto, pairIsSwapped } from "./collide.js";
import { closest, hullTrace, PolygonFeature, type HullTraceSink } from "./hull-hull.js";
import { ManifoldBuffer, type Manifold } from "./manifold.js";
import { hullA, hullB, type WorldHull } from "./placed.js";
import { tangentClip } from "./segment.js";

/** A core hull as collideHulls saw it, in world coordinates. */
export interface TracedHull {
  /** 1 (a circle's centre), 2 (a capsule's or segment's inner segment) or 3–8 vertices (a polygon), counter-clockwise. */
  vertices: Vec2[];
  /** Outward unit normal of edge i (vertex i to i + 1); a segment's two sides are edges 0 and 1; none for a point. */
  normals: Vec2[];
  /** The rounding radius the core is swept by. */
  radius: number;
}

/** One candidate separating axis: an edge normal of A or of B. */
export interface TracedAxis {
  /** Whose edge: "A" or "B" (the pair function's order). */
  owner: "A" | "B";
  /** The edge's index in its hull. */
  edge: number;
  /** Its outward unit normal (world). */
  normal: Vec2;
  /** min over the other core's vertices of normal · (vertex − edge start): the cores' separation along this axis (< 0: overlap). */
  separation: number;
  /** The other core's vertex that gave it (deepest past the edge). */
  vertex: number;
}

/** The two faces clipped against each other, and the result. */
export interface TracedClip {
  /** A's edge facing along the normal, and B's facing back (indices in their hulls). */
  faceA: number;
  faceB: number;
  /** Which of them is the reference face (the one whose axis gave the normal); the other is the incident face. */
  reference: "A" | "B";
  /** The two faces' end points (world). */
  a1: Vec2;
  a2: Vec2;
  b1: Vec2;
  b2: Vec2;
  /** The contact tangent (−n.y, n.x) the faces are measured along. */
  tangent: Vec2;
  /**
   * clipAlongTangent's verdict: 0 no clip (a face tilts more than about 5.7°
   * from the tangent, the faces do not face each other, or the deeper end
   * falls short of the depth: one point at the deepest features instead);
   * 1 the interval is a point; 2 two ends.
   */
  ends: number;
  /** The ends' points midway between the surfaces, with their depths (`ends` of them). */
  points: { x: number; y: number; depth: number }[];
  /**
   * Drawing aid: the interval along the tangent where the faces face each
   * other (read back from the points), and each face cut to it: the incident
   * face clipped by the reference face's side planes, and the reference face
   * by the incident face's. Null when `ends` is 0.
   */
  interval: { lo: number; hi: number; a: [Vec2, Vec2]; b: [Vec2, Vec2] } | null;
}

/** How `collide` built (or did not build) a manifold. */
export interface ManifoldTrace {
  /** The manifold: exactly `collide(a, b, margin)`. */
  manifold: Manifold | null;
  /** The margin asked for (a gap up to it still gives a manifold, with a negative depth: the speculative margin). */
  margin: number;
  /** The pair function ran as (b, a): the traced A below is your b (the manifold is in your order as always). */
  swapped: boolean;
  /** False for pairs that do not go through the hull routine (circle, capsule and AABB among themselves, two segments): then only `manifold` is set. */
  hulls: boolean;
  /** The cores as placed (null when `hulls` is false). */
  hullA: TracedHull | null;
  hullB: TracedHull | null;
  /** rA + rB: the cores are apart by up to this and the shapes still touch. */
  radius: number;
  /** Step 1: every candidate axis tried, in the order tried (A's edges, then B's). */
  axes: TracedAxis[];
  /** Step 1 stopped at this axis: the cores are at least radius + margin apart along it (no manifold). */
  separatingAxis: TracedAxis | null;
  /** The axis of largest separation (ties go to A, then the lower index): it gives the normal when the cores overlap. */
  reference: TracedAxis | null;
  /**
   * The cores apart (reference separation > 0): their exact distance, from
   * the reference face when the deepest vertex lies over it ("face"), else
   * from the closest pair of features ("closest", vertex against edge or
   * vertex against vertex); `features` names that pair (A's, B's) as
   * PolygonFeature (edge i = i, vertex i = 8 + i), `pointA` and `pointB` are
   * its points on the two cores (world), `distance` apart along the normal.
   */
  apart: { via: "face" | "closest"; distance: number; features: [number, number]; pointA: Vec2; pointB: Vec2 } | null;
  /** No manifold although no axis separates the cores by radius + margin: this depth (radius − distance) is below −margin. */
  beyondMargin: number | null;
  /** The face clip (polygon-like shapes on both sides only). */
  clip: TracedClip | null;
}

function hullOf(h: WorldHull): TracedHull {
  const vertices: Vec2[] = [];
  const normals: Vec2[] = [];
  for (let i = 0; i < h.count; i++) {
    vertices.push({ x: h.ox + h.x[i]!, y: h.oy + h.y[i]! });
    if (h.count >= 2) normals.push({ x: h.nx[i]!, y: h.ny[i]! });
  }
  return { vertices, normals, radius: h.radius };
}

/** Collects one collideHulls call into a ManifoldTrace. */
class Recorder implements HullTraceSink {
  trace: ManifoldTrace;

  constructor(margin: number, swapped: boolean) {
    this.trace = {
      manifold: null,
      margin,
      swapped,
      hulls: false,
      hullA: null,
      hullB: null,
      radius: 0,
      axes: [],
      separatingAxis: null,
      reference: null,
      apart: null,
      beyondMargin: null,
      clip: null,
    };
  }

  /** The first report: the pair function has placed its hulls in hullA and hullB (placed.ts), which collideHulls reads. */
  private start(): void {
    const t = this.trace;
    if (t.hulls) return;
    t.hulls = true;
    t.hullA = hullOf(hullA);
    t.hullB = hullOf(hullB);
    t.radius = hullA.radius + hullB.radius;
  }

  private axisOf(owner: number, edge: number, separation: number, vertex: number): TracedAxis {
    const h = owner === 0 ? this.trace.hullA! : this.trace.hullB!;
    return { owner: owner === 0 ? "A" : "B", edge, normal: { ...h.normals[edge]! }, separation, vertex };
  }

  axis(owner: number, edge: number, separation: number, vertex: number): void {
    this.start();
    this.trace.axes.push(this.axisOf(owner, edge, separation, vertex));
  }

  reference(owner: number, face: number, separation: number, vertex: number): void {
    this.trace.reference = this.axisOf(owner, face, separation, vertex);
  }

  apart(face: boolean, distance: number): void {
    const c = closest;
    const id = c.id;
    const x = hullA.ox + c.x;
    const y = hullA.oy + c.y;
    this.trace.apart = {
      via: face ? "face" : "closest",
      distance,
      features: [(id >> 4) & 15, id & 15],
      pointA: { x, y },
      pointB: { x: x + c.nx * distance, y: y + c.ny * distance },
    };
  }

  /** After the call: the axis step 1 stopped at, or, with no manifold and none, the depth that was below −margin. */
  finish(hit: boolean): void {
    const t = this.trace;
    if (hit || !t.hulls) return;
    // collideHulls's test after each axis (s ≥ rA + rB + margin: return), on the last one reported
    const last = t.axes[t.axes.length - 1]!;
    if (last.separation >= t.radius + t.margin) {
      t.separatingAxis = last;
      return;
    }
    if (t.reference === null) return;
    // collideHulls's depth: rA + rB − distance when apart, rA + rB − separation otherwise
    t.beyondMargin = t.radius - (t.apart !== null ? t.apart.distance : t.reference.separation);
  }

  clip(faceA: number, faceB: number): void {
    const k = tangentClip;
    const ox = k.ox;
    const oy = k.oy;
    const points: TracedClip["points"] = [];
    if (k.ends >= 1) points.push({ x: k.xLo, y: k.yLo, depth: k.depthLo });
    if (k.ends === 2) points.push({ x: k.xHi, y: k.yHi, depth: k.depthHi });
    const tangent = { x: -k.ny, y: k.nx };
    const a1 = { x: ox + k.a1x, y: oy + k.a1y };
    const a2 = { x: ox + k.a2x, y: oy + k.a2y };
    const b1 = { x: ox + k.b1x, y: oy + k.b1y };
    const b2 = { x: ox + k.b2x, y: oy + k.b2y };
    let interval: TracedClip["interval"] = null;
    if (points.length > 0) {
      // drawing aid: the clip interval along the tangent, read back from the points, and each face cut to it
      const along = (p: Vec2) => tangent.x * p.x + tangent.y * p.y;
      const lo = along(points[0]!);
      const hi = along(points[points.length - 1]!);
      const cut = (p: Vec2, q: Vec2, at: number): Vec2 => {
        const tp = along(p);
        const tq = along(q);
        const f = tp === tq ? 0 : Math.min(1, Math.max(0, (at - tp) / (tq - tp)));
        return { x: p.x + f * (q.x - p.x), y: p.y + f * (q.y - p.y) };
      };
      interval = { lo, hi, a: [cut(a1, a2, lo), cut(a1, a2, hi)], b: [cut(b1, b2, lo), cut(b1, b2, hi)] };
    }
    const ref = this.trace.reference;
    this.trace.clip = {
      faceA,
      faceB,
      reference: ref === null || ref.owner === "A" ? "A" : "B",
      a1,
      a2,
      b1,
      b2,
      tangent,
      ends: k.ends,
      points,
      interval,
    };
  }
}

const buffer = new ManifoldBuffer();

/**
 * `collide(a, b, margin)`, and how it was built (see `ManifoldTrace`). For
 * teaching and debugging; `collide` itself never records anything.
 */
export function traceManifold(a: Body, b: Body, margin = 0): ManifoldTrace {
  checkShape("a", a);
  checkShape("b", b);
  check.nonNegative("margin", margin);
  const recorder = new Recorder(margin, pairIsSwapped(a, b));
  hullTrace.sink = recorder;
  let hit: boolean;
  try {
    hit = collideInto(a, b, margin, buffer);
  } finally {
    hullTrace.sink = null;
  }
  recorder.finish(hit);
  recorder.trace.manifold = hit ? buffer.toManifold() : null;
  return recorder.trace;
}

/** A hull feature's name: "edge i" (FACE + i) or "vertex i" (VERTEX + i), as PolygonFeature numbers them. */
export function hullFeatureName(feature: number): string {
  return feature >= PolygonFeature.VERTEX ? `vertex ${feature - PolygonFeature.VERTEX}` : `edge ${feature}`;
}
