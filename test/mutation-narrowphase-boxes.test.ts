/**
 * Axis-aligned box against axis-aligned box (src/collision/narrowphase/aabb-aabb.ts), one rule
 * at a time, worked out by hand: the corner-to-corner gap in each of the four diagonals, the face
 * contacts in each of the four directions with the feature ids that feature-id.ts documents
 * ("box–box: corner to corner (corner, opposite corner); faces (face, opposite face, LOW | HIGH)"),
 * and the seam masks (hidden faces and corners, src/contacts/seams.ts) that take a face or corner
 * out of the contact. Written against surviving mutants of a mutation run (docs/testing.md).
 */
import { describe, expect, it } from "vitest";
import { AABB } from "../src/entries/capsule2d.js";
import { runPair } from "./support/manifold-run.js";
import { BoxFeature, ClipEnd, featureId } from "../src/collision/narrowphase/feature-id.js";

const box = (x: number, y: number, halfWidth: number, halfHeight: number) => new AABB({ position: { x, y }, halfWidth, halfHeight });

const run = runPair;

const bit = (feature: BoxFeature) => 1 << feature;
const cornerOf = (highX: boolean, highY: boolean) =>
  highX ? (highY ? BoxFeature.TOP_RIGHT : BoxFeature.BOTTOM_RIGHT) : highY ? BoxFeature.TOP_LEFT : BoxFeature.BOTTOM_LEFT;

describe("box–box corner to corner", () => {
  // A: half sizes (1.25, 0.5) at the origin; B: half sizes (0.5, 0.25) with its centre at
  // (sx·(1.75 + 0.3), sy·(0.75 + 0.4)): gaps 0.3 along x and 0.4 along y, distance 0.5.
  for (const sx of [1, -1]) {
    for (const sy of [1, -1]) {
      it(`diagonal (${sx}, ${sy}): normal along the corners' line, depth −0.5, the point midway, ids (A's corner, B's opposite corner)`, () => {
        const a = box(0, 0, 1.25, 0.5);
        const b = box(sx * 2.05, sy * 1.15, 0.5, 0.25);
        expect(run(a, b, 0.49)).toBeNull(); // the gap (0.5) is beyond the margin
        const m = run(a, b, 0.6)!;
        expect(m).not.toBeNull();
        expect(m.count).toBe(1);
        expect(m.normalX).toBeCloseTo(sx * 0.6, 12);
        expect(m.normalY).toBeCloseTo(sy * 0.8, 12);
        expect(m.depth).toBeCloseTo(-0.5, 12);
        expect(m.depth0).toBe(m.depth);
        // A's corner (1.25·sx, 0.5·sy), B's corner (1.55·sx, 0.9·sy): midway (1.4·sx, 0.7·sy)
        expect(m.x0).toBeCloseTo(sx * 1.4, 12);
        expect(m.y0).toBeCloseTo(sy * 0.7, 12);
        const cornerA = cornerOf(sx > 0, sy > 0);
        const cornerB = cornerOf(sx < 0, sy < 0);
        expect(m.id0).toBe(featureId(cornerA, cornerB, ClipEnd.NONE));
        // the corner of A or of B that faces the other is hidden: no contact (the neighbour has it)
        expect(run(a, b, 0.6, bit(cornerA), 0)).toBeNull();
        expect(run(a, b, 0.6, 0, bit(cornerB))).toBeNull();
        // any other corner hidden changes nothing
        const others = [BoxFeature.BOTTOM_LEFT, BoxFeature.BOTTOM_RIGHT, BoxFeature.TOP_LEFT, BoxFeature.TOP_RIGHT];
        const otherA = others.filter((c) => c !== cornerA).reduce((s, c) => s | bit(c), 0);
        const otherB = others.filter((c) => c !== cornerB).reduce((s, c) => s | bit(c), 0);
        const hidden = run(a, b, 0.6, otherA, otherB)!;
        expect(hidden).not.toBeNull();
        expect([hidden.normalX, hidden.normalY, hidden.depth, hidden.x0, hidden.y0, hidden.id0]).toEqual([m.normalX, m.normalY, m.depth, m.x0, m.y0, m.id0]);
      });
    }
  }

  it("corners exactly the margin apart are not a contact; a hair nearer they are", () => {
    // gaps 3/8 and 1/2 (exact in binary): distance 5/8 exactly
    const a = box(0, 0, 1.25, 0.5);
    const b = box(2.125, 1.25, 0.5, 0.25);
    expect(run(a, b, 0.625)).toBeNull();
    const m = run(a, b, 0.625 + 1e-12)!;
    expect(m.depth).toBe(-0.625);
    expect([m.normalX, m.normalY]).toEqual([0.6, 0.8]);
  });

  it("the four diagonals give four different ids for A's corner and for B's", () => {
    const a = box(0, 0, 1, 0.5);
    const idsSeen = new Set<number>();
    for (const sx of [1, -1]) for (const sy of [1, -1]) idsSeen.add(run(a, box(sx * 1.8, sy * 1.15, 0.5, 0.25), 0.6)!.id0);
    expect(idsSeen.size).toBe(4);
  });

  it("a gap along one axis only is a face contact, not a corner one", () => {
    // B above A, overlapping along x (overlap 0.5), 0.1 apart along y
    const m = run(box(0, 0, 1, 0.5), box(1, 0.85, 0.5, 0.25), 0.2)!;
    expect([m.normalX, m.normalY]).toEqual([0, 1]);
    expect(m.depth).toBeCloseTo(-0.1, 12);
    expect(m.count).toBe(2);
  });
});

