/**
 * The calls a recording may hold, per target. The recorder does not need
 * these lists (it records whatever a world, body or joint reports through
 * the journal hook, src/world/journal.ts); reading and replaying do: a
 * recording that names anything else is refused, so a crafted file cannot
 * make `replay` call an arbitrary method. test/replay.test.ts enumerates the
 * public changing methods of World, Body and Joint and checks each one is in
 * these lists, recorded and replayed.
 */

export const WORLD_CALLS: readonly string[] = ["add", "remove", "addJoint", "removeJoint", "setOptions", "setForceField", "step", "advance"];

export const BODY_CALLS: readonly string[] = [
  "setPosition", "setAngle", "setVelocity", "setAngularVelocity", "applyForce", "applyTorque", "applyImpulse", "applyAngularImpulse",
  "setType", "setMass", "setDensity", "setFriction", "setRestitution", "setSensor", "setCollisionFilter", "setEnableSleep",
  "setFixedRotation", "setBullet", "setLinearDamping", "setAngularDamping", "setGravityScale", "setOneWay", "setTangentSpeed",
  "setRollingResistance", "wake",
];

export const JOINT_CALLS: readonly string[] = [
  "setBreakForce", "setBreakTorque", "setEnableLimit", "setLimits", "setEnableMotor", "setMotorSpeed", "setMaxMotorTorque",
  "setMaxMotorForce", "setEnableSpring", "setSpring", "setWeldStiffness", "setLength", "setLengthRange", "setTarget", "setMaxForce",
  "setMaxTorque",
];

/** The calls of a compound's shape (`body.shapes[i].setFriction(...)`), recorded on its body as `shapes[i].<call>`. */
export const SHAPE_CALLS: readonly string[] = ["setFriction", "setRestitution", "setSensor", "setCollisionFilter"];

/** Most shapes of one body (a Compound's `MAX_COMPOUND_SHAPES`). */
const MAX_SHAPES = 64;

/** A recorded call of a compound's shape: its index and the call (null when `method` is none). */
export function shapeCall(method: string): { index: number; call: string } | null {
  const m = /^shapes\[(0|[1-9][0-9]?)\]\.([A-Za-z]+)$/.exec(method);
  if (m === null) return null;
  const index = Number(m[1]);
  if (index >= MAX_SHAPES || !SHAPE_CALLS.includes(m[2]!)) return null;
  return { index, call: m[2]! };
}
