/**
 * CoreWorld: orchestrates the parts below and runs the step. It owns none of
 * their internals: bodies are the users' handles (src/bodies/), contacts
 * live in the contact manager (src/contacts/), sleeping sets in the islands
 * (src/solver/islands.ts), boxes in the broadphase (src/collision/broadphase/).
 *
 * One step, top to bottom (each stage is a method below, in this order; the
 * table in src/world/stages.ts describes them and `world.profile` times them):
 *   0. changes       bodies the user added, moved, pushed or changed since the
 *                    last step get fresh boxes and contacts
 *   1. solve         per sub-step: forces → impacts (restitution at contact) →
 *                    warm start → contact impulses → positions → relax
 *   2. bounds        moved bodies' broadphase boxes, swept over their next motion
 *   3. continuous    fast bodies that crossed something go back to their time of impact
 *   4. pairs         pairs whose boxes began to overlap become contacts
 *   5. narrowphase   every awake contact gets its manifold for the new poses
 *   6. sleep         still islands fall asleep
 *   7. events        begin / end / hit / sensor events become readable; callbacks
 *
 * The narrowphase runs at the end of the step, so after `step()` the
 * contacts, `world.contactsOf(body)` and the events all describe the bodies
 * where they are now; the next step solves those contacts.
 *
 * Determinism: awake bodies are visited in id order and contacts in the
 * order of their pair keys; nothing in the step uses Math.sin/cos/atan2/exp/pow.
 *
 * This is the whole step, the queries and the events: what `capsule2d/core`
 * ships. The optional parts are subclasses that fill in what the step asks
 * through small seams: joints (src/world/joint-world.ts, `capsule2d/joints`)
 * replace the `jointManager` stages, which are no-ops here (NoJoints); the
 * full `World` of `capsule2d` (src/world/world.ts) adds snapshots, clones,
 * `restore`, explosions, the pgs solver and the sap and brute broadphases.
 */
import { EventEmitter } from "eventemitter3";
import {
  Body, CHANGE_FORCE, CHANGE_MASS, CHANGE_MATERIAL, CHANGE_PAIRING, CHANGE_POSE, CHANGE_SLEEP, CHANGE_TYPE,
  CHANGE_VELOCITY, CHANGE_WAKE, type BodyOwner, type GroundContact,
} from "../bodies/body.js";
import { AABB } from "../bodies/aabb.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2 } from "../math/trig.js";
import { PairList, type Broadphase, type BroadphaseKind, type QueryBox } from "../collision/broadphase/broadphase.js";
import { DynamicTreeBroadphase } from "../collision/broadphase/tree-broadphase.js";
import { checkShape, collideInto } from "../collision/narrowphase/collide.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";
import { raycastInto, RaycastHitBuffer, unitDirection, exactDirection, checkMaxDistance, type RaycastHit } from "../collision/narrowphase/raycast.js";
import { bodyContainsPoint } from "../collision/narrowphase/point.js";
import { castShapeInto, ShapeCastBuffer, type ShapeCastHit } from "../collision/narrowphase/shape-cast.js";
import { DEAD, MAX_BODY_ID, NX, NY, ROW, X0, X1, REPORTED, SENSOR, TOUCHING, WITH_STATIC, BEGAN, type Contact } from "../contacts/contact.js";
import { ContactManager, type ContactWorld } from "../contacts/contact-manager.js";
import { shouldCollide } from "../contacts/pairing.js";
import { isTile, Seams } from "../contacts/seams.js";
import { Integrator, type ForceField } from "../solver/integrate.js";
import { Softness } from "../solver/softness.js";
import { ContactConstraints } from "../solver/contact-solver.js";
import { SolverBodies } from "../solver/solver-bodies.js";
import { Islands, SET_AWAKE } from "../solver/islands.js";
import { ContinuousSolver } from "../solver/continuous.js";
import { MotionBounds } from "../solver/motion-bounds.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type SolverName, type WorldOptions } from "./options.js";
import {
  EventBuffers, EVENT_NAMES, toContactInfo, type CollisionPair, type ContactEvents, type ContactInfo, type SensorEvents, type WorldEvents,
} from "./events.js";
import { hashBodies } from "./hash.js";
import type { Joint } from "../joints/joint.js";
import { NoJoints, type JointStages } from "./joint-stages.js";
import { newProfile, now, type StepProfile } from "./stages.js";
import { dropImpulses, PreSolveView, type PreSolveFn } from "./contact-control.js";
import type { WorldJournal } from "./journal.js";

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
export const MAX_IMPACT_SWEEPS = 16;

/** @internal Sorts bodies in id order. */
export function byId(a: Body, b: Body): number {
  return a._id - b._id;
}

/**
 * What `new CoreWorld(options)` (`World` of `capsule2d/core`) takes: the
 * options of `capsule2d`'s `World`, with the soft-step solver and the tree
 * broadphase only (the others are in the full `World`).
 */
export type CoreWorldOptions = Omit<WorldOptions, "solver" | "broadphase"> & {
  /** Only "soft-step" here (the default); "pgs" needs the `World` of `capsule2d`. */
  solver?: "soft-step";
  /** Only "tree" here (the default); "sap" and "brute" need the `World` of `capsule2d`. */
  broadphase?: "tree";
};

/**
 * The small engine of `capsule2d/core`: a physics world that owns bodies and
 * contacts and advances them with `step(dt)` (or `advance(elapsed)` at a fixed
 * step), with the queries, shape casts and events of `capsule2d`'s `World`,
 * and the same bits step after step. Without joints (`JointWorld` from
 * `capsule2d/joints` adds them), snapshots, clones, `restore` and `explode`,
 * the pgs solver and the sap and brute broadphases: those are in `World`
 * from `capsule2d`, which extends this class. See docs/small-builds.md.
 */
export class CoreWorld implements BodyOwner {
  protected readonly opts: ResolvedWorldOptions;
  private frozenOptions: Readonly<ResolvedWorldOptions> | null = null;
  protected simTime = 0;
  protected steps = 0;
  protected accumulator = 0;
  /** What the last advance() dropped, s (droppedTime). */
  private dropped = 0;
  protected lastDt = 0;
  protected stepping = false;
  /** Hears of every change (a recorder, src/replay/), or null; see src/world/journal.ts. */
  protected journal: WorldJournal | null = null;
  /** Inside `advance()`: its steps are part of the reported `advance` call. */
  private advancing = false;
  /** Listeners are not called (a recorder re-making recorded calls: see `setMuted`). */
  private muted = false;

