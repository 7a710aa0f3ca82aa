/**
 * World: the one world class. It orchestrates the parts below and runs the
 * step; it owns none of their internals: bodies are the users' handles
 * (src/bodies/), contacts live in the contact manager (src/contacts/),
 * joints in the joint manager (src/joints/), sleeping sets in the islands
 * (src/solver/islands.ts), boxes in the broadphase (src/collision/broadphase/),
 * the bodies it holds and what changed in its membership table
 * (src/world/membership.ts).
 *
 * One step, top to bottom (`step()` below calls one method or function per
 * stage, in this order; the table in src/world/stages.ts describes them and `world.profile`
 * times them):
 *   0. changes       bodies the user added, moved, pushed or changed since the
 *                    last step get fresh boxes and contacts
 *   1. solve         the step context's solve (src/solver/solve.ts): load, prepare
 *                    joints and contacts, soft-step's sub-steps or pgs's iterations,
 *                    store, finish; then the contacts' hit events and joint breaks
 *   2. bounds        moved bodies' broadphase boxes, swept over their next motion
 *   3. continuous    fast bodies that crossed something go back to their time of impact
 *   4. pairs         pairs whose boxes began to overlap become contacts
 *   5. narrowphase   every awake contact gets its manifold for the new poses
 *   6. sleep         still islands fall asleep
 *   7. events        begin / end / hit / sensor events become readable; callbacks
 *                    (src/world/event-adapter.ts)
 *
 * The narrowphase runs at the end of the step, so after `step()` the
 * contacts, `world.contactsOf(body)` and the events all describe the bodies
 * where they are now; the next step solves those contacts.
 *
 * Determinism: awake bodies are visited in id order and contacts in the
 * order of their pair keys; nothing in the step uses Math.sin/cos/atan2/exp/pow.
 *
 * Optional parts are modules (src/world/modules.ts) that the entry point
 * exporting the world hands to its constructor, per world. A method whose
 * module is missing throws a TypeError naming the entry point to import; the
 * core's type leaves those methods out (src/world/core-world.ts).
 */
import { EventEmitter } from "eventemitter3";
import { Body, type BodyOwner, type GroundContact } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { PairList, type Broadphase, type QueryBox } from "../collision/broadphase/broadphase.js";
import type { RaycastHit } from "../collision/narrowphase/raycast.js";
import type { ShapeCastBuffer, ShapeCastHit } from "../collision/narrowphase/shape-cast.js";
import { NX, NY, ROW, X0, X1, type Contact } from "../contacts/contact.js";
import { ContactManager, type ContactWorld } from "../contacts/contact-manager.js";
import { Seams } from "../contacts/seams.js";
import type { Joint, JointOwner } from "../joints/joint.js";
import type { JointDef } from "../joints/definition.js";
import type { JointManager } from "../joints/joint-manager.js";
import { Integrator, type ForceField } from "../solver/integrate.js";
import { ContactConstraints } from "../solver/contact-solver.js";
import { SolverBodies } from "../solver/solver-bodies.js";
import { Islands, SET_AWAKE } from "../solver/islands.js";
import { ContinuousSolver } from "../solver/continuous.js";
import { MotionBounds } from "../solver/motion-bounds.js";
import { solve as solveWith, type Solver } from "../solver/solve.js";
import { SOFT_STEP } from "../solver/soft-step.js";
import { StepContext } from "../solver/step-context.js";
import { GraphColouring } from "../solver/graph-colour.js";
import type { SolverThreads, ThreadStats } from "../solver/parallel/solver-threads.js";
import type { BinaryCodec, WorldSnapshot } from "../snapshot/snapshot.js";
import { resolveWorldOptions, type ResolvedWorldOptions, type SolverName, type WorldOptions } from "./options.js";
import { EventBuffers, reportHits, type ContactEvents, type ContactInfo, type JointEvents, type SensorEvents, type WorldEvents } from "./events.js";
import { checkEventName, checkListener, emitEvents } from "./event-adapter.js";
import { hashBodies } from "./hash.js";
import { newProfile, now, type StepProfile } from "./stages.js";
import { appendStatics, collectedStatics, collectSolid, PreSolveView, type ExplosionDef, type PreSolveFn } from "./contact-control.js";
import type { WorldJournal } from "./journal.js";
import { addBody, applyChanges, attach, bodyChanged, Membership, removeBody, updatePartProxies, wakeAll, wakeIsland } from "./membership.js";
import { WorldQueries, type QueryFilter } from "./queries.js";
import { CORE_MODULES, FOR_FULL, FOR_JOINTS, missing } from "./modules.js";
import type * as Modules from "./modules.js";

