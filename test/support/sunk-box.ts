/**
 * A 1 m box sunk 0.3 m into a static floor in zero gravity, for the push-out
 * tests (test/mutation-solver.test.ts, test/mutation-integrate.test.ts): how
 * far it rises in each of `steps` steps of 1/60 s.
 */
import { AABB, World, type WorldOptions } from "../../src/entries/capsule2d.js";

export function sunkBoxRises(options: WorldOptions, steps: number): number[] {
  const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false, ...options });
  world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
  const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.2 } }));
  const rises: number[] = [];
  let y = box.position.y;
  for (let i = 0; i < steps; i++) {
    world.step(1 / 60);
    rises.push(box.position.y - y);
    y = box.position.y;
    // the relax pass takes the push-out speed away again: the box does not fly off
    if (Math.abs(box.velocity.y) >= 1e-6) throw new Error(`the box kept ${box.velocity.y} m/s after step ${i + 1}`);
  }
  return rises;
}
