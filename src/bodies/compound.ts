/**
 * Compound: one rigid body made of several shapes (Box2D's body of several
 * shapes).
 *
 * `new Compound({ shapes, ...bodyOptions })` builds a `ShapeBody` of kind
 * COMPOUND (no new hidden class: see src/bodies/shape-body.ts). Each shape
 * definition becomes a part: an ordinary Circle, Capsule or ShapeBody (box,
 * polygon, segment) built in the compound's frame at the definition's
 * `offset` and `angle`, whose `_parent` is the compound. The parts carry the
 * shape's own material, sensor flag and filter; the compound carries the
 * motion.
 *
 * - Mass: each shape's mass is its density × its area (a segment has none);
 *   the centre of mass is their mass-weighted mean; the inertia about it is
 *   the sum of each shape's inertia about its own centre of mass plus its
 *   mass × the squared distance between the two (parallel-axis theorem).
 *   Rounded boxes and polygons are exact (src/shapes/mass.ts). The
 *   compound's `density` is its mean density (mass / area): `setDensity` and
 *   `setMass` scale every shape's alike.
 * - Pose: as for an off-centroid Polygon, the body's (px, py) is its centre
 *   of mass and `_lc` keeps it in the body's frame; each part's pose relative
 *   to the centre of mass is fixed (`CompoundData.local`), and
 *   `updateBounds` places the parts at the compound's pose (`placeParts`).
 * - In a world (src/world/membership.ts, src/contacts/contact-manager.ts):
 *   the parts have the broadphase proxies and the contacts' shapes; the
 *   compound has the solver slot, the island, the contact list, the joints.
 *   A contact between a part and another shape names the compound as its
 *   body (`bodyA`/`bodyB`) and the part's `Shape` as `shapeA`/`shapeB`. The
 *   compound takes one id and its parts the next ones (so a world's body ids
 *   skip them).
 */
import { COMPOUND, type Body, type BodyOptions, type CollisionFilter } from "./body.js";
import { ShapeBody, type CompoundData } from "./shape-body.js";
import { Circle } from "./circle.js";
import { Capsule } from "./capsule.js";
import { Box } from "./box.js";
import { Polygon } from "./polygon.js";
import { Segment } from "./segment.js";
import { Shape, type ShapeKindName } from "./shape.js";
import { makeSegment, PolygonGeometry, type SegmentGeometry } from "../shapes/polygon.js";
import { decomposeOutline } from "../shapes/decompose.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detCos, detSin } from "../math/trig.js";

/** What every shape definition of a compound may say besides its geometry. */
interface ShapeDefBase {
  /** Where the shape's frame sits in the body's frame, m (default (0, 0)). */
  offset?: Vec2;
  /** The shape's frame's angle in the body's frame, rad (default 0). */
  angle?: number;
  /** kg/m² (default: the body's `density`, else 1). */
  density?: number;
  /** Default: the body's `friction`. */
  friction?: number;
  /** Default: the body's `restitution`. */
  restitution?: number;
  /** Default: the body's `isSensor`. */
  isSensor?: boolean;
  /** Missing fields take the body's filter. */
  collisionFilter?: Partial<CollisionFilter>;
  /** Yours: `shape.userData`. */
  userData?: unknown;
}

/** A circle of `radius` centred on `offset`. */
export interface CircleShapeDef extends ShapeDefBase {
  /** What it is. */
  shape: "circle";
  /** m, > 0. */
  radius: number;
}
/** A capsule centred on `offset`, along its frame's x axis turned by `angle`. */
export interface CapsuleShapeDef extends ShapeDefBase {
  /** What it is. */
  shape: "capsule";
  /** Centre to each cap centre, m (>= 0). */
  halfLength: number;
  /** m, > 0. */
  radius: number;
}
/** A box centred on `offset`, turned by `angle`, rounded by `radius`. */
export interface BoxShapeDef extends ShapeDefBase {
  /** What it is. */
  shape: "box";
  /** Half the width, m (> 0). */
  halfWidth: number;
  /** Half the height, m (> 0). */
  halfHeight: number;
  /** Rounding radius, m (>= 0, default 0). */
  radius?: number;
}
/** A convex polygon: the hull of `vertices` (in the shape's frame: `offset` and `angle` place it), rounded by `radius`. */
export interface PolygonShapeDef extends ShapeDefBase {
  /** What it is. */
  shape: "polygon";
  /** 3 to 8 points in the shape's frame (their convex hull, as for `Polygon`). */
  vertices: readonly Vec2[];
  /** Rounding radius, m (>= 0, default 0). */
  radius?: number;
}
/** A two-sided segment from `a` to `b` (in the shape's frame); it has no area, so no mass. */
export interface SegmentShapeDef extends ShapeDefBase {
  /** What it is. */
  shape: "segment";
  /** First end, in the shape's frame, m. */
  a: Vec2;
  /** Second end, at least 0.5 mm from `a`, m. */
  b: Vec2;
}
/** One shape of a `Compound`. */
export type ShapeDef = CircleShapeDef | CapsuleShapeDef | BoxShapeDef | PolygonShapeDef | SegmentShapeDef;

