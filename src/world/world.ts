/**
 * World: the full world of `capsule2d`. The step itself, the bodies, the
 * queries and the events are the core world's (src/world/core-world.ts: read the
 * step there, top to bottom); joints come from JointWorld
 * (src/world/joint-world.ts). This class adds the rest of the public API: snapshots, `World.fromSnapshot`, `restore` and
 * `clone`; `explode`; the pgs solver beside soft-step; and the sap and brute
 * broadphases beside the tree. `capsule2d/core` leaves all of these out.
 */
import { Body } from "../bodies/body.js";
import * as check from "../math/validate.js";
import { createBroadphase, type Broadphase, type BroadphaseKind } from "../collision/broadphase/by-name.js";
import { projectPositions, solvePositionsNGS } from "../solver/position-correction.js";
import { isTile } from "../contacts/seams.js";
import type { Contact } from "../contacts/contact.js";
import type { SolverName, WorldOptions } from "./options.js";
import { Joint } from "../joints/joint.js";
import { JointWorld } from "./joint-world.js";
import { byId, MAX_IMPACT_SWEEPS, type CoreWorldOptions } from "./core-world.js";
import { GraphColouring } from "../solver/graph-colour.js";
import type { SolverThreads, ThreadStats } from "../solver/parallel/solver-threads.js";
import { solverThreadsModule } from "../solver/parallel/installed.js";
import { captureBinary, captureJSON, readSnapshot, type RestoredWorld, type WorldSnapshot, type WorldState } from "../snapshot/snapshot.js";
import { BlankPool, copyBodyState, copyContactState, copyJointState } from "../snapshot/schema.js";
import { checkExplosion, explosionImpulse, type ExplosionDef } from "./contact-control.js";

export type { QueryFilter } from "./core-world.js";

/**
 * A physics world: it owns bodies, joints and contacts and advances them with
 * `step(dt)` (or `advance(elapsed)` at a fixed step). The options are in
 * docs/options.md, the events in docs/events-and-contacts.md.
 */
export class World extends JointWorld {
  /** The contacts list `state()` hands the snapshot writers, reused from one snapshot to the next. */
  private readonly stateContacts: Contact[] = [];
  /** The blank records `restore` reads snapshots into, kept from one restore to the next. */
  private blanks: BlankPool | null = null;

  /** With `solverThreads` ≥ 1: the contacts' colours, remade each step (src/solver/graph-colour.ts). */
  private readonly colouring: GraphColouring | null;
  /** With `solverThreads` ≥ 2: the workers that share the contact passes (src/solver/parallel/). */
  private readonly threads: SolverThreads | null = null;

  constructor(options: WorldOptions = {}) {
    // every solver and broadphase: this class's checkSolver and createBroadphase take them all
    super(options as CoreWorldOptions);
    const threads = this.opts.solverThreads;
    this.colouring = threads > 0 ? new GraphColouring() : null;
    if (threads > 1) {
      const parallel = solverThreadsModule(threads); // installed by capsule2d/threads, or a TypeError naming it
      parallel.check(threads);
      const cc = this.contactConstraints;
      this.threads = parallel.create((worker, message) => new SolverWorkerError(this, worker, message, `in step ${this.stepCount + 1}`), cc, this.solverBodies, this.colouring!, threads - 1);
      cc.threads = this.threads;
    }
  }

