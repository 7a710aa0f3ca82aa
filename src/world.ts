/**
 * World: owns the bodies and the contacts and runs the step.
 *
 * One step, top to bottom (each stage is a method below, in this order):
 *   1. broadphase            candidate pairs from bounding boxes            src/broadphase/
 *   2. narrowphase           a manifold per pair, matched to last step's     src/narrowphase/, src/contacts/
 *                            contact by feature id so its impulses warm-start
 *   3. impacts               bounces (restitution), from the velocities      src/solver/contact-solver.ts
 *                            the bodies arrive with
 *   4. integrate forces      gravity, applied forces and the force field     src/solver/integrate.ts
 *                            change velocities
 *   5. velocity solver       contact and friction impulses                  src/solver/contact-solver.ts
 *   6. integrate positions   velocities move the bodies                     src/solver/integrate.ts
 *   7. position correction   leftover penetration ("pgs" only; soft-step    src/solver/position-correction.ts
 *                            builds it into 5 with soft constraints)
 *   8. continuous collision  fast bodies that hit something this step are   src/solver/continuous.ts
 *                            put back at their time of impact
 *   9. sleep and events      still islands sleep; collision events fire      src/solver/islands.ts, src/world/events.ts
 * With the default "soft-step" solver, 4, 5 and 6 repeat for each sub-step.
 * With `continuous` on (the default), 1 sweeps each moving body's box over its
 * motion in the step and 2 gives each pair a speculative margin that grows
 * with the pair's relative speed, so fast bodies stop at thin walls.
 *
 * Determinism: bodies are kept in id order and contacts in a canonical order
 * (surviving contacts keep their order, new ones are appended sorted by pair
 * key), and nothing in the step uses Math.sin/cos/atan2/exp/pow.
 */
import { EventEmitter } from "eventemitter3";
import { Body } from "./bodies/body.js";
import { AABB } from "./bodies/aabb.js";
import type { Vec2 } from "./math/vec2.js";
import * as check from "./math/validate.js";
import { createBroadphase, PairList, type Broadphase } from "./broadphase/index.js";
import { checkShape, collideInto, collideWith } from "./narrowphase/collide.js";
import { ManifoldBuffer } from "./narrowphase/manifold.js";
import { raycastInto, RaycastHitBuffer, unitDirection, checkMaxDistance, type RaycastHit } from "./narrowphase/raycast.js";
import { bodyContainsPoint } from "./narrowphase/point.js";
import { Contact, MAX_BODY_ID, pairKey, shouldCollide } from "./contacts/contact.js";
import { PairMap } from "./contacts/pair-map.js";
import { Integrator, type ForceField } from "./solver/integrate.js";
import { Softness } from "./solver/softness.js";
import { ContactConstraints } from "./solver/contact-solver.js";
import { SolverBodies } from "./solver/solver-bodies.js";
import { projectPositions, solvePositionsNGS } from "./solver/position-correction.js";
import { IslandSleeper } from "./solver/islands.js";
import { ContinuousSolver, MotionBounds } from "./solver/continuous.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type WorldOptions } from "./world/options.js";
import { toContactInfo, toPair, type CollisionPair, type ContactInfo, type WorldEvents } from "./world/events.js";
import { hashBodies } from "./world/hash.js";
import { captureBinary, captureJSON, readSnapshot, type RestoredWorld, type WorldSnapshot } from "./world/snapshot.js";

/** A query filter: a predicate, or collision bits in the same form as a body's `collisionFilter`. */
export type QueryFilter = ((body: Body) => boolean) | { category?: number; mask?: number; group?: number };

/** Restitution sweeps per step: enough for momentum to cross a chain of this many bodies. */
const MAX_IMPACT_SWEEPS = 16;

function byKey(a: Contact, b: Contact): number {
  return a.key - b.key;
}

export class World extends EventEmitter<WorldEvents> {
  /** The options in force (defaults filled in). Change them with `setOptions`. */
  readonly options: ResolvedWorldOptions;
  /** Simulated time, s. */
  time = 0;
  /** Steps taken. */
  stepCount = 0;