/** Options of `new Compound(options)`: the body options and `shapes`. */
export interface CompoundOptions extends BodyOptions {
  /** 1 to 64 shape definitions. */
  shapes: readonly ShapeDef[];
}

/** Options of `Compound.fromOutline(options)`: the body options, `outline` and `radius`. */
export interface OutlineOptions extends BodyOptions {
  /** A simple polygon (concave allowed, either winding), in the body's frame. */
  outline: readonly Vec2[];
  /** Rounds every convex piece, m (>= 0, default 0). */
  radius?: number;
}

/** At most this many shapes in one compound. */
export const MAX_COMPOUND_SHAPES = 64;
/** At most this many points in `Compound.fromOutline`'s outline (64 pieces of 8 vertices: 384 triangles). */
const MAX_OUTLINE_POINTS = 386;

const KINDS: readonly ShapeDef["shape"][] = ["circle", "capsule", "box", "polygon", "segment"];
const COMMON_KEYS = ["shape", "offset", "angle", "density", "friction", "restitution", "isSensor", "collisionFilter", "userData"];
const GEOMETRY_KEYS: Record<ShapeDef["shape"], readonly string[]> = {
  circle: ["radius"],
  capsule: ["halfLength", "radius"],
  box: ["halfWidth", "halfHeight", "radius"],
  polygon: ["vertices", "radius"],
  segment: ["a", "b"],
};

/** Re-throw an error of a shape's maker with the field named as `shapes[i].field`. */
function renamed(e: unknown, at: string, keys: readonly string[]): unknown {
  if (!(e instanceof RangeError || e instanceof TypeError)) return e;
  const rest = e.message.replace(/^capsule2d: /, "");
  // a field's name starts the message ("radius must be > 0", "vertices: ..."), not a word of a sentence ("a segment's ...")
  const word = /^([A-Za-z]+)(?=[.:[]| must| is| has)/.exec(rest)?.[1] ?? "";
  const message = keys.includes(word) ? `capsule2d: ${at}.${rest}` : `capsule2d: ${at}: ${rest}`;
  return e instanceof RangeError ? new RangeError(message) : new TypeError(message);
}

/** A part for definition `d` (checked here), built in the body's frame; static (parts have no mass of their own). */
function makePart(d: ShapeDef, i: number, o: BodyOptions): Body {
  const at = `shapes[${i}]`;
  if (d === null || typeof d !== "object") throw new TypeError(`capsule2d: ${at} must be a shape definition object, got ${check.describe(d)}`);
  const kind = check.oneOf(`${at}.shape`, (d as { shape: unknown }).shape, KINDS);
  const keys = [...COMMON_KEYS, ...GEOMETRY_KEYS[kind]];
  check.knownKeys(`${at}`, d, keys);
  const offset = d.offset === undefined ? { x: 0, y: 0 } : check.point(`${at}.offset`, d.offset);
  const angle = d.angle === undefined ? 0 : check.magnitude(`${at}.angle`, d.angle, check.LIMITS.angle);
  const filter = d.collisionFilter;
  if (filter !== undefined && (filter === null || typeof filter !== "object")) {
    throw new TypeError(`capsule2d: ${at}.collisionFilter must be an object, got ${check.describe(filter)}`);
  }
  const po: BodyOptions = {
    position: offset,
    angle,
    type: "static",
    density: d.density ?? o.density ?? 1,
    friction: d.friction ?? o.friction,
    restitution: d.restitution ?? o.restitution,
    isSensor: d.isSensor ?? o.isSensor,
    collisionFilter: { ...o.collisionFilter, ...filter },
    userData: d.userData,
  };
  for (const k of ["friction", "restitution", "isSensor"] as const) if (po[k] === undefined) delete po[k];
  try {
    switch (d.shape) {
      case "circle":
        return new Circle({ ...po, radius: d.radius });
      case "capsule":
        return new Capsule({ ...po, halfLength: d.halfLength, radius: d.radius });
      case "box":
        return new Box({ ...po, halfWidth: d.halfWidth, halfHeight: d.halfHeight, ...(d.radius === undefined ? {} : { radius: d.radius }) });
      case "polygon":
        return new Polygon({ ...po, vertices: d.vertices, ...(d.radius === undefined ? {} : { radius: d.radius }) });
      case "segment":
        return new Segment({ ...po, a: d.a, b: d.b });
    }
  } catch (e) {
    throw renamed(e, at, keys);
  }
}

/** `g` (in a shape's frame) in the body's frame: turned by (c, s), moved by (x, y). */
function placedPolygon(g: PolygonGeometry, x: number, y: number, c: number, s: number): PolygonGeometry {
  const h = new PolygonGeometry();
  h.count = g.count;
  for (let i = 0; i < g.count; i++) {
    h.vx[i] = x + (c * g.vx[i]! - s * g.vy[i]!);
    h.vy[i] = y + (s * g.vx[i]! + c * g.vy[i]!);
    h.nx[i] = c * g.nx[i]! - s * g.ny[i]!;
    h.ny[i] = s * g.nx[i]! + c * g.ny[i]!;
  }
  h.radius = g.radius;
  h.centroidX = x + (c * g.centroidX - s * g.centroidY);
  h.centroidY = y + (s * g.centroidX + c * g.centroidY);
  return h;
}

function placedSegment(g: SegmentGeometry, x: number, y: number, c: number, s: number): SegmentGeometry {
  return makeSegment(
    { x: x + (c * g.ax - s * g.ay), y: y + (s * g.ax + c * g.ay) },
    { x: x + (c * g.bx - s * g.by), y: y + (s * g.bx + c * g.by) },
  );
}

const KEYS = ["shapes"];

/** @internal What `new Compound(options)` builds (snapshots rebuild compounds by it, without the class and its outline cutting). */
export function buildCompound(options: CompoundOptions): ShapeBody {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
  }
  return buildShapes(options, KEYS, options.shapes);
}

