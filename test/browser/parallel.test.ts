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
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
