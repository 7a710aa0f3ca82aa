/**
 * The Tiled level in Phaser 4 (examples/tiled-level-phaser/) in headless
 * Chromium: Phaser's own tilemap loader reads examples/tiles/slopes.json, and
 * `addTilemapColliders` (capsule2d/phaser, from the built package) builds from
 * its TilemapLayer exactly the colliders `TileMap.fromTiled` builds from the
 * JSON (slopes flipped as Phaser read the flags, one-way tiles, merged runs);
 * the level is then played from spawn to goal with the key presses of the
 * canvas page's test, one fixed step at a time (each phase steps until its
 * condition, bounded in steps, never in wall time), and the player's game
 * object sits where the view puts the player's body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inkFraction, screenshot, startHarness, type Harness } from "./harness.js";
// Brings in the `window.__tiledPhaser` declaration.
import type {} from "../../examples/tiled-level-phaser/main.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

type Info = { x: number; y: number; grounded: boolean; onOneWay: boolean; won: boolean; falls: number; tileBodies: number; steps: number };

function stepUntil(page: Page, cond: string, max: number): Promise<Info> {
  return page.evaluate(
    ([source, limit]) => {
      const test = new Function("s", `return ${source};`) as (s: unknown) => boolean;
      const hook = window.__tiledPhaser!;
      hook.pause();
      let s = hook.info();
      for (let i = 0; i < limit && !test(s); i++) s = hook.step(1);
      return s as unknown as Info;
    },
    [cond, max] as const,
  );
}

async function frames(page: Page, n: number): Promise<void> {
  const start = await page.evaluate(() => window.__tiledPhaser!.frames);
  await page.waitForFunction((target) => window.__tiledPhaser!.frames >= target, start + n, { timeout: 15_000 });
}

describe("a Tiled level in Phaser 4", () => {
  it("builds its colliders from Phaser's layer as fromTiled does from the JSON, and is played to the goal", async () => {
    const { page, errors } = await harness.open("/tiled-level-phaser/?paused", { hook: "__tiledPhaser" });
    try {
      const { fromPhaser, fromTiled } = await page.evaluate(() => window.__tiledPhaser!.colliders());
      expect(fromPhaser.length).toBeGreaterThan(10);
      expect(fromPhaser.filter((line) => line.startsWith("polygon")).length).toBe(4); // the slope tiles
      expect(fromPhaser.some((line) => line.endsWith("oneWay"))).toBe(true);
      expect(fromPhaser).toEqual(fromTiled);

      let s = await stepUntil(page, "s.grounded", 90);
      expect(s.grounded).toBe(true);
      await frames(page, 2);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      await page.keyboard.down("ArrowRight");
      s = await stepUntil(page, "s.grounded && s.x >= 24.5", 900);
      expect(s.x).toBeGreaterThanOrEqual(24.5);
      expect(s.x).toBeLessThan(25.5);
      await page.keyboard.press("ArrowUp");
      s = await stepUntil(page, "!s.grounded && s.x >= 25.5", 120);
      await page.keyboard.up("ArrowRight");
      s = await stepUntil(page, "s.grounded", 240);
      expect(s.onOneWay).toBe(true);
      await page.keyboard.down("ArrowRight");
      s = await stepUntil(page, "s.won", 600);
      await page.keyboard.up("ArrowRight");
      expect(s.won).toBe(true);
      expect(s.falls).toBe(0);

      const p = await page.evaluate(() => window.__tiledPhaser!.player());
      expect(p.x).toBeCloseTo(p.bodyX, 6);
      expect(p.y).toBeCloseTo(p.bodyY, 6);
      await frames(page, 2);
      await screenshot(page, "demo-tiled-level-phaser");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
