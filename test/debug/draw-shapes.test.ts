/**
 * The debug renderer's outlines of the new shapes (src/debug/draw.ts,
 * `traceBody`), on a context that records the path: a Box's four turned
 * corners, a rounded polygon's edges pushed out by its radius with an arc at
 * each vertex, a segment's two ends, and a Polygon off its centre of mass
 * drawn where its vertices are in the world.
 */
import { describe, expect, it } from "vitest";
import { Box, Polygon, Segment } from "../../src/entries/capsule2d.js";
import { traceBody } from "../../src/debug/draw.js";

type Call = [string, ...number[]];

function record(): { ctx: CanvasRenderingContext2D; calls: Call[] } {
  const calls: Call[] = [];
  const ctx = {
    moveTo: (x: number, y: number) => calls.push(["moveTo", x, y]),
    lineTo: (x: number, y: number) => calls.push(["lineTo", x, y]),
    arc: (x: number, y: number, r: number, a0: number, a1: number) => calls.push(["arc", x, y, r, a0, a1]),
    rect: (x: number, y: number, w: number, h: number) => calls.push(["rect", x, y, w, h]),
    closePath: () => calls.push(["closePath"]),
  } as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

function points(calls: Call[]): { x: number; y: number }[] {
  return calls.filter((c) => c[0] === "moveTo" || c[0] === "lineTo").map((c) => ({ x: c[1]!, y: c[2]! }));
}

describe("traceBody for boxes, polygons and segments", () => {
  it("a turned Box: its four world vertices, closed", () => {
    const box = new Box({ halfWidth: 1, halfHeight: 0.5, angle: 0.7, position: { x: 2, y: 3 } });
    const { ctx, calls } = record();
    traceBody(ctx, box);
    const want = box.shapes[0]!.getWorldVertices();
    const got = points(calls);
    expect(got).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      expect(got[i]!.x).toBeCloseTo(want[i]!.x, 12);
      expect(got[i]!.y).toBeCloseTo(want[i]!.y, 12);
    }
    expect(calls.at(-1)).toEqual(["closePath"]);
  });

  it("a Polygon off its centre of mass is drawn at its vertices", () => {
    const p = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], position: { x: -1, y: 1 }, angle: 0.4 });
    const { ctx, calls } = record();
    traceBody(ctx, p);
    const want = p.shapes[0]!.getWorldVertices();
    const got = points(calls);
    for (let i = 0; i < 3; i++) {
      expect(got[i]!.x).toBeCloseTo(want[i]!.x, 12);
      expect(got[i]!.y).toBeCloseTo(want[i]!.y, 12);
    }
  });

  it("a rounded box: each edge pushed out by the radius, a quarter arc of that radius at each corner", () => {
    const box = new Box({ halfWidth: 1, halfHeight: 1, radius: 0.25 });
    const { ctx, calls } = record();
    traceBody(ctx, box);
    const arcs = calls.filter((c) => c[0] === "arc");
    expect(arcs).toHaveLength(4);
    for (const [, x, y, r, a0, a1] of arcs) {
      expect(Math.abs(x!)).toBe(1);
      expect(Math.abs(y!)).toBe(1);
      expect(r).toBe(0.25);
      // a quarter turn, counter-clockwise
      const turn = (((a1! - a0!) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      expect(turn).toBeCloseTo(Math.PI / 2, 12);
    }
    // the bottom edge runs along y = −1.25 from x = −1 to 1
    expect(calls[0]).toEqual(["moveTo", -1, -1.25]);
    expect(calls[1]).toEqual(["lineTo", 1, -1.25]);
  });

  it("a segment: a line between its two world ends", () => {
    const s = new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 1 }, type: "static" });
    const { ctx, calls } = record();
    traceBody(ctx, s);
    expect(calls).toEqual([
      ["moveTo", -5, 0],
      ["lineTo", 5, 1],
    ]);
  });
});
