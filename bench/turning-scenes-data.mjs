/**
 * The solver scenes that need boxes that turn, as plain data, built as in
 * Box2D v3's samples (samples/sample_stacking.cpp: Card House (from PEEL),
 * Arch, Double Domino) plus a tower of boxes, planks and polygons hit by a
 * 6 kg ball at 25 m/s; how to build them in capsule2d and how to measure a
 * run. No Node, no engine imported: bench/turning-scenes.mjs (capsule2d vs
 * Box2D v3), test/turning-scenes.test.ts and the example pages
 * (examples/slingshot, dominoes, arch) all use this.
 *
 * Scene data: `ground` (static) and `bodies` (dynamic), each
 *   { kind: "box", x, y, angle?, halfWidth, halfHeight }
 *   { kind: "polygon", vertices: [{ x, y }] }   (world points; the body's origin is (0, 0))
 *   { kind: "segment", a, b }                   (ground only)
 *   { kind: "circle", x, y, radius, velocity? }
 * with `friction` and `density` (default 0.6 and 1, Box2D's), and `impulses`
 * [{ body, impulse, point }] applied once before the first step. Every
 * engine steps at 1/60 s with 4 sub-steps (both engines' defaults) under
 * Box2D's gravity, 10 m/s².
 */

const DEG = Math.PI / 180;

/** Box2D's card house (from PEEL): 5 storeys of 2 mm thick, 0.4 m cards leaning at ±25° with flat cards across, friction 0.7. */
export function cardHouse() {
  const friction = 0.7;
  const cardHeight = 0.2;
  const cardThickness = 0.001;
  const bodies = [];
  const card = (x, y, angle) => bodies.push({ kind: "box", x, y, angle, halfWidth: cardThickness, halfHeight: cardHeight, friction });
  let storeys = 5;
  let z0 = 0;
  let y = cardHeight - 0.02;
  while (storeys > 0) {
    let z = z0;
    for (let i = 0; i < storeys; i++) {
      if (i !== storeys - 1) card(z + 0.25, y + cardHeight - 0.015, 90 * DEG);
      card(z, y, -25 * DEG);
      z += 0.175;
      card(z, y, 25 * DEG);
      z += 0.175;
    }
    y += cardHeight * 2 - 0.03;
    z0 += 0.175;
    storeys--;
  }
  return {
    name: "card-house",
    description: "Box2D's card house: 40 cards 2 mm × 0.4 m in 5 storeys, friction 0.7, 10 s",
    seconds: 10,
    ground: [{ kind: "box", x: 0, y: -2, halfWidth: 40, halfHeight: 2, friction }],
    bodies,
    impulses: [],
  };
}

/** Box2D's arch: 17 polygons (friction 0.6) on a segment floor, 4 boxes 4 m × 1 m on its top. */
export function arch() {
  const ps1 = [
    [16.0, 0.0],
    [14.93803712795643, 5.133601056842984],
    [13.79871746027416, 10.24928069555078],
    [12.56252963284711, 15.34107019122473],
    [11.20040987372525, 20.39856541571217],
    [9.66521217819836, 25.40369899225096],
    [7.87179930638133, 30.3179337000085],
    [5.635199558196225, 35.03820717801641],
    [2.405937953536585, 39.09554102558315],
  ].map(([x, y]) => ({ x: 0.25 * x, y: 0.25 * y }));
  const ps2 = [
    [24.0, 0.0],
    [22.33619528222415, 6.02299846205841],
    [20.54936888969905, 12.00964361211476],
    [18.60854610798073, 17.9470321677465],
    [16.46769273811807, 23.81367936585418],
    [14.05325025774858, 29.57079353071012],
    [11.23551045834022, 35.13775818285372],
    [7.752568160730571, 40.30450679009583],
    [3.016931552701656, 44.28891593799322],
  ].map(([x, y]) => ({ x: 0.25 * x, y: 0.25 * y }));
  const friction = 0.6;
  const mirror = (p) => ({ x: -p.x, y: p.y });
  const bodies = [];
  for (let i = 0; i < 8; i++) bodies.push({ kind: "polygon", vertices: [ps1[i], ps2[i], ps2[i + 1], ps1[i + 1]], friction });
  for (let i = 0; i < 8; i++) {
    bodies.push({ kind: "polygon", vertices: [mirror(ps2[i]), mirror(ps1[i]), mirror(ps1[i + 1]), mirror(ps2[i + 1])], friction });
  }
  bodies.push({ kind: "polygon", vertices: [ps1[8], ps2[8], mirror(ps2[8]), mirror(ps1[8])], friction });
  for (let i = 0; i < 4; i++) bodies.push({ kind: "box", x: 0, y: 0.5 + ps2[8].y + i, halfWidth: 2, halfHeight: 0.5, friction });
  return {
    name: "arch",
    description: "Box2D's arch: 17 polygons and 4 boxes on top, friction 0.6, 10 s",
    seconds: 10,
    ground: [{ kind: "segment", a: { x: -100, y: 0 }, b: { x: 100, y: 0 }, friction }],
    bodies,
    impulses: [],
    /** the keystone (the 17th polygon): how far it sinks is the arch's sag */
    keystone: 16,
  };
}

