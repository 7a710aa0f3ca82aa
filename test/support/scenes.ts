/**
 * Scenes shared by the determinism, snapshot and hardening tests. Built from
 * a seeded generator (no Math.random), so every call builds the same world.
 * Their worlds are of `capsule2d/binary` (capsule2d's World with binary
 * snapshots, which most of the tests that use them take): binary snapshots
 * are a world's own, nothing enables them for every world.
 */
import { AABB, Box, Capsule, Chain, Circle, Compound, Polygon, Segment, type Body, type CoreWorld, type ShapeDef, type WorldOptions } from "../../src/entries/capsule2d.js";
import { Recorder, Recording, replay, verify } from "../../src/entries/replay.js";
import { World } from "../../src/entries/binary.js";

/** Mulberry32: a tiny seeded generator of floats in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A closed box of static walls from (−w, 0) to (w, h), 1 m thick. */
export function addContainer(world: CoreWorld, w: number, h: number): Body[] {
  return [
    world.add(AABB.fromBounds({ x: -w - 1, y: -1 }, { x: w + 1, y: 0 }, { type: "static" })),
    world.add(AABB.fromBounds({ x: -w - 1, y: h }, { x: w + 1, y: h + 1 }, { type: "static" })),
    world.add(AABB.fromBounds({ x: -w - 1, y: 0 }, { x: -w, y: h }, { type: "static" })),
    world.add(AABB.fromBounds({ x: w, y: 0 }, { x: w + 1, y: h }, { type: "static" })),
  ];
}

/** One random body of any kind, with random materials, placed at (x, y). */
export function randomBody(r: () => number, x: number, y: number, size = 1): Body {
  const common = {
    position: { x, y },
    velocity: { x: (r() - 0.5) * 4, y: (r() - 0.5) * 4 },
    angularVelocity: (r() - 0.5) * 2,
    restitution: r() < 0.3 ? r() * 0.8 : 0,
    friction: 0.2 + r() * 0.6,
    density: 0.5 + r() * 2,
  };
  const k = r();
  if (k < 0.4) return new Circle({ ...common, radius: (0.1 + r() * 0.25) * size });
  if (k < 0.8) {
    return new Capsule({ ...common, radius: (0.08 + r() * 0.12) * size, halfLength: (0.1 + r() * 0.3) * size, angle: r() * 3 });
  }
  return new AABB({ ...common, halfWidth: (0.1 + r() * 0.2) * size, halfHeight: (0.1 + r() * 0.2) * size });
}

/**
 * `n` mixed bodies falling into a container (plus a ramp, a kinematic paddle
 * and a bullet), so the scene has stacks, sliding, bounces, sleeping islands
 * and fast motion.
 */
export function mixedScene(n: number, seed = 1, options: WorldOptions = {}): World {
  return fillMixedScene(new World(options), n, seed);
}

/** `mixedScene`'s bodies, added to `world` (any world class: the core's too). */
export function fillMixedScene<W extends CoreWorld>(world: W, n: number, seed = 1): W {
  const r = rng(seed);
  const cols = Math.ceil(Math.sqrt(n * 1.5));
  const w = cols * 0.35 + 1;
  addContainer(world, w, 4 + (n / cols) * 0.8 + 4);
  world.add(Capsule.fromSegment({ x: -w + 0.5, y: 3 }, { x: -w / 3, y: 1.5 }, 0.1, { type: "static" }));
  world.add(new AABB({ type: "kinematic", position: { x: w / 3, y: 2 }, halfWidth: 0.8, halfHeight: 0.1, velocity: { x: 0.3, y: 0 } }));
  for (let i = 0; i < n; i++) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const x = -w + 0.6 + col * ((2 * w - 1.2) / cols) + r() * 0.05;
    const y = 4 + row * 0.8 + r() * 0.1;
    world.add(randomBody(r, x, y));
  }
  world.add(new Circle({ radius: 0.05, bullet: true, position: { x: -w + 0.3, y: 1 }, velocity: { x: 200, y: 3 } }));
  return world;
}

/**
 * A "gas": `n` bodies of every kind on a loose grid in a closed box with
 * gravity off, random velocities (up to `speed` m/s) and restitution up to 1.
 * Nothing overlaps at the start, so any energy gained is the solver's fault.
 */
