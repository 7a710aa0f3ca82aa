/**
 * Debug drawing for Canvas 2D: see what the engine sees.
 *
 *     import { drawWorld, Camera } from "capsule2d/debug";
 *     const camera = new Camera({ scale: 40 });
 *     camera.resize(canvas.clientWidth, canvas.clientHeight, devicePixelRatio);
 *     drawWorld(ctx, world, camera, { contacts: true, normals: true });
 *
 * Shapes: circles with a radius line (so rotation is visible), capsules as
 * stadiums (two half circles joined by straight sides) with a line to the
 * front cap, boxes as rectangles. Static bodies are grey, sleeping bodies
 * dimmed, sensors translucent. Optional layers: each body's bounding box
 * (`body.minX..maxY`, what the broadphase compares), contact points, and
 * contact normals whose length grows with the penetration depth.
 *
 * Drawing is batched: bodies are grouped by colour and each group is filled
 * and stroked with one path, so a few thousand bodies cost a few milliseconds.
 * The renderer only reads the world; it never changes it.
 */
import { CAPSULE, CIRCLE, type Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import type { Camera } from "./camera.js";

/** One contact point as `world.contacts` reports it (impulses are optional). */
export interface DrawableContactPoint {
  x: number;
  y: number;
  depth: number;
  normalImpulse?: number;
}

/** A touching pair as `world.contacts` reports it. */
export interface DrawableContact {
  bodyA: Body;
  bodyB: Body;
  isSensor?: boolean;
  manifold: { normal: Vec2; depth: number; points: readonly DrawableContactPoint[] };
}

/**
 * What the renderer needs from a world: its bodies and, for the contact
 * layers, its current contacts. A `World` fits; so does `{ bodies: [...] }`.
 */
export interface DrawableWorld {
  readonly bodies: readonly Body[];
  readonly contacts?: readonly DrawableContact[];
}

export interface Palette {
  background: string;
  dynamic: string;
  kinematic: string;
  static: string;
  sensor: string;
  bounds: string;
  contact: string;
  normal: string;
}

export const DEFAULT_PALETTE: Readonly<Palette> = {
  background: "#11141b",
  dynamic: "#e0a458",
  kinematic: "#7fb8f0",
  static: "#8a8f98",
  sensor: "#5fd38d",
  bounds: "#4f6bd8",
  contact: "#ffe14d",
  normal: "#ff5468",
};

export interface DrawOptions {
  /** Fill the canvas with the background colour first (default true). */
  clear?: boolean;
  /** Draw the bodies (default true). */
  shapes?: boolean;
  /**
   * Fill the bodies (default true). Outlines alone are several times cheaper
   * to rasterise without a GPU: worth it with thousands of bodies.
   */
  fill?: boolean;
  /** Each body's bounding box, the broadphase's view of it (default false). */
  bounds?: boolean;
  /** Contact points from `world.contacts` (default false). */
  contacts?: boolean;
  /** Contact normals, from A to B, longer the deeper the overlap (default false). */
  normals?: boolean;
  /** Metres of normal line per metre of depth, added to a 12-pixel base length (default 20). */
  normalScale?: number;
  /** Outline width in screen pixels (default 1). */
  lineWidth?: number;
  /** Colours; anything left out comes from DEFAULT_PALETTE. */
  palette?: Partial<Palette>;
  /** Per-body colour override (a CSS colour); return null/undefined for the default. */
  bodyColor?: (body: Body) => string | null | undefined;
  /** Skip bodies outside the view (default true). */
  cull?: boolean;
  /**
   * Where between the last two steps to draw each body: 0 its pose at the
   * start of the last step, 1 its pose now (the default). Pass the value
   * `world.advance()` returns, for smooth motion at any display rate (see
   * `body.getInterpolatedPose`).
   */
  alpha?: number;
}

/** A body's pose for drawing: position and rotation as (cos, sin). */
interface DrawPose {
  x: number;
  y: number;
  c: number;
  s: number;
}

const pose: DrawPose = { x: 0, y: 0, c: 1, s: 0 };

/**
 * The body's pose at `alpha` between the start of its last step and now,
 * into `out` (the same interpolation as `body.getInterpolatedPose`, without
 * the angle, which drawing does not need).
 */
function poseAt(body: Body, alpha: number, out: DrawPose): DrawPose {
  if (alpha === 1) {
    out.x = body.px;
    out.y = body.py;
    out.c = body.qc;
    out.s = body.qs;
    return out;
  }
  const b = 1 - alpha;
  out.x = b * body.x0 + alpha * body.px;
  out.y = b * body.y0 + alpha * body.py;
  const c = b * body.c0 + alpha * body.qc;
  const s = b * body.s0 + alpha * body.qs;
  const mag = Math.sqrt(c * c + s * s);
  out.c = mag > 1e-9 ? c / mag : body.qc;
  out.s = mag > 1e-9 ? s / mag : body.qs;
  return out;
}

/**
 * Add `body`'s outline to the current path (world coordinates; call inside
 * beginPath/fill), at `alpha` between its last two poses (default 1: now).
 */
export function traceBody(ctx: CanvasRenderingContext2D, body: Body, alpha = 1): void {
  const p = poseAt(body, alpha, pose);
  const r = body.radius;
  if (body.kind === CIRCLE) {
    ctx.moveTo(p.x + r, p.y);
    ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
  } else if (body.kind === CAPSULE) {
    traceCapsule(ctx, p.x, p.y, p.c, p.s, body.halfLength, r);
  } else {
    ctx.rect(p.x - body.halfWidth, p.y - body.halfHeight, 2 * body.halfWidth, 2 * body.halfHeight);
  }
}

/**
 * Add a stadium to the current path: the capsule centred at (x, y) whose
 * segment points along (cos, sin), `halfLength` to each cap centre.
 * The front cap is a half circle from angle θ - π/2 to θ + π/2 around the
 * front end; the back cap the other half around the back end; `arc` joins
 * them with the two straight sides.
 */
export function traceCapsule(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  cos: number,
  sin: number,
  halfLength: number,
  radius: number,
): void {
  const theta = Math.atan2(sin, cos);
  const ex = cos * halfLength;
  const ey = sin * halfLength;
  // Start where the front cap begins (the right-hand side, facing along the segment).
  ctx.moveTo(x + ex + sin * radius, y + ey - cos * radius);
  ctx.arc(x + ex, y + ey, radius, theta - Math.PI / 2, theta + Math.PI / 2);
  ctx.arc(x - ex, y - ey, radius, theta + Math.PI / 2, theta + (3 * Math.PI) / 2);
  ctx.closePath();
}

/** Fill and outline one body in `color` (e.g. for highlighting or shapes outside a world). */
export function drawBody(
  ctx: CanvasRenderingContext2D,
  body: Body,
  camera: Camera,
  color: string,
  fillAlpha = 0.5,
  lineWidthPixels = 1,
): void {
  ctx.beginPath();
  traceBody(ctx, body);
  ctx.globalAlpha = fillAlpha;
  ctx.fillStyle = color;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidthPixels / camera.scale;
  ctx.stroke();
}

/** Bodies of one colour and visibility class, drawn with one path. */
interface Bucket {
  color: string;
  /** 0 normal, 1 sleeping (dimmed), 2 sensor (translucent). */
  look: 0 | 1 | 2;
  bodies: Body[];
  count: number;
}

/** One map per look (normal, sleeping, sensor), from colour to bucket. */
const buckets = [new Map<string, Bucket>(), new Map<string, Bucket>(), new Map<string, Bucket>()] as const;
const bucketList: Bucket[] = [];
const view = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/** How strongly each look is filled and outlined. */
const FILL_ALPHA = [0.55, 0.25, 0.18];
const STROKE_ALPHA = [1, 0.45, 0.6];

/** Draw `world` through `camera`. Leaves the camera transform installed on `ctx`. */
export function drawWorld(
  ctx: CanvasRenderingContext2D,
  world: DrawableWorld,
  camera: Camera,
  options: DrawOptions = {},
): void {
  const palette = options.palette ? { ...DEFAULT_PALETTE, ...options.palette } : DEFAULT_PALETTE;
  const px = 1 / camera.scale; // one screen pixel in metres
  const lineWidth = (options.lineWidth ?? 1) * px;

  if (options.clear ?? true) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = palette.background;
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  }
  camera.apply(ctx);
  ctx.lineJoin = "miter";
  ctx.lineWidth = lineWidth;
  camera.visibleBounds(view);
  const cull = options.cull ?? true;
  const bodies = world.bodies;

  if (options.shapes ?? true) {
    sortIntoBuckets(bodies, palette, options.bodyColor, cull);
    const fill = options.fill ?? true;
    const alpha = options.alpha ?? 1;
    if (!(alpha >= 0 && alpha <= 1)) throw new RangeError(`capsule2d: alpha must be in [0, 1], got ${String(alpha)}`);
    for (const bucket of bucketList) drawBucket(ctx, bucket, palette.background, fill, alpha);
  }

  if (options.bounds) {
    ctx.globalAlpha = 0.8;
    ctx.strokeStyle = palette.bounds;
    ctx.beginPath();
    for (const b of bodies) {
      if (cull && !visible(b)) continue;
      ctx.rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  if ((options.contacts || options.normals) && world.contacts) {
    drawContacts(ctx, world.contacts, palette, px, options);
  }
}

function visible(b: Body): boolean {
  return b.maxX >= view.minX && b.minX <= view.maxX && b.maxY >= view.minY && b.minY <= view.maxY;
}

function sortIntoBuckets(
  bodies: readonly Body[],
  palette: Palette,
  bodyColor: DrawOptions["bodyColor"],
  cull: boolean,
): void {
  for (const bucket of bucketList) bucket.count = 0;
  for (const b of bodies) {
    if (cull && !visible(b)) continue;
    const color =
      bodyColor?.(b) ??
      (b.isSensor ? palette.sensor : b.type === "static" ? palette.static : b.type === "kinematic" ? palette.kinematic : palette.dynamic);
    const look: 0 | 1 | 2 = b.isSensor ? 2 : b.isSleeping ? 1 : 0;
    let bucket = buckets[look].get(color);
    if (bucket === undefined) {
      bucket = { color, look, bodies: [], count: 0 };
      buckets[look].set(color, bucket);
      bucketList.push(bucket);
    }
    bucket.bodies[bucket.count++] = b;
  }
  // Forget colours that were not used this frame (a page that recolours bodies
  // every frame would otherwise grow the map without bound).
  if (bucketList.length > 64) {
    for (let i = bucketList.length - 1; i >= 0; i--) {
      const bucket = bucketList[i]!;
      if (bucket.count === 0) {
        buckets[bucket.look].delete(bucket.color);
        bucketList.splice(i, 1);
      }
    }
  }
}

/**
 * Bodies per path. One path per colour would be the fewest calls, but a
 * software rasteriser sorts every edge of a path together, so a path with
 * thousands of shapes fills slower than a few dozen paths of a hundred.
 */
const CHUNK = 64;

function drawBucket(ctx: CanvasRenderingContext2D, bucket: Bucket, background: string, fill: boolean, alpha: number): void {
  if (bucket.count === 0) return;
  const { bodies, count } = bucket;
  // Fill with the colour already blended over the background (opaque fills are
  // much cheaper than translucent ones in software rendering); fall back to
  // globalAlpha for colours that are not #rrggbb, and for sensors, which should
  // show what is behind them.
  const blended = bucket.look === 2 ? null : blend(bucket.color, background, FILL_ALPHA[bucket.look]!);
  ctx.strokeStyle = bucket.color;
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK);
    ctx.beginPath();
    for (let i = start; i < end; i++) traceBody(ctx, bodies[i]!, alpha);
    if (fill) {
      if (blended !== null) {
        ctx.fillStyle = blended;
        ctx.globalAlpha = 1;
      } else {
        ctx.fillStyle = bucket.color;
        ctx.globalAlpha = FILL_ALPHA[bucket.look]!;
      }
      ctx.fill();
    }
    ctx.globalAlpha = STROKE_ALPHA[bucket.look]!;
    // Rotation markers: for a circle a radius line, for a capsule a line to the
    // front cap's tip (a capsule with halfLength 0 is a circle and needs it too).
    for (let i = start; i < end; i++) {
      const b = bodies[i]!;
      if (b.kind === CIRCLE || b.kind === CAPSULE) {
        const reach = b.halfLength + b.radius;
        const p = poseAt(b, alpha, pose);
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(p.x + p.c * reach, p.y + p.s * reach);
      }
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

const blendCache = new Map<string, string | null>();

/** `color` at `alpha` over `background`, as an opaque #rrggbb (null unless both are #rrggbb). */
function blend(color: string, background: string, alpha: number): string | null {
  const key = color + background + alpha;
  let out = blendCache.get(key);
  if (out !== undefined) return out;
  out = null;
  const hex = /^#([0-9a-f]{6})$/i;
  const c = hex.exec(color);
  const b = hex.exec(background);
  if (c && b) {
    const cv = parseInt(c[1]!, 16);
    const bv = parseInt(b[1]!, 16);
    let rgb = 0;
    for (let shift = 16; shift >= 0; shift -= 8) {
      const mixed = Math.round(((cv >> shift) & 255) * alpha + ((bv >> shift) & 255) * (1 - alpha));
      rgb |= mixed << shift;
    }
    out = "#" + rgb.toString(16).padStart(6, "0");
  }
  if (blendCache.size > 256) blendCache.clear();
  blendCache.set(key, out);
  return out;
}

function drawContacts(
  ctx: CanvasRenderingContext2D,
  contacts: readonly DrawableContact[],
  palette: Palette,
  px: number,
  options: DrawOptions,
): void {
  const half = 2.5 * px;
  if (options.contacts) {
    ctx.fillStyle = palette.contact;
    ctx.beginPath();
    for (const c of contacts) {
      if (c.isSensor) continue;
      for (const p of c.manifold.points) ctx.rect(p.x - half, p.y - half, 2 * half, 2 * half);
    }
    ctx.fill();
  }
  if (options.normals) {
    const scale = options.normalScale ?? 20;
    ctx.strokeStyle = palette.normal;
    ctx.beginPath();
    for (const c of contacts) {
      if (c.isSensor) continue;
      const n = c.manifold.normal;
      for (const p of c.manifold.points) {
        const len = 12 * px + Math.max(0, p.depth) * scale;
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(p.x + n.x * len, p.y + n.y * len);
      }
    }
    ctx.stroke();
  }
}
