/**
 * Shapes for the polygon narrowphase tests: placed polygons and segments,
 * circle/capsule/AABB bodies, their reference form (polygon-reference.ts),
 * and the pair functions under test behind one `collidePair(a, b, margin)`.
 */
import { AABB, Capsule, Circle } from "../../src/entries/capsule2d.js";
import type { Body } from "../../src/bodies/body.js";
import type { Vec2 } from "../../src/math/vec2.js";
import { ManifoldBuffer, type Manifold } from "../../src/collision/narrowphase/manifold.js";
import type { PolygonGeometry, SegmentGeometry } from "../../src/shapes/polygon.js";
import {
  hullA,
  hullB,
  placeBox,
  placeCapsule,
  placeCircle,
  placePolygon,
  placeSegment,
  type PlacedPolygon,
  type PlacedSegment,
  type WorldHull,
} from "../../src/collision/narrowphase/placed.js";
import { collideHulls } from "../../src/collision/narrowphase/hull-hull.js";
import { collidePolygons } from "../../src/collision/narrowphase/polygon-polygon.js";
import { collidePolygonCircle } from "../../src/collision/narrowphase/polygon-circle.js";
import { collidePolygonCapsule } from "../../src/collision/narrowphase/polygon-capsule.js";
import { collidePolygonBox } from "../../src/collision/narrowphase/polygon-aabb.js";
import {
  collideCapsuleSegment,
  collideCircleSegment,
  collidePolygonSegment,
  collideSegmentBox,
  collideSegments,
} from "../../src/collision/narrowphase/segment-shapes.js";
import type { RefShape } from "./polygon-reference.js";

export type Shape =
  | { kind: "polygon"; s: PlacedPolygon }
  | { kind: "segment"; s: PlacedSegment }
  | { kind: "circle"; s: Circle }
  | { kind: "capsule"; s: Capsule }
  | { kind: "box"; s: AABB };

export function placed(polygon: PolygonGeometry, x: number, y: number, angle = 0): Shape {
  return { kind: "polygon", s: { px: x, py: y, qc: Math.cos(angle), qs: Math.sin(angle), polygon, _halfWidth: 0, _halfHeight: 0, _radius: polygon.radius } };
}

export function placedSegment(segment: SegmentGeometry, x: number, y: number, angle = 0): Shape {
  return { kind: "segment", s: { px: x, py: y, qc: Math.cos(angle), qs: Math.sin(angle), segment } };
}

export const circle = (x: number, y: number, radius: number): Shape => ({ kind: "circle", s: new Circle({ position: { x, y }, radius }) });
export const capsule = (x: number, y: number, halfLength: number, radius: number, angle = 0): Shape => ({
  kind: "capsule",
  s: new Capsule({ position: { x, y }, halfLength, radius, angle }),
});
export const aabb = (x: number, y: number, halfWidth: number, halfHeight: number): Shape => ({
  kind: "box",
  s: new AABB({ position: { x, y }, halfWidth, halfHeight }),
});

/** World-space vertices of a placed polygon (or segment). */
export function worldVertices(sh: Shape): Vec2[] {
  if (sh.kind === "polygon") {
    const { px, py, qc, qs, polygon: g } = sh.s;
    const out: Vec2[] = [];
    for (let i = 0; i < g.count; i++) out.push({ x: px + qc * g.vx[i]! - qs * g.vy[i]!, y: py + qs * g.vx[i]! + qc * g.vy[i]! });
    return out;
  }
  if (sh.kind === "segment") {
    const { px, py, qc, qs, segment: g } = sh.s;
    return [
      { x: px + qc * g.ax - qs * g.ay, y: py + qs * g.ax + qc * g.ay },
      { x: px + qc * g.bx - qs * g.by, y: py + qs * g.bx + qc * g.by },
    ];
  }
  throw new Error("not a polygon or segment");
}

