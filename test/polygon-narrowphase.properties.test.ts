/**
 * Property tests of the polygon and segment pairs (fast-check), like
 * narrowphase.properties.test.ts for the first shapes:
 *
 * - agreement with the support-function reference (test/support/polygon-reference.ts):
 *   depth to 1e-9 of the configuration's size, normal to 1e-6 where the
 *   minimising direction is unique, the deepest point carrying the depth and
 *   lying midway between the surfaces;
 * - symmetry: the pair in the other order (collidePolygons(b, a), or the
 *   hull routine with the shapes swapped for mixed pairs, segment–segment
 *   swapped) has the negated normal, the same depth and the same points;
 * - separation: moving B by normal × (depth + 1e-9) ends the contact, as the
 *   reference's exact distance confirms, and by normal × (depth − 1e-6) does not;
 * - feature ids: two points have different ids; resting face on face, ids do
 *   not change when B moves by 1e-4;
 * - polygon–AABB gives exactly polygon–polygon's manifold with the AABB as a box.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Manifold } from "../src/collision/narrowphase/manifold.js";
import { makeBox, makePolygon, makeRegularPolygon, makeSegment, type PolygonGeometry } from "../src/shapes/polygon.js";
import { gap, penetration, refScale, supportOf, type Penetration } from "./support/polygon-reference.js";
import {
  aabb,
  capsule,
  circle,
  collideAsHulls,
  collidePair,
  moveTo,
  placed,
  placedSegment,
  positionOf,
  ref,
  type Shape,
} from "./support/polygon-shapes.js";

const RUNS = Math.max(1000, Number(process.env.NARROWPHASE_RUNS ?? 0));
// The reference is slow: report a counterexample as found rather than shrink it for minutes.
fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true }); // keeping test/setup.ts's fixed seed (replacing the whole configuration dropped it: every run drew new cases)

// ---------------------------------------------------------------------------
// Generators

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const size = fc.double({ min: 0.05, max: 1.5, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const rounding = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 0.5, noNaN: true }));
const offset = fc.oneof(fc.constant(0), fc.double({ min: -1e4, max: 1e4, noNaN: true }));

const geometry: fc.Arbitrary<PolygonGeometry> = fc.oneof(
  fc
    .tuple(fc.array(fc.tuple(fc.double({ min: -1.5, max: 1.5, noNaN: true }), fc.double({ min: -1.5, max: 1.5, noNaN: true })), { minLength: 3, maxLength: 8 }), rounding)
    .map(([p, r]) => {
      try {
        return makePolygon(p.map(([x, y]) => ({ x, y })), r);
      } catch {
        return makeBox(0.5, 0.25, { radius: r }); // welded or collinear points
      }
    }),
  fc.tuple(size, size, rounding, angle, coord).map(([hw, hh, r, a, o]) => makeBox(hw, hh, { radius: r, angle: a, offset: { x: o / 3, y: 0 } })),
  fc.tuple(fc.integer({ min: 3, max: 8 }), size, rounding).map(([n, c, r]) => makeRegularPolygon(n, c, r)),
);

type Kind = Shape["kind"];

const shapeOf = (kind: Kind, ox: number, oy: number): fc.Arbitrary<Shape> => {
  switch (kind) {
    case "polygon":
      return fc.tuple(geometry, coord, coord, angle).map(([g, x, y, a]) => placed(g, ox + x, oy + y, a));
    case "segment":
      return fc
        .tuple(coord, coord, coord, coord, coord, coord, angle)
        .filter(([ax, ay, bx, by]) => Math.hypot(bx - ax, by - ay) > 0.01)
        .map(([ax, ay, bx, by, x, y, a]) => placedSegment(makeSegment({ x: ax / 2, y: ay / 2 }, { x: bx / 2, y: by / 2 }), ox + x, oy + y, a));
    case "circle":
      return fc.tuple(coord, coord, size).map(([x, y, r]) => circle(ox + x, oy + y, r));
    case "capsule":
      return fc.tuple(coord, coord, size, size, angle).map(([x, y, h, r, a]) => capsule(ox + x, oy + y, h, r, a));
    case "box":
      return fc.tuple(coord, coord, size, size).map(([x, y, hw, hh]) => aabb(ox + x, oy + y, hw, hh));
  }
};

const PAIRS: [Kind, Kind][] = [
  ["polygon", "polygon"],
  ["polygon", "circle"],
  ["polygon", "capsule"],
  ["polygon", "box"],
  ["polygon", "segment"],
  ["circle", "segment"],
  ["capsule", "segment"],
  ["segment", "box"],
  ["segment", "segment"],
];

const pairOf = (ka: Kind, kb: Kind): fc.Arbitrary<[Shape, Shape]> =>
  fc.tuple(offset, offset).chain(([ox, oy]) => fc.tuple(shapeOf(ka, ox, oy), shapeOf(kb, ox, oy)));

const margin = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true }));

// ---------------------------------------------------------------------------
// Checks

function checkReference(a: Shape, b: Shape, mg: number, p: Penetration): void {
  const m = collidePair(a, b, mg);
  const ra = ref(a);
  const rb = ref(b);
  const scale = refScale(ra, rb);
  const tol = 1e-9 * scale;
  if (Math.abs(p.depth + mg) <= tol) return; // exactly at the margin: either answer
  expect(m !== null, `contact expected: ${p.depth > -mg} (reference depth ${p.depth})`).toBe(p.depth > -mg);
  if (m === null) return;
  expect(Math.abs(m.depth - p.depth), `depth ${m.depth} vs ${p.depth}`).toBeLessThanOrEqual(tol);
  expect(Math.abs(Math.hypot(m.normal.x, m.normal.y) - 1)).toBeLessThan(1e-12);
  if (p.normalDefined) {
    // a tie (a circle at the centre of a regular polygon): another face of the same depth is as right
    const o0 = ra.core[0]!;
    const along = supportOf(ra, m.normal.x, m.normal.y, o0.x, o0.y) + supportOf(rb, -m.normal.x, -m.normal.y, o0.x, o0.y);
    if (!(Math.abs(along - p.depth) <= tol)) {
      expect(Math.hypot(m.normal.x - p.normalX, m.normal.y - p.normalY), `normal ${JSON.stringify(m.normal)} vs ${p.normalX}, ${p.normalY}`).toBeLessThanOrEqual(1e-6);
    }
  }
  expect(m.points.length === 1 || m.points.length === 2).toBe(true);
  let deepest = -Infinity;
  for (const q of m.points) {
    expect(Number.isInteger(q.id) && q.id >= 0 && q.id < 1024).toBe(true);
    expect(q.depth).toBeLessThanOrEqual(m.depth + tol);
    expect(q.depth).toBeGreaterThan(-mg - tol);
    deepest = Math.max(deepest, q.depth);
  }
  expect(Math.abs(deepest - m.depth)).toBeLessThanOrEqual(tol);
  if (m.points.length === 2) expect(m.points[0]!.id).not.toBe(m.points[1]!.id);
  if (!p.normalDefined) return;
  // the deepest point lies midway between the surfaces along the normal
  const q = m.points.find((pt) => pt.depth === deepest)!;
  const o = ra.core[0]!;
  const { x: nx, y: ny } = m.normal;
  const level = (q.x - o.x) * nx + (q.y - o.y) * ny;
  expect(Math.abs(level + q.depth / 2 - supportOf(ra, nx, ny, o.x, o.y))).toBeLessThanOrEqual(tol);
  expect(Math.abs(level - q.depth / 2 + supportOf(rb, -nx, -ny, o.x, o.y))).toBeLessThanOrEqual(tol);
}

function sameManifold(m1: Manifold | null, m2: Manifold | null, mg: number, tol: number, scale: number, normalDefined: boolean): void {
  if (m1 === null || m2 === null) {
    const other = m1 ?? m2;
    if (other !== null) expect(Math.abs(other.depth + mg)).toBeLessThanOrEqual(tol);
    return;
  }
  expect(Math.abs(m1.depth - m2.depth)).toBeLessThanOrEqual(tol);
  if (!normalDefined) return;
  const turn = Math.hypot(m1.normal.x + m2.normal.x, m1.normal.y + m2.normal.y);
  expect(turn).toBeLessThanOrEqual(1e-6);
  const ptol = tol + turn * scale;
  const inside = (from: Manifold, to: Manifold) => {
    for (const p of from.points) {
      if (p.depth <= -mg + ptol) continue;
      const match = to.points.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= ptol && Math.abs(p.depth - q.depth) <= ptol);
      expect(match, `point ${JSON.stringify(p)} in ${JSON.stringify(to.points)}`).toBe(true);
    }
  };
  inside(m1, m2);
  inside(m2, m1);
}

/** The other order: negated normal, same depth and points. */
function checkSymmetry(a: Shape, b: Shape, mg: number, p: Penetration): void {
  const ra = ref(a);
  const rb = ref(b);
  const scale = refScale(ra, rb);
  const tol = 1e-9 * scale;
  const defined = p.normalDefined;
  // two of a kind: the pair function itself both ways round
  if (a.kind === b.kind) sameManifold(collidePair(a, b, mg), collidePair(b, a, mg), mg, tol, scale, defined);
  // pairs built on the hull routine (every pair with a polygon): the routine both ways round
  if (a.kind === "polygon" || b.kind === "polygon") sameManifold(collideAsHulls(a, b, mg), collideAsHulls(b, a, mg), mg, tol, scale, defined);
}

