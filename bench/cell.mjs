/**
 * Measures one engine on one scene, in a process of its own (bench/run.mjs
 * starts one `node --expose-gc bench/cell.mjs` per cell, so no engine's JIT
 * state, heap or WebAssembly memory leaks into another's numbers).
 *
 *   node --expose-gc bench/cell.mjs --engine planck --scene pyramid-20 [--warmup 60] [--steps 600]
 *        [--budget-ms 60000] [--alloc-steps 60] [--json]
 *
 * Protocol:
 *   1. build the scene (not timed);
 *   2. `warmup` steps (60 = the first simulated second; lets the JIT settle);
 *   3. gc(), read heapUsed; then `steps` steps, each timed on its own with
 *      process.hrtime.bigint(); gc(), read heapUsed again: the difference per
 *      step is the heap the engine *kept* (growth);
 *      an engine whose timed steps pass `budget-ms` stops early (at least 60
 *      timed steps), and the output says how many steps it timed;
 *   4. `alloc-steps` more steps with heapUsed read just before and just after
 *      each one: the mean rise, less what reading heapUsed itself costs
 *      (measured first around an empty function), estimates the bytes the
 *      engine *allocates* per step (garbage included). Steps during which a
 *      scavenge ran show a fall and are left out (a slow engine stops this
 *      pass after budget-ms / 6, with at least 5 steps);
 *   5. sanity: every body's position finite, its centre above the floor top
 *      and between the walls' inner faces (no container: within 1 km of
 *      where it started);
 *   6. pyramid scenes: the largest distance any box moved between t = 1 s and
 *      t = 10 s (after steps 60 and 600);
 *   7. joint scenes: joint quality (see jointQuality below) after the warm-up,
 *      every 60 timed steps (outside the timed part of the step) and at the
 *      end: the worst joint separation and limit violation seen, and their
 *      values at the end; joint_grid also gives its bottom row's mean height.
 *
 * Scenes with groups (ragdoll_rain) add and remove bodies and joints between
 * steps on a fixed schedule (a group is added before step `spawn`, counting
 * steps from 0, and removed before step `despawn`). That work is not part of
 * the timed step: it is timed on its own and reported as `spawnMs` (total).
 * Sanity and quality only look at the bodies and joints alive at the end.
 *
 * Prints one line `RESULT {json}` (with --json only that line), which run.mjs reads.
 */
import { parseArgs } from "node:util";
import { buildScene, isJointScene } from "./scenes.mjs";
import { jointFrames, jointQuality, maxDisplacement, quantile, sanityOf, Schedule } from "./measure.mjs";
import { loadEngine } from "./engines/index.mjs";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string" },
    scene: { type: "string" },
    warmup: { type: "string", default: "60" },
    steps: { type: "string", default: "600" },
    "budget-ms": { type: "string", default: "60000" },
    "alloc-steps": { type: "string", default: "60" },
    json: { type: "boolean", default: false },
  },
});

const MIN_TIMED_STEPS = 60;

function intArg(name) {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`--${name} must be a non-negative integer, got ${args[name]}`);
  return n;
}

if (typeof globalThis.gc !== "function") {
  throw new Error("run with `node --expose-gc` (the heap figures need gc())");
}
const gc = globalThis.gc;
const heapUsed = () => process.memoryUsage().heapUsed;

/**
 * Mean rise of heapUsed across `fn()`, over the calls where it did not fall
 * (no GC in between). Stops early, after at least 5 calls, once `limitMs` have passed.
 */
function meanHeapRise(fn, calls, limitMs = Infinity, pre = null) {
  let total = 0;
  let counted = 0;
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    if (pre) pre();
    const before = heapUsed();
    fn();
    const after = heapUsed();
    if (after >= before) {
      total += after - before;
      counted++;
    }
    if (i >= 4 && performance.now() - start > limitMs) break;
  }
  return { rise: counted > 0 ? total / counted : NaN, counted };
}