/** Box2D's double domino: 15 dominoes 0.25 m × 1 m, 1 m apart, friction 0.6; the first gets 0.2 N·s at its top. */
export function doubleDomino() {
  const count = 15;
  const bodies = [];
  let x = -0.5 * count;
  for (let i = 0; i < count; i++) {
    bodies.push({ kind: "box", x, y: 0.5, halfWidth: 0.125, halfHeight: 0.5, friction: 0.6 });
    x += 1;
  }
  return {
    name: "double-domino",
    description: "Box2D's double domino: 15 dominoes 0.25 m × 1 m, 1 m apart, the first pushed at its top by 0.2 N·s, 10 s",
    seconds: 10,
    ground: [{ kind: "box", x: 0, y: -1, halfWidth: 100, halfHeight: 1, friction: 0.6 }],
    bodies,
    impulses: [{ body: 0, impulse: { x: 0.2, y: 0 }, point: { x: -0.5 * count, y: 1 } }],
  };
}

/** The ball's mass, kg, and speed, m/s. */
export const BALL_MASS = 6;
export const BALL_SPEED = 25;

/**
 * A tower of 5 storeys, each 3 pillars (0.3 m × 1.5 m, 1.2 m apart) under 2
 * planks (1.18 m × 0.25 m, each from an outer pillar to the middle one), 2 triangles and a hexagon on top (28 blocks, density 1),
 * hit at 2.5 m height by a 6 kg ball (radius 0.35 m) at 25 m/s.
 */
export function towerAndBall() {
  const bodies = [];
  const storeys = 5;
  const pillarHw = 0.15;
  const pillarHh = 0.75;
  const plankHw = 0.59; // two planks end to end, 2 cm apart over the middle pillar
  const plankHh = 0.125;
  let y0 = 0;
  for (let s = 0; s < storeys; s++) {
    for (const x of [-1.2, 0, 1.2]) bodies.push({ kind: "box", x, y: y0 + pillarHh, halfWidth: pillarHw, halfHeight: pillarHh, role: "pillar" });
    for (const x of [-0.6, 0.6]) bodies.push({ kind: "box", x, y: y0 + 2 * pillarHh + plankHh, halfWidth: plankHw, halfHeight: plankHh, role: "plank" });
    y0 += 2 * (pillarHh + plankHh);
  }
  const tri = (cx) => [
    { x: cx - 0.4, y: y0 },
    { x: cx + 0.4, y: y0 },
    { x: cx, y: y0 + 0.6 },
  ];
  bodies.push({ kind: "polygon", vertices: tri(-1), role: "polygon" });
  bodies.push({ kind: "polygon", vertices: tri(1), role: "polygon" });
  const hex = [];
  for (let k = 0; k < 6; k++) hex.push({ x: 0.35 * Math.cos((k * Math.PI) / 3), y: y0 + 0.35 * Math.sin(Math.PI / 3) + 0.35 * Math.sin((k * Math.PI) / 3) });
  bodies.push({ kind: "polygon", vertices: hex, role: "polygon" });
  const radius = 0.35;
  bodies.push({
    kind: "circle",
    x: -12,
    y: 2.5,
    radius,
    density: BALL_MASS / (Math.PI * radius * radius),
    velocity: { x: BALL_SPEED, y: 0 },
    role: "ball",
  });
  return {
    name: "tower-ball",
    description: "a tower of 15 pillars, 10 planks and 3 polygons (8.75 m tall) hit by a 6 kg ball at 25 m/s, 10 s",
    seconds: 10,
    height: y0,
    ground: [{ kind: "box", x: 0, y: -1, halfWidth: 60, halfHeight: 1, friction: 0.6 }],
    bodies,
    impulses: [],
  };
}

/** The same tower without the ball: it must stand. */
export function towerStanding() {
  const scene = towerAndBall();
  scene.name = "tower";
  scene.description = "the tower of towerAndBall without the ball, 10 s";
  scene.bodies = scene.bodies.filter((b) => b.role !== "ball");
  return scene;
}

export const TURNING_SCENES = { "card-house": cardHouse, arch, "double-domino": doubleDomino, tower: towerStanding, "tower-ball": towerAndBall };

/** A shape's friction and density, Box2D's defaults (0.6, 1) where not given. */
export const materialOf = (d) => ({ friction: d.friction ?? 0.6, density: d.density ?? 1 });

