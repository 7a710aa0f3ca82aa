/**
 * Chain: smooth one-sided terrain (Box2D's chain shape).
 *
 * `new Chain({ points, loop = false, ...bodyOptions })` builds a static or
 * kinematic `ShapeBody` of kind COMPOUND (no new hidden class, see
 * shape-body.ts) whose parts are the chain's segments, one per pair of
 * consecutive points (and, for a loop, one from the last point back to the
 * first). Each part is a segment whose geometry is marked `oneSided` and
 * carries its two neighbours' far points as ghost vertices:
 *
 *   ghost1 ── a ══════ b ── ghost2        (segment i: points[i] → points[i+1])
 *
 * so that the narrowphase (src/collision/narrowphase/chain-segment.ts) can
 * tell a normal that belongs to this segment from one that belongs to its
 * neighbour, and the chain acts as one surface: a body sliding over an inner
 * vertex of a straight or convex chain gets the surface's normal, never the
 * vertex's (no ghost collision). Box2D's convention: a segment collides only
 * on the RIGHT of its direction a → b, so a counter-clockwise loop keeps
 * bodies outside it and a floor drawn left to right ... is solid from below:
 * draw floors right to left (or use a counter-clockwise loop).
 *
 * An open chain's two end segments have no neighbour beyond their outer
 * point: their ghost is that point pushed on along the segment (a straight
 * continuation), as if the chain went on flat.
 *
 * `body.shapes` lists one shape of kind "chainSegment" per segment, with `a`,
 * `b`, `ghost1`, `ghost2` in the body's frame. Contacts, events and query or
 * cast hits name the chain as the body and the segment's shape as the shape.
 */
import { type BodyOptions } from "./body.js";
import { ShapeBody } from "./shape-body.js";
import { buildShapes, type SegmentShapeDef } from "./compound.js";
import { WELD_DISTANCE } from "../shapes/hull.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new Chain(options)`: the body options (type "static" or "kinematic"), `points` and `loop`. */
export interface ChainOptions extends BodyOptions {
  /**
   * The polyline, in the body's frame (with the default position (0, 0),
   * world points): at least 2 (a loop: 3) after points closer than 0.5 mm
   * to the one before are welded. Each segment collides on the right of its
   * direction.
   */
  points: readonly Vec2[];
  /** Join the last point back to the first (default false). */
  loop?: boolean;
}

/** At most this many points in one chain. */
export const MAX_CHAIN_POINTS = 4096;

const KEYS = ["points", "loop"];

/** A chain body: a `ShapeBody` whose shapes are one-sided segments (`shapes[i].kind === "chainSegment"`). */
export interface Chain extends ShapeBody {}

/** The points of a chain, checked and welded (a point closer than 0.5 mm to the last kept one is dropped). */
export function chainPoints(points: unknown, loop: boolean): Vec2[] {
  if (!Array.isArray(points)) throw new TypeError(`capsule2d: points must be an array of { x, y } points, got ${check.describe(points)}`);
  if (points.length > MAX_CHAIN_POINTS) throw new RangeError(`capsule2d: points must hold at most ${MAX_CHAIN_POINTS} points, got ${points.length}`);
  const kept: Vec2[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = check.vectorIn(`points[${i}]`, points[i], check.LIMITS.sizeMax);
    const last = kept[kept.length - 1];
    if (last !== undefined) {
      const dx = p.x - last.x;
      const dy = p.y - last.y;
      if (!(Math.sqrt(dx * dx + dy * dy) >= WELD_DISTANCE)) continue;
    }
    kept.push({ x: p.x, y: p.y });
  }
  if (loop && kept.length >= 2) {
    // the closing segment: a last point on the first is the same point
    const f = kept[0]!;
    const l = kept[kept.length - 1]!;
    const dx = l.x - f.x;
    const dy = l.y - f.y;
    if (!(Math.sqrt(dx * dx + dy * dy) >= WELD_DISTANCE)) kept.pop();
  }
  const need = loop ? 3 : 2;
  if (kept.length < need) {
    throw new RangeError(
      `capsule2d: points must hold at least ${need} points ${loop ? "for a loop " : ""}at least ${WELD_DISTANCE * 1000} mm apart, got ${kept.length} after welding (of ${points.length})`,
    );
  }
  return kept;
}

/**
 * A static or kinematic polyline of one-sided segments that bodies slide
 * over as over one surface (see the top of this file). `new Chain(...)`
 * builds a `ShapeBody`; `body instanceof Chain` holds for it.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class Chain {
  constructor(options: ChainOptions) {
    if (options === null || typeof options !== "object") {
      throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
    }
    const type = options.type ?? "dynamic";
    if (type !== "static" && type !== "kinematic") {
      throw new RangeError(`capsule2d: a Chain has no area, so no mass: its type must be "static" or "kinematic", got type "${String(type)}"`);
    }
    const loop = options.loop === undefined ? false : check.boolean("loop", options.loop);
    if (options.oneWay !== undefined && options.oneWay !== null) {
      throw new RangeError("capsule2d: oneWay is not for a Chain: its segments are one-sided already (each collides on the right of its direction)");
    }
    const pts = chainPoints(options.points, loop);
    const n = pts.length;
    const count = loop ? n : n - 1;
    const defs: SegmentShapeDef[] = [];
    for (let i = 0; i < count; i++) defs.push({ shape: "segment", a: pts[i]!, b: pts[(i + 1) % n]! });
    const { points: _p, loop: _l, ...rest } = options;
    const body = buildShapes(rest, [], defs, MAX_CHAIN_POINTS, "chainSegment");
    // the ghosts: each segment's neighbours' far points (an open chain's ends: the end segment continued)
    const parts = body._parts!;
    const shapes = body.shapes;
    for (let i = 0; i < count; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % n]!;
      let g1: Vec2;
      let g2: Vec2;
      if (loop) {
        g1 = pts[(i + n - 1) % n]!;
        g2 = pts[(i + 2) % n]!;
      } else {
        g1 = i > 0 ? pts[i - 1]! : { x: 2 * a.x - b.x, y: 2 * a.y - b.y };
        g2 = i < count - 1 ? pts[i + 2]! : { x: 2 * b.x - a.x, y: 2 * b.y - a.y };
      }
      for (const g of [parts[i]!.segment!, shapes[i]!._segment!]) {
        g.oneSided = true;
        g.g1x = g1.x;
        g.g1y = g1.y;
        g.g2x = g2.x;
        g.g2y = g2.y;
      }
    }
    return body as Chain;
  }

  /** A body is a Chain when its shapes are chain segments. */
  static [Symbol.hasInstance](x: unknown): boolean {
    return x instanceof ShapeBody && x._shape !== null && x._shape.kind === "chainSegment";
  }
}
