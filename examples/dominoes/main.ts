/**
 * Dominoes and a card house: Box2D v3's double domino (15 dominoes 0.25 m ×
 * 1 m, 1 m apart; the first is pushed at its top) falls all the way, each
 * domino tipping the next; Box2D's card house (40 cards 2 mm thick, friction
 * 0.7, from PEEL) stands. The scenes are bench/turning-scenes-data.mjs, which
 * test/turning-scenes.test.ts checks and compares with Box2D v3.
 *
 * `?scene=card-house` opens the card house. It stands with 8 sub-steps; with
 * the default 4 its top two cards lean over after about a second (Box2D v3
 * stands with 4: see docs/performance.md), so the page uses 8 and lets you
 * try 4.
 */
import * as C from "../../src/entries/capsule2d.js";
import type { Body } from "../../src/entries/capsule2d.js";
import { addScene, cardHouse, doubleDomino } from "../../bench/turning-scenes-data.mjs";
import { runDemo } from "../shared/demo.js";

type SceneName = "double-domino" | "card-house";
type SubSteps = "4" | "8";

const params = new URLSearchParams(location.search);
let scene: SceneName = params.get("scene") === "card-house" ? "card-house" : "double-domino";
let subSteps: SubSteps = "8";
let bodies: Body[] = [];

const VIEWS = {
  "double-domino": { minX: -9, minY: -1, maxX: 8, maxY: 5 },
  "card-house": { minX: -0.4, minY: -0.1, maxX: 2, maxY: 2 },
} as const;

/** Bodies turned past 45° (a domino down). */
function down(): number {
  return bodies.filter((b) => Math.abs(Math.sin(b.angle)) > Math.SQRT1_2).length;
}

const demo = runDemo({
  title: "Dominoes and a card house",
  description:
    "Box2D's double domino: the first domino is pushed and every one falls. Box2D's card house: 40 cards 2 mm thick stand on each other (8 sub-steps; with 4 its top falls, an open issue). Drag a card to knock it down.",
  view: VIEWS[scene],
  worldOptions: () => ({ gravity: { x: 0, y: -10 }, subSteps: Number(subSteps) }),
  build(world) {
    bodies = addScene(C, world, scene === "card-house" ? cardHouse() : doubleDomino());
  },
  controls(toolbar, d) {
    toolbar.addSelect<SceneName>("scene", ["double-domino", "card-house"], scene, (v) => {
      scene = v;
      const view = VIEWS[v];
      d.camera.fit(view.minX, view.minY, view.maxX, view.maxY);
      d.reset();
    });
    toolbar.addSelect<SubSteps>("sub-steps", ["4", "8"], subSteps, (v) => {
      subSteps = v;
      d.reset();
    });
  },
  info: () => {
    let top = 0;
    for (const b of bodies) top = Math.max(top, b.worldCenter.y);
    return {
      scene,
      subSteps: Number(subSteps),
      bodies: bodies.length,
      down: down(),
      asleep: bodies.filter((b) => b.isSleeping).length,
      topCenter: top,
    };
  },
  readout: () => `${down()} of ${bodies.length} down`,
});
void demo;
