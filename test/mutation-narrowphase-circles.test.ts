/**
 * The circle pair functions (circle–circle, circle–capsule, circle–box in
 * src/collision/narrowphase/) in general position, one rule at a time, worked out by hand: shapes
 * away from the origin, radii, half lengths and half sizes other than 1 (so that a `*` turned into
 * a `/` shows), every face, end and corner, the margin at its exact boundary, and the seam masks
 * of a box (hidden faces and corners, src/contacts/seams.ts). The feature ids are the ones
 * feature-id.ts documents. Written against surviving mutants of a mutation run (docs/testing.md).
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle } from "../src/entries/capsule2d.js";
import type { ManifoldBuffer } from "../src/collision/narrowphase/manifold.js";
import { runPair } from "./support/manifold-run.js";
import { BoxFeature, CapsuleFeature, CircleFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";

const run = runPair;

const circle = (x: number, y: number, radius: number) => new Circle({ position: { x, y }, radius });
const bit = (feature: BoxFeature) => 1 << feature;

/** One point, with the normal, depth, point (A's surface point along n moved back by half the depth) and id given. */
function expectOne(m: ManifoldBuffer | null, a: { x: number; y: number; r: number }, normal: [number, number], depth: number, id: number): void {
  expect(m).not.toBeNull();
  expect(m!.count).toBe(1);
  expect(m!.normalX).toBeCloseTo(normal[0], 12);
  expect(m!.normalY).toBeCloseTo(normal[1], 12);
  expect(m!.depth).toBeCloseTo(depth, 12);
  expect(m!.depth0).toBe(m!.depth);
  const k = a.r - 0.5 * depth;
  expect(m!.x0).toBeCloseTo(a.x + normal[0] * k, 12);
  expect(m!.y0).toBeCloseTo(a.y + normal[1] * k, 12);
  expect(m!.id0).toBe(id);
}

describe("circle–circle", () => {
  it("away from the origin, radii 0.75 and 0.5: normal along the centres, depth, the point between the surfaces", () => {
    const a = { x: 2, y: -1, r: 0.75 };
    const m = run(circle(a.x, a.y, a.r), circle(2.6, -0.2, 0.5)); // centres 1 apart along (0.6, 0.8)
    expectOne(m, a, [0.6, 0.8], 0.25, featureId(CircleFeature.CENTRE, CircleFeature.CENTRE, ClipEnd.NONE));
    // and swapped: the normal turns round, the point is the same
    const n = run(circle(2.6, -0.2, 0.5), circle(a.x, a.y, a.r))!;
    expect(n.normalX).toBeCloseTo(-0.6, 12);
    expect(n.x0).toBeCloseTo(m!.x0, 12);
    expect(n.y0).toBeCloseTo(m!.y0, 12);
  });

  it("a gap is a contact only within the margin (exact boundary: 1/4 apart, margin 1/4, none)", () => {
    const a = circle(1, 1, 0.25);
    const b = circle(1.375, 1.5, 0.125); // centres 5/8 apart, radii 3/8: gap 1/4
    expect(run(a, b, 0.25)).toBeNull();
    expectOne(run(a, b, 0.25 + 1e-9), { x: 1, y: 1, r: 0.25 }, [0.6, 0.8], -0.25, featureId(CircleFeature.CENTRE, CircleFeature.CENTRE, ClipEnd.NONE));
  });
});

