/**
 * The benchmark scenes, defined once as plain data so that every engine
 * builds exactly the same bodies.
 *
 * Everything is in SI units with y up: metres, kilograms (density 1 kg/m²),
 * seconds. Gravity is (0, −10) m/s², the time step 1/60 s, every shape has
 * friction 0.4 and restitution 0.1, no body has damping and sleeping is off
 * in every engine. Adapters convert from this description to their engine's
 * own units (only matter-js needs to: see engines/matter.mjs).
 *
 * Random sizes and jitter come from a seeded PRNG (mulberry32), so a scene is
 * the same list of bodies on every run, on every machine and for every engine.
 *
 * A scene is:
 *   {
 *     name, description,
 *     gravity: { x, y }, dt, material: { density, friction, restitution },
 *     statics: [{ kind: "box", x, y, halfWidth, halfHeight }        // the container ([] in joint_grid)
 *             | { kind: "chain", points: [{ x, y }...] }],          // an open static chain (chain_terrain)
 *     bodies:  [{ kind: "circle",  x, y, radius }
 *             | { kind: "capsule", x, y, angle, halfLength, radius }  // segment along local x
 *             | { kind: "box",     x, y, halfWidth, halfHeight, fixedRotation: true }   // an AABB
 *             | { kind: "box",     x, y, angle, halfWidth, halfHeight }          // a box that turns
 *             | { kind: "compound", x, y, angle, parts: [                       // one rigid body,
 *                   { kind: "box", x, y, angle, halfWidth, halfHeight }         //   its parts in the
 *                 | { kind: "circle", x, y, radius }] }],                       //   body's frame
 *     container: { minX, maxX, floorY } | null,  // inside faces of the walls and top of the floor
 *     pyramid: boolean,                   // report stability (drift from t = 1 s to t = 10 s)
 *
 *     // Joint scenes only (scene.joints !== undefined):
 *     joints: [{ kind: "revolute", a, b,          // indices into bodies
 *                anchor: { x, y },                // world point at creation
 *                limit?: { lower, upper } }],     // B's angle relative to A's, rad (0 at creation)
 *     groups: null | [{ spawn, despawn,          // bodies added before step `spawn` (0-based
 *                       bodies: [first, end),     // count of steps taken), removed with their
 *                       joints: [first, end) }],  // joints before step `despawn` (null: never)
 *     gridRows: null | [[indices of a row]...],   // joint_grid: rows top to bottom (quality)
 *   }
 *
 * A body may also carry `static: true` (a pinned body: joint_grid's top row),
 * `filter: { category, mask }` (16-bit collision bits; without it a body
 * has category 1 and collides with everything), `density` (kg/m², instead of
 * the material's) and `velocity: { x, y }` (m/s at creation: smash).
 *
 * A scene may also have
 *   kinematic: { x, y, angularVelocity,           // one kinematic body turning about (x, y)
 *                boxes: [{ x, y, halfWidth, halfHeight }] }   // its walls, offsets from (x, y)
 *   bounds: { x, y, radius }    // sanity without a container: every body within this circle
 *   terrain: { points }         // sanity on a chain: every body above it (points left to right)
 *   capsulesMayBePolygons: true // capsules are incidental here: an engine without
 *                               // them may use its nearest shape (and says so)
 * (tumbler has all three; ragdoll_rain the last). Bodies and joints listed in a
 * group are created by the benchmark between steps, on the group's schedule
 * (bench/cell.mjs); all others when the scene is built. Every jointed pair in
 * these scenes is already kept from colliding by its filter, so each
 * engine's own "collide connected" default makes no difference.
 */

export const GRAVITY = Object.freeze({ x: 0, y: -10 });
export const DT = 1 / 60;
export const MATERIAL = Object.freeze({ density: 1, friction: 0.4, restitution: 0.1 });

/** Inner width of the container (m): the floor spans x = −50 … 50 between the walls. */
export const CONTAINER_WIDTH = 100;
/** Height of the walls (m); tall enough that nothing spawned can leave over them. */
export const WALL_HEIGHT = 120;

/**
 * mulberry32: a tiny, well-mixed 32-bit PRNG. Returns a function giving
 * uniform numbers in [0, 1). Only integer arithmetic, so every JS engine
 * produces the same sequence.
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform in [lo, hi). */
function uniform(rand, lo, hi) {
  return lo + (hi - lo) * rand();
}

/**
 * The static container: a floor whose top is y = 0 and two walls whose inner
 * faces are x = ±50. Walls and floor are 1 m and 2 m thick so nothing
 * falling at the speeds reached here can pass through them in one step.
 */