/**
 * Adds a scene's bodies to a capsule2d World; `C` is the capsule2d module
 * (dist/capsule2d.js or src/entries/capsule2d.ts). Returns the dynamic
 * bodies in the scene's order (the impulses applied).
 */
export function addScene(C, world, scene) {
  const make = (d, type) => {
    const m = materialOf(d);
    const common = { type, friction: m.friction, density: m.density, label: d.role };
    if (d.kind === "box") return new C.Box({ ...common, position: { x: d.x, y: d.y }, angle: d.angle ?? 0, halfWidth: d.halfWidth, halfHeight: d.halfHeight });
    if (d.kind === "polygon") return new C.Polygon({ ...common, vertices: d.vertices });
    if (d.kind === "segment") return new C.Segment({ type, friction: m.friction, a: d.a, b: d.b });
    if (d.kind === "circle") return new C.Circle({ ...common, position: { x: d.x, y: d.y }, radius: d.radius, velocity: d.velocity ?? { x: 0, y: 0 } });
    throw new Error(`unknown kind ${d.kind}`);
  };
  for (const g of scene.ground) world.add(make(g, "static"));
  const bodies = scene.bodies.map((d) => world.add(make(d, "dynamic")));
  for (const i of scene.impulses) bodies[i.body].applyImpulse(i.impulse, i.point);
  return bodies;
}

/** A World (Box2D's gravity, 10 m/s²) with the scene in it, and its dynamic bodies in the scene's order. */
export function buildCapsule2d(C, scene, worldOptions = {}) {
  const world = new C.World({ gravity: { x: 0, y: -10 }, ...worldOptions });
  return { world, bodies: addScene(C, world, scene) };
}

/** What a run reports per step: each dynamic body's centre, angle, and whether it sleeps. */
function capsuleProbe(built) {
  return {
    step: (dt) => built.world.step(dt),
    center: (i) => built.bodies[i].worldCenter,
    angle: (i) => built.bodies[i].angle,
    asleep: (i) => built.bodies[i].isSleeping,
    count: built.bodies.length,
  };
}

/**
 * Runs a scene and measures it: the largest displacement of any body's
 * centre from where it started (`maxDrift`, m) and from where it was after
 * the first second (`drift`, m: creep once settled), the keystone's sink
 * (arch), how many bodies turned by more than 0.5 rad at some time
 * (`turned`), the dominoes down (|angle| > 45°), the highest centre at the
 * end (`topY`), the step time at which every body first slept (`sleepAt`, s,
 * or null).
 */
export function measure(probe, scene, dt = 1 / 60) {
  const n = probe.count;
  const start = [];
  const angle0 = [];
  for (let i = 0; i < n; i++) {
    start.push({ ...probe.center(i) });
    angle0.push(probe.angle(i));
  }
  const maxTurn = new Array(n).fill(0);
  let settled = null;
  let sleepAt = null;
  const steps = Math.round(scene.seconds / dt);
  let maxDrift = 0;
  let drift = 0;
  for (let s = 1; s <= steps; s++) {
    probe.step(dt);
    let allAsleep = true;
    for (let i = 0; i < n; i++) {
      const c = probe.center(i);
      maxDrift = Math.max(maxDrift, Math.hypot(c.x - start[i].x, c.y - start[i].y));
      if (settled) drift = Math.max(drift, Math.hypot(c.x - settled[i].x, c.y - settled[i].y));
      let d = probe.angle(i) - angle0[i];
      d = Math.atan2(Math.sin(d), Math.cos(d));
      maxTurn[i] = Math.max(maxTurn[i], Math.abs(d));
      if (!probe.asleep(i)) allAsleep = false;
    }
    if (allAsleep && sleepAt === null) sleepAt = s * dt;
    if (s === Math.round(1 / dt)) settled = Array.from({ length: n }, (_, i) => ({ ...probe.center(i) }));
  }
  const roles = scene.bodies.map((b) => b.role);
  const blocks = [...Array(n).keys()].filter((i) => roles[i] !== "ball");
  const down = [...Array(n).keys()].filter((i) => Math.abs(Math.sin(probe.angle(i))) > Math.sin(45 * DEG)).length;
  let topY = -Infinity;
  for (const i of blocks) topY = Math.max(topY, probe.center(i).y);
  const result = {
    maxDrift,
    drift,
    turned: blocks.filter((i) => maxTurn[i] > 0.5).length,
    blocks: blocks.length,
    down,
    topY,
    sleepAt,
  };
  if (scene.keystone !== undefined) result.keystoneSink = start[scene.keystone].y - probe.center(scene.keystone).y;
  return result;
}

export function measureCapsule2d(C, scene, worldOptions) {
  return measure(capsuleProbe(buildCapsule2d(C, scene, worldOptions)), scene);
}

