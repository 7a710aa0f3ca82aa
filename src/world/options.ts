/**
 * World options, their defaults and their checks. The options table of
 * docs/options.md is written from this file: keep them in step.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { INTEGRATORS, type IntegratorName } from "../solver/integrate.js";
import { POSITION_CORRECTIONS, type PositionCorrection } from "../solver/position-correction.js";
import type { BroadphaseKind } from "../collision/broadphase/broadphase.js";

/** The contact solvers: Box2D v3's sub-stepped soft contacts, or classic sequential impulses. */
export type SolverName = "soft-step" | "pgs";

/** What `new World(options)` and `world.setOptions(options)` take; every option is optional. */
export interface WorldOptions {
  /** m/s². Default { x: 0, y: -9.81 } (y up); a y-down game passes { x: 0, y: 9.81 }. */
  gravity?: Vec2;
  /** "soft-step" (Box2D v3: sub-steps, soft contacts, relax, restitution pass) or "pgs" (sequential impulses). */
  solver?: SolverName;
  /** soft-step: sub-steps per step. Default 4. */
  subSteps?: number;
  /** pgs: velocity iterations per step. Default 8. */
  velocityIterations?: number;
  /** pgs with "ngs" (contacts and joints) or "projection" (joints): position iterations per step. Default 3. */
  positionIterations?: number;
  /** pgs: how leftover penetration is removed. Default "baumgarte". */
  positionCorrection?: PositionCorrection;
  /** pgs: fraction of the penetration (beyond slop) corrected per step. Default 0.2. */
  percent?: number;
  /** pgs: penetration allowed without correction, m. Default 0.005. */
  slop?: number;
  /** Start each step from last step's impulses. Default true. */
  warmStarting?: boolean;
  /** soft-step: contact stiffness, Hz. Default 30. */
  contactHertz?: number;
  /** soft-step: contact damping ratio. Default 10. */
  contactDampingRatio?: number;
  /**
   * soft-step: how the joints' rigid parts hold. 0 (the default): rigid
   * velocity constraints, and what the sub-steps leave of a position error
   * is projected out after them (`jointPositionIterations`). Above 0: Box2D
   * v3's soft constraints of this stiffness, Hz (at most a quarter of the
   * sub-step rate), which give under load like a stiff spring.
   */
  jointHertz?: number;
  /** soft-step with jointHertz > 0: damping ratio of the joints' soft rigid parts. Default 2. */
  jointDampingRatio?: number;
  /**
   * soft-step: passes over the joints in each sub-step's solve and again in
   * its relax (Gauss-Seidel iterations; contacts get one). A heavy load on a
   * light link needs more than one: each pass moves only part of the load's
   * momentum through the light body (about m_link / m_load of it), and with
   * one pass a limb holding 100 times its mass passed its limit by 0.29 rad.
   * Default 2.
   */
  jointIterations?: number;
  /**
   * soft-step: passes of joint position projection (nonlinear Gauss-Seidel)
   * after the sub-steps, which remove what a hard impact or a heavy load
   * pulled the joints' rigid parts apart (0: none). Default 4.
   */
  jointPositionIterations?: number;
  /** soft-step: cap on the speed at which penetration is pushed out, m/s. Default 3. */
  maxContactPushSpeed?: number;
  /** No bounce below this approach speed, m/s. Default 1. */
  restitutionThreshold?: number;
  /** Contact hit events for approach speeds above this, m/s. Default 1. */
  hitEventThreshold?: number;
  /** "semi-implicit-euler" (default), "explicit-euler" or "velocity-verlet". */
  integrator?: IntegratorName;
  /** "tree" (dynamic AABB tree), "sap" (sweep and prune) or "brute" (for tests). Default "tree". */
  broadphase?: BroadphaseKind;
  /** Island sleeping. Default true. */
  sleeping?: boolean;
  /** Seconds an island must stay slow before it sleeps. Default 0.5. */
  timeToSleep?: number;
  /** Linear speed below which a body counts as still, m/s. Default 0.05. */
  linearSleepTolerance?: number;
  /** Angular speed below which a body counts as still, rad/s. Default 0.05. */
  angularSleepTolerance?: number;
  /** Contacts are created this far before the shapes touch (speculative), m. Default 0.02. */
  speculativeDistance?: number;
  /**
   * Continuous collision (src/solver/continuous.ts): swept broadphase boxes and
   * speculative margins that grow with speed, and a time-of-impact sweep for
   * fast bodies (against static bodies; bullets also against dynamic ones).
   * Default true; false keeps only the fixed `speculativeDistance`.
   */
  continuous?: boolean;
  /**
   * Every dynamic body's speed is clamped to this after forces are applied
   * and again after the constraints are solved, m/s.
   * Default 1000 (a rifle bullet); it keeps absurd inputs such as 1e6 m/s
   * from turning into a step that crosses the whole world.
   */
  maxLinearSpeed?: number;
  /** The step `advance()` uses, s. Default 1/60. */
  fixedDt?: number;
  /** At most this many steps per `advance()` call, so a slow frame cannot spiral. Default 8. */
  maxStepsPerAdvance?: number;
  /**
   * Threads that solve the contacts, the calling thread included (an
   * integer 0–64, fixed at construction). 0 (the default): one thread, in
   * the classic order. 1 or more: the contacts are graph-coloured (see
   * src/solver/graph-colour.ts) and solved colour by colour, by the calling
   * thread and `solverThreads − 1` workers sharing memory
   * (`SharedArrayBuffer`; in a browser the page must be cross-origin
   * isolated). Every count from 1 up gives the same bits; 0 differs from them
   * (another solve order). Call `world.dispose()` to end the workers.
   */
  solverThreads?: number;
}

