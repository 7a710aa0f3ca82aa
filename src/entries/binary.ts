/**
 * `capsule2d/binary`: compact binary snapshots for rollback netcode.
 *
 * The core's `world.snapshot()` and `World.fromSnapshot()` speak JSON. The
 * {@link World} of this entry point makes `capsule2d`'s worlds with the
 * binary codec: they (and their clones) also write and read a compact
 * little-endian `ArrayBuffer` (288 bytes per body, 168 per contact, 304 per
 * joint, plus a header of about 600 bytes), with the same checks and the
 * same bit-exact continuation as JSON, and its `World.fromSnapshot` reads
 * it. It is chosen per world: a World of `capsule2d` in the same process
 * still speaks JSON alone. It is a separate entry point so that games that
 * never use it do not ship it.
 *
 * ```ts
 * import { World } from "capsule2d/binary";
 *
 * const world = new World();
 * const saved: ArrayBuffer = world.snapshot({ format: "binary" });
 * const again = World.fromSnapshot(saved);
 * ```
 *
 * For a world you already have, `enableBinarySnapshots(world)`; for the
 * World of `capsule2d/threads`, `withBinarySnapshots(World)` (a World of
 * threaded worlds with binary snapshots). `enableBinarySnapshots()` without
 * a world throws a TypeError: there is no switch for every world. In the
 * `<script>` build it is `Capsule2D.binary.World`,
 * `Capsule2D.binary.enableBinarySnapshots(world)` and
 * `Capsule2D.binary.withBinarySnapshots(Capsule2D.threads.World)`.
 * @module capsule2d/binary
 */
export { enableBinarySnapshots } from "../snapshot/binary.js";
export { World, withBinarySnapshots } from "../world/binary-world.js";
export type { BinaryWorldConstructor, SnapshotWorldClass } from "../world/binary-world.js";
