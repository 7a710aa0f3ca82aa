/**
 * Run by test/allocation.test.ts in a child Node process: one scene,
 * stepped from capsule2d's built modules as a user's program loads them
 * (not through the test runner's module transform, which changes what V8
 * compiles), warmed up, then measured in windows under V8's sampling heap
 * profiler (see heap-profile.mjs). Prints one JSON line: the bytes per step
 * that capsule2d's functions, and the built-ins they call, allocated in each
 * window, the four largest sites of the quietest window, and the sites that
 * allocated in every window.
 *
 *   node test/support/allocation-child.mjs <dist/capsule2d.js> <scene> [windows = 8] [steps per window = 60] [warm-up steps = 2500] [unprofiled steps between windows = 20]
 */
import { Session } from "node:inspector/promises";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { measureWindows } from "./heap-profile.mjs";

const [bundle, name, windowCount = "8", windowSteps = "60", warmup = "2500", gap = "20"] = process.argv.slice(2);
const { World, Circle, Capsule, AABB, Box, Polygon, Segment, Chain } = await import(pathToFileURL(bundle).href);
const dist = pathToFileURL(dirname(bundle)).href + "/";
const dt = 1 / 60;

/** 2,000 circles of radius 0.25–0.5 m on an 80-column grid falling into a 100 m box, as the benchmark's (every body turns: each sub-step turns its pose). */
function rain() {
  const w = new World({ sleeping: false, gravity: { x: 0, y: -10 } });
  const material = { friction: 0.4, restitution: 0.1 };
  w.add(AABB.fromBounds({ x: -51, y: -1 }, { x: 51, y: 0 }, { type: "static", ...material }));
  w.add(AABB.fromBounds({ x: -51, y: 0 }, { x: -50, y: 120 }, { type: "static", ...material }));
  w.add(AABB.fromBounds({ x: 50, y: 0 }, { x: 51, y: 120 }, { type: "static", ...material }));
  let seed = 12345;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < 2000; i++) {
    const position = { x: -43.5 + (i % 80) * 1.1 + (rand() - 0.5) * 0.08, y: 1 + Math.floor(i / 80) * 1.1 + (rand() - 0.5) * 0.08 };
    w.add(new Circle({ position, radius: 0.25 + 0.25 * rand(), ...material }));
  }
  return () => w.step(dt);
}

/** A 40-row box pyramid. */
function pyramid() {
  const w = new World({ sleeping: false });
  w.add(AABB.fromBounds({ x: -40, y: -1 }, { x: 40, y: 0 }, { type: "static" }));
  for (let row = 0; row < 40; row++) {
    for (let i = 0; i < 40 - row; i++) w.add(new AABB({ position: { x: -20 + row * 0.5 + i, y: 0.5 + row }, halfWidth: 0.5, halfHeight: 0.5 }));
  }
  return () => w.step(dt);
}

/** A block of 1,600 boxes hit by a heavy box at 40 m/s (fast bodies: wide speculative margins). */
function smash() {
  const w = new World({ sleeping: false, gravity: { x: 0, y: 0 } });
  w.add(new AABB({ position: { x: -20, y: 0 }, halfWidth: 4, halfHeight: 4, density: 8, velocity: { x: 40, y: 0 } }));
  for (let i = 0; i < 40; i++) {
    for (let j = 0; j < 40; j++) w.add(new AABB({ position: { x: 30 + i * 0.4, y: (j - 20) * 0.4 }, halfWidth: 0.2, halfHeight: 0.2 }));
  }
  return () => w.step(dt);
}

