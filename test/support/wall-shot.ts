/**
 * Shooting a fast body at a thin static wall, for the continuous-collision
 * tests of compounds (test/ccd-compound.test.ts, test/ccd-segment-part.test.ts).
 *
 * A wall is a line through the origin at `angle` with unit normal
 * n = (cos angle, sin angle); the mover comes from the −n side, fired along +x.
 * A body has gone past the wall by the largest distance beyond the wall's far
 * face of any point that marks one of its shapes (a box's or polygon's
 * vertices, a segment's ends, a circle's centre) while that point is beside
 * the wall (its distance along the wall less than the wall's half length).
 */
import { Box, Chain, Polygon, Segment, World, type Body, type Vec2 } from "../../src/entries/capsule2d.js";

export const DT = 1 / 60;
/** The wall's half length, m. */
export const HALF = 3;

export interface WallFrame {
  /** The wall's unit normal, pointing away from where the mover starts. */
  n: Vec2;
  /** Along the wall (n turned +90°). */
  t: Vec2;
}

export function frameOf(angle: number): WallFrame {
  const n = { x: Math.cos(angle), y: Math.sin(angle) };
  return { n, t: { x: -n.y, y: n.x } };
}

export interface Wall {
  name: string;
  /** Half the wall's thickness, m: its far face is this far along n. */
  halfThickness: number;
  make: (angle: number) => Body;
}

const along = (s: number, angle: number): Vec2 => {
  const { t } = frameOf(angle);
  return { x: s * t.x, y: s * t.y };
};

export const boxWall: Wall = {
  name: "a thin turned static Box",
  halfThickness: 0.02,
  make: (angle) => new Box({ type: "static", halfWidth: 0.02, halfHeight: HALF, angle }),
};
export const segmentWall: Wall = {
  name: "a static Segment",
  halfThickness: 0,
  make: (angle) => new Segment({ type: "static", a: along(-HALF, angle), b: along(HALF, angle) }),
};
/** One-sided segments collide on the right of their direction: from the top down, the right is −n. */
export const chainWall: Wall = {
  name: "a static Chain",
  halfThickness: 0,
  make: (angle) => new Chain({ type: "static", points: [HALF, 1, -0.5, -HALF].map((s) => along(s, angle)) }),
};
/** A thin trapezoid (not a box): its far face straight at +1 cm, its near face from −2 cm at one end to −1 cm at the other. */
export const polygonWall: Wall = {
  name: "a thin static Polygon",
  halfThickness: 0.01,
  make: (angle) => {
    const { n } = frameOf(angle);
    const a = along(-HALF, angle);
    const b = along(HALF, angle);
    const off = (p: Vec2, s: number): Vec2 => ({ x: p.x + s * n.x, y: p.y + s * n.y });
    return new Polygon({ type: "static", vertices: [off(a, -0.02), off(b, -0.01), off(b, 0.01), off(a, 0.01)] });
  },
};

/** Every point that marks a shape of the body, in the world. */
export function markPoints(body: Body, out: Vec2[]): number {
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

export type MakeMover = (position: Vec2, velocity: Vec2, angularVelocity: number) => Body;

/**
 * Fire `make`'s body from (startX, 0.1) along +x at `speed`, spinning at
 * `spin`, at the wall turned by `angle`; the worst depth past the far face of
 * any marking point beside the wall over the run, and whether it was slowed.
 */
export function shoot(make: MakeMover, wall: Wall, angle: number, speed: number, spin: number, startX: number): { worst: number; hit: boolean } {
  const { n, t } = frameOf(angle);
  const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
  world.add(wall.make(angle));
  const body = world.add(make({ x: startX, y: 0.1 }, { x: speed, y: 0 }, spin));
  const pts: Vec2[] = [];
  let worst = -Infinity;
  let hit = false;
  const steps = Math.ceil(-startX / speed / DT) + 10;
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    const count = markPoints(body, pts);
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
