/**
 * Chain bodies in snapshots (version 7 on) and in a recording's added
 * bodies: part of the snapshot schema, beside geometry.ts (Box, Polygon,
 * Segment) and compound-geometry.ts (Compound). A chain's record (`shape:
 * "chain"`) carries what `new Chain` takes, besides the body options every
 * record has:
 *
 * | field | JSON | binary |
 * |---|---|---|
 * | the polyline | `points` (`[{ x, y }]`, 2 to 4096, a loop 3: the chain's own points, welded as built) | u32 pointCount, u32 flags (bit 0: loop), u32 runCount, u32 0, then pointCount × f64 (x, y) |
 * | `loop` | `loop` (boolean) | flags bit 0 |
 * | the segments' materials | `materials`: runs `[{ count, friction, restitution, isSensor, collisionFilter }]` over the segments in order | runCount × (u32 count, u32 isSensor, f64 friction, restitution, category, mask, group) |
 *
 * The materials are runs because a segment's own setters (`shape.setFriction`
 * ...) can give it a material of its own, which its contacts use: a chain
 * whose segments all have the body's material (the usual case) has one run.
 * A segment's `userData` is not saved.
 *
 * Read from outside, so checked before anything is built: the point count
 * (2 to MAX_CHAIN_POINTS, a loop 3) and the run count (1 to the number of
 * segments) before a number is read, every coordinate finite and within the
 * size limit, every material in its range, the runs covering the segments
 * exactly, the body static or kinematic with no radius, half sizes or
 * one-way direction. Then the chain is rebuilt by `new Chain` (its segments
 * and ghosts are the chain's own) and must keep every point (a snapshot holds
 * the welded points). A body read into again with the same points (a
 * rollback) keeps its segments: nothing is rebuilt.
 */
import type { Body } from "../bodies/body.js";
import { Chain, MAX_CHAIN_POINTS } from "../bodies/chain.js";
import type { ShapeBody } from "../bodies/shape-body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import type { GeometryErrors, GeometrySink, GeometrySource } from "./field.js";
import { jsonNum, jsonNumber, jsonObject, same } from "./geometry-json.js";
import { SHAPE_MATERIAL } from "./compound-geometry.js";

/** Is `b` a chain (its shapes are chain segments)? */
export function isChain(b: Body): boolean {
  return b._shape !== null && b._shape.kind === "chainSegment";
}

// one run of materials: count, friction, restitution, category, mask, group, sensor
const RUN = 7;

/** A chain's record as read (one object serves every read; a second one holds a body's own, to compare). */
class ChainEntry {
  n = 0;
  loop = false;
  runs = 0;
  readonly p = new Float64Array(2 * MAX_CHAIN_POINTS);
  readonly m = new Float64Array(RUN * MAX_CHAIN_POINTS);
}
const read = new ChainEntry();
const own = new ChainEntry();

/** The most bytes one chain's block takes. */
export const MAX_CHAIN_BYTES = 16 + 16 * MAX_CHAIN_POINTS + 48 * MAX_CHAIN_POINTS;

