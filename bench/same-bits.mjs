/**
 * Do two builds of capsule2d (or one build with two option sets) give the
 * same bits? Both step the same scenes and their `stateHash()` is compared
 * after every step; the first step where they part is printed.
 *
 *   node bench/same-bits.mjs --other /tmp/base/dist/capsule2d.js           # this build against another, default options
 *   node bench/same-bits.mjs --a '{"solverThreads":1}' --b '{"solverThreads":2}'   # this build, two option sets
 *
 * Options: --other <bundle> (default: this build's dist/capsule2d.js for both),
 * --a / --b <JSON world options> (default {}), --steps N (default 300),
 * --scene a,b (default: pyramid-20, many_pyramids-quick, smash-quick,
 * tumbler-quick, capsules-2000, joint_grid-quick; scenes that add bodies on a schedule are not supported). Exits 1 when any scene differs.
 */
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildScene } from "./scenes.mjs";
import { buildCapsule2dWorld, withSolverThreads } from "./engines/capsule2d-common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    other: { type: "string" },
    a: { type: "string", default: "{}" },
    b: { type: "string", default: "{}" },
    steps: { type: "string", default: "300" },
    scene: { type: "string", default: "pyramid-20,many_pyramids-quick,smash-quick,tumbler-quick,capsules-2000,joint_grid-quick" },
  },
});
// each copy with its own solver threads (capsule2d/threads beside its bundle), for solverThreads ≥ 2
const libB = withSolverThreads(await import(join(here, "../dist/capsule2d.js")), await import(join(here, "../dist/esm/entries/threads.js")));
const libA = values.other
  ? withSolverThreads(await import(resolve(values.other)), await import(join(dirname(resolve(values.other)), "esm/entries/threads.js")))
  : libB;
const optionsA = JSON.parse(values.a);
const optionsB = JSON.parse(values.b);
const steps = Number(values.steps);
let differ = 0;
for (const name of values.scene.split(",")) {
  const a = buildCapsule2dWorld(libA, buildScene(name), optionsA, "a");
  const b = buildCapsule2dWorld(libB, buildScene(name), optionsB, "b");
  await a.world.threadsReady?.(); // with solverThreads ≥ 2: the workers take part from the first step
  await b.world.threadsReady?.();
  let parted = 0;
  for (let i = 1; i <= steps && parted === 0; i++) {
    a.step();
    b.step();
    if (a.world.stateHash() !== b.world.stateHash()) parted = i;
  }
  const shared = b.world.threadStats?.sharedPasses;
  console.log(`${name}: ${parted === 0 ? `same bits for ${steps} steps (${a.world.stateHash()})` : `parted at step ${parted}`}${shared === undefined ? "" : `; b's workers helped in ${shared} passes`}`);
  if (parted !== 0) differ++;
  a.world.dispose?.();
  b.world.dispose?.();
}
process.exit(differ === 0 ? 0 : 1);
