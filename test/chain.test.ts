/**
 * Chain (issue 31 §1): a static or kinematic polyline of one-sided segments
 * with ghost vertices (src/bodies/chain.ts, src/collision/narrowphase/chain-segment.ts).
 *
 * - Building: points checked and welded, named errors, static or kinematic
 *   only, one "chainSegment" shape per segment with its ghosts.
 * - The pair functions: one-sided (nothing behind), the face normal at an
 *   inner vertex of a straight chain (where a two-sided segment gives the
 *   ghost's sideways normal), the vertex normal inside a convex vertex's
 *   wedge, and none where the neighbour owns the normal.
 * - Scenes: bodies sliding across the inner vertices of straight and
 *   convex chains at 1–30 m/s keep their speed and get no vertical speed;
 *   friction takes exactly what its closed form says; a concave corner
 *   holds; a body below a floor chain rises through it; a loop keeps
 *   bodies outside; fast bodies do not tunnel.
 * - Rays (one-sided) and shape casts; contacts name the chain and the
 *   segment's shape.
 */
import { describe, expect, it } from "vitest";
import fcModule from "fast-check";
import { AABB, Box, Capsule, Chain, Circle, Compound, Polygon, Segment, World, collide, type Body, type Vec2 } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
/** m/s of vertical speed while crossing inner vertices (the seams' bound, seams.test.ts: 0.15 mm/s). */
const VERTICAL = 0.15e-3;

/** A floor at y = 0 from x = x1 down to x = x0 (drawn right to left, so its solid side, the right, is up), segments of `step`. */
function floorPoints(x0: number, x1: number, step: number): Vec2[] {
  const p: Vec2[] = [];
  const n = Math.round((x1 - x0) / step);
  for (let i = 0; i <= n; i++) p.push({ x: x1 - i * step, y: 0 });
  return p;
}

type Kind = "aabb" | "box" | "polygon" | "circle" | "capsule";
const KINDS: Kind[] = ["aabb", "box", "polygon", "circle", "capsule"];

