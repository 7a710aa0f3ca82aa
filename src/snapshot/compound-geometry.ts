/**
 * The shapes of Compound bodies in snapshots (version 6 on) and in a
 * recording's added bodies: part of the snapshot schema, beside geometry.ts
 * (the single-shape Box, Polygon and Segment bodies).
 *
 * A compound's record carries its `localCenter` (its centre of mass in the
 * body's frame, absent when it is the origin) and `shapes`, one entry per
 * shape in order, each with its definition as `new Compound` takes it:
 *
 * | field | JSON | binary (after `u32 kind, u32 count`) |
 * |---|---|---|
 * | where | `offset` `{ x, y }`, `angle` | f64 offset.x, offset.y, angle |
 * | material | `density`, `friction`, `restitution`, `isSensor`, `collisionFilter` `{ category, mask, group }` | f64 density, friction, restitution, category, mask, group, isSensor (0 or 1) |
 * | `"circle"` (kind 3, count 1) | `radius` | f64 radius |
 * | `"capsule"` (kind 4, count 1) | `halfLength`, `radius` | f64 halfLength, radius |
 * | `"box"` (kind 0, count 4) | `halfWidth`, `halfHeight`, `radius` | f64 halfWidth, halfHeight, radius |
 * | `"polygon"` (kind 1, count n) | `radius`, `vertices` (`[{ x, y }]`, 3 to 8) | f64 radius, then n × (x, y) |
 * | `"segment"` (kind 2, count 2) | `a`, `b` | f64 a.x, a.y, b.x, b.y |
 *
 * and in JSON each shape's `userData` when it survives JSON. Geometry is in
 * the shape's own frame (a polygon's vertices as its constructor made them:
 * the convex hull). Binary: the block is `u32 shapeCount, u32 flags` (bit 0:
 * a local centre), `f64 localCenter.x, localCenter.y`, then the entries,
 * every one 8-byte aligned.
 *
 * Read from outside, so checked before anything is built: the shape count
 * (1 to MAX_COMPOUND_SHAPES) and each kind and vertex count before a number
 * of it is read, every number finite and in its range (sizes, coordinates,
 * angles, materials, filter bits). Then the compound is rebuilt by the code
 * `new Compound` runs (parts, centre of mass, their poses, mass per unit
 * area) and must come out as saved: each polygon the same vertices bit for
 * bit, the local centre the shapes' centre of mass exactly. A body read into
 * again with the same shapes (a rollback) keeps them: nothing is rebuilt.
 */
import { COMPOUND, type Body } from "../bodies/body.js";
import { buildCompound, MAX_COMPOUND_SHAPES, type ShapeDef } from "../bodies/compound.js";
import type { ShapeBody } from "../bodies/shape-body.js";
import { MAX_POLYGON_VERTICES } from "../shapes/hull.js";
import * as check from "../math/validate.js";
import type { GeometryErrors, GeometrySink, GeometrySource } from "./field.js";
import { jsonNum, jsonNumber, jsonObject, point, same } from "./geometry-json.js";

/** A compound shape entry's `kind`; binary: its index (0 to 2 as in geometry.ts's entries). */
export const PART_KINDS = ["box", "polygon", "segment", "circle", "capsule"] as const;
type PartKind = (typeof PART_KINDS)[number];

// one shape entry in the scratch: STRIDE doubles
const KIND = 0;
const COUNT = 1;
const OX = 2;
const OY = 3;
const ANGLE = 4;
const DENSITY = 5;
const FRICTION = 6;
const RESTITUTION = 7;
const CATEGORY = 8;
const MASK = 9;
const GROUP = 10;
const SENSOR = 11;
/** Where the geometry words start (at most 1 + 2 × 8 of them: a polygon's radius and vertices). */
const G = 12;
const STRIDE = G + 1 + 2 * MAX_POLYGON_VERTICES;
/** The per-shape words after kind and count, in binary (offset, angle, material, filter, sensor). */
const MATERIAL_WORDS = 10;

/** The vertex count each kind must have (a polygon: 3 to 8). */
const COUNT_OF = [4, -1, 2, 1, 1];

/** Geometry words of a shape of this kind and vertex count. */
function geometryWords(kind: number, count: number): number {
  return kind === 0 ? 3 : kind === 1 ? 1 + 2 * count : kind === 2 ? 4 : kind === 3 ? 1 : 2;
}

