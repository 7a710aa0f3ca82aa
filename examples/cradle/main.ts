/**
 * Newton's cradle: five balls hung from a static bar on distance joints.
 *
 * Each ball hangs on one distance joint from the bar to its centre: a rigid
 * rod (minLength = maxLength = length, the default), or, with "rope" chosen,
 * a rope (minLength 0: it goes slack when pushed, taut at its length). The
 * balls touch at rest, with restitution 1 and no friction.
 *
 * The first `pulled` balls start swung out to the left, at rest, and fall
 * together. When they hit the row, momentum and energy pass through the
 * touching balls and the same number leave at the far end, while the middle
 * ones stay still. That needs the impacts resolved as a chain: the solver's
 * restitution step sweeps the touching contacts until none is still
 * approaching (src/solver/contact-solver.ts, `resolveImpacts`); a solver that
 * shared one impulse among the row at once would set all of it swinging.
 * The readout gives each ball's speed, m/s.
 */
import { AABB, Circle, type Joint } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";

const BALLS = 5;
const R = 0.5;
const BAR_Y = 8;
const LENGTH = 5;
/**
 * How far the pulled balls are swung out: sin and cos of the angle from the
 * vertical (36.9°; given as numbers so no sine is needed, see the README's
 * determinism notes).
 */
const PULL_SIN = 0.6;
const PULL_COS = 0.8;

type Hanger = "rod" | "rope";

const params = new URLSearchParams(location.search);
let pulled = Math.min(BALLS - 1, Math.max(1, Number(params.get("pulled") ?? 1)));
let hanger: Hanger = params.get("hanger") === "rope" ? "rope" : "rod";

const balls: Circle[] = [];
let rods: Joint[] = [];
/** The fastest each ball has moved since the last reset, m/s. */
const topSpeed: number[] = [];

/** Where ball i hangs from (its joint's anchor on the bar). */
function pivotX(i: number): number {
  return (i - (BALLS - 1) / 2) * 2 * R;
}

function speedOf(b: Circle): number {
  const v = b.velocity;
  return Math.hypot(v.x, v.y);
}

runDemo({
  title: "Newton's cradle",
  description:
    "Five balls (restitution 1, no friction) hung from a bar on distance joints. The first balls start swung out; momentum passes through the row and the same number leave at the far end. Readout: each ball's speed.",
  view: { minX: -7, minY: 1, maxX: 7, maxY: 9 },
  build(world) {
    balls.length = 0;
    topSpeed.length = 0;
    rods = [];
    const bar = world.add(AABB.fromBounds({ x: -4, y: BAR_Y }, { x: 4, y: BAR_Y + 0.3 }, { type: "static", label: "bar" }));
    for (let i = 0; i < BALLS; i++) {
      const px = pivotX(i);
      // The pulled balls hang on their rods swung out to the left (they stay touching: same angle, pivots one diameter apart).
      const out = i < pulled;
      const position = { x: px - (out ? LENGTH * PULL_SIN : 0), y: BAR_Y - (out ? LENGTH * PULL_COS : LENGTH) };
      const ball = world.add(new Circle({ position, radius: R, restitution: 1, friction: 0, label: `ball ${i}` }));
      balls.push(ball);
      topSpeed.push(0);
      rods.push(
        world.addJoint({
          type: "distance",
          bodyA: bar,
          bodyB: ball,
          anchorA: { x: px, y: BAR_Y },
          anchorB: position,
          length: LENGTH,
          ...(hanger === "rope" ? { minLength: 0, maxLength: LENGTH } : {}),
          label: `${hanger} ${i}`,
        }),
      );
    }
  },
  controls(toolbar, demo) {
    toolbar.addSelect("balls pulled", ["1", "2", "3", "4"], String(pulled), (v) => {
      pulled = Number(v);
      demo.reset();
    });
    toolbar.addSelect<Hanger>("hung on", ["rod", "rope"], hanger, (v) => {
      hanger = v;
      demo.reset();
    });
  },
  afterStep() {
    balls.forEach((b, i) => (topSpeed[i] = Math.max(topSpeed[i]!, speedOf(b))));
  },
  readout: () => `speeds ${balls.map((b) => speedOf(b).toFixed(2)).join(" · ")} m/s`,
  info: () => {
    const facts: Record<string, number | string> = { balls: balls.length, pulled, hanger };
    balls.forEach((b, i) => {
      facts[`speed${i}`] = speedOf(b);
      facts[`vx${i}`] = b.velocity.x;
      facts[`x${i}`] = b.position.x;
      facts[`top${i}`] = topSpeed[i]!;
    });
    // The speed a pulled ball reaches at the bottom if no energy is lost: v = sqrt(2 g L (1 − cos θ)).
    facts.expectedSpeed = Math.sqrt(2 * 9.81 * LENGTH * (1 - PULL_COS));
    facts.maxRodStretch = Math.max(...rods.map((j) => Math.abs(j.currentLength - LENGTH)));
    return facts;
  },
  draw(_ctx, demo) {
    // Each ball's speed, under where it hangs at rest (the renderer draws the rods: world.joints).
    balls.forEach((b, i) => demo.label(speedOf(b).toFixed(1), { x: pivotX(i), y: BAR_Y - LENGTH - R - 0.4 }));
  },
  testBody: () => balls[BALLS - 1],
});
