#!/usr/bin/env node
/**
 * What rollback costs (`node scripts/rollback-cost.mjs`): a 200-body scene
 * (circles, capsules and boxes piling up in a box, a few impulses a step
 * standing in for players' inputs) recorded with a snapshot every step, then
 * rolled back 8 steps and re-simulated to where it was, 200 times. Prints
 * the median time of the restore (`recorder.rollback(step)`: the world put
 * back in place from the kept binary snapshot), of one re-simulated step,
 * and of the whole 8-step rollback per restored step; the restore alone
 * (`world.restore(buffer)`) beside rebuilding a world from the same buffer
 * (`World.fromSnapshot`); each also in plain steps (its time over a step's
 * without a recorder, in the same run); the recorder's cost per step;
 * the sizes of a snapshot and of the recording; and the size of a delta
 * snapshot from one step to the next, in total and per awake body (the
 * same scene with its contacts left out: bodies only).
 *
 *     node scripts/rollback-cost.mjs                       # 200 bodies, 8-step rollbacks
 *     node scripts/rollback-cost.mjs --bodies 500 --depth 12
 *
 * Runs the built bundle (dist/capsule2d.js; `npm run build` first). A
 * measurement, not a test: nothing here asserts a time.
 */
import { performance } from "node:perf_hooks";
import { loadBuilt, loadBuiltBinary, loadBuiltReplay } from "./built.mjs";
import { mulberry32 as rng } from "../examples/node/random.mjs";

const { Circle, Capsule, AABB, BINARY_BYTES_PER_BODY } = await loadBuilt();
const { World } = await loadBuiltBinary(); // capsule2d's World with binary snapshots (the kept ones are binary)
const { Recorder, deltaSnapshot, applyDelta } = await loadBuiltReplay();

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const BODIES = arg("bodies", 200);
const DEPTH = arg("depth", 8);
const ROUNDS = arg("rounds", 200);
const DT = 1 / 60;


function scene() {
  const world = new World();
  const r = rng(3);
  const cols = Math.ceil(Math.sqrt(BODIES * 1.5));
  const w = cols * 0.35 + 1;
  world.add(AABB.fromBounds({ x: -w - 1, y: -1 }, { x: w + 1, y: 0 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: -w - 1, y: 0 }, { x: -w, y: 30 }, { type: "static" }));
  world.add(AABB.fromBounds({ x: w, y: 0 }, { x: w + 1, y: 30 }, { type: "static" }));
  for (let i = 0; i < BODIES; i++) {
    const x = -w + 0.6 + (i % cols) * ((2 * w - 1.2) / cols);
    const y = 1 + Math.floor(i / cols) * 0.8;
    const k = r();
    const o = { position: { x, y }, friction: 0.3 + r() * 0.5, density: 0.5 + r() };
    if (k < 0.4) world.add(new Circle({ ...o, radius: 0.12 + r() * 0.15 }));
    else if (k < 0.8) world.add(new Capsule({ ...o, radius: 0.08 + r() * 0.08, halfLength: 0.1 + r() * 0.2, angle: r() * 3 }));
    else world.add(new AABB({ ...o, halfWidth: 0.1 + r() * 0.15, halfHeight: 0.1 + r() * 0.15 }));
  }
  return world;
}

