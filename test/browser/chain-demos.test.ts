/**
 * The chain demo pages in headless Chromium, played with key presses:
 *
 * - pinball: the plunger (↓ held, let go) launches the ball; then 12 s of
 *   play with the flipper keys (Z, M) pressed and let go by the table's
 *   `FlipperBot` reading the ball's state, and the plunger again whenever
 *   the ball is back in the lane. The ball never leaves the outer chain,
 *   never gets its centre into a flipper, stays finite; the flippers swing
 *   up when their keys are held; bumper hits, counted through contact
 *   events, make the score.
 * - hill-climb: → drives the car over the chain hills; it covers many
 *   metres, stays on its wheels, and the camera follows it.
 *
 * The pages are opened paused and stepped from here: the outcome depends
 * on steps and key presses, never on the wall clock.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { demoPages, inkFraction, screenshot, stepDemo } from "./harness.js";
import { BALL_RADIUS, FlipperBot, POINTS_PER_BUMPER, TABLE_DT } from "../../examples/pinball/table.js";

type Info = Record<string, number | string | boolean>;

const PAGES = ["pinball", "hill-climb"] as const;

const harness = demoPages("chain-demos.test.ts", PAGES);
const chromium = harness.chromium;

const info = (page: Page): Promise<Info> => page.evaluate(() => window.__demo!.info());

describe.skipIf(!chromium)("pinball", () => {
  it("the plunger launches the ball; 12 s of flipping with the keys keep it in the table, and bumper hits score", async () => {
    const { page, errors } = await harness.open("/pinball/?paused");
    try {
      await stepDemo(page, 30);
      const start = await info(page);
      expect(start.inLane).toBe(true);
      expect(start.chains).toBe(4);
      expect(start.score).toBe(0);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      // the flipper keys swing the flippers up; let go, they fall back
      await page.keyboard.down("z");
      await page.keyboard.down("m");
      await stepDemo(page, 24); // 0.2 s
      const flipped = await info(page);
      expect(flipped.leftLift as number).toBeGreaterThan(0.8);
      expect(flipped.rightLift as number).toBeGreaterThan(0.8);
      await page.keyboard.up("z");
      await page.keyboard.up("m");
      await stepDemo(page, 30);
      const down = await info(page);
      expect(down.leftLift as number).toBeLessThan(0.05);
      expect(down.rightLift as number).toBeLessThan(0.05);

      // pull the plunger for 1 s and let go: a full launch, 18 m/s up the lane
      await page.keyboard.down("ArrowDown");
      await stepDemo(page, Math.round(1 / TABLE_DT));
      expect((await info(page)).charge as number).toBeGreaterThan(0.9);
      await page.keyboard.up("ArrowDown");
      await stepDemo(page, 1);
      const launched = await info(page);
      expect(launched.launches).toBe(1);
      expect(launched.ballVy as number).toBeGreaterThan(15);

      // 12 s of play, 4 steps at a time
      const bot = new FlipperBot();
      const held = { z: false, m: false };
      const press = async (k: "z" | "m", on: boolean) => {
        if (held[k] === on) return;
        held[k] = on;
        if (on) await page.keyboard.down(k);
        else await page.keyboard.up(k);
      };
      let pulling = 0;
      let maxLift = 0;
      for (let steps = 0; steps < 12 / TABLE_DT; steps += 4) {
        const s = await info(page);
        let want = { left: false, right: false };
        for (let k = 0; k < 4; k++) want = { ...bot.decide(s.ballX as number, s.ballY as number, s.ballVy as number) };
        await press("z", want.left);
        await press("m", want.right);
        if (s.inLane && pulling === 0) {
          await page.keyboard.down("ArrowDown");
          pulling = 1;
        } else if (pulling > 0 && ++pulling > 15) {
          await page.keyboard.up("ArrowDown");
          pulling = 0;
        }
        maxLift = Math.max(maxLift, s.leftLift as number, s.rightLift as number);
        await stepDemo(page, 4);
      }
      await press("z", false);
      await press("m", false);
      const end = await info(page);
      expect(end.escapes).toBe(0);
      expect(end.nonFinite).toBe(0);
      expect(end.deepestIntoFlipper as number).toBeLessThan(BALL_RADIUS);
      expect(Number.isFinite(end.ballX as number) && Number.isFinite(end.ballY as number)).toBe(true);
      expect(maxLift).toBeGreaterThan(0.8);
      expect(end.bumperHits as number).toBeGreaterThan(0);
      expect(end.score).toBe((end.bumperHits as number) * POINTS_PER_BUMPER);
      expect(end.launches as number).toBeGreaterThanOrEqual(1);
      await screenshot(page, "demo-pinball");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe.skipIf(!chromium)("hill-climb", () => {
  it("→ drives the car over the chain hills: tens of metres, upright, on its wheels, the camera following", async () => {
    const { page, errors } = await harness.open("/hill-climb/?paused");
    try {
      await stepDemo(page, 60); // settle on the suspension
      const start = await info(page);
      expect(start.chainPoints).toBe(1263);
      expect(Math.abs(start.speed as number)).toBeLessThan(0.05);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      await page.keyboard.down("ArrowRight");
      let worstTilt = 0;
      let lowest = Infinity;
      for (let i = 0; i < 60; i++) {
        await stepDemo(page, 10);
        const s = await info(page);
        worstTilt = Math.max(worstTilt, Math.abs(s.angle as number));
        lowest = Math.min(lowest, s.aboveGround as number);
      }
      await page.keyboard.up("ArrowRight");
      const driven = await info(page);
      // 10 s up and down hills at up to 10 m/s: far past the first hills (measured 93 m)
      expect(driven.distance as number).toBeGreaterThan(60);
      expect(driven.best as number).toBeGreaterThanOrEqual(driven.distance as number);
      // upright all the way (never past 60°), the chassis never down on the ground (its radius is 0.3 m)
      expect(worstTilt).toBeLessThan(Math.PI / 3);
      expect(lowest).toBeGreaterThan(0.3);
      expect(driven.jointsActive).toBe(true);
      expect(driven.wheelOffLine as number).toBeLessThan(0.01);
      // the camera is on the car (3 m ahead of it)
      expect(Math.abs((driven.cameraX as number) - (driven.x as number) - 3)).toBeLessThan(0.5);
      await screenshot(page, "demo-hill-climb");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
