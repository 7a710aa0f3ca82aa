/**
 * A bug found by the bench's chain_terrain scene (issue 31): a box (a
 * polygon) penetrating a gently convex chain on a slope got no contact from
 * any of the segments under it, and fell through.
 *
 * Where chain_terrain's vertices each turn by a little more than CONVEX_SIN
 * (0.011–0.015 rad between 1/6 m segments), each is convex with a wedge
 * that narrow. The
 * two-sided pair's normal for a box lying level on a 14° slope is the box's
 * own face normal, (0, 1): 0.24 rad past each segment's wedge, on the side
 * of its neighbour, so each segment classified it SKIP ("the neighbour makes
 * it"), and no segment the box touched made it. In chain_terrain this let
 * one box in a thousand sink through the hills within a second (bench
 * sanity: "1 below the terrain"); Box2D v3, v2.4 and planck held every
 * body there. Now a SKIP whose contact point lies over the segment itself
 * (strictly between its ends) is that segment's face contact
 * (chain-segment.ts, overSegment).
 */
import { describe, expect, it } from "vitest";
import { Box, Chain, World, type Vec2 } from "../src/entries/capsule2d.js";
import { terrainHeight } from "../bench/scenes.mjs";

describe("a level box 0.1 m into chain_terrain's hills, where they slope by 14°", () => {
  // six points of chain_terrain (1/6 m apart, right to left) around x = −159.9: heights 3.559 … 3.754; the three
  // vertices under the box (x = −159.83, −160, −160.17) turn by 0.011–0.015 rad, a little more than CONVEX_SIN
  // (0.01): convex, their wedges that narrow
  const points: Vec2[] = [];
  for (let i = 0; i <= 2400; i++) {
    const x = 200 - i / 6;
    if (Math.abs(x + 159.9) <= 0.5) points.push({ x, y: terrainHeight(x, 400) });
  }

  it("has the geometry the comment says", () => {
    expect(points).toHaveLength(6);
    let under = 0;
    for (let i = 1; i + 1 < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const d = points[i + 1]!;
      if (Math.abs(b.x + 159.95) > 0.255) continue;
      under++;
      // turning towards the solid side's back (a hill top): the cross product of the two directions, their sin
      const e1 = { x: b.x - a.x, y: b.y - a.y };
      const e2 = { x: d.x - b.x, y: d.y - b.y };
      const sin = (e1.x * e2.y - e1.y * e2.x) / (Math.hypot(e1.x, e1.y) * Math.hypot(e2.x, e2.y));
      expect(sin).toBeGreaterThan(0.01);
      expect(sin).toBeLessThan(0.016);
    }
    expect(under).toBe(3);
  });

  it("is pushed out by the chain (it used to get no contact at all)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(new Chain({ type: "static", points }));
    // level, centred at x = −159.95 where the ground is at 3.669: its bottom face (3.80 − 0.234) 0.1 m below it
    const box = new Box({ position: { x: -159.95, y: 3.8 }, halfWidth: 0.255, halfHeight: 0.234 });
    world.add(box);
    world.step(1 / 60);
    world.step(1 / 60);
    expect(world.contactsOf(box).length).toBeGreaterThan(0);
    expect(box.velocity.y).toBeGreaterThan(0);
  });
});