/** The "players' inputs" of step i: a few impulses, the same whenever step i is simulated. */
function inputs(world, i) {
  const bodies = world.bodies;
  for (let k = 0; k < 4; k++) {
    const b = bodies[3 + ((i * 31 + k * 57) % BODIES)];
    b.applyImpulse({ x: ((i + k) % 7) * 0.02 - 0.06, y: 0.05 });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** CPU time of this process, ms (user + system): less sensitive than the wall clock to other processes on a busy machine. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// the recorder's cost per step: the same steps with and without it
function timeSteps(withRecorder) {
  const world = scene();
  const recorder = withRecorder ? new Recorder(world, { snapshotInterval: 1, snapshotCapacity: DEPTH + 2 }) : null;
  const times = [];
  let cpuTime = 0;
  for (let i = 1; i <= 600; i++) {
    inputs(world, i);
    const c = cpu();
    const t = performance.now();
    world.step(DT);
    times.push(performance.now() - t);
    if (i > 300) cpuTime += cpu() - c;
  }
  return { world, recorder, perStep: median(times.slice(300)), cpuPerStep: cpuTime / 300 };
}
const plain = timeSteps(false);
const recorded = timeSteps(true);
if (plain.world.stateHash() !== recorded.world.stateHash()) throw new Error("recording changed the simulation");

// rollbacks: back DEPTH steps, re-simulate them, again and again
const recorder = recorded.recorder;
let world = recorder.world;
const restore = [];
const resim = [];
const total = [];
let cpuRestore = 0;
let cpuResim = 0;
const endHash = world.stateHash();
for (let round = 0; round < ROUNDS; round++) {
  const now = world.stepCount;
  const c0 = cpu();
  const t0 = performance.now();
  world = recorder.rollback(now - DEPTH);
  const t1 = performance.now();
  const c1 = cpu();
  for (let i = now - DEPTH + 1; i <= now; i++) {
    inputs(world, i);
    const s = performance.now();
    world.step(DT);
    resim.push(performance.now() - s);
  }
  const t2 = performance.now();
  cpuRestore += c1 - c0;
  cpuResim += cpu() - c1;
  restore.push(t1 - t0);
  total.push((t2 - t0) / DEPTH);
  if (world.stateHash() !== endHash) throw new Error(`rollback ${round} did not come back to the same state`);
}

// the restore alone, in place and into a new world, from the same kept snapshot (alternating;
// the recorder is done: world.restore refuses to run under one, whose rollback calls it)
recorder.detach();
const kept = world.snapshot({ format: "binary" });
const inPlace = [];
const rebuilt = [];
let cpuInPlace = 0;
let cpuRebuilt = 0;
for (let round = 0; round < ROUNDS; round++) {
  let c = cpu();
  let t = performance.now();
  world.restore(kept);
  inPlace.push(performance.now() - t);
  cpuInPlace += cpu() - c;
  c = cpu();
  t = performance.now();
  World.fromSnapshot(kept);
  rebuilt.push(performance.now() - t);
  cpuRebuilt += cpu() - c;
}
if (world.stateHash() !== endHash) throw new Error("restore did not come back to the same state");

const snap = world.snapshot({ format: "binary" });
// delta snapshots: one step apart, for the whole scene and for its bodies alone (header and contacts
// measured apart by the same delta of a world whose bodies do not move)
const before = world.snapshot({ format: "binary" });
inputs(world, world.stepCount + 1);
world.step(DT);
const after = world.snapshot({ format: "binary" });
const delta = deltaSnapshot(before, after);
if (new Uint8Array(applyDelta(before, delta)).some((x, i) => x !== new Uint8Array(after)[i])) throw new Error("delta did not rebuild the snapshot");
function bodiesOnlyDelta(n) {
  const w = new World({ gravity: { x: 0, y: -9.81 } });
  // falling, drifting, turning and damped: every word of an awake body's state changes
  const o = { radius: 0.2, velocity: { x: 1, y: 0 }, angularVelocity: 1, linearDamping: 0.1, angularDamping: 0.1 };
  for (let i = 0; i < n; i++) w.add(new Circle({ ...o, position: { x: i, y: 100 } }));
  w.step(DT);
  const a = w.snapshot({ format: "binary" });
  w.step(DT);
  return deltaSnapshot(a, w.snapshot({ format: "binary" })).byteLength;
}
const perAwakeBody = (bodiesOnlyDelta(BODIES) - bodiesOnlyDelta(0)) / BODIES;
const saved = recorder.save();
const awake = world.bodies.filter((b) => b.isDynamic && !b.isSleeping).length;
const ms = (x) => `${x.toFixed(3)} ms`;
// in plain steps: wall over the plain step's median wall, CPU over its mean CPU
const steps = (wall, cpuTime) => `${(wall / plain.perStep).toFixed(2)} / ${(cpuTime / plain.cpuPerStep).toFixed(2)}`;
const row = (name, wall, cpuTime) => console.log(`  ${name.padEnd(38)} ${ms(wall)}   ${ms(cpuTime)}   ${steps(wall, cpuTime)}`);
console.log(`capsule2d rollback cost, ${BODIES} dynamic bodies (${awake} awake), ${world.contacts.length} touching contacts, node ${process.version}`);
console.log(`                                         median wall   mean CPU   in plain steps (wall / CPU)`);
row("step without a recorder", plain.perStep, plain.cpuPerStep);
row("step with a recorder (snapshot/step)", recorded.perStep, recorded.cpuPerStep);
row("restore (rollback to a kept step)", median(restore), cpuRestore / ROUNDS);
row("re-simulated step", median(resim), cpuResim / ROUNDS / DEPTH);
row(`${DEPTH}-step rollback, per restored step`, median(total), (cpuRestore + cpuResim) / ROUNDS / DEPTH);
console.log(`    (restore + ${DEPTH} recorded steps, / ${DEPTH})`);
row("restore alone: world.restore(buffer)", median(inPlace), cpuInPlace / ROUNDS);
row("World.fromSnapshot(buffer)", median(rebuilt), cpuRebuilt / ROUNDS);
console.log(`  (load average ${(await import("node:os")).loadavg()[0].toFixed(1)} on ${(await import("node:os")).cpus().length} cores while measuring)`);
console.log(`  binary snapshot                    ${snap.byteLength} bytes (${BINARY_BYTES_PER_BODY} per body)`);
console.log(`  delta snapshot, one step           ${delta.byteLength} bytes of ${after.byteLength} (${world.contacts.length} contacts kept whole when their number changed)`);
console.log(`  delta snapshot per awake body      ${perAwakeBody} bytes (full record ${BINARY_BYTES_PER_BODY})`);
console.log(`  recording of ${recorder.recording.stepCount} steps with ${recorder.recording.ring.length} kept snapshots: ${saved.byteLength} bytes; op stream ${recorder.recording.ops.length} bytes (${(recorder.recording.ops.length / recorder.recording.stepCount).toFixed(1)} per step)`);
