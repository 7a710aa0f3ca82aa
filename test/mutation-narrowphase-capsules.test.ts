/**
 * Capsule–capsule (src/collision/narrowphase/capsule-capsule.ts) one rule at a time, worked out
 * by hand in A's frame (A along x from −1.25 to 1.25, radius 0.3; B of radius 0.2) and checked in
 * four world frames (turned so that A's axis points in every quadrant and once straight down),
 * with A and B each drawn either way round and in both orders: the crossing axes (A's side against
 * B's deepest end), side against end, end against end, the margin, and the touch tolerance. The
 * feature ids are the ones feature-id.ts documents; "the side facing the other capsule" is SIDE_UP
 * or SIDE_DOWN by the upward perpendicular (positive y, or +x for a vertical axis).
 * Written against surviving mutants of a mutation run (docs/testing.md).
 */
import { describe, expect, it } from "vitest";
import { Capsule } from "../src/entries/capsule2d.js";
import { runPair } from "./support/manifold-run.js";
import { CapsuleFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";

type V = [number, number];
/** A capsule feature, or the straight side facing the other capsule. */
type Feat = CapsuleFeature | "facing";

interface Case {
  name: string;
  b: [V, V]; // B's end points in A's frame
  margin?: number;
  normal: V; // in A's frame
  depth: number;
  point: V;
  featA: Feat;
  featB: Feat;
}

const frames: { c: number; s: number; ox: number; oy: number }[] = [
  { c: 0.6, s: 0.8, ox: 1.5, oy: -0.5 },
  { c: -0.8, s: 0.6, ox: -0.75, oy: 2.25 },
  { c: -0.6, s: -0.8, ox: 0.25, oy: 1.75 },
  { c: 0, s: -1, ox: 2, oy: 0.5 },
];

/** The upward perpendicular of a unit axis (the documented convention). */
function up(u: V): V {
  const sign = u[0] > 0 ? 1 : u[0] < 0 ? -1 : -u[1] > 0 ? 1 : -1;
  return [-u[1] * sign, u[0] * sign];
}

const swapEnd = (f: CapsuleFeature): CapsuleFeature => (f === CapsuleFeature.END_0 ? CapsuleFeature.END_1 : f === CapsuleFeature.END_1 ? CapsuleFeature.END_0 : f);

const cases: Case[] = [
  // B crosses A's line 0.15 deep: overlaps +nA 0.15, −nA 1.45, +nB 0.71, −nB 1.29: depth 0.5 + 0.15.
  // B's lowest end (0.25, −0.15): B's surface at −0.15 − 0.2 + 0.65 = 0.3 (A's), midway −0.025.
  { name: "B crossing A's side from above", b: [[0.25, -0.15], [1.45, 1.45]], normal: [0, 1], depth: 0.65, point: [0.25, -0.025], featA: "facing", featB: CapsuleFeature.DEEPEST_END },
  { name: "B crossing A's side from below", b: [[0.25, 0.15], [1.45, -1.45]], normal: [0, -1], depth: 0.65, point: [0.25, 0.025], featA: "facing", featB: CapsuleFeature.DEEPEST_END },
  // B's end 0.4 above A's inside: depth 0.1; surfaces at 0.3 and 0.2, midway 0.25.
  { name: "B's end above A's side", b: [[0.25, 0.4], [1.45, 2.0]], normal: [0, 1], depth: 0.1, point: [0.25, 0.25], featA: CapsuleFeature.SIDE, featB: CapsuleFeature.END_0 },
  { name: "B's end below A's side", b: [[0.25, -0.4], [1.45, -2.0]], normal: [0, -1], depth: 0.1, point: [0.25, -0.25], featA: CapsuleFeature.SIDE, featB: CapsuleFeature.END_0 },
  // nearly touching segments (1e-9 apart): the normal is exactly A's perpendicular
  { name: "B's end 1e-9 above A's side", b: [[0.25, 1e-9], [1.45, 1.6 + 1e-9]], normal: [0, 1], depth: 0.5 - 1e-9, point: [0.25, 0.05 + 5e-10], featA: CapsuleFeature.SIDE, featB: CapsuleFeature.END_0 },
  { name: "B's end 1e-9 below A's side", b: [[0.25, -1e-9], [1.45, -1.6 - 1e-9]], normal: [0, -1], depth: 0.5 - 1e-9, point: [0.25, -0.05 - 5e-10], featA: CapsuleFeature.SIDE, featB: CapsuleFeature.END_0 },
  // A's end (1.25, 0), B's end (1.49, 0.32): 0.4 apart along (0.6, 0.8); surfaces (1.43, 0.24), (1.37, 0.16)
  { name: "end against end", b: [[1.49, 0.32], [3.09, 1.52]], normal: [0.6, 0.8], depth: 0.1, point: [1.4, 0.2], featA: CapsuleFeature.END_1, featB: CapsuleFeature.END_0 },
  // collinear, 0.1 apart, margin 0.2: centres 2.85 apart, within the reach 1.25 + 1 + 0.5 + 0.2
  { name: "end against end, a gap within the margin", b: [[1.85, 0], [3.85, 0]], margin: 0.2, normal: [1, 0], depth: -0.1, point: [1.6, 0], featA: CapsuleFeature.END_1, featB: CapsuleFeature.END_0 },
];

describe("capsule–capsule in four frames, either way round, both orders", () => {
  for (const [fi, f] of frames.entries()) {
    const world = (p: V): { x: number; y: number } => ({ x: f.ox + f.c * p[0] - f.s * p[1], y: f.oy + f.s * p[0] + f.c * p[1] });
    const dir = (p: V): V => [f.c * p[0] - f.s * p[1], f.s * p[0] + f.c * p[1]];
    for (const k of cases) {
      for (const revA of [false, true]) {
        for (const revB of [false, true]) {
          it(`${k.name} (frame ${fi}${revA ? ", A reversed" : ""}${revB ? ", B reversed" : ""})`, () => {
            const aEnds: [V, V] = revA ? [[1.25, 0], [-1.25, 0]] : [[-1.25, 0], [1.25, 0]];
            const bEnds: [V, V] = revB ? [k.b[1], k.b[0]] : k.b;
            const a = Capsule.fromSegment(world(aEnds[0]), world(aEnds[1]), 0.3);
            const b = Capsule.fromSegment(world(bEnds[0]), world(bEnds[1]), 0.2);
            const n = dir(k.normal);
            const p = world(k.point);
            const uA = dir(revA ? [-1, 0] : [1, 0]);
            const db: V = [k.b[1][0] - k.b[0][0], k.b[1][1] - k.b[0][1]];
            const lb = Math.hypot(db[0], db[1]);
            const uB = dir(revB ? [-db[0] / lb, -db[1] / lb] : [db[0] / lb, db[1] / lb]);
            // the side of X facing the other capsule: along n for A, along −n for B
            const resolve = (feat: Feat, rev: boolean, u: V, toward: V): number => {
              if (feat !== "facing") return rev ? swapEnd(feat) : feat;
              const w = up(u);
              return w[0] * toward[0] + w[1] * toward[1] > 0 ? CapsuleFeature.SIDE_UP : CapsuleFeature.SIDE_DOWN;
            };
            const fA = resolve(k.featA, revA, uA, n);
            const fB = resolve(k.featB, revB, uB, [-n[0], -n[1]]);
            for (const swapped of [false, true]) {
              const m = swapped ? runPair(b, a, k.margin ?? 0) : runPair(a, b, k.margin ?? 0);
              expect(m).not.toBeNull();
              const s = swapped ? -1 : 1;
              expect(m!.count).toBe(1);
              expect(m!.normalX).toBeCloseTo(s * n[0], 12);
              expect(m!.normalY).toBeCloseTo(s * n[1], 12);
              expect(m!.depth).toBeCloseTo(k.depth, 12);
              expect(m!.depth0).toBe(m!.depth);
              expect(m!.x0).toBeCloseTo(p.x, 12);
              expect(m!.y0).toBeCloseTo(p.y, 12);
              expect(m!.id0).toBe(swapped ? featureId(fB, fA, ClipEnd.NONE) : featureId(fA, fB, ClipEnd.NONE));
            }
            if (k.margin !== undefined) {
              expect(runPair(a, b, -k.depth - 0.05)).toBeNull();
              expect(runPair(b, a, -k.depth - 0.05)).toBeNull();
            }
          });
        }
      }
    }
    it(`capsules far apart are no contact, even with a margin (frame ${fi})`, () => {
      const a = Capsule.fromSegment(world([-1.25, 0]), world([1.25, 0]), 0.3);
      expect(runPair(a, Capsule.fromSegment(world([10, 0]), world([12, 0]), 0.2), 0.5)).toBeNull();
      expect(runPair(a, Capsule.fromSegment(world([0, 8]), world([1, 9]), 0.2), 0.5)).toBeNull();
    });
  }
});

describe("capsule–capsule at exact boundaries (axis-aligned, binary fractions)", () => {
  it("a gap exactly the margin is no contact; a hair more margin and the depth is −gap", () => {
    // A (0.25, −0.5)–(2.75, −0.5) radius 1/4; B's end 1/2 above A's inside, radius 1/8: gap 1/8
    const a = Capsule.fromSegment({ x: 0.25, y: -0.5 }, { x: 2.75, y: -0.5 }, 0.25);
    const b = Capsule.fromSegment({ x: 1.75, y: 0 }, { x: 2.95, y: 1.6 }, 0.125);
    expect(runPair(a, b, 0.125)).toBeNull();
    const m = runPair(a, b, 0.125 + 1e-9)!;
    expect(m.depth).toBe(-0.125);
    expect(m.id0).toBe(featureId(CapsuleFeature.SIDE, CapsuleFeature.END_0, ClipEnd.NONE));
  });

  it("closest points within the touch tolerance (1e-12 × the size, 3.9e-12 here) count as touching: the crossing features", () => {
    // A: centre (1.5, −0.5), half length 1.25; B from A's centre + (0.25, δ) along (0.6, 0.8), half length 1:
    // size = 1.25 + 1 + 0.85 + 0.8 = 3.9
    const a = Capsule.fromSegment({ x: 0.25, y: -0.5 }, { x: 2.75, y: -0.5 }, 0.3);
    const at = (delta: number) => runPair(a, Capsule.fromSegment({ x: 1.75, y: -0.5 + delta }, { x: 2.95, y: 1.1 + delta }, 0.2))!;
    const touching = at(3e-12);
    expect(touching.id0).toBe(featureId(CapsuleFeature.SIDE_UP, CapsuleFeature.DEEPEST_END, ClipEnd.NONE));
    expect(touching.depth).toBeCloseTo(0.5 - 3e-12, 15);
    expect(touching.normalX).toBeCloseTo(0, 12);
    expect(touching.normalY).toBe(1);
    const apart = at(5e-12);
    expect(apart.id0).toBe(featureId(CapsuleFeature.SIDE, CapsuleFeature.END_0, ClipEnd.NONE));
    expect(apart.depth).toBeCloseTo(0.5 - 5e-12, 15);
  });
});

describe("two clipped points and the margin (parallel and slightly tilted capsules)", () => {
  // A (−1, 0)–(1, 0), radius 1/4; B radius 1/4, 0.5625 above A at x = −1 and 0.6875 at x = 1.
  // The tangent is (−1, 0): the LOW end is x = 1 (depth −0.1875), the HIGH end x = −1 (−0.0625).
  const a = () => Capsule.fromSegment({ x: -1, y: 0 }, { x: 1, y: 0 }, 0.25);
  const lowId = featureId(CapsuleFeature.SIDE, CapsuleFeature.SIDE, ClipEnd.LOW);
  const highId = featureId(CapsuleFeature.SIDE, CapsuleFeature.SIDE, ClipEnd.HIGH);

  it("both ends within the margin: low end first", () => {
    const m = runPair(a(), Capsule.fromSegment({ x: -1, y: 0.5625 }, { x: 1, y: 0.6875 }, 0.25), 0.25)!;
    expect(m.count).toBe(2);
    expect([m.normalX, m.normalY, m.depth]).toEqual([0, 1, -0.0625]);
    expect([m.x0, m.y0, m.depth0, m.id0]).toEqual([1, 0.34375, -0.1875, lowId]);
    expect([m.x1, m.y1, m.depth1, m.id1]).toEqual([-1, 0.28125, -0.0625, highId]);
  });

  for (const margin of [0.1875, 0.1]) {
    it(`the shallower low end beyond the margin (${margin}): only the high end`, () => {
      const m = runPair(a(), Capsule.fromSegment({ x: -1, y: 0.5625 }, { x: 1, y: 0.6875 }, 0.25), margin)!;
      expect(m.count).toBe(1);
      expect([m.x0, m.y0, m.depth0, m.id0]).toEqual([-1, 0.28125, -0.0625, highId]);
    });
    it(`the shallower high end beyond the margin (${margin}): only the low end`, () => {
      const m = runPair(a(), Capsule.fromSegment({ x: -1, y: 0.6875 }, { x: 1, y: 0.5625 }, 0.25), margin)!;
      expect(m.count).toBe(1);
      expect([m.x0, m.y0, m.depth0, m.id0]).toEqual([1, 0.28125, -0.0625, lowId]);
    });
  }

  it("a clip collapsed to one point gives one LOW point, also right after a two-point clip", () => {
    const two = runPair(a(), Capsule.fromSegment({ x: -1, y: 0.375 }, { x: 1, y: 0.375 }, 0.25))!;
    expect(two.count).toBe(2);
    // B (1, 0.375)–(3, 0.375): the capsules face each other at x = 1 only; surfaces 0.25 and 0.125
    const m = runPair(a(), Capsule.fromSegment({ x: 1, y: 0.375 }, { x: 3, y: 0.375 }, 0.25))!;
    expect(m.count).toBe(1);
    expect([m.normalX, m.normalY, m.depth]).toEqual([0, 1, 0.125]);
    expect([m.x0, m.y0, m.depth0, m.id0]).toEqual([1, 0.1875, 0.125, lowId]);
  });
});
