/**
 * Platformer: a small level you can play, made with capsule2d's pieces for
 * tile games. The game logic is in game.ts (shared with the Phaser 4 page,
 * examples/platformer-phaser/); this page draws it with the debug renderer.
 *
 * A Tiled level with a one-way platform, a conveyor, a crate, a moving
 * platform, a lift, coins and a goal; a CharacterController player with
 * coyote time and jump buffering (game.ts says how each piece works).
 *
 * Controls: ← → or A D to run, ↑ W or space to jump; or the on-screen
 * buttons. Falling into the gap puts you back at the start.
 */
import { FIXED_DT, runDemo, type Demo } from "../shared/demo.js";
import { LEVEL_SIZE, PlatformerGame } from "./game.js";

const game = new PlatformerGame();
let demoRef: Demo | null = null;

// Keyboard: ← → / A D run, ↑ / W / space jump (the frame keeps s = single step and r = reset).
addEventListener("keydown", (e) => game.key(e, true) && e.preventDefault());
addEventListener("keyup", (e) => game.key(e, false) && e.preventDefault());
addEventListener("blur", () => game.releaseAll());

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
  build(w, demo) {
    demoRef = demo;
    game.build(w);
  },
  controls(toolbar) {
    holdButton(toolbar.addButton("◀", () => {}), "left", (d) => (game.input.buttonLeft = d));
    holdButton(toolbar.addButton("jump", () => {}), "jump", (d) => game.jumpKey(d));
    holdButton(toolbar.addButton("▶", () => {}), "right", (d) => (game.input.buttonRight = d));
  },
  beforeStep: (w) => game.beforeStep(w),
  afterStep: (w) => game.afterStep(w),
  drawOptions() {
    if (demoRef && game.player) {
      // the camera follows the player
      const p = demoRef.pose(game.player);
      demoRef.camera.center.x = Math.min(Math.max(p.x + 2, 8), LEVEL_SIZE.width - 8);
      demoRef.camera.center.y = Math.max(p.y + 1, 4.5);
    }
    return {};
  },
  draw(_ctx, demo) {
    const p = demo.pose(game.player);
    demo.label(`coins ${game.coinsTaken} / ${game.coinsTotal}`, { x: p.x, y: p.y + 1.1 }, "#ffd54a");
    if (game.won) {
      const seconds = (game.wonAtStep * FIXED_DT).toFixed(1);
      demo.label(`Level complete! ${game.coinsTaken} of ${game.coinsTotal} coins in ${seconds} s. Press r to play again.`, { x: p.x, y: p.y + 1.8 }, "#5fd38d");
    }
  },
  readout: () => game.readout(),
  info: () => game.info(),
  testBody: (w) => w.bodies.find((b) => b.label === "crate"),
});
