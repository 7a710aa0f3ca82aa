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
 * Joints (`world.joints`, on by default): a dot at each body's anchor, a
 * thin line from each body's centre to its anchor, and a line from anchor
 * to anchor, which is the joint's separation (a perfect revolute or weld
 * joint shows none). On top of that each type has its sign: revolute limits
 * as a wedge around the anchor with a tick at the current angle; a distance
 * joint as a rod, a zig-zag when it is a spring, dashed while a rope is
 * slack, with ticks at its min and max lengths; prismatic and wheel joints
 * as their axis through the anchor (the limit range, when enabled, with end
 * ticks) and, for a spring, a zig-zag from the axis's end to B's anchor; a
 * weld as a small square; a motor joint as a line from body B's centre to
 * its target; a filter joint as a faint dotted line between the centres.
 * Sizes of these signs are in screen pixels. The toggles are `joints`,
 * `jointLimits` and `jointSprings`; `jointVisible` picks joints.
 *
 * Chains (`new Chain`): each segment is a line, and short ticks every
 * `CHAIN_TICK_SPACING` screen pixels along the chain point to its solid
 * side, the right of each segment's direction (Box2D's convention: a
 * counter-clockwise loop keeps bodies outside it, a floor drawn right to
 * left is solid from above). A body coming from the other side passes
 * through; the ticks show which side that is. The toggle is `chainSides`.
 *
 * Drawing is batched: bodies are grouped by colour and each group is filled
 * and stroked with one path, so a few thousand bodies cost a few milliseconds.
 * The renderer only reads the world; it never changes it.
 */
import { CAPSULE, CIRCLE, POLYGON, SEGMENT, type Body } from "../bodies/body.js";
import type { ShapeBody } from "../bodies/shape-body.js";
import type { Joint } from "../joints/joint.js";
import { DISTANCE, FILTER, MOTOR, PRISMATIC, REVOLUTE, WELD, WHEEL } from "../joints/joint-kinds.js";
import type { Vec2 } from "../math/vec2.js";
import type { Camera } from "./camera.js";

/** One contact point as `world.contacts` reports it (impulses are optional). */
export interface DrawableContactPoint {
  /** x of the point, m. */
  x: number;
  /** y of the point, m. */
  y: number;
  /** Penetration at the point, m. */
  depth: number;
  /** Impulse along the normal over the last step, N·s (not drawn; `world.contacts` reports it). */
  normalImpulse?: number;
}

/** A touching pair as `world.contacts` reports it. */
export interface DrawableContact {
  /** The first body. */
  bodyA: Body;
  /** The second body. */
  bodyB: Body;
  /** True when either body is a sensor. */
  isSensor?: boolean;
  /** The contact manifold. */
  manifold: {
    /** Unit normal from A to B. */
    normal: Vec2;
    /** Deepest penetration, m. */
    depth: number;
    /** 1 or 2 points. */
    points: readonly DrawableContactPoint[];
  };
}

/**
 * What the renderer needs from a world: its bodies and, for the contact and
 * joint layers, its current contacts and joints. A `World` fits; so does
 * `{ bodies: [...] }`.
 */
export interface DrawableWorld {
  /** The bodies to draw. */
  readonly bodies: readonly Body[];
  /** The touching pairs (for the contact layers). */
  readonly contacts?: readonly DrawableContact[];
  /** The joints (for the joint layers). */
  readonly joints?: readonly Joint[];
}

/** The renderer's colours (any CSS colour). */
export interface Palette {
  /** The canvas background. */
  background: string;
  /** Dynamic bodies (awake; sleeping ones are drawn dimmer). */
  dynamic: string;
  /** Kinematic bodies. */
  kinematic: string;
  /** Static bodies. */
  static: string;
  /** Sensors. */
  sensor: string;
  /** Bounding boxes. */
  bounds: string;
  /** Contact points. */
  contact: string;
  /** Contact normals. */
  normal: string;
  /** Joints: anchors, lines, springs, axes. */
  joint: string;
  /** Joint limits: revolute wedges, prismatic and wheel ranges, distance min/max ticks. */
  jointLimit: string;
}

/** The colours `drawWorld` uses unless `DrawOptions.palette` says otherwise. */
export const DEFAULT_PALETTE: Readonly<Palette> = {
  background: "#11141b",
  dynamic: "#e0a458",
  kinematic: "#7fb8f0",
  static: "#8a8f98",
  sensor: "#5fd38d",
  bounds: "#4f6bd8",
  contact: "#ffe14d",
  normal: "#ff5468",
  joint: "#3ddbd9",
  jointLimit: "#d67bff",
};

