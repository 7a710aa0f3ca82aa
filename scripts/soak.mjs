#!/usr/bin/env node
/**
 * The long soak (`npm run soak`): 1000 bodies of every kind in a closed box,
 * gravity off, restitution between 0 and 1, stepped 100 000 times (about 28
 * simulated minutes). It fails (exit code 1) if any body's state becomes NaN
 * or Infinity, if a body leaves the box, or if the kinetic energy ever rises
 * more than 1 % above its starting value: with restitution ≤ 1 and no
 * gravity, a correct solver can only lose energy.
 *
 *     npm run soak                          # 1000 bodies, 100 000 steps
 *     npm run soak -- --bodies 300 --steps 20000
 *
 * Runs the built bundle (dist/capsule2d.js; `npm run build` first). The test
 * suite runs a short version (test/hardening.test.ts).
 */
import { loadBuilt } from "./built.mjs";
import { mulberry32 as rng } from "../examples/node/random.mjs";

const { World, Circle, Capsule, AABB } = await loadBuilt();

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const BODIES = arg("bodies", 1000);
const STEPS = arg("steps", 100_000);
const SEED = arg("seed", 1);
const DT = 1 / 60;

/** Mulberry32, the same seeded generator as test/support/scenes.ts. */

const r = rng(SEED);
const world = new World({ gravity: { x: 0, y: 0 } });
const cols = Math.ceil(Math.sqrt(BODIES));
const halfWidth = cols / 2 + 0.5;
const height = Math.ceil(BODIES / cols) + 1;
world.add(AABB.fromBounds({ x: -halfWidth - 1, y: -1 }, { x: halfWidth + 1, y: 0 }, { type: "static" }));
world.add(AABB.fromBounds({ x: -halfWidth - 1, y: height }, { x: halfWidth + 1, y: height + 1 }, { type: "static" }));
world.add(AABB.fromBounds({ x: -halfWidth - 1, y: 0 }, { x: -halfWidth, y: height }, { type: "static" }));
world.add(AABB.fromBounds({ x: halfWidth, y: 0 }, { x: halfWidth + 1, y: height }, { type: "static" }));
for (let i = 0; i < BODIES; i++) {
  const common = {
    position: { x: -halfWidth + 1 + (i % cols), y: 1 + Math.floor(i / cols) },
    velocity: { x: (r() - 0.5) * 8, y: (r() - 0.5) * 8 },
    angularVelocity: (r() - 0.5) * 4,
    restitution: r(),
    friction: r() * 0.8,
    density: 0.5 + r() * 2,
  };
  const k = r();
  if (k < 0.4) world.add(new Circle({ ...common, radius: 0.1 + r() * 0.25 }));
  else if (k < 0.8) world.add(new Capsule({ ...common, radius: 0.08 + r() * 0.12, halfLength: 0.1 + r() * 0.25, angle: r() * 3 }));
  else world.add(new AABB({ ...common, halfWidth: 0.1 + r() * 0.2, halfHeight: 0.1 + r() * 0.2 }));
}

function energy() {
  let e = 0;
  for (const b of world.bodies) if (b.type === "dynamic") e += b.kineticEnergy;
  return e;
}

function check(step) {
  for (const b of world.bodies) {
    const values = [b.position.x, b.position.y, b.rotCos, b.rotSin, b.velocity.x, b.velocity.y, b.angularVelocity];
    if (values.some((v) => !Number.isFinite(v))) return `body ${b.id} has a non-finite state at step ${step}`;
    if (b.type === "dynamic" && (Math.abs(b.position.x) > halfWidth || b.position.y < 0 || b.position.y > height)) {
      return `body ${b.id} left the box at step ${step} (${b.position.x}, ${b.position.y})`;
    }
  }
  return null;
}

const start = energy();
let peak = start;
let failure = null;
const t0 = performance.now();
console.log(`soak: ${BODIES} bodies, ${STEPS} steps, gravity off; kinetic energy at the start ${start.toFixed(3)} J`);
for (let i = 1; i <= STEPS && failure === null; i++) {
  world.step(DT);
  const e = energy();
  if (!Number.isFinite(e)) failure = `kinetic energy is ${e} at step ${i}`;
  else if (e > peak) peak = e;
  if (peak > start * 1.01) failure = `kinetic energy rose to ${((peak / start) * 100).toFixed(2)} % of its start at step ${i}`;
  if (failure === null && (i % 1000 === 0 || i === STEPS)) failure = check(i);
  if (i % 10_000 === 0) {
    const s = (performance.now() - t0) / 1000;
    console.log(`  step ${i}: energy ${((e / start) * 100).toFixed(2)} % of start, peak ${((peak / start) * 100).toFixed(2)} %, ${s.toFixed(0)} s`);
  }
}
if (failure !== null) {
  console.error(`soak FAILED: ${failure}`);
  process.exit(1);
}
console.log(`soak passed: ${STEPS} steps, no NaN, nothing escaped, peak energy ${((peak / start) * 100).toFixed(2)} % of start, state ${world.stateHash()}`);
