/**
 * Game objects that follow bodies, at the pose interpolated with the alpha
 * `world.advance()` returned.
 *
 * The world steps at a fixed rate, the display at whatever rate the browser
 * gives. Each frame the game hands the time that passed to
 * `world.advance(elapsed)`, which takes the whole steps that fit and returns
 * `alpha`, how far real time has got towards the next step; `sync(world,
 * alpha)` puts every object at `body.getInterpolatedPose(alpha)`, between
 * the body's pose before the last step and its pose now (pass 1 after a
 * direct `world.step()`).
 *
 * Which object: one the game attached (`attach(body, sprite, offset?)`: a
 * Sprite, an Image, a Container...), or else, for every body the world has,
 * one `sync` makes the first time it sees the body: `create(body)` when
 * given, otherwise a Graphics (`scene.add.graphics()`) with the body's
 * shapes drawn once in its own frame, every kind (circle, capsule, AABB,
 * box, polygon, segment, a compound's parts). Objects of bodies no longer in
 * the world are destroyed (`keepRemoved` keeps attached ones). A followed
 * camera is centred on its body's interpolated position in the same pass,
 * so the camera and the sprite move together: no jitter.
 */
import * as check from "../math/validate.js";
import { defaultStyle, drawShapes, ShapeCache, type Frame } from "./shapes.js";
import type { BodyLike, BodyStyle, CameraLike, GameObjectLike, PointLike as Vec2, PoseLike as Pose, SceneLike } from "./types.js";
import type { PhaserView } from "./view.js";

/** Options of `new BodySprites(scene, options)`. */
export interface BodySpritesOptions<Body extends BodyLike = BodyLike> {
  /** Metres to pixels and the y flip. */
  view: PhaserView;
  /**
   * The object of a body the game attached none to, asked once per body:
   * return a game object, or null to leave the body out. Default: a Graphics
   * with the body's shapes drawn in `style(body)`.
   */
  create?(body: Body): GameObjectLike | null;
  /** The colours of the Graphics made for a body (asked once per body). Default: static grey, kinematic violet, dynamic blue, sensors translucent. */
  style?(body: Body): BodyStyle;
  /** The depth (draw order) of the objects made for bodies. Default 0. */
  depth?(body: Body): number;
  /** Leave out bodies this returns false for (asked once per body): they get no object. Default: every body. */
  filter?(body: Body): boolean;
  /** Keep (do not destroy) attached objects when their body leaves the world: `detach` gives them back. Default false. */
  keepRemoved?: boolean;
}

/** A followed body's object and where it sits in the body's frame. */
interface Entry<Body extends BodyLike> {
  body: Body;
  object: GameObjectLike | null;
  /** Offset in the body's frame, m (y up), and turn, rad. */
  ox: number;
  oy: number;
  oa: number;
  attached: boolean;
  /** The `sync` that last saw its body in the world. */
  seen: number;
}

const ORIGIN: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 });

/** Game objects following a world's bodies; see the module's comment. */
export class BodySprites<Body extends BodyLike = BodyLike> {
  /** Metres to pixels and the y flip. */
  readonly view: PhaserView;
  private readonly scene: SceneLike;
  private readonly options: BodySpritesOptions<Body>;
  private readonly entries = new Map<Body, Entry<Body>>();
  private readonly cache = new ShapeCache();
  private readonly pose: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
  private readonly local: Frame;
  private camera: CameraLike | null = null;
  private target: Body | null = null;
  private readonly camOffset = { x: 0, y: 0 };
  private pass = 0;
  private readonly sweep: (e: Entry<Body>, body: Body) => void;

