import { Body, CIRCLE, type BodyOptions } from "./body.js";
import * as check from "../math/validate.js";

export interface CircleOptions extends BodyOptions {
  /** Metres, > 0. */
  radius: number;
}

export class Circle extends Body {
  constructor(options: CircleOptions) {
    super(CIRCLE, options);
    this.radius = check.positive("radius", options.radius);
    this.maxExtent = this.radius;
    this.minExtent = this.radius;
    this.initMass(options);
    this.updateBounds();
  }

  get area(): number {
    return Math.PI * this.radius * this.radius;
  }

  /** Solid disc about its centre: I = ½ m r². */
  protected unitInertia(): number {
    return 0.5 * this.radius * this.radius;
  }

  updateBounds(): void {
    const r = this.radius;
    const p = this.position;
    this.minX = p.x - r;
    this.minY = p.y - r;
    this.maxX = p.x + r;
    this.maxY = p.y + r;
  }
}
