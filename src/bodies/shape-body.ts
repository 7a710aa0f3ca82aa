/**
 * ShapeBody: the one class that `Box`, `Polygon` and `Segment` bodies are.
 *
 * Why one class. V8 gives the objects of each class its own hidden class
 * ("map"), and a property access in the step's loops (`b.px`, `b.vx`, ...)
 * stays fast, and stores a double without boxing it in a new heap number,
 * only while it has seen at most four maps there. Circle, Capsule and AABB
 * are three; if Box, Polygon and Segment were three more, a scene that mixes
 * them would make every such access megamorphic (measured: 13 kB allocated
 * per step in a small mixed scene, in `SolverBodies.load`, the contact
 * updates, continuous collision ...). So `new Box(...)`, `new Polygon(...)`
 * and `new Segment(...)` each build a `ShapeBody` (their constructors
 * return it; `instanceof Box` etc. test the body's shape), and every body
 * the engine steps has one of four maps. Compound and chain bodies, later,
 * are ShapeBody too.
 *
 * A polygon body (kind POLYGON, a Box or a Polygon): its convex polygon is
 * given in the body's frame, about its origin (`position`, `angle`). Mass,
 * centre of mass and inertia are exact (src/shapes/mass.ts, rounded
 * polygons included). When the centre of mass is not the origin, the body
 * keeps it in `_lc` (`localCenter`) and its pose (px, py) is the centre of
 * mass, as every other body's is: the solver, the contacts, the joints and
 * continuous collision see a body centred on its centre of mass and run
 * the same arithmetic for every body; only what users read and set
 * (`position`, `setPosition`, `setAngle`, `getInterpolatedPose`, the
 * shape's vertices) converts to and from the origin. The polygon the
 * narrowphase reads (`body.polygon`) is the given one less `_lc`.
 *
 * A segment body (kind SEGMENT): a two-sided line without area, so without
 * mass: static or kinematic (a kinematic one turns about its origin).
 *
 * A compound body (kind COMPOUND, `new Compound`, src/bodies/compound.ts):
 * several shapes, each kept as a part (`_parts`: a Circle, Capsule or
 * ShapeBody whose `_parent` is the compound), placed at the compound's pose
 * by `updateBounds` (`placeParts`). The parts are what the broadphase and
 * the narrowphase see; the compound is what the solver, islands, joints and
 * events see.
 */
import { Body, COMPOUND, POLYGON, SEGMENT, type BodyOptions, type BodyType, type CollisionFilter, type ShapeKind } from "./body.js";
import { Shape, type ShapeKindName } from "./shape.js";
import { PolygonGeometry, type SegmentGeometry } from "../shapes/polygon.js";
import { polygonMass } from "../shapes/mass.js";
import * as check from "../math/validate.js";

