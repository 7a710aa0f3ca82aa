/**
 * The bench's chain_terrain scene (issue 31: "bench has a chain-terrain scene
 * with capsule2d against the peers that have chains"): the scene as data
 * (a long deterministic chain, bodies that start clear of it and of each
 * other), its sanity check (a body that fell through the chain is counted),
 * and capsule2d actually simulating it through the bench adapter: bodies
 * land, stay above the ground and move along it; with the chain drawn the
 * other way (solid side down) every body falls through, so the check is not
 * vacuous. Physics and geometry only; the timing is bench/'s.
 */
import { describe, expect, it } from "vitest";
import * as C from "../src/entries/capsule2d.js";
import { buildScene, polylineHeight, terrainHeight, type Point, type Scene } from "../bench/scenes.mjs";
import { sanityOf } from "../bench/measure.mjs";
import { capsule2dAdapter } from "../bench/engines/capsule2d-common.mjs";

interface SceneBody {
  kind: string;
  x: number;
  y: number;
  radius?: number;
  halfWidth?: number;
  halfHeight?: number;
  halfLength?: number;
}
const bodiesOf = (s: Scene) => s.bodies as SceneBody[];
const chainOf = (s: Scene) => (s.statics as { kind: string; points: Point[] }[])[0]!;

/** The radius of the smallest circle about a body's centre that holds it. */
function reach(b: SceneBody): number {
  if (b.kind === "circle") return b.radius!;
  if (b.kind === "capsule") return b.halfLength! + b.radius!;
  return Math.hypot(b.halfWidth!, b.halfHeight!);
}

/** Distance from p to the segment a–b (an independent reference: projection clamped to the segment). */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

describe("chain_terrain as data", () => {
  const scene = buildScene("chain_terrain");
  const chain = chainOf(scene);

  it("is one long static chain, right to left (solid side up), and 1,000 mixed bodies", () => {
    expect(scene.statics).toHaveLength(1);
    expect(chain.kind).toBe("chain");
    expect(chain.points.length).toBe(2401);
    expect(chain.points[0]!.x).toBe(200);
    expect(chain.points[chain.points.length - 1]!.x).toBe(-200);
    for (let i = 1; i < chain.points.length; i++) expect(chain.points[i]!.x).toBeLessThan(chain.points[i - 1]!.x);
    const bodies = bodiesOf(scene);
    expect(bodies).toHaveLength(1000);
    const kinds = new Map<string, number>();
    for (const b of bodies) kinds.set(b.kind, (kinds.get(b.kind) ?? 0) + 1);
    expect(Object.fromEntries(kinds)).toEqual({ circle: 334, box: 333, capsule: 333 });
    // the boxes turn (no fixedRotation), nothing is static
    expect(bodies.some((b) => (b as { fixedRotation?: boolean }).fixedRotation === true || (b as { static?: boolean }).static)).toBe(false);
  });

  it("is made the same every time (no Math.random), and the quick one is smaller", () => {
    expect(JSON.stringify(buildScene("chain_terrain"))).toBe(JSON.stringify(scene));
    const quick = buildScene("chain_terrain-quick");
    expect(bodiesOf(quick)).toHaveLength(200);
    expect(chainOf(quick).points.length).toBe(1081);
  });

  it("has rolling hills (slopes below 1) between two end ramps 15 m high", () => {
    const pts = scene.terrain as { points: Point[] };
    let steepestHill = 0;
    for (let i = 1; i < pts.points.length; i++) {
      const a = pts.points[i - 1]!;
      const b = pts.points[i]!;
      const slope = Math.abs((b.y - a.y) / (b.x - a.x));
      if (Math.abs(a.x) < 190 && Math.abs(b.x) < 190) steepestHill = Math.max(steepestHill, slope);
    }
    expect(steepestHill).toBeGreaterThan(0.3); // hills, not a floor
    expect(steepestHill).toBeLessThan(1);
    // the last 10 m at each end add 15 ((|x| − 190) / 10)² to the hills (a wider terrain has no ramp there)
    for (const x of [-200, -197, -190, 0, 192.5, 195, 200]) {
      const ramp = Math.max(0, Math.abs(x) - 190) / 10;
      expect(terrainHeight(x, 400) - terrainHeight(x, 10000)).toBeCloseTo(15 * ramp * ramp, 12);
    }
  });

  it("starts every body clear of the chain and of every other body", () => {
    const bodies = bodiesOf(scene);
    const pts = chain.points;
    // the smallest clearance (gap between a body's enclosing circle and the chain, or two bodies' circles)
    let toChain = Infinity;
    for (const b of bodies) {
      for (let i = 1; i < pts.length; i++) {
        if (Math.abs(pts[i]!.x - b.x) > 3) continue;
        toChain = Math.min(toChain, segmentDistance(b, pts[i - 1]!, pts[i]!) - reach(b));
      }
    }
    let between = Infinity;
    for (let i = 0; i < bodies.length; i++) {
      for (let j = i + 1; j < bodies.length; j++) {
        const a = bodies[i]!;
        const c = bodies[j]!;
        between = Math.min(between, Math.hypot(a.x - c.x, a.y - c.y) - reach(a) - reach(c));
      }
    }
    expect(toChain).toBeGreaterThan(0.1);
    expect(between).toBeGreaterThan(0);
  });
});

