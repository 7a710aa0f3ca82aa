/**
 * Restitution: how much bounce a collision keeps.
 *
 * Left: a Newton's cradle laid on its side. Five touching balls float (no
 * gravity on them) between two walls; a sixth comes in from the left. With
 * restitution 1 and equal masses, momentum and energy pass through the row and
 * the last ball leaves at the speed the first one arrived with. A sequential
 * solver only approximates this: watch how cleanly (or not) the row passes it on.
 *
 * Right: eleven balls with restitution 0, 0.1, ... 1 dropped from the same
 * height. Restitution e sends a ball back up at e times its impact speed, so
 * it rebounds to e² of its drop height (the ground has restitution 0; the pair
 * uses the larger of the two values). Below the restitution threshold (1 m/s)
 * nothing bounces, which is what lets a ball finally come to rest.
 */
import { AABB, Circle, type World } from "../../src/entries/capsule2d.js";
import { runDemo } from "../shared/demo.js";
import { addContainer } from "../shared/scenery.js";

const CRADLE_Y = 6;
const R = 0.5;
const DROP_HEIGHT = 8;
const balls: Circle[] = [];
/** Per ball: highest centre height after its first bounce (NaN until it bounces). */
const peaks: number[] = [];
/** Per ball: 0 falling, 1 rising after the first bounce, 2 done. */
const phase: number[] = [];
let striker: Circle | null = null;
let lastInRow: Circle | null = null;

function cradle(world: World): void {
  const wall = { type: "static" as const, restitution: 1, friction: 0 };
  world.add(AABB.fromBounds({ x: -16.5, y: CRADLE_Y - 1.5 }, { x: -16, y: CRADLE_Y + 1.5 }, wall));
  world.add(AABB.fromBounds({ x: -2, y: CRADLE_Y - 1.5 }, { x: -1.5, y: CRADLE_Y + 1.5 }, wall));
  const ball = { radius: R, restitution: 1, friction: 0, gravityScale: 0 };
  // The row touches exactly: centres one diameter apart.
  for (let i = 0; i < 5; i++) {
    lastInRow = world.add(new Circle({ ...ball, position: { x: -9 + i * 2 * R, y: CRADLE_Y }, label: `cradle ${i}` }));
  }
  striker = world.add(new Circle({ ...ball, position: { x: -14, y: CRADLE_Y }, velocity: { x: 6, y: 0 }, label: "striker" }));
}

function restitutionRow(world: World): void {
  balls.length = 0;
  peaks.length = 0;
  phase.length = 0;
  for (let i = 0; i <= 10; i++) {
    peaks.push(Number.NaN);
    phase.push(0);
    const b = new Circle({ position: { x: 2 + i * 1.4, y: DROP_HEIGHT }, radius: R, restitution: i / 10, label: `e = ${i / 10}` });
    balls.push(b);
    world.add(b);
  }
}

runDemo({
  title: "Restitution",
  description:
    "Left: a Newton's cradle on its side (restitution 1, no friction, no gravity on the balls). Right: balls with restitution 0 to 1 dropped from 8 m; each rebounds to about e² of its height.",
  view: { minX: -17, minY: -1.5, maxX: 17.5, maxY: 10 },
  build(world) {
    addContainer(world, -18, 18, 0);
    cradle(world);
    restitutionRow(world);
  },
  afterStep() {
    // Track each ball's first rebound: it starts when the ball moves up, ends when it falls again.
    balls.forEach((b, i) => {
      const vy = b.velocity.y;
      if (phase[i] === 0 && vy > 0 && b.position.y < DROP_HEIGHT - 1) {
        phase[i] = 1;
        peaks[i] = b.position.y;
      } else if (phase[i] === 1) {
        peaks[i] = Math.max(peaks[i]!, b.position.y);
        if (vy < 0) phase[i] = 2;
      }
    });
  },
  info: () => {
    const facts: Record<string, number> = {
      strikerVx: striker?.velocity.x ?? Number.NaN,
      lastInRowVx: lastInRow?.velocity.x ?? Number.NaN,
    };
    // Rebound height as a fraction of the drop (both measured from where the ball rests, centre at y = R).
    balls.forEach((b, i) => {
      facts[`rebound${b.restitution.toFixed(1)}`] = phase[i] === 0 ? 0 : (peaks[i]! - R) / (DROP_HEIGHT - R);
    });
    return facts;
  },
  draw(_ctx, demo) {
    for (const b of balls) {
      const e = b.restitution;
      demo.label(`e=${e.toFixed(1)}`, { x: b.position.x, y: -0.5 });
      // Where the first rebound should peak: e² × drop height (measured from the ball's lowest centre).
      demo.label("–", { x: b.position.x + 0.65, y: R + e * e * (DROP_HEIGHT - R) }, "#5fd38d");
    }
  },
  testBody: () => balls[10],
});