/** A copy of `g` moved by (−dx, −dy): the same polygon about another point. */
export function moved(g: PolygonGeometry, dx: number, dy: number): PolygonGeometry {
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

/** The error of a segment made or turned dynamic. */
export function segmentHasNoMass(type: BodyType): RangeError {
  return new RangeError(`capsule2d: a Segment has no area, so no mass: its type must be "static" or "kinematic", got type "${type}"`);
}

/**
 * What a compound keeps besides its parts: each part's pose relative to the
 * compound's centre of mass, in the compound's frame (`local[4i .. 4i + 4)`:
 * x, y, cos, sin), its area and its inertia per unit mass about its centre
 * of mass.
 */
export interface CompoundData {
  readonly local: Float64Array;
  readonly area: number;
  readonly unitInertia: number;
  /** Each box's or polygon's part's polygon in its own frame (as its constructor built it; null for the other kinds): for snapshots and the hash. */
  readonly frames: readonly (PolygonGeometry | null)[];
}

/**
 * Place a compound's parts at its pose (and start pose), with the velocity
 * of their centres, and give the compound the box around them.
 */
export function placeParts(b: Body, d: CompoundData): void {
  const parts = b._parts!;
  const L = d.local;
  const c = b.qc;
  const s = b.qs;
  const c0 = b.c0;
  const s0 = b.s0;
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const lx = L[4 * i]!;
    const ly = L[4 * i + 1]!;
    const lc = L[4 * i + 2]!;
    const ls = L[4 * i + 3]!;
    const rx = c * lx - s * ly;
    const ry = s * lx + c * ly;
    p.px = b.px + rx;
    p.py = b.py + ry;
    p.qc = c * lc - s * ls;
    p.qs = s * lc + c * ls;
    p.vx = b.vx - b.w * ry;
    p.vy = b.vy + b.w * rx;
    p.w = b.w;
    p.x0 = b.x0 + (c0 * lx - s0 * ly);
    p.y0 = b.y0 + (s0 * lx + c0 * ly);
    p.c0 = c0 * lc - s0 * ls;
    p.s0 = s0 * lc + c0 * ls;
    p.updateBounds();
    if (i === 0 || p.minX < minX) minX = p.minX;
    if (i === 0 || p.minY < minY) minY = p.minY;
    if (i === 0 || p.maxX > maxX) maxX = p.maxX;
    if (i === 0 || p.maxY > maxY) maxY = p.maxY;
  }
  b.minX = minX;
  b.minY = minY;
  b.maxX = maxX;
  b.maxY = maxY;
}

/** A body of a Box, a Polygon or a Segment (see the top of this file): build one with `new Box`, `new Polygon`, `new Segment`. */
export class ShapeBody extends Body {
  /** @internal A compound's part poses, area and inertia (src/bodies/compound.ts), or null. */
  _compound: CompoundData | null;

  /** @internal Checks the body options; the maker then calls `setPolygon` or `setSegment`. */
  constructor(kind: ShapeKind, o: BodyOptions, shapeKeys: readonly string[]) {
    super(kind, o, shapeKeys);
    this._compound = null;
  }

  /** @internal Make this body a compound of `parts` (src/bodies/compound.ts): the maker has placed `_lc` and the pose. */
  setParts(parts: Body[], data: CompoundData, o: BodyOptions): void {
    this._parts = parts;
    this._compound = data;
    for (const p of parts) {
      p._parent = this;
      p._type = this._type;
      p._bullet = this._bullet;
    }
    this.updateExtents();
    this.initMass(o);
    this.updateBounds();
  }

