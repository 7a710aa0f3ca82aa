/**
 * A level drawn in Tiled (examples/tiles/slopes.json), played by a
 * `CharacterController`: the game logic, shared by the page (main.ts, the
 * debug renderer), its browser test and a Node test that plays it
 * (test/tiled-level.test.ts).
 *
 * The map (32 px tiles, 1 m each, 40 × 12):
 * - a tile layer with whole tiles (merged into seam-free AABBs), two slope
 *   tiles whose collision shapes are polygons drawn in the tileset (a low
 *   and a high half of a 26.6° slope), used as drawn going up and flipped
 *   left to right (Tiled's flip flag) going down, and a row of tiles with
 *   the property `oneWay` (jumped up through, stood on);
 * - an object layer with a polygon (a ramp), a rectangle (a 25 cm step), two
 *   ellipses (a one-way cloud and a round boulder: a polygon and a circle),
 *   the spawn point `player` and the goal, a rectangle of class `sensor`.
 *
 * The player is a kinematic capsule moved by `controller.move()` before each
 * step: run at 5 m/s, its own gravity in the air, a jump of 7.5 m/s from the
 * ground (rules.ts). Reaching the goal sensor (`world.sensorEvents`) wins.
 */
import { Capsule, CharacterController, TileMap, type Body, type TiledSpawn, type World } from "../../src/entries/capsule2d.js";
import level from "../tiles/slopes.json";
import { autopilot, CONTROLLER, FALL_LIMIT, nextVy, PLAYER, RUN_SPEED, STEP } from "./rules.js";

export { STEP };

/** The level's size in metres: x from 0 to `width`, y from 0 to `height`. */
export const LEVEL_SIZE = { width: level.width, height: level.height };
/** The map's top-left corner in the world (its bottom edge at y = 0). */
export const ORIGIN = { x: 0, y: level.height };
/** The map as Tiled wrote it. */
export const LEVEL_MAP: unknown = level;

/** What the player presses. */
export interface LevelInput {
  left: boolean;
  right: boolean;
  /** A jump was pressed since the last step (one jump per press). */
  jumpPressed: boolean;
}

export class TiledLevel {
  world!: World;
  map!: TileMap;
  player!: Body;
  controller!: CharacterController;
  goal!: Body;
  spawn: TiledSpawn["position"] = { x: 0, y: 0 };
  readonly input: LevelInput = { left: false, right: false, jumpPressed: false };
  vy = 0;
  won = false;
  wonAtStep = -1;
  falls = 0;
  /** The most steps in a row the player pressed a direction on the ground and did not move (a snag). */
  longestStall = 0;
  private stall = 0;
  private lastX = 0;

  /** Load the map into `w` and put the player at the spawn point. */
  build(w: World): void {
    this.world = w;
    this.won = false;
    this.wonAtStep = -1;
    this.falls = 0;
    this.vy = 0;
    this.longestStall = this.stall = 0;
    this.input.left = this.input.right = this.input.jumpPressed = false;
    this.phase = 0;
    this.map = TileMap.fromTiled(w, level, { origin: ORIGIN });
    this.goal = this.map.sensors.find((s) => s.label === "goal")!;
    this.spawn = this.map.spawns.find((p) => p.name === "player")!.position;
    this.player = w.add(new Capsule({ position: this.spawn, ...PLAYER, angle: Math.PI / 2, type: "kinematic", label: "player" }));
    this.controller = new CharacterController(w, this.player, CONTROLLER);
    this.lastX = this.player.position.x;
  }

  /** -1, 0 or 1: where the input runs (0 once won). */
  direction(): number {
    if (this.won) return 0;
    return (this.input.right ? 1 : 0) - (this.input.left ? 1 : 0);
  }

  /** Before each step: input → displacement → `controller.move()`. */
  beforeStep(): void {
    const cc = this.controller;
    this.vy = nextVy(this.vy, cc.isGrounded, cc.onCeiling, this.input.jumpPressed && !this.won);
    this.input.jumpPressed = false;
    cc.move({ x: this.direction() * RUN_SPEED * STEP, y: this.vy * STEP });
  }

  /** After each step: the goal wins; a fall restarts; stalls are counted. */
  afterStep(): void {
    const w = this.world;
    const events = w.sensorEvents;
    for (let i = 0; i < events.beginCount; i++) {
      const { sensor, visitor } = events.begin[i]!;
      if (visitor === this.player && sensor === this.goal && !this.won) {
        this.won = true;
        this.wonAtStep = w.stepCount;
      }
    }
    const x = this.player.position.x;
    if (this.direction() !== 0 && this.controller.isGrounded && Math.abs(x - this.lastX) < 1e-3) {
      this.stall++;
      this.longestStall = Math.max(this.longestStall, this.stall);
    } else this.stall = 0;
    this.lastX = x;
    if (this.player.position.y < FALL_LIMIT) {
      this.falls++;
      this.player.setPosition({ x: this.spawn.x, y: this.spawn.y });
      this.vy = 0;
    }
  }

  /** The scripted run (rules.ts `autopilot`): set the input for the next step from where the player is. */
  autopilot(): void {
    const a = autopilot(this.phase, this.player.position.x, this.controller.isGrounded);
    this.phase = a.phase;
    this.input.right = a.right;
    if (a.jump) this.input.jumpPressed = true;
  }
  /** Where the scripted run is: 0 running to the jump, 1 jumping, 2 falling onto the platform, 3 running to the goal. */
  phase = 0;

  /** Facts for tests and the console (plain JSON). */
  info(): Record<string, number | string | boolean> {
    return {
      x: this.player.position.x,
      y: this.player.position.y,
      grounded: this.controller.isGrounded,
      groundNormalY: this.controller.groundNormal.y,
      onOneWay: this.controller.isGrounded && this.controller.groundBody?.oneWay != null,
      phase: this.phase,
      won: this.won,
      wonAtStep: this.wonAtStep,
      falls: this.falls,
      longestStall: this.longestStall,
      bodies: this.map.bodies.length,
      warnings: this.map.warnings.length,
      steps: this.world.stepCount,
    };
  }
}