/** What `drawWorld` draws; every option is optional. */
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
  /**
   * Joints from `world.joints` (default true): anchors, the lines from the
   * bodies' centres to them, the line between the two anchors (the joint's
   * separation) and each type's sign (see the top of this file).
   */
  joints?: boolean;
  /**
   * With `joints`: the limits of joints that have them enabled (default
   * true): revolute angle range as a wedge with a tick at the current angle,
   * prismatic and wheel translation range along the axis, distance min and
   * max length as ticks along the rod.
   */
  jointLimits?: boolean;
  /**
   * With `joints`: springs (distance, prismatic and wheel joints with
   * `enableSpring` and a hertz > 0) as zig-zags (default true): a distance
   * joint's between its anchors (a straight line when off), a prismatic or
   * wheel joint's along the axis, from the drawn axis's end to B's anchor.
   */
  jointSprings?: boolean;
  /**
   * With `joints`: return false to leave a joint out (default: every joint),
   * e.g. a mouse joint that the page draws in its own way.
   */
  jointVisible?: (joint: Joint) => boolean;
  /**
   * Chains' solid sides (default true): ticks along each chain, on the side
   * of its segments that collides (the right of each segment's direction).
   */
  chainSides?: boolean;
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
  const parts = body._parts;
  if (parts !== null) {
    // a compound: each shape at the compound's pose
    for (let i = 0; i < parts.length; i++) {
      partPose(body as ShapeBody, p, i, partAt);
      traceAt(ctx, parts[i]!, partAt.x, partAt.y, partAt.c, partAt.s);
    }
    return;
  }
  traceAt(ctx, body, p.x, p.y, p.c, p.s);
}

const partAt: DrawPose = { x: 0, y: 0, c: 1, s: 0 };

/** A compound's part `i` at the compound's pose `p` (the part's place about the centre of mass), into `out`. */
function partPose(body: ShapeBody, p: DrawPose, i: number, out: DrawPose): void {
  const L = body._compound!.local;
  const lx = L[4 * i]!;
  const ly = L[4 * i + 1]!;
  const lc = L[4 * i + 2]!;
  const ls = L[4 * i + 3]!;
  out.x = p.x + (p.c * lx - p.s * ly);
  out.y = p.y + (p.s * lx + p.c * ly);
  out.c = p.c * lc - p.s * ls;
  out.s = p.s * lc + p.c * ls;
}

/** Screen pixels between a chain's solid-side ticks along the chain. */
export const CHAIN_TICK_SPACING = 16;
/** A solid-side tick's length, screen pixels. */
export const CHAIN_TICK_LENGTH = 5;

/** True for a Chain (its shapes are one-sided chain segments). */
function isChain(body: Body): boolean {
  const parts = body._parts;
  return parts !== null && parts.length > 0 && parts[0]!.kind === SEGMENT && parts[0]!.segment!.oneSided;
}

/**
 * Add a chain's solid-side ticks to the current path (world coordinates): one
 * every `spacing` metres of chain, counted on across its segments (the first
 * half a spacing from its start), each `length` metres long towards the right
 * of its segment's direction, the side that collides. A body that is not a
 * Chain adds nothing.
 */
export function traceChainSides(
  ctx: CanvasRenderingContext2D,
  body: Body,
  spacing: number,
  length: number,
  alpha = 1,
): void {
  if (!isChain(body) || !(spacing > 0)) return;
  const parts = body._parts!;
  const p = poseAt(body, alpha, pose);
  let next = spacing / 2; // how far along the current segment the next tick is
  for (let i = 0; i < parts.length; i++) {
    partPose(body as ShapeBody, p, i, partAt);
    const g = parts[i]!.segment!;
    const x = partAt.x;
    const y = partAt.y;
    const c = partAt.c;
    const s = partAt.s;
    const ax = x + (c * g.ax - s * g.ay);
    const ay = y + (s * g.ax + c * g.ay);
    const dx = c * (g.bx - g.ax) - s * (g.by - g.ay);
    const dy = s * (g.bx - g.ax) + c * (g.by - g.ay);
    const len = Math.sqrt(dx * dx + dy * dy);
    if (!(len > 0)) continue;
    const ux = dx / len;
    const uy = dy / len;
    for (; next < len; next += spacing) {
      const tx = ax + ux * next;
      const ty = ay + uy * next;
      ctx.moveTo(tx, ty);
      ctx.lineTo(tx + uy * length, ty - ux * length); // (uy, −ux): the right of the direction
    }
    next -= len;
  }
}

