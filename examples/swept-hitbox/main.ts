/**
 * Swept hitbox: why fast attacks need continuous collision.
 *
 * A sword tip moves at `speed` m/s, drawn once per frame as a circle of radius
 * 0.15 m. At 40 m/s it travels 0.67 m per frame: more than the circle's width
 * plus a thin target's width, so on one frame it is just in front of the
 * target and on the next just behind it. Testing the circle at each frame
 * position ("discrete") misses.
 *
 * The fix (the capsule article in the seeds): test the capsule swept between
 * the two frame positions, `Capsule.fromSegment(prev, cur, radius)`. It covers
 * every point the circle passed through, so it cannot tunnel. Both tests ask
 * the world the same question with `world.queryShape(shape)`; the swept one
 * also knocks dynamic targets back. Lower the speed and the discrete test
 * starts to hit too.
 */
import { AABB, Capsule, Circle, type Body, type Vec2, type World } from "../../src/entries/capsule2d.js";
import { traceCapsule } from "../../src/entries/debug.js";
import { runDemo, FIXED_DT } from "../shared/demo.js";
import { addContainer } from "../shared/scenery.js";

const RADIUS = 0.15;
const START_X = -7;
const END_X = 7.5;
const HEIGHT = 2;
const PAUSE_FRAMES = 45;
let speed = 40;

interface Swing {
  /** Tip position at each frame. */
  frames: Vec2[];
  /** Did the circle at that frame touch a target? */
  frameHit: boolean[];
  /** Did the capsule from the previous frame to this one touch a target? */
  sweepHit: boolean[];
  discreteHits: Set<Body>;
  sweptHits: Set<Body>;
}

let swing = newSwing();
let lastSwing: Swing | null = null;
let frame = 0;
let wait = 0;
/** The probe shapes: queried, never added to the world. */
const probe = new Circle({ radius: RADIUS });

function newSwing(): Swing {
  return { frames: [], frameHit: [], sweepHit: [], discreteHits: new Set(), sweptHits: new Set() };
}

/** Targets hit by `shape`: everything it overlaps except the ground and loose props. */
function targetsHit(world: World, shape: Body): Body[] {
  return world.queryShape(shape).filter((b) => b.label === "post" || b.label === "dummy");
}

function attackStep(world: World): void {
  if (wait > 0) {
    if (--wait === 0) {
      lastSwing = swing;
      swing = newSwing();
      frame = 0;
    }
    return;
  }
  // Position from the frame number (not by adding up steps) so every swing is identical.
  const cur = { x: START_X + frame * speed * FIXED_DT, y: HEIGHT };
  probe.setPosition(cur);
  const discrete = targetsHit(world, probe);
  for (const b of discrete) swing.discreteHits.add(b);
  swing.frameHit.push(discrete.length > 0);
  const prev = swing.frames[swing.frames.length - 1];
  if (prev) {
    const swept = targetsHit(world, Capsule.fromSegment(prev, cur, RADIUS));
    for (const b of swept) {
      if (!swing.sweptHits.has(b)) b.applyImpulse({ x: 4 * b.mass, y: 2 * b.mass });
      swing.sweptHits.add(b);
    }
    swing.sweepHit.push(swept.length > 0);
  } else {
    swing.sweepHit.push(false);
  }
  swing.frames.push(cur);
  frame++;
  if (cur.x > END_X) wait = PAUSE_FRAMES;
}

function drawSwing(ctx: CanvasRenderingContext2D, s: Swing, px: number, alpha: number): void {
  ctx.lineWidth = 1.5 * px;
  for (let i = 1; i < s.frames.length; i++) {
    const a = s.frames[i - 1]!;
    const b = s.frames[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.sqrt(dx * dx + dy * dy) || 1;
    ctx.beginPath();
    traceCapsule(ctx, (a.x + b.x) / 2, (a.y + b.y) / 2, dx / len, dy / len, len / 2, RADIUS);
    const hit = s.sweepHit[i]!;
    ctx.globalAlpha = alpha * (hit ? 0.45 : 0.12);
    ctx.fillStyle = hit ? "#5fd38d" : "#7fb8f0";
    ctx.fill();
  }
  for (let i = 0; i < s.frames.length; i++) {
    const p = s.frames[i]!;
    ctx.beginPath();
    ctx.arc(p.x, p.y, RADIUS, 0, 2 * Math.PI);
    ctx.globalAlpha = alpha;
    if (s.frameHit[i]) {
      ctx.fillStyle = "#ff5468";
      ctx.fill();
    } else {
      ctx.strokeStyle = "#ffffff";
      ctx.stroke();
    }
  }
  ctx.globalAlpha = 1;
}

function verdict(s: Swing): string {
  return `per-frame circles hit ${s.discreteHits.size} of 2 · swept capsules hit ${s.sweptHits.size} of 2`;
}

runDemo({
  title: "Swept hitbox",
  description:
    "White circles: a fast attack tested once per frame, tunnelling through thin targets. Blue/green: the capsule swept between frame positions, which hits (green) and knocks the dummy back.",
  view: { minX: -8, minY: -0.5, maxX: 8, maxY: 4.5 },
  build(world) {
    swing = newSwing();
    lastSwing = null;
    frame = 0;
    wait = 0;
    addContainer(world, -9, 9, 0);
    // A thin fixed post, and a thin dummy standing on the ground that the swept hit knocks back.
    world.add(AABB.fromBounds({ x: -0.03, y: 0.8 }, { x: 0.03, y: 3.2 }, { type: "static", label: "post" }));
    world.add(new AABB({ position: { x: 4, y: 1.3 }, halfWidth: 0.04, halfHeight: 1.3, label: "dummy" }));
    for (let i = 0; i < 3; i++) world.add(new Circle({ position: { x: -5 + i * 0.7, y: 0.3 }, radius: 0.3, label: "ball" }));
  },
  controls(toolbar) {
    toolbar.addSlider("speed", { min: 5, max: 60, step: 1, value: speed, format: (v) => `${v} m/s` }, (v) => (speed = v));
  },
  beforeStep(world) {
    attackStep(world);
  },
  draw(ctx, demo) {
    const px = 1 / demo.camera.scale;
    if (lastSwing) drawSwing(ctx, lastSwing, px, 0.35);
    drawSwing(ctx, swing, px, 1);
    const shown = wait > 0 || !lastSwing ? swing : lastSwing;
    demo.label(verdict(shown), { x: 0, y: 4 }, "#d8dde6");
  },
  readout: () => `${(speed * FIXED_DT).toFixed(2)} m per frame · ${verdict(wait > 0 || !lastSwing ? swing : lastSwing)}`,
  info: () => {
    const s = wait > 0 || !lastSwing ? swing : lastSwing;
    return { speed, complete: wait > 0 || lastSwing !== null, discreteHits: s.discreteHits.size, sweptHits: s.sweptHits.size };
  },
  // The dummy: usually sliding after a hit when the test grabs it, so the drag test also covers picking a moving body.
  testBody: (world) => world.bodies.find((b) => b.label === "dummy"),
});
