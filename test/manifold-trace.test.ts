/**
 * traceManifold (src/collision/narrowphase/manifold-trace.ts): the record of
 * how collide() built a manifold, which the pipeline lab's manifold page
 * draws. Its manifold is collide()'s, bit for bit; its axes, reference face,
 * clip and points are the hull routine's, checked here against hand-computed
 * separations and against the definitions (max over edges of min over
 * vertices) on random polygons.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Box, Circle, Polygon, collide } from "../src/entries/capsule2d.js";
import { traceManifold, type ManifoldTrace } from "../src/collision/narrowphase/manifold-trace.js";
import { hullTrace } from "../src/collision/narrowphase/hull-hull.js";

const seps = (t: ManifoldTrace) => t.axes.map((x) => [x.owner, x.edge, x.separation, x.vertex]);

describe("traceManifold: hand cases", () => {
  it("box B resting on box A: eight axes, reference A's top (a tie with B's bottom goes to A), two clipped points", () => {
    // A: half 1 × 0.5 at the origin; B: half 0.5 at (0.2, 0.9), its bottom at 0.4. Axes (min over the other's vertices):
    //   A bottom (0,−1) from (−1,−0.5): −(y + 0.5), B's y ≥ 0.4 → −0.9 − 0.5·2 = −1.9 (vertex 2 or 3: B's top, first is 2)
    //   A right (1,0) from (1,−0.5): x − 1, B's x ≥ −0.3 → −1.3 (B's vertex 0);  A top (0,1) from (1,0.5): y − 0.5 → −0.1 (vertex 0)
    //   A left (−1,0) from (−1,0.5): −(x + 1), B's x ≤ 0.7 → −1.7 (vertex 1)
    //   B bottom (0,−1) from (−0.3,0.4): −(y − 0.4), A's y ≤ 0.5 → −0.1 (A's vertex 2);  B right (1,0) from (0.7,0.4): x − 0.7 → −1.7 (vertex 0)
    //   B top (0,1) from (0.7,1.4): y − 1.4 → −1.9 (vertex 0);  B left (−1,0) from (−0.3,1.4): −(x + 0.3) → −1.3 (vertex 1)
    const a = new Box({ halfWidth: 1, halfHeight: 0.5, type: "static" });
    const b = new Box({ position: { x: 0.2, y: 0.9 }, halfWidth: 0.5, halfHeight: 0.5 });
    const t = traceManifold(a, b);
    expect(t.hulls).toBe(true);
    expect(t.swapped).toBe(false);
    const expected = [
      ["A", 0, -1.9, 2], ["A", 1, -1.3, 0], ["A", 2, -0.1, 0], ["A", 3, -1.7, 1],
      ["B", 0, -0.1, 2], ["B", 1, -1.7, 0], ["B", 2, -1.9, 0], ["B", 3, -1.3, 1],
    ] as const;
    const got = seps(t);
    expect(got.length).toBe(8);
    got.forEach((g, i) => {
      expect([g[0], g[1], g[3]]).toEqual([expected[i]![0], expected[i]![1], expected[i]![3]]);
      expect(g[2] as number).toBeCloseTo(expected[i]![2], 12);
    });
    expect(t.separatingAxis).toBeNull();
    expect(t.reference).toMatchObject({ owner: "A", edge: 2, vertex: 0 });
    expect(t.apart).toBeNull();
    expect(t.manifold!.depth).toBeCloseTo(0.1, 12);
    // the clip: A's top (2) against B's bottom (0), reference A; the faces overlap for x in [−0.3, 0.7]
    const c = t.clip!;
    expect([c.faceA, c.faceB, c.reference, c.ends]).toEqual([2, 0, "A", 2]);
    // tangent (−n.y, n.x) = (−1, 0): along it x = 0.7 is the low end
    expect(c.tangent).toEqual({ x: -1, y: 0 });
    expect(c.interval!.lo).toBeCloseTo(-0.7, 12);
    expect(c.interval!.hi).toBeCloseTo(0.3, 12);
    // the incident face cut by the reference face's side planes is B's whole bottom; A's top is cut to B's width
    expect(c.interval!.a[0].x).toBeCloseTo(0.7, 12);
    expect(c.interval!.a[1].x).toBeCloseTo(-0.3, 12);
    expect(c.points.map((p) => [p.x, p.y, p.depth].map((v) => Math.round(v * 1e12) / 1e12))).toEqual([[0.7, 0.45, 0.1], [-0.3, 0.45, 0.1]]);
    expect(t.manifold).toEqual(collide(a, b));
  });

  it("far apart: step 1 stops at the first axis that separates by radius + margin, no manifold", () => {
    // B 3 m to the right: A's edge 0 (bottom) gives −(y + 0.5) = −1 over B's top vertices; A's right edge x − 1 = 1.5 ≥ 0.02
    const a = new Box({ halfWidth: 1, halfHeight: 0.5 });
    const b = new Box({ position: { x: 3, y: 0 }, halfWidth: 0.5, halfHeight: 0.5 });
    const t = traceManifold(a, b, 0.02);
    expect(t.manifold).toBeNull();
    expect(t.axes.map((x) => [x.owner, x.edge])).toEqual([["A", 0], ["A", 1]]);
    expect(t.separatingAxis).toMatchObject({ owner: "A", edge: 1, vertex: 0 });
    expect(t.separatingAxis!.separation).toBeCloseTo(1.5, 12);
    expect(t.reference).toBeNull();
  });

  it("apart within the margin, face over vertex: the distance is the reference separation, depth −gap", () => {
    // a diamond (box 0.5 turned 45°) with its corner 0.05 above A's top: separation 0.05, inside the margin 0.1
    const a = new Box({ halfWidth: 1, halfHeight: 0.5 });
    const b = new Box({ position: { x: 0, y: 0.55 + Math.SQRT1_2 }, halfWidth: 0.5, halfHeight: 0.5, angle: Math.PI / 4 });
    const t = traceManifold(a, b, 0.1);
    expect(t.reference).toMatchObject({ owner: "A", edge: 2 });
    expect(t.apart!.via).toBe("face");
    expect(t.apart!.distance).toBeCloseTo(0.05, 12);
    expect(t.manifold!.depth).toBeCloseTo(-0.05, 12);
    expect(t.manifold).toEqual(collide(a, b, 0.1));
    // a smaller margin: A's top separates them by 0.05 ≥ 0.04, step 1 stops there
    const u = traceManifold(a, b, 0.04);
    expect(u.manifold).toBeNull();
    expect(u.separatingAxis).toMatchObject({ owner: "A", edge: 2 });
  });

  it("corners apart by more than the margin though no axis separates them by as much: beyond the margin", () => {
    // B's corner (1.03, 0.54) is 0.03 right of and 0.04 above A's (1, 0.5): the axes give 0.03 and 0.04 (< 0.045),
    // the distance is 0.05 > 0.045: depth −0.05, no manifold
    const a = new Box({ halfWidth: 1, halfHeight: 0.5 });
    const b = new Box({ position: { x: 1.53, y: 1.04 }, halfWidth: 0.5, halfHeight: 0.5 });
    const t = traceManifold(a, b, 0.045);
    expect(t.separatingAxis).toBeNull();
    expect(t.reference!.separation).toBeCloseTo(0.04, 12);
    expect(t.apart!.via).toBe("closest");
    expect(t.manifold).toBeNull();
    expect(t.beyondMargin).toBeCloseTo(-0.05, 12);
    expect(traceManifold(a, b, 0.055).manifold).toEqual(collide(a, b, 0.055));
  });

  it("corner to corner apart: the closest pair of features (vertex, vertex), rounded shapes' radii in the depth", () => {
    // A's corner (1, 0.5) and B's (1.03, 0.54) 0.05 apart along (0.6, 0.8); radii 0.1 + 0.05: depth 0.1
    const a = new Box({ halfWidth: 1, halfHeight: 0.5, radius: 0.1 });
    const b = new Box({ position: { x: 1.53, y: 1.04 }, halfWidth: 0.5, halfHeight: 0.5, radius: 0.05 });
    const t = traceManifold(a, b);
    expect(t.radius).toBeCloseTo(0.15, 15);
    expect(t.apart!.via).toBe("closest");
    expect(t.apart!.distance).toBeCloseTo(0.05, 12);
    expect(t.apart!.features).toEqual([8 + 2, 8 + 0]);
    expect(t.manifold!.normal.x).toBeCloseTo(0.6, 12);
    expect(t.manifold!.normal.y).toBeCloseTo(0.8, 12);
    expect(t.manifold!.depth).toBeCloseTo(0.1, 12);
    // no face lies along the tangent: no clip points, one point at the corners
    expect(t.clip!.ends).toBe(0);
    expect(t.manifold!.points.length).toBe(1);
    expect(t.manifold).toEqual(collide(a, b));
  });

  it("a reversed pair is traced in the pair function's order; pairs without hulls report only the manifold", () => {
    const p = Polygon.regular(5, 1);
    const c = new Circle({ position: { x: 0, y: 1.2 }, radius: 0.5 });
    const t = traceManifold(c, p);
    expect(t.swapped).toBe(true);
    expect(t.hullA!.vertices.length).toBe(5);
    expect(t.hullB!.vertices.length).toBe(1);
    expect(t.manifold).toEqual(collide(c, p));
    const d = new Circle({ position: { x: 0.5, y: 1.2 }, radius: 0.5 });
    const u = traceManifold(c, d);
    expect(u.hulls).toBe(false);
    expect(u.axes).toEqual([]);
    expect(u.manifold).toEqual(collide(c, d));
  });

  it("bad input is refused by name, and the trace hook is cleared whatever happens", () => {
    const a = new Box({ halfWidth: 1, halfHeight: 1 });
    expect(() => traceManifold(a, {} as never)).toThrow(TypeError);
    expect(() => traceManifold(a, a, -1)).toThrow(/margin/);
    expect(hullTrace.sink).toBeNull();
    traceManifold(a, new Box({ halfWidth: 1, halfHeight: 1, position: { x: 1, y: 0 } }));
    expect(hullTrace.sink).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// Random polygons

const coord = fc.double({ min: -2, max: 2, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const rounding = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.3, noNaN: true }));
const body = fc.oneof(
  fc.tuple(fc.double({ min: 0.1, max: 1.2, noNaN: true }), fc.double({ min: 0.1, max: 1.2, noNaN: true }), rounding, coord, coord, angle)
    .map(([hw, hh, r, x, y, a]) => new Box({ halfWidth: hw, halfHeight: hh, radius: r, position: { x, y }, angle: a })),
  fc.tuple(fc.integer({ min: 3, max: 8 }), fc.double({ min: 0.2, max: 1.2, noNaN: true }), rounding, coord, coord, angle)
    .map(([n, c, r, x, y, a]) => Polygon.regular(n, c, { radius: r, position: { x, y }, angle: a })),
);
const margin = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.3, noNaN: true }));

describe("traceManifold: random polygons", () => {
  it("gives collide()'s manifold, and its axes are the definitions' separations with the reference the largest", () => {
    fc.assert(
      fc.property(body, body, margin, (a, b, mg) => {
        const t = traceManifold(a, b, mg);
        expect(t.manifold).toEqual(collide(a, b, mg));
        const A = t.hullA!;
        const B = t.hullB!;
        const sepOf = (p: typeof A, q: typeof A, i: number) => {
          const v = p.vertices[i]!;
          const n = p.normals[i]!;
          return Math.min(...q.vertices.map((w) => n.x * (w.x - v.x) + n.y * (w.y - v.y)));
        };
        for (const x of t.axes) {
          const [p, q] = x.owner === "A" ? [A, B] : [B, A];
          // the same quantity, computed here from the world vertices (relative to another origin: rounding only)
          expect(Math.abs(x.separation - sepOf(p, q, x.edge))).toBeLessThan(1e-9);
        }
        if (t.separatingAxis !== null) {
          expect(t.manifold).toBeNull();
          expect(t.separatingAxis.separation).toBeGreaterThanOrEqual(t.radius + mg);
          expect(t.axes[t.axes.length - 1]).toEqual(t.separatingAxis);
          return;
        }
        expect(t.axes.length).toBe(A.vertices.length + B.vertices.length);
        const best = Math.max(...t.axes.map((x) => x.separation));
        expect(t.reference!.separation).toBe(best);
        // ties go to A, then to the lower index
        expect(t.reference).toEqual(t.axes.find((x) => x.separation === best));
        if (t.manifold === null) {
          expect(t.beyondMargin!).toBeLessThanOrEqual(-mg);
          return;
        }
        expect(t.beyondMargin).toBeNull();
        // the depth is radius − distance when the cores are apart, radius − separation when they overlap
        expect(t.manifold.depth).toBe(t.radius - (t.apart !== null ? t.apart.distance : t.reference!.separation));
        if (t.clip !== null && t.clip.ends > 0) {
          expect(t.manifold.points.length).toBeGreaterThanOrEqual(1);
          for (const p of t.manifold.points) expect(t.clip.points.some((q) => q.x === p.x && q.y === p.y && q.depth === p.depth)).toBe(true);
        } else {
          expect(t.manifold.points.length).toBe(1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
