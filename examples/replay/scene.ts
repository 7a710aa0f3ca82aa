/**
 * The replay page's scene and its one kind of input, free of the DOM (the
 * page's session and the tests use them).
 *
 * A box holding circles, capsules and boxes dropped from a grid (apart, so
 * nothing touches until the first row lands), a two-link pendulum on
 * revolute joints, a ball on a rope (a distance joint) and a welded pair.
 * The input is a kick: an impulse on a body at a point, recorded with
 * `recorder.input(kick)` before it is applied, so a run can be made again
 * from its inputs alone (twin.ts).
 */
import { AABB, Capsule, Circle, World, type Body, type Vec2 } from "../../src/entries/capsule2d.js";
import { bodyById } from "../../src/entries/replay.js";
import { Random } from "../shared/random.js";

/** The step the page takes, s. */
export const DT = 1 / 60;

/** The world rectangle the page frames. */
export const VIEW = { minX: -8.5, minY: -0.5, maxX: 8.5, maxY: 12 };

/** A kick: impulse (`ix`, `iy`, N·s) on body `body` at the world point (`px`, `py`). Plain data, so it can be recorded. */
export interface Kick {
  body: number;
  ix: number;
  iy: number;
  px: number;
  py: number;
}

/** First step the autopilot kicks at, and every how many steps after. */
export const AUTOPILOT_FIRST = 12;
export const AUTOPILOT_EVERY = 40;

/** A fresh world holding the scene. */
export function buildScene(): World {
  const world = new World({ fixedDt: DT });
  const wall = { type: "static" as const, label: "wall" };
  world.add(AABB.fromBounds({ x: -8, y: -1 }, { x: 8, y: 0 }, wall));
  world.add(AABB.fromBounds({ x: -9, y: 0 }, { x: -8, y: 11 }, wall));
  world.add(AABB.fromBounds({ x: 8, y: 0 }, { x: 9, y: 11 }, wall));
  world.add(new Capsule({ type: "static", position: { x: 3.5, y: 3 }, halfLength: 1.2, radius: 0.12, angle: -0.35, label: "ramp" }));

  const rng = new Random(11);
  const kinds = ["circle", "capsule", "box"] as const;
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 8; col++) {
      const position = { x: -5.6 + col * 1.3 + (row % 2) * 0.4, y: 4.5 + row * 1.3 };
      const kind = kinds[(row * 8 + col) % 3]!;
      const o = { position, friction: rng.range(0.3, 0.8), restitution: rng.range(0, 0.3), label: kind };
      if (kind === "circle") world.add(new Circle({ ...o, radius: rng.range(0.22, 0.4) }));
      else if (kind === "capsule") world.add(new Capsule({ ...o, radius: rng.range(0.12, 0.2), halfLength: rng.range(0.2, 0.35), angle: rng.range(-1.5, 1.5) }));
      else world.add(new AABB({ ...o, halfWidth: rng.range(0.2, 0.35), halfHeight: rng.range(0.2, 0.35) }));
    }
  }

  // a two-link pendulum hanging from a pin, released from the side
  const pin = world.add(new Circle({ type: "static", position: { x: -4, y: 10.5 }, radius: 0.1, label: "pin" }));
  const link1 = world.add(new Capsule({ position: { x: -3.25, y: 10.5 }, halfLength: 0.75, radius: 0.1, label: "pendulum" }));
  const link2 = world.add(new Capsule({ position: { x: -1.75, y: 10.5 }, halfLength: 0.75, radius: 0.1, label: "pendulum" }));
  world.addJoint({ type: "revolute", bodyA: pin, bodyB: link1, anchor: { x: -4, y: 10.5 } });
  world.addJoint({ type: "revolute", bodyA: link1, bodyB: link2, anchor: { x: -2.5, y: 10.5 } });
  // a ball on a rope
  const hook = world.add(new Circle({ type: "static", position: { x: 4.5, y: 10.5 }, radius: 0.1, label: "hook" }));
  const ball = world.add(new Circle({ position: { x: 6.3, y: 9.8 }, radius: 0.35, density: 2, label: "ball on a rope" }));
  world.addJoint({ type: "distance", bodyA: hook, bodyB: ball, anchorA: hook.position, anchorB: ball.position, minLength: 0 });
  // a welded pair: a box with a capsule fin
  const box = world.add(new AABB({ position: { x: 1.5, y: 8.5 }, halfWidth: 0.35, halfHeight: 0.35, label: "welded" }));
  const fin = world.add(new Capsule({ position: { x: 2.25, y: 8.5 }, halfLength: 0.4, radius: 0.1, label: "welded" }));
  world.addJoint({ type: "weld", bodyA: box, bodyB: fin, anchor: { x: 1.85, y: 8.5 } });
  return world;
}

/** Apply a kick to the world (throws a RangeError if its body is not there). */
export function applyKick(world: World, kick: Kick): void {
  const body = bodyById(world, kick.body);
  if (body === null) throw new RangeError(`kick.body: body #${kick.body} is not in the world`);
  body.applyImpulse({ x: kick.ix, y: kick.iy }, { x: kick.px, y: kick.py });
}

/** Read a recorded input back as a kick (a recording made elsewhere may hold anything). */
export function asKick(value: unknown): Kick {
  const k = value as Partial<Kick> | null;
  if (k === null || typeof k !== "object" || !["body", "ix", "iy", "px", "py"].every((f) => typeof (k as Record<string, unknown>)[f] === "number")) {
    throw new TypeError(`recorded input ${JSON.stringify(value)} is not a kick of this page`);
  }
  return k as Kick;
}

/** The kick a click at `point` on `body` gives: up, and away from the click, with a spin from where it lands. */
export function clickKick(body: Body, point: Vec2): Kick {
  const p = body.position;
  const m = body.mass;
  return { body: body.id, ix: m * 4 * (p.x - point.x), iy: m * 5, px: point.x, py: point.y };
}

/**
 * The autopilot's kick before step `step`, or null: at AUTOPILOT_FIRST and
 * every AUTOPILOT_EVERY steps after, a loose dynamic body (one without
 * joints), picked by a generator seeded with the step, is kicked up.
 */
export function autopilotKick(world: World, step: number): Kick | null {
  if (step < AUTOPILOT_FIRST || (step - AUTOPILOT_FIRST) % AUTOPILOT_EVERY !== 0) return null;
  const loose = world.bodies.filter((b) => b.isDynamic && b.joints.length === 0);
  if (loose.length === 0) return null;
  const rng = new Random(step);
  const body = loose[rng.int(loose.length)]!;
  const m = body.mass;
  const p = body.position;
  return { body: body.id, ix: m * rng.range(-3, 3), iy: m * rng.range(3, 6), px: p.x + rng.range(-0.1, 0.1), py: p.y };
}
