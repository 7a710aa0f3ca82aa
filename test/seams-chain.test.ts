/**
 * Where a Chain meets tiles at a level's edge (issue 31's second part): a
 * row of static tiles (separately added AABBs) with tops at y = 0 from x = 0
 * to 10, and a chain from (10, 0) on to x = 20 whose first point is the last
 * tile's top right corner. A box, a circle and a capsule slide (friction 0)
 * from the tiles onto the chain, and back from the chain onto the tiles: held
 * to test/seams.test.ts's figures (the README's): no speed lost, vertical
 * speed ≤ 0.15 mm/s, no hop above 0.065 mm.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Chain, Circle, World, type Body, type SolverName } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const SOLVERS: SolverName[] = ["soft-step", "pgs"];
const SPEED_LOST = 1e-9;
const VERTICAL = 0.15e-3;
const HOP = 0.065e-3;

type Shape = "box" | "circle" | "capsule";
function makeBody(shape: Shape, x: number): Body {
  if (shape === "box") return new AABB({ position: { x, y: 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0 });
  if (shape === "circle") return new Circle({ position: { x, y: 0.25 }, radius: 0.25, friction: 0 });
  return new Capsule({ position: { x, y: 0.2 }, halfLength: 0.3, radius: 0.2, friction: 0 });
}

/** Tiles from x = 0 to 10 and a chain (floor on its left: points from right to left... see below) from 10 to 20. */
function level(world: World, chainFirst = false): { tiles: AABB[]; chain: Chain } {
  // a chain collides on the right of its direction: going −x, the right is +y (up)
  const chain = new Chain({ type: "static", friction: 0, points: [20, 17, 14, 12, 10].map((x) => ({ x, y: 0 })) });
  if (chainFirst) world.add(chain);
  const tiles: AABB[] = [];
  for (let i = 0; i < 10; i++) tiles.push(world.add(new AABB({ position: { x: i + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static", friction: 0 })));
  if (!chainFirst) world.add(chain);
  return { tiles, chain };
}

/** BoxFeature bits (src/collision/narrowphase/feature-id.ts): RIGHT face 1, TOP_RIGHT corner 7. */
const RIGHT_AND_ITS_TOP_CORNER = (1 << 1) | (1 << 7);

function slide(world: World, body: Body, v: number, until: (x: number) => boolean) {
  for (let i = 0; i < 30; i++) world.step(dt);
  const rest = body.position.y;
  body.setVelocity({ x: v, y: 0 });
  let minSpeed = Infinity;
  let maxVertical = 0;
  let maxHop = 0;
  for (let steps = 0; !until(body.position.x); steps++) {
    world.step(dt);
    minSpeed = Math.min(minSpeed, Math.abs(body.velocity.x));
    maxVertical = Math.max(maxVertical, Math.abs(body.velocity.y));
    maxHop = Math.max(maxHop, body.position.y - rest);
    if (steps > 10000) throw new Error("the body stopped");
  }
  return { minSpeed, maxVertical, maxHop };
}

describe("the chain hides the last tile's corner and the face behind it", () => {
  for (const chainFirst of [false, true]) {
    it(`chain added ${chainFirst ? "before" : "after"} the tiles; removed, the face and corner are back`, () => {
      const world = new World();
      const { tiles, chain } = level(world, chainFirst);
      const last = tiles[9]!;
      // its left face is the neighbour's (with both of its corners), the right face and top right corner the chain's
      expect(world.seams.hiddenOf(last) & RIGHT_AND_ITS_TOP_CORNER).toBe(RIGHT_AND_ITS_TOP_CORNER);
      expect(world.seams.hiddenOf(last) & (1 << 5)).toBe(0); // the bottom right corner stays
      expect(world.seams.hiddenOf(tiles[8]!) & RIGHT_AND_ITS_TOP_CORNER).toBe(RIGHT_AND_ITS_TOP_CORNER); // its neighbour's face
      world.remove(chain);
      expect(world.seams.hiddenOf(last) & RIGHT_AND_ITS_TOP_CORNER).toBe(0);
      world.add(chain);
      expect(world.seams.hiddenOf(last) & RIGHT_AND_ITS_TOP_CORNER).toBe(RIGHT_AND_ITS_TOP_CORNER);
    });
  }
  it("a chain that does not continue the face (turned down, or facing down) hides nothing", () => {
    for (const points of [[{ x: 20, y: -1 }, { x: 10, y: 0 }], [{ x: 10, y: 0 }, { x: 20, y: 0 }]]) {
      const w2 = new World();
      for (let i = 0; i < 10; i++) w2.add(new AABB({ position: { x: i + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
      w2.add(new Chain({ type: "static", points }));
      expect(w2.seams.hiddenOf(w2.bodies[9]!) & ((1 << 1) | (1 << 7))).toBe(0);
    }
  });
});

describe("sliding from tiles onto a chain at the level's edge, and back", () => {
  for (const solver of SOLVERS) {
    for (const shape of ["box", "circle", "capsule"] as const) {
      for (const v of [1, 3, 6, 10]) {
        it(`${shape} at ${v} m/s, tiles → chain and chain → tiles, ${solver}`, () => {
          for (const [from, speed, until] of [
            [9, v, (x: number) => x > 11.5],
            [11, -v, (x: number) => x < 8.5],
          ] as const) {
            const world = new World({ solver, sleeping: false });
            level(world);
            const body = world.add(makeBody(shape, from));
            const r = slide(world, body, speed, until);
            const figures = { speed, minSpeed: r.minSpeed, maxVertical: r.maxVertical, maxHop: r.maxHop };
            expect(figures).toEqual({
              speed,
              minSpeed: expect.toSatisfy((s: number) => s >= v - SPEED_LOST),
              maxVertical: expect.toSatisfy((s: number) => s <= VERTICAL),
              maxHop: expect.toSatisfy((s: number) => s <= HOP),
            });
          }
        });
      }
    }
  }
});
