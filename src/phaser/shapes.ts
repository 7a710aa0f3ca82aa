/**
 * Every shape of a body traced into a Phaser `Graphics` (duck-typed), through
 * a frame: an affine map from the body's frame (metres, y up) to the
 * graphics' pixels, X = a·x + b·y + tx, Y = c·x + d·y + ty. `BodySprites`
 * draws a body once in its own frame (the game object is then moved and
 * turned); `PhaserDebugDraw` draws every body each frame in scene pixels at
 * its interpolated pose. The shape is told apart by `shape.kind` ("circle",
 * "capsule", "aabb", "box", "polygon", "segment"; a compound's shapes each
 * with its own); a kind this file does not know and that has vertices is
 * drawn as the line through them.
 *
 * No trigonometry per frame: the rounded parts (capsule caps, a rounded
 * polygon's corners) are polylines of fixed directions, and a compound
 * shape's turn and a polygon's outline are computed once per shape and kept.
 */
import type { BodyLike, BodyStyle, GraphicsLike, PointLike, ShapeLike } from "./types.js";

/** The affine map from a body's frame (m, y up) to pixels. */
export interface Frame {
  a: number;
  b: number;
  c: number;
  d: number;
  tx: number;
  ty: number;
}

/** cos and sin of −90°, −67.5°, …, +90° (a half circle in 8 pieces), written out: no Math.cos. */
const HALF_COS = [0, 0.3826834323650898, 0.7071067811865476, 0.9238795325112867, 1, 0.9238795325112867, 0.7071067811865476, 0.3826834323650898, 0];
const HALF_SIN = [-1, -0.9238795325112867, -0.7071067811865476, -0.3826834323650898, 0, 0.3826834323650898, 0.7071067811865476, 0.9238795325112867, 1];

/** What is kept per shape: the outline of a box or polygon (x, y pairs, its rounding included), a capsule's or box's turn. */
interface Kept {
  /** radius, halfLength, halfWidth, halfHeight, m (fixed when the shape is made; read once, not through getters each frame). */
  r: number;
  hl: number;
  hw: number;
  hh: number;
  outline: Float64Array | null;
  /** A segment's ends (ax, ay, bx, by), or null. */
  ends: Float64Array | null;
  cos: number;
  sin: number;
}

/** Per-shape geometry that does not change (a shape's frame geometry is fixed when it is made). */
export class ShapeCache {
  private readonly kept = new WeakMap<object, Kept>();

  /** The shape's kept numbers, made on first use. */
  of(shape: ShapeLike): Kept {
    let k = this.kept.get(shape);
    if (k === undefined) {
      const angle = shape.angle;
      k = { r: shape.radius, hl: shape.halfLength, hw: shape.halfWidth, hh: shape.halfHeight, outline: null, ends: null, cos: angle === 0 ? 1 : Math.cos(angle), sin: angle === 0 ? 0 : Math.sin(angle) };
      if (shape.kind === "box" || shape.kind === "polygon") k.outline = outlineOf(shape.vertices, shape.normals, shape.radius);
      const a = shape.a;
      const b = shape.b;
      if (a !== null && b !== null) k.ends = Float64Array.of(a.x, a.y, b.x, b.y);
      this.kept.set(shape, k);
    }
    return k;
  }
}

/** A polygon's outline, each corner of a rounded one as 3 points (the two edge normals and their bisector, pushed out by r). */
function outlineOf(vertices: readonly PointLike[], normals: readonly PointLike[], r: number): Float64Array {
  const n = vertices.length;
  if (!(r > 0) || normals.length !== n) {
    const out = new Float64Array(2 * n);
    vertices.forEach((v, i) => {
      out[2 * i] = v.x;
      out[2 * i + 1] = v.y;
    });
    return out;
  }
  const out = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const v = vertices[i]!;
    const p = normals[(i + n - 1) % n]!; // the edge into vertex i
    const q = normals[i]!; // the edge out of it
    let mx = p.x + q.x;
    let my = p.y + q.y;
    const len = Math.sqrt(mx * mx + my * my);
    if (len > 1e-12) {
      mx /= len;
      my /= len;
    } else {
      mx = q.x;
      my = q.y;
    }
    out[6 * i] = v.x + r * p.x;
    out[6 * i + 1] = v.y + r * p.y;
    out[6 * i + 2] = v.x + r * mx;
    out[6 * i + 3] = v.y + r * my;
    out[6 * i + 4] = v.x + r * q.x;
    out[6 * i + 5] = v.y + r * q.y;
  }
  return out;
}


