/**
 * Distance between convex rounded shapes (src/collision/narrowphase/hull-distance.ts):
 * hand-computed cases, and properties against the independent exact
 * distance of test/support/polygon-reference.ts (fast-check): the distance
 * agrees; the witness points are `distance` apart along the normal and lie
 * on the surfaces (moving B back along the normal by the distance makes the
 * shapes touch, by a little less leaves them apart); swapping A and B negates
 * the normal and keeps the distance.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shapeDistance, ShapeDistance } from "../src/collision/narrowphase/hull-distance.js";
import type { PlacedHull } from "../src/collision/narrowphase/placed.js";
import { gap, refScale } from "./support/polygon-reference.js";
import {
  aabbShape,
  arbShape,
  at,
  boxShape,
  capsuleShape,
  circleShape,
  polygonShape,
  refOf,
  segmentShape,
} from "./support/hull-shapes.js";

const RUNS = Math.max(500, Number(process.env.NARROWPHASE_RUNS ?? 0));

function distance(a: PlacedHull, b: PlacedHull): ShapeDistance {
  const out = new ShapeDistance();
  shapeDistance(a, b, out);
  return out;
}

describe("shapeDistance: hand cases", () => {
  it("two unit boxes side by side: the gap between the facing faces, along +x", () => {
    const box = boxShape(0.5, 0.5);
    const d = distance(at(box, 0, 0), at(box, 3, 0.2));
    expect(d.distance).toBeCloseTo(2, 12);
    expect(d.normalX).toBeCloseTo(1, 12);
    expect(d.normalY).toBeCloseTo(0, 12);
    expect(d.pointAX).toBeCloseTo(0.5, 12);
    expect(d.pointBX).toBeCloseTo(2.5, 12);
    expect(d.pointAY).toBeCloseTo(d.pointBY, 12);
  });

  it("a box turned 45° with its corner towards a circle", () => {
    const d = distance(at(boxShape(0.5, 0.5), 0, 0, Math.PI / 4), at(circleShape(0.25), 2, 0));
    expect(d.distance).toBeCloseTo(2 - Math.SQRT1_2 - 0.25, 12);
    expect(d.normalX).toBeCloseTo(1, 12);
    expect(d.pointAX).toBeCloseTo(Math.SQRT1_2, 12);
    expect(d.pointBX).toBeCloseTo(1.75, 12);
  });

  it("two circles (one vertex each): centre distance less the radii", () => {
    const d = distance(at(circleShape(0.5), 0, 0), at(circleShape(0.25), 3, 4));
    expect(d.distance).toBeCloseTo(4.25, 12);
    expect(d.normalX).toBeCloseTo(0.6, 12);
    expect(d.normalY).toBeCloseTo(0.8, 12);
  });

  it("collinear segments apart along their line (no separating edge normal exists)", () => {
    const s = segmentShape({ x: -0.5, y: 0 }, { x: 0.5, y: 0 });
    const d = distance(at(s, 0, 0), at(s, 2, 0));
    expect(d.distance).toBeCloseTo(1, 12);
    expect(d.normalX).toBeCloseTo(1, 12);
  });

  it("crossing segments, a capsule through a polygon, rounded boxes overlapping: distance 0", () => {
    const s = segmentShape({ x: -1, y: 0 }, { x: 1, y: 0 });
    expect(distance(at(s, 0, 0), at(s, 0, 0, 1)).distance).toBe(0);
    expect(distance(at(capsuleShape(1, 0.1), 0, 0), at(polygonShape([{ x: 0, y: -1 }, { x: 1, y: 1 }, { x: -1, y: 1 }]), 0, 0)).distance).toBe(0);
    const round = boxShape(0.5, 0.5, 0.1);
    const d = distance(at(round, 0, 0), at(round, 1.1, 0));
    expect(d.distance).toBe(0);
    // the cores are 0.1 apart: the points stay on the surfaces, along the normal
    expect(d.normalX).toBeCloseTo(1, 12);
    expect(d.pointAX).toBeCloseTo(0.6, 12);
    expect(d.pointBX).toBeCloseTo(0.5, 12);
  });

  it("a point exactly on an AABB's edge touches it", () => {
    const d = distance(at(aabbShape(1, 1), 0, 0), at(circleShape(0.1), 1.1, 0.3));
    expect(d.distance).toBeCloseTo(0, 14);
  });
});

describe("shapeDistance: properties against the exact reference", () => {
  const pose = fc.record({
    x: fc.double({ min: -4, max: 4, noNaN: true }),
    y: fc.double({ min: -4, max: 4, noNaN: true }),
    angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  });

  it("agrees with the reference, its witnesses touch along the normal, and A and B swap", () => {
    fc.assert(
      fc.property(arbShape, pose, arbShape, pose, (sa, pa, sb, pb) => {
        const a = at(sa, pa.x, pa.y, pa.angle);
        const b = at(sb, pb.x, pb.y, pb.angle);
        const d = distance(a, b);
        const ra = refOf(a, sa);
        const rb = refOf(b, sb);
        const scale = refScale(ra, rb);
        const expected = Math.max(0, gap(ra, rb));
        expect(Math.abs(d.distance - expected)).toBeLessThan(1e-9 * scale);
        expect(Number.isFinite(d.normalX) && Number.isFinite(d.pointBY)).toBe(true);
        const swapped = distance(b, a);
        expect(Math.abs(swapped.distance - d.distance)).toBeLessThan(1e-12 * scale);
        if (d.distance > 1e-6 * scale) {
          expect(Math.hypot(d.normalX, d.normalY)).toBeCloseTo(1, 12);
          expect(d.pointBX - d.pointAX).toBeCloseTo(d.normalX * d.distance, 9);
          expect(d.pointBY - d.pointAY).toBeCloseTo(d.normalY * d.distance, 9);
          // B moved back along the normal by the distance touches A; by 1e-6 less it does not
          const back = (s: number) => gap(ra, refOf(b, sb, -d.normalX * s, -d.normalY * s));
          expect(Math.abs(back(d.distance))).toBeLessThan(1e-9 * scale);
          expect(back(d.distance - 1e-6)).toBeGreaterThan(0);
          expect(swapped.normalX).toBeCloseTo(-d.normalX, 6);
          expect(swapped.normalY).toBeCloseTo(-d.normalY, 6);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