  /** Objects made in `scene` (its `add.graphics()`), placed through `options.view`. */
  constructor(scene: SceneLike, options: BodySpritesOptions<Body>) {
    if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: BodySprites options must be an object, got ${check.describe(options)}`);
    check.knownKeys("BodySprites", options, ["view", "create", "style", "depth", "filter", "keepRemoved"]);
    const view = options.view as PhaserView | undefined;
    if (view === null || typeof view !== "object" || typeof view.pixelsPerMetre !== "number") {
      throw new TypeError(`capsule2d: view must be a PhaserView, got ${check.describe(view)}`);
    }
    for (const key of ["create", "style", "depth", "filter"] as const) {
      if (options[key] !== undefined && typeof options[key] !== "function") throw new TypeError(`capsule2d: ${key} must be a function, got ${check.describe(options[key])}`);
    }
    if (options.create === undefined && (scene === null || typeof scene !== "object" || typeof scene.add?.graphics !== "function")) {
      throw new TypeError(`capsule2d: scene must be a Phaser scene (with add.graphics()) unless create is given, got ${check.describe(scene)}`);
    }
    this.scene = scene;
    this.options = options;
    this.view = view;
    const k = view.pixelsPerMetre;
    // the body's frame (m, y up) to the object's (px, y down)
    this.local = { a: k, b: 0, c: 0, d: -k, tx: 0, ty: 0 };
    this.sweep = (e, body) => {
      if (e.seen === this.pass) return;
      if (e.attached && this.options.keepRemoved === true) return;
      e.object?.destroy();
      this.entries.delete(body);
    };
  }

  /**
   * Let `object` follow `body` from now on (instead of the Graphics `sync`
   * would make), its centre `offset` metres from the body's origin in the
   * body's frame (y up) and turned by `angle` rad. An object the body had is
   * destroyed if `sync` made it, else given up.
   */
  attach<T extends GameObjectLike>(body: Body, object: T, offset: Vec2 = ORIGIN, angle = 0): T {
    if (body === null || typeof body !== "object" || typeof (body as BodyLike).getInterpolatedPose !== "function") {
      throw new TypeError(`capsule2d: body must be a Body, got ${check.describe(body)}`);
    }
    if (object === null || typeof object !== "object" || typeof object.destroy !== "function") {
      throw new TypeError(`capsule2d: object must be a Phaser game object, got ${check.describe(object)}`);
    }
    const o = check.point("offset", offset);
    const a = check.finite("angle", angle);
    const old = this.entries.get(body);
    if (old !== undefined && !old.attached && old.object !== object) old.object?.destroy();
    this.entries.set(body, { body, object, ox: o.x, oy: o.y, oa: a, attached: true, seen: this.pass });
    return object;
  }

  /** Stop following `body`; returns the game object it had (not destroyed), or undefined. */
  detach(body: Body): GameObjectLike | undefined {
    const e = this.entries.get(body);
    if (e === undefined) return undefined;
    this.entries.delete(body);
    return e.object ?? undefined;
  }

  /** The game object following `body` (after the `sync` that first saw it, or `attach`). */
  objectOf(body: Body): GameObjectLike | undefined {
    return this.entries.get(body)?.object ?? undefined;
  }

  /** Centre `camera` on `body` (plus `offset`, metres, y up) on every `sync`; `null` stops. */
  follow(camera: CameraLike | null, body?: Body, offset: Vec2 = ORIGIN): void {
    if (camera === null) {
      this.camera = null;
      this.target = null;
      return;
    }
    if (typeof camera !== "object" || typeof camera.centerOn !== "function") throw new TypeError(`capsule2d: camera must be a Phaser camera (with centerOn), got ${check.describe(camera)}`);
    if (body === undefined || body === null || typeof body.getInterpolatedPose !== "function") throw new TypeError(`capsule2d: body must be a Body, got ${check.describe(body)}`);
    const o = check.point("offset", offset);
    this.camera = camera;
    this.target = body;
    this.camOffset.x = o.x;
    this.camOffset.y = o.y;
  }

  /**
   * Bring the scene up to date with `world` at `alpha` (what
   * `world.advance()` returned; 1 after `world.step()`): objects for new
   * bodies, every object at its body's interpolated pose, objects of removed
   * bodies destroyed, the followed camera centred.
   */
  sync(world: { readonly bodies: readonly Body[] }, alpha: number): void {
    check.inRange("alpha", alpha, 0, 1);
    if (world === null || typeof world !== "object" || !Array.isArray(world.bodies)) throw new TypeError(`capsule2d: world must be a World (with bodies), got ${check.describe(world)}`);
    const pass = ++this.pass;
    const view = this.view;
    const pose = this.pose;
    const bodies = world.bodies;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      let e = this.entries.get(body);
      if (e === undefined) {
        e = this.make(body);
        this.entries.set(body, e);
      }
      e.seen = pass;
      const o = e.object;
      if (o === null) continue;
      body.getInterpolatedPose(alpha, pose);
      let x = pose.x;
      let y = pose.y;
      if (e.ox !== 0 || e.oy !== 0) {
        x += pose.rotCos * e.ox - pose.rotSin * e.oy;
        y += pose.rotSin * e.ox + pose.rotCos * e.oy;
      }
      o.x = view.sceneX(x);
      o.y = view.sceneY(y);
      o.rotation = view.rotation(pose.angle + e.oa);
    }
    this.entries.forEach(this.sweep);
    const cam = this.camera;
    const target = this.target;
    if (cam !== null && target !== null) {
      target.getInterpolatedPose(alpha, pose);
      cam.centerOn(view.sceneX(pose.x + this.camOffset.x), view.sceneY(pose.y + this.camOffset.y));
    }
  }

  /** Destroy every object this made (and the attached ones) and forget them all. */
  clear(): void {
    this.entries.forEach((e) => e.object?.destroy());
    this.entries.clear();
  }

  private make(body: Body): Entry<Body> {
    const opts = this.options;
    const entry: Entry<Body> = { body, object: null, ox: 0, oy: 0, oa: 0, attached: false, seen: this.pass };
    if (opts.filter !== undefined && !opts.filter(body)) return entry;
    if (opts.create !== undefined) {
      entry.object = opts.create(body);
    } else {
      const g = this.scene.add.graphics();
      drawShapes(g, body, this.local, this.view.pixelsPerMetre, opts.style?.(body) ?? defaultStyle(body), this.cache);
      entry.object = g;
    }
    const depth = opts.depth?.(body);
    if (depth !== undefined && entry.object !== null) entry.object.setDepth?.(depth);
    return entry;
  }
}
