/**
 * A character controller: a kinematic body moved by collide-and-slide.
 *
 * The game says where the character wants to go this step (`move(displacement)`);
 * the controller finds where it can go and gives the body the velocity that
 * takes it there during the next `world.step(dt)`. The body is a kinematic
 * capsule, circle or box; the world's static, kinematic and dynamic bodies
 * are obstacles (dynamic ones are pushed with `pushForce`).
 *
 * One move, in the frame where nothing else has moved yet:
 *
 * 1. Contacts: the bodies within 2·skin of the character (`collide` with a
 *    margin), sorted by id: walls and ceilings; overlapping bodies become
 *    planes that push the character out (and are left out of the casts,
 *    which would stop at fraction 0 on them). The ground is what a cast 2·skin
 *    down meets first, if walkable: its surface normal within `maxSlopeAngle`
 *    of "up" (the direction opposite to gravity; at a box's corner, the
 *    upper face's normal, so that a round character walking over a tile's
 *    edge still stands on the tile).
 * 2. Collide and slide: aim at target = start + displacement. Each
 *    iteration solves the planes met so far for the displacement closest to
 *    target − position that does not go into any of them (Gauss–Seidel with
 *    clamped pushes, as Box2D's b2SolvePlanes), casts the shape along it
 *    (`world.castShape`'s core) and advances to `skin` short of the first
 *    hit, whose surface becomes a plane. A walkable plane pushes along "up"
 *    (walking up a slope keeps the horizontal speed, and gravity does not
 *    slide the character down it); a steeper one pushes horizontally only
 *    (it cannot be climbed, the character slides down it); a ceiling pushes
 *    along its normal.
 * 3. Steps: a wall met while on the ground is tried as a step: up by
 *    `stepHeight`, forward, down onto a walkable top no higher than
 *    `stepHeight` above the feet.
 * 4. Ground at the end; with none, a character that started on the ground
 *    and does not move up is snapped down up to `snapDistance` (down steps
 *    and slopes). On the ground, and not moving up, it rests a skin above
 *    the ground along its normal, whatever the move (standing, walking,
 *    landing, a step) left. Casts go a skin further than the move, so that a move
 *    never ends closer than the skin to what it runs into (a kinematic body
 *    touching a crate would shove it with unlimited force in the step).
 * 5. Platform: a character standing on a moving (kinematic or dynamic) body
 *    is carried by that body's velocity at the contact, and only by it: the
 *    carry is cast against everything but that body (it moves too).
 *
 * The controller keeps nothing between moves: every move reads the world.
 * So a controller made anew on a body restored from a snapshot continues
 * exactly. The body's velocity is what the world keeps of a move.
 *
 * One-way bodies: a body with a `oneWay` direction w (a unit vector: the
 * side it is landed on from) blocks the character only when the character
 * moves against w and does not overlap it (`castAccepts`, `addNear`); the
 * direction is the body's `oneWay` option.
 */
