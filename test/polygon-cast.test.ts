/**
 * Shape casts with polygons (src/collision/narrowphase/hull-cast.ts): hand cases, and
 * properties (fast-check) against the independent reference of
 * test/support/swept-distance.ts: the gap along the translation (the exact
 * distance of test/support/polygon-reference.ts) is convex, and its first
 * zero, bisected to adjacent doubles, is the fraction; the normal agrees
 * with the reference's minimising direction at the contact where that is
 * unique; the point lies on B's surface. Conventions as shape-cast.ts's
 * (normal from B towards A, overlap at the start a hit at 0, touching and
 * moving apart no hit).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { castHulls } from "../src/collision/narrowphase/hull-cast.js";
import type { PlacedHull } from "../src/collision/narrowphase/placed.js";
import { ShapeCastBuffer } from "../src/collision/narrowphase/shape-cast.js";
import type { Vec2 } from "../src/math/vec2.js";
import { gap, penetration, refScale, type RefShape } from "./support/polygon-reference.js";
import { firstZeroOfConvex } from "./support/swept-distance.js";
import { arbShape, arbSolid, at, boxShape, capsuleShape, circleShape, polygonShape, refOf, type TestShape } from "./support/hull-shapes.js";

const RUNS = Math.max(500, Number(process.env.NARROWPHASE_RUNS ?? 0));

function cast(a: PlacedHull, b: PlacedHull, d: Vec2): { fraction: number; normal: Vec2; point: Vec2 } | null {
  const out = new ShapeCastBuffer();
  if (!castHulls(a, b, d.x, d.y, out)) return null;
  return { fraction: out.fraction, normal: { x: out.normalX, y: out.normalY }, point: { x: out.x, y: out.y } };
}

/** Signed distance of a point from a reference shape's surface (> 0 outside). */
function surfaceDistance(p: Vec2, s: RefShape): number {
  return gap({ core: [p], radius: 0 }, s);
}

describe("castHulls: hand cases", () => {
  it("a box cast at a box face: fraction = gap / distance, normal against the motion, point on the face", () => {
    const box = boxShape(0.5, 0.5);
    const h = cast(at(box, 0, 0), at(boxShape(1, 3), 6, 0.2), { x: 10, y: 0 })!;
    expect(h.fraction).toBeCloseTo(0.45, 14);
    expect(h.normal.x).toBeCloseTo(-1, 14);
    expect(h.normal.y).toBeCloseTo(0, 14);
    expect(h.point.x).toBeCloseTo(5, 12);
    expect(Math.abs(h.point.y)).toBeLessThanOrEqual(0.5);
  });

  it("a turned box's corner falling on a polygon's slope", () => {
    const ramp = polygonShape([{ x: -3, y: -1 }, { x: 3, y: -1 }, { x: 3, y: 1 }]);
    const b = at(ramp, 0, 0);
    const a = at(boxShape(0.3, 0.3), 0, 3, 0.25);
    const h = cast(a, b, { x: 0, y: -5 })!;
    expect(h).not.toBeNull();
    const moved = refOf(a, boxShape(0.3, 0.3), 0, -5 * h.fraction);
    expect(Math.abs(gap(moved, refOf(b, ramp)))).toBeLessThan(1e-12);
    // the slope's outward normal, (−1, 3)/√10
    expect(h.normal.x).toBeCloseTo(-1 / Math.sqrt(10), 12);
    expect(h.normal.y).toBeCloseTo(3 / Math.sqrt(10), 12);
  });

  it("a circle and a capsule cast against a rotated box meet its surface", () => {
    const target = at(boxShape(1, 0.25), 0, 0, 0.5);
    for (const shape of [circleShape(0.3), capsuleShape(0.4, 0.1)]) {
      const a = at(shape, -0.5, 3, 0.3);
      const h = cast(a, target, { x: 0.2, y: -6 })!;
      expect(h.fraction).toBeGreaterThan(0);
      expect(Math.abs(surfaceDistance(h.point, refOf(target, boxShape(1, 0.25))))).toBeLessThan(1e-12);
    }
  });

  it("boxes face to face with a corner 3e-9 m beyond the other's: the face's exact normal, the point on B", () => {
    // found by fast-check: the closest vertex pair's squared distance rounded to the face's, whose normal was 6e-9 rad off
    const a = at(boxShape(0.05, 0.30000000277446665), -1.0000000000000002, 0, -1.5e-323);
    const b = boxShape(0.5, 0.3);
    const h = cast(a, at(b, 0, 0, -5e-324), { x: 0.45000000000000023, y: 0 })!;
    expect(h.fraction).toBe(1);
    expect(h.normal.x).toBe(-1);
    expect(Math.abs(h.normal.y)).toBeLessThan(1e-300); // the turn of -1.5e-323 rad, no more
    expect(Math.abs(surfaceDistance(h.point, refOf(at(b, 0, 0), b)))).toBeLessThan(1e-15);
  });

  it("overlapping at the start: fraction 0 with collide's normal negated, also for a zero translation", () => {
    const box = boxShape(0.5, 0.5);
    const h = cast(at(box, 0, 0), at(box, 0.9, 0), { x: 0, y: 0 })!;
    expect(h.fraction).toBe(0);
    expect(h.normal.x).toBeCloseTo(-1, 14);
    expect(h.point.x).toBeCloseTo(0.4, 14); // B's face, inside A
  });

  it("touching at the start: a hit at 0 when moving in, none when moving away or sliding along", () => {
    const box = boxShape(0.5, 0.5);
    const a = at(box, 0, 0);
    const b = at(box, 1, 0.3);
    expect(cast(a, b, { x: 1, y: 0 })!.fraction).toBe(0);
    expect(cast(a, b, { x: -1, y: 0 })).toBeNull();
    expect(cast(a, b, { x: 0, y: 1 })).toBeNull();
  });

  it("a miss, and a hit exactly at the end of the translation", () => {
    const box = boxShape(0.5, 0.5);
    expect(cast(at(box, 0, 0), at(box, 3, 0), { x: 1.5, y: 0 })).toBeNull();
    expect(cast(at(box, 0, 0), at(box, 3, 2), { x: 3, y: 0 })).toBeNull(); // passes above it
    expect(cast(at(box, 0, 0), at(box, 3, 0), { x: 2, y: 0 })!.fraction).toBe(1);
  });
});

