/**
 * The platformer's game logic, shared by the two pages that show it: the
 * canvas demo (examples/platformer/, drawn by capsule2d's debug renderer)
 * and the Phaser page (examples/platformer-phaser/, drawn by Phaser 4).
 * Nothing here draws or listens to the DOM: a page builds the level into a
 * world, calls `beforeStep` / `afterStep` around every fixed step, and feeds
 * `input` (see `key()` for the keyboard).
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
 */
import { AABB, Capsule, CharacterController, Circle, TileMap, type Body, type TiledSpawn, type World } from "../../src/entries/capsule2d.js";
import level from "../tiles/platformer.json";

/** The fixed step the game counts in (the world's `fixedDt`). */
export const STEP = 1 / 60;
const RUN_SPEED = 5; // m/s
const JUMP_SPEED = 7.5; // m/s: a jump 2.9 m high
const GRAVITY = 9.81; // m/s², the player's own (the world's pulls the crate)
const COYOTE_STEPS = Math.round(0.1 / STEP); // 0.1 s
const BUFFER_STEPS = Math.round(0.1 / STEP); // 0.1 s
const FALL_LIMIT = -3; // below this y the player starts again
const ORIGIN = { x: 0, y: level.height }; // map rows count down from the top: its bottom edge at y = 0

/** The level's size in metres (one tile is 1 m): x from 0 to `width`, y from 0 to `height`. */
export const LEVEL_SIZE = { width: level.width, height: level.height };

/** A kinematic body following a path between two points, waiting at each end. */
interface Mover {
  body: Body;
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** Steps to travel, steps to wait at each end. */
  travel: number;
  wait: number;
}

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
    travel: Math.max(1, Math.round(distance / number(props, "speed", 1.5) / STEP)),
    wait: Math.round(number(props, "wait", 1) / STEP),
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

/** The game: the level's bodies, the player's state, the score. `build()` (again) starts the level. */
export class PlatformerGame {
  /** Input: what is held, and a jump press not yet used by the game. */
  readonly input = { left: false, right: false, jump: false, jumpPressed: false, buttonLeft: false, buttonRight: false };
  world!: World;
  controller!: CharacterController;
  player!: Body;
  goal!: Body;
  crate: Body | null = null;
  movers: Mover[] = [];
  coins = new Set<Body>();
  coinsTotal = 0;
  coinsTaken = 0;
  won = false;
  wonAtStep = 0;
  falls = 0;
  private spawn = { x: 0, y: 0 };
  /** The game's own state of the player, in steps (so it replays exactly). */
  private vy = 0;
  private stepsSinceGround = Infinity;
  private stepsSinceJumpPress = Infinity;