import { BOX, CAPSULE, CIRCLE, type Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import { detCos } from "../math/trig.js";
import * as check from "../math/validate.js";
import { collideInto } from "../collision/narrowphase/collide.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";
import { ShapeCastBuffer } from "../collision/narrowphase/shape-cast.js";
import { shouldCollide } from "../contacts/pairing.js";
import type { CoreWorld } from "../world/core-world.js";

/** Options of a `CharacterController`; every one can be changed later through the property of the same name. */
export interface CharacterControllerOptions {
  /** Steepest walkable slope, radians in [0, π/2] (default π/4). Steeper surfaces are walls: not climbed, slid down. */
  maxSlopeAngle?: number;
  /** Highest step climbed by walking into it, m ≥ 0 (default 0.25). */
  stepHeight?: number;
  /** How far down the character is kept on the ground when it walks off a step or down a slope, m ≥ 0 (default 0.25). */
  snapDistance?: number;
  /** Force with which the character pushes dynamic bodies it walks into, N ≥ 0 (default 200). */
  pushForce?: number;
  /** Gap kept between the character and what it touches, m > 0 (default 0.01). */
  skin?: number;
}

/** Collide-and-slide iterations per move. */
const MAX_ITERATIONS = 8;
/** Planes one move can hold (contacts plus hits). */
const MAX_PLANES = 16;
/** Gauss–Seidel sweeps over the planes. */
const SOLVER_SWEEPS = 20;

/** A constraint on the end position p: n·p ≥ offset, pushed along (ux, uy). */
class Plane {
  nx = 0;
  ny = 0;
  offset = 0;
  ux = 0;
  uy = 0;
  /** n·u, > 0. */
  nu = 1;
  push = 0;
}

/** A body within reach: unit normal from it to the character and the gap (< 0: overlap). */
class Near {
  body: Body | null = null;
  nx = 0;
  ny = 0;
  gap = 0;
}

/**
 * Collide-and-slide movement for a kinematic capsule, circle or box: call
 * `move(displacement)` then `world.step(dt)` each frame; `isGrounded`,
 * `groundNormal`, `groundBody`, `groundVelocity`, `onWall` and `onCeiling`
 * describe the result. Keeps no state between moves that the world does not
 * hold, so a controller made anew on a restored body continues exactly.
 */
export class CharacterController {
  /** The world the body is in. */
  readonly world: CoreWorld;
  /** The kinematic body the controller moves. */
  readonly body: Body;

  private _maxSlopeAngle = Math.PI / 4;
  private _stepHeight = 0.25;
  private _snapDistance = 0.25;
  private _pushForce = 200;
  private _skin = 0.01;
  /** cos(maxSlopeAngle), through the engine-independent cosine, less SLOPE_TOLERANCE (see `walkableCos`). */
  private cosMaxSlope = walkableCos(Math.PI / 4);

  // ---- the result of the last move ----
  private grounded = false;
  private readonly _groundNormal: Vec2 = { x: 0, y: 0 };
  private _groundBody: Body | null = null;
  private readonly _groundVelocity: Vec2 = { x: 0, y: 0 };
  private wall = false;
  private ceiling = false;
  /** How far below the position the ground probe met the ground (along −up), when grounded. */
  private groundGap = 0;
  /** Where the ground probe met the ground (world), when grounded: the surface point under the character. */
  private groundX = 0;
  private groundY = 0;

  // ---- scratch: a move creates no objects (numbers passed between methods may still be boxed
  // by V8: about 1 KB per move measured, most of it in the ray-capsule cast; not yet tuned) ----
  /** A free-standing copy of the body's shape, moved around by the queries. */
  private readonly proxy: Body;
  private readonly hit = new ShapeCastBuffer();
  private readonly manifold = new ManifoldBuffer();
  private readonly planes: Plane[] = [];
  private planeCount = 0;
  private readonly near: Near[] = [];
  private nearCount = 0;
  private readonly pushed: Body[] = [];
  private readonly scratch: Vec2 = { x: 0, y: 0 };
  /** Up: the unit vector opposite to gravity ((0, 1) without gravity). */
  private upX = 0;
  private upY = 1;
  /** The direction of the cast under way (one-way bodies depend on it) and a body it leaves out. */
  private castDX = 0;
  private castDY = 0;
  private castSkip: Body | null = null;
  private nearMargin = 0;
  private readonly acceptCast = (b: Body): boolean => this.castAccepts(b);
  private readonly visitNear = (b: Body): void => this.addNear(b);

  constructor(world: CoreWorld, body: Body, options: CharacterControllerOptions = {}) {
    if (world === null || typeof world !== "object" || typeof (world as CoreWorld).castShapeInto !== "function") {
      throw new TypeError(`capsule2d: world must be a World, got ${check.describe(world)}`);
    }
    if (body === null || typeof body !== "object" || !("_kind" in body)) {
      throw new TypeError(`capsule2d: body must be a Circle, Capsule or AABB, got ${check.describe(body)}`);
    }
    if (body._world !== (world as unknown)) {
      throw new RangeError(`capsule2d: body must be a body of this world, got ${body._world === null ? "a body in no world" : "a body of another world"}`);
    }
    if (body._type !== "kinematic") {
      throw new RangeError(`capsule2d: body must be kinematic (CharacterController moves it), got type "${body._type}"`);
    }
    if (options === null || typeof options !== "object") {
      throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
    }
    // check them all before keeping any
    const slope = options.maxSlopeAngle ?? Math.PI / 4;
    checkSlope(slope);
    const step = check.nonNegative("stepHeight", options.stepHeight ?? 0.25);
    const snap = check.nonNegative("snapDistance", options.snapDistance ?? 0.25);
    const push = check.nonNegative("pushForce", options.pushForce ?? 200);
    const skin = check.positive("skin", options.skin ?? 0.01);
    this.world = world;
    this.body = body;
    this._maxSlopeAngle = slope;
    this.cosMaxSlope = walkableCos(slope);
    this._stepHeight = step;
    this._snapDistance = snap;
    this._pushForce = push;
    this._skin = skin;
    this.proxy = body.clone();
    for (let i = 0; i < MAX_PLANES; i++) {
      this.planes.push(new Plane());
      this.near.push(new Near());
    }
    // the result properties describe the body where it is now, so a controller made
    // anew (after a snapshot restore) reads the same as the one it replaces
    this.readUp();
    this.syncProxy();
    this.detect(body.px, body.py);
  }

  // ------------------------------------------------------------------ settings

  /** Steepest walkable slope, radians in [0, π/2]. */
  get maxSlopeAngle(): number {
    return this._maxSlopeAngle;
  }
  /** Set the steepest walkable slope (radians in [0, π/2]; RangeError otherwise). */
  set maxSlopeAngle(value: number) {
    checkSlope(value);
    this._maxSlopeAngle = value;
    this.cosMaxSlope = walkableCos(value);
  }
  /** Highest step climbed, m. */
  get stepHeight(): number {
    return this._stepHeight;
  }
  /** Set the tallest step climbed, m (≥ 0). */
  set stepHeight(value: number) {
    this._stepHeight = check.nonNegative("stepHeight", value);
  }
  /** How far down the character is snapped to the ground, m. */
  get snapDistance(): number {
    return this._snapDistance;
  }
  /** Set how far down the character is snapped to the ground, m (≥ 0). */
  set snapDistance(value: number) {
    this._snapDistance = check.nonNegative("snapDistance", value);
  }
  /** Force on dynamic bodies the character walks into, N. */
  get pushForce(): number {
    return this._pushForce;
  }
  /** Set the force on dynamic bodies the character walks into, N (≥ 0). */
  set pushForce(value: number) {
    this._pushForce = check.nonNegative("pushForce", value);
  }
  /** Gap kept to surfaces, m. */
  get skin(): number {
    return this._skin;
  }
  /** Set the gap kept to surfaces, m (> 0). */
  set skin(value: number) {
    this._skin = check.positive("skin", value);
  }

  // ------------------------------------------------------------------ the result of the last move

  // These describe the body where the last move left it (where it is after the step), or,
  // before any move, where it is now.

  /** Standing on a walkable surface. */
  get isGrounded(): boolean {
    return this.grounded;
  }
  /** The ground's unit surface normal (towards the character), or (0, 0) when not grounded. */
  get groundNormal(): Readonly<Vec2> {
    return this._groundNormal;
  }
  /** What the character stands on, or null. */
  get groundBody(): Body | null {
    return this._groundBody;
  }
  /** The velocity of the ground under the character (m/s; (0, 0) for static ground or none): what carries it. */
  get groundVelocity(): Readonly<Vec2> {
    return this._groundVelocity;
  }
  /** Within 2·skin of a wall (a surface steeper than maxSlopeAngle that is not a ceiling). */
  get onWall(): boolean {
    return this.wall;
  }
  /** Within 2·skin of a ceiling (a surface facing down, within maxSlopeAngle of straight down). */
  get onCeiling(): boolean {
    return this.ceiling;
  }

  // ------------------------------------------------------------------ moving

  /**
   * Move the character by up to `displacement` (m) during the next
   * `world.step(dt)`: collide and slide, climb steps and walkable slopes,
   * stay on the ground, ride what it stands on. Sets the body's velocity to
   * (where it can go − where it is) / dt, and the result properties.
   * `dt` defaults to the world's `fixedDt`; pass the dt of your `step` if it differs.
   */
  move(displacement: Vec2, dt?: number): this {
    check.vector("displacement", displacement);
    const h = dt === undefined ? this.world.options.fixedDt : check.positive("dt", dt);
    const body = this.body;
    if (body._world !== (this.world as unknown)) {
      throw new RangeError(`capsule2d: the controller's body is no longer in its world (body #${body._id})`);
    }
    if (body._type !== "kinematic") {
      throw new RangeError(`capsule2d: the controller's body must be kinematic, got type "${body._type}"`);
    }
    this.world.checkMutable(body, "move");

    const skin = this._skin;
    this.readUp();
    const upX = this.upX;
    const upY = this.upY;
    this.syncProxy();
    const startX = body.px;
    const startY = body.py;
    const dx = displacement.x;
    const dy = displacement.y;
    const movingUp = dx * upX + dy * upY > 0;

    // 1. Contacts at the start: the ground, and overlaps to push out of.
    this.detect(startX, startY);
    const wasGrounded = this.grounded;
    const carrier = this._groundBody;
    // the surface point under the character at the start, which moves with it (in the platform's frame) below
    const footX = this.groundX - startX;
    const footY = this.groundY - startY;
    const footNX = this._groundNormal.x;
    const footNY = this._groundNormal.y;
    this.planeCount = 0;
    for (let i = 0; i < this.nearCount; i++) {
      const n = this.near[i]!;
      // overlapping: be skin outside it at the end
      if (n.gap < 0) this.addPlane(n.nx, n.ny, n.nx * startX + n.ny * startY - n.gap + skin);
    }

    // 2. Collide and slide towards the target.
    let px = startX;
    let py = startY;
    let targetX = startX + dx;
    let targetY = startY + dy;
    this.pushed.length = 0;
    for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
      this.solvePlanes(targetX - px, targetY - py, px, py);
      const mx = this.scratch.x;
      const my = this.scratch.y;
      const len = Math.sqrt(mx * mx + my * my);
      if (!(len > 1e-12)) break;
      // cast a skin further than the move, so that the move never ends closer than that
      const ext = (len + skin) / len;
      const travel = this.cast(px, py, mx * ext, my * ext, null) ? this.travel(len, len + skin) : len;
      px += (mx / len) * travel;
      py += (my / len) * travel;
      if (travel === len) break;
      const hit = this.hit;
      const hitBody = hit.body!;
      const nx = hit.normalX;
      const ny = hit.normalY;
      const nUp = nx * upX + ny * upY;
      if (hitBody._type === "dynamic" && nUp < this.cosMaxSlope) this.pushBody(hitBody, nx, ny);
      // A wall met on the ground: is it a step?
      if (wasGrounded && this._stepHeight > 0 && hitBody._type !== "dynamic" && nUp < this.cosMaxSlope && nUp > -this.cosMaxSlope) {
        const rise = this.tryStep(px, py, targetX - px, targetY - py);
        if (rise > 0) {
          px = this.scratch.x;
          py = this.scratch.y;
          targetX += rise * upX;
          targetY += rise * upY;
          continue;
        }
      }
      this.addPlane(nx, ny, nx * px + ny * py);
    }

    // 3. Ground at the end (in the frame where nothing else has moved): contacts, else a snap down.
    this.detect(px, py);
    if (!this.grounded && wasGrounded && !movingUp && this._snapDistance > 0) {
      const reach = this._snapDistance + skin;
      if (this.cast(px, py, -upX * reach, -upY * reach, null)) {
        const hit = this.hit;
        if (this.supportUp(hit.body!, hit.normalX, hit.normalY, hit.x, hit.y) >= this.cosMaxSlope) {
          this.grounded = true;
          this._groundBody = hit.body!._parent ?? hit.body; // a compound's part: the compound
          this._groundNormal.x = hit.normalX;
          this._groundNormal.y = hit.normalY;
          this.groundGap = hit.fraction * reach;
          this.groundX = hit.x;
          this.groundY = hit.y;
        }
      }
    }
    // On the ground, rest a skin above it, however the move got there: a move that runs
    // into the ground stops a skin short of it, and standing keeps the same gap (the
    // ground probe finds ground anywhere within 2·skin, so without this a landing or a
    // spawn would rest wherever it came to within that, and jump to the skin at the next
    // move that meets the ground).
    if (this.grounded && !movingUp) {
      const shift = this.restShift(px, py);
      px -= upX * shift;
      py -= upY * shift;
    }

    // 4. The platform the move started on carries the character with the surface point under it:
    // that point's path over the step (the platform turning about its centre of mass as the
    // integrator turns it), not the velocity at the character's centre, which on a turning
    // platform is off by ω × (centre − foot) and slides the character along the surface.
    const restX = px;
    const restY = py;
    if (carrier !== null && carrier._type !== "static") {
      carriedBy(carrier, px + footX, py + footY, h, this.scratch);
      let cx = this.scratch.x;
      let cy = this.scratch.y;
      // A round foot (circle, capsule) touches at its centre less radius × the surface's normal; the
      // normal turns with the platform, so the foot's centre goes to the carried point plus radius × the
      // turned normal, and it touches the same point of the platform again (else it rolls over it).
      const r = body._kind === CIRCLE || body._kind === CAPSULE ? body._radius : 0;
      if (r > 0 && (footNX !== 0 || footNY !== 0)) {
        carriedBy(carrier, carrier.px + footNX, carrier.py + footNY, h, this.scratch);
        cx += r * (this.scratch.x - carrier.vx * h);
        cy += r * (this.scratch.y - carrier.vy * h);
      }
      if (cx !== 0 || cy !== 0) {
        const len = Math.sqrt(cx * cx + cy * cy);
        const ext = (len + skin) / len;
        const travel = this.cast(px, py, cx * ext, cy * ext, carrier) ? this.travel(len, len + skin) : len;
        px += (cx / len) * travel;
        py += (cy / len) * travel;
      }
    }
    if (this.grounded) {
      // the ground point found at the end, moved with the character by the carry
      this.groundX += px - restX;
      this.groundY += py - restY;
    }
    this.groundVelocityAt(this.groundX, this.groundY);

    // The world moves the body there during the next step.
    this.scratch.x = (px - startX) / h;
    this.scratch.y = (py - startY) / h;
    body.setVelocity(this.scratch);
    return this;
  }

  // ------------------------------------------------------------------ parts

  /**
   * How far to go along a move of length `len` given the hit of a cast of
   * length `castLength` in the same direction: skin short of the surface
   * (measured along its normal), within [0, len].
   */
  private travel(len: number, castLength: number): number {
    const hit = this.hit;
    const reach = hit.fraction * castLength;
    // the approach cosine −n·d, d the cast's unit direction
    const c = -(hit.normalX * this.castDX + hit.normalY * this.castDY) / castLength;
    let t = c > 1e-9 ? reach - this._skin / c : 0;
    if (t < 0) t = 0;
    if (t > len) t = len;
    return t;
  }

  /**
   * How far to move down (< 0: up) from (x, y), where the ground is
   * `groundGap` below, to rest a skin above it along its normal (a vertical
   * skin / n·up on a walkable slope, as a move stopped by it would; a skin at
   * a steeper contact, such as a tile's corner). Up only as far as there is
   * room: a skin short of what is above.
   */
  private restShift(x: number, y: number): number {
    const skin = this._skin;
    const nUp = this._groundNormal.x * this.upX + this._groundNormal.y * this.upY;
    const rest = nUp >= this.cosMaxSlope && nUp > 0 ? skin / nUp : skin;
    const shift = this.groundGap - rest;
    if (shift >= 0) return shift; // the probe found nothing nearer below
    const lift = -shift + skin;
    if (!this.cast(x, y, this.upX * lift, this.upY * lift, null)) return shift;
    const room = this.hit.fraction * lift - skin;
    return room > 0 ? (room < -shift ? -room : shift) : 0;
  }

  /** Up: opposite to the world's gravity. */
  private readUp(): void {
    const g = this.world.gravity;
    const gl = Math.sqrt(g.x * g.x + g.y * g.y);
    this.upX = gl > 0 ? -g.x / gl : 0;
    this.upY = gl > 0 ? -g.y / gl : 1;
  }

  /** Copy the body's pose and shape into the proxy. */
  private syncProxy(): void {
    const p = this.proxy;
    const b = this.body;
    p.px = b.px;
    p.py = b.py;
    p.qc = b.qc;
    p.qs = b.qs;
    p._radius = b._radius;
    p._halfLength = b._halfLength;
    p._halfWidth = b._halfWidth;
    p._halfHeight = b._halfHeight;
    p._category = b._category;
    p._mask = b._mask;
    p._group = b._group;
  }

  /** Does a cast along (castDX, castDY) take `b` into account? */
  private castAccepts(b: Body): boolean {
    if (b === this.body || b === this.castSkip || b._isSensor) return false;
    for (let i = 0; i < this.nearCount; i++) {
      const n = this.near[i]!;
      if (n.body === b && n.gap < 0) return false; // overlapping: a plane pushes out of it
    }
    const w = oneWayOf(b);
    if (w !== null) {
      // a one-way body stops only a character coming from its solid side, not one inside it
      if (this.castDX * w.x + this.castDY * w.y >= 0) return false;
      if (collideInto(this.proxy, b, 0, this.manifold)) return false;
    }
    return true;
  }

  /** Cast the character from (x, y) along (tx, ty), leaving `skip` out; the hit is in `this.hit`. */
  private cast(x: number, y: number, tx: number, ty: number, skip: Body | null): boolean {
    const p = this.proxy;
    p.px = x;
    p.py = y;
    this.castDX = tx;
    this.castDY = ty;
    this.castSkip = skip;
    const hit = this.world.castShapeInto(p, tx, ty, this.acceptCast, this.body, this.hit);
    this.castSkip = null;
    return hit;
  }

  /** The bodies within `margin` of the character at (x, y), sorted by id, into `near`. */
  private gatherNear(x: number, y: number, margin: number): void {
    const p = this.proxy;
    p.px = x;
    p.py = y;
    p.updateBounds();
    this.nearCount = 0;
    this.nearMargin = margin;
    this.world.queryCandidates(p.minX - margin, p.minY - margin, p.maxX + margin, p.maxY + margin, this.visitNear);
    // insertion sort by id: the broadphase's order is not part of the world's state
    const near = this.near;
    for (let i = 1; i < this.nearCount; i++) {
      const n = near[i]!;
      let j = i - 1;
      while (j >= 0 && near[j]!.body!._id > n.body!._id) {
        near[j + 1] = near[j]!;
        j--;
      }
      near[j + 1] = n;
    }
  }

  private addNear(b: Body): void {
    if (b === this.body || b._isSensor || this.nearCount >= MAX_PLANES) return;
    const p = this.proxy;
    if (!shouldCollide(p, b)) return;
    const m = this.manifold;
    if (!collideInto(p, b, this.nearMargin, m)) return;
    const nx = -m.normalX;
    const ny = -m.normalY;
    const w = oneWayOf(b);
    // a one-way body counts only from its solid side and when not overlapping
    if (w !== null && (m.depth > 0 || nx * w.x + ny * w.y <= 0)) return;
    const n = this.near[this.nearCount++]!;
    n.body = b;
    n.nx = nx;
    n.ny = ny;
    n.gap = -m.depth;
  }

  /**
   * How much the surface the character rests on at the contact (x, y) faces
   * up: the normal's up component, except at a box's corner, which belongs
   * to two faces: there the upper face's. A round character walking over a
   * tile's edge rests on the corner with a normal that tilts as it rolls
   * over; it stands on the tile's top all the while.
   */
  private supportUp(b: Body, nx: number, ny: number, x: number, y: number): number {
    const nUp = nx * this.upX + ny * this.upY;
    if (b._kind !== BOX) return nUp;
    const tol = 1e-6 + 1e-9 * (Math.abs(b.px) + Math.abs(b.py) + b._halfWidth + b._halfHeight);
    const rx = x - b.px;
    const ry = y - b.py;
    const onX = Math.abs(Math.abs(rx) - b._halfWidth) <= tol; // on a vertical face's line
    const onY = Math.abs(Math.abs(ry) - b._halfHeight) <= tol;
    if (!(onX && onY)) return nUp;
    // the two faces at the corner: (±1, 0) and (0, ±1), facing the contact's side
    const fx = (rx > 0 ? 1 : -1) * this.upX;
    const fy = (ry > 0 ? 1 : -1) * this.upY;
    const best = fx > fy ? fx : fy;
    return best > nUp ? best : nUp;
  }

  /**
   * The contact flags at (x, y): ground (the best walkable contact within
   * 2·skin), wall, ceiling, and the ground's velocity.
   */
  private detect(x: number, y: number): void {
    this.gatherNear(x, y, 2 * this._skin);
    this.wall = false;
    this.ceiling = false;
    for (let i = 0; i < this.nearCount; i++) {
      const n = this.near[i]!;
      const nUp = n.nx * this.upX + n.ny * this.upY;
      if (nUp <= -this.cosMaxSlope) this.ceiling = true;
      else if (nUp < this.cosMaxSlope) this.wall = true;
    }
    // The ground is what a short cast down meets first, if walkable. (The contacts' normals
    // are not: within a margin, a neighbouring capsule's end cap has a slanted normal while
    // the surface actually under the character is a steep slope.)
    this.grounded = false;
    this._groundBody = null;
    this._groundNormal.x = 0;
    this._groundNormal.y = 0;
    const reach = 2 * this._skin;
    if (this.cast(x, y, -this.upX * reach, -this.upY * reach, null)) {
      const hit = this.hit;
      if (this.supportUp(hit.body!, hit.normalX, hit.normalY, hit.x, hit.y) >= this.cosMaxSlope) {
        this.grounded = true;
        this._groundBody = hit.body!._parent ?? hit.body; // a compound's part: the compound
        this._groundNormal.x = hit.normalX;
        this._groundNormal.y = hit.normalY;
        this.groundGap = hit.fraction * reach;
        this.groundX = hit.x;
        this.groundY = hit.y;
      }
    }
    this.groundVelocityAt(this.groundX, this.groundY);
  }

  /** groundVelocity: the ground body's velocity at (x, y), or zero. */
  private groundVelocityAt(x: number, y: number): void {
    const b = this._groundBody;
    if (b !== null && b._type !== "static") {
      velocityAt(b, x, y, this._groundVelocity);
    } else {
      this._groundVelocity.x = 0;
      this._groundVelocity.y = 0;
    }
  }

  /**
   * Add the constraint n·p ≥ offset on the end position, with its push
   * direction: "up" for walkable surfaces, horizontal for steeper ones,
   * the normal for ceilings.
   */
  private addPlane(nx: number, ny: number, offset: number): void {
    if (this.planeCount >= MAX_PLANES) return;
    const upX = this.upX;
    const upY = this.upY;
    const nUp = nx * upX + ny * upY;
    let ux = nx;
    let uy = ny;
    if (nUp >= this.cosMaxSlope && nUp > 1e-6) {
      ux = upX;
      uy = upY;
    } else if (nUp > 1e-6) {
      // too steep: pushed away horizontally, never up it
      const hx = nx - nUp * upX;
      const hy = ny - nUp * upY;
      const hl = Math.sqrt(hx * hx + hy * hy);
      ux = hx / hl;
      uy = hy / hl;
    }
    const p = this.planes[this.planeCount++]!;
    p.nx = nx;
    p.ny = ny;
    p.offset = offset;
    p.ux = ux;
    p.uy = uy;
    p.nu = nx * ux + ny * uy;
  }

  /**
   * The displacement from (px, py) closest to (mx, my) that keeps n·p ≥
   * offset for every plane, into `scratch`: Gauss–Seidel over the planes,
   * each push along its direction, accumulated and clamped at 0 (a plane
   * only pushes out).
   */
  private solvePlanes(mx: number, my: number, px: number, py: number): void {
    let x = mx;
    let y = my;
    const count = this.planeCount;
    for (let i = 0; i < count; i++) this.planes[i]!.push = 0;
    for (let sweep = 0; sweep < SOLVER_SWEEPS && count > 0; sweep++) {
      let total = 0;
      for (let i = 0; i < count; i++) {
        const p = this.planes[i]!;
        const short = p.offset - (p.nx * (px + x) + p.ny * (py + y));
        let push = p.push + short / p.nu;
        if (push < 0) push = 0;
        const change = push - p.push;
        p.push = push;
        x += change * p.ux;
        y += change * p.uy;
        total += change < 0 ? -change : change;
      }
      if (total < 1e-12) break;
    }
    this.scratch.x = x;
    this.scratch.y = y;
  }

  /**
   * Try the wall in front as a step: up by stepHeight (less if the head hits
   * something), forward by the horizontal part of (rx, ry), then down onto a
   * walkable top. Returns the rise (> 0) and the new position in `scratch`,
   * or 0 when it is no step.
   */
  private tryStep(px: number, py: number, rx: number, ry: number): number {
    const upX = this.upX;
    const upY = this.upY;
    const skin = this._skin;
    const along = rx * upX + ry * upY;
    let fx = rx - along * upX;
    let fy = ry - along * upY;
    const fl = Math.sqrt(fx * fx + fy * fy);
    if (!(fl > 1e-9)) return 0;
    // forward far enough for the feet to be over the edge: a round bottom's lowest point is a radius in
    const reach = (this.body._kind === BOX ? 0 : this.body._radius) + 2 * skin;
    const forward = fl > reach ? fl : reach;
    fx = (fx / fl) * forward;
    fy = (fy / fl) * forward;
    // up
    const lift = this._stepHeight + skin;
    let up = lift;
    if (this.cast(px, py, upX * lift, upY * lift, null)) up = Math.max(0, this.hit.fraction * lift - skin);
    if (up <= skin) return 0;
    const ux = px + upX * up;
    const uy = py + upY * up;
    // forward
    if (this.cast(ux, uy, fx, fy, null)) return 0; // the step is taller (or there is no room)
    const ox = ux + fx;
    const oy = uy + fy;
    // down
    if (!this.cast(ox, oy, -upX * up, -upY * up, null)) return 0; // nothing to stand on
    const hit = this.hit;
    if (this.supportUp(hit.body!, hit.normalX, hit.normalY, hit.x, hit.y) < this.cosMaxSlope) return 0;
    const down = hit.fraction * up - skin;
    const rise = up - (down > 0 ? down : 0);
    if (!(rise > 1e-6) || rise > this._stepHeight + skin) return 0;
    this.scratch.x = ox - upX * (up - rise);
    this.scratch.y = oy - upY * (up - rise);
    return rise;
  }

  /** Push a dynamic body the character walks into, once per move, with pushForce along −n at its centre. */
  private pushBody(b: Body, nx: number, ny: number): void {
    if (this._pushForce === 0 || this.pushed.includes(b)) return;
    this.pushed.push(b);
    this.scratch.x = -nx * this._pushForce;
    this.scratch.y = -ny * this._pushForce;
    b.applyForce(this.scratch);
  }
}

