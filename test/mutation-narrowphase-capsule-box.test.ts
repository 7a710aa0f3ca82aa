/**
 * Capsule–box (src/collision/narrowphase/capsule-aabb.ts) one rule at a time, worked out by hand
 * in the box's frame (box half sizes 1.25 × 0.5 centred at (0.75, −0.5), capsule radius 0.25)
 * and checked under the box's eight symmetries (mirrors in x and y, and x ↔ y with the half sizes
 * swapped), with the capsule drawn either way round: the crossing axes (the deepest end against a
 * face, a side against the deepest corner), end against face, end against corner, side against
 * corner, the seam masks (hidden faces and corners, src/contacts/seams.ts), the touch tolerance
 * and the margin. Feature ids as feature-id.ts documents them. Written against surviving mutants
 * of a mutation run (docs/testing.md).
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule } from "../src/entries/capsule2d.js";
import { runPair } from "./support/manifold-run.js";
import { BoxFeature, CapsuleFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";

type V = [number, number];
/** A box feature: a face by its outward normal, a corner by the signs of its offset, or the deepest corner. */
type BoxFeat = { face: V } | { corner: V } | "deepest";
/** A capsule feature, or its straight side facing the box. */
type CapFeat = CapsuleFeature | "facing";

interface Case {
  name: string;
  e: [V, V];
  margin?: number;
  mask?: BoxFeat[];
  normal: V;
  depth: number;
  point: V;
  featA: CapFeat;
  featB: BoxFeat;
}

interface Sym {
  swap: boolean;
  sx: number;
  sy: number;
}
const syms: Sym[] = [];
for (const swap of [false, true]) for (const sx of [1, -1]) for (const sy of [1, -1]) syms.push({ swap, sx, sy });
const map = (t: Sym, p: V): V => (t.swap ? [t.sx * p[1], t.sy * p[0]] : [t.sx * p[0], t.sy * p[1]]);

function boxFeature(t: Sym, f: BoxFeat): number {
  if (f === "deepest") return BoxFeature.DEEPEST_CORNER;
  if ("face" in f) {
    const [x, y] = map(t, f.face);
    return x < 0 ? BoxFeature.LEFT : x > 0 ? BoxFeature.RIGHT : y < 0 ? BoxFeature.BOTTOM : BoxFeature.TOP;
  }
  const [x, y] = map(t, f.corner);
  return x > 0 ? (y > 0 ? BoxFeature.TOP_RIGHT : BoxFeature.BOTTOM_RIGHT) : y > 0 ? BoxFeature.TOP_LEFT : BoxFeature.BOTTOM_LEFT;
}

/** The upward perpendicular of a unit axis (the documented convention). */
function up(u: V): V {
  const sign = u[0] > 0 ? 1 : u[0] < 0 ? -1 : -u[1] > 0 ? 1 : -1;
  return [-u[1] * sign, u[0] * sign];
}

const face = (x: number, y: number): BoxFeat => ({ face: [x, y] });
const corner = (x: number, y: number): BoxFeat => ({ corner: [x, y] });