function container() {
  const half = CONTAINER_WIDTH / 2;
  return [
    { kind: "box", x: 0, y: -1, halfWidth: half + 1, halfHeight: 1 },
    { kind: "box", x: -half - 0.5, y: WALL_HEIGHT / 2, halfWidth: 0.5, halfHeight: WALL_HEIGHT / 2 },
    { kind: "box", x: half + 0.5, y: WALL_HEIGHT / 2, halfWidth: 0.5, halfHeight: WALL_HEIGHT / 2 },
  ];
}

function baseScene(name, description, bodies, pyramid) {
  return {
    name,
    description,
    gravity: GRAVITY,
    dt: DT,
    material: MATERIAL,
    statics: container(),
    bodies,
    container: { minX: -CONTAINER_WIDTH / 2, maxX: CONTAINER_WIDTH / 2, floorY: 0 },
    pyramid,
  };
}

/**
 * Grid positions, row by row from the bottom: `columns` per row, `spacing`
 * apart, centred on x = 0, the first row at y = `y0`, each point moved by up
 * to ±`jitter` in x and y.
 */
function jitteredGrid(rand, count, columns, spacing, y0, jitter) {
  const points = [];
  const x0 = (-(columns - 1) * spacing) / 2;
  for (let i = 0; i < count; i++) {
    const col = i % columns;
    const row = Math.floor(i / columns);
    points.push({
      x: x0 + col * spacing + uniform(rand, -jitter, jitter),
      y: y0 + row * spacing + uniform(rand, -jitter, jitter),
    });
  }
  return points;
}

/**
 * rain-circles-N: N circles of radius 0.25–0.5 m on a jittered 1.1 m grid
 * (80 columns, as many rows as needed) above the floor, dropped together.
 * With a diameter of at most 1 m and jitter of at most ±0.04 m no two circles
 * start overlapping.
 */
export function rainCircles(n) {
  const rand = mulberry32(0x5eed0000 + n);
  const bodies = jitteredGrid(rand, n, 80, 1.1, 1.0, 0.04).map((p) => ({
    kind: "circle",
    x: p.x,
    y: p.y,
    radius: uniform(rand, 0.25, 0.5),
  }));
  return baseScene(
    `rain-circles-${n}`,
    `${n} circles r 0.25–0.5 m on a jittered 1.1 m grid (80 columns) falling into a 100 m box`,
    bodies,
    false,
  );
}

/**
 * capsules-N: N capsules (half-length 0.3–0.6 m, radius 0.2–0.35 m, random
 * angle) on a jittered 2 m grid (45 columns): a capsule reaches at most
 * 0.95 m from its centre in any direction, so none start overlapping.
 */
export function capsules(n) {
  const rand = mulberry32(0xca950000 + n);
  const bodies = jitteredGrid(rand, n, 45, 2.0, 1.5, 0.04).map((p) => ({
    kind: "capsule",
    x: p.x,
    y: p.y,
    angle: uniform(rand, -Math.PI, Math.PI),
    halfLength: uniform(rand, 0.3, 0.6),
    radius: uniform(rand, 0.2, 0.35),
  }));
  return baseScene(
    `capsules-${n}`,
    `${n} capsules (half-length 0.3–0.6 m, radius 0.2–0.35 m, random angle) on a jittered 2 m grid (45 columns) falling into a 100 m box`,
    bodies,
    false,
  );
}

/** A 1 m box of a pyramid at (x, y): fixed rotation (an AABB) unless `turning`. */
function pyramidBox(x, y, turning) {
  return turning
    ? { kind: "box", x, y, angle: 0, halfWidth: 0.5, halfHeight: 0.5 }
    : { kind: "box", x, y, halfWidth: 0.5, halfHeight: 0.5, fixedRotation: true };
}

/**
 * A pyramid of 1 m boxes with `base` boxes in the bottom row, one fewer in
 * each row above (base·(base+1)/2 boxes), the bottom row resting on the
 * floor, neighbours exactly touching (as in Box2D's pyramid benchmark). The
 * boxes have fixed rotation: capsule2d's boxes are axis-aligned, so every
 * engine is asked for the same problem. With `turning`, the boxes turn, as
 * in Box2D's own large_pyramid (CreateLargePyramid, base 100).
 */
