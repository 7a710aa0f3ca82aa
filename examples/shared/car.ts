/**
 * The car of the car and hill-climb pages: a capsule chassis on two circle
 * wheels, each held by a wheel joint (a suspension spring along the
 * chassis's vertical axis, a motor that drives the wheel relative to the
 * chassis, and 25 cm of travel each way).
 */
import { Capsule, Circle, type Body, type Joint, type World } from "../../src/entries/capsule2d.js";

export const WHEEL_RADIUS = 0.4;
/** The wheels' centres in the chassis's frame (x, y) at build time. */
export const WHEEL_X = 1.05;
export const WHEEL_Y = -0.55;

export interface CarOptions {
  /** The chassis's centre x; it is built with its wheels 15 cm above `groundY`. */
  x: number;
  groundY?: number;
  hertz: number;
  dampingRatio: number;
  maxMotorTorque: number;
}

export interface Car {
  chassis: Capsule;
  wheels: Body[];
  /** Rear, then front. */
  joints: Joint[];
}

export function addCar(world: World, o: CarOptions): Car {
  const y = (o.groundY ?? 0) + WHEEL_RADIUS - WHEEL_Y + 0.15;
  const chassis = world.add(new Capsule({ position: { x: o.x, y }, halfLength: 1.2, radius: 0.3, density: 2, label: "chassis" }));
  const wheels: Body[] = [];
  const joints: Joint[] = [];
  for (const side of [-1, 1]) {
    const centre = { x: o.x + side * WHEEL_X, y: y + WHEEL_Y };
    const wheel = world.add(new Circle({ position: centre, radius: WHEEL_RADIUS, density: 1.5, friction: 1.2, label: side < 0 ? "rear wheel" : "front wheel" }));
    wheels.push(wheel);
    joints.push(
      world.addJoint({
        type: "wheel", bodyA: chassis, bodyB: wheel, anchor: centre, axis: { x: 0, y: 1 },
        hertz: o.hertz, dampingRatio: o.dampingRatio, enableMotor: true, motorSpeed: 0, maxMotorTorque: o.maxMotorTorque,
        // The suspension's travel: 25 cm down and up from where the wheel is built (the car settles about 5 cm onto its springs).
        enableLimit: true, lower: -0.25, upper: 0.25,
      }),
    );
  }
  return { chassis, wheels, joints };
}

/**
 * Set the wheel motors from a throttle (−1 reverse, 0 brake, 1 forward):
 * wheels turning clockwise (negative angular speed) roll the car to +x.
 * Only a change is passed on: `setMotorSpeed` wakes the car, so calling it
 * every step would keep it from ever falling asleep.
 */
export function setThrottle(car: Car, throttle: number, maxWheelSpeed: number): void {
  const speed = -throttle * maxWheelSpeed;
  for (const j of car.joints) {
    if (j.motorSpeed !== speed) j.setMotorSpeed(speed);
  }
}

/** How far a wheel's anchor is off its suspension line (perpendicular to the axis), m. */
export function offLine(j: Joint): number {
  const a = j.anchorA;
  const b = j.anchorB;
  const u = j.axis;
  return Math.abs((b.x - a.x) * u.y - (b.y - a.y) * u.x);
}

/**
 * The drive inputs of a car page: → or D forward, ← or A reverse (space, s
 * and r stay the frame's), and on-screen buttons that drive while held.
 */
export class DriveInput {
  /** Which inputs are held: keys and on-screen buttons. */
  readonly held = { forward: false, back: false, buttonForward: false, buttonBack: false };

  constructor() {
    addEventListener("keydown", (e) => this.key(e, true));
    addEventListener("keyup", (e) => this.key(e, false));
    addEventListener("blur", () => {
      const h = this.held;
      h.forward = h.back = h.buttonForward = h.buttonBack = false;
    });
  }

  /** −1 reverse, 0 brake, 1 forward. */
  throttle(): number {
    const h = this.held;
    return (h.forward || h.buttonForward ? 1 : 0) - (h.back || h.buttonBack ? 1 : 0);
  }

  /** Make a toolbar button drive while it is held down (`data-test` "forward" or "reverse"). */
  holdButton(button: HTMLButtonElement, which: "buttonForward" | "buttonBack"): void {
    button.dataset.test = which === "buttonForward" ? "forward" : "reverse";
    button.addEventListener("pointerdown", () => (this.held[which] = true));
    for (const end of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(end, () => (this.held[which] = false));
  }

  private key(e: KeyboardEvent, down: boolean): void {
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
    const k = e.key.toLowerCase();
    if (k === "arrowright" || k === "d") this.held.forward = down;
    else if (k === "arrowleft" || k === "a") this.held.back = down;
    else return;
    e.preventDefault();
  }
}
