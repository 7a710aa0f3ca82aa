/**
 * The geometry of Box, Polygon and Segment bodies in snapshots (version 5
 * on), and in a recording's added bodies: part of the snapshot schema
 * (schema.ts), for the fields a fixed-size record cannot hold.
 *
 * A body of these kinds carries a list of one shape (a Compound's list,
 * with each entry's offset, angle and material, is read and written by
 * src/snapshot/compound-geometry.ts, which the functions here hand it to) and, when its centre of mass is not its origin, its
 * `localCenter` (body frame). Each shape entry names its `kind` and its
 * geometry in the body's frame:
 *
 * | kind | JSON | binary (after `u32 kind, u32 count`) |
 * |---|---|---|
 * | `"box"` | `halfWidth`, `halfHeight`, `radius` | count 4; f64 halfWidth, halfHeight, radius |
 * | `"polygon"` | `radius`, `vertices` and `normals` (`[{ x, y }]`, 3 to 8) | count n; f64 radius, then n × (x, y, nx, ny) |
 * | `"segment"` | `a`, `b` (`{ x, y }`) | count 2; f64 a.x, a.y, b.x, b.y |
 *
 * In JSON the list is the body record's `shapes` and the centre its
 * `localCenter` (absent when it is the origin). In binary every such body
 * (in body order) has a block after the joint records: `u32 shapeCount,
 * u32 flags` (bit 0: a local centre), `f64 localCenter.x, localCenter.y`
 * (0 when none), then its entries; all of it 8-byte aligned.
 *
 * Read from outside, so checked before it is used: counts first (a vertex
 * count outside 3..8 is refused before anything is read), every number
 * finite and within the size limits, then the shape is rebuilt by the code
 * its constructor runs (`makeBox`, `makePolygon`, which welds and takes the
 * convex hull, `makeSegment`) and must come out the same: the same vertices
 * bit for bit, normals that are the edges' outward unit normals (within
 * 1e-9; they are kept as saved: a regular polygon's come from its angles),
 * the local centre the polygon's centroid exactly (or, when absent, a
 * centroid within 1e-9 of the size of the origin: boxes and regular
 * polygons), the body record's `radius`, `halfWidth` and `halfHeight` the
 * shape's, and a segment body never dynamic.
 */
import { COMPOUND, POLYGON, SEGMENT, type Body } from "../bodies/body.js";
import type { ShapeBody } from "../bodies/shape-body.js";
import type { ShapeKindName } from "../bodies/shape.js";
import { polygonMass } from "../shapes/mass.js";
import { makeBox, makePolygon, makeSegment, PolygonGeometry, SegmentGeometry } from "../shapes/polygon.js";
import { MAX_POLYGON_VERTICES } from "../shapes/hull.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import type { GeometryErrors, GeometrySink, GeometrySource } from "./field.js";
import { jsonNum, jsonNumber, jsonObject, point, same } from "./geometry-json.js";
import { compoundBytes, copyCompound, MAX_COMPOUND_BYTES, readCompound, readCompoundJSON, writeCompound, writeCompoundJSON } from "./compound-geometry.js";
import { chainBytes, copyChain, isChain, readChain, readChainJSON, writeChain, writeChainJSON } from "./chain-geometry.js";

export type { GeometryErrors, GeometrySink, GeometrySource } from "./field.js";
export { MAX_COMPOUND_BYTES } from "./compound-geometry.js";
export { MAX_CHAIN_BYTES } from "./chain-geometry.js";

/** `shapes[i].kind` of a snapshot; binary: its index. */
export const SHAPE_ENTRY_KINDS = ["box", "polygon", "segment"] as const;
/** The most shapes a Box's, Polygon's or Segment's list holds in a snapshot (a Compound's: src/snapshot/compound-geometry.ts). */
export const MAX_SHAPES_PER_BODY = 1;
/** Normals may differ from the edges' by this much (a regular polygon's come from its angles). */
const NORMAL_TOLERANCE = 1e-9;

