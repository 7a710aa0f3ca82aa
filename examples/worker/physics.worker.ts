/**
 * The Web Worker of the worker demo: it owns the world and steps it
 * (capsule2d/worker's `serveWorld`; in your project,
 * `import { serveWorld } from "capsule2d/worker"`). The main thread
 * (main.ts) builds nothing and steps nothing: it sends the time that passed
 * and commands, and draws the poses that come back.
 *
 * Besides the built-in commands (add, remove, applyImpulse, applyForce,
 * setVelocity, setAngularVelocity, setPosition) it offers two of its own:
 * `explode(x, y)`, a radial impulse, and `fail(message)`, which throws in the
 * worker (for the test of how errors reach the main thread).
 */
import { World } from "../../src/entries/capsule2d.js";
import { serveWorld } from "../../src/entries/worker.js";
import { buildScene, type SceneData } from "./scene.js";

serveWorld((data: SceneData) => buildScene(data), {
  commands: {
    explode: (world: World, x: number, y: number) => {
      world.explode({ position: { x, y }, radius: 6, falloff: 2, impulsePerLength: 4 });
    },
    fail: (_world: World, message: string) => {
      throw new Error(message);
    },
  },
});