export type { QueryFilter } from "./queries.js";
export type { CoreWorldOptions } from "./options.js";

// ------------------------------------------------------------------ modules (src/world/modules.ts)

/** The joints module of a world (src/world/joint-world.ts). */
export type JointsModule = Modules.JointsModule<World>;
/** The snapshots module of a world (src/snapshot/world-snapshots.ts). */
export type SnapshotsModule = Modules.SnapshotsModule<World>;
/** @internal The optional parts a world is made with (src/world/modules.ts). */
export type WorldModules = Modules.WorldModules<World>;

/**
 * A physics world: it owns bodies, joints and contacts and advances them with
 * `step(dt)` (or `advance(elapsed)` at a fixed step). The options are in
 * docs/options.md, the events in docs/events-and-contacts.md. Which optional
 * parts it has (joints, snapshots, pgs, sap and brute, threads) is up to the
 * entry point it comes from (docs/small-builds.md).
 */
export class World implements BodyOwner, JointOwner {
  /** @internal The world's options (its own object: the step context reads it). */
  readonly opts: ResolvedWorldOptions;
  private frozenOptions: Readonly<ResolvedWorldOptions> | null = null;
  /** @internal The optional parts this world was made with. */
  readonly modules: WorldModules;
  /** @internal */ simTime = 0;
  /** @internal */ steps = 0;
  /** @internal */ accumulator = 0;
  /** What the last advance() dropped, s (droppedTime). */
  private dropped = 0;
  /** @internal */ lastDt = 0;
  /** @internal Inside `step()`. */
  stepping = false;
  /** @internal Hears of every change (a recorder, src/replay/), or null; see src/world/journal.ts. */
  journal: WorldJournal | null = null;
  /** Inside `advance()`: its steps are part of the reported `advance` call. */
  private advancing = false;
  /** Listeners are not called (a recorder re-making recorded calls: see `setMuted`). */
  private muted = false;

  /** @internal The bodies, their slots and what changed (src/world/membership.ts). */
  readonly members = new Membership();
  /** @internal */ readonly broadphase: Broadphase;
  /** @internal The broadphase's pairs that began and ended overlapping (scratch of stages 0 and 4). */
  readonly started = new PairList();
  /** @internal */ readonly ended = new PairList();
  /** @internal */ readonly islands = new Islands();
  /** @internal */ readonly events = new EventBuffers();
  private readonly contactWorld: ContactWorld;
  /** @internal */ readonly contactManager: ContactManager;
  /** @internal The joints (src/joints/joint-manager.ts), or null without the joints module. */
  readonly jointManager: JointManager | null;
  /** @internal The faces static boxes share (src/contacts/seams.ts): kept up to date by add, remove and body changes. */
  readonly seams = new Seams();
  /** @internal Bodies whose seams changed (scratch of `updateSeams`). */
  readonly seamed: Body[] = [];
  private readonly emitter = new EventEmitter<WorldEvents>();
  private readonly queries: WorldQueries;

