/**
 * Property tests of the narrowphase (fast-check, ≥ 1000 runs per property).
 *
 * - symmetry: collide(b, a) has the negated normal, the same depth and the same points;
 * - feature ids: the two points of a manifold have different ids, and for
 *   shapes of different kinds collide(b, a) gives every point the same id
 *   (the same pair function runs, with the bodies swapped back);
 * - separation: moving B by normal × (depth + 1e-9) ends the contact, by
 *   normal × (depth − 1e-6) does not;
 * - agreement with the support-function reference in test/support/reference.ts
 *   (depth to 1e-9 of the configuration's size, normal to 1e-6 where the
 *   minimising direction is unique, see `Reference.normalDefined`), plus the
 *   manifold's own invariants (points midway between the surfaces, the
 *   deepest point carrying the manifold depth);
 * on random shapes and on generators aimed at the hard cases: parallel,
 * crossing, end point against end point, one shape inside another, degenerate.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, CAPSULE, CIRCLE } from "../src/entries/capsule2d.js";
import type { Body } from "../src/bodies/body.js";
import { collide } from "../src/collision/narrowphase/collide.js";
import type { Manifold } from "../src/collision/narrowphase/manifold.js";
import { reference, scaleOf, support } from "./support/reference.js";

/**
 * At least 1000 runs per property; set NARROWPHASE_RUNS for a longer local soak. Mutation runs
 * (vitest.mutate.config.ts) set MUTATION_PROPERTY_RUNS: each surviving mutant reruns these tests,
 * and a mutant that 1000 runs catch is nearly always caught by the first 100.
 */
const RUNS = process.env.MUTATION_PROPERTY_RUNS !== undefined ? Number(process.env.MUTATION_PROPERTY_RUNS) : Math.max(1000, Number(process.env.NARROWPHASE_RUNS ?? 0));

// ---------------------------------------------------------------------------
// Shapes

interface Spec {
  kind: 0 | 1 | 2;
  x: number;
  y: number;
  angle: number;
  /** radius (circle, capsule) or half width (box) */
  s1: number;
  /** half length (capsule) or half height (box) */
  s2: number;
}

interface Frame {
  /** Added to every position (large coordinates). */
  ox: number;
  oy: number;
  /** Multiplies every length (tiny shapes). */
  k: number;
}

const IDENTITY: Frame = { ox: 0, oy: 0, k: 1 };

function build(s: Spec, f: Frame = IDENTITY): Body {
  const position = { x: f.ox + s.x * f.k, y: f.oy + s.y * f.k };
  if (s.kind === 0) return new Circle({ position, radius: s.s1 * f.k });
  if (s.kind === 1) return new Capsule({ position, radius: s.s1 * f.k, halfLength: s.s2 * f.k, angle: s.angle });
  return new AABB({ position, halfWidth: s.s1 * f.k, halfHeight: s.s2 * f.k });
}

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const size = fc.double({ min: 0.05, max: 1.5, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const spec: fc.Arbitrary<Spec> = fc.record({
  kind: fc.constantFrom(0 as const, 1 as const, 2 as const),
  x: coord,
  y: coord,
  angle,
  s1: size,
  s2: size,
});
const frame: fc.Arbitrary<Frame> = fc.oneof(
  fc.constant(IDENTITY),
  fc.record({ ox: fc.double({ min: -1e4, max: 1e4, noNaN: true }), oy: fc.double({ min: -1e4, max: 1e4, noNaN: true }), k: fc.constant(1) }),
  fc.record({ ox: fc.constant(0), oy: fc.constant(0), k: fc.constant(1e-3) }),
);
const margin = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.5, noNaN: true }));

// ---------------------------------------------------------------------------
// Checks

/** Compare collide(a, b, margin) with the reference and with the manifold's own invariants. */
function checkReference(a: Body, b: Body, mg: number): void {
  const m = collide(a, b, mg);
  const ref = reference(a, b);
  const scale = scaleOf(a, b);
  const tol = 1e-9 * scale;
  // Exactly at the margin the answer may go either way.
  if (Math.abs(ref.depth + mg) <= tol) return;
  expect(m !== null, `contact expected: ${ref.depth > -mg}`).toBe(ref.depth > -mg);
  if (m === null) return;
  expect(Math.abs(m.depth - ref.depth)).toBeLessThanOrEqual(tol);
  expect(Math.abs(Math.hypot(m.normal.x, m.normal.y) - 1)).toBeLessThan(1e-12);
  if (ref.normalDefined) {
    expect(Math.hypot(m.normal.x - ref.normalX, m.normal.y - ref.normalY)).toBeLessThanOrEqual(1e-6);
  }
  checkPoints(a, b, m, mg, tol, ref.normalDefined);
}

