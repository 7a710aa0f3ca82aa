/**
 * Shape: one piece of a body's geometry, as users and renderers read it.
 *
 * Every body has `body.shapes`: a list of one `Shape`, or for a `Compound`
 * one per shape definition, in the order given. A shape names what it is by
 * `kind` ("circle", "capsule", "aabb", "box", "polygon", "segment": a
 * renderer switches on it, never on which fields exist) and reports only the
 * geometry it has, in its body's frame (the frame `position` and `angle`
 * place): a circle's `radius`; a capsule's `halfLength` and `radius`; an
 * AABB's and a box's `halfWidth` and `halfHeight`; a box's and a polygon's
 * `vertices`, `normals` and rounding `radius`; a segment's `a` and `b`; a
 * chain's segment ("chainSegment", one-sided) its `a`, `b` and its ghost
 * vertices `ghost1`, `ghost2` (the chain's points before a and after b).
 * `getWorldVertices(out?)` places a box's or polygon's vertices (or a
 * segment's two ends) in the world at the body's pose now.
 *
 * A shape reads its numbers from its host: the body itself, or for a
 * compound's shape the part the compound keeps for it (src/bodies/compound.ts);
 * its frame (`vertices`, `a`, `b`, `offset`, `angle`) is its body's. This
 * module only declares what it reads (`ShapeHost`) and does not import
 * body.ts (which imports it).
 */
import type { Vec2 } from "../math/vec2.js";
import type { PolygonGeometry, SegmentGeometry } from "../shapes/polygon.js";

/** What a shape is: `shape.kind`. */
export type ShapeKindName = "circle" | "capsule" | "aabb" | "box" | "polygon" | "segment" | "chainSegment";

/** The numbers of a body a shape reads (a `Body` is one). */
export interface ShapeHost {
  px: number;
  py: number;
  qc: number;
  qs: number;
  _radius: number;
  _halfLength: number;
  _halfWidth: number;
  _halfHeight: number;
  _lc: Readonly<Vec2> | null;
  _density: number;
  _friction: number;
  _restitution: number;
  _isSensor: boolean;
  _category: number;
  _mask: number;
  _group: number;
  userData: unknown;
}

const ORIGIN: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 });

/** A shape's collision filter (the same fields as a body's `CollisionFilter`). */
export interface CollisionFilterBits {
  /** Bits this shape is. */
  category: number;
  /** Bits it collides with. */
  mask: number;
  /** Same non-zero group: > 0 always collide, < 0 never. */
  group: number;
}

/** How a shape's setters reach its body (a `Body` is one): see `Body.changeShape`. */
interface ShapeChanger {
  changeShape(host: ShapeHost, key: "friction" | "restitution" | "isSensor" | "collisionFilter", value: unknown): void;
}

/** Area, centre of area and inertia per unit mass of a shape (kept by polygons, which compute them once). */
export interface ShapeMass {
  /** m². */
  area: number;
  /** Rotational inertia about the centre of mass per unit mass, m². */
  unitInertia: number;
}

/** One shape of a body: its kind, its body and its geometry in the body's frame. */
export class Shape<B extends ShapeHost = ShapeHost> {
  /** What it is. */
  readonly kind: ShapeKindName;
  /** The body it belongs to. */
  readonly body: B;
  /** @internal A box's or polygon's polygon in the body's frame (as the user gave it), or null. */
  readonly _frame: PolygonGeometry | null;
  /** @internal A segment's line in the body's frame, or null. */
  readonly _segment: SegmentGeometry | null;
  /** @internal Area and inertia, for boxes and polygons (0 otherwise). */
  readonly _mass: ShapeMass;
  /** @internal `[this]`, frozen: `body.shapes` (a compound's shapes share one list). */
  readonly list: readonly Shape<B>[];
  /** @internal Where its numbers (radius, sizes, material, filter) are read: the body, or a compound's part. */
  readonly _host: ShapeHost;
  /** Where the shape sits in its body's frame: a circle's, capsule's or box's centre; (0, 0) for the single-shape bodies and for polygons and segments (whose points are given in the body's frame). */
  readonly offset: Readonly<Vec2>;
  /** The shape's angle in its body's frame, rad (a capsule's or box's turn in a compound; 0 otherwise). */
  readonly angle: number;

