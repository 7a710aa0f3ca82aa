import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB } from "../src/bodies/aabb.js";
import type { Body, BodyType } from "../src/bodies/body.js";
import { Capsule } from "../src/bodies/capsule.js";
import { Circle } from "../src/bodies/circle.js";
import { PairList, type Broadphase, type BroadphaseKind } from "../src/collision/broadphase/broadphase.js";
import { rayBoxEntry } from "../src/collision/broadphase/bounds.js";
import { canTouch } from "../src/contacts/pairing.js";
import {
  BruteForceBroadphase,
  createBroadphase,
  DynamicTreeBroadphase,
  SweepAndPruneBroadphase,
} from "../src/collision/broadphase/by-name.js";

// ------------------------------------------------------------------ helpers

const KINDS: BroadphaseKind[] = ["brute", "tree", "sap"];

let nextId = 0;
/** Give a body an id and a world slot (as a world would; the broadphase keys its proxies by slot). */
function withId<T extends Body>(body: T, id = nextId++): T {
  const b = body as unknown as { _id: number; slot: number };
  b._id = id;
  b.slot = id;
  return body;
}

/** The box a world passes for a body: its bounds (not swept here). */
function boxOf(body: Body): { minX: number; minY: number; maxX: number; maxY: number } {
  return { minX: body.minX, minY: body.minY, maxX: body.maxX, maxY: body.maxY };
}

function add(bp: Broadphase, body: Body): void {
  bp.add(body, boxOf(body));
}

/**
 * Change a body's type and update it: between static and moving, the
 * broadphase drops its pairs without a report (the client forgets them, as
 * the world destroys the body's contacts) and starts them again.
 */
function retype(bp: Broadphase, body: Body, type: BodyType): void {
  const known = kept.get(bp);
  if (known && (body.type === "static") !== (type === "static")) {
    for (const [key, [a, b]] of known) if (a === body || b === body) known.delete(key);
  }
  (body as unknown as { _type: BodyType })._type = type;
  bp.update(body, boxOf(body));
}
/**
 * Change a body's type as a world does for a broadphase that keeps only the
 * pairs that can touch: out and in again (its pairs start again).
 */
function readd(bp: Broadphase, body: Body, type: BodyType): void {
  const known = kept.get(bp);
  if (known) for (const [key, [a, b]] of known) if (a === body || b === body) known.delete(key);
  bp.remove(body);
  (body as unknown as { _type: BodyType })._type = type;
  add(bp, body);
}
function circle(x: number, y: number, radius: number, type: BodyType = "dynamic"): Circle {
  return withId(new Circle({ position: { x, y }, radius, type }));
}
function box(minX: number, minY: number, maxX: number, maxY: number, type: BodyType = "dynamic"): AABB {
  return withId(AABB.fromBounds({ x: minX, y: minY }, { x: maxX, y: maxY }, { type }));
}

/**
 * A broadphase client, as the world's contacts are: it keeps the pairs
 * `updatePairs` reports started until it reports them ended, and drops the
 * pairs of removed bodies and of bodies that became static together.
 */
const kept = new WeakMap<Broadphase, Map<string, [Body, Body]>>();

function keep(bp: Broadphase): Map<string, [Body, Body]> {
  let known = kept.get(bp);
  if (known === undefined) kept.set(bp, (known = new Map()));
  for (const [key, [a, b]] of known) {
    if (!bp.has(a) || !bp.has(b) || (a.type === "static" && b.type === "static")) known.delete(key);
  }
  const started = new PairList();
  const ended = new PairList();
  bp.updatePairs(started, ended);
  const seen = new Set<string>();
  for (const [list, isStart] of [[ended, false], [started, true]] as const) {
    for (let i = 0; i < list.count; i++) {
      const a = list.a[i]!;
      const b = list.b[i]!;
      expect(a.id).toBeLessThan(b.id);
      expect(a.type === "static" && b.type === "static").toBe(false);
      const key = `${a.id},${b.id}`;
      expect(seen.has(key), `${bp.kind} reported ${key} twice`).toBe(false);
      seen.add(key);
      if (isStart) {
        expect(known.has(key), `${bp.kind} started ${key}, which it had already`).toBe(false);
        known.set(key, [a, b]);
      } else {
        expect(known.has(key), `${bp.kind} ended ${key}, which it never started`).toBe(true);
        known.delete(key);
      }
    }
  }
  return known;
}

