/**
 * Pile: a container filled with a mix of circles, capsules and boxes.
 * The stress test of the set: broadphase, narrowphase and solver with a few
 * thousand bodies in contact, islands going to sleep (dimmed) as they settle.
 * Click empty space to drop more bodies; the slider sets how many to start with.
 */
import { runDemo, type WorldOptions } from "../shared/demo.js";
import { Random } from "../shared/random.js";
import { addContainer, randomBody } from "../shared/scenery.js";

const HALF_WIDTH = 15;
const BODY_SIZE = 0.5;
const SPACING = 0.62; // grid pitch for the initial drop, a little more than the largest body

type Broadphase = NonNullable<WorldOptions["broadphase"]>;
type Solver = NonNullable<WorldOptions["solver"]>;

const params = new URLSearchParams(location.search);
let count = Number(params.get("count") ?? 2000);
let broadphase = (params.get("broadphase") ?? "tree") as Broadphase;
let solver = (params.get("solver") ?? "soft-step") as Solver;
let spawnRng = new Random(7);

runDemo({
  title: "Pile",
  description:
    "Thousands of mixed bodies in a box. Click empty space to drop more, drag a body to pull it, wheel to zoom. Sleeping bodies are dimmed.",
  view: { minX: -HALF_WIDTH - 1, minY: -1, maxX: HALF_WIDTH + 1, maxY: 26 },
  // Outlines only for big piles: filling thousands of shapes is the costliest part of
  // drawing without a GPU (tick "fill" in the toolbar to compare).
  layers: { fill: count < 1000 },
  worldOptions: () => ({ broadphase, solver }),
  build(world) {
    addContainer(world, -HALF_WIDTH, HALF_WIDTH, 30);
    const rng = new Random(1);
    spawnRng = new Random(7);
    const perRow = Math.floor((2 * HALF_WIDTH - 1) / SPACING);
    for (let i = 0; i < count; i++) {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      // Odd rows shifted by half a pitch, plus a little jitter, so the pile does not stack in columns.
      const x = -HALF_WIDTH + 0.5 + (col + (row % 2) * 0.5) * SPACING + rng.range(-0.05, 0.05);
      const y = 0.5 + row * SPACING;
      world.add(randomBody(rng, { x, y }, BODY_SIZE));
    }
  },
  controls(toolbar, demo) {
    toolbar.addSlider("bodies", { min: 100, max: 4000, step: 100, value: count }, (v) => {
      count = v;
      demo.reset();
    });
    // The broadphase only changes speed, never the result: compare the ms/step readout.
    toolbar.addSelect<Broadphase>("broadphase", ["tree", "sap", "brute"], broadphase, (v) => {
      broadphase = v;
      demo.reset();
    });
    toolbar.addSelect<Solver>("solver", ["soft-step", "pgs"], solver, (v) => {
      solver = v;
      demo.reset();
    });
  },
  info: (demo) => ({
    bodies: demo.bodyCount(),
    broadphase,
    solver,
    sleeping: demo.world.bodies.filter((b) => b.isSleeping).length,
  }),
  onClick(point, demo) {
    // A small burst: five bodies in a column above the click.
    for (let i = 0; i < 5; i++) {
      demo.world.add(randomBody(spawnRng, { x: point.x + spawnRng.range(-0.1, 0.1), y: point.y + i * SPACING }, BODY_SIZE));
    }
  },
});