async function measure() {
  const warmup = intArg("warmup");
  const requestedSteps = intArg("steps");
  if (requestedSteps < 1) throw new RangeError(`--steps must be at least 1, got ${requestedSteps}`);
  const budgetMs = intArg("budget-ms");
  const allocSteps = intArg("alloc-steps");
  const scene = buildScene(args.scene);
  const engine = await loadEngine(args.engine);
  const result = {
    engine: args.engine,
    label: engine.describe.label,
    package: engine.describe.package,
    language: engine.describe.language,
    scene: scene.name,
    bodies: scene.liveBodies ?? scene.bodies.length,
  };
  const joints = isJointScene(scene);
  if (joints) result.joints = scene.liveJoints ?? scene.joints.length;
  const reason = engine.unsupported(scene);
  if (reason) return { ...result, skipped: reason };

  let t = process.hrtime.bigint();
  const sim = await engine.create(scene);
  result.buildMs = Number(process.hrtime.bigint() - t) / 1e6;
  result.settings = sim.settings;

  // The spawn schedule (ragdoll_rain): which groups come and go before which step.
  const schedule = new Schedule(scene, sim, () => Number(process.hrtime.bigint()) / 1e6);
  const { live, liveJoint } = schedule;

  // Stability checkpoints for pyramids: after the steps ending at t = 1 s and t = 10 s.
  const stepsPerSecond = Math.round(1 / scene.dt);
  const checkpointA = stepsPerSecond;
  const checkpointB = 10 * stepsPerSecond;
  const posA = new Float64Array(2 * scene.bodies.length);
  const posB = new Float64Array(2 * scene.bodies.length);
  let haveA = false;
  let haveB = false;
  let stepCount = 0;
  /** Before a step: the groups due now leave, then the new ones come (not part of the step's time). */
  const beforeStep = () => schedule.before(stepCount);

  // Joint quality, sampled (not timed) after the warm-up, every 60 timed steps and at the end.
  const frames = joints ? jointFrames(scene) : null;
  const qPos = joints ? new Float64Array(2 * scene.bodies.length) : null;
  const qAng = joints ? new Float64Array(scene.bodies.length) : null;
  const worst = { maxSep: 0, maxLimit: 0, samples: 0 };
  let lastQuality = null;
  const sampleQuality = () => {
    qPos.fill(NaN);
    qAng.fill(NaN);
    sim.readPositions(qPos);
    sim.readAngles(qAng);
    const q = jointQuality(scene, frames, qPos, qAng, liveJoint);
    if (!(q.maxSep <= worst.maxSep)) worst.maxSep = q.maxSep;
    if (!(q.maxLimit <= worst.maxLimit)) worst.maxLimit = q.maxLimit;
    worst.samples++;
    lastQuality = q;
  };

  const afterStep = () => {
    stepCount++;
    if (!scene.pyramid) return;
    if (stepCount === checkpointA) {
      sim.readPositions(posA);
      haveA = true;
    } else if (stepCount === checkpointB) {
      sim.readPositions(posB);
      haveB = true;
    }
  };

  for (let i = 0; i < warmup; i++) {
    beforeStep();
    sim.step();
    afterStep();
  }
  if (joints) sampleQuality();

  const times = new Float64Array(requestedSteps);
  gc();
  const heapBefore = heapUsed();
  let timed = 0;
  let elapsedMs = 0;
  while (timed < requestedSteps) {
    beforeStep();
    t = process.hrtime.bigint();
    sim.step();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    times[timed++] = ms;
    elapsedMs += ms;
    afterStep();
    if (joints && timed % 60 === 0) sampleQuality();
    if (elapsedMs > budgetMs && timed >= MIN_TIMED_STEPS) break;
  }
  gc();
  const heapAfter = heapUsed();

  const baseline = meanHeapRise(() => {}, 200).rise;
  // A slow engine gets at most a sixth of the time budget for this pass.
  const alloc = meanHeapRise(
    () => {
      sim.step();
      afterStep();
    },
    allocSteps,
    budgetMs / 6,
    beforeStep,
  );

  const sorted = Array.from(times.subarray(0, timed)).sort((a, b) => a - b);
  const final = new Float64Array(2 * scene.bodies.length).fill(NaN);
  sim.readPositions(final);

  Object.assign(result, {
    warmup,
    requestedSteps,
    steps: timed,
    truncated: timed < requestedSteps,
    budgetMs,
    meanMs: elapsedMs / timed,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    minMs: sorted[0],
    maxMs: sorted[sorted.length - 1],
    heapGrowthPerStep: (heapAfter - heapBefore) / timed,
    allocPerStep: alloc.counted > 0 ? Math.max(0, alloc.rise - baseline) : null,
    allocSteps: alloc.counted,
    simulatedSeconds: stepCount * scene.dt,
    sanity: sanityOf(scene, final, live),
    drift: scene.pyramid && haveA && haveB ? maxDisplacement(posA, posB) : null,
  });
  if (scene.groups) Object.assign(result, { spawnMs: schedule.spawnMs, groupsSpawned: schedule.spawned, groupsRemoved: schedule.despawned });
  if (joints) {
    sampleQuality();
    const quality = {
      samples: worst.samples,
      jointsAlive: lastQuality.joints,
      worstSeparation: worst.maxSep,
      worstLimitViolation: worst.maxLimit,
      finalMaxSeparation: lastQuality.maxSep,
      finalMeanSeparation: lastQuality.meanSep,
      finalLimitViolation: lastQuality.maxLimit,
    };
    if (scene.gridRows) {
      const row = scene.gridRows[scene.gridRows.length - 1];
      let sum = 0;
      for (const i of row) sum += final[2 * i + 1];
      quality.bottomRowY = sum / row.length;
      quality.bottomRowStartY = scene.bodies[row[0]].y;
    }
    result.quality = quality;
  }
  if (scene.pyramid && !(haveA && haveB)) result.driftNote = `not measured: ran ${stepCount} steps, needs ${checkpointB}`;
  return result;
}

let result;
try {
  result = await measure();
} catch (err) {
  result = { engine: args.engine, scene: args.scene, error: String(err && err.stack ? err.stack : err) };
}
if (!args.json && !result.error) {
  process.stderr.write(
    result.skipped
      ? `${result.engine} / ${result.scene}: skipped (${result.skipped})\n`
      : `${result.engine} / ${result.scene}: mean ${result.meanMs.toFixed(3)} ms/step over ${result.steps} steps\n`,
  );
}
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
// WebAssembly engines keep the event loop alive on some Node versions; this process is done.
process.exit(result.error ? 1 : 0);
