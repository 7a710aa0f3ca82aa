/**
 * The platformer (examples/platformer/game.ts: the same level, controller,
 * coyote time, jump buffering, movers, coins and goal) rendered by Phaser 4
 * instead of capsule2d's debug renderer. This shows how capsule2d embeds in
 * a Phaser game:
 *
 * - capsule2d owns the simulation. The scene's `update()` hands the frame's
 *   time to `world.advance()`, which takes the fixed steps that fit (the game
 *   logic runs from the world's `beforeStep` / `afterStep` events) and
 *   returns the interpolation alpha.
 * - Phaser owns the picture, through the packaged adapter `capsule2d/phaser`
 *   (imported by its package name, as a game installs it): `PhaserView` is
 *   the scale and the y flip, `BodySprites` keeps one game object per body
 *   (a Graphics of its shapes) at its interpolated pose and centres the
 *   camera on the player.
 * - Phaser runs with the Canvas renderer: it works everywhere, headless
 *   browsers without WebGL included. `Phaser.AUTO` works as well.
 *
 * Test hook: `window.__phaserDemo` (see `PhaserDemoHook`) pauses, steps and
 * reads the game, like `window.__demo` on the other pages.
 */
import * as Phaser from "phaser";
import { BodySprites, PhaserView, type BodyStyle } from "capsule2d/phaser";
import { World, type Body } from "../../src/entries/capsule2d.js";
import { LEVEL_SIZE, PlatformerGame, STEP } from "../platformer/game.js";

const PIXELS_PER_METRE = 40;
const WIDTH = 960;
const HEIGHT = 540;
/** At most this much time is simulated per frame (a slow frame runs in slow motion, not a spiral). */
const MAX_ELAPSED = 4 * STEP;

/** What `window.__phaserDemo` offers the browser tests and the console. */
export interface PhaserDemoHook {
  pause(): void;
  play(): void;
  /** Take `n` fixed steps now, bring the scene up to date (alpha 1), return world.stepCount. */
  step(n?: number): number;
  /** The game's facts (PlatformerGame.info) and the camera's scroll, in pixels. */
  info(): Record<string, number | string | boolean>;
  /**
   * Bring the scene up to date at `alpha` (as a frame after `world.advance()` would) and
   * return where the player's game object is, in scene pixels.
   */
  syncAt(alpha: number): { x: number; y: number };
  /** Frames Phaser has rendered. */
  readonly frames: number;
  readonly renderer: "canvas" | "webgl";
}

declare global {
  interface Window {
    __phaserDemo?: PhaserDemoHook;
  }
}

const game = new PlatformerGame();
addEventListener("keydown", (e) => game.key(e, true) && e.preventDefault());
addEventListener("keyup", (e) => game.key(e, false) && e.preventDefault());
addEventListener("blur", () => game.releaseAll());

function style(body: Body): BodyStyle {
  if (body === game.player) return { fill: 0x4f9dff };
  switch (body.label) {
    case "coin":
      return { fill: 0xffd54a };
    case "goal":
      return { fill: 0x5fd38d, fillAlpha: 0.35 };
    case "crate":
      return { fill: 0xb07a3c, stroke: 0x6b4520 };
    case "platform":
    case "lift":
      return { fill: 0xc0c8d4 };
  }
  if (body.tangentSpeed !== 0) return { fill: 0x6a5acd }; // the conveyor
  if (body.oneWay) return { fill: 0x9aa4b2, fillAlpha: 0.7 };
  return { fill: 0x4a5160, stroke: 0x2c313a };
}

class PlatformerScene extends Phaser.Scene {
  world!: World;
  view!: BodySprites;
  running = !new URLSearchParams(location.search).has("paused");
  alpha = 1;
  frames = 0;
  private hud!: Phaser.GameObjects.Text;

  constructor() {
    super("platformer");
  }

  create(): void {
    this.world = new World({ fixedDt: STEP });
    this.world.on("beforeStep", () => game.beforeStep(this.world));
    this.world.on("afterStep", () => game.afterStep(this.world));
    game.build(this.world);

    this.cameras.main.setBackgroundColor("#1b1f27");
    this.cameras.main.setBounds(0, 0, LEVEL_SIZE.width * PIXELS_PER_METRE, LEVEL_SIZE.height * PIXELS_PER_METRE);
    this.view = new BodySprites(this, {
      view: new PhaserView({ pixelsPerMetre: PIXELS_PER_METRE, top: LEVEL_SIZE.height }),
      style,
      depth: (b) => (b === game.player ? 2 : b.isSensor ? -1 : 0),
    });
    // the camera looks a little ahead of the player and above it
    this.view.follow(this.cameras.main, game.player, { x: 2, y: 1 });
    this.hud = this.add.text(12, 10, "", { fontFamily: "system-ui, sans-serif", fontSize: "18px", color: "#ffd54a" });
    this.hud.setScrollFactor(0).setDepth(10);
    this.view.sync(this.world, 1);
    this.game.events.on(Phaser.Core.Events.POST_RENDER, () => this.frames++);

    const scene = this;
    window.__phaserDemo = {
      pause: () => {
        scene.running = false;
        scene.alpha = 1;
        scene.view.sync(scene.world, 1);
      },
      play: () => {
        scene.running = true;
      },
      step: (n = 1) => {
        for (let i = 0; i < n; i++) scene.world.step(STEP);
        scene.alpha = 1;
        scene.refresh();
        return scene.world.stepCount;
      },
      syncAt: (alpha) => {
        scene.alpha = alpha;
        scene.refresh();
        const o = scene.view.objectOf(game.player)!;
        return { x: o.x, y: o.y };
      },
      info: () => ({ ...game.info(), scrollX: scene.cameras.main.scrollX, scrollY: scene.cameras.main.scrollY }),
      get frames() {
        return scene.frames;
      },
      renderer: this.game.renderer.type === Phaser.WEBGL ? "webgl" : "canvas",
    };
  }

  override update(_time: number, delta: number): void {
    if (this.running) this.alpha = this.world.advance(Math.min(MAX_ELAPSED, delta / 1000));
    this.refresh();
  }

  refresh(): void {
    this.view.sync(this.world, this.alpha);
    this.hud.setText(game.won ? `Level complete! ${game.readout()}` : game.readout());
  }
}

new Phaser.Game({
  type: Phaser.CANVAS,
  width: WIDTH,
  height: HEIGHT,
  parent: "game",
  backgroundColor: "#1b1f27",
  banner: false,
  scene: PlatformerScene,
});
