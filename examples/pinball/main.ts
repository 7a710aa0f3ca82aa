/**
 * Pinball: a table of chains (see table.ts) with two flippers on motorised
 * revolute joints, three bumpers that kick, and a plunger.
 *
 * Keys: Z or ← the left flipper, M or → the right one, hold ↓ or Enter to
 * pull the plunger and let go to launch (the longer, the harder). The
 * toolbar's buttons do the same with a mouse or a finger (hold them), and a
 * touch on the table flips the flipper on that side. "auto" lets a simple
 * bot (`FlipperBot`) play the flippers. The debug renderer's ticks show each
 * chain's solid side: in along the outer wall, a clockwise loop; out of the
 * lane's post, a counter-clockwise one; up on the two inlane guides.
 */
import type { Body } from "../../src/entries/capsule2d.js";
import { runDemo, type Demo } from "../shared/demo.js";
import { ARCH_Y, BALL_START, FlipperBot, HALF_WIDTH, LANE_LEFT, PinballTable, WORLD_OPTIONS } from "./table.js";

let table: PinballTable | null = null;
let bot: FlipperBot | null = null;
let auto = new URLSearchParams(location.search).has("auto");
/** Seconds the plunger has been pulled (0 when it is not held). */
let charge = 0;
/** Held inputs: keys, buttons and touches, for each flipper and the plunger. */
const keys = { left: false, right: false, plunger: false };
const buttons = { left: false, right: false, plunger: false };
const touches = new Map<number, "left" | "right">();

const PLUNGER_FULL = 1; // s of pulling for a full launch

function holding(which: "left" | "right"): boolean {
  if (keys[which] || buttons[which]) return true;
  for (const side of touches.values()) if (side === which) return true;
  return false;
}

function key(e: KeyboardEvent, down: boolean): void {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  const k = e.key.toLowerCase();
  if (k === "z" || k === "arrowleft") keys.left = down;
  else if (k === "m" || k === "arrowright") keys.right = down;
  else if (k === "arrowdown" || k === "enter") keys.plunger = down;
  else return;
  e.preventDefault();
}
addEventListener("keydown", (e) => key(e, true));
addEventListener("keyup", (e) => key(e, false));
addEventListener("blur", () => {
  keys.left = keys.right = keys.plunger = buttons.left = buttons.right = buttons.plunger = false;
  touches.clear();
});

/** A toolbar button that holds an input while it is pressed. */
function holdButton(button: HTMLButtonElement, which: keyof typeof buttons): void {
  button.dataset.test = which;
  button.addEventListener("pointerdown", () => (buttons[which] = true));
  for (const end of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(end, () => (buttons[which] = false));
}

/** Touches on the table flip the flipper on their side (a mouse still drags bodies). */
function touchFlips(demo: Demo): void {
  const canvas = demo.canvas;
  canvas.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    const p = demo.clientToWorld(e.clientX, e.clientY);
    touches.set(e.pointerId, p.x < 0 ? "left" : "right");
  });
  for (const end of ["pointerup", "pointercancel"]) {
    canvas.addEventListener(end, (e) => touches.delete((e as PointerEvent).pointerId));
  }
}

runDemo({
  title: "Pinball",
  description:
    "Chain walls, two motorised flippers (Z / ←, M / →), three kicking bumpers and a plunger (hold ↓ or Enter, let go). The ball is a bullet: continuous collision against the flippers too.",
  view: { minX: -HALF_WIDTH - 0.5, minY: -0.5, maxX: HALF_WIDTH + 0.5, maxY: ARCH_Y + HALF_WIDTH + 0.5 },
  worldOptions: () => WORLD_OPTIONS,
  build(world) {
    table = new PinballTable(world);
    bot = new FlipperBot();
    charge = 0;
  },
  controls(toolbar, demo) {
    holdButton(toolbar.addButton("◀ flip", () => {}), "left");
    holdButton(toolbar.addButton("launch", () => {}), "plunger");
    holdButton(toolbar.addButton("flip ▶", () => {}), "right");
    toolbar.addCheckbox("auto", auto, (v) => (auto = v));
    touchFlips(demo);
  },
  beforeStep(world) {
    const t = table!;
    if (auto) {
      const p = t.ball.position;
      const held = bot!.decide(p.x, p.y, t.ball.velocity.y);
      t.held.left = held.left;
      t.held.right = held.right;
      if (t.ballInLane()) t.launch(1);
    } else {
      t.held.left = holding("left");
      t.held.right = holding("right");
    }
    // the plunger: pulled while held, launches when let go
    if (keys.plunger || buttons.plunger) charge += world.options.fixedDt;
    else if (charge > 0) {
      t.launch(charge / PLUNGER_FULL);
      charge = 0;
    }
    t.beforeStep();
  },
  afterStep() {
    table!.afterStep();
  },
  draw(ctx, demo) {
    const t = table;
    if (!t) return;
    // the plunger's pull, a bar under the lane
    if (charge > 0) {
      const f = Math.min(1, charge / PLUNGER_FULL);
      ctx.fillStyle = "#ff5468";
      ctx.fillRect(LANE_LEFT + 0.1, BALL_START.y - 0.25 - 0.2, (HALF_WIDTH - LANE_LEFT - 0.2) * f, 0.12);
    }
    demo.label(`score ${t.score}`, { x: 0, y: ARCH_Y + HALF_WIDTH + 0.25 }, "#ffe14d");
  },
  readout: () => {
    const t = table;
    return t ? `score ${t.score} · bumper hits ${t.bumperHits} · balls lost ${t.ballsLost}` : "";
  },
  info: () => {
    const t = table!;
    const b = t.ball;
    return {
      score: t.score,
      bumperHits: t.bumperHits,
      ballsLost: t.ballsLost,
      launches: t.launches,
      escapes: t.escapes,
      nonFinite: t.nonFinite,
      deepestIntoFlipper: t.deepestIntoFlipper,
      ballX: b.position.x,
      ballY: b.position.y,
      ballVx: b.velocity.x,
      ballVy: b.velocity.y,
      inLane: t.ballInLane(),
      leftLift: t.lift(t.flippers[0]),
      rightLift: t.lift(t.flippers[1]),
      leftHeld: t.held.left,
      rightHeld: t.held.right,
      charge,
      auto,
      chains: t.walls.length,
    };
  },
  testBody: (): Body | undefined => table?.ball,
});
