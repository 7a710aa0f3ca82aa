/**
 * Stacks: the classic solver test. A 20-row pyramid of boxes and vertical
 * stacks of boxes and capsules must stand still, without jitter, creeping or
 * sinking. Switch the solver (soft-step = Box2D v3 style sub-stepping with soft
 * contacts; pgs = sequential impulses with a choice of position correction)
 * and watch the readout: the deepest penetration tells how much they sink.
 */
import { AABB, Capsule, type World } from "../../src/entries/capsule2d.js";
import { runDemo, type WorldOptions } from "../shared/demo.js";
import { addContainer } from "../shared/scenery.js";

type Solver = NonNullable<WorldOptions["solver"]>;
type Correction = NonNullable<WorldOptions["positionCorrection"]>;

const ROWS = 20;
const BOX = 0.5; // half size, m
let solver: Solver = "soft-step";
let correction: Correction = "baumgarte";

function pyramid(world: World): void {
  for (let row = 0; row < ROWS; row++) {
    const n = ROWS - row;
    for (let i = 0; i < n; i++) {
      const x = (i - (n - 1) / 2) * 2 * BOX;
      const y = BOX + row * 2 * BOX;
      world.add(new AABB({ position: { x, y }, halfWidth: BOX, halfHeight: BOX, label: "pyramid" }));
    }
  }
}

function verticalStacks(world: World): void {
  for (let i = 0; i < 15; i++) {
    world.add(new AABB({ position: { x: 14, y: BOX + i * 2 * BOX }, halfWidth: BOX, halfHeight: BOX }));
  }
  // Capsules lying flat: each rests on the one below along a whole side.
  const r = 0.3;
  for (let i = 0; i < 12; i++) {
    world.add(new Capsule({ position: { x: 18, y: r + i * 2 * r }, halfLength: 0.7, radius: r }));
  }
}

/** Deepest contact penetration right now, m. */
function maxDepth(world: World): number {
  let max = 0;
  for (const c of world.contacts) if (!c.isSensor) max = Math.max(max, c.manifold.depth);
  return max;
}

runDemo({
  title: "Stacks",
  description:
    "A 20-row pyramid and vertical stacks should stand still. Choose the solver and, for pgs, how leftover penetration is corrected; the readout shows the deepest penetration.",
  view: { minX: -12, minY: -1, maxX: 20, maxY: 21 },
  worldOptions: () => ({ solver, positionCorrection: correction }),
  build(world) {
    addContainer(world, -25, 25, 0);
    pyramid(world);
    verticalStacks(world);
  },
  controls(toolbar, demo) {
    toolbar.addSelect<Solver>("solver", ["soft-step", "pgs"], solver, (v) => {
      solver = v;
      demo.reset();
    });
    toolbar.addSelect<Correction>("pgs position correction", ["baumgarte", "projection", "ngs", "none"], correction, (v) => {
      correction = v;
      demo.reset();
    });
  },
  info: (demo) => {
    const top = demo.world.bodies.filter((b) => b.label === "pyramid").reduce((a, b) => (b.position.y > a.position.y ? b : a));
    return { solver, maxPenetration: maxDepth(demo.world), pyramidTopX: top.position.x, pyramidTopY: top.position.y };
  },
  readout: (demo) => `max penetration ${(maxDepth(demo.world) * 1000).toFixed(1)} mm`,
});
