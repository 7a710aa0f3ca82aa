import { SEGMENT, type BodyOptions } from "./body.js";
import { isShapeBodyOf, ShapeBody } from "./shape-body.js";
import { makeSegment } from "../shapes/polygon.js";
import type { Vec2 } from "../math/vec2.js";

/** Options of `new Segment(options)`: the body options (type "static" or "kinematic") and the ends `a`, `b`. */
export interface SegmentOptions extends BodyOptions {
  /** First end, in the body's frame (with the default position (0, 0), a world point), m. */
  a: Vec2;
  /** Second end, at least 0.5 mm from `a`, m. */
  b: Vec2;
}

const SEGMENT_KEYS = ["a", "b"];

/** A segment body: a `ShapeBody` whose one shape is a segment (`shapes[0].kind === "segment"`). */
export interface Segment extends ShapeBody {}

/**
 * A two-sided line from `a` to `b` (body frame) without thickness: ground,
 * walls, ramps. It has no area, so no mass: static or kinematic (a
 * kinematic one turns about its origin); a dynamic one is a RangeError.
 * `new Segment(...)` builds a `ShapeBody` (see src/bodies/shape-body.ts);
 * `body instanceof Segment` holds for it.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class Segment {
  constructor(options: SegmentOptions) {
    const body = new ShapeBody(SEGMENT, options, SEGMENT_KEYS);
    body.setSegment(makeSegment(options.a, options.b), options);
    return body as Segment;
  }

  /** A body is a Segment when its shape is a segment. */
  static [Symbol.hasInstance](x: unknown): boolean {
    return isShapeBodyOf(x, "segment");
  }
}