  /** @internal Made by the body (`body.shapes`), not by users. */
  constructor(
    kind: ShapeKindName,
    body: B,
    frame: PolygonGeometry | null = null,
    segment: SegmentGeometry | null = null,
    mass: ShapeMass = { area: 0, unitInertia: 0 },
    host: ShapeHost | null = null,
    list: Shape<B>[] | null = null,
    offset: Readonly<Vec2> = ORIGIN,
    angle = 0,
  ) {
    this.kind = kind;
    this.body = body;
    this._frame = frame;
    this._segment = segment;
    this._mass = mass;
    this._host = host ?? body;
    this.offset = offset;
    this.angle = angle;
    if (list !== null) list.push(this);
    this.list = list ?? Object.freeze([this]);
    Object.freeze(this);
  }

  /** @internal The same shape on another body (a clone of a single-shape body). */
  copyFor<C extends ShapeHost>(body: C): Shape<C> {
    return new Shape(this.kind, body, this._frame, this._segment, this._mass);
  }

  /** Circle and capsule radius; a box's or polygon's rounding radius; 0 for an AABB and a segment, m. */
  get radius(): number {
    return this._host._radius;
  }

  /** A capsule's centre to each cap centre, m (0 for the other kinds). */
  get halfLength(): number {
    return this.kind === "capsule" ? this._host._halfLength : 0;
  }

  /** Half the width of an AABB or a box, m (0 for the other kinds). */
  get halfWidth(): number {
    return this.kind === "aabb" || this.kind === "box" ? this._host._halfWidth : 0;
  }

  /** Half the height of an AABB or a box, m (0 for the other kinds). */
  get halfHeight(): number {
    return this.kind === "aabb" || this.kind === "box" ? this._host._halfHeight : 0;
  }

  /** The shape's density, kg/m² (a compound's shapes may each have their own). */
  get density(): number {
    return this._host._density;
  }

  /** The shape's friction coefficient: a contact mixes its two shapes' (sqrt(a·b)). */
  get friction(): number {
    return this._host._friction;
  }

  /** The shape's restitution: a contact takes the larger of its two shapes'. */
  get restitution(): number {
    return this._host._restitution;
  }

  /** Does the shape only report overlaps (a sensor)? */
  get isSensor(): boolean {
    return this._host._isSensor;
  }

  /** The shape's collision filter (a copy). */
  get collisionFilter(): Readonly<CollisionFilterBits> {
    const h = this._host;
    return Object.freeze({ category: h._category, mask: h._mask, group: h._group });
  }

  /**
   * Set the shape's friction coefficient (>= 0): a compound's shape alone,
   * a single-shape body's shape is its body (`body.setFriction`). Contacts
   * mix it from the next step on; the body wakes.
   */
  setFriction(friction: number): this {
    (this.body as unknown as ShapeChanger).changeShape(this._host, "friction", friction);
    return this;
  }

  /** Set the shape's restitution (>= 0), as `setFriction` does. */
  setRestitution(restitution: number): this {
    (this.body as unknown as ShapeChanger).changeShape(this._host, "restitution", restitution);
    return this;
  }

  /** Make the shape a sensor or solid again; its body's contacts are found again before the next step. */
  setSensor(isSensor: boolean): this {
    (this.body as unknown as ShapeChanger).changeShape(this._host, "isSensor", isSensor);
    return this;
  }

  /** Set the shape's collision filter (missing fields keep their current value); its body's contacts are found again. */
  setCollisionFilter(filter: Partial<CollisionFilterBits>): this {
    (this.body as unknown as ShapeChanger).changeShape(this._host, "collisionFilter", filter);
    return this;
  }

