/**
 * A small adapter between a capsule2d `World` and a Phaser 4 scene: the one
 * place that knows both coordinate systems.
 *
 * - Units and axes. capsule2d works in metres with y up; Phaser in pixels
 *   with y down. `toPixels` maps a world point to the scene:
 *
 *       px = x · pixelsPerMetre
 *       py = (top − y) · pixelsPerMetre
 *
 *   where `top` is the world y drawn at the scene's y = 0 (for a level whose
 *   bottom is y = 0, its height). Angles turn the other way on screen:
 *   Phaser's `rotation` is `−angle`.
 * - Game objects for bodies. `sync()` gives every body in the world a Phaser
 *   game object the first time it sees it (a Rectangle for a box, an Ellipse
 *   for a circle, a Graphics for a capsule: no image assets needed; `style`
 *   picks the colours), moves each object to its body, and destroys the
 *   objects of bodies no longer in the world (a coin taken).
 * - Interpolation. The world steps at a fixed rate; the display runs at
 *   whatever rate the browser gives. Each frame the page hands the time that
 *   passed to `world.advance(elapsed)`, which takes the whole steps that fit
 *   and returns `alpha`, how far real time has got towards the next step.
 *   `sync(alpha)` draws each body at `body.getInterpolatedPose(alpha)`,
 *   between its pose before the last step and its pose now: smooth motion at
 *   any frame rate, fixed deterministic steps underneath. After a direct
 *   `world.step()` pass alpha 1.
 * - Camera. `follow(camera, body)` makes `sync()` centre the camera on the
 *   body's interpolated position (plus an offset, in metres), inside the
 *   camera's bounds if it has them (`camera.setBounds`). Centring from the
 *   interpolated pose keeps the camera and the sprite in step: no jitter.
 *
 * The engine itself has no dependency on Phaser: this file is example code,
 * copy it into your game and change what you like.
 */
import * as Phaser from "phaser";
import { CAPSULE, CIRCLE, type Body, type Pose, type Vec2, type World } from "../../src/entries/capsule2d.js";

/** How a body is drawn: fill colour (0xRRGGBB) and opacity, optional outline. */
export interface BodyStyle {
  fill: number;
  alpha?: number;
  stroke?: number;
}

export interface AdapterOptions {
  /** Pixels per metre (the scale). */
  pixelsPerMetre: number;
  /** The world y drawn at the scene's y = 0 (the y flip). */
  top: number;
  /** Colours of a body's game object (asked once, when the object is made). */
  style?(body: Body): BodyStyle;
  /** The depth (draw order) of a body's game object; default 0. */
  depth?(body: Body): number;
}

type BodyObject = Phaser.GameObjects.Rectangle | Phaser.GameObjects.Ellipse | Phaser.GameObjects.Graphics;

export class PhaserWorldView {
  readonly pixelsPerMetre: number;
  readonly top: number;
  private readonly objects = new Map<Body, BodyObject>();
  private readonly pose: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
  private camera: Phaser.Cameras.Scene2D.Camera | null = null;
  private target: Body | null = null;
  private readonly offset = { x: 0, y: 0 };

  constructor(
    readonly scene: Phaser.Scene,
    private readonly options: AdapterOptions,
  ) {
    this.pixelsPerMetre = options.pixelsPerMetre;
    this.top = options.top;
  }

  /** A world point (m, y up) in scene pixels (y down). */
  toPixels(p: Vec2): { x: number; y: number } {
    return { x: p.x * this.pixelsPerMetre, y: (this.top - p.y) * this.pixelsPerMetre };
  }

  /** A scene point (pixels, y down) in world metres (y up). */
  toWorld(px: number, py: number): Vec2 {
    return { x: px / this.pixelsPerMetre, y: this.top - py / this.pixelsPerMetre };
  }

  /** The game object drawing `body` (after the first `sync()` that saw it). */
  objectOf(body: Body): BodyObject | undefined {
    return this.objects.get(body);
  }

  /** Centre `camera` on `body` (plus `offset` metres, y up) on every `sync()`. */
  follow(camera: Phaser.Cameras.Scene2D.Camera, body: Body, offset: Vec2 = { x: 0, y: 0 }): void {
    this.camera = camera;
    this.target = body;
    this.offset.x = offset.x;
    this.offset.y = offset.y;
  }

  /** Forget all game objects (e.g. before drawing a new world). */
  clear(): void {
    for (const o of this.objects.values()) o.destroy();
    this.objects.clear();
  }

  /**
   * Bring the scene up to date with `world`: objects for new bodies, every
   * object at its body's pose interpolated at `alpha` (what
   * `world.advance()` returned; 1 after `world.step()`), objects of removed
   * bodies destroyed, the followed camera centred.
   */
  sync(world: World, alpha: number): void {
    const ppm = this.pixelsPerMetre;
    const seen = new Set<Body>();
    for (const body of world.bodies) {
      seen.add(body);
      let o = this.objects.get(body);
      if (!o) {
        o = this.create(body);
        this.objects.set(body, o);
      }
      const pose = body.getInterpolatedPose(alpha, this.pose);
      o.setPosition(pose.x * ppm, (this.top - pose.y) * ppm);
      o.rotation = -pose.angle;
    }
    for (const [body, o] of this.objects) {
      if (seen.has(body)) continue;
      o.destroy();
      this.objects.delete(body);
    }
    if (this.camera && this.target) {
      const o = this.objects.get(this.target);
      if (o) this.camera.centerOn(o.x + this.offset.x * ppm, o.y - this.offset.y * ppm);
    }
  }

  private create(body: Body): BodyObject {
    const ppm = this.pixelsPerMetre;
    const style = this.options.style?.(body) ?? { fill: 0x8a96a8 };
    const alpha = style.alpha ?? 1;
    const add = this.scene.add;
    let o: BodyObject;
    if (body.kind === CIRCLE) {
      const d = 2 * body.radius * ppm;
      o = add.ellipse(0, 0, d, d, style.fill, alpha);
      if (style.stroke !== undefined) o.setStrokeStyle(1, style.stroke);
    } else if (body.kind === CAPSULE) {
      // drawn in the body's frame: the segment along local x, rounded ends
      const g = add.graphics();
      const r = body.radius * ppm;
      const h = body.halfLength * ppm;
      g.fillStyle(style.fill, alpha);
      g.fillRect(-h, -r, 2 * h, 2 * r);
      g.fillCircle(-h, 0, r);
      g.fillCircle(h, 0, r);
      o = g;
    } else {
      o = add.rectangle(0, 0, 2 * body.halfWidth * ppm, 2 * body.halfHeight * ppm, style.fill, alpha);
      if (style.stroke !== undefined) o.setStrokeStyle(1, style.stroke);
    }
    o.setDepth(this.options.depth?.(body) ?? 0);
    return o;
  }
}