/** The entries as read (one object serves every read; a second one holds a body's own, to compare). */
class Entries {
  n = 0;
  hasCenter = false;
  cx = 0;
  cy = 0;
  readonly v = new Float64Array(STRIDE * MAX_COMPOUND_SHAPES);
  readonly userData: unknown[] = [];
}
const read = new Entries();
const own = new Entries();

/** The most bytes one compound's block takes. */
export const MAX_COMPOUND_BYTES = 24 + MAX_COMPOUND_SHAPES * (8 + 8 * (MATERIAL_WORDS + 1 + 2 * MAX_POLYGON_VERTICES));

/** Write what body `b` (a compound) is into `x`. */
function entriesOf(b: Body, x: Entries): void {
  const parts = b._parts!;
  const frames = (b as ShapeBody)._compound!.frames;
  x.n = parts.length;
  x.hasCenter = b._lc !== null;
  x.cx = b._lc === null ? 0 : b._lc.x;
  x.cy = b._lc === null ? 0 : b._lc.y;
  const v = x.v;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const s = p._shape!;
    const k = STRIDE * i;
    const kind = PART_KINDS.indexOf(s.kind as PartKind);
    v[k + KIND] = kind;
    v[k + OX] = s.offset.x;
    v[k + OY] = s.offset.y;
    v[k + ANGLE] = s.angle;
    v[k + DENSITY] = p._density;
    v[k + FRICTION] = p._friction;
    v[k + RESTITUTION] = p._restitution;
    v[k + CATEGORY] = p._category;
    v[k + MASK] = p._mask;
    v[k + GROUP] = p._group;
    v[k + SENSOR] = p._isSensor ? 1 : 0;
    const g = k + G;
    if (kind === 0) {
      v[k + COUNT] = 4;
      v[g] = p._halfWidth;
      v[g + 1] = p._halfHeight;
      v[g + 2] = p._radius;
    } else if (kind === 1) {
      const f = frames[i]!;
      v[k + COUNT] = f.count;
      v[g] = f.radius;
      for (let j = 0; j < f.count; j++) {
        v[g + 1 + 2 * j] = f.vx[j]!;
        v[g + 2 + 2 * j] = f.vy[j]!;
      }
    } else if (kind === 2) {
      const q = p.segment!;
      v[k + COUNT] = 2;
      v[g] = q.ax;
      v[g + 1] = q.ay;
      v[g + 2] = q.bx;
      v[g + 3] = q.by;
    } else if (kind === 3) {
      v[k + COUNT] = 1;
      v[g] = p._radius;
    } else {
      v[k + COUNT] = 1;
      v[g] = p._halfLength;
      v[g + 1] = p._radius;
    }
    x.userData[i] = p.userData;
  }
}

/** Do `a` and `b` describe the same shapes (geometry, place, density and centre: what the rebuild derives from)? */
function sameShapes(a: Entries, b: Entries): boolean {
  if (a.n !== b.n || a.hasCenter !== b.hasCenter || !same(a.cx, b.cx) || !same(a.cy, b.cy)) return false;
  for (let i = 0; i < a.n; i++) {
    const k = STRIDE * i;
    if (a.v[k + KIND] !== b.v[k + KIND] || a.v[k + COUNT] !== b.v[k + COUNT]) return false;
    if (!same(a.v[k + OX]!, b.v[k + OX]!) || !same(a.v[k + OY]!, b.v[k + OY]!)) return false;
    if (!same(a.v[k + ANGLE]!, b.v[k + ANGLE]!) || !same(a.v[k + DENSITY]!, b.v[k + DENSITY]!)) return false;
    const words = geometryWords(a.v[k + KIND]!, a.v[k + COUNT]!);
    for (let j = 0; j < words; j++) if (!same(a.v[k + G + j]!, b.v[k + G + j]!)) return false;
  }
  return true;
}

/** Give the parts of `b` the materials, sensor flags, filters (and, from JSON, user data) of `x`. */
function setMaterials(b: Body, x: Entries, userData: boolean): void {
  const parts = b._parts!;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const k = STRIDE * i;
    p._friction = x.v[k + FRICTION]!;
    p._restitution = x.v[k + RESTITUTION]!;
    p._category = x.v[k + CATEGORY]!;
    p._mask = x.v[k + MASK]!;
    p._group = x.v[k + GROUP]!;
    p._isSensor = x.v[k + SENSOR] === 1;
    if (userData) p.userData = x.userData[i];
  }
}

