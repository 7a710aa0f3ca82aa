/**
 * A contact (src/contacts/contact.ts) on its own, written against the mutants of the
 * contact module run (issue 34, stryker/contact.mjs): its row of numbers and their
 * names, `store`'s matching of impulses by feature id (warm starting), the renumbering
 * of rows by `arrange`, and the pooled contact's `init`. Each check is a closed form:
 * what went in comes out, at the place the row layout says.
 */
import { describe, expect, it } from "vitest";
import { Circle, World, type Body } from "../src/entries/capsule2d.js";
import { ManifoldBuffer } from "../src/collision/narrowphase/manifold.js";
import {
  Contact,
  ContactRows,
  MAX_BODY_ID,
  NORMAL0,
  ROLLING,
  ROW,
  pairKey,
} from "../src/contacts/contact.js";

/** The named numbers of a row, in row order (offsets 0 .. ROW - 1). */
const NAMES = [
  "normalX", "normalY", "depth", "x0", "y0", "depth0", "x1", "y1", "depth1",
  "normalImpulse0", "tangentImpulse0", "normalImpulse1", "tangentImpulse1",
  "totalNormalImpulse0", "totalTangentImpulse0", "totalNormalImpulse1", "totalTangentImpulse1",
  "rollingImpulse", "pushed",
] as const;
type Name = (typeof NAMES)[number];

function bodies(n: number): Body[] {
  const world = new World();
  const out: Body[] = [];
  for (let i = 0; i < n; i++) out.push(world.add(new Circle({ radius: 0.5, position: { x: 3 * i, y: 0 } })));
  return out;
}

/** A contact's numbers read by name. */
function read(c: Contact): number[] {
  return NAMES.map((n) => c[n as Name]);
}

/** Fill a contact's row with distinct numbers (base + offset + 1), by name. */
function fill(c: Contact, base: number): void {
  NAMES.forEach((n, k) => {
    c[n as Name] = base + k + 1;
  });
}

function manifold(count: number, id0: number, id1: number): ManifoldBuffer {
  const m = new ManifoldBuffer();
  m.count = count;
  m.normalX = 0.6;
  m.normalY = 0.8;
  m.depth = 0.03;
  m.x0 = 1.5;
  m.y0 = -2.5;
  m.depth0 = 0.02;
  m.id0 = id0;
  m.x1 = 3.5;
  m.y1 = 4.5;
  m.depth1 = 0.01;
  m.id1 = id1;
  if (count < 2) m.clearUnused();
  return m;
}

/** A contact holding `count` points with ids id0, id1 and the impulses n0, t0, n1, t1, totals 10×, rolling r. */
function holding(count: number, id0: number, id1: number, rolling = 0.25): Contact {
  const [a, b] = bodies(2);
  const c = new Contact(a!, b!);
  c.store(manifold(count, id0, id1));
  c.normalImpulse0 = 1;
  c.tangentImpulse0 = 2;
  c.normalImpulse1 = count > 1 ? 3 : 0;
  c.tangentImpulse1 = count > 1 ? 4 : 0;
  c.totalNormalImpulse0 = 10;
  c.totalTangentImpulse0 = 20;
  c.totalNormalImpulse1 = count > 1 ? 30 : 0;
  c.totalTangentImpulse1 = count > 1 ? 40 : 0;
  c.rollingImpulse = rolling;
  return c;
}

/** [n0, t0, n1, t1, totalN0, totalT0, totalN1, totalT1] */
function impulses(c: Contact): number[] {
  return [
    c.normalImpulse0, c.tangentImpulse0, c.normalImpulse1, c.tangentImpulse1,
    c.totalNormalImpulse0, c.totalTangentImpulse0, c.totalNormalImpulse1, c.totalTangentImpulse1,
  ];
}

describe("pair keys", () => {
  it("pack (idA, idB) as idA · 2^26 + idB: distinct and ordered like the pairs", () => {
    expect(MAX_BODY_ID).toBe(2 ** 26);
    expect(pairKey(3, 5)).toBe(3 * 2 ** 26 + 5);
    expect(pairKey(0, 7)).toBe(7);
    expect(pairKey(1, 0)).toBeGreaterThan(pairKey(0, MAX_BODY_ID - 1));
  });
});

