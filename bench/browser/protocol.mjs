/**
 * Measuring one engine on one scene inside a browser page: the same scene,
 * adapter and checks as bench/cell.mjs, with the page's clock. Used by the
 * browser runs of `npm run bench` (bench/browser/page.mjs) and by the
 * benchmark page (examples/bench/).
 *
 * Protocol: build the scene (timed as buildMs, not part of the step), run
 * `warmup` steps, then up to `steps` steps each timed on its own with
 * performance.now(), stopping early once their total passes `budgetMs` (after
 * at least `minSteps`); then the sanity check, and the pyramid drift when
 * the run reached t = 10 s. No heap figures: a page cannot force a GC.
 *
 * performance.now() is coarsened in browsers (Chromium: 100 µs, or 5 µs in a
 * cross-origin-isolated page; Firefox: 1 ms, or 20 µs isolated), so the
 * result says whether the page was isolated, and the mean is also computed
 * from one reading around the whole timed loop (`blockMeanMs`, spawning
 * excluded, the loop's own bookkeeping included), which stays accurate when
 * single steps are shorter than the clock's resolution.
 */
import { buildScene } from "../scenes.mjs";
import { maxDisplacement, quantile, sanityOf, Schedule } from "../measure.mjs";

/**
 * Measures `adapter` (an engine module: describe, unsupported, create) on
 * the scene named `sceneName` (or a scene object). Resolves to a result like
 * bench/cell.mjs's, without heap figures; `skipped` when the engine cannot
 * build the scene.
 */
export async function measureInPage(adapter, engineName, sceneOrName, options = {}) {
  const { warmup = 60, steps = 600, budgetMs = 10_000, minSteps = 60 } = options;
  const now = () => performance.now();
  const scene = typeof sceneOrName === "string" ? buildScene(sceneOrName) : sceneOrName;
  const result = {
    engine: engineName,
    label: adapter.describe.label,
    package: adapter.describe.package,
    language: adapter.describe.language,
    scene: scene.name,
    bodies: scene.liveBodies ?? scene.bodies.length,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
  };
  if (scene.joints) result.joints = scene.liveJoints ?? scene.joints.length;
  const reason = adapter.unsupported(scene);
  if (reason) return { ...result, skipped: reason };

  let t = now();
  const sim = await adapter.create(scene);
  result.buildMs = now() - t;
  result.settings = sim.settings;

  const schedule = new Schedule(scene, sim, now);
  const stepsPerSecond = Math.round(1 / scene.dt);
  const posA = new Float64Array(2 * scene.bodies.length);
  const posB = new Float64Array(2 * scene.bodies.length);
  let haveA = false;
  let haveB = false;
  let stepCount = 0;
  const afterStep = () => {
    stepCount++;
    if (!scene.pyramid) return;
    if (stepCount === stepsPerSecond) {
      sim.readPositions(posA);
      haveA = true;
    } else if (stepCount === 10 * stepsPerSecond) {
      sim.readPositions(posB);
      haveB = true;
    }
  };

  for (let i = 0; i < warmup; i++) {
    schedule.before(stepCount);
    sim.step();
    afterStep();
  }
  const times = new Float64Array(steps);
  let timed = 0;
  let elapsedMs = 0;
  const floor = Math.min(minSteps, steps);
  const spawnBefore = schedule.spawnMs;
  const loopStart = now();
  while (timed < steps) {
    schedule.before(stepCount);
    t = now();
    sim.step();
    const t1 = now();
    times[timed++] = t1 - t;
    elapsedMs += t1 - t;
    afterStep();
    if (elapsedMs > budgetMs && timed >= floor) break;
  }
  const blockMs = now() - loopStart - (schedule.spawnMs - spawnBefore);
  const sorted = Array.from(times.subarray(0, timed)).sort((a, b) => a - b);
  const final = new Float64Array(2 * scene.bodies.length).fill(NaN);
  sim.readPositions(final);
  Object.assign(result, {
    warmup,
    requestedSteps: steps,
    steps: timed,
    truncated: timed < steps,
    budgetMs,
    meanMs: elapsedMs / timed,
    medianMs: quantile(sorted, 0.5),
    p95Ms: quantile(sorted, 0.95),
    blockMeanMs: blockMs / timed,
    simulatedSeconds: stepCount * scene.dt,
    sanity: sanityOf(scene, final, schedule.live),
    drift: scene.pyramid && haveA && haveB ? maxDisplacement(posA, posB) : null,
  });
  if (sim.dispose) sim.dispose();
  return result;
}