export function pyramid(base, name, turning = false) {
  const bodies = [];
  for (let row = 0; row < base; row++) {
    const count = base - row;
    for (let j = 0; j < count; j++) bodies.push(pyramidBox(j - (count - 1) / 2, 0.5 + row, turning));
  }
  return baseScene(
    name,
    `pyramid of ${bodies.length} ${turning ? "turning" : "fixed-rotation"} 1 m boxes, base ${base}, resting on the floor`,
    bodies,
    true,
  );
}

/** A world point (x, y) in the frame of a body at (px, py) turned by `angle`. */
export function toLocal(x, y, px, py, angle) {
  const dx = x - px;
  const dy = y - py;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/**
 * joint_grid (Box2D v3's benchmark of that name, shared/benchmarks.c): an
 * n × n grid of circles of radius 0.4 m, 1 m apart, column k at x = k and row
 * i at y = −i (row 0 on top), each joined by a revolute joint to its upper
 * neighbour (anchor halfway, (k, −i + 0.5)) and to its left neighbour
 * (k − 0.5, −i). The seven middle bodies of the top row (k = n/2 − 3 …
 * n/2 + 3) are static: the grid hangs from them and swings down under
 * gravity. The circles never collide with each other (category 2, mask
 * without 2) and there is no ground, so this measures the joint solver and
 * the broadphase alone. Sleeping is off, as in Box2D's benchmark. The six
 * joints between two pinned bodies, which constrain nothing, are left out.
 */
export function jointGrid(n, name) {
  const bodies = [];
  const joints = [];
  const filter = { category: 0x0002, mask: 0xfffd };
  const half = Math.floor(n / 2);
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const index = bodies.length; // = k·n + i
      const pinned = i === 0 && k >= half - 3 && k <= half + 3;
      bodies.push({ kind: "circle", x: k, y: -i, radius: 0.4, filter, ...(pinned ? { static: true } : {}) });
      if (i > 0 && !(pinned && bodies[index - 1].static)) {
        joints.push({ kind: "revolute", a: index - 1, b: index, anchor: { x: k, y: -i + 0.5 } });
      }
      if (k > 0 && !(pinned && bodies[index - n].static)) {
        joints.push({ kind: "revolute", a: index - n, b: index, anchor: { x: k - 0.5, y: -i } });
      }
    }
  }
  const gridRows = [];
  for (let i = 0; i < n; i++) {
    const row = [];
    for (let k = 0; k < n; k++) row.push(k * n + i);
    gridRows.push(row);
  }
  return {
    name,
    description:
      `Box2D's joint_grid: ${n}×${n} circles r 0.4 m, 1 m apart, each joined by revolute joints to its upper and left ` +
      `neighbours (${joints.length} joints); the 7 middle bodies of the top row are static; circles never collide; no ground`,
    gravity: GRAVITY,
    dt: DT,
    material: MATERIAL,
    statics: [],
    bodies,
    joints,
    groups: null,
    gridRows,
    container: null,
    pyramid: false,
    liveBodies: bodies.length,
    liveJoints: joints.length,
  };
}

/**
 * One ragdoll: Box2D's "human" (shared/human.c) at scale 1, standing, built
 * from 11 capsules and 10 revolute joints with angle limits. Each bone is
 * [name, centre height above the ragdoll's origin (m), capsule half-length,
 * radius, parent bone, pivot height, limits as fractions of π]. Every capsule
 * is upright (angle π/2) and centred on its body; Box2D's off-centre lower
 * leg is re-centred (same capsule) and its foot polygon left out. Box2D's
 * knee and elbow limits exclude the straight pose the ragdoll spawns in;
 * here they are widened to include it (knee −0.5π…0, elbow 0…0.5π), so
 * no joint starts outside its limits. Box2D's joint friction (motor) and
 * spring are left out: not every engine here has revolute springs.
 */
const RAGDOLL_BONES = [
  ["hip", 0.95, 0.02, 0.095, -1, 0, null],
  ["torso", 1.2, 0.135, 0.09, 0, 1.0, [-0.25, 0]],
  ["head", 1.475, 0.0385, 0.075, 1, 1.4, [-0.3, 0.1]],
  ["upper left leg", 0.775, 0.125, 0.06, 0, 0.9, [-0.05, 0.4]],
  ["lower left leg", 0.46, 0.14, 0.045, 3, 0.625, [-0.5, 0]],
  ["upper right leg", 0.775, 0.125, 0.06, 0, 0.9, [-0.05, 0.4]],
  ["lower right leg", 0.46, 0.14, 0.045, 5, 0.625, [-0.5, 0]],
  ["upper left arm", 1.225, 0.125, 0.035, 1, 1.35, [-0.1, 0.8]],
  ["lower left arm", 0.975, 0.125, 0.03, 7, 1.1, [0, 0.5]],
  ["upper right arm", 1.225, 0.125, 0.035, 1, 1.35, [-0.1, 0.8]],
  ["lower right arm", 0.975, 0.125, 0.03, 9, 1.1, [0, 0.5]],
];
export const RAGDOLL_BODIES = RAGDOLL_BONES.length;
export const RAGDOLL_JOINTS = RAGDOLL_BONES.length - 1;

