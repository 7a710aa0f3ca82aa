/**
 * The pinball page's table (examples/pinball/table.ts) in Node: launched and
 * played by a simple autopilot (each flipper held while the ball is over it
 * and coming down), for 40 s of fixed steps. The ball never leaves the outer
 * chain, never goes into a flipper, stays finite; the bumpers count hits
 * through contact events and each kicks; the flippers swing between their
 * limits.
 */
import { describe, expect, it } from "vitest";
import { World } from "../src/entries/capsule2d.js";
import { BALL_RADIUS, BUMPERS, BUMPER_KICK, BUMPER_RADIUS, BUMPER_RESTITUTION, FLIP_TRAVEL, GRAVITY, POINTS_PER_BUMPER, TABLE_DT, WORLD_OPTIONS, FlipperBot, PinballTable, insidePolygon, outline } from "../examples/pinball/table.js";

const DT = TABLE_DT;

function table(): PinballTable {
  return new PinballTable(new World(WORLD_OPTIONS));
}

function step(t: PinballTable, n: number): void {
  for (let i = 0; i < n; i++) {
    t.beforeStep();
    t.world.step(DT);
    t.afterStep();
  }
}

/** The table's FlipperBot holds the flippers. */
function autopilot(t: PinballTable, bot: FlipperBot): void {
  const p = t.ball.position;
  const v = t.ball.velocity;
  const held = bot.decide(p.x, p.y, v.y);
  t.held.left = held.left;
  t.held.right = held.right;
}

describe("pinball table", () => {
  it("the outer wall is a clockwise loop (its solid side, the right of each segment, faces in)", () => {
    const pts = outline();
    let area2 = 0;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[(i + 1) % pts.length]!;
      area2 += a.x * b.y - b.x * a.y;
    }
    expect(area2).toBeLessThan(0); // clockwise
    expect(insidePolygon({ x: 0, y: 5 }, pts)).toBe(true);
    expect(insidePolygon({ x: 0, y: -1 }, pts)).toBe(false);
  });

  it("the ball waits in the lane; the plunger launches it only from there", () => {
    const t = table();
    step(t, 30);
    expect(t.ballInLane()).toBe(true);
    expect(t.launch(1)).toBe(true);
    step(t, 1);
    expect(t.launch(1)).toBe(false); // already on its way
  });

  it("the flippers swing up to their limit and stay there while held, and fall back when let go", () => {
    const t = table();
    step(t, 10);
    for (const f of t.flippers) expect(t.lift(f)).toBeCloseTo(0, 2);
    t.held.left = t.held.right = true;
    step(t, 12);
    // held, each stays up at its limit (nothing in the table is in the way of its swing)
    for (let k = 0; k < 24; k++) {
      step(t, 1);
      for (const f of t.flippers) expect(t.lift(f)).toBeCloseTo(FLIP_TRAVEL, 2);
    }
    t.held.left = t.held.right = false;
    step(t, 20);
    for (const f of t.flippers) expect(t.lift(f)).toBeCloseTo(0, 1);
  });

  it("a bumper sends the ball back faster than it came (restitution 0.8 and a 3 m/s kick): v_out = 0.8 v_in + 3", () => {
    const t = table();
    const top = BUMPERS[2]!;
    const drop = 1; // m, from rest, onto the top of the bumper
    t.ball.setPosition({ x: top.x, y: top.y + BUMPER_RADIUS + BALL_RADIUS + drop });
    const vIn = Math.sqrt(2 * -GRAVITY.y * drop);
    let steps = 0;
    while (t.bumperHits === 0 && steps < 120) {
      step(t, 1);
      steps++;
    }
    expect(t.bumperHits).toBe(1);
    expect(t.score).toBe(POINTS_PER_BUMPER);
    step(t, 1);
    const vOut = BUMPER_RESTITUTION * vIn + BUMPER_KICK;
    expect(vOut).toBeGreaterThan(vIn);
    expect(t.ball.velocity.y).toBeGreaterThan(0.95 * vOut);
    expect(t.ball.velocity.y).toBeLessThan(1.05 * vOut);
    expect(Math.abs(t.ball.velocity.x)).toBeLessThan(0.01);
  });

  it("40 s of play: the ball stays inside, finite, out of the flippers; bumper hits score and kick", () => {
    const t = table();
    step(t, 20);
    const bot = new FlipperBot();
    for (let s = 0; s < 40 / DT; s++) {
      if (t.ballInLane()) t.launch(((s * 7) % 10) / 10);
      autopilot(t, bot);
      step(t, 1);
    }
    expect(t.escapes).toBe(0);
    expect(t.nonFinite).toBe(0);
    // The ball's centre never got into a flipper: it never passed through one. (It does sink in: a
    // falling ball met by a flipper's tip swinging up, 16 rad/s × 1.5 m, closes at 30-40 m/s; measured
    // 0.12 m of overlap at worst, which the next steps push out.)
    expect(t.deepestIntoFlipper).toBeLessThan(BALL_RADIUS);
    expect(t.bumperHits).toBeGreaterThan(3);
    expect(t.score).toBe(t.bumperHits * POINTS_PER_BUMPER);
    expect(t.launches).toBeGreaterThan(0);
  });
});
