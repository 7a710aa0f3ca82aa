/**
 * Two builds of capsule2d side by side in one process, for a before/after
 * comparison that the machine's noise cannot swing: both worlds step the
 * same scene in interleaved blocks of 10 steps (40 blocks each, order
 * alternating), and the medians of the blocks are compared.
 *
 *   git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci && npm run build)
 *   npm run build
 *   node bench/ab.mjs /tmp/base/dist/capsule2d.js capsules-2000 rain-circles-2000
 *
 * Prints, per scene, the median ms per step of the other build ("old") and
 * of this one's dist/ ("new"), and new / old (below 1 means this build is
 * faster). Scenes are those of scenes.mjs (default: all of them).
 */
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { buildScene, SCENES } from "./scenes.mjs";
import { buildCapsule2dWorld } from "./engines/capsule2d-common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [otherPath, ...names] = process.argv.slice(2);
if (otherPath === undefined) {
  console.error("usage: node bench/ab.mjs <other build's capsule2d.js> [scene ...]");
  process.exit(2);
}
const oldLib = await import(resolve(otherPath));
const newLib = await import(join(here, "../dist/capsule2d.js"));
const scenes = names.length > 0 ? names : Object.keys(SCENES);
const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
for (const name of scenes) {
  const a = buildCapsule2dWorld(oldLib, buildScene(name), {}, "old");
  const b = buildCapsule2dWorld(newLib, buildScene(name), {}, "new");
  for (let i = 0; i < 60; i++) {
    a.step();
    b.step();
  }
  const ta = [];
  const tb = [];
  const block = 10;
  for (let r = 0; r < 40; r++) {
    for (const [sim, out] of r % 2 ? [[a, ta], [b, tb]] : [[b, tb], [a, ta]]) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < block; i++) sim.step();
      out.push(Number(process.hrtime.bigint() - t0) / 1e6 / block);
    }
  }
  console.log(`${name.padEnd(18)} old ${median(ta).toFixed(3)} new ${median(tb).toFixed(3)} new/old ${(median(tb) / median(ta)).toFixed(2)}`);
}
