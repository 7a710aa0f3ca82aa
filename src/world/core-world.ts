/**
 * The World of `capsule2d/core`: the one World class (src/world/world.ts),
 * which a world made without modules gets the core's (the tree broadphase,
 * soft-step), typed without the methods of the parts it leaves out (in
 * JavaScript they throw a TypeError naming the entry point to import).
 */
import type { CoreWorldOptions } from "./options.js";
import { World as TheWorld } from "./world.js";

/** What the World of `capsule2d/core` is made without: its type leaves these out (and in JavaScript they throw a TypeError naming the entry point to import). */
type NotInCore =
  | "addJoint" | "removeJoint" | "joints" | "jointEvents" | "snapshot" | "snapshotInto" | "restore" | "clone" | "explode"
  | "threadsReady" | "dispose" | "threadStats" | "setOptions";

/**
 * The World of `capsule2d/core`, as its type shows it: the bodies, the step,
 * the queries, shape casts and events of `capsule2d`'s `World`, without
 * joints, snapshots, clones, `restore`, `explode` and the solver threads.
 */
export interface CoreWorld extends Omit<TheWorld, NotInCore> {
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