export function gasScene(n: number, seed = 1, speed = 4, options: WorldOptions = {}): { world: World; halfWidth: number; height: number } {
  const world = new World({ gravity: { x: 0, y: 0 }, ...options });
  const r = rng(seed);
  const cols = Math.ceil(Math.sqrt(n));
  const spacing = 1;
  const halfWidth = (cols * spacing) / 2 + 0.5;
  const height = Math.ceil(n / cols) * spacing + 1;
  addContainer(world, halfWidth, height);
  for (let i = 0; i < n; i++) {
    const x = -halfWidth + 1 + (i % cols) * spacing;
    const y = 1 + Math.floor(i / cols) * spacing;
    const b = randomBody(r, x, y, 1);
    const a = r() * 6.283185307179586;
    const v = r() * speed;
    const vx = v * (a < 3.14 ? 1 - a / 1.57 : a / 1.57 - 3); // a direction without trigonometry
    b.setVelocity({ x: vx, y: v * (r() - 0.5) * 2 });
    b.setRestitution(r());
    world.add(b);
  }
  return { world, halfWidth, height };
}

/** Total kinetic energy of the dynamic bodies, J. */
export function kineticEnergy(world: World): number {
  let e = 0;
  for (const b of world.bodies) if (b.type === "dynamic") e += b.kineticEnergy;
  return e;
}