/** 900 capsules tumbling in a container of four kinematic capsules turning at 25°/s. */
function tumbler() {
  const w = new World({ sleeping: false });
  const speed = (25 * Math.PI) / 180;
  const walls = [
    { x: 10, y: 0, angle: Math.PI / 2 },
    { x: -10, y: 0, angle: Math.PI / 2 },
    { x: 0, y: 10, angle: 0 },
    { x: 0, y: -10, angle: 0 },
  ].map((p) => ({ p, body: w.add(new Capsule({ type: "kinematic", position: { x: p.x, y: 10 + p.y }, angle: p.angle, halfLength: 10, radius: 0.5, angularVelocity: speed })) }));
  for (let i = 0; i < 900; i++) w.add(new Capsule({ position: { x: -6 + (i % 30) * 0.4, y: 4 + Math.floor(i / 30) * 0.4 }, halfLength: 0.1, radius: 0.075 }));
  let steps = 0;
  const v = { x: 0, y: 0 };
  return () => {
    // each wall's velocity for the coming step, worked out (not read back: `body.position` makes a new object)
    const c0 = Math.cos((speed * steps) / 60);
    const s0 = Math.sin((speed * steps) / 60);
    steps++;
    const c = Math.cos((speed * steps) / 60);
    const s = Math.sin((speed * steps) / 60);
    for (const { p, body } of walls) {
      v.x = (c * p.x - s * p.y - (c0 * p.x - s0 * p.y)) * 60;
      v.y = (s * p.x + c * p.y - (s0 * p.x + c0 * p.y)) * 60;
      body.setVelocity(v);
    }
    w.step(dt);
  };
}

/** A small pile of circles, boxes and capsules on a floor (quick: the detector's own test, test/allocation.test.ts). */
function pile() {
  const w = new World({ sleeping: false });
  w.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
  for (let i = 0; i < 6; i++) {
    w.add(new AABB({ position: { x: -6 + i, y: 0.5 }, halfWidth: 0.45, halfHeight: 0.45 }));
    w.add(new Circle({ position: { x: -6 + i, y: 1.5 }, radius: 0.45 }));
    w.add(new Capsule({ position: { x: -6 + i, y: 2.4 }, halfLength: 0.3, radius: 0.15 }));
  }
  return () => w.step(dt);
}

/**
 * Turning boxes, polygons (regular, rounded, and a triangle off its centre
 * of mass), circles, capsules and AABBs tumbling in a container of four
 * kinematic boxes turning at 25°/s, above a static segment and a ramp:
 * every pair of kinds in contact, every step.
 */
