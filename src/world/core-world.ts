/**
 * The World of `capsule2d/core`: the one World class (src/world/world.ts),
 * which a world made without modules gets the core's (the tree broadphase,
 * soft-step), typed without the methods of the parts it leaves out (in
 * JavaScript they throw a TypeError naming the entry point to import).
 */
import type { Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import type { ForceField } from "../solver/integrate.js";
import type { ContactEvents, ContactInfo, SensorEvents } from "./events.js";
import type { CoreWorldOptions, ResolvedWorldOptions } from "./options.js";
import { World as TheWorld } from "./world.js";

/**
 * The accessors of every world, declared once more for the entry points'
 * world types (`CoreWorld` here, `JointWorld`): a type made by `Omit` keeps
 * them, but as plain properties that lose their documentation.
 */
export interface WorldAccessors {
  /**
   * Time each step's stages into `profile`. Off by default: it reads the
   * clock nine times a step, and in V8 each reading allocates a few bytes,
   * where a step otherwise allocates nothing. Turning it off zeroes `profile`.
   */
  get profiling(): boolean;
  /** Turn stage timing on or off (a boolean). */
  set profiling(on: boolean);
  /** The options in force (defaults filled in), read-only: change them with `setOptions`. */
  get options(): Readonly<ResolvedWorldOptions>;
  /** Gravity, m/s² (a copy). Assign a new `{ x, y }` to change it; sleeping bodies wake. */
  get gravity(): Readonly<Vec2>;
  /** Set gravity, m/s² (a finite `{ x, y }`), as `setOptions({ gravity })` does. */
  set gravity(g: Vec2);
  /** Simulated time, s. */
  get time(): number;
  /** Steps taken. */
  get stepCount(): number;
  /** The bodies, in id order (the order they were added). */
  get bodies(): readonly Body[];
  /** The force field in use (see `setForceField`), or null. */
  get forceField(): ForceField | null;
  /** Contact events of the last step (pull-based; valid until the next step). See src/world/events.ts. */
  get contactEvents(): ContactEvents;
  /** Sensor events of the last step (pull-based; valid until the next step). */
  get sensorEvents(): SensorEvents;
  /**
   * Seconds the last `advance()` call dropped: the elapsed time beyond what
   * `maxStepsPerAdvance` steps of `fixedDt` could use (0 when it stepped all
   * of it). A game that sees it above 0 is running slower than real time.
   */
  get droppedTime(): number;
  /**
   * The pairs touching at the end of the last step (sensors included), with
   * their manifolds and the impulses of that step, in pair-key order. Built
   * on demand. Touching means within `speculativeDistance` (the solver acts a
   * little before the surfaces meet); sensors report real overlap.
   */
  get contacts(): ContactInfo[];
  /**
   * The pairs the broadphase keeps as candidates among awake bodies (their
   * boxes overlap; the narrowphase decides whether they touch), for teaching
   * and debugging.
   */
  get broadphasePairs(): [Body, Body][];
}

/** What the World of `capsule2d/core` is made without: its type leaves these out (and in JavaScript they throw a TypeError naming the entry point to import). */
type NotInCore =
  | "addJoint" | "removeJoint" | "joints" | "jointEvents" | "snapshot" | "snapshotInto" | "restore" | "clone" | "explode"
  | "threadsReady" | "dispose" | "threadStats" | "setOptions";

/**
 * The World of `capsule2d/core`, as its type shows it: the bodies, the step,
 * the queries, shape casts and events of `capsule2d`'s `World`, without
 * joints, snapshots, clones, `restore`, `explode` and the solver threads.
 */
export interface CoreWorld extends Omit<TheWorld, NotInCore | keyof WorldAccessors>, WorldAccessors {
  /**
   * Change options between steps (all but `broadphase` and `speculativeDistance`,
   * which shape the broadphase, and `solverThreads`). Checked first: a bad
   * value changes nothing. Sleeping bodies wake, so that they feel the change.
   */
  setOptions(options: Omit<CoreWorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">): void;
}

/** The constructor of the World of `capsule2d/core`. */
export interface CoreWorldConstructor {
  /** A world of `options` (the core's: soft-step and the tree only). */
  new (options?: CoreWorldOptions): CoreWorld;
  /** The prototype of every world. */
  readonly prototype: CoreWorld;
}

/**
 * A physics world of `capsule2d/core`: it owns bodies and contacts and
 * advances them with `step(dt)` (or `advance(elapsed)` at a fixed step),
 * with the queries, shape casts and events of `capsule2d`'s `World`, and the
 * same bits step after step. Without joints (`JointWorld` from
 * `capsule2d/joints` adds them), snapshots, clones, `restore` and `explode`,
 * the pgs solver and the sap and brute broadphases: those are in `World`
 * from `capsule2d`. See docs/small-builds.md.
 */
export const World: CoreWorldConstructor = TheWorld;
/** A world of `capsule2d/core` (see the constructor `World`). */
export type World = CoreWorld;
/** The same as `World` (its former name). */
export const CoreWorld: CoreWorldConstructor = TheWorld;