/** A body whose lowest point is at height `y` at x. */
function makeBody(kind: Kind, x: number, y = 0, friction = 0): Body {
  switch (kind) {
    case "aabb":
      return new AABB({ position: { x, y: y + 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction });
    case "box":
      return new Box({ position: { x, y: y + 0.25 }, halfWidth: 0.25, halfHeight: 0.25, friction });
    case "polygon":
      // a hexagon on its flat side (edge 0's normal points down): circumradius 0.3, apothem 0.3·cos 30°
      return Polygon.regular(6, 0.3, { position: { x, y: y + 0.3 * Math.cos(Math.PI / 6) }, friction });
    case "circle":
      return new Circle({ position: { x, y: y + 0.25 }, radius: 0.25, friction });
    case "capsule":
      return new Capsule({ position: { x, y: y + 0.2 }, halfLength: 0.3, radius: 0.2, friction });
  }
}

describe("building a Chain", () => {
  it("one chainSegment shape per segment, with a, b and the neighbours' points as ghosts", () => {
    const pts = [{ x: 3, y: 0 }, { x: 2, y: 0 }, { x: 1, y: 0.5 }, { x: 0, y: 0.5 }];
    const c = new Chain({ points: pts, type: "static" });
    expect(c).toBeInstanceOf(Chain);
    expect(c instanceof Compound).toBe(false);
    expect(new Compound({ shapes: [{ shape: "circle", radius: 1 }] }) instanceof Chain).toBe(false);
    expect(c.shapes.length).toBe(3);
    const s = c.shapes;
    expect(s.map((x) => x.kind)).toEqual(["chainSegment", "chainSegment", "chainSegment"]);
    expect(s[1]!.a).toEqual({ x: 2, y: 0 });
    expect(s[1]!.b).toEqual({ x: 1, y: 0.5 });
    expect(s[1]!.ghost1).toEqual({ x: 3, y: 0 });
    expect(s[1]!.ghost2).toEqual({ x: 0, y: 0.5 });
    // an open chain's ends: the end segment continued
    expect(s[0]!.ghost1).toEqual({ x: 4, y: 0 });
    expect(s[2]!.ghost2).toEqual({ x: -1, y: 0.5 });
    expect(s.every((x) => x.body === c)).toBe(true);
    expect(c.mass).toBe(0);
    // bounds: the box around every segment
    expect([c.minX, c.minY, c.maxX, c.maxY]).toEqual([0, 0, 3, 0.5]);
    expect(new Segment({ a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, type: "static" }).shapes[0]!.ghost1).toBeNull();
  });

  it("a loop closes back to the first point (a last point on the first is welded), ghosts all round", () => {
    const c = new Chain({ points: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: 0, y: 0.0001 }], loop: true, type: "kinematic" });
    expect(c.type).toBe("kinematic");
    expect(c.shapes.length).toBe(4);
    expect(c.shapes[3]!.a).toEqual({ x: 0, y: 1 });
    expect(c.shapes[3]!.b).toEqual({ x: 0, y: 0 });
    expect(c.shapes[0]!.ghost1).toEqual({ x: 0, y: 1 });
    expect(c.shapes[3]!.ghost2).toEqual({ x: 1, y: 0 });
  });

  it("points closer than 0.5 mm to the last kept one are welded", () => {
    const c = new Chain({ points: [{ x: 0, y: 0 }, { x: 0.0002, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 0.0004 }, { x: 2, y: 0 }], type: "static" });
    expect(c.shapes.map((s) => [s.a!.x, s.b!.x])).toEqual([[0, 1], [1, 2]]);
  });

  it("refusals name the field", () => {
    const two = [{ x: 0, y: 0 }, { x: 1, y: 0 }];
    expect(() => new Chain({ points: two })).toThrow(RangeError);
    expect(() => new Chain({ points: two })).toThrow(/Chain .*static.*kinematic.*"dynamic"/);
    expect(() => new Chain({ points: two, type: "dynamic" })).toThrow(/no mass/);
    expect(() => new Chain({ points: [{ x: 0, y: 0 }], type: "static" })).toThrow(/points must hold at least 2/);
    expect(() => new Chain({ points: [{ x: 0, y: 0 }, { x: 0.0001, y: 0 }], type: "static" })).toThrow(/at least 2 points .*after welding/);
    expect(() => new Chain({ points: two, loop: true, type: "static" })).toThrow(/at least 3 points for a loop/);
    expect(() => new Chain({ points: [{ x: 0, y: 0 }, { x: Number.NaN, y: 0 }], type: "static" })).toThrow(/points\[1\]/);
    expect(() => new Chain({ points: [{ x: 0, y: 0 }, { x: 1e12, y: 0 }], type: "static" })).toThrow(/points\[1\]/);
    expect(() => new Chain({ points: "nope" as unknown as Vec2[], type: "static" })).toThrow(TypeError);
    expect(() => new Chain({ points: new Array(5000).fill({ x: 0, y: 0 }), type: "static" })).toThrow(/at most 4096/);
    expect(() => new Chain({ points: two, loop: 1 as unknown as boolean, type: "static" })).toThrow(/loop/);
    expect(() => new Chain({ points: two, type: "static", oneWay: { x: 0, y: 1 } })).toThrow(/oneWay/);
    expect(() => new Chain({ points: two, type: "static", shapes: [] } as never)).toThrow(/shapes/);
    // and it stays static or kinematic
    const c = new Chain({ points: two, type: "static" });
    expect(() => c.setType("dynamic")).toThrow(/Chain has no area/);
    expect(c.type).toBe("static");
    expect(c.setType("kinematic").type).toBe("kinematic");
  });

  it("turns a kinematic chain's shapes with its pose", () => {
    const c = new Chain({ points: [{ x: 1, y: 0 }, { x: -1, y: 0 }], type: "kinematic", position: { x: 5, y: 2 }, angle: Math.PI / 2 });
    const v = c.shapes[0]!.getWorldVertices();
    expect(v[0]!.x).toBeCloseTo(5, 12);
    expect(v[0]!.y).toBeCloseTo(3, 12);
    expect(v[1]!.y).toBeCloseTo(1, 12);
  });
});

/** The part (the narrowphase's body) of segment i of chain c. */
function part(c: Body, i: number): Body {
  return c._parts![i]!;
}

