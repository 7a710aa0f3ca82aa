import { Body, CIRCLE, type BodyOptions } from "./body.js";
import * as check from "../math/validate.js";

/** Options of `new Circle(options)`: the body options and a `radius`. */
export interface CircleOptions extends BodyOptions {
  /** Metres, > 0. */
  radius: number;
}

const CIRCLE_KEYS = ["radius"];

/** A disc of `radius` about its centre `position`. */
export class Circle extends Body {
  constructor(options: CircleOptions) {
    super(CIRCLE, options, CIRCLE_KEYS);
    this._radius = check.size("radius", options.radius);
    this.updateExtents();
    this.initMass(options);
    this.updateBounds();
  }

  protected blank(): Body {
    return new Circle({ radius: 1 });
  }

  get area(): number {
    return Math.PI * this._radius * this._radius;
  }

  /** Solid disc about its centre: I = ½ m r². */
  protected unitInertia(): number {
    return 0.5 * this._radius * this._radius;
  }

  /** @internal */
  updateExtents(): void {
    this._maxExtent = this._radius;
    this._minExtent = this._radius;
  }

  /** @internal */
  updateBounds(): void {
    const r = this._radius;
    this.minX = this.px - r;
    this.minY = this.py - r;
    this.maxX = this.px + r;
    this.maxY = this.py + r;
  }
}
