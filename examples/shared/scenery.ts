/** Scene pieces several demos use: a static container and random mixed bodies. */
import { AABB, Capsule, Circle, type Body, type BodyOptions, type Vec2, type World } from "../../src/entries/capsule2d.js";
import type { Random } from "./random.js";

/** Static ground from x = minX to maxX (top at y = 0) and, if `wallHeight` > 0, side walls. */
export function addContainer(world: World, minX: number, maxX: number, wallHeight: number, thickness = 1): void {
  const options: BodyOptions = { type: "static", label: "container" };
  world.add(AABB.fromBounds({ x: minX - thickness, y: -thickness }, { x: maxX + thickness, y: 0 }, options));
  if (wallHeight > 0) {
    world.add(AABB.fromBounds({ x: minX - thickness, y: 0 }, { x: minX, y: wallHeight }, options));
    world.add(AABB.fromBounds({ x: maxX, y: 0 }, { x: maxX + thickness, y: wallHeight }, options));
  }
}

/**
 * A circle, capsule or box (one in three each) about `size` metres across,
 * with a random angle. `size` 0.5 gives bodies of 0.3–0.6 m.
 */
export function randomBody(rng: Random, position: Vec2, size = 0.5, options: BodyOptions = {}): Body {
  const s = size * rng.range(0.6, 1.2);
  const angle = rng.range(-Math.PI, Math.PI);
  switch (rng.int(3)) {
    case 0:
      return new Circle({ ...options, position, radius: s / 2 });
    case 1:
      return new Capsule({ ...options, position, angle, radius: s / 4, halfLength: s / 3 });
    default:
      return new AABB({ ...options, position, halfWidth: s / 2, halfHeight: (s / 2) * rng.range(0.6, 1.2) });
  }
}
