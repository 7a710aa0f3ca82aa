/**
 * Events and sensors.
 *
 * `collisionStart` fires in the step two bodies begin touching and
 * `collisionEnd` in the step they part (or one is removed). This page keeps a
 * count of touching partners per body and paints a body red while the count
 * is above zero. A sensor is a body that reports overlaps but never pushes:
 * the green zone counts the bodies inside it from the same two events
 * (pairs with `isSensor` set).
 *
 * Bodies rain from the top, roll down the ramps, cross the zone and are
 * removed when they fall out of the bottom.
 */
import { AABB, Capsule, type Body, type World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";
import { Random } from "../shared/random.js";
import { randomBody } from "../shared/scenery.js";

const touching = new Map<Body, number>();
const inZone = new Set<Body>();
let zone: Body | null = null;
let rng = new Random(5);
let spawnTimer = 0;
let starts = 0;
let ends = 0;
let maxInZone = 0;

function bump(body: Body, by: number): void {
  const n = (touching.get(body) ?? 0) + by;
  if (n > 0) touching.set(body, n);
  else touching.delete(body);
}

function listen(world: World): void {
  world.on("collisionStart", ({ pairs }) => {
    for (const p of pairs) {
      if (p.isSensor) {
        if (p.bodyA === zone) inZone.add(p.bodyB);
        else if (p.bodyB === zone) inZone.add(p.bodyA);
        maxInZone = Math.max(maxInZone, inZone.size);
        continue;
      }
      starts++;
      bump(p.bodyA, 1);
      bump(p.bodyB, 1);
    }
  });
  world.on("collisionEnd", ({ pairs }) => {
    for (const p of pairs) {
      if (p.isSensor) {
        if (p.bodyA === zone) inZone.delete(p.bodyB);
        else if (p.bodyB === zone) inZone.delete(p.bodyA);
        continue;
      }
      ends++;
      bump(p.bodyA, -1);
      bump(p.bodyB, -1);
    }
  });
}

function scenery(world: World): void {
  // Slippery ramps (friction mixes as sqrt(a·b)), steep enough for boxes to slide.
  const s = { type: "static" as const, friction: 0.1 };
  world.add(Capsule.fromSegment({ x: -9, y: 10.5 }, { x: 1, y: 6.5 }, 0.25, s));
  world.add(Capsule.fromSegment({ x: 9, y: 5.5 }, { x: -1, y: 3 }, 0.25, s));
  world.add(AABB.fromBounds({ x: -10, y: 0 }, { x: -9.5, y: 14 }, s));
  world.add(AABB.fromBounds({ x: 9.5, y: 0 }, { x: 10, y: 14 }, s));
  zone = world.add(AABB.fromBounds({ x: -6, y: -4 }, { x: 3, y: 1.5 }, { type: "static", isSensor: true, label: "zone" }));
  // A few bodies already resting on the ramps so there is something to drag at once.
  for (let i = 0; i < 6; i++) world.add(randomBody(rng, { x: -8 + i * 1.2, y: 11.5 }, 0.7, { friction: 0.2 }));
}

runDemo({
  title: "Events and sensors",
  description:
    "Bodies turn red while they touch something (collisionStart / collisionEnd). The green sensor zone counts what is inside it; sensors report overlaps but never push.",
  view: { minX: -11, minY: -6, maxX: 11, maxY: 15 },
  build(world) {
    touching.clear();
    inZone.clear();
    rng = new Random(5);
    spawnTimer = 0;
    starts = ends = maxInZone = 0;
    listen(world);
    scenery(world);
  },
  afterStep(world) {
    spawnTimer += 1 / 60;
    if (spawnTimer >= 0.4) {
      spawnTimer = 0;
      world.add(randomBody(rng, { x: rng.range(-8.5, -4), y: 14 }, 0.6, { restitution: 0.3, friction: 0.2 }));
    }
    // Remove what fell out of the bottom (their collisionEnd events keep the counts right).
    for (let i = world.bodies.length - 1; i >= 0; i--) {
      const b = world.bodies[i]!;
      if (b.type === "dynamic" && b.position.y < -8) world.remove(b);
    }
  },
  drawOptions: () => ({ bodyColor: (b) => (touching.has(b) ? "#ff6b6b" : null) }),
  draw(_ctx, demo) {
    demo.label(`${inZone.size} inside the sensor`, { x: -1.5, y: -4.6 }, "#5fd38d");
  },
  info: () => ({ inZone: inZone.size, maxInZone, collisionStarts: starts, collisionEnds: ends, touching: touching.size }),
  readout: () => `${inZone.size} in zone · ${starts} collisionStart · ${ends} collisionEnd`,
});
