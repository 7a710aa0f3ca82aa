/**
 * Platformer: a small level you can play, made with capsule2d's pieces for
 * tile games.
 *
 * - The level is a Tiled map (examples/tiles/platformer.json), loaded with
 *   `TileMap.fromTiled`: solid tiles become static boxes (merged runs; the
 *   seams between them never snag), tiles with the `oneWay` property are
 *   platforms you jump up through and land on, tiles with `tangentSpeed` are
 *   a conveyor belt. Its object layer holds the player's spawn point, the
 *   crate, the coins, the moving platform and the lift (point objects) and
 *   the goal (a sensor rectangle).
 * - The player is a kinematic capsule moved by a `CharacterController`. The
 *   game keeps the player's vertical speed itself, turns the input into a
 *   displacement and calls `controller.move()` before every fixed step
 *   (`tick()`): collide-and-slide, steps, ground snapping, riding platforms
 *   and pushing crates are the controller's.
 * - Jumps forgive: coyote time (a jump still works 0.1 s after running off
 *   an edge) and jump buffering (a jump pressed up to 0.1 s before landing
 *   happens on landing). Both are counted in steps, so a replay is exact.
 * - The platform and the lift are kinematic bodies following a path: each
 *   step they get the velocity that brings them to where the path says they
 *   are at the next step (computed from the step count: no drift).
 * - Coins are sensor circles: `world.sensorEvents` says when the player
 *   touches one, and the game removes it and counts it. The goal is the
 *   map's sensor: touching it ends the level.
 *
 * Controls: ← → or A D to run, ↑ W or space to jump; or the on-screen
 * buttons. Falling into the gap puts you back at the start.
 */
import { AABB, Capsule, CharacterController, Circle, TileMap, type Body, type TiledSpawn, type World } from "../../src/index.js";
import { runDemo, FIXED_DT, type Demo } from "../shared/demo.js";
import level from "../tiles/platformer.json";

const RUN_SPEED = 5; // m/s
const JUMP_SPEED = 7.5; // m/s: a jump 2.9 m high
const GRAVITY = 9.81; // m/s², the player's own (the world's pulls the crate)
const COYOTE_STEPS = Math.round(0.1 / FIXED_DT); // 0.1 s
const BUFFER_STEPS = Math.round(0.1 / FIXED_DT); // 0.1 s
const FALL_LIMIT = -3; // below this y the player starts again
const ORIGIN = { x: 0, y: level.height }; // map rows count down from the top: its bottom edge at y = 0

/** A kinematic body following a path between two points, waiting at each end. */
interface Mover {
  body: Body;
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** Steps to travel, steps to wait at each end. */
  travel: number;
  wait: number;
}

/** Input: what is held, and a jump press not yet used by the game. */
const input = { left: false, right: false, jump: false, jumpPressed: false, buttonLeft: false, buttonRight: false };

let world: World;
let controller: CharacterController;
let player: Body;
let spawn = { x: 0, y: 0 };
let movers: Mover[] = [];
let coins = new Set<Body>();
let coinsTotal = 0;
let coinsTaken = 0;
let goal: Body;
let crate: Body | null = null;
let won = false;
let wonAtStep = 0;
let falls = 0;
/** The game's own state of the player, in steps (so it replays exactly). */
let vy = 0;
let stepsSinceGround = Infinity;
let stepsSinceJumpPress = Infinity;
let demoRef: Demo | null = null;

function number(props: Record<string, unknown>, name: string, fallback: number): number {
  const v = props[name];
  return typeof v === "number" ? v : fallback;
}

/** A moving platform or lift from a map point object: its top's centre at the start, `toX`/`toY`, `width`, `speed`, `wait`. */
function addMover(w: World, p: TiledSpawn): Mover {
  const props = p.properties;
  const to = { x: number(props, "toX", p.position.x), y: number(props, "toY", p.position.y) };
  const halfWidth = number(props, "width", 2) / 2;
  const distance = Math.hypot(to.x - p.position.x, to.y - p.position.y);
  const body = w.add(
    new AABB({ position: { x: p.position.x, y: p.position.y - 0.15 }, halfWidth, halfHeight: 0.15, type: "kinematic", label: p.name, friction: 0.8 }),
  );
  return {
    body,
    from: { x: p.position.x, y: p.position.y - 0.15 },
    to: { x: to.x, y: to.y - 0.15 },
    travel: Math.max(1, Math.round(distance / number(props, "speed", 1.5) / FIXED_DT)),
    wait: Math.round(number(props, "wait", 1) / FIXED_DT),
  };
}

