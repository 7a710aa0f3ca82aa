/**
 * Run by test/deopt.test.ts in a child Node process started with
 * `--trace-deopt`: one large scene stepped from capsule2d's built bundle,
 * printing `STEP n` before each step, so that the test can tell which
 * functions V8 deoptimised in which step (its trace goes to stdout too).
 *
 *   node --trace-deopt test/support/deopt-child.mjs <dist/capsule2d.js> <scene> <steps>
 *
 * Scenes are large on purpose: a function that runs once a step over
 * thousands of bodies or contacts has its loop compiled on its own
 * (on-stack replacement) during its first call, before the code after the
 * loop has ever run; that cached code then left the function there, on
 * every step, running the rest unoptimised (found in `applyChanges` and
 * `selectImpactCandidates`).
 */
import { pathToFileURL } from "node:url";

const [bundle, name, steps = "300"] = process.argv.slice(2);
const { World, AABB, Box } = await import(pathToFileURL(bundle).href);
const dt = 1 / 60;

/** A 100-row pyramid of 1 m boxes (5,050), fixed-rotation AABBs or turning Boxes, on a floor of 1 m static tiles. */
function pyramid(turning) {
  const w = new World({ sleeping: false });
  for (let i = 0; i < 120; i++) w.add(new AABB({ type: "static", position: { x: -59.5 + i, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5 }));
  const material = { friction: 0.6, restitution: 0.1 };
  for (let row = 0; row < 100; row++) {
    for (let i = 0; i < 100 - row; i++) {
      const position = { x: -49.5 + row * 0.5 + i, y: 0.5 + row };
      w.add(turning ? new Box({ position, halfWidth: 0.5, halfHeight: 0.5, ...material }) : new AABB({ position, halfWidth: 0.5, halfHeight: 0.5, ...material }));
    }
  }
  return w;
}

const scenes = { pyramid: () => pyramid(false), "turning-pyramid": () => pyramid(true) };
const make = scenes[name];
if (make === undefined) throw new Error(`no scene ${name}`);
const w = make();
for (let i = 0; i < Number(steps); i++) {
  console.log(`STEP ${i}`);
  w.step(dt);
}
console.log("DONE");