describe("the chain segment pair functions", () => {
  const floor = new Chain({ points: floorPoints(-2, 2, 1), type: "static" }); // segments 2→1, 1→0, 0→−1, −1→−2

  it("face contact: the closed form, normal A→B, one-sided", () => {
    // a circle of radius 0.5 at height 0.4 over segment 1 → 0
    const ball = new Circle({ position: { x: 0.5, y: 0.4 }, radius: 0.5 });
    const m = collide(part(floor, 1), ball)!;
    expect(m.normal.x).toBeCloseTo(0, 15);
    expect(m.normal.y).toBeCloseTo(1, 15);
    expect(m.depth).toBeCloseTo(0.1, 14);
    expect(m.points.length).toBe(1);
    expect(m.points[0]!.x).toBeCloseTo(0.5, 14);
    expect(m.points[0]!.y).toBeCloseTo(-0.05, 14); // midway between y = 0 and the circle's bottom at −0.1
    // swapped: the normal negated, the same depth and point
    const r = collide(ball, part(floor, 1))!;
    expect(r.normal.y).toBeCloseTo(-1, 15);
    expect(r.depth).toBe(m.depth);
    expect(r.points[0]!.id).toBe(m.points[0]!.id);
    // behind (centre below the line): nothing, where a two-sided segment pushes it down
    const under = new Circle({ position: { x: 0.5, y: -0.4 }, radius: 0.5 });
    expect(collide(part(floor, 1), under)).toBeNull();
    const seg = new Segment({ a: { x: 1, y: 0 }, b: { x: 0, y: 0 }, type: "static" });
    expect(collide(seg, under)!.normal.y).toBeCloseTo(-1, 15);
  });

  it("at an inner vertex of a straight chain the normal is the face's, where two-sided segments give the ghost's", () => {
    // a box coming from the left, its bottom 5 mm into the floor, its right face 2 mm past the vertex at x = 0
    const box = new AABB({ position: { x: -0.248, y: 0.245 }, halfWidth: 0.25, halfHeight: 0.25 });
    const seg = new Segment({ a: { x: 1, y: 0 }, b: { x: 0, y: 0 }, type: "static" });
    const ghost = collide(seg, box)!;
    expect(Math.abs(ghost.normal.x)).toBeCloseTo(1, 12); // the two-sided segment's end catches the box's side
    const m = collide(part(floor, 1), box)!;
    expect(m.normal.x).toBeCloseTo(0, 15);
    expect(m.normal.y).toBeCloseTo(1, 15);
    expect(m.depth).toBeCloseTo(0.005, 12);
    // the point is where the box's bottom is over this segment: clipped at its end b (x = 0 .. 0.002)
    const xs = m.points.map((p) => p.x).sort((a, b) => a - b);
    expect(xs[0]).toBeCloseTo(0, 12);
    expect(xs[xs.length - 1]).toBeCloseTo(0.002, 12);
    // the neighbour 0 → −1 has the rest of the bottom, the same normal
    const n = collide(part(floor, 2), box)!;
    expect(n.normal.y).toBeCloseTo(1, 15);
    expect(n.depth).toBeCloseTo(0.005, 12);
    // a circle rolling over the vertex: only the segment it is over touches it, with the face normal
    const ball = new Circle({ position: { x: -0.01, y: 0.245 }, radius: 0.25 });
    expect(collide(part(floor, 1), ball)).toBeNull();
    expect(collide(part(floor, 2), ball)!.normal.y).toBeCloseTo(1, 15);
    // and a polygon, a capsule the same
    const hex = Polygon.regular(6, 0.3, { position: { x: -0.14, y: 0.3 * Math.cos(Math.PI / 6) - 0.005 } });
    expect(collide(part(floor, 1), hex)!.normal.x).toBeCloseTo(0, 15);
    const pill = new Capsule({ position: { x: -0.25, y: 0.195 }, halfLength: 0.3, radius: 0.2 });
    expect(collide(part(floor, 1), pill)!.normal.x).toBeCloseTo(0, 15);
    expect(collide(part(floor, 1), pill)!.depth).toBeCloseTo(0.005, 12);
  });

  it("a convex vertex: a vertex normal inside its wedge is kept, one past it belongs to the neighbour", () => {
    // a roof: (2, 0) → (0, 1) → (−2, 0), its top vertex convex; normals (1, 2)/√5 and (−1, 2)/√5
    const roof = new Chain({ points: [{ x: 2, y: 0 }, { x: 0, y: 1 }, { x: -2, y: 0 }], type: "static" });
    const top = new Circle({ position: { x: 0, y: 1.2 }, radius: 0.25 });
    for (const i of [0, 1]) {
      const m = collide(part(roof, i), top)!;
      expect(m.normal.x).toBeCloseTo(0, 12);
      expect(m.normal.y).toBeCloseTo(1, 12);
      expect(m.depth).toBeCloseTo(0.05, 12);
    }
    // a circle over the right face near the top: its closest point on segment 1 is the vertex, the normal
    // from there turns past the right face's normal: segment 1 leaves it to segment 0
    // its centre: 0.3 along segment 0 from the vertex, 0.4 out along its normal; radius 0.52 (0.5 from the vertex)
    const right = new Circle({ position: { x: 1 / Math.sqrt(5), y: 1 + 0.5 / Math.sqrt(5) }, radius: 0.52 });
    expect(collide(part(roof, 1), right)).toBeNull();
    const m0 = collide(part(roof, 0), right)!;
    expect(m0.normal.x).toBeCloseTo(1 / Math.sqrt(5), 12);
    expect(m0.normal.y).toBeCloseTo(2 / Math.sqrt(5), 12);
    expect(m0.depth).toBeCloseTo(0.12, 12);
  });

  it("a concave corner: each segment pushes along its own normal", () => {
    // a valley: (1, 1) → (0, 0) → (−1, 1); normals (1, −1)/√2 ... right of (−1, −1) is (−1, 1)/√2
    const valley = new Chain({ points: [{ x: 1, y: 1 }, { x: 0, y: 0 }, { x: -1, y: 1 }], type: "static" });
    const box = new AABB({ position: { x: 0, y: 0.3 }, halfWidth: 0.25, halfHeight: 0.25 });
    const a = collide(part(valley, 0), box)!;
    const b = collide(part(valley, 1), box)!;
    expect(a.normal.x).toBeCloseTo(-Math.SQRT1_2, 12);
    expect(a.normal.y).toBeCloseTo(Math.SQRT1_2, 12);
    expect(b.normal.x).toBeCloseTo(Math.SQRT1_2, 12);
    expect(b.normal.y).toBeCloseTo(Math.SQRT1_2, 12);
    // the box's corner (0.25, 0.05) is 0.25·cos45 − ... deep: the closed form along (−1, 1)/√2 from (0, 0)
    expect(a.depth).toBeCloseTo(-(-0.25 + 0.05) * Math.SQRT1_2, 12);
  });

  it("feature ids stay the same while a box slides along a segment", () => {
    const ids = new Set<string>();
    for (let x = -1.6; x <= -1.4; x += 0.01) {
      const m = collide(part(floor, 3), new AABB({ position: { x, y: 0.245 }, halfWidth: 0.25, halfHeight: 0.25 }))!;
      ids.add(m.points.map((p) => p.id).join(","));
    }
    expect(ids.size).toBe(1);
  });
});

