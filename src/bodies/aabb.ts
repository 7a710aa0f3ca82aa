import { Body, BOX, type BodyOptions } from "./body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

export interface AABBOptions extends BodyOptions {
  /** Half the width, metres, > 0. */
  halfWidth: number;
  /** Half the height, metres, > 0. */
  halfHeight: number;
}

/**
 * An axis-aligned box centred on `position`. It never rotates: its inverse
 * inertia is 0 and its rotation stays the identity (an `angle` option is rejected).
 */
export class AABB extends Body {
  constructor(options: AABBOptions) {
    if (options && options.angle !== undefined && options.angle !== 0) {
      throw new RangeError(`capsule2d: angle of an AABB must be 0 (it never rotates), got ${String(options.angle)}`);
    }
    super(BOX, options);
    this.halfWidth = check.positive("halfWidth", options.halfWidth);
    this.halfHeight = check.positive("halfHeight", options.halfHeight);
    this.fixedRotation = true;
    this.angularVelocity = 0;
    this.maxExtent = Math.sqrt(this.halfWidth * this.halfWidth + this.halfHeight * this.halfHeight);
    this.minExtent = Math.min(this.halfWidth, this.halfHeight);
    this.initMass(options);
    this.updateBounds();
  }

  /** The box spanning `min` to `max`. */
  static fromBounds(min: Vec2, max: Vec2, options: BodyOptions = {}): AABB {
    check.vector("min", min);
    check.vector("max", max);
    if (!(min.x < max.x)) throw new RangeError(`capsule2d: min.x must be < max.x, got min.x ${min.x}, max.x ${max.x}`);
    if (!(min.y < max.y)) throw new RangeError(`capsule2d: min.y must be < max.y, got min.y ${min.y}, max.y ${max.y}`);
    return new AABB({
      ...options,
      position: { x: (min.x + max.x) / 2, y: (min.y + max.y) / 2 },
      halfWidth: (max.x - min.x) / 2,
      halfHeight: (max.y - min.y) / 2,
    });
  }

  get area(): number {
    return 4 * this.halfWidth * this.halfHeight;
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

  override setAngularVelocity(angularVelocity: number): this {
    check.finite("angularVelocity", angularVelocity);
    return this;
  }

  updateBounds(): void {
    const p = this.position;
    this.minX = p.x - this.halfWidth;
    this.minY = p.y - this.halfHeight;
    this.maxX = p.x + this.halfWidth;
    this.maxY = p.y + this.halfHeight;
  }
}
