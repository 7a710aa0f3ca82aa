// The public surface of capsule2d, and nothing else.
export type { Vec2 } from "./math/vec2.js";
export { Body, CIRCLE, CAPSULE, BOX } from "./bodies/body.js";
export type { BodyOptions, BodyType, CollisionFilter, ShapeKind } from "./bodies/body.js";
export { Circle } from "./bodies/circle.js";
export type { CircleOptions } from "./bodies/circle.js";
export { Capsule } from "./bodies/capsule.js";
export type { CapsuleOptions } from "./bodies/capsule.js";
export { AABB } from "./bodies/aabb.js";
export type { AABBOptions } from "./bodies/aabb.js";
export { collide } from "./narrowphase/collide.js";
export type { Manifold, ManifoldPoint } from "./narrowphase/manifold.js";
