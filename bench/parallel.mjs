/**
 * capsule2d's parallel contact solve (the `solverThreads` world option)
 * against one thread and against single-threaded Box2D v3 (WebAssembly), on
 * the large scenes, in one sitting.
 *
 *   npm run build && node bench/parallel.mjs                       # large-pyramid, many_pyramids, smash, rain-circles-5000
 *   node bench/parallel.mjs --scene large-pyramid --threads 0,1,2,3 --blocks 20
 *   node bench/parallel.mjs --scene smash --threads 1,2 --skip-box2d       # capsule2d only
 *
 * Every configuration of a scene is built, warmed up (60 steps; workers
 * ready), then they step in interleaved blocks of 5 steps, the order
 * rotating, so that the machine's load falls on all of them alike. Per
 * configuration: the median wall ms per step over the blocks, the process
 * CPU ms per step (process.cpuUsage: every thread of the process, spinning
 * included), the "solve" stage of world.profile (integrate, restitution,
 * joints and the contact passes) and the rest of the step (broadphase,
 * narrowphase, islands: one thread), and the ratios to the first thread
 * count and to Box2D v3's time. The load average before and
 * after is printed: the machine is shared.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { buildScene } from "./scenes.mjs";
import { buildCapsule2dWorld, withSolverThreads } from "./engines/capsule2d-common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    scene: { type: "string", default: "large-pyramid,many_pyramids,smash,rain-circles-5000" },
    threads: { type: "string", default: "0,1,2" },
    blocks: { type: "string", default: "16" },
    "skip-box2d": { type: "boolean", default: false },
  },
});
// capsule2d's exports with the World of capsule2d/threads (solverThreads ≥ 2)
const lib = withSolverThreads(await import(join(here, "../dist/capsule2d.js")), await import(join(here, "../dist/esm/entries/threads.js")));
const threadCounts = values.threads.split(",").map(Number);
const blocks = Number(values.blocks);
const BLOCK = 5;
const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} cores)`);
for (const name of values.scene.split(",")) {
  const configs = [];
  for (const t of threadCounts) {
    const sim = buildCapsule2dWorld(lib, buildScene(name), { solverThreads: t }, `solverThreads ${t}`);
    await sim.world.threadsReady();
    configs.push({ label: `capsule2d, solverThreads ${t}`, sim, world: sim.world, wall: [], cpu: [], solve: [] });
  }
  if (!values["skip-box2d"]) {
    try {
      const box2d = await import("./engines/box2d3-wasm.mjs");
      configs.push({ label: "Box2D v3 (wasm), 1 thread", sim: await box2d.create(buildScene(name)), world: null, wall: [], cpu: [], solve: [] });
    } catch (e) {
      console.log(`(Box2D v3 not measured: ${e.message}; run npm install in bench/)`);
    }
  }
  for (const c of configs) for (let i = 0; i < 60; i++) c.sim.step();
  for (const c of configs) if (c.world) c.world.profiling = true;
  for (let r = 0; r < blocks; r++) {
    for (let k = 0; k < configs.length; k++) {
      const c = configs[(k + r) % configs.length];
      let solve = 0;
      const c0 = cpuMs();
      const t0 = performance.now();
      for (let i = 0; i < BLOCK; i++) {
        c.sim.step();
        if (c.world) solve += c.world.profile.solve;
      }
      c.wall.push((performance.now() - t0) / BLOCK);
      c.cpu.push((cpuMs() - c0) / BLOCK);
      c.solve.push(solve / BLOCK);
    }
  }
  const ref = configs.find((c) => c.world === null);
  const base = configs[0];
  console.log(`\n${name}`);
  console.log("| configuration | ms/step | CPU ms/step | solve stage ms | rest ms | vs solverThreads " + threadCounts[0] + (ref ? " | vs Box2D v3 |" : " |"));
  console.log("|---|--:|--:|--:|--:|--:|" + (ref ? "--:|" : ""));
  for (const c of configs) {
    const wall = median(c.wall);
    const solve = c.world ? median(c.solve) : NaN;
    const row = [
      c.label,
      wall.toFixed(2),
      median(c.cpu).toFixed(2),
      c.world ? solve.toFixed(2) : "",
      c.world ? (wall - solve).toFixed(2) : "",
      `${(wall / median(base.wall)).toFixed(2)}×`,
    ];
    if (ref) row.push(`${(wall / median(ref.wall)).toFixed(2)}×`);
    console.log(`| ${row.join(" | ")} |`);
    if (c.world && c.world.threadStats) console.log(`|  threads: ${JSON.stringify(c.world.threadStats)} |`);
  }
  for (const c of configs) if (c.world) c.world.dispose();
}
console.log(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
