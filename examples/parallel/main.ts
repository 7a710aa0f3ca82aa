/**
 * One world on several threads: the same 40-row pyramid stepped with
 * solverThreads 1, 2 and 4 on this page (the workers are Web Workers; this
 * page's main thread takes part and spins at the barriers, as a browser's
 * main thread may not block). The page prints each run's state hash, steps
 * and ms per step; the browser test (test/browser/parallel.test.ts) drives
 * `window.__parallelDemo.run(threads, steps)` and compares the hashes.
 */
import { AABB, type ThreadStats } from "../../src/entries/capsule2d.js";
// capsule2d's World with the solver threads (solverThreads ≥ 2 solves on workers)
import { World } from "../../src/entries/threads.js";

/** One run: the state hash after every 20 steps, the thread counters, ms per step. */
export interface ParallelRun {
  threads: number;
  hashes: string[];
  stats: ThreadStats | null;
  msPerStep: number;
}

declare global {
  interface Window {
    __parallelDemo?: {
      /** Is the page cross-origin isolated (SharedArrayBuffer available)? */
      isolated: boolean;
      /** Build the pyramid with `threads` solver threads, step it `steps` times, dispose it. */
      run(threads: number, steps: number): Promise<ParallelRun>;
    };
  }
}

function pyramid(rows: number, threads: number): World {
  const world = new World({ solverThreads: threads, sleeping: false });
  world.add(AABB.fromBounds({ x: -rows, y: -1 }, { x: rows, y: 0 }, { type: "static" }));
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: i - (rows - row - 1) / 2, y: 0.5 + row } }));
    }
  }
  return world;
}

async function run(threads: number, steps: number): Promise<ParallelRun> {
  const world = pyramid(40, threads);
  try {
    await world.threadsReady();
    const hashes: string[] = [];
    const start = performance.now();
    for (let i = 1; i <= steps; i++) {
      world.step(1 / 60);
      if (i % 20 === 0) hashes.push(world.stateHash());
    }
    const msPerStep = (performance.now() - start) / steps;
    return { threads, hashes, stats: world.threadStats, msPerStep };
  } finally {
    world.dispose();
  }
}

const out = document.getElementById("out")!;
window.__parallelDemo = { isolated: globalThis.crossOriginIsolated === true, run };

if (!new URLSearchParams(location.search).has("paused")) {
  void (async () => {
    if (!window.__parallelDemo!.isolated) {
      out.textContent = "This page is not cross-origin isolated: no SharedArrayBuffer, so only solverThreads 0 and 1 work here.";
      return;
    }
    const lines: string[] = [];
    for (const threads of [1, 2, 4]) {
      const r = await run(threads, 120);
      lines.push(`solverThreads ${threads}: hash ${r.hashes[r.hashes.length - 1]}, ${r.msPerStep.toFixed(2)} ms/step, blocks per thread ${JSON.stringify(r.stats?.blocks ?? [])}`);
      out.textContent = lines.join("\n");
    }
  })();
}