function checkSeparation(a: Shape, b: Shape): void {
  const m = collidePair(a, b);
  if (m === null) return;
  const { x: bx, y: by } = positionOf(b);
  const { x: nx, y: ny } = m.normal;
  const scale = refScale(ref(a), ref(b));
  const eps = 1e-9 * Math.max(1, scale);
  moveTo(b, bx + nx * (m.depth + eps), by + ny * (m.depth + eps));
  expect(collidePair(a, b), `apart after moving by depth + ${eps}`).toBeNull();
  expect(gap(ref(a), ref(b))).toBeGreaterThan(0);
  if (m.depth > 1e-6) {
    // (a shallower contact would be moved apart, not 1e-6 short of it)
    moveTo(b, bx + nx * (m.depth - 1e-6), by + ny * (m.depth - 1e-6));
    expect(collidePair(a, b)).not.toBeNull();
    expect(gap(ref(a), ref(b))).toBeLessThanOrEqual(1e-12 * scale); // 0: cores meeting, radius 0 (or apart by rounding noise)
  }
  moveTo(b, bx, by);
}

function checkAll(a: Shape, b: Shape, mg: number): void {
  const p = penetration(ref(a), ref(b));
  checkReference(a, b, mg, p);
  checkSymmetry(a, b, mg, p);
}