// ---------------------------------------------------------------- checks and the rebuild

const L = check.LIMITS;
/** The words OX .. SENSOR of an entry: each one's path (JSON and messages), its range and whether it is an integer. */
const MATERIAL: readonly (readonly [string, number, number, boolean])[] = [
  ["offset.x", -L.sizeMax, L.sizeMax, false],
  ["offset.y", -L.sizeMax, L.sizeMax, false],
  ["angle", -L.angle, L.angle, false],
  ["density", 0, L.massMax, false],
  ["friction", 0, L.friction, false],
  ["restitution", 0, L.restitution, false],
  ["collisionFilter.category", 0, 0xffffffff, true],
  ["collisionFilter.mask", 0, 0xffffffff, true],
  ["collisionFilter.group", -0x80000000, 0x7fffffff, true],
  ["isSensor", 0, 1, true],
];
/** The material words of a shape (friction, restitution, filter, sensor): MATERIAL from friction on (chain-geometry.ts's runs hold them too). */
export const SHAPE_MATERIAL = MATERIAL.slice(4);
/** Each kind's geometry words (from G): each one's path and least value (the most: sizeMax). A polygon's vertices follow its radius. */
const GEOMETRY: readonly (readonly (readonly [string, number])[])[] = [
  [["halfWidth", L.sizeMin], ["halfHeight", L.sizeMin], ["radius", 0]],
  [["radius", 0]],
  [["a.x", -L.sizeMax], ["a.y", -L.sizeMax], ["b.x", -L.sizeMax], ["b.y", -L.sizeMax]],
  [["radius", L.sizeMin]],
  [["halfLength", 0], ["radius", L.sizeMin]],
];

function inRange(e: GeometryErrors, where: string, v: number, lo: number, hi: number): void {
  if (!Number.isFinite(v)) e.fail(`${where} must be a finite number, got ${v}`);
  if (!(v >= lo && v <= hi)) e.fail(`${where} must be in [${lo}, ${hi}], got ${v}`);
}

/** Check every number of entry i (the count was checked as it was read). */
function checkEntry(e: GeometryErrors, at: string, x: Entries, i: number): void {
  const v = x.v;
  const k = STRIDE * i;
  for (let j = 0; j < MATERIAL.length; j++) {
    const [name, lo, hi, int] = MATERIAL[j]!;
    const w = v[k + OX + j]!;
    if (int && !(Number.isInteger(w) && w >= lo && w <= hi)) e.fail(`${at}.${name} must be an integer in [${lo}, ${hi}], got ${w}`);
    inRange(e, `${at}.${name}`, w, lo, hi);
  }
  const kind = v[k + KIND]!;
  const geometry = GEOMETRY[kind]!;
  for (let j = 0; j < geometry.length; j++) inRange(e, `${at}.${geometry[j]![0]}`, v[k + G + j]!, geometry[j]![1], L.sizeMax);
  if (kind === 1) {
    for (let j = 0; j < 2 * v[k + COUNT]!; j++) inRange(e, `${at}.vertices[${j >> 1}].${j & 1 ? "y" : "x"}`, v[k + G + 1 + j]!, -L.sizeMax, L.sizeMax);
  }
}

/** Set `o`'s value at the dotted `path` (objects made on the way). */
function setPath(o: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  for (let i = 0; i < keys.length - 1; i++) o = (o[keys[i]!] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]!] = value;
}

/** The shape definition of entry i, for `new Compound` (numbers as `f` gives them: plain, or as JSON writes them). */
function defOf(x: Entries, i: number, f: (v: number) => unknown = (v) => v): Record<string, unknown> {
  const v = x.v;
  const k = STRIDE * i;
  const kind = v[k + KIND]!;
  const out: Record<string, unknown> = { shape: PART_KINDS[kind] };
  for (let j = 0; j < MATERIAL.length; j++) setPath(out, MATERIAL[j]![0], j === SENSOR - OX ? v[k + SENSOR] === 1 : f(v[k + OX + j]!));
  const geometry = GEOMETRY[kind]!;
  for (let j = 0; j < geometry.length; j++) setPath(out, geometry[j]![0], f(v[k + G + j]!));
  if (kind === 1) {
    const vertices = [];
    for (let j = 0; j < v[k + COUNT]!; j++) vertices.push({ x: f(v[k + G + 1 + 2 * j]!), y: f(v[k + G + 2 + 2 * j]!) });
    out.vertices = vertices;
  }
  return out;
}