  // the step's solver parts
  private readonly staticConstraints: Contact[] = [];
  /** @internal */ readonly integrator = new Integrator();
  /** @internal */ readonly motion = new MotionBounds();
  /** @internal */ readonly solverBodies = new SolverBodies();
  /** @internal The contact solver (`capsule2d/wasm` sets its passes: `enableWasmSolver(world)`). */
  readonly contactConstraints = new ContactConstraints();
  /** @internal The step context: the step's numbers and the solver's parts (src/solver/step-context.ts). */
  readonly ctx: StepContext;
  /** The solver of `options.solver` (src/solver/soft-step.ts or pgs.ts). */
  private solver: Solver = SOFT_STEP;
  /** With `solverThreads` ≥ 2: the workers that share the contact passes (src/solver/parallel/). */
  private readonly threads: SolverThreads | null = null;
  /** @internal This world's binary snapshot codec (the World of `capsule2d/binary`, `enableBinarySnapshots(world)`), or undefined: JSON snapshots only. */
  binaryCodec: BinaryCodec | undefined = undefined;
  /** @internal What the snapshots module keeps from one snapshot or restore to the next. */
  snapshotScratch: unknown = null;
  /** @internal Scratch of `wakeIsland`. */
  readonly woken: Body[] = [];
  /** @internal */ readonly box: QueryBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
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

  /**
   * A world of `options` (docs/options.md), checked first: bad input throws a
   * TypeError or RangeError naming the option and the value.
   */
  constructor(options: WorldOptions = {}, /** @internal The entry point's modules. */ modules: WorldModules = CORE_MODULES) {
    this.opts = resolveWorldOptions(options);
    this.modules = modules;
    const o = this.opts;
    this.checkSolver(o.solver);
    const threads = o.solverThreads;
    if (threads !== 0 && !modules.solverThreads) {
      throw new RangeError(`capsule2d: solverThreads ${threads} needs the World of "capsule2d" (${modules.entry} solves on one thread)`);
    }
    if (threads > 1 && modules.threads === null) {
      throw new TypeError(
        `capsule2d: solverThreads ${threads} solves on workers, which the World of "${modules.entry}" is made without: use import { World } from "capsule2d/threads"`,
      );
    }
    const makeBroadphase = modules.broadphases[o.broadphase];
    if (makeBroadphase === undefined) {
      throw new RangeError(`capsule2d: broadphase ${check.describe(o.broadphase)} needs the World of "capsule2d" (${modules.entry} has "tree")`);
    }
    this.broadphase = makeBroadphase(o.speculativeDistance);
    const jm = (this.jointManager = modules.joints === null ? null : modules.joints.manager());
    const islands = this.islands;
    this.contactWorld = {
      isAwake: (b) => islands.set[b.slot] === SET_AWAKE,
      isAsleep: (b) => islands.isAsleep(b),
      wake: (b) => wakeIsland(this, b),
      jointed: (a, b) => jm !== null && jm.blocksCollision(a, b),
    };
    this.contactManager = new ContactManager(this.contactWorld, this.events);
    this.contactConstraints.rows = this.contactManager.rows;
    this.contactManager.settings.motion = this.motion;
    this.contactManager.settings.seams = this.seams;
    this.continuous.seams = this.seams;
    this.queries = new WorldQueries(this, this.broadphase, this.contactManager);
    const colouring = new GraphColouring();
    this.ctx = new StepContext(o, this.solverBodies, this.contactConstraints, this.integrator, jm, colouring);
    this.ctx.alwaysColoured = threads > 0;
    this.applyOptions();
    if (threads > 1) this.contactConstraints.threads = this.threads = modules.threads!(this, colouring);
  }

  /** A RangeError for a solver this world has no module for. */
  private checkSolver(solver: SolverName): void {
    if (this.modules.solvers[solver] === undefined) {
      throw new RangeError(`capsule2d: solver ${check.describe(solver)} needs the World of "capsule2d" (${this.modules.entry} has "soft-step")`);
    }
  }

