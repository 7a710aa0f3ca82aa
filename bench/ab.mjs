/**
 * Two builds of capsule2d side by side in one process, for a before/after
 * comparison that the machine's noise cannot swing: both worlds step the
 * same scene in interleaved blocks of 10 steps (40 blocks each, order
 * alternating), and the medians of the blocks are compared. Time is the
 * process's CPU time (user + system), so other load on the machine counts
 * less than with wall time.
 *
 * The world built first tends to run faster (V8 optimises its code paths
 * first), so each scene is measured twice, once with each build first, and
 * the ratio printed is the geometric mean of the two.
 *
 *   git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci && npm run build)
 *   npm run build
 *   node bench/ab.mjs /tmp/base/dist/capsule2d.js capsules-2000 rain-circles-2000
 *
 * Prints, per scene, the median ms per step of the other build ("old") and
 * of this one's dist/ ("new") in each order, and new / old (below 1 means
 * this build is faster). Scenes are those of scenes.mjs (default: all of
 * them). NEW=<path to a capsule2d.js> compares another build instead of
 * this one's dist/.
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
const newLib = await import(resolve(process.env.NEW ?? join(here, "../dist/capsule2d.js")));
const scenes = names.length > 0 ? names : Object.keys(SCENES);
const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];

/** Median CPU ms per step of two worlds stepped in interleaved blocks. */
function race(first, second) {
  for (let i = 0; i < 60; i++) {
    first.step();
    second.step();
  }
  const t = [[], []];
  const block = 10;
  for (let r = 0; r < 40; r++) {
    const order = r % 2 ? [1, 0] : [0, 1];
    for (const k of order) {
      const sim = k === 0 ? first : second;
      const t0 = process.cpuUsage();
      for (let i = 0; i < block; i++) sim.step();
      const used = process.cpuUsage(t0);
      t[k].push((used.user + used.system) / 1e3 / block);
    }
  }
  return [median(t[0]), median(t[1])];
}

for (const name of scenes) {
  const a1 = buildCapsule2dWorld(oldLib, buildScene(name), {}, "old");
  const b1 = buildCapsule2dWorld(newLib, buildScene(name), {}, "new");
  const [old1, new1] = race(a1, b1);
  const b2 = buildCapsule2dWorld(newLib, buildScene(name), {}, "new");
  const a2 = buildCapsule2dWorld(oldLib, buildScene(name), {}, "old");
  const [new2, old2] = race(b2, a2);
  const ratio = Math.sqrt((new1 / old1) * (new2 / old2));
  console.log(
    `${name.padEnd(18)} old first: old ${old1.toFixed(3)} new ${new1.toFixed(3)}` +
      ` | new first: new ${new2.toFixed(3)} old ${old2.toFixed(3)} | new/old ${ratio.toFixed(2)}`,
  );
}