/** True when every number of every body's state is finite. */
export function allFinite(bodies: readonly Body[]): boolean {
  for (const b of bodies) {
    const values = [b.position.x, b.position.y, b.rotCos, b.rotSin, b.velocity.x, b.velocity.y, b.angularVelocity];
    for (const v of values) if (!Number.isFinite(v)) return false;
  }
  return true;
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** The exact bits of a list of numbers, as hex (for comparing runs across engines). */
export function bitsOf(values: readonly number[]): string {
  let s = "";
  for (const v of values) {
    bits[0] = v;
    s += words[1]!.toString(16).padStart(8, "0") + words[0]!.toString(16).padStart(8, "0");
  }
  return s;
}

/** A short FNV-1a digest of a string. */
export function digest(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * The determinism run, the same code in Node and in every browser engine:
 * `steps` steps of a mixed scene, restored from a binary snapshot halfway;
 * after every 100 steps the state hash, and at the end a digest of what users
 * read that is derived from the state: every body's angle and its pose
 * interpolated at α = 0.37.
 */
/**
 * Every joint type in one scene, above the pile of `mixedScene`: a capsule
 * chain with limits and joint friction ending in a ball, a car on wheel
 * joints with a motor, a prismatic slider with limits, motor and spring, a
 * rope and a spring on distance joints, a soft weld, a motor joint pulling
 * towards a target, a filter joint, and a breakable hinge that breaks.
 */
export function addJointedBodies(world: World, w: number, top: number): void {
  const anchor = world.add(new AABB({ type: "static", position: { x: 0, y: top }, halfWidth: 0.2, halfHeight: 0.1 }));
  let prev: Body = anchor;
  for (let i = 0; i < 8; i++) {
    const y = top - 0.1 - 0.3 * i;
    const link = world.add(new Capsule({ halfLength: 0.1, radius: 0.05, angle: -Math.PI / 2, position: { x: 0, y: y - 0.15 } }));
    world.addJoint({ type: "revolute", bodyA: prev, bodyB: link, anchor: { x: 0, y }, enableLimit: true, lowerAngle: -1, upperAngle: 1,
      enableMotor: true, motorSpeed: 0, maxMotorTorque: 0.02 });
    prev = link;
  }
  const ball = world.add(new Circle({ radius: 0.2, density: 3, position: { x: 0, y: top - 2.6 }, velocity: { x: 3, y: 0 } }));
  world.addJoint({ type: "revolute", bodyA: prev, bodyB: ball, anchor: { x: 0, y: top - 2.5 } });
  const x0 = -w / 2;
  const chassis = world.add(new AABB({ position: { x: x0, y: top - 0.5 }, halfWidth: 0.6, halfHeight: 0.15 }));
  for (const dx of [-0.45, 0.45]) {
    const wheel = world.add(new Circle({ radius: 0.2, position: { x: x0 + dx, y: top - 0.8 }, friction: 0.9 }));
    world.addJoint({ type: "wheel", bodyA: chassis, bodyB: wheel, anchor: { x: x0 + dx, y: top - 0.8 }, axis: { x: 0, y: 1 },
      hertz: 4, dampingRatio: 0.7, enableMotor: true, motorSpeed: -8, maxMotorTorque: 3, enableLimit: true, lower: -0.2, upper: 0.2 });
  }
  const x1 = w / 2;
  const rail = world.add(new AABB({ type: "static", position: { x: x1, y: top }, halfWidth: 0.1, halfHeight: 0.1 }));
  const slider = world.add(new Capsule({ halfLength: 0.2, radius: 0.1, position: { x: x1 + 0.5, y: top - 0.5 } }));
  world.addJoint({ type: "prismatic", bodyA: rail, bodyB: slider, anchor: { x: x1 + 0.5, y: top - 0.5 }, axis: { x: 1, y: -1 },
    enableLimit: true, lower: -0.5, upper: 1, enableMotor: true, motorSpeed: 0.5, maxMotorForce: 5, enableSpring: true, hertz: 2, dampingRatio: 0.3 });
  const bob = world.add(new Circle({ radius: 0.15, position: { x: x1 - 0.8, y: top - 0.3 } }));
  world.addJoint({ type: "distance", bodyA: rail, bodyB: bob, minLength: 0, maxLength: 1.2 });
  const bouncer = world.add(new AABB({ position: { x: x1 - 1.6, y: top - 0.8 }, halfWidth: 0.15, halfHeight: 0.15 }));
  world.addJoint({ type: "distance", bodyA: bob, bodyB: bouncer, enableSpring: true, hertz: 3, dampingRatio: 0.1, minLength: 0.2, maxLength: 2 });
  const plankA = world.add(new Capsule({ halfLength: 0.3, radius: 0.06, position: { x: -w / 4, y: top - 0.3 } }));
  const plankB = world.add(new Capsule({ halfLength: 0.3, radius: 0.06, position: { x: -w / 4 + 0.6, y: top - 0.3 } }));
  world.addJoint({ type: "weld", bodyA: plankA, bodyB: plankB, anchor: { x: -w / 4 + 0.3, y: top - 0.3 }, linearHertz: 0, angularHertz: 5, dampingRatio: 0.5 });
  const dragged = world.add(new Circle({ radius: 0.12, position: { x: w / 4, y: top - 0.4 } }));
  world.addJoint({ type: "motor", bodyA: anchor, bodyB: dragged, linearOffset: { x: w / 4 + 1, y: -1 }, angularOffset: 1, maxForce: 20, maxTorque: 1 });
  world.addJoint({ type: "filter", bodyA: dragged, bodyB: ball });
  const hanging = world.add(new Circle({ radius: 0.1, density: 4, position: { x: w / 4 + 0.5, y: top - 0.5 } }));
  world.addJoint({ type: "revolute", bodyA: anchor, bodyB: hanging, anchor: { x: w / 4 + 0.5, y: top - 0.3 }, breakForce: 2 });
}

/**
 * Turning shapes on the floor of `mixedScene`'s container (half-width `w`),
 * where the mixed bodies fall on them: boxes (one rounded), regular
 * pentagons, an off-centroid triangle, a static segment slope.
 */
export function addTurningBodies(world: World, w: number): void {
  world.add(new Segment({ type: "static", a: { x: -w / 3 + 0.3, y: 0.8 }, b: { x: -w / 3 + 1.5, y: 0.05 } }));
  const x0 = -w / 3 + 1.8;
  const span = (2 * w) / 3 - 2.8;
  for (let k = 0; k < 12; k++) {
    const position = { x: x0 + (k * span) / 11, y: 0.5 + (k % 3) * 0.5 };
    const angle = 0.3 * k;
    if (k % 4 === 0) world.add(new Box({ position, angle, halfWidth: 0.2, halfHeight: 0.15 }));
    else if (k % 4 === 1) world.add(Polygon.regular(5, 0.2, { position, angle }));
    else if (k % 4 === 2) world.add(new Polygon({ position, angle, vertices: [{ x: 0, y: 0 }, { x: 0.4, y: 0 }, { x: 0.05, y: 0.3 }], radius: 0.01 }));
    else world.add(new Box({ position, angle, halfWidth: 0.25, halfHeight: 0.1, radius: 0.03 }));
  }
}

/**
 * Chains beside a scene of half-width `w` (right of its container, from
 * x = w + 2 to w + 16): ground with inner vertices (bumps, a dip, a ramp up
 * at its right end; drawn right to left, so its solid side is up), one
 * segment with a friction of its own, a counter-clockwise loop and a
 * kinematic chain above it, and bodies of every kind rolling and sliding
 * over them: circles, capsules, AABBs, boxes, polygons, a compound.
 */
export function addChainBodies(world: World, w: number): void {
  const x0 = w + 2;
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i <= 28; i++) {
    const x = x0 + 14 - 0.5 * i;
    // a ramp at the right end, then bumps and a dip
    const y = i < 4 ? 0.3 * (4 - i) : 0.06 * ((i * 7) % 5) - (i > 14 && i < 20 ? 0.3 : 0);
    points.push({ x, y });
  }
  const ground = world.add(new Chain({ type: "static", friction: 0.6, points }));
  ground.shapes[10]!.setFriction(0.05);
  world.add(new Chain({ type: "static", loop: true, restitution: 0.2, points: [{ x: x0 + 5, y: 3 }, { x: x0 + 7, y: 3 }, { x: x0 + 6, y: 4 }] }));
  world.add(new Chain({ type: "kinematic", position: { x: x0 + 10, y: 2.5 }, velocity: { x: -0.3, y: 0 }, points: [{ x: 1, y: 0.1 }, { x: 0, y: 0 }, { x: -1, y: 0.1 }] }));
  for (let k = 0; k < 10; k++) {
    const position = { x: x0 + 0.8 + 1.25 * k, y: 1.2 + 0.3 * (k % 3) };
    const velocity = { x: k % 2 === 0 ? 2.5 : -1.5, y: 0 };
    if (k % 5 === 0) world.add(new Circle({ position, velocity, radius: 0.2, friction: 0.8 }));
    else if (k % 5 === 1) world.add(new Capsule({ position, velocity, halfLength: 0.2, radius: 0.1, angle: 0.3 * k }));
    else if (k % 5 === 2) world.add(new AABB({ position, velocity, halfWidth: 0.2, halfHeight: 0.15, friction: 0.2 }));
    else if (k % 5 === 3) world.add(new Box({ position, velocity, halfWidth: 0.2, halfHeight: 0.12, angle: 0.2 * k, radius: k === 8 ? 0.02 : 0 }));
    else world.add(Polygon.regular(5 + (k % 2), 0.2, { position, velocity }));
  }
  world.add(new Circle({ position: { x: x0 + 6.1, y: 5 }, radius: 0.15, restitution: 0.5 }));
  world.add(new AABB({ position: { x: x0 + 10, y: 2.8 }, halfWidth: 0.15, halfHeight: 0.15 }));
  world.add(new Compound({ position: { x: x0 + 12.5, y: 1.8 }, velocity: { x: -2, y: 0 }, shapes: [
    { shape: "circle", radius: 0.15, offset: { x: -0.25, y: 0 } },
    { shape: "circle", radius: 0.15, offset: { x: 0.25, y: 0 } },
    { shape: "box", halfWidth: 0.3, halfHeight: 0.05, offset: { x: 0, y: 0.15 } },
  ] }));
}

/**
 * Compound bodies along the floor of a scene `2w` wide (the fourth
 * cross-engine scene): L-shapes, concave outlines cut into convex pieces
 * (`Compound.fromOutline`), one of every kind of shape with its own
 * materials and a sensor, a static compound ramp, a pendulum of a compound
 * hung by a revolute joint.
 */
export function addCompoundBodies(world: World, w: number): void {
  const L: ShapeDef[] = [
    { shape: "box", halfWidth: 0.25, halfHeight: 0.06, offset: { x: 0.19, y: 0 } },
    { shape: "box", halfWidth: 0.06, halfHeight: 0.19, offset: { x: 0, y: 0.13 }, friction: 0.3, density: 2 },
  ];
  const star = [
    { x: 0, y: 0.3 }, { x: 0.08, y: 0.1 }, { x: 0.3, y: 0.1 }, { x: 0.12, y: -0.04 }, { x: 0.18, y: -0.27 },
    { x: 0, y: -0.12 }, { x: -0.18, y: -0.27 }, { x: -0.12, y: -0.04 }, { x: -0.3, y: 0.1 }, { x: -0.08, y: 0.1 },
  ];
  world.add(new Compound({ type: "static", shapes: [
    { shape: "segment", a: { x: w / 3, y: 0.02 }, b: { x: w / 3 + 1.2, y: 0.6 } },
    { shape: "box", halfWidth: 0.1, halfHeight: 0.3, offset: { x: w / 3 + 1.4, y: 0.3 }, angle: 0.2 },
  ] }));
  const x0 = -w / 3 + 1.8;
  const span = (2 * w) / 3 - 2.8;
  for (let k = 0; k < 8; k++) {
    const position = { x: x0 + (k * span) / 7, y: 2.2 + (k % 2) * 0.6 };
    const angle = 0.45 * k;
    if (k % 3 === 0) world.add(new Compound({ shapes: L, position, angle }));
    else if (k % 3 === 1) world.add(Compound.fromOutline({ outline: star, position, angle, radius: k === 4 ? 0.01 : 0 }));
    else world.add(Compound.fromOutline({ outline: [{ x: 0, y: 0 }, { x: 0.6, y: 0 }, { x: 0.6, y: 0.15 }, { x: 0.15, y: 0.15 }, { x: 0.15, y: 0.45 }, { x: 0, y: 0.45 }], position, angle, friction: 0.4 }));
  }
  world.add(new Compound({ position: { x: 0.5, y: 3.4 }, angle: 0.3, shapes: [
    { shape: "circle", radius: 0.12, offset: { x: -0.3, y: 0 }, restitution: 0.3 },
    { shape: "capsule", halfLength: 0.12, radius: 0.05, offset: { x: 0, y: 0.12 }, angle: 0.5, density: 3 },
    { shape: "box", halfWidth: 0.12, halfHeight: 0.05, radius: 0.01, offset: { x: 0.25, y: -0.03 }, angle: -0.2, friction: 0.9 },
    { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 0.25, y: 0 }, { x: 0.04, y: 0.2 }], offset: { x: 0, y: -0.25 } },
    { shape: "segment", a: { x: -0.25, y: -0.12 }, b: { x: 0.25, y: -0.15 } },
    { shape: "circle", radius: 0.3, isSensor: true },
  ] }));
  const hook = world.add(new Circle({ type: "static", radius: 0.05, position: { x: -w / 2, y: 3.2 } }));
  const bob = world.add(new Compound({ shapes: L, position: { x: -w / 2 + 0.4, y: 3.1 } }));
  world.addJoint({ type: "revolute", bodyA: hook, bodyB: bob, anchor: { x: -w / 2, y: 3.2 } });
}

