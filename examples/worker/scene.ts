/**
 * The world of the worker demo, built inside the Web Worker
 * (physics.worker.ts): a wide container with two ramps and `count` mixed
 * circles, capsules and boxes dropped from a grid. Seeded, so every start
 * builds the same world.
 */
import { Capsule, World } from "../../src/entries/capsule2d.js";
import { Random } from "../shared/random.js";
import { addContainer, randomBody } from "../shared/scenery.js";

/** What the main thread sends the worker to build the world. */
export interface SceneData {
  count: number;
  seed: number;
}

/** Half the container's width, m. */
export const HALF_WIDTH = 30;
/** The rectangle the page frames, m. */
export const VIEW = { minX: -HALF_WIDTH - 1.5, maxX: HALF_WIDTH + 1.5, minY: -1.5, maxY: 40 };

/** Build the scene. */
export function buildScene({ count, seed }: SceneData): World {
  const world = new World();
  addContainer(world, -HALF_WIDTH, HALF_WIDTH, 40);
  world.add(Capsule.fromSegment({ x: -HALF_WIDTH, y: 10 }, { x: -8, y: 5 }, 0.3, { type: "static", label: "ramp" }));
  world.add(Capsule.fromSegment({ x: HALF_WIDTH, y: 11 }, { x: 8, y: 6 }, 0.3, { type: "static", label: "ramp" }));
  const rng = new Random(seed);
  const columns = 90; // 3000 bodies: 34 rows from y = 14 to 36
  const spacing = (2 * HALF_WIDTH - 2) / columns;
  for (let i = 0; i < count; i++) {
    const x = -HALF_WIDTH + 1 + spacing * ((i % columns) + 0.5) + rng.range(-0.05, 0.05);
    const y = 14 + Math.floor(i / columns) * spacing;
    world.add(randomBody(rng, { x, y }, 0.5));
  }
  return world;
}