/** Does a body of this kind carry a shapes list (a Box, Polygon, Segment or, version 6 on, a Compound; version 7 on, a Chain's points)? */
export function hasGeometry(b: Body): boolean {
  return b._kind >= POLYGON && b._kind <= COMPOUND;
}

// ---------------------------------------------------------------- one entry, read and checked

/** A shape entry as read (one object serves every read). */
class Entry {
  kind = 0;
  count = 0;
  radius = 0;
  halfWidth = 0;
  halfHeight = 0;
  /** Per vertex x, y, nx, ny (a segment: a.x, a.y, b.x, b.y). */
  readonly v = new Float64Array(4 * MAX_POLYGON_VERTICES);
  hasCenter = false;
  cx = 0;
  cy = 0;
}
const entry = new Entry();


function coordinate(e: GeometryErrors, where: string, v: number): number {
  if (!Number.isFinite(v)) e.fail(`${where} must be a finite number, got ${v}`);
  if (!(Math.abs(v) <= check.LIMITS.sizeMax)) e.fail(`${where} must be within ${check.LIMITS.sizeMax} m of the body's origin, got ${v}`);
  return v;
}

function sizeOf(e: GeometryErrors, where: string, v: number, min: number): number {
  if (!Number.isFinite(v)) e.fail(`${where} must be a finite number, got ${v}`);
  if (!(v >= min && v <= check.LIMITS.sizeMax)) e.fail(`${where} must be in [${min}, ${check.LIMITS.sizeMax}], got ${v}`);
  return v;
}

/**
 * Rebuild the shape of `entry` by its constructor's code, compare, and give
 * it to `body` (a blank ShapeBody of the record's kind, its fields read).
 * `shape` is the record's `shape` name.
 */
