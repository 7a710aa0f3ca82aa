/**
 * The rollback netcode page (examples/rollback/) in headless Chromium,
 * driven tick by tick through `window.__rollback`, player 1 on the keyboard
 * and player 2 the bot: with a network delay of 4 frames and 20 % packet
 * loss the peers roll back, never disagree on a confirmed frame, and their
 * state at the last confirmed frame is that of a world stepped here, in
 * Node, without any network, from the confirmed inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uninterrupted } from "../../examples/rollback/arena.js";
// Brings in the `window.__rollback: RollbackHook` declaration the test relies on.
import type { RollbackHook } from "../../examples/rollback/main.js";
import { inkFraction, screenshot, startHarness, type Harness } from "./harness.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe("rollback page", () => {
  it("delay 4 and 20 % loss: rollbacks, no mismatch, and the confirmed state is the uninterrupted run's", async () => {
    const { page, errors } = await harness.open("/rollback/?paused", { hook: "__rollback" });
    try {
      await page.evaluate(() => {
        const r = window.__rollback!;
        r.setOptions({ delay: 4, loss: 20, localDelay: 0 });
        r.setBots(false, true);
        r.reset();
      });
      // player 1 on the keyboard: run right, jump, run left, stand
      const plan: [string, number][] = [["ArrowRight", 120], ["ArrowUp", 10], ["ArrowLeft", 150], ["", 120], ["KeyD", 100], ["KeyW", 20], ["", 80]];
      let stats = await page.evaluate(() => window.__rollback!.stats());
      for (const [key, ticks] of plan) {
        if (key) await page.keyboard.down(key);
        stats = await page.evaluate((n) => window.__rollback!.tick(n), ticks);
        if (key) await page.keyboard.up(key);
      }
      expect(stats.tick).toBe(600);
      expect(stats.frames).toEqual([600, 600]);
      expect(stats.rollbacks[0]).toBeGreaterThan(0);
      expect(stats.rollbacks[1]).toBeGreaterThan(0);
      expect(stats.lost).toBeGreaterThan(0);
      expect(stats.mismatches).toBe(0);
      expect(stats.referenceMismatches).toBe(0);
      const last = stats.lastChecked!;
      expect(last.frame).toBe(stats.checked);
      expect(last.frame).toBeGreaterThan(580);
      expect(last.hashes[0]).toBe(last.hashes[1]);

      // the uninterrupted run, in Node, from the inputs both peers confirmed
      const inputs = await page.evaluate(() => window.__rollback!.confirmedInputs());
      expect(inputs.length).toBe(last.frame);
      expect(new Set(inputs.map((i) => i[0])).size).toBeGreaterThan(2); // the keys were seen
      expect(uninterrupted(inputs).stateHash()).toBe(last.hashes[0]);
      expect(last.reference).toBe(last.hashes[0]);

      // what the page shows
      expect(await page.locator("[data-control=delay]").inputValue()).toBe("4");
      expect(await page.locator("[data-control=loss]").inputValue()).toBe("20");
      expect(await page.locator("[data-control=bot-1]").isChecked()).toBe(false);
      await expect.poll(() => page.locator("[data-test=mismatches]").textContent()).toContain("mismatches: 0 between the peers, 0 with the reference");
      expect(await page.locator("[data-test=summary]").textContent()).toContain(`frame ${last.frame}: ${last.hashes[0]}`);
      expect(await page.locator("[data-test=peer-1]").textContent()).toContain(`rollbacks ${stats.rollbacks[0]}`);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      await screenshot(page, "demo-rollback");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