describe("circle–capsule", () => {
  // The capsule: centre (1.5, −0.5), axis u = (0.6, 0.8), half length 1.25, radius 0.2; the circle
  // radius 0.3 (radii add to 0.5). Its up-perpendicular is n = (−0.8, 0.6).
  const ux = 0.6;
  const uy = 0.8;
  const h = 1.25;
  const cap = () => Capsule.fromSegment({ x: 1.5 - ux * h, y: -0.5 - uy * h }, { x: 1.5 + ux * h, y: -0.5 + uy * h }, 0.2);
  const rA = 0.3;

  for (const side of [1, -1]) {
    it(`a circle against the side (${side > 0 ? "up" : "down"}): the perpendicular, SIDE`, () => {
      // 0.4 along the axis from the centre, 0.4 off it on the `side` side: depth 0.1
      const a = { x: 1.5 + 0.4 * ux - side * 0.4 * 0.8, y: -0.5 + 0.4 * uy + side * 0.4 * 0.6, r: rA };
      const m = run(circle(a.x, a.y, rA), cap());
      expectOne(m, a, [side * 0.8, -side * 0.6], 0.1, featureId(CircleFeature.CENTRE, CapsuleFeature.SIDE, ClipEnd.NONE));
    });
  }

  for (const end of [0, 1]) {
    it(`a circle beyond end ${end}: the direction from the end point, END_${end}`, () => {
      // the end point, then 0.4 further along w = ±(0.28, 0.96)-ish: w = (0, 1) rotated to lie beyond the end
      const s = end === 1 ? 1 : -1;
      const ex = 1.5 + s * ux * h;
      const ey = -0.5 + s * uy * h;
      // w: beyond the end along the axis, tilted off it: w = s·(0.6·0.8 + 0.8·0.6 …) → take w = s·(0, 1)
      // (w·u = s·0.8 > 0 for end 1, < 0 for end 0: outside the end's normal cone boundary)
      const wx = 0;
      const wy = s;
      const a = { x: ex + 0.4 * wx, y: ey + 0.4 * wy, r: rA };
      const m = run(circle(a.x, a.y, rA), cap());
      expectOne(m, a, [-wx, -wy], 0.1, featureId(CircleFeature.CENTRE, end === 0 ? CapsuleFeature.END_0 : CapsuleFeature.END_1, ClipEnd.NONE));
    });
  }

  it("a circle level with an end but beside the axis touches the side", () => {
    // exactly across from end 1 (projection t = 1): the perpendicular, not the end's direction
    const ex = 1.5 + ux * h;
    const ey = -0.5 + uy * h;
    const a = { x: ex - 0.45 * 0.8, y: ey + 0.45 * 0.6, r: rA };
    const m = run(circle(a.x, a.y, rA), cap())!;
    expect(m.normalX).toBeCloseTo(0.8, 9);
    expect(m.normalY).toBeCloseTo(-0.6, 9);
    expect(m.depth).toBeCloseTo(0.05, 9);
  });

  it("a gap along the side exactly the margin is no contact (a level capsule: gap 3/8, margin 3/8)", () => {
    const level = Capsule.fromSegment({ x: -1.25, y: 0 }, { x: 1.25, y: 0 }, 0.25);
    expect(run(circle(0.5, 0.875, 0.25), level, 0.375)).toBeNull();
    expect(run(circle(0.5, 0.875, 0.25), level, 0.375 + 1e-9)!.depth).toBe(-0.375);
  });

  it("a circle centred on an end point: pushed out along the perpendicular (the end gives no direction)", () => {
    const ex = 1.5 + ux * h;
    const ey = -0.5 + uy * h;
    const m = run(circle(ex, ey, rA), cap())!;
    expect(m).not.toBeNull();
    expect(Number.isFinite(m.normalX) && Number.isFinite(m.normalY)).toBe(true);
    expect(Math.abs(m.normalX * ux + m.normalY * uy)).toBeLessThan(1e-9); // across the axis
    expect(Math.hypot(m.normalX, m.normalY)).toBeCloseTo(1, 12);
    expect(m.depth).toBeCloseTo(0.5, 9);
  });

  it("a centre 2e-12 beyond an end point is within the touch tolerance (3e-12 here): the perpendicular, not the axis", () => {
    const ex = 1.5 + ux * h + 2e-12 * ux;
    const ey = -0.5 + uy * h + 2e-12 * uy;
    const m = run(circle(ex, ey, rA), cap())!;
    expect(Math.abs(m.normalX * ux + m.normalY * uy)).toBeLessThan(1e-6);
    expect(m.depth).toBeCloseTo(0.5, 9);
  });

  for (const end of [0, 1]) {
    it(`a circle beyond end ${end}, almost level with it (just inside the end's cone): the direction from the end point, by the closed form`, () => {
      // d = end point − centre along ±(0.9, −0.68)/|…|: d·u = ∓0.004/|…|, so the centre is (just) beyond the end
      const s = end === 1 ? 1 : -1;
      const len = Math.hypot(0.9, -0.68);
      const dx = (s * 0.9) / len;
      const dy = (s * -0.68) / len;
      const ex = 1.5 + s * ux * h;
      const ey = -0.5 + s * uy * h;
      const a = { x: ex - 0.45 * dx, y: ey - 0.45 * dy, r: rA };
      expect(((dx * ux + dy * uy) * s) < 0).toBe(true);
      const m = run(circle(a.x, a.y, rA), cap())!;
      const dist = Math.hypot(ex - a.x, ey - a.y);
      expectOne(m, a, [(ex - a.x) / dist, (ey - a.y) / dist], 0.5 - dist, featureId(CircleFeature.CENTRE, end === 0 ? CapsuleFeature.END_0 : CapsuleFeature.END_1, ClipEnd.NONE));
    });
  }

  it("beyond the margin there is no contact, within it a negative depth", () => {
    const a = { x: 1.5 - 0.7 * 0.8, y: -0.5 + 0.7 * 0.6, r: rA }; // 0.7 off the axis: gap 0.2
    expect(run(circle(a.x, a.y, rA), cap(), 0.19)).toBeNull();
    expectOne(run(circle(a.x, a.y, rA), cap(), 0.21), a, [0.8, -0.6], -0.2, featureId(CircleFeature.CENTRE, CapsuleFeature.SIDE, ClipEnd.NONE));
    // far beyond the reach of the bounding circle, and near it but past the end
    expect(run(circle(10, 10, rA), cap(), 0.5)).toBeNull();
    const ex = 1.5 + ux * h;
    const ey = -0.5 + uy * h;
    expect(run(circle(ex + 0.6 * 0.6, ey + 0.6 * 0.8, rA), cap(), 0.05)).toBeNull(); // 0.6 beyond end 1: gap 0.1
    expect(run(circle(ex + 0.6 * 0.6, ey + 0.6 * 0.8, rA), cap(), 0.15)!.depth).toBeCloseTo(-0.1, 12);
  });
});

