/**
 * The rollback demo's game, free of the DOM (the netcode and its Node test
 * use it too): an arena with two players and a few things to push around,
 * and how a frame's inputs move the players.
 *
 * Everything here is a function of the world and the inputs only, with
 * deterministic math (+ − × ÷ and the engine's own queries), so every peer
 * that applies the same inputs to the same world gets the same bits.
 */
import { AABB, Capsule, Circle, World, type Body } from "../../src/entries/capsule2d.js";
import { bodyById } from "../../src/entries/replay.js";
import { Random } from "../shared/random.js";

/** The step every world of the demo takes, s. */
export const DT = 1 / 60;

/** Input bits: one number per player per frame. */
export const LEFT = 1;
export const RIGHT = 2;
export const JUMP = 4;

/** Running speed the players accelerate towards, m/s. */
const RUN_SPEED = 5;
/** How quickly the run speed is reached (1/s): the horizontal force is mass · RUN_GAIN · (target − vx). */
const RUN_GAIN = 12;
/** Jump: an upward speed change, m/s. */
const JUMP_SPEED = 6;

/** The arena, 16 m wide: x from 0 to 16, floor at y = 0. */
export const ARENA = { minX: -0.5, minY: -0.5, maxX: 16.5, maxY: 9 };

/** A fresh world holding the arena; `players` are the ids of the two player bodies. */
export function buildArena(): { world: World; players: [number, number] } {
  const world = new World({ fixedDt: DT });
  const wall = { type: "static" as const, label: "wall" };
  world.add(AABB.fromBounds({ x: -1, y: -1 }, { x: 17, y: 0 }, wall));
  world.add(AABB.fromBounds({ x: -1, y: 0 }, { x: 0, y: 9 }, wall));
  world.add(AABB.fromBounds({ x: 16, y: 0 }, { x: 17, y: 9 }, wall));
  world.add(AABB.fromBounds({ x: 6.5, y: 3 }, { x: 9.5, y: 3.3 }, { ...wall, label: "ledge" }));
  const player = { radius: 0.3, halfLength: 0.25, angle: Math.PI / 2, fixedRotation: true, friction: 0.2 };
  const p1 = world.add(new Capsule({ ...player, position: { x: 3, y: 0.9 }, label: "player 1" }));
  const p2 = world.add(new Capsule({ ...player, position: { x: 13, y: 0.9 }, label: "player 2" }));
  // things to push: a ball, crates, a seesaw on a hinge
  world.add(new Circle({ position: { x: 8, y: 4 }, radius: 0.45, density: 0.3, restitution: 0.4, label: "ball" }));
  const rng = new Random(7);
  for (let i = 0; i < 6; i++) {
    const x = i < 3 ? 5 + i * 0.1 : 11 - (i - 3) * 0.1;
    const s = rng.range(0.25, 0.4);
    world.add(new AABB({ position: { x, y: 0.4 + (i % 3) * 0.85 }, halfWidth: s, halfHeight: s, density: 0.5, label: "crate" }));
  }
  const pivot = world.add(new Circle({ type: "static", position: { x: 8, y: 0.6 }, radius: 0.1, label: "pivot" }));
  const plank = world.add(new Capsule({ position: { x: 8, y: 0.8 }, halfLength: 1.6, radius: 0.08, density: 0.5, label: "seesaw" }));
  world.addJoint({ type: "revolute", bodyA: pivot, bodyB: plank, anchor: { x: 8, y: 0.8 }, enableLimit: true, lowerAngle: -0.4, upperAngle: 0.4 });
  return { world, players: [p1.id, p2.id] };
}

/** The player body with this id in `world` (worlds rebuilt by a rollback hold new objects with the same ids). */
export function playerBody(world: World, id: number): Body {
  const b = bodyById(world, id);
  if (b === null) throw new RangeError(`player body #${id} is not in the world`);
  return b;
}

/**
 * Apply one frame's inputs (`inputs[i]` for player `i`) before the step:
 * run towards ±RUN_SPEED with a force, jump (a speed change) when standing
 * on something and not already rising.
 */
export function applyInputs(world: World, players: readonly number[], inputs: readonly number[]): void {
  for (let i = 0; i < players.length; i++) {
    const input = inputs[i] ?? 0;
    const body = playerBody(world, players[i]!);
    const dir = (input & RIGHT ? 1 : 0) - (input & LEFT ? 1 : 0);
    const vx = body.velocity.x;
    if (dir !== 0 || vx !== 0) body.applyForce({ x: body.mass * RUN_GAIN * (dir * RUN_SPEED - vx), y: 0 });
    if (input & JUMP && body.velocity.y < 0.5 && world.groundContactOf(body) !== null) {
      body.applyImpulse({ x: 0, y: body.mass * JUMP_SPEED });
    }
  }
}

/** A world that never rolled back: the arena stepped once per frame with these inputs (frame 1 first). */
export function uninterrupted(inputs: readonly (readonly number[])[]): World {
  const { world, players } = buildArena();
  for (const input of inputs) {
    applyInputs(world, players, input);
    world.step(DT);
  }
  return world;
}

/**
 * A scripted player: a new choice every 20 frames (run left, right or
 * stand; jump now and then), the same for the same frame and seed.
 */
export function botInput(frame: number, seed: number): number {
  const rng = new Random((Math.floor(frame / 20) + 1) * 7919 + seed);
  const r = rng.next();
  let input = r < 0.4 ? LEFT : r < 0.8 ? RIGHT : 0;
  if (rng.next() < 0.35 && frame % 20 < 8) input |= JUMP;
  return input;
}
