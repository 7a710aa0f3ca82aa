/**
 * The joint demo pages (bridge, car, cradle) in headless Chromium: each loads
 * without console errors, draws, advances when stepped, and a body can be
 * dragged with the mouse; then each does what it claims, checked through
 * `window.__demo` (paused, stepped a fixed number of times: deterministic,
 * never timed):
 *
 * - bridge: the planks hold the loads dropped on them (the initial ones and
 *   one dropped by a click) with every joint's anchors less than 2 cm apart,
 *   with revolute hinges and with soft welds;
 * - car: driven forward with the → key it covers many metres and stays on its
 *   wheels; the on-screen reverse button drives it back; the suspension slider
 *   reaches the wheel joints;
 * - cradle: the pulled ball stops at the row and the ball at the far end
 *   leaves at its speed while the middle ones stay still (two pulled: two
 *   leave).
 *
 * Screenshots go to test-results/joint-demo-*.png.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { demoPages, inkFraction, screenshot, stepDemo } from "./harness.js";

const PAGES = ["bridge", "car", "cradle"] as const;

type Info = Record<string, number | string | boolean>;

const harness = demoPages("joint-demos.test.ts", PAGES);
const chromium = harness.chromium;

async function info(page: Page): Promise<Info> {
  return page.evaluate(() => window.__demo!.info());
}

/**
 * Grab the page's drag candidate, move the pointer (dx, dy) screen pixels
 * away, hold it there for `steps` fixed steps and let go. Returns the body's
 * displacement in world metres.
 */
async function dragBy(page: Page, dx: number, dy: number, steps: number): Promise<{ dx: number; dy: number }> {
  await page.evaluate(() => window.__demo!.pause());
  const target = await page.evaluate(() => window.__demo!.dragCandidate());
  if (!target) throw new Error("the page offered no body to drag");
  const before = (await page.evaluate((id) => window.__demo!.bodyState(id), target.id))!;
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(target.x + (dx * i) / 5, target.y + (dy * i) / 5);
  expect(await page.evaluate(() => window.__demo!.dragging())).toBe(target.id);
  await stepDemo(page, steps);
  await page.mouse.up();
  const after = (await page.evaluate((id) => window.__demo!.bodyState(id), target.id))!;
  return { dx: after.x - before.x, dy: after.y - before.y };
}

/** Choose `value` in the toolbar select labelled `label` (the page resets if the control says so). */
async function choose(page: Page, label: string, value: string): Promise<void> {
  await page.locator("label.demo-control", { hasText: label }).locator("select").selectOption(value);
}