describe("a contact's numbers live in its row, under their names", () => {
  it("each name reads and writes offset k of row × ROW, and rows do not overlap", () => {
    const [a, b] = bodies(2);
    const rows = new ContactRows(1);
    const c0 = new Contact(a!, b!, rows);
    const c1 = new Contact(a!, b!, rows);
    const c2 = new Contact(a!, b!, rows);
    expect([c0.row, c1.row, c2.row]).toEqual([0, 1, 2]);
    expect(rows.used).toBe(3);
    expect(rows.owners.slice(0, 3)).toEqual([c0, c1, c2]);
    expect(rows.f.length).toBeGreaterThanOrEqual(3 * ROW);
    fill(c1, 100);
    // c1's numbers are at [ROW, 2 ROW), in name order; c0's and c2's rows stay zero
    for (let k = 0; k < ROW; k++) {
      expect(rows.f[ROW + k]).toBe(100 + k + 1);
      expect(rows.f[k]).toBe(0);
      expect(rows.f[2 * ROW + k]).toBe(0);
    }
    rows.f[2 * ROW + 5] = -7;
    expect(c2.depth0).toBe(-7);
    expect(read(c1)).toEqual(NAMES.map((_, k) => 100 + k + 1));
  });

  it("growing the rows keeps the numbers already there and hands out zeroed rows", () => {
    const [a, b] = bodies(2);
    const rows = new ContactRows(2);
    const cs: Contact[] = [];
    for (let i = 0; i < 9; i++) {
      const c = new Contact(a!, b!, rows);
      expect(read(c)).toEqual(NAMES.map(() => 0));
      fill(c, 1000 * i);
      cs.push(c);
    }
    expect(rows.used).toBe(9);
    expect(rows.f.length).toBeGreaterThanOrEqual(9 * ROW);
    cs.forEach((c, i) => {
      expect(c.row).toBe(i);
      expect(rows.owners[i]).toBe(c);
      expect(read(c)).toEqual(NAMES.map((_, k) => 1000 * i + k + 1));
    });
  });

  it("rows for `capacity` contacts before the first growth; one row by default for a contact's own set", () => {
    expect(new ContactRows(4).f.length).toBe(4 * ROW);
    expect(new ContactRows().f.length).toBe(16 * ROW);
    const [a, b] = bodies(2);
    expect(new Contact(a!, b!).rows.f.length).toBe(ROW);
  });

  it("a contact made without rows has a set of its own", () => {
    const [a, b] = bodies(2);
    const c = new Contact(a!, b!);
    const d = new Contact(a!, b!);
    expect(c.rows).not.toBe(d.rows);
    expect(c.row).toBe(0);
    expect(d.row).toBe(0);
    c.depth = 2;
    expect(d.depth).toBe(0);
  });
});

describe("arrange renumbers rows: the list's first, in list order, then the rest in old order", () => {
  function setup(n: number): { rows: ContactRows; cs: Contact[] } {
    const [a, b] = bodies(2);
    const rows = new ContactRows(4);
    const cs: Contact[] = [];
    for (let i = 0; i < n; i++) {
      const c = new Contact(a!, b!, rows);
      fill(c, 100 * i);
      cs.push(c);
    }
    return { rows, cs };
  }

  function check(rows: ContactRows, cs: Contact[], order: Contact[]): void {
    // the expected order: `order`'s contacts (each once, first place) then the others by old row
    order.forEach((c, i) => {
      expect(c.row).toBe(i);
      expect(rows.owners[i]).toBe(c);
    });
    cs.forEach((c, i) => {
      expect(rows.owners[c.row]).toBe(c);
      expect(read(c)).toEqual(NAMES.map((_, k) => 100 * i + k + 1));
    });
  }

  it("a permutation with cycles of several lengths, fixed points and the unlisted rest", () => {
    const { rows, cs } = setup(8);
    // listed: 5, 2, 0, 1 (a 2-cycle and longer cycles); 3, 4, 6, 7 follow in old order
    const list = [cs[5]!, cs[2]!, cs[0]!, cs[1]!];
    rows.arrange(list, list.length);
    check(rows, cs, [cs[5]!, cs[2]!, cs[0]!, cs[1]!, cs[3]!, cs[4]!, cs[6]!, cs[7]!]);
  });

  it("only the first `count` of the list count; a contact listed twice keeps its first place", () => {
    const { rows, cs } = setup(6);
    const list = [cs[4]!, cs[1]!, cs[4]!, cs[3]!, cs[0]!];
    rows.arrange(list, 4);
    check(rows, cs, [cs[4]!, cs[1]!, cs[3]!, cs[0]!, cs[2]!, cs[5]!]);
  });

  it("a contact with rows elsewhere is passed over", () => {
    const { rows, cs } = setup(4);
    const [a, b] = bodies(2);
    const stranger = new Contact(a!, b!);
    stranger.row = 3; // a row number that means something else here
    rows.arrange([stranger, cs[2]!, cs[1]!], 3);
    check(rows, cs, [cs[2]!, cs[1]!, cs[0]!, cs[3]!]);
    expect(stranger.row).toBe(3);
  });

  it("the identity and the reverse, twice (the scratch is reset between calls)", () => {
    const { rows, cs } = setup(7);
    rows.arrange(cs, cs.length);
    check(rows, cs, cs);
    const reversed = [...cs].reverse();
    rows.arrange(reversed, reversed.length);
    check(rows, cs, reversed);
    rows.arrange([], 0);
    check(rows, cs, reversed);
    rows.arrange(cs, cs.length);
    check(rows, cs, cs);
  });

  it("more rows than the scratch held: it grows", () => {
    const { rows, cs } = setup(3);
    rows.arrange([cs[2]!], 1);
    const [a, b] = bodies(2);
    for (let i = 3; i < 12; i++) {
      const c = new Contact(a!, b!, rows);
      fill(c, 100 * i);
      cs.push(c);
    }
    const list = [cs[11]!, cs[0]!, cs[7]!];
    rows.arrange(list, list.length);
    const rest = cs.filter((c) => !list.includes(c)).sort((p, q) => p.row - q.row);
    check(rows, cs, [...list, ...rest]);
  });
});

