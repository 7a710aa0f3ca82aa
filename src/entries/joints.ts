// The public surface of capsule2d/joints, and nothing else.
/**
 * `capsule2d/joints`: joints for games built on `capsule2d/core`.
 * {@link JointWorld} is the core world made with the joints module:
 * `addJoint`, `removeJoint`, `joints` and joint breaking, exactly as in
 * `capsule2d`'s `World` (the same class, with more modules): use it in place
 * of `World` from `capsule2d/core`.
 *
 * ```ts
 * import { Circle } from "capsule2d/core";
 * import { JointWorld } from "capsule2d/joints";
 *
 * const world = new JointWorld();
 * const a = world.add(new Circle({ position: { x: 0, y: 2 }, radius: 0.5, type: "static" }));
 * const b = world.add(new Circle({ position: { x: 1, y: 2 }, radius: 0.5 }));
 * world.addJoint({ type: "revolute", bodyA: a, bodyB: b, anchor: { x: 0, y: 2 } });
 * ```
 * @module capsule2d/joints
 */
export { JointWorld } from "../world/joint-world.js";
export type { JointWorldConstructor } from "../world/joint-world.js";
export { Joint, JOINT_TYPES } from "../joints/joint.js";
export type { JointType } from "../joints/joint.js";
export type {
  JointDef, RevoluteJointDef, PrismaticJointDef, DistanceJointDef, WeldJointDef, WheelJointDef, MotorJointDef, FilterJointDef,
} from "../joints/definition.js";
