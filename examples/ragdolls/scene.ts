/**
 * The ragdoll page's scene, kept apart from the page so it reads (and runs
 * headless) on its own: a staircase of static boxes and capsule ragdolls.
 *
 * A ragdoll is ten capsules (head, torso, upper and lower arms, thighs and
 * shins) joined by nine revolute joints with angle limits: the neck nods,
 * shoulders swing, elbows and knees bend one way only. Its capsules share a
 * negative collision group, so limbs of one ragdoll never collide with each
 * other (the joints already keep the joined pairs apart; the group covers
 * an arm against the torso too), but they collide with other ragdolls.
 *
 * Joint friction: each hinge's motor is on with speed 0 and a small maximum
 * torque (as Box2D's ragdolls do), so limbs come to rest instead of swinging
 * on frictionless hinges, and flailing limbs hit their limits less hard.
 */
import { AABB, Capsule, type Body, type Joint, type Vec2, type World } from "../../src/entries/capsule2d.js";

/** The stairs: `STEPS` steps, each `STEP_WIDTH` deep and `STEP_RISE` high, going down to the right. */
export const STEPS = 10;
export const STEP_WIDTH = 1.2;
export const STEP_RISE = 0.4;
/** x of the top step's left edge; the stairs end at STAIRS_LEFT + STEPS * STEP_WIDTH. */
export const STAIRS_LEFT = -9;
/** The floor after the stairs ends at a wall here. */
export const FLOOR_RIGHT = 9;

/** Steps, floor and walls, all static. */
export function addStairs(world: World): void {
  const options = { type: "static" as const, label: "stairs" };
  for (let i = 0; i < STEPS; i++) {
    const x0 = STAIRS_LEFT + i * STEP_WIDTH;
    world.add(AABB.fromBounds({ x: x0, y: 0 }, { x: x0 + STEP_WIDTH, y: (STEPS - i) * STEP_RISE }, options));
  }
  world.add(AABB.fromBounds({ x: STAIRS_LEFT - 1, y: -1 }, { x: FLOOR_RIGHT + 1, y: 0 }, options)); // floor
  world.add(AABB.fromBounds({ x: STAIRS_LEFT - 1, y: 0 }, { x: STAIRS_LEFT, y: STEPS * STEP_RISE + 6 }, options)); // back wall
  world.add(AABB.fromBounds({ x: FLOOR_RIGHT, y: 0 }, { x: FLOOR_RIGHT + 1, y: 3 }, options)); // end wall
}

/** One ragdoll's parts (its joints are in `joints`, in the order they were made). */
export interface Ragdoll {
  bodies: Body[];
  joints: Joint[];
}

/**
 * Add a ragdoll whose torso centre is at `at`, turned by `angle` (radians)
 * as a whole, moving at `velocity`. `group` (> 0) must differ between
 * ragdolls: its capsules get collision group −group. `jointFriction` is each
 * hinge's friction torque, N·m (0: free hinges).
 *
 * The layout (metres, upright, torso centre at the origin) is the README's:
 * torso a capsule of half length 0.2 and radius 0.12 standing up, the head
 * above it, arms hanging at x = ±0.2, legs at x = ±0.08.
 */
export function addRagdoll(world: World, at: Vec2, angle: number, velocity: Vec2, group: number, jointFriction = 0): Ragdoll {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  /** A point of the upright layout, turned and moved into place. */
  const place = (x: number, y: number): Vec2 => ({ x: at.x + c * x - s * y, y: at.y + s * x + c * y });
  const bodies: Body[] = [];
  const joints: Joint[] = [];
  const up = Math.PI / 2;
  const capsule = (x: number, y: number, halfLength: number, radius: number, pointing: number, label: string) => {
    const body = world.add(
      new Capsule({
        position: place(x, y),
        angle: pointing + angle,
        halfLength,
        radius,
        velocity,
        friction: 0.6,
        collisionFilter: { group: -group },
        label,
      }),
    );
    bodies.push(body);
    return body;
  };
  const hinge = (a: Body, b: Body, x: number, y: number, lowerAngle: number, upperAngle: number) => {
    joints.push(
      world.addJoint({
        type: "revolute",
        bodyA: a,
        bodyB: b,
        anchor: place(x, y),
        enableLimit: true,
        lowerAngle,
        upperAngle,
        enableMotor: jointFriction > 0,
        motorSpeed: 0,
        maxMotorTorque: jointFriction,
        label: "ragdoll",
      }),
    );
  };
  const torso = capsule(0, 0, 0.2, 0.12, up, "torso");
  const head = capsule(0, 0.45, 0.03, 0.1, up, "head");
  hinge(torso, head, 0, 0.32, -0.5, 0.5);
  for (const side of [-1, 1]) {
    const upperArm = capsule(side * 0.2, 0.12, 0.12, 0.05, -up, "upper arm");
    const lowerArm = capsule(side * 0.2, -0.18, 0.12, 0.045, -up, "lower arm");
    hinge(torso, upperArm, side * 0.2, 0.26, -1.5, 1.5);
    hinge(upperArm, lowerArm, side * 0.2, -0.03, -2, 0);
    const thigh = capsule(side * 0.08, -0.47, 0.14, 0.07, -up, "thigh");
    const shin = capsule(side * 0.08, -0.82, 0.14, 0.06, -up, "shin");
    hinge(torso, thigh, side * 0.08, -0.3, -1.2, 0.8);
    hinge(thigh, shin, side * 0.08, -0.65, 0, 2);
  }
  return { bodies, joints };
}
