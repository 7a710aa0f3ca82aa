/**
 * Car: a capsule chassis on two circle wheels, each held by a wheel joint.
 *
 * A wheel joint keeps the wheel's centre on a line fixed in the chassis (the
 * suspension axis, straight down here) with a spring-damper along it, lets
 * the wheel turn freely, and has a motor that drives the wheel's rotation
 * relative to the chassis. The toolbar sets the suspension's frequency and
 * damping ratio (`joint.setSpring`) and the motor's torque; hold → or D to
 * drive, ← or A to reverse (or the on-screen buttons). With no throttle the
 * motor holds the wheels at the chassis's rate: a brake, as strong as the
 * motor's torque.
 *
 * The terrain is static: a long floor with bumps (capsules lying on it, of
 * random size from a seeded generator, so every reset builds the same
 * track), a few ramps and a wall at the far end. The camera follows the car
 * (untick "follow" to pan freely).
 */
import { AABB, Capsule, type Body, type Joint, type World } from "../../src/entries/capsule2d.js";
import { runDemo, type Demo } from "../shared/demo.js";
import { Random } from "../shared/random.js";
import { addCar, DriveInput, offLine, setThrottle, type Car } from "../shared/car.js";

const START_X = 0;
const TRACK_END = 160;
/** Top wheel speed, rad/s (× radius: 6 m/s, about 22 km/h). */
const MAX_WHEEL_SPEED = 15;

let hertz = 4;
let dampingRatio = 0.7;
let torque = 10;
let follow = true;
/** The drive keys and buttons. */
const drive = new DriveInput();
const throttle = (): number => drive.throttle();

let chassis: Capsule | null = null;
let wheelJoints: Joint[] = [];
let theCar: Car | null = null;
let demoRef: Demo | null = null;

/** Set the motors from the throttle (see `setThrottle`). */
function applyThrottle(): void {
  if (theCar) setThrottle(theCar, throttle(), MAX_WHEEL_SPEED);
}

function terrain(world: World): void {
  const ground = { type: "static" as const, friction: 0.9, label: "ground" };
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: TRACK_END + 10, y: 0 }, ground));
  world.add(AABB.fromBounds({ x: -21, y: -1 }, { x: -20, y: 6 }, ground));
  world.add(AABB.fromBounds({ x: TRACK_END + 10, y: -1 }, { x: TRACK_END + 11, y: 6 }, ground));
  const rng = new Random(11);
  let x = START_X + 8;
  while (x < TRACK_END) {
    if (rng.next() < 0.15) {
      // A ramp up and down: two tilted capsules meeting at a crest.
      const h = rng.range(0.3, 0.7);
      const run = rng.range(3, 5);
      world.add(Capsule.fromSegment({ x, y: 0 }, { x: x + run, y: h }, 0.15, ground));
      world.add(Capsule.fromSegment({ x: x + run, y: h }, { x: x + 2 * run, y: 0 }, 0.15, ground));
      x += 2 * run + rng.range(2, 4);
    } else {
      // A bump: a capsule lying on the floor, half sunk into it.
      const r = rng.range(0.08, 0.25);
      world.add(new Capsule({ ...ground, position: { x, y: 0 }, halfLength: rng.range(0, 0.4), radius: r }));
      x += rng.range(1.2, 3.5);
    }
  }
}

function car(world: World): void {
  theCar = addCar(world, { x: START_X, hertz, dampingRatio, maxMotorTorque: torque });
  chassis = theCar.chassis;
  wheelJoints = theCar.joints;
  applyThrottle();
}

function speed(): number {
  return chassis ? chassis.velocity.x : 0;
}

/** Speed in km/h for display ("0", never "-0"). */
function kmh(): string {
  const v = Math.round(speed() * 3.6);
  return String(v === 0 ? 0 : v);
}

runDemo({
  title: "Car",
  description:
    "A capsule chassis on two wheel joints (suspension spring, motor) over bumpy static terrain. Hold → or D to drive, ← or A to reverse; the toolbar sets the suspension and the motor's torque.",
  view: { minX: -8, minY: -2, maxX: 14, maxY: 8 },
  build(world, demo) {
    demoRef = demo;
    terrain(world);
    car(world);
  },
  controls(toolbar) {
    drive.holdButton(toolbar.addButton("◀ reverse", () => {}), "buttonBack");
    drive.holdButton(toolbar.addButton("drive ▶", () => {}), "buttonForward");
    toolbar.addSlider("suspension", { min: 0.5, max: 10, step: 0.5, value: hertz, format: (v) => `${v} Hz` }, (v) => {
      hertz = v;
      for (const j of wheelJoints) j.setSpring(hertz, dampingRatio);
    });
    toolbar.addSlider("damping", { min: 0, max: 2, step: 0.1, value: dampingRatio, format: (v) => v.toFixed(1) }, (v) => {
      dampingRatio = v;
      for (const j of wheelJoints) j.setSpring(hertz, dampingRatio);
    });
    toolbar.addSlider("motor torque", { min: 0, max: 40, step: 1, value: torque, format: (v) => `${v} N·m` }, (v) => {
      torque = v;
      for (const j of wheelJoints) j.setMaxMotorTorque(torque);
    });
    toolbar.addCheckbox("follow", follow, (v) => {
      follow = v;
    });
  },
  beforeStep() {
    applyThrottle();
  },
  drawOptions() {
    // Called just before the bodies are drawn: centre the view on where the chassis is drawn this frame.
    if (follow && chassis && demoRef) {
      const p = demoRef.pose(chassis);
      demoRef.camera.center.x = p.x + 3;
      demoRef.camera.center.y = Math.max(p.y + 1.5, 3);
    }
    return {};
  },
  draw(_ctx, demo) {
    if (!chassis) return;
    const p = demo.pose(chassis);
    demo.label(`${kmh()} km/h`, { x: p.x, y: p.y + 1.2 });
  },
  readout: () => `speed ${speed().toFixed(1)} m/s (${kmh()} km/h) · throttle ${throttle()}`,
  info: () => {
    const c = chassis!;
    return {
      x: c.position.x,
      y: c.position.y,
      speed: speed(),
      angle: c.angle,
      throttle: throttle(),
      hertz: wheelJoints[0]!.hertz,
      dampingRatio: wheelJoints[0]!.dampingRatio,
      maxMotorTorque: torque,
      /** The worst distance of a wheel's centre from its suspension line, m (a wheel joint keeps it 0). */
      wheelOffLine: Math.max(...wheelJoints.map((j) => offLine(j))),
      /** Whether both wheels are still on the chassis's joints. */
      jointsActive: wheelJoints.every((j) => j.isActive),
    };
  },
  testBody: (): Body | undefined => chassis ?? undefined,
});