  /**
   * Change options between steps (all but `broadphase` and `speculativeDistance`,
   * which shape the broadphase, and `solverThreads`). Checked first: a bad
   * value changes nothing. Sleeping bodies wake, so that they feel the change.
   */
  override setOptions(options: Omit<WorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">): void {
    super.setOptions(options as Omit<CoreWorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">);
  }

  /** Any `solverThreads`: 1 or more solve in colour order, 2 or more on workers too. */
  protected override checkThreads(_threads: number): void {}

  /** The step's constraints and awake bodies into the solver; with `solverThreads` ≥ 1 the constraints in colour order. */
  protected override loadSolver(): void {
    super.loadSolver();
    const sb = this.solverBodies;
    if (this.colouring !== null) this.colouring.colour(this.constraints, this.constraintCount, sb.slotOf, sb.count);
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

  /** Every broadphase: the tree, sort-and-sweep and brute force. */
  protected override createBroadphase(kind: BroadphaseKind, margin: number): Broadphase {
    return createBroadphase(kind, { margin, touchingOnly: true });
  }

  /** Both solvers. */
  protected override checkSolver(_solver: SolverName): void {}

  /** 1. The solver stage of `options.solver`: soft-step or pgs. */
  protected override solve(dt: number): void {
    if (this.opts.solver === "soft-step") this.solveSoftStep(dt);
    else this.solvePGS(dt);
  }

  /** 1 with classic sequential impulses and the chosen position correction. */
  private solvePGS(dt: number): void {
    const o = this.opts;
    const sb = this.solverBodies;
    const cc = this.contactConstraints;
    const jm = this.jointManager;
    this.loadSolver();
    // joints: Baumgarte (a push of percent × the error per step) with "baumgarte"; with "ngs" and
    // "projection" they are projected after the velocity pass (src/joints/positions.ts)
    const baumgarte = o.positionCorrection === "baumgarte" ? o.percent : 0;
    const want = this.jointSoftWant;
    want.hertz = baumgarte / dt;
    want.zeta = -1;
    jm.ctx.dt = dt;
    jm.ctx.h = dt;
    this.prepareJoints();
    cc.prepare(this.constraints, this.constraintCount, sb, o.warmStarting);
    cc.restitutionThreshold = o.restitutionThreshold;
    cc.selectImpactCandidates(sb, dt, this.integrator.field !== null);
    sb.h = dt;
    sb.invH = 1 / dt;
    this.integrator.integrateVelocities(sb);
    cc.resolveImpacts(sb, MAX_IMPACT_SWEEPS);
    cc.percent = o.percent;
    cc.slop = o.slop;
    cc.invDt = sb.invH;
    cc.setVelocityBias(baumgarte > 0);
    if (o.warmStarting) {
      jm.warmStart(sb);
      cc.warmStart(sb);
    }
    for (let it = 0; it < o.velocityIterations; it++) {
      jm.solve(sb, baumgarte > 0);
      cc.solvePGS(sb);
    }
    jm.sum(sb);
    this.integrator.integratePositions(sb);
    // the position corrections move the solver's poses; then they go to the bodies
    if (o.positionCorrection === "projection") {
      projectPositions(cc, sb);
      jm.projectPositions(sb, o.positionIterations);
    } else if (o.positionCorrection === "ngs") {
      // Box2D v2: joints, then contacts (which have the last word), each iteration
      for (let it = 0; it < o.positionIterations; it++) {
        const jointsWithin = jm.projectPositions(sb, 1);
        solvePositionsNGS(cc, sb);
        if (cc.minSeparation >= -3 * o.slop && jointsWithin) break;
      }
    }
    sb.store();
    cc.addToTotals();
    this.finishSolve(dt);
  }

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
    const e = checkExplosion(def);
    if (this.stepping) throw new Error("capsule2d: explode() cannot be called during a step");
    const reach = e.radius + e.falloff;
    const hit = { x: 0, y: 0, px: 0, py: 0 };
    const targets: Body[] = [];
    this.broadphase.query(e.x - reach, e.y - reach, e.x + reach, e.y + reach, (b) => {
      if (b._type === "dynamic" && !b._isSensor) targets.push(b);
    });
    targets.sort(byId);
    for (const b of targets) {
      if (!explosionImpulse(e, b, hit)) continue;
      if (hit.x === 0 && hit.y === 0) continue;
      b.applyImpulse({ x: hit.x, y: hit.y }, { x: hit.px, y: hit.py });
    }
    return this;
  }

  // ------------------------------------------------------------------ snapshots and clones

  /** Everything a snapshot holds, for the writers in src/snapshot/snapshot.ts. */
  private state(): WorldState {
    const bodies = this.bodies;
    const islands = this.islands;
    return {
      options: this.options, // the frozen copy: the same object until the options change
      time: this.simTime,
      stepCount: this.steps,
      accumulator: this.accumulator,
      lastDt: this.lastDt,
      nextId: this.nextId,
      bodies,
      sleepTime: (b) => islands.sleepTime[b.slot]!,
      changed: (b) => this.changedFlag[b.slot] === 1 || this.refreshAll,
      sleepingIslands: islands.sleepingIslands(),
      contacts: this.contactManager.all(bodies, this.stateContacts), // read at once by the snapshot writers
      joints: this.jointManager.all(),
      nextJointId: this.jointManager.nextJointId,
    };
  }

  /**
   * Everything that affects this world's future, as plain JSON-serialisable
   * data (or, with `{ format: "binary" }`, a compact ArrayBuffer, once
   * `enableBinarySnapshots()` from `capsule2d/binary` has been called; see
   * src/snapshot/snapshot.ts). `World.fromSnapshot` rebuilds it; stepping the
   * rebuilt world gives bit-identical states. Event listeners, pending events
   * and the force field are not included.
   */
  snapshot(): WorldSnapshot;
  snapshot(options: { format: "json" }): WorldSnapshot;
  snapshot(options: { format: "binary" }): ArrayBuffer;
  snapshot(options?: { format: "json" | "binary" }): WorldSnapshot | ArrayBuffer {
    const format = options === undefined ? "json" : check.oneOf("format", (options as { format?: unknown })?.format, ["json", "binary"]);
    if (this.stepping) throw new Error("capsule2d: snapshot() cannot be called during a step");
    const state = this.state();
    return format === "binary" ? captureBinary(state) : captureJSON(state);
  }

  /**
   * @internal A binary snapshot written into `reuse`, a binary snapshot of
   * this build that is no longer needed, when it has the size needed (else
   * into a new buffer): for a recorder's ring, which recycles its oldest.
   */
  snapshotInto(reuse: ArrayBuffer | null): ArrayBuffer {
    if (this.stepping) throw new Error("capsule2d: snapshot() cannot be called during a step");
    return captureBinary(this.state(), reuse);
  }

  /**
   * Rebuild a world from `snapshot()` data (JSON, or the binary ArrayBuffer
   * once `enableBinarySnapshots()` from `capsule2d/binary` has been called).
   * The snapshot is checked completely first: a corrupt or truncated one
   * throws a TypeError or RangeError and nothing is built.
   */
  static fromSnapshot(data: WorldSnapshot | ArrayBuffer): World {
    const restored = readSnapshot(data);
    const world = new World(restored.options);
    world.load(restored, restored.joints.map((rj) => jointFrom(rj.saved, restored.bodies[rj.a]!, restored.bodies[rj.b]!, null)));
    return world;
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
    if (this.stepping) throw new Error("capsule2d: restore() cannot be called during a step");
    if (this.journal !== null) {
      throw new Error("capsule2d: restore() with a recorder attached: use recorder.rollback(step), or detach the recorder first");
    }
    const blanks = (this.blanks ??= new BlankPool());
    blanks.reset();
    const r = readSnapshot(data, blanks);
    for (const key of ["broadphase", "speculativeDistance"] as const) {
      if (r.options[key] !== this.opts[key]) {
        throw new RangeError(
          `capsule2d: restore(): the snapshot's ${key} ${check.describe(r.options[key])} differs from this world's ${check.describe(this.opts[key])} (set at construction; use World.fromSnapshot)`,
        );
      }
    }
    if (r.options.solverThreads > 0 !== this.opts.solverThreads > 0) {
      throw new RangeError(
        `capsule2d: restore(): the snapshot's solverThreads ${r.options.solverThreads} solves in another order than this world's ${this.opts.solverThreads} (0 and 1 or more differ; use World.fromSnapshot)`,
      );
    }
    // checked: from here on nothing throws. Empty every part, keeping what it has grown.
    const old = this.bodies.slice();
    const oldJoints = this.jointManager.all().slice();
    this.contactManager.clear(old);
    this.jointManager.clear();
    this.broadphase.clear();
    this.islands.clear();
    this.seams.clear();
    this.events.clear();
    for (const b of old) {
      b._world = null;
      b.slot = -1;
    }
    this.changedFlag.fill(0);
    for (const j of oldJoints) j._world = null;
    this.bodyList.length = 0;
    this.holes = 0;
    this.slots.length = 0;
    this.freeSlots.length = 0;
    this.releasedSlots.length = 0;
    this.changed.length = 0;
    this.changedCount = 0;
    this.refreshAll = false;
    const threads = this.opts.solverThreads;
    Object.assign(this.opts, r.options);
    this.opts.solverThreads = threads; // the threads are this world's; 1 or more give the same bits
    this.applyOptions();
    // the user's bodies and joints where the snapshot has them too (ids are in increasing order in both)
    let k = 0;
    for (let i = 0; i < r.bodies.length; i++) {
      const saved = r.bodies[i]!;
      while (k < old.length && old[k]!._id < saved._id) k++;
      const live = old[k];
      if (live === undefined || live._id !== saved._id || live._kind !== saved._kind) continue;
      const { label, userData } = live;
      copyBodyState(saved, live);
      live.label = label;
      live.userData = userData;
      r.bodies[i] = live;
      blanks.releaseBody(saved); // the blank is not used again before the next read
    }
    k = 0;
    const joints = r.joints.map((rj) => {
      while (k < oldJoints.length && oldJoints[k]!._id < rj.saved._id) k++;
      const a = r.bodies[rj.a]!;
      const b = r.bodies[rj.b]!;
      const live = oldJoints[k];
      const same = live !== undefined && live._id === rj.saved._id && live._kind === rj.saved._kind && live._bodyA === a && live._bodyB === b;
      return jointFrom(rj.saved, a, b, same ? live : null);
    });
    this.load(r, joints);
    return this;
  }

  /**
   * Put checked snapshot (or clone) contents into this empty world: the
   * bodies, and `joints`, made for r.joints' bodies and holding their saved
   * state, in the same order.
   */
  private load(r: RestoredWorld, joints: readonly Joint[]): void {
    // broadphase boxes swept as the original's were at the end of its last step
    this.motion.dt = r.lastDt;
    this.broadphase.beginLoad();
    for (let i = 0; i < r.bodies.length; i++) {
      const body = r.bodies[i]!;
      this.attach(body);
      this.bodyList.push(body);
      this.islands.add(body);
      this.islands.sleepTime[body.slot] = r.sleepTime[i]!;
      if (r.changed[i]) this.markChanged(body);
    }
    this.broadphase.endLoad();
    // the shared faces, found from the geometry as the original's were (its neighbours'
    // refreshes, if any were pending, are in the restored `changed` flags)
    for (const body of r.bodies) {
      if (isTile(body)) this.seams.update(body, this.broadphase, true, this.seamed);
    }
    this.seamed.length = 0;
    const island: Body[] = [];
    for (const members of r.sleepingIslands) {
      island.length = 0;
      for (const i of members) island.push(r.bodies[i]!);
      this.islands.restoreIsland(island);
      for (const b of island) this.setRestingBox(b);
    }
    this.nextId = r.nextId;
    this.simTime = r.time;
    this.steps = r.stepCount;
    this.accumulator = r.accumulator;
    this.lastDt = r.lastDt;
    for (let i = 0; i < r.contacts.length; i++) {
      const c = this.contactManager.restore(r.bodies[r.contactBodies[2 * i]!]!, r.bodies[r.contactBodies[2 * i + 1]!]!);
      copyContactState(r.contacts[i]!, c);
    }
    for (const joint of joints) {
      this.jointManager.add(joint, joint._id);
      joint._world = this;
    }
    this.jointManager.nextJointId = r.nextJointId;
    this.islands.flush();
    this.contactManager.flush();
  }

  /**
   * A full copy of this world that continues bit-identically (bodies, contacts
   * with their impulses, sleeping islands, time, options; not the listeners,
   * the force field or unread events). Much cheaper than a snapshot round
   * trip: for Monte Carlo runs and what-if previews. The copy's bodies are new
   * objects with the same ids; `userData` is shared, not copied.
   */
  clone(): World {
    if (this.stepping) throw new Error("capsule2d: clone() cannot be called during a step");
    const copy = new World(this.opts);
    const s = this.state();
    const index = new Map<number, number>();
    const bodies = s.bodies.map((b, i) => {
      const c = b.clone();
      c._id = b._id;
      index.set(c._id, i);
      return c;
    });
    const at = (b: Body): number => index.get(b._id)!;
    const joints = s.joints.map((j) => jointFrom(j, bodies[at(j._bodyA)]!, bodies[at(j._bodyB)]!, null));
    copy.load({
      options: this.opts,
      time: s.time,
      stepCount: s.stepCount,
      accumulator: s.accumulator,
      lastDt: s.lastDt,
      nextId: s.nextId,
      bodies,
      sleepTime: Float64Array.from(s.bodies, (b) => s.sleepTime(b)),
      changed: Uint8Array.from(s.bodies, (b) => (s.changed(b) ? 1 : 0)),
      sleepingIslands: s.sleepingIslands.map((members) => members.map(at)),
      contacts: s.contacts.slice(),
      contactBodies: Int32Array.from(s.contacts.flatMap((c) => [at(c.bodyA), at(c.bodyB)])),
      joints: s.joints.map((j) => ({ a: at(j._bodyA), b: at(j._bodyB), saved: j })),
      nextJointId: s.nextJointId,
    }, joints);
    return copy;
  }
}

/**
 * A joint of a restored world: `reuse` (the user's joint of that id, for the
 * same bodies) or a new one, given the saved state. `reuse` keeps its label
 * and userData.
 */
function jointFrom(saved: Joint, a: Body, b: Body, reuse: Joint | null): Joint {
  if (reuse === null) {
    const joint = new Joint(saved._kind, a, b);
    copyJointState(saved, joint);
    return joint;
  }
  const { label, userData } = reuse;
  copyJointState(saved, reuse);
  reuse.label = label;
  reuse.userData = userData;
  return reuse;
}

export { Body };

/**
 * SolverWorkerError: the error a world's solver threads raise when one of its workers fails
 * (see the `solverThreads` world option): thrown by the `step()` that found
 * it, and by every step after it (a failed step leaves the world half
 * stepped: restore a snapshot, or make the world again), and the rejection
 * of `world.threadsReady()`.
 */
/** A solver worker failed: its message, which worker, and the world it solved for. */
export class SolverWorkerError extends Error {
  /** The world whose worker failed (not enumerable, so that printing the error does not print the world). */
  declare readonly world: World;
  /** The worker's index (0 .. solverThreads − 2). */
  readonly worker: number;
  /** The worker's own message (its error's name and message). */
  readonly workerMessage: string;

  constructor(world: World, worker: number, workerMessage: string, when: string) {
    super(`capsule2d: solver worker ${worker} of the world failed ${when}: ${workerMessage}`);
    this.name = "SolverWorkerError";
    Object.defineProperty(this, "world", { value: world, enumerable: false });
    this.worker = worker;
    this.workerMessage = workerMessage;
  }
}