// ---------------------------------------------------------------------------

describe("polygon narrowphase properties: random shapes", () => {
  for (const [ka, kb] of PAIRS) {
    it(`${ka} – ${kb}: reference, symmetry, ids`, () => {
      fc.assert(fc.property(pairOf(ka, kb), margin, ([a, b], mg) => checkAll(a, b, mg)), { numRuns: RUNS });
    });
    it(`${ka} – ${kb}: moving B by normal × depth separates`, () => {
      fc.assert(fc.property(pairOf(ka, kb), ([a, b]) => checkSeparation(a, b)), { numRuns: RUNS });
    });
  }
});

/**
 * B's face j set against A's face i: antiparallel within `tilt`, `lift` apart
 * along A's normal (negative: overlapping), shifted along the face by `slide`
 * (a fraction of A's face length).
 */
function faceOnFace(ga: PolygonGeometry, gb: PolygonGeometry, i: number, j: number, tilt: number, lift: number, slide: number, ox: number): [Shape, Shape] {
  const a = placed(ga, ox, 0, 0.3);
  const c = Math.cos(0.3);
  const s = Math.sin(0.3);
  const ni = { x: c * ga.nx[i]! - s * ga.ny[i]!, y: s * ga.nx[i]! + c * ga.ny[i]! };
  const k = (i + 1) % ga.count;
  const ai = { x: ox + c * ga.vx[i]! - s * ga.vy[i]!, y: s * ga.vx[i]! + c * ga.vy[i]! };
  const ak = { x: ox + c * ga.vx[k]! - s * ga.vy[k]!, y: s * ga.vx[k]! + c * ga.vy[k]! };
  // B's angle: its face j's normal turned onto −ni
  const angleB = Math.atan2(-ni.y, -ni.x) - Math.atan2(gb.ny[j]!, gb.nx[j]!) + tilt;
  const cb = Math.cos(angleB);
  const sb = Math.sin(angleB);
  const l = (j + 1) % gb.count;
  const mid = { x: 0.5 * (gb.vx[j]! + gb.vx[l]!), y: 0.5 * (gb.vy[j]! + gb.vy[l]!) };
  const midTurned = { x: cb * mid.x - sb * mid.y, y: sb * mid.x + cb * mid.y };
  const target = {
    x: ai.x + (ak.x - ai.x) * slide + ni.x * (lift + ga.radius + gb.radius),
    y: ai.y + (ak.y - ai.y) * slide + ni.y * (lift + ga.radius + gb.radius),
  };
  return [a, placed(gb, target.x - midTurned.x, target.y - midTurned.y, angleB)];
}

