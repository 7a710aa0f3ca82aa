/**
 * The world's queries, asked between steps: rays, boxes, points and shapes
 * against the broadphase, shape casts (for the character controller too),
 * and what the last step left (the touching contacts, what a body stands on,
 * the broadphase's candidate pairs). `World` (src/world/world.ts) owns one
 * and hands each query method to it.
 */
import type { Body, BodyOwner, GroundContact } from "../bodies/body.js";
import { AABB } from "../bodies/aabb.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2 } from "../math/trig.js";
import type { Broadphase } from "../collision/broadphase/broadphase.js";
import { checkBody, collideInto } from "../collision/narrowphase/collide.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";
import { raycastInto, RaycastHitBuffer, unitDirection, exactDirection, checkMaxDistance, type RaycastHit } from "../collision/narrowphase/raycast.js";
import { bodyContainsPoint } from "../collision/narrowphase/point.js";
import { castShapeInto, ShapeCastBuffer, type ShapeCastHit } from "../collision/narrowphase/shape-cast.js";
import { DEAD, SENSOR, TOUCHING, type Contact } from "../contacts/contact.js";
import type { ContactManager } from "../contacts/contact-manager.js";
import { shouldCollide } from "../contacts/pairing.js";
import { toContactInfo, type ContactInfo } from "./events.js";

/** A query filter: a predicate, or collision bits in the same form as a body's `collisionFilter`. */
export type QueryFilter =
  | ((body: Body) => boolean)
  | {
      /** Bits the query is (default 0x0001). */
      category?: number;
      /** Bits it hits (default 0xFFFFFFFF). */
      mask?: number;
      /** As a body's group (default 0). */
      group?: number;
    };

/** @internal Restitution sweeps per sub-step: enough for momentum to cross a chain of this many bodies. */

/** @internal Sorts bodies in id order. */
export function byId(a: Body, b: Body): number {
  return a._id - b._id;
}

/** What the queries read of their world. */
export interface QueriedWorld extends BodyOwner {
  readonly bodies: readonly Body[];
  readonly options: { readonly gravity: Vec2 };
}

/** @internal The queries of one world, over its broadphase and its contacts. */
export class WorldQueries {
  // query scratch
  private readonly queryManifold = new ManifoldBuffer();
  private readonly queryBox = new AABB({ halfWidth: 1, halfHeight: 1, type: "static" });
  private readonly rayHit = new RaycastHitBuffer();

  constructor(
    private readonly world: QueriedWorld,
    private readonly broadphase: Broadphase,
    private readonly contactManager: ContactManager,
  ) {}

  /**
   * The pairs touching at the end of the last step (sensors included), with
   * their manifolds and the impulses of that step, in pair-key order. Built
   * on demand. Touching means within `speculativeDistance` (the solver acts a
   * little before the surfaces meet); sensors report real overlap.
   */
  get contacts(): ContactInfo[] {
    const out: ContactInfo[] = [];
    for (const c of this.contactManager.all(this.world.bodies)) {
      if ((c.flags & TOUCHING) !== 0) out.push(toContactInfo(c, (c.flags & SENSOR) !== 0));
    }
    return out;
  }

  /** The pairs touching `body` at the end of the last step, like `contacts`. Costs the number of its contacts. */
  contactsOf(body: Body): ContactInfo[] {
    checkBody("body", body);
    if (body._world !== this.world) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
    const out: Contact[] = [];
    const cm = this.contactManager;
    for (let c = cm.first(body); c !== null; c = c.nextOf(body)) if ((c.flags & TOUCHING) !== 0) out.push(c);
    out.sort((a, b) => a.key - b.key);
    return out.map((c) => toContactInfo(c, (c.flags & SENSOR) !== 0));
  }

