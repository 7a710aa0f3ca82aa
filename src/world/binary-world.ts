/**
 * The World of `capsule2d/binary`: the World of `capsule2d` whose worlds
 * have the binary snapshot codec (src/snapshot/binary.ts), so that
 * `world.snapshot({ format: "binary" })`, `world.restore(buffer)` and its
 * own `World.fromSnapshot(buffer)` write and read binary snapshots; their
 * clones keep it. The codec is each world's own (`world.binaryCodec`):
 * nothing here switches any other world, and a World of `capsule2d` in the
 * same process still speaks JSON alone (its binary calls throw a TypeError
 * naming this entry point). `withBinarySnapshots(World)` does the same for
 * another World, such as that of `capsule2d/threads`.
 *
 * Like the World of `capsule2d/threads`, its worlds are objects of
 * `capsule2d`'s World class, not of a subclass: one more class of world
 * would make the step's accesses to the world polymorphic.
 */
import { describe } from "../math/validate.js";
import { BINARY_CODEC, enableBinarySnapshots } from "../snapshot/binary.js";
import type { WorldSnapshot } from "../snapshot/snapshot.js";
import { fromSnapshot } from "../snapshot/world-snapshots.js";
import { World as FullWorld } from "./full-world.js";
import type { WorldOptions } from "./options.js";
import { World as TheWorld } from "./world.js";

/** A World class whose worlds have snapshots: `World` of `capsule2d`, of `capsule2d/threads` (or of `capsule2d/binary`). */
export interface SnapshotWorldClass<W extends FullWorld = FullWorld> {
  new (options?: WorldOptions): W;
  /** The prototype of its worlds. */
  readonly prototype: W;
}

/** The constructor of the World of `capsule2d/binary` (and of `withBinarySnapshots(World)`). */
export interface BinaryWorldConstructor<W extends FullWorld = FullWorld> {
  /** A world of `options` (docs/options.md) with binary snapshots, checked first: bad input throws a TypeError or RangeError naming the option and the value. */
  new (options?: WorldOptions): W;
  /**
   * Rebuild a world (with binary snapshots) from `snapshot()` data, JSON or
   * a binary ArrayBuffer, checked completely first: a corrupt or truncated
   * snapshot throws a TypeError or RangeError and nothing is built.
   */
  fromSnapshot(data: WorldSnapshot | ArrayBuffer): W;
  /** The prototype of its worlds: that of the World it was made from (`capsule2d`'s `World`). */
  readonly prototype: W;
}

/**
 * The World `Base` (`World` of `capsule2d/threads`, or of `capsule2d`) whose
 * worlds have binary snapshots: `new` makes a world of `Base` and gives it
 * the codec (as `enableBinarySnapshots(world)`), and its `fromSnapshot`
 * reads binary snapshots as well as JSON ones into worlds of `Base`. A new
 * constructor: `Base` and its worlds are not changed.
 *
 * ```ts
 * import { World as ThreadsWorld } from "capsule2d/threads";
 * import { withBinarySnapshots } from "capsule2d/binary";
 *
 * const World = withBinarySnapshots(ThreadsWorld);
 * const world = new World({ solverThreads: 2 });
 * const again = World.fromSnapshot(world.snapshot({ format: "binary" }));
 * ```
 */
export function withBinarySnapshots<W extends FullWorld>(Base: SnapshotWorldClass<W>): BinaryWorldConstructor<W> {
  if (typeof Base !== "function" || !(Base.prototype instanceof TheWorld)) {
    throw new TypeError(`capsule2d: withBinarySnapshots(World): World must be the World of "capsule2d" or "capsule2d/threads", got ${describe(Base)}`);
  }
  const make = (options: WorldOptions): W => {
    const world = new Base(options);
    enableBinarySnapshots(world);
    return world;
  };
  const World = function World(options: WorldOptions = {}): W {
    return make(options);
  } as unknown as BinaryWorldConstructor<W>;
  World.fromSnapshot = (data: WorldSnapshot | ArrayBuffer): W => fromSnapshot<W>(data, make, BINARY_CODEC);
  (World as { prototype: W }).prototype = Base.prototype as W;
  return World;
}

/**
 * The World of `capsule2d` with binary snapshots: its worlds (and their
 * clones) write and read the compact binary form beside JSON
 * (`world.snapshot({ format: "binary" })`, `world.restore(buffer)`), and its
 * `World.fromSnapshot` reads both. Its worlds are `capsule2d`'s `World` (the
 * same class, so `instanceof` either holds).
 *
 * ```ts
 * import { World } from "capsule2d/binary";
 *
 * const world = new World();
 * const saved: ArrayBuffer = world.snapshot({ format: "binary" });
 * const again = World.fromSnapshot(saved);
 * ```
 */
export const World: BinaryWorldConstructor = withBinarySnapshots(FullWorld);
/** A world of `capsule2d/binary`: `capsule2d`'s `World`. */
export type World = FullWorld;
