// The public surface of capsule2d, and nothing else.
/**
 * `capsule2d`: the world, the bodies, the narrowphase and the queries.
 * `capsule2d/debug` (a canvas renderer), `capsule2d/binary` (binary
 * snapshots), `capsule2d/batch` (many worlds on worker threads, Node),
 * `capsule2d/worker` (a world in a Web Worker) and `capsule2d/replay` (record,
 * replay, rollback) are separate entry points.
 * @module capsule2d
 */
export type { Vec2 } from "./math/vec2.js";
export { Body, CIRCLE, CAPSULE, BOX } from "./bodies/body.js";
export type { BodyOptions, BodyType, CollisionFilter, ShapeKind, Pose, GroundContact } from "./bodies/body.js";
export { Circle } from "./bodies/circle.js";
export type { CircleOptions } from "./bodies/circle.js";
export { Capsule } from "./bodies/capsule.js";
export type { CapsuleOptions } from "./bodies/capsule.js";
export { AABB } from "./bodies/aabb.js";
export type { AABBOptions } from "./bodies/aabb.js";
export { collide } from "./narrowphase/collide.js";
export type { Manifold, ManifoldPoint } from "./narrowphase/manifold.js";
export { raycastBody } from "./narrowphase/raycast.js";
export type { RaycastHit } from "./narrowphase/raycast.js";
export { castShapes } from "./narrowphase/shape-cast.js";
export type { ShapeCastHit } from "./narrowphase/shape-cast.js";
export { capsulesIntersectExact } from "./narrowphase/exact.js";
export { World } from "./world.js";
export type { ExplosionDef, PreSolveContact, PreSolveFn } from "./world/contact-control.js";
export type { QueryFilter } from "./world.js";
export type { WorldOptions, SolverName } from "./world/options.js";
export { DEFAULT_WORLD_OPTIONS } from "./world/options.js";
export { SolverWorkerError } from "./solver/parallel/solver-worker-error.js";
export type { ThreadStats } from "./solver/parallel/solver-threads.js";
export type {
  CollisionEvent, CollisionPair, ContactInfo, ContactPointInfo, StepEvent, WorldEvents, ContactEvents, SensorEvents,
  ContactBeginEvent, ContactEndEvent, ContactHitEvent, SensorEvent, JointEvents, JointBreakEvent,
} from "./world/events.js";
export { Joint, JOINT_TYPES } from "./joints/joint.js";
export type { JointType } from "./joints/joint.js";
export type {
  JointDef, RevoluteJointDef, PrismaticJointDef, DistanceJointDef, WeldJointDef, WheelJointDef, MotorJointDef, FilterJointDef,
} from "./joints/definition.js";
export { STEP_STAGES, Stage } from "./world/stages.js";
export type { StageInfo, StageName, StepProfile } from "./world/stages.js";
export type { IntegratorName, ForceField } from "./solver/integrate.js";
export { FieldForce } from "./solver/integrate.js";
export type { PositionCorrection } from "./solver/position-correction.js";
export type { BroadphaseKind } from "./broadphase/broadphase.js";
export type { IntegerCapsule, IntegerPoint, IntegerLike } from "./narrowphase/exact.js";
export type { WorldSnapshot, BodySnapshot, ContactSnapshot, SnapshotNumber, SnapshotRecord } from "./world/snapshot.js";
export { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, SNAPSHOT_VERSION } from "./world/snapshot.js";
export { CharacterController } from "./character/controller.js";
export type { CharacterControllerOptions } from "./character/controller.js";
// tile maps: in the main entry for now (tree-shaken when unused); DESIGN.md foresees a `capsule2d/tiles` subpath
export { TileMap } from "./tiles/tilemap.js";
export type { TileKind, TileGridOptions, TiledSpawn } from "./tiles/tilemap.js";
export { deterministicSin, deterministicCos, deterministicAtan2 } from "./math/deterministic.js";