  /**
   * @internal Give the body its polygon `frame` (body frame) and everything
   * that follows from it: the shape, the centre of mass (the origin when
   * `centred`: a box, a regular polygon, whose centroid is the origin
   * exactly), extents, mass and bounds.
   */
  setPolygon(kind: ShapeKindName, frame: PolygonGeometry, centred: boolean, o: BodyOptions): void {
    for (let i = 0; i < frame.count; i++) {
      const far = Math.max(Math.abs(frame.vx[i]!), Math.abs(frame.vy[i]!));
      if (!(far <= check.LIMITS.sizeMax)) {
        throw new RangeError(`capsule2d: vertices must be within ${check.LIMITS.sizeMax} m of the body's origin, got (${frame.vx[i]}, ${frame.vy[i]})`);
      }
    }
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

  /** @internal Give the body its segment (body frame): static or kinematic only. */
  setSegment(g: SegmentGeometry, o: BodyOptions): void {
    if (this._type === "dynamic") throw segmentHasNoMass(this._type);
    const far = Math.max(Math.sqrt(g.ax * g.ax + g.ay * g.ay), Math.sqrt(g.bx * g.bx + g.by * g.by));
    if (!(far <= check.LIMITS.sizeMax)) {
      throw new RangeError(`capsule2d: a segment's ends must be within ${check.LIMITS.sizeMax} m of its origin, got ${far} m`);
    }
    this.segment = g;
    this._shape = new Shape("segment", this, null, g);
    this.updateExtents();
    this.initMass(o);
    this.updateBounds();
  }

  /**
   * @internal A snapshot's geometry (src/snapshot/geometry.ts, checked
   * there): the polygon `frame` of shape `kind` ("box" or "polygon") with
   * centre of mass `lc` (null: the origin), or the segment `seg`. Sets what
   * `setPolygon` / `setSegment` set from the shape, but not the pose or the
   * mass (the record holds them: (px, py) is already the centre of mass).
   */
  restoreGeometry(kind: ShapeKindName, frame: PolygonGeometry | null, seg: SegmentGeometry | null, lc: Readonly<{ x: number; y: number }> | null): void {
    if (frame !== null) {
      const m = polygonMass(frame, 1);
      this._lc = lc;
      this.polygon = lc !== null ? moved(frame, lc.x, lc.y) : frame;
      this.segment = null;
      this._radius = frame.radius;
      this._shape = new Shape(kind, this, frame, null, { area: m.area, unitInertia: m.inertia / m.area });
    } else {
      this._lc = null;
      this.polygon = null;
      this.segment = seg;
      this._shape = new Shape("segment", this, null, seg);
    }
  }

  /** @internal Share `other`'s geometry (same kind; geometry is never changed in place): a restore into the user's body. */
  copyGeometry(other: ShapeBody): void {
    const s = this._shape;
    const o = other._shape;
    // the same geometry already (a rollback restoring the same bodies again): keep this body's shape
    if (s !== null && o !== null && s.kind === o.kind && s._frame === o._frame && s._segment === o._segment && this._lc === other._lc) return;
    this._lc = other._lc;
    this.polygon = other.polygon;
    this.segment = other.segment;
    this._shape = other._shape === null ? null : other._shape.copyFor(this as Body);
  }

  /**
   * @internal Become the compound `from` is (a snapshot's or a recording's,
   * rebuilt by `new Compound` from its shapes, src/snapshot/compound-geometry.ts):
   * its parts (copies of them when `copy`, so that `from` keeps its own),
   * their poses and the centre of mass, each part's shape made anew for this
   * body. The parts take the ids after this body's. Mass and pose are this
   * body's (the record holds them).
   */
  adoptParts(from: ShapeBody, copy: boolean): void {
    const src = from._parts!;
    const mine = copy ? src.map((p) => p.clone()) : src.slice();
    this._parts = mine;
    this._compound = from._compound;
    this._lc = from._lc;
    this.polygon = null;
    this.segment = null;
    const list: Shape<Body>[] = [];
    for (let i = 0; i < mine.length; i++) {
      const p = mine[i]!;
      const s = src[i]!._shape!;
      p._parent = this;
      p._id = this._id < 0 ? -1 : this._id + 1 + i;
      p._type = this._type;
      p._bullet = this._bullet;
      p._shape = new Shape(s.kind, this as Body, s._frame, s._segment, s._mass, p, list, s.offset, s.angle);
    }
    Object.freeze(list);
    this._shape = list[0]!;
  }

  protected blank(): Body {
    return new ShapeBody(this._kind, { type: "static" }, []);
  }

  /** @internal Copy every field of `other`; a compound's parts are copied too (and its shapes made anew for them). */
  override copyFrom(other: Body): void {
    super.copyFrom(other);
    const parts = other._parts;
    if (parts === null) return;
    const mine = parts.map((p) => p.clone());
    this._parts = mine;
    const list: Shape<Body>[] = [];
    for (let i = 0; i < mine.length; i++) {
      const p = mine[i]!;
      const s = parts[i]!._shape!;
      p._parent = this;
      p._id = parts[i]!._id; // a clone in a world keeps its ids (the contacts' keys are the parts')
      p._shape = new Shape(s.kind, this as Body, s._frame, s._segment, s._mass, p, list, s.offset, s.angle);
    }
    Object.freeze(list);
    this._shape = list[0]!;
  }

  /** A segment or a chain stays static or kinematic (it has no mass). */
  override setType(type: BodyType): this {
    if (type === "dynamic" && this._kind === SEGMENT) throw segmentHasNoMass(type);
    if (type === "dynamic" && this._shape !== null && this._shape.kind === "chainSegment") {
      throw new RangeError(`capsule2d: a Chain has no area, so no mass: its type must be "static" or "kinematic", got type "${type}"`);
    }
    super.setType(type);
    if (this._parts !== null) for (const p of this._parts) p._type = this._type;
    return this;
  }

  /** Every shape of a compound becomes (or stops being) a sensor. */
  override setSensor(isSensor: boolean): this {
    super.setSensor(isSensor);
    if (this._parts !== null) for (const p of this._parts) p._isSensor = isSensor;
    return this;
  }

  /** A compound's shapes all take the filter (missing fields keep the body's current value). */
  override setCollisionFilter(filter: Partial<CollisionFilter>): this {
    super.setCollisionFilter(filter);
    if (this._parts !== null) {
      for (const p of this._parts) {
        p._category = this._category;
        p._mask = this._mask;
        p._group = this._group;
      }
    }
    return this;
  }

  /** A compound's shapes all take the friction. */
  override setFriction(friction: number): this {
    super.setFriction(friction);
    if (this._parts !== null) for (const p of this._parts) p._friction = friction;
    return this;
  }

  /** A compound's shapes all take the restitution. */
  override setRestitution(restitution: number): this {
    super.setRestitution(restitution);
    if (this._parts !== null) for (const p of this._parts) p._restitution = restitution;
    return this;
  }

  override setBullet(bullet: boolean): this {
    super.setBullet(bullet);
    if (this._parts !== null) for (const p of this._parts) p._bullet = bullet;
    return this;
  }

  get area(): number {
    return this._compound !== null ? this._compound.area : this._shape!._mass.area;
  }

  /** Exact (src/shapes/mass.ts): about the centre of mass, per unit mass (0 for a segment). */
  protected unitInertia(): number {
    return this._compound !== null ? this._compound.unitInertia : this._shape!._mass.unitInertia;
  }

  /** @internal */
  updateExtents(): void {
    if (this._kind !== POLYGON) {
      if (this._kind === COMPOUND) {
        // about the centre of mass: each part's reach from there; as thick as its thickest part
        const parts = this._parts!;
        const L = this._compound!.local;
        let far = 0;
        let thick = 0;
        for (let i = 0; i < parts.length; i++) {
          const p = parts[i]!;
          const lx = L[4 * i]!;
          const ly = L[4 * i + 1]!;
          const reach = Math.sqrt(lx * lx + ly * ly) + p._maxExtent;
          if (reach > far) far = reach;
          if (p._minExtent > thick) thick = p._minExtent;
        }
        this._maxExtent = far;
        this._minExtent = thick;
        return;
      }
      const s = this.segment!;
      this._maxExtent = Math.max(Math.sqrt(s.ax * s.ax + s.ay * s.ay), Math.sqrt(s.bx * s.bx + s.by * s.by));
      this._minExtent = 0;
      return;
    }
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

  /** @internal The box around the turned polygon grown by its radius, or around the segment. */
  updateBounds(): void {
    const c = this.qc;
    const s = this.qs;
    if (this._kind !== POLYGON) {
      if (this._kind === COMPOUND) {
        placeParts(this, this._compound!);
        return;
      }
      const g = this.segment!;
      const ax = this.px + (c * g.ax - s * g.ay);
      const ay = this.py + (s * g.ax + c * g.ay);
      const bx = this.px + (c * g.bx - s * g.by);
      const by = this.py + (s * g.bx + c * g.by);
      this.minX = ax < bx ? ax : bx;
      this.maxX = ax < bx ? bx : ax;
      this.minY = ay < by ? ay : by;
      this.maxY = ay < by ? by : ay;
      return;
    }
    const g = this.polygon!;
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

/** `instanceof Box` (`Polygon`, `Segment`): a ShapeBody whose shape is of that kind. */
export function isShapeBodyOf(x: unknown, kind: ShapeKindName): boolean {
  return x instanceof ShapeBody && x._kind !== COMPOUND && x._shape !== null && x._shape.kind === kind;
}
