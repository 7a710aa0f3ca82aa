import type { BodyOptions, Body } from "./body.js";
import { PolygonBody } from "./polygon-body.js";
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

/**
 * A box that turns, centred on `position` (its centre of mass), turned by
 * `angle`; `radius` rounds it (Box2D v3's rounded box). `AABB` is the box
 * that never turns.
 */
export class Box extends PolygonBody {
  constructor(options: BoxOptions) {
    super(options, BOX_KEYS);
    const hw = check.size("halfWidth", options.halfWidth);
    const hh = check.size("halfHeight", options.halfHeight);
    const radius = options.radius === undefined ? 0 : check.within("radius", check.nonNegative("radius", options.radius), 0, check.LIMITS.sizeMax);
    this._halfWidth = hw;
    this._halfHeight = hh;
    this.setPolygon("box", makeBox(hw, hh, { radius }), true, options);
  }

  protected blank(): Body {
    return new Box({ halfWidth: 1, halfHeight: 1 });
  }
}
