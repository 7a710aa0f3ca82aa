/**
 * The one place that knows both coordinate systems: capsule2d's metres with
 * y up, and a Phaser scene's pixels with y down.
 *
 *     scene x = (x − left) · pixelsPerMetre
 *     scene y = (top − y) · pixelsPerMetre
 *     rotation = −angle
 *
 * `top` is the world y drawn at the scene's y = 0 (for a level whose bottom
 * is y = 0, its height in metres) and `left` the world x drawn at the
 * scene's x = 0. Angles turn the other way on screen (y flipped), so a
 * game object's `rotation` is minus the body's angle. Everything in
 * capsule2d/phaser (sprites, debug graphics, the tilemap helper) converts
 * through a `PhaserView`, so a game changes the scale or the flip here and
 * nowhere else.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new PhaserView(options)`. */
export interface PhaserViewOptions {
  /** Scene pixels per metre (the scale), > 0. */
  pixelsPerMetre: number;
  /** The world y (m) drawn at the scene's y = 0. Default 0. */
  top?: number;
  /** The world x (m) drawn at the scene's x = 0. Default 0. */
  left?: number;
}

/** Metres (y up) to scene pixels (y down) and back; see the module's comment. */
export class PhaserView {
  /** Scene pixels per metre. */
  readonly pixelsPerMetre: number;
  /** The world y drawn at the scene's y = 0, m. */
  readonly top: number;
  /** The world x drawn at the scene's x = 0, m. */
  readonly left: number;

  /** A view; a scale that is not a finite number > 0, or a non-finite `top`/`left`, is a TypeError/RangeError naming it. */
  constructor(options: PhaserViewOptions) {
    if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: PhaserView options must be an object, got ${check.describe(options)}`);
    check.knownKeys("PhaserView", options, ["pixelsPerMetre", "top", "left"]);
    this.pixelsPerMetre = check.positive("pixelsPerMetre", options.pixelsPerMetre);
    this.top = options.top === undefined ? 0 : check.finite("top", options.top);
    this.left = options.left === undefined ? 0 : check.finite("left", options.left);
    Object.freeze(this);
  }

  /** The scene x (pixels) of world x `x` (m). */
  sceneX(x: number): number {
    return (x - this.left) * this.pixelsPerMetre;
  }

  /** The scene y (pixels, down) of world y `y` (m, up). */
  sceneY(y: number): number {
    return (this.top - y) * this.pixelsPerMetre;
  }

  /** A world point (m, y up) in scene pixels (y down), written into `out` when given. */
  toScene(p: Vec2, out: Vec2 = { x: 0, y: 0 }): Vec2 {
    const x = p.x;
    const y = p.y;
    out.x = (x - this.left) * this.pixelsPerMetre;
    out.y = (this.top - y) * this.pixelsPerMetre;
    return out;
  }

  /** A scene point (pixels, y down) in world metres (y up), written into `out` when given. */
  toWorld(sceneX: number, sceneY: number, out: Vec2 = { x: 0, y: 0 }): Vec2 {
    out.x = this.left + sceneX / this.pixelsPerMetre;
    out.y = this.top - sceneY / this.pixelsPerMetre;
    return out;
  }

  /** A length in metres as scene pixels. */
  pixels(metres: number): number {
    return metres * this.pixelsPerMetre;
  }

  /** A length in scene pixels as metres. */
  metres(pixels: number): number {
    return pixels / this.pixelsPerMetre;
  }

  /** A game object's `rotation` (rad, clockwise on screen) for a body's `angle` (rad, counter-clockwise, y up). */
  rotation(angle: number): number {
    return -angle;
  }

  /** A body's angle for a game object's `rotation`. */
  angle(rotation: number): number {
    return -rotation;
  }
}
