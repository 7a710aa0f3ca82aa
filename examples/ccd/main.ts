/**
 * Continuous collision: fast projectiles against walls 2 cm thick.
 *
 * A gun on the left fires a circle or a capsule every few steps, at 30 to
 * 1000 m/s, at angles up to ±50°. At 1000 m/s a projectile moves 16.7 m per
 * step, a thousand times the wall's thickness: a purely discrete engine sees
 * it in front of the wall at one step and far behind it at the next.
 *
 * With `continuous: true` (the default) nothing gets through: each moving
 * body's broadphase box covers its motion over the step, contacts are made
 * speculatively as far ahead as the body moves, and bodies that move more than
 * half their size in a step are swept from their start to their end pose and
 * stopped at the first time of impact (src/solver/continuous.ts). Untick
 * "continuous" to see the same scene with only the fixed speculative distance:
 * the counter of projectiles that tunnelled starts to climb.
 */
import { AABB, Capsule, Circle, type Body, type World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";

const params = new URLSearchParams(location.search);
let continuous = params.get("continuous") !== "0";
let speed = Number(params.get("speed") ?? 1000);
const WALL_X = 6;
const FIRE_EVERY = 6;
const LIFETIME = 150;

interface Shot {
  body: Body;
  born: number;
  tunnelled: boolean;
}

let shots: Shot[] = [];
let fired = 0;
let tunnelled = 0;
let steps = 0;

function reset(): void {
  shots = [];
  fired = 0;
  tunnelled = 0;
  steps = 0;
}

/** Deterministic "random" numbers, so every run of the page fires the same shots. */
let seed = 1;
function next(): number {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
}

function fire(world: World): void {
  const angle = (next() - 0.5) * 1.75; // about ±50°
  const y = (next() - 0.5) * 6;
  // direction from the angle once, outside the step (construction may use trigonometry)
  const v = { x: speed * Math.cos(angle), y: speed * Math.sin(angle) };
  const common = { position: { x: -9, y }, velocity: v, restitution: 0.3, bullet: true, label: "shot" };
  const body =
    fired % 2 === 0
      ? new Circle({ ...common, radius: 0.05 + next() * 0.1 })
      : new Capsule({ ...common, radius: 0.04, halfLength: 0.15, angle: next() * 3, angularVelocity: 20 });
  world.add(body);
  shots.push({ body, born: steps, tunnelled: false });
  fired++;
}

runDemo({
  title: "Continuous collision",
  description:
    "Projectiles at up to 1000 m/s against walls 2 cm thick. With continuous collision on, none gets through; turn it off and count the tunnels.",
  view: { minX: -10, minY: -6, maxX: 12, maxY: 6 },
  worldOptions: () => ({ gravity: { x: 0, y: 0 }, continuous, sleeping: false }),
  build(world) {
    reset();
    seed = 1;
    const wall = { type: "static" as const, restitution: 0.3, label: "wall" };
    // the wall: 2 cm thick, closing the frame from top to bottom; behind it a slanted capsule wall of the same thickness
    world.add(AABB.fromBounds({ x: WALL_X - 0.01, y: -5.5 }, { x: WALL_X + 0.01, y: 5.5 }, wall));
    world.add(Capsule.fromSegment({ x: WALL_X + 3, y: -5 }, { x: WALL_X + 4.5, y: 5 }, 0.01, wall));
    // a frame so nothing leaves the view
    world.add(AABB.fromBounds({ x: -11, y: -6 }, { x: 12, y: -5.5 }, wall));
    world.add(AABB.fromBounds({ x: -11, y: 5.5 }, { x: 12, y: 6 }, wall));
    world.add(AABB.fromBounds({ x: -11, y: -6 }, { x: -10.5, y: 6 }, wall));
  },
  controls(toolbar, demo) {
    toolbar.addCheckbox("continuous", continuous, (v) => {
      continuous = v;
      demo.reset();
    });
    toolbar.addSelect("speed m/s", ["30", "100", "300", "1000"] as const, String(speed) as "1000", (v) => {
      speed = Number(v);
      demo.reset();
    });
  },
  beforeStep(world) {
    if (steps % FIRE_EVERY === 0) fire(world);
  },
  afterStep(world) {
    steps++;
    const kept: Shot[] = [];
    for (const s of shots) {
      // past the thin wall's far face: it went through
      if (!s.tunnelled && s.body.position.x > WALL_X + 0.01) {
        s.tunnelled = true;
        tunnelled++;
      }
      if (steps - s.born > LIFETIME) world.remove(s.body);
      else kept.push(s);
    }
    shots = kept;
  },
  readout: () => `continuous ${continuous ? "on" : "off"} · ${speed} m/s · fired ${fired} · tunnelled ${tunnelled}`,
  info: () => ({ continuous, speed, fired, tunnelled, inFlight: shots.length }),
  draw(_ctx, demo) {
    demo.label(`tunnelled: ${tunnelled} of ${fired}`, { x: 0, y: 4.6 }, tunnelled > 0 ? "#ff6b6b" : "#5fd38d");
    demo.label("2 cm wall", { x: WALL_X, y: -5.2 });
  },
  testBody: (world) => world.bodies.find((b) => b.label === "shot"),
});