/** Add one single-shape body's outline to the current path, its centre of mass at (x, y), turned by (c, s). */
function traceAt(ctx: CanvasRenderingContext2D, body: Body, x: number, y: number, c: number, s: number): void {
  const r = body.radius;
  if (body.kind === CIRCLE) {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  } else if (body.kind === CAPSULE) {
    traceCapsule(ctx, x, y, c, s, body.halfLength, r);
  } else if (body.kind === POLYGON) {
    tracePolygon(ctx, body, x, y, c, s);
  } else if (body.kind === SEGMENT) {
    const g = body.segment!;
    ctx.moveTo(x + (c * g.ax - s * g.ay), y + (s * g.ax + c * g.ay));
    ctx.lineTo(x + (c * g.bx - s * g.by), y + (s * g.bx + c * g.by));
  } else {
    ctx.rect(x - body.halfWidth, y - body.halfHeight, 2 * body.halfWidth, 2 * body.halfHeight);
  }
}

/**
 * Add a Box's or Polygon's outline to the current path, placed at (x, y)
 * (its centre of mass) turned by (cos, sin): the polygon, or for a rounded
 * one each edge pushed out by the radius and joined by an arc around each
 * vertex, from one edge's normal to the next one's.
 */
function tracePolygon(ctx: CanvasRenderingContext2D, body: Body, x: number, y: number, cos: number, sin: number): void {
  const g = body.polygon!;
  const n = g.count;
  const r = g.radius;
  const vx = (i: number): number => x + (cos * g.vx[i]! - sin * g.vy[i]!);
  const vy = (i: number): number => y + (sin * g.vx[i]! + cos * g.vy[i]!);
  if (!(r > 0)) {
    ctx.moveTo(vx(0), vy(0));
    for (let i = 1; i < n; i++) ctx.lineTo(vx(i), vy(i));
    ctx.closePath();
    return;
  }
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const nx = cos * g.nx[i]! - sin * g.ny[i]!;
    const ny = sin * g.nx[i]! + cos * g.ny[i]!;
    if (i === 0) ctx.moveTo(vx(i) + r * nx, vy(i) + r * ny);
    ctx.lineTo(vx(j) + r * nx, vy(j) + r * ny);
    const mx = cos * g.nx[j]! - sin * g.ny[j]!;
    const my = sin * g.nx[j]! + cos * g.ny[j]!;
    ctx.arc(vx(j), vy(j), r, Math.atan2(ny, nx), Math.atan2(my, mx));
  }
  ctx.closePath();
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

  const alpha = options.alpha ?? 1;
  if (!(alpha >= 0 && alpha <= 1)) throw new RangeError(`capsule2d: alpha must be in [0, 1], got ${String(alpha)}`);

  if (options.shapes ?? true) {
    sortIntoBuckets(bodies, palette, options.bodyColor, cull);
    const fill = options.fill ?? true;
    for (const bucket of bucketList) drawBucket(ctx, bucket, palette.background, fill, alpha);
  }

  if ((options.shapes ?? true) && (options.chainSides ?? true)) {
    drawChainSides(ctx, bodies, palette, options.bodyColor, px, alpha, cull);
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

  if ((options.joints ?? true) && world.joints && world.joints.length > 0) {
    drawJoints(ctx, world.joints, palette, px, options, alpha, cull);
  }

  if ((options.contacts || options.normals) && world.contacts) {
    drawContacts(ctx, world.contacts, palette, px, options);
  }
}

function visible(b: Body): boolean {
  return b.maxX >= view.minX && b.minX <= view.maxX && b.maxY >= view.minY && b.minY <= view.maxY;
}

/** The colour a body is drawn in: the page's choice, else by kind (sensor, static, kinematic, dynamic). */
function colorOf(b: Body, palette: Palette, bodyColor: DrawOptions["bodyColor"]): string {
  return (
    bodyColor?.(b) ??
    (b.isSensor ? palette.sensor : b.type === "static" ? palette.static : b.type === "kinematic" ? palette.kinematic : palette.dynamic)
  );
}

