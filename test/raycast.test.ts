import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB } from "../src/bodies/aabb.js";
import type { Body } from "../src/bodies/body.js";
import { Capsule } from "../src/bodies/capsule.js";
import { Circle } from "../src/bodies/circle.js";
import type { Vec2 } from "../src/math/vec2.js";
import { RaycastHitBuffer, exactDirection, raycastBody, raycastInto, unitDirection } from "../src/collision/narrowphase/raycast.js";
import { World } from "../src/world/full-world.js";
import { type CapsuleGeometry, referenceRaycastCapsule, withinRadius } from "./support/ray-capsule-reference.js";
import { quadraticRaycastCapsule } from "./support/ray-capsule-quadratic.js";
import { rng } from "./support/scenes.js";

const SQRT2 = Math.SQRT2;

/** Expect a hit with the given distance, point and normal (to 1e-12). */
function expectHit(
  hit: ReturnType<typeof raycastBody>,
  body: Body,
  distance: number,
  point: Vec2,
  normal: Vec2,
): void {
  expect(hit).not.toBeNull();
  if (hit === null) return;
  expect(hit.body).toBe(body);
  expect(hit.distance).toBeCloseTo(distance, 12);
  expect(hit.point.x).toBeCloseTo(point.x, 12);
  expect(hit.point.y).toBeCloseTo(point.y, 12);
  expect(hit.normal.x).toBeCloseTo(normal.x, 12);
  expect(hit.normal.y).toBeCloseTo(normal.y, 12);
}

describe("raycastBody: circle", () => {
  const c = new Circle({ position: { x: 1, y: 2 }, radius: 0.5 });

  it("hits from outside in several directions", () => {
    expectHit(raycastBody(c, { x: -3, y: 2 }, { x: 1, y: 0 }, 10), c, 3.5, { x: 0.5, y: 2 }, { x: -1, y: 0 });
    // A non-unit direction is normalised.
    expectHit(raycastBody(c, { x: 1, y: 10 }, { x: 0, y: -2 }, 10), c, 7.5, { x: 1, y: 2.5 }, { x: 0, y: 1 });
    // A 3-4-5 diagonal aimed at the centre from 5 m away.
    expectHit(raycastBody(c, { x: -2, y: -2 }, { x: 3, y: 4 }, 10), c, 4.5, { x: 0.7, y: 1.6 }, { x: -0.6, y: -0.8 });
  });

  it("hits off-centre at the near intersection of the line", () => {
    // Ray along y = 2.3 from the left: enters at x = 1 − √(0.25 − 0.09) = 0.6.
    expectHit(raycastBody(c, { x: -3, y: 2.3 }, { x: 1, y: 0 }, 10), c, 3.6, { x: 0.6, y: 2.3 }, { x: -0.8, y: 0.6 });
  });

  it("misses a ray that passes by or points away", () => {
    expect(raycastBody(c, { x: -3, y: 2.6 }, { x: 1, y: 0 }, 10)).toBeNull();
    expect(raycastBody(c, { x: -3, y: 2 }, { x: -1, y: 0 }, 10)).toBeNull();
    expect(raycastBody(c, { x: -3, y: 2 }, { x: 0, y: 1 }, 10)).toBeNull();
  });

  it("counts a grazing (tangent) ray as a hit", () => {
    expectHit(raycastBody(c, { x: -3, y: 2.5 }, { x: 1, y: 0 }, 10), c, 4, { x: 1, y: 2.5 }, { x: 0, y: 1 });
  });

  it("needs distance <= maxDistance", () => {
    expect(raycastBody(c, { x: -3, y: 2 }, { x: 1, y: 0 }, 3.4)).toBeNull();
    expect(raycastBody(c, { x: -3, y: 2 }, { x: 1, y: 0 }, 3.5)?.distance).toBe(3.5);
    expect(raycastBody(c, { x: -3, y: 2 }, { x: 1, y: 0 }, 0)).toBeNull();
    expect(raycastBody(c, { x: -3, y: 2 }, { x: 1, y: 0 })?.distance).toBe(3.5); // default Infinity
  });

  it("a ray starting inside or on the surface hits at distance 0 with normal = -direction", () => {
    expectHit(raycastBody(c, { x: 1.1, y: 2 }, { x: 0, y: 1 }, 10), c, 0, { x: 1.1, y: 2 }, { x: 0, y: -1 });
    expectHit(raycastBody(c, { x: 1.5, y: 2 }, { x: 1, y: 0 }, 10), c, 0, { x: 1.5, y: 2 }, { x: -1, y: 0 });
    // Even with maxDistance 0.
    expect(raycastBody(c, { x: 1, y: 2 }, { x: 1, y: 1 }, 0)?.distance).toBe(0);
  });
});