/** Appends one ragdoll with its origin (between the feet) at (x, y) to `bodies` and `joints`. */
function addRagdoll(bodies, joints, x, y, filter) {
  const first = bodies.length;
  for (const [, cy, halfLength, radius, parent, pivot, limit] of RAGDOLL_BONES) {
    const index = bodies.length;
    bodies.push({ kind: "capsule", x, y: y + cy, angle: Math.PI / 2, halfLength, radius, filter });
    if (parent >= 0) {
      joints.push({
        kind: "revolute",
        a: first + parent,
        b: index,
        anchor: { x, y: y + pivot },
        limit: { lower: limit[0] * Math.PI, upper: limit[1] * Math.PI },
      });
    }
  }
}

/** Steps of spawn schedule written into a ragdoll_rain scene (60 simulated seconds; none after). */
export const SCHEDULE_STEPS = 3600;

/**
 * ragdoll_rain (after Box2D v3's `rain` benchmark): ragdolls fall in waves
 * onto the floor of the container, and the oldest are removed as new ones
 * come, so the world reaches a steady state.
 *
 * The floor is split into `columns` columns. Before step k·period (k = 0, 1,
 * …) wave k drops a group of `perGroup` ragdolls, 0.5 m apart, in column
 * k mod columns, their feet `height` m above the floor; from wave `columns`
 * on, the group that column held (dropped `columns` waves earlier) is
 * removed first, bodies and joints, as in Box2D's StepRain. At steady state
 * columns × perGroup ragdolls are alive. Box2D's rain: 40 columns, groups of
 * 5, a wave every 8 steps, 40 m drops, on five stacked floors (1,000
 * ragdolls); here one floor, so 200.
 *
 * A ragdoll's bones never collide with each other, but do with other
 * ragdolls and the container. That is done with collision bits, which every
 * engine here has: ragdoll r (r = perGroup·column + slot) has category bit
 * 1 << (1 + r mod 15) and collides with every bit but its own, so two
 * ragdolls only ignore each other when they are 15 slots apart, 3 columns or
 * more across the floor. (Box2D uses a negative group per ragdoll; p2 and
 * Rapier have no groups.)
 */
export function ragdollRain({ name, columns, perGroup, period, height }) {
  const bodies = [];
  const joints = [];
  const groups = [];
  const spacing = CONTAINER_WIDTH / columns;
  const waves = Math.ceil(SCHEDULE_STEPS / period);
  for (let k = 0; k < waves; k++) {
    const column = k % columns;
    const xc = -CONTAINER_WIDTH / 2 + spacing * (column + 0.5);
    const group = { spawn: k * period, despawn: (k + columns) * period, bodies: [bodies.length, 0], joints: [joints.length, 0] };
    for (let slot = 0; slot < perGroup; slot++) {
      const layer = (perGroup * column + slot) % 15;
      const category = 1 << (1 + layer);
      const filter = { category, mask: 0xffff & ~category };
      addRagdoll(bodies, joints, xc + 0.5 * (slot - (perGroup - 1) / 2), height, filter);
    }
    group.bodies[1] = bodies.length;
    group.joints[1] = joints.length;
    groups.push(group);
  }
  const live = columns * perGroup;
  const scene = baseScene(
    name,
    `ragdolls of 11 capsules and 10 limited revolute joints (Box2D's human) dropped from ${height} m in groups of ${perGroup}, ` +
      `a group every ${period} steps across ${columns} columns; a column's previous group is removed as the next arrives ` +
      `(at most ${live} ragdolls, ${live * RAGDOLL_BODIES} bodies, ${live * RAGDOLL_JOINTS} joints alive)`,
    bodies,
    false,
  );
  return {
    ...scene,
    joints,
    groups,
    gridRows: null,
    capsulesMayBePolygons: true,
    liveBodies: live * RAGDOLL_BODIES,
    liveJoints: live * RAGDOLL_JOINTS,
  };
}