/** `prepare` is called with each world the run makes (the first, and the one rebuilt from the snapshot halfway): `enableWasmSolver`, say. */
export function determinismRun(bodies: number, seed: number, options: WorldOptions, steps: number, turning = false, compounds = false, prepare?: (world: World) => void, chains = false): string[] {
  let world = mixedScene(bodies, seed, options);
  prepare?.(world);
  const cols = Math.ceil(Math.sqrt(bodies * 1.5));
  addJointedBodies(world, cols * 0.35 + 1, 4 + (bodies / cols) * 0.8 + 3.5);
  if (turning) addTurningBodies(world, cols * 0.35 + 1);
  if (compounds) addCompoundBodies(world, cols * 0.35 + 1);
  if (chains) addChainBodies(world, cols * 0.35 + 1);
  const out: string[] = [];
  for (let i = 1; i <= steps; i++) {
    world.step(1 / 60);
    if (i === steps / 2) {
      world = World.fromSnapshot(world.snapshot({ format: "binary" }));
      prepare?.(world);
    }
    // the compounds' and the chains' scenes also restore in place, from JSON, a quarter later (the same state: the run goes on as before)
    if ((compounds || chains) && i === (3 * steps) / 4) world.restore(JSON.parse(JSON.stringify(world.snapshot())) as never);
    if (i % 100 === 0) out.push(world.stateHash());
  }
  const angles: number[] = [];
  const poses: number[] = [];
  for (const b of world.bodies) {
    angles.push(b.angle);
    const p = b.getInterpolatedPose(0.37);
    poses.push(p.x, p.y, p.angle);
  }
  const joints: number[] = [];
  for (const j of world.joints) {
    const f = j.reactionForce;
    joints.push(f.x, f.y, j.reactionTorque, j.angle);
  }
  // what users read besides the state: ray hits and the contacts' manifolds and impulses
  const rays: number[] = [];
  for (let k = 0; k < 24; k++) {
    for (const hit of world.raycastAll({ x: -30 + 2.5 * k, y: 40 }, { x: 0.05 * (k % 5) - 0.1, y: -1 })) {
      rays.push(hit.body.id, hit.distance, hit.point.x, hit.point.y, hit.normal.x, hit.normal.y);
    }
  }
  const contacts: number[] = [];
  for (const c of world.contacts) {
    const m = c.manifold;
    contacts.push(c.bodyA.id, c.bodyB.id, m.normal.x, m.normal.y, m.depth, m.points.length);
    // which shapes of compounds touch (in the compounds' scene only: the other scenes' digests stay as they were)
    if (compounds) contacts.push(c.bodyA.shapes.indexOf(c.shapeA), c.bodyB.shapes.indexOf(c.shapeB));
    for (const p of m.points) contacts.push(p.x, p.y, p.depth, p.id, p.normalImpulse, p.tangentImpulse);
  }
  out.push(
    `angles ${digest(bitsOf(angles))}`,
    `poses ${digest(bitsOf(poses))}`,
    `joints ${world.joints.length} ${digest(bitsOf(joints))}`,
    `rays ${rays.length / 6} ${digest(bitsOf(rays))}`,
    `contacts ${world.contacts.length} ${digest(bitsOf(contacts))}`,
  );
  return out;
}