/**
 * The pairs whose grown bounds overlap, as sorted "idA,idB" strings, as a
 * client of the broadphase sees them (every broadphase must agree with
 * brute force's exact answer; see Scene.check).
 */
function pairsOf(bp: Broadphase): string[] {
  return [...keep(bp).keys()].sort();
}

function queryIds(bp: Broadphase, minX: number, minY: number, maxX: number, maxY: number): number[] {
  const ids: number[] = [];
  bp.query(minX, minY, maxX, maxY, (b) => {
    ids.push(b.id);
  });
  return ids.sort((p, q) => p - q);
}

function moveTo(bp: Broadphase, body: Body, x: number, y: number): void {
  const b = body as unknown as { px: number; py: number };
  b.px = x;
  b.py = y;
  body.updateBounds();
  bp.update(body, boxOf(body));
}

// ------------------------------------------------------------------ hand cases

describe.each(KINDS)("%s broadphase: hand cases", (kind) => {
  it("reports two overlapping bodies once, and nothing for separated ones", () => {
    const bp = createBroadphase(kind);
    const a = circle(0, 0, 1);
    const b = circle(1.5, 0, 1);
    const c = circle(10, 0, 1);
    add(bp, a);
    add(bp, b);
    add(bp, c);
    expect(bp.size).toBe(3);
    expect(pairsOf(bp)).toEqual([`${a.id},${b.id}`]);
  });

  it("counts touching edges and touching corners as overlap, a tiny gap as none", () => {
    const bp = createBroadphase(kind);
    const a = box(0, 0, 1, 1);
    const right = box(1, 0, 2, 1); // shares the edge x = 1
    const corner = box(-1, 1, 0, 2); // shares only the corner (0, 1)
    const apart = box(0, -2, 1, -1e-9); // 1e-9 below a
    for (const b of [a, right, corner, apart]) add(bp, b);
    expect(pairsOf(bp)).toEqual([`${a.id},${right.id}`, `${a.id},${corner.id}`].sort());
  });

  it("never pairs static with static, but pairs static with dynamic and kinematic", () => {
    const bp = createBroadphase(kind);
    const ground = box(-10, -1, 10, 0, "static");
    const wall = box(-11, -1, -9, 5, "static"); // overlaps the ground
    const ball = circle(0, 0.5, 0.5); // touches the ground
    const platform = box(-10.5, 3, -8, 3.5, "kinematic"); // overlaps the wall
    const rider = box(-8.75, 3.5, -8.25, 4, "kinematic"); // touches the platform
    for (const b of [ground, wall, ball, platform, rider]) add(bp, b);
    expect(pairsOf(bp)).toEqual(
      [`${ground.id},${ball.id}`, `${wall.id},${platform.id}`, `${platform.id},${rider.id}`].sort(),
    );
  });

  it("forgets removed bodies and can take them back", () => {
    const bp = createBroadphase(kind);
    const bodies = [circle(0, 0, 1), circle(1, 0, 1), circle(2, 0, 1), circle(3, 0, 1)];
    for (const b of bodies) add(bp, b);
    const [a, b, c, d] = bodies as [Circle, Circle, Circle, Circle];
    bp.remove(b);
    expect(bp.has(b)).toBe(false);
    expect(bp.size).toBe(3);
    expect(pairsOf(bp)).toEqual([`${a.id},${c.id}`, `${c.id},${d.id}`]);
    add(bp, b);
    expect(pairsOf(bp)).toEqual(
      [`${a.id},${b.id}`, `${a.id},${c.id}`, `${b.id},${c.id}`, `${b.id},${d.id}`, `${c.id},${d.id}`].sort(),
    );
    for (const body of bodies) bp.remove(body);
    expect(bp.size).toBe(0);
    expect(pairsOf(bp)).toEqual([]);
  });

  it("grows every body's bounds by the margin", () => {
    // Gap of 0.5 between the circles: a margin of 0.25 on each makes them touch.
    const touching = createBroadphase(kind, { margin: 0.25 });
    const short = createBroadphase(kind, { margin: 0.125 });
    const a = circle(0, 0, 1);
    const b = circle(2.5, 0, 1);
    add(touching, a);
    add(touching, b);
    expect(pairsOf(touching)).toEqual([`${a.id},${b.id}`]);
    const a2 = withId(new Circle({ position: { x: 0, y: 0 }, radius: 1 }), a.id);
    const b2 = withId(new Circle({ position: { x: 2.5, y: 0 }, radius: 1 }), b.id);
    add(short, a2);
    add(short, b2);
    expect(pairsOf(short)).toEqual([]);
    // Queries see the grown bounds too.
    expect(queryIds(touching, 3.75, 0, 4, 0)).toEqual([b.id]);
    expect(queryIds(short, 3.75, 0, 4, 0)).toEqual([]);
  });

  it("follows moved bodies through update, including far teleports", () => {
    const bp = createBroadphase(kind);
    const a = circle(0, 0, 1);
    const b = circle(5, 0, 1);
    add(bp, a);
    add(bp, b);
    expect(pairsOf(bp)).toEqual([]);
    moveTo(bp, b, 1.9, 0.1);
    expect(pairsOf(bp)).toEqual([`${a.id},${b.id}`]);
    moveTo(bp, a, -1000, 500);
    expect(pairsOf(bp)).toEqual([]);
    moveTo(bp, b, -1000.5, 500);
    expect(pairsOf(bp)).toEqual([`${a.id},${b.id}`]);
  });

  it("notices a body that changed between static and dynamic on update", () => {
    const bp = createBroadphase(kind);
    const a = box(0, 0, 1, 1, "static");
    const b = box(0.5, 0.5, 1.5, 1.5, "static");
    add(bp, a);
    add(bp, b);
    expect(pairsOf(bp)).toEqual([]);
    retype(bp, b, "dynamic");
    expect(pairsOf(bp)).toEqual([`${a.id},${b.id}`]);
    retype(bp, b, "static");
    expect(pairsOf(bp)).toEqual([]);
  });

  it("queries a box and stops when visit returns false", () => {
    const bp = createBroadphase(kind);
    const bodies = [circle(0, 0, 0.5), circle(2, 0, 0.5, "static"), circle(4, 0, 0.5), circle(0, 3, 0.5)];
    for (const b of bodies) add(bp, b);
    expect(queryIds(bp, -0.5, -1, 2.5, 0)).toEqual([bodies[0]!.id, bodies[1]!.id]);
    expect(queryIds(bp, 4.5, 0.5, 5, 1)).toEqual([bodies[2]!.id]); // corner touch counts
    expect(queryIds(bp, 10, 10, 11, 11)).toEqual([]);
    let visits = 0;
    bp.query(-100, -100, 100, 100, () => {
      visits++;
      return false;
    });
    expect(visits).toBe(1);
  });

  it("answers a query made inside another query's visit, and recovers from a visit that throws", () => {
    const bp = createBroadphase(kind);
    const bodies: Circle[] = [];
    for (let i = 0; i < 40; i++) bodies.push(circle(i % 8, Math.floor(i / 8), 0.4, i % 5 === 0 ? "static" : "dynamic"));
    for (const b of bodies) add(bp, b);
    const all = queryIds(bp, -10, -10, 20, 20);
    expect(all).toHaveLength(40);
    let outer = 0;
    bp.query(-10, -10, 20, 20, (b) => {
      outer++;
      // The circles sit on a 1 m grid with radius 0.4: each box holds only its own body.
      expect(queryIds(bp, b.minX, b.minY, b.maxX, b.maxY)).toEqual([b.id]);
    });
    expect(outer).toBe(40);
    expect(() =>
      bp.query(-10, -10, 20, 20, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(() =>
      bp.raycast(-1, 0, 1, 0, 100, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(queryIds(bp, -10, -10, 20, 20)).toEqual(all);
  });

  it("raycasts: finds every box on the segment, clips to the returned maxT, stops on 0", () => {
    const bp = createBroadphase(kind);
    const near = box(2, -1, 3, 1);
    const far = box(6, -1, 7, 1, "static");
    const beyond = box(20, -1, 21, 1);
    const above = box(4, 2, 5, 3);
    for (const b of [beyond, far, above, near]) add(bp, b);
    const all: number[] = [];
    bp.raycast(0, 0, 1, 0, 10, (b, maxT) => {
      all.push(b.id);
      return maxT;
    });
    expect(all.sort((p, q) => p - q)).toEqual([near.id, far.id].sort((p, q) => p - q));
    // Closest hit: report the box entry distance and let it clip the ray.
    let best = Infinity;
    let bestId = -1;
    bp.raycast(0, 0, 1, 0, Infinity, (b) => {
      const t = rayBoxEntry(0, 0, 1, 0, Infinity, b.minX, b.minY, b.maxX, b.maxY);
      if (t < best) {
        best = t;
        bestId = b.id;
      }
      return t;
    });
    expect(best).toBe(2);
    expect(bestId).toBe(near.id);
    let visits = 0;
    bp.raycast(0, 0, 1, 0, 100, () => {
      visits++;
      return 0;
    });
    expect(visits).toBe(1);
    // A vertical ray (dx = 0) through the gap between near and far meets only `above`.
    const hits: number[] = [];
    bp.raycast(4.5, -5, 0, 1, 100, (b, maxT) => {
      hits.push(b.id);
      return maxT;
    });
    expect(hits).toEqual([above.id]);
  });

  it("rejects adding a body twice and removing or updating an unknown body", () => {
    const bp = createBroadphase(kind);
    const a = circle(0, 0, 1);
    const stranger = circle(0, 0, 1);
    add(bp, a);
    expect(() => add(bp, a)).toThrow(RangeError);
    expect(() => bp.remove(stranger)).toThrow(/not in this broadphase/);
    expect(() => bp.update(stranger, boxOf(stranger))).toThrow(RangeError);
    const other = createBroadphase(kind);
    expect(() => other.remove(a)).toThrow(RangeError);
    expect(() => bp.add({} as Body, boxOf(a))).toThrow(TypeError);
    expect(bp.size).toBe(1);
  });
});

describe("createBroadphase", () => {
  it("builds the asked kind", () => {
    expect(createBroadphase("tree")).toBeInstanceOf(DynamicTreeBroadphase);
    expect(createBroadphase("sap")).toBeInstanceOf(SweepAndPruneBroadphase);
    expect(createBroadphase("brute")).toBeInstanceOf(BruteForceBroadphase);
    expect(createBroadphase("sap", { margin: 0.5 }).kind).toBe("sap");
  });

  it("names the bad parameter and value", () => {
    expect(() => createBroadphase("octree" as BroadphaseKind)).toThrow(/broadphase .*"octree"/);
    expect(() => createBroadphase("tree", { margin: -1 })).toThrow(/margin must be >= 0, got -1/);
    expect(() => createBroadphase("sap", { margin: Number.NaN })).toThrow(RangeError);
    expect(() => createBroadphase("tree", { fatten: -0.5 })).toThrow(/fatten must be >= 0, got -0.5/);
    expect(() => createBroadphase("brute", null as never)).toThrow(TypeError);
  });
});

describe("dynamic tree internals", () => {
  it("costs nothing in update while a body stays inside its fat box", () => {
    const bp = new DynamicTreeBroadphase({ fatten: 0.1 });
    const bodies: Circle[] = [];
    for (let i = 0; i < 50; i++) bodies.push(circle(i * 0.7, (i % 5) * 0.9, 0.4));
    for (const b of bodies) add(bp, b);
    for (const b of bodies) moveTo(bp, b, b.position.x + 0.05, b.position.y - 0.09);
    expect(bp.reinsertCount).toBe(0);
    moveTo(bp, bodies[7]!, bodies[7]!.position.x + 0.2, bodies[7]!.position.y);
    expect(bp.reinsertCount).toBe(1);
    bp.validate();
  });

  it("stays balanced when bodies arrive in sorted order, and after removing half", () => {
    const bp = new DynamicTreeBroadphase();
    const bodies: Circle[] = [];
    for (let i = 0; i < 1024; i++) bodies.push(circle(i, 0, 0.25));
    for (const b of bodies) add(bp, b);
    bp.validate();
    // A balanced binary tree of 1024 leaves has height 10; an unbalanced one up to 1023.
    expect(bp.moving.treeHeight).toBeLessThanOrEqual(20);
    for (let i = 0; i < 1024; i += 2) bp.remove(bodies[i]!);
    bp.validate();
    expect(bp.moving.leafCount).toBe(512);
    expect(bp.moving.treeHeight).toBeLessThanOrEqual(18);
  });

  it("a body that leaves its fat box enlarges its ancestors; the tree stays valid and is rebuilt tight when queried", () => {
    const bp = new DynamicTreeBroadphase({ fatten: 0.1 });
    const brute = new BruteForceBroadphase();
    const bodies: Circle[] = [];
    for (let i = 0; i < 300; i++) bodies.push(circle((i * 37) % 60, (i * 11) % 23, 0.3 + (i % 3) * 0.2));
    for (const b of bodies) {
      add(bp, b);
      add(brute, b);
    }
    for (let round = 0; round < 5; round++) {
      for (let i = round; i < bodies.length; i += 3) {
        const b = bodies[i]!;
        moveTo(bp, b, b.position.x + ((i * 13) % 7) - 3, b.position.y + ((i * 5) % 5) - 2);
        brute.update(b, boxOf(b));
      }
      // enlarged, not yet rebuilt: every box still holds its children's
      expect(bp.moving.enlarged.some((f) => f === 1)).toBe(true);
      bp.moving.validate();
      // the query rebuilds first, and finds what brute force finds
      expect(queryIds(bp, 0, 0, 30, 12)).toEqual(queryIds(brute, 0, 0, 30, 12));
      expect(bp.moving.enlarged.some((f) => f === 1)).toBe(false);
      bp.validate();
      expect(bp.moving.treeHeight).toBeLessThanOrEqual(20);
      expect(pairsOf(bp)).toEqual(pairsOf(brute));
    }
  });
});

describe("loading a broadphase (beginLoad … endLoad)", () => {
  it("the tree builds its leaves top-down into a valid, balanced tree that finds what brute force finds, before and after moves", () => {
    const spec = fc.record({ x: fc.double({ min: -20, max: 20, noNaN: true }), y: fc.double({ min: -20, max: 20, noNaN: true }), r: fc.double({ min: 0.05, max: 2, noNaN: true }), isStatic: fc.boolean() });
    fc.assert(
      fc.property(fc.array(spec, { minLength: 0, maxLength: 300 }), fc.array(fc.nat(), { maxLength: 40 }), (specs, moves) => {
        const tree = new DynamicTreeBroadphase({ fatten: 0.1 });
        const brute = new BruteForceBroadphase();
        const bodies = specs.map((o) => circle(o.x, o.y, o.r, o.isStatic ? "static" : "dynamic"));
        tree.beginLoad();
        brute.beginLoad();
        for (const b of bodies) {
          add(tree, b);
          add(brute, b);
        }
        tree.endLoad();
        brute.endLoad();
        tree.validate();
        // a balanced tree of n leaves: height ⌈log2 n⌉
        for (const t of [tree.moving, tree.statics]) expect(t.treeHeight).toBeLessThanOrEqual(Math.ceil(Math.log2(Math.max(1, t.leafCount))));
        expect(pairsOf(tree)).toEqual(pairsOf(brute));
        expect(queryIds(tree, -5, -5, 5, 5)).toEqual(queryIds(brute, -5, -5, 5, 5));
        for (const m of moves) {
          if (bodies.length === 0) break;
          const b = bodies[m % bodies.length]!;
          const to = { x: ((m * 7919) % 400) / 10 - 20, y: ((m * 104729) % 400) / 10 - 20 };
          moveTo(tree, b, to.x, to.y);
          brute.update(b, boxOf(b));
        }
        tree.validate();
        expect(pairsOf(tree)).toEqual(pairsOf(brute));
      }),
      { numRuns: 150 },
    );
  });

  it("a tree cleared and loaded again with the same bodies is the same tree", () => {
    const bodies: Circle[] = [];
    for (let i = 0; i < 200; i++) bodies.push(circle((i * 37) % 50, (i * 11) % 23, 0.3 + (i % 3) * 0.2));
    const tree = new DynamicTreeBroadphase();
    const load = (): string => {
      tree.clear();
      tree.beginLoad();
      for (const b of bodies) add(tree, b);
      tree.endLoad();
      const t = tree.moving;
      return JSON.stringify([t.root, [...t.child1.slice(0, 400)], [...t.box.slice(0, 1600)]]);
    };
    expect(load()).toBe(load());
  });
});

describe("sweep and prune internals", () => {
  it("moves nothing in its sort when bodies move without changing order", () => {
    const bp = new SweepAndPruneBroadphase();
    const bodies: Circle[] = [];
    for (let i = 0; i < 100; i++) bodies.push(circle(i, 0, 0.6));
    for (const b of [...bodies].reverse()) add(bp, b); // added in reverse: the first sort reverses them
    pairsOf(bp);
    const afterFirstSort = bp.swapCount;
    expect(afterFirstSort).toBeGreaterThan(0);
    for (let step = 0; step < 5; step++) {
      for (const b of bodies) moveTo(bp, b, b.position.x + 0.1, b.position.y);
      expect(pairsOf(bp)).toHaveLength(99);
    }
    expect(bp.swapCount).toBe(afterFirstSort);
  });
});

describe("rayBoxEntry", () => {
  it("gives the entry parameter, 0 from inside, -1 for a miss", () => {
    expect(rayBoxEntry(0, 0, 1, 0, 10, 2, -1, 3, 1)).toBe(2);
    expect(rayBoxEntry(0, 0, -1, 0, 10, 2, -1, 3, 1)).toBe(-1); // box behind the ray
    expect(rayBoxEntry(0, 0, 1, 0, 1.5, 2, -1, 3, 1)).toBe(-1); // segment too short
    expect(rayBoxEntry(0, 0, 1, 0, 2, 2, -1, 3, 1)).toBe(2); // ends exactly on the face
    expect(rayBoxEntry(2.5, 0, 1, 0, 10, 2, -1, 3, 1)).toBe(0); // starts inside
    expect(rayBoxEntry(0, 1, 1, 0, 10, 2, -1, 3, 1)).toBe(2); // grazes the top face
    expect(rayBoxEntry(0, 1.5, 1, 0, 10, 2, -1, 3, 1)).toBe(-1); // parallel, above
    expect(rayBoxEntry(3, -5, 0, 1, 10, 2, -1, 3, 1)).toBe(4); // vertical, along the right face
    expect(rayBoxEntry(3.5, -5, 0, 1, 10, 2, -1, 3, 1)).toBe(-1); // vertical, beside it
    expect(rayBoxEntry(0, 0, Math.SQRT1_2, Math.SQRT1_2, 10, 1, 1, 2, 2)).toBeCloseTo(Math.SQRT2, 12);
  });
});

// ------------------------------------------------------------------ properties

interface BodySpec {
  shape: 0 | 1 | 2;
  type: BodyType;
  x: number;
  y: number;
  s1: number;
  s2: number;
  angle: number;
  /** Collision filter and sensor flag (only the touchingOnly tree looks at them). */
  filter: { category: number; mask: number; group: number };
  isSensor: boolean;
}

/** Grid coordinates and power-of-two sizes make exact touching common. */
const coord = fc.oneof(
  fc.integer({ min: -16, max: 16 }).map((i) => i / 2),
  fc.double({ min: -8, max: 8, noNaN: true }),
);
const size = fc.oneof(fc.constantFrom(0.25, 0.5, 1, 2), fc.double({ min: 0.05, max: 3, noNaN: true }));
const bodySpec: fc.Arbitrary<BodySpec> = fc.record({
  shape: fc.constantFrom(0 as const, 1 as const, 2 as const),
  type: fc.constantFrom<BodyType>("dynamic", "dynamic", "static", "kinematic"),
  x: coord,
  y: coord,
  s1: size,
  s2: size,
  angle: fc.oneof(fc.constant(0), fc.double({ min: -3.2, max: 3.2, noNaN: true })),
  filter: fc.record({
    category: fc.constantFrom(1, 1, 2),
    mask: fc.constantFrom(0xffffffff, 0xffffffff, 0xfffd, 0xfffe),
    group: fc.constantFrom(0, 0, 0, -1, 1),
  }),
  isSensor: fc.constantFrom(false, false, false, true),
});

function build(spec: BodySpec, id: number): Body {
  const common = { position: { x: spec.x, y: spec.y }, type: spec.type, collisionFilter: spec.filter, isSensor: spec.isSensor };
  let body: Body;
  if (spec.shape === 0) body = new Circle({ ...common, radius: spec.s1 });
  else if (spec.shape === 1) body = new Capsule({ ...common, halfLength: spec.s2, radius: spec.s1, angle: spec.angle });
  else body = new AABB({ ...common, halfWidth: spec.s1, halfHeight: spec.s2 });
  return withId(body, id);
}

type Op =
  | { t: "add"; spec: BodySpec }
  | { t: "remove"; k: number }
  | { t: "teleport"; k: number; x: number; y: number }
  | { t: "retype"; k: number; type: BodyType }
  | { t: "moveAll"; seed: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant("add" as const), spec: bodySpec }),
  fc.record({ t: fc.constant("remove" as const), k: fc.nat() }),
  fc.record({ t: fc.constant("teleport" as const), k: fc.nat(), x: coord, y: coord }),
  fc.record({ t: fc.constant("retype" as const), k: fc.nat(), type: fc.constantFrom<BodyType>("dynamic", "static", "kinematic") }),
  fc.record({ t: fc.constant("moveAll" as const), seed: fc.integer() }),
);

/** A tiny deterministic generator for the per-body steps of moveAll (multiples of 1/16 m). */
function smallSteps(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    return (((s >>> 16) % 7) - 3) / 16;
  };
}

/**
 * One scene played on the three broadphases side by side. A body carries one
 * proxyId, so each broadphase gets its own copy of every body (same id).
 */
class Scene {
  readonly bps: Broadphase[];
  /** live[k] = the k-th live body's copies, one per broadphase. */
  readonly live: Body[][] = [];
  private nextId = 0;

  /** With `touchingOnly`: brute force and a tree that keeps only the pairs that can touch. */
  constructor(
    margin: number,
    fatten: number,
    private readonly touchingOnly = false,
  ) {
    this.bps = touchingOnly
      ? [createBroadphase("brute", { margin }), createBroadphase("tree", { margin, fatten, touchingOnly })]
      : KINDS.map((k) => createBroadphase(k, { margin, fatten }));
  }

  add(spec: BodySpec): void {
    const id = this.nextId++;
    const copies = this.bps.map((bp) => {
      const b = build(spec, id);
      bp.add(b, boxOf(b));
      return b;
    });
    this.live.push(copies);
  }

  apply(o: Op): void {
    const n = this.live.length;
    switch (o.t) {
      case "add":
        this.add(o.spec);
        break;
      case "remove":
        if (n === 0) return;
        this.live.splice(o.k % n, 1)[0]!.forEach((b, i) => this.bps[i]!.remove(b));
        break;
      case "teleport":
        if (n === 0) return;
        this.live[o.k % n]!.forEach((b, i) => moveTo(this.bps[i]!, b, o.x, o.y));
        break;
      case "retype":
        if (n === 0) return;
        this.live[o.k % n]!.forEach((b, i) => (this.touchingOnly && i > 0 ? readd : retype)(this.bps[i]!, b, o.type));
        break;
      case "moveAll": {
        // Moves every dynamic and kinematic body, and the static ones too when the seed is odd.
        const next = smallSteps(o.seed);
        for (const copies of this.live) {
          if (copies[0]!.type === "static" && (o.seed & 1) === 0) continue;
          const dx = next();
          const dy = next();
          copies.forEach((b, i) => moveTo(this.bps[i]!, b, b.position.x + dx, b.position.y + dy));
        }
        break;
      }
    }
  }

  /** Every broadphase reports exactly the brute-force pair set. */
  check(): void {
    const [brute, ...others] = this.bps;
    let expected = pairsOf(brute!);
    if (this.touchingOnly) {
      const pairs = keep(brute!);
      expected = expected.filter((key) => canTouch(...pairs.get(key)!));
    }
    for (const bp of others) {
      expect(pairsOf(bp), bp.kind).toEqual(expected);
      expect(bp.size).toBe(this.live.length);
      if (bp instanceof DynamicTreeBroadphase) bp.validate();
    }
  }
}

const sceneArb = fc.record({
  margin: fc.constantFrom(0, 0.125, 0.5),
  fatten: fc.constantFrom(0, 0.1, 1),
  initial: fc.array(bodySpec, { maxLength: 30 }),
  ops: fc.array(op, { maxLength: 25 }),
  /** After which ops to collect pairs (the others are batched, as a world batches a step's moves). */
  checks: fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
});

/** Random scenes played through random changes, checked against brute force after the chosen ones. */
function playScenes(touchingOnly: boolean): void {
  fc.assert(
    fc.property(sceneArb, ({ margin, fatten, initial, ops, checks }) => {
      const scene = new Scene(margin, fatten, touchingOnly);
      for (const spec of initial) scene.add(spec);
      scene.check();
      ops.forEach((o, i) => {
        scene.apply(o);
        if (checks[i]) scene.check();
      });
      scene.check();
    }),
    { numRuns: 300 },
  );
}

describe("broadphase properties", () => {
  it("tree and sort-and-sweep return exactly the brute-force pairs through adds, removes, teleports, type changes and moves", () => {
    playScenes(false);
  });

  it("a touchingOnly tree returns exactly the brute-force pairs that can touch, through the same changes", () => {
    playScenes(true);
  });

  it("query agrees with brute force on random scenes", () => {
    const queryBox = fc.record({ x: coord, y: coord, w: fc.double({ min: 0, max: 8, noNaN: true }), h: size });
    fc.assert(
      fc.property(sceneArb, fc.array(queryBox, { minLength: 1, maxLength: 10 }), ({ margin, fatten, initial, ops }, boxes) => {
        const scene = new Scene(margin, fatten);
        for (const spec of initial) scene.add(spec);
        for (const o of ops) scene.apply(o);
        for (const q of boxes) {
          const [brute, ...others] = scene.bps.map((bp) => queryIds(bp, q.x, q.y, q.x + q.w, q.y + q.h));
          for (const ids of others) expect(ids).toEqual(brute);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("raycast agrees with brute force on random scenes: the bodies crossed and the closest one", () => {
    const unitDir = fc.oneof(
      fc.constantFrom([1, 0], [-1, 0], [0, 1], [0, -1]),
      fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }).map((a) => [Math.cos(a), Math.sin(a)]),
    );
    const ray = fc.record({ x: coord, y: coord, dir: unitDir, maxT: fc.oneof(fc.constant(Infinity), fc.double({ min: 0, max: 30, noNaN: true })) });
    fc.assert(
      fc.property(sceneArb, fc.array(ray, { minLength: 1, maxLength: 10 }), ({ margin, fatten, initial, ops }, rays) => {
        const scene = new Scene(margin, fatten);
        for (const spec of initial) scene.add(spec);
        for (const o of ops) scene.apply(o);
        for (const r of rays) {
          const [dx, dy] = r.dir as [number, number];
          const entry = (b: Body): number =>
            rayBoxEntry(r.x, r.y, dx, dy, Infinity, b.minX - margin, b.minY - margin, b.maxX + margin, b.maxY + margin);
          const crossed = scene.bps.map((bp) => {
            const ids: number[] = [];
            bp.raycast(r.x, r.y, dx, dy, r.maxT, (b, maxT) => {
              ids.push(b.id);
              return maxT;
            });
            return ids.sort((p, q) => p - q);
          });
          const closest = scene.bps.map((bp) => {
            let best = Infinity;
            bp.raycast(r.x, r.y, dx, dy, r.maxT, (b, maxT) => {
              const t = entry(b);
              expect(t).toBeLessThanOrEqual(maxT); // only boxes within the clipped ray are visited
              best = Math.min(best, t);
              return t;
            });
            return best;
          });
          // Reference: every body whose grown box the segment crosses, and the nearest entry.
          let refBest = Infinity;
          const refIds: number[] = [];
          for (const copies of scene.live) {
            const b = copies[0]!;
            if (rayBoxEntry(r.x, r.y, dx, dy, r.maxT, b.minX - margin, b.minY - margin, b.maxX + margin, b.maxY + margin) >= 0) {
              refIds.push(b.id);
              refBest = Math.min(refBest, entry(b));
            }
          }
          refIds.sort((p, q) => p - q);
          for (let i = 0; i < scene.bps.length; i++) {
            expect(crossed[i], scene.bps[i]!.kind).toEqual(refIds);
            expect(closest[i], scene.bps[i]!.kind).toBe(refBest);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe.each(KINDS)("%s broadphase: queryStatic", (kind) => {
  it("finds exactly the static bodies whose grown bounds overlap the box, on random scenes", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: -20, max: 20, noNaN: true }),
            y: fc.double({ min: -20, max: 20, noNaN: true }),
            r: fc.double({ min: 0.1, max: 3, noNaN: true }),
            type: fc.constantFrom<BodyType>("static", "dynamic", "kinematic"),
          }),
          { maxLength: 40 },
        ),
        fc.record({
          x: fc.double({ min: -25, max: 25, noNaN: true }),
          y: fc.double({ min: -25, max: 25, noNaN: true }),
          w: fc.double({ min: 0, max: 15, noNaN: true }),
          h: fc.double({ min: 0, max: 15, noNaN: true }),
        }),
        (specs, q) => {
          const bp = createBroadphase(kind, { margin: 0.1 });
          const bodies = specs.map((s) => circle(s.x, s.y, s.r, s.type));
          for (const b of bodies) add(bp, b);
          bp.updatePairs(new PairList(), new PairList());
          const box = { minX: q.x, minY: q.y, maxX: q.x + q.w, maxY: q.y + q.h };
          const found: number[] = [];
          bp.queryStatic(box, (b) => {
            found.push(b.id);
          });
          const expected = bodies
            .filter((b) => b.type === "static" && b.minX - 0.1 <= box.maxX && box.minX <= b.maxX + 0.1 && b.minY - 0.1 <= box.maxY && box.minY <= b.maxY + 0.1)
            .map((b) => b.id);
          expect(found.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });
});