function checkPoints(a: Body, b: Body, m: Manifold, mg: number, tol: number, normalDefined: boolean): void {
  expect(m.points.length === 1 || m.points.length === 2).toBe(true);
  let deepest = -Infinity;
  for (const p of m.points) {
    expect(Number.isInteger(p.id) && p.id >= 0).toBe(true);
    expect(p.depth).toBeLessThanOrEqual(m.depth + tol);
    expect(p.depth).toBeGreaterThan(-mg - tol);
    deepest = Math.max(deepest, p.depth);
  }
  expect(Math.abs(deepest - m.depth)).toBeLessThanOrEqual(tol);
  // The deepest point lies midway between the surfaces: A's extreme level along
  // n is half its depth above it, B's lowest level half its depth below. (Only
  // where the normal is unique: when the shapes touch at a vertex of their
  // Minkowski difference, a direction that separates them after exactly
  // `depth` need not minimise the projected overlap h_A(n) + h_B(−n).)
  if (!normalDefined) return;
  const p = m.points.find((q) => q.depth === deepest)!;
  const { x: nx, y: ny } = m.normal;
  const ox = a.position.x;
  const oy = a.position.y;
  const level = (p.x - ox) * nx + (p.y - oy) * ny;
  expect(Math.abs(level + p.depth / 2 - support(a, nx, ny, ox, oy))).toBeLessThanOrEqual(tol);
  expect(Math.abs(level - p.depth / 2 + support(b, -nx, -ny, ox, oy))).toBeLessThanOrEqual(tol);
}

/** collide(b, a): negated normal, same depth, same points (by position and depth). */
function checkSymmetry(a: Body, b: Body, mg: number): void {
  const m1 = collide(a, b, mg);
  const m2 = collide(b, a, mg);
  const tol = 1e-9 * scaleOf(a, b);
  if (m1 === null || m2 === null) {
    // Only a rounding-level difference at the margin may make one of them null.
    const other = m1 ?? m2;
    if (other !== null) expect(Math.abs(other.depth + mg)).toBeLessThanOrEqual(tol);
    return;
  }
  expect(Math.abs(m1.depth - m2.depth)).toBeLessThanOrEqual(tol);
  // Where the normal is not unique (coincident shapes, parallel faces of equal
  // depth...) each order makes its own documented choice: compare depths only.
  if (!reference(a, b).normalDefined) return;
  const turn = Math.hypot(m1.normal.x + m2.normal.x, m1.normal.y + m2.normal.y);
  expect(turn).toBeLessThanOrEqual(1e-6);
  // Same point set; a second point whose depth is within rounding of −margin
  // may be kept by one order and dropped by the other. When the two orders
  // settle a near tie between two normals differently (within the 1e-6
  // above), points measured along them may move by up to turn × size.
  const ptol = tol + turn * scaleOf(a, b);
  const sameSet = (from: Manifold, to: Manifold) => {
    for (const p of from.points) {
      if (p.depth <= -mg + ptol) continue;
      const match = to.points.some((q) => Math.hypot(p.x - q.x, p.y - q.y) <= ptol && Math.abs(p.depth - q.depth) <= ptol);
      expect(match, `point ${JSON.stringify(p)} in ${JSON.stringify(to.points)}`).toBe(true);
    }
  };
  sameSet(m1, m2);
  sameSet(m2, m1);
}

/** The shape a body collides as: a capsule with halfLength 0 is a circle. */
function collidesAs(b: Body): number {
  return b.kind === CAPSULE && b.halfLength === 0 ? CIRCLE : b.kind;
}

/**
 * The two points of a manifold have different ids; for shapes of different
 * kinds, collide(b, a) gives each point the same id as collide(a, b). (Two
 * shapes of the same kind swap roles, so their ids may differ.)
 */
function checkIds(a: Body, b: Body, mg: number): void {
  const m1 = collide(a, b, mg);
  if (m1 === null) return;
  if (m1.points.length === 2) expect(m1.points[0]!.id).not.toBe(m1.points[1]!.id);
  if (collidesAs(a) === collidesAs(b)) return;
  const m2 = collide(b, a, mg);
  expect(m2).not.toBeNull();
  expect(m2!.points.map((p) => [p.x, p.y, p.id])).toEqual(m1.points.map((p) => [p.x, p.y, p.id]));
}

