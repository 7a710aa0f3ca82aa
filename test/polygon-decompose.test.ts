/**
 * Convex decomposition of simple outlines (src/shapes/decompose.ts): the
 * pieces' areas add up to the outline's, every piece is convex and
 * counter-clockwise with at most 8 vertices, and the pieces cover the outline
 * (point sampling: a point inside the outline is in exactly one piece's
 * interior or on a shared boundary, a point outside is in none).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decomposeOutline, signedArea } from "../src/shapes/decompose.js";
import { makePolygon } from "../src/shapes/polygon.js";
import type { Vec2 } from "../src/math/vec2.js";

const pts = (...xy: number[]): Vec2[] => {
  const out: Vec2[] = [];
  for (let i = 0; i < xy.length; i += 2) out.push({ x: xy[i]!, y: xy[i + 1]! });
  return out;
};

/** Point in a simple polygon (either orientation), by counting crossings of a ray to +x. */
function insideOutline(p: Vec2, poly: Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance-signed position of p in a convex CCW piece: > eps inside, < −eps outside, else on the boundary. */
function depthIn(p: Vec2, piece: Vec2[]): number {
  let m = Infinity;
  for (let i = 0; i < piece.length; i++) {
    const a = piece[i]!;
    const b = piece[(i + 1) % piece.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    m = Math.min(m, ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len);
  }
  return m;
}

function checkPieces(outline: Vec2[], pieces: Vec2[][], samples = 400, seed = 1): void {
  const area = Math.abs(signedArea(outline));
  let sum = 0;
  for (const piece of pieces) {
    expect(piece.length).toBeGreaterThanOrEqual(3);
    expect(piece.length).toBeLessThanOrEqual(8);
    for (let i = 0; i < piece.length; i++) {
      const a = piece[i]!;
      const b = piece[(i + 1) % piece.length]!;
      const c = piece[(i + 2) % piece.length]!;
      expect((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)).toBeGreaterThan(0); // convex, CCW, no collinear vertex
    }
    sum += signedArea(piece);
  }
  expect(Math.abs(sum - area)).toBeLessThanOrEqual(1e-12 * area * outline.length);
  // coverage
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of outline) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  let s = seed;
  const rand = () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
  const eps = 1e-9 * (maxX - minX + maxY - minY);
  for (let k = 0; k < samples; k++) {
    const p = { x: minX + rand() * (maxX - minX), y: minY + rand() * (maxY - minY) };
    const depths = pieces.map((piece) => depthIn(p, piece));
    const inPieces = depths.filter((d) => d > eps).length;
    const onEdge = depths.some((d) => Math.abs(d) <= eps);
    if (onEdge) continue;
    expect(inPieces, `point ${JSON.stringify(p)}`).toBe(insideOutline(p, outline) ? 1 : 0);
  }
}

describe("decomposeOutline", () => {
  it("a convex outline of up to 8 points stays one piece; a clockwise one is reversed", () => {
    const square = pts(0, 0, 2, 0, 2, 2, 0, 2);
    expect(decomposeOutline(square)).toHaveLength(1);
    const cw = square.slice().reverse();
    const pieces = decomposeOutline(cw);
    expect(pieces).toHaveLength(1);
    checkPieces(cw, pieces);
  });

  it("an L: two pieces", () => {
    const l = pts(0, 0, 2, 0, 2, 1, 1, 1, 1, 3, 0, 3);
    const pieces = decomposeOutline(l);
    expect(pieces).toHaveLength(2);
    checkPieces(l, pieces);
  });

  it("a U: three pieces; a comb: more", () => {
    const u = pts(0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3);
    const pieces = decomposeOutline(u);
    expect(pieces.length).toBe(3);
    checkPieces(u, pieces);
    const comb: Vec2[] = [{ x: 0, y: 0 }, { x: 9, y: 0 }];
    for (let k = 4; k >= 0; k--) comb.push({ x: 2 * k + 1, y: 3 }, { x: 2 * k + 0.5, y: 1 }, { x: 2 * k, y: 3 });
    checkPieces(comb, decomposeOutline(comb));
  });

  it("a circle of 40 points: convex pieces of at most 8 vertices, each a valid Polygon", () => {
    const circle: Vec2[] = [];
    for (let k = 0; k < 40; k++) circle.push({ x: 2 * Math.cos((k * Math.PI) / 20), y: 2 * Math.sin((k * Math.PI) / 20) });
    const pieces = decomposeOutline(circle);
    checkPieces(circle, pieces);
    for (const piece of pieces) expect(makePolygon(piece).count).toBe(piece.length);
  });

  it("repeated and closing points are dropped; collinear points on an edge are fine", () => {
    const o = pts(0, 0, 1, 0, 1, 0, 2, 0, 2, 2, 0, 2, 0, 0);
    checkPieces(o, decomposeOutline(o));
  });

  it("self-crossing, folded, degenerate or bad outlines are RangeErrors", () => {
    expect(() => decomposeOutline(pts(0, 0, 2, 2, 2, 0, 0, 3))).toThrow(/crosses itself: edge 0 .* meets edge 2/);
    expect(() => decomposeOutline(pts(0, 0, 2, 2, 2, 0, 0, 2))).toThrow(/crosses itself/);
    // touching itself at a point: a vertex on another edge
    expect(() => decomposeOutline(pts(0, 0, 4, 0, 4, 4, 2, 0.0, 0, 4))).toThrow(/crosses itself/);
    expect(() => decomposeOutline(pts(0, 0, 2, 0, 1, 0, 1, 1))).toThrow(RangeError);
    expect(() => decomposeOutline(pts(0, 0, 1, 1, 3, 3, 2, 2))).toThrow(/folds back|crosses itself|zero area/);
    expect(() => decomposeOutline(pts(0, 0, 1, 1))).toThrow(/at least 3 distinct points/);
    expect(() => decomposeOutline(pts(0, 0, 1, NaN, 1, 1))).toThrow(/outline\[1\]\.y/);
  });

  it("random star-shaped outlines (concave): areas add up, convex pieces, covered", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.2, max: 3, noNaN: true }), { minLength: 3, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (radii, phase) => {
          const n = radii.length;
          const outline = radii.map((r, k) => {
            const a = ((k + phase * 0.5) * 2 * Math.PI) / n;
            return { x: r * Math.cos(a), y: r * Math.sin(a) };
          });
          checkPieces(outline, decomposeOutline(outline), 100, n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
