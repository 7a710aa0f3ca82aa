/**
 * placed.ts (placePolygonBody) places a Box body's hull from its half extents alone (no read of
 * its geometry's arrays): it must give the same bits as the general loop
 * over the same box's vertices and normals, for any size, rounding, angle
 * and position, else turning-box scenes would change with the shortcut.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Box } from "../src/entries/capsule2d.js";
import { placePolygon, placePolygonBody, WorldHull } from "../src/collision/narrowphase/placed.js";

/** Every number in the hull, as bits (Object.is tells 0 from −0). */
function bitsOf(h: WorldHull): unknown[] {
  const out: unknown[] = [h.count, h.radius];
  for (let i = 0; i < h.count; i++) out.push(h.x[i], h.y[i], h.nx[i], h.ny[i]);
  return out;
}

describe("placePolygonBody's Box shortcut", () => {
  it("gives the general loop's bits for any box, rounding, angle, position and origin", () => {
    const size = fc.double({ min: 1e-3, max: 50, noNaN: true });
    const coord = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    fc.assert(
      fc.property(size, size, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), coord, coord, coord, coord, (hw, hh, radius, angle, x, y, ox, oy) => {
        const box = new Box({ halfWidth: hw, halfHeight: hh, radius, angle, position: { x, y } });
        const fast = new WorldHull();
        const general = new WorldHull();
        fast.ox = general.ox = ox;
        fast.oy = general.oy = oy;
        placePolygonBody(fast, box as never);
        // the same polygon and pose, without the Box's half extents: the general loop
        const b = box as unknown as { polygon: never; px: number; py: number; qc: number; qs: number };
        placePolygon(general, { polygon: b.polygon, px: b.px, py: b.py, qc: b.qc, qs: b.qs });
        const f = bitsOf(fast);
        const g = bitsOf(general);
        expect(f.length).toBe(2 + 4 * 4);
        for (let i = 0; i < f.length; i++) expect(Object.is(f[i], g[i])).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("also at the angles where cos or sin is exactly 0 or ±1 (signed zeros included)", () => {
    for (const angle of [0, -0, Math.PI / 2, Math.PI, -Math.PI / 2, 3 * Math.PI / 2, 2 * Math.PI]) {
      const box = new Box({ halfWidth: 0.5, halfHeight: 0.25, angle, position: { x: 1, y: -2 } });
      const fast = new WorldHull();
      const general = new WorldHull();
      placePolygonBody(fast, box as never);
      const b = box as unknown as { polygon: never; px: number; py: number; qc: number; qs: number };
      placePolygon(general, { polygon: b.polygon, px: b.px, py: b.py, qc: b.qc, qs: b.qs });
      const f = bitsOf(fast);
      const g = bitsOf(general);
      for (let i = 0; i < f.length; i++) expect(Object.is(f[i], g[i])).toBe(true);
    }
  });
});