function install(e: GeometryErrors, path: string, shape: string, body: Body): void {
  const x = entry;
  const kindName = SHAPE_ENTRY_KINDS[x.kind]!;
  const at = `${path}.shapes[0]`;
  if (kindName !== shape) e.fail(`${at}.kind ${JSON.stringify(kindName)} is not the body's shape ${JSON.stringify(shape)}`);
  if (body._halfLength !== 0) e.fail(`${path}.halfLength: a ${shape} has no halfLength, got ${body._halfLength}`);
  // a blank read into again (a rollback restores the same bodies again and again): when the entry is, bit for
  // bit, the geometry it holds (built and checked by an earlier read), keep it: nothing to rebuild or allocate
  if (installed(body, kindName)) return;
  let frame: PolygonGeometry | null = null;
  let seg: SegmentGeometry | null = null;
  if (kindName === "segment") {
    if (body._type === "dynamic") e.fail(`${path}.type: a segment has no area, so no mass: it cannot be dynamic`);
    if (x.hasCenter) e.fail(`${path}.localCenter: a segment turns about its origin`);
    if (body._radius !== 0 || body._halfWidth !== 0 || body._halfHeight !== 0) e.fail(`${path}: a segment has no radius, halfWidth or halfHeight`);
    const ax = coordinate(e, `${at}.a.x`, x.v[0]!);
    const ay = coordinate(e, `${at}.a.y`, x.v[1]!);
    const bx = coordinate(e, `${at}.b.x`, x.v[2]!);
    const by = coordinate(e, `${at}.b.y`, x.v[3]!);
    try {
      seg = makeSegment({ x: ax, y: ay }, { x: bx, y: by });
    } catch (err) {
      e.fail(`${at}: ${(err as Error).message.replace(/^capsule2d: /, "")}`);
    }
  } else {
    const radius = sizeOf(e, `${at}.radius`, x.radius, 0);
    if (!same(body._radius, radius)) e.fail(`${path}.radius ${body._radius} is not its shape's radius ${radius}`);
    if (kindName === "box") {
      const hw = sizeOf(e, `${at}.halfWidth`, x.halfWidth, check.LIMITS.sizeMin);
      const hh = sizeOf(e, `${at}.halfHeight`, x.halfHeight, check.LIMITS.sizeMin);
      if (!same(body._halfWidth, hw) || !same(body._halfHeight, hh)) {
        e.fail(`${path}.halfWidth and halfHeight (${body._halfWidth}, ${body._halfHeight}) are not its box's (${hw}, ${hh})`);
      }
      if (x.hasCenter) e.fail(`${path}.localCenter: a box turns about its centre`);
      frame = makeBox(hw, hh, { radius });
    } else {
      if (body._halfWidth !== 0 || body._halfHeight !== 0) e.fail(`${path}: a polygon has no halfWidth or halfHeight`);
      const n = x.count;
      const points: Vec2[] = [];
      for (let i = 0; i < n; i++) {
        points.push({ x: coordinate(e, `${at}.vertices[${i}].x`, x.v[4 * i]!), y: coordinate(e, `${at}.vertices[${i}].y`, x.v[4 * i + 1]!) });
      }
      try {
        frame = makePolygon(points, radius);
      } catch (err) {
        e.fail(`${at}.vertices: ${(err as Error).message.replace(/^capsule2d: /, "")}`);
      }
      if (frame.count !== n) e.fail(`${at}.vertices: ${n} points make a convex polygon of ${frame.count} vertices (a snapshot holds the polygon's own vertices)`);
      for (let i = 0; i < n; i++) {
        if (!same(frame.vx[i]!, points[i]!.x) || !same(frame.vy[i]!, points[i]!.y)) {
          e.fail(`${at}.vertices: the points do not make the same convex polygon (vertex ${i} comes out (${frame.vx[i]}, ${frame.vy[i]}), not (${points[i]!.x}, ${points[i]!.y}))`);
        }
      }
      for (let i = 0; i < n; i++) {
        const nx = x.v[4 * i + 2]!;
        const ny = x.v[4 * i + 3]!;
        if (!(Math.abs(nx - frame.nx[i]!) <= NORMAL_TOLERANCE && Math.abs(ny - frame.ny[i]!) <= NORMAL_TOLERANCE)) {
          e.fail(`${at}.normals[${i}] (${nx}, ${ny}) is not the outward unit normal of edge ${i} (${frame.nx[i]}, ${frame.ny[i]})`);
        }
      }
      // kept as saved (bit for bit what the body had), once known to be right
      for (let i = 0; i < n; i++) {
        frame.nx[i] = x.v[4 * i + 2]!;
        frame.ny[i] = x.v[4 * i + 3]!;
      }
    }
  }
  let lc: Readonly<Vec2> | null = null;
  if (frame !== null) {
    const c = polygonMass(frame, 1).centroid;
    if (x.hasCenter) {
      if (!same(x.cx, c.x) || !same(x.cy, c.y) || (x.cx === 0 && x.cy === 0)) {
        e.fail(`${path}.localCenter (${x.cx}, ${x.cy}) is not the polygon's centre of mass (${c.x}, ${c.y})`);
      }
      lc = Object.freeze({ x: x.cx, y: x.cy });
    } else {
      let far = 0;
      for (let i = 0; i < frame.count; i++) far = Math.max(far, Math.abs(frame.vx[i]!), Math.abs(frame.vy[i]!));
      if (!(Math.abs(c.x) <= 1e-9 * far && Math.abs(c.y) <= 1e-9 * far)) {
        e.fail(`${path}.localCenter is missing: the polygon's centre of mass is (${c.x}, ${c.y}), not its origin`);
      }
    }
  }
  (body as ShapeBody).restoreGeometry(kindName as ShapeKindName, frame, seg, lc);
}

/**
 * Is `entry` the geometry `body` already has, with the record's fields (read
 * into `body`) agreeing with it? (Then it passed every check of `install`.)
 */
