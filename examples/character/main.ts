/**
 * Character controller: a kinematic capsule moved with collide-and-slide.
 *
 * The level is made of separately added 1 m tiles (the character never snags
 * at their seams), a staircase of 0.3 m steps (climbed: stepHeight 0.4) and
 * a 0.6 m ledge (not climbed), a 35° ramp of static capsules (walked up) and
 * a 60° one (too steep: slid down), a platform moving back and forth and a
 * lift (both carry the character), and crates it pushes. The game side is
 * a few lines (`tick()`): its own vertical speed, zeroed on the ground,
 * gravity in the air; then `controller.move()` before each step.
 */
import { AABB, Capsule, CharacterController, type Body, type World } from "../../src/entries/capsule2d.js";
import { runDemo, FIXED_DT, type Demo } from "../shared/demo.js";

const G = 9.81;
const RUN_SPEED = 5;
const JUMP_SPEED = 7;
const START_X = -12;

/** Held inputs: keys and the on-screen buttons. */
const held = { left: false, right: false, jump: false, buttonLeft: false, buttonRight: false, buttonJump: false };
let controller: CharacterController | null = null;
let player: Body | null = null;
let platform: Body | null = null;
let lift: Body | null = null;
let vy = 0;
let pushForce = 150;
let follow = true;
let demoRef: Demo | null = null;

