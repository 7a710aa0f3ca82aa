/**
 * Camera: maps world coordinates (metres, y up) to canvas pixels (y down).
 *
 * The camera looks at `center` (world) and shows `scale` pixels per metre. A
 * point in the world lands on the screen at
 *
 *     sx = width / 2  + (x - center.x) * scale
 *     sy = height / 2 - (y - center.y) * scale      (minus: y points up in the world)
 *
 * where width and height are the canvas size in CSS pixels. `apply(ctx)`
 * installs exactly this mapping as the canvas transform (times
 * devicePixelRatio for sharp lines on high-density screens), so drawing code
 * can then use metres directly.
 */
import type { Vec2 } from "../math/vec2.js";
import { clamp } from "../math/scalar.js";

/** What `new Camera(options)` takes; every option is optional. */
export interface CameraOptions {
  /** World point at the middle of the view (default 0, 0). */
  center?: Vec2;
  /** Pixels per metre (default 40). */
  scale?: number;
  /** Most zoomed-out, pixels per metre (default 2). */
  minScale?: number;
  /** Most zoomed-in, pixels per metre (default 2000). */
  maxScale?: number;
}

/** A 2D camera: world (metres, y up) to canvas (CSS pixels, y down) and back; see the top of camera.ts. */
export class Camera {
  /** World point at the middle of the view (move it to pan). */
  readonly center: Vec2;
  /** Pixels per metre. */
  scale: number;
  /** Most zoomed-out, pixels per metre. */
  minScale: number;
  /** Most zoomed-in, pixels per metre. */
  maxScale: number;
  /** Canvas size in CSS pixels; `resize` or `apply` keep them current. */
  width = 1;
  /** Canvas height in CSS pixels. */
  height = 1;
  /** Device pixels per CSS pixel. */
  pixelRatio = 1;

  constructor(options: CameraOptions = {}) {
    this.center = { x: options.center?.x ?? 0, y: options.center?.y ?? 0 };
    this.minScale = options.minScale ?? 2;
    this.maxScale = options.maxScale ?? 2000;
    this.scale = clamp(options.scale ?? 40, this.minScale, this.maxScale);
  }

  /** Set the viewport size (CSS pixels) and the device pixel ratio. */
  resize(width: number, height: number, pixelRatio = 1): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    this.pixelRatio = pixelRatio > 0 ? pixelRatio : 1;
  }

  /** World → screen (CSS pixels from the canvas's top-left corner). */
  worldToScreen(p: Vec2, out: Vec2 = { x: 0, y: 0 }): Vec2 {
    const x = this.width / 2 + (p.x - this.center.x) * this.scale;
    const y = this.height / 2 - (p.y - this.center.y) * this.scale;
    out.x = x;
    out.y = y;
    return out;
  }

  /** Screen (CSS pixels from the canvas's top-left corner) → world. */
  screenToWorld(sx: number, sy: number, out: Vec2 = { x: 0, y: 0 }): Vec2 {
    out.x = this.center.x + (sx - this.width / 2) / this.scale;
    out.y = this.center.y - (sy - this.height / 2) / this.scale;
    return out;
  }

  /** Move the view by a drag of (dx, dy) screen pixels: the world follows the pointer. */
  panPixels(dx: number, dy: number): void {
    this.center.x -= dx / this.scale;
    this.center.y += dy / this.scale;
  }

  /** Zoom by `factor` (> 1 zooms in) keeping the world point under (sx, sy) still. */
  zoomAt(factor: number, sx: number, sy: number): void {
    const before = this.screenToWorld(sx, sy);
    this.scale = clamp(this.scale * factor, this.minScale, this.maxScale);
    const after = this.screenToWorld(sx, sy);
    this.center.x += before.x - after.x;
    this.center.y += before.y - after.y;
  }

  /** Centre and zoom so the world rectangle fits the view with `marginPixels` to spare. */
  fit(minX: number, minY: number, maxX: number, maxY: number, marginPixels = 20): void {
    this.center.x = (minX + maxX) / 2;
    this.center.y = (minY + maxY) / 2;
    const w = Math.max(1e-6, maxX - minX);
    const h = Math.max(1e-6, maxY - minY);
    const sx = (this.width - 2 * marginPixels) / w;
    const sy = (this.height - 2 * marginPixels) / h;
    this.scale = clamp(Math.min(sx, sy), this.minScale, this.maxScale);
  }

  /** Visible world rectangle (for culling), written into `out`. */
  visibleBounds(out: {
    /** Left edge, m. */
    minX: number;
    /** Bottom edge, m. */
    minY: number;
    /** Right edge, m. */
    maxX: number;
    /** Top edge, m. */
    maxY: number;
  }): typeof out {
    const hw = this.width / 2 / this.scale;
    const hh = this.height / 2 / this.scale;
    out.minX = this.center.x - hw;
    out.maxX = this.center.x + hw;
    out.minY = this.center.y - hh;
    out.maxY = this.center.y + hh;
    return out;
  }

  /** Install the world → device-pixel transform on `ctx`; afterwards draw in metres. */
  apply(ctx: CanvasRenderingContext2D): void {
    const k = this.pixelRatio * this.scale;
    ctx.setTransform(
      k,
      0,
      0,
      -k,
      this.pixelRatio * (this.width / 2 - this.center.x * this.scale),
      this.pixelRatio * (this.height / 2 + this.center.y * this.scale),
    );
  }
}
