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
 *      and between the walls' inner faces;
 *   6. pyramid scenes: the largest distance any box moved between t = 1 s and
 *      t = 10 s (after steps 60 and 600).
 *
 * Prints one line `RESULT {json}` (with --json only that line), which run.mjs reads.
 */
import { parseArgs } from "node:util";
import { buildScene } from "./scenes.mjs";
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

/** The q-quantile (0..1) of sorted values, by linear interpolation. */
function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * Mean rise of heapUsed across `fn()`, over the calls where it did not fall
 * (no GC in between). Stops early, after at least 5 calls, once `limitMs` have passed.
 */
function meanHeapRise(fn, calls, limitMs = Infinity) {
  let total = 0;
  let counted = 0;
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
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

function sanityOf(scene, pos) {
  const { minX, maxX, floorY } = scene.container;
  let nan = 0;
  let belowFloor = 0;
  let outsideWalls = 0;
  for (let i = 0; i < scene.bodies.length; i++) {
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) nan++;
    else {
      if (y < floorY) belowFloor++;
      if (x < minX || x > maxX) outsideWalls++;
    }
  }
  return { nan, belowFloor, outsideWalls, ok: nan === 0 && belowFloor === 0 && outsideWalls === 0 };
}

function maxDisplacement(a, b) {
  let max = 0;
  for (let i = 0; i < a.length; i += 2) {
    const dx = b[i] - a[i];
    const dy = b[i + 1] - a[i + 1];
    const d = Math.sqrt(dx * dx + dy * dy);
    if (!(d <= max)) max = d; // NaN wins, so a broken pyramid cannot look stable
  }
  return max;
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
    bodies: scene.bodies.length,
  };
  const reason = engine.unsupported(scene);
  if (reason) return { ...result, skipped: reason };

  let t = process.hrtime.bigint();
  const sim = await engine.create(scene);
  result.buildMs = Number(process.hrtime.bigint() - t) / 1e6;
  result.settings = sim.settings;

  // Stability checkpoints for pyramids: after the steps ending at t = 1 s and t = 10 s.
  const stepsPerSecond = Math.round(1 / scene.dt);
  const checkpointA = stepsPerSecond;
  const checkpointB = 10 * stepsPerSecond;
  const posA = new Float64Array(2 * scene.bodies.length);
  const posB = new Float64Array(2 * scene.bodies.length);
  let haveA = false;
  let haveB = false;
  let stepCount = 0;
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
    sim.step();
    afterStep();
  }

  const times = new Float64Array(requestedSteps);
  gc();
  const heapBefore = heapUsed();
  let timed = 0;
  let elapsedMs = 0;
  while (timed < requestedSteps) {
    t = process.hrtime.bigint();
    sim.step();
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    times[timed++] = ms;
    elapsedMs += ms;
    afterStep();
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
  );

  const sorted = Array.from(times.subarray(0, timed)).sort((a, b) => a - b);
  const final = new Float64Array(2 * scene.bodies.length);
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
    sanity: sanityOf(scene, final),
    drift: scene.pyramid && haveA && haveB ? maxDisplacement(posA, posB) : null,
  });
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