interface Run {
  /** The least speed along x, m/s. */
  minSpeed: number;
  /** The largest |vy|, m/s. */
  maxVertical: number;
}

/** Settle `body` on the chain, send it along +x at v until it reaches x = `to`. */
function slide(world: World, body: Body, v: number, to: number): Run {
  for (let i = 0; i < 60; i++) world.step(dt);
  body.setVelocity({ x: v, y: 0 });
  let minSpeed = Infinity;
  let maxVertical = 0;
  let steps = 0;
  while (body.position.x < to) {
    world.step(dt);
    minSpeed = Math.min(minSpeed, body.velocity.x);
    maxVertical = Math.max(maxVertical, Math.abs(body.velocity.y));
    if (++steps > 20000) throw new Error(`the body stopped at x = ${body.position.x}`);
  }
  return { minSpeed, maxVertical };
}

describe("across the inner vertices of a straight chain of 0.25 m segments", () => {
  for (const kind of KINDS) {
    for (const v of [1, 5, 10, 30]) {
      it(`${kind} at ${v} m/s: no vertical speed, no speed lost`, () => {
        const world = new World({ sleeping: false });
        world.add(new Chain({ points: floorPoints(-1, v < 10 ? 30 : 130, 0.25), type: "static", friction: 0 }));
        const body = world.add(makeBody(kind, 1.3));
        // measured: 0 for the AABB and the circle; at most 0.11 mm/s (the hexagon), 0.1 mm/s (capsule), 0.08 mm/s (box)
        const r = slide(world, body, v, v < 10 ? 25 : 120);
        expect(r.minSpeed).toBeGreaterThanOrEqual(v - 1e-9);
        expect(r.maxVertical).toBeLessThanOrEqual(VERTICAL);
      });
    }
  }

  for (const v of [1, 10]) {
    it(`a compound (a box and two circles) slides across at ${v} m/s: no vertical speed, no speed lost`, () => {
      const world = new World({ sleeping: false });
      world.add(new Chain({ points: floorPoints(-1, 40, 0.25), type: "static", friction: 0 }));
      const cart = world.add(new Compound({ position: { x: 1.3, y: 0.2 }, friction: 0, shapes: [
        { shape: "box", halfWidth: 0.4, halfHeight: 0.1, offset: { x: 0, y: 0.1 } },
        { shape: "circle", radius: 0.1, offset: { x: -0.3, y: -0.1 } },
        { shape: "circle", radius: 0.1, offset: { x: 0.3, y: -0.1 } },
      ] }));
      const r = slide(world, cart, v, 35);
      expect(r.minSpeed).toBeGreaterThanOrEqual(v - 1e-9);
      expect(r.maxVertical).toBeLessThanOrEqual(VERTICAL);
      expect(world.contacts.every((c) => c.shapeA.kind === "chainSegment" && c.bodyB === cart)).toBe(true);
    });
  }

  it("two-sided segments laid end to end catch the same bodies (the ghost collisions the chain removes)", () => {
    const world = new World({ sleeping: false });
    const p = floorPoints(-1, 30, 0.25);
    for (let i = 0; i + 1 < p.length; i++) world.add(new Segment({ a: p[i]!, b: p[i + 1]!, type: "static", friction: 0 }));
    const box = world.add(makeBody("aabb", 1.3));
    for (let i = 0; i < 60; i++) world.step(dt);
    box.setVelocity({ x: 5, y: 0 });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.velocity.x).toBeLessThan(1); // measured: stopped at the first vertex
  });

  it("friction takes what its closed form says: v(t) = v0 − μ g t for a sliding AABB", () => {
    const world = new World({ sleeping: false });
    world.add(new Chain({ points: floorPoints(-1, 40, 0.25), type: "static", friction: 0.5 }));
    const box = world.add(makeBody("aabb", 1.3, 0, 0.5));
    for (let i = 0; i < 60; i++) world.step(dt);
    box.setVelocity({ x: 10, y: 0 });
    const steps = 60;
    for (let i = 0; i < steps; i++) world.step(dt);
    // μ = sqrt(0.5 · 0.5)
    expect(box.velocity.x).toBeCloseTo(10 - 0.5 * 9.81 * steps * dt, 3);
  });

  it("a circle rolling with friction keeps its speed", () => {
    const world = new World({ sleeping: false });
    world.add(new Chain({ points: floorPoints(-1, 40, 0.25), type: "static", friction: 0.6 }));
    const ball = world.add(makeBody("circle", 1.3, 0, 0.6));
    for (let i = 0; i < 60; i++) world.step(dt);
    ball.setVelocity({ x: 6, y: 0 });
    ball.setAngularVelocity(-6 / 0.25);
    let vertical = 0;
    while (ball.position.x < 35) {
      world.step(dt);
      vertical = Math.max(vertical, Math.abs(ball.velocity.y));
      expect(ball.velocity.x).toBeGreaterThanOrEqual(6 - 0.5e-3); // as on seams (seams.test.ts): measured 0.28 mm/s lost
    }
    expect(vertical).toBeLessThanOrEqual(VERTICAL);
  });
});

