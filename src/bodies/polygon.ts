import type { BodyOptions, Body } from "./body.js";
import { PolygonBody } from "./polygon-body.js";
import { makePolygon, makeRegularPolygon, type PolygonGeometry } from "../shapes/polygon.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new Polygon(options)`: the body options, `vertices` and `radius`. */
export interface PolygonOptions extends BodyOptions {
  /**
   * 3 to 8 points in the body's frame (about `position`, turned by `angle`):
   * the polygon is their convex hull, after points closer than 0.5 mm are
   * welded and collinear ones dropped.
   */
  vertices: readonly Vec2[];
  /** Rounds the polygon: the shape is every point within `radius` of it, m (>= 0, default 0). */
  radius?: number;
}

/** Options of `Polygon.regular`: the body options and `radius`. */
export interface RegularPolygonOptions extends BodyOptions {
  /** Rounding radius, m (>= 0, default 0). */
  radius?: number;
}

const POLYGON_KEYS = ["vertices", "radius"];

function checkRadius(radius: number | undefined): number {
  return radius === undefined ? 0 : check.within("radius", check.nonNegative("radius", radius), 0, check.LIMITS.sizeMax);
}

/**
 * A convex polygon: the convex hull of `vertices` (3 to 8 after welding),
 * optionally rounded by `radius`. `position` and `angle` place the frame
 * the vertices are given in; the body turns about its centre of mass
 * (`localCenter` in that frame, `worldCenter` in the world), which need not
 * be the origin, and `velocity` is the centre of mass's.
 */
export class Polygon extends PolygonBody {
  constructor(options: PolygonOptions) {
    const regular = pendingRegular;
    pendingRegular = null;
    super(options, POLYGON_KEYS);
    const radius = checkRadius(options.radius);
    const frame = regular ?? makePolygon(options.vertices, radius);
    this.setPolygon("polygon", frame, regular !== null, options);
  }

  /**
   * A regular polygon of `sides` (3 to 8) vertices on a circle of
   * `circumradius` about `position` (its centre of mass), its first edge at
   * the bottom and horizontal (it rests on a flat floor); `options` are the
   * body options and `radius`.
   */
  static regular(sides: number, circumradius: number, options: RegularPolygonOptions = {}): Polygon {
    check.object("options", options);
    if ((options as { vertices?: unknown }).vertices !== undefined) {
      throw new TypeError("capsule2d: Polygon.regular makes its own vertices: leave vertices out of its options");
    }
    const frame = makeRegularPolygon(sides, check.size("circumradius", circumradius), checkRadius(options.radius));
    // the hull of these points is this polygon; its centroid is its centre exactly (computed, it
    // would be ~1e-17 off), so the constructor takes the exact geometry and centres it
    pendingRegular = frame;
    try {
      return new Polygon({ ...options, vertices: frame.vertices() });
    } finally {
      pendingRegular = null;
    }
  }

  protected blank(): Body {
    return new Polygon({ vertices: TRIANGLE });
  }
}

/** The geometry `Polygon.regular` hands to the constructor (null otherwise). */
let pendingRegular: PolygonGeometry | null = null;

/** A stand-in hull (built through the constructor, so that every polygon shares its layout). */
const TRIANGLE: readonly Vec2[] = Object.freeze([
  { x: -1, y: -1 },
  { x: 1, y: -1 },
  { x: 0, y: 1 },
]);