  private readonly bodyList: Body[] = [];
  private nextId = 0;
  private readonly broadphase: Broadphase;
  private readonly pairs = new PairList();

  // contacts: map for O(1) lookup by pair key, list in canonical order
  private readonly contactMap = new PairMap();
  private readonly contactList: Contact[] = [];
  private contactCount = 0;
  private readonly contactPool: Contact[] = [];
  private readonly newContacts: Contact[] = [];
  private readonly removedContacts: Contact[] = [];

  // per-step work lists (reused)
  private readonly awake: Body[] = [];
  private awakeCount = 0;
  private readonly constraints: Contact[] = [];
  private constraintCount = 0;
  private readonly began: Contact[] = [];
  private readonly ended: Contact[] = [];
  private readonly endedAndFreed: Contact[] = [];

  private readonly integrator = new Integrator();
  private readonly motion = new MotionBounds();
  private readonly solverBodies = new SolverBodies();
  private readonly contactConstraints = new ContactConstraints();
  private readonly soft = new Softness();
  private readonly stiff = new Softness();
  private readonly sleeper = new IslandSleeper();
  /** Time-of-impact sweeps for fast bodies (stage 8). */
  readonly continuous = new ContinuousSolver();
  private accumulator = 0;
  private stepping = false;
  private stepDt = 0;
  private woke = false;

  // query scratch
  private readonly queryManifold = new ManifoldBuffer();
  private readonly queryBox = new AABB({ halfWidth: 1, halfHeight: 1, type: "static" });
  private readonly rayHit = new RaycastHitBuffer();

  constructor(options: WorldOptions = {}) {
    super();
    this.options = resolveWorldOptions(options);
    this.broadphase = createBroadphase(this.options.broadphase, { margin: this.options.speculativeDistance });
    this.applyOptions();
  }

  private applyOptions(): void {
    const o = this.options;
    this.integrator.gravityX = o.gravity.x;
    this.integrator.gravityY = o.gravity.y;
    this.integrator.setMode(o.integrator);
    this.integrator.maxLinearSpeed = o.maxLinearSpeed;
  }

  /**
   * Change options between steps (all but `broadphase` and `speculativeDistance`,
   * which shape the broadphase). Checked first: a bad value changes nothing.
   */
  setOptions(options: Omit<WorldOptions, "broadphase" | "speculativeDistance">): void {
    const o = options as WorldOptions;
    if (o && (o.broadphase !== undefined || o.speculativeDistance !== undefined)) {
      throw new RangeError("capsule2d: broadphase and speculativeDistance can only be set in the World constructor");
    }
    const { gravity, ...rest } = this.options;
    const merged = resolveWorldOptions({ ...rest, gravity, ...options });
    Object.assign(this.options, merged);
    this.applyOptions();
  }

  /** Gravity, m/s². Assign a new `{ x, y }` to change it. */
  get gravity(): Vec2 {
    return this.options.gravity;
  }

  set gravity(g: Vec2) {
    check.vector("gravity", g);
    this.options.gravity = { x: g.x, y: g.y };
    this.applyOptions();
  }

  /** The bodies, in id order (the order they were added). */
  get bodies(): readonly Body[] {
    return this.bodyList;
  }

  /**
   * A force field applied to every dynamic body, evaluated by the integrator
   * each time it needs the force (twice per sub-step for velocity Verlet).
   * `field(body, out)` adds the force, N, to `out`. Pass null to remove it.
   */
  setForceField(field: ForceField | null): void {
    if (field !== null && typeof field !== "function") {
      throw new TypeError(`capsule2d: field must be a function or null, got ${check.describe(field)}`);
    }
    this.integrator.field = field;
  }

  // ------------------------------------------------------------------ bodies