/** Write what chain `b` is into `x`: its points, loop flag and its segments' materials as runs. */
function entryOf(b: Body, x: ChainEntry): void {
  const parts = b._parts!;
  const count = parts.length;
  // the points as given: each part's own segment (the shapes' are placed in the body's frame, which turns a −0 into 0)
  // a loop's last segment closes it back to the first point; an open chain's last one ends at its last point
  // (and their ghosts are each other's points: an open chain's are its end segments continued)
  const first = parts[0]!.segment!;
  const last = parts[count - 1]!.segment!;
  x.loop = count >= 3 && same(last.bx, first.ax) && same(last.by, first.ay) && same(last.g2x, first.bx) && same(last.g2y, first.by) &&
    same(first.g1x, last.ax) && same(first.g1y, last.ay);
  x.n = x.loop ? count : count + 1;
  for (let i = 0; i < count; i++) {
    const g = parts[i]!.segment!;
    x.p[2 * i] = g.ax;
    x.p[2 * i + 1] = g.ay;
  }
  if (!x.loop) {
    x.p[2 * count] = last.bx;
    x.p[2 * count + 1] = last.by;
  }
  let runs = 0;
  const m = x.m;
  for (let i = 0; i < count; i++) {
    const p = parts[i]!;
    const k = RUN * (runs - 1);
    if (runs > 0 && same(m[k + 1]!, p._friction) && same(m[k + 2]!, p._restitution) && m[k + 3] === p._category && m[k + 4] === p._mask &&
      m[k + 5] === p._group && m[k + 6] === (p._isSensor ? 1 : 0)) {
      m[k]!++;
      continue;
    }
    const j = RUN * runs++;
    m[j] = 1;
    m[j + 1] = p._friction;
    m[j + 2] = p._restitution;
    m[j + 3] = p._category;
    m[j + 4] = p._mask;
    m[j + 5] = p._group;
    m[j + 6] = p._isSensor ? 1 : 0;
  }
  x.runs = runs;
}

/** Do `a` and `b` hold the same polyline (what the rebuild derives from)? */
function samePoints(a: ChainEntry, b: ChainEntry): boolean {
  if (a.n !== b.n || a.loop !== b.loop) return false;
  for (let i = 0; i < 2 * a.n; i++) if (!same(a.p[i]!, b.p[i]!)) return false;
  return true;
}

/** When `body` is a chain of `x`'s points already, give it `x`'s materials and say so (nothing to rebuild). */
function keptIfSame(body: Body, x: ChainEntry): boolean {
  if (body._parts === null || !isChain(body)) return false;
  entryOf(body, own);
  if (!samePoints(x, own)) return false;
  setMaterials(body, x);
  return true;
}

/** Give chain `b`'s segments the materials of `x`'s runs. */
function setMaterials(b: Body, x: ChainEntry): void {
  const parts = b._parts!;
  let i = 0;
  for (let r = 0; r < x.runs; r++) {
    const k = RUN * r;
    for (let c = 0; c < x.m[k]!; c++) {
      const p = parts[i++]!;
      p._friction = x.m[k + 1]!;
      p._restitution = x.m[k + 2]!;
      p._category = x.m[k + 3]!;
      p._mask = x.m[k + 4]!;
      p._group = x.m[k + 5]!;
      p._isSensor = x.m[k + 6] === 1;
    }
  }
  for (const p of parts) {
    p._type = b._type;
    p._bullet = b._bullet;
  }
}

// ---------------------------------------------------------------- checks and the rebuild

const L = check.LIMITS;
/** The words of a run after its count: path, range, integer (a compound shape's material words). */
const MATERIAL = SHAPE_MATERIAL;

/** Check the counts as they are read, before anything of the points or runs is. */
function checkCounts(e: GeometryErrors, path: string, n: number, loop: boolean, runs: number): void {
  const need = loop ? 3 : 2;
  if (!(n >= need && n <= MAX_CHAIN_POINTS)) e.fail(`${path}.points must hold ${need} to ${MAX_CHAIN_POINTS} points${loop ? " for a loop" : ""}, got ${n}`);
  const segments = loop ? n : n - 1;
  if (!(runs >= 1 && runs <= segments)) e.fail(`${path}.materials must hold 1 to ${segments} runs (one per run of segments of one material), got ${runs}`);
}

/**
 * Check the record in `read` and give `body` (a blank of kind COMPOUND, its
 * record read) the chain it describes: kept when it has those points already,
 * else rebuilt by `new Chain`.
 */