  // bodies: the id-ordered list (holes after removals, closed when read), and the slots
  protected readonly bodyList: (Body | null)[] = [];
  protected holes = 0;
  protected nextId = 0;
  protected readonly slots: (Body | null)[] = [];
  protected readonly freeSlots: number[] = [];
  /** Slots of bodies removed since the last step: free again once the awake list has dropped them. */
  protected readonly releasedSlots: number[] = [];
  /** Bodies the user changed since the last step (and a flag per slot). */
  protected readonly changed: Body[] = [];
  /** How many of `changed` are this step's (the array keeps its length: emptying it would free its storage, to be made again at the next push). */
  protected changedCount = 0;
  protected changedFlag = new Uint8Array(64);
  protected refreshAll = false;

  protected readonly broadphase: Broadphase;
  private readonly started = new PairList();
  private readonly ended = new PairList();
  protected readonly islands = new Islands();
  protected readonly events = new EventBuffers();
  private readonly contactWorld: ContactWorld;
  protected readonly contactManager: ContactManager;
  /** The joints' solver stages: none here (each a no-op); JointWorld installs its JointManager. */
  protected jointManager: JointStages = new NoJoints();
  /** The faces static boxes share (src/contacts/seams.ts): kept up to date by add, remove and body changes. */
  protected readonly seams = new Seams();
  /** Bodies whose seams changed (scratch of `updateSeams`). */
  protected readonly seamed: Body[] = [];
  private readonly emitter = new EventEmitter<WorldEvents>();

  // the step's solver parts
  protected readonly constraints: Contact[] = [];
  private readonly staticConstraints: Contact[] = [];
  protected constraintCount = 0;
  protected readonly integrator = new Integrator();
  protected readonly motion = new MotionBounds();
  protected readonly solverBodies = new SolverBodies();
  /** @internal The contact solver (`capsule2d/wasm` sets its passes: `enableWasmSolver(world)`). */
  readonly contactConstraints = new ContactConstraints();
  private readonly soft = new Softness();
  private readonly stiff = new Softness();
  /** The contact hertz, damping ratio and sub-step that `soft` and `stiff` were set for. */
  private readonly softFor = { hertz: -1, zeta: -1, h: -1 };
  /** The same for the joints' rigid softness (a negative zeta: Baumgarte, for pgs). */
  private readonly jointSoftFor = { hertz: -1, zeta: -1, h: -1 };
  /** The joints' rigid softness this step asks for (fields, not arguments: V8 boxed numbers passed to prepareJoints). */
  protected readonly jointSoftWant = { hertz: 0.5, zeta: 0.5 };
  private readonly woken: Body[] = [];
  protected readonly box: QueryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  /** Time-of-impact sweeps for fast bodies (stage 3); its counters describe the last step. */
  readonly continuous = new ContinuousSolver();
  /**
   * Milliseconds per stage of the last step, and their total (see
   * src/world/stages.ts), while `profiling` is on; all zero otherwise.
   */
  readonly profile: StepProfile = newProfile();
  private timing = false;
  /** The pre-solve callback (see `setPreSolve`), and its reused argument. */
  private preSolve: PreSolveFn | null = null;
  private readonly preSolveView = new PreSolveView();

  /**
   * Time each step's stages into `profile`. Off by default: it reads the
   * clock nine times a step, and in V8 each reading allocates a few bytes,
   * where a step otherwise allocates nothing. Turning it off zeroes `profile`.
   */
  get profiling(): boolean {
    return this.timing;
  }

  /** Turn stage timing on or off (a boolean). */
  set profiling(on: boolean) {
    this.timing = check.boolean("profiling", on);
    if (!on) Object.assign(this.profile, newProfile());
  }

  // query scratch
  private readonly queryManifold = new ManifoldBuffer();
  private readonly queryBox = new AABB({ halfWidth: 1, halfHeight: 1, type: "static" });
  private readonly rayHit = new RaycastHitBuffer();

  constructor(options: CoreWorldOptions = {}) {
    this.opts = resolveWorldOptions(options);
    this.checkSolver(this.opts.solver);
    this.checkThreads(this.opts.solverThreads);
    this.broadphase = this.createBroadphase(this.opts.broadphase, this.opts.speculativeDistance);
    const islands = this.islands;
    this.contactWorld = {
      isAwake: (b) => islands.set[b.slot] === SET_AWAKE,
      isAsleep: (b) => islands.isAsleep(b),
      wake: (b) => this.wakeIsland(b),
      jointed: (a, b) => this.jointManager.blocksCollision(a, b),
    };
    this.contactManager = new ContactManager(this.contactWorld, this.events);
    this.contactConstraints.rows = this.contactManager.rows;
    this.contactManager.settings.motion = this.motion;
    this.contactManager.settings.seams = this.seams;
    this.continuous.seams = this.seams;
    this.applyOptions();
  }

  /**
   * The broadphase of `kind` (checked by the options). Only the tree here:
   * another kind throws a RangeError (the full World overrides this).
   */
  protected createBroadphase(kind: BroadphaseKind, margin: number): Broadphase {
    if (kind !== "tree") {
      throw new RangeError(`capsule2d: broadphase ${check.describe(kind)} needs the World of "capsule2d" (capsule2d/core has "tree")`);
    }
    return new DynamicTreeBroadphase({ margin, touchingOnly: true });
  }

  /** Throws a RangeError for a `solverThreads` other than 0: the coloured and parallel solve are the full World's (it overrides this). */
  protected checkThreads(threads: number): void {
    if (threads !== 0) {
      throw new RangeError(`capsule2d: solverThreads ${threads} needs the World of "capsule2d" (capsule2d/core solves on one thread)`);
    }
  }

  /** Throws a RangeError for a solver this class has no stage for: only "soft-step" here (the full World overrides this). */
  protected checkSolver(solver: SolverName): void {
    if (solver !== "soft-step") {
      throw new RangeError(`capsule2d: solver ${check.describe(solver)} needs the World of "capsule2d" (capsule2d/core has "soft-step")`);
    }
  }

