/**
 * Slingshot: a tower of turning boxes (pillars and planks) with two
 * triangles and a hexagon on top. Pull the ball back from the sling and let
 * go: it flies at up to 25 m/s (6 kg), and the tower topples, its blocks
 * turning and tumbling as real blocks do. The tower is bench/turning-scenes-data.mjs
 * (test/turning-scenes.test.ts holds that it falls when hit at 25 m/s).
 *
 * The sling takes the pointer before the frame's body dragger does (a
 * capture listener on the window), only when the press is on the ball.
 */
import * as C from "../../src/entries/capsule2d.js";
import { Circle, type Body, type Vec2 } from "../../src/entries/capsule2d.js";
import { addScene, BALL_MASS, BALL_SPEED, towerAndBall } from "../../bench/turning-scenes-data.mjs";
import { runDemo, type Demo } from "../shared/demo.js";

const SLING: Vec2 = { x: -12, y: 2.5 };
const BALL_RADIUS = 0.35;
/** The longest pull, m: it launches at BALL_SPEED. */
const MAX_PULL = 3;

let blocks: Body[] = [];
let angle0: number[] = [];
let turned: number[] = [];
let tower = towerAndBall();
/** The pointer's pull while aiming (world point of the ball), or null. */
let aim: Vec2 | null = null;
let launched = 0;
let ball: Body | null = null;

function pullOf(p: Vec2): Vec2 {
  const dx = p.x - SLING.x;
  const dy = p.y - SLING.y;
  const d = Math.hypot(dx, dy);
  const k = d > MAX_PULL ? MAX_PULL / d : 1;
  return { x: SLING.x + dx * k, y: SLING.y + dy * k };
}

function launch(demo: Demo, from: Vec2): void {
  const v = { x: ((SLING.x - from.x) / MAX_PULL) * BALL_SPEED, y: ((SLING.y - from.y) / MAX_PULL) * BALL_SPEED };
  if (Math.hypot(v.x, v.y) < 1) return; // a click on the ball, not a pull
  const density = BALL_MASS / (Math.PI * BALL_RADIUS * BALL_RADIUS);
  ball = demo.world.add(new Circle({ position: from, radius: BALL_RADIUS, density, velocity: v, label: "ball" }));
  launched++;
  demo.invalidate();
}

function installSling(demo: Demo): void {
  const canvas = demo.canvas;
  const toWorld = (e: PointerEvent): Vec2 => demo.clientToWorld(e.clientX, e.clientY);
  addEventListener(
    "pointerdown",
    (e) => {
      if (e.target !== canvas || e.button !== 0) return;
      const p = toWorld(e);
      if (Math.hypot(p.x - SLING.x, p.y - SLING.y) > BALL_RADIUS * 2.5) return;
      e.stopPropagation();
      aim = pullOf(p);
      demo.invalidate();
    },
    { capture: true },
  );
  addEventListener(
    "pointermove",
    (e) => {
      if (!aim) return;
      e.stopPropagation();
      aim = pullOf(toWorld(e));
      demo.invalidate();
    },
    { capture: true },
  );
  addEventListener(
    "pointerup",
    (e) => {
      if (!aim) return;
      e.stopPropagation();
      const from = pullOf(toWorld(e));
      aim = null;
      launch(demo, from);
    },
    { capture: true },
  );
}

let installed = false;

runDemo({
  title: "Slingshot",
  description:
    "Pull the ball back from the sling and let go (up to 25 m/s, 6 kg): the tower of boxes, planks and polygons topples, its blocks turning as they fall. Reset builds it again.",
  view: { minX: -16, minY: -1, maxX: 8, maxY: 12 },
  worldOptions: () => ({ gravity: { x: 0, y: -10 } }),
  build(world, demo) {
    tower = towerAndBall();
    tower.bodies = tower.bodies.filter((b) => b.role !== "ball");
    blocks = addScene(C, world, tower);
    angle0 = blocks.map((b) => b.angle);
    turned = blocks.map(() => 0);
    aim = null;
    ball = null;
    launched = 0;
    if (!installed) {
      installed = true;
      installSling(demo);
    }
  },
  afterStep() {
    for (let i = 0; i < blocks.length; i++) turned[i] = Math.max(turned[i]!, Math.abs(blocks[i]!.angle - angle0[i]!));
  },
  draw(ctx, demo) {
    const p = aim ?? (ball ? null : SLING);
    // the sling's two posts and, while aiming, its band
    ctx.lineWidth = 0.08;
    ctx.strokeStyle = "#a07850";
    ctx.beginPath();
    ctx.moveTo(SLING.x - 0.5, 0);
    ctx.lineTo(SLING.x - 0.5, SLING.y + 0.3);
    ctx.moveTo(SLING.x + 0.5, 0);
    ctx.lineTo(SLING.x + 0.5, SLING.y + 0.3);
    if (aim) {
      ctx.moveTo(SLING.x - 0.5, SLING.y + 0.3);
      ctx.lineTo(aim.x, aim.y);
      ctx.lineTo(SLING.x + 0.5, SLING.y + 0.3);
    }
    ctx.stroke();
    if (p) {
      ctx.fillStyle = "#e0a030";
      ctx.beginPath();
      ctx.arc(p.x, p.y, BALL_RADIUS, 0, 2 * Math.PI);
      ctx.fill();
    }
    if (!ball && !aim) demo.label("pull me", { x: SLING.x, y: SLING.y + 1 });
  },
  info: () => {
    let top = 0;
    for (const b of blocks) top = Math.max(top, b.worldCenter.y);
    return {
      blocks: blocks.length,
      launched,
      aiming: aim !== null,
      turned: turned.filter((t) => t > 0.5).length,
      topCenter: top,
      towerHeight: tower.height,
      slingX: SLING.x,
      slingY: SLING.y,
    };
  },
  readout: () => {
    const t = turned.filter((x) => x > 0.5).length;
    return `${t} of ${blocks.length} blocks turned · ${launched} shots`;
  },
});
