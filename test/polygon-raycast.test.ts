/**
 * Ray casts against polygons and segments (src/collision/narrowphase/raycast-polygon.ts):
 * hand-computed cases, and random rays against an independent reference: the
 * entry distance is the first t where the exact distance from the ray's point
 * to the shape's core (test/support/polygon-reference.ts) drops to its
 * radius (that distance is convex along a line: its minimum by golden
 * section, then bisection down to the entry); the normal must be the outward
 * normal at the hit point (the hit point maximises n·x over the shape).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RaycastHitBuffer } from "../src/collision/narrowphase/raycast.js";
import { raycastPolygon, raycastSegment } from "../src/collision/narrowphase/raycast-polygon.js";
import { makeBox, makePolygon, makeRegularPolygon, makeSegment, type PolygonGeometry } from "../src/shapes/polygon.js";
import { coreDistance, supportOf, type RefShape } from "./support/polygon-reference.js";
import { placed, placedSegment, ref, type Shape } from "./support/polygon-shapes.js";

interface Hit {
  x: number;
  y: number;
  nx: number;
  ny: number;
  t: number;
}

function cast(sh: Shape, ox: number, oy: number, dx: number, dy: number, max = Infinity): Hit | null {
  const out = new RaycastHitBuffer();
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const hit = sh.kind === "polygon" ? raycastPolygon(sh.s, ox, oy, ux, uy, max, out) : sh.kind === "segment" ? raycastSegment(sh.s, ox, oy, ux, uy, max, out) : false;
  return hit ? { x: out.x, y: out.y, nx: out.normalX, ny: out.normalY, t: out.distance } : null;
}

function expectHit(h: Hit | null, t: number, x: number, y: number, nx: number, ny: number, tol = 1e-12): void {
  expect(h).not.toBeNull();
  expect(Math.abs(h!.t - t), `t ${h!.t}`).toBeLessThanOrEqual(tol);
  expect(Math.abs(h!.x - x)).toBeLessThanOrEqual(tol);
  expect(Math.abs(h!.y - y)).toBeLessThanOrEqual(tol);
  expect(Math.abs(h!.nx - nx)).toBeLessThanOrEqual(tol);
  expect(Math.abs(h!.ny - ny)).toBeLessThanOrEqual(tol);
}

describe("ray – polygon", () => {
  const box = () => placed(makeBox(1, 0.5), 2, 0);

  it("a box: enters the face it reaches last", () => {
    // from (−1, 0.2) along +x: the left face x = 1 at t = 2
    expectHit(cast(box(), -1, 0.2, 1, 0), 2, 1, 0.2, -1, 0);
    // from (2.5, 3) straight down: the top y = 0.5 at t = 2.5
    expectHit(cast(box(), 2.5, 3, 0, -1), 2.5, 2.5, 0.5, 0, 1);
    // diagonally (1, 1)/√2 from (0, −1.5): enters x ≥ 1 at t = √2, y ≥ −0.5 at t = √2 too: the first edge reached in order (bottom)
    const h = cast(box(), 0, -1.5, 1, 1)!;
    expect(h.t).toBeCloseTo(Math.SQRT2, 12);
  });

  it("misses, maxDistance, and starting inside", () => {
    expect(cast(box(), -1, 0.6, 1, 0)).toBeNull(); // passes above
    expect(cast(box(), -1, 0.2, -1, 0)).toBeNull(); // points away
    expect(cast(box(), -1, 0.2, 1, 0, 1.9)).toBeNull(); // too short
    expectHit(cast(box(), -1, 0.2, 1, 0, 2), 2, 1, 0.2, -1, 0); // exactly long enough
    expectHit(cast(box(), 2.3, 0.1, 0.6, 0.8), 0, 2.3, 0.1, -0.6, -0.8); // inside: distance 0, normal −direction
    expectHit(cast(box(), 3, 0.1, 1, 0), 0, 3, 0.1, -1, -0); // on the surface
  });

  it("a rounded box: the flat part pushed out by the radius, and the corner discs", () => {
    const rounded = placed(makeBox(1, 0.5, { radius: 0.2 }), 0, 0);
    // along −y from (0.3, 2): the top pushed out to y = 0.7, t = 1.3
    expectHit(cast(rounded, 0.3, 2, 0, -1), 1.3, 0.3, 0.7, 0, 1);
    // along −y at x = 1.1 (over the corner disc centred (1, 0.5)): enters at y = 0.5 + √(0.04 − 0.01)
    const y = 0.5 + Math.sqrt(0.03);
    expectHit(cast(rounded, 1.1, 2, 0, -1), 2 - y, 1.1, y, 0.1 / 0.2, (y - 0.5) / 0.2);
    // at x = 1.25 it passes the disc
    expect(cast(rounded, 1.25, 2, 0, -1)).toBeNull();
    // starting inside the rounding (within 0.2 of the corner)
    expect(cast(rounded, 1.1, 0.6, 1, 0)!.t).toBe(0);
  });

  it("a turned hexagon: the normal turns with it", () => {
    const hex = placed(makeRegularPolygon(6, 1), 0, 0, 0.25);
    // its edge normals are at −90° + 60°·i + 0.25 rad; the edge facing −x at 180° + 0.25 − 60°·... : cast from far left along +x
    const h = cast(hex, -5, 0, 1, 0)!;
    expect(h.nx).toBeLessThan(0);
    // the hit lies on the hexagon's boundary: its distance from the centre is between the inradius and the circumradius
    const d = Math.hypot(h.x, h.y);
    expect(d).toBeGreaterThanOrEqual(Math.cos(Math.PI / 6) - 1e-12);
    expect(d).toBeLessThanOrEqual(1 + 1e-12);
  });
});

describe("ray – segment", () => {
  const seg = () => placedSegment(makeSegment({ x: -1, y: 0 }, { x: 1, y: 0 }), 0, 1);

  it("crossing from either side: the normal faces the ray", () => {
    expectHit(cast(seg(), 0.5, 3, 0, -1), 2, 0.5, 1, -0, 1);
    expectHit(cast(seg(), 0.5, -1, 0, 1), 2, 0.5, 1, 0, -1);
    // slanted: from (−2, 0) along (3, 4)/5 reaches y = 1 at t = 1.25, x = −1.25: past the end, a miss
    expect(cast(seg(), -2, 0, 3, 4)).toBeNull();
    // from (−1, 0) along (0.6, 0.8): y = 1 at t = 1.25, x = −0.25
    expectHit(cast(seg(), -1, 0, 0.6, 0.8), 1.25, -0.25, 1, 0, -1);
  });

  it("parallel misses; along the line: the nearer end; on it: 0", () => {
    expect(cast(seg(), -3, 1.5, 1, 0)).toBeNull();
    expectHit(cast(seg(), -3, 1, 1, 0), 2, -1, 1, -1, -0);
    expect(cast(seg(), -3, 1, -1, 0)).toBeNull();
    expectHit(cast(seg(), 0.2, 1, 0, 1), 0, 0.2, 1, -0, -1);
    expect(cast(seg(), 0.5, 3, 0, -1, 1.5)).toBeNull();
  });
});

// ---------------------------------------------------------------------------
// Random rays against the reference

const GOLD = (Math.sqrt(5) - 1) / 2;

/** f(t) = distance from origin + t·d to the shape (≤ 0 inside, via the core distance minus the radius). */
function entry(s: RefShape, ox: number, oy: number, dx: number, dy: number, tMax: number): number | null {
  const f = (t: number) => coreDistance([{ x: ox + t * dx, y: oy + t * dy }], s.core) - s.radius;
  if (f(0) <= 0) return 0;
  // the minimum of the convex f on [0, tMax]
  let lo = 0;
  let hi = tMax;
  for (let i = 0; i < 200 && hi - lo > 1e-14; i++) {
    const a = hi - GOLD * (hi - lo);
    const b = lo + GOLD * (hi - lo);
    if (f(a) <= f(b)) hi = b;
    else lo = a;
  }
  const tMin = 0.5 * (lo + hi);
  if (f(tMin) > 0) return null;
  lo = 0;
  hi = tMin;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const m = 0.5 * (lo + hi);
    if (f(m) <= 0) hi = m;
    else lo = m;
  }
  return hi;
}

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const geometry: fc.Arbitrary<PolygonGeometry> = fc.oneof(
  fc
    .tuple(fc.array(fc.tuple(coord, coord), { minLength: 3, maxLength: 8 }), fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.5, noNaN: true })))
    .map(([p, r]) => {
      try {
        return makePolygon(p.map(([x, y]) => ({ x: x / 2, y: y / 2 })), r);
      } catch {
        return makeBox(0.5, 0.25, { radius: r });
      }
    }),
  fc.tuple(fc.integer({ min: 3, max: 8 }), fc.double({ min: 0.1, max: 1.5, noNaN: true }), fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.5, noNaN: true }))).map(([n, c, r]) => makeRegularPolygon(n, c, r)),
);
const shape: fc.Arbitrary<Shape> = fc.oneof(
  fc.tuple(geometry, coord, coord, angle).map(([g, x, y, a]) => placed(g, x, y, a)),
  fc
    .tuple(coord, coord, coord, coord, angle)
    .filter(([ax, ay, bx, by]) => Math.hypot(bx - ax, by - ay) > 0.01)
    .map(([ax, ay, bx, by, a]) => placedSegment(makeSegment({ x: ax, y: ay }, { x: bx, y: by }), 0, 0, a)),
);

