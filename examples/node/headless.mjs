#!/usr/bin/env node
/**
 * capsule2d without a browser: run a scene for N seconds of simulated time,
 * as fast as the machine allows, and get the data out.
 *
 *   npm run headless -- --seconds 10 --bodies 200 --out headless-out
 *   node examples/node/headless.mjs --help
 *
 * It prints a summary (bodies, steps per second, final kinetic energy, whether
 * the pile came to rest) and writes into the --out directory:
 *   trajectories.csv  time,id,label,x,y,angle,vx,vy,w   one row per dynamic body per sample
 *   final-state.json  the summary and every body's final state, plain JSON
 *
 * The scene is a container (a floor and two walls) filled with a mix of
 * circles, capsules and boxes dropped from a grid. Sizes come from a seeded
 * pseudo-random generator, never Math.random, so the same flags give the same
 * scene and, capsule2d being deterministic, the same numbers on every run.
 *
 * This file imports the *built* package ("capsule2d" resolves to
 * dist/capsule2d.js through package.json "exports"), exactly as code that
 * installed capsule2d from npm would; it builds dist/ first if it is missing.
 */
import { existsSync, mkdirSync, openSync, writeSync, closeSync, writeFileSync } from "node:fs";
import { resolve, join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { mulberry32 } from "./random.mjs";

const HELP = `Usage: node examples/node/headless.mjs [options]

  --seconds <s>       simulated seconds to run (default 10)
  --bodies <n>        dynamic bodies in the scene (default 200)
  --out <dir>         directory for trajectories.csv and final-state.json (default headless-out)
  --dt <s>            fixed time step (default 1/60)
  --sample-every <k>  write a CSV row set every k steps (default 6, i.e. 10 Hz at dt = 1/60)
  --solver <name>     soft-step | pgs (default soft-step)
  --seed <n>          seed for the scene's sizes and shapes (default 1)
  --help              print this help`;

// ---- command line -------------------------------------------------------------------------

/** Parse and check the flags; on bad input print why and exit with code 2. */
function readOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        seconds: { type: "string", default: "10" },
        bodies: { type: "string", default: "200" },
        out: { type: "string", default: "headless-out" },
        dt: { type: "string", default: String(1 / 60) },
        "sample-every": { type: "string", default: "6" },
        solver: { type: "string", default: "soft-step" },
        seed: { type: "string", default: "1" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    fail(err.message);
  }
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const number = (name, test, what) => {
    const v = Number(values[name]);
    if (!Number.isFinite(v) || !test(v)) fail(`--${name} must be ${what}, got ${JSON.stringify(values[name])}`);
    return v;
  };
  const solver = values.solver;
  if (solver !== "soft-step" && solver !== "pgs") fail(`--solver must be soft-step or pgs, got ${JSON.stringify(solver)}`);
  return {
    seconds: number("seconds", (v) => v > 0, "a number > 0"),
    bodies: number("bodies", (v) => Number.isInteger(v) && v >= 0, "an integer >= 0"),
    out: resolve(values.out),
    dt: number("dt", (v) => v > 0 && v <= 0.1, "a number in (0, 0.1]"),
    sampleEvery: number("sample-every", (v) => Number.isInteger(v) && v >= 1, "an integer >= 1"),
    solver,
    seed: number("seed", (v) => Number.isInteger(v), "an integer"),
  };
}

function fail(message) {
  console.error(`headless: ${message}\n\n${HELP}`);
  process.exit(2);
}

// ---- the built package ---------------------------------------------------------------------

/** Import capsule2d from dist/, building it first when it is not there yet. */
async function loadCapsule2d() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
  if (!existsSync(join(root, "dist", "capsule2d.js"))) {
    console.log("dist/capsule2d.js is missing: building it with scripts/build.mjs ...");
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  }
  // A package may import itself by name; package.json "exports" maps it to dist/capsule2d.js.
  return import("capsule2d");
}

// ---- the scene -----------------------------------------------------------------------------

/**
 * A floor and two walls, then `count` bodies on a grid above the floor:
 * every third a circle, a capsule or a box, each about 0.3-0.5 m across.
 */
function buildScene({ World, Circle, Capsule, AABB }, { bodies: count, solver, seed }) {
  const world = new World({ gravity: { x: 0, y: -9.81 }, solver });
  const columns = Math.max(4, Math.ceil(Math.sqrt(count)));
  const cell = 1.1; // metres between grid points: no body overlaps another at the start
  const rows = Math.ceil(count / columns);
  const halfInside = (columns * cell) / 2 + 0.5;
  const wallTop = 2 + 2 * rows * cell; // twice the drop height: nothing bounces out
  const wall = { type: "static", label: "wall" };
  world.add(AABB.fromBounds({ x: -halfInside - 1, y: -1 }, { x: halfInside + 1, y: 0 }, { ...wall, label: "floor" }));
  world.add(AABB.fromBounds({ x: -halfInside - 1, y: 0 }, { x: -halfInside, y: wallTop }, wall));
  world.add(AABB.fromBounds({ x: halfInside, y: 0 }, { x: halfInside + 1, y: wallTop }, wall));

  const random = mulberry32(seed);
  for (let i = 0; i < count; i++) {
    const position = {
      x: -((columns - 1) * cell) / 2 + (i % columns) * cell + (random() - 0.5) * 0.1,
      y: 1 + Math.floor(i / columns) * cell,
    };
    const size = 0.15 + 0.1 * random(); // 0.15-0.25 m
    const common = { position, friction: 0.5, restitution: 0.1 };
    switch (i % 3) {
      case 0:
        world.add(new Circle({ ...common, radius: size, label: "circle" }));
        break;
      case 1:
        world.add(new Capsule({ ...common, radius: size * 0.7, halfLength: size, angle: random() * Math.PI, label: "capsule" }));
        break;
      default:
        world.add(new AABB({ ...common, halfWidth: size, halfHeight: size * (0.6 + 0.8 * random()), label: "box" }));
    }
  }
  return world;
}