  /**
   * What `body` stands on at the end of the last step: of its solid touching
   * contacts, the one whose surface normal (pointing into `body`) is closest
   * to "up" (opposite to gravity; +y when there is none), if it is within
   * `maxSlopeAngle` (radians, default π/4) of it; else null. Right in the step
   * after a jump: contacts describe where the bodies are now.
   */
  groundContactOf(body: Body, maxSlopeAngle = Math.PI / 4): GroundContact | null {
    checkBody("body", body);
    check.inRange("maxSlopeAngle", maxSlopeAngle, 0, Math.PI);
    if (body._world !== this.world) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
    const g = this.world.options.gravity;
    const gl = Math.sqrt(g.x * g.x + g.y * g.y);
    const upX = gl > 0 ? -g.x / gl : 0;
    const upY = gl > 0 ? -g.y / gl : 1;
    let best: Contact | null = null;
    let bestDot = -Infinity;
    let bestNx = 0;
    let bestNy = 0;
    const cm = this.contactManager;
    for (let c = cm.first(body); c !== null; c = c.nextOf(body)) {
      if ((c.flags & (TOUCHING | SENSOR)) !== TOUCHING) continue;
      // the normal points from A to B: into `body` when it is B
      const sign = c.bodyB === body ? 1 : -1;
      const nx = sign * c.normalX;
      const ny = sign * c.normalY;
      const dot = nx * upX + ny * upY;
      if (dot > bestDot || (dot === bestDot && best !== null && c.key < best.key)) {
        best = c;
        bestDot = dot;
        bestNx = nx;
        bestNy = ny;
      }
    }
    if (best === null) return null;
    const slope = detAtan2(bestNx * upY - bestNy * upX, bestDot);
    const slopeAngle = slope < 0 ? -slope : slope;
    if (slopeAngle > maxSlopeAngle) return null;
    return {
      body: best.other(body),
      normal: { x: bestNx, y: bestNy },
      point: { x: best.x0, y: best.y0 },
      slopeAngle,
    };
  }

  /**
   * The pairs the broadphase keeps as candidates among awake bodies (their
   * boxes overlap; the narrowphase decides whether they touch), for teaching
   * and debugging.
   */
  get broadphasePairs(): [Body, Body][] {
    const out: [Body, Body][] = [];
    const cm = this.contactManager;
    for (let i = 0; i < cm.awakeCount; i++) {
      const c = cm.awake[i]!;
      if ((c.flags & DEAD) === 0) out.push([c.bodyA, c.bodyB]);
    }
    return out;
  }