describe("store: the manifold's numbers, and the impulses carried over by feature id", () => {
  it("copies the normal, depth and points, the count and the ids", () => {
    const [a, b] = bodies(2);
    const c = new Contact(a!, b!);
    c.store(manifold(2, 11, 12));
    expect([c.count, c.id0, c.id1]).toEqual([2, 11, 12]);
    expect([c.normalX, c.normalY, c.depth]).toEqual([0.6, 0.8, 0.03]);
    expect([c.x0, c.y0, c.depth0, c.x1, c.y1, c.depth1]).toEqual([1.5, -2.5, 0.02, 3.5, 4.5, 0.01]);
    expect(impulses(c)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("the same ids keep their impulses and totals (the warm start), and the rolling impulse", () => {
    const c = holding(2, 11, 12);
    c.store(manifold(2, 11, 12));
    expect(impulses(c)).toEqual([1, 2, 3, 4, 10, 20, 30, 40]);
    expect(c.rollingImpulse).toBe(0.25);
  });

  it("swapped ids swap the impulses with their points", () => {
    const c = holding(2, 11, 12);
    c.store(manifold(2, 12, 11));
    expect(impulses(c)).toEqual([3, 4, 1, 2, 30, 40, 10, 20]);
  });

  it("a new id starts from zero; the one kept moves to its new place", () => {
    const c = holding(2, 11, 12);
    c.store(manifold(2, 99, 11));
    expect(impulses(c)).toEqual([0, 0, 1, 2, 0, 0, 10, 20]);
    const d = holding(2, 11, 12);
    d.store(manifold(2, 12, 98));
    expect(impulses(d)).toEqual([3, 4, 0, 0, 30, 40, 0, 0]);
    const e = holding(2, 11, 12);
    e.store(manifold(2, 97, 98));
    expect(impulses(e)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(e.rollingImpulse).toBe(0.25); // still touching: the contact's rolling impulse stays
  });

  it("two points to one: the one left keeps its impulses, whichever it was", () => {
    const c = holding(2, 11, 12);
    c.store(manifold(1, 12, 0));
    expect(impulses(c)).toEqual([3, 4, 0, 0, 30, 40, 0, 0]);
    const d = holding(2, 11, 12);
    d.store(manifold(1, 11, 0));
    expect(impulses(d)).toEqual([1, 2, 0, 0, 10, 20, 0, 0]);
  });

  it("one point to two: the old point's impulses go to whichever new point has its id", () => {
    const c = holding(1, 11, 0);
    c.store(manifold(2, 12, 11));
    expect(impulses(c)).toEqual([0, 0, 1, 2, 0, 0, 10, 20]);
    const d = holding(1, 11, 0);
    d.store(manifold(2, 11, 12));
    expect(impulses(d)).toEqual([1, 2, 0, 0, 10, 20, 0, 0]);
  });

  it("points the old manifold did not have give nothing, even when their ids match stale ones", () => {
    // one point held, but id1 left over (as if from before): the second new point with that id starts at zero
    const c = holding(1, 11, 0);
    c.id1 = 12;
    c.normalImpulse1 = 5;
    c.store(manifold(2, 12, 12));
    expect(impulses(c)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // no point held, but ids left over
    const d = holding(1, 11, 0);
    d.count = 0;
    d.store(manifold(2, 11, 11));
    expect(impulses(d)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const e = holding(1, 11, 0);
    e.count = 0;
    e.store(manifold(1, 11, 0));
    expect(impulses(e)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("feature id 0 (a circle's centre against a circle's) is an id like any other, not a missing point", () => {
    // one point of id 0 kept: its impulses stay at point 0, and point 1 (absent, id 0 too) gets none
    const c = holding(1, 0, 0);
    c.store(manifold(1, 0, 0));
    expect(impulses(c)).toEqual([1, 2, 0, 0, 10, 20, 0, 0]);
    // and gone: the absent point 0 (id 0 too) takes nothing
    c.store(manifold(0, 0, 0));
    expect(impulses(c)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("no points: the whole row goes to zero, the rolling impulse too", () => {
    const c = holding(2, 11, 12);
    c.pushed = 0;
    c.store(manifold(0, 11, 12));
    expect([c.count, c.id0, c.id1]).toEqual([0, 0, 0]);
    expect(read(c)).toEqual(NAMES.map(() => 0));
    expect(c.toManifold()).toBeNull();
  });

  it("no points before and after: nothing is written; points after none: they are stored", () => {
    const [a, b] = bodies(2);
    const c = new Contact(a!, b!);
    c.store(manifold(0, 0, 0));
    expect(read(c)).toEqual(NAMES.map(() => 0));
    c.pushed = 1; // the solver's flag, cleared elsewhere: store leaves it
    c.store(manifold(0, 0, 0));
    expect(c.pushed).toBe(1);
    c.store(manifold(1, 5, 0));
    expect([c.count, c.id0, c.x0, c.normalY]).toEqual([1, 5, 1.5, 0.8]);
  });

  it("the row's other contacts are left alone", () => {
    const [a, b] = bodies(2);
    const rows = new ContactRows(2);
    const left = new Contact(a!, b!, rows);
    const c = new Contact(a!, b!, rows);
    const right = new Contact(a!, b!, rows);
    fill(left, 0);
    fill(right, 50);
    c.store(manifold(2, 1, 2));
    c.normalImpulse0 = 9;
    c.store(manifold(0, 0, 0));
    expect(read(left)).toEqual(NAMES.map((_, k) => k + 1));
    expect(read(right)).toEqual(NAMES.map((_, k) => 50 + k + 1));
    expect(rows.f[c.row * ROW + NORMAL0]).toBe(0);
    expect(rows.f[c.row * ROW + ROLLING]).toBe(0);
  });
});

describe("toManifold, other, nextOf, init", () => {
  it("toManifold copies one or two points with their ids", () => {
    const [a, b] = bodies(2);
    const c = new Contact(a!, b!);
    c.store(manifold(2, 11, 12));
    expect(c.toManifold()).toEqual({
      normal: { x: 0.6, y: 0.8 },
      depth: 0.03,
      points: [
        { x: 1.5, y: -2.5, depth: 0.02, id: 11 },
        { x: 3.5, y: 4.5, depth: 0.01, id: 12 },
      ],
    });
    c.store(manifold(1, 11, 0));
    expect(c.toManifold()!.points).toEqual([{ x: 1.5, y: -2.5, depth: 0.02, id: 11 }]);
  });

  it("other and nextOf follow the body's side", () => {
    const [a, b] = bodies(2);
    const c = new Contact(a!, b!);
    const n1 = new Contact(a!, b!);
    const n2 = new Contact(a!, b!);
    c.nextA = n1;
    c.nextB = n2;
    expect(c.other(a!)).toBe(b);
    expect(c.other(b!)).toBe(a);
    expect(c.nextOf(a!)).toBe(n1);
    expect(c.nextOf(b!)).toBe(n2);
  });

  it("init re-arms a used contact: new bodies and key, zero row, no flags, no links", () => {
    const [a, b, p, q] = bodies(4);
    const rows = new ContactRows(2);
    const before = new Contact(a!, b!, rows);
    const c = new Contact(a!, b!, rows);
    fill(before, 0);
    c.store(manifold(2, 1, 2));
    fill(c, 10);
    c.flags = 7;
    c.prevA = before;
    c.nextA = before;
    c.prevB = before;
    c.nextB = before;
    c.init(p!, q!);
    expect(c.key).toBe(pairKey(p!.id, q!.id));
    expect([c.bodyA, c.bodyB, c.shapeA, c.shapeB]).toEqual([p, q, p, q]);
    expect([c.count, c.id0, c.id1, c.flags]).toEqual([0, 0, 0, 0]);
    expect([c.prevA, c.nextA, c.prevB, c.nextB]).toEqual([null, null, null, null]);
    expect(read(c)).toEqual(NAMES.map(() => 0));
    expect(read(before)).toEqual(NAMES.map((_, k) => k + 1));
    // with parts: the key is the parts', the bodies the given ones
    c.init(a!, b!, p!, q!);
    expect(c.key).toBe(pairKey(p!.id, q!.id));
    expect([c.bodyA, c.bodyB, c.shapeA, c.shapeB]).toEqual([a, b, p, q]);
  });
});
