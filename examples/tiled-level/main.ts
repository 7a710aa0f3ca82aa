/**
 * A Tiled level (examples/tiles/slopes.json) played by a CharacterController,
 * drawn by the debug renderer: slope tiles whose collision shapes are
 * polygons in the tileset (flipped for the way down), one-way tiles, an
 * object layer's ramp (a polygon), step (a rectangle), cloud and boulder
 * (ellipses), spawn point and goal sensor. The game logic is level.ts
 * (played in Node by test/tiled-level.test.ts); `?autopilot` plays the
 * scripted run.
 *
 * Controls: ← → or A D to run, ↑ W or space to jump.
 */
import { FIXED_DT, runDemo, type Demo } from "../shared/demo.js";
import { LEVEL_SIZE, TiledLevel } from "./level.js";

const game = new TiledLevel();
const autopilot = new URLSearchParams(location.search).has("autopilot");
let demoRef: Demo | null = null;

function key(e: KeyboardEvent, down: boolean): boolean {
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement) return false;
  const k = e.key.toLowerCase();
  if (k === "arrowright" || k === "d") game.input.right = down;
  else if (k === "arrowleft" || k === "a") game.input.left = down;
  else if (k === "arrowup" || k === "w" || k === " ") {
    if (down && !e.repeat) game.input.jumpPressed = true;
  } else return false;
  return true;
}
addEventListener("keydown", (e) => key(e, true) && e.preventDefault());
addEventListener("keyup", (e) => key(e, false) && e.preventDefault());
addEventListener("blur", () => (game.input.left = game.input.right = false));

runDemo({
  title: "A Tiled level",
  description:
    "A map drawn in Tiled: slope tiles (polygon collision shapes, flipped for the way down), one-way tiles, and an object layer's ramp, step, ellipses, spawn point and goal. ← → or A D to run, ↑ W or space to jump: up the slopes, over the ramp, up through the one-way platform to the goal.",
  view: { minX: 0, minY: 0, maxX: 16, maxY: 9 },
  pageKeys: [" "],
  build(w, demo) {
    demoRef = demo;
    game.build(w);
  },
  beforeStep: () => {
    if (autopilot) game.autopilot();
    game.beforeStep();
  },
  afterStep: () => game.afterStep(),
  drawOptions() {
    if (demoRef && game.player) {
      const p = demoRef.pose(game.player);
      demoRef.camera.center.x = Math.min(Math.max(p.x + 2, 8), LEVEL_SIZE.width - 8);
      demoRef.camera.center.y = Math.max(p.y + 1, 4.5);
    }
    return {};
  },
  draw(_ctx, demo) {
    const p = demo.pose(game.player);
    if (game.won) demo.label(`Goal! ${(game.wonAtStep * FIXED_DT).toFixed(1)} s. Press r to play again.`, { x: p.x, y: p.y + 1.2 }, "#5fd38d");
  },
  readout: () => (game.won ? "goal reached" : `x ${game.player.position.x.toFixed(1)} m`),
  info: () => game.info(),
  testBody: () => game.player,
});
