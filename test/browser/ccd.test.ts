/**
 * The continuous-collision demo (examples/ccd/) in headless Chromium: with
 * CCD on, no projectile gets through the 2 cm wall at 1000 m/s; with it off
 * (`?continuous=0`) the same shots do tunnel, which is what the page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, inkFraction, screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

let harness: Harness | undefined;

beforeAll(async () => {
  if (haveChromium()) harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function run(query: string): Promise<{ info: Record<string, unknown>; errors: string[]; ink: number }> {
  const { page, errors } = await harness!.open(`/ccd/?paused${query}`);
  try {
    await stepDemo(page, 240);
    const info = await page.evaluate(() => window.__demo!.info());
    const ink = await inkFraction(page);
    await screenshot(page, `ccd${query.replace(/[^a-z0-9]+/gi, "-")}`);
    return { info, errors, ink };
  } finally {
    await page.close();
  }
}

describe.skipIf(!haveChromium())("demo ccd", () => {
  it("with continuous collision nothing tunnels through the 2 cm wall at 1000 m/s", async () => {
    const { info, errors, ink } = await run("");
    expect(errors).toEqual([]);
    expect(ink).toBeGreaterThan(0.001);
    expect(info.continuous).toBe(true);
    expect(info.fired).toBeGreaterThanOrEqual(40);
    expect(info.tunnelled).toBe(0);
  });

  it("with continuous: false the same shots tunnel", async () => {
    const { info, errors } = await run("&continuous=0");
    expect(errors).toEqual([]);
    expect(info.continuous).toBe(false);
    expect(info.tunnelled).toBeGreaterThan(0);
  });
});