  /** The closest body the ray hits within maxDistance, or null. `direction` need not be unit length. */
  raycast(origin: Vec2, direction: Vec2, maxDistance = Infinity, filter?: QueryFilter): RaycastHit | null {
    check.vector("origin", origin);
    const dir = unitDirection(direction);
    const exact = exactDirection(direction);
    checkMaxDistance(maxDistance);
    const accept = makeFilter(filter);
    const best = this.rayHit;
    best.body = null;
    const hit = new RaycastHitBuffer();
    this.broadphase.raycast(origin.x, origin.y, dir.x, dir.y, maxDistance, (body, maxT) => {
      if (!accept(body)) return maxT;
      if (!raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxT, hit, exact.x, exact.y)) return maxT;
      if (best.body === null || hit.distance < best.distance || (hit.distance === best.distance && body._id < best.body._id)) {
        best.copyFrom(hit);
      }
      return hit.distance;
    });
    const result = best.toHit();
    best.body = null;
    return result;
  }

  /** Every body the ray hits within maxDistance, closest first. */
  raycastAll(origin: Vec2, direction: Vec2, maxDistance = Infinity, filter?: QueryFilter): RaycastHit[] {
    check.vector("origin", origin);
    const dir = unitDirection(direction);
    const exact = exactDirection(direction);
    checkMaxDistance(maxDistance);
    const accept = makeFilter(filter);
    const hits: RaycastHit[] = [];
    const hit = new RaycastHitBuffer();
    this.broadphase.raycast(origin.x, origin.y, dir.x, dir.y, maxDistance, (body, maxT) => {
      if (accept(body) && raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxDistance, hit, exact.x, exact.y)) hits.push(hit.toHit()!);
      return maxT;
    });
    return hits.sort((a, b) => a.distance - b.distance || a.body._id - b.body._id);
  }

  /** Bodies whose shape overlaps the box from `min` to `max`, in id order. */
  queryAABB(min: Vec2, max: Vec2, filter?: QueryFilter): Body[] {
    check.vector("min", min);
    check.vector("max", max);
    if (!(min.x <= max.x && min.y <= max.y)) {
      throw new RangeError(`capsule2d: min must not exceed max, got min ${check.describe(min)}, max ${check.describe(max)}`);
    }
    const accept = makeFilter(filter);
    const box = this.queryBox;
    box.px = (min.x + max.x) / 2;
    box.py = (min.y + max.y) / 2;
    box._halfWidth = Math.max((max.x - min.x) / 2, 1e-12);
    box._halfHeight = Math.max((max.y - min.y) / 2, 1e-12);
    box.updateBounds();
    const out: Body[] = [];
    this.broadphase.query(min.x, min.y, max.x, max.y, (body) => {
      if (accept(body) && collideInto(box, body, 0, this.queryManifold)) out.push(body);
    });
    return bodiesOf(out);
  }

  /** Bodies containing the point, in id order. */
  queryPoint(point: Vec2, filter?: QueryFilter): Body[] {
    check.vector("point", point);
    const accept = makeFilter(filter);
    const out: Body[] = [];
    this.broadphase.query(point.x, point.y, point.x, point.y, (body) => {
      if (accept(body) && bodyContainsPoint(body, point.x, point.y)) out.push(body);
    });
    return bodiesOf(out);
  }

  /**
   * Bodies overlapping a free-standing shape that is not in this world (an
   * attack hitbox, a capsule swept between two frame positions...), in id
   * order. The shape's collisionFilter applies.
   */
  queryShape(shape: Body, filter?: QueryFilter): Body[] {
    checkBody("shape", shape);
    const accept = makeFilter(filter);
    shape.updateBounds(); // (a compound's: its parts placed at its pose)
    const out: Body[] = [];
    const parts = shape._parts;
    this.broadphase.query(shape.minX, shape.minY, shape.maxX, shape.maxY, (body) => {
      if (body === shape || body._parent === shape || !accept(body)) return;
      if (parts === null) {
        if (shouldCollide(shape, body) && collideInto(shape, body, 0, this.queryManifold)) out.push(body);
        return;
      }
      for (const p of parts) {
        if (shouldCollide(p, body) && collideInto(p, body, 0, this.queryManifold)) {
          out.push(body);
          return;
        }
      }
    });
    return bodiesOf(out);
  }

  /**
   * The first body that `shape`, moved from its pose by `translation` (without
   * turning), runs into: `{ body, point, normal, fraction }` or null. `shape`
   * is a free-standing Circle, Capsule or AABB (not in a world), or a body of
   * this world, which is then not hit by itself. `fraction` ∈ [0, 1] is how
   * much of `translation` it travels before the hit; `normal` is the hit
   * body's unit surface normal at `point`, pointing towards the cast shape;
   * `point` is on the hit body's surface. A body the shape already overlaps
   * is hit at fraction 0 (normal: the way out, as `collide` gives it);
   * touching is not hitting: a shape that slides along a body, moves away
   * from it or only grazes it does not hit it. Like `queryShape`, the shape's
   * collisionFilter and `filter` apply; like `raycast`, sensors are hit (leave
   * them out with a filter). Ties go to the lower body id.
   */
  castShape(shape: Body, translation: Vec2, filter?: QueryFilter): ShapeCastHit | null {
    this.checkCast(shape, translation);
    const best = this.castBest;
    if (!this.castShapeInto(shape, translation.x, translation.y, makeFilter(filter), shape, best)) return null;
    const hit = best.toHit();
    best.body = null;
    return hit;
  }

  /** Every body `shape` runs into along `translation` (see `castShape`), by fraction, then by body id. */
  castShapeAll(shape: Body, translation: Vec2, filter?: QueryFilter): ShapeCastHit[] {
    this.checkCast(shape, translation);
    const accept = makeFilter(filter);
    const tx = translation.x;
    const ty = translation.y;
    const hits: ShapeCastHit[] = [];
    const hit = this.castHit;
    const parts = shape._parts;
    this.sweptQuery(shape, tx, ty, (body) => {
      if (body === shape || body._parent === shape || !accept(body)) return;
      if (parts === null) {
        if (shouldCollide(shape, body) && castShapeInto(shape, body, tx, ty, hit)) hits.push(hit.toHit()!);
        return;
      }
      // a compound cast: the first of its shapes to hit this one
      let first: ShapeCastHit | null = null;
      for (const p of parts) {
        if (!shouldCollide(p, body) || !castShapeInto(p, body, tx, ty, hit)) continue;
        if (first === null || hit.fraction < first.fraction) first = hit.toHit();
      }
      if (first !== null) hits.push(first);
    });
    return hits.sort((a, b) => a.fraction - b.fraction || a.body._id - b.body._id);
  }

  /**
   * @internal The allocation-free core of `castShape` (for the character
   * controller): input trusted, `exclude` is never hit, the first hit (ties:
   * lower id) is written to `out`. Returns whether anything was hit.
   */
  castShapeInto(shape: Body, tx: number, ty: number, accept: (body: Body) => boolean, exclude: Body | null, out: ShapeCastBuffer): boolean {
    const c = this.cast;
    c.shape = shape;
    c.tx = tx;
    c.ty = ty;
    c.accept = accept;
    c.exclude = exclude;
    c.best = out;
    out.body = null;
    this.sweptQuery(shape, tx, ty, this.castVisit);
    c.shape = null;
    c.accept = acceptAll;
    c.exclude = null;
    c.best = null;
    return out.body !== null;
  }

  /** One candidate of `castShapeInto` (a method bound once, so that a cast allocates no closure). */
  private readonly castVisit = (body: Body): void => {
    const c = this.cast;
    const shape = c.shape!;
    if (body === shape || body === c.exclude || body._parent === shape || !c.accept(body)) return;
    const parts = shape._parts;
    if (parts === null) {
      if (shouldCollide(shape, body)) this.castOne(shape, body);
      return;
    }
    for (let i = 0; i < parts.length; i++) if (shouldCollide(parts[i]!, body)) this.castOne(parts[i]!, body);
  };

  /** Cast `shape` (a single-shape body or a compound's part) against `body`; keep the hit if it is the first. */
  private castOne(shape: Body, body: Body): void {
    const c = this.cast;
    const hit = this.castHit;
    if (!castShapeInto(shape, body, c.tx, c.ty, hit)) return;
    const best = c.best!;
    if (best.body === null || hit.fraction < best.fraction || (hit.fraction === best.fraction && body._id < best.body._id)) {
      best.copyFrom(hit);
    }
  }

  private readonly cast = {
    shape: null as Body | null,
    tx: 0,
    ty: 0,
    accept: acceptAll as (body: Body) => boolean,
    exclude: null as Body | null,
    best: null as ShapeCastBuffer | null,
  };
  private readonly castBest = new ShapeCastBuffer();
  private readonly castHit = new ShapeCastBuffer();

  private checkCast(shape: Body, translation: Vec2): void {
    checkBody("shape", shape);
    if (shape._world !== null && shape._world !== this.world) {
      throw new RangeError(`capsule2d: shape must be free-standing or a body of this world, got body #${shape._id} of another world`);
    }
    check.vector("translation", translation);
  }

  /**
   * @internal Visit every body whose broadphase box overlaps the box from
   * (minX, minY) to (maxX, maxY), in no particular order (candidates only:
   * the caller tests the shapes). For the character controller.
   */
  queryCandidates(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => void): void {
    this.broadphase.query(minX, minY, maxX, maxY, visit);
  }

  /** Visit the broadphase candidates of the box `shape` sweeps along (tx, ty). */
  private sweptQuery(shape: Body, tx: number, ty: number, visit: (body: Body) => void): void {
    shape.updateBounds();
    const minX = tx < 0 ? shape.minX + tx : shape.minX;
    const minY = ty < 0 ? shape.minY + ty : shape.minY;
    const maxX = tx > 0 ? shape.maxX + tx : shape.maxX;
    const maxY = ty > 0 ? shape.maxY + ty : shape.maxY;
    this.broadphase.query(minX, minY, maxX, maxY, visit);
  }
}