/**
 * many_pyramids (after Box2D v3's benchmark of that name, shared/benchmarks.c
 * CreateManyPyramids): many small pyramids of 1 m boxes, base 10 (55 boxes
 * each), side by side on stacked shelves. Box2D's layout: a pyramid every
 * 11 m along a row (its base starts 1 m into its slot), shelves 11 m apart.
 * Box2D has 20 rows × 20 columns (22,000 boxes) on 20 ground segments 220 m
 * wide; here `rows` × 9 columns, so a row fits between the container's walls
 * (99 m), the floor is the first shelf and the others are 0.5 m thick static
 * boxes spanning wall to wall with their tops at y = 11 k. Boxes have fixed
 * rotation, as in the other pyramids here, and start exactly touching; with
 * `turning` they turn, as in Box2D's own.
 */
export function manyPyramids(rows, name, turning = false) {
  const base = 10;
  const columns = 9;
  const slot = base + 1; // metres per pyramid along a row, and between shelves
  const rowWidth = columns * slot;
  const bodies = [];
  const statics = container();
  for (let r = 0; r < rows; r++) {
    const baseY = r * slot;
    if (r > 0) statics.push({ kind: "box", x: 0, y: baseY - 0.25, halfWidth: CONTAINER_WIDTH / 2, halfHeight: 0.25 });
    for (let c = 0; c < columns; c++) {
      const centerX = -rowWidth / 2 + c * slot + 1;
      for (let i = 0; i < base; i++) {
        for (let j = i; j < base; j++) {
          bodies.push(pyramidBox((i + 1) * 0.5 + (j - i) + centerX - 0.5, i + 0.5 + baseY, turning));
        }
      }
    }
  }
  return {
    ...baseScene(
      name,
      `Box2D's many_pyramids at ${rows} × ${columns} (Box2D: 20 × 20): ${rows * columns} pyramids of base ${base} ` +
        `(${bodies.length} ${turning ? "turning" : "fixed-rotation"} 1 m boxes), ${slot} m apart, on ${rows} shelves ${slot} m apart`,
      bodies,
      true,
    ),
    statics,
  };
}

/**
 * smash (Box2D v3's benchmark, CreateSmash): no gravity; a block of
 * `columns` × `rows` boxes 0.4 m wide, exactly touching (x from 30 m, centred
 * on y = 0), hit by a 8 m box of density 8 coming from x = −20 m at 40 m/s.
 * Box2D: 120 × 80 (9,600 boxes), which is what this is. Box2D starts the
 * block asleep; sleeping is off here, as in every scene. Every box has fixed
 * rotation (capsule2d's boxes are axis-aligned). No container: sanity checks
 * that no body ends up more than 1 km from where it started.
 */
export function smash(columns, rows, name) {
  const d = 0.4;
  const bodies = [
    { kind: "box", x: -20, y: 0, halfWidth: 4, halfHeight: 4, fixedRotation: true, density: 8, velocity: { x: 40, y: 0 } },
  ];
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      bodies.push({ kind: "box", x: 30 + i * d, y: (j - rows / 2) * d, halfWidth: d / 2, halfHeight: d / 2, fixedRotation: true });
    }
  }
  return {
    ...baseScene(
      name,
      `Box2D's smash: no gravity, a block of ${columns} × ${rows} fixed-rotation 0.4 m boxes hit at 40 m/s by an 8 m box of density 8`,
      bodies,
      false,
    ),
    gravity: { x: 0, y: 0 },
    statics: [],
    container: null,
  };
}

/** The tumbler's turning speed: Box2D's motor speed, 25°/s. */
export const TUMBLER_SPEED = (25 * Math.PI) / 180;

/**
 * tumbler (after Box2D v3's benchmark, CreateTumbler): a 20 m square
 * container of four 1 m thick box walls, centred at (0, 10), turning at
 * 25°/s about its centre, with `n` × `n` small bodies tumbling inside
 * (Box2D: 45 × 45 = 2,025, as here). Box2D's container is a dynamic body of
 * density 50 driven by a revolute motor and its bodies are 0.25 m boxes;
 * here the container is kinematic (it turns at exactly that speed) and the
 * bodies are capsules (half-length 0.1 m, radius 0.075 m: 0.35 × 0.15 m,
 * nearly the box's area), lying on a 0.4 m grid, so that the scene rolls
 * and tumbles rotating shapes. Engines without a capsule use their nearest
 * shape (Box2D v2: an 8-vertex polygon) and say so in their settings; an
 * engine without rotating boxes or compound bodies (capsule2d) builds each
 * wall as a kinematic capsule of radius 0.5 m and says so.
 *
 * No ground and no container: sanity checks that every body stays within
 * the container's circumscribed circle.
 */