  /** @internal The options into the parts that read them (after they changed). */
  applyOptions(): void {
    const o = this.opts;
    this.integrator.gravityX = o.gravity.x;
    this.integrator.gravityY = o.gravity.y;
    this.solverBodies.gravityX = o.gravity.x; // for the solve's load (src/solver/solve.ts)
    this.solverBodies.gravityY = o.gravity.y;
    this.integrator.setMode(o.integrator);
    this.integrator.maxLinearSpeed = o.maxLinearSpeed;
    this.motion.sweep = o.continuous;
    const s = this.contactManager.settings;
    s.continuous = o.continuous;
    s.speculativeDistance = o.speculativeDistance;
    this.solver = this.modules.solvers[o.solver]!;
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
  setOptions(options: Omit<WorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">): void {
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
    wakeAll(this);
    this.members.refreshAll = true;
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
    return this.members.bodies();
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
    wakeAll(this);
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
    return addBody(this, body);
  }

  /** @internal Give a body a slot and a broadphase proxy. */
  attach(body: Body): void {
    attach(this, body);
  }

  /**
   * Remove a body. Its touching pairs report an end (with the next step's
   * events); bodies resting on it wake. Costs the number of its contacts and
   * the size of its island, not the size of the world.
   */
  remove(body: Body): this {
    removeBody(this, body);
    return this;
  }

  /** @internal BodyOwner: a body's joints. */
  jointsOf(body: Body): readonly Joint[] {
    return this.jointManager === null ? NO_JOINTS : this.jointManager.of(body);
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
    bodyChanged(this, body, change);
  }

  /** @internal A body changed since the last step: stage 0 refreshes it. */
  markChanged(body: Body): void {
    this.members.mark(body);
  }

  /** @internal Wake a sleeping body's island (and bring its contacts back to the awake list). */
  wakeIsland(body: Body): void {
    wakeIsland(this, body);
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
      applyChanges(this, dt); // 0 (src/world/membership.ts)
      t = this.lap("changes", t);
      this.solve(dt); // 1
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
    if (!this.muted) emitEvents(this.emitter, this.events, this.contactManager);
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

  /** The contacts the solver works on this step: solid, with points; those with a static body last. */
  private collectConstraints(): void {
    const cm = this.contactManager;
    const ctx = this.ctx;
    const n = collectSolid(cm.awake, cm.awakeCount, ctx.constraints, this.staticConstraints, this.preSolve, this.preSolveView);
    ctx.constraintCount = appendStatics(ctx.constraints, n, this.staticConstraints, collectedStatics);
    ctx.coloured = ctx.alwaysColoured || this.members.turning > 0;
  }

  /**
   * 1. The solve: the step context's solve (src/solver/solve.ts) with the
   * solver of `options.solver` (soft-step, or pgs), on the contacts collected
   * here and the awake bodies; then the contacts' hit events and the joints
   * that broke.
   */
  private solve(dt: number): void {
    const ctx = this.ctx;
    ctx.dt = dt;
    this.collectConstraints();
    ctx.awake = this.islands.awake;
    ctx.awakeCount = this.islands.awakeCount;
    solveWith(ctx, this.solver, dt);
    reportHits(this.events, this.contactConstraints);
    const jm = this.jointManager;
    if (jm !== null && jm.broken.length > 0) this.modules.joints!.breakJoints(this);
  }

  /** 2. Each awake body's broadphase box at its new pose, swept ahead over its motion in the next step. */
  private updateBounds(): void {
    const islands = this.islands;
    const bp = this.broadphase;
    const motion = this.motion;
    const box = this.box;
    for (let i = 0; i < islands.awakeCount; i++) {
      const b = islands.awake[i]!;
      b.updateBounds();
      if (b._parts === null) {
        motion.boxOf(b, box);
        bp.update(b, box);
      } else updatePartProxies(bp, motion, b, box); // a compound: its parts' proxies
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
    const asleep = islands.update(cm.awake, cm.awakeCount, jm === null ? NO_JOINTS : jm.activeJoints(), jm === null ? 0 : jm.activeCount, dt, o.timeToSleep, o.linearSleepTolerance, o.angularSleepTolerance);
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

  /** @internal Give a body that does not move (asleep) its unswept bounds as broadphase box. */
  setRestingBox(b: Body): void {
    const box = this.box;
    if (b._parts !== null) {
      for (const p of b._parts) this.setRestingBox(p);
      return;
    }
    box.minX = b.minX;
    box.minY = b.minY;
    box.maxX = b.maxX;
    box.maxY = b.maxY;
    this.broadphase.update(b, box);
  }

  /** The module `key` of this world, or a TypeError naming the entry point that has it (for `method`). */
  private part<K extends "joints" | "snapshots" | "explode">(key: K, method: string): NonNullable<WorldModules[K]> {
    return this.modules[key] ?? missing(method, this.modules, key === "joints" ? FOR_JOINTS : FOR_FULL);
  }

  // ------------------------------------------------------------------ joints (the joints module, src/world/joint-world.ts)

  /** Joint events of the last step: the joints that broke (pull-based; valid until the next step). */
  get jointEvents(): JointEvents {
    return this.events.joints;
  }

  /**
   * Add a joint (see the definitions in src/joints/definition.ts and
   * docs/joints.md); returns it. The definition is checked completely first: bad
   * input throws a TypeError or RangeError naming the parameter and the
   * value, and nothing changes. Both bodies wake; with `collideConnected`
   * false (the default) their contact ends.
   */
  addJoint(def: JointDef): Joint {
    return this.part("joints", "addJoint()").add(this, def);
  }

  /**
   * Remove a joint; its bodies wake (the island may split), and with
   * `collideConnected` false they may collide again from the next step.
   */
  removeJoint(joint: Joint): this {
    this.part("joints", "removeJoint()").remove(this, joint);
    return this;
  }

  /** The joints, in creation order. */
  get joints(): readonly Joint[] {
    return (this.jointManager ?? missing("joints", this.modules, FOR_JOINTS)).all();
  }

  /** @internal JointOwner: joint methods ask before they change anything. */
  checkJointMutable(what: string, joint: Joint, a?: unknown, b?: unknown, c?: unknown): void {
    if (this.stepping) throw new Error(`capsule2d: joint.${what}() cannot be called during a step`);
    if (this.journal !== null) this.journal.call(joint, what, a, b, c);
  }

  /** @internal JointOwner: a joint's setting changed: its bodies wake. */
  jointChanged(joint: Joint): void {
    this.wakeIsland(joint._bodyA);
    this.wakeIsland(joint._bodyB);
    this.islands.resetTimer(joint._bodyA);
    this.islands.resetTimer(joint._bodyB);
  }

  // ------------------------------------------------------------------ inspection and queries (src/world/queries.ts)

  /**
   * The pairs touching at the end of the last step (sensors included), with
   * their manifolds and the impulses of that step, in pair-key order. Built
   * on demand. Touching means within `speculativeDistance` (the solver acts a
   * little before the surfaces meet); sensors report real overlap.
   */
  get contacts(): ContactInfo[] {
    return this.queries.contacts;
  }

  /** The pairs touching `body` at the end of the last step, like `contacts`. Costs the number of its contacts. */
  contactsOf(body: Body): ContactInfo[] {
    return this.queries.contactsOf(body);
  }

  /**
   * What `body` stands on at the end of the last step: of its solid touching
   * contacts, the one whose surface normal (pointing into `body`) is closest
   * to "up" (opposite to gravity; +y when there is none), if it is within
   * `maxSlopeAngle` (radians, default π/4) of it; else null. Right in the step
   * after a jump: contacts describe where the bodies are now.
   */
  groundContactOf(body: Body, maxSlopeAngle = Math.PI / 4): GroundContact | null {
    return this.queries.groundContactOf(body, maxSlopeAngle);
  }

  /**
   * The pairs the broadphase keeps as candidates among awake bodies (their
   * boxes overlap; the narrowphase decides whether they touch), for teaching
   * and debugging.
   */
  get broadphasePairs(): [Body, Body][] {
    return this.queries.broadphasePairs;
  }

  /** The closest body the ray hits within maxDistance, or null. `direction` need not be unit length. */
  raycast(origin: Vec2, direction: Vec2, maxDistance = Infinity, filter?: QueryFilter): RaycastHit | null {
    return this.queries.raycast(origin, direction, maxDistance, filter);
  }

  /** Every body the ray hits within maxDistance, closest first. */
  raycastAll(origin: Vec2, direction: Vec2, maxDistance = Infinity, filter?: QueryFilter): RaycastHit[] {
    return this.queries.raycastAll(origin, direction, maxDistance, filter);
  }

  /** Bodies whose shape overlaps the box from `min` to `max`, in id order. */
  queryAABB(min: Vec2, max: Vec2, filter?: QueryFilter): Body[] {
    return this.queries.queryAABB(min, max, filter);
  }

  /** Bodies containing the point, in id order. */
  queryPoint(point: Vec2, filter?: QueryFilter): Body[] {
    return this.queries.queryPoint(point, filter);
  }

  /**
   * Bodies overlapping a free-standing shape that is not in this world (an
   * attack hitbox, a capsule swept between two frame positions...), in id
   * order. The shape's collisionFilter applies.
   */
  queryShape(shape: Body, filter?: QueryFilter): Body[] {
    return this.queries.queryShape(shape, filter);
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
    return this.queries.castShape(shape, translation, filter);
  }

  /** Every body `shape` runs into along `translation` (see `castShape`), by fraction, then by body id. */
  castShapeAll(shape: Body, translation: Vec2, filter?: QueryFilter): ShapeCastHit[] {
    return this.queries.castShapeAll(shape, translation, filter);
  }

  /**
   * @internal The allocation-free core of `castShape` (for the character
   * controller): input trusted, `exclude` is never hit, the first hit (ties:
   * lower id) is written to `out`. Returns whether anything was hit.
   */
  castShapeInto(shape: Body, tx: number, ty: number, accept: (body: Body) => boolean, exclude: Body | null, out: ShapeCastBuffer): boolean {
    return this.queries.castShapeInto(shape, tx, ty, accept, exclude, out);
  }

  /**
   * @internal Visit every body whose broadphase box overlaps the box from
   * (minX, minY) to (maxX, maxY), in no particular order (candidates only:
   * the caller tests the shapes). For the character controller.
   */
  queryCandidates(minX: number, minY: number, maxX: number, maxY: number, visit: (body: Body) => void): void {
    this.broadphase.query(minX, minY, maxX, maxY, visit);
  }

  // ------------------------------------------------------------------ the recorder's hooks

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

  /**
   * Hash of the exact bits of every body's position, rotation and
   * velocities, and of the geometry of its Box, Polygon and Segment bodies
   * (vertices, radius, local centre, a segment's ends).
   */
  stateHash(): string {
    return hashBodies(this.bodies);
  }

  // ------------------------------------------------------------------ the full World's modules

  /**
   * A radial impulse on every dynamic body whose surface is within
   * `radius + falloff` of `position` (Box2D v3.1's b2World_Explode): along
   * the line from the centre to the body's closest point, applied there,
   * of `impulsePerLength` × the body's width across that line (or a fixed
   * `impulse`), full within `radius` and falling linearly to 0 over
   * `falloff`. Bodies are visited in id order; sleeping ones wake. Checked
   * first: bad input throws and changes nothing. Between steps only.
   */
  explode(def: ExplosionDef): this {
    this.part("explode", "explode()")(this, def);
    return this;
  }

  /**
   * Everything that affects this world's future, as plain JSON-serialisable
   * data (or, with `{ format: "binary" }`, a compact ArrayBuffer, in a world
   * made by the World of `capsule2d/binary` or given binary snapshots by
   * `enableBinarySnapshots(world)`; see src/snapshot/snapshot.ts). `World.fromSnapshot` rebuilds it; stepping the
   * rebuilt world gives bit-identical states. Event listeners, pending events
   * and the force field are not included.
   */
  snapshot(): WorldSnapshot;
  snapshot(options: { format: "json" }): WorldSnapshot;
  snapshot(options: { format: "binary" }): ArrayBuffer;
  snapshot(options?: { format: "json" | "binary" }): WorldSnapshot | ArrayBuffer {
    const m = this.part("snapshots", "snapshot()");
    return m.snapshot(this, options);
  }

  /**
   * @internal A binary snapshot written into `reuse`, a binary snapshot of
   * this build that is no longer needed, when it has the size needed (else
   * into a new buffer): for a recorder's ring, which recycles its oldest.
   */
  snapshotInto(reuse: ArrayBuffer | null): ArrayBuffer {
    const m = this.part("snapshots", "snapshot()");
    return m.snapshotInto(this, reuse);
  }

  /**
   * Put this world back to a snapshot (of this world, earlier: for rollback
   * netcode and undo), in place: the world stays the same object, with its
   * listeners, force field and pre-solve callback, and continuing from here
   * is bit-identical to continuing from `World.fromSnapshot(data)` (and so
   * to the run that was saved): the same `stateHash()` and the same
   * snapshots, step after step. Several times cheaper than
   * `fromSnapshot`: it keeps the world's arrays and pools, reads the
   * snapshot into blank records it keeps from one restore to the next, and
   * builds the broadphase tree in one pass (what it still allocates is the
   * lists of what it read, not objects per body or contact).
   *
   * Bodies and joints that are in both the world and the snapshot (same id,
   * same shape or joint type, same bodies) stay the same objects, with their
   * `label` and `userData`; those added since the snapshot leave the world
   * (as if removed, without events); those removed since come back as new
   * objects (find them by id). Pending events are dropped, as in a new world.
   *
   * The snapshot is checked completely first: a corrupt or truncated one, or
   * one whose `broadphase` or `speculativeDistance` differ from this world's
   * (fixed at construction), or that solves in another order (`solverThreads`
   * 0 against 1 or more), throws a TypeError or RangeError and nothing
   * changes. Not during a step, nor with a recorder attached (use
   * `recorder.rollback(step)`, which calls this).
   */
  restore(data: WorldSnapshot | ArrayBuffer): this {
    const m = this.part("snapshots", "restore()");
    m.restore(this, data);
    return this;
  }

  /**
   * A full copy of this world that continues bit-identically (bodies, contacts
   * with their impulses, sleeping islands, time, options; not the listeners,
   * the force field or unread events). Much cheaper than a snapshot round
   * trip: for Monte Carlo runs and what-if previews. The copy's bodies are new
   * objects with the same ids; `userData` is shared, not copied.
   */
  clone(): this {
    const m = this.part("snapshots", "clone()");
    return m.clone(this) as this;
  }

  /**
   * Resolves when the solver workers (`solverThreads − 1` of them) are
   * running, at once for a world without workers. Steps need not wait for it:
   * until a worker is ready the others (or the calling thread alone) solve
   * without it, with the same bits. Rejects with a `SolverWorkerError` if a
   * worker fails to start.
   */
  threadsReady(): Promise<void> {
    return this.threads === null ? Promise.resolve() : this.threads.start();
  }

  /**
   * End the solver workers (with `solverThreads` ≥ 2). The world stays
   * usable: it steps on the calling thread alone, with the same bits. In
   * Node the workers never keep a process alive, but they hold memory and
   * threads until this is called. Safe to call more than once.
   */
  dispose(): void {
    if (this.threads !== null) this.threads.dispose();
  }

  /** Counters of the solver threads (passes, blocks per thread), or null for a world without workers. */
  get threadStats(): ThreadStats | null {
    return this.threads === null ? null : this.threads.stats();
  }

}

/** The joints of a world without the joints module. */
const NO_JOINTS: readonly Joint[] = Object.freeze([]);
