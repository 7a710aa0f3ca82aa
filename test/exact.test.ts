import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Capsule } from "../src/bodies/capsule.js";
import { collide } from "../src/collision/narrowphase/collide.js";
import { capsulesIntersectExact, type IntegerCapsule, type IntegerLike } from "../src/collision/narrowphase/exact.js";

/** A capsule from x1, y1, x2, y2, radius. */
function cap(x1: IntegerLike, y1: IntegerLike, x2: IntegerLike, y2: IntegerLike, radius: IntegerLike): IntegerCapsule {
  return { a: { x: x1, y: y1 }, b: { x: x2, y: y2 }, radius };
}

/** The test both ways round: the answer must not depend on the order. */
function both(a: IntegerCapsule, b: IntegerCapsule): boolean {
  const ab = capsulesIntersectExact(a, b);
  expect(capsulesIntersectExact(b, a)).toBe(ab);
  return ab;
}

describe("capsulesIntersectExact: hand cases", () => {
  it("crossing segments intersect however thin the capsules", () => {
    // Both radii 1, every endpoint 10 away from the other segment: only the
    // orientation test can see this. (The seed's Haskell listing computes the
    // orientations of segment 1's ends against segment 1 itself and answers false.)
    expect(both(cap(-10, 0, 10, 0, 1), cap(0, -10, 0, 10, 1))).toBe(true);
    expect(both(cap(-7, -3, 11, 5, 1), cap(-2, 9, 3, -8, 1))).toBe(true);
  });

  it("does not mistake 'inside the other segment's bounding box' for 'on the segment'", () => {
    // (5, 1) is inside the box of (0, 0)–(10, 10) but 4/√2 ≈ 2.83 from the segment.
    expect(both(cap(5, 1, 5, 1, 1), cap(0, 0, 10, 10, 1))).toBe(false);
    expect(both(cap(5, 1, 5, 1, 2), cap(0, 0, 10, 10, 1))).toBe(true);
  });

  it("segments that touch at an end, or in a T, intersect", () => {
    expect(both(cap(0, 0, 10, 0, 1), cap(5, 0, 5, 10, 1))).toBe(true);
    expect(both(cap(0, 0, 10, 0, 1), cap(10, 0, 20, 7, 1))).toBe(true);
  });

  it("collinear segments: overlapping intersect; disjoint ones compare the gap with r1 + r2", () => {
    expect(both(cap(0, 0, 10, 0, 1), cap(5, 0, 15, 0, 1))).toBe(true);
    expect(both(cap(0, 0, 10, 0, 1), cap(2, 0, 8, 0, 1))).toBe(true); // one inside the other
    expect(both(cap(0, 0, 6, 6, 1), cap(3, 3, 9, 9, 1))).toBe(true); // diagonal
    // Gap of 3 between (10, 0) and (13, 0).
    expect(both(cap(0, 0, 10, 0, 1), cap(13, 0, 20, 0, 1))).toBe(false);
    expect(both(cap(0, 0, 10, 0, 2), cap(13, 0, 20, 0, 1))).toBe(false); // touching: r1 + r2 = 3
    expect(both(cap(0, 0, 10, 0, 2), cap(13, 0, 20, 0, 2))).toBe(true);
    // Not collinear: (6, 6) to (9, 10) is 5 = 2 + 3, so these touch.
    expect(both(cap(0, 0, 6, 6, 2), cap(9, 10, 12, 14, 3))).toBe(false);
  });

  it("touching is not intersecting (the capsules are open)", () => {
    // Parallel at distance 3.
    expect(both(cap(0, 0, 10, 0, 1), cap(0, 3, 10, 3, 2))).toBe(false);
    expect(both(cap(0, 0, 10, 0, 2), cap(0, 3, 10, 3, 2))).toBe(true);
    // A point 5 above the middle of a segment.
    expect(both(cap(5, 5, 5, 5, 2), cap(0, 0, 10, 0, 3))).toBe(false);
    expect(both(cap(5, 5, 5, 5, 3), cap(0, 0, 10, 0, 3))).toBe(true);
    // Caps touching end to end along a 3-4-5 diagonal.
    expect(both(cap(-4, -3, 0, 0, 2), cap(3, 4, 9, 12, 3))).toBe(false);
    expect(both(cap(-4, -3, 0, 0, 3), cap(3, 4, 9, 12, 3))).toBe(true);
  });

  it("near misses and near hits where the closest point is not on the grid", () => {
    // Segment (0, 0)–(1000, 1); the point (0, 3) projects inside it, at distance
    // 3000/√1000001 = 2.9999985 < 3: intersects with radii 1 + 2.
    expect(both(cap(0, 0, 1000, 1, 1), cap(0, 3, 0, 3, 2))).toBe(true);
    // (999, 4) is at 3001/√1000001 = 3.0009985 > 3: misses.
    expect(both(cap(0, 0, 1000, 1, 1), cap(999, 4, 999, 4, 2))).toBe(false);
    // Segment (0, 0)–(3, 1) and the point (0, 3): distance² = 8.1.
    expect(both(cap(0, 0, 3, 1, 2), cap(0, 3, 0, 3, 1))).toBe(true); // 8.1 < 9
    expect(both(cap(0, 0, 3, 1, 1), cap(0, 3, 0, 3, 1))).toBe(false); // 8.1 > 4
  });

  it("zero-length segments are circles", () => {
    expect(both(cap(0, 0, 0, 0, 1), cap(3, 0, 3, 0, 2))).toBe(false); // touching
    expect(both(cap(0, 0, 0, 0, 2), cap(3, 0, 3, 0, 2))).toBe(true);
    expect(both(cap(0, 0, 0, 0, 1), cap(0, 0, 0, 0, 1))).toBe(true); // same point
    expect(both(cap(4, 0, 4, 0, 1), cap(0, 0, 10, 0, 1))).toBe(true); // point on a segment
    expect(both(cap(3, 4, 3, 4, 1), cap(0, 0, 0, 0, 4))).toBe(false); // distance 5 = 1 + 4
  });

  it("is exact with bigint coordinates far beyond 2^53", () => {
    const B = 2n ** 70n;
    const R = 2n ** 60n;
    // Two horizontal capsules of radius R whose segments are 2R + k apart.
    const lower = cap(B, B, B + 10n, B, R);
    const upper = (k: bigint) => cap(B + 5n, B + 2n * R + k, B + 5n, B + 2n * R + k, R);
    expect(both(lower, upper(1n))).toBe(false);
    expect(both(lower, upper(0n))).toBe(false); // touching
    expect(both(lower, upper(-1n))).toBe(true);
    // Crossing, far from the origin.
    expect(both(cap(B - 1n, B, B + 1n, B, 1), cap(B, B - 1n, B, B + 1n, 1))).toBe(true);
    // Safe-integer numbers mixed with bigints.
    const M = Number.MAX_SAFE_INTEGER;
    expect(both(cap(M, M, M - 10, M, 1), cap(M - 5, M - 3, M - 5, M - 3, 2n))).toBe(false);
    expect(both(cap(M, M, M - 10, M, 2), cap(M - 5, M - 3, M - 5, M - 3, 2n))).toBe(true);
  });
});