/** The reference form: core vertices and radius. */
export function ref(sh: Shape): RefShape {
  switch (sh.kind) {
    case "polygon":
      return { core: worldVertices(sh), radius: sh.s.polygon.radius };
    case "segment":
      return { core: worldVertices(sh), radius: 0 };
    case "circle":
      return { core: [{ x: sh.s.position.x, y: sh.s.position.y }], radius: sh.s.radius };
    case "capsule": {
      const [a, b] = sh.s.endpoints;
      return { core: sh.s.halfLength === 0 ? [a] : [a, b], radius: sh.s.radius };
    }
    case "box": {
      const { x, y } = sh.s.position;
      const hw = sh.s.halfWidth;
      const hh = sh.s.halfHeight;
      return { core: [{ x: x - hw, y: y - hh }, { x: x + hw, y: y - hh }, { x: x + hw, y: y + hh }, { x: x - hw, y: y + hh }], radius: 0 };
    }
  }
}

export function positionOf(sh: Shape): Vec2 {
  return sh.kind === "polygon" || sh.kind === "segment" ? { x: sh.s.px, y: sh.s.py } : { x: sh.s.position.x, y: sh.s.position.y };
}

export function moveTo(sh: Shape, x: number, y: number): void {
  if (sh.kind === "polygon" || sh.kind === "segment") {
    sh.s.px = x;
    sh.s.py = y;
  } else {
    (sh.s as Body).setPosition({ x, y });
  }
}

const buffer = new ManifoldBuffer();

type Fn = (a: never, b: never, out: ManifoldBuffer) => boolean;

/** The pair function for (a, b), in its own order: [fn, swapped] (swapped: call fn(b, a) and negate). */
function pairFunction(a: Shape, b: Shape): [Fn, boolean] | null {
  const k = `${a.kind}-${b.kind}`;
  const table: Record<string, Fn> = {
    "polygon-polygon": collidePolygons as Fn,
    "polygon-circle": collidePolygonCircle as Fn,
    "polygon-capsule": collidePolygonCapsule as Fn,
    "polygon-box": collidePolygonBox as Fn,
    "polygon-segment": collidePolygonSegment as Fn,
    "circle-segment": collideCircleSegment as Fn,
    "capsule-segment": collideCapsuleSegment as Fn,
    "segment-box": collideSegmentBox as Fn,
    "segment-segment": collideSegments as Fn,
  };
  if (table[k]) return [table[k]!, false];
  const r = `${b.kind}-${a.kind}`;
  if (table[r]) return [table[r]!, true];
  return null;
}

/** collide(a, b, margin) for the new pairs: a fresh Manifold or null (a reversed pair has its normal negated). */
export function collidePair(a: Shape, b: Shape, margin = 0): Manifold | null {
  const entry = pairFunction(a, b);
  if (entry === null) throw new Error(`no pair function for ${a.kind}-${b.kind}`);
  const [fn, swapped] = entry;
  buffer.count = 0;
  buffer.margin = margin;
  buffer.maskA = 0;
  buffer.maskB = 0;
  const hit = swapped ? fn(b.s as never, a.s as never, buffer) : fn(a.s as never, b.s as never, buffer);
  if (!hit) return null;
  const m = buffer.toManifold()!;
  if (swapped) m.normal = { x: -m.normal.x, y: -m.normal.y };
  return m;
}

function place(h: WorldHull, sh: Shape): void {
  if (sh.kind === "polygon") placePolygon(h, sh.s);
  else if (sh.kind === "segment") placeSegment(h, sh.s);
  else if (sh.kind === "circle") placeCircle(h, sh.s);
  else if (sh.kind === "capsule") placeCapsule(h, sh.s);
  else placeBox(h, sh.s);
}

/** The general hull routine on (a, b) in this order, whatever their kinds (for symmetry checks). */
export function collideAsHulls(a: Shape, b: Shape, margin = 0): Manifold | null {
  const o = positionOf(a);
  hullA.ox = o.x;
  hullA.oy = o.y;
  hullB.ox = o.x;
  hullB.oy = o.y;
  place(hullA, a);
  place(hullB, b);
  buffer.count = 0;
  buffer.margin = margin;
  buffer.maskA = 0;
  buffer.maskB = 0;
  return collideHulls(hullA, hullB, buffer) ? buffer.toManifold() : null;
}
