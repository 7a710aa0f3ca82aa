/**
 * The demo pages of turning boxes and polygons in headless Chromium: each
 * loads without errors, draws, and does what it says — the slingshot's
 * tower falls after a scripted pull and release of the ball, the double
 * domino falls all the way, the card house and the arch stand. The pages
 * are opened paused and stepped from here, so the outcome depends on steps,
 * never on the wall clock; each waits for its condition by stepping in
 * chunks, up to a step budget.
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

type Info = Record<string, number | string | boolean>;

const info = (page: Page): Promise<Info> => page.evaluate(() => window.__demo!.info());

/** Step in chunks of 30 until `done(info)` or `maxSteps`; returns the last info and the steps taken. */
async function stepUntil(page: Page, done: (i: Info) => boolean, maxSteps: number): Promise<{ info: Info; steps: number }> {
  let steps = 0;
  let i = await info(page);
  while (!done(i) && steps < maxSteps) {
    await stepDemo(page, 30);
    steps += 30;
    i = await info(page);
  }
  return { info: i, steps };
}

describe("slingshot", () => {
  it("a pull and release of the ball launches it and the tower topples: most blocks turn, none stays high", async () => {
    const { page, errors } = await harness.open("/slingshot/?paused");
    try {
      const start = await info(page);
      expect(start.blocks).toBe(28);
      expect(start.launched).toBe(0);
      await stepDemo(page, 30); // the tower settles
      expect((await info(page)).turned).toBe(0);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      // press on the ball in the sling, pull it 3 m back (left, level), let go: 25 m/s to the right
      const sling = { x: start.slingX as number, y: start.slingY as number };
      const at = await page.evaluate((p) => window.__demo!.worldToClient(p), sling);
      const back = await page.evaluate((p) => window.__demo!.worldToClient({ x: p.x - 3, y: p.y }), sling);
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      expect((await info(page)).aiming).toBe(true);
      for (let k = 1; k <= 5; k++) await page.mouse.move(at.x + ((back.x - at.x) * k) / 5, at.y);
      await page.mouse.up();
      const shot = await info(page);
      expect(shot.launched).toBe(1);
      expect(shot.aiming).toBe(false);
      // the mouse went to the sling, not to the body dragger
      expect(await page.evaluate(() => window.__demo!.dragging())).toBeNull();

      const height = start.towerHeight as number;
      const { info: end } = await stepUntil(page, (i) => (i.turned as number) >= 20 && (i.topCenter as number) < height / 3, 900);
      expect(end.turned).toBeGreaterThanOrEqual(20);
      expect(end.topCenter).toBeLessThan(height / 3);
      await screenshot(page, "demo-slingshot");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("dominoes and a card house", () => {
  it("the double domino falls all the way: all 15 down", async () => {
    const { page, errors } = await harness.open("/dominoes/?paused");
    try {
      expect((await info(page)).down).toBe(0);
      const { info: end } = await stepUntil(page, (i) => i.down === 15, 900);
      expect(end.scene).toBe("double-domino");
      expect(end.down).toBe(15);
      expect(await inkFraction(page)).toBeGreaterThan(0.005);
      await screenshot(page, "demo-dominoes");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the card house stands: all 40 cards fall asleep with the top storey still 1.6 m up, none down but the flat ones", async () => {
    const { page, errors } = await harness.open("/dominoes/?paused&scene=card-house");
    try {
      const start = await info(page);
      expect(start.scene).toBe("card-house");
      expect(start.bodies).toBe(40);
      const flat = start.down as number; // the flat cards lie at 90°
      const { info: end } = await stepUntil(page, (i) => i.asleep === 40, 600);
      expect(end.asleep).toBe(40);
      expect(end.down).toBe(flat);
      expect(end.topCenter).toBeGreaterThan(1.6);
      await screenshot(page, "demo-card-house");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("arch", () => {
  it("stands: every stone and box falls asleep, none turned over, the keystone 0.28–0.33 m down (Box2D v3: 0.30 m)", async () => {
    const { page, errors } = await harness.open("/arch/?paused");
    try {
      const { info: end } = await stepUntil(page, (i) => i.asleep === i.bodies, 600);
      expect(end.bodies).toBe(21);
      expect(end.asleep).toBe(21);
      expect(end.down).toBe(0);
      expect(end.keystoneSink).toBeGreaterThan(0.28);
      expect(end.keystoneSink).toBeLessThan(0.33);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      await screenshot(page, "demo-arch");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
