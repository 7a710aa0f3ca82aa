// A job module for test/batch.test.ts, run by capsule2d/batch in worker threads
// (plain Node, the built package): a small mixed pile from a seed, stepped, its hash.
// `fail: true` in the params makes the job throw; `exit: true` ends its worker thread (a crash).
import { AABB, Capsule, Circle, World } from "capsule2d";
import { mulberry32 } from "../../examples/node/random.mjs";

/** A pile of `bodies` mixed bodies in a box from `seed`, stepped `steps` times. */
export default function job({ seed, bodies = 12, steps = 90, fail = false, exit = false }) {
  if (fail) throw new RangeError(`job with seed ${seed} was asked to fail`);
  if (exit) process.exit(3);
  const r = mulberry32(seed);
  const world = new World();
  world.add(AABB.fromBounds({ x: -4, y: -1 }, { x: 4, y: 0 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: -5, y: 0 }, { x: -4, y: 8 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: 4, y: 0 }, { x: 5, y: 8 }, { type: "static" }));
  for (let i = 0; i < bodies; i++) {
    const position = { x: -3 + (i % 6) + r() * 0.3, y: 1 + Math.floor(i / 6) * 0.9 + r() * 0.3 };
    const k = r();
    if (k < 0.4) world.add(new Circle({ position, radius: 0.2 + r() * 0.2 }));
    else if (k < 0.8) world.add(new Capsule({ position, radius: 0.15, halfLength: 0.1 + r() * 0.2, angle: r() * 3 }));
    else world.add(new AABB({ position, halfWidth: 0.2 + r() * 0.1, halfHeight: 0.15 + r() * 0.1 }));
  }
  for (let i = 0; i < steps; i++) world.step(1 / 60);
  return { seed, hash: world.stateHash(), stepCount: world.stepCount, y: world.bodies.map((b) => b.position.y) };
}
