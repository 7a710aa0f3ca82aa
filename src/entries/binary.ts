/**
 * `capsule2d/binary`: compact binary snapshots for rollback netcode.
 *
 * The core's `world.snapshot()` and `World.fromSnapshot()` speak JSON. Call
 * {@link enableBinarySnapshots} once (or `enableBinarySnapshots(world)` for
 * one world alone) and they also write and read a compact
 * little-endian `ArrayBuffer` (288 bytes per body, 168 per contact, 304 per
 * joint, plus a header of about 600 bytes), with the same checks and the
 * same bit-exact continuation as JSON. It is a separate entry point so that
 * games that never use it do not ship it.
 *
 * ```ts
 * import { World } from "capsule2d";
 * import { enableBinarySnapshots } from "capsule2d/binary";
 *
 * enableBinarySnapshots();
 * const saved: ArrayBuffer = world.snapshot({ format: "binary" });
 * const again = World.fromSnapshot(saved);
 * ```
 *
 * In the `<script>` build it is `Capsule2D.binary.enableBinarySnapshots()`.
 * @module capsule2d/binary
 */
export { enableBinarySnapshots } from "../snapshot/binary.js";
