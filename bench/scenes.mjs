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
 *     statics: [{ kind: "box", x, y, halfWidth, halfHeight }],      // the container
 *     bodies:  [{ kind: "circle",  x, y, radius }
 *             | { kind: "capsule", x, y, angle, halfLength, radius }  // segment along local x
 *             | { kind: "box",     x, y, halfWidth, halfHeight, fixedRotation: true }],
 *     container: { minX, maxX, floorY },  // inside faces of the walls and top of the floor
 *     pyramid: boolean,                   // report stability (drift from t = 1 s to t = 10 s)
 *   }
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

/**
 * A pyramid of 1 m boxes with `base` boxes in the bottom row, one fewer in
 * each row above (base·(base+1)/2 boxes), the bottom row resting on the
 * floor, neighbours exactly touching (as in Box2D's pyramid benchmark). The
 * boxes have fixed rotation: capsule2d's boxes are axis-aligned, so every
 * engine is asked for the same problem.
 */
export function pyramid(base, name) {
  const bodies = [];
  for (let row = 0; row < base; row++) {
    const count = base - row;
    for (let j = 0; j < count; j++) {
      bodies.push({
        kind: "box",
        x: j - (count - 1) / 2,
        y: 0.5 + row,
        halfWidth: 0.5,
        halfHeight: 0.5,
        fixedRotation: true,
      });
    }
  }
  return baseScene(
    name,
    `pyramid of ${bodies.length} fixed-rotation 1 m boxes, base ${base}, resting on the floor`,
    bodies,
    true,
  );
}

/** Every scene of a full run, by name, built on demand. */
export const SCENES = {
  "rain-circles-500": () => rainCircles(500),
  "rain-circles-2000": () => rainCircles(2000),
  "rain-circles-5000": () => rainCircles(5000),
  "capsules-2000": () => capsules(2000),
  "pyramid-20": () => pyramid(20, "pyramid-20"),
  "large-pyramid": () => pyramid(100, "large-pyramid"),
};

/** The scenes a `--quick` run measures (the smaller ones). */
export const QUICK_SCENES = ["rain-circles-500", "rain-circles-2000", "capsules-2000", "pyramid-20"];

export function buildScene(name) {
  const make = SCENES[name];
  if (!make) {
    throw new RangeError(`unknown scene ${JSON.stringify(name)}; known: ${Object.keys(SCENES).join(", ")}`);
  }
  return make();
}
