/**
 * Tiled's objects as shapes, and shapes as static bodies: a tile's collision
 * shapes (the `objectgroup` of a tile in its tileset) and the objects of
 * object layers.
 *
 * Two steps, so that a malformed file is an error and a shape that cannot be
 * made is a warning:
 * 1. `readObject` checks an object's fields (a field of the wrong type is a
 *    TypeError/RangeError naming it) and gives its shape in pixels, y down,
 *    with its rotation applied (`PixShape`), or a warning for what it cannot
 *    make (text, tile objects, templates, empty rectangles).
 * 2. `shapeBodies` turns a shape into bodies in world coordinates: an
 *    axis-aligned rectangle an `AABB`, a rotated one a `Box`, a round
 *    ellipse a `Circle` and another an 8-sided `Polygon`, a convex polygon
 *    a `Polygon`, a concave one its convex pieces (src/shapes/decompose.ts):
 *    for an object one `Compound` of them (unless it is one-way, which a
 *    compound cannot be), for a tile's collision shape a `Polygon` each; a
 *    polyline a `Chain` solid on its upper side (the default, `polylines:
 *    "chains"`: its points taken right to left, since a chain collides on
 *    the right of its segments; a one-way polyline stays segments), or with
 *    `polylines: "segments"` one `Segment` per edge. A body the engine refuses (a piece too small, a
 *    degenerate polygon) becomes a warning.
 *
 * Pixels to world: x' = origin.x + x / ppm, y' = origin.y − y / ppm (Tiled's
 * y points down, the world's up). A clockwise rotation of `r` degrees on
 * screen is an angle of −r (in radians) in the world. Sines and cosines come
 * from src/math/deterministic.ts (the same bits in every engine), and
 * multiples of 90° are exact.
 */
import { AABB } from "../bodies/aabb.js";
import type { Body, BodyOptions } from "../bodies/body.js";
import { Box } from "../bodies/box.js";
import { Circle } from "../bodies/circle.js";
import { Compound } from "../bodies/compound.js";
import { Polygon } from "../bodies/polygon.js";
import { Segment } from "../bodies/segment.js";
import { Chain } from "../bodies/chain.js";
import { deterministicCos, deterministicSin } from "../math/deterministic.js";
import * as check from "../math/validate.js";
import type { Vec2 } from "../math/vec2.js";
import { decomposeOutline } from "../shapes/decompose.js";

/** A shape in pixels (y down), its rotation applied. */
export type PixShape =
  | { t: "rect"; x: number; y: number; w: number; h: number }
  | { t: "ellipse"; x: number; y: number; w: number; h: number }
  | { t: "box"; cx: number; cy: number; hw: number; hh: number; rot: number }
  | { t: "poly"; pts: Vec2[] }
  | { t: "line"; pts: Vec2[] };

/** What `readObject` found. */
export type ReadObject =
  | { t: "shape"; shape: PixShape }
  | { t: "point"; x: number; y: number }
  | { t: "skip"; why: string };

/** The most points a polygon or polyline may have (a drawn outline has tens). */
export const MAX_POINTS = 4096;

/** cos and sin of `deg` degrees: exact for multiples of 90. */
function cosSin(deg: number): [number, number] {
  const q = deg / 90;
  if (Number.isInteger(q)) {
    const k = ((q % 4) + 4) % 4;
    return [[1, 0, -1, 0][k]!, [0, 1, 0, -1][k]!];
  }
  const r = (deg * Math.PI) / 180;
  return [deterministicCos(r), deterministicSin(r)];
}

function optionalNumber(name: string, v: unknown, fallback: number): number {
  return v === undefined ? fallback : check.finite(name, v);
}

/** The points of `o.polygon` / `o.polyline`, relative to the object's (x, y). */
function readPoints(name: string, v: unknown): Vec2[] {
  if (!Array.isArray(v)) throw new TypeError(`capsule2d: ${name} must be an array of { x, y } points, got ${check.describe(v)}`);
  if (v.length > MAX_POINTS) throw new RangeError(`capsule2d: ${name} has ${v.length} points, more than ${MAX_POINTS}`);
  const out: Vec2[] = [];
  for (let i = 0; i < v.length; i++) {
    const p = v[i] as Record<string, unknown>;
    if (p === null || typeof p !== "object") throw new TypeError(`capsule2d: ${name}[${i}] must be an { x, y } point, got ${check.describe(p)}`);
    out.push({ x: check.finite(`${name}[${i}].x`, p.x), y: check.finite(`${name}[${i}].y`, p.y) });
  }
  return out;
}

/**
 * An object's shape in pixels (`o.x`, `o.y` added, rotation applied), a
 * point, or why it is skipped. `name` names the object in errors, e.g.
 * "map.layers[1].objects[4]".
 */