export function tumbler(n, name) {
  const centre = { x: 0, y: 10 };
  const bodies = [];
  let y = centre.y - 0.2 * n;
  for (let i = 0; i < n; i++) {
    let x = -0.2 * n;
    for (let j = 0; j < n; j++) {
      bodies.push({ kind: "capsule", x, y, angle: 0, halfLength: 0.1, radius: 0.075 });
      x += 0.4;
    }
    y += 0.4;
  }
  const wall = (x, y, halfWidth, halfHeight) => ({ kind: "box", x, y, halfWidth, halfHeight });
  return {
    ...baseScene(
      name,
      `Box2D's tumbler with capsules: a 20 m square kinematic container of 1 m box walls turning at 25°/s about (0, 10), ` +
        `${bodies.length} capsules (0.35 × 0.15 m) tumbling inside`,
      bodies,
      false,
    ),
    statics: [],
    container: null,
    bounds: { x: centre.x, y: centre.y, radius: 10 * Math.SQRT2 },
    capsulesMayBePolygons: true,
    kinematic: {
      x: centre.x,
      y: centre.y,
      angularVelocity: TUMBLER_SPEED,
      boxes: [wall(10, 0, 0.5, 10), wall(-10, 0, 0.5, 10), wall(0, 10, 10, 0.5), wall(0, -10, 10, 0.5)],
    },
  };
}

/**
 * pile-in-one-spot-N (issue 32): N circles of radius 0.5 m created at the
 * same point, 5 m above the floor of the 100 m box: every pair overlaps at
 * the first step (N (N − 1) / 2 contacts), and the pile then bursts apart.
 * The first step measures how pair creation, the contact pool and the solver
 * scale with the pairs; no engine can be "stable" here, so it has no quality
 * check beyond staying finite. Not part of a full run (bench/pile.mjs and
 * `--scene pile-in-one-spot-1000` measure it): the slower JavaScript peers
 * take minutes on it.
 */
export function pileInOneSpot(n) {
  const bodies = [];
  for (let i = 0; i < n; i++) bodies.push({ kind: "circle", x: 0, y: 5, radius: 0.5 });
  return baseScene(`pile-in-one-spot-${n}`, `${n} circles r 0.5 m created at one point 5 m above the floor (every pair overlaps)`, bodies, false);
}

/**
 * compound_pile-N: N bodies made of several shapes each, dropped together on
 * a jittered 1.9 m grid (50 columns) at random angles: alternately an "L"
 * (a 1 × 0.2 m plank and a 0.2 × 0.8 m post at one end) and a dumbbell (a
 * 0.8 × 0.16 m bar with a circle of radius 0.2 m at each end). Each fits in
 * a circle of radius 0.87 m about its origin, so with jitter of at most
 * ±0.04 m no two start overlapping. The shapes of one body never collide
 * with each other.
 */
export function compoundPile(n, name) {
  const rand = mulberry32(0xc0b0d);
  const L = [
    { kind: "box", x: 0, y: 0, angle: 0, halfWidth: 0.5, halfHeight: 0.1 },
    { kind: "box", x: -0.4, y: 0.3, angle: 0, halfWidth: 0.1, halfHeight: 0.4 },
  ];
  const dumbbell = [
    { kind: "box", x: 0, y: 0, angle: 0, halfWidth: 0.4, halfHeight: 0.08 },
    { kind: "circle", x: -0.5, y: 0, radius: 0.2 },
    { kind: "circle", x: 0.5, y: 0, radius: 0.2 },
  ];
  const bodies = jitteredGrid(rand, n, 50, 1.9, 1.5, 0.04).map((p, i) => ({
    kind: "compound",
    x: p.x,
    y: p.y,
    angle: uniform(rand, -Math.PI, Math.PI),
    parts: i % 2 === 0 ? L : dumbbell,
  }));
  return baseScene(name, `${n} compound bodies (L shapes of 2 boxes, dumbbells of a box and 2 circles) dropped on a 1.9 m grid`, bodies, false);
}

/**
 * The height of chain_terrain's ground at x (m), for a terrain spanning
 * x = −width/2 … width/2: rolling hills (three sines of 60, 23 and 9 m
 * wavelength, 3, 1.2 and 0.25 m high: slopes up to about 0.8, mostly below
 * 0.5), and in the last 10 m at each end a ramp rising by 15 m (quadratic,
 * ending at a slope of 3) that keeps everything on the terrain. Only
 * arithmetic of x, no PRNG: the same points on every machine.
 */
