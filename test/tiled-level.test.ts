/**
 * The Tiled level demo (examples/tiled-level/level.ts, map
 * examples/tiles/slopes.json) in Node: the map becomes the shapes drawn
 * (slope polygons, flipped ones, one-way tiles, the object layer's ramp,
 * step, ellipses, spawn and goal), and the CharacterController, driven by
 * the scripted input the browser test uses (hold →, one jump under the
 * one-way platform, let go over it to land on it), walks up and down the slopes, over the seams and the
 * step, up the ramp, through the one-way platform onto the ledge and into
 * the goal, never stalling against a slope's foot or a seam.
 */
import { describe, expect, it } from "vitest";
import { World } from "../src/entries/capsule2d.js";
import { STEP, TiledLevel } from "../examples/tiled-level/level.js";

function play(game: TiledLevel, maxSteps: number, until: () => boolean): number {
  let n = 0;
  while (!until() && n < maxSteps) {
    game.autopilot();
    game.world.step(STEP);
    n++;
  }
  return n;
}

describe("the Tiled level demo", () => {
  it("loads every layer's shapes, with nothing the loader could not make", () => {
    const world = new World({ fixedDt: STEP });
    const game = new TiledLevel();
    game.build(world);
    world.on("beforeStep", () => game.beforeStep());
    world.on("afterStep", () => game.afterStep());
    expect(game.map.warnings).toEqual([]);
    const kinds = game.map.bodies.map((b) => b.shapes[0]!.kind);
    expect(kinds.filter((k) => k === "polygon").length).toBeGreaterThanOrEqual(4 + 1 + 1); // 4 slope tiles, the ramp, the cloud
    expect(kinds).toContain("circle"); // the boulder
    expect(game.map.bodies.some((b) => b.oneWay !== null && b.shapes[0]!.kind === "aabb")).toBe(true);
    expect(game.map.objects.map((o) => o.name)).toEqual(["player", "ramp", "step", "cloud", "boulder", "goal"]);
    expect(game.goal.isSensor).toBe(true);
    expect(game.spawn).toEqual({ x: 2, y: 2 });
  });

  it("the scripted run reaches the goal: up and down the slopes, over the step and the ramp, up through the one-way platform", () => {
    const world = new World({ fixedDt: STEP });
    const game = new TiledLevel();
    game.build(world);
    world.on("beforeStep", () => game.beforeStep());
    world.on("afterStep", () => game.afterStep());
    // up the slope onto the plateau (its top at y = 2: the capsule's centre 0.7 above)
    let maxY = 0;
    play(game, 600, () => (maxY = Math.max(maxY, game.player.position.y), game.player.position.x > 12));
    expect(game.player.position.x).toBeGreaterThan(12);
    expect(maxY).toBeGreaterThan(2.25 + 0.69); // on the step
    expect(game.longestStall).toBe(0);
    // down the flipped slope, over the ramp
    play(game, 600, () => game.player.position.x > 23.5);
    expect(game.player.position.x).toBeGreaterThan(23.5);
    expect(game.longestStall).toBe(0);
    expect(game.falls).toBe(0);
    // up through the one-way platform (its top at y = 3) and onto it
    play(game, 600, () => game.phase === 3);
    expect(game.controller.groundBody?.oneWay).toEqual({ x: 0, y: 1 });
    expect(game.player.position.y).toBeCloseTo(3 + 0.7 + 0.01, 2);
    expect(game.player.position.x).toBeLessThan(28);
    const steps = play(game, 1200, () => game.won);
    expect(game.won).toBe(true);
    expect(steps).toBeLessThan(1200);
    expect(game.player.position.y).toBeGreaterThan(3 + 0.69); // on the ledge
    expect(game.falls).toBe(0);
    expect(game.longestStall).toBe(0);
  });
});