describe("raycastBody: capsule", () => {
  // Segment from (−2, 0) to (2, 0), radius 0.5.
  const cap = new Capsule({ position: { x: 0, y: 0 }, halfLength: 2, radius: 0.5 });

  it("hits the flat sides", () => {
    expectHit(raycastBody(cap, { x: 0, y: 5 }, { x: 0, y: -1 }, 10), cap, 4.5, { x: 0, y: 0.5 }, { x: 0, y: 1 });
    expectHit(raycastBody(cap, { x: 1.5, y: -3 }, { x: 0, y: 1 }, 10), cap, 2.5, { x: 1.5, y: -0.5 }, { x: 0, y: -1 });
    // Slanted: from (−1, 3) towards (0, −1) ... crosses y = 0.5 at x = −1 + 2.5 · (1/4) = −0.375.
    const d = { x: 1, y: -4 };
    const len = Math.sqrt(17);
    expectHit(raycastBody(cap, { x: -1, y: 3 }, d, 10), cap, (2.5 * len) / 4, { x: -0.375, y: 0.5 }, { x: 0, y: 1 });
  });

  it("a ray along the axis hits the end cap", () => {
    expectHit(raycastBody(cap, { x: 10, y: 0 }, { x: -1, y: 0 }, 20), cap, 7.5, { x: 2.5, y: 0 }, { x: 1, y: 0 });
    expectHit(raycastBody(cap, { x: -10, y: 0 }, { x: 1, y: 0 }, 20), cap, 7.5, { x: -2.5, y: 0 }, { x: -1, y: 0 });
  });

  it("a ray parallel to the axis hits the cap off-centre, or misses outside the strip", () => {
    // y = 0.3: the cap surface is at x = 2 + √(0.25 − 0.09) = 2.4, normal (0.4, 0.3) / 0.5.
    expectHit(raycastBody(cap, { x: 10, y: 0.3 }, { x: -1, y: 0 }, 20), cap, 7.6, { x: 2.4, y: 0.3 }, { x: 0.8, y: 0.6 });
    expect(raycastBody(cap, { x: 10, y: 0.6 }, { x: -1, y: 0 }, 20)).toBeNull();
    expect(raycastBody(cap, { x: 10, y: 0.3 }, { x: 1, y: 0 }, 20)).toBeNull();
  });

  it("a ray grazing along a side line touches the cap's top", () => {
    expectHit(raycastBody(cap, { x: 10, y: 0.5 }, { x: -1, y: 0 }, 20), cap, 8, { x: 2, y: 0.5 }, { x: 0, y: 1 });
  });

  it("a ray crossing the side line beyond the segment's end hits the cap, or misses", () => {
    // x = 2.3: cap surface at y = √(0.25 − 0.09) = 0.4, normal (0.3, 0.4) / 0.5.
    expectHit(raycastBody(cap, { x: 2.3, y: 5 }, { x: 0, y: -1 }, 10), cap, 4.6, { x: 2.3, y: 0.4 }, { x: 0.6, y: 0.8 });
    expectHit(raycastBody(cap, { x: -2.3, y: -5 }, { x: 0, y: 1 }, 10), cap, 4.6, { x: -2.3, y: -0.4 }, { x: -0.6, y: -0.8 });
    expect(raycastBody(cap, { x: 2.6, y: 5 }, { x: 0, y: -1 }, 10)).toBeNull();
  });

  it("handles rotated capsules", () => {
    // Vertical segment from (1, 0) to (1, 2), radius 0.25.
    const v = Capsule.fromSegment({ x: 1, y: 0 }, { x: 1, y: 2 }, 0.25);
    expectHit(raycastBody(v, { x: 1, y: 10 }, { x: 0, y: -1 }, 20), v, 7.75, { x: 1, y: 2.25 }, { x: 0, y: 1 });
    expectHit(raycastBody(v, { x: 5, y: 1.5 }, { x: -1, y: 0 }, 20), v, 3.75, { x: 1.25, y: 1.5 }, { x: 1, y: 0 });
    // A 3-4-5 capsule from (0, 0) to (4, 3), radius 1; a ray perpendicular to it
    // aimed at its middle (2, 1.5) from 5 m away.
    const d = Capsule.fromSegment({ x: 0, y: 0 }, { x: 4, y: 3 }, 1);
    expectHit(raycastBody(d, { x: -1, y: 5.5 }, { x: 0.6, y: -0.8 }, 20), d, 4, { x: 1.4, y: 2.3 }, { x: -0.6, y: 0.8 });
    // Along its axis from beyond B: hits B's cap at (4, 3) + (0.8, 0.6).
    expectHit(raycastBody(d, { x: 8, y: 6 }, { x: -4, y: -3 }, 20), d, 4, { x: 4.8, y: 3.6 }, { x: 0.8, y: 0.6 });
  });

  it("starting inside hits at distance 0", () => {
    expectHit(raycastBody(cap, { x: 1, y: 0.1 }, { x: 1, y: 0 }, 10), cap, 0, { x: 1, y: 0.1 }, { x: -1, y: 0 });
    expectHit(raycastBody(cap, { x: 2.3, y: 0.3 }, { x: 0, y: -1 }, 10), cap, 0, { x: 2.3, y: 0.3 }, { x: 0, y: 1 });
  });

  it("needs distance <= maxDistance", () => {
    expect(raycastBody(cap, { x: 0, y: 5 }, { x: 0, y: -1 }, 4.49)).toBeNull();
    expect(raycastBody(cap, { x: 2.3, y: 5 }, { x: 0, y: -1 }, 4.59)).toBeNull();
    expect(raycastBody(cap, { x: 10, y: 0 }, { x: -1, y: 0 }, 7.5)?.distance).toBe(7.5);
  });

  it("a capsule with halfLength 0 behaves as a circle", () => {
    const dot = new Capsule({ position: { x: 1, y: 2 }, halfLength: 0, radius: 0.5, angle: 0.7 });
    const circle = new Circle({ position: { x: 1, y: 2 }, radius: 0.5 });
    const rays: [Vec2, Vec2][] = [
      [{ x: -3, y: 2 }, { x: 1, y: 0 }],
      [{ x: -3, y: 2.3 }, { x: 1, y: 0 }],
      [{ x: -3, y: 2.5 }, { x: 1, y: 0 }],
      [{ x: -2, y: -2 }, { x: 3, y: 4 }],
      [{ x: -3, y: 2.6 }, { x: 1, y: 0 }],
      [{ x: 1.2, y: 2 }, { x: 0, y: 1 }],
    ];
    for (const [o, d] of rays) {
      const a = raycastBody(dot, o, d, 10);
      const b = raycastBody(circle, o, d, 10);
      expect(a === null).toBe(b === null);
      if (a && b) {
        expect(a.distance).toBe(b.distance);
        expect(a.point).toEqual(b.point);
        expect(a.normal).toEqual(b.normal);
      }
    }
  });
});

describe("raycastBody: AABB", () => {
  // x in [−1, 1], y in [−1, 2].
  const box = AABB.fromBounds({ x: -1, y: -1 }, { x: 1, y: 2 });

  it("hits each face from outside", () => {
    expectHit(raycastBody(box, { x: -5, y: 0 }, { x: 1, y: 0 }, 10), box, 4, { x: -1, y: 0 }, { x: -1, y: 0 });
    expectHit(raycastBody(box, { x: 3, y: 0 }, { x: -1, y: 0 }, 10), box, 2, { x: 1, y: 0 }, { x: 1, y: 0 });
    expectHit(raycastBody(box, { x: 0, y: 10 }, { x: 0, y: -1 }, 10), box, 8, { x: 0, y: 2 }, { x: 0, y: 1 });
    expectHit(raycastBody(box, { x: 0.5, y: -4 }, { x: 0, y: 1 }, 10), box, 3, { x: 0.5, y: -1 }, { x: 0, y: -1 });
  });

  it("diagonal rays enter through the slab entered last", () => {
    // From (−3, −2) along (1, 1): reaches x = −1 after 2, y = −1 after 1: the x face, at (−1, 0).
    expectHit(raycastBody(box, { x: -3, y: -2 }, { x: 1, y: 1 }, 10), box, 2 * SQRT2, { x: -1, y: 0 }, { x: -1, y: 0 });
    // From (0, 4) along (1, −1): it leaves the x slab (x = 1) after 1, before it enters the y slab
    // (y = 2) after 2, so it is never in both: a miss.
    expect(raycastBody(box, { x: 0, y: 4 }, { x: 1, y: -1 }, 10)).toBeNull();
    // From (−2, 4) along (1, −1): x = −1 after 1, y = 2 after 2: the top face at (0, 2).
    expectHit(raycastBody(box, { x: -2, y: 4 }, { x: 1, y: -1 }, 10), box, 2 * SQRT2, { x: 0, y: 2 }, { x: 0, y: 1 });
  });

  it("a ray through a corner reports the x face", () => {
    expectHit(raycastBody(box, { x: -3, y: -3 }, { x: 1, y: 1 }, 10), box, 2 * SQRT2, { x: -1, y: -1 }, { x: -1, y: 0 });
  });

  it("misses rays that pass by, point away, or run parallel outside a slab", () => {
    expect(raycastBody(box, { x: -5, y: 3 }, { x: 1, y: 0 }, 10)).toBeNull();
    expect(raycastBody(box, { x: -5, y: 0 }, { x: -1, y: 0 }, 10)).toBeNull();
    expect(raycastBody(box, { x: -5, y: 0 }, { x: 0, y: 1 }, 10)).toBeNull();
    expect(raycastBody(box, { x: -5, y: 0 }, { x: 1, y: 3 }, 10)).toBeNull();
  });

  it("a ray grazing along a face hits the corner where it arrives", () => {
    expectHit(raycastBody(box, { x: -5, y: 2 }, { x: 1, y: 0 }, 10), box, 4, { x: -1, y: 2 }, { x: -1, y: 0 });
    expectHit(raycastBody(box, { x: 1, y: -6 }, { x: 0, y: 1 }, 10), box, 5, { x: 1, y: -1 }, { x: 0, y: -1 });
  });

  it("needs distance <= maxDistance; starting inside hits at 0", () => {
    expect(raycastBody(box, { x: -5, y: 0 }, { x: 1, y: 0 }, 3.999)).toBeNull();
    expect(raycastBody(box, { x: -5, y: 0 }, { x: 1, y: 0 }, 4)?.distance).toBe(4);
    expectHit(raycastBody(box, { x: 0, y: 0 }, { x: 0, y: 1 }, 10), box, 0, { x: 0, y: 0 }, { x: 0, y: -1 });
    expectHit(raycastBody(box, { x: 1, y: 2 }, { x: 1, y: 0 }, 0), box, 0, { x: 1, y: 2 }, { x: -1, y: 0 });
  });

  it("puts the hit point exactly on the face", () => {
    const far = AABB.fromBounds({ x: 1e4, y: 1e4 }, { x: 1e4 + 0.3, y: 1e4 + 0.1 });
    const hit = raycastBody(far, { x: 0, y: 0 }, { x: 1e4, y: 1e4 + 0.05 }, Infinity);
    expect(hit).not.toBeNull();
    expect(hit!.point.x).toBe(far.position.x - far.halfWidth);
    expect(hit!.point.x).toBeCloseTo(1e4, 9);
    expect(hit!.normal).toEqual({ x: -1, y: 0 });
  });
});