export function terrainHeight(x, width) {
  const hills =
    3 * Math.sin((2 * Math.PI * x) / 60) + 1.2 * Math.sin((2 * Math.PI * x) / 23 + 1) + 0.25 * Math.sin((2 * Math.PI * x) / 9 + 2);
  const ramp = Math.max(0, Math.abs(x) - (width / 2 - 10)) / 10;
  return hills + 15 * ramp * ramp;
}

/**
 * The height of a polyline `points` (x strictly increasing) at x, by linear
 * interpolation between the two points around it; NaN outside it.
 */
export function polylineHeight(points, x) {
  const n = points.length;
  if (!(x >= points[0].x && x <= points[n - 1].x)) return NaN;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid].x <= x) lo = mid;
    else hi = mid;
  }
  const a = points[lo];
  const b = points[hi];
  return b.x === a.x ? Math.max(a.y, b.y) : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
}

/**
 * chain_terrain (issue 31): one long static chain of `pointCount` points,
 * evenly spaced over `width` m (terrainHeight: rolling hills between two end
 * ramps), and `count` dynamic bodies dropped on it from a jittered 1.5 m
 * grid (`columns` per row, rows 1.5 m apart, the lowest row 1.2 m above the
 * highest ground within 1 m of its column), so that they land on slopes and
 * roll and slide down into the valleys. The bodies cycle through a circle
 * (radius 0.2–0.45 m), a box that turns (half-extents 0.2–0.45 × 0.15–0.35 m,
 * random angle) and a capsule (half-length 0.15–0.35 m, radius 0.12–0.3 m,
 * random angle); each fits in a circle of 0.66 m about its centre, so with
 * ±0.04 m of jitter none start overlapping. Engines without capsules build
 * them as polygons (capsulesMayBePolygons).
 *
 * The chain's points run right to left (x decreasing): a chain collides on
 * the right of its direction (Box2D v3 and capsule2d are one-sided), so the
 * solid side is up. An open chain in Box2D v3 does not collide on its first
 * and last segments (their outer points are ghosts); those are the top
 * 0.17 m of the end ramps, out of reach.
 *
 * No container: sanity checks every centre is finite, between the chain's
 * ends and above the ground under it (scene.terrain: the points left to
 * right), so a body that fell through the chain is counted.
 */
export function chainTerrain({ name, width, pointCount, count, columns }) {
  const rand = mulberry32(0xc4a1);
  const points = [];
  for (let i = 0; i < pointCount; i++) {
    const x = -width / 2 + (width * i) / (pointCount - 1);
    points.push({ x, y: terrainHeight(x, width) });
  }
  const spacing = 1.5;
  const x0 = (-(columns - 1) * spacing) / 2;
  const bodies = [];
  for (let i = 0; i < count; i++) {
    const col = i % columns;
    const row = Math.floor(i / columns);
    const cx = x0 + col * spacing;
    let ground = -Infinity;
    for (let dx = -1; dx <= 1; dx += 0.125) ground = Math.max(ground, terrainHeight(cx + dx, width));
    const x = cx + uniform(rand, -0.04, 0.04);
    const y = ground + 1.2 + row * spacing + uniform(rand, -0.04, 0.04);
    const kind = i % 3;
    if (kind === 0) bodies.push({ kind: "circle", x, y, radius: uniform(rand, 0.2, 0.45) });
    else if (kind === 1) {
      bodies.push({ kind: "box", x, y, angle: uniform(rand, -Math.PI, Math.PI), halfWidth: uniform(rand, 0.2, 0.45), halfHeight: uniform(rand, 0.15, 0.35) });
    } else {
      bodies.push({ kind: "capsule", x, y, angle: uniform(rand, -Math.PI, Math.PI), halfLength: uniform(rand, 0.15, 0.35), radius: uniform(rand, 0.12, 0.3) });
    }
  }
  const chain = { kind: "chain", points: points.slice().reverse() };
  return {
    name,
    description:
      `a static chain of ${pointCount} points over ${width} m of rolling hills between two end ramps, ` +
      `${count} bodies (circles, turning boxes, capsules) dropped on it from a 1.5 m grid`,
    gravity: GRAVITY,
    dt: DT,
    material: MATERIAL,
    statics: [chain],
    bodies,
    container: null,
    terrain: { points },
    capsulesMayBePolygons: true,
    pyramid: false,
  };
}

/** Does the scene have a chain among its statics (only engines with chain shapes can build it)? */
export function hasChains(scene) {
  return scene.statics.some((s) => s.kind === "chain");
}

