/**
 * What sleeping costs, and what removing or waking a body costs as the world
 * grows (`node bench/sleeping.mjs`, after `npm run build`; it measures
 * dist/capsule2d.js).
 *
 * 1. A world of 10,000 boxes in 2,000 five-box stacks on one floor: the mean
 *    step time with every island asleep, against the same world awake
 *    (sleeping off). The bar: asleep under 5 % of awake.
 * 2. `world.remove(body)` and `body.wake()` of a body in a sleeping stack, in
 *    worlds of 1,000 to 100,000 sleeping bodies: the time per call should not
 *    grow with the world (it costs the body's contacts and its island).
 *
 * Times are medians of repeated runs in this process; this is a benchmark,
 * not a test (nothing here is part of `npm test`).
 */
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const { World, AABB } = await import(process.env.CAPSULE2D_BUNDLE ?? join(here, "../dist/capsule2d.js"));

function stacks(count, height, options) {
  const world = new World(options);
  world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 2 * count + 10, y: 0 }, { type: "static" }));
  const tops = [];
  for (let s = 0; s < count; s++) {
    let top;
    for (let k = 0; k < height; k++) top = world.add(new AABB({ position: { x: 2 * s, y: 0.5 + k }, halfWidth: 0.5, halfHeight: 0.5 }));
    tops.push(top);
  }
  return { world, tops };
}

function meanStep(world, steps) {
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) world.step(1 / 60);
  return (performance.now() - t0) / steps;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

// ---- 1. sleeping vs awake, 10,000 bodies
const awake = stacks(2000, 5, { sleeping: false });
meanStep(awake.world, 120); // settle and warm up
const awakeMs = median([meanStep(awake.world, 60), meanStep(awake.world, 60), meanStep(awake.world, 60)]);

const asleep = stacks(2000, 5, {});
let steps = 0;
while (!asleep.world.bodies.every((b) => b.type === "static" || b.isSleeping) && steps < 2000) {
  asleep.world.step(1 / 60);
  steps++;
}
const allAsleep = asleep.world.bodies.every((b) => b.type === "static" || b.isSleeping);
meanStep(asleep.world, 60);
const asleepMs = median([meanStep(asleep.world, 600), meanStep(asleep.world, 600), meanStep(asleep.world, 600)]);

console.log("10,000 boxes in 2,000 stacks of 5 (plus the floor)");
console.log(`  awake (sleeping off): ${awakeMs.toFixed(3)} ms per step`);
console.log(`  all asleep (after ${steps} steps; all asleep: ${allAsleep}): ${(asleepMs * 1000).toFixed(1)} µs per step`);
console.log(`  asleep / awake: ${((asleepMs / awakeMs) * 100).toFixed(2)} %`);

// ---- 2. remove and wake against world size
console.log("\nper call, in a world where everything sleeps (median of 5 rounds, each on its own stacks)");
console.log("  sleeping bodies | remove(a stack's middle box) | wake(a stack's top box)");
for (const n of [1000, 10000, 100000]) {
  const count = n / 5;
  const { world, tops } = stacks(count, 5, {});
  while (!world.bodies.every((b) => b.type === "static" || b.isSleeping)) world.step(1 / 60);
  const middles = world.bodies.filter((b) => b.type !== "static" && b.id % 5 === 3); // one per stack
  const removeTimes = [];
  const wakeTimes = [];
  const per = count / 10; // 5 rounds of removals on the first half of the stacks, wakes on the second half
  for (let round = 0; round < 5; round++) {
    const victims = middles.slice(round * per, (round + 1) * per);
    let t0 = performance.now();
    for (const b of victims) world.remove(b);
    removeTimes.push((performance.now() - t0) / victims.length);
    const wakers = tops.slice(count / 2 + round * per, count / 2 + (round + 1) * per);
    t0 = performance.now();
    for (const b of wakers) b.wake();
    wakeTimes.push((performance.now() - t0) / wakers.length);
  }
  console.log(`  ${String(n).padStart(15)} | ${(median(removeTimes) * 1000).toFixed(2).padStart(25)} µs | ${(median(wakeTimes) * 1000).toFixed(2).padStart(20)} µs`);
}