describe("raycastBody: input checks", () => {
  const c = new Circle({ position: { x: 0, y: 0 }, radius: 1 });

  it("rejects a non-shape body", () => {
    expect(() => raycastBody({} as Body, { x: 0, y: 0 }, { x: 1, y: 0 }, 1)).toThrow(TypeError);
    expect(() => raycastBody(null as unknown as Body, { x: 0, y: 0 }, { x: 1, y: 0 }, 1)).toThrow(/body/);
  });

  it("rejects a bad origin or direction, naming it", () => {
    expect(() => raycastBody(c, { x: NaN, y: 0 }, { x: 1, y: 0 }, 1)).toThrow(RangeError);
    expect(() => raycastBody(c, { x: NaN, y: 0 }, { x: 1, y: 0 }, 1)).toThrow(/origin\.x.*NaN/);
    expect(() => raycastBody(c, { x: 0, y: Infinity }, { x: 1, y: 0 }, 1)).toThrow(/origin\.y/);
    expect(() => raycastBody(c, null as unknown as Vec2, { x: 1, y: 0 }, 1)).toThrow(TypeError);
    expect(() => raycastBody(c, { x: 0, y: 0 }, { x: 0, y: 0 }, 1)).toThrow(RangeError);
    expect(() => raycastBody(c, { x: 0, y: 0 }, { x: 0, y: 0 }, 1)).toThrow(/direction.*zero/);
    expect(() => raycastBody(c, { x: 0, y: 0 }, { x: 1, y: NaN }, 1)).toThrow(/direction\.y.*NaN/);
  });

  it("rejects a bad maxDistance, naming it; Infinity is allowed", () => {
    expect(() => raycastBody(c, { x: 5, y: 0 }, { x: -1, y: 0 }, NaN)).toThrow(RangeError);
    expect(() => raycastBody(c, { x: 5, y: 0 }, { x: -1, y: 0 }, NaN)).toThrow(/maxDistance.*NaN/);
    expect(() => raycastBody(c, { x: 5, y: 0 }, { x: -1, y: 0 }, -1)).toThrow(/maxDistance.*-1/);
    expect(() => raycastBody(c, { x: 5, y: 0 }, { x: -1, y: 0 }, "3" as unknown as number)).toThrow(TypeError);
    expect(raycastBody(c, { x: 5, y: 0 }, { x: -1, y: 0 }, Infinity)?.distance).toBe(4);
  });

  it("normalises tiny and huge directions without underflow or overflow", () => {
    expect(raycastBody(c, { x: 5, y: 0 }, { x: -1e-300, y: 0 }, 10)?.distance).toBe(4);
    expect(raycastBody(c, { x: 5, y: 5 }, { x: -1e300, y: -1e300 }, 10)?.distance).toBeCloseTo(5 * SQRT2 - 1, 12);
    const u = unitDirection({ x: 3e-300, y: 4e-300 });
    expect(u.x).toBeCloseTo(0.6, 12);
    expect(u.y).toBeCloseTo(0.8, 12);
  });

  it("exactDirection scales by a power of two only: the same ray, larger component in [0.5, 1)", () => {
    for (const d of [
      { x: 3e-300, y: 4e-300 },
      { x: -1e300, y: 7e299 },
      { x: 1, y: 1e-300 },
      { x: 0, y: -5e-324 },
      { x: 0.6, y: -0.8 },
      { x: -(2 ** 70) - 2 ** 18, y: 3 },
    ]) {
      const e = exactDirection(d);
      const m = Math.max(Math.abs(e.x), Math.abs(e.y));
      expect(m).toBeGreaterThanOrEqual(0.5);
      expect(m).toBeLessThan(1);
      // A power of two: e / d is the same for both components, and d is e times it exactly.
      const k = d.x !== 0 ? d.x / e.x : d.y / e.y;
      expect(Math.log2(k)).toBe(Math.round(Math.log2(k)));
      expect(e.x * k).toBe(d.x);
      expect(e.y * k).toBe(d.y);
    }
  });

  it("a capsule is cast along the direction exactly as given, whatever its length", () => {
    // θ = 1e-10 from the side of a capsule along the diagonal: rounding the
    // unit vector would turn the ray by up to 1e-16 rad, 1e-6 of θ.
    const cap = new Capsule({ position: { x: 1, y: 2 }, angle: Math.PI / 4, halfLength: 2, radius: 0.5 });
    const c = cap.rotCos;
    const s = cap.rotSin;
    const lx = Math.cos(1e-10);
    const ly = -Math.sin(1e-10);
    const d = { x: c * lx - s * ly, y: s * lx + c * ly };
    const o = { x: 1 + c * -3 - s * (0.5 + 2e-10), y: 2 + s * -3 + c * (0.5 + 2e-10) };
    const g = geometryOf(cap);
    for (const k of [1, 3, 1 / 7, 1e-200, 1e200]) {
      // (k·d is rounded, so each k is a slightly different ray: the reference casts each.)
      const dk = { x: k * d.x, y: k * d.y };
      const ref = referenceRaycastCapsule(g, { ox: o.x, oy: o.y, dx: dk.x, dy: dk.y, maxDistance: Infinity });
      expect(ref).toMatchObject({ hit: true, feature: "side" });
      const hit = raycastBody(cap, o, dk);
      expect(Math.abs(hit!.distance - ref.distance)).toBeLessThanOrEqual(1e-12 * ref.distance);
    }
  });
});

