/**
 * Polygon geometry (src/shapes/hull.ts, polygon.ts) and its mass properties
 * (src/shapes/mass.ts), against closed forms worked out in the comments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeHull, MAX_POLYGON_VERTICES, WELD_DISTANCE } from "../src/shapes/hull.js";
import { makeBox, makePolygon, makeRegularPolygon, makeSegment, type PolygonGeometry } from "../src/shapes/polygon.js";
import { polygonMass } from "../src/shapes/mass.js";
import type { Vec2 } from "../src/math/vec2.js";

const pts = (...xy: number[]): Vec2[] => {
  const out: Vec2[] = [];
  for (let i = 0; i < xy.length; i += 2) out.push({ x: xy[i]!, y: xy[i + 1]! });
  return out;
};

/** Counter-clockwise and convex: every turn is to the left; every normal unit, outward, perpendicular to its edge. */
function expectConvexCCW(g: PolygonGeometry): void {
  const n = g.count;
  expect(n).toBeGreaterThanOrEqual(3);
  expect(n).toBeLessThanOrEqual(MAX_POLYGON_VERTICES);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const k = (i + 2) % n;
    const ex = g.vx[j]! - g.vx[i]!;
    const ey = g.vy[j]! - g.vy[i]!;
    const fx = g.vx[k]! - g.vx[j]!;
    const fy = g.vy[k]! - g.vy[j]!;
    expect(ex * fy - ey * fx).toBeGreaterThan(0);
    expect(Math.hypot(g.nx[i]!, g.ny[i]!)).toBeCloseTo(1, 14);
    expect(Math.abs(g.nx[i]! * ex + g.ny[i]! * ey)).toBeLessThan(1e-12 * Math.hypot(ex, ey));
    // outward: to the right of the edge's direction
    expect(g.nx[i]! * ey - g.ny[i]! * ex).toBeGreaterThan(0);
  }
}