describe("capsulesIntersectExact: input checks", () => {
  const good = cap(0, 0, 1, 1, 1);

  it("rejects non-integers and unsafe integers, naming the field", () => {
    expect(() => capsulesIntersectExact(cap(0, 0, 0.5, 1, 1), good)).toThrow(RangeError);
    expect(() => capsulesIntersectExact(cap(0, 0, 0.5, 1, 1), good)).toThrow(/a\.b\.x.*0\.5/);
    expect(() => capsulesIntersectExact(good, cap(0, NaN, 1, 1, 1))).toThrow(/b\.a\.y.*NaN/);
    expect(() => capsulesIntersectExact(good, cap(0, 0, Infinity, 1, 1))).toThrow(/b\.b\.x/);
    expect(() => capsulesIntersectExact(good, cap(0, 0, 1, 2 ** 53, 1))).toThrow(/b\.b\.y.*safe integer/);
    expect(() => capsulesIntersectExact(cap(0, 0, 1, 1, 1.5), good)).toThrow(/a\.radius/);
  });

  it("rejects a radius that is not > 0", () => {
    expect(() => capsulesIntersectExact(cap(0, 0, 1, 1, 0), good)).toThrow(RangeError);
    expect(() => capsulesIntersectExact(cap(0, 0, 1, 1, 0), good)).toThrow(/a\.radius.*> 0/);
    expect(() => capsulesIntersectExact(good, cap(0, 0, 1, 1, -3n))).toThrow(/b\.radius.*-3n/);
  });

  it("rejects values of the wrong type", () => {
    expect(() => capsulesIntersectExact(cap(0, "1" as unknown as number, 1, 1, 1), good)).toThrow(TypeError);
    expect(() => capsulesIntersectExact(null as unknown as IntegerCapsule, good)).toThrow(TypeError);
    expect(() => capsulesIntersectExact(good, { a: { x: 0, y: 0 }, radius: 1 } as unknown as IntegerCapsule)).toThrow(
      /b\.b/,
    );
  });
});

// ---- properties ----

const int = (lo: number, hi: number) => fc.integer({ min: lo, max: hi });