function installed(body: Body, kind: string): boolean {
  const x = entry;
  const s = body._shape;
  if (s === null || s.kind !== kind) return false;
  const lc = body._lc;
  if (x.hasCenter ? lc === null || !same(lc.x, x.cx) || !same(lc.y, x.cy) : lc !== null) return false;
  if (kind === "segment") {
    const g = s._segment!;
    return body._type !== "dynamic" && body._radius === 0 && body._halfWidth === 0 && body._halfHeight === 0 &&
      same(g.ax, x.v[0]!) && same(g.ay, x.v[1]!) && same(g.bx, x.v[2]!) && same(g.by, x.v[3]!);
  }
  const g = s._frame!;
  if (!same(g.radius, x.radius) || !same(body._radius, x.radius)) return false;
  if (kind === "box") {
    // makeBox(hw, hh) puts vertex 1 at (hw, −hh) and vertex 2 at (hw, hh), exactly
    return same(body._halfWidth, x.halfWidth) && same(body._halfHeight, x.halfHeight) && same(g.vx[1]!, x.halfWidth) && same(g.vy[2]!, x.halfHeight);
  }
  if (body._halfWidth !== 0 || body._halfHeight !== 0 || g.count !== x.count) return false;
  const v = x.v;
  for (let i = 0; i < g.count; i++) {
    if (!same(g.vx[i]!, v[4 * i]!) || !same(g.vy[i]!, v[4 * i + 1]!) || !same(g.nx[i]!, v[4 * i + 2]!) || !same(g.ny[i]!, v[4 * i + 3]!)) return false;
  }
  return true;
}

// ---------------------------------------------------------------- JSON

/** Write `b`'s `localCenter` and `shapes` into its JSON record `out`. */
export function writeGeometryJSON(b: Body, out: Record<string, unknown>): void {
  if (isChain(b)) return writeChainJSON(b, out);
  if (b._kind === COMPOUND) return writeCompoundJSON(b, out);
  const s = b._shape!;
  if (b._lc !== null) out.localCenter = point(b._lc.x, b._lc.y);
  if (s.kind === "segment") {
    const g = s._segment!;
    out.shapes = [{ kind: "segment", a: point(g.ax, g.ay), b: point(g.bx, g.by) }];
  } else if (s.kind === "box") {
    out.shapes = [{ kind: "box", halfWidth: b._halfWidth, halfHeight: b._halfHeight, radius: jsonNumber(b._radius) }];
  } else {
    const g = s._frame!;
    const vertices = [];
    const normals = [];
    for (let i = 0; i < g.count; i++) {
      vertices.push(point(g.vx[i]!, g.vy[i]!));
      normals.push(point(g.nx[i]!, g.ny[i]!));
    }
    out.shapes = [{ kind: "polygon", radius: jsonNumber(g.radius), vertices, normals }];
  }
}

function jsonPoints(e: GeometryErrors, where: string, raw: unknown, count: number, at: number): void {
  if (!Array.isArray(raw)) e.typeFail(`${where} must be an array of { x, y } points, got ${check.describe(raw)}`);
  if (raw.length !== count) e.fail(`${where} has ${raw.length} points, the vertices ${count}`);
  for (let i = 0; i < count; i++) {
    const p = jsonObject(e, `${where}[${i}]`, raw[i]);
    entry.v[4 * i + at] = jsonNum(e, `${where}[${i}].x`, p.x);
    entry.v[4 * i + at + 1] = jsonNum(e, `${where}[${i}].y`, p.y);
  }
}