/** Where a mover is at step `t`: wait at `from`, travel, wait at `to`, travel back. Smoothstep eases the ends. */
function moverAt(m: Mover, t: number): { x: number; y: number } {
  const period = 2 * (m.wait + m.travel);
  const k = t % period;
  let s: number;
  if (k < m.wait) s = 0;
  else if (k < m.wait + m.travel) s = (k - m.wait) / m.travel;
  else if (k < 2 * m.wait + m.travel) s = 1;
  else s = 1 - (k - 2 * m.wait - m.travel) / m.travel;
  s = s * s * (3 - 2 * s);
  return { x: m.from.x + (m.to.x - m.from.x) * s, y: m.from.y + (m.to.y - m.from.y) * s };
}

/** Give each mover the velocity that takes it to its path's point at the end of this step. */
function driveMovers(w: World): void {
  for (const m of movers) {
    const next = moverAt(m, w.stepCount + 1);
    m.body.setVelocity({ x: (next.x - m.body.position.x) / FIXED_DT, y: (next.y - m.body.position.y) / FIXED_DT });
  }
}

function direction(): number {
  if (won) return 0;
  return (input.right || input.buttonRight ? 1 : 0) - (input.left || input.buttonLeft ? 1 : 0);
}

/** The game side of the player, once per fixed step, before the step: input → displacement → controller.move(). */
function tick(): void {
  const cc = controller;
  // jump buffering and coyote time: count the steps since the press and since the ground
  stepsSinceJumpPress = input.jumpPressed && !won ? 0 : stepsSinceJumpPress + 1;
  input.jumpPressed = false;
  stepsSinceGround = cc.isGrounded ? 0 : stepsSinceGround + 1;
  // vertical speed: none on the ground (the controller snaps down steps and slopes), gravity in the air
  if (cc.isGrounded && vy <= 0) vy = 0;
  else {
    if (cc.onCeiling && vy > 0) vy = 0;
    vy -= GRAVITY * FIXED_DT;
  }
  if (stepsSinceJumpPress <= BUFFER_STEPS && stepsSinceGround <= COYOTE_STEPS) {
    vy = JUMP_SPEED;
    stepsSinceJumpPress = stepsSinceGround = Infinity; // one jump per press, none in the air
  }
  // run; a conveyor's top surface (tangentSpeed) carries the player along +x as it carries crates
  let vx = direction() * RUN_SPEED;
  if (cc.isGrounded && cc.groundBody) vx += cc.groundBody.tangentSpeed;
  cc.move({ x: vx * FIXED_DT, y: vy * FIXED_DT });
}

/** After each step: coins touched are taken; the goal ends the level; a fall restarts. */
function afterStep(w: World): void {
  const events = w.sensorEvents;
  for (let i = 0; i < events.beginCount; i++) {
    const { sensor, visitor } = events.begin[i]!;
    if (visitor !== player) continue;
    if (coins.delete(sensor)) {
      w.remove(sensor);
      coinsTaken++;
    } else if (sensor === goal && !won) {
      won = true;
      wonAtStep = w.stepCount;
    }
  }
  if (player.position.y < FALL_LIMIT) {
    falls++;
    player.setPosition({ x: spawn.x, y: spawn.y });
    vy = 0;
  }
}

