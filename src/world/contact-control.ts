/**
 * Contact control from user code: the pre-solve hook and explosions (as in
 * Box2D v3.1's `b2PreSolveFcn` and `b2World_Explode`). The world calls these;
 * they own no state of their own.
 */
import { BOX, CAPSULE, shapeOf, type Body } from "../bodies/body.js";
import type { Shape } from "../bodies/shape.js";
import { polygonWidthAlong, segmentWidthAlong } from "../shapes/polygon.js";
import { Circle } from "../bodies/circle.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { SENSOR, WITH_STATIC, type Contact } from "../contacts/contact.js";
import { collideInto } from "../collision/narrowphase/collide.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";

/**
 * What a pre-solve callback sees of one contact. One object, reused for
 * every call: read it during the call, do not keep it.
 */
export interface PreSolveContact {
  /** The pair's body with the lower id. */
  bodyA: Body;
  /** The pair's body with the higher id. */
  bodyB: Body;
  /** bodyA's shape in the pair (its one shape, or one of a compound's). */
  readonly shapeA: Shape<Body>;
  /** bodyB's shape in the pair. */
  readonly shapeB: Shape<Body>;
  /** Unit normal from bodyA to bodyB. */
  readonly normal: Vec2;
  /** Deepest penetration (< 0: a gap the solver may close this step). */
  depth: number;
  /** 1 or 2. */
  pointCount: number;
}

/**
 * A pre-solve callback: called once per step for each solid contact with
 * points, before the solver, in the order of the pair ids. Return false to
 * leave the contact out of this step (it pushes nothing, and its warm-start
 * impulses are dropped); anything else keeps it. It runs inside `step()`:
 * it must not change the world (the world's methods throw) and must not
 * throw. A callback that depends only on what it is given (and on state
 * that is itself deterministic) keeps the simulation deterministic.
 */
export type PreSolveFn = (contact: PreSolveContact) => boolean | void;

/** The reused argument of pre-solve calls. */
export class PreSolveView implements PreSolveContact {
  bodyA: Body = null as unknown as Body;
  bodyB: Body = null as unknown as Body;
  /** The colliders (the bodies, or a compound's parts). */
  private sa: Body = null as unknown as Body;
  private sb: Body = null as unknown as Body;
  readonly normal = { x: 0, y: 0 };
  depth = 0;
  pointCount = 0;

  get shapeA(): Shape<Body> {
    return shapeOf(this.sa);
  }

  get shapeB(): Shape<Body> {
    return shapeOf(this.sb);
  }

  /** Ask `fn` about contact `c`; true keeps it. */
  ask(fn: PreSolveFn, c: Contact): boolean {
    this.bodyA = c.bodyA;
    this.bodyB = c.bodyB;
    this.sa = c.shapeA;
    this.sb = c.shapeB;
    this.normal.x = c.normalX;
    this.normal.y = c.normalY;
    this.depth = c.depth;
    this.pointCount = c.count;
    const keep = fn(this) !== false;
    this.bodyA = null as unknown as Body;
    this.bodyB = null as unknown as Body;
    this.sa = null as unknown as Body;
    this.sb = null as unknown as Body;
    return keep;
  }
}

/** Leave a contact out of this step: no warm start from what it pushed before. */
export function dropImpulses(c: Contact): void {
  c.normalImpulse0 = 0;
  c.tangentImpulse0 = 0;
  c.normalImpulse1 = 0;
  c.tangentImpulse1 = 0;
  c.totalNormalImpulse0 = 0;
  c.totalTangentImpulse0 = 0;
  c.totalNormalImpulse1 = 0;
  c.totalTangentImpulse1 = 0;
}

/** `world.explode` options (Box2D v3.1's b2ExplosionDef). */
export interface ExplosionDef {
  /** Centre of the explosion, m. */
  position: Vec2;
  /** Full strength within this distance of the centre (to a body's surface), m, >= 0. */
  radius: number;
  /** Beyond `radius` the strength falls linearly to 0 over this distance, m, >= 0 (default 0). */
  falloff?: number;
  /**
   * Impulse per metre of the body's width across the blast (its projected
   * perimeter, as Box2D), N·s/m: bigger bodies are pushed harder.
   */
  impulsePerLength?: number;
  /** Or: the same impulse for every body within the radius, N·s. Give exactly one of the two. */
  impulse?: number;
}

/** A checked explosion (numbers only). */
export interface Explosion {
  x: number;
  y: number;
  radius: number;
  falloff: number;
  perLength: boolean;
  strength: number;
}