describe("over a convex chain", () => {
  /** A hill: the arc of radius R about (0, −R) from angle +span to −span (right to left: solid side out), `n` segments. */
  function hill(R: number, span: number, n: number): Vec2[] {
    const p: Vec2[] = [];
    for (let i = 0; i <= n; i++) {
      const a = -span + (2 * span * i) / n; // from the right (x > 0) to the left
      p.push({ x: R * Math.sin(-a), y: -R + R * Math.cos(a) });
    }
    return p;
  }

  // gentle (0.18° per vertex: flat, every normal snapped to the face) and coarse (2.4° per vertex: convex, the wedge used)
  for (const [name, R, n] of [["gentle", 200, 160], ["coarse", 60, 12]] as const) {
    const span = 0.25;
    const theta = (2 * span) / n; // the turn at each vertex
    const seg = 2 * R * Math.sin(theta / 2);
    for (const kind of KINDS) {
      for (const v of [1, 5, 10, 30]) {
        it(`${name} hill, ${kind} at ${v} m/s from the top: never kicked up, no speed lost beyond a polyline's kinks`, () => {
          const world = new World({ sleeping: false });
          world.add(new Chain({ points: hill(R, span, n), type: "static", friction: 0 }));
          // on the first segment right of the top, moving along it, its lowest point on it (the left end of a flat bottom)
          const x0 = 0.5 * seg;
          const left = { aabb: 0.25, box: 0.25, polygon: 0.15, circle: 0, capsule: 0.3 }[kind];
          const body = world.add(makeBody(kind, x0, -Math.tan(theta / 2) * (x0 - left)));
          body.setVelocity({ x: v * Math.cos(theta / 2), y: -v * Math.sin(theta / 2) });
          let rise = -Infinity;
          let low = Infinity;
          for (let i = 0; i < 90 && body.position.x < R * Math.sin(span) - 1; i++) {
            world.step(dt);
            const vel = body.velocity;
            rise = Math.max(rise, vel.y);
            // friction 0, downhill: gravity only adds speed; what the kinks may take is an inelastic turn by θ
            // at each vertex crossed (v·cos θ kept); a ghost collision would take far more
            const crossed = Math.floor(body.position.x / seg) + 1;
            const speed = Math.sqrt(vel.x * vel.x + vel.y * vel.y);
            low = Math.min(low, speed / (v * Math.cos(theta) ** crossed));
          }
          expect(low).toBeGreaterThanOrEqual(1 - 1e-6);
          // no ghost kick upwards: ahead of it the hill only goes down
          expect(rise).toBeLessThanOrEqual(VERTICAL);
          if (process.env.CHAIN_FIGURES) console.log(name, kind, v, "rise", rise, "speed/kinks", low);
        });
      }
    }
  }
});

