/**
 * The Tiled level of examples/tiled-level/ (examples/tiles/slopes.json) in
 * Phaser 4, written as a game that installed capsule2d would write it: the
 * engine from `capsule2d` and the adapter from `capsule2d/phaser`, both by
 * their package names (the built dist/; `npm start` builds it).
 *
 * - Phaser loads the map (`load.tilemapTiledJSON`) and draws its tile layer
 *   (the tileset's picture is a texture drawn here, no image files).
 * - `addTilemapColliders` builds the world's colliders from that Phaser
 *   layer (`setCollisionByProperty({ collides: true })`): the slope tiles'
 *   polygons, flipped as Phaser read the flip flags, the one-way tiles, the
 *   whole tiles merged. The object layer (ramp, step, ellipses, spawn, goal)
 *   is read by `TileMap.fromTiled` from the same JSON.
 * - `BodySprites` keeps a Graphics on every body that is not a tile at its
 *   interpolated pose and the camera on the player; `PhaserDebugDraw`
 *   outlines every collider over the tiles.
 * - The rules (speeds, gravity, the scripted run) are examples/tiled-level/rules.ts,
 *   the canvas page's; `?autopilot` plays the scripted run.
 *
 * Test hook: `window.__tiledPhaser` (see `TiledPhaserHook`).
 */
import * as Phaser from "phaser";
import { Capsule, CharacterController, TileMap, World, type Body } from "capsule2d";
import { addTilemapColliders, BodySprites, PhaserDebugDraw, PhaserView } from "capsule2d/phaser";
import level from "../tiles/slopes.json";
import { autopilot, CONTROLLER, FALL_LIMIT, nextVy, PLAYER, RUN_SPEED, STEP } from "../tiled-level/rules.js";

const PPM = 40; // scene pixels per metre: a 32 px tile drawn at scale 1.25
const TILE = level.tilewidth;
const SCALE = PPM / TILE;
const WIDTH = 960;
const HEIGHT = 540;
const MAX_ELAPSED = 4 * STEP;

/** What `window.__tiledPhaser` offers the browser test and the console. */
export interface TiledPhaserHook {
  pause(): void;
  /** Take `n` fixed steps now and bring the scene up to date (alpha 1); returns the facts. */
  step(n?: number): Record<string, number | string | boolean>;
  /** The game's facts. */
  info(): Record<string, number | string | boolean>;
  /** The player's game object, and where the view puts the player's body now, scene pixels. */
  player(): { x: number; y: number; bodyX: number; bodyY: number };
  /** The colliders `addTilemapColliders` made from the Phaser layer, and those `TileMap.fromTiled` makes from the JSON: one line per body. */
  colliders(): { fromPhaser: string[]; fromTiled: string[] };
  /** Frames Phaser has rendered. */
  readonly frames: number;
}

declare global {
  interface Window {
    __tiledPhaser?: TiledPhaserHook;
  }
}

const params = new URLSearchParams(location.search);
const input = { left: false, right: false, jump: false };
function key(e: KeyboardEvent, down: boolean): boolean {
  const k = e.key.toLowerCase();
  if (k === "arrowright" || k === "d") input.right = down;
  else if (k === "arrowleft" || k === "a") input.left = down;
  else if (k === "arrowup" || k === "w" || k === " ") {
    if (down && !e.repeat) input.jump = true;
  } else return false;
  return true;
}
addEventListener("keydown", (e) => key(e, true) && e.preventDefault());
addEventListener("keyup", (e) => key(e, false) && e.preventDefault());
addEventListener("blur", () => (input.left = input.right = false));

/** One line per body: its kind, its shape's world points (mm) and one-way flag, sorted. */
function signature(bodies: readonly Body[]): string[] {
  return bodies
    .map((b) => {
      const s = b.shapes[0]!;
      const pts = s.kind === "circle" ? [b.position] : s.getWorldVertices();
      return `${s.kind} ${pts.map((p) => `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`).join(" ")}${b.oneWay ? " oneWay" : ""}`;
    })
    .sort();
}

class TiledLevelScene extends Phaser.Scene {
  world = new World({ fixedDt: STEP });
  view = new PhaserView({ pixelsPerMetre: PPM, top: level.height });
  sprites!: BodySprites<Body>;
  debug!: PhaserDebugDraw<Body>;
  player!: Body;
  controller!: CharacterController;
  goal!: Body;
  tileBodies!: Body[];
  spawn = { x: 0, y: 0 };
  vy = 0;
  phase = 0;
  won = false;
  falls = 0;
  running = !params.has("paused");
  alpha = 1;
  frames = 0;
  private hud!: Phaser.GameObjects.Text;

  constructor() {
    super("tiled-level");
  }

  preload(): void {
    this.load.tilemapTiledJSON("slopes", level);
  }

