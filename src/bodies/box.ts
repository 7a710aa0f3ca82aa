import { POLYGON, type BodyOptions } from "./body.js";
import { isShapeBodyOf, ShapeBody } from "./shape-body.js";
import { makeBox } from "../shapes/polygon.js";
import * as check from "../math/validate.js";

/** Options of `new Box(options)`: the body options, `halfWidth`, `halfHeight` and `radius`. */
export interface BoxOptions extends BodyOptions {
  /** Half the width, metres, > 0. */
  halfWidth: number;
  /** Half the height, metres, > 0. */
  halfHeight: number;
  /** Rounds the corners: the shape is every point within `radius` of the box, m (>= 0, default 0). */
  radius?: number;
}

const BOX_KEYS = ["halfWidth", "halfHeight", "radius"];

/** A box that turns: a `ShapeBody` whose one shape is a box (`shapes[0].kind === "box"`). */
export interface Box extends ShapeBody {}

/**
 * A box that turns, centred on `position` (its centre of mass), turned by
 * `angle`; `radius` rounds it (Box2D v3's rounded box). `AABB` is the box
 * that never turns. `new Box(...)` builds a `ShapeBody` (see
 * src/bodies/shape-body.ts for why); `body instanceof Box` holds for it.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class Box {
  constructor(options: BoxOptions) {
    const body = new ShapeBody(POLYGON, options, BOX_KEYS);
    const hw = check.size("halfWidth", options.halfWidth);
    const hh = check.size("halfHeight", options.halfHeight);
    const radius = options.radius === undefined ? 0 : check.within("radius", check.nonNegative("radius", options.radius), 0, check.LIMITS.sizeMax);
    body._halfWidth = hw;
    body._halfHeight = hh;
    body.setPolygon("box", makeBox(hw, hh, { radius }), true, options);
    return body as Box;
  }

  /** A body is a Box when its shape is a box. */
  static [Symbol.hasInstance](x: unknown): boolean {
    return isShapeBodyOf(x, "box");
  }
}