describe("corners, sides and loops", () => {
  it("a concave corner holds a box: dropped into a V, it comes to rest in it", () => {
    const world = new World();
    world.add(new Chain({ points: [{ x: 3, y: 3 }, { x: 0, y: 0 }, { x: -3, y: 3 }], type: "static" }));
    const box = world.add(new Box({ position: { x: 0.1, y: 2 }, halfWidth: 0.3, halfHeight: 0.3 }));
    for (let i = 0; i < 300; i++) world.step(dt);
    expect(box.position.y).toBeGreaterThan(0.3);
    expect(Math.abs(box.velocity.x) + Math.abs(box.velocity.y)).toBeLessThan(1e-3);
    // pushed into a floor-to-wall corner at 10 m/s: stopped by the wall
    const w2 = new World();
    w2.add(new Chain({ points: [{ x: 5, y: 3 }, { x: 5, y: 0 }, { x: -5, y: 0 }], type: "static", friction: 0 }));
    const b2 = w2.add(makeBody("aabb", 0));
    b2.setVelocity({ x: 10, y: 0 });
    for (let i = 0; i < 120; i++) w2.step(dt);
    expect(b2.position.x).toBeLessThanOrEqual(5 - 0.25 + 0.01);
    expect(b2.position.x).toBeGreaterThan(4);
    expect(b2.position.y).toBeGreaterThan(0.2);
  });

  it("one-sided: a body starting below a floor chain rises through it and lands on top", () => {
    for (const kind of KINDS) {
      const world = new World();
      world.add(new Chain({ points: floorPoints(-5, 5, 0.5), type: "static" }));
      const body = world.add(makeBody(kind, 0.1, -1));
      body.setVelocity({ x: 0, y: 8 }); // rises about 3.3 m
      let top = -Infinity;
      for (let i = 0; i < 240; i++) {
        world.step(dt);
        top = Math.max(top, body.position.y);
      }
      expect(top).toBeGreaterThan(2);
      expect(body.position.y).toBeGreaterThan(0.15); // resting on the floor's top
      expect(body.position.y).toBeLessThan(0.35);
    }
  });

  it("a counter-clockwise loop keeps bodies outside: balls rest on it and slide off its sides; one inside falls out", () => {
    const world = new World();
    const sq = world.add(new Chain({ points: [{ x: -2, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: -2, y: 2 }], loop: true, type: "static" }));
    const onTop = world.add(new Circle({ position: { x: 0, y: 3 }, radius: 0.25 }));
    const inside = world.add(new Circle({ position: { x: 0, y: 1 }, radius: 0.25 }));
    for (let i = 0; i < 180; i++) world.step(dt);
    expect(onTop.position.y).toBeCloseTo(2.25, 2);
    expect(inside.position.y).toBeLessThan(-5); // passed out through the bottom, from behind
    const hit = world.contacts.find((c) => c.bodyA === sq || c.bodyB === sq)!;
    expect(hit.bodyA).toBe(sq);
    expect(hit.shapeA).toBe(sq.shapes[2]); // the top segment (2, 2) → (−2, 2)
    expect(hit.shapeA.kind).toBe("chainSegment");
  });

  it("fast bodies do not tunnel through a chain (continuous collision with its segments)", () => {
    for (const kind of KINDS) {
      const world = new World();
      world.add(new Chain({ points: floorPoints(-5, 5, 0.5), type: "static" }));
      const body = world.add(makeBody(kind, 0.3, 4));
      body.setVelocity({ x: 0, y: -400 });
      for (let i = 0; i < 30; i++) world.step(dt);
      expect(body.position.y).toBeGreaterThan(0.1);
    }
    // and sideways into a wall chain (x = 2, solid side to the left: drawn downwards)
    const world = new World({ gravity: { x: 0, y: 0 } });
    world.add(new Chain({ points: [{ x: 2, y: 5 }, { x: 2, y: 0 }, { x: 2, y: -5 }], type: "static" }));
    const ball = world.add(new Circle({ position: { x: 0, y: 0.01 }, radius: 0.1, velocity: { x: 600, y: 0 } }));
    for (let i = 0; i < 10; i++) world.step(dt);
    expect(ball.position.x).toBeLessThan(2);
  });
});