describe("polylineHeight", () => {
  const tent: Point[] = [{ x: 0, y: 0 }, { x: 2, y: 2 }, { x: 4, y: 0 }];
  it("interpolates between the two points around x, and is NaN outside", () => {
    expect(polylineHeight(tent, 1)).toBe(1);
    expect(polylineHeight(tent, 2)).toBe(2);
    expect(polylineHeight(tent, 3.5)).toBe(0.5);
    expect(polylineHeight(tent, 0)).toBe(0);
    expect(polylineHeight(tent, 4)).toBe(0);
    expect(polylineHeight(tent, -0.01)).toBeNaN();
    expect(polylineHeight(tent, 4.01)).toBeNaN();
    expect(polylineHeight(tent, Number.NaN)).toBeNaN();
  });
});

describe("chain_terrain's sanity check", () => {
  const scene = buildScene("chain_terrain-quick");
  const start = (): Float64Array => {
    const pos = new Float64Array(2 * scene.bodies.length);
    bodiesOf(scene).forEach((b, i) => {
      pos[2 * i] = b.x;
      pos[2 * i + 1] = b.y;
    });
    return pos;
  };

  it("passes the bodies where they start and counts each way of failing", () => {
    expect(sanityOf(scene, start(), null).ok).toBe(true);
    const pos = start();
    pos[1] = terrainHeight(pos[0]!, 180) - 0.05; // just under the ground: fell through
    pos[2] = 95; // past the chain's right end
    pos[5] = Number.NaN;
    const s = sanityOf(scene, pos, null);
    expect(s).toMatchObject({ belowTerrain: 1, outsideWalls: 1, nan: 1, ok: false });
  });
});

describe("capsule2d on chain_terrain-quick (the bench adapter, this source)", () => {
  const run = async (reversed: boolean) => {
    const scene = buildScene("chain_terrain-quick");
    if (reversed) chainOf(scene).points.reverse();
    const sim = (await capsule2dAdapter(C, "src").create(scene)) as { step(): void; readPositions(out: Float64Array): void };
    for (let i = 0; i < 150; i++) sim.step();
    const pos = new Float64Array(2 * scene.bodies.length);
    sim.readPositions(pos);
    return { scene, pos };
  };

  it("keeps every body on the chain, and they move along it", async () => {
    const { scene, pos } = await run(false);
    expect(sanityOf(scene, pos, null)).toMatchObject({ ok: true, belowTerrain: 0 });
    const bodies = bodiesOf(scene);
    const ground = (scene.terrain as { points: Point[] }).points;
    let moved = 0;
    let heightBefore = 0;
    let heightAfter = 0;
    bodies.forEach((b, i) => {
      if (Math.abs(pos[2 * i]! - b.x) > 0.5) moved++;
      heightBefore += b.y - polylineHeight(ground, b.x);
      heightAfter += pos[2 * i + 1]! - polylineHeight(ground, pos[2 * i]!);
    });
    // they rolled or slid down the slopes, and came down onto the ground (from 1.2–2.7 m above it)
    expect(moved).toBeGreaterThan(bodies.length / 4);
    expect(heightAfter / bodies.length).toBeLessThan(0.5 * (heightBefore / bodies.length));
  });

  it("holds every one of the full scene's 1,000 bodies for 1.5 s (one box used to sink: chain-polygon-skip.test.ts)", async () => {
    const scene = buildScene("chain_terrain");
    const sim = (await capsule2dAdapter(C, "src").create(scene)) as { step(): void; readPositions(out: Float64Array): void };
    const pos = new Float64Array(2 * scene.bodies.length);
    for (let i = 0; i < 90; i++) {
      sim.step();
      if (i % 15 === 14) {
        sim.readPositions(pos);
        expect(sanityOf(scene, pos, null)).toMatchObject({ ok: true, belowTerrain: 0 });
      }
    }
  });

  it("lets every body through a chain drawn the other way (its solid side down)", async () => {
    const { scene, pos } = await run(true);
    expect(sanityOf(scene, pos, null).belowTerrain).toBe(scene.bodies.length);
  });
});