/**
 * @internal The compound of `defs` (checked here); `keys` are the maker's own
 * option keys. A `Chain` (chain.ts) builds its segments here too, with up to
 * `maxShapes` of them and its shapes of kind `chainKind`.
 */
export function buildShapes(
  options: BodyOptions,
  keys: readonly string[],
  defs: readonly ShapeDef[],
  maxShapes = MAX_COMPOUND_SHAPES,
  chainKind: ShapeKindName | null = null,
): ShapeBody {
  const body = new ShapeBody(COMPOUND, options, keys);
  if (options.oneWay !== undefined && options.oneWay !== null) {
    throw new RangeError("capsule2d: oneWay is not supported on a Compound yet (make the platform a single-shape body)");
  }
  if (!Array.isArray(defs)) throw new TypeError(`capsule2d: shapes must be an array of shape definitions, got ${check.describe(defs)}`);
  if (defs.length < 1 || defs.length > maxShapes) {
    throw new RangeError(`capsule2d: shapes must hold 1 to ${maxShapes} shape definitions, got ${defs.length}`);
  }
  const parts = defs.map((d, i) => makePart(d, i, options));
  // mass: each part's about its own centre of mass (px, py: built in the body's frame), then added up about theirs
  const n = parts.length;
  const mass = new Float64Array(n);
  let area = 0;
  let total = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    const p = parts[i]!;
    const a = p.area;
    mass[i] = p._density * a;
    area += a;
    total += mass[i]!;
    sx += mass[i]! * p.px;
    sy += mass[i]! * p.py;
  }
  if ((body._type === "dynamic") && !(area > 0)) {
    throw new RangeError(`capsule2d: a dynamic Compound needs a shape with area (segments have none), got ${n} segment${n === 1 ? "" : "s"}`);
  }
  const cx = total > 0 ? sx / total : 0;
  const cy = total > 0 ? sy / total : 0;
  let inertia = 0;
  const local = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const p = parts[i]!;
    const dx = p.px - cx;
    const dy = p.py - cy;
    inertia += mass[i]! * (p.shapeUnitInertia() + dx * dx + dy * dy);
    local[4 * i] = dx;
    local[4 * i + 1] = dy;
    local[4 * i + 2] = p.qc;
    local[4 * i + 3] = p.qs;
  }
  // the shapes, in the body's frame, reading their numbers from their parts
  const list: Shape<Body>[] = [];
  const frames: (PolygonGeometry | null)[] = [];
  for (let i = 0; i < n; i++) {
    const p = parts[i]!;
    const d = defs[i]!;
    const own = p._shape;
    frames.push(own !== null ? own._frame : null);
    const ox = d.offset?.x ?? 0;
    const oy = d.offset?.y ?? 0;
    const angle = d.angle ?? 0;
    const c = angle === 0 ? 1 : detCos(angle);
    const s = angle === 0 ? 0 : detSin(angle);
    const frame = own !== null && own._frame !== null ? placedPolygon(own._frame, ox, oy, c, s) : null;
    const seg = own !== null && own._segment !== null ? placedSegment(own._segment, ox, oy, c, s) : null;
    const unit = p.shapeUnitInertia();
    const kind: ShapeKindName = chainKind ?? d.shape;
    p._shape = new Shape(kind, body as Body, frame, seg, { area: p.area, unitInertia: unit }, p, list, Object.freeze({ x: ox, y: oy }), angle);
  }
  Object.freeze(list);
  body._shape = list[0]!;
  if (cx !== 0 || cy !== 0) {
    body._lc = Object.freeze({ x: cx, y: cy });
    body.px += body.qc * cx - body.qs * cy;
    body.py += body.qs * cx + body.qc * cy;
    body.x0 = body.px;
    body.y0 = body.py;
  }
  // the body's density is its mean one, so that density × area is its mass (setDensity, setMass scale it)
  const data: CompoundData = { local, area, unitInertia: total > 0 ? inertia / total : 0, frames: Object.freeze(frames) };
  if (options.mass === undefined) body._density = area > 0 ? total / area : 0;
  body.setParts(parts, data, options);
  return body;
}