function install(e: GeometryErrors, path: string, body: Body): void {
  const x = read;
  if (body._radius !== 0 || body._halfLength !== 0 || body._halfWidth !== 0 || body._halfHeight !== 0) {
    e.fail(`${path}: a chain has no radius, halfLength, halfWidth or halfHeight`);
  }
  if (body._type === "dynamic") e.fail(`${path}.type: a Chain has no area, so no mass: it cannot be dynamic`);
  if (body._oneWay !== null) e.fail(`${path}.oneWay: a Chain is one-sided already, it cannot be one-way`);
  for (let i = 0; i < 2 * x.n; i++) {
    const v = x.p[i]!;
    const where = `${path}.points[${i >> 1}].${i & 1 ? "y" : "x"}`;
    if (!Number.isFinite(v)) e.fail(`${where} must be a finite number, got ${v}`);
    if (!(Math.abs(v) <= L.sizeMax)) e.fail(`${where} must be within ${L.sizeMax} m of the body's origin, got ${v}`);
  }
  const segments = x.loop ? x.n : x.n - 1;
  let covered = 0;
  for (let r = 0; r < x.runs; r++) {
    const k = RUN * r;
    const at = `${path}.materials[${r}]`;
    const count = x.m[k]!;
    if (!(Number.isInteger(count) && count >= 1 && count <= segments)) e.fail(`${at}.count must be an integer in [1, ${segments}], got ${count}`);
    covered += count;
    for (let j = 0; j < MATERIAL.length; j++) {
      const [name, lo, hi, int] = MATERIAL[j]!;
      const w = x.m[k + 1 + j]!;
      if (!Number.isFinite(w) || !(w >= lo && w <= hi) || (int && !Number.isInteger(w))) {
        e.fail(`${at}.${name} must be ${int ? "an integer" : "a finite number"} in [${lo}, ${hi}], got ${w}`);
      }
    }
  }
  if (covered !== segments) e.fail(`${path}.materials: the runs cover ${covered} segments, the chain has ${segments}`);
  const mine = body as ShapeBody;
  if (keptIfSame(body, x)) return;
  const points: Vec2[] = [];
  for (let i = 0; i < x.n; i++) points.push({ x: x.p[2 * i]!, y: x.p[2 * i + 1]! });
  let built: ShapeBody | null = null;
  try {
    built = new Chain({ points, loop: x.loop, type: "static" }) as unknown as ShapeBody;
  } catch (err) {
    const message = `${path}.${(err as Error).message.replace(/^capsule2d: /, "")}`;
    if (err instanceof TypeError) e.typeFail(message);
    e.fail(message);
  }
  if (built === null) return;
  entryOf(built, own);
  if (!samePoints(x, own)) {
    e.fail(`${path}.points: ${x.n} points make a chain of ${own.n} (a snapshot holds the chain's own points: none closer than 0.5 mm to the one before)`);
  }
  mine.adoptParts(built, false);
  setMaterials(body, x);
}

// ---------------------------------------------------------------- JSON

/** Write chain `b`'s `points`, `loop` and `materials` into its JSON record `out`. */
export function writeChainJSON(b: Body, out: Record<string, unknown>): void {
  const x = own;
  entryOf(b, x);
  const points = [];
  for (let i = 0; i < x.n; i++) points.push({ x: jsonNumber(x.p[2 * i]!), y: jsonNumber(x.p[2 * i + 1]!) });
  const materials = [];
  for (let r = 0; r < x.runs; r++) {
    const k = RUN * r;
    materials.push({
      count: x.m[k]!,
      friction: x.m[k + 1]!,
      restitution: x.m[k + 2]!,
      isSensor: x.m[k + 6] === 1,
      collisionFilter: { category: x.m[k + 3]!, mask: x.m[k + 4]!, group: x.m[k + 5]! },
    });
  }
  out.points = points;
  out.loop = x.loop;
  out.materials = materials;
}