/** Moving B by normal × (depth + 1e-9) separates; by normal × (depth − 1e-6) does not. */
function checkSeparation(a: Body, b: Body): void {
  const m = collide(a, b);
  if (m === null) return;
  const { x: bx, y: by } = b.position;
  const { x: nx, y: ny } = m.normal;
  b.setPosition({ x: bx + nx * (m.depth + 1e-9), y: by + ny * (m.depth + 1e-9) });
  expect(collide(a, b)).toBeNull();
  b.setPosition({ x: bx + nx * (m.depth - 1e-6), y: by + ny * (m.depth - 1e-6) });
  expect(collide(a, b)).not.toBeNull();
  b.setPosition({ x: bx, y: by });
}

/** Reference, symmetry and id checks on one configuration. */
function checkAll(a: Body, b: Body, mg: number): void {
  checkReference(a, b, mg);
  checkSymmetry(a, b, mg);
  checkIds(a, b, mg);
}

// ---------------------------------------------------------------------------
// Generators for the hard cases (built in a unit frame, then moved/scaled)

/** Two capsules with (nearly) the same axis, side by side and overlapping along their length. */
const parallelCapsules = fc
  .record({
    angle,
    tilt: fc.constantFrom(0, 1e-12, 1e-9, 1e-6, 1e-3, 0.05, Math.PI),
    h1: size,
    h2: size,
    r1: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
    r2: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
    along: fc.double({ min: -2.5, max: 2.5, noNaN: true }),
    side: fc.double({ min: -1.3, max: 1.3, noNaN: true }),
  })
  .map((g): [Spec, Spec] => {
    const ux = Math.cos(g.angle);
    const uy = Math.sin(g.angle);
    const off = g.side * (g.r1 + g.r2);
    return [
      { kind: 1, x: 0, y: 0, angle: g.angle, s1: g.r1, s2: g.h1 },
      { kind: 1, x: ux * g.along - uy * off, y: uy * g.along + ux * off, angle: g.angle + g.tilt, s1: g.r2, s2: g.h2 },
    ];
  });

/** A capsule lying (nearly) along a face of a box, or a box on a box. */
const onFace = fc
  .record({
    kindA: fc.constantFrom(1 as const, 2 as const),
    face: fc.integer({ min: 0, max: 3 }),
    tilt: fc.constantFrom(0, 1e-9, 1e-4, 0.02, -0.02),
    hw: size,
    hh: size,
    h: size,
    r: fc.double({ min: 0.02, max: 0.5, noNaN: true }),
    along: fc.double({ min: -2, max: 2, noNaN: true }),
    sink: fc.double({ min: -0.2, max: 0.3, noNaN: true }),
  })
  .map((g): [Spec, Spec] => {
    // Face normals by index: +y, −y, +x, −x.
    const nx = g.face === 2 ? 1 : g.face === 3 ? -1 : 0;
    const ny = g.face === 0 ? 1 : g.face === 1 ? -1 : 0;
    const box: Spec = { kind: 2, x: 0, y: 0, angle: 0, s1: g.hw, s2: g.hh };
    const ext = nx !== 0 ? g.hw : g.hh;
    if (g.kindA === 1) {
      const d = ext + g.r - g.sink;
      const angle = (nx !== 0 ? Math.PI / 2 : 0) + g.tilt;
      return [{ kind: 1, x: nx * d - ny * g.along, y: ny * d + nx * g.along, angle, s1: g.r, s2: g.h }, box];
    }
    const other: Spec = { kind: 2, x: 0, y: 0, angle: 0, s1: g.h, s2: g.r + 0.1 };
    const d = ext + (nx !== 0 ? other.s1 : other.s2) - g.sink;
    return [box, { ...other, x: nx * d - ny * g.along, y: ny * d + nx * g.along }];
  });

/** Capsules (or a capsule and a box) whose inner segments cross. */
const crossing = fc
  .record({
    kindB: fc.constantFrom(1 as const, 2 as const),
    a1: angle,
    a2: angle,
    h1: fc.double({ min: 0.3, max: 2, noNaN: true }),
    h2: fc.double({ min: 0.3, max: 2, noNaN: true }),
    r1: fc.double({ min: 0.005, max: 0.3, noNaN: true }),
    r2: fc.double({ min: 0.005, max: 0.3, noNaN: true }),
    x: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
    y: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
  })
  .map((g): [Spec, Spec] => [
    { kind: 1, x: 0, y: 0, angle: g.a1, s1: g.r1, s2: g.h1 },
    g.kindB === 1
      ? { kind: 1, x: g.x, y: g.y, angle: g.a2, s1: g.r2, s2: g.h2 }
      : { kind: 2, x: g.x, y: g.y, angle: 0, s1: g.h2 * 0.5, s2: g.r2 + 0.05 },
  ]);