export function readObject(name: string, o: Record<string, unknown>): ReadObject {
  const x = optionalNumber(`${name}.x`, o.x, 0);
  const y = optionalNumber(`${name}.y`, o.y, 0);
  const rot = optionalNumber(`${name}.rotation`, o.rotation, 0);
  const w = o.width === undefined ? 0 : check.nonNegative(`${name}.width`, o.width);
  const h = o.height === undefined ? 0 : check.nonNegative(`${name}.height`, o.height);
  if (o.template !== undefined) return { t: "skip", why: "an object template (not read: save the map with templates detached)" };
  if (o.gid !== undefined) return { t: "skip", why: "a tile object (not made into a body)" };
  if (o.text !== undefined) return { t: "skip", why: "a text object (no shape)" };
  const [c, s] = cosSin(rot);
  const turn = (px: number, py: number): Vec2 => ({ x: x + c * px - s * py, y: y + s * px + c * py });
  if (o.point === true) return { t: "point", x, y };
  if (o.polygon !== undefined) {
    const pts = readPoints(`${name}.polygon`, o.polygon);
    if (pts.length < 3) return { t: "skip", why: `a polygon of ${pts.length} points` };
    return { t: "shape", shape: { t: "poly", pts: pts.map((p) => turn(p.x, p.y)) } };
  }
  if (o.polyline !== undefined) {
    const pts = readPoints(`${name}.polyline`, o.polyline);
    if (pts.length < 2) return { t: "skip", why: `a polyline of ${pts.length} points` };
    return { t: "shape", shape: { t: "line", pts: pts.map((p) => turn(p.x, p.y)) } };
  }
  if (w === 0 || h === 0) return { t: "skip", why: `a${o.ellipse === true ? "n ellipse" : " rectangle"} of size ${w} × ${h}` };
  if (o.ellipse === true) {
    if (s === 0 && c === 1) return { t: "shape", shape: { t: "ellipse", x, y, w, h } };
    if (w === h) {
      const ctr = turn(w / 2, h / 2);
      return { t: "shape", shape: { t: "ellipse", x: ctr.x - w / 2, y: ctr.y - h / 2, w, h } };
    }
    return { t: "shape", shape: { t: "poly", pts: ellipsePoints(w / 2, h / 2).map((p) => turn(w / 2 + p.x, h / 2 + p.y)) } };
  }
  if (s === 0 && c === 1) return { t: "shape", shape: { t: "rect", x, y, w, h } };
  const ctr = turn(w / 2, h / 2);
  return { t: "shape", shape: { t: "box", cx: ctr.x, cy: ctr.y, hw: w / 2, hh: h / 2, rot } };
}

/** Eight points on an ellipse of half axes a, b about (0, 0) (their order does not matter: the polygon is their hull). */
function ellipsePoints(a: number, b: number): Vec2[] {
  const r = Math.SQRT1_2;
  return [
    { x: a, y: 0 }, { x: a * r, y: b * r }, { x: 0, y: b }, { x: -a * r, y: b * r },
    { x: -a, y: 0 }, { x: -a * r, y: -b * r }, { x: 0, y: -b }, { x: a * r, y: -b * r },
  ];
}

/**
 * `shape` with a tile's flip flags applied, in a tile of `tw × th` pixels:
 * the diagonal flip (swap x and y) first, then the horizontal and vertical
 * ones, as Tiled draws them. A rotated rectangle becomes a polygon.
 */