  create(): void {
    this.terrainTexture();
    const map = this.make.tilemap({ key: "slopes" });
    const tiles = map.addTilesetImage("terrain", "terrain")!;
    const layer = map.createLayer("Ground", tiles, 0, 0) as Phaser.Tilemaps.TilemapLayer;
    layer.setScale(SCALE);
    layer.setCollisionByProperty({ collides: true });

    // the colliders: the tiles from the Phaser layer, the objects from the map's object layer
    const w = this.world;
    this.tileBodies = addTilemapColliders(w, layer, { view: this.view }).bodies;
    const objects = TileMap.fromTiled(w, { ...level, layers: level.layers.filter((l) => l.type === "objectgroup") }, { origin: { x: 0, y: level.height } });
    this.goal = objects.sensors.find((s) => s.label === "goal")!;
    this.spawn = objects.spawns.find((p) => p.name === "player")!.position;
    this.player = w.add(new Capsule({ position: this.spawn, ...PLAYER, angle: Math.PI / 2, type: "kinematic", label: "player" }));
    this.controller = new CharacterController(w, this.player, CONTROLLER);
    w.on("beforeStep", () => this.beforeStep());
    w.on("afterStep", () => this.afterStep());

    const isTile = new Set<Body>(this.tileBodies);
    this.sprites = new BodySprites<Body>(this, {
      view: this.view,
      filter: (b) => !isTile.has(b),
      style: (b) => (b === this.player ? { fill: 0x4f9dff, stroke: 0x1f5fae } : b.isSensor ? { fill: 0x5fd38d, fillAlpha: 0.3 } : { fill: 0x8a7a60, stroke: 0x4a3f30 }),
      depth: (b) => (b === this.player ? 2 : 0),
    });
    this.sprites.follow(this.cameras.main, this.player, { x: 2, y: 1 });
    this.debug = new PhaserDebugDraw<Body>(this.add.graphics().setDepth(1), { view: this.view, style: () => ({ fill: null, stroke: 0xffd54a, strokeAlpha: 0.8 }) });
    this.cameras.main.setBounds(0, 0, level.width * PPM, level.height * PPM);
    this.cameras.main.setBackgroundColor("#1b1f27");
    this.hud = this.add.text(12, 10, "", { fontFamily: "system-ui, sans-serif", fontSize: "18px", color: "#ffd54a" }).setScrollFactor(0).setDepth(10);
    this.game.events.on(Phaser.Core.Events.POST_RENDER, () => this.frames++);
    this.refresh();
    this.hook();
  }

  /** The tileset's picture, drawn: a block, the low and high halves of a slope, a one-way block (lighter, its top marked; 32 px each). */
  private terrainTexture(): void {
    const g = this.make.graphics({}, false);
    g.fillStyle(0x4a5160);
    g.fillRect(0, 0, TILE, TILE);
    g.fillTriangle(TILE, TILE, 2 * TILE, TILE, 2 * TILE, TILE / 2);
    g.fillPoints([new Phaser.Math.Vector2(2 * TILE, TILE), new Phaser.Math.Vector2(3 * TILE, TILE), new Phaser.Math.Vector2(3 * TILE, 0), new Phaser.Math.Vector2(2 * TILE, TILE / 2)], true);
    g.fillStyle(0x5d6676);
    g.fillRect(3 * TILE, 0, TILE, TILE);
    g.fillStyle(0x9aa4b2);
    g.fillRect(3 * TILE, 0, TILE, TILE / 4);
    g.generateTexture("terrain", 4 * TILE, TILE);
    g.destroy();
  }

  private beforeStep(): void {
    const cc = this.controller;
    if (params.has("autopilot")) {
      const a = autopilot(this.phase, this.player.position.x, cc.isGrounded);
      this.phase = a.phase;
      input.right = a.right;
      if (a.jump) input.jump = true;
    }
    this.vy = nextVy(this.vy, cc.isGrounded, cc.onCeiling, input.jump && !this.won);
    input.jump = false;
    const dir = this.won ? 0 : (input.right ? 1 : 0) - (input.left ? 1 : 0);
    cc.move({ x: dir * RUN_SPEED * STEP, y: this.vy * STEP });
  }

  private afterStep(): void {
    const events = this.world.sensorEvents;
    for (let i = 0; i < events.beginCount; i++) {
      const { sensor, visitor } = events.begin[i]!;
      if (visitor === this.player && sensor === this.goal) this.won = true;
    }
    if (this.player.position.y < FALL_LIMIT) {
      this.falls++;
      this.player.setPosition(this.spawn);
      this.vy = 0;
    }
  }

  override update(_time: number, delta: number): void {
    if (this.running) this.alpha = this.world.advance(Math.min(MAX_ELAPSED, delta / 1000));
    this.refresh();
  }

  refresh(): void {
    this.sprites.sync(this.world, this.alpha);
    this.debug.draw(this.world, this.alpha);
    this.hud.setText(this.won ? "Goal!" : `x ${this.player.position.x.toFixed(1)} m`);
  }

  info(): Record<string, number | string | boolean> {
    const cc = this.controller;
    return {
      x: this.player.position.x,
      y: this.player.position.y,
      grounded: cc.isGrounded,
      onOneWay: cc.isGrounded && cc.groundBody?.oneWay != null,
      won: this.won,
      falls: this.falls,
      tileBodies: this.tileBodies.length,
      steps: this.world.stepCount,
    };
  }

  private hook(): void {
    const scene = this;
    window.__tiledPhaser = {
      pause: () => {
        scene.running = false;
        scene.alpha = 1;
        scene.refresh();
      },
      step: (n = 1) => {
        for (let i = 0; i < n; i++) scene.world.step(STEP);
        scene.alpha = 1;
        scene.refresh();
        return scene.info();
      },
      info: () => scene.info(),
      player: () => {
        const o = scene.sprites.objectOf(scene.player)!;
        return { x: o.x, y: o.y, bodyX: scene.view.sceneX(scene.player.position.x), bodyY: scene.view.sceneY(scene.player.position.y) };
      },
      colliders: () => {
        const ref = TileMap.fromTiled(new World(), { ...level, layers: level.layers.filter((l) => l.type === "tilelayer") }, { origin: { x: 0, y: level.height }, collides: "collides" });
        return { fromPhaser: signature(scene.tileBodies), fromTiled: signature(ref.bodies) };
      },
      get frames() {
        return scene.frames;
      },
    };
  }
}

new Phaser.Game({
  type: Phaser.CANVAS,
  width: WIDTH,
  height: HEIGHT,
  parent: "game",
  backgroundColor: "#1b1f27",
  banner: false,
  scene: TiledLevelScene,
});