/**
 * Where the point (x, y) of body b goes over a step of h with the body's
 * velocities, less (x, y), into `out`: the centre of mass moves by v·h and
 * the point turns about it by ω·h as the integrator turns a body
 * (q ← normalize(q + ω·h·q⊥), integrate.ts), so a character carried by a
 * turning platform stays on the point it stands on (v(x, y)·h, the tangent,
 * drifts outwards by r(ωh)²/2 a step).
 */
function carriedBy(b: Body, x: number, y: number, h: number, out: Vec2): void {
  const da = b.w * h;
  const inv = 1 / Math.sqrt(1 + da * da);
  const c = inv;
  const s = da * inv;
  const rx = x - b.px;
  const ry = y - b.py;
  // the turn's part first: with ω = 0 it is exactly 0, and a platform that only moves carries by v·h exactly
  const tx = c * rx - s * ry - rx;
  const ty = s * rx + c * ry - ry;
  out.x = b.vx * h + tx;
  out.y = b.vy * h + ty;
}

/** The velocity of body b at the point (x, y), into `out`. */
function velocityAt(b: Body, x: number, y: number, out: Vec2): void {
  out.x = b.vx - b.w * (y - b.py);
  out.y = b.vy + b.w * (x - b.px);
}

/** The one-way direction of a body (the side it is landed on from), or null: its `oneWay` option. */
export function oneWayOf(b: Body): Readonly<Vec2> | null {
  return b.oneWay;
}

/**
 * How far below cos(maxSlopeAngle) a surface's up component may be and the
 * surface still count as walkable (and, mirrored, as a ceiling). A slope as
 * steep as the limit is walkable ("up to maxSlopeAngle"), but its normal is
 * computed: a 45° polygon edge's is (−1, 1)/√2 = 0.7071067811865475 up, one
 * ulp below cos(π/4) = 0.7071067811865476, and compared exactly the 45° slope
 * tile, the commonest in tile games, was a wall under the default limit.
 * 1e-9 in cosine is about 1.4e-9 rad at 45°: rounding, not a steeper slope.
 */
const SLOPE_TOLERANCE = 1e-9;

/** The least up component of a walkable surface's normal for a limit of `slope` rad. */
function walkableCos(slope: number): number {
  return detCos(slope) - SLOPE_TOLERANCE;
}

function checkSlope(value: unknown): void {
  check.finite("maxSlopeAngle", value);
  if (!((value as number) >= 0 && (value as number) <= Math.PI / 2)) {
    throw new RangeError(`capsule2d: maxSlopeAngle must be in [0, π/2] radians, got ${value as number}`);
  }
}
