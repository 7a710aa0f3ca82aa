/**
 * Constraint graph colouring (src/solver/graph-colour.ts): within a colour
 * no two constraints share a moving body, every constraint is placed exactly
 * once, constraints keep their order within a colour, and a constraint goes
 * to the overflow only when every colour open to it was taken by one of its
 * bodies before it. Then the world option that switches it on: a pyramid
 * still stands, runs repeat bit for bit (snapshots included), and it is
 * fixed at construction.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB, Box, Circle, CoreWorld, World, type Body } from "../src/entries/capsule2d.js";
import type { Contact } from "../src/contacts/contact.js";
import { COLOUR_COUNT, DYNAMIC_COLOURS, GraphColouring, OVERFLOW } from "../src/solver/graph-colour.js";
import { determinismRun } from "./support/scenes.js";
import { World as ThreadsWorld } from "../src/entries/threads.js";

/** A constraint between body slots a and b; slotOf maps body slot s to solver slot s (0: still). */
function fakeContact(a: number, b: number, id: number): Contact {
  return { bodyA: { slot: a }, bodyB: { slot: b }, id } as unknown as Contact;
}

/** Colour of each constraint after `colour`, from the parts (0: overflow, c + 1: colour c). */
function partOf(g: GraphColouring, index: number): number {
  for (let p = 0; p < COLOUR_COUNT; p++) if (index >= g.start[p]! && index < g.start[p + 1]!) return p;
  throw new Error(`index ${index} is in no part`);
}

const pairs = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })).filter(([a, b]) => a !== b && (a !== 0 || b !== 0)),
  { maxLength: 200 },
);

describe("graph colouring", () => {
  it("no colour moves a body twice; each constraint is placed once, in order within its part; overflow only when full", () => {
    const g = new GraphColouring();
    const slotOf = new Int32Array(16).map((_, i) => i);
    fc.assert(
      fc.property(pairs, (list) => {
        const original = list.map(([a, b], id) => fakeContact(a, b, id));
        const coloured = original.slice();
        g.colour(coloured, coloured.length, slotOf, 13);
        expect(g.start[COLOUR_COUNT]).toBe(list.length);
        // each constraint exactly once
        expect(coloured.map((c) => (c as unknown as { id: number }).id).sort((x, y) => x - y)).toEqual(original.map((_, i) => i));
        const colourOf = new Map<Contact, number>();
        for (let p = 0; p < COLOUR_COUNT; p++) {
          const bodies = new Set<number>();
          let lastId = -1;
          for (let i = g.start[p]!; i < g.start[p + 1]!; i++) {
            const c = coloured[i]!;
            const id = (c as unknown as { id: number }).id;
            expect(id).toBeGreaterThan(lastId); // the original order within a part
            lastId = id;
            colourOf.set(c, p === 0 ? OVERFLOW : p - 1);
            if (p === 0) continue; // the overflow is solved by one thread: it may share bodies
            for (const s of [c.bodyA.slot, c.bodyB.slot]) {
              if (s === 0) continue;
              expect(bodies.has(s)).toBe(false);
              bodies.add(s);
            }
            const still = c.bodyA.slot === 0 || c.bodyB.slot === 0;
            if (still) expect(p - 1).toBeGreaterThanOrEqual(1); // colour 0 has no contacts with a still body
            else expect(p - 1).toBeLessThan(DYNAMIC_COLOURS);
          }
        }
        // greedy: an overflowed constraint found each colour open to it taken by an earlier one
        for (const c of original) {
          if (colourOf.get(c) !== OVERFLOW) continue;
          const id = (c as unknown as { id: number }).id;
          const still = c.bodyA.slot === 0 || c.bodyB.slot === 0;
          const open = still ? range(1, OVERFLOW) : range(0, DYNAMIC_COLOURS);
          for (const k of open) {
            const blocked = original.some(
              (d, j) => j < id && colourOf.get(d) === k && shareMoving(c, d),
            );
            expect(blocked).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a body in more contacts than there are colours sends the rest to the overflow, first in the list", () => {
    const g = new GraphColouring();
    const slotOf = new Int32Array(64).map((_, i) => i);
    // body 1 touches 40 others
    const list = Array.from({ length: 40 }, (_, i) => fakeContact(1, i + 2, i));
    g.colour(list, list.length, slotOf, 42);
    expect(g.partSize(0)).toBe(40 - DYNAMIC_COLOURS);
    expect((list[0] as unknown as { id: number }).id).toBe(DYNAMIC_COLOURS); // the first overflowed one
    for (let c = 0; c < DYNAMIC_COLOURS; c++) expect(g.partSize(c + 1)).toBe(1);
  });
});

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo }, (_, i) => lo + i);
}

function shareMoving(c: Contact, d: Contact): boolean {
  const a = [c.bodyA.slot, c.bodyB.slot].filter((s) => s !== 0);
  return [d.bodyA.slot, d.bodyB.slot].some((s) => s !== 0 && a.includes(s));
}

function pyramid(rows: number, options: ConstructorParameters<typeof World>[0]): { world: World; boxes: Body[] } {
  const world = new World({ sleeping: false, ...options });
  world.add(AABB.fromBounds({ x: -40, y: -1 }, { x: 40, y: 0 }, { type: "static" }));
  const boxes: Body[] = [];
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < rows - row; i++) {
      boxes.push(world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: (i - (rows - row - 1) / 2) * 1.0, y: 0.5 + row } })));
    }
  }
  return { world, boxes };
}

