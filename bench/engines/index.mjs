/**
 * The engines the benchmark knows, in table order. Each entry names the
 * adapter module, loaded lazily so a child process only ever loads the one
 * engine it measures.
 *
 * An adapter module exports:
 *   - `describe`: { label, package, language } for the table;
 *   - `unsupported(scene)`: null, or why this engine cannot build the scene
 *     (the cell is listed as skipped);
 *   - `create(scene)`: Promise of a simulation
 *       { settings: string,                 // solver settings actually used
 *         step(): void,                     // one step of scene.dt
 *         readPositions(out: Float64Array), // x, y (m, y up) of scene.bodies[i] at out[2i], out[2i+1]
 *         // joint scenes also:
 *         readAngles(out: Float64Array),    // scene.bodies[i]'s angle (rad, the scene's frame) at out[i]
 *         spawn(group), despawn(group) }    // add / remove a scene group's bodies and joints
 *     (engines/common.mjs buildWorld gives spawn and despawn; readPositions and
 *     readAngles leave out[...] alone for bodies not in the world).
 */

export const ENGINES = {
  capsule2d: "./capsule2d.mjs",
  "capsule2d-wasm": "./capsule2d-wasm.mjs",
  rapier: "./rapier.mjs",
  "rapier-simd": "./rapier-simd.mjs",
  "box2d3-wasm": "./box2d3-wasm.mjs",
  "box2d-wasm": "./box2d-wasm.mjs",
  "phaser-box2d": "./phaser-box2d.mjs",
  planck: "./planck.mjs",
  "box2d-ts": "./box2d-ts.mjs",
  "p2-es": "./p2-es.mjs",
  matter: "./matter.mjs",
  // Not part of a default run (pass --engine capsule2d-pgs): capsule2d with its
  // Box2D-v2-style solver, for comparing its two solvers on the same scenes.
  "capsule2d-pgs": "./capsule2d-pgs.mjs",
};

/** The engines of a full run, in table order. */
export const DEFAULT_ENGINES = [
  "capsule2d",
  "capsule2d-wasm",
  "rapier",
  "rapier-simd",
  "box2d3-wasm",
  "box2d-wasm",
  "phaser-box2d",
  "planck",
  "box2d-ts",
  "p2-es",
  "matter",
];

export async function loadEngine(name) {
  const path = ENGINES[name];
  if (!path) {
    throw new RangeError(`unknown engine ${JSON.stringify(name)}; known: ${Object.keys(ENGINES).join(", ")}`);
  }
  return import(path);
}