describe("castHulls: properties against the reference", () => {
  const pose = fc.record({
    x: fc.double({ min: -3, max: 3, noNaN: true }),
    y: fc.double({ min: -3, max: 3, noNaN: true }),
    angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  });
  const translation = fc.record({ x: fc.double({ min: -8, max: 8, noNaN: true }), y: fc.double({ min: -8, max: 8, noNaN: true }) });

  function check(sa: TestShape, pa: { x: number; y: number; angle: number }, sb: TestShape, pb: typeof pa, d: Vec2): void {
    const a = at(sa, pa.x, pa.y, pa.angle);
    const b = at(sb, pb.x, pb.y, pb.angle);
    const rb = refOf(b, sb);
    const gapAt = (t: number) => gap(refOf(a, sa, t * d.x, t * d.y), rb);
    const scale = refScale(refOf(a, sa), rb) + Math.hypot(d.x, d.y);
    const ours = cast(a, b, d);
    const ref = firstZeroOfConvex(gapAt);
    if (gapAt(0) <= 1e-9 * scale) {
      // overlapping at the start: a hit at 0; touching (within rounding): a hit at 0 or none
      if (penetration(refOf(a, sa), rb).depth > 1e-9 * scale) expect(ours).not.toBeNull();
      if (ours !== null) expect(ours.fraction).toBe(0);
      return;
    }
    if (ref === null || ours === null) {
      // a miss on one side only is a graze: the other's contact only touches
      if (ours !== null) expect(gapAt(ours.fraction)).toBeGreaterThan(-1e-9 * scale);
      if (ref !== null) expect(Math.min(gapAt(ref.hi), gapAt(Math.min(1, ref.hi + 1e-6)))).toBeGreaterThan(-1e-9 * scale);
      return;
    }
    const length = Math.hypot(d.x, d.y);
    // the fraction: the gap there is 0 (to rounding), and it was positive just before
    expect(Math.abs(gapAt(ours.fraction))).toBeLessThan(1e-9 * scale);
    expect(Math.abs(ours.fraction - ref.hi) * length).toBeLessThan(1e-6 * scale);
    expect(Math.hypot(ours.normal.x, ours.normal.y)).toBeCloseTo(1, 12);
    // the point on B's surface; the normal the reference's minimising direction at the contact (B → A)
    expect(Math.abs(surfaceDistance(ours.point, rb))).toBeLessThan(1e-9 * scale);
    const p = penetration(refOf(a, sa, ours.fraction * d.x, ours.fraction * d.y), rb);
    if (p.normalDefined) {
      expect(ours.normal.x).toBeCloseTo(-p.normalX, 5);
      expect(ours.normal.y).toBeCloseTo(-p.normalY, 5);
    }
    // and A moves into B there
    expect(d.x * ours.normal.x + d.y * ours.normal.y).toBeLessThan(0);
  }

  it("a solid shape cast against any shape, and any shape against a solid one", () => {
    fc.assert(fc.property(arbSolid, pose, arbShape, pose, translation, check), { numRuns: RUNS });
    fc.assert(fc.property(arbShape, pose, arbSolid, pose, translation, check), { numRuns: RUNS });
  });
});