const resting = fc
  .tuple(geometry, geometry, fc.nat(7), fc.nat(7), fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: -0.05, max: 0.02, noNaN: true }), fc.double({ min: 0.1, max: 0.9, noNaN: true }), offset)
  .map(([ga, gb, i, j, tilt, lift, slide, ox]) => faceOnFace(ga, gb, i % ga.count, j % gb.count, tilt, lift, slide, ox));

/**
 * B's vertex j just off A's vertex i (`gap` apart, or overlapping when negative), along a
 * direction inside A's vertex normal cone (`spread` of the way from its middle to its edges),
 * B turned so that the direction back is the middle of its own vertex's cone: the closest
 * features are the two vertices.
 */
function vertexOnVertex(ga: PolygonGeometry, gb: PolygonGeometry, i: number, j: number, spread: number, gapAB: number, ox: number): [Shape, Shape] {
  const a = placed(ga, ox, 0, 0);
  const cone = (g: PolygonGeometry, k: number) => {
    const prev = (k + g.count - 1) % g.count;
    const lo = Math.atan2(g.ny[prev]!, g.nx[prev]!);
    let hi = Math.atan2(g.ny[k]!, g.nx[k]!);
    if (hi < lo) hi += 2 * Math.PI;
    return { mid: 0.5 * (lo + hi), half: 0.5 * (hi - lo) };
  };
  const ca = cone(ga, i);
  const dir = ca.mid + spread * ca.half;
  const d = { x: Math.cos(dir), y: Math.sin(dir) };
  const cb = cone(gb, j);
  const angleB = dir + Math.PI - cb.mid;
  const c = Math.cos(angleB);
  const s = Math.sin(angleB);
  const vj = { x: c * gb.vx[j]! - s * gb.vy[j]!, y: s * gb.vx[j]! + c * gb.vy[j]! };
  const dist = gapAB + ga.radius + gb.radius;
  const target = { x: ox + ga.vx[i]! + d.x * dist, y: ga.vy[i]! + d.y * dist };
  return [a, placed(gb, target.x - vj.x, target.y - vj.y, angleB)];
}