describe("raycastInto", () => {
  it("writes into the reused buffer and matches raycastBody", () => {
    const cap = Capsule.fromSegment({ x: 0, y: 0 }, { x: 4, y: 3 }, 1);
    const out = new RaycastHitBuffer();
    const d = unitDirection({ x: 0.6, y: -0.8 });
    expect(raycastInto(cap, -1, 5.5, d.x, d.y, 20, out)).toBe(true);
    expect(out.toHit()).toEqual(raycastBody(cap, { x: -1, y: 5.5 }, { x: 0.6, y: -0.8 }, 20));
  });

  it("leaves the buffer untouched on a miss", () => {
    const box = AABB.fromBounds({ x: -1, y: -1 }, { x: 1, y: 1 });
    const out = new RaycastHitBuffer();
    expect(raycastInto(box, -5, 0, 1, 0, 10, out)).toBe(true);
    const before = out.toHit();
    expect(raycastInto(box, -5, 3, 1, 0, 10, out)).toBe(false);
    expect(out.toHit()).toEqual(before);
    expect(new RaycastHitBuffer().toHit()).toBeNull();
  });
});

// ---- property: agreement with marching along the ray ----

/** An independent reference for each shape, written in world coordinates. */
interface Reference {
  /** Signed distance from p to the surface (negative inside). */
  sdf(x: number, y: number): number;
  /** Closest point of the shape's core (centre, segment or box) to p, for the normal check; null for boxes. */
  core(x: number, y: number): Vec2 | null;
}

function referenceOf(body: Body): Reference {
  if (body instanceof AABB) {
    const { x: cx, y: cy } = body.position;
    return {
      sdf(x, y) {
        const qx = Math.abs(x - cx) - body.halfWidth;
        const qy = Math.abs(y - cy) - body.halfHeight;
        const ox = Math.max(qx, 0);
        const oy = Math.max(qy, 0);
        return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0);
      },
      core: () => null,
    };
  }
  // Circle, or capsule: distance to a segment (a point for a circle) minus the radius.
  const [a, b] = body instanceof Capsule ? body.endpoints : [body.position, body.position];
  const closest = (x: number, y: number): Vec2 => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - a.x) * dx + (y - a.y) * dy) / len2));
    return { x: a.x + t * dx, y: a.y + t * dy };
  };
  return {
    sdf(x, y) {
      const q = closest(x, y);
      return Math.hypot(x - q.x, y - q.y) - body.radius;
    },
    core: closest,
  };
}

const coord = (lo: number, hi: number) => fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });

const arbBody: fc.Arbitrary<Body> = fc.oneof(
  fc
    .record({ x: coord(-3, 3), y: coord(-3, 3), r: coord(0.05, 2) })
    .map(({ x, y, r }) => new Circle({ position: { x, y }, radius: r })),
  fc
    .record({
      x: coord(-3, 3),
      y: coord(-3, 3),
      r: coord(0.05, 2),
      h: fc.oneof(fc.constant(0), coord(0, 3)),
      angle: coord(-Math.PI, Math.PI),
    })
    .map(({ x, y, r, h, angle }) => new Capsule({ position: { x, y }, radius: r, halfLength: h, angle })),
  fc
    .record({ x: coord(-3, 3), y: coord(-3, 3), hw: coord(0.05, 3), hh: coord(0.05, 3) })
    .map(({ x, y, hw, hh }) => new AABB({ position: { x, y }, halfWidth: hw, halfHeight: hh })),
);

/** Body, origin, a direction aimed near the body (so that both hits and misses are common), maxDistance. */
const arbCase = fc
  .record({
    body: arbBody,
    ox: coord(-8, 8),
    oy: coord(-8, 8),
    aimX: coord(-4, 4),
    aimY: coord(-4, 4),
    maxDistance: fc.oneof(fc.constant(Infinity), coord(0, 20)),
  })
  .filter(({ body, ox, oy, aimX, aimY }) => {
    const dx = body.position.x + aimX - ox;
    const dy = body.position.y + aimY - oy;
    return dx * dx + dy * dy > 1e-6;
  });

const STEP = 2e-3;
/** Every shape lies within 3√2 + 3 + 2 + 8√2 < 21 of any origin generated above. */
const MARCH_LIMIT = 25;
const EPS = 1e-9;

