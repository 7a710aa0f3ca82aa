/**
 * The World of `capsule2d/joints`: the one World (src/world/world.ts) made
 * with the joints module, `JOINTS` (a joint manager per world and the joint
 * definitions' checks), beside the core's tree broadphase and soft-step.
 */
import { Body } from "../bodies/body.js";
import * as check from "../math/validate.js";
import { buildJoint, type JointDef } from "../joints/definition.js";
import { JointManager } from "../joints/joint-manager.js";
import { Joint } from "../joints/joint.js";
import type { WorldAccessors } from "./core-world.js";
import type { JointEvents } from "./events.js";
import { addProxies, removeProxies } from "./membership.js";
import { CORE_MODULES } from "./modules.js";
import type { CoreWorldOptions } from "./options.js";
import { World, type JointsModule, type WorldModules } from "./world.js";

/** `world.addJoint(def)`: checked completely first (nothing changes on bad input); both bodies wake; their contact ends unless `collideConnected`. */
function addJoint(world: World, def: JointDef): Joint {
  if (world.stepping) throw new Error("capsule2d: addJoint() cannot be called during a step");
  const jm = world.jointManager!;
  const joint = buildJoint(def, (b) => b._world === world, (b): b is Body => b instanceof Body, jm.staging());
  jm.add(joint);
  joint._world = world;
  const a = joint._bodyA;
  const b = joint._bodyB;
  world.jointChanged(joint);
  if (!joint._collideConnected) {
    world.contactManager.destroyBetween(a, b);
  }
  if (world.journal !== null) world.journal.call(world, "addJoint", def, joint);
  return joint;
}

/** `world.removeJoint(joint)`. */
function removeJoint(world: World, joint: Joint): void {
  if (!(joint instanceof Joint)) throw new TypeError(`capsule2d: joint must be a Joint, got ${check.describe(joint)}`);
  if (joint._world !== world) throw new RangeError(`capsule2d: joint #${joint._id} is not in this world`);
  if (world.stepping) throw new Error("capsule2d: removeJoint() cannot be called during a step");
  if (world.journal !== null) world.journal.call(world, "removeJoint", joint);
  detachJoint(world, world.jointManager!, joint);
}

/** Take a joint out (removed or broken): wake its bodies; let them find their contact again. */
function detachJoint(world: World, jm: JointManager, joint: Joint): void {
  jm.remove(joint);
  joint._world = null;
  const a = joint._bodyA;
  const b = joint._bodyB;
  world.jointChanged(joint);
  if (!joint._collideConnected && a._world === world && b._world === world && !jm.blocksCollision(a, b)) {
    // the broadphase reports every pair of a re-added proxy; the contact manager makes the missing one
    removeProxies(world, b);
    addProxies(world, b);
    world.markChanged(b);
  }
}

/** A body leaves: its joints go first. */
function detachJointsOf(world: World, body: Body): void {
  const jm = world.jointManager!;
  const joints = jm.of(body);
  while (joints.length > 0) detachJoint(world, jm, joints[joints.length - 1]!);
}

/** Joints whose reaction passed a break threshold this step are removed and reported. */
function breakJoints(world: World): void {
  const jm = world.jointManager!;
  const broken = jm.broken;
  for (let i = 0; i < broken.length; i++) {
    const j = broken[i]!;
    world.events.jointBreak(j, Math.sqrt(j.forceX * j.forceX + j.forceY * j.forceY), j.torque);
    detachJoint(world, jm, j);
  }
  broken.length = 0;
}

/** @internal The joints module. */
export const JOINTS: JointsModule = {
  manager: () => new JointManager(),
  add: addJoint,
  remove: removeJoint,
  detachJointsOf,
  breakJoints,
};

const JOINT_MODULES: WorldModules = { ...CORE_MODULES, entry: "capsule2d/joints", joints: JOINTS };

/** What `JointWorld` is made without: its type leaves these out (in JavaScript they throw a TypeError naming `capsule2d`). */
type NotInJointWorld = "snapshot" | "snapshotInto" | "restore" | "clone" | "explode" | "threadsReady" | "dispose" | "threadStats" | "setOptions";

/**
 * The world of `capsule2d/core` with joints (revolute, prismatic, distance,
 * weld, wheel, motor, filter): `addJoint`, `removeJoint`, `joints`,
 * `body.joints`, joint breaking and the `jointBreak` event, as in
 * `capsule2d`'s `World`, with the same bits.
 */
export interface JointWorld extends Omit<World, NotInJointWorld | keyof WorldAccessors | "joints" | "jointEvents">, WorldAccessors {
  /** The joints, in creation order. */
  get joints(): readonly Joint[];
  /** Joint events of the last step: the joints that broke (pull-based; valid until the next step). */
  get jointEvents(): JointEvents;

  /**
   * Change options between steps (all but `broadphase` and `speculativeDistance`,
   * which shape the broadphase, and `solverThreads`). Checked first: a bad
   * value changes nothing. Sleeping bodies wake, so that they feel the change.
   */
  setOptions(options: Omit<CoreWorldOptions, "broadphase" | "speculativeDistance" | "solverThreads">): void;
}

/** The constructor of `JointWorld`. */
export interface JointWorldConstructor {
  /** A world of `options` (the options of `capsule2d/core`'s World) with joints. */
  new (options?: CoreWorldOptions): JointWorld;
  /** The prototype of every joint world. */
  readonly prototype: JointWorld;
}

/**
 * The world of `capsule2d/core` with joints: the one World class with the
 * core's modules and the joints module.
 *
 * ```ts
 * import { Circle, AABB } from "capsule2d/core";
 * import { JointWorld } from "capsule2d/joints";
 *
 * const world = new JointWorld({ gravity: { x: 0, y: -9.81 } });
 * const hinge = world.addJoint({ type: "revolute", bodyA, bodyB, anchor: { x: 0, y: 2 } });
 * ```
 */
export const JointWorld: JointWorldConstructor = class JointWorld extends World {
  constructor(options: CoreWorldOptions = {}) {
    super(options, JOINT_MODULES);
  }
};