describe("box–box faces", () => {
  // A: half sizes (1.25, 1.25) at the origin; B: half sizes (0.5, 0.5), offset 0.25 across the
  // normal, sunk 0.1 into A's face in each of the four directions.
  const cases = [
    { name: "B above", b: [0.25, 1.65], normal: [0, 1], faceA: BoxFeature.TOP, faceB: BoxFeature.BOTTOM },
    { name: "B below", b: [0.25, -1.65], normal: [0, -1], faceA: BoxFeature.BOTTOM, faceB: BoxFeature.TOP },
    { name: "B right", b: [1.65, 0.25], normal: [1, 0], faceA: BoxFeature.RIGHT, faceB: BoxFeature.LEFT },
    { name: "B left", b: [-1.65, 0.25], normal: [-1, 0], faceA: BoxFeature.LEFT, faceB: BoxFeature.RIGHT },
  ] as const;
  for (const c of cases) {
    it(`${c.name}: normal ${c.normal}, depth 0.1, two points at the ends of the overlap, ids (${c.faceA}, ${c.faceB}, LOW | HIGH)`, () => {
      const a = box(0, 0, 1.25, 1.25);
      const b = box(c.b[0], c.b[1], 0.5, 0.5);
      const m = run(a, b)!;
      expect([m.normalX, m.normalY]).toEqual([c.normal[0], c.normal[1]]);
      expect(m.depth).toBeCloseTo(0.1, 12);
      expect(m.count).toBe(2);
      // the points lie midway between A's face and B's face, across the normal at −0.25 and 0.75
      const along = c.normal[0] === 0;
      const height = (c.normal[0] + c.normal[1]) * 1.2; // A's face at 1.25, B's at 1.15
      const across = [m.x0, m.x1].map((x, i) => (along ? x : [m.y0, m.y1][i]!)).sort((p, q) => p - q);
      expect(across[0]).toBeCloseTo(-0.25, 12);
      expect(across[1]).toBeCloseTo(0.75, 12);
      for (const [x, y] of [[m.x0, m.y0], [m.x1, m.y1]] as const) expect(along ? y : x).toBeCloseTo(height, 12);
      expect([m.depth0, m.depth1]).toEqual([m.depth, m.depth]);
      expect([m.id0, m.id1].sort((p, q) => p - q)).toEqual([featureId(c.faceA, c.faceB, ClipEnd.LOW), featureId(c.faceA, c.faceB, ClipEnd.HIGH)]);
      // the low end along the tangent (−ny, nx) carries LOW
      const tangent = (x: number, y: number) => -c.normal[1] * x + c.normal[0] * y;
      const low = tangent(m.x0, m.y0) < tangent(m.x1, m.y1) ? m.id0 : m.id1;
      expect(low).toBe(featureId(c.faceA, c.faceB, ClipEnd.LOW));
    });

    it(`${c.name}: the contact face hidden, on A or on B, sends B out along the other axis, which overlaps (by 1.5); both hidden, no contact`, () => {
      const a = box(0, 0, 1.25, 1.25);
      const b = box(c.b[0], c.b[1], 0.5, 0.5);
      const along = c.normal[0] === 0;
      const other = along ? BoxFeature.RIGHT : BoxFeature.TOP; // B is offset +0.25 across the normal
      for (const [maskA, maskB] of [[bit(c.faceA), 0], [0, bit(c.faceB)]] as const) {
        const m = run(a, b, 0, maskA, maskB)!;
        expect(m).not.toBeNull();
        expect([m.normalX, m.normalY]).toEqual(along ? [1, 0] : [0, 1]);
        expect(m.depth).toBeCloseTo(1.5, 12);
      }
      expect(run(a, b, 0, bit(c.faceA) | bit(other), 0)).toBeNull();
      expect(run(a, b, 0, 0, bit(c.faceB) | bit(along ? BoxFeature.LEFT : BoxFeature.BOTTOM))).toBeNull();
      // the faces that are not in contact hidden: the same manifold
      const otherA = [BoxFeature.LEFT, BoxFeature.RIGHT, BoxFeature.BOTTOM, BoxFeature.TOP].filter((f) => f !== c.faceA).reduce((s, f) => s | bit(f), 0);
      const otherB = [BoxFeature.LEFT, BoxFeature.RIGHT, BoxFeature.BOTTOM, BoxFeature.TOP].filter((f) => f !== c.faceB).reduce((s, f) => s | bit(f), 0);
      const plain = run(a, b)!;
      const masked = run(a, b, 0, otherA, otherB)!;
      expect(masked).not.toBeNull();
      expect([masked.normalX, masked.normalY, masked.depth, masked.count, masked.x0, masked.y0, masked.x1, masked.y1, masked.id0, masked.id1]).toEqual([
        plain.normalX, plain.normalY, plain.depth, plain.count, plain.x0, plain.y0, plain.x1, plain.y1, plain.id0, plain.id1,
      ]);
    });
  }

  it("a hidden top face sends a box sunk into a corner out along x (the other axis, which overlaps)", () => {
    // A at the origin (1, 1); B (0.5, 0.5) at (1.3, 1.2): overlaps x 0.2, y 0.3 → along x by the
    // smaller overlap; with A's right face hidden, along y (depth 0.3); with both hidden, none.
    const a = box(0, 0, 1, 1);
    const b = box(1.3, 1.2, 0.5, 0.5);
    const plain = run(a, b)!;
    expect([plain.normalX, plain.normalY]).toEqual([1, 0]);
    expect(plain.depth).toBeCloseTo(0.2, 12);
    const up = run(a, b, 0, bit(BoxFeature.RIGHT), 0)!;
    expect([up.normalX, up.normalY]).toEqual([0, 1]);
    expect(up.depth).toBeCloseTo(0.3, 12);
    expect([up.id0, up.id1].sort((p, q) => p - q)).toEqual([featureId(BoxFeature.TOP, BoxFeature.BOTTOM, ClipEnd.LOW), featureId(BoxFeature.TOP, BoxFeature.BOTTOM, ClipEnd.HIGH)]);
    const sideways = run(a, b, 0, bit(BoxFeature.TOP), 0)!;
    expect([sideways.normalX, sideways.normalY]).toEqual([1, 0]);
    const fromB = run(a, b, 0, 0, bit(BoxFeature.LEFT))!;
    expect([fromB.normalX, fromB.normalY]).toEqual([0, 1]);
    expect(run(a, b, 0, bit(BoxFeature.RIGHT) | bit(BoxFeature.TOP), 0)).toBeNull();
    expect(run(a, b, 0, bit(BoxFeature.RIGHT), bit(BoxFeature.BOTTOM))).toBeNull();
  });

  it("mirrored: the same in the lower-left corner", () => {
    const a = box(0, 0, 1, 1);
    const b = box(-1.3, -1.2, 0.5, 0.5);
    expect([run(a, b)!.normalX, run(a, b)!.normalY]).toEqual([-1, 0]);
    const down = run(a, b, 0, bit(BoxFeature.LEFT), 0)!;
    expect([down.normalX, down.normalY]).toEqual([0, -1]);
    expect(down.depth).toBeCloseTo(0.3, 12);
    const side = run(a, b, 0, bit(BoxFeature.BOTTOM), bit(BoxFeature.TOP))!;
    expect([side.normalX, side.normalY]).toEqual([-1, 0]);
    expect(run(a, b, 0, bit(BoxFeature.LEFT), bit(BoxFeature.TOP))).toBeNull();
  });

  it("a face hidden when the other axis is separated (a gap within the margin) leaves no contact", () => {
    // B above A, 0.1 apart, overlapping along x: the only face pair is hidden; x faces are apart.
    const a = box(0, 0, 1, 0.5);
    const b = box(1, 0.85, 0.5, 0.25);
    expect(run(a, b, 0.2, bit(BoxFeature.TOP), 0)).toBeNull();
    // the same with the boxes side by side, 0.1 apart along x
    const c = box(1.6, 0.2, 0.5, 0.25);
    expect(run(a, c, 0.2)!.normalX).toBe(1);
    expect(run(a, c, 0.2, bit(BoxFeature.RIGHT), 0)).toBeNull();
  });

  it("equal overlaps go to y (stacked boxes use their horizontal faces)", () => {
    const m = run(box(0, 0, 1, 1), box(1.8, 1.8, 1, 1))!;
    expect([m.normalX, m.normalY]).toEqual([0, 1]);
    expect(m.depth).toBeCloseTo(0.2, 12);
    const n = run(box(0, 0, 1, 1), box(-1.8, -1.8, 1, 1))!;
    expect([n.normalX, n.normalY]).toEqual([0, -1]);
  });

  it("boxes that just touch along y (depth 0) get the two ends of where their faces meet", () => {
    // B (0.5, 0.5) at (1.4, 1.5) against A (1, 1): x overlap 0.1, y overlap 0, the smaller: along
    // y, depth 0; the faces y = 1 meet on x ∈ [0.9, 1]: two points.
    expect(run(box(0, 0, 1, 1), box(1.4, 1.5, 0.5, 0.5))).toBeNull(); // touching is not a contact without a margin
    const m = run(box(0, 0, 1, 1), box(1.4, 1.5, 0.5, 0.5), 0.01)!;
    expect([m.normalX, m.normalY]).toEqual([0, 1]);
    expect(m.depth).toBe(0);
    expect(m.count).toBe(2);
    const xs = [m.x0, m.x1].sort((p, q) => p - q);
    expect(xs[0]).toBeCloseTo(0.9, 12);
    expect(xs[1]).toBeCloseTo(1, 12);
  });

  it("boxes side by side that exactly touch (no overlap along x) are no contact without a margin", () => {
    expect(run(box(0, 0, 1, 1), box(1.5, 0.2, 0.5, 0.5))).toBeNull();
    const m = run(box(0, 0, 1, 1), box(1.5, 0.2, 0.5, 0.5), 0.01)!;
    expect([m.normalX, m.normalY, m.depth]).toEqual([1, 0, 0]);
  });

  it("a centre straight above or beside (d = 0 along the other axis) counts as +", () => {
    // B tall and thin on A's centre line: the x overlap (1.5) is the smaller → along +x
    const m = run(box(0, 0, 1, 1), box(0, 0.5, 0.5, 2))!;
    expect([m.normalX, m.normalY]).toEqual([1, 0]);
    expect(m.depth).toBeCloseTo(1.5, 12);
    const n = run(box(0, 0, 1, 1), box(0.5, 0, 2, 0.5))!;
    expect([n.normalX, n.normalY]).toEqual([0, 1]);
  });

  it("corners level across and a gap along y is a face contact with one point at the shared end, (TOP, BOTTOM, LOW)", () => {
    // A (1, 0.5); B (0.5, 0.25) at (1.5, 0.85): x overlap exactly 0, 0.1 apart along y
    const a = box(0, 0, 1, 0.5);
    const b = box(1.5, 0.85, 0.5, 0.25);
    for (const [maskA, maskB] of [[0, 0], [bit(BoxFeature.LEFT), 0], [0, bit(BoxFeature.RIGHT)]] as const) {
      const m = run(a, b, 0.2, maskA, maskB)!;
      expect(m).not.toBeNull();
      expect([m.normalX, m.normalY]).toEqual([0, 1]);
      expect(m.depth).toBeCloseTo(-0.1, 12);
      expect(m.count).toBe(1);
      expect(m.x0).toBe(1);
      expect(m.y0).toBeCloseTo(0.55, 12);
      expect(m.id0).toBe(featureId(BoxFeature.TOP, BoxFeature.BOTTOM, ClipEnd.LOW));
    }
    // and the same with the axes exchanged: y overlap exactly 0, 0.1 apart along x
    const c = box(1.6, 0.75, 0.5, 0.25);
    for (const [maskA, maskB] of [[0, 0], [bit(BoxFeature.BOTTOM), 0]] as const) {
      const m = run(a, c, 0.2, maskA, maskB)!;
      expect(m).not.toBeNull();
      expect([m.normalX, m.normalY]).toEqual([1, 0]);
      expect(m.depth).toBeCloseTo(-0.1, 12);
      expect(m.count).toBe(1);
      expect(m.id0).toBe(featureId(BoxFeature.RIGHT, BoxFeature.LEFT, ClipEnd.LOW));
    }
  });

  // Faces that meet at a single point across the normal, where rounding empties the interval the
  // clip finds (found by a search over random boxes): one point at the end where the faces meet,
  // midway between them along the normal, (A's face, B's face, LOW).
  const touching = [
    { a: [1.7886471686831893, 1.7929640583661222, 1.0346928959408277, 0.4835020774898595], b: [3.4427564366919716, 3.2077772030736216, 0.6194163720679545, 0.9309653461123655], normal: [0, 1], faces: [BoxFeature.TOP, BoxFeature.BOTTOM] },
    { a: [-1.2576855468832355, 2.079013533461379, 0.798045688540696, 0.15388730347803203], b: [-2.839640790708196, 2.810020517781386, 0.7839095552842643, 0.5678956626299283], normal: [0, 1], faces: [BoxFeature.TOP, BoxFeature.BOTTOM] },
    { a: [4.542907648506997, 2.6488484570984028, 0.5196018452847385, 0.34821370060006795], b: [5.894158483089022, 3.979277800013907, 0.8276659853419596, 0.982215642315436], normal: [1, 0], faces: [BoxFeature.RIGHT, BoxFeature.LEFT] },
    { a: [-2.2941710927030865, 1.8664449392196003, 0.5340093463817654, 0.4950846383325218], b: [-3.118011345401411, 0.682306249291779, 0.28751645469456744, 0.6890540515952995], normal: [-1, 0], faces: [BoxFeature.LEFT, BoxFeature.RIGHT] },
  ] as const;
  for (const [i, t] of touching.entries()) {
    it(`faces meeting at one point, rounding case ${i + 1}: one point there, LOW`, () => {
      const [ax, ay, hwA, hhA] = t.a;
      const [bx, by, hwB, hhB] = t.b;
      const m = run(box(ax, ay, hwA, hhA), box(bx, by, hwB, hhB), 0.05)!;
      expect(m).not.toBeNull();
      expect([m.normalX, m.normalY]).toEqual([t.normal[0], t.normal[1]]);
      expect(m.count).toBe(1);
      const alongY = t.normal[0] === 0;
      const s = t.normal[0] + t.normal[1];
      const gap = alongY ? by - ay - hhA - hhB : s * (bx - ax) - hwA - hwB;
      expect(m.depth).toBeCloseTo(-gap, 12);
      expect(m.depth0).toBe(m.depth);
      // across: the end where the faces meet (A's corner, B's corner within rounding)
      const end = alongY ? (bx > ax ? ax + hwA : ax - hwA) : by > ay ? ay + hhA : ay - hhA;
      expect(Math.abs((alongY ? m.x0 : m.y0) - end)).toBeLessThan(1e-12);
      // along the normal: midway between A's face and B's face
      const faceA = alongY ? ay + hhA : ax + s * hwA;
      const faceB = alongY ? by - hhB : bx - s * hwB;
      expect((alongY ? m.y0 : m.x0)).toBeCloseTo(0.5 * (faceA + faceB), 12);
      expect(m.id0).toBe(featureId(t.faces[0], t.faces[1], ClipEnd.LOW));
    });
  }
});
