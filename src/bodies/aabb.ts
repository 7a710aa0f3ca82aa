import { Body, BOX, type BodyOptions } from "./body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new AABB(options)`: the body options, `halfWidth` and `halfHeight`. */
export interface AABBOptions extends BodyOptions {
  /** Half the width, metres, > 0. */
  halfWidth: number;
  /** Half the height, metres, > 0. */
  halfHeight: number;
}

const AABB_KEYS = ["halfWidth", "halfHeight"];

/**
 * An axis-aligned box centred on `position`. It never rotates: its inverse
 * inertia is 0 and its rotation stays the identity (an `angle` option is rejected).
 */
export class AABB extends Body {
  constructor(options: AABBOptions) {
    if (options && options.angle !== undefined && options.angle !== 0) {
      throw new RangeError(`capsule2d: angle of an AABB must be 0 (it never rotates), got ${String(options.angle)}`);
    }
    super(BOX, options, AABB_KEYS);
    this._halfWidth = check.size("halfWidth", options.halfWidth);
    this._halfHeight = check.size("halfHeight", options.halfHeight);
    this._fixedRotation = true;
    this.w = 0;
    this.updateExtents();
    this.initMass(options);
    this.updateBounds();
  }

  /** The box spanning `min` to `max`. */
  static fromBounds(min: Vec2, max: Vec2, options: BodyOptions = {}): AABB {
    check.point("min", min);
    check.point("max", max);
    if (!(min.x < max.x)) throw new RangeError(`capsule2d: min.x must be < max.x, got min.x ${min.x}, max.x ${max.x}`);
    if (!(min.y < max.y)) throw new RangeError(`capsule2d: min.y must be < max.y, got min.y ${min.y}, max.y ${max.y}`);
    return new AABB({
      ...options,
      position: { x: (min.x + max.x) / 2, y: (min.y + max.y) / 2 },
      halfWidth: (max.x - min.x) / 2,
      halfHeight: (max.y - min.y) / 2,
    });
  }

  protected blank(): Body {
    return new AABB({ halfWidth: 1, halfHeight: 1 });
  }

  get area(): number {
    return 4 * this._halfWidth * this._halfHeight;
  }

  /** Boxes never rotate. */
  protected unitInertia(): number {
    return 0;
  }

  override setAngle(angle: number): this {
    check.finite("angle", angle);
    if (angle !== 0) throw new RangeError(`capsule2d: angle of an AABB must be 0 (it never rotates), got ${angle}`);
    return this;
  }

  /** @internal */
  updateExtents(): void {
    this._maxExtent = Math.sqrt(this._halfWidth * this._halfWidth + this._halfHeight * this._halfHeight);
    this._minExtent = Math.min(this._halfWidth, this._halfHeight);
  }

  /** @internal */
  updateBounds(): void {
    this.minX = this.px - this._halfWidth;
    this.minY = this.py - this._halfHeight;
    this.maxX = this.px + this._halfWidth;
    this.maxY = this.py + this._halfHeight;
  }
}