describe("circle–box", () => {
  // The box: centre (1, −2), half sizes (1.25, 0.75); the circle radius 0.3.
  const box = () => new AABB({ position: { x: 1, y: -2 }, halfWidth: 1.25, halfHeight: 0.75 });
  const r = 0.3;
  const faces = [
    { face: BoxFeature.TOP, out: [0, 1], at: [1.2, -1.25] },
    { face: BoxFeature.BOTTOM, out: [0, -1], at: [0.8, -2.75] },
    { face: BoxFeature.RIGHT, out: [1, 0], at: [2.25, -1.8] },
    { face: BoxFeature.LEFT, out: [-1, 0], at: [-0.25, -2.3] },
  ] as const;
  for (const f of faces) {
    it(`outside face ${f.face}: the normal into the face, depth 0.1, (CENTRE, face)`, () => {
      const a = { x: f.at[0] + f.out[0] * 0.2, y: f.at[1] + f.out[1] * 0.2, r };
      const id = featureId(CircleFeature.CENTRE, f.face, ClipEnd.NONE);
      expectOne(run(circle(a.x, a.y, r), box()), a, [-f.out[0], -f.out[1]], 0.1, id);
      // that face hidden by a neighbour: no contact (the neighbour holds it); others hidden: the same
      expect(run(circle(a.x, a.y, r), box(), 0, 0, bit(f.face))).toBeNull();
      const others = [BoxFeature.LEFT, BoxFeature.RIGHT, BoxFeature.BOTTOM, BoxFeature.TOP, BoxFeature.BOTTOM_LEFT, BoxFeature.BOTTOM_RIGHT, BoxFeature.TOP_LEFT, BoxFeature.TOP_RIGHT]
        .filter((g) => g !== f.face)
        .reduce((s, g) => s | bit(g), 0);
      expectOne(run(circle(a.x, a.y, r), box(), 0, 0, others), a, [-f.out[0], -f.out[1]], 0.1, id);
    });

    it(`inside, nearest face ${f.face}: pushed out through it (the normal from the circle to the box points in), depth r + the distance to the face`, () => {
      // 0.1 inside the face (the other faces further)
      const a = { x: f.at[0] - f.out[0] * 0.1, y: f.at[1] - f.out[1] * 0.1, r };
      expectOne(run(circle(a.x, a.y, r), box()), a, [-f.out[0], -f.out[1]], 0.4, featureId(CircleFeature.CENTRE, f.face, ClipEnd.NONE));
    });
  }

  const corners = [
    { corner: BoxFeature.TOP_RIGHT, c: [2.25, -1.25], w: [0.6, 0.8] },
    { corner: BoxFeature.TOP_LEFT, c: [-0.25, -1.25], w: [-0.6, 0.8] },
    { corner: BoxFeature.BOTTOM_RIGHT, c: [2.25, -2.75], w: [0.6, -0.8] },
    { corner: BoxFeature.BOTTOM_LEFT, c: [-0.25, -2.75], w: [-0.6, -0.8] },
  ] as const;
  for (const k of corners) {
    it(`outside corner ${k.corner}: the direction from the corner, (CENTRE, corner); diagonal gaps beyond the margin are none`, () => {
      const a = { x: k.c[0] + k.w[0] * 0.2, y: k.c[1] + k.w[1] * 0.2, r };
      const id = featureId(CircleFeature.CENTRE, k.corner, ClipEnd.NONE);
      expectOne(run(circle(a.x, a.y, r), box()), a, [-k.w[0], -k.w[1]], 0.1, id);
      expect(run(circle(a.x, a.y, r), box(), 0, 0, bit(k.corner))).toBeNull();
      // 0.45 from the corner along the diagonal: each axis within r + margin (0.27, 0.36 < 0.4), the distance (0.15 gap) not
      const far = { x: k.c[0] + k.w[0] * 0.45, y: k.c[1] + k.w[1] * 0.45 };
      expect(run(circle(far.x, far.y, r), box(), 0.1)).toBeNull();
      expect(run(circle(far.x, far.y, r), box(), 0.2)!.depth).toBeCloseTo(-0.15, 12);
    });
  }

  it("a corner gap exactly the margin is no contact (3/8, 1/2 from the corner: 5/8; radius 1/4, margin 3/8)", () => {
    const b = new AABB({ position: { x: 1, y: -2 }, halfWidth: 1.25, halfHeight: 0.75 });
    expect(run(circle(2.625, -0.75, 0.25), b, 0.375)).toBeNull();
    expect(run(circle(2.625, -0.75, 0.25), b, 0.375 + 1e-9)!.depth).toBe(-0.375);
  });

  it("a centre level with the box's centre counts as above it (dy = 0: out through the top), and on its centre line as right of it", () => {
    // the wide box: centre (1, −2), half sizes (1.25, 0.75); the circle at mid height, 0.1 right of
    // the centre: the top (0.75 away) is nearer than the right face (1.15)
    const a = { x: 1.1, y: -2, r };
    expectOne(run(circle(a.x, a.y, r), box()), a, [0, -1], r + 0.75, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    // the top hidden: out through the right face
    expectOne(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.TOP)), a, [-1, 0], r + 1.15, featureId(CircleFeature.CENTRE, BoxFeature.RIGHT, ClipEnd.NONE));
    // the bottom hidden changes nothing (dy = 0 is above)
    expectOne(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.BOTTOM)), a, [0, -1], r + 0.75, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    // a tall box (half sizes 0.5, 1.5) at (1, −2), the circle on its centre line 0.2 below the
    // centre: the right face (0.5 away) is nearer than the bottom (1.3)
    const tall = () => new AABB({ position: { x: 1, y: -2 }, halfWidth: 0.5, halfHeight: 1.5 });
    const b = { x: 1, y: -2.2, r };
    expectOne(run(circle(b.x, b.y, r), tall()), b, [-1, 0], r + 0.5, featureId(CircleFeature.CENTRE, BoxFeature.RIGHT, ClipEnd.NONE));
    expectOne(run(circle(b.x, b.y, r), tall(), 0, 0, bit(BoxFeature.LEFT)), b, [-1, 0], r + 0.5, featureId(CircleFeature.CENTRE, BoxFeature.RIGHT, ClipEnd.NONE));
    expectOne(run(circle(b.x, b.y, r), tall(), 0, 0, bit(BoxFeature.RIGHT)), b, [0, 1], r + 1.3, featureId(CircleFeature.CENTRE, BoxFeature.BOTTOM, ClipEnd.NONE));
  });

  it("inside with the nearest face hidden: out through the other axis; both hidden: none", () => {
    // centre 0.1 below the top face and 0.3 left of the right face: nearest the top
    const a = { x: 1.95, y: -1.35, r };
    expectOne(run(circle(a.x, a.y, r), box()), a, [0, -1], 0.4, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    expectOne(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.TOP)), a, [-1, 0], 0.6, featureId(CircleFeature.CENTRE, BoxFeature.RIGHT, ClipEnd.NONE));
    // the right face hidden: still the top (it was the nearest anyway); the far faces hidden: the same
    expectOne(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.RIGHT)), a, [0, -1], 0.4, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    expectOne(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.LEFT) | bit(BoxFeature.BOTTOM)), a, [0, -1], 0.4, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    expect(run(circle(a.x, a.y, r), box(), 0, 0, bit(BoxFeature.TOP) | bit(BoxFeature.RIGHT))).toBeNull();
    // nearest the right face (0.1), the right face hidden: out through the top (0.3 away)
    const b = { x: 2.15, y: -1.55, r };
    expectOne(run(circle(b.x, b.y, r), box()), b, [-1, 0], 0.4, featureId(CircleFeature.CENTRE, BoxFeature.RIGHT, ClipEnd.NONE));
    expectOne(run(circle(b.x, b.y, r), box(), 0, 0, bit(BoxFeature.RIGHT)), b, [0, -1], 0.6, featureId(CircleFeature.CENTRE, BoxFeature.TOP, ClipEnd.NONE));
    // the same in the lower-left quarter
    const c = { x: 0.05, y: -2.65, r };
    expectOne(run(circle(c.x, c.y, r), box()), c, [0, 1], 0.4, featureId(CircleFeature.CENTRE, BoxFeature.BOTTOM, ClipEnd.NONE));
    expectOne(run(circle(c.x, c.y, r), box(), 0, 0, bit(BoxFeature.BOTTOM)), c, [1, 0], 0.6, featureId(CircleFeature.CENTRE, BoxFeature.LEFT, ClipEnd.NONE));
    expect(run(circle(c.x, c.y, r), box(), 0, 0, bit(BoxFeature.BOTTOM) | bit(BoxFeature.LEFT))).toBeNull();
  });

  it("the box as the first shape: the same contact with the normal turned round", () => {
    const a = { x: 1.2, y: -1.25 + 0.2 };
    const m = run(box(), circle(a.x, a.y, r))!;
    expect(m.normalX).toBeCloseTo(0, 15);
    expect(m.normalY).toBe(1);
    expect(m.depth).toBeCloseTo(0.1, 12);
  });
});
