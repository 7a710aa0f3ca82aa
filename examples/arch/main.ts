/**
 * The arch: Box2D v3's 17-stone arch (friction 0.6) with four 4 m × 1 m
 * boxes on its keystone, on a segment floor. No mortar: it stands by
 * friction and the stones' wedging alone. In the first second the two
 * stones under the keystone slip down their steep joints by 0.3 m, as in
 * Box2D v3, until the arch wedges; then nothing moves and it sleeps. Raise
 * the friction and it sags less (1.0: 5 cm). The scene is
 * bench/turning-scenes-data.mjs, which test/turning-scenes.test.ts checks and
 * compares with Box2D v3.
 */
import * as C from "../../src/entries/capsule2d.js";
import type { Body } from "../../src/entries/capsule2d.js";
import { addScene, arch } from "../../bench/turning-scenes-data.mjs";
import { runDemo } from "../shared/demo.js";

type Friction = "0.6" | "0.8" | "1.0";

let friction: Friction = "0.6";
let stones: Body[] = [];
let keystone0 = 0;
let keystoneIndex = 16;

function sink(): number {
  const k = stones[keystoneIndex];
  return k ? keystone0 - k.worldCenter.y : 0;
}

runDemo({
  title: "Arch",
  description:
    "Box2D's arch of 17 polygons, friction 0.6, four boxes on top: it settles by its stones slipping (as in Box2D), then stands and sleeps. Choose the friction; drag a box off, or pull a stone out.",
  view: { minX: -8, minY: -1, maxX: 8, maxY: 16 },
  worldOptions: () => ({ gravity: { x: 0, y: -10 } }),
  build(world) {
    const scene = arch();
    const mu = Number(friction);
    for (const b of scene.bodies) b.friction = mu;
    for (const g of scene.ground) g.friction = mu;
    keystoneIndex = scene.keystone;
    stones = addScene(C, world, scene);
    keystone0 = stones[keystoneIndex]!.worldCenter.y;
  },
  controls(toolbar, demo) {
    toolbar.addSelect<Friction>("friction", ["0.6", "0.8", "1.0"], friction, (v) => {
      friction = v;
      demo.reset();
    });
  },
  info: () => ({
    friction: Number(friction),
    bodies: stones.length,
    keystoneSink: sink(),
    asleep: stones.filter((b) => b.isSleeping).length,
    down: stones.filter((b) => Math.abs(Math.sin(b.angle)) > Math.SQRT1_2).length,
  }),
  readout: () => `keystone sank ${(sink() * 1000).toFixed(0)} mm`,
});