/**
 * Check the entries in `read` and give `body` (a blank compound, its record
 * read) the compound they describe: kept when it has those shapes already,
 * else rebuilt by `new Compound` and compared with what was saved.
 */
function install(e: GeometryErrors, path: string, body: Body, userData: boolean): void {
  const x = read;
  if (body._radius !== 0 || body._halfLength !== 0 || body._halfWidth !== 0 || body._halfHeight !== 0) {
    e.fail(`${path}: a compound has no radius, halfLength, halfWidth or halfHeight (its shapes have them)`);
  }
  if (body._oneWay !== null) e.fail(`${path}.oneWay: a compound cannot be one-way`);
  for (let i = 0; i < x.n; i++) checkEntry(e, `${path}.shapes[${i}]`, x, i);
  if (x.hasCenter) {
    inRange(e, `${path}.localCenter.x`, x.cx, -L.sizeMax, L.sizeMax);
    inRange(e, `${path}.localCenter.y`, x.cy, -L.sizeMax, L.sizeMax);
  }
  const mine = body as ShapeBody;
  // (a blank that was a chain is rebuilt: chain-geometry.ts)
  if (mine._parts !== null && !isChainBody(body)) {
    entriesOf(body, own);
    if (sameShapes(x, own)) {
      setMaterials(body, x, userData);
      for (const p of mine._parts) {
        p._type = body._type;
        p._bullet = body._bullet;
      }
      return;
    }
  }
  const shapes: ShapeDef[] = [];
  for (let i = 0; i < x.n; i++) shapes.push({ ...defOf(x, i), userData: x.userData[i] } as unknown as ShapeDef);
  let built: ShapeBody | null = null;
  try {
    // static: the record holds the mass (checked against the shapes by bodyRecordProblem); a dynamic
    // compound still needs a shape with area
    built = buildCompound({ type: "static", shapes });
  } catch (err) {
    const message = `${path}.${(err as Error).message.replace(/^capsule2d: /, "")}`;
    if (err instanceof TypeError) e.typeFail(message);
    e.fail(message);
  }
  if (built === null) return;
  if (body._type === "dynamic" && !(built._compound!.area > 0)) e.fail(`${path}.type: a dynamic compound needs a shape with area (segments have none)`);
  entriesOf(built, own);
  for (let i = 0; i < x.n; i++) {
    const k = STRIDE * i;
    if (x.v[k + COUNT] !== own.v[k + COUNT]) e.fail(`${path}.shapes[${i}].vertices: ${x.v[k + COUNT]} points make a convex polygon of ${own.v[k + COUNT]} vertices (a snapshot holds the polygon's own vertices)`);
  }
  if (!sameShapes(x, own)) {
    for (let i = 0; i < x.n; i++) {
      const k = STRIDE * i;
      const words = geometryWords(x.v[k + KIND]!, x.v[k + COUNT]!);
      for (let j = 0; j < words; j++) {
        if (!same(x.v[k + G + j]!, own.v[k + G + j]!)) e.fail(`${path}.shapes[${i}]: the shape comes out of its constructor otherwise (a snapshot holds the shape as built: the polygon's convex hull)`);
      }
    }
    e.fail(`${path}.localCenter (${x.hasCenter ? `${x.cx}, ${x.cy}` : "absent"}) is not the shapes' centre of mass (${own.hasCenter ? `${own.cx}, ${own.cy}` : "the origin"})`);
  }
  mine.adoptParts(built, false);
  setMaterials(body, x, userData);
}

// ---------------------------------------------------------------- JSON