/** Read and check the `shapes` and `localCenter` of JSON body record `record` (at `path`) into `body`. */
export function readGeometryJSON(e: GeometryErrors, record: Record<string, unknown>, path: string, shape: string, body: Body): void {
  if (shape === "chain") return readChainJSON(e, record, path, body);
  if (body._kind === COMPOUND) return readCompoundJSON(e, record, path, body);
  const shapes = record.shapes;
  if (!Array.isArray(shapes)) e.typeFail(`${path}.shapes must be an array (a ${shape} body's shapes), got ${check.describe(shapes)}`);
  if (shapes.length < 1 || shapes.length > MAX_SHAPES_PER_BODY) e.fail(`${path}.shapes must hold ${MAX_SHAPES_PER_BODY} shape, got ${shapes.length}`);
  const at = `${path}.shapes[0]`;
  const s = jsonObject(e, at, shapes[0]);
  const kind = SHAPE_ENTRY_KINDS.indexOf(s.kind as (typeof SHAPE_ENTRY_KINDS)[number]);
  if (kind < 0) e.typeFail(`${at}.kind must be one of ${SHAPE_ENTRY_KINDS.map((k) => JSON.stringify(k)).join(", ")}, got ${check.describe(s.kind)}`);
  const x = entry;
  x.kind = kind;
  x.radius = 0;
  x.halfWidth = 0;
  x.halfHeight = 0;
  if (kind === 0) {
    x.count = 4;
    x.halfWidth = jsonNum(e, `${at}.halfWidth`, s.halfWidth);
    x.halfHeight = jsonNum(e, `${at}.halfHeight`, s.halfHeight);
    x.radius = jsonNum(e, `${at}.radius`, s.radius);
  } else if (kind === 1) {
    x.radius = jsonNum(e, `${at}.radius`, s.radius);
    const vertices = s.vertices;
    if (!Array.isArray(vertices)) e.typeFail(`${at}.vertices must be an array of { x, y } points, got ${check.describe(vertices)}`);
    if (vertices.length < 3 || vertices.length > MAX_POLYGON_VERTICES) e.fail(`${at}.vertices must hold 3 to ${MAX_POLYGON_VERTICES} points, got ${vertices.length}`);
    x.count = vertices.length;
    jsonPoints(e, `${at}.vertices`, vertices, x.count, 0);
    jsonPoints(e, `${at}.normals`, s.normals, x.count, 2);
  } else {
    x.count = 2;
    const a = jsonObject(e, `${at}.a`, s.a);
    const b = jsonObject(e, `${at}.b`, s.b);
    x.v[0] = jsonNum(e, `${at}.a.x`, a.x);
    x.v[1] = jsonNum(e, `${at}.a.y`, a.y);
    x.v[2] = jsonNum(e, `${at}.b.x`, b.x);
    x.v[3] = jsonNum(e, `${at}.b.y`, b.y);
  }
  x.hasCenter = record.localCenter !== undefined;
  if (x.hasCenter) {
    const c = jsonObject(e, `${path}.localCenter`, record.localCenter);
    x.cx = jsonNum(e, `${path}.localCenter.x`, c.x);
    x.cy = jsonNum(e, `${path}.localCenter.y`, c.y);
  } else {
    x.cx = 0;
    x.cy = 0;
  }
  install(e, path, shape, body);
}

// ---------------------------------------------------------------- binary


/** Bytes of `b`'s geometry block (0 for circles, capsules and AABBs). */
export function geometryBytes(b: Body): number {
  if (!hasGeometry(b)) return 0;
  if (isChain(b)) return chainBytes(b);
  if (b._kind === COMPOUND) return compoundBytes(b);
  const s = b._shape!;
  return 24 + 8 + (s.kind === "polygon" ? 8 + 32 * s._frame!.count : s.kind === "box" ? 24 : 32);
}

/** The most bytes one body's geometry block takes. */
export const MAX_GEOMETRY_BYTES = 24 + MAX_SHAPES_PER_BODY * (8 + 8 + 32 * MAX_POLYGON_VERTICES);

/** Write `b`'s geometry block (see the top of this file). */
export function writeGeometry(w: GeometrySink, b: Body): void {
  if (isChain(b)) return writeChain(w, b);
  if (b._kind === COMPOUND) return writeCompound(w, b);
  const s = b._shape!;
  const lc = b._lc;
  w.u32(1);
  w.u32(lc !== null ? 1 : 0);
  w.f64(lc !== null ? lc.x : 0);
  w.f64(lc !== null ? lc.y : 0);
  if (s.kind === "segment") {
    const g = s._segment!;
    w.u32(2);
    w.u32(2);
    w.f64(g.ax);
    w.f64(g.ay);
    w.f64(g.bx);
    w.f64(g.by);
  } else if (s.kind === "box") {
    w.u32(0);
    w.u32(4);
    w.f64(b._halfWidth);
    w.f64(b._halfHeight);
    w.f64(b._radius);
  } else {
    const g = s._frame!;
    w.u32(1);
    w.u32(g.count);
    w.f64(g.radius);
    for (let i = 0; i < g.count; i++) {
      w.f64(g.vx[i]!);
      w.f64(g.vy[i]!);
      w.f64(g.nx[i]!);
      w.f64(g.ny[i]!);
    }
  }
}