/** A body of several shapes: a `ShapeBody` of kind COMPOUND (see the top of this file). */
export interface Compound extends ShapeBody {}

/**
 * One rigid body of several shapes (`shapes`: circles, capsules, boxes,
 * polygons, segments, each at its `offset` and `angle` in the body's frame,
 * with its own density, material, sensor flag, filter and userData).
 * `position` and `angle` place the body's frame; it turns about its centre
 * of mass (`localCenter`, `worldCenter`). `body.shapes` lists one `Shape`
 * per definition, in order. `new Compound(...)` builds a `ShapeBody`;
 * `body instanceof Compound` holds for it.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class Compound {
  constructor(options: CompoundOptions) {
    return buildCompound(options) as Compound;
  }

  /**
   * A body of the simple outline `outline` (concave allowed: an L, a U, a
   * star), cut into convex polygons (src/shapes/decompose.ts) whose areas
   * add up to the outline's; `radius` rounds each piece. A self-crossing
   * outline is a RangeError naming two crossing edges.
   */
  static fromOutline(options: OutlineOptions): Compound {
    if (options === null || typeof options !== "object") {
      throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
    }
    const radius = options.radius === undefined ? 0 : check.within("radius", check.nonNegative("radius", options.radius), 0, check.LIMITS.sizeMax);
    const outline = options.outline;
    // 64 pieces of at most 8 vertices cover at most 64 × 6 triangles, n − 2 of them: a longer outline cannot fit
    // (and the cut is O(n³): untrusted outlines are refused before it)
    if (Array.isArray(outline) && outline.length > MAX_OUTLINE_POINTS) {
      throw new RangeError(`capsule2d: outline must have at most ${MAX_OUTLINE_POINTS} points (${MAX_COMPOUND_SHAPES} convex pieces of 8), got ${outline.length}`);
    }
    const pieces = decomposeOutline(outline);
    if (pieces.length > MAX_COMPOUND_SHAPES) {
      throw new RangeError(`capsule2d: the outline makes ${pieces.length} convex pieces, more than ${MAX_COMPOUND_SHAPES}`);
    }
    const defs: ShapeDef[] = pieces.map((vertices) => ({ shape: "polygon", vertices, radius }));
    const { outline: _o, radius: _r, ...rest } = options;
    const o: CompoundOptions = { ...rest, shapes: defs };
    return buildShapes(o, KEYS, defs) as Compound;
  }

  /** A body is a Compound when it is a ShapeBody of several shapes (and not a `Chain`). */
  static [Symbol.hasInstance](x: unknown): boolean {
    return x instanceof ShapeBody && x._kind === COMPOUND && !(x._shape !== null && x._shape.kind === "chainSegment");
  }
}