/** userData if it survives JSON (else absent). */
function jsonValue(value: unknown): { ok: boolean; value?: unknown } {
  if (value === undefined) return { ok: false };
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { ok: false } : { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Write compound `b`'s `localCenter` and `shapes` into its JSON record `out`. */
export function writeCompoundJSON(b: Body, out: Record<string, unknown>): void {
  const x = own;
  entriesOf(b, x);
  if (x.hasCenter) out.localCenter = point(x.cx, x.cy);
  const shapes: Record<string, unknown>[] = [];
  for (let i = 0; i < x.n; i++) {
    const s = defOf(x, i, jsonNumber);
    s.kind = s.shape;
    delete s.shape;
    const u = jsonValue(x.userData[i]);
    if (u.ok) s.userData = u.value;
    shapes.push(s);
  }
  x.userData.length = 0;
  out.shapes = shapes;
}

/** The value at the dotted `path` of a JSON value (undefined when a step is not an object). */
function getPath(o: unknown, path: string): unknown {
  for (const key of path.split(".")) o = o !== null && typeof o === "object" ? (o as Record<string, unknown>)[key] : undefined;
  return o;
}

/** Read and check compound record `record` (at `path`)'s `shapes` and `localCenter` into `body`. */
export function readCompoundJSON(e: GeometryErrors, record: Record<string, unknown>, path: string, body: Body): void {
  const shapes = record.shapes;
  if (!Array.isArray(shapes)) e.typeFail(`${path}.shapes must be an array (a compound body's shapes), got ${check.describe(shapes)}`);
  if (shapes.length < 1 || shapes.length > MAX_COMPOUND_SHAPES) e.fail(`${path}.shapes must hold 1 to ${MAX_COMPOUND_SHAPES} shapes, got ${shapes.length}`);
  const x = read;
  x.n = shapes.length;
  x.userData.length = 0;
  const v = x.v;
  for (let i = 0; i < x.n; i++) {
    const at = `${path}.shapes[${i}]`;
    const s = jsonObject(e, at, shapes[i]);
    const kind = PART_KINDS.indexOf(s.kind as PartKind);
    if (kind < 0) e.typeFail(`${at}.kind must be one of ${PART_KINDS.map((k) => JSON.stringify(k)).join(", ")}, got ${check.describe(s.kind)}`);
    const k = STRIDE * i;
    v[k + KIND] = kind;
    for (let j = 0; j < MATERIAL.length; j++) {
      const name = MATERIAL[j]![0];
      const raw = getPath(s, name);
      if (j === SENSOR - OX) {
        if (typeof raw !== "boolean") e.typeFail(`${at}.isSensor must be a boolean, got ${check.describe(raw)}`);
        v[k + SENSOR] = raw ? 1 : 0;
      } else v[k + OX + j] = jsonNum(e, `${at}.${name}`, raw);
    }
    const geometry = GEOMETRY[kind]!;
    for (let j = 0; j < geometry.length; j++) v[k + G + j] = jsonNum(e, `${at}.${geometry[j]![0]}`, getPath(s, geometry[j]![0]));
    v[k + COUNT] = COUNT_OF[kind]!;
    if (kind === 1) {
      const vertices = s.vertices;
      if (!Array.isArray(vertices)) e.typeFail(`${at}.vertices must be an array of { x, y } points, got ${check.describe(vertices)}`);
      if (vertices.length < 3 || vertices.length > MAX_POLYGON_VERTICES) e.fail(`${at}.vertices must hold 3 to ${MAX_POLYGON_VERTICES} points, got ${vertices.length}`);
      v[k + COUNT] = vertices.length;
      for (let j = 0; j < vertices.length; j++) {
        const q = jsonObject(e, `${at}.vertices[${j}]`, vertices[j]);
        v[k + G + 1 + 2 * j] = jsonNum(e, `${at}.vertices[${j}].x`, q.x);
        v[k + G + 2 + 2 * j] = jsonNum(e, `${at}.vertices[${j}].y`, q.y);
      }
    }
    x.userData[i] = s.userData;
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
  try {
    install(e, path, body, true);
  } finally {
    x.userData.length = 0;
    own.userData.length = 0;
  }
}

// ---------------------------------------------------------------- binary

/** Bytes of compound `b`'s block. */
export function compoundBytes(b: Body): number {
  const parts = b._parts!;
  const frames = (b as ShapeBody)._compound!.frames;
  let bytes = 24;
  for (let i = 0; i < parts.length; i++) {
    const kind = PART_KINDS.indexOf(parts[i]!._shape!.kind as PartKind);
    bytes += 8 + 8 * (MATERIAL_WORDS + geometryWords(kind, kind === 1 ? frames[i]!.count : 0));
  }
  return bytes;
}

/** Write compound `b`'s block (see the top of this file). */
export function writeCompound(w: GeometrySink, b: Body): void {
  const x = own;
  entriesOf(b, x);
  x.userData.length = 0;
  w.u32(x.n);
  w.u32(x.hasCenter ? 1 : 0);
  w.f64(x.cx);
  w.f64(x.cy);
  const v = x.v;
  for (let i = 0; i < x.n; i++) {
    const k = STRIDE * i;
    w.u32(v[k + KIND]!);
    w.u32(v[k + COUNT]!);
    for (let j = OX; j < G; j++) w.f64(v[k + j]!);
    const words = geometryWords(v[k + KIND]!, v[k + COUNT]!);
    for (let j = 0; j < words; j++) w.f64(v[k + G + j]!);
  }
}


/** Read and check a compound's block into `body` (a blank compound, its record read). `userData`: the parts lose theirs. */
export function readCompound(e: GeometryErrors, r: GeometrySource, path: string, body: Body): void {
  const x = read;
  const n = r.u32();
  // checked before a single entry is read: a lying count cannot make anything big
  if (n < 1 || n > MAX_COMPOUND_SHAPES) e.fail(`${path}.shapes must hold 1 to ${MAX_COMPOUND_SHAPES} shapes, got a count of ${n}`);
  const flags = r.u32();
  if (flags > 1) e.fail(`${path}: unknown geometry flags ${flags}`);
  x.hasCenter = flags === 1;
  x.cx = r.f64();
  x.cy = r.f64();
  if (!x.hasCenter && (x.cx !== 0 || x.cy !== 0 || Object.is(x.cx, -0) || Object.is(x.cy, -0))) e.fail(`${path}.localCenter: none, but (${x.cx}, ${x.cy}) written`);
  x.n = n;
  x.userData.length = 0;
  const v = x.v;
  for (let i = 0; i < n; i++) {
    const at = `${path}.shapes[${i}]`;
    const k = STRIDE * i;
    const kind = r.u32();
    if (kind >= PART_KINDS.length) e.typeFail(`${at}.kind has unknown value ${kind}`);
    const count = r.u32();
    if (kind === 1 ? count < 3 || count > MAX_POLYGON_VERTICES : count !== COUNT_OF[kind]) {
      e.fail(kind === 1 ? `${at}.vertices must hold 3 to ${MAX_POLYGON_VERTICES} points, got a count of ${count}` : `${at}: a ${PART_KINDS[kind]} has a count of ${COUNT_OF[kind]}, got ${count}`);
    }
    v[k + KIND] = kind;
    v[k + COUNT] = count;
    for (let j = OX; j < G; j++) v[k + j] = r.f64();
    const words = geometryWords(kind, count);
    for (let j = 0; j < words; j++) v[k + G + j] = r.f64();
    x.userData[i] = undefined;
  }
  try {
    install(e, path, body, true);
  } finally {
    x.userData.length = 0;
    own.userData.length = 0;
  }
}

/** Give `to` (the user's compound) the shapes of `from` (a restored record): kept when they are the same, else copies of `from`'s parts. */
export function copyCompound(from: Body, to: Body): void {
  entriesOf(from, read);
  const target = to as ShapeBody;
  if (target._parts !== null && !isChainBody(to)) {
    entriesOf(to, own);
    if (sameShapes(read, own)) {
      setMaterials(to, read, false);
      read.userData.length = 0;
      own.userData.length = 0;
      for (const p of target._parts) {
        p._type = to._type;
        p._bullet = to._bullet;
      }
      return;
    }
  }
  read.userData.length = 0;
  own.userData.length = 0;
  target.adoptParts(from as ShapeBody, true);
}

/** Is `b` a chain (a body of kind COMPOUND whose record is chain-geometry.ts's)? */
function isChainBody(b: Body): boolean {
  return b._shape !== null && b._shape.kind === "chainSegment";
}

/** Is `b` a compound (the kind whose record carries this block)? */
export function isCompound(b: Body): boolean {
  return b._kind === COMPOUND;
}
