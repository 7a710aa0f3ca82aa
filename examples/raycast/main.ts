/**
 * Ray casts: a laser bouncing around a closed room with `world.raycast`.
 *
 * Each leg asks the world for the closest body along the ray. At the hit the
 * direction is mirrored about the surface normal, d' = d - 2 (d·n) n, and the
 * next leg starts a hair off the surface (a ray that starts inside a shape
 * hits it at distance 0). Hit normals are drawn in red. Drag the bodies into
 * the beam; the laser turns slowly, or set its angle with the slider.
 */
import { AABB, Capsule, Circle, type Vec2, type World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";
import { Random } from "../shared/random.js";
import { randomBody } from "../shared/scenery.js";

const MAX_LEGS = 12;
const ROOM = { minX: -12, maxX: 12, minY: 0, maxY: 14 };
const source: Vec2 = { x: -10, y: 7 };
let aim = 0.5; // radians
let turning = true;
let hits = 0;

interface Leg {
  from: Vec2;
  to: Vec2;
  normal: Vec2 | null;
}
const legs: Leg[] = [];

function room(world: World): void {
  const s = { type: "static" as const };
  world.add(AABB.fromBounds({ x: ROOM.minX - 1, y: ROOM.minY - 1 }, { x: ROOM.maxX + 1, y: ROOM.minY }, s));
  world.add(AABB.fromBounds({ x: ROOM.minX - 1, y: ROOM.maxY }, { x: ROOM.maxX + 1, y: ROOM.maxY + 1 }, s));
  world.add(AABB.fromBounds({ x: ROOM.minX - 1, y: ROOM.minY }, { x: ROOM.minX, y: ROOM.maxY }, s));
  world.add(AABB.fromBounds({ x: ROOM.maxX, y: ROOM.minY }, { x: ROOM.maxX + 1, y: ROOM.maxY }, s));
  // Static mirrors of every shape: round ones scatter the beam, flat ones reflect it cleanly.
  world.add(new Circle({ ...s, position: { x: 0, y: 9 }, radius: 1.2 }));
  world.add(new Capsule({ ...s, position: { x: 6, y: 5 }, halfLength: 2, radius: 0.4, angle: 0.6 }));
  world.add(new Capsule({ ...s, position: { x: -4, y: 3.5 }, halfLength: 1.5, radius: 0.3, angle: -0.3 }));
  world.add(new AABB({ ...s, position: { x: 5, y: 11 }, halfWidth: 1.5, halfHeight: 0.3 }));
  const rng = new Random(3);
  for (let i = 0; i < 14; i++) world.add(randomBody(rng, { x: rng.range(-8, 10), y: rng.range(1, 6) }, 0.9));
}

/** Trace the laser: up to MAX_LEGS straight legs, reflecting at each hit. */
function traceLaser(world: World): void {
  legs.length = 0;
  hits = 0;
  let ox = source.x;
  let oy = source.y;
  let dx = Math.cos(aim);
  let dy = Math.sin(aim);
  for (let i = 0; i < MAX_LEGS; i++) {
    const hit = world.raycast({ x: ox, y: oy }, { x: dx, y: dy }, 100);
    if (!hit) {
      legs.push({ from: { x: ox, y: oy }, to: { x: ox + dx * 100, y: oy + dy * 100 }, normal: null });
      break;
    }
    hits++;
    const n = hit.normal;
    legs.push({ from: { x: ox, y: oy }, to: { x: hit.point.x, y: hit.point.y }, normal: { x: n.x, y: n.y } });
    const dn = dx * n.x + dy * n.y;
    dx -= 2 * dn * n.x;
    dy -= 2 * dn * n.y;
    ox = hit.point.x + dx * 1e-4;
    oy = hit.point.y + dy * 1e-4;
  }
}

runDemo({
  title: "Ray casts",
  description:
    "A laser reflecting off bodies with world.raycast; red ticks are the hit normals. Drag bodies into the beam, or stop the turning and aim with the slider.",
  view: { minX: ROOM.minX - 1, minY: ROOM.minY - 1, maxX: ROOM.maxX + 1, maxY: ROOM.maxY + 1 },
  build(world) {
    room(world);
  },
  controls(toolbar) {
    const slider = toolbar.addSlider(
      "aim",
      { min: -3.14, max: 3.14, step: 0.01, value: aim, format: (v) => `${((v * 180) / Math.PI).toFixed(0)}°` },
      (v) => {
        aim = v;
        turning = false;
        turningBox.checked = false;
      },
    );
    const turningBox = toolbar.addCheckbox("turning", turning, (v) => (turning = v));
    // Keep the slider in step while the laser turns by itself.
    setInterval(() => {
      if (turning) slider.value = String(aim);
    }, 200);
  },
  beforeStep() {
    if (!turning) return;
    aim += 0.2 / 60; // about one turn every half minute
    if (aim > Math.PI) aim -= 2 * Math.PI;
  },
  draw(ctx, demo) {
    traceLaser(demo.world);
    const px = 1 / demo.camera.scale;
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = "#ff3df2";
    ctx.beginPath();
    for (const leg of legs) {
      ctx.moveTo(leg.from.x, leg.from.y);
      ctx.lineTo(leg.to.x, leg.to.y);
    }
    ctx.stroke();
    ctx.strokeStyle = "#ff5468";
    ctx.beginPath();
    for (const leg of legs) {
      if (!leg.normal) continue;
      ctx.moveTo(leg.to.x, leg.to.y);
      ctx.lineTo(leg.to.x + leg.normal.x * 0.6, leg.to.y + leg.normal.y * 0.6);
    }
    ctx.stroke();
    ctx.fillStyle = "#ff3df2";
    ctx.beginPath();
    ctx.arc(source.x, source.y, 0.25, 0, 2 * Math.PI);
    ctx.fill();
  },
  readout: () => `${hits} reflections`,
  info: (demo) => {
    traceLaser(demo.world);
    return { reflections: hits, aim };
  },
});