describe("raycastBody: property against marching along the ray", () => {
  it("agrees with a point-in-shape march to within one step (1000 random rays)", () => {
    let hits = 0;
    let misses = 0;
    fc.assert(
      fc.property(arbCase, ({ body, ox, oy, aimX, aimY, maxDistance }) => {
        const d = unitDirection({ x: body.position.x + aimX - ox, y: body.position.y + aimY - oy });
        const ref = referenceOf(body);
        const inside = (t: number) => ref.sdf(ox + t * d.x, oy + t * d.y) <= 0;
        const hit = raycastBody(body, { x: ox, y: oy }, d, maxDistance);

        // March: samples at k·STEP up to the limit, plus the limit itself.
        const limit = Math.min(maxDistance, MARCH_LIMIT);
        let prev = 0;
        let entry = -1;
        for (let k = 0; ; k++) {
          const s = Math.min(k * STEP, limit);
          if (inside(s)) {
            entry = s;
            break;
          }
          prev = s;
          if (s >= limit) break;
        }

        if (entry >= 0) {
          // The ray is inside at `entry` and was outside at `prev` (convex shapes:
          // the inside part of a ray is one interval), so it entered in between.
          expect(hit).not.toBeNull();
          if (entry === 0) expect(hit!.distance).toBeLessThanOrEqual(EPS);
          else {
            expect(hit!.distance).toBeGreaterThanOrEqual(prev - EPS);
            expect(hit!.distance).toBeLessThanOrEqual(entry + EPS);
          }
        } else if (hit !== null) {
          // The march can step over a sliver shorter than STEP: then the hit
          // must be a graze, never deeper than one step into the shape.
          for (let i = 0; i <= 100; i++) {
            const t = hit.distance + (i * STEP) / 100;
            expect(ref.sdf(ox + t * d.x, oy + t * d.y)).toBeGreaterThan(-STEP);
          }
        }

        if (hit === null) {
          misses++;
          return;
        }
        hits++;
        expect(hit.distance).toBeLessThanOrEqual(maxDistance);
        expect(Math.hypot(hit.normal.x, hit.normal.y)).toBeCloseTo(1, 12);
        if (hit.distance === 0) {
          expect(hit.point).toEqual({ x: ox, y: oy });
          // (raycastBody normalises d again, which may change its last bit.)
          expect(Math.abs(hit.normal.x + d.x)).toBeLessThanOrEqual(1e-15);
          expect(Math.abs(hit.normal.y + d.y)).toBeLessThanOrEqual(1e-15);
          expect(ref.sdf(ox, oy)).toBeLessThanOrEqual(EPS);
          return;
        }
        // The point is on the ray and on the surface; the normal faces the ray
        // and is the outward normal there.
        expect(Math.abs(hit.point.x - (ox + hit.distance * d.x))).toBeLessThanOrEqual(EPS);
        expect(Math.abs(hit.point.y - (oy + hit.distance * d.y))).toBeLessThanOrEqual(EPS);
        expect(Math.abs(ref.sdf(hit.point.x, hit.point.y))).toBeLessThanOrEqual(EPS);
        expect(hit.normal.x * d.x + hit.normal.y * d.y).toBeLessThanOrEqual(EPS);
        const q = ref.core(hit.point.x, hit.point.y);
        if (q !== null) {
          const len = Math.hypot(hit.point.x - q.x, hit.point.y - q.y);
          expect(Math.abs(hit.normal.x - (hit.point.x - q.x) / len)).toBeLessThanOrEqual(1e-6);
          expect(Math.abs(hit.normal.y - (hit.point.y - q.y) / len)).toBeLessThanOrEqual(1e-6);
        } else {
          // Box: an axis normal, on the face it names.
          const b = body;
          expect(Math.abs(hit.normal.x) + Math.abs(hit.normal.y)).toBe(1);
          if (hit.normal.x !== 0) expect(hit.point.x).toBe(b.position.x + hit.normal.x * b.halfWidth);
          else expect(hit.point.y).toBe(b.position.y + hit.normal.y * b.halfHeight);
        }
      }),
      // Report the first counterexample as is: shrinking floating-point inputs
      // through a march of up to 12 500 samples per try would take minutes.
      { numRuns: 1000, endOnFailure: true },
    );
    // The generator aims near the body, so both outcomes must be common.
    expect(hits).toBeGreaterThan(200);
    expect(misses).toBeGreaterThan(200);
  });
});

// ---- rays nearly parallel to a capsule's side, against an exact reference ----
//
// A ray at a small angle θ to a capsule's side meets the side line after
// (distance from the line) / sin θ, so its distance is only as accurate as
// sin θ and the distance from the line are: both are small differences of
// ordinary-sized numbers. These tests compare with test/support/ray-capsule-reference.ts,
// which computes the first hit exactly on the input doubles, and ask for the
// same agreement as any other ray: hit or miss alike, distance within 1e-9
// relative, the point on the ray at that distance, a unit normal on the right side.
//
// The one allowance is for touching. Let tol = TANGENT_TOL · (radius +
// halfLength + the origin's distance from the axis line). A ray that the
// reference says gets no deeper than tol into the capsule, or misses it by no
// more than tol, or whose line passes within tol of being tangent to the end
// circle the reference says it hits, is a touch: the answer turns on the last
// bits of the inputs. (Rounding the local coordinates of an origin far from the
// axis moves the ray's line by about 1e-16 of that distance, and near tangency
// the hit point moves with the square root of that.) Such a ray may be
// reported as a miss, or as a hit anywhere that touches the capsule to within
// tol, as well as correctly. (In practice the code gets every ray here right
// to about 1e-14 relative or better, and these tests pass even with
// TANGENT_TOL = 0; the allowance is for rays that really do touch.)

const REL = 1e-9;
const TANGENT_TOL = 1e-13;

/** The raw numbers of a capsule body, for the reference. */
function geometryOf(cap: Capsule): CapsuleGeometry {
  return {
    px: cap.position.x,
    py: cap.position.y,
    qc: cap.rotCos,
    qs: cap.rotSin,
    halfLength: cap.halfLength,
    radius: cap.radius,
  };
}

/**
 * Compares raycastBody with the exact reference for one ray; returns null if
 * they agree, else a short description of the disagreement.
 */
function disagreement(cap: Capsule, origin: Vec2, direction: Vec2, maxDistance = Infinity): string | null {
  const g = geometryOf(cap);
  // The reference casts along the direction exactly as given (not its rounded
  // unit vector): that is the ray the caller describes, and the one raycastBody casts.
  const u = unitDirection(direction);
  const ray = { ox: origin.x, oy: origin.y, dx: direction.x, dy: direction.y, maxDistance };
  const ref = referenceRaycastCapsule(g, ray);
  const hit = raycastBody(cap, origin, direction, maxDistance);
  // How far the origin is from the axis line: with the capsule's size, the scale of the rounding in the problem.
  const axial = Math.abs(g.qc * (origin.y - g.py) - g.qs * (origin.x - g.px));
  const tol = TANGENT_TOL * (g.radius + g.halfLength + axial);
  const near = (t: number) => withinRadius(g, ray, t, g.radius + tol);

  if (ref.inside) return hit !== null && hit.distance === 0 ? null : `inside: got ${hit ? hit.distance : "miss"}`;
  const tangentGap = ref.feature === "capA" ? ref.tangentGapA : ref.feature === "capB" ? ref.tangentGapB : Infinity;
  const touch = Math.abs(ref.gap) <= tol || Math.abs(tangentGap) <= tol;
  if (!ref.hit) {
    if (hit === null) return null;
    if (touch && near(hit.distance)) return null;
    return `hit at ${hit.distance}, reference misses by ${ref.gap}`;
  }
  const rel = hit === null ? Infinity : Math.abs(hit.distance - ref.distance) / ref.distance;
  if (touch && !(rel <= REL)) {
    // A touch: a miss or any point touching the capsule will do.
    if (hit === null || near(hit.distance)) return null;
    return `touching ${ref.feature} hit at ${ref.distance}: got ${hit.distance}, not touching`;
  }
  if (hit === null) return `miss, reference hits ${ref.feature} at ${ref.distance}`;
  if (!(rel <= REL)) return `${ref.feature} distance ${hit.distance} vs ${ref.distance} (rel ${rel.toExponential(1)})`;
  const pointTol = REL * (ref.distance + g.radius + g.halfLength) + 1e-15 * (Math.abs(origin.x) + Math.abs(origin.y));
  if (!(Math.hypot(hit.point.x - ref.point.x, hit.point.y - ref.point.y) <= pointTol)) {
    return `point (${hit.point.x}, ${hit.point.y}) vs (${ref.point.x}, ${ref.point.y})`;
  }
  if (!(Math.abs(Math.hypot(hit.normal.x, hit.normal.y) - 1) <= 1e-12)) return `normal not unit: ${hit.normal.x}, ${hit.normal.y}`;
  // An end circle's normal turns with the hit point: a point known to a few ulps of the distances
  // involved gives a normal known to that over the radius.
  const normalTol = 1e-6 + (1e-14 * (ref.distance + Math.hypot(origin.x - g.px, origin.y - g.py))) / g.radius;
  if (!(Math.hypot(hit.normal.x - ref.normal.x, hit.normal.y - ref.normal.y) <= normalTol)) {
    return `${ref.feature} normal (${hit.normal.x}, ${hit.normal.y}) vs (${ref.normal.x}, ${ref.normal.y})`;
  }
  if (!(hit.normal.x * u.x + hit.normal.y * u.y <= normalTol)) return `normal does not face the ray`;
  return null;
}

