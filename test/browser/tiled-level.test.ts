/**
 * The Tiled level page (examples/tiled-level/) played in headless Chromium
 * from the spawn point to the goal with key presses, one fixed step at a
 * time: → held up the slope tiles and down the flipped ones, over the step
 * and the ramp; ↑ once under the one-way platform; → let go in the air over
 * it, so the player lands on it; → again over its seam with the ledge into
 * the goal sensor. Each phase steps until its condition holds (a bound on
 * the steps, never on wall time); the player never stalls against a slope's
 * foot or a seam (the game counts steps pressed on the ground without
 * moving) and never falls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inkFraction, screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

type Info = { x: number; y: number; grounded: boolean; onOneWay: boolean; won: boolean; falls: number; longestStall: number; warnings: number; steps: number };

/**
 * Step until `cond` (a function of the page's facts, as source) holds, at
 * most `max` steps, in one evaluation; returns the facts then.
 */
function stepUntil(page: Page, cond: string, max: number): Promise<Info> {
  return page.evaluate(
    ([source, limit]) => {
      const test = new Function("s", `return ${source};`) as (s: unknown) => boolean;
      const demo = window.__demo!;
      let s = demo.info();
      for (let i = 0; i < limit && !test(s); i++) {
        demo.step(1);
        s = demo.info();
      }
      return s as unknown as Info;
    },
    [cond, max] as const,
  );
}

describe("a Tiled level", () => {
  it("is played from the spawn point to the goal with key presses", async () => {
    const { page, errors } = await harness.open("/tiled-level/?paused");
    try {
      await stepDemo(page, 30);
      let s = await stepUntil(page, "s.grounded", 60);
      expect(s.grounded).toBe(true);
      expect(s.warnings).toBe(0);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      await page.keyboard.down("ArrowRight");
      s = await stepUntil(page, "s.grounded && s.x >= 24.5", 900);
      expect(s.x).toBeGreaterThanOrEqual(24.5);
      expect(s.x).toBeLessThan(25.5);
      expect(s.y).toBeLessThan(1.8); // on the ground under the one-way platform
      expect(s.longestStall).toBe(0);
      await page.keyboard.press("ArrowUp");
      s = await stepUntil(page, "!s.grounded && s.x >= 25.5", 120);
      expect(s.grounded).toBe(false);
      await page.keyboard.up("ArrowRight");
      s = await stepUntil(page, "s.grounded", 240);
      expect(s.onOneWay).toBe(true); // jumped up through it, standing on it
      expect(s.y).toBeGreaterThan(3.6);
      await page.keyboard.down("ArrowRight");
      s = await stepUntil(page, "s.won", 600);
      await page.keyboard.up("ArrowRight");
      expect(s.won).toBe(true);
      expect(s.falls).toBe(0);
      expect(s.longestStall).toBe(0);
      await stepDemo(page, 2);
      await screenshot(page, "demo-tiled-level");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