/** The filter that takes every body. */
function acceptAll(): boolean {
  return true;
}

/** The bodies of colliders found (a compound's parts stand for it: once), in id order. */
function bodiesOf(colliders: Body[]): Body[] {
  colliders.sort(byId);
  let n = 0;
  for (let i = 0; i < colliders.length; i++) {
    const b = colliders[i]!._parent ?? colliders[i]!;
    if (n === 0 || colliders[n - 1] !== b) colliders[n++] = b;
  }
  colliders.length = n;
  return colliders;
}

/**
 * A query's filter, asked of each collider the broadphase finds: a
 * predicate sees the body (a compound for its parts), collision bits the
 * collider's own (a compound's shape's filter).
 */
function makeFilter(filter: QueryFilter | undefined): (body: Body) => boolean {
  if (filter === undefined) return acceptAll;
  if (typeof filter === "function") return (b) => filter(b._parent ?? b);
  if (filter === null || typeof filter !== "object") {
    throw new TypeError(`capsule2d: filter must be a function or { category, mask, group }, got ${check.describe(filter)}`);
  }
  const category = filter.category ?? 0xffffffff;
  const mask = filter.mask ?? 0xffffffff;
  const group = filter.group ?? 0;
  check.integer("filter.category", category, 0, 0xffffffff);
  check.integer("filter.mask", mask, 0, 0xffffffff);
  check.integer("filter.group", group, -0x80000000, 0x7fffffff);
  return (body) => {
    if (group !== 0 && body._group === group) return group > 0;
    return (body._category & mask) !== 0 && (category & body._mask) !== 0;
  };
}
