/**
 * What `Box` and `Polygon` share: a body whose one shape is a convex
 * (optionally rounded) polygon, `body.kind` POLYGON for the narrowphase.
 *
 * The polygon is given in the body's frame, about its origin (`position`,
 * `angle`). Mass, centre of mass and inertia are exact (src/shapes/mass.ts,
 * rounded polygons included). When the centre of mass is not the origin,
 * the body keeps it in `_lc` (`localCenter`) and its pose (px, py) is the
 * centre of mass, as every other body's is: the solver, the contacts, the
 * joints and continuous collision see a body centred on its centre of mass
 * and run the same arithmetic for every body; only what users read and set
 * (`position`, `setPosition`, `setAngle`, `getInterpolatedPose`, the
 * shape's vertices) converts to and from the origin. The polygon the
 * narrowphase reads (`body.polygon`) is the given one less `_lc`.
 */
import { Body, POLYGON, type BodyOptions } from "./body.js";
import { Shape, type ShapeKindName } from "./shape.js";
import { PolygonGeometry } from "../shapes/polygon.js";
import { polygonMass } from "../shapes/mass.js";

/** A copy of `g` moved by (−dx, −dy): the same polygon about another point. */
function moved(g: PolygonGeometry, dx: number, dy: number): PolygonGeometry {
  const h = new PolygonGeometry();
  h.count = g.count;
  for (let i = 0; i < g.count; i++) {
    h.vx[i] = g.vx[i]! - dx;
    h.vy[i] = g.vy[i]! - dy;
    h.nx[i] = g.nx[i]!;
    h.ny[i] = g.ny[i]!;
  }
  h.radius = g.radius;
  h.centroidX = g.centroidX - dx;
  h.centroidY = g.centroidY - dy;
  return h;
}

/** A body made of one convex polygon: `Box` and `Polygon` extend it. */
export abstract class PolygonBody extends Body {
  protected constructor(o: BodyOptions, shapeKeys: readonly string[]) {
    super(POLYGON, o, shapeKeys);
  }

  /**
   * Give the body its polygon `frame` (body frame) and everything that
   * follows from it: the shape, the centre of mass (the origin when
   * `centred`: a box, a regular polygon, whose centroid is the origin
   * exactly), extents, mass and bounds.
   */
  protected setPolygon(kind: ShapeKindName, frame: PolygonGeometry, centred: boolean, o: BodyOptions): void {
    const m = polygonMass(frame, 1);
    const cx = centred ? 0 : m.centroid.x;
    const cy = centred ? 0 : m.centroid.y;
    const offset = cx !== 0 || cy !== 0;
    this._lc = offset ? Object.freeze({ x: cx, y: cy }) : null;
    this.polygon = offset ? moved(frame, cx, cy) : frame;
    this._radius = frame.radius;
    this._shape = new Shape(kind, this, frame, null, { area: m.area, unitInertia: m.inertia / m.area });
    if (offset) {
      // (px, py) is the centre of mass: the origin given plus the turned local centre
      this.px += this.qc * cx - this.qs * cy;
      this.py += this.qs * cx + this.qc * cy;
      this.x0 = this.px;
      this.y0 = this.py;
    }
    this.updateExtents();
    this.initMass(o);
    this.updateBounds();
  }

  get area(): number {
    return this._shape!._mass.area;
  }

  /** Exact (src/shapes/mass.ts): about the centre of mass, per unit mass. */
  protected unitInertia(): number {
    return this._shape!._mass.unitInertia;
  }

  /** @internal */
  updateExtents(): void {
    const g = this.polygon!;
    const n = g.count;
    let far = 0;
    let thin = 0;
    for (let i = 0; i < n; i++) {
      const d = g.vx[i]! * g.vx[i]! + g.vy[i]! * g.vy[i]!;
      if (d > far) far = d;
      // the polygon's width across edge i: how far its vertices reach behind the edge
      let width = 0;
      for (let j = 0; j < n; j++) {
        const t = g.nx[i]! * (g.vx[i]! - g.vx[j]!) + g.ny[i]! * (g.vy[i]! - g.vy[j]!);
        if (t > width) width = t;
      }
      if (i === 0 || width < thin) thin = width;
    }
    this._maxExtent = Math.sqrt(far) + g.radius;
    this._minExtent = 0.5 * thin + g.radius;
  }

  /** @internal The box around the turned polygon, grown by its radius. */
  updateBounds(): void {
    const g = this.polygon!;
    const c = this.qc;
    const s = this.qs;
    let x = c * g.vx[0]! - s * g.vy[0]!;
    let y = s * g.vx[0]! + c * g.vy[0]!;
    let minX = x;
    let maxX = x;
    let minY = y;
    let maxY = y;
    for (let i = 1; i < g.count; i++) {
      x = c * g.vx[i]! - s * g.vy[i]!;
      y = s * g.vx[i]! + c * g.vy[i]!;
      if (x < minX) minX = x;
      else if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      else if (y > maxY) maxY = y;
    }
    const r = g.radius;
    this.minX = this.px + minX - r;
    this.minY = this.py + minY - r;
    this.maxX = this.px + maxX + r;
    this.maxY = this.py + maxY + r;
  }
}
