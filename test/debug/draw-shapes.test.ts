/**
 * The debug renderer's outlines of the new shapes (src/debug/draw.ts,
 * `traceBody`), on a context that records the path: a Box's four turned
 * corners, a rounded polygon's edges pushed out by its radius with an arc at
 * each vertex, a segment's two ends, and a Polygon off its centre of mass
 * drawn where its vertices are in the world; and a chain's solid-side ticks
 * (`traceChainSides`), on the right of each segment's direction.
 */
import { describe, expect, it } from "vitest";
import { Box, Chain, Polygon, Segment } from "../../src/entries/capsule2d.js";
import { traceBody, traceChainSides } from "../../src/debug/draw.js";

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

describe("traceChainSides: ticks on a chain's solid side", () => {
  const floor = (points: { x: number; y: number }[], loop = false) => new Chain({ points, loop, type: "static" });

  it("a floor drawn right to left: a tick every spacing along it, counted across its segments, each pointing up", () => {
    // 8 m in segments of 1, 3 and 4 m; spacing 1 m: ticks half a metre in, then every metre, at x = 3.5, 2.5, ..., −3.5
    const chain = floor([{ x: 4, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 0 }, { x: -4, y: 0 }]);
    const { ctx, calls } = record();
    traceChainSides(ctx, chain, 1, 0.2);
    const got = points(calls);
    expect(got).toHaveLength(16);
    for (let k = 0; k < 8; k++) {
      expect(calls[2 * k]![0]).toBe("moveTo");
      expect(got[2 * k]!.x).toBeCloseTo(3.5 - k, 12);
      expect(got[2 * k]!.y).toBeCloseTo(0, 12);
      expect(got[2 * k + 1]!.x).toBeCloseTo(3.5 - k, 12);
      expect(got[2 * k + 1]!.y).toBeCloseTo(0.2, 12); // up: the right of the direction −x
    }
  });

  it("drawn left to right the same floor is solid from below: the ticks point down", () => {
    const { ctx, calls } = record();
    traceChainSides(ctx, floor([{ x: -4, y: 0 }, { x: 4, y: 0 }]), 1, 0.2);
    const got = points(calls);
    expect(got).toHaveLength(16);
    for (let k = 0; k < 16; k += 2) expect(got[k + 1]!.y - got[k]!.y).toBeCloseTo(-0.2, 12);
  });

  it("a counter-clockwise loop: every tick points out of it, and the closing segment has its ticks too", () => {
    const square = floor([{ x: -1, y: -1 }, { x: 1, y: -1 }, { x: 1, y: 1 }, { x: -1, y: 1 }], true);
    const { ctx, calls } = record();
    traceChainSides(ctx, square, 0.5, 0.1);
    const got = points(calls);
    expect(got).toHaveLength(32); // 8 m of loop, a tick every 0.5 m
    for (let k = 0; k < got.length; k += 2) {
      const base = got[k]!;
      const tip = got[k + 1]!;
      // outward: the tip is farther from the centre than the base, by the tick's length
      expect(Math.max(Math.abs(tip.x), Math.abs(tip.y))).toBeCloseTo(1.1, 12);
      expect(Math.max(Math.abs(base.x), Math.abs(base.y))).toBeCloseTo(1, 12);
    }
    // the closing segment (−1, 1) → (−1, −1) has ticks pointing −x
    expect(got.some((p, k) => k % 2 === 1 && p.x === -1.1)).toBe(true);
  });

  it("a chain away from the origin and turned: the ticks follow its pose", () => {
    const chain = new Chain({ points: [{ x: 1, y: 0 }, { x: -1, y: 0 }], type: "kinematic", position: { x: 5, y: 2 }, angle: Math.PI / 2 });
    const { ctx, calls } = record();
    traceChainSides(ctx, chain, 1, 0.2);
    const got = points(calls);
    // world points (5, 3) → (5, 1): direction −y, right of it −x; ticks at y = 2.5 and 1.5
    expect(got).toHaveLength(4);
    expect(got[0]!.x).toBeCloseTo(5, 12);
    expect(got[0]!.y).toBeCloseTo(2.5, 12);
    expect(got[1]!.x).toBeCloseTo(4.8, 12);
    expect(got[3]!.y).toBeCloseTo(1.5, 12);
  });

  it("a two-sided Segment or a box is no chain: nothing", () => {
    const { ctx, calls } = record();
    traceChainSides(ctx, new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 1 }, type: "static" }), 1, 0.2);
    traceChainSides(ctx, new Box({ halfWidth: 1, halfHeight: 1 }), 1, 0.2);
    expect(calls).toEqual([]);
  });
});
