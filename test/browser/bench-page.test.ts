/**
 * The benchmark page (examples/bench/): it loads without console errors and,
 * driven through window.__bench with a tiny protocol (a few steps), runs a
 * sweep of falling circles and a scene run, and draws charts with one
 * series per engine asked for and one point per body count or scene.
 * No timing is asserted: only that every point was measured (a positive
 * number) and what the charts hold.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { buildPeers } from "../../bench/browser/peers.mjs";
// Brings in the `window.__bench: BenchHook` declaration.
import type {} from "../../examples/bench/main.js";

let harness: Harness;
let peers: string[];

beforeAll(async () => {
  // The page reads examples/bench/peers/manifest.json; without bench/node_modules it lists no peer.
  peers = (await buildPeers()).engines.map((e) => e.name);
  harness = await startHarness();
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

describe("benchmark page", () => {
  it("runs a tiny sweep and a scene run and charts one series per engine", async () => {
    const { page, errors } = await harness.open("/bench/", { hook: "__bench" });
    try {
      const available = await page.evaluate(() => window.__bench!.engines);
      expect(available.slice(0, 2)).toEqual(["capsule2d", "capsule2d-wasm"]);
      expect(available.slice(2)).toEqual(peers);
      // capsule2d in JavaScript and with its WebAssembly passes, and Rapier's SIMD build when the peers are installed.
      const engines = ["capsule2d", "capsule2d-wasm", ...peers.filter((p) => p === "rapier-simd")];
      const counts = [50, 100, 200];
      const sweep = await page.evaluate(
        ({ engines, counts }) => window.__bench!.runSweep({ engines, counts, warmup: 1, steps: 3 }),
        { engines, counts },
      );
      expect(sweep.map((r) => [r.engine, r.bodies])).toEqual(counts.flatMap((n) => engines.map((e) => [e, n])));
      for (const r of sweep) {
        expect(r.steps).toBe(3);
        expect(r.blockMeanMs).toBeGreaterThan(0);
        expect(r.sanity!.ok).toBe(true);
      }
      const chart = await page.evaluate(() => window.__bench!.chart("sweep"));
      const labels = sweep.filter((r) => r.bodies === counts[0]).map((r) => r.label);
      expect(chart!.labels).toEqual(["bodies", ...labels]);
      expect(chart!.data[0]).toEqual(counts);
      for (const series of chart!.data.slice(1)) {
        expect(series).toHaveLength(counts.length);
        for (const v of series) expect(v).toBeGreaterThan(0);
      }
      expect(await page.locator(".chart .uplot").count()).toBe(1);

      const scenes = ["pyramid-20", "tumbler-quick"];
      await page.evaluate(({ engines, scenes }) => window.__bench!.runScenes({ engines, scenes, warmup: 1, steps: 2 }), { engines, scenes });
      const byScene = await page.evaluate(() => window.__bench!.chart("scenes"));
      expect(byScene!.labels).toEqual(["scene", ...labels]);
      expect(byScene!.data[0]).toEqual([0, 1]);
      expect(await page.locator(".chart .uplot").count()).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("refuses an engine it does not have, naming it", async () => {
    const { page } = await harness.open("/bench/", { hook: "__bench" });
    try {
      const message = await page.evaluate(() =>
        window.__bench!.runSweep({ engines: ["no-such-engine"], counts: [10], warmup: 0, steps: 1 }).then(
          () => "resolved",
          (e: Error) => `${e.name}: ${e.message}`,
        ),
      );
      expect(message).toMatch(/^RangeError: engines: "no-such-engine" is not available/);
    } finally {
      await page.close();
    }
  });
});
