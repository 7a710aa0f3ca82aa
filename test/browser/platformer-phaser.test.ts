/**
 * The Phaser 4 platformer (examples/platformer-phaser/) in headless
 * Chromium: it loads without console errors, Phaser draws the level on its
 * canvas, and → held for a counted number of fixed steps moves the player
 * and the camera follows (its scroll grows with the player's x); the
 * player's game object sits at the body's pose interpolated at the alpha it
 * is given, in pixels with y flipped. Stepping
 * goes through `window.__phaserDemo`; nothing is timed with the wall clock
 * (waiting for Phaser to render a frame is waiting, never an assertion).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inkFraction, screenshot, startHarness, type Harness } from "./harness.js";
// Brings in the `window.__phaserDemo` declaration.
import type {} from "../../examples/platformer-phaser/main.js";

const RUN_SPEED = 5;
const DT = 1 / 60;
const PIXELS_PER_METRE = 40;
const LEVEL_HEIGHT = 12; // examples/tiles/platformer.json: 12 rows of 1 m tiles, the bottom at y = 0

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

type Info = { x: number; y: number; grounded: boolean; direction: number; steps: number; scrollX: number; scrollY: number };

/** Pause, take `n` fixed steps, read the game. */
async function step(page: Page, n: number): Promise<Info> {
  return page.evaluate((count) => {
    const demo = window.__phaserDemo!;
    demo.pause();
    demo.step(count);
    return demo.info() as unknown as Info;
  }, n);
}

/** Wait until Phaser has rendered `n` more frames (so the canvas shows the latest sync). */
async function frames(page: Page, n: number): Promise<void> {
  const start = await page.evaluate(() => window.__phaserDemo!.frames);
  await page.waitForFunction((target) => window.__phaserDemo!.frames >= target, start + n, { timeout: 15_000 });
}

describe("platformer rendered by Phaser 4", () => {
  it("loads, draws, and → moves the player with the camera following", async () => {
    const { page, errors } = await harness.open("/platformer-phaser/?paused", { hook: "__phaserDemo" });
    try {
      let s = await step(page, 10);
      expect(s.grounded).toBe(true);
      await frames(page, 2);
      expect(await page.evaluate(() => window.__phaserDemo!.renderer)).toBe("canvas");
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      const start = s;

      await page.keyboard.down("ArrowRight");
      s = await step(page, 30);
      expect(s.direction).toBe(1);
      expect(s.x - start.x).toBeCloseTo(30 * RUN_SPEED * DT, 6);

      // the adapter: metres to pixels with y flipped, the pose interpolated between the last two steps
      const last = await step(page, 1);
      const at = (alpha: number) => page.evaluate((a) => window.__phaserDemo!.syncAt(a), alpha);
      const [p0, pHalf, p1] = [await at(0), await at(0.5), await at(1)];
      expect(p1.x).toBeCloseTo(last.x * PIXELS_PER_METRE, 6);
      expect(p1.y).toBeCloseTo((LEVEL_HEIGHT - last.y) * PIXELS_PER_METRE, 6);
      expect(p1.x - p0.x).toBeCloseTo(RUN_SPEED * DT * PIXELS_PER_METRE, 6);
      expect(pHalf.x).toBeCloseTo((p0.x + p1.x) / 2, 6);
      s = last;

      // run on until the camera has left the level's left edge, then it follows the player pixel for pixel
      let n = 0;
      while (s.scrollX <= 0 && n < 600) {
        s = await step(page, 1);
        n++;
      }
      expect(s.scrollX).toBeGreaterThan(0);
      const before = s;
      s = await step(page, 20);
      await page.keyboard.up("ArrowRight");
      expect(s.x).toBeGreaterThan(before.x + 1);
      expect(s.scrollX - before.scrollX).toBeCloseTo((s.x - before.x) * PIXELS_PER_METRE, 3);
      await frames(page, 2);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      await screenshot(page, "demo-platformer-phaser");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
