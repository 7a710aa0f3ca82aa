/**
 * The draw-outline demo (examples/draw-outline/) in headless Chromium: an L
 * drawn with the mouse on empty space becomes one Compound of convex pieces
 * that falls and rests on the floor or the U; a bow tie drawn the same way
 * crosses itself and is refused, shown on the page, with no error. The page
 * is opened paused and stepped from here (steps, not the wall clock).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

type Info = Record<string, number | string | boolean>;
const info = (page: Page): Promise<Info> => page.evaluate(() => window.__demo!.info());

/** Draw `outline` (world points) with the mouse: press at the first point, move through the others (and a few between), let go. */
async function draw(page: Page, outline: { x: number; y: number }[]): Promise<void> {
  const at = (p: { x: number; y: number }) => page.evaluate((q) => window.__demo!.worldToClient(q), p);
  const first = await at(outline[0]!);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (let i = 1; i <= outline.length; i++) {
    const a = outline[i - 1]!;
    const b = outline[i % outline.length]!;
    for (let k = 1; k <= 4; k++) {
      const p = await at({ x: a.x + ((b.x - a.x) * k) / 4, y: a.y + ((b.y - a.y) * k) / 4 });
      await page.mouse.move(p.x, p.y);
    }
  }
  await page.mouse.up();
}

describe("draw-outline", () => {
  it("an L drawn with the mouse falls as one body and rests; a bow tie is refused", async () => {
    const { page, errors } = await harness.open("/draw-outline/?paused");
    try {
      const start = await info(page);
      expect(start.compounds).toBe(1); // the U drawn in advance
      expect(start.made).toBe(0);
      // an L in the air to the left of the U
      await draw(page, [
        { x: -10, y: 8 }, { x: -6, y: 8 }, { x: -6, y: 9 }, { x: -9, y: 9 }, { x: -9, y: 11 }, { x: -10, y: 11 },
      ]);
      const drawn = await info(page);
      expect(drawn.made).toBe(1);
      expect(drawn.compounds).toBe(2);
      expect(drawn.lastPieces as number).toBeGreaterThan(1);
      expect(drawn.drawing).toBe(false);
      for (let i = 0; i < 10; i++) await stepDemo(page, 30);
      const rested = await info(page);
      // on the floor (y = 0), not through it
      expect(rested.lowest as number).toBeGreaterThan(-0.05);
      expect(rested.lowest as number).toBeLessThan(0.1);

      await draw(page, [{ x: 4, y: 8 }, { x: 8, y: 11 }, { x: 8, y: 8 }, { x: 4, y: 11 }]);
      const bowtie = await info(page);
      expect(bowtie.refused).toBe(1);
      expect(bowtie.made).toBe(1);
      expect(bowtie.lastError as string).toMatch(/cross|touch/);
      await screenshot(page, "demo-draw-outline");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