describe("ray casts: random rays against the reference", () => {
  it("distance, point, normal", () => {
    let hits = 0;
    fc.assert(
      fc.property(shape, coord, coord, angle, fc.oneof(fc.constant(Infinity), fc.double({ min: 0, max: 8, noNaN: true })), (sh, ox, oy, a, max) => {
        const dx = Math.cos(a);
        const dy = Math.sin(a);
        const h = cast(sh, ox * 2, oy * 2, dx, dy, max);
        const s = ref(sh);
        const t = entry(s, ox * 2, oy * 2, dx, dy, Math.min(max, 30));
        const tol = 1e-9;
        if (t === null || h === null) {
          // a miss on one side only where the ray merely grazes or the entry is at maxDistance
          if (h !== null) {
            expect(coreDistance([{ x: h.x, y: h.y }], s.core) - s.radius).toBeLessThanOrEqual(1e-9);
            expect(Math.abs(h.t - max) < 1e-9 || sh.kind === "segment" || grazes(s, h)).toBe(true);
          } else if (t !== null) {
            expect(Math.abs(t - max) < 1e-9 || grazing(s, ox * 2, oy * 2, dx, dy, t)).toBe(true);
          }
          return;
        }
        hits++;
        expect(Math.abs(h.t - t), `t ${h.t} vs ${t}`).toBeLessThanOrEqual(tol);
        expect(Math.hypot(h.x - (ox * 2 + h.t * dx), h.y - (oy * 2 + h.t * dy))).toBeLessThanOrEqual(1e-12 * (1 + h.t));
        expect(Math.abs(Math.hypot(h.nx, h.ny) - 1)).toBeLessThan(1e-12);
        if (h.t > 0 && sh.kind === "polygon") {
          // outward normal at the hit: the hit point is the shape's support point along it, and the ray comes against it
          expect(h.nx * dx + h.ny * dy).toBeLessThanOrEqual(1e-12);
          expect(Math.abs(supportOf(s, h.nx, h.ny, 0, 0) - (h.nx * h.x + h.ny * h.y))).toBeLessThanOrEqual(1e-9);
        }
        if (h.t > 0 && sh.kind === "segment") {
          // perpendicular to the segment, against the ray
          const [p, q] = s.core as [{ x: number; y: number }, { x: number; y: number }];
          expect(Math.abs(h.nx * (q.x - p.x) + h.ny * (q.y - p.y))).toBeLessThan(1e-9);
          expect(h.nx * dx + h.ny * dy).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 3000 },
    );
    expect(hits).toBeGreaterThan(500);
  });
});

/** The ray only touches the shape around t (the distance rises again right after). */
function grazing(s: RefShape, ox: number, oy: number, dx: number, dy: number, t: number): boolean {
  const f = (u: number) => coreDistance([{ x: ox + u * dx, y: oy + u * dy }], s.core) - s.radius;
  return f(t + 1e-6) > -1e-9;
}

function grazes(s: RefShape, h: Hit): boolean {
  return coreDistance([{ x: h.x, y: h.y }], s.core) - s.radius > -1e-9;
}
