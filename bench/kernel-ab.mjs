/**
 * The contact kernels of two builds side by side, on the same numbers: a
 * finer before/after comparison than bench/ab.mjs for a change to
 * src/solver/contact-kernels.ts or to how its offsets are built in
 * (src/solver/row-layout.ts, scripts/row-layout.mjs), since only the kernels
 * run and both builds run them on identical copies of one step's constraints.
 *
 *   node bench/kernel-ab.mjs /tmp/base/dist/capsule2d.js large-pyramid tumbler
 *
 * Steps each scene 100 steps with this build, copies the contact constraints
 * and the solver's body columns, then runs a warm start and four solve passes
 * (`solveContacts` with the soft push-out) over all of them with each build's
 * kernels in turn, 60 rounds alternating which goes first, each from fresh
 * copies. Prints the medians (CPU ms per round) and new / old.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join, resolve } from "node:path";
import { buildScene } from "./scenes.mjs";
import { buildCapsule2dWorld } from "./engines/capsule2d-common.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [otherPath, ...names] = process.argv.slice(2);
if (otherPath === undefined) {
  console.error("usage: node bench/kernel-ab.mjs <other build's capsule2d.js> [scene ...]");
  process.exit(2);
}
// a module instance of its own for each (the query), so that the world stepped below does not train the kernels measured
// (the other build may be this one: an A/A run, for the noise)
const kernelsOf = (bundle, label) => import(`${pathToFileURL(join(dirname(resolve(bundle)), "esm/solver/contact-kernels.js")).href}?${label}`);
const oldK = await kernelsOf(otherPath, "old");
const newK = await kernelsOf(join(here, "../dist/capsule2d.js"), "new");
const lib = await import(join(here, "../dist/capsule2d.js"));
const COLUMNS = ["vx", "vy", "w", "invMass", "invI", "dpx", "dpy", "dqc", "dqs"];
const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];

for (const name of names.length > 0 ? names : ["large-pyramid", "tumbler", "capsules-2000"]) {
  const sim = buildCapsule2dWorld(lib, buildScene(name), {}, "x");
  for (let i = 0; i < 100; i++) sim.step();
  const cc = sim.world.contactConstraints;
  const sb = sim.world.solverBodies;
  const count = cc.count;
  const taken = { values: cc.values.slice(), ints: cc.ints.slice(), params: cc.params.slice(), columns: Object.fromEntries(COLUMNS.map((k) => [k, sb[k].slice()])) };
  const fresh = () => ({
    c: { values: taken.values.slice(), ints: taken.ints, params: taken.params },
    b: Object.fromEntries(COLUMNS.map((k) => [k, taken.columns[k].slice()])),
  });
  /** CPU ms of one round of `k`'s kernels on fresh copies. */
  const round = (k) => {
    const { c, b } = fresh();
    const t0 = process.cpuUsage();
    k.warmStartContacts(c, b, 0, count);
    for (let p = 0; p < 4; p++) k.solveContacts(c, b, 0, count, true, false);
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / 1e3;
  };
  for (let i = 0; i < 30; i++) {
    round(oldK);
    round(newK);
  }
  const t = [[], []];
  for (let r = 0; r < 60; r++) {
    const order = r % 2 ? [1, 0] : [0, 1];
    for (const k of order) t[k].push(round(k === 0 ? oldK : newK));
  }
  const [o, n] = [median(t[0]), median(t[1])];
  console.log(`${name.padEnd(18)} ${count} constraints: old ${o.toFixed(3)} ms, new ${n.toFixed(3)} ms | new/old ${(n / o).toFixed(2)}`);
}
