import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Camera } from "../../src/debug/camera.js";

function camera(): Camera {
  const c = new Camera({ center: { x: 2, y: 1 }, scale: 50 });
  c.resize(400, 300, 2);
  return c;
}

describe("Camera", () => {
  it("puts the centre in the middle of the view and y up", () => {
    const c = camera();
    expect(c.worldToScreen({ x: 2, y: 1 })).toEqual({ x: 200, y: 150 });
    // One metre up is 50 pixels towards the top of the screen (smaller y).
    expect(c.worldToScreen({ x: 2, y: 2 })).toEqual({ x: 200, y: 100 });
    expect(c.worldToScreen({ x: 3, y: 1 })).toEqual({ x: 250, y: 150 });
  });

  it("screenToWorld inverts worldToScreen", () => {
    const c = camera();
    fc.assert(
      fc.property(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.double({ min: -1e3, max: 1e3, noNaN: true }), (x, y) => {
        const s = c.worldToScreen({ x, y });
        const w = c.screenToWorld(s.x, s.y);
        expect(w.x).toBeCloseTo(x, 9);
        expect(w.y).toBeCloseTo(y, 9);
      }),
    );
  });

  it("zoomAt keeps the world point under the cursor still and respects the limits", () => {
    const c = camera();
    const before = c.screenToWorld(320, 40);
    c.zoomAt(1.7, 320, 40);
    expect(c.scale).toBeCloseTo(85, 12);
    const after = c.screenToWorld(320, 40);
    expect(after.x).toBeCloseTo(before.x, 12);
    expect(after.y).toBeCloseTo(before.y, 12);
    c.zoomAt(1e9, 0, 0);
    expect(c.scale).toBe(c.maxScale);
    c.zoomAt(1e-9, 0, 0);
    expect(c.scale).toBe(c.minScale);
  });

  it("panPixels moves the world with the pointer", () => {
    const c = camera();
    const p = { x: 0.5, y: -0.25 };
    const s0 = c.worldToScreen(p);
    c.panPixels(30, -20);
    const s1 = c.worldToScreen(p);
    expect(s1.x).toBeCloseTo(s0.x + 30, 12);
    expect(s1.y).toBeCloseTo(s0.y - 20, 12);
  });

  it("fit frames a rectangle inside the margins", () => {
    const c = camera();
    c.fit(-10, 0, 10, 5, 20);
    // Width limits: (400 - 40) / 20 = 18 px/m; height would allow (300 - 40) / 5 = 52.
    expect(c.scale).toBe(18);
    expect(c.center).toEqual({ x: 0, y: 2.5 });
    const v = c.visibleBounds({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
    expect(v.minX).toBeLessThanOrEqual(-10);
    expect(v.maxX).toBeGreaterThanOrEqual(10);
    expect(v.minY).toBeLessThanOrEqual(0);
    expect(v.maxY).toBeGreaterThanOrEqual(5);
  });

  it("apply installs the same mapping on a canvas transform (device pixels)", () => {
    const c = camera();
    let m: number[] = [];
    const ctx = { setTransform: (...args: number[]) => (m = args) } as unknown as CanvasRenderingContext2D;
    c.apply(ctx);
    const [a, b, cc, d, e, f] = m as [number, number, number, number, number, number];
    const p = { x: -1.5, y: 3.25 };
    const s = c.worldToScreen(p);
    // Device pixels are CSS pixels times the pixel ratio (2).
    expect(a * p.x + cc * p.y + e).toBeCloseTo(2 * s.x, 9);
    expect(b * p.x + d * p.y + f).toBeCloseTo(2 * s.y, 9);
  });
});