describe("hull", () => {
  it("a square with an inside point, a duplicate and a point on an edge: the four corners, CCW from the lowest", () => {
    const h = computeHull(pts(1, 1, 0, 0, 0.5, 0.5, 1, 0, 0, 1, 1, 1, 0.5, 0));
    expect(h).toEqual(pts(0, 0, 1, 0, 1, 1, 0, 1));
  });

  it("clockwise input comes out counter-clockwise", () => {
    expect(computeHull(pts(0, 0, 0, 2, 3, 0))).toEqual(pts(0, 0, 3, 0, 0, 2));
  });

  it("welds points closer than 0.5 mm (the first stays) and keeps points just farther apart", () => {
    const w = WELD_DISTANCE;
    expect(computeHull(pts(0, 0, 0.9 * w, 0, 1, 0, 0, 1))).toEqual(pts(0, 0, 1, 0, 0, 1));
    expect(computeHull(pts(0, 0, 1.1 * w, 0, 0, 1))).toEqual(pts(0, 0, 1.1 * w, 0, 0, 1));
  });

  it("drops a vertex within 0.5 mm of its neighbours' line", () => {
    // (0.5, −0.0004) bulges 0.4 mm out of the bottom edge: dropped; 0.6 mm: kept
    expect(computeHull(pts(0, 0, 0.5, -0.0004, 1, 0, 1, 1, 0, 1))).toEqual(pts(0, 0, 1, 0, 1, 1, 0, 1));
    expect(computeHull(pts(0, 0, 0.5, -0.0006, 1, 0, 1, 1, 0, 1)).length).toBe(5);
  });

  it("bad point sets are RangeErrors that say what is wrong", () => {
    expect(() => computeHull(pts(0, 0, 1, 0))).toThrow(/at least 3 vertices, got 2/);
    expect(() => computeHull(pts(0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 1))).toThrow(/at most 8 vertices, got 9/);
    expect(() => computeHull(pts(0, 0, 1, NaN, 0, 1))).toThrow(RangeError);
    expect(() => computeHull(pts(0, 0, 1, NaN, 0, 1))).toThrow(/vertices\[1\]\.y/);
    expect(() => computeHull(pts(0, 0, Infinity, 0, 0, 1))).toThrow(/vertices\[1\]\.x must be a finite number/);
    expect(() => computeHull(pts(0, 0, 0.0001, 0, 0, 0.0002, 2, 2))).toThrow(/after welding/);
    expect(() => computeHull(pts(0, 0, 1, 1, 2, 2, 3, 3))).toThrow(/collinear/);
    expect(() => computeHull(pts(0, 0, 1, 0.0001, 2, 0))).toThrow(/collinear/);
    expect(() => computeHull(pts(0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0))).toThrow(RangeError);
  });

  it("random point sets: a convex CCW polygon that contains every input point", () => {
    const point = fc.record({ x: fc.double({ min: -2, max: 2, noNaN: true }), y: fc.double({ min: -2, max: 2, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 8 }), (input) => {
        let g: PolygonGeometry;
        try {
          g = makePolygon(input);
        } catch (e) {
          expect(e).toBeInstanceOf(RangeError);
          return;
        }
        expectConvexCCW(g);
        for (const p of input) {
          for (let i = 0; i < g.count; i++) {
            // inside every edge's half plane, within the weld distance
            expect(g.nx[i]! * (p.x - g.vx[i]!) + g.ny[i]! * (p.y - g.vy[i]!)).toBeLessThan(2 * WELD_DISTANCE);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("boxes, regular polygons, segments", () => {
  it("a box: corners CCW from the lower left, exact axis normals", () => {
    const g = makeBox(2, 1);
    expect(g.vertices()).toEqual(pts(-2, -1, 2, -1, 2, 1, -2, 1));
    expect([...g.nx.slice(0, 4)]).toEqual([0, 1, 0, -1]);
    expect([...g.ny.slice(0, 4)]).toEqual([-1, 0, 1, 0]);
    expectConvexCCW(g);
  });

  it("an offset, turned, rounded box (Box2D's offset box)", () => {
    const g = makeBox(1, 0.5, { offset: { x: 3, y: -1 }, angle: Math.PI / 2, radius: 0.1 });
    // turned a quarter: the lower left corner (−1, −0.5) goes to (0.5, −1), plus the offset
    expect(g.vx[0]).toBeCloseTo(3.5, 14);
    expect(g.vy[0]).toBeCloseTo(-2, 14);
    expect(g.nx[0]).toBeCloseTo(1, 14); // the bottom face now faces +x
    expect(g.radius).toBe(0.1);
    expect([g.centroidX, g.centroidY]).toEqual([3, -1]);
    expectConvexCCW(g);
    expect(() => makeBox(0, 1)).toThrow(/halfWidth must be > 0/);
    expect(() => makeBox(1, 1, { radius: -1 })).toThrow(/radius must be >= 0/);
    expect(() => makeBox(1, 1, { offset: { x: NaN, y: 0 } })).toThrow(RangeError);
  });

  it("regular polygons: on the circumcircle, first edge horizontal at the bottom", () => {
    for (let n = 3; n <= 8; n++) {
      const g = makeRegularPolygon(n, 2);
      expectConvexCCW(g);
      expect(g.vy[0]).toBe(g.vy[1]);
      expect(g.vy[0]).toBeCloseTo(-2 * Math.cos(Math.PI / n), 14);
      expect([g.nx[0], g.ny[0]]).toEqual([0, -1]);
      for (let i = 0; i < n; i++) expect(Math.hypot(g.vx[i]!, g.vy[i]!)).toBeCloseTo(2, 14);
    }
    expect(() => makeRegularPolygon(9, 1)).toThrow(/sides must be an integer in \[3, 8\]/);
    expect(() => makeRegularPolygon(2, 1)).toThrow(RangeError);
  });

  it("segments: centre, unit axis, half length; too short is a RangeError", () => {
    const s = makeSegment({ x: 1, y: 1 }, { x: 4, y: 5 });
    expect([s.cx, s.cy, s.ux, s.uy, s.halfLength]).toEqual([2.5, 3, 0.6, 0.8, 2.5]);
    expect(() => makeSegment({ x: 0, y: 0 }, { x: 0.0001, y: 0 })).toThrow(/at least 0.5 mm apart/);
  });
});

describe("mass properties", () => {
  const close = (got: number, want: number, rel = 1e-12) => expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(want)));

  it("a box: m = ρ·w·h, I = m(w² + h²)/12; offset: the parallel-axis theorem", () => {
    const m = polygonMass(makeBox(1.5, 0.5), 2);
    close(m.mass, 2 * 3 * 1);
    close(m.inertia, (6 * (9 + 1)) / 12);
    const o = polygonMass(makeBox(1.5, 0.5, { offset: { x: 2, y: -1 }, angle: 0.7 }), 2);
    close(o.mass, 6);
    close(o.centroid.x, 2);
    close(o.centroid.y, -1);
    close(o.inertia, 5); // turning and moving do not change the inertia about the centre
    close(o.inertiaAtOrigin, 5 + 6 * 5);
  });

  it("a triangle: area |e1 × e2|/2, centroid the mean, I = m(a² + b² + c²)/36", () => {
    const g = makePolygon(pts(0, 0, 4, 0, 1, 3));
    const m = polygonMass(g, 1.5);
    close(m.area, 6);
    close(m.centroid.x, 5 / 3);
    close(m.centroid.y, 1);
    const sq = 16 + (9 + 9) + (1 + 9); // |(4,0)|², |(−3,3)|², |(1,3)|²
    close(m.inertia, (9 * sq) / 36);
    close(m.inertiaAtOrigin, m.inertia + 9 * ((5 / 3) ** 2 + 1));
  });

  it("regular n-gons: area n R² sin(2π/n)/2, I = m R²(1 + 2cos²(π/n))/6", () => {
    for (let n = 3; n <= 8; n++) {
      const m = polygonMass(makeRegularPolygon(n, 1.3), 1);
      const area = (n * 1.69 * Math.sin((2 * Math.PI) / n)) / 2;
      close(m.area, area, 1e-14 * n);
      close(m.centroid.x, 0);
      close(m.centroid.y, 0);
      close(m.inertia, (area * 1.69 * (1 + 2 * Math.cos(Math.PI / n) ** 2)) / 6, 1e-13);
    }
  });

  it("a rounded box = the box + four edge rectangles + four quarter discs", () => {
    const hw = 1.2;
    const hh = 0.4;
    const r = 0.15;
    const m = polygonMass(makeBox(hw, hh, { radius: r }), 3);
    const w = 2 * hw;
    const h = 2 * hh;
    // pieces' areas and polar moments about the centre
    const core = { a: w * h, j: (w * h * (w * w + h * h)) / 12 };
    const tb = { a: w * r, j: w * r * ((w * w + r * r) / 12 + (hh + r / 2) ** 2) }; // top or bottom
    const lr = { a: h * r, j: h * r * ((h * h + r * r) / 12 + (hw + r / 2) ** 2) }; // left or right
    // a quarter disc at (±hw, ±hh): ∫|y|² = π r⁴/8 about the corner, first moment (r³/3)(±1, ±1)
    const q = { a: (Math.PI * r * r) / 4, j: (Math.PI * r ** 4) / 8 + ((2 * r ** 3) / 3) * (hw + hh) + ((Math.PI * r * r) / 4) * (hw * hw + hh * hh) };
    const area = core.a + 2 * tb.a + 2 * lr.a + 4 * q.a;
    close(m.area, area);
    close(m.mass, 3 * area);
    close(m.centroid.x, 0);
    close(m.centroid.y, 0);
    close(m.inertia, 3 * (core.j + 2 * tb.j + 2 * lr.j + 4 * q.j));
  });

  it("a rounded triangle: area A + r·perimeter + πr²", () => {
    const g = makePolygon(pts(0, 0, 3, 0, 0, 4), 0.2);
    close(polygonMass(g, 1).area, 6 + 0.2 * 12 + Math.PI * 0.04);
  });

  it("a degenerate thin polygon: a 1 mm sliver keeps its closed form; rounded, it tends to the capsule", () => {
    const t = 0.001;
    const thin = polygonMass(makePolygon(pts(-1, 0, 1, 0, 1, t, -1, t)), 1);
    close(thin.area, 2 * t);
    close(thin.centroid.y, t / 2);
    close(thin.inertia, (2 * t * (4 + t * t)) / 12, 1e-10);
    // a rectangle 2 × t rounded by r: as t → 0 the capsule of halfLength 1, radius r
    const r = 0.25;
    const rounded = polygonMass(makePolygon(pts(-1, -t / 2, 1, -t / 2, 1, t / 2, -1, t / 2), r), 1);
    const capsuleArea = 4 * r + Math.PI * r * r;
    const mD = Math.PI * r * r;
    const capsuleI = (4 * r * (1 + r * r)) / 3 + mD * ((r * r) / 2 + 1 + (8 * r) / (3 * Math.PI));
    expect(Math.abs(rounded.area - capsuleArea)).toBeLessThan(3 * t);
    expect(Math.abs(rounded.inertia - capsuleI)).toBeLessThan(3 * t);
  });

  it("random polygons: the parallel-axis theorem, and moving the points moves the centroid only", () => {
    const point = fc.record({ x: fc.double({ min: -2, max: 2, noNaN: true }), y: fc.double({ min: -2, max: 2, noNaN: true }) });
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 3, maxLength: 8 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (input, radius, dx, dy) => {
          let g: PolygonGeometry;
          let moved: PolygonGeometry;
          try {
            g = makePolygon(input, radius);
            moved = makePolygon(input.map((p) => ({ x: p.x + dx, y: p.y + dy })), radius);
          } catch {
            return;
          }
          if (g.count !== moved.count) return; // welding or collinearity decided differently after rounding
          const m = polygonMass(g, 1.7);
          const n = polygonMass(moved, 1.7);
          const size = 1 + m.area;
          expect(m.inertia).toBeGreaterThan(0);
          expect(Math.abs(n.mass - m.mass)).toBeLessThan(1e-12 * size * 10);
          expect(Math.abs(n.centroid.x - m.centroid.x - dx)).toBeLessThan(1e-11 * 10);
          expect(Math.abs(n.centroid.y - m.centroid.y - dy)).toBeLessThan(1e-11 * 10);
          expect(Math.abs(n.inertia - m.inertia)).toBeLessThan(1e-10 * (m.inertia + 1) * 100);
          const c = n.centroid;
          expect(Math.abs(n.inertiaAtOrigin - (n.inertia + n.mass * (c.x * c.x + c.y * c.y)))).toBeLessThan(1e-12 * (n.inertiaAtOrigin + 1));
        },
      ),
      { numRuns: 500 },
    );
  });
});