/** Read and check a geometry block (see the top of this file) into `body`, a blank of the record's kind. */
export function readGeometry(e: GeometryErrors, r: GeometrySource, path: string, shape: string, body: Body): void {
  if (shape === "chain") return readChain(e, r, path, body);
  if (body._kind === COMPOUND) return readCompound(e, r, path, body);
  const shapes = r.u32();
  if (shapes < 1 || shapes > MAX_SHAPES_PER_BODY) e.fail(`${path}.shapes must hold ${MAX_SHAPES_PER_BODY} shape, got ${shapes}`);
  const flags = r.u32();
  if (flags > 1) e.fail(`${path}: unknown geometry flags ${flags}`);
  const x = entry;
  x.hasCenter = flags === 1;
  x.cx = r.f64();
  x.cy = r.f64();
  if (!x.hasCenter && (x.cx !== 0 || x.cy !== 0 || Object.is(x.cx, -0) || Object.is(x.cy, -0))) e.fail(`${path}.localCenter: none, but (${x.cx}, ${x.cy}) written`);
  if (x.hasCenter) {
    coordinate(e, `${path}.localCenter.x`, x.cx);
    coordinate(e, `${path}.localCenter.y`, x.cy);
  }
  const at = `${path}.shapes[0]`;
  const kind = r.u32();
  if (kind >= SHAPE_ENTRY_KINDS.length) e.typeFail(`${at}.kind has unknown value ${kind}`);
  const count = r.u32();
  x.kind = kind;
  x.count = count;
  x.radius = 0;
  x.halfWidth = 0;
  x.halfHeight = 0;
  if (kind === 0) {
    if (count !== 4) e.fail(`${at}: a box has 4 vertices, got a count of ${count}`);
    x.halfWidth = r.f64();
    x.halfHeight = r.f64();
    x.radius = r.f64();
  } else if (kind === 1) {
    // checked before a single vertex is read: a lying count cannot make anything big
    if (count < 3 || count > MAX_POLYGON_VERTICES) e.fail(`${at}.vertices must hold 3 to ${MAX_POLYGON_VERTICES} points, got a count of ${count}`);
    x.radius = r.f64();
    for (let i = 0; i < 4 * count; i++) x.v[i] = r.f64();
  } else {
    if (count !== 2) e.fail(`${at}: a segment has 2 ends, got a count of ${count}`);
    for (let i = 0; i < 4; i++) x.v[i] = r.f64();
  }
  install(e, path, shape, body);
}

/** A bounded cursor over a DataView (little-endian), for a snapshot's geometry blocks. */
export class DataCursor implements GeometrySink, GeometrySource {
  view: DataView = new DataView(new ArrayBuffer(0));
  at = 0;
  end = 0;
  private onEnd: () => never = () => {
    throw new RangeError("capsule2d: invalid snapshot: truncated geometry");
  };

  /** Read or write `view` from `at` to `end`; a read past `end` calls `onEnd`. */
  reset(view: DataView, at: number, end: number, onEnd?: () => never): this {
    this.view = view;
    this.at = at;
    this.end = end;
    if (onEnd !== undefined) this.onEnd = onEnd;
    return this;
  }

  u32(v?: number): number {
    if (this.at + 4 > this.end) this.onEnd();
    if (v !== undefined) this.view.setUint32(this.at, v, true);
    else v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(v?: number): number {
    if (this.at + 8 > this.end) this.onEnd();
    if (v !== undefined) this.view.setFloat64(this.at, v, true);
    else v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
}

/** Give `to` (the user's body, same kind) the geometry of `from` (a restored record): geometry is never changed in place, so it is shared. */
export function copyGeometry(from: Body, to: Body): void {
  if (isChain(from)) copyChain(from, to);
  else if (from._kind === COMPOUND) copyCompound(from, to);
  else if (hasGeometry(from)) (to as ShapeBody).copyGeometry(from as ShapeBody);
}