  /** Yours: the `userData` of the shape's definition (a compound's shape), else its body's. */
  get userData(): unknown {
    return this._host.userData;
  }

  /**
   * A box's or polygon's vertices in the body's frame, counter-clockwise (a
   * box's from its lower left corner); an AABB's four corners; a segment's
   * `[a, b]`; empty for circles and capsules. A new array.
   */
  get vertices(): Vec2[] {
    const g = this._frame;
    if (g !== null) return g.vertices();
    const s = this._segment;
    if (s !== null) return [{ x: s.ax, y: s.ay }, { x: s.bx, y: s.by }];
    if (this.kind === "aabb") {
      const w = this.body._halfWidth;
      const h = this.body._halfHeight;
      return [{ x: -w, y: -h }, { x: w, y: -h }, { x: w, y: h }, { x: -w, y: h }];
    }
    return [];
  }

  /** The outward unit normal of each edge of a box or polygon (edge i from vertex i to i + 1); empty otherwise. A new array. */
  get normals(): Vec2[] {
    const g = this._frame;
    const out: Vec2[] = [];
    if (g === null) return out;
    for (let i = 0; i < g.count; i++) out.push({ x: g.nx[i]!, y: g.ny[i]! });
    return out;
  }

  /** A segment's first end in the body's frame (null for the other kinds). */
  get a(): Readonly<Vec2> | null {
    const s = this._segment;
    return s === null ? null : Object.freeze({ x: s.ax, y: s.ay });
  }

  /** A segment's second end in the body's frame (null for the other kinds). */
  get b(): Readonly<Vec2> | null {
    const s = this._segment;
    return s === null ? null : Object.freeze({ x: s.bx, y: s.by });
  }

  /** A chain segment's ghost vertex before `a` (the chain's previous point; on an open chain's first segment, `a` extended backwards), body frame; null for the other kinds. */
  get ghost1(): Readonly<Vec2> | null {
    const s = this._segment;
    return s === null || !s.oneSided ? null : Object.freeze({ x: s.g1x, y: s.g1y });
  }

  /** A chain segment's ghost vertex after `b` (the chain's next point), body frame; null for the other kinds. */
  get ghost2(): Readonly<Vec2> | null {
    const s = this._segment;
    return s === null || !s.oneSided ? null : Object.freeze({ x: s.g2x, y: s.g2y });
  }

  /**
   * The vertices (as `vertices`) placed in the world at the body's pose now,
   * written into `out` (its points are reused and it is cut to length).
   */
  getWorldVertices(out: Vec2[] = []): Vec2[] {
    if (!Array.isArray(out)) throw new TypeError(`capsule2d: out must be an array of { x, y } points, got ${typeof out}`);
    const b = this.body;
    const c = b.qc;
    const s = b.qs;
    // (px, py) is the centre of mass: the origin is that less the turned local centre
    let ox = b.px;
    let oy = b.py;
    const lc = b._lc;
    if (lc !== null) {
      ox -= c * lc.x - s * lc.y;
      oy -= s * lc.x + c * lc.y;
    }
    const g = this._frame;
    const seg = this._segment;
    let n = 0;
    const put = (x: number, y: number): void => {
      let p = out[n];
      if (p === undefined || p === null || typeof p !== "object") {
        p = { x: 0, y: 0 };
        out[n] = p;
      }
      p.x = ox + (c * x - s * y);
      p.y = oy + (s * x + c * y);
      n++;
    };
    if (g !== null) {
      for (let i = 0; i < g.count; i++) put(g.vx[i]!, g.vy[i]!);
    } else if (seg !== null) {
      put(seg.ax, seg.ay);
      put(seg.bx, seg.by);
    } else if (this.kind === "aabb") {
      const w = b._halfWidth;
      const h = b._halfHeight;
      put(-w, -h);
      put(w, -h);
      put(w, h);
      put(-w, h);
    }
    out.length = n;
    return out;
  }
}