/** An end point of B's segment (or a box corner, or a circle) near an end point of capsule A. */
const endpoints = fc
  .record({
    kindB: fc.constantFrom(0 as const, 1 as const, 2 as const),
    a1: angle,
    a2: angle,
    h1: size,
    h2: size,
    r1: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    r2: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    dx: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
    dy: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
  })
  .map((g): [Spec, Spec] => {
    const ex = Math.cos(g.a1) * g.h1 + g.dx;
    const ey = Math.sin(g.a1) * g.h1 + g.dy;
    if (g.kindB === 0) return [{ kind: 1, x: 0, y: 0, angle: g.a1, s1: g.r1, s2: g.h1 }, { kind: 0, x: ex, y: ey, angle: 0, s1: g.r2, s2: 0 }];
    if (g.kindB === 2) {
      // A box whose bottom-left corner is near A's end point.
      return [{ kind: 1, x: 0, y: 0, angle: g.a1, s1: g.r1, s2: g.h1 }, { kind: 2, x: ex + g.h2, y: ey + g.r2 + 0.1, angle: 0, s1: g.h2, s2: g.r2 + 0.1 }];
    }
    // B's first end point near A's second end point.
    return [
      { kind: 1, x: 0, y: 0, angle: g.a1, s1: g.r1, s2: g.h1 },
      { kind: 1, x: ex + Math.cos(g.a2) * g.h2, y: ey + Math.sin(g.a2) * g.h2, angle: g.a2, s1: g.r2, s2: g.h2 },
    ];
  });

/** A small shape wholly or partly inside a big box or a fat capsule. */
const inside = fc
  .record({
    big: fc.constantFrom(1 as const, 2 as const),
    small: spec,
    bigAngle: angle,
  })
  .map((g): [Spec, Spec] => {
    const big: Spec =
      g.big === 2 ? { kind: 2, x: 0, y: 0, angle: 0, s1: 3.5, s2: 3 } : { kind: 1, x: 0, y: 0, angle: g.bigAngle, s1: 2.5, s2: 2 };
    const small: Spec = { ...g.small, x: g.small.x * 0.6, y: g.small.y * 0.6, s1: g.small.s1 * 0.3, s2: g.small.s2 * 0.3 };
    return [big, small];
  });

/** Zero-length and very short capsules, concentric shapes, centres on segments, collinear capsules. */
const degenerate = fc
  .record({
    which: fc.integer({ min: 0, max: 4 }),
    other: spec,
    a: angle,
    h: fc.constantFrom(0, 1e-12, 1e-8),
    t: fc.double({ min: -1, max: 1, noNaN: true }),
    r: size,
  })
  .map((g): [Spec, Spec] => {
    switch (g.which) {
      case 0: // a zero-length or very short capsule against anything
        return [{ kind: 1, x: 0.3, y: -0.2, angle: g.a, s1: g.r, s2: g.h }, g.other];
      case 1: // concentric
        return [{ kind: g.other.kind, x: 0, y: 0, angle: g.a, s1: g.r, s2: g.r }, { ...g.other, x: 0, y: 0 }];
      case 2: // a circle centred on a capsule's segment
        return [
          { kind: 1, x: 0, y: 0, angle: g.a, s1: g.r, s2: 1 },
          { kind: 0, x: Math.cos(g.a) * g.t, y: Math.sin(g.a) * g.t, angle: 0, s1: g.other.s1, s2: 0 },
        ];
      case 3: // collinear capsules (axis-aligned so the segments are exactly collinear)
        return [
          { kind: 1, x: 0, y: 0, angle: 0, s1: g.r, s2: 1 },
          { kind: 1, x: 2 * g.t, y: 0, angle: g.t > 0 ? 0 : Math.PI, s1: g.other.s1, s2: g.other.s2 },
        ];
      default: // a capsule centred inside a box, along an axis of symmetry
        return [{ kind: 2, x: 0, y: 0, angle: 0, s1: g.r + 0.5, s2: g.r + 0.5 }, { kind: 1, x: 0, y: 0, angle: g.a, s1: 0.1, s2: g.h + 0.2 }];
    }
  });

// ---------------------------------------------------------------------------