describe.skipIf(!chromium)("joint demo pages", () => {
  describe.each(PAGES)("%s", (name) => {
    it("loads, draws, steps and can be dragged", async () => {
      const { page, errors } = await harness.open(`/${name}/?paused`);
      try {
        const before = await page.evaluate(() => {
          const w = window.__demo!.world;
          return { steps: w.stepCount, time: w.time, joints: w.joints.length };
        });
        expect(before.joints).toBeGreaterThan(0);
        expect(await stepDemo(page, 30)).toBe(before.steps + 30);
        expect(await page.evaluate(() => window.__demo!.world.time)).toBeCloseTo(before.time + 30 / 60, 9);
        expect(await inkFraction(page)).toBeGreaterThan(0.01);
        // Bridge and car: pull a plank / the chassis 120 px up. Cradle: pull the last ball sideways
        // (straight up it would pull along its rod and not move).
        const moved = name === "cradle" ? await dragBy(page, 120, 0, 60) : await dragBy(page, 0, -120, 60);
        if (name === "cradle") expect(moved.dx).toBeGreaterThan(0.5);
        else expect(moved.dy).toBeGreaterThan(0.5);
        await screenshot(page, `joint-demo-${name}`);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  it("bridge: revolute and welded planks hold the loads dropped on them, joints less than 2 cm apart", async () => {
    const { page, errors } = await harness.open("/bridge/?paused");
    try {
      for (const mode of ["revolute", "weld"]) {
        if (mode !== "revolute") await choose(page, "joints", mode);
        const start = await info(page);
        expect(start.mode).toBe(mode);
        expect(start.loads).toBe(3);
        expect(start.joints).toBe(21); // 20 planks: 19 joints between them and one at each pillar

        // 3 s: the three loads the page starts with have fallen onto the deck.
        await stepDemo(page, 180);
        const settled = await info(page);
        expect(settled.lowestLoad as number).toBeGreaterThan(2); // on the deck (it hangs from y = 5 by about 1.5 m), not on the ground

        // A click 2.5 m above the deck's lowest point drops one more crate; 3 s later it rests on the deck too.
        const p = await page.evaluate((y) => window.__demo!.worldToClient({ x: 0.3, y }), 5 - (settled.sag as number) + 2.5);
        await page.mouse.click(p.x, p.y);
        expect((await info(page)).loads).toBe(4);
        await stepDemo(page, 180);
        const loaded = await info(page);
        expect(loaded.loads).toBe(4);
        expect(loaded.joints).toBe(21);
        expect(loaded.lowestLoad as number).toBeGreaterThan(2);
        // Still hanging as built (1.24 m below the pillar tops; the hinges' friction keeps its shape), not torn down.
        expect(loaded.sag as number).toBeGreaterThan(0.5 * (loaded.builtSag as number));
        expect(loaded.sag as number).toBeLessThan(3);
        // The largest distance between a joint's two anchors at the end of any step since the start, drops included.
        expect(loaded.worstSeparation as number).toBeLessThan(0.02);
        expect(loaded.separation as number).toBeLessThan(0.02);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("car: → drives it forward over the bumps on its wheels; the reverse button backs it up; the sliders reach the joints", async () => {
    const { page, errors } = await harness.open("/car/?paused");
    try {
      await stepDemo(page, 60); // settle on the suspension
      const start = await info(page);
      expect(Math.abs(start.speed as number)).toBeLessThan(0.05);

      await page.keyboard.down("ArrowRight");
      expect((await info(page)).throttle).toBe(1);
      let worstTilt = 0;
      let lowest = Infinity;
      for (let i = 0; i < 30; i++) {
        await stepDemo(page, 10);
        const s = await info(page);
        worstTilt = Math.max(worstTilt, Math.abs(s.angle as number));
        lowest = Math.min(lowest, s.y as number);
      }
      await page.keyboard.up("ArrowRight");
      const driven = await info(page);
      // 5 s at up to 6 m/s, over bumps and ramps: well over 10 m.
      expect((driven.x as number) - (start.x as number)).toBeGreaterThan(10);
      expect(driven.speed as number).toBeGreaterThan(2);
      // Upright all the way: never tilted past 0.6 rad (34°), the chassis never down near the ground.
      expect(worstTilt).toBeLessThan(0.6);
      expect(lowest).toBeGreaterThan(0.5);
      expect(driven.jointsActive).toBe(true);
      expect(driven.wheelOffLine as number).toBeLessThan(0.01);

      // Off the throttle the motors brake (motor speed 0): in 2 s it stops.
      expect((await info(page)).throttle).toBe(0);
      await stepDemo(page, 120);
      const stopped = await info(page);
      expect(Math.abs(stopped.speed as number)).toBeLessThan(0.3);

      // Holding the on-screen reverse button drives it back.
      const button = await page.locator("[data-test=reverse]").boundingBox();
      await page.mouse.move(button!.x + button!.width / 2, button!.y + button!.height / 2);
      await page.mouse.down();
      expect((await info(page)).throttle).toBe(-1);
      await stepDemo(page, 120);
      await page.mouse.up();
      const reversed = await info(page);
      expect(reversed.speed as number).toBeLessThan(-1);
      expect((reversed.x as number) - (stopped.x as number)).toBeLessThan(-2);
      expect((await info(page)).throttle).toBe(0);

      // The suspension sliders change both wheel joints' springs.
      await page.locator("label.demo-control", { hasText: "suspension" }).locator("input").fill("2");
      await page.locator("label.demo-control", { hasText: "damping" }).locator("input").fill("1.5");
      const tuned = await info(page);
      expect(tuned.hertz).toBe(2);
      expect(tuned.dampingRatio).toBe(1.5);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("cradle: the far ball leaves at the pulled ball's speed while the others stay still; two pulled, two leave", async () => {
    const { page, errors } = await harness.open("/cradle/?paused");
    try {
      for (const pulled of [1, 2]) {
        if (pulled !== 1) await choose(page, "balls pulled", String(pulled));
        const start = await info(page);
        expect(start.pulled).toBe(pulled);
        const v = start.expectedSpeed as number; // 4.4 m/s at the bottom of a 36.9° swing on a 5 m rod
        // The pulled balls reach the row after a quarter period (about 1.1 s); 1.5 s in, the others are swinging out.
        await stepDemo(page, 90);
        const s = await info(page);
        for (let i = 0; i < 5; i++) {
          const leaving = i >= 5 - pulled;
          if (leaving) {
            expect(s[`top${i}`] as number).toBeGreaterThan(0.95 * v); // left at (nearly) the speed that arrived
            expect(s[`vx${i}`] as number).toBeGreaterThan(0.5 * v); // still moving off to the right
            expect((s[`x${i}`] as number) - (start[`x${i}`] as number)).toBeGreaterThan(0.5);
          } else {
            // The pulled balls stopped at the row; the middle ones never moved.
            expect(s[`speed${i}`] as number).toBeLessThan(0.02 * v);
            if (i >= pulled) expect(s[`top${i}`] as number).toBeLessThan(0.02 * v);
          }
        }
        expect(s.maxRodStretch as number).toBeLessThan(0.01);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
