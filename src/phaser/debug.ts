/**
 * Debug graphics in a Phaser scene: every body's shapes drawn each frame into
 * one `Graphics` (duck-typed), in scene pixels, at the pose interpolated
 * with the alpha from `world.advance()`. What the engine sees, over (or
 * instead of) the game's own sprites:
 *
 *     const debug = new PhaserDebugDraw(this.add.graphics(), { view });
 *     // each frame, in update():
 *     debug.draw(world, world.advance(delta / 1000));
 *
 * Every shape kind (circle with a radius line, capsule with a line to its
 * front cap, AABB, box and polygon, rounded ones with their rounding,
 * segment, each part of a compound) in `style(body)`'s colours; optionally
 * the contact points and normals of `world.contacts`. Drawing reads the world and never changes it.
 */
import * as check from "../math/validate.js";
import { defaultStyle, drawShapes, ShapeCache, type Frame } from "./shapes.js";
import type { BodyLike, BodyStyle, GraphicsLike, PoseLike as Pose } from "./types.js";
import type { PhaserView } from "./view.js";

/** A contact as `world.contacts` reports it: what `contacts: true` draws. */
export interface DebugContact {
  /** The contact manifold. */
  manifold: {
    /** Unit normal from A to B. */
    normal: {
      /** x of the normal. */
      x: number;
      /** y of the normal. */
      y: number;
    };
    /** Its points (1 or 2). */
    points: readonly {
      /** x of the point, m. */
      x: number;
      /** y of the point, m. */
      y: number;
    }[];
  };
}

/** What `PhaserDebugDraw.draw` reads of a world: its bodies, and its contacts for `contacts: true`. */
export interface DebugWorld<Body extends BodyLike = BodyLike> {
  /** The bodies to draw. */
  readonly bodies: readonly Body[];
  /** The touching pairs (only read with `contacts: true`). */
  readonly contacts?: readonly DebugContact[];
}

/** Options of `new PhaserDebugDraw(graphics, options)`. */
export interface PhaserDebugDrawOptions<Body extends BodyLike = BodyLike> {
  /** Metres to pixels and the y flip. */
  view: PhaserView;
  /** Each body's colours (asked every frame). Default: static grey, kinematic violet, dynamic blue, sleeping dimmer, sensors translucent. */
  style?(body: Body): BodyStyle;
  /** Draw `world.contacts`' points and normals (at the poses now). Default false. */
  contacts?: boolean;
  /** Draw only the bodies this returns true for. Default: all. */
  filter?(body: Body): boolean;
}

/** Every body of a world drawn into one Graphics per frame; see the module's comment. */
export class PhaserDebugDraw<Body extends BodyLike = BodyLike> {
  /** Metres to pixels and the y flip. */
  readonly view: PhaserView;
  /** The Graphics drawn into. */
  readonly graphics: GraphicsLike;
  private readonly options: PhaserDebugDrawOptions<Body>;
  private readonly cache = new ShapeCache();
  private readonly pose: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
  private readonly frame: Frame = { a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 0 };

  /** Draw into `graphics` (e.g. `scene.add.graphics()`), placed through `options.view`. */
  constructor(graphics: GraphicsLike, options: PhaserDebugDrawOptions<Body>) {
    if (graphics === null || typeof graphics !== "object" || typeof graphics.clear !== "function" || typeof graphics.lineTo !== "function") {
      throw new TypeError(`capsule2d: graphics must be a Phaser Graphics, got ${check.describe(graphics)}`);
    }
    if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: PhaserDebugDraw options must be an object, got ${check.describe(options)}`);
    check.knownKeys("PhaserDebugDraw", options, ["view", "style", "contacts", "filter"]);
    const view = options.view as PhaserView | undefined;
    if (view === null || typeof view !== "object" || typeof view.pixelsPerMetre !== "number") throw new TypeError(`capsule2d: view must be a PhaserView, got ${check.describe(view)}`);
    for (const key of ["style", "filter"] as const) {
      if (options[key] !== undefined && typeof options[key] !== "function") throw new TypeError(`capsule2d: ${key} must be a function, got ${check.describe(options[key])}`);
    }
    if (options.contacts !== undefined) check.boolean("contacts", options.contacts);
    this.graphics = graphics;
    this.view = view;
    this.options = options;
  }

  /** Clear the Graphics and draw `world` at `alpha` (what `world.advance()` returned; 1 after `world.step()`). */
  draw(world: DebugWorld<Body>, alpha: number): void {
    check.inRange("alpha", alpha, 0, 1);
    if (world === null || typeof world !== "object" || !Array.isArray(world.bodies)) throw new TypeError(`capsule2d: world must be a World (with bodies), got ${check.describe(world)}`);
    const g = this.graphics;
    const view = this.view;
    const k = view.pixelsPerMetre;
    const f = this.frame;
    const pose = this.pose;
    const { style, filter } = this.options;
    g.clear();
    const bodies = world.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      if (filter !== undefined && !filter(body)) continue;
      body.getInterpolatedPose(alpha, pose);
      // body frame (m, y up) -> scene pixels: rotate by the pose, then the view's flip and scale
      const c = pose.rotCos;
      const s = pose.rotSin;
      f.a = k * c;
      f.b = -k * s;
      f.c = -k * s;
      f.d = -k * c;
      f.tx = view.sceneX(pose.x);
      f.ty = view.sceneY(pose.y);
      drawShapes(g, body, f, k, style?.(body) ?? defaultStyle(body), this.cache);
    }
    // world.contacts makes its list when read: only with the contacts layer on
    const contacts = this.options.contacts === true ? world.contacts : undefined;
    if (contacts !== undefined) {
      const len = 12; // pixels
      g.lineStyle(2, 0xff5f5f, 1);
      g.fillStyle(0xff5f5f, 1);
      for (let i = 0; i < contacts.length; i++) {
        const m = contacts[i]!.manifold;
        const pts = m.points;
        for (let j = 0; j < pts.length; j++) {
          const x = view.sceneX(pts[j]!.x);
          const y = view.sceneY(pts[j]!.y);
          g.fillCircle(x, y, 2.5);
          g.beginPath();
          g.moveTo(x, y);
          g.lineTo(x + len * m.normal.x, y - len * m.normal.y);
          g.strokePath();
        }
      }
    }
  }
}