const cornerToCorner = fc
  .tuple(geometry, geometry, fc.nat(7), fc.nat(7), fc.double({ min: -0.9, max: 0.9, noNaN: true }), fc.double({ min: -0.02, max: 0.45, noNaN: true }), offset)
  .map(([ga, gb, i, j, spread, g, ox]) => vertexOnVertex(ga, gb, i % ga.count, j % gb.count, spread, g, ox));

describe("polygon narrowphase properties: hard configurations", () => {
  it("face on face, nearly parallel, touching, overlapping or within the margin", () => {
    fc.assert(
      fc.property(resting, margin, ([a, b], mg) => {
        checkAll(a, b, mg);
        checkSeparation(a, b);
      }),
      { numRuns: RUNS },
    );
  });

  it("vertex near vertex: apart within the margin (the distance between them), touching or just overlapping", () => {
    fc.assert(
      fc.property(cornerToCorner, margin, ([a, b], mg) => {
        checkAll(a, b, mg);
        checkSeparation(a, b);
      }),
      { numRuns: RUNS },
    );
  });

  it("face on face: the ids do not change when B moves by 1e-4", () => {
    const exact = fc
      .tuple(geometry, geometry, fc.nat(7), fc.nat(7), fc.double({ min: -0.04, max: -0.001, noNaN: true }), fc.double({ min: 0.2, max: 0.8, noNaN: true }))
      .map(([ga, gb, i, j, lift, slide]) => faceOnFace(ga, gb, i % ga.count, j % gb.count, 0, lift, slide, 0));
    let checked = 0;
    fc.assert(
      fc.property(exact, ([a, b]) => {
        const m = collidePair(a, b);
        expect(m).not.toBeNull();
        // two points well apart, both clearly overlapping: a resting contact
        if (m!.points.length !== 2 || Math.hypot(m!.points[0]!.x - m!.points[1]!.x, m!.points[0]!.y - m!.points[1]!.y) < 0.01) return;
        checked++;
        const ids = m!.points.map((p) => p.id).sort();
        const { x, y } = positionOf(b);
        for (const [dx, dy] of [[1e-4, 0], [-1e-4, 0], [0, 1e-4], [0, -1e-4]] as const) {
          moveTo(b, x + dx, y + dy);
          expect(collidePair(a, b)!.points.map((p) => p.id).sort()).toEqual(ids);
        }
        moveTo(b, x, y);
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS / 4);
  });

  it("polygon – AABB is polygon – polygon with the AABB as an unturned box", () => {
    fc.assert(
      fc.property(pairOf("polygon", "box"), margin, ([a, b], mg) => {
        if (b.kind !== "box") return;
        const asBox = placed(makeBox(b.s.halfWidth, b.s.halfHeight), b.s.position.x, b.s.position.y, 0);
        const m1 = collidePair(a, b, mg);
        const m2 = collidePair(a, asBox, mg);
        expect(m1 === null).toBe(m2 === null);
        if (m1 === null || m2 === null) return;
        expect(m1.normal).toEqual(m2.normal);
        expect(m1.depth).toBe(m2.depth);
        expect(m1.points.map((p) => [p.x, p.y, p.depth])).toEqual(m2.points.map((p) => [p.x, p.y, p.depth]));
      }),
      { numRuns: RUNS },
    );
  });

  it("one shape deep inside the other", () => {
    const deep = fc.tuple(geometry, fc.double({ min: 0.01, max: 0.2, noNaN: true }), coord, angle).map(([g, r, t, a]): [Shape, Shape] => [
      placed(g, 0, 0, a),
      circle(g.centroidX * 0.5 + t * 0.01, g.centroidY * 0.5, r),
    ]);
    fc.assert(fc.property(deep, margin, ([a, b], mg) => checkAll(a, b, mg)), { numRuns: RUNS });
  });
});