/**
 * Draw every shape of `body` into `g` through `frame` (scale: pixels per
 * metre of the frame), filled and outlined as `style` says. Circles get a
 * radius line and capsules a line to the front cap, so turning shows.
 */
export function drawShapes(g: GraphicsLike, body: BodyLike, frame: Frame, scale: number, style: BodyStyle, cache: ShapeCache): void {
  const fill = style.fill;
  const stroke = style.stroke ?? null;
  if (fill !== null) g.fillStyle(fill, style.fillAlpha ?? 1);
  if (stroke !== null) g.lineStyle(style.lineWidth ?? 1, stroke, style.strokeAlpha ?? 1);
  const shapes = body.shapes;
  for (let i = 0; i < shapes.length; i++) {
    const shape = shapes[i]!;
    drawShape(g, shape, frame, scale, fill !== null, stroke !== null, cache, fill);
  }
}

function drawShape(g: GraphicsLike, shape: ShapeLike, f: Frame, scale: number, fill: boolean, stroke: boolean, cache: ShapeCache, fillColor: number | null): void {
  const kind = shape.kind;
  const o = shape.offset;
  const fa = f.a;
  const fb = f.b;
  const fc = f.c;
  const fd = f.d;
  const ftx = f.tx;
  const fty = f.ty;
  const k = cache.of(shape);
  if (kind === "circle") {
    const x = fa * o.x + fb * o.y + ftx;
    const y = fc * o.x + fd * o.y + fty;
    const r = k.r * scale;
    if (fill) g.fillCircle(x, y, r);
    if (stroke) {
      g.strokeCircle(x, y, r);
      // the radius line along the body's x axis (rotation shows)
      const rr = k.r;
      g.beginPath();
      g.moveTo(x, y);
      g.lineTo(fa * (o.x + rr) + fb * (o.y) + ftx, fc * (o.x + rr) + fd * (o.y) + fty);
      g.strokePath();
    }
    return;
  }
  if (kind === "capsule") {
    const h = k.hl;
    const ex = k.cos * h;
    const ey = k.sin * h;
    const x1 = fa * (o.x - ex) + fb * (o.y - ey) + ftx;
    const y1 = fc * (o.x - ex) + fd * (o.y - ey) + fty;
    const x2 = fa * (o.x + ex) + fb * (o.y + ey) + ftx;
    const y2 = fc * (o.x + ex) + fd * (o.y + ey) + fty;
    const r = k.r * scale;
    g.beginPath();
    traceStadium(g, x1, y1, x2, y2, r);
    g.closePath();
    if (fill) g.fillPath();
    if (stroke) {
      g.strokePath();
      g.beginPath();
      g.moveTo((x1 + x2) / 2, (y1 + y2) / 2);
      const fx = o.x + ex + k.cos * k.r;
      const fy = o.y + ey + k.sin * k.r;
      g.lineTo(fa * fx + fb * fy + ftx, fc * fx + fd * fy + fty);
      g.strokePath();
    }
    return;
  }
  if (kind === "aabb") {
    const w = k.hw;
    const h = k.hh;
    g.beginPath();
    g.moveTo(fa * (o.x - w) + fb * (o.y - h) + ftx, fc * (o.x - w) + fd * (o.y - h) + fty);
    g.lineTo(fa * (o.x + w) + fb * (o.y - h) + ftx, fc * (o.x + w) + fd * (o.y - h) + fty);
    g.lineTo(fa * (o.x + w) + fb * (o.y + h) + ftx, fc * (o.x + w) + fd * (o.y + h) + fty);
    g.lineTo(fa * (o.x - w) + fb * (o.y + h) + ftx, fc * (o.x - w) + fd * (o.y + h) + fty);
    g.closePath();
    if (fill) g.fillPath();
    if (stroke) g.strokePath();
    return;
  }
  if (kind === "box" || kind === "polygon") {
    const pts = k.outline!;
    g.beginPath();
    g.moveTo(fa * pts[0]! + fb * pts[1]! + ftx, fc * pts[0]! + fd * pts[1]! + fty);
    for (let i = 2; i < pts.length; i += 2) g.lineTo(fa * (pts[i]!) + fb * (pts[i + 1]!) + ftx, fc * (pts[i]!) + fd * (pts[i + 1]!) + fty);
    g.closePath();
    if (fill) g.fillPath();
    if (stroke) g.strokePath();
    return;
  }
  // a segment (and any kind with vertices this file does not know): the line through its points, stroked
  // (a body without an outline colour gets its fill colour as the line)
  if (!stroke) g.lineStyle(1, fillColor ?? 0xffffff, 1);
  const e = k.ends;
  if (e !== null) {
    g.beginPath();
    g.moveTo(fa * e[0]! + fb * e[1]! + ftx, fc * e[0]! + fd * e[1]! + fty);
    g.lineTo(fa * e[2]! + fb * e[3]! + ftx, fc * e[2]! + fd * e[3]! + fty);
    g.strokePath();
    return;
  }
  const vs = shape.vertices;
  if (vs.length < 2) return;
  g.beginPath();
  g.moveTo(fa * vs[0]!.x + fb * vs[0]!.y + ftx, fc * vs[0]!.x + fd * vs[0]!.y + fty);
  for (let i = 1; i < vs.length; i++) g.lineTo(fa * vs[i]!.x + fb * vs[i]!.y + ftx, fc * vs[i]!.x + fd * vs[i]!.y + fty);
  g.strokePath();
}

