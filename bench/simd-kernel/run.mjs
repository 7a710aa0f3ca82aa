/**
 * Experiment: is capsule2d's contact solve kernel faster in WebAssembly?
 *
 *   npm run build            # in the repository root (dist/)
 *   cd bench/simd-kernel && npm install && npm run build && npm start [scene ...]
 *
 * Builds a bench scene (bench/scenes.mjs) in a world with solverThreads 1, so
 * that the step's constraints are sorted into colours (src/solver/graph-colour.ts)
 * as the parallel solver sorts them, steps it 100 steps, and takes the
 * constraints and bodies at the first solve pass of the next step. Then it
 * runs that pass 4 times from the same state with three kernels, in turns,
 * 60 rounds, and prints the medians:
 *   - JavaScript: the engine's own `solveContacts` (dist/esm/solver/contact-kernels.js),
 *     over each part of the colouring in turn;
 *   - wasm scalar: kernel.ts's `solveScalar`, the same loop;
 *   - wasm f64x2: within each colour, pairs of constraints with as many
 *     points on the two lanes of `solvePairs`, the others in one call of
 *     `solveList` per colour.
 * It first checks that one pass of each gives the JavaScript kernel's bits
 * (every constraint number and body velocity).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildScene } from "../scenes.mjs";
import { buildCapsule2dWorld } from "../engines/capsule2d-common.mjs";

const root = new URL("../../", import.meta.url);
const lib = await import(new URL("dist/capsule2d.js", root).href);
const { solveContacts } = await import(new URL("dist/esm/solver/contact-kernels.js", root).href);
const wasmBytes = readFileSync(fileURLToPath(new URL("kernel.wasm", import.meta.url)));
const COLUMNS = ["vx", "vy", "w", "invMass", "invI", "dpx", "dpy", "dqc", "dqs"];
const median = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];

/** The constraints, bodies and colouring at the first solve pass (with bias) after `warm` steps. */
function capture(name, warm) {
  const sim = buildCapsule2dWorld(lib, buildScene(name), { solverThreads: 1 }, "x");
  for (let i = 0; i < warm; i++) sim.step();
  const world = sim.world;
  const cc = world.contactConstraints;
  const sb = world.solverBodies;
  let taken = null;
  const solveSoft = cc.solveSoft;
  cc.solveSoft = function (bodies, useBias, soft, stiff) {
    if (useBias && taken === null) {
      taken = {
        count: cc.count,
        values: cc.values.slice(),
        ints: cc.ints.slice(),
        params: cc.params.slice(),
        start: world.colouring.start.slice(),
        columns: Object.fromEntries(COLUMNS.map((k) => [k, sb[k].slice()])),
      };
      taken.params[0] = sb.invH; // what solveSoft writes before its pass
      taken.params[2] = cc.maxPush;
      taken.params[3] = soft.biasRate;
      taken.params[4] = soft.massScale;
      taken.params[5] = soft.impulseScale;
      taken.params[6] = stiff.biasRate;
      taken.params[7] = stiff.massScale;
      taken.params[8] = stiff.impulseScale;
    }
    return solveSoft.call(this, bodies, useBias, soft, stiff);
  };
  sim.step();
  return taken;
}