describe("the solverThreads option: a graph-coloured solve", () => {
  for (const solver of ["soft-step", "pgs"] as const) {
    it(`a 20-row pyramid stands still from t = 2 s to t = 8 s (${solver})`, () => {
      const { world, boxes } = pyramid(20, { solverThreads: 1, solver });
      for (let i = 0; i < 120; i++) world.step(1 / 60);
      const start = boxes.map((b) => ({ x: b.position.x, y: b.position.y }));
      for (let i = 0; i < 360; i++) world.step(1 / 60);
      let worst = 0;
      boxes.forEach((b, i) => (worst = Math.max(worst, Math.hypot(b.position.x - start[i]!.x, b.position.y - start[i]!.y))));
      expect(worst).toBeLessThan(solver === "pgs" ? 0.05 : 0.01);
      expect(boxes[boxes.length - 1]!.position.y).toBeGreaterThan(19.3);
    });
  }

  it("solves in another order than the classic solve, and repeats bit for bit (a snapshot round trip halfway)", () => {
    const coloured = determinismRun(400, 3, { solverThreads: 1 }, 300);
    expect(determinismRun(400, 3, { solverThreads: 1 }, 300)).toEqual(coloured);
    expect(determinismRun(400, 3, {}, 300)).not.toEqual(coloured);
  });

  it("is the order of every world that holds a turning shape: solverThreads 0 (and capsule2d/core's World) give solverThreads 1's bits", () => {
    // a world with a Box, a Polygon or a Segment solves its contacts in colour order, as Box2D
    // does (its card house stands only so); removing the last of them restores the ids' order
    const build = (W: new (o?: object) => World | CoreWorld, options: object): { world: World | CoreWorld; turning: Body[] } => {
      const world = new W({ sleeping: false, ...options });
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
      const turning: Body[] = [];
      for (let row = 0; row < 8; row++) {
        for (let i = 0; i < 8 - row; i++) turning.push(world.add(new Box({ halfWidth: 0.5, halfHeight: 0.5, position: { x: -4 + row * 0.5 + i, y: 0.5 + row } })));
      }
      world.add(new Circle({ radius: 0.4, position: { x: -8, y: 0.4 }, velocity: { x: 6, y: 0 } }));
      for (let i = 0; i < 6; i++) world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 8, y: 0.5 + i } }));
      return { world, turning };
    };
    const worlds = [build(World, {}), build(World, { solverThreads: 1 }), build(CoreWorld as never, {})];
    for (let step = 0; step < 240; step++) {
      const hashes = worlds.map(({ world }) => world.step(1 / 60).stateHash());
      expect(hashes[0]).toBe(hashes[1]);
      expect(hashes[2]).toBe(hashes[1]);
    }
    // without the boxes the two orders differ again (the AABB stack's contacts take the ids' order)
    for (const { world, turning } of worlds) {
      for (const b of turning) world.remove(b);
      // a pile of AABBs and circles dropped on the AABB stack
      for (let i = 0; i < 12; i++) world.add(i % 2 === 0 ? new AABB({ halfWidth: 0.3, halfHeight: 0.3, position: { x: 7.4 + (i % 4) * 0.4, y: 7 + i * 0.7 } }) : new Circle({ radius: 0.3, position: { x: 7.4 + (i % 4) * 0.4, y: 7 + i * 0.7 } }));
    }
    let differ = false;
    for (let step = 0; step < 120; step++) {
      const a = worlds[0]!.world.step(1 / 60).stateHash();
      const b = worlds[1]!.world.step(1 / 60).stateHash();
      expect(worlds[2]!.world.step(1 / 60).stateHash()).toBe(a);
      if (a !== b) differ = true;
    }
    expect(differ).toBe(true);
  });

  it("is checked, fixed at construction, and a snapshot restores only into a world solving in the same order", () => {
    expect(() => new World({ solverThreads: -1 })).toThrow(/solverThreads must be an integer in \[0, 64\], got -1/);
    expect(() => new World({ solverThreads: 1.5 })).toThrow(RangeError);
    const world = new World({ solverThreads: 1 });
    expect(world.options.solverThreads).toBe(1);
    expect(() => world.setOptions({ solverThreads: 0 } as never)).toThrow(/solverThreads can only be set in the World constructor/);
    expect(world.options.solverThreads).toBe(1);
    const classic = new World();
    expect(() => classic.restore(world.snapshot())).toThrow(/solverThreads 1 solves in another order than this world's 0/);
    expect(World.fromSnapshot(world.snapshot()).options.solverThreads).toBe(1);
    // a snapshot of a world with more threads restores into this one, which keeps its own count
    const threaded = new ThreadsWorld({ solverThreads: 3 });
    world.restore(threaded.snapshot());
    expect(world.options.solverThreads).toBe(1);
    threaded.dispose();
  });

  it("is the full World's: capsule2d/core's World refuses it, naming the option", () => {
    expect(() => new CoreWorld({ solverThreads: 1 })).toThrow(/solverThreads 1 needs the World of "capsule2d"/);
    expect(new CoreWorld({ solverThreads: 0 }).options.solverThreads).toBe(0);
  });
});