  protected applyOptions(): void {
    const o = this.opts;
    this.integrator.gravityX = o.gravity.x;
    this.integrator.gravityY = o.gravity.y;
    this.integrator.setMode(o.integrator);
    this.integrator.maxLinearSpeed = o.maxLinearSpeed;
    this.motion.sweep = o.continuous;
    const s = this.contactManager.settings;
    s.continuous = o.continuous;
    s.speculativeDistance = o.speculativeDistance;
    this.frozenOptions = null;
  }

  /** The options in force (defaults filled in), read-only: change them with `setOptions`. */
  get options(): Readonly<ResolvedWorldOptions> {
    if (this.frozenOptions === null) {
      this.frozenOptions = Object.freeze({ ...this.opts, gravity: Object.freeze({ ...this.opts.gravity }) });
    }
    return this.frozenOptions;
  }

  /**
   * Change options between steps (all but `broadphase` and `speculativeDistance`,
   * which shape the broadphase, and `solverThreads`). Checked first: a bad
   * value changes nothing. Sleeping bodies wake, so that they feel the change.
   */
  setOptions(options: Omit<CoreWorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">): void {
    const o = options as WorldOptions;
    if (o && (o.broadphase !== undefined || o.speculativeDistance !== undefined || o.solverThreads !== undefined)) {
      throw new RangeError("capsule2d: broadphase, speculativeDistance and solverThreads can only be set in the World constructor");
    }
    if (this.stepping) throw new Error("capsule2d: setOptions() cannot be called during a step");
    const { gravity, ...rest } = this.opts;
    const merged = resolveWorldOptions({ ...rest, gravity, ...options });
    this.checkSolver(merged.solver);
    if (this.journal !== null) this.journal.call(this, "setOptions", options);
    Object.assign(this.opts, merged);
    this.applyOptions();
    this.wakeAll();
    this.refreshAll = true;
  }

  /** Gravity, m/s² (a copy). Assign a new `{ x, y }` to change it; sleeping bodies wake. */
  get gravity(): Readonly<Vec2> {
    return this.options.gravity;
  }

  /** Set gravity, m/s² (a finite `{ x, y }`), as `setOptions({ gravity })` does. */
  set gravity(g: Vec2) {
    this.setOptions({ gravity: check.vector("gravity", g) });
  }

  /** Simulated time, s. */
  get time(): number {
    return this.simTime;
  }

  /** Steps taken. */
  get stepCount(): number {
    return this.steps;
  }

  /** The bodies, in id order (the order they were added). */
  get bodies(): readonly Body[] {
    if (this.holes > 0) {
      let n = 0;
      const list = this.bodyList;
      for (let i = 0; i < list.length; i++) if (list[i] !== null) list[n++] = list[i]!;
      list.length = n;
      this.holes = 0;
    }
    return this.bodyList as readonly Body[];
  }

  /**
   * A force field applied to every dynamic body, evaluated by the integrator
   * each time it needs the force (twice per sub-step for velocity Verlet).
   * `field(body, out)` adds the force at the centre, N, to `out.x` / `out.y`,
   * a torque, N·m, to `out.torque`, and forces at world points with
   * `out.addForceAt(fx, fy, px, py)`. Pass null to remove it. It must not
   * change the world (it runs inside the step). A non-finite force or torque
   * is left out of the step, which completes, and then `step()` throws a
   * RangeError naming the body and the value.
   */
  setForceField(field: ForceField | null): void {
    if (field !== null && typeof field !== "function") {
      throw new TypeError(`capsule2d: field must be a function or null, got ${check.describe(field)}`);
    }
    if (this.journal !== null) this.journal.call(this, "setForceField", field);
    this.integrator.field = field;
    this.wakeAll();
  }

  /**
   * A callback asked once per step about each solid contact with points,
   * before the solver, in pair-id order: returning false leaves the contact
   * out of this step (Box2D's pre-solve). It receives one reused object
   * (bodyA, bodyB, normal from A to B, depth, pointCount) to read during the
   * call. It runs inside the step: it must not change the world or throw.
   * Deterministic when the callback is (it is called in a fixed order with
   * the same values). It does not affect the time-of-impact sweep of fast
   * bodies (for platforms passed through from one side, use `oneWay`). A
   * contact left out still touches for events and `contacts` (its shapes
   * do). Pass null to remove it.
   */
  setPreSolve(fn: PreSolveFn | null): void {
    if (fn !== null && typeof fn !== "function") {
      throw new TypeError(`capsule2d: preSolve must be a function or null, got ${check.describe(fn)}`);
    }
    if (this.stepping) throw new Error("capsule2d: setPreSolve() cannot be called during a step");
    this.preSolve = fn;
  }

  /** The force field in use (see `setForceField`), or null. */
  get forceField(): ForceField | null {
    return this.integrator.field;
  }

  /**
   * @internal Put back the force field a world had when it was saved (a
   * snapshot does not hold functions), without waking anything: restoring
   * must not change what happens next. Not reported to the journal.
   */
  restoreForceField(field: ForceField | null): void {
    if (field !== null && typeof field !== "function") {
      throw new TypeError(`capsule2d: field must be a function or null, got ${check.describe(field)}`);
    }
    this.integrator.field = field;
  }

  // ------------------------------------------------------------------ events

  /** Contact events of the last step (pull-based; valid until the next step). See src/world/events.ts. */
  get contactEvents(): ContactEvents {
    return this.events.contacts;
  }

  /** Sensor events of the last step (pull-based; valid until the next step). */
  get sensorEvents(): SensorEvents {
    return this.events.sensors;
  }

  /** Call `fn` for each `name` event (an adapter over the event buffers). */
  on<E extends keyof WorldEvents>(name: E, fn: WorldEvents[E], context?: unknown): this {
    this.emitter.on(checkEventName(name), checkListener(fn), context);
    return this;
  }

  /** Like `on`, for the next `name` event only. */
  once<E extends keyof WorldEvents>(name: E, fn: WorldEvents[E], context?: unknown): this {
    this.emitter.once(checkEventName(name), checkListener(fn), context);
    return this;
  }

