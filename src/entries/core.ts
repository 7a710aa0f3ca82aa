// The public surface of capsule2d/core, and nothing else.
/**
 * `capsule2d/core`: the small engine, for games that count their bytes. Its
 * `World` (the one World class, made with the core's modules) runs the same step as `capsule2d`'s
 * `World`, with the same bits, and has its bodies, narrowphase, queries,
 * shape casts and events; it leaves out joints (add them with `JointWorld`
 * from `capsule2d/joints`), snapshots, clones, `restore`, `explode`, the
 * pgs solver and the sap and brute broadphases, which `capsule2d`'s `World`
 * adds. See docs/small-builds.md.
 *
 * ```ts
 * import { World, Circle, AABB } from "capsule2d/core";
 *
 * const world = new World({ gravity: { x: 0, y: -9.81 } });
 * world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
 * world.add(new Circle({ position: { x: 0, y: 5 }, radius: 0.5 }));
 * world.step(1 / 60);
 * ```
 * @module capsule2d/core
 */
export type { Vec2 } from "../math/vec2.js";
export { Body, CIRCLE, CAPSULE, BOX, POLYGON, SEGMENT, COMPOUND } from "../bodies/body.js";
export type { BodyOptions, BodyType, CollisionFilter, ShapeKind, Pose, GroundContact } from "../bodies/body.js";
export { Circle } from "../bodies/circle.js";
export type { CircleOptions } from "../bodies/circle.js";
export { Capsule } from "../bodies/capsule.js";
export type { CapsuleOptions } from "../bodies/capsule.js";
export { AABB } from "../bodies/aabb.js";
export type { AABBOptions } from "../bodies/aabb.js";
export { Box } from "../bodies/box.js";
export type { BoxOptions } from "../bodies/box.js";
export { Polygon } from "../bodies/polygon.js";
export type { PolygonOptions, RegularPolygonOptions } from "../bodies/polygon.js";
export { Segment } from "../bodies/segment.js";
export type { SegmentOptions } from "../bodies/segment.js";
export { Compound, MAX_COMPOUND_SHAPES } from "../bodies/compound.js";
export { Chain, MAX_CHAIN_POINTS } from "../bodies/chain.js";
export type { ChainOptions } from "../bodies/chain.js";
export type {
  CompoundOptions, OutlineOptions, ShapeDef, CircleShapeDef, CapsuleShapeDef, BoxShapeDef, PolygonShapeDef, SegmentShapeDef,
} from "../bodies/compound.js";
export { Shape } from "../bodies/shape.js";
export { ShapeBody } from "../bodies/shape-body.js";
export type { ShapeKindName, CollisionFilterBits } from "../bodies/shape.js";
export { collide } from "../collision/narrowphase/collide.js";
export type { Manifold, ManifoldPoint } from "../collision/narrowphase/manifold.js";
export { raycastBody } from "../collision/narrowphase/raycast.js";
export type { RaycastHit } from "../collision/narrowphase/raycast.js";
export { castShapes } from "../collision/narrowphase/shape-cast.js";
export type { ShapeCastHit } from "../collision/narrowphase/shape-cast.js";
export { World, CoreWorld } from "../world/core-world.js";
export type { CoreWorldConstructor } from "../world/core-world.js";
export type { CoreWorldOptions, QueryFilter } from "../world/world.js";
export type { PreSolveContact, PreSolveFn } from "../world/contact-control.js";
export type { WorldOptions, SolverName } from "../world/options.js";
export { DEFAULT_WORLD_OPTIONS } from "../world/options.js";
export type {
  CollisionEvent, CollisionPair, ContactInfo, ContactPointInfo, StepEvent, WorldEvents, ContactEvents, SensorEvents,
  ContactBeginEvent, ContactEndEvent, ContactHitEvent, SensorEvent, JointEvents, JointBreakEvent,
} from "../world/events.js";
export { STEP_STAGES, Stage } from "../world/stages.js";
export type { StageInfo, StageName, StepProfile } from "../world/stages.js";
export type { IntegratorName, ForceField } from "../solver/integrate.js";
export { FieldForce } from "../solver/integrate.js";
export type { BroadphaseKind } from "../collision/broadphase/broadphase.js";
export { CharacterController } from "../character/controller.js";
export type { CharacterControllerOptions } from "../character/controller.js";
// tile maps: here for now (tree-shaken when unused); a `capsule2d/tiles` subpath may take them later
export { TileMap } from "../tiles/tilemap.js";
export type { TileKind, TileGridOptions, TiledSpawn, TiledObject, TiledOptions, TiledDecompress, TiledCompression } from "../tiles/tilemap.js";
export { deterministicSin, deterministicCos, deterministicAtan2 } from "../math/deterministic.js";