/** A point given in the capsule's frame (x along the segment, y across), in world coordinates. */
function toWorld(cap: Capsule, x: number, y: number): Vec2 {
  const c = cap.rotCos;
  const s = cap.rotSin;
  return { x: cap.position.x + c * x - s * y, y: cap.position.y + s * x + c * y };
}

/**
 * A ray nearly parallel to the capsule's side `side` (+1: local +y, −1: local −y):
 * it runs along the axis in direction `heading` (±1) and turns by `theta`
 * towards the axis (away from it if theta < 0), passes through the local point
 * `target`, and starts `length` before it.
 */
function nearParallelRay(
  cap: Capsule,
  side: number,
  heading: number,
  theta: number,
  target: Vec2,
  length: number,
): { origin: Vec2; direction: Vec2 } {
  const lx = heading * Math.cos(theta);
  const ly = -side * Math.sin(theta);
  const origin = toWorld(cap, target.x - length * lx, target.y - length * ly);
  const direction = unitDirection({ x: cap.rotCos * lx - cap.rotSin * ly, y: cap.rotSin * lx + cap.rotCos * ly });
  return { origin, direction };
}

const NEAR_PARALLEL_CAPSULES: [string, Capsule][] = [
  ["angle 0.3, h 2, r 0.5", new Capsule({ position: { x: 0, y: 0 }, angle: 0.3, halfLength: 2, radius: 0.5 })],
  ["angle -2.2, h 0.05, r 1", new Capsule({ position: { x: 3, y: -7 }, angle: -2.2, halfLength: 0.05, radius: 1 })],
  ["angle 1.1, h 10, r 0.1", new Capsule({ position: { x: -40, y: 25 }, angle: 1.1, halfLength: 10, radius: 0.1 })],
  ["3-4-5 segment, r 1", Capsule.fromSegment({ x: 0, y: 0 }, { x: 4, y: 3 }, 1)],
  ["angle 2.9 far from the world origin", new Capsule({ position: { x: 1000, y: -500 }, angle: 2.9, halfLength: 1, radius: 1 })],
  ["angle 0", new Capsule({ position: { x: 0.5, y: 0.25 }, halfLength: 3, radius: 0.25 })],
];
const THETAS = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12];
const SIGNS = [1, -1];

/** Runs every ray of a family and returns the disagreements (with the ray), so a failure shows how many. */
function checkFamily(
  rays: (cap: Capsule, side: number, heading: number, theta: number) => { origin: Vec2; direction: Vec2; maxDistance?: number }[],
): { total: number; failures: string[] } {
  const failures: string[] = [];
  let total = 0;
  for (const [name, cap] of NEAR_PARALLEL_CAPSULES) {
    for (const theta of THETAS) {
      for (const side of SIGNS) {
        for (const heading of SIGNS) {
          for (const { origin, direction, maxDistance } of rays(cap, side, heading, theta)) {
            total++;
            const why = disagreement(cap, origin, direction, maxDistance);
            if (why !== null) {
              failures.push(`${name}, θ ${theta}, side ${side}, heading ${heading}, origin (${origin.x}, ${origin.y}): ${why}`);
            }
          }
        }
      }
    }
  }
  return { total, failures };
}

function expectNoFailures({ total, failures }: { total: number; failures: string[] }): void {
  expect(failures.length, `${failures.length} of ${total} rays disagree, e.g.\n${failures.slice(0, 8).join("\n")}`).toBe(0);
}

