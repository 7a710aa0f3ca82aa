/**
 * The World of `capsule2d/joints`: the one World (src/world/world.ts) made
 * with the joints module, `JOINTS` (a joint manager per world and the joint
 * definitions' checks), beside the core's tree broadphase and soft-step.
 */
import { buildJoint } from "../joints/definition.js";
import { JointManager } from "../joints/joint-manager.js";
import { World, CORE_MODULES, type CoreWorldOptions, type JointsModule, type WorldModules } from "./world.js";

/** @internal The joints module. */
export const JOINTS: JointsModule = {
  manager: () => new JointManager(),
  build: buildJoint,
};

const JOINT_MODULES: WorldModules = { ...CORE_MODULES, entry: "capsule2d/joints", joints: JOINTS };

/**
 * The world of `capsule2d/core` with joints (revolute, prismatic, distance,
 * weld, wheel, motor, filter): `addJoint`, `removeJoint`, `joints`,
 * `body.joints`, joint breaking and the `jointBreak` event, as in
 * `capsule2d`'s `World`, with the same bits.
 *
 * ```ts
 * import { Circle, AABB } from "capsule2d/core";
 * import { JointWorld } from "capsule2d/joints";
 *
 * const world = new JointWorld({ gravity: { x: 0, y: -9.81 } });
 * const hinge = world.addJoint({ type: "revolute", bodyA, bodyB, anchor: { x: 0, y: 2 } });
 * ```
 */
export class JointWorld extends World {
  /** A world of `options` with joints (the options of `capsule2d/core`'s World). */
  constructor(options: CoreWorldOptions = {}) {
    super(options, JOINT_MODULES);
  }
}