export function flipShape(shape: PixShape, flipH: boolean, flipV: boolean, flipD: boolean, tw: number, th: number): PixShape {
  if (!flipH && !flipV && !flipD) return shape;
  const W = flipD ? th : tw;
  const H = flipD ? tw : th;
  const f = (p: Vec2): Vec2 => {
    let x = flipD ? p.y : p.x;
    let y = flipD ? p.x : p.y;
    if (flipH) x = W - x;
    if (flipV) y = H - y;
    return { x, y };
  };
  switch (shape.t) {
    case "rect":
    case "ellipse": {
      const a = f({ x: shape.x, y: shape.y });
      const b = f({ x: shape.x + shape.w, y: shape.y + shape.h });
      return { t: shape.t, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
    }
    case "box":
      return { t: "poly", pts: boxCorners(shape).map(f) };
    case "poly":
    case "line":
      return { t: shape.t, pts: shape.pts.map(f) };
  }
}

function boxCorners(b: { cx: number; cy: number; hw: number; hh: number; rot: number }): Vec2[] {
  const [c, s] = cosSin(b.rot);
  return [
    [-1, -1], [1, -1], [1, 1], [-1, 1],
  ].map(([u, v]) => ({ x: b.cx + c * u! * b.hw - s * v! * b.hh, y: b.cy + s * u! * b.hw + c * v! * b.hh }));
}

/** Where pixel shapes go: world x = ox + (dx + px)·k, y = oy − (dy + py)·k. */
export interface Placement {
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  /** Metres per pixel. */
  k: number;
  /**
   * A tile's cell, for a tile as large as a cell: a point on the cell's edge
   * (px 0 or w, py 0 or h) is put at exactly the cell's edge in the world,
   * the number the whole tiles beside it have (seams link equal edges only).
   */
  cell?: { x0: number; x1: number; y0: number; y1: number; w: number; h: number };
}

/** The world x of pixel x `px` placed `at`. */
export function placeX(at: Placement, px: number): number {
  const c = at.cell;
  if (c !== undefined) {
    if (px === 0) return c.x0;
    if (px === c.w) return c.x1;
  }
  return at.ox + (at.dx + px) * at.k;
}

/** The world y of pixel y `py` placed `at` (Tiled's y points down). */
export function placeY(at: Placement, py: number): number {
  const c = at.cell;
  if (c !== undefined) {
    if (py === 0) return c.y0;
    if (py === c.h) return c.y1;
  }
  return at.oy - (at.dy + py) * at.k;
}

type StaticOptions = Omit<BodyOptions, "position" | "angle" | "type">;

/**
 * The static bodies of `shape` at `at`, with `options` (material, sensor,
 * label, user data). What the engine refuses is pushed to `warnings` as
 * "`what`: the reason", and makes no body. With `whole` (an object), a
 * concave polygon is one Compound of its convex pieces; with `chains`, a
 * polyline is one Chain.
 */
export function shapeBodies(shape: PixShape, at: Placement, options: StaticOptions, what: string, warnings: string[], whole = false, chains = false): Body[] {
  const X = (px: number): number => placeX(at, px);
  const Y = (py: number): number => placeY(at, py);
  const o = { ...options, type: "static" as const };
  const out: Body[] = [];
  const attempt = (make: () => Body, part = ""): void => {
    try {
      out.push(make());
    } catch (e) {
      if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
      warnings.push(`${what}${part}: not made (${e.message.replace(/^capsule2d: /, "")})`);
    }
  };
  switch (shape.t) {
    case "rect":
      attempt(() => AABB.fromBounds({ x: X(shape.x), y: Y(shape.y + shape.h) }, { x: X(shape.x + shape.w), y: Y(shape.y) }, o));
      break;
    case "ellipse": {
      const cx = shape.x + shape.w / 2;
      const cy = shape.y + shape.h / 2;
      const position = { x: X(cx), y: Y(cy) };
      if (shape.w === shape.h) attempt(() => new Circle({ ...o, position, radius: (shape.w / 2) * at.k }));
      else attempt(() => new Polygon({ ...o, position, vertices: ellipsePoints((shape.w / 2) * at.k, (shape.h / 2) * at.k) }));
      break;
    }
    case "box":
      attempt(() => new Box({ ...o, position: { x: X(shape.cx), y: Y(shape.cy) }, halfWidth: shape.hw * at.k, halfHeight: shape.hh * at.k, angle: -(shape.rot * Math.PI) / 180 }));
      break;
    case "poly": {
      // the body's origin is the first point; its vertices are given from there
      const position = { x: X(shape.pts[0]!.x), y: Y(shape.pts[0]!.y) };
      const local = shape.pts.map((p) => ({ x: (p.x - shape.pts[0]!.x) * at.k, y: -(p.y - shape.pts[0]!.y) * at.k }));
      let pieces: Vec2[][];
      try {
        pieces = decomposeOutline(local);
      } catch (e) {
        if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
        warnings.push(`${what}: a polygon not made (${e.message.replace(/^capsule2d: /, "")})`);
        break;
      }
      // an object's concave polygon: one body of its pieces (a compound cannot be one-way: then a body each)
      if (whole && pieces.length > 1 && (o.oneWay === undefined || o.oneWay === null)) {
        try {
          out.push(new Compound({ ...o, position, shapes: pieces.map((vertices) => ({ shape: "polygon" as const, vertices })) }));
          break;
        } catch (e) {
          if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
          // a piece the engine refuses: the pieces one by one below, the refused ones warned about
        }
      }
      pieces.forEach((vertices, i) => attempt(() => new Polygon({ ...o, position, vertices }), pieces.length > 1 ? ` (convex piece ${i})` : ""));
      break;
    }
    case "line": {
      const pts = shape.pts;
      const position = { x: X(pts[0]!.x), y: Y(pts[0]!.y) };
      if (chains && (o.oneWay === undefined || o.oneWay === null)) {
        // a chain, solid on its upper side: drawn left to right, its points are taken right to left, since a
        // chain's segments collide on the right of their direction (ends at the same x: the order as drawn)
        const local = pts.map((p) => ({ x: (p.x - pts[0]!.x) * at.k, y: -(p.y - pts[0]!.y) * at.k }));
        if (local[local.length - 1]!.x > 0) local.reverse();
        attempt(() => new Chain({ ...o, position, points: local }));
        break;
      }
      // a segment per edge (polylines: "segments"; and a one-way polyline: a chain is not one-way)
      for (let i = 0; i + 1 < pts.length; i++) {
        const a = { x: (pts[i]!.x - pts[0]!.x) * at.k, y: -(pts[i]!.y - pts[0]!.y) * at.k };
        const b = { x: (pts[i + 1]!.x - pts[0]!.x) * at.k, y: -(pts[i + 1]!.y - pts[0]!.y) * at.k };
        attempt(() => new Segment({ ...o, position, a, b }), ` (segment ${i})`);
      }
      break;
    }
  }
  return out;
}