export type ResolvedWorldOptions = Required<WorldOptions>;

/** Every world option's default value. */
export const DEFAULT_WORLD_OPTIONS: Readonly<ResolvedWorldOptions> = Object.freeze({
  gravity: Object.freeze({ x: 0, y: -9.81 }),
  solver: "soft-step",
  subSteps: 4,
  velocityIterations: 8,
  positionIterations: 3,
  positionCorrection: "baumgarte",
  percent: 0.2,
  slop: 0.005,
  warmStarting: true,
  contactHertz: 30,
  contactDampingRatio: 10,
  jointHertz: 0,
  jointDampingRatio: 2,
  jointIterations: 2,
  jointPositionIterations: 4,
  maxContactPushSpeed: 3,
  restitutionThreshold: 1,
  hitEventThreshold: 1,
  integrator: "semi-implicit-euler",
  broadphase: "tree",
  sleeping: true,
  timeToSleep: 0.5,
  linearSleepTolerance: 0.05,
  angularSleepTolerance: 0.05,
  speculativeDistance: 0.02,
  continuous: true,
  maxLinearSpeed: 1000,
  fixedDt: 1 / 60,
  maxStepsPerAdvance: 8,
  solverThreads: 0,
}) as ResolvedWorldOptions;

/** Every option's name: an unknown key is an error (a misspelt option must not be ignored). */
export const WORLD_OPTION_KEYS: readonly string[] = Object.keys(DEFAULT_WORLD_OPTIONS);

const SOLVERS: readonly SolverName[] = ["soft-step", "pgs"];
const BROADPHASES: readonly BroadphaseKind[] = ["tree", "sap", "brute"];