/** Every visible chain's solid-side ticks, in its body's colour (one path per chain). */
function drawChainSides(
  ctx: CanvasRenderingContext2D,
  bodies: readonly Body[],
  palette: Palette,
  bodyColor: DrawOptions["bodyColor"],
  px: number,
  alpha: number,
  cull: boolean,
): void {
  ctx.globalAlpha = 0.8;
  for (const b of bodies) {
    if (!isChain(b) || (cull && !visible(b))) continue;
    ctx.strokeStyle = colorOf(b, palette, bodyColor);
    ctx.beginPath();
    traceChainSides(ctx, b, CHAIN_TICK_SPACING * px, CHAIN_TICK_LENGTH * px, alpha);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
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
    const color = colorOf(b, palette, bodyColor);
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

// ---------------------------------------------------------------- joints

/** Sizes of the joint signs, in screen pixels. */
const JOINT_DOT = 2.5;
const JOINT_WEDGE = 10;
const JOINT_AXIS = 24;
const JOINT_TICK = 5;
const JOINT_SQUARE = 4;
const SPRING_WIDTH = 4;
const SPRING_ZIGS = 10;

const poseA: DrawPose = { x: 0, y: 0, c: 1, s: 0 };
const poseB: DrawPose = { x: 0, y: 0, c: 1, s: 0 };
/**
 * One joint's two points in world coordinates, where its bodies are drawn
 * (written by `jointPoints`): the anchors on A and B, or for a motor joint
 * its target and body B's centre.
 */
const jp = { ax: 0, ay: 0, bx: 0, by: 0 };
/** The dash pattern, reused (setLineDash copies it). */
const dash = [0, 0];

/** The joint's bodies' poses at `alpha` into poseA / poseB, and its two points into `jp`. */
function jointPoints(j: Joint, alpha: number): void {
  const a = poseAt(j._bodyA, alpha, poseA);
  const b = poseAt(j._bodyB, alpha, poseB);
  if (j._kind === MOTOR) {
    // The target of B's centre, kept in A's frame, and B's centre.
    jp.ax = a.x + a.c * j.offX - a.s * j.offY;
    jp.ay = a.y + a.s * j.offX + a.c * j.offY;
    jp.bx = b.x;
    jp.by = b.y;
  } else {
    jp.ax = a.x + a.c * j.lAx - a.s * j.lAy;
    jp.ay = a.y + a.s * j.lAx + a.c * j.lAy;
    jp.bx = b.x + b.c * j.lBx - b.s * j.lBy;
    jp.by = b.y + b.s * j.lBx + b.c * j.lBy;
  }
}

function jointShown(j: Joint, cull: boolean, shown: DrawOptions["jointVisible"]): boolean {
  if (cull && !visible(j._bodyA) && !visible(j._bodyB)) return false;
  return shown === undefined || shown(j);
}

/** A spring that the solver uses (hertz 0 means rigid). */
function hasSpring(j: Joint): boolean {
  return j.enableSpring && j.hertz > 0;
}

/** A distance joint that is a rope (a range of lengths, no spring) and is slack now. */
function slackRope(j: Joint): boolean {
  if (j._kind !== DISTANCE || hasSpring(j) || !(j.minLength < j.maxLength)) return false;
  const dx = jp.bx - jp.ax;
  const dy = jp.by - jp.ay;
  const tolerance = Math.max(1e-3, 0.005 * j.maxLength);
  return Math.sqrt(dx * dx + dy * dy) < j.maxLength - tolerance;
}

/** A zig-zag from (x0, y0) to (x1, y1) with straight ends, `width` to each side (world units). */
function traceSpring(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number, width: number): void {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.sqrt(dx * dx + dy * dy);
  ctx.moveTo(x0, y0);
  if (len < 2 * width) {
    ctx.lineTo(x1, y1);
    return;
  }
  const ux = dx / len;
  const uy = dy / len;
  const lead = 0.15 * len;
  const coil = (len - 2 * lead) / SPRING_ZIGS;
  ctx.lineTo(x0 + ux * lead, y0 + uy * lead);
  for (let i = 0; i < SPRING_ZIGS; i++) {
    const t = lead + (i + 0.5) * coil;
    const side = i % 2 === 0 ? width : -width;
    ctx.lineTo(x0 + ux * t - uy * side, y0 + uy * t + ux * side);
  }
  ctx.lineTo(x1 - ux * lead, y1 - uy * lead);
  ctx.lineTo(x1, y1);
}

/** A short line across the direction (ux, uy) at (x, y), `half` to each side. */
function traceTick(ctx: CanvasRenderingContext2D, x: number, y: number, ux: number, uy: number, half: number): void {
  ctx.moveTo(x + uy * half, y - ux * half);
  ctx.lineTo(x - uy * half, y + ux * half);
}

/** The joint's solid lines in the joint colour (jointPoints already called). */
function traceJoint(ctx: CanvasRenderingContext2D, j: Joint, px: number, springs: boolean): void {
  const kind = j._kind;
  if (kind === MOTOR) {
    // A line from B's centre to where the joint drives it, and a cross there.
    const h = JOINT_SQUARE * px;
    ctx.moveTo(jp.bx, jp.by);
    ctx.lineTo(jp.ax, jp.ay);
    ctx.moveTo(jp.ax - h, jp.ay - h);
    ctx.lineTo(jp.ax + h, jp.ay + h);
    ctx.moveTo(jp.ax - h, jp.ay + h);
    ctx.lineTo(jp.ax + h, jp.ay - h);
    return;
  }
  // Each body's centre to its anchor.
  ctx.moveTo(poseA.x, poseA.y);
  ctx.lineTo(jp.ax, jp.ay);
  ctx.moveTo(poseB.x, poseB.y);
  ctx.lineTo(jp.bx, jp.by);
  if (kind === PRISMATIC || kind === WHEEL) {
    const a = poseA;
    const axx = a.c * j.axX - a.s * j.axY;
    const axy = a.s * j.axX + a.c * j.axY;
    const reach = JOINT_AXIS * px;
    const endX = jp.ax + axx * reach;
    const endY = jp.ay + axy * reach;
    ctx.moveTo(jp.ax - axx * reach, jp.ay - axy * reach);
    ctx.lineTo(endX, endY);
    // The spring pushes B's anchor to translation 0, where the anchors meet; drawn from the
    // axis's far end to B's anchor, it is compressed as B slides up the axis and stretched as it slides down.
    if (springs && hasSpring(j)) traceSpring(ctx, endX, endY, jp.bx, jp.by, SPRING_WIDTH * px);
  }
  if (kind === WELD) {
    const h = JOINT_SQUARE * px;
    ctx.rect(jp.ax - h, jp.ay - h, 2 * h, 2 * h);
  }
  // Anchor to anchor: the separation (revolute, weld), the rod (distance), the slide (prismatic, wheel).
  if (kind === DISTANCE && springs && hasSpring(j)) {
    traceSpring(ctx, jp.ax, jp.ay, jp.bx, jp.by, SPRING_WIDTH * px);
  } else if (!slackRope(j)) {
    ctx.moveTo(jp.ax, jp.ay);
    ctx.lineTo(jp.bx, jp.by);
  }
}

/** The joint's limits in the limit colour (jointPoints already called). */
function traceLimits(ctx: CanvasRenderingContext2D, j: Joint, px: number): void {
  const kind = j._kind;
  if (kind === REVOLUTE && j.enableLimit) {
    // Angles of B's direction from the anchor: with u the direction from B's
    // anchor to B's centre in B's frame, B points along θB + ∠u, and at
    // joint angle φ that is θA + referenceAngle + φ + ∠u.
    const lu = Math.sqrt(j.lBx * j.lBx + j.lBy * j.lBy);
    const uAngle = lu > 1e-9 ? Math.atan2(-j.lBy, -j.lBx) : 0;
    const base = Math.atan2(poseA.s, poseA.c) + j._refAngle + uAngle;
    const lo = base + j._lower;
    const hi = base + j._upper;
    const r = JOINT_WEDGE * px;
    ctx.moveTo(jp.ax, jp.ay);
    ctx.lineTo(jp.ax + r * Math.cos(lo), jp.ay + r * Math.sin(lo));
    ctx.arc(jp.ax, jp.ay, r, lo, hi);
    ctx.lineTo(jp.ax, jp.ay);
    // The current angle: a tick a little longer than the wedge.
    const now = Math.atan2(poseB.s, poseB.c) + uAngle;
    ctx.moveTo(jp.ax, jp.ay);
    ctx.lineTo(jp.ax + 1.4 * r * Math.cos(now), jp.ay + 1.4 * r * Math.sin(now));
  } else if ((kind === PRISMATIC || kind === WHEEL) && j.enableLimit) {
    const a = poseA;
    const axx = a.c * j.axX - a.s * j.axY;
    const axy = a.s * j.axX + a.c * j.axY;
    const x0 = jp.ax + axx * j._lower;
    const y0 = jp.ay + axy * j._lower;
    const x1 = jp.ax + axx * j._upper;
    const y1 = jp.ay + axy * j._upper;
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    traceTick(ctx, x0, y0, axx, axy, JOINT_TICK * px);
    traceTick(ctx, x1, y1, axx, axy, JOINT_TICK * px);
  } else if (kind === DISTANCE && j.minLength < j.maxLength) {
    const dx = jp.bx - jp.ax;
    const dy = jp.by - jp.ay;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len < 1e-9) return;
    const ux = dx / len;
    const uy = dy / len;
    if (j.minLength > 0) traceTick(ctx, jp.ax + ux * j.minLength, jp.ay + uy * j.minLength, ux, uy, JOINT_TICK * px);
    if (j.maxLength < Infinity) traceTick(ctx, jp.ax + ux * j.maxLength, jp.ay + uy * j.maxLength, ux, uy, JOINT_TICK * px);
  }
}

/**
 * Draw the joints in passes of one style each (solid lines, dashed slack
 * ropes, faint dotted filter joints, limits, anchor dots), each pass one path.
 */
function drawJoints(
  ctx: CanvasRenderingContext2D,
  joints: readonly Joint[],
  palette: Palette,
  px: number,
  options: DrawOptions,
  alpha: number,
  cull: boolean,
): void {
  const shown = options.jointVisible;
  const springs = options.jointSprings ?? true;
  let ropes = false;
  let filters = false;
  let limits = false;
  ctx.globalAlpha = 1;
  ctx.strokeStyle = palette.joint;
  ctx.beginPath();
  for (let i = 0; i < joints.length; i++) {
    const j = joints[i]!;
    if (!jointShown(j, cull, shown)) continue;
    if (j._kind === FILTER) {
      filters = true;
      continue;
    }
    jointPoints(j, alpha);
    traceJoint(ctx, j, px, springs);
    if (j._kind === DISTANCE && !(springs && hasSpring(j)) && slackRope(j)) ropes = true;
    if (j.enableLimit || (j._kind === DISTANCE && j.minLength < j.maxLength)) limits = true;
  }
  ctx.stroke();

  if (ropes) {
    dash[0] = 6 * px;
    dash[1] = 4 * px;
    ctx.setLineDash(dash);
    ctx.beginPath();
    for (let i = 0; i < joints.length; i++) {
      const j = joints[i]!;
      if (j._kind !== DISTANCE || (springs && hasSpring(j)) || !jointShown(j, cull, shown)) continue;
      jointPoints(j, alpha);
      if (!slackRope(j)) continue;
      ctx.moveTo(jp.ax, jp.ay);
      ctx.lineTo(jp.bx, jp.by);
    }
    ctx.stroke();
    ctx.setLineDash(NO_DASH);
  }

  if (filters) {
    dash[0] = 1.5 * px;
    dash[1] = 4 * px;
    ctx.setLineDash(dash);
    ctx.globalAlpha = 0.35;
    ctx.beginPath();
    for (let i = 0; i < joints.length; i++) {
      const j = joints[i]!;
      if (j._kind !== FILTER || !jointShown(j, cull, shown)) continue;
      const a = poseAt(j._bodyA, alpha, poseA);
      ctx.moveTo(a.x, a.y);
      const b = poseAt(j._bodyB, alpha, poseB);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.setLineDash(NO_DASH);
  }

  if (limits && (options.jointLimits ?? true)) {
    ctx.strokeStyle = palette.jointLimit;
    ctx.beginPath();
    for (let i = 0; i < joints.length; i++) {
      const j = joints[i]!;
      if (j._kind === FILTER || j._kind === MOTOR || j._kind === WELD || !jointShown(j, cull, shown)) continue;
      jointPoints(j, alpha);
      traceLimits(ctx, j, px);
    }
    ctx.stroke();
  }

  // Anchor dots last, on top.
  const r = JOINT_DOT * px;
  ctx.fillStyle = palette.joint;
  ctx.beginPath();
  for (let i = 0; i < joints.length; i++) {
    const j = joints[i]!;
    if (j._kind === FILTER || !jointShown(j, cull, shown)) continue;
    jointPoints(j, alpha);
    ctx.moveTo(jp.ax + r, jp.ay);
    ctx.arc(jp.ax, jp.ay, r, 0, 2 * Math.PI);
    ctx.moveTo(jp.bx + r, jp.by);
    ctx.arc(jp.bx, jp.by, r, 0, 2 * Math.PI);
  }
  ctx.fill();
}

const NO_DASH: number[] = [];