function build(w: World, demo: Demo): void {
  world = w;
  demoRef = demo;
  movers = [];
  coins = new Set();
  coinsTaken = 0;
  won = false;
  falls = 0;
  vy = 0;
  stepsSinceGround = stepsSinceJumpPress = Infinity;
  const map = TileMap.fromTiled(w, level, { origin: ORIGIN });
  goal = map.sensors.find((s) => s.label === "goal")!;
  for (const p of map.spawns) {
    if (p.type === "coin") coins.add(w.add(new Circle({ position: p.position, radius: 0.25, type: "static", isSensor: true, label: "coin" })));
    else if (p.type === "platform") movers.push(addMover(w, p));
    else if (p.name === "crate") crate = w.add(new AABB({ position: p.position, halfWidth: 0.4, halfHeight: 0.4, density: 20, friction: 0.5, label: "crate" }));
  }
  coinsTotal = coins.size;
  spawn = map.spawns.find((p) => p.name === "player")!.position;
  // a vertical capsule 1.4 m tall; kinematic: the controller moves it
  player = w.add(new Capsule({ position: spawn, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic", label: "player" }));
  controller = new CharacterController(w, player, { maxSlopeAngle: Math.PI / 4, stepHeight: 0.4, snapDistance: 0.3, pushForce: 120, skin: 0.01 });
}

// Keyboard: ← → / A D run, ↑ / W / space jump (the frame keeps s = single step and r = reset).
function key(e: KeyboardEvent, down: boolean): void {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return;
  const k = e.key.toLowerCase();
  if (k === "arrowright" || k === "d") input.right = down;
  else if (k === "arrowleft" || k === "a") input.left = down;
  else if (k === "arrowup" || k === "w" || k === " ") {
    if (down && !input.jump) input.jumpPressed = true; // a press, not the key's auto-repeat
    input.jump = down;
  } else return;
  e.preventDefault();
}
addEventListener("keydown", (e) => key(e, true));
addEventListener("keyup", (e) => key(e, false));
addEventListener("blur", () => {
  input.left = input.right = input.jump = input.buttonLeft = input.buttonRight = false;
});

/** Touch (and mouse) buttons: held while the pointer is down on them. */
function holdButton(button: HTMLButtonElement, test: string, press: (down: boolean) => void): void {
  button.dataset.test = test;
  button.style.touchAction = "none";
  button.addEventListener("pointerdown", () => press(true));
  for (const end of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(end, () => press(false));
}

runDemo({
  title: "Platformer",
  description:
    "A level from a Tiled map: ← → or A D to run, ↑ W or space to jump (or the buttons). Jump up through the one-way platform, ride the conveyor, push the crate into the pit, ride the platform over the gap and the lift up to the goal; take the coins on the way.",
  view: { minX: 0, minY: 0, maxX: 16, maxY: 9 },
  pageKeys: [" "],
  build,
  controls(toolbar) {
    holdButton(toolbar.addButton("◀", () => {}), "left", (d) => (input.buttonLeft = d));
    holdButton(toolbar.addButton("jump", () => {}), "jump", (d) => {
      if (d && !input.jump) input.jumpPressed = true;
      input.jump = d;
    });
    holdButton(toolbar.addButton("▶", () => {}), "right", (d) => (input.buttonRight = d));
  },
  beforeStep(w) {
    driveMovers(w);
    tick();
  },
  afterStep,
  drawOptions() {
    if (demoRef && player) {
      // the camera follows the player
      const p = demoRef.pose(player);
      demoRef.camera.center.x = Math.min(Math.max(p.x + 2, 8), level.width - 8);
      demoRef.camera.center.y = Math.max(p.y + 1, 4.5);
    }
    return {};
  },
  draw(_ctx, demo) {
    const p = demo.pose(player);
    demo.label(`coins ${coinsTaken} / ${coinsTotal}`, { x: p.x, y: p.y + 1.1 }, "#ffd54a");
    if (won) {
      const seconds = (wonAtStep * FIXED_DT).toFixed(1);
      demo.label(`Level complete! ${coinsTaken} of ${coinsTotal} coins in ${seconds} s. Press r to play again.`, { x: p.x, y: p.y + 1.8 }, "#5fd38d");
    }
  },
  readout: () => `coins ${coinsTaken}/${coinsTotal}${won ? " · level complete!" : ""}`,
  info: () => ({
    x: player.position.x,
    y: player.position.y,
    vx: player.velocity.x,
    grounded: controller.isGrounded,
    ground: controller.groundBody?.label ?? "",
    direction: direction(),
    coins: coinsTaken,
    coinsTotal,
    won,
    falls,
    platformX: movers[0]?.body.position.x ?? 0,
    liftY: movers[1]?.body.position.y ?? 0,
    crateX: crate?.position.x ?? 0,
    crateY: crate?.position.y ?? 0,
    steps: world.stepCount,
  }),
  testBody: (w) => w.bodies.find((b) => b.label === "crate"),
});
