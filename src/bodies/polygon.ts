import { POLYGON, type BodyOptions } from "./body.js";
import { isShapeBodyOf, ShapeBody } from "./shape-body.js";
import { makePolygon, makeRegularPolygon } from "../shapes/polygon.js";
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
const REGULAR_KEYS = ["radius"];

function checkRadius(radius: number | undefined): number {
  return radius === undefined ? 0 : check.within("radius", check.nonNegative("radius", radius), 0, check.LIMITS.sizeMax);
}

/** A convex polygon body: a `ShapeBody` whose one shape is a polygon (`shapes[0].kind === "polygon"`). */
export interface Polygon extends ShapeBody {}

/**
 * A convex polygon: the convex hull of `vertices` (3 to 8 after welding),
 * optionally rounded by `radius`. `position` and `angle` place the frame
 * the vertices are given in; the body turns about its centre of mass
 * (`localCenter` in that frame, `worldCenter` in the world), which need not
 * be the origin, and `velocity` is the centre of mass's. `new Polygon(...)`
 * builds a `ShapeBody` (see src/bodies/shape-body.ts); `body instanceof
 * Polygon` holds for it.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class Polygon {
  constructor(options: PolygonOptions) {
    const body = new ShapeBody(POLYGON, options, POLYGON_KEYS);
    body.setPolygon("polygon", makePolygon(options.vertices, checkRadius(options.radius)), false, options);
    return body as Polygon;
  }

  /**
   * A regular polygon of `sides` (3 to 8) vertices on a circle of
   * `circumradius` about `position` (its centre of mass), its first edge at
   * the bottom and horizontal (it rests on a flat floor); `options` are the
   * body options and `radius`.
   */
  static regular(sides: number, circumradius: number, options: RegularPolygonOptions = {}): Polygon {
    const body = new ShapeBody(POLYGON, options, REGULAR_KEYS);
    const frame = makeRegularPolygon(sides, check.size("circumradius", circumradius), checkRadius(options.radius));
    // its centroid is its centre exactly (computed, it would be ~1e-17 off)
    body.setPolygon("polygon", frame, true, options);
    return body as Polygon;
  }

  /** A body is a Polygon when its shape is a polygon (a Box's is a box). */
  static [Symbol.hasInstance](x: unknown): boolean {
    return isShapeBodyOf(x, "polygon");
  }
}