/** Integer capsules on a small grid; one in five is a zero-length segment. */
const arbCapsule: fc.Arbitrary<IntegerCapsule> = fc
  .record({ x1: int(-12, 12), y1: int(-12, 12), x2: int(-12, 12), y2: int(-12, 12), r: int(1, 4), point: fc.nat(4) })
  .map(({ x1, y1, x2, y2, r, point }) => (point === 0 ? cap(x1, y1, x1, y1, r) : cap(x1, y1, x2, y2, r)));

/** Plain float distance from p to segment e1–e2. */
function pointSegment(px: number, py: number, e1x: number, e1y: number, e2x: number, e2y: number): number {
  const dx = e2x - e1x;
  const dy = e2y - e1y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - e1x) * dx + (py - e1y) * dy) / len2));
  return Math.hypot(px - (e1x + t * dx), py - (e1y + t * dy));
}

/**
 * Float reference: distance between the segments minus r1 + r2. Segments that
 * properly cross are found by float orientations (exact on this small grid);
 * otherwise the closest pair involves an endpoint.
 */
function floatGap(p: IntegerCapsule, q: IntegerCapsule): number {
  const [ax, ay, bx, by] = [p.a.x, p.a.y, p.b.x, p.b.y].map(Number) as [number, number, number, number];
  const [cx, cy, dx, dy] = [q.a.x, q.a.y, q.b.x, q.b.y].map(Number) as [number, number, number, number];
  const orient = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    Math.sign((qx - px) * (ry - py) - (qy - py) * (rx - px));
  const crosses =
    orient(ax, ay, bx, by, cx, cy) * orient(ax, ay, bx, by, dx, dy) < 0 &&
    orient(cx, cy, dx, dy, ax, ay) * orient(cx, cy, dx, dy, bx, by) < 0;
  const dist = crosses
    ? 0
    : Math.min(
        pointSegment(ax, ay, cx, cy, dx, dy),
        pointSegment(bx, by, cx, cy, dx, dy),
        pointSegment(cx, cy, ax, ay, bx, by),
        pointSegment(dx, dy, ax, ay, bx, by),
      );
  return dist - (Number(p.radius) + Number(q.radius));
}

function translate(c: IntegerCapsule, tx: bigint, ty: bigint): IntegerCapsule {
  return cap(BigInt(c.a.x) + tx, BigInt(c.a.y) + ty, BigInt(c.b.x) + tx, BigInt(c.b.y) + ty, BigInt(c.radius));
}

describe("capsulesIntersectExact: properties", () => {
  it("agrees with a float distance reference wherever the gap is not within 1e-9 of 0 (2000 cases)", () => {
    let yes = 0;
    let no = 0;
    let touching = 0;
    fc.assert(
      fc.property(arbCapsule, arbCapsule, (p, q) => {
        const exact = capsulesIntersectExact(p, q);
        const gap = floatGap(p, q);
        if (Math.abs(gap) <= 1e-9) {
          touching++;
          return;
        }
        expect(exact).toBe(gap < 0);
        if (exact) yes++;
        else no++;
      }),
      { numRuns: 2000 },
    );
    expect(yes).toBeGreaterThan(200);
    expect(no).toBeGreaterThan(200);
    expect(touching).toBeGreaterThan(0); // the grid makes exact touching common enough to matter
  });

  it("is symmetric and unchanged by swapping a segment's ends or by huge bigint translations (1000 cases)", () => {
    const huge = fc.bigInt({ min: -(2n ** 90n), max: 2n ** 90n });
    fc.assert(
      fc.property(arbCapsule, arbCapsule, huge, huge, (p, q, tx, ty) => {
        const r = capsulesIntersectExact(p, q);
        expect(capsulesIntersectExact(q, p)).toBe(r);
        expect(capsulesIntersectExact({ a: p.b, b: p.a, radius: p.radius }, q)).toBe(r);
        expect(capsulesIntersectExact(translate(p, tx, ty), translate(q, tx, ty))).toBe(r);
      }),
      { numRuns: 1000 },
    );
  });

  it("agrees with the float collide() on Capsule bodies wherever |gap| > 1e-9 (1000 cases)", () => {
    let checked = 0;
    fc.assert(
      fc.property(arbCapsule, arbCapsule, (p, q) => {
        const gap = floatGap(p, q);
        if (Math.abs(gap) <= 1e-9) return;
        checked++;
        const toBody = (c: IntegerCapsule) =>
          Capsule.fromSegment({ x: Number(c.a.x), y: Number(c.a.y) }, { x: Number(c.b.x), y: Number(c.b.y) }, Number(c.radius));
        const manifold = collide(toBody(p), toBody(q));
        expect(manifold !== null).toBe(capsulesIntersectExact(p, q));
      }),
      { numRuns: 1000 },
    );
    expect(checked).toBeGreaterThan(800);
  });
});