/** Does the scene have boxes that turn or bodies of several shapes (capsule2d cannot build them yet: issue 30)? */
export function needsTurningShapes(scene) {
  return scene.bodies.some((b) => b.kind === "compound" || (b.kind === "box" && b.fixedRotation !== true));
}

/** Every scene of a full run, by name, built on demand. */
export const SCENES = {
  "rain-circles-500": () => rainCircles(500),
  "rain-circles-2000": () => rainCircles(2000),
  "rain-circles-5000": () => rainCircles(5000),
  "capsules-2000": () => capsules(2000),
  "pyramid-20": () => pyramid(20, "pyramid-20"),
  "large-pyramid": () => pyramid(100, "large-pyramid"),
  many_pyramids: () => manyPyramids(10, "many_pyramids"),
  // Boxes that turn, as in Box2D's own large_pyramid and many_pyramids, and bodies of several shapes (issue 30).
  "large-pyramid-turning": () => pyramid(100, "large-pyramid-turning", true),
  "many_pyramids-turning": () => manyPyramids(10, "many_pyramids-turning", true),
  "compound_pile-1000": () => compoundPile(1000, "compound_pile-1000"),
  // A long static chain (issue 31): engines with chain shapes only.
  chain_terrain: () => chainTerrain({ name: "chain_terrain", width: 400, pointCount: 2401, count: 1000, columns: 250 }),
  smash: () => smash(120, 80, "smash"),
  tumbler: () => tumbler(45, "tumbler"),
  joint_grid: () => jointGrid(100, "joint_grid"),
  ragdoll_rain: () => ragdollRain({ name: "ragdoll_rain", columns: 40, perGroup: 5, period: 8, height: 40 }),
  // Smaller versions for --quick (its 80 steps are too few for 40 m drops).
  "joint_grid-quick": () => jointGrid(40, "joint_grid-quick"),
  "many_pyramids-quick": () => manyPyramids(2, "many_pyramids-quick"),
  "pyramid-20-turning": () => pyramid(20, "pyramid-20-turning", true),
  "many_pyramids-turning-quick": () => manyPyramids(2, "many_pyramids-turning-quick", true),
  "compound_pile-quick": () => compoundPile(200, "compound_pile-quick"),
  "chain_terrain-quick": () => chainTerrain({ name: "chain_terrain-quick", width: 180, pointCount: 1081, count: 200, columns: 100 }),
  "smash-quick": () => smash(40, 20, "smash-quick"),
  "tumbler-quick": () => tumbler(20, "tumbler-quick"),
  "ragdoll_rain-quick": () => ragdollRain({ name: "ragdoll_rain-quick", columns: 20, perGroup: 5, period: 4, height: 3 }),
  // Only when asked for by name (see pileInOneSpot).
  "pile-in-one-spot-500": () => pileInOneSpot(500),
  "pile-in-one-spot-1000": () => pileInOneSpot(1000),
  "pile-in-one-spot-2000": () => pileInOneSpot(2000),
  // The threads' targets (issue 33): a 70-row pyramid (2,485 boxes) and a 4,000-circle pile; by name only.
  "pyramid-70": () => pyramid(70, "pyramid-70"),
  "rain-circles-4000": () => rainCircles(4000),
};

/** Scenes a full run leaves out (measured by name only). */
export const ON_REQUEST_SCENES = [
  "pile-in-one-spot-500", "pile-in-one-spot-1000", "pile-in-one-spot-2000", "pyramid-70", "rain-circles-4000",
];

/** The scenes a `--quick` run measures (the smaller ones). */
export const QUICK_SCENES = [
  "rain-circles-500",
  "rain-circles-2000",
  "capsules-2000",
  "pyramid-20",
  "many_pyramids-quick",
  "pyramid-20-turning",
  "many_pyramids-turning-quick",
  "compound_pile-quick",
  "chain_terrain-quick",
  "smash-quick",
  "tumbler-quick",
  "joint_grid-quick",
  "ragdoll_rain-quick",
];

/** The joint scenes (Box2D's joint benchmarks), full and quick. */
export const JOINT_SCENES = ["joint_grid", "ragdoll_rain"];
export const QUICK_JOINT_SCENES = ["joint_grid-quick", "ragdoll_rain-quick"];

/** Does this scene have joints? */
export function isJointScene(scene) {
  return Array.isArray(scene.joints);
}

export function buildScene(name) {
  const make = SCENES[name];
  if (!make) {
    throw new RangeError(`unknown scene ${JSON.stringify(name)}; known: ${Object.keys(SCENES).join(", ")}`);
  }
  return make();
}