const cases: Case[] = [
  // The segment (−0.5, −2.2)–(1, −0.2) crosses the bottom face: overlaps +y 0.3, +p 0.38 (p = (−0.8, 0.6)),
  // −x 1.75, the rest more. Depth 0.25 + 0.3; the deepest end (1, −0.2): A's surface 0.05, midway −0.225.
  { name: "the deepest end against the face it crosses", e: [[-0.5, -2.2], [1, -0.2]], normal: [0, 1], depth: 0.55, point: [1, -0.225], featA: CapsuleFeature.DEEPEST_END, featB: face(0, -1) },
  // the bottom face hidden: the next axis, +p (0.38): depth 0.63, the box's corner lowest along p (1.25, −0.5)
  { name: "a hidden face: the side against the deepest corner", e: [[-0.5, -2.2], [1, -0.2]], mask: [face(0, -1)], normal: [-0.8, 0.6], depth: 0.63, point: [0.998, -0.311], featA: "facing", featB: "deepest" },
  // the face and that corner hidden: −x (1.75), depth 2; the deepest end along −x (−0.5, −2.2)
  { name: "a hidden face and corner: the next face", e: [[-0.5, -2.2], [1, -0.2]], mask: [face(0, -1), corner(1, -1)], normal: [-1, 0], depth: 2, point: [0.25, -2.2], featA: CapsuleFeature.DEEPEST_END, featB: face(1, 0) },
  // The line 0.1 beyond the corner (1.25, −0.5) along p: +p overlap 0.1, depth 0.35, midway corner + n·0.175
  { name: "the side across a corner", e: [[0.42, -1.44], [1.92, 0.56]], normal: [-0.8, 0.6], depth: 0.35, point: [1.11, -0.395], featA: "facing", featB: "deepest" },
  // End (0.25, 0.65) 0.15 above the top face: depth 0.1, surfaces 0.4 and 0.5
  { name: "an end over a face", e: [[0.25, 0.65], [1.75, 2.65]], normal: [0, -1], depth: 0.1, point: [0.25, 0.45], featA: CapsuleFeature.END_0, featB: face(0, 1) },
  // End (1.37, 0.66), 0.2 from the corner (1.25, 0.5) along (0.6, 0.8), the capsule going away from it
  { name: "an end beyond a corner", e: [[1.37, 0.66], [2.87, 2.66]], normal: [-0.6, -0.8], depth: 0.05, point: [1.235, 0.48], featA: CapsuleFeature.END_0, featB: corner(1, 1) },
  // The segment along (0.8, −0.6) passes 0.2 from the corner (1.25, 0.5): its side against the corner
  { name: "the side against a corner", e: [[0.37, 1.41], [2.37, -0.09]], normal: [-0.6, -0.8], depth: 0.05, point: [1.235, 0.48], featA: CapsuleFeature.SIDE, featB: corner(1, 1) },
  // that corner hidden, margin 1: the next candidate, end (0.37, 1.41) 0.91 above the top face
  { name: "a hidden corner: the end over the face", e: [[0.37, 1.41], [2.37, -0.09]], mask: [corner(1, 1)], margin: 1, normal: [0, -1], depth: -0.66, point: [0.37, 0.83], featA: CapsuleFeature.END_0, featB: face(0, 1) },
];