  /** Stop calling `fn` (or every listener of `name` when `fn` is omitted). */
  off<E extends keyof WorldEvents>(name: E, fn?: WorldEvents[E], context?: unknown): this {
    this.emitter.off(checkEventName(name), fn === undefined ? (fn as never) : checkListener(fn), context);
    return this;
  }

  /** Number of listeners of an event. */
  listenerCount(name: keyof WorldEvents): number {
    return this.emitter.listenerCount(name);
  }

  // ------------------------------------------------------------------ bodies

  /** Add a body; returns it. Throws (changing nothing) if it is already in a world or holds a non-finite value. */
  add<T extends Body>(body: T): T {
    checkShape("body", body);
    if (body._world === this) throw new RangeError(`capsule2d: body #${body._id} is already in this world`);
    if (body._world !== null) throw new RangeError(`capsule2d: body #${body._id} is already in another world`);
    check.finite("body.position.x", body.px);
    check.finite("body.position.y", body.py);
    check.finite("body.velocity.x", body.vx);
    check.finite("body.velocity.y", body.vy);
    check.finite("body.angularVelocity", body.w);
    if (this.nextId >= MAX_BODY_ID) throw new RangeError(`capsule2d: too many bodies added to one world (${MAX_BODY_ID})`);
    if (this.stepping) throw new Error("capsule2d: add() cannot be called during a step");
    body._id = this.nextId++;
    this.attach(body);
    this.bodyList.push(body);
    body.x0 = body.px;
    body.y0 = body.py;
    body.c0 = body.qc;
    body.s0 = body.qs;
    this.islands.add(body);
    this.markChanged(body);
    this.updateSeams(body, true);
    if (this.journal !== null) this.journal.call(this, "add", body);
    return body;
  }

  /**
   * A body came, went or changed: if it is or was a static box, its shared
   * faces are found again, and the tiles next to it, whose faces it now
   * covers or uncovers, get their contacts refreshed before the next step.
   */
  private updateSeams(body: Body, present: boolean): void {
    const seams = this.seams;
    if (!isTile(body) && !seams.hasLinks(body)) return;
    const affected = this.seamed;
    seams.update(body, this.broadphase, present, affected);
    for (let i = 0; i < affected.length; i++) {
      this.markChanged(affected[i]!);
      this.wakeTouching(affected[i]!);
    }
    affected.length = 0;
  }

  /** Give a body a slot and a broadphase proxy. */
  protected attach(body: Body): void {
    const slot = this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.slots.length;
    if (slot === this.slots.length) {
      this.slots.push(null);
      const n = this.slots.length;
      this.islands.grow(n);
      this.contactManager.growSlots(n);
      this.solverBodies.growSlots(n);
      this.seams.growSlots(n);
      if (this.changedFlag.length < n) {
        const grown = new Uint8Array(this.changedFlag.length * 2);
        grown.set(this.changedFlag);
        this.changedFlag = grown;
      }
    }
    this.slots[slot] = body;
    body.slot = slot;
    body._world = this;
    body.updateBounds();
    this.motion.boxOf(body, this.box); // swept over its motion in a step of the last dt (0 in a new world)
    this.broadphase.add(body, this.box);
  }