for (const name of process.argv.slice(2).length ? process.argv.slice(2) : ["large-pyramid", "many_pyramids", "smash", "rain-circles-5000", "capsules-2000"]) {
  const t = capture(name, 100);
  const { count, values, ints, start } = t;
  const cap = t.columns.vx.length;
  // the plan: per part (overflow, then each colour), pairs of constraints with as many points on the lanes, the rest in one list
  const pairs = [];
  const singles = [];
  const plan = []; // [first pair, pair count, first single, single count]
  for (let p = 0; p + 1 < start.length; p++) {
    const a = start[p];
    const b = start[p + 1];
    if (b <= a) continue;
    const byPoints = [[], []];
    const rest = [];
    for (let i = a; i < b; i++) {
      // never the overflow (its constraints may share bodies); rolling resistance on the scalar path
      if (p > 0 && values[40 * i + 5] === 0) byPoints[ints[4 * i + 2] - 1].push(i);
      else rest.push(i);
    }
    const firstPair = pairs.length / 2;
    for (const group of byPoints) {
      if (group.length % 2 === 1) rest.push(group.pop());
      pairs.push(...group);
    }
    plan.push([firstPair, pairs.length / 2 - firstPair, singles.length, rest.length]);
    singles.push(...rest);
  }
  const { instance } = await WebAssembly.instantiate(wasmBytes, { env: { abort() { throw new Error("wasm abort"); } } });
  const { memory, solveScalar, solvePairs, solveList } = instance.exports;
  const pValues = 1 << 16;
  const pInts = pValues + values.length * 8;
  const pParams = (pInts + ints.length * 4 + 7) & ~7;
  const pBodies = pParams + 16 * 8;
  const pPairs = pBodies + COLUMNS.length * cap * 8;
  const pSingles = pPairs + pairs.length * 4;
  const end = pSingles + singles.length * 4;
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const load = () => {
    new Float64Array(memory.buffer, pValues, values.length).set(values);
    new Int32Array(memory.buffer, pInts, ints.length).set(ints);
    new Float64Array(memory.buffer, pParams, 16).set(t.params.subarray(0, 16));
    COLUMNS.forEach((k, j) => new Float64Array(memory.buffer, pBodies + j * cap * 8, cap).set(t.columns[k]));
    new Int32Array(memory.buffer, pPairs, pairs.length).set(pairs);
    new Int32Array(memory.buffer, pSingles, singles.length).set(singles);
  };
  const js = () => ({ c: { values: values.slice(), ints, params: t.params }, b: Object.fromEntries(COLUMNS.map((k) => [k, t.columns[k].slice()])) });
  const runJs = ({ c, b }) => {
    for (let p = 0; p + 1 < start.length; p++) if (start[p + 1] > start[p]) solveContacts(c, b, start[p], start[p + 1], true, false);
  };
  const runScalar = () => solveScalar(pValues, pInts, pParams, pBodies, cap, 0, count);
  const runLanes = () => {
    for (const [firstPair, pairCount, firstSingle, singleCount] of plan) {
      if (pairCount > 0) solvePairs(pValues, pInts, pParams, pBodies, cap, pPairs + 8 * firstPair, pairCount);
      if (singleCount > 0) solveList(pValues, pInts, pParams, pBodies, cap, pSingles + 4 * firstSingle, singleCount);
    }
  };
  // same bits?
  const ref = js();
  runJs(ref);
  const differing = (run) => {
    load();
    run();
    const v = new Float64Array(memory.buffer, pValues, values.length);
    let n = 0;
    for (let i = 0; i < values.length; i++) if (!Object.is(v[i], ref.c.values[i])) n++;
    COLUMNS.slice(0, 3).forEach((k, j) => {
      const col = new Float64Array(memory.buffer, pBodies + j * cap * 8, cap);
      for (let s = 1; s < cap; s++) if (!Object.is(col[s], ref.b[k][s])) n++; // slot 0: the still bodies (cleared after each pass)
    });
    return n;
  };
  const dScalar = differing(runScalar);
  const dLanes = differing(runLanes);
  // time: 4 passes in a row from the same start, the three in turns
  const times = [[], [], []];
  const state = js();
  load();
  for (let r = 0; r < 60; r++) {
    let t0 = performance.now();
    for (let k = 0; k < 4; k++) runJs(state);
    times[0].push(performance.now() - t0);
    t0 = performance.now();
    for (let k = 0; k < 4; k++) runScalar();
    times[1].push(performance.now() - t0);
    t0 = performance.now();
    for (let k = 0; k < 4; k++) runLanes();
    times[2].push(performance.now() - t0);
  }
  const [a, b, c] = times.map(median);
  console.log(
    `${name}: ${count} constraints, ${pairs.length} on lanes; numbers differing from JavaScript: scalar ${dScalar}, f64x2 ${dLanes}\n` +
      `  4 passes: JavaScript ${a.toFixed(2)} ms | wasm scalar ${b.toFixed(2)} ms (${(b / a).toFixed(2)}×) | wasm f64x2 ${c.toFixed(2)} ms (${(c / a).toFixed(2)}×)`,
  );
}
