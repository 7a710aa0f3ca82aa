// The public surface of capsule2d, and nothing else.
/**
 * `capsule2d`: the world, the bodies, the narrowphase and the queries.
 * `capsule2d/core` (the small engine), `capsule2d/joints` (joints for it),
 * `capsule2d/debug` (a canvas renderer), `capsule2d/binary` (binary
 * snapshots), `capsule2d/batch` (many worlds on worker threads, Node),
 * `capsule2d/worker` (a world in a Web Worker) and `capsule2d/replay` (record,
 * replay, rollback) are separate entry points.
 * @module capsule2d
 */
// everything capsule2d/core and capsule2d/joints have; `World` below is the full one
export * from "./core.js";
export * from "./joints.js";
export { World } from "../world/full-world.js";
export { capsulesIntersectExact } from "../collision/narrowphase/exact.js";
export type { ThreadStats } from "../solver/parallel/solver-threads.js";
export type { IntegerCapsule, IntegerPoint, IntegerLike } from "../collision/narrowphase/exact.js";
export type { ExplosionDef } from "../world/contact-control.js";
export type { PositionCorrection } from "../solver/position-correction.js";
export type { WorldSnapshot, BodySnapshot, ContactSnapshot, SnapshotNumber, SnapshotRecord } from "../snapshot/snapshot.js";
export { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, SNAPSHOT_VERSION } from "../snapshot/snapshot.js";