  /**
   * Remove a body. Its touching pairs report an end (with the next step's
   * events); bodies resting on it wake. Costs the number of its contacts and
   * the size of its island, not the size of the world.
   */
  remove(body: Body): this {
    checkShape("body", body);
    if (body._world !== this) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
    if (this.stepping) throw new Error("capsule2d: remove() cannot be called during a step");
    if (this.journal !== null) this.journal.call(this, "remove", body);
    this.wakeIsland(body);
    this.wakeTouching(body);
    this.detachJointsOf(body);
    this.updateSeams(body, false);
    this.contactManager.destroyContactsOf(body);
    this.broadphase.remove(body);
    this.islands.remove(body);
    // its place in the id-ordered list: found by binary search (ids only grow)
    const list = this.bodyList;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      let m = mid;
      while (m <= hi && list[m] === null) m++; // skip holes
      if (m > hi) {
        hi = mid - 1;
        continue;
      }
      const id = list[m]!._id;
      if (id === body._id) {
        list[m] = null;
        this.holes++;
        break;
      }
      if (id < body._id) lo = m + 1;
      else hi = mid - 1;
    }
    this.changedFlag[body.slot] = 0;
    this.slots[body.slot] = null;
    this.releasedSlots.push(body.slot);
    body._world = null;
    body.slot = -1;
    return this;
  }

  /** A body leaves: its joints go with it (none here; JointWorld overrides this). */
  protected detachJointsOf(_body: Body): void {}

  /** @internal BodyOwner: a body's joints. */
  jointsOf(body: Body): readonly Joint[] {
    return this.jointManager.of(body);
  }

  /** @internal BodyOwner: body methods ask before they change anything. */
  checkMutable(body: Body, what: string, a?: unknown, b?: unknown): void {
    if (this.stepping) throw new Error(`capsule2d: body.${what}() cannot be called during a step (use the beforeStep or afterStep event)`);
    if (this.journal !== null) this.journal.call(body, what, a, b);
  }

  /** @internal BodyOwner: is the body asleep? */
  isBodySleeping(body: Body): boolean {
    return this.islands.isAsleep(body);
  }

  /** @internal BodyOwner: a body changed; update everything that depends on it. */
  bodyChanged(body: Body, change: number): void {
    if ((change & (CHANGE_TYPE | CHANGE_PAIRING)) !== 0) {
      // what it collides with changed: its contacts end, and are found again before the next step
      this.wakeIsland(body);
      this.wakeTouching(body);
      this.contactManager.destroyContactsOf(body);
      if ((change & CHANGE_TYPE) !== 0) this.islands.retype(body);
      this.broadphase.remove(body);
      body.updateBounds();
      this.motion.boxOf(body, this.box);
      this.broadphase.add(body, this.box);
      this.markChanged(body);
      this.updateSeams(body, true);
    }
    if ((change & CHANGE_POSE) !== 0) {
      body.x0 = body.px;
      body.y0 = body.py;
      body.c0 = body.qc;
      body.s0 = body.qs;
      if (body._type !== "dynamic") this.wakeTouching(body);
      this.markChanged(body);
      if (body._type === "static") {
        // its broadphase box moves at the next step: until then the seams look for it by hand
        this.seams.noteMoved(body);
        this.updateSeams(body, true);
      }
    }
    if ((change & CHANGE_VELOCITY) !== 0) this.markChanged(body);
    const wakes = CHANGE_POSE | CHANGE_VELOCITY | CHANGE_FORCE | CHANGE_MASS | CHANGE_MATERIAL | CHANGE_WAKE | CHANGE_TYPE | CHANGE_PAIRING;
    if ((change & wakes) !== 0 || ((change & CHANGE_SLEEP) !== 0 && !body._enableSleep)) {
      this.wakeIsland(body);
      this.islands.resetTimer(body);
    }
  }

  protected markChanged(body: Body): void {
    if (this.changedFlag[body.slot] === 1) return;
    this.changedFlag[body.slot] = 1;
    this.changed[this.changedCount++] = body;
  }

  /** Wake a sleeping body's island (and bring its contacts back to the awake list). */
  protected wakeIsland(body: Body): void {
    const woken = this.woken;
    woken.length = 0;
    const n = this.islands.wake(body, woken);
    if (n > 0) this.contactManager.wakeContactsOf(woken, n);
    woken.length = 0;
  }

  /** Wake the island of everything touching `body` (it is moving away, or changing). */
  private wakeTouching(body: Body): void {
    const cm = this.contactManager;
    for (let c = cm.first(body); c !== null; c = c.nextOf(body)) {
      if ((c.flags & TOUCHING) !== 0 || c.count > 0) this.wakeIsland(c.other(body));
    }
  }

  /** Wake every sleeping body (options changed). */
  private wakeAll(): void {
    for (const b of this.slots) if (b !== null && this.islands.isAsleep(b)) this.wakeIsland(b);
  }

  // ------------------------------------------------------------------ stepping

  /** With `profiling` on: the stage that began at `t` took until now; returns now. */
  private lap(stage: Exclude<keyof StepProfile, "total">, t: number): number {
    if (!this.timing) return 0;
    const t1 = now();
    this.profile[stage] = t1 - t;
    return t1;
  }

  /** Advance the simulation by `dt` seconds (> 0, finite). */
  step(dt: number): this {
    // the checker only for a bad dt: a number passed to a call V8 does not inline is boxed, every step
    if (typeof dt !== "number" || !(dt >= check.LIMITS.dtMin && dt <= check.LIMITS.dtMax)) check.dt("dt", dt);
    if (this.stepping) throw new Error("capsule2d: step() cannot be called during a step");
    if (!this.muted && this.emitter.listenerCount("beforeStep") > 0) this.emitter.emit("beforeStep", { dt });
    if (this.journal !== null && !this.advancing) this.journal.call(this, "step", dt);
    const start = this.timing ? now() : 0;
    let t = start;
    this.stepping = true;
    try {
      this.steps++;
      this.applyChanges(dt); // 0
      t = this.lap("changes", t);
      this.solve(dt); // 1
      if (this.jointManager.broken.length > 0) this.breakJoints();
      t = this.lap("solve", t);
      this.updateBounds(); // 2
      t = this.lap("bounds", t);
      if (this.opts.continuous) this.continuous.solve(this.islands.awake, this.islands.awakeCount, this.broadphase, this.motion); // 3
      t = this.lap("continuous", t);
      this.updatePairs(); // 4
      t = this.lap("pairs", t);
      this.contactManager.updateAwake(); // 5
      t = this.lap("narrowphase", t);
      this.sleepIslands(dt); // 6
      t = this.lap("sleep", t);
      this.simTime += dt;
      this.lastDt = dt;
    } finally {
      this.stepping = false;
    }
    if (this.journal !== null) this.journal.stepped();
    this.events.publish(); // 7
    if (!this.muted) this.emitEvents();
    if (this.timing) this.profile.total = this.lap("events", t) - start;
    if (!this.muted && this.emitter.listenerCount("afterStep") > 0) this.emitter.emit("afterStep", { dt });
    const fieldError = this.integrator.fieldError;
    if (fieldError !== null) {
      this.integrator.fieldError = null;
      throw new RangeError(fieldError);
    }
    return this;
  }

  /**
   * Fixed-step accumulator for a game loop: adds `elapsedSeconds` and takes as
   * many `fixedDt` steps as fit, at most `maxStepsPerAdvance` (time beyond that
   * is dropped so a slow frame cannot spiral). Returns the interpolation alpha
   * in [0, 1): how far the real time is between the last step and the next;
   * draw each body at `body.getInterpolatedPose(alpha)`. The time dropped
   * (whole steps beyond `maxStepsPerAdvance`, or all of an elapsed time too
   * large to keep a fraction of, such as 1e20 s) is in `droppedTime`.
   */
  advance(elapsedSeconds: number): number {
    check.nonNegative("elapsedSeconds", elapsedSeconds);
    this.dropped = 0;
    if (this.stepping) throw new Error("capsule2d: advance() cannot be called during a step");
    if (this.journal !== null) this.journal.call(this, "advance", elapsedSeconds);
    const dt = this.opts.fixedDt;
    this.accumulator += elapsedSeconds;
    let steps = 0;
    this.advancing = true;
    try {
      while (this.accumulator >= dt && steps < this.opts.maxStepsPerAdvance) {
        this.step(dt);
        this.accumulator -= dt;
        steps++;
      }
    } finally {
      this.advancing = false;
    }
    if (this.accumulator >= dt) {
      const before = this.accumulator;
      this.accumulator -= Math.floor(this.accumulator / dt) * dt;
      // an elapsed time so large (1e20 s, 1e308 s) that no fraction of a step can be kept of it: drop it all
      if (!(this.accumulator >= 0 && this.accumulator < dt)) this.accumulator = 0;
      this.dropped = before - this.accumulator;
    }
    return this.accumulator / dt;
  }

  /**
   * Seconds the last `advance()` call dropped: the elapsed time beyond what
   * `maxStepsPerAdvance` steps of `fixedDt` could use (0 when it stepped all
   * of it). A game that sees it above 0 is running slower than real time.
   */
  get droppedTime(): number {
    return this.dropped;
  }

  /**
   * 0. The user's changes since the last step. The awake list drops the
   * bodies that fell asleep or left and takes in the woken and new ones (each
   * awake body's pose is saved as the step's start pose first); the bodies
   * the user moved, pushed or changed get fresh broadphase boxes, pairs and
   * contacts, so this step solves what is there now.
   */
  private applyChanges(dt: number): void {
    const islands = this.islands;
    // the pose at the start of this step (and, for bodies that fell asleep, the pose they keep)
    for (let i = 0; i < islands.awakeCount; i++) {
      const b = islands.awake[i]!;
      b.x0 = b.px;
      b.y0 = b.py;
      b.c0 = b.qc;
      b.s0 = b.qs;
    }
    islands.flush();
    for (const s of this.releasedSlots) this.freeSlots.push(s);
    this.releasedSlots.length = 0;
    const motion = this.motion;
    motion.dt = dt;
    motion.base = this.opts.speculativeDistance;
    // a new dt changes every swept box and speculative margin
    if (dt !== this.lastDt || this.refreshAll) {
      for (let i = 0; i < islands.awakeCount; i++) this.markChanged(islands.awake[i]!);
      this.refreshAll = false;
    }
    const changed = this.changed;
    if (this.changedCount > 0) {
      const bp = this.broadphase;
      const box = this.box;
      let n = 0;
      for (let i = 0; i < this.changedCount; i++) {
        const b = changed[i]!;
        if (b._world !== this) continue; // removed since
        changed[n++] = b;
        b.updateBounds();
        motion.boxOf(b, box);
        bp.update(b, box);
      }
      this.changedCount = n;
      this.seams.clearMoved();
      bp.updatePairs(this.started, this.ended);
      this.contactManager.applyPairs(this.started, this.ended);
      // each contact once: from the second of its bodies visited when both changed (flag 1: to visit, 2: visited)
      const flags = this.changedFlag;
      for (let i = 0; i < n; i++) {
        const b = changed[i]!;
        flags[b.slot] = 2;
        this.contactManager.updateContactsOf(b, flags);
      }
      for (let i = 0; i < n; i++) flags[changed[i]!.slot] = 0;
      this.changedCount = 0;
      islands.flush(); // bodies woken by those contacts
    }
    this.contactManager.flush();
  }

  /** The contacts the solver works on this step: solid, with points; those with a static body last. */
  protected collectConstraints(): void {
    const cm = this.contactManager;
    const n = collectSolid(cm.awake, cm.awakeCount, this.constraints, this.staticConstraints, this.preSolve, this.preSolveView);
    this.constraintCount = appendStatics(this.constraints, n, this.staticConstraints, collectedStatics);
  }

  /**
   * The step's constraints and awake bodies into the solver (the full World
   * puts the constraints in colour order here, with `solverThreads` ≥ 1).
   */
  protected loadSolver(): void {
    const g = this.opts.gravity;
    const sb = this.solverBodies;
    this.collectConstraints();
    sb.gravityX = g.x;
    sb.gravityY = g.y;
    sb.load(this.islands.awake, this.islands.awakeCount);
  }

  /** 1. The solver stage of `options.solver` (the full World adds pgs). */
  protected solve(dt: number): void {
    this.solveSoftStep(dt);
  }

  /** 1 with the soft-step solver (Box2D v3): sub-steps of forces, impacts, soft contacts, motion, relax. */
  protected solveSoftStep(dt: number): void {
    const o = this.opts;
    const sub = o.subSteps;
    const h = dt / sub;
    const invH = 1 / h;
    // Contact stiffness is limited to an eighth of the sub-step rate (ωh ≤ π/4), and contacts
    // with a static body are twice as stiff (as in Box2D). Box2D's limit is a quarter; at
    // 60 steps/s with 4 sub-steps both give the default 30 Hz, but at 30 steps/s a quarter
    // (30 Hz at 120 sub-steps/s) makes a 20-box stack ring at 1 m/s.
    const hertz = Math.min(o.contactHertz, 0.125 * invH);
    const soft = this.softFor;
    if (hertz !== soft.hertz || o.contactDampingRatio !== soft.zeta || h !== soft.h) {
      // only when dt or the options changed (a call with numbers would box them, every step)
      soft.hertz = hertz;
      soft.zeta = o.contactDampingRatio;
      soft.h = h;
      this.soft.set(hertz, o.contactDampingRatio, h);
      this.stiff.set(2 * hertz, o.contactDampingRatio, h);
    }
    const sb = this.solverBodies;
    const cc = this.contactConstraints;
    const jm = this.jointManager;
    this.loadSolver();
    // joints: rigid velocity rows (jointHertz 0, the default) whose position error the projection
    // after the sub-steps removes, or Box2D v3's stiff soft constraints of at most a quarter of
    // the sub-step rate
    const jointHertz = Math.min(o.jointHertz, 0.25 * invH);
    const want = this.jointSoftWant;
    want.hertz = jointHertz > 0 ? jointHertz : 0;
    want.zeta = jointHertz > 0 ? o.jointDampingRatio : -1;
    jm.ctx.dt = dt;
    jm.ctx.h = h;
    this.prepareJoints();
    cc.prepare(this.constraints, this.constraintCount, sb, o.warmStarting);
    cc.restitutionThreshold = o.restitutionThreshold;
    cc.maxPush = o.maxContactPushSpeed;
    cc.selectImpactCandidates(sb, dt, this.integrator.field !== null);
    sb.h = h;
    sb.invH = invH;
    const jointPasses = o.jointIterations;
    for (let i = 0; i < sub; i++) {
      this.integrator.integrateVelocities(sb);
      cc.resolveImpacts(sb, MAX_IMPACT_SWEEPS);
      if (o.warmStarting) {
        jm.warmStart(sb);
        cc.warmStart(sb);
      } else {
        jm.resetImpulses();
        cc.resetImpulses();
      }
      // the joints get jointIterations passes in the solve and in the relax (a heavy load on a
      // light link needs them: each Gauss-Seidel pass moves only part of the load through it)
      for (let k = 0; k < jointPasses; k++) jm.solve(sb, true);
      cc.solveSoft(sb, true, this.soft, this.stiff);
      this.integrator.integratePositions(sb);
      for (let k = 1; k < jointPasses; k++) jm.solve(sb, false);
      jm.relax(sb); // and the joints' sums (the contacts' relax pass adds their impulses to the totals)
      cc.solveSoft(sb, false, this.soft, this.stiff);
    }
    jm.projectPositions(sb, o.jointPositionIterations); // moves the solver's poses
    sb.store(); // poses and velocities back to the bodies; the step's forces are used up
    this.finishSolve(dt);
  }

  /**
   * The step's joints and their settings. soft-step: the rigid parts are soft
   * constraints of `hertz` and damping ratio `zeta`; pgs (zeta < 0): a
   * Baumgarte bias of `hertz` (β/dt) per second, mass and impulse unscaled.
   */
  protected prepareJoints(): void {
    const jm = this.jointManager;
    jm.collect(this.solverBodies);
    if (jm.activeCount === 0) return;
    const ctx = jm.ctx;
    const h = ctx.h;
    const hertz = this.jointSoftWant.hertz;
    const zeta = this.jointSoftWant.zeta;
    ctx.invH = 1 / h;
    ctx.warmStarting = this.opts.warmStarting;
    const f = this.jointSoftFor;
    if (hertz !== f.hertz || zeta !== f.zeta || h !== f.h) {
      f.hertz = hertz;
      f.zeta = zeta;
      f.h = h;
      const r = ctx.rigid;
      if (zeta >= 0) r.set(hertz, zeta, h);
      else {
        r.biasRate = hertz;
        r.massScale = 1;
        r.impulseScale = 0;
      }
    }
    jm.prepare(this.solverBodies);
  }

  /** Impulses to the contacts, hit events, the solver's slots forgotten; joint reactions (the bodies got their state in `SolverBodies.store`). */
  protected finishSolve(dt: number): void {
    const sb = this.solverBodies;
    const cc = this.contactConstraints;
    this.jointManager.finish(dt);
    sb.unload();
    cc.storeImpulses(this.opts.hitEventThreshold);
    for (let h = 0; h < cc.hitCount; h++) {
      const c = cc.contacts[cc.hits[h]!]!;
      const e = this.events.contactHit(c.bodyA, c.bodyB);
      const f = c.rows.f; // the row itself: an accessor's number can be boxed
      const o = c.row * ROW;
      const p = o + (cc.hitPoints[h] === 0 ? X0 : X1);
      e.point.x = f[p]!;
      e.point.y = f[p + 1]!; // Y0 = X0 + 1, Y1 = X1 + 1
      e.normal.x = f[o + NX]!;
      e.normal.y = f[o + NY]!;
      e.approachSpeed = cc.hitSpeeds[h]!;
    }
  }

  /** Remove and report the joints past a break threshold (none here: `jointManager.broken` stays empty; JointWorld overrides this). */
  protected breakJoints(): void {}

  /** 2. Each awake body's broadphase box at its new pose, swept ahead over its motion in the next step. */
  private updateBounds(): void {
    const islands = this.islands;
    const bp = this.broadphase;
    const motion = this.motion;
    const box = this.box;
    for (let i = 0; i < islands.awakeCount; i++) {
      const b = islands.awake[i]!;
      b.updateBounds();
      motion.boxOf(b, box);
      bp.update(b, box);
    }
  }

  /**
   * 4. Pairs whose boxes began to overlap become contacts, those whose boxes
   * parted lose theirs; the awake contact list is brought up to date.
   */
  private updatePairs(): void {
    this.broadphase.updatePairs(this.started, this.ended);
    this.contactManager.applyPairs(this.started, this.ended);
    this.contactManager.flush();
  }

  /** 6. Still islands fall asleep; their contacts leave the awake list at the next flush. */
  private sleepIslands(dt: number): void {
    const o = this.opts;
    if (!o.sleeping) return;
    const cm = this.contactManager;
    const islands = this.islands;
    const jm = this.jointManager;
    const asleep = islands.update(cm.awake, cm.awakeCount, jm.activeJoints(), jm.activeCount, dt, o.timeToSleep, o.linearSleepTolerance, o.angularSleepTolerance);
    if (asleep === 0) return;
    cm.markSleepers();
    // a sleeping body does not move: its broadphase box is its own bounds, not swept, and its
    // pose at the start of the step is where it rests (at once, not at the next step's start:
    // a snapshot taken in between has it, so a restored world continues with the same bits)
    for (let i = 0; i < asleep; i++) {
      const b = islands.slept[i]!;
      this.setRestingBox(b);
      b.x0 = b.px;
      b.y0 = b.py;
      b.c0 = b.qc;
      b.s0 = b.qs;
    }
  }

  /** Give a body that does not move (asleep) its unswept bounds as broadphase box. */
  protected setRestingBox(b: Body): void {
    const box = this.box;
    box.minX = b.minX;
    box.minY = b.minY;
    box.maxX = b.maxX;
    box.maxY = b.maxY;
    this.broadphase.update(b, box);
  }

  /** 7. The callback adapter: payloads built from the event buffers, only for events someone listens to. */
  private emitEvents(): void {
    const em = this.emitter;
    const ce = this.events.contacts;
    const se = this.events.sensors;
    if (em.listenerCount("collisionStart") > 0 && ce.beginCount + se.beginCount > 0) {
      const pairs: CollisionPair[] = [];
      for (let i = 0; i < ce.beginCount; i++) {
        const e = ce.begin[i]!;
        pairs.push({ bodyA: e.bodyA, bodyB: e.bodyB, manifold: copyManifold(e.manifold), isSensor: false });
      }
      for (let i = 0; i < se.beginCount; i++) {
        const e = se.begin[i]!;
        const [a, b] = e.sensor._id < e.visitor._id ? [e.sensor, e.visitor] : [e.visitor, e.sensor];
        const c = this.contactManager.get(a, b);
        pairs.push({ bodyA: a, bodyB: b, manifold: c === undefined ? null : c.toManifold(), isSensor: true });
      }
      em.emit("collisionStart", { pairs });
    }
    if (em.listenerCount("collisionActive") > 0) {
      const pairs: CollisionPair[] = [];
      const cm = this.contactManager;
      for (let i = 0; i < cm.awakeCount; i++) {
        const c = cm.awake[i]!;
        if ((c.flags & (REPORTED | BEGAN)) !== REPORTED) continue;
        pairs.push({ bodyA: c.bodyA, bodyB: c.bodyB, manifold: c.toManifold(), isSensor: (c.flags & SENSOR) !== 0 });
      }
      if (pairs.length > 0) em.emit("collisionActive", { pairs });
    }
    if (em.listenerCount("collisionEnd") > 0 && ce.endCount + se.endCount > 0) {
      const pairs: CollisionPair[] = [];
      for (let i = 0; i < ce.endCount; i++) {
        const e = ce.end[i]!;
        pairs.push({ bodyA: e.bodyA, bodyB: e.bodyB, manifold: null, isSensor: false });
      }
      for (let i = 0; i < se.endCount; i++) {
        const e = se.end[i]!;
        const [a, b] = e.sensor._id < e.visitor._id ? [e.sensor, e.visitor] : [e.visitor, e.sensor];
        pairs.push({ bodyA: a, bodyB: b, manifold: null, isSensor: true });
      }
      em.emit("collisionEnd", { pairs });
    }
    if (em.listenerCount("contactHit") > 0 && ce.hitCount > 0) {
      em.emit("contactHit", {
        hits: ce.hit.slice(0, ce.hitCount).map((h) => ({ ...h, point: { ...h.point }, normal: { ...h.normal } })),
      });
    }
    if (em.listenerCount("sensorStart") > 0 && se.beginCount > 0) {
      em.emit("sensorStart", { events: se.begin.slice(0, se.beginCount).map((e) => ({ sensor: e.sensor, visitor: e.visitor })) });
    }
    if (em.listenerCount("sensorEnd") > 0 && se.endCount > 0) {
      em.emit("sensorEnd", { events: se.end.slice(0, se.endCount).map((e) => ({ sensor: e.sensor, visitor: e.visitor })) });
    }
    const je = this.events.joints;
    if (em.listenerCount("jointBreak") > 0) {
      for (let i = 0; i < je.breakCount; i++) {
        const e = je.break[i]!;
        em.emit("jointBreak", { joint: e.joint, force: e.force, torque: e.torque });
      }
    }
  }

  // ------------------------------------------------------------------ inspection

  /**
   * The pairs touching at the end of the last step (sensors included), with
   * their manifolds and the impulses of that step, in pair-key order. Built
   * on demand. Touching means within `speculativeDistance` (the solver acts a
   * little before the surfaces meet); sensors report real overlap.
   */
  get contacts(): ContactInfo[] {
    const out: ContactInfo[] = [];
    for (const c of this.contactManager.all(this.bodies)) {
      if ((c.flags & TOUCHING) !== 0) out.push(toContactInfo(c, (c.flags & SENSOR) !== 0));
    }
    return out;
  }

  /** The pairs touching `body` at the end of the last step, like `contacts`. Costs the number of its contacts. */
  contactsOf(body: Body): ContactInfo[] {
    checkShape("body", body);
    if (body._world !== this) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
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
    checkShape("body", body);
    check.inRange("maxSlopeAngle", maxSlopeAngle, 0, Math.PI);
    if (body._world !== this) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
    const g = this.opts.gravity;
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

  /**
   * @internal Attach the journal that hears of every change (a recorder from
   * src/replay/), or detach it with null. One at a time.
   */
  setJournal(journal: WorldJournal | null): void {
    if (journal !== null && this.journal !== null && this.journal !== journal) {
      throw new Error("capsule2d: this world already has a recorder attached (detach it first)");
    }
    if (this.stepping) throw new Error("capsule2d: a recorder cannot be attached or detached during a step");
    this.journal = journal;
  }

  /**
   * @internal Call no listener (step and collision events) until unmuted: a
   * recorder re-making recorded calls on this world (what the handlers did
   * in the recorded run is among those calls).
   */
  setMuted(on: boolean): void {
    this.muted = on;
  }

  /** Hash of the exact bits of every body's position, rotation and velocities. */
  stateHash(): string {
    return hashBodies(this.bodies);
  }

  // ------------------------------------------------------------------ queries

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
    this.sweptQuery(shape, tx, ty, (body) => {
      if (body !== shape && accept(body) && shouldCollide(shape, body) && castShapeInto(shape, body, tx, ty, hit)) hits.push(hit.toHit()!);
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
    if (body === shape || body === c.exclude || !c.accept(body) || !shouldCollide(shape, body)) return;
    const hit = this.castHit;
    if (!castShapeInto(shape, body, c.tx, c.ty, hit)) return;
    const best = c.best!;
    if (best.body === null || hit.fraction < best.fraction || (hit.fraction === best.fraction && body._id < best.body._id)) {
      best.copyFrom(hit);
    }
  };

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
    checkShape("shape", shape);
    if (shape._world !== null && shape._world !== this) {
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

function checkEventName<E extends keyof WorldEvents>(name: E): E {
  return check.oneOf("event name", name, EVENT_NAMES) as E;
}

/** A listener must be a function (checked here, so the error is capsule2d's, not the emitter's). */
function checkListener(fn: unknown): never {
  if (typeof fn !== "function") throw new TypeError(`capsule2d: listener must be a function, got ${check.describe(fn)}`);
  return fn as never;
}

function copyManifold(m: { normal: Vec2; depth: number; points: readonly { x: number; y: number; depth: number; id: number }[] }) {
  return { normal: { x: m.normal.x, y: m.normal.y }, depth: m.depth, points: m.points.map((p) => ({ ...p })) };
}

/** The filter that takes every body. */
function acceptAll(): boolean {
  return true;
}

function makeFilter(filter: QueryFilter | undefined): (body: Body) => boolean {
  if (filter === undefined) return acceptAll;
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
    if (group !== 0 && body._group === group) return group > 0;
    return (body._category & mask) !== 0 && (category & body._mask) !== 0;
  };
}

export { Body };

/** How many contacts with a static body the last `collectSolid` put into its `statics`. */
let collectedStatics = 0;

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
function collectSolid(awake: readonly Contact[], count: number, list: Contact[], statics: Contact[], preSolve: PreSolveFn | null, view: PreSolveView): number {
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
function appendStatics(list: Contact[], n: number, statics: readonly Contact[], ns: number): number {
  for (let i = 0; i < ns; i++) list[n++] = statics[i]!;
  return n;
}