describe("narrowphase properties: random shapes", () => {
  it("symmetry: collide(b, a) = collide(a, b) with the normal negated", () => {
    fc.assert(
      fc.property(spec, spec, frame, margin, (sa, sb, f, mg) => checkSymmetry(build(sa, f), build(sb, f), mg)),
      { numRuns: RUNS },
    );
  });

  it("feature ids: distinct within a manifold, unchanged by swapping shapes of different kinds", () => {
    fc.assert(
      fc.property(spec, spec, frame, margin, (sa, sb, f, mg) => checkIds(build(sa, f), build(sb, f), mg)),
      { numRuns: RUNS },
    );
  });

  it("separation: moving B by normal × (depth + 1e-9) ends the contact, by depth − 1e-6 it does not", () => {
    fc.assert(
      fc.property(spec, spec, frame, (sa, sb, f) => checkSeparation(build(sa, f), build(sb, f))),
      { numRuns: RUNS },
    );
  });

  it("agrees with the support-function reference (depth, normal, points)", () => {
    fc.assert(
      fc.property(spec, spec, frame, margin, (sa, sb, f, mg) => checkReference(build(sa, f), build(sb, f), mg)),
      { numRuns: RUNS },
    );
  });
});

describe("narrowphase properties: hard configurations", () => {
  const cases: [string, fc.Arbitrary<[Spec, Spec]>][] = [
    ["parallel capsules", parallelCapsules],
    ["capsules and boxes along box faces", onFace],
    ["crossing segments", crossing],
    ["end point against end point", endpoints],
    ["one shape inside another", inside],
  ];
  for (const [name, gen] of cases) {
    it(`${name}: reference, symmetry, ids and separation`, () => {
      fc.assert(
        fc.property(gen, frame, margin, ([sa, sb], f, mg) => {
          const a = build(sa, f);
          const b = build(sb, f);
          checkAll(a, b, mg);
          checkSeparation(a, b);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("parallel capsules that overlap along their length get two points", () => {
    // Parallel or antiparallel to within 1e-7 rad, overlapping sideways by at
    // least 5% of rA + rB, and facing each other along at least a tenth of the
    // shorter one.
    const facing = fc
      .record({
        angle,
        flip: fc.constantFrom(0, Math.PI),
        tilt: fc.constantFrom(0, 1e-12, 1e-9, 1e-7),
        h1: fc.double({ min: 0.1, max: 1.5, noNaN: true }),
        h2: fc.double({ min: 0.1, max: 1.5, noNaN: true }),
        r1: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
        r2: fc.double({ min: 0.01, max: 0.6, noNaN: true }),
        slide: fc.double({ min: -1, max: 1, noNaN: true }),
        side: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        up: fc.boolean(),
      })
      .map((g): [Spec, Spec] => {
        const ux = Math.cos(g.angle);
        const uy = Math.sin(g.angle);
        const along = g.slide * (g.h1 + g.h2 - 0.1 * Math.min(g.h1, g.h2));
        const off = (g.up ? 1 : -1) * g.side * (g.r1 + g.r2);
        return [
          { kind: 1, x: 0, y: 0, angle: g.angle, s1: g.r1, s2: g.h1 },
          { kind: 1, x: ux * along - uy * off, y: uy * along + ux * off, angle: g.angle + g.flip + g.tilt, s1: g.r2, s2: g.h2 },
        ];
      });
    fc.assert(
      fc.property(facing, frame, ([sa, sb], f) => {
        const m = collide(build(sa, f), build(sb, f));
        expect(m).not.toBeNull();
        expect(m!.points.length).toBe(2);
        expect(Math.min(m!.points[0]!.depth, m!.points[1]!.depth)).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it("degenerate input: reference, symmetry, ids and separation (normals compared only where defined)", () => {
    fc.assert(
      fc.property(degenerate, frame, margin, ([sa, sb], f, mg) => {
        const a = build(sa, f);
        const b = build(sb, f);
        checkAll(a, b, mg);
        checkSeparation(a, b);
      }),
      { numRuns: RUNS },
    );
  });

  it("a zero-length capsule collides exactly like the circle of the same radius", () => {
    fc.assert(
      fc.property(spec, spec, margin, (sa, sb, mg) => {
        const cap = build({ ...sa, kind: 1, s2: 0 });
        const circle = build({ ...sa, kind: 0 });
        const other = build(sb);
        expect(collide(cap, other, mg)).toEqual(collide(circle, other, mg));
        expect(collide(other, cap, mg)).toEqual(collide(other, circle, mg));
      }),
      { numRuns: RUNS },
    );
  });
});
