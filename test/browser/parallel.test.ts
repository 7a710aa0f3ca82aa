/**
 * The parallel solver in headless Chromium (examples/parallel/): the page is
 * served cross-origin isolated (scripts/serve.mjs sends COOP and COEP), so
 * it has SharedArrayBuffer; a 40-row pyramid stepped with solverThreads 2
 * and 4 (Web Workers, the page's main thread spinning at the barriers) gives
 * the same state hashes as with 1 (the coloured solve on the main thread
 * alone) and as in Node, and the workers did solve blocks. Driven through
 * `window.__parallelDemo`; steps are counted, nothing is timed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { AABB, World } from "../../src/entries/capsule2d.js";
// Brings in the `window.__parallelDemo` declaration.
import type {} from "../../examples/parallel/main.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The page's pyramid, stepped in Node on one thread: its hash every 20 steps. */
function nodeHashes(steps: number): string[] {
  const rows = 40;
  const world = new World({ solverThreads: 1, sleeping: false });
  world.add(AABB.fromBounds({ x: -rows, y: -1 }, { x: rows, y: 0 }, { type: "static" }));
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: i - (rows - row - 1) / 2, y: 0.5 + row } }));
    }
  }
  const hashes: string[] = [];
  for (let i = 1; i <= steps; i++) {
    world.step(1 / 60);
    if (i % 20 === 0) hashes.push(world.stateHash());
  }
  return hashes;
}

describe("examples/parallel: one world on several threads", () => {
  it("is cross-origin isolated, and 1, 2 and 4 solver threads give the same bits, as in Node", async () => {
    const { page, errors } = await harness.open("/parallel/?paused", { hook: "__parallelDemo" });
    try {
      expect(await page.evaluate(() => window.__parallelDemo!.isolated)).toBe(true);
      const runs = await page.evaluate(async () => {
        const demo = window.__parallelDemo!;
        return [await demo.run(1, 120), await demo.run(2, 120), await demo.run(4, 120)];
      });
      expect(runs[0]!.hashes).toHaveLength(6);
      expect(runs[0]!.stats).toBeNull();
      for (const r of runs.slice(1)) {
        expect(r.hashes).toEqual(runs[0]!.hashes);
        expect(r.stats!.workers).toBe(r.threads - 1);
        expect(r.stats!.blocks.slice(1).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      }
      expect(runs[0]!.hashes).toEqual(nodeHashes(120));
      for (const r of runs) {
        // the step's parts: the solve stage and the serial rest add up to the step
        expect(r.solveMs).toBeGreaterThan(0);
        expect(r.serialMs).toBeGreaterThan(0);
        expect(r.solveMs + r.serialMs).toBeCloseTo(r.msPerStep, 6);
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("charts ms/step against 1 … max(4, hardwareConcurrency) threads, tabulates them, and says whether they helped", async () => {
    const { page, errors } = await harness.open("/parallel/?paused", { hook: "__parallelDemo" });
    try {
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      await page.evaluate(() => {
        (document.getElementById("rows") as HTMLSelectElement).value = "40";
        (document.getElementById("steps") as HTMLInputElement).value = "20";
        document.getElementById("go")!.click();
      });
      await page.waitForFunction(() => document.getElementById("why")!.textContent !== "", undefined, { timeout: 120_000 });
      const page_ = await page.evaluate(() => ({
        cores: document.getElementById("cores")!.textContent,
        rows: document.querySelectorAll("#table tr").length,
        chart: document.querySelectorAll("#chart .uplot").length,
        why: document.getElementById("why")!.textContent!,
      }));
      expect(page_.cores).toBe(`navigator.hardwareConcurrency: ${cores}`);
      expect(page_.rows).toBe(1 + Math.min(8, Math.max(4, cores))); // the header and one row per thread count
      expect(page_.chart).toBe(1);
      expect(page_.why).toMatch(/^Every thread count gave the same state hashes\. /);
      expect(page_.why).toMatch(/threads took [0-9.]+× one thread's time\.|More threads (cannot|did not) help/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
