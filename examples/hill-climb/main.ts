/**
 * Hill climb: the car of the car page (a capsule chassis on two wheel
 * joints, examples/shared/car.ts) on 630 m of chain hills that grow taller
 * and steeper (terrain.ts): how far can you get?
 *
 * Hold → or D to drive, ← or A to reverse (or the on-screen buttons); with
 * no throttle the motors brake. The camera follows the car; the readout
 * shows the distance from the start and the best so far. The ground is one
 * `Chain` of 1,263 points, solid on its upper side (drawn right to left:
 * the debug renderer's ticks show the solid side), over which the wheels
 * roll with no ghost bumps at its 1,261 inner vertices.
 */
import type { Body } from "../../src/entries/capsule2d.js";
import { runDemo, type Demo } from "../shared/demo.js";
import { addCar, DriveInput, offLine, setThrottle, type Car } from "../shared/car.js";
import { groundHeight, terrain, TRACK_END } from "./terrain.js";

const START_X = 0;
/** Top wheel speed, rad/s (× the 0.4 m radius: 10 m/s, 36 km/h). */
const MAX_WHEEL_SPEED = 25;

let torque = 30;
let follow = true;
/** The drive keys and buttons. */
const drive = new DriveInput();
const throttle = (): number => drive.throttle();

let car: Car | null = null;
let best = 0;
let demoRef: Demo | null = null;

const distance = (): number => (car ? car.chassis.position.x - START_X : 0);

runDemo({
  title: "Hill climb",
  description:
    "The car on 630 m of chain hills that grow steeper: one static Chain of 1,263 points, rolled over with no ghost bumps. Hold → or D to drive, ← or A to reverse; how far can you get?",
  view: { minX: -8, minY: -4, maxX: 14, maxY: 8 },
  build(world, demo) {
    demoRef = demo;
    world.add(terrain());
    car = addCar(world, { x: START_X, groundY: groundHeight(START_X), hertz: 4, dampingRatio: 0.7, maxMotorTorque: torque });
    best = 0;
    setThrottle(car, 0, MAX_WHEEL_SPEED);
  },
  controls(toolbar) {
    drive.holdButton(toolbar.addButton("◀ reverse", () => {}), "buttonBack");
    drive.holdButton(toolbar.addButton("drive ▶", () => {}), "buttonForward");
    toolbar.addSlider("motor torque", { min: 5, max: 60, step: 1, value: torque, format: (v) => `${v} N·m` }, (v) => {
      torque = v;
      for (const j of car?.joints ?? []) j.setMaxMotorTorque(torque);
    });
    toolbar.addCheckbox("follow", follow, (v) => (follow = v));
  },
  beforeStep() {
    if (car) setThrottle(car, throttle(), MAX_WHEEL_SPEED);
  },
  afterStep() {
    best = Math.max(best, distance());
  },
  drawOptions() {
    if (follow && car && demoRef) {
      const p = demoRef.pose(car.chassis);
      demoRef.camera.center.x = p.x + 3;
      demoRef.camera.center.y = p.y + 1;
    }
    return {};
  },
  draw(_ctx, demo) {
    // a marker every 50 m along the track
    for (let x = 50; x < TRACK_END; x += 50) demo.label(`${x} m`, { x, y: groundHeight(x) + 2.5 }, "#9aa3b2");
    if (car) {
      const p = demo.pose(car.chassis);
      demo.label(`${distance().toFixed(0)} m`, { x: p.x, y: p.y + 1.2 });
    }
  },
  readout: () => `distance ${distance().toFixed(1)} m · best ${best.toFixed(1)} m · speed ${(car?.chassis.velocity.x ?? 0).toFixed(1)} m/s`,
  info: (demo) => {
    const c = car!.chassis;
    return {
      x: c.position.x,
      y: c.position.y,
      distance: distance(),
      best,
      speed: c.velocity.x,
      angle: c.angle,
      throttle: throttle(),
      /** The chassis's height above the ground under it, m. */
      aboveGround: c.position.y - groundHeight(c.position.x),
      wheelOffLine: Math.max(...car!.joints.map(offLine)),
      jointsActive: car!.joints.every((j) => j.isActive),
      cameraX: demo.camera.center.x,
      chainPoints: demo.world.bodies[0]!.shapes.length + 1,
    };
  },
  testBody: (): Body | undefined => car?.chassis,
});