function tile(world: World, x: number, top: number, label = "tile"): void {
  world.add(new AABB({ position: { x: x + 0.5, y: top - 0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static", label }));
}

function level(world: World): void {
  // floor tiles, one by one, with a shaft for the lift at x = 24..27
  for (let x = -16; x < 24; x++) tile(world, x, 0);
  for (let x = 27; x < 40; x++) tile(world, x, 0);
  world.add(AABB.fromBounds({ x: -17, y: -1 }, { x: -16, y: 8 }, { type: "static", label: "wall" }));
  world.add(AABB.fromBounds({ x: 40, y: -1 }, { x: 41, y: 8 }, { type: "static", label: "wall" }));
  // stairs of 0.3 m up and down
  for (let i = 1; i <= 3; i++) for (let x = -8 + i; x < 2 - i; x++) tile(world, x, 0.3 * i, "stairs");
  // a 0.6 m ledge: too high to step onto
  for (let x = 4; x < 6; x++) tile(world, x, 0.6, "ledge");
  // a 35° ramp of static capsules up to a shelf, and a 60° slope down from it
  const ramp = (x0: number, angle: number, n: number, dir: 1 | -1) => {
    const c = Math.cos(angle) * dir;
    const s = Math.sin(angle);
    for (let i = 0; i < n; i++) {
      world.add(Capsule.fromSegment({ x: x0 + i * c, y: i * s }, { x: x0 + (i + 1) * c, y: (i + 1) * s }, 0.05, { type: "static", label: "ramp" }));
    }
  };
  ramp(8, (35 * Math.PI) / 180, 3, 1); // up to (10.46, 1.72)
  world.add(AABB.fromBounds({ x: 10.46, y: 0 }, { x: 12.5, y: 1.72 }, { type: "static", label: "shelf" }));
  ramp(12.5 + 1.72 / Math.tan((60 * Math.PI) / 180), (60 * Math.PI) / 180, 2, -1);
  // crates to push (one by the start, in view, for the mouse)
  world.add(new AABB({ position: { x: -14.5, y: 0.4 }, halfWidth: 0.4, halfHeight: 0.4, density: 1, friction: 0.4, label: "first crate" }));
  for (let i = 0; i < 2; i++) world.add(new AABB({ position: { x: 16 + 1.2 * i, y: 0.4 }, halfWidth: 0.4, halfHeight: 0.4, density: 1, friction: 0.4, label: "crate" }));
  // a platform moving back and forth over the floor, and a lift in the shaft
  platform = world.add(new AABB({ position: { x: 20, y: 1.6 }, halfWidth: 1.2, halfHeight: 0.15, type: "kinematic", label: "platform" }));
  lift = world.add(new AABB({ position: { x: 25.5, y: -0.15 }, halfWidth: 1.45, halfHeight: 0.15, type: "kinematic", label: "lift" }));
  world.add(AABB.fromBounds({ x: 27, y: 4 }, { x: 33, y: 4.3 }, { type: "static", label: "upper floor" }));
}

/** Platform velocities from the step count: the same every run, and after a snapshot. */
function movePlatforms(world: World): void {
  const t = world.stepCount;
  platform!.setVelocity({ x: Math.floor(t / 120) % 2 === 0 ? 1.5 : -1.5, y: 0 });
  // the lift: 2 s up at 2.2 m/s, a second's wait, 2 s down, a second's wait
  const phase = t % 360;
  lift!.setVelocity({ x: 0, y: phase < 120 ? 2.2 : phase >= 180 && phase < 300 ? -2.2 : 0 });
}

function direction(): number {
  return (held.right || held.buttonRight ? 1 : 0) - (held.left || held.buttonLeft ? 1 : 0);
}

/** The game side of the character, once per fixed step, before the step. */
function tick(): void {
  const cc = controller!;
  if (cc.isGrounded) vy = held.jump || held.buttonJump ? JUMP_SPEED : 0;
  else if (cc.onCeiling && vy > 0) vy = 0;
  else vy -= G * FIXED_DT;
  cc.move({ x: direction() * RUN_SPEED * FIXED_DT, y: vy * FIXED_DT });
}

/** Keyboard: ← → / A D to run, ↑ / W / Z to jump (space, s and r stay the frame's). */
function key(e: KeyboardEvent, down: boolean): void {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  const k = e.key.toLowerCase();
  if (k === "arrowright" || k === "d") held.right = down;
  else if (k === "arrowleft" || k === "a") held.left = down;
  else if (k === "arrowup" || k === "w" || k === "z") held.jump = down;
  else return;
  e.preventDefault();
}
addEventListener("keydown", (e) => key(e, true));
addEventListener("keyup", (e) => key(e, false));
addEventListener("blur", () => {
  for (const k of Object.keys(held) as (keyof typeof held)[]) held[k] = false;
});

function holdButton(button: HTMLButtonElement, which: "buttonLeft" | "buttonRight" | "buttonJump", test: string): void {
  button.dataset.test = test;
  button.addEventListener("pointerdown", () => (held[which] = true));
  for (const end of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(end, () => (held[which] = false));
}

runDemo({
  title: "Character controller",
  description:
    "A kinematic capsule moved by CharacterController: ← → or A D to run, ↑ W or Z to jump. It walks seam-free over tiles, climbs 0.3 m steps but not the 0.6 m ledge, walks up the 35° ramp, slides down the 60° slope, rides the platform and the lift, and pushes the crates.",
  view: { minX: -17, minY: -2, maxX: 3, maxY: 8 },
  build(world, demo) {
    demoRef = demo;
    vy = 0;
    level(world);
    player = world.add(new Capsule({ position: { x: START_X, y: 0.71 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic", label: "player" }));
    controller = new CharacterController(world, player, { maxSlopeAngle: Math.PI / 4, stepHeight: 0.4, snapDistance: 0.3, pushForce, skin: 0.01 });
  },
  controls(toolbar) {
    holdButton(toolbar.addButton("◀", () => {}), "buttonLeft", "left");
    holdButton(toolbar.addButton("jump", () => {}), "buttonJump", "jump");
    holdButton(toolbar.addButton("▶", () => {}), "buttonRight", "right");
    toolbar.addSlider("push force", { min: 0, max: 400, step: 10, value: pushForce, format: (v) => `${v} N` }, (v) => {
      pushForce = v;
      if (controller) controller.pushForce = v;
    });
    toolbar.addCheckbox("follow", follow, (v) => {
      follow = v;
    });
  },
  beforeStep(world) {
    movePlatforms(world);
    tick();
  },
  drawOptions() {
    if (follow && player && demoRef) {
      const p = demoRef.pose(player);
      demoRef.camera.center.x = p.x + 2;
      demoRef.camera.center.y = Math.max(p.y + 1, 3);
    }
    return {};
  },
  draw(_ctx, demo) {
    if (!player || !controller) return;
    const p = demo.pose(player);
    const flags = [controller.isGrounded ? "grounded" : "in the air", controller.onWall ? "wall" : "", controller.onCeiling ? "ceiling" : ""].filter(Boolean).join(" · ");
    demo.label(flags, { x: p.x, y: p.y + 1.1 });
  },
  readout: () => {
    const cc = controller!;
    return `${cc.isGrounded ? `on ${cc.groundBody?.label || "ground"}` : "in the air"} · ground velocity ${cc.groundVelocity.x.toFixed(1)}, ${cc.groundVelocity.y.toFixed(1)} m/s`;
  },
  info: () => {
    const cc = controller!;
    const p = player!;
    return {
      x: p.position.x,
      y: p.position.y,
      grounded: cc.isGrounded,
      ground: cc.groundBody?.label ?? "",
      onWall: cc.onWall,
      onCeiling: cc.onCeiling,
      direction: direction(),
      pushForce: cc.pushForce,
    };
  },
  testBody: (world) => world.bodies.find((b) => b.label === "first crate"),
});