  /** Fill a fresh world (its `fixedDt` should be `STEP`) with the level and reset the game. */
  build(w: World): void {
    this.world = w;
    this.movers = [];
    this.coins = new Set();
    this.coinsTaken = 0;
    this.won = false;
    this.falls = 0;
    this.vy = 0;
    this.stepsSinceGround = this.stepsSinceJumpPress = Infinity;
    const map = TileMap.fromTiled(w, level, { origin: ORIGIN });
    this.goal = map.sensors.find((s) => s.label === "goal")!;
    for (const p of map.spawns) {
      if (p.type === "coin") this.coins.add(w.add(new Circle({ position: p.position, radius: 0.25, type: "static", isSensor: true, label: "coin" })));
      else if (p.type === "platform") this.movers.push(addMover(w, p));
      else if (p.name === "crate") this.crate = w.add(new AABB({ position: p.position, halfWidth: 0.4, halfHeight: 0.4, density: 20, friction: 0.5, label: "crate" }));
    }
    this.coinsTotal = this.coins.size;
    this.spawn = map.spawns.find((p) => p.name === "player")!.position;
    // a vertical capsule 1.4 m tall; kinematic: the controller moves it
    this.player = w.add(new Capsule({ position: this.spawn, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic", label: "player" }));
    this.controller = new CharacterController(w, this.player, { maxSlopeAngle: Math.PI / 4, stepHeight: 0.4, snapDistance: 0.3, pushForce: 120, skin: 0.01 });
  }

  /** -1, 0 or 1: where the input runs (0 once the level is won). */
  direction(): number {
    if (this.won) return 0;
    const input = this.input;
    return (input.right || input.buttonRight ? 1 : 0) - (input.left || input.buttonLeft ? 1 : 0);
  }

  /** Before each fixed step: the movers' velocities, then the player (input → displacement → controller.move()). */
  beforeStep(w: World): void {
    for (const m of this.movers) {
      // the velocity that takes the mover to its path's point at the end of this step
      const next = moverAt(m, w.stepCount + 1);
      m.body.setVelocity({ x: (next.x - m.body.position.x) / STEP, y: (next.y - m.body.position.y) / STEP });
    }
    this.tick();
  }

  private tick(): void {
    const cc = this.controller;
    const input = this.input;
    // jump buffering and coyote time: count the steps since the press and since the ground
    this.stepsSinceJumpPress = input.jumpPressed && !this.won ? 0 : this.stepsSinceJumpPress + 1;
    input.jumpPressed = false;
    this.stepsSinceGround = cc.isGrounded ? 0 : this.stepsSinceGround + 1;
    // vertical speed: none on the ground (the controller snaps down steps and slopes), gravity in the air
    if (cc.isGrounded && this.vy <= 0) this.vy = 0;
    else {
      if (cc.onCeiling && this.vy > 0) this.vy = 0;
      this.vy -= GRAVITY * STEP;
    }
    if (this.stepsSinceJumpPress <= BUFFER_STEPS && this.stepsSinceGround <= COYOTE_STEPS) {
      this.vy = JUMP_SPEED;
      this.stepsSinceJumpPress = this.stepsSinceGround = Infinity; // one jump per press, none in the air
    }
    // run; a conveyor's top surface (tangentSpeed) carries the player along +x as it carries crates
    let vx = this.direction() * RUN_SPEED;
    if (cc.isGrounded && cc.groundBody) vx += cc.groundBody.tangentSpeed;
    cc.move({ x: vx * STEP, y: this.vy * STEP });
  }

  /** After each step: coins touched are taken; the goal ends the level; a fall restarts. */
  afterStep(w: World): void {
    const events = w.sensorEvents;
    for (let i = 0; i < events.beginCount; i++) {
      const { sensor, visitor } = events.begin[i]!;
      if (visitor !== this.player) continue;
      if (this.coins.delete(sensor)) {
        w.remove(sensor);
        this.coinsTaken++;
      } else if (sensor === this.goal && !this.won) {
        this.won = true;
        this.wonAtStep = w.stepCount;
      }
    }
    if (this.player.position.y < FALL_LIMIT) {
      this.falls++;
      this.player.setPosition({ x: this.spawn.x, y: this.spawn.y });
      this.vy = 0;
    }
  }

  /** A jump press (from a key or a button): `down` true on press, false on release. Auto-repeat is not a press. */
  jumpKey(down: boolean): void {
    if (down && !this.input.jump) this.input.jumpPressed = true;
    this.input.jump = down;
  }

  /**
   * Keyboard: ← → / A D run, ↑ / W / space jump. Returns true when the key
   * was the game's (the caller then calls `preventDefault()`).
   */
  key(e: KeyboardEvent, down: boolean): boolean {
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return false;
    const k = e.key.toLowerCase();
    if (k === "arrowright" || k === "d") this.input.right = down;
    else if (k === "arrowleft" || k === "a") this.input.left = down;
    else if (k === "arrowup" || k === "w" || k === " ") this.jumpKey(down);
    else return false;
    return true;
  }

  /** Let go of everything (the window lost focus). */
  releaseAll(): void {
    const input = this.input;
    input.left = input.right = input.jump = input.buttonLeft = input.buttonRight = false;
  }

  /** The score line. */
  readout(): string {
    return `coins ${this.coinsTaken}/${this.coinsTotal}${this.won ? " · level complete!" : ""}`;
  }

  /** Facts for the browser tests and the console (plain JSON). */
  info(): Record<string, number | string | boolean> {
    return {
      x: this.player.position.x,
      y: this.player.position.y,
      vx: this.player.velocity.x,
      grounded: this.controller.isGrounded,
      ground: this.controller.groundBody?.label ?? "",
      direction: this.direction(),
      coins: this.coinsTaken,
      coinsTotal: this.coinsTotal,
      won: this.won,
      falls: this.falls,
      platformX: this.movers[0]?.body.position.x ?? 0,
      liftY: this.movers[1]?.body.position.y ?? 0,
      crateX: this.crate?.position.x ?? 0,
      crateY: this.crate?.position.y ?? 0,
      steps: this.world.stepCount,
    };
  }
}