describe("rays and casts against a chain", () => {
  const world = new World();
  const floor = world.add(new Chain({ points: floorPoints(-3, 3, 1), type: "static" }));

  it("a ray from the solid side hits with the face normal; from behind it passes", () => {
    const hit = world.raycast({ x: 0.5, y: 2 }, { x: 0, y: -1 }, 10)!;
    expect(hit.body).toBe(floor);
    expect(hit.shape).toBe(floor.shapes[2]); // 1 → 0, the third of 3 → 2 → 1 → 0 → −1 ...
    expect(hit.distance).toBeCloseTo(2, 12);
    expect(hit.normal.y).toBeCloseTo(1, 15);
    expect(world.raycast({ x: 0.5, y: -2 }, { x: 0, y: 1 }, 10)).toBeNull();
    expect(world.raycastAll({ x: -2.5, y: 1 }, { x: 1, y: -0.1 }, 100).every((h) => h.normal.y > 0)).toBe(true);
  });

  it("a shape cast down onto it stops at its top; one from behind passes (one-sided, as Box2D's)", () => {
    for (const kind of KINDS) {
      const shape = makeBody(kind, 0.5, 2.5); // its lowest point 2.5 m above the floor
      const hit = world.castShape(shape, { x: 0, y: -5 })!;
      expect(hit.body).toBe(floor);
      expect(hit.shape.kind).toBe("chainSegment");
      expect(hit.fraction).toBeCloseTo(2.5 / 5, 6);
      const below = makeBody(kind, 0.5, -3);
      expect(world.castShape(below, { x: 0, y: 5 })).toBeNull();
      expect(world.castShapeAll(below, { x: 0, y: 5 })).toEqual([]);
    }
  });
});

describe("a chain in a world's other parts", () => {
  it("clone() keeps a world with a chain bit for bit (snapshots of chains: snapshot-chains.test.ts)", () => {
    const world = new World();
    world.add(new Chain({ points: floorPoints(-2, 2, 1), type: "static" }));
    const ball = world.add(new Circle({ position: { x: -1.5, y: 0.3 }, radius: 0.25, velocity: { x: 3, y: 0 } }));
    world.step(dt);
    // a clone copies the bodies themselves: it steps on with the same bits, rolling across the inner vertices
    const twin = world.clone();
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      twin.step(dt);
      expect(twin.stateHash()).toBe(world.stateHash());
    }
    expect(ball.position.x).toBeGreaterThan(0);
  });

  it("clone() copies a chain (its shapes, ghosts and one-sidedness); a chain removed and added again collides as before", () => {
    const c = new Chain({ points: floorPoints(-2, 2, 1), type: "static", friction: 0.3 });
    const d = c.clone();
    expect(d).toBeInstanceOf(Chain);
    expect(d.shapes.map((s) => [s.kind, s.a, s.b, s.ghost1, s.ghost2])).toEqual(c.shapes.map((s) => [s.kind, s.a, s.b, s.ghost1, s.ghost2]));
    expect(d.shapes.every((s) => s.body === d)).toBe(true);
    expect(collide(part(d, 1), new Circle({ position: { x: 0.5, y: -0.2 }, radius: 0.25 }))).toBeNull();
    const world = new World();
    world.add(d);
    const ball = world.add(new Circle({ position: { x: 0.5, y: 0.5 }, radius: 0.25 }));
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(ball.position.y).toBeCloseTo(0.25, 2);
    world.remove(d);
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(ball.position.y).toBeLessThan(0);
    world.add(d);
    ball.setPosition({ x: 0.5, y: 0.5 });
    ball.setVelocity({ x: 0, y: 0 });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(ball.position.y).toBeCloseTo(0.25, 2);
  });

  it("queries list the chain once; a kinematic chain carries what rests on it", () => {
    const world = new World();
    const c = world.add(new Chain({ points: floorPoints(-3, 3, 0.5), type: "kinematic" }));
    expect(world.queryAABB({ x: -1, y: -0.1 }, { x: 1, y: 0.1 })).toEqual([c]);
    const box = world.add(makeBody("aabb", 0, 0, 1));
    c.setVelocity({ x: 1, y: 0 });
    for (let i = 0; i < 60; i++) world.step(dt);
    expect(box.velocity.x).toBeCloseTo(1, 3);
    expect(box.position.y).toBeGreaterThan(0.2);
  });
});