/**
 * A stadium around the pixel segment (x1, y1)–(x2, y2) of radius r: the
 * half circle around the second end from one side to the other, then the one
 * around the first end (the straight sides join them).
 */
function traceStadium(g: GraphicsLike, x1: number, y1: number, x2: number, y2: number, r: number): void {
  let ux = x2 - x1;
  let uy = y2 - y1;
  const len = Math.sqrt(ux * ux + uy * uy);
  if (len > 1e-9) {
    ux /= len;
    uy /= len;
  } else {
    ux = 1;
    uy = 0;
  }
  // n: u turned a quarter
  const nx = -uy;
  const ny = ux;
  for (let i = 0; i < 9; i++) {
    const c = HALF_COS[i]!;
    const s = HALF_SIN[i]!;
    const x = x2 + r * (c * ux + s * nx);
    const y = y2 + r * (c * uy + s * ny);
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  for (let i = 0; i < 9; i++) {
    const c = HALF_COS[i]!;
    const s = HALF_SIN[i]!;
    g.lineTo(x1 - r * (c * ux + s * nx), y1 - r * (c * uy + s * ny));
  }
}

const SENSOR: BodyStyle = /* @__PURE__ */ Object.freeze({ fill: 0x5fd38d, fillAlpha: 0.25, stroke: 0x5fd38d, strokeAlpha: 0.8 });
const STATIC: BodyStyle = /* @__PURE__ */ Object.freeze({ fill: 0x4a5160, stroke: 0x2c313a });
const KINEMATIC: BodyStyle = /* @__PURE__ */ Object.freeze({ fill: 0x9a8cf0, stroke: 0x574aa8 });
const DYNAMIC: BodyStyle = /* @__PURE__ */ Object.freeze({ fill: 0x4f9dff, stroke: 0x1f5fae });
const ASLEEP: BodyStyle = /* @__PURE__ */ Object.freeze({ fill: 0x4d6a8f, stroke: 0x2e3f56 });

/** The default colours: static grey, kinematic violet, dynamic blue (dimmer asleep), sensors translucent green (shared frozen objects: nothing allocated per frame). */
export function defaultStyle(body: BodyLike): BodyStyle {
  if (body.isSensor) return SENSOR;
  switch (body.type) {
    case "static":
      return STATIC;
    case "kinematic":
      return KINEMATIC;
    default:
      return body.isSleeping ? ASLEEP : DYNAMIC;
  }
}
