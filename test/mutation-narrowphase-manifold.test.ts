/**
 * The manifold helpers of the narrowphase as their comments define them: ManifoldBuffer's
 * clearUnused and toManifold (manifold.ts), addPoint (contact-points.ts), and the feature id
 * packing and box corners (feature-id.ts: id = clipEnd·256 + featureA·16 + featureB; corners
 * 4 + x side + 2·y side). Written against surviving mutants of a mutation run (docs/testing.md).
 */
import { describe, expect, it } from "vitest";
import { ManifoldBuffer } from "../src/collision/narrowphase/manifold.js";
import { addPoint, PendingPoint } from "../src/collision/narrowphase/contact-points.js";
import { corner, featureId } from "../src/collision/narrowphase/feature-id.js";

function filled(count: number): ManifoldBuffer {
  const m = new ManifoldBuffer();
  Object.assign(m, { normalX: 0.6, normalY: 0.8, depth: 0.25, count, x0: 1, y0: 2, depth0: 0.25, id0: 3, x1: 4, y1: 5, depth1: 0.125, id1: 6 });
  return m;
}

describe("ManifoldBuffer", () => {
  it("clearUnused with no point zeroes the normal, the depth and both points", () => {
    const m = filled(0);
    m.clearUnused();
    expect([m.normalX, m.normalY, m.depth, m.x0, m.y0, m.depth0, m.id0, m.x1, m.y1, m.depth1, m.id1]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("clearUnused with one point keeps it, the normal and the depth, and zeroes the second", () => {
    const m = filled(1);
    m.clearUnused();
    expect([m.normalX, m.normalY, m.depth, m.x0, m.y0, m.depth0, m.id0]).toEqual([0.6, 0.8, 0.25, 1, 2, 0.25, 3]);
    expect([m.x1, m.y1, m.depth1, m.id1]).toEqual([0, 0, 0, 0]);
  });

  it("clearUnused with two points keeps both (nothing is past count)", () => {
    const m = filled(2);
    m.clearUnused();
    expect([m.normalX, m.normalY, m.depth, m.x0, m.y0, m.depth0, m.id0]).toEqual([0.6, 0.8, 0.25, 1, 2, 0.25, 3]);
    expect([m.x1, m.y1, m.depth1, m.id1]).toEqual([4, 5, 0.125, 6]);
  });

  it("toManifold: null without points, else one or two plain points", () => {
    expect(filled(0).toManifold()).toBeNull();
    expect(filled(1).toManifold()).toEqual({ normal: { x: 0.6, y: 0.8 }, depth: 0.25, points: [{ x: 1, y: 2, depth: 0.25, id: 3 }] });
    expect(filled(2).toManifold()!.points).toEqual([{ x: 1, y: 2, depth: 0.25, id: 3 }, { x: 4, y: 5, depth: 0.125, id: 6 }]);
  });
});

describe("addPoint", () => {
  it("appends the first point to slot 0 and the second to slot 1", () => {
    const m = new ManifoldBuffer();
    const p = new PendingPoint();
    Object.assign(p, { x: 1.5, y: -2, depth: 0.1, id: 7 });
    addPoint(m, p);
    expect([m.count, m.x0, m.y0, m.depth0, m.id0]).toEqual([1, 1.5, -2, 0.1, 7]);
    Object.assign(p, { x: -3, y: 0.25, depth: 0.2, id: 9 });
    addPoint(m, p);
    expect([m.count, m.x0, m.y0, m.depth0, m.id0]).toEqual([2, 1.5, -2, 0.1, 7]);
    expect([m.x1, m.y1, m.depth1, m.id1]).toEqual([-3, 0.25, 0.2, 9]);
  });
});

describe("feature ids", () => {
  it("pack clipEnd·256 + featureA·16 + featureB", () => {
    expect(featureId(5, 8, 2)).toBe(600);
    expect(featureId(2, 3, 1)).toBe(291);
    expect(featureId(0, 0, 0)).toBe(0);
  });

  it("box corners: 4 + x side + 2·y side", () => {
    expect([corner(false, false), corner(true, false), corner(false, true), corner(true, true)]).toEqual([4, 5, 6, 7]);
  });
});