describe("capsule–box under the box's symmetries, the capsule either way round", () => {
  for (const t of syms) {
    const [hw, hh] = t.swap ? [0.5, 1.25] : [1.25, 0.5];
    const world = (p: V): { x: number; y: number } => {
      const [x, y] = map(t, p);
      return { x: 0.75 + x, y: -0.5 + y };
    };
    const sym = `${t.swap ? "x↔y" : "x, y"}, mirrors ${t.sx}, ${t.sy}`;
    for (const k of cases) {
      for (const rev of [false, true]) {
        it(`${k.name} (${sym}${rev ? ", reversed" : ""})`, () => {
          const [p1, p2] = rev ? [k.e[1], k.e[0]] : k.e;
          const a = Capsule.fromSegment(world(p1), world(p2), 0.25);
          const b = new AABB({ position: { x: 0.75, y: -0.5 }, halfWidth: hw, halfHeight: hh });
          const mask = (k.mask ?? []).reduce((s, f) => s | (1 << boxFeature(t, f)), 0);
          const m = runPair(a, b, k.margin ?? 0, 0, mask);
          expect(m).not.toBeNull();
          const n = map(t, k.normal);
          const p = world(k.point);
          expect(m!.count).toBe(1);
          expect(m!.normalX).toBeCloseTo(n[0], 12);
          expect(m!.normalY).toBeCloseTo(n[1], 12);
          expect(m!.depth).toBeCloseTo(k.depth, 12);
          expect(m!.depth0).toBe(m!.depth);
          expect(m!.x0).toBeCloseTo(p.x, 12);
          expect(m!.y0).toBeCloseTo(p.y, 12);
          let fA: number;
          if (k.featA === "facing") {
            const d = map(t, [p2[0] - p1[0], p2[1] - p1[1]]);
            const w = up([d[0] / Math.hypot(d[0], d[1]), d[1] / Math.hypot(d[0], d[1])]);
            fA = w[0] * n[0] + w[1] * n[1] > 0 ? CapsuleFeature.SIDE_UP : CapsuleFeature.SIDE_DOWN;
          } else fA = rev && k.featA === CapsuleFeature.END_0 ? CapsuleFeature.END_1 : rev && k.featA === CapsuleFeature.END_1 ? CapsuleFeature.END_0 : k.featA;
          expect(m!.id0).toBe(featureId(fA, boxFeature(t, k.featB), ClipEnd.NONE));
        });
      }
    }

    it(`every feature the contact could use hidden: no contact (${sym})`, () => {
      const a = Capsule.fromSegment(world([-0.5, -2.2]), world([1, -0.2]), 0.25);
      const b = new AABB({ position: { x: 0.75, y: -0.5 }, halfWidth: hw, halfHeight: hh });
      const all = [face(0, -1), face(0, 1), face(1, 0), face(-1, 0), corner(1, -1), corner(-1, 1)];
      expect(runPair(a, b, 0, 0, all.reduce((s, f) => s | (1 << boxFeature(t, f)), 0))).toBeNull();
      // the end over a hidden face with the corner beyond it hidden too: nothing left, no contact
      const over = Capsule.fromSegment(world([0.25, 0.65]), world([1.75, 2.65]), 0.25);
      expect(runPair(over, b, 0, 0, (1 << boxFeature(t, face(0, 1))) | (1 << boxFeature(t, corner(1, 1))))).toBeNull();
      // far away: none, also with a margin
      expect(runPair(Capsule.fromSegment(world([5, 5]), world([6, 7]), 0.25), b, 0.5)).toBeNull();
    });

    it(`a capsule lying on a face, past its end: two points clipped to the face, low end first (${sym})`, () => {
      // segment (−0.5, 0.7)–(2, 0.7): depth 0.05 over x in [−0.5, 1.25], midway 0.475
      const a = Capsule.fromSegment(world([-0.5, 0.7]), world([2, 0.7]), 0.25);
      const b = new AABB({ position: { x: 0.75, y: -0.5 }, halfWidth: hw, halfHeight: hh });
      const m = runPair(a, b)!;
      const n = map(t, [0, -1]);
      expect(m.count).toBe(2);
      expect(m.normalX).toBeCloseTo(n[0], 12);
      expect(m.normalY).toBeCloseTo(n[1], 12);
      expect(m.depth).toBeCloseTo(0.05, 12);
      const pts = [world([-0.5, 0.475]), world([1.25, 0.475])];
      const tan = (p: { x: number; y: number }) => -n[1] * p.x + n[0] * p.y;
      pts.sort((u, v) => tan(u) - tan(v));
      expect(m.x0).toBeCloseTo(pts[0]!.x, 12);
      expect(m.y0).toBeCloseTo(pts[0]!.y, 12);
      expect(m.x1).toBeCloseTo(pts[1]!.x, 12);
      expect(m.y1).toBeCloseTo(pts[1]!.y, 12);
      const top = boxFeature(t, face(0, 1));
      expect([m.id0, m.id1]).toEqual([featureId(CapsuleFeature.SIDE, top, ClipEnd.LOW), featureId(CapsuleFeature.SIDE, top, ClipEnd.HIGH)]);
    });
  }
});

describe("capsule–box at exact boundaries", () => {
  const box = () => new AABB({ position: { x: 0.75, y: -0.5 }, halfWidth: 1.25, halfHeight: 0.5 });
  it("an end a gap exactly the margin above a face is no contact; a hair more margin and the depth is −gap", () => {
    // vertical capsule from (1, 0.375) up: 0.375 above the top face (y = 0), radius 1/4: gap 1/8
    const a = Capsule.fromSegment({ x: 1, y: 0.375 }, { x: 1, y: 2.875 }, 0.25);
    expect(runPair(a, box(), 0.125)).toBeNull();
    const m = runPair(a, box(), 0.125 + 1e-9)!;
    expect(m.depth).toBe(-0.125);
    expect(m.id0).toBe(featureId(CapsuleFeature.END_0, BoxFeature.TOP, ClipEnd.NONE));
  });

  it("an end within the touch tolerance (1e-12 × the size, 5.75e-12 here) of a face counts as crossing it", () => {
    // vertical capsule from (1.75, δ) up, half length 1.25: size 1.25 + 1.25 + 0.5 + 1 + 1.75
    const at = (delta: number) => runPair(Capsule.fromSegment({ x: 1.75, y: delta }, { x: 1.75, y: 2.5 + delta }, 0.25), box())!;
    const touching = at(5e-12);
    expect(touching.id0).toBe(featureId(CapsuleFeature.DEEPEST_END, BoxFeature.TOP, ClipEnd.NONE));
    expect(touching.depth).toBeCloseTo(0.25 - 5e-12, 15);
    const apart = at(7e-12);
    expect(apart.id0).toBe(featureId(CapsuleFeature.END_0, BoxFeature.TOP, ClipEnd.NONE));
    expect(apart.depth).toBeCloseTo(0.25 - 7e-12, 15);
  });
});