function turning() {
  const w = new World({ sleeping: false });
  const speed = (25 * Math.PI) / 180;
  const walls = [
    { x: 8, y: 0, angle: Math.PI / 2 },
    { x: -8, y: 0, angle: Math.PI / 2 },
    { x: 0, y: 8, angle: 0 },
    { x: 0, y: -8, angle: 0 },
  ].map((p) => ({ p, body: w.add(new Box({ type: "kinematic", position: { x: p.x, y: 10 + p.y }, angle: p.angle, halfWidth: 8.5, halfHeight: 0.4, angularVelocity: speed })) }));
  for (let i = 0; i < 300; i++) {
    const position = { x: -5.5 + (i % 20) * 0.55, y: 5 + Math.floor(i / 20) * 0.55 };
    const k = i % 6;
    if (k === 0) w.add(new Box({ position, halfWidth: 0.2, halfHeight: 0.15, angle: 0.3 }));
    else if (k === 1) w.add(Polygon.regular(5, 0.2, { position }));
    else if (k === 2) w.add(new Polygon({ position, vertices: [{ x: 0, y: 0 }, { x: 0.4, y: 0 }, { x: 0.05, y: 0.3 }], radius: 0.01 }));
    else if (k === 3) w.add(new Circle({ position, radius: 0.18 }));
    else if (k === 4) w.add(new Capsule({ position, halfLength: 0.12, radius: 0.1 }));
    else w.add(new AABB({ position, halfWidth: 0.15, halfHeight: 0.15 }));
  }
  // outside the container: a box sliding to rest on a ramp, a pentagon on a segment
  w.add(new Box({ type: "static", position: { x: 20, y: 2 }, angle: 0.3, halfWidth: 3, halfHeight: 0.2 }));
  w.add(new Box({ position: { x: 20, y: 3 }, angle: 0.3, halfWidth: 0.3, halfHeight: 0.3 }));
  w.add(new Segment({ type: "static", a: { x: 25, y: 0 }, b: { x: 30, y: 0 } }));
  w.add(Polygon.regular(5, 0.3, { position: { x: 27, y: 0.5 } }));
  // boxes and a polygon resting across the seams of a floor of 1 m static tiles (their hidden faces: seams.ts)
  for (let i = 0; i < 12; i++) w.add(new AABB({ type: "static", position: { x: 40.5 + i, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5 }));
  for (let i = 0; i < 5; i++) w.add(new Box({ position: { x: 42 + 2 * i, y: 0.25 }, halfWidth: 0.4, halfHeight: 0.25 }));
  w.add(Polygon.regular(6, 0.35, { position: { x: 47, y: 1 } }));
  let steps = 0;
  const v = { x: 0, y: 0 };
  return () => {
    // each wall's velocity for the coming step, as tumbler's
    const c0 = Math.cos((speed * steps) / 60);
    const s0 = Math.sin((speed * steps) / 60);
    steps++;
    const c = Math.cos((speed * steps) / 60);
    const s = Math.sin((speed * steps) / 60);
    for (const { p, body } of walls) {
      v.x = (c * p.x - s * p.y - (c0 * p.x - s0 * p.y)) * 60;
      v.y = (s * p.x + c * p.y - (s0 * p.x + c0 * p.y)) * 60;
      body.setVelocity(v);
    }
    w.step(dt);
  };
}

/** Bodies resting across a chain's inner vertices, on a convex vertex and in a concave corner. */
function chains() {
  const w = new World({ sleeping: false });
  // right to left (solid side up): a flat run of 0.5 m segments, a roof (convex top at x = 8), a valley (concave at x = 14)
  const pts = [{ x: 18, y: 2 }, { x: 14, y: 0 }, { x: 10, y: 2 }, { x: 8, y: 2.5 }, { x: 6, y: 2 }, { x: 5, y: 0 }];
  for (let x = 4.5; x >= -6; x -= 0.5) pts.push({ x, y: 0 });
  w.add(new Chain({ points: pts, type: "static" }));
  w.add(new AABB({ position: { x: -4, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25 }));
  w.add(new Box({ position: { x: -2.5, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25 }));
  w.add(Polygon.regular(6, 0.3, { position: { x: -1, y: 0.26 } }));
  w.add(new Circle({ position: { x: 0.5, y: 0.25 }, radius: 0.25, rollingResistance: 0.5 }));
  w.add(new Capsule({ position: { x: 2, y: 0.2 }, halfLength: 0.3, radius: 0.2 }));
  w.add(new Box({ position: { x: 14, y: 0.6 }, halfWidth: 0.3, halfHeight: 0.3 }));
  w.add(new Circle({ position: { x: 8, y: 2.8 }, radius: 0.25, fixedRotation: true, gravityScale: 0 }));
  for (let i = 0; i < 300; i++) w.step(dt);
  if (w.contacts.length < 6) throw new Error(`the chain scene's bodies should rest on it: ${w.contacts.length} contacts`);
  return () => w.step(dt);
}

const scenes = { rain, pyramid, smash, tumbler, pile, turning, chains };
const step = scenes[name]();
// until V8 has optimised the step, its long loops and the functions called only a few times per
// step (after 600 steps these still ran unoptimised, boxing a few numbers per step)
for (let i = 0; i < Number(warmup); i++) step();

const session = new Session();
session.connect();
const result = await measureWindows(session, step, Number(windowCount), Number(windowSteps), (url) => (url.startsWith(dist) ? dist.length : -1), 64, Number(gap));
session.disconnect();
console.log(JSON.stringify(result));