/** Read and check chain record `record` (at `path`)'s `points`, `loop` and `materials` into `body`. */
export function readChainJSON(e: GeometryErrors, record: Record<string, unknown>, path: string, body: Body): void {
  const x = read;
  const { points, loop, materials } = record;
  if (typeof loop !== "boolean") e.typeFail(`${path}.loop must be a boolean, got ${check.describe(loop)}`);
  if (!Array.isArray(points)) e.typeFail(`${path}.points must be an array of { x, y } points, got ${check.describe(points)}`);
  if (!Array.isArray(materials)) e.typeFail(`${path}.materials must be an array of runs { count, friction, restitution, isSensor, collisionFilter }, got ${check.describe(materials)}`);
  // both lengths checked before a single entry is read: a lying length cannot make anything big
  checkCounts(e, path, points.length, loop, materials.length);
  x.n = points.length;
  x.loop = loop;
  x.runs = materials.length;
  for (let i = 0; i < x.n; i++) {
    const q = jsonObject(e, `${path}.points[${i}]`, points[i]);
    x.p[2 * i] = jsonNum(e, `${path}.points[${i}].x`, q.x);
    x.p[2 * i + 1] = jsonNum(e, `${path}.points[${i}].y`, q.y);
  }
  for (let r = 0; r < x.runs; r++) {
    const at = `${path}.materials[${r}]`;
    const s = jsonObject(e, at, materials[r]);
    const filter = jsonObject(e, `${at}.collisionFilter`, s.collisionFilter);
    if (typeof s.isSensor !== "boolean") e.typeFail(`${at}.isSensor must be a boolean, got ${check.describe(s.isSensor)}`);
    const k = RUN * r;
    x.m[k] = jsonNum(e, `${at}.count`, s.count);
    x.m[k + 1] = jsonNum(e, `${at}.friction`, s.friction);
    x.m[k + 2] = jsonNum(e, `${at}.restitution`, s.restitution);
    x.m[k + 3] = jsonNum(e, `${at}.collisionFilter.category`, filter.category);
    x.m[k + 4] = jsonNum(e, `${at}.collisionFilter.mask`, filter.mask);
    x.m[k + 5] = jsonNum(e, `${at}.collisionFilter.group`, filter.group);
    x.m[k + 6] = s.isSensor ? 1 : 0;
  }
  install(e, path, body);
}

// ---------------------------------------------------------------- binary

/** Bytes of chain `b`'s block. */
export function chainBytes(b: Body): number {
  entryOf(b, own);
  return 16 + 16 * own.n + 48 * own.runs;
}

/** Write chain `b`'s block (see the top of this file). */
export function writeChain(w: GeometrySink, b: Body): void {
  const x = own;
  entryOf(b, x);
  w.u32(x.n);
  w.u32(x.loop ? 1 : 0);
  w.u32(x.runs);
  w.u32(0);
  for (let i = 0; i < 2 * x.n; i++) w.f64(x.p[i]!);
  for (let r = 0; r < x.runs; r++) {
    const k = RUN * r;
    w.u32(x.m[k]!);
    w.u32(x.m[k + 6]!);
    for (let j = 1; j <= 5; j++) w.f64(x.m[k + j]!);
  }
}

/** Read and check a chain's block into `body` (a blank of kind COMPOUND, its record read). */
export function readChain(e: GeometryErrors, r: GeometrySource, path: string, body: Body): void {
  const x = read;
  const n = r.u32();
  const flags = r.u32();
  if (flags > 1) e.fail(`${path}: unknown chain flags ${flags}`);
  const runs = r.u32();
  const pad = r.u32();
  if (pad !== 0) e.fail(`${path}: the word after the run count must be 0, got ${pad}`);
  checkCounts(e, path, n, flags === 1, runs);
  x.n = n;
  x.loop = flags === 1;
  x.runs = runs;
  for (let i = 0; i < 2 * n; i++) x.p[i] = r.f64();
  for (let k = 0; k < RUN * runs; k += RUN) {
    x.m[k] = r.u32();
    const sensor = r.u32();
    if (sensor > 1) e.fail(`${path}.materials[${k / RUN}].isSensor must be 0 or 1, got ${sensor}`);
    x.m[k + 6] = sensor;
    for (let j = 1; j <= 5; j++) x.m[k + j] = r.f64();
  }
  install(e, path, body);
}

/** Give `to` (the user's body) the chain of `from` (a restored record): kept when the points are the same, else copies of `from`'s segments. */
export function copyChain(from: Body, to: Body): void {
  entryOf(from, read);
  if (!keptIfSame(to, read)) (to as ShapeBody).adoptParts(from as ShapeBody, true);
}
