/**
 * Continuous collision of compound bodies (issue 30): a fast Compound made of
 * thin parts, moving up to 300 m/s and spinning up to 50 rad/s, must not pass
 * through a thin static wall (a turned 4 cm Box, a Segment, a Chain).
 *
 * The walls are lines through the origin with unit normal n (the mover comes
 * from the −n side). A compound has tunnelled when any point of any of its
 * shapes (a box's or polygon's vertices, a segment's ends, a circle's centre)
 * is beyond the wall's far face by more than SINK while it is beside the wall
 * (its distance along the wall less than the wall's half length): the wall
 * is then between two of its points, or behind all of them.
 */
import { describe, expect, it } from "vitest";
import { Box, Chain, Compound, Segment, World, type Body, type ShapeDef, type Vec2 } from "../src/entries/capsule2d.js";

const DT = 1 / 60;
/** How far a shape's point may be past the far face of the wall, m: a touch, not a passage. */
const SINK = 0.01;

const ANGLE = 0.3;
const n = { x: Math.cos(ANGLE), y: Math.sin(ANGLE) };
/** Along the wall (n turned +90°). */
const t = { x: -n.y, y: n.x };
const HALF = 3;

type Wall = { name: string; halfThickness: number; make: () => Body };
const walls: Wall[] = [
  { name: "a thin turned static Box", halfThickness: 0.02, make: () => new Box({ type: "static", halfWidth: 0.02, halfHeight: HALF, angle: ANGLE }) },
  {
    name: "a static Segment",
    halfThickness: 0,
    make: () => new Segment({ type: "static", a: { x: -HALF * t.x, y: -HALF * t.y }, b: { x: HALF * t.x, y: HALF * t.y } }),
  },
  {
    // one-sided segments collide on the right of their direction: from the top down, the right is −n
    name: "a static Chain",
    halfThickness: 0,
    make: () =>
      new Chain({
        type: "static",
        points: [HALF, 1, -0.5, -HALF].map((s) => ({ x: s * t.x, y: s * t.y })),
      }),
  },
];

type Mover = { name: string; make: (position: Vec2, velocity: Vec2, angularVelocity: number) => Compound };
/** A compound of `shapes` fired with the motion given. */
const ofShapes =
  (shapes: ShapeDef[]) =>
  (position: Vec2, velocity: Vec2, angularVelocity: number): Compound =>
    new Compound({ position, velocity, angularVelocity, shapes });
const movers: Mover[] = [
  {
    name: "an L of two thin boxes",
    make: ofShapes([
      { shape: "box", halfWidth: 0.25, halfHeight: 0.01 },
      { shape: "box", halfWidth: 0.01, halfHeight: 0.15, offset: { x: -0.24, y: 0.14 } },
    ]),
  },
  {
    name: "a segment and a circle",
    make: ofShapes([
      { shape: "segment", a: { x: -0.3, y: 0 }, b: { x: 0.3, y: 0.05 } },
      { shape: "circle", radius: 0.03, offset: { x: -0.3, y: -0.04 } },
    ]),
  },
  {
    name: "a concave outline (a thin U)",
    make: (position, velocity, angularVelocity) =>
      Compound.fromOutline({
        position,
        velocity,
        angularVelocity,
        outline: [
          { x: -0.2, y: -0.1 },
          { x: 0.2, y: -0.1 },
          { x: 0.2, y: 0.15 },
          { x: 0.18, y: 0.15 },
          { x: 0.18, y: -0.08 },
          { x: -0.18, y: -0.08 },
          { x: -0.18, y: 0.15 },
          { x: -0.2, y: 0.15 },
        ],
      }),
  },
];

/** Every point that marks a shape of the compound, in the world. */
function points(body: Body, out: Vec2[]): number {
  let k = 0;
  const c = Math.cos(body.angle);
  const s = Math.sin(body.angle);
  const scratch: Vec2[] = [];
  for (const shape of body.shapes) {
    if (shape.kind === "circle") {
      const o = shape.offset;
      out[k++] = { x: body.position.x + c * o.x - s * o.y, y: body.position.y + s * o.x + c * o.y };
      continue;
    }
    for (const p of shape.getWorldVertices(scratch)) out[k++] = { x: p.x, y: p.y };
  }
  return k;
}

/** Fire the compound at the wall; returns the worst depth of a point past the far face while beside the wall, and whether it was slowed. */
function fire(mover: Mover, wall: Wall, speed: number, spin: number, startX: number): { worst: number; hit: boolean } {
  const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
  world.add(wall.make());
  const body = world.add(mover.make({ x: startX, y: 0.1 }, { x: speed, y: 0 }, spin));
  const pts: Vec2[] = [];
  let worst = -Infinity;
  let hit = false;
  const steps = Math.ceil(-startX / speed / DT) + 10;
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    const count = points(body, pts);
    for (let j = 0; j < count; j++) {
      const p = pts[j]!;
      if (Math.abs(p.x * t.x + p.y * t.y) >= HALF) continue;
      const past = p.x * n.x + p.y * n.y - wall.halfThickness;
      if (past > worst) worst = past;
    }
    if (body.velocity.x < 0.99 * speed) hit = true;
  }
  return { worst, hit };
}

describe("continuous collision of fast compounds (issue 30)", () => {
  for (const wall of walls) {
    for (const mover of movers) {
      // A segment against a segment (or a chain's segment): two shapes with no thickness. Once they cross,
      // the pair's depth is 0 (capsule–capsule of radius 0), so neither the contact nor the sweep pushes the
      // part back: its end rests 12–15 mm through the wall, and at 30 m/s and 50 rad/s it passes whole.
      // A narrowphase matter (Box2D v3 does not collide segments with segments), left open: it.fails.
      const open = mover.name === "a segment and a circle" && wall.halfThickness === 0;
      (open ? it.fails : it)(`${mover.name} at 30, 100 and 300 m/s, spinning 0, 20 and 50 rad/s, does not pass through ${wall.name}`, () => {
        const failures: string[] = [];
        for (const speed of [30, 100, 300]) {
          for (const spin of [0, 20, 50]) {
            for (const startX of [-3, -3.37]) {
              const { worst, hit } = fire(mover, wall, speed, spin, startX);
              if (!(worst < SINK) || !hit) failures.push(`${speed} m/s, ${spin} rad/s, from ${startX}: ${(worst * 1000).toFixed(1)} mm past, hit ${hit}`);
            }
          }
        }
        expect(failures).toEqual([]);
      });
    }
  }
});
