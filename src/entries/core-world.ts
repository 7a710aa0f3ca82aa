/**
 * The World of `capsule2d/core`: the one World class (src/world/world.ts),
 * which a world made without modules gets the core's (the tree broadphase,
 * soft-step), typed without the methods of the parts it leaves out.
 */
import { World as TheWorld, type CoreWorld as CoreWorldType, type CoreWorldConstructor } from "../world/world.js";

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
export type World = CoreWorldType;
/** The same as `World` (its former name). */
export const CoreWorld: CoreWorldConstructor = TheWorld;
/** A world of `capsule2d/core`. */
export type CoreWorld = CoreWorldType;