describe("raycastBody: capsule, rays nearly parallel to a side (exact reference)", () => {
  it("the reference agrees with the exact cases above", () => {
    const cap = new Capsule({ position: { x: 0, y: 0 }, halfLength: 2, radius: 0.5 });
    const g = geometryOf(cap);
    const at = (ox: number, oy: number, dx: number, dy: number) =>
      referenceRaycastCapsule(g, { ox, oy, dx, dy, maxDistance: Infinity });
    expect(at(0, 5, 0, -1)).toMatchObject({ hit: true, distance: 4.5, feature: "side", side: 1 });
    expect(at(10, 0, -1, 0)).toMatchObject({ hit: true, distance: 7.5, feature: "capB" });
    // (0.3 is not exactly 3/10 in binary, so the exact answers differ from 7.6 and (0.8, 0.6) in the last bits.)
    const off = at(10, 0.3, -1, 0);
    expect(off).toMatchObject({ hit: true, feature: "capB" });
    expect(off.distance).toBeCloseTo(7.6, 14);
    expect(off.normal.x).toBeCloseTo(0.8, 14);
    expect(off.normal.y).toBeCloseTo(0.6, 14);
    expect(at(10, 0.5, -1, 0)).toMatchObject({ hit: true, distance: 8, gap: 0 });
    expect(at(10, 0.6, -1, 0)).toMatchObject({ hit: false });
    expect(at(1, 0.1, 1, 0)).toMatchObject({ hit: true, inside: true, distance: 0 });
    const cap2 = at(2.3, -5, 0, 1);
    expect(cap2).toMatchObject({ hit: true, feature: "capB" });
    expect(cap2.distance).toBeCloseTo(4.6, 14);
    expect(cap2.normal.x).toBeCloseTo(0.6, 14);
    expect(cap2.normal.y).toBeCloseTo(-0.8, 14);
    // A ray exactly parallel to the side, just outside it, misses by exactly that much.
    expect(at(-10, 0.5 + 2 ** -30, 1, 0)).toMatchObject({ hit: false, gap: 2 ** -30 });
    // 2⁻³⁰ outside the side line, sinking 2⁻⁴⁰ per unit (θ ≈ 9e-13): it meets the side line at x = 0 after exactly 1024.
    expect(at(-1024, 0.5 + 2 ** -30, 1, -(2 ** -40))).toMatchObject({ hit: true, t: 1024, feature: "side", point: { x: 0, y: 0.5 } });
  });

  it("hits the side from near origins (crossing at several points along it)", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const h = cap.halfLength;
        const rays = [];
        for (const a of [-0.8 * h, 0, 0.6 * h]) {
          for (const length of [0.1, 1, 3 * (h + cap.radius)]) {
            rays.push(nearParallelRay(cap, side, heading, theta, { x: a, y: side * cap.radius }, length));
          }
        }
        return rays;
      }),
    );
  });

  it("hits the side, or the end circles, from far origins", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const rays = [];
        for (const length of [1e3, 1e6, 1e9, 1e12]) {
          rays.push(nearParallelRay(cap, side, heading, theta, { x: 0, y: side * cap.radius }, length));
          // From far, at the distance where a ray 1e-3 outside the side line meets it.
          rays.push(nearParallelRay(cap, side, heading, theta, { x: -0.5 * heading * cap.halfLength, y: side * cap.radius }, Math.min(length, 1e-3 / theta)));
        }
        return rays;
      }),
    );
  });

  it("crossing the side line before the capsule: the end circle is hit first (or missed)", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const h = cap.halfLength;
        const r = cap.radius;
        const rays = [];
        // Crossing the side line u before the near end, then running inside the strip to the end circle.
        // 2r / θ is where it would leave through the other side line instead.
        for (const u of [1e-9 * r, 1e-3 * r, 0.5 * r, 3 * r, (0.5 * r) / theta, (1.9 * r) / theta, (1.999 * r) / theta, (2.001 * r) / theta]) {
          for (const length of [0.5, 100]) {
            rays.push(nearParallelRay(cap, side, heading, theta, { x: -heading * (h + u), y: side * r }, length));
          }
        }
        return rays;
      }),
    );
  });

  it("crossing the side line close to either end", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const h = cap.halfLength;
        const r = cap.radius;
        const rays = [];
        for (const end of SIGNS) {
          for (const u of [-1e-3, -1e-9, 0, 1e-9, 1e-3]) {
            for (const length of [1, 1e4]) {
              rays.push(nearParallelRay(cap, side, heading, theta, { x: end * (h + u * (h + r)), y: side * r }, length));
            }
          }
        }
        return rays;
      }),
    );
  });

  it("starting inside the strip beyond an end, running to the end circle", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const h = cap.halfLength;
        const r = cap.radius;
        const rays = [];
        for (const y of [0, 0.5, 0.99, 0.999999]) {
          for (const length of [0.5, 30, 1e5]) {
            // Aim at the end circle's point at height y·r (from the side `side`).
            const target = { x: -heading * (h + Math.sqrt(1 - y * y) * r), y: side * y * r };
            rays.push(nearParallelRay(cap, side, heading, theta, target, length));
          }
        }
        return rays;
      }),
    );
  });

  it("misses rays that run away from the side or past the capsule", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const h = cap.halfLength;
        const r = cap.radius;
        const rays = [];
        for (const length of [1, 1e3, 1e6]) {
          // Turned away from the axis, just outside the side line.
          const away = nearParallelRay(cap, side, heading, -theta, { x: 0, y: side * r * (1 + 1e-6) }, length);
          rays.push(away);
          // Crossing the side line beyond the far end.
          rays.push(nearParallelRay(cap, side, heading, theta, { x: heading * (h + 0.1 * r), y: side * r }, length));
        }
        return rays;
      }),
    );
  });

  it("respects maxDistance just short of and just past the hit", () => {
    expectNoFailures(
      checkFamily((cap, side, heading, theta) => {
        const rays = [];
        for (const length of [1, 1e4]) {
          const ray = nearParallelRay(cap, side, heading, theta, { x: 0.25 * cap.halfLength, y: side * cap.radius }, length);
          const g = geometryOf(cap);
          const ref = referenceRaycastCapsule(g, { ox: ray.origin.x, oy: ray.origin.y, dx: ray.direction.x, dy: ray.direction.y, maxDistance: Infinity });
          if (!ref.hit) continue;
          rays.push({ ...ray, maxDistance: ref.distance * (1 - 1e-7) }, { ...ray, maxDistance: ref.distance * (1 + 1e-7) });
        }
        return rays;
      }),
    );
  });

  it("property: random near-parallel rays agree with the exact reference", () => {
    const arb = fc.record({
      x: coord(-1e3, 1e3),
      y: coord(-1e3, 1e3),
      angle: coord(-Math.PI, Math.PI),
      h: coord(0.01, 10),
      r: coord(0.01, 5),
      side: fc.constantFrom(1, -1),
      heading: fc.constantFrom(1, -1),
      logTheta: coord(-12, -3),
      towards: fc.boolean(),
      along: coord(-1.5, 1.5), // where the ray meets the side line, in units of h + r
      across: coord(-0.1, 0.1), // how far outside (> 0) or inside the side line that point is, in units of r
      logLength: coord(-1, 12),
    });
    fc.assert(
      fc.property(arb, (p) => {
        const cap = new Capsule({ position: { x: p.x, y: p.y }, angle: p.angle, halfLength: p.h, radius: p.r });
        const theta = (p.towards ? 1 : -1) * 10 ** p.logTheta;
        const target = { x: p.along * (p.h + p.r), y: p.side * p.r * (1 + p.across) };
        const { origin, direction } = nearParallelRay(cap, p.side, p.heading, theta, target, 10 ** p.logLength);
        const why = disagreement(cap, origin, direction);
        if (why !== null) throw new Error(why);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: random rays in general agree with the exact reference too", () => {
    const arb = fc
      .record({
        x: coord(-3, 3),
        y: coord(-3, 3),
        angle: coord(-Math.PI, Math.PI),
        h: coord(0.001, 3),
        r: coord(0.05, 2),
        ox: coord(-8, 8),
        oy: coord(-8, 8),
        aimX: coord(-4, 4),
        aimY: coord(-4, 4),
      })
      .filter((p) => Math.hypot(p.x + p.aimX - p.ox, p.y + p.aimY - p.oy) > 1e-6);
    fc.assert(
      fc.property(arb, (p) => {
        const cap = new Capsule({ position: { x: p.x, y: p.y }, angle: p.angle, halfLength: p.h, radius: p.r });
        const why = disagreement(cap, { x: p.ox, y: p.oy }, { x: p.x + p.aimX - p.ox, y: p.y + p.aimY - p.oy });
        if (why !== null) throw new Error(why);
      }),
      { numRuns: 1000 },
    );
  });
});

// ---- grazing rays nearly parallel to a capsule's side ----
//
// A seeded set of 1,561 rays, each nearly parallel to a capsule's side (at an
// angle θ = 1e-12 to 1e-3 to it, towards or away from the axis) and tangent to
// one of the end circles to within a relative 1e-15 to 1e-9 of the radius
// (outside: a miss; inside: a hit on the circle, or on the flat side just
// before it when θ is small enough that the ray dips below the side line
// there). The direction is the one such a ray would be given: computed from
// cos θ and sin θ in the capsule's frame, so unit length only to within
// rounding, and for a quarter of the rays also scaled by a factor of 1e-6 to
// 1e6. The exact ray is along that direction, not along its rounded unit vector.
//
// Agreement: hit or miss alike wherever the reference's margin (how far the
// ray passes outside the capsule, or how deep it gets into it, over the
// radius) exceeds 1e-12; the distance within 1e-9 relative. At a margin of
// 1e-12 or less the ray touches: a miss is accepted, and so is a hit at a
// point within 1e-12·radius of the capsule. Exact tangency is a hit (the
// capsule is closed); the engine reports it as one (a zero discriminant is a hit).

interface GrazingRay {
  cap: Capsule;
  origin: Vec2;
  direction: Vec2;
  theta: number;
  margin: number;
}

function grazingRays(seed: number, count: number): GrazingRay[] {
  const random = rng(seed);
  const between = (a: number, b: number) => a + (b - a) * random();
  const sign = () => (random() < 0.5 ? 1 : -1);
  const rays: GrazingRay[] = [];
  while (rays.length < count) {
    const far = random() < 0.3;
    const spread = far ? 1e3 : 5;
    const cap = new Capsule({
      position: { x: between(-spread, spread), y: between(-spread, spread) },
      angle: between(-Math.PI, Math.PI),
      halfLength: 10 ** between(-2, 1),
      radius: 10 ** between(-2, 0.7),
      type: "static",
    });
    const h = cap.halfLength;
    const r = cap.radius;
    const side = sign();
    const heading = sign();
    const theta = sign() * 10 ** between(-12, -3); // > 0: towards the axis
    const end = sign();
    const margin = sign() * 10 ** between(-15, -9); // > 0: outside the circle
    // Local direction and its unit normal on the side `side`.
    const lx = heading * Math.cos(theta);
    const ly = -side * Math.sin(theta);
    const n = lx * side >= 0 ? { x: -ly, y: lx } : { x: ly, y: -lx };
    // The tangent point, pushed out (or in) by the margin; it must lie beyond the end.
    const tx = end * h + r * (1 + margin) * n.x;
    const ty = r * (1 + margin) * n.y;
    if (end * (tx - end * h) < 0) continue;
    const length = 10 ** between(-0.5, far ? 6 : 3);
    const ox = tx - length * lx;
    const oy = ty - length * ly;
    const c = cap.rotCos;
    const s = cap.rotSin;
    const scale = random() < 0.25 ? 10 ** between(-6, 6) : 1;
    const origin = { x: cap.position.x + c * ox - s * oy, y: cap.position.y + s * ox + c * oy };
    const direction = { x: scale * (c * lx - s * ly), y: scale * (s * lx + c * ly) };
    // From outside only (a short ray starting right at a point that dips inside is inside).
    const g = geometryOf(cap);
    if (referenceRaycastCapsule(g, { ox: origin.x, oy: origin.y, dx: direction.x, dy: direction.y, maxDistance: Infinity }).inside) continue;
    rays.push({ cap, origin, direction, theta, margin });
  }
  return rays;
}

/** The disagreement of one hit (raycastBody's or the world's) with the exact reference for a grazing ray, or null. */
function grazingDisagreement(ray: GrazingRay, hit: { distance: number } | null): string | null {
  const g = geometryOf(ray.cap);
  const exact = { ox: ray.origin.x, oy: ray.origin.y, dx: ray.direction.x, dy: ray.direction.y, maxDistance: Infinity };
  const ref = referenceRaycastCapsule(g, exact);
  const margin = Math.abs(ref.gap) / g.radius;
  const dlen = Math.hypot(ray.direction.x, ray.direction.y);
  if (margin <= 1e-12) {
    if (hit === null) return null;
    if (ref.hit && Math.abs(hit.distance - ref.distance) <= 1e-9 * ref.distance) return null;
    return withinRadius(g, exact, hit.distance / dlen, g.radius * (1 + 1e-12)) ? null : `touch: hit at ${hit.distance} not touching`;
  }
  if (!ref.hit) return hit === null ? null : `hit at ${hit.distance}, reference misses by ${ref.gap / g.radius} of r`;
  if (hit === null) return `miss, reference hits ${ref.feature} at ${ref.distance} (depth ${-ref.gap / g.radius} of r)`;
  const rel = Math.abs(hit.distance - ref.distance) / ref.distance;
  return rel <= 1e-9 ? null : `${ref.feature} at ${hit.distance} vs ${ref.distance} (rel ${rel.toExponential(1)})`;
}

describe("raycastBody and world.raycast: capsule, grazing rays nearly parallel to a side (1,561 seeded rays)", () => {
  const rays = grazingRays(33, 1561);

  it("the set grazes: both outcomes common, margins below 1e-8 of the radius", () => {
    let hits = 0;
    let side = 0;
    for (const ray of rays) {
      const g = geometryOf(ray.cap);
      const ref = referenceRaycastCapsule(g, { ox: ray.origin.x, oy: ray.origin.y, dx: ray.direction.x, dy: ray.direction.y, maxDistance: Infinity });
      expect(ref.inside).toBe(false);
      expect(Math.abs(ref.gap) / g.radius).toBeLessThan(1e-8);
      if (ref.hit) hits++;
      if (ref.feature === "side") side++;
    }
    expect(hits).toBeGreaterThan(500);
    expect(rays.length - hits).toBeGreaterThan(500);
    expect(side).toBeGreaterThan(20);
  });

  it("the two exact references (bisection on the exact distance; the side and cap quadratics) agree on every ray", () => {
    const failures: string[] = [];
    for (const ray of rays) {
      const g = geometryOf(ray.cap);
      const exact = { ox: ray.origin.x, oy: ray.origin.y, dx: ray.direction.x, dy: ray.direction.y, maxDistance: Infinity };
      const a = referenceRaycastCapsule(g, exact);
      const b = quadraticRaycastCapsule(g, exact);
      if (a.hit !== b.hit || (a.hit && (a.feature !== b.feature || !(Math.abs(a.distance - b.distance) <= 1e-12 * a.distance)))) {
        failures.push(`${a.hit ? `${a.feature} ${a.distance}` : "miss"} vs ${b.hit ? `${b.feature} ${b.distance}` : "miss"}`);
      }
    }
    expect(failures, failures.slice(0, 5).join("\n")).toEqual([]);
  });

  it("raycastBody agrees with the exact reference on every ray", () => {
    const failures: string[] = [];
    for (const ray of rays) {
      const why = grazingDisagreement(ray, raycastBody(ray.cap, ray.origin, ray.direction));
      if (why !== null) failures.push(`θ ${ray.theta.toExponential(1)}, margin ${ray.margin.toExponential(1)}: ${why}`);
    }
    expect(failures.length, `${failures.length} of ${rays.length} rays disagree, e.g.\n${failures.slice(0, 8).join("\n")}`).toBe(0);
  });

  it("world.raycast and world.raycastAll agree with the exact reference on every ray", () => {
    const failures: string[] = [];
    for (const ray of rays) {
      const world = new World({ gravity: { x: 0, y: 0 } });
      world.add(ray.cap);
      const hit = world.raycast(ray.origin, ray.direction);
      const all = world.raycastAll(ray.origin, ray.direction);
      world.remove(ray.cap);
      const why = grazingDisagreement(ray, hit) ?? grazingDisagreement(ray, all[0] ?? null);
      if (why !== null) failures.push(`θ ${ray.theta.toExponential(1)}, margin ${ray.margin.toExponential(1)}: ${why}`);
    }
    expect(failures.length, `${failures.length} of ${rays.length} rays disagree, e.g.\n${failures.slice(0, 8).join("\n")}`).toBe(0);
  });
});