/** Checks every given option (throwing before anything is built) and fills in defaults. */
export function resolveWorldOptions(o: WorldOptions = {}): ResolvedWorldOptions {
  check.object("World options", o);
  check.knownKeys("World", o, WORLD_OPTION_KEYS);
  const d = DEFAULT_WORLD_OPTIONS;
  const r: ResolvedWorldOptions = { ...d, gravity: { x: d.gravity.x, y: d.gravity.y } };
  if (o.gravity !== undefined) {
    check.vectorIn("gravity", o.gravity, check.LIMITS.scale);
    r.gravity = { x: o.gravity.x, y: o.gravity.y };
  }
  if (o.solver !== undefined) r.solver = check.oneOf("solver", o.solver, SOLVERS);
  if (o.subSteps !== undefined) r.subSteps = check.integer("subSteps", o.subSteps, 1, 64);
  if (o.velocityIterations !== undefined) r.velocityIterations = check.integer("velocityIterations", o.velocityIterations, 1, 200);
  if (o.positionIterations !== undefined) r.positionIterations = check.integer("positionIterations", o.positionIterations, 0, 200);
  if (o.positionCorrection !== undefined) r.positionCorrection = check.oneOf("positionCorrection", o.positionCorrection, POSITION_CORRECTIONS);
  if (o.percent !== undefined) r.percent = check.inRange("percent", o.percent, 0, 1);
  if (o.slop !== undefined) r.slop = check.inRange("slop", o.slop, 0, 1);
  if (o.warmStarting !== undefined) r.warmStarting = check.boolean("warmStarting", o.warmStarting);
  if (o.contactHertz !== undefined) r.contactHertz = check.inRange("contactHertz", o.contactHertz, 0, check.LIMITS.hertz);
  if (o.contactDampingRatio !== undefined) r.contactDampingRatio = check.inRange("contactDampingRatio", o.contactDampingRatio, 0, check.LIMITS.dampingRatio);
  if (o.jointIterations !== undefined) r.jointIterations = check.integer("jointIterations", o.jointIterations, 1, 64);
  if (o.jointPositionIterations !== undefined) r.jointPositionIterations = check.integer("jointPositionIterations", o.jointPositionIterations, 0, 200);
  if (o.jointHertz !== undefined) r.jointHertz = check.inRange("jointHertz", o.jointHertz, 0, check.LIMITS.hertz);
  if (o.jointDampingRatio !== undefined) r.jointDampingRatio = check.inRange("jointDampingRatio", o.jointDampingRatio, 0, check.LIMITS.dampingRatio);
  if (o.maxContactPushSpeed !== undefined) r.maxContactPushSpeed = check.inRange("maxContactPushSpeed", o.maxContactPushSpeed, 0, check.LIMITS.speed);
  if (o.restitutionThreshold !== undefined) r.restitutionThreshold = check.inRange("restitutionThreshold", o.restitutionThreshold, 0, check.LIMITS.speed);
  if (o.hitEventThreshold !== undefined) r.hitEventThreshold = check.inRange("hitEventThreshold", o.hitEventThreshold, 0, check.LIMITS.speed);
  if (o.integrator !== undefined) r.integrator = check.oneOf("integrator", o.integrator, INTEGRATORS);
  if (o.broadphase !== undefined) r.broadphase = check.oneOf("broadphase", o.broadphase, BROADPHASES);
  if (o.sleeping !== undefined) r.sleeping = check.boolean("sleeping", o.sleeping);
  if (o.timeToSleep !== undefined) r.timeToSleep = check.inRange("timeToSleep", o.timeToSleep, 0, check.LIMITS.huge);
  if (o.linearSleepTolerance !== undefined) r.linearSleepTolerance = check.inRange("linearSleepTolerance", o.linearSleepTolerance, 0, check.LIMITS.speed);
  if (o.angularSleepTolerance !== undefined) r.angularSleepTolerance = check.inRange("angularSleepTolerance", o.angularSleepTolerance, 0, check.LIMITS.speed);
  if (o.speculativeDistance !== undefined) r.speculativeDistance = check.inRange("speculativeDistance", o.speculativeDistance, 0, check.LIMITS.sizeMax);
  if (o.continuous !== undefined) r.continuous = check.boolean("continuous", o.continuous);
  if (o.maxLinearSpeed !== undefined) r.maxLinearSpeed = check.within("maxLinearSpeed", check.positive("maxLinearSpeed", o.maxLinearSpeed), 0, check.LIMITS.speed);
  if (o.fixedDt !== undefined) r.fixedDt = check.dt("fixedDt", o.fixedDt);
  if (o.maxStepsPerAdvance !== undefined) r.maxStepsPerAdvance = check.integer("maxStepsPerAdvance", o.maxStepsPerAdvance, 1, 1000);
  if (o.solverThreads !== undefined) r.solverThreads = check.integer("solverThreads", o.solverThreads, 0, 64);
  return r;
}

/**
 * What `new World(options)` of `capsule2d/core` takes: the options of
 * `capsule2d`'s `World`, with the soft-step solver and the tree broadphase
 * only (the others are in the `World` of `capsule2d`).
 */
export type CoreWorldOptions = Omit<WorldOptions, "solver" | "broadphase"> & {
  /** Only "soft-step" here (the default); "pgs" needs the `World` of `capsule2d`. */
  solver?: "soft-step";
  /** Only "tree" here (the default); "sap" and "brute" need the `World` of `capsule2d`. */
  broadphase?: "tree";
};
