/**
 * The hill-climb page's ground: one static `Chain` of 1,263 points, 0.5 m
 * apart, over 630 m of rolling hills that grow taller and steeper along the
 * way (slopes up to about 28° at 70 m, about 45° near the end), between a
 * wall at each end. Plain functions, so the terrain reads (and runs
 * headless) on its own.
 *
 * The points are listed right to left: a chain segment collides on the
 * right of its direction, so a ground drawn right to left is solid from
 * above (drawn left to right, the car would fall through it and land on
 * nothing). The car drives across the chain's 1,262 segments as across one
 * surface: at every inner vertex the segments' ghost vertices make the
 * wheels get the surface's normal, never a corner's (no ghost bumps).
 */
import { Chain, type Vec2 } from "../../src/entries/capsule2d.js";

export const TRACK_START = -20;
export const TRACK_END = 610;
export const SPACING = 0.5;
/** The flat start, before the hills begin. */
export const FLAT_UNTIL = 10;
export const WALL_HEIGHT = 10;

/** The ground's height at x, m. */
export function groundHeight(x: number): number {
  if (x <= FLAT_UNTIL) return 0;
  const d = x - FLAT_UNTIL;
  const grow = Math.min(1, d / 60) * (1 + d / 600);
  return grow * (2.2 * Math.sin(d / 11) + 1.2 * Math.sin(d / 4.3 + 0.7));
}

/** The chain's points, right to left (solid side up), walls at both ends. */
export function terrainPoints(): Vec2[] {
  const points: Vec2[] = [];
  const n = Math.round((TRACK_END - TRACK_START) / SPACING);
  for (let i = 0; i <= n; i++) {
    const x = TRACK_START + i * SPACING;
    points.push({ x, y: groundHeight(x) });
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  points.unshift({ x: first.x, y: first.y + WALL_HEIGHT });
  points.push({ x: last.x, y: last.y + WALL_HEIGHT });
  return points.reverse();
}

/** The ground as one static chain. */
export function terrain(): Chain {
  return new Chain({ points: terrainPoints(), type: "static", friction: 0.9, label: "ground" });
}
