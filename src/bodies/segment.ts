import { Body, SEGMENT, type BodyOptions, type BodyType } from "./body.js";
import { Shape } from "./shape.js";
import { makeSegment } from "../shapes/polygon.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new Segment(options)`: the body options (type "static" or "kinematic") and the ends `a`, `b`. */
export interface SegmentOptions extends BodyOptions {
  /** First end, in the body's frame (with the default position (0, 0), a world point), m. */
  a: Vec2;
  /** Second end, at least 0.5 mm from `a`, m. */
  b: Vec2;
}

const SEGMENT_KEYS = ["a", "b"];

function noMass(type: BodyType): RangeError {
  return new RangeError(
    `capsule2d: a Segment has no area, so no mass: its type must be "static" or "kinematic", got type "${type}"`,
  );
}

/**
 * A two-sided line from `a` to `b` (body frame) without thickness: ground,
 * walls, ramps. It has no area, so no mass: static or kinematic (a
 * kinematic one turns about its origin).
 */
export class Segment extends Body {
  constructor(options: SegmentOptions) {
    super(SEGMENT, options, SEGMENT_KEYS);
    if (this._type === "dynamic") throw noMass(this._type);
    const g = makeSegment(options.a, options.b);
    const far = Math.max(Math.sqrt(g.ax * g.ax + g.ay * g.ay), Math.sqrt(g.bx * g.bx + g.by * g.by));
    if (!(far <= check.LIMITS.sizeMax)) {
      throw new RangeError(`capsule2d: a segment's ends must be within ${check.LIMITS.sizeMax} m of its origin, got ${far} m`);
    }
    this.segment = g;
    this._shape = new Shape("segment", this, null, g);
    this.updateExtents();
    this.initMass(options);
    this.updateBounds();
  }

  protected blank(): Body {
    return new Segment({ a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, type: "static" });
  }

  /** A segment stays static or kinematic (it has no mass). */
  override setType(type: BodyType): this {
    if (type === "dynamic") throw noMass(type);
    return super.setType(type);
  }

  get area(): number {
    return 0;
  }

  protected unitInertia(): number {
    return 0;
  }

  /** World-space ends `[a, b]` at the body's pose now. */
  get endpoints(): [Vec2, Vec2] {
    const g = this.segment!;
    const c = this.qc;
    const s = this.qs;
    return [
      { x: this.px + (c * g.ax - s * g.ay), y: this.py + (s * g.ax + c * g.ay) },
      { x: this.px + (c * g.bx - s * g.by), y: this.py + (s * g.bx + c * g.by) },
    ];
  }

  /** @internal */
  updateExtents(): void {
    const g = this.segment!;
    this._maxExtent = Math.max(Math.sqrt(g.ax * g.ax + g.ay * g.ay), Math.sqrt(g.bx * g.bx + g.by * g.by));
    this._minExtent = 0;
  }

  /** @internal */
  updateBounds(): void {
    const g = this.segment!;
    const c = this.qc;
    const s = this.qs;
    const ax = this.px + (c * g.ax - s * g.ay);
    const ay = this.py + (s * g.ax + c * g.ay);
    const bx = this.px + (c * g.bx - s * g.by);
    const by = this.py + (s * g.bx + c * g.by);
    this.minX = ax < bx ? ax : bx;
    this.maxX = ax < bx ? bx : ax;
    this.minY = ay < by ? ay : by;
    this.maxY = ay < by ? by : ay;
  }
}