// ---- output --------------------------------------------------------------------------------

/** Sum of ½mv² + ½Iω² over the dynamic bodies (J). */
function kineticEnergy(world) {
  let e = 0;
  for (const b of world.bodies) if (b.type === "dynamic") e += b.kineticEnergy;
  return e;
}

/** Appends one row per dynamic body: time,id,label,x,y,angle,vx,vy,w. */
function writeSample(fd, world) {
  let rows = "";
  const t = world.time;
  for (const b of world.bodies) {
    if (b.type !== "dynamic") continue;
    rows += `${t},${b.id},${b.label},${b.position.x},${b.position.y},${b.angle},${b.velocity.x},${b.velocity.y},${b.angularVelocity}\n`;
  }
  writeSync(fd, rows);
}

/** Everything a later script needs to pick the simulation up or to check it. */
function bodyState(b) {
  return {
    id: b.id,
    label: b.label,
    kind: ["circle", "capsule", "box"][b.kind],
    type: b.type,
    position: { x: b.position.x, y: b.position.y },
    angle: b.angle,
    velocity: { x: b.velocity.x, y: b.velocity.y },
    angularVelocity: b.angularVelocity,
    radius: b.radius,
    halfLength: b.halfLength,
    halfWidth: b.halfWidth,
    halfHeight: b.halfHeight,
    mass: b.mass,
    isSleeping: b.isSleeping,
  };
}

// ---- main ----------------------------------------------------------------------------------

const options = readOptions(process.argv.slice(2));
const capsule2d = await loadCapsule2d();
const world = buildScene(capsule2d, options);
mkdirSync(options.out, { recursive: true });
const csvPath = join(options.out, "trajectories.csv");
const jsonPath = join(options.out, "final-state.json");

const steps = Math.round(options.seconds / options.dt);
const csv = openSync(csvPath, "w");
writeSync(csv, "time,id,label,x,y,angle,vx,vy,w\n");
writeSample(csv, world);

// Time only the stepping, not the file writing, so "steps per second" measures the engine.
let stepMs = 0;
for (let i = 1; i <= steps; i++) {
  const t0 = performance.now();
  world.step(options.dt);
  stepMs += performance.now() - t0;
  if (i % options.sampleEvery === 0 || i === steps) writeSample(csv, world);
}
closeSync(csv);

const dynamic = world.bodies.filter((b) => b.type === "dynamic");
const energy = kineticEnergy(world);
const allAsleep = dynamic.every((b) => b.isSleeping);
// "At rest": every body asleep, or so slow that nothing visibly moves (under 1 mJ per body).
const atRest = allAsleep || energy < 1e-3 * Math.max(1, dynamic.length);
const summary = {
  bodies: world.bodies.length,
  dynamicBodies: dynamic.length,
  steps,
  dt: options.dt,
  simulatedSeconds: world.time,
  stepMilliseconds: stepMs,
  stepsPerSecond: steps / (stepMs / 1000),
  realTimeFactor: world.time / (stepMs / 1000),
  finalKineticEnergy: energy,
  sleepingBodies: dynamic.filter((b) => b.isSleeping).length,
  cameToRest: atRest,
  solver: options.solver,
  seed: options.seed,
};
writeFileSync(jsonPath, JSON.stringify({ summary, bodies: world.bodies.map(bodyState) }, null, 2) + "\n");

const fmt = (v, digits = 1) => v.toLocaleString("en-US", { maximumFractionDigits: digits });
console.log(`capsule2d headless: ${summary.bodies} bodies (${summary.dynamicBodies} dynamic), solver ${summary.solver}`);
console.log(`  simulated     ${fmt(summary.simulatedSeconds, 3)} s in ${steps} steps of ${fmt(options.dt * 1000, 3)} ms`);
console.log(`  stepping took ${fmt(stepMs / 1000, 3)} s: ${fmt(summary.stepsPerSecond)} steps/s, ${fmt(summary.realTimeFactor)}x real time`);
console.log(`  final kinetic energy ${summary.finalKineticEnergy.toExponential(3)} J`);
console.log(`  came to rest: ${atRest ? "yes" : "no"} (${summary.sleepingBodies} of ${summary.dynamicBodies} bodies asleep)`);
console.log(`  wrote ${csvPath}`);
console.log(`  wrote ${jsonPath}`);
