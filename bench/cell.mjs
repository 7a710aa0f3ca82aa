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
import { buildScene, isJointScene, toLocal } from "./scenes.mjs";
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

/** live: null (every body is in the world) or a Uint8Array, 1 for the bodies alive now. */
/**
 * Without a container (joint_grid) a body counts as flung away when its centre
 * is more than this far from where it started: a 100 m grid hanging from its
 * top row never gets near it, an exploded one does.
 */
const FLUNG = 1000;

function sanityOf(scene, pos, live) {
  const c = scene.container; // null: no container (joint_grid)
  let nan = 0;
  let belowFloor = 0;
  let outsideWalls = 0;
  let flung = 0;
  for (let i = 0; i < scene.bodies.length; i++) {
    if (live && !live[i]) continue;
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) nan++;
    else if (c) {
      if (y < c.floorY) belowFloor++;
      if (x < c.minX || x > c.maxX) outsideWalls++;
    } else if (Math.hypot(x - scene.bodies[i].x, y - scene.bodies[i].y) > FLUNG) {
      flung++;
    }
  }
  return { nan, belowFloor, outsideWalls, flung, ok: nan === 0 && belowFloor === 0 && outsideWalls === 0 && flung === 0 };
}

/** Each joint's anchor in its two bodies' frames at creation (the scene's frames: capsules along local x). */
function jointFrames(scene) {
  return scene.joints.map((j) => {
    const A = scene.bodies[j.a];
    const B = scene.bodies[j.b];
    return {
      a: toLocal(j.anchor.x, j.anchor.y, A.x, A.y, A.angle ?? 0),
      b: toLocal(j.anchor.x, j.anchor.y, B.x, B.y, B.angle ?? 0),
      reference: (B.angle ?? 0) - (A.angle ?? 0),
    };
  });
}

/** An angle in (−π, π]. */
function wrap(a) {
  a = a % (2 * Math.PI);
  if (a > Math.PI) a -= 2 * Math.PI;
  else if (a <= -Math.PI) a += 2 * Math.PI;
  return a;
}

/**
 * Joint quality from the engine's poses (read back through the adapter, so
 * every engine is judged by the same arithmetic): for every joint alive,
 * the separation of its two anchors (each body's anchor carried by that
 * body's position and angle; 0 for a perfect revolute joint), and for a
 * joint with limits how far B's angle relative to A's lies outside them.
 * Returns the largest and mean separation (m) and the largest limit
 * violation (rad); NaN wins, so a broken scene cannot look good.
 */
function jointQuality(scene, frames, pos, ang, liveJoint) {
  let maxSep = 0;
  let sumSep = 0;
  let count = 0;
  let maxLimit = 0;
  for (let i = 0; i < scene.joints.length; i++) {
    if (liveJoint && !liveJoint[i]) continue;
    const j = scene.joints[i];
    const f = frames[i];
    const aa = ang[j.a];
    const ab = ang[j.b];
    const ca = Math.cos(aa);
    const sa = Math.sin(aa);
    const cb = Math.cos(ab);
    const sb = Math.sin(ab);
    const ax = pos[2 * j.a] + ca * f.a.x - sa * f.a.y;
    const ay = pos[2 * j.a + 1] + sa * f.a.x + ca * f.a.y;
    const bx = pos[2 * j.b] + cb * f.b.x - sb * f.b.y;
    const by = pos[2 * j.b + 1] + sb * f.b.x + cb * f.b.y;
    const sep = Math.hypot(bx - ax, by - ay);
    if (!(sep <= maxSep)) maxSep = sep;
    sumSep += sep;
    count++;
    if (j.limit) {
      const rel = wrap(ab - aa - f.reference);
      const v = Math.max(0, j.limit.lower - rel, rel - j.limit.upper);
      if (!(v <= maxLimit)) maxLimit = v;
    }
  }
  return { maxSep, meanSep: count > 0 ? sumSep / count : 0, maxLimit, joints: count };
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
  const events = new Map();
  const live = scene.groups ? new Uint8Array(scene.bodies.length).fill(1) : null;
  const liveJoint = scene.groups ? new Uint8Array(scene.joints.length).fill(1) : null;
  for (const g of scene.groups ?? []) {
    live.fill(0, g.bodies[0], g.bodies[1]);
    liveJoint.fill(0, g.joints[0], g.joints[1]);
    for (const [when, what] of [[g.spawn, "spawn"], [g.despawn, "despawn"]]) {
      if (when === null) continue;
      if (!events.has(when)) events.set(when, { spawn: [], despawn: [] });
      events.get(when)[what].push(g);
    }
  }
  let spawnMs = 0;
  let spawned = 0;
  let despawned = 0;

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
  const beforeStep = () => {
    const due = events.get(stepCount);
    if (!due) return;
    const t0 = process.hrtime.bigint();
    for (const g of due.despawn) {
      sim.despawn(g);
      live.fill(0, g.bodies[0], g.bodies[1]);
      liveJoint.fill(0, g.joints[0], g.joints[1]);
      despawned++;
    }
    for (const g of due.spawn) {
      sim.spawn(g);
      live.fill(1, g.bodies[0], g.bodies[1]);
      liveJoint.fill(1, g.joints[0], g.joints[1]);
      spawned++;
    }
    spawnMs += Number(process.hrtime.bigint() - t0) / 1e6;
  };

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
  if (scene.groups) Object.assign(result, { spawnMs, groupsSpawned: spawned, groupsRemoved: despawned });
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