/**
 * A recorded session of `steps` steps over the determinism scene, with calls
 * of every kind between steps (impulses, forces, setters, a body added and
 * one removed, joint changes, options, a game input per step), saved: its
 * bytes, and the hash the recorder took after each step. Other engines
 * replay it with `replaySession`.
 */
export function recordedSession(steps: number): { saved: number[]; hashes: string[] } {
  const world = mixedScene(60, 11);
  const cols = Math.ceil(Math.sqrt(60 * 1.5));
  addJointedBodies(world, cols * 0.35 + 1, 4 + (60 / cols) * 0.8 + 3.5);
  const recorder = new Recorder(world, { snapshotCapacity: 0 });
  for (let i = 1; i <= steps; i++) {
    recorder.input({ step: i, push: (i * 7) % 5 });
    const dyn = world.bodies.filter((b) => b.isDynamic);
    dyn[(i * 13) % dyn.length]!.applyImpulse({ x: 0.01 * ((i % 5) - 2), y: 0.02 }, dyn[(i * 13) % dyn.length]!.position);
    if (i % 17 === 0) dyn[i % dyn.length]!.applyForce({ x: 2, y: 5 }).applyTorque(0.1);
    if (i === 40) world.add(new Capsule({ halfLength: 0.3, radius: 0.1, position: { x: 0.3, y: 12 }, angle: 0.7 }));
    if (i === 60) world.remove(dyn[5]!);
    if (i === 80) world.joints[0]!.setMotorSpeed(1.5);
    if (i === 90) dyn[7]!.setAngle(2).setFriction(0.05);
    if (i === 100) world.setOptions({ gravity: { x: 0.3, y: -9.5 } });
    if (i % 50 === 0) world.advance(1.5 / 60);
    else world.step(1 / 60);
  }
  const rec = recorder.recording;
  const hashes: string[] = [];
  for (let s = rec.firstStep + 1; s <= rec.lastStep; s++) hashes.push(rec.hashAt(s));
  return { saved: Array.from(new Uint8Array(recorder.save())), hashes };
}

/** Replay a saved session: the hash after each replayed step, and `verify`'s verdict against the recording. */
export function replaySession(saved: number[]): string[] {
  const rec = Recording.fromBuffer(new Uint8Array(saved));
  const run = replay(rec);
  const out: string[] = [];
  for (let s = run.recording.firstStep + 1; s <= run.recording.lastStep; s++) out.push(run.recording.hashAt(s));
  const v = verify(rec, run);
  out.push(`verify ${v.ok} ${v.steps}`);
  return out;
}
