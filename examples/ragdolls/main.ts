/**
 * Ragdolls: capsule ragdolls (ten capsules and nine limited revolute joints
 * each, see scene.ts) raining onto a staircase of static boxes. Click empty
 * space to drop one there, or press "drop 5"; drag a limb to throw one.
 *
 * The readout shows the worst joint separation (the largest distance
 * between a joint's anchor on one body and its anchor on the other, which a
 * perfect joint keeps at 0) now and since the start, in centimetres, and
 * how many bodies sleep. The joint layers (anchors, limit wedges) can be
 * switched off in the toolbar, and the hinges' friction changed while they
 * fall (`joint.setMaxMotorTorque`).
 */
import type { World } from "../../src/entries/capsule2d.js";
import { runDemo, type Demo } from "../shared/demo.js";
import { worstSeparation } from "../shared/joints.js";
import { Random } from "../shared/random.js";
import { addRagdoll, addStairs, STAIRS_LEFT, FLOOR_RIGHT, STEPS, STEP_RISE } from "./scene.js";

const params = new URLSearchParams(location.search);
/** Ragdolls at the start (`?count=`). */
let count = Number(params.get("count") ?? 12);
/** Each hinge's friction torque, N·m (`?friction=`). */
let friction = Number(params.get("friction") ?? 0.01);
let showJoints = true;
/** Off at first: with a dozen ragdolls the limit wedges crowd the picture. */
let showLimits = false;
let rng = new Random(1);
let ragdolls = 0;
/** The worst joint separation seen since the scene was built, m. */
let maxSeparation = 0;

const TOP = STEPS * STEP_RISE;

/** One more ragdoll at `at`, at a random tilt, drifting sideways a little. */
function drop(world: World, x: number, y: number): void {
  ragdolls++;
  addRagdoll(world, { x, y }, rng.range(-0.6, 0.6), { x: rng.range(-1, 1), y: 0 }, ragdolls, friction);
}

function sleeping(world: World): number {
  let n = 0;
  for (const b of world.bodies) if (b.isSleeping) n++;
  return n;
}

function dynamicBodies(world: World): number {
  let n = 0;
  for (const b of world.bodies) if (b.type === "dynamic") n++;
  return n;
}

const cm = (m: number) => (m * 100).toFixed(2);

runDemo({
  title: "Ragdolls",
  description:
    "Capsule ragdolls (revolute joints with angle limits) raining onto stairs. Click empty space to drop one, drag a limb to throw one; the readout shows the worst joint separation.",
  view: { minX: STAIRS_LEFT - 1.5, minY: -1, maxX: FLOOR_RIGHT + 1.5, maxY: TOP + 7 },
  build(world) {
    addStairs(world);
    rng = new Random(1);
    ragdolls = 0;
    maxSeparation = 0;
    // A grid above the upper stairs, six across, rows 2.2 m apart: they rain in row by row.
    for (let i = 0; i < count; i++) {
      const col = i % 6;
      const row = Math.floor(i / 6);
      drop(world, STAIRS_LEFT + 1 + col * 1.6 + rng.range(-0.2, 0.2), TOP + 3 + row * 2.2);
    }
  },
  afterStep(world) {
    maxSeparation = Math.max(maxSeparation, worstSeparation(world.joints));
  },
  controls(toolbar, demo) {
    toolbar.addSlider("ragdolls", { min: 1, max: 40, step: 1, value: count }, (v) => {
      count = v;
      demo.reset();
    });
    toolbar.addButton("drop 5", () => {
      for (let i = 0; i < 5; i++) drop(demo.world, rng.range(STAIRS_LEFT + 1, 1), TOP + 6 + i * 2.2);
    });
    toolbar.addSlider(
      "joint friction",
      { min: 0, max: 0.05, step: 0.005, value: friction, format: (v) => `${v.toFixed(3)} N·m` },
      (v) => {
        friction = v;
        for (const j of demo.world.joints) {
          if (j.label !== "ragdoll") continue;
          j.setEnableMotor(v > 0).setMaxMotorTorque(v);
        }
      },
    );
    toolbar.addCheckbox("joints", showJoints, (v) => (showJoints = v));
    toolbar.addCheckbox("joint limits", showLimits, (v) => (showLimits = v));
  },
  drawOptions: () => ({ joints: showJoints, jointLimits: showLimits }),
  onClick(point, demo) {
    drop(demo.world, point.x, point.y);
  },
  readout: (demo: Demo) =>
    `${ragdolls} ragdolls · worst joint separation ${cm(worstSeparation(demo.world.joints))} cm (max ${cm(maxSeparation)} cm) · ` +
    `${sleeping(demo.world)} of ${dynamicBodies(demo.world)} bodies sleeping`,
  info: (demo) => ({
    ragdolls,
    bodies: demo.bodyCount(),
    dynamic: dynamicBodies(demo.world),
    joints: demo.world.joints.filter((j) => j.label === "ragdoll").length,
    sleeping: sleeping(demo.world),
    worstSeparation: worstSeparation(demo.world.joints),
    maxSeparation,
    jointFriction: friction,
  }),
});
