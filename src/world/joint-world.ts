/**
 * JointWorld: the core world (src/world/core-world.ts) with joints. It puts a
 * `JointManager` where the core step calls its no-op joint stages, and adds
 * what users call: `addJoint`, `removeJoint`, `joints`, joint breaking and
 * its events. `World` of `capsule2d` extends it; `capsule2d/joints` ships it
 * for games built on `capsule2d/core`.
 */
import { Body } from "../bodies/body.js";
import * as check from "../math/validate.js";
import { CoreWorld, type CoreWorldOptions } from "./core-world.js";
import type { JointEvents } from "./events.js";
import { Joint, type JointOwner } from "../joints/joint.js";
import { buildJoint, type JointDef } from "../joints/definition.js";
import { JointManager } from "../joints/joint-manager.js";

/**
 * The world of `capsule2d/core` with joints (revolute, prismatic, distance,
 * weld, wheel, motor, filter): `addJoint`, `removeJoint`, `joints`,
 * `body.joints`, joint breaking and the `jointBreak` event, as in
 * `capsule2d`'s `World` (which extends this class), with the same bits.
 *
 * ```ts
 * import { Circle, AABB } from "capsule2d/core";
 * import { JointWorld } from "capsule2d/joints";
 *
 * const world = new JointWorld({ gravity: { x: 0, y: -9.81 } });
 * const hinge = world.addJoint({ type: "revolute", bodyA, bodyB, anchor: { x: 0, y: 2 } });
 * ```
 */
export class JointWorld extends CoreWorld implements JointOwner {
  protected declare jointManager: JointManager;

  constructor(options: CoreWorldOptions = {}) {
    super(options);
    this.jointManager = new JointManager();
  }

  /** Joint events of the last step: the joints that broke (pull-based; valid until the next step). */
  get jointEvents(): JointEvents {
    return this.events.joints;
  }

  /**
   * Add a joint (see the definitions in src/joints/definition.ts and
   * docs/joints.md); returns it. The definition is checked completely first: bad
   * input throws a TypeError or RangeError naming the parameter and the
   * value, and nothing changes. Both bodies wake; with `collideConnected`
   * false (the default) their contact ends.
   */
  addJoint(def: JointDef): Joint {
    if (this.stepping) throw new Error("capsule2d: addJoint() cannot be called during a step");
    const joint = buildJoint(def, (b) => b._world === this, (b): b is Body => b instanceof Body, this.jointManager.staging());
    this.jointManager.add(joint);
    joint._world = this;
    const a = joint._bodyA;
    const b = joint._bodyB;
    this.jointChanged(joint);
    if (!joint._collideConnected) {
      const c = this.contactManager.get(a, b);
      if (c !== undefined) this.contactManager.destroy(c, true);
    }
    if (this.journal !== null) this.journal.call(this, "addJoint", def, joint);
    return joint;
  }

  /**
   * Remove a joint; its bodies wake (the island may split), and with
   * `collideConnected` false they may collide again from the next step.
   */
  removeJoint(joint: Joint): this {
    if (!(joint instanceof Joint)) throw new TypeError(`capsule2d: joint must be a Joint, got ${check.describe(joint)}`);
    if (joint._world !== this) throw new RangeError(`capsule2d: joint #${joint._id} is not in this world`);
    if (this.stepping) throw new Error("capsule2d: removeJoint() cannot be called during a step");
    if (this.journal !== null) this.journal.call(this, "removeJoint", joint);
    this.detachJoint(joint);
    return this;
  }

  /** Take a joint out (removed or broken): wake its bodies; let them find their contact again. */
  protected detachJoint(joint: Joint): void {
    this.jointManager.remove(joint);
    joint._world = null;
    const a = joint._bodyA;
    const b = joint._bodyB;
    this.jointChanged(joint);
    if (!joint._collideConnected && a._world === this && b._world === this && !this.jointManager.blocksCollision(a, b)) {
      // the broadphase reports every pair of a re-added proxy; the contact manager makes the missing one
      this.broadphase.remove(b);
      this.motion.boxOf(b, this.box);
      this.broadphase.add(b, this.box);
      this.markChanged(b);
    }
  }

  /** The joints, in creation order. */
  get joints(): readonly Joint[] {
    return this.jointManager.all();
  }

  /** A body leaves: its joints go first. */
  protected override detachJointsOf(body: Body): void {
    const joints = this.jointManager.of(body);
    while (joints.length > 0) this.detachJoint(joints[joints.length - 1]!);
  }

  /** @internal JointOwner: joint methods ask before they change anything. */
  checkJointMutable(what: string, joint: Joint, a?: unknown, b?: unknown, c?: unknown): void {
    if (this.stepping) throw new Error(`capsule2d: joint.${what}() cannot be called during a step`);
    if (this.journal !== null) this.journal.call(joint, what, a, b, c);
  }

  /** @internal JointOwner: a joint's setting changed: its bodies wake. */
  jointChanged(joint: Joint): void {
    this.wakeIsland(joint._bodyA);
    this.wakeIsland(joint._bodyB);
    this.islands.resetTimer(joint._bodyA);
    this.islands.resetTimer(joint._bodyB);
  }

  /** Joints whose reaction passed a break threshold this step are removed and reported. */
  protected override breakJoints(): void {
    const broken = this.jointManager.broken;
    for (let i = 0; i < broken.length; i++) {
      const j = broken[i]!;
      this.events.jointBreak(j, Math.sqrt(j.forceX * j.forceX + j.forceY * j.forceY), j.torque);
      this.detachJoint(j);
    }
    broken.length = 0;
  }
}
