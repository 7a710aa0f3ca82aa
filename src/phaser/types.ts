/**
 * What capsule2d/phaser needs of Phaser, written as the few members it calls
 * (duck typing). The entry point never imports Phaser: a Phaser 3 or 4
 * `Graphics`, `Scene`, game object or camera fits these as it is, and tests
 * in Node pass small fakes.
 */

/** The drawing calls of a `Phaser.GameObjects.Graphics`. */
export interface GraphicsLike {
  /** Forget what was drawn. */
  clear(): unknown;
  /** The fill colour (0xRRGGBB) and opacity of the next fills. */
  fillStyle(color: number, alpha?: number): unknown;
  /** The line width (pixels), colour and opacity of the next strokes. */
  lineStyle(lineWidth: number, color: number, alpha?: number): unknown;
  /** Start a path. */
  beginPath(): unknown;
  /** Move the pen to (x, y). */
  moveTo(x: number, y: number): unknown;
  /** A line to (x, y). */
  lineTo(x: number, y: number): unknown;
  /** Close the path. */
  closePath(): unknown;
  /** Fill the path. */
  fillPath(): unknown;
  /** Stroke the path. */
  strokePath(): unknown;
  /** A filled circle. */
  fillCircle(x: number, y: number, radius: number): unknown;
  /** A circle's outline. */
  strokeCircle(x: number, y: number, radius: number): unknown;
}

/** A game object that follows a body: any Phaser game object with a transform (Sprite, Image, Graphics, Container, ...). */
export interface GameObjectLike {
  /** Scene x, pixels. */
  x: number;
  /** Scene y, pixels. */
  y: number;
  /** Rotation, rad (clockwise on screen). */
  rotation: number;
  /** Remove it from the scene. */
  destroy(): unknown;
  /** Draw order (optional: used for the objects `BodySprites` makes). */
  setDepth?(depth: number): unknown;
}

/** A `Phaser.GameObjects.Graphics` placed in the scene: drawing calls and a transform. */
export type GraphicsObjectLike = GraphicsLike & GameObjectLike;

/** What `BodySprites` asks of a `Phaser.Scene`: `scene.add.graphics()`, for the objects it makes itself. */
export interface SceneLike {
  /** The scene's game object factory. */
  add: {
    /** A new Graphics object in the scene. */
    graphics(): GraphicsObjectLike;
  };
}

/** What a followed camera needs: `Phaser.Cameras.Scene2D.Camera#centerOn`. */
export interface CameraLike {
  /** Centre the view on the scene point (x, y), pixels. */
  centerOn(x: number, y: number): unknown;
}

/** How a body is drawn: colours 0xRRGGBB, opacities 0–1, line width in pixels. */
export interface BodyStyle {
  /** Fill colour; null: not filled. */
  fill: number | null;
  /** Fill opacity. Default 1. */
  fillAlpha?: number;
  /** Outline colour; null (the default): no outline. */
  stroke?: number | null;
  /** Outline opacity. Default 1. */
  strokeAlpha?: number;
  /** Outline width, pixels. Default 1. */
  lineWidth?: number;
}

/** A point or vector, m or pixels. */
export interface PointLike {
  /** x. */
  x: number;
  /** y. */
  y: number;
}

/** A body's pose as `body.getInterpolatedPose` writes it (capsule2d's `Pose`). */
export interface PoseLike {
  /** Origin x, m. */
  x: number;
  /** Origin y, m. */
  y: number;
  /** Angle, rad. */
  angle: number;
  /** cos(angle). */
  rotCos: number;
  /** sin(angle). */
  rotSin: number;
}

/** What the adapter reads of a shape (capsule2d's `Shape`, an entry of `body.shapes`). */
export interface ShapeLike {
  /** "circle", "capsule", "aabb", "box", "polygon" or "segment". */
  readonly kind: string;
  /** Its place in the body's frame (a compound's circle, capsule or box), m. */
  readonly offset: Readonly<PointLike>;
  /** Its turn in the body's frame, rad. */
  readonly angle: number;
  /** Circle or capsule radius; a box's or polygon's rounding, m. */
  readonly radius: number;
  /** A capsule's centre to each cap centre, m. */
  readonly halfLength: number;
  /** Half the width of an AABB, m. */
  readonly halfWidth: number;
  /** Half the height of an AABB, m. */
  readonly halfHeight: number;
  /** A box's or polygon's vertices in the body's frame. */
  readonly vertices: PointLike[];
  /** A box's or polygon's edge normals. */
  readonly normals: PointLike[];
  /** A segment's first end in the body's frame, or null. */
  readonly a: Readonly<PointLike> | null;
  /** A segment's second end, or null. */
  readonly b: Readonly<PointLike> | null;
}

/**
 * What the adapter reads of a body: any capsule2d `Body` (structurally, so a
 * game's bodies fit whichever copy of capsule2d made them).
 */
export interface BodyLike {
  /** Its pose between the last two steps at `alpha`, written into `out`. */
  getInterpolatedPose(alpha: number, out: PoseLike): PoseLike;
  /** Its shapes. */
  readonly shapes: readonly ShapeLike[];
  /** "dynamic", "static" or "kinematic". */
  readonly type: string;
  /** Is it a sensor? */
  readonly isSensor: boolean;
  /** Is it asleep? */
  readonly isSleeping: boolean;
}