export function checkExplosion(def: ExplosionDef): Explosion {
  check.object("explosion", def);
  check.knownKeys("explosion", def, ["position", "radius", "falloff", "impulsePerLength", "impulse"]);
  const p = check.point("position", def.position);
  const radius = check.inRange("radius", def.radius, 0, check.LIMITS.coordinate);
  const falloff = def.falloff === undefined ? 0 : check.inRange("falloff", def.falloff, 0, check.LIMITS.coordinate);
  if ((def.impulsePerLength === undefined) === (def.impulse === undefined)) {
    throw new TypeError(
      `capsule2d: explosion needs exactly one of impulsePerLength and impulse, got impulsePerLength ${check.describe(def.impulsePerLength)}, impulse ${check.describe(def.impulse)}`,
    );
  }
  const perLength = def.impulsePerLength !== undefined;
  // per metre of a body's width (at most 4 × LIMITS.sizeMax across): the impulse applied stays within LIMITS.force
  const strength = perLength
    ? check.magnitude("impulsePerLength", def.impulsePerLength, check.LIMITS.force / (4 * check.LIMITS.sizeMax) / 10)
    : check.magnitude("impulse", def.impulse, check.LIMITS.force);
  return { x: p.x, y: p.y, radius, falloff, perLength, strength };
}

// a point: below the smallest radius a user may give, so set after construction
const probe = new Circle({ radius: 1, type: "static" });
probe._radius = 1e-9;
probe.updateExtents();
const probeManifold = new ManifoldBuffer();

/**
 * The impulse the explosion gives `body` (dynamic), and where: written to
 * `out` (x, y impulse; px, py point). Returns false when the body is out of
 * reach. The direction runs from the centre to the body's closest surface
 * point (to its centre when the centre of the explosion is inside it); the
 * strength falls linearly from `radius` to `radius + falloff`.
 */
export function explosionImpulse(e: Explosion, body: Body, out: { x: number; y: number; px: number; py: number }): boolean {
  probe.px = e.x;
  probe.py = e.y;
  probe.updateBounds();
  const reach = e.radius + e.falloff;
  if (!collideInto(probe, body, reach, probeManifold)) return false;
  const m = probeManifold;
  // the normal points from the probe (the centre) to the body; depth = probe radius − distance
  let distance = probe.radius - m.depth;
  let dx: number;
  let dy: number;
  let px: number;
  let py: number;
  if (distance <= 0) {
    distance = 0;
    px = body.px;
    py = body.py;
    dx = px - e.x;
    dy = py - e.y;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > 1e-12) {
      dx /= len;
      dy /= len;
    } else {
      dx = 1;
      dy = 0;
    }
  } else {
    if (distance > reach) return false;
    dx = m.normalX;
    dy = m.normalY;
    px = e.x + dx * distance;
    py = e.y + dy * distance;
  }
  let scale = 1;
  if (distance > e.radius && e.falloff > 0) {
    scale = (e.radius + e.falloff - distance) / e.falloff;
    scale = scale < 0 ? 0 : scale > 1 ? 1 : scale;
  }
  const magnitude = (e.perLength ? e.strength * projectedWidth(body, -dy, dx) : e.strength) * scale;
  out.x = magnitude * dx;
  out.y = magnitude * dy;
  out.px = px;
  out.py = py;
  return true;
}

/** The body's width along the unit direction (lx, ly): its projected perimeter, as Box2D's. */
export function projectedWidth(body: Body, lx: number, ly: number): number {
  if (body._kind === BOX) return 2 * (body._halfWidth * Math.abs(lx) + body._halfHeight * Math.abs(ly));
  if (body._kind === CAPSULE) return 2 * body._halfLength * Math.abs(body.qc * lx + body.qs * ly) + 2 * body._radius;
  if (body.polygon !== null) return polygonWidthAlong(body.polygon, body.qc, body.qs, lx, ly);
  if (body.segment !== null) return segmentWidthAlong(body.segment, body.qc, body.qs, lx, ly);
  return 2 * body._radius;
}

// ------------------------------------------------------------------ the step's contacts (stage 1)

/** How many contacts with a static body the last `collectSolid` put into its `statics`. */
export let collectedStatics = 0;

/**
 * The solid contacts with points among `awake[0 .. count)` (each asked of
 * `preSolve`, if set): those with a static body into `statics` (their count
 * into `collectedStatics`), the others into `list`; returns their count.
 * Nothing but the loop and a return: V8 compiles the loop on its own while
 * it runs (on-stack replacement), before the code after it has ever run, and
 * that code, left without type feedback, threw the compiled loop away on
 * every call (400 times in 400 steps of a 5,050-box pyramid). A store to a
 * module variable needs no feedback.
 */
export function collectSolid(awake: readonly Contact[], count: number, list: Contact[], statics: Contact[], preSolve: PreSolveFn | null, view: PreSolveView): number {
  let n = 0;
  let ns = 0;
  for (let i = 0; i < count; i++) {
    const c = awake[i]!;
    if (c.count === 0 || (c.flags & SENSOR) !== 0) continue;
    if (preSolve !== null && !view.ask(preSolve, c)) {
      dropImpulses(c);
      continue;
    }
    if ((c.flags & WITH_STATIC) !== 0) statics[ns++] = c;
    else list[n++] = c;
  }
  collectedStatics = ns;
  return n;
}

/** Put `statics[0 .. ns)` after `list[0 .. n)`; returns the new length. */
export function appendStatics(list: Contact[], n: number, statics: readonly Contact[], ns: number): number {
  for (let i = 0; i < ns; i++) list[n++] = statics[i]!;
  return n;
}