  /** Add a body; returns it. Throws (changing nothing) if it is already in a world or holds a non-finite value. */
  add<T extends Body>(body: T): T {
    checkShape("body", body);
    if (body.world === this) throw new RangeError(`capsule2d: body #${body.id} is already in this world`);
    if (body.world !== null) throw new RangeError(`capsule2d: body #${body.id} is already in another world`);
    check.vector("body.position", body.position);
    check.vector("body.velocity", body.velocity);
    check.finite("body.angularVelocity", body.angularVelocity);
    check.finite("body.rotCos", body.rotCos);
    check.finite("body.rotSin", body.rotSin);
    if (this.nextId >= MAX_BODY_ID) throw new RangeError(`capsule2d: too many bodies added to one world (${MAX_BODY_ID})`);
    if (this.stepping) throw new Error("capsule2d: add() cannot be called during a step");
    body.id = this.nextId++;
    body.world = this;
    body.index = this.bodyList.length;
    body.isSleeping = false;
    body.sleepTime = 0;
    body.islandId = -1;
    body.solverFlags = 0;
    this.bodyList.push(body);
    body.updateBounds();
    this.saveStartPose(body);
    this.broadphase.add(body);
    return body;
  }

  /** Remove a body. Touching pairs get a collisionEnd at the next step; bodies resting on it wake. */
  remove(body: Body): this {
    checkShape("body", body);
    if (body.world !== this) throw new RangeError(`capsule2d: body #${body.id} is not in this world`);
    if (this.stepping) throw new Error("capsule2d: remove() cannot be called during a step");
    this.wakeIsland(body);
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contactList[i]!;
      if (c.stamp < 0 || (c.bodyA !== body && c.bodyB !== body)) continue;
      const other = c.bodyA === body ? c.bodyB : c.bodyA;
      if (c.count > 0) this.wakeIsland(other);
      c.stamp = -1; // dead: dropped (and reported if touching) at the next step
      this.contactMap.delete(c.bodyA.id, c.bodyB.id);
    }
    this.broadphase.remove(body);
    this.bodyList.splice(body.index, 1);
    for (let i = body.index; i < this.bodyList.length; i++) this.bodyList[i]!.index = i;
    body.world = null;
    body.index = -1;
    body.isSleeping = false;
    return this;
  }

  /** Called by Body when a user moves, pushes or sets the velocity of a body. */
  onBodyChanged(body: Body, moved: boolean): void {
    if (moved) {
      body.updateBounds();
      this.broadphase.update(body);
      if (body.type === "static") this.wakeTouching(body);
      this.saveStartPose(body);
    }
    this.wakeIsland(body);
    body.sleepTime = 0;
  }

  private saveStartPose(b: Body): void {
    b.x0 = b.position.x;
    b.y0 = b.position.y;
    b.c0 = b.rotCos;
    b.s0 = b.rotSin;
  }

  /** Wake a sleeping body and everything in its island. */
  private wakeIsland(body: Body): void {
    if (!body.isSleeping) return;
    const island = body.islandId;
    for (const b of this.bodyList) {
      if (b.isSleeping && b.islandId === island) {
        b.isSleeping = false;
        b.sleepTime = 0;
      }
    }
  }

  /** Wake every island touching `body` (a static body that moved). */
  private wakeTouching(body: Body): void {
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contactList[i]!;
      if (c.count > 0 && (c.bodyA === body || c.bodyB === body)) {
        this.wakeIsland(c.bodyA === body ? c.bodyB : c.bodyA);
      }
    }
  }

  // ------------------------------------------------------------------ stepping

  /** Advance the simulation by `dt` seconds (> 0, finite). */
  step(dt: number): this {
    check.positive("dt", dt);
    if (this.stepping) throw new Error("capsule2d: step() cannot be called during a step");
    this.emit("beforeStep", { dt });
    this.stepping = true;
    try {
      this.stepCount++;
      this.stepDt = dt;
      this.motion.dt = dt;
      this.motion.base = this.options.speculativeDistance;
      const o = this.options;
      const sub = o.solver === "soft-step" ? o.subSteps : 1;
      this.collectAwakeBodies();
      this.updatePairs(); // 1
      this.updateContacts(); // 2
      if (o.solver === "soft-step") this.solveSoftStep(dt, sub); // 3, then 4, 5, 6 per sub-step
      else this.solvePGS(dt); // 3, 4, 5, 6, 7
      this.finishStep(dt); // 8 (continuous), 9 (sleep)
      this.time += dt;
    } finally {
      this.stepping = false;
    }
    this.emitContactEvents(); // 9 (events)
    this.emit("afterStep", { dt });
    return this;
  }

  /**
   * Fixed-step accumulator for a game loop: adds `elapsedSeconds` and takes as
   * many `fixedDt` steps as fit, at most `maxStepsPerAdvance` (time beyond that
   * is dropped so a slow frame cannot spiral). Returns the interpolation alpha
   * in [0, 1): how far the real time is between the last step and the next.
   */
  advance(elapsedSeconds: number): number {
    check.nonNegative("elapsedSeconds", elapsedSeconds);
    const dt = this.options.fixedDt;
    this.accumulator += elapsedSeconds;
    let steps = 0;
    while (this.accumulator >= dt && steps < this.options.maxStepsPerAdvance) {
      this.step(dt);
      this.accumulator -= dt;
      steps++;
    }
    if (this.accumulator >= dt) this.accumulator -= Math.floor(this.accumulator / dt) * dt;
    return this.accumulator / dt;
  }

  /** Awake dynamic and kinematic bodies, in id order; their pose at the step start is saved. */
  private collectAwakeBodies(): void {
    let n = 0;
    const list = this.bodyList;
    for (let i = 0; i < list.length; i++) {
      const b = list[i]!;
      b.solverFlags = 0;
      if (b.type === "static" || b.isSleeping) continue;
      b.solverFlags = 1;
      this.saveStartPose(b);
      this.awake[n++] = b;
    }
    this.awakeCount = n;
  }

  /**
   * 1. Broadphase: refresh moved boxes (swept over the step's motion with
   * `continuous`), then find every overlapping pair.
   */
  private updatePairs(): void {
    const bp = this.broadphase;
    const sweep = this.options.continuous;
    for (let i = 0; i < this.awakeCount; i++) {
      const b = this.awake[i]!;
      b.updateBounds();
      if (sweep) this.motion.sweepBounds(b);
      bp.update(b);
    }
    this.pairs.clear();
    bp.collectPairs(this.pairs);
  }

  /**
   * 2. Narrowphase. Pairs new to this step become contacts (appended in key
   * order); contacts whose boxes no longer overlap end; every live contact
   * with an awake body gets a fresh manifold whose points inherit last step's
   * impulses by feature id.
   */
  private updateContacts(): void {
    const stamp = this.stepCount;
    const pairs = this.pairs;
    const map = this.contactMap;
    this.newContacts.length = 0;
    for (let i = 0; i < pairs.count; i++) {
      const a = pairs.a[i]!;
      const b = pairs.b[i]!;
      let c = map.get(a.id, b.id);
      if (c === undefined) {
        if (a.solverFlags === 0 && b.solverFlags === 0) continue; // both asleep or static
        if (!canTouch(a, b)) continue;
        c = this.contactPool.pop() ?? new Contact(a, b);
        c.init(a, b, pairKey(a.id, b.id), stamp);
        map.set(a.id, b.id, c);
        this.newContacts.push(c);
      }
      c.stamp = stamp;
    }
    if (this.newContacts.length > 1) this.newContacts.sort(byKey);
    for (const c of this.newContacts) this.contactList[this.contactCount++] = c;

    this.began.length = 0;
    this.ended.length = 0;
    this.constraintCount = 0;
    this.woke = false;
    let w = 0;
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contactList[i]!;
      if (c.stamp !== stamp) {
        // the boxes no longer overlap, or a body was removed
        if (c.stamp >= 0) map.delete(c.bodyA.id, c.bodyB.id);
        if (c.touching) this.ended.push(c);
        else this.contactPool.push(c);
        c.touching = false;
        continue;
      }
      this.contactList[w++] = c;
      c.active = c.bodyA.solverFlags !== 0 || c.bodyB.solverFlags !== 0;
      if (c.active) this.narrowphase(c); // asleep: keep the contact exactly as it was
    }
    this.contactCount = w;
    // islands woken above take part in this step: give their contacts a manifold too
    if (this.woke) {
      for (let i = 0; i < this.contactCount; i++) {
        const c = this.contactList[i]!;
        if (c.active || (c.bodyA.solverFlags === 0 && c.bodyB.solverFlags === 0)) continue;
        c.active = true;
        this.narrowphase(c);
      }
    }
  }

  /** Fresh manifold for one contact; impulses carried over by feature id; touch events; solver list. */
  private narrowphase(c: Contact): void {
    const A = c.bodyA;
    const B = c.bodyB;
    const m = c.manifold;
    if (!canTouch(A, B)) {
      m.count = 0; // the filter changed since the pair was made
    } else {
      c.saveForMatch();
      const o = this.options;
      if (c.isSensor) m.margin = 0;
      else if (o.continuous) this.motion.speculativeMargin(A, B, m);
      else m.margin = o.speculativeDistance;
      collideWith(A, B, m); // margin in the buffer: no number boxed per pair
      c.matchImpulses();
    }
    // Touching, for events and `contacts`, means the manifold has points: the shapes
    // are within the speculative margin, where the solver starts acting (as in Box2D
    // v3). A bounce can happen there, before the surfaces meet, so an event's depth
    // may be slightly negative. Sensors use no margin: they report real overlap.
    const touching = m.count > 0;
    c.wasTouching = c.touching;
    c.touching = touching;
    if (touching && !c.wasTouching) this.began.push(c);
    else if (!touching && c.wasTouching) this.ended.push(c);
    if (m.count === 0) return;
    // an awake body about to touch a sleeping one wakes its island, in time for this step's solve
    if (A.isSleeping) this.activateIsland(A);
    if (B.isSleeping) this.activateIsland(B);
    if (!c.isSensor && (A.solverFlags !== 0 || A.type === "static") && (B.solverFlags !== 0 || B.type === "static")) {
      this.constraints[this.constraintCount++] = c;
    }
  }

  /**
   * Wake an island during the step: its bodies join this step's awake list.
   */
  private activateIsland(body: Body): void {
    const island = body.islandId;
    for (const b of this.bodyList) {
      if (!b.isSleeping || b.islandId !== island) continue;
      b.isSleeping = false;
      b.sleepTime = 0;
      b.solverFlags = 1;
      this.saveStartPose(b);
      this.awake[this.awakeCount++] = b;
    }
    this.woke = true;
  }

  /** 3-6 with the soft-step solver (Box2D v3): sub-steps of forces, soft contacts, motion, relax. */
  private solveSoftStep(dt: number, sub: number): void {
    const o = this.options;
    const h = dt / sub;
    const invH = 1 / h;
    const hertz = Math.min(o.contactHertz, 0.25 * invH);
    this.soft.set(hertz, o.contactDampingRatio, h);
    this.stiff.set(2 * hertz, o.contactDampingRatio, h);
    const sb = this.solverBodies;
    const cc = this.contactConstraints;
    sb.load(this.awake, this.awakeCount);
    cc.prepare(this.constraints, this.constraintCount, sb, o.warmStarting);
    // A speculative point that closes its gap within the step (or within one
    // sub-step more: the relax pass would otherwise stop the bodies dead on
    // arrival, losing the bounce) is an impact of this step.
    cc.resolveImpacts(sb, dt + h, o.restitutionThreshold, MAX_IMPACT_SWEEPS);
    for (let i = 0; i < sub; i++) {
      this.integrator.integrateVelocities(sb, h);
      if (o.warmStarting) cc.warmStart(sb);
      else cc.resetImpulses();
      cc.solveSoft(sb, invH, true, this.soft, this.stiff, o.maxContactPushSpeed);
      this.integrator.integratePositions(sb, h);
      cc.solveSoft(sb, invH, false, this.soft, this.stiff, o.maxContactPushSpeed);
    }
    sb.store();
    cc.storeImpulses();
  }

  /** 3-7 with classic sequential impulses and the chosen position correction. */
  private solvePGS(dt: number): void {
    const o = this.options;
    const sb = this.solverBodies;
    const cc = this.contactConstraints;
    sb.load(this.awake, this.awakeCount);
    cc.prepare(this.constraints, this.constraintCount, sb, o.warmStarting);
    cc.resolveImpacts(sb, dt, o.restitutionThreshold, MAX_IMPACT_SWEEPS);
    this.integrator.integrateVelocities(sb, dt);
    const baumgarte = o.positionCorrection === "baumgarte" ? o.percent : 0;
    cc.setVelocityBias(1 / dt, baumgarte, o.slop);
    if (o.warmStarting) cc.warmStart(sb);
    for (let it = 0; it < o.velocityIterations; it++) cc.solvePGS(sb);
    this.integrator.integratePositions(sb, dt);
    if (o.positionCorrection === "projection") {
      projectPositions(cc, sb, o.percent, o.slop);
    } else if (o.positionCorrection === "ngs") {
      for (let it = 0; it < o.positionIterations; it++) {
        if (solvePositionsNGS(cc, sb, o.percent, o.slop, 0.2) >= -3 * o.slop) break;
      }
    }
    sb.store();
    cc.storeImpulses();
  }

  /**
   * 8 and 9. Clear forces; refresh bounds and broadphase boxes to the end
   * pose (so queries between steps, and a world restored from a snapshot,
   * see the bodies where they are); sweep fast bodies (continuous
   * collision); update sleep timers and put still islands to sleep.
   */
  private finishStep(dt: number): void {
    const bp = this.broadphase;
    for (let i = 0; i < this.awakeCount; i++) {
      const b = this.awake[i]!;
      b.forceX = 0;
      b.forceY = 0;
      b.torque = 0;
      b.updateBounds();
      bp.update(b);
    }
    const o = this.options;
    if (o.continuous) this.continuous.solve(this.awake, this.awakeCount, bp);
    if (!o.sleeping) return;
    this.sleeper.update(
      this.bodyList,
      this.awake,
      this.awakeCount,
      this.contactList,
      this.contactCount,
      dt,
      o.timeToSleep,
      o.linearSleepTolerance,
      o.angularSleepTolerance,
    );
  }

  /** 9. collisionStart / collisionActive / collisionEnd (payloads built only when someone listens). */
  private emitContactEvents(): void {
    if (this.began.length > 0 && this.listenerCount("collisionStart") > 0) {
      this.emit("collisionStart", { pairs: this.began.map(toPair) });
    }
    if (this.listenerCount("collisionActive") > 0) {
      const pairs: CollisionPair[] = [];
      for (let i = 0; i < this.contactCount; i++) {
        const c = this.contactList[i]!;
        if (c.touching && c.wasTouching && c.active) pairs.push(toPair(c));
      }
      if (pairs.length > 0) this.emit("collisionActive", { pairs });
    }
    const ended = this.ended;
    if (ended.length > 0) {
      // release contacts that are gone only after their end event has been built
      this.endedAndFreed.length = 0;
      for (const c of ended) if (c.stamp !== this.stepCount) this.endedAndFreed.push(c);
      if (this.listenerCount("collisionEnd") > 0) this.emit("collisionEnd", { pairs: ended.map(toPair) });
      for (const c of this.endedAndFreed) this.contactPool.push(c);
      ended.length = 0;
    }
  }

  // ------------------------------------------------------------------ inspection

  /** The pairs touching now (sensors included), with their manifolds and impulses. Built on demand. */
  get contacts(): ContactInfo[] {
    const out: ContactInfo[] = [];
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contactList[i]!;
      if (c.touching && c.stamp >= 0) out.push(toContactInfo(c));
    }
    return out;
  }

  /** The broadphase's candidate pairs of the last step (for teaching and debugging). */
  get broadphasePairs(): [Body, Body][] {
    const out: [Body, Body][] = [];
    for (let i = 0; i < this.pairs.count; i++) out.push([this.pairs.a[i]!, this.pairs.b[i]!]);
    return out;
  }

  /** Hash of the exact bits of every body's position, rotation and velocities. */
  stateHash(): string {
    return hashBodies(this.bodyList);
  }
  /**
   * Everything that affects this world's future, as plain JSON-serialisable
   * data (or, with `{ format: "binary" }`, a compact ArrayBuffer; see
   * src/world/snapshot.ts). `World.fromSnapshot` rebuilds it; stepping the
   * rebuilt world gives bit-identical states. Event listeners and the force
   * field are not included.
   */
  snapshot(): WorldSnapshot;
  snapshot(options: { format: "json" }): WorldSnapshot;
  snapshot(options: { format: "binary" }): ArrayBuffer;
  snapshot(options?: { format: "json" | "binary" }): WorldSnapshot | ArrayBuffer {
    const format = options === undefined ? "json" : check.oneOf("format", (options as { format?: unknown })?.format, ["json", "binary"]);
    if (this.stepping) throw new Error("capsule2d: snapshot() cannot be called during a step");
    const state = {
      options: this.options,
      time: this.time,
      stepCount: this.stepCount,
      accumulator: this.accumulator,
      nextId: this.nextId,
      bodies: this.bodyList,
      contacts: this.contactList,
      contactCount: this.contactCount,
    };
    return format === "binary" ? captureBinary(state) : captureJSON(state);
  }

  /**
   * Rebuild a world from `snapshot()` data (JSON, or the binary ArrayBuffer).
   * The snapshot is checked completely first: a corrupt or truncated one
   * throws a TypeError or RangeError and nothing is built.
   */
  static fromSnapshot(data: WorldSnapshot | ArrayBuffer): World {
    const restored = readSnapshot(data);
    const world = new World(restored.options);
    world.restore(restored);
    return world;
  }

  /** Put checked snapshot contents into this new, empty world. */
  private restore(r: RestoredWorld): void {
    for (let i = 0; i < r.bodies.length; i++) {
      const body = r.bodies[i]!;
      body.world = this;
      body.index = this.bodyList.length;
      body.solverFlags = 0;
      this.bodyList.push(body);
      body.updateBounds();
      this.saveStartPose(body);
      this.broadphase.add(body);
      const sleep = r.sleep[i]!;
      body.isSleeping = sleep.isSleeping;
      body.sleepTime = sleep.sleepTime;
      body.islandId = sleep.islandId;
    }
    this.nextId = r.nextId;
    this.time = r.time;
    this.stepCount = r.stepCount;
    this.accumulator = r.accumulator;
    for (const rc of r.contacts) {
      const key = pairKey(rc.a.id, rc.b.id);
      const c = new Contact(rc.a, rc.b);
      c.init(rc.a, rc.b, key, this.stepCount);
      c.isSensor = rc.isSensor;
      c.touching = rc.touching;
      c.wasTouching = rc.wasTouching;
      c.active = rc.active;
      c.stiff = rc.stiff ? 1 : 0;
      c.friction = rc.friction;
      c.restitution = rc.restitution;
      const m = c.manifold;
      m.normalX = rc.normalX;
      m.normalY = rc.normalY;
      m.depth = rc.depth;
      m.count = rc.count;
      m.x0 = rc.x0;
      m.y0 = rc.y0;
      m.depth0 = rc.depth0;
      m.id0 = rc.id0;
      m.x1 = rc.x1;
      m.y1 = rc.y1;
      m.depth1 = rc.depth1;
      m.id1 = rc.id1;
      c.normalImpulse0 = rc.n0;
      c.tangentImpulse0 = rc.t0;
      c.normalImpulse1 = rc.n1;
      c.tangentImpulse1 = rc.t1;
      this.contactMap.set(rc.a.id, rc.b.id, c);
      this.contactList[this.contactCount++] = c;
    }
  }


  // ------------------------------------------------------------------ queries

  /** The closest body the ray hits within maxDistance, or null. `direction` need not be unit length. */
  raycast(origin: Vec2, direction: Vec2, maxDistance = Infinity, filter?: QueryFilter): RaycastHit | null {
    check.vector("origin", origin);
    const dir = unitDirection(direction);
    checkMaxDistance(maxDistance);
    const accept = makeFilter(filter);
    const best = this.rayHit;
    best.body = null;
    const hit = new RaycastHitBuffer();
    this.broadphase.raycast(origin.x, origin.y, dir.x, dir.y, maxDistance, (body, maxT) => {
      if (!accept(body)) return maxT;
      if (!raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxT, hit)) return maxT;
      if (best.body === null || hit.distance < best.distance || (hit.distance === best.distance && body.id < best.body.id)) {
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
    checkMaxDistance(maxDistance);
    const accept = makeFilter(filter);
    const hits: RaycastHit[] = [];
    const hit = new RaycastHitBuffer();
    this.broadphase.raycast(origin.x, origin.y, dir.x, dir.y, maxDistance, (body, maxT) => {
      if (accept(body) && raycastInto(body, origin.x, origin.y, dir.x, dir.y, maxDistance, hit)) hits.push(hit.toHit()!);
      return maxT;
    });
    return hits.sort((a, b) => a.distance - b.distance || a.body.id - b.body.id);
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
    box.position.x = (min.x + max.x) / 2;
    box.position.y = (min.y + max.y) / 2;
    box.halfWidth = Math.max((max.x - min.x) / 2, 1e-12);
    box.halfHeight = Math.max((max.y - min.y) / 2, 1e-12);
    box.updateBounds();
    const out: Body[] = [];
    this.broadphase.query(min.x, min.y, max.x, max.y, (body) => {
      if (accept(body) && collideInto(box, body, 0, this.queryManifold)) out.push(body);
    });
    return out.sort(byId);
  }

  /** Bodies containing the point, in id order. */
  queryPoint(point: Vec2, filter?: QueryFilter): Body[] {
    check.vector("point", point);
    const accept = makeFilter(filter);
    const out: Body[] = [];
    this.broadphase.query(point.x, point.y, point.x, point.y, (body) => {
      if (accept(body) && bodyContainsPoint(body, point.x, point.y)) out.push(body);
    });
    return out.sort(byId);
  }

  /**
   * Bodies overlapping a free-standing shape that is not in this world (an
   * attack hitbox, a capsule swept between two frame positions...), in id
   * order. The shape's collisionFilter applies.
   */
  queryShape(shape: Body, filter?: QueryFilter): Body[] {
    checkShape("shape", shape);
    const accept = makeFilter(filter);
    shape.updateBounds();
    const out: Body[] = [];
    this.broadphase.query(shape.minX, shape.minY, shape.maxX, shape.maxY, (body) => {
      if (body === shape || !accept(body) || !shouldCollide(shape, body)) return;
      if (collideInto(shape, body, 0, this.queryManifold)) out.push(body);
    });
    return out.sort(byId);
  }
}

function byId(a: Body, b: Body): number {
  return a.id - b.id;
}

/** Can these two bodies touch at all? At least one must be dynamic (or a sensor), and the filters must agree. */
function canTouch(a: Body, b: Body): boolean {
  if (a.type !== "dynamic" && b.type !== "dynamic") {
    if (!(a.isSensor || b.isSensor) || (a.type === "static" && b.type === "static")) return false;
  }
  return shouldCollide(a, b);
}

function makeFilter(filter: QueryFilter | undefined): (body: Body) => boolean {
  if (filter === undefined) return () => true;
  if (typeof filter === "function") return filter;
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
    const f = body.collisionFilter;
    if (group !== 0 && f.group === group) return group > 0;
    return (f.category & mask) !== 0 && (category & f.mask) !== 0;
  };
}

export { Body };