describe("the chain segment pair functions: properties", () => {
  const fc = fcModule;
  /** A chain ghost1 → a → b → ghost2 with a random length and turns at a and b (±70°), a shape of each kind near it. */
  const scene = fc
    .record({
      len: fc.double({ min: 1, max: 4, noNaN: true }),
      dir: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      turn1: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
      turn2: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
      kind: fc.constantFrom<Kind>(...KINDS),
      along: fc.double({ min: -0.3, max: 1.3, noNaN: true }),
      height: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
      angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    });
  type Drawn = typeof scene extends fcModule.Arbitrary<infer T> ? T : never;
  /** The chain and the shape of a drawn case (built here, so that a counterexample prints only its numbers). */
  const build = (r: Drawn) => {
      const ex = Math.cos(r.dir);
      const ey = Math.sin(r.dir);
      const a = { x: 0.3, y: -0.2 };
      const b = { x: a.x + r.len * ex, y: a.y + r.len * ey };
      const back = r.dir + r.turn1; // the previous segment's direction
      const on = r.dir + r.turn2;
      const g1 = { x: a.x - Math.cos(back), y: a.y - Math.sin(back) };
      const g2 = { x: b.x + Math.cos(on), y: b.y + Math.sin(on) };
      const chain = new Chain({ points: [g1, a, b, g2], type: "static" });
      // the shape's centre: `along` of the way from a to b, `height` out along the segment's normal (right of a → b)
      const cx = a.x + r.along * (b.x - a.x) + r.height * ey;
      const cy = a.y + r.along * (b.y - a.y) - r.height * ex;
      const body = makeBody(r.kind, 0, 0);
      body.setPosition({ x: cx, y: cy });
      if (r.kind !== "aabb" && r.kind !== "circle") body.setAngle(r.angle);
      return { ...r, chain, seg: part(chain, 1), body, n: { x: ey, y: -ex } };
  };

  it("swapping the shapes negates the normal and keeps depth, points and ids", () => {
    fc.assert(
      fc.property(scene, (drawn) => {
        const { seg, body } = build(drawn);
        const m = collide(seg, body);
        const r = collide(body, seg);
        if (m === null) return r === null;
        expect(r).not.toBeNull();
        expect(r!.normal.x).toBe(-m.normal.x);
        expect(r!.normal.y).toBe(-m.normal.y);
        expect(r!.depth).toBe(m.depth);
        expect(r!.points).toEqual(m.points);
        expect(new Set(m.points.map((p) => p.id)).size).toBe(m.points.length);
        return true;
      }),
    );
  });

  it("one-sided: a shape whose centre is behind the segment (and behind a convex neighbour) has no contact", () => {
    fc.assert(
      fc.property(scene, (r) => {
        const { seg, body, height, turn1, turn2, along } = build(r);
        // behind this segment's line, and not in front of either neighbour's (a turn ≥ 0 at a or b is convex there)
        if (height > -1e-9 || !(along > 0 && along < 1) || turn1 >= 0 || turn2 >= 0) return true;
        expect(collide(seg, body)).toBeNull();
        return true;
      }),
      { numRuns: 400 },
    );
  });

  it("over the middle of the segment: the face normal, the two-sided segment's depth, and moving B by normal·(depth + ε) separates", () => {
    fc.assert(
      fc.property(scene, (r) => {
        const { seg, body, along, height, len, n } = build(r);
        // the shapes reach at most 0.6 m from their centre: well inside the ends
        if (along * len < 0.7 || (1 - along) * len < 0.7 || height < 0) return true;
        const m = collide(seg, body);
        const s = seg.shapes[0]!;
        const twoSided = collide(new Segment({ a: s.a!, b: s.b!, type: "static" }), body);
        if (m === null) return twoSided === null || twoSided.normal.x * n.x + twoSided.normal.y * n.y < 1 - 1e-9;
        expect(m.normal.x).toBeCloseTo(n.x, 12);
        expect(m.normal.y).toBeCloseTo(n.y, 12);
        if (twoSided !== null && twoSided.normal.x * n.x + twoSided.normal.y * n.y > 1 - 1e-9) expect(m.depth).toBeCloseTo(twoSided.depth, 9);
        const p = body.position;
        body.setPosition({ x: p.x + m.normal.x * (m.depth + 1e-7), y: p.y + m.normal.y * (m.depth + 1e-7) });
        const after = collide(seg, body);
        expect(after === null || after.depth <= 1e-9).toBe(true);
        return true;
      }),
      { numRuns: 400 },
    );
  });
});
