/**
 * Box, Polygon and Segment as bodies (src/bodies/box.ts, polygon.ts,
 * segment.ts, polygon-body.ts, shape.ts): construction and its errors, mass
 * and centre of mass against closed forms, the origin / centre-of-mass
 * conversion, `body.shapes`, and the world's narrowphase, ray casts and
 * queries for the new kinds against hand-computed answers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AABB,
  Box,
  Capsule,
  Circle,
  collide,
  Polygon,
  POLYGON,
  castShapes,
  raycastBody,
  Segment,
  SEGMENT,
  World,
} from "../src/entries/capsule2d.js";

const SQRT2 = Math.sqrt(2);

describe("Box", () => {
  it("mass ρ·4wh and inertia m(w² + h²)/3 about its centre, which is its position", () => {
    const b = new Box({ halfWidth: 0.5, halfHeight: 0.25, density: 2, position: { x: 1, y: 2 }, angle: 0.3 });
    expect(b.kind).toBe(POLYGON);
    expect(b.mass).toBeCloseTo(2 * 4 * 0.5 * 0.25, 14);
    expect(b.inertia).toBeCloseTo((b.mass * (0.25 + 0.0625)) / 3, 14);
    expect(b.localCenter).toEqual({ x: 0, y: 0 });
    expect(b.worldCenter).toEqual({ x: 1, y: 2 });
    expect(b.position).toEqual({ x: 1, y: 2 });
    expect(b.angle).toBeCloseTo(0.3, 15);
  });

  it("a rounded box: area 4wh + 2r(2w + 2h) + πr² (the box, four edge strips, four quarter discs)", () => {
    const w = 0.5;
    const h = 0.3;
    const r = 0.1;
    const b = new Box({ halfWidth: w, halfHeight: h, radius: r });
    expect(b.area).toBeCloseTo(4 * w * h + 2 * r * (2 * w + 2 * h) + Math.PI * r * r, 14);
    expect(b.radius).toBe(r);
    expect(b.shapes[0]!.radius).toBe(r);
  });

  it("its shape is a 'box' with its half extents and four world vertices at the turned corners", () => {
    const b = new Box({ halfWidth: 1, halfHeight: 1, angle: Math.PI / 4, position: { x: 3, y: 0 } });
    const s = b.shapes[0]!;
    expect(b.shapes).toHaveLength(1);
    expect(s.kind).toBe("box");
    expect(s.body).toBe(b);
    expect(s.halfWidth).toBe(1);
    expect(s.halfHeight).toBe(1);
    const v = s.getWorldVertices();
    expect(v).toHaveLength(4);
    // the lower left corner (-1, -1) turned by 45° is (0, -√2)
    expect(v[0]!.x).toBeCloseTo(3, 14);
    expect(v[0]!.y).toBeCloseTo(-SQRT2, 14);
    const reused = s.getWorldVertices(v);
    expect(reused).toBe(v);
  });

  it("bad sizes are errors that name the field", () => {
    expect(() => new Box({ halfWidth: -1, halfHeight: 1 })).toThrow(/halfWidth/);
    expect(() => new Box({ halfWidth: 1, halfHeight: Number.NaN })).toThrow(/halfHeight/);
    expect(() => new Box({ halfWidth: 1, halfHeight: 1, radius: -0.1 })).toThrow(/radius/);
    expect(() => new Box({ halfWidth: 1, halfHeight: 1, sides: 3 } as never)).toThrow(/sides/);
  });
});

describe("Polygon", () => {
  it("a right triangle (0,0), (3,0), (0,3): area 4.5, centre of mass (1, 1), inertia m(a² + b²)/18 about it", () => {
    const p = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], position: { x: 10, y: 0 } });
    expect(p.area).toBeCloseTo(4.5, 14);
    expect(p.mass).toBeCloseTo(4.5, 14);
    expect(p.localCenter.x).toBeCloseTo(1, 14);
    expect(p.localCenter.y).toBeCloseTo(1, 14);
    expect(p.worldCenter.x).toBeCloseTo(11, 14);
    expect(p.worldCenter.y).toBeCloseTo(1, 14);
    expect(p.position).toEqual({ x: 10, y: 0 });
    expect(p.inertia).toBeCloseTo((p.mass * (9 + 9)) / 18, 13);
    // the shape keeps the vertices as given, in the body's frame
    expect(p.shapes[0]!.kind).toBe("polygon");
    expect(p.shapes[0]!.vertices).toEqual([{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }]);
  });

  it("angle turns the frame about the origin: the centre of mass is the origin plus the turned local centre", () => {
    const p = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], angle: Math.PI / 2 });
    // (1, 1) turned by 90° is (−1, 1)
    expect(p.worldCenter.x).toBeCloseTo(-1, 14);
    expect(p.worldCenter.y).toBeCloseTo(1, 14);
    const v = p.shapes[0]!.getWorldVertices();
    expect(v[1]!.x).toBeCloseTo(0, 14);
    expect(v[1]!.y).toBeCloseTo(3, 14);
  });

  it("setPosition and setAngle place the origin; the centre of mass follows", () => {
    const p = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 }] });
    expect(p.localCenter.x).toBeCloseTo(1, 14);
    p.setPosition({ x: 5, y: 5 });
    expect(p.position.x).toBeCloseTo(5, 14);
    expect(p.position.y).toBeCloseTo(5, 14);
    expect(p.worldCenter.x).toBeCloseTo(6, 14);
    p.setAngle(Math.PI);
    expect(p.position.x).toBeCloseTo(5, 14);
    expect(p.position.y).toBeCloseTo(5, 14);
    expect(p.worldCenter.x).toBeCloseTo(4, 14);
    expect(p.worldCenter.y).toBeCloseTo(4, 14);
    const pose = p.getInterpolatedPose(1);
    expect(pose.x).toBeCloseTo(5, 14);
    expect(pose.y).toBeCloseTo(5, 14);
  });

  it("it turns about its centre of mass: with no gravity the centre stays put and the origin circles it", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const p = world.add(
      new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }, { x: 0, y: 2 }], angularVelocity: 1, enableSleep: false }),
    );
    const c0 = p.worldCenter;
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(p.worldCenter.x).toBeCloseTo(c0.x, 12);
    expect(p.worldCenter.y).toBeCloseTo(c0.y, 12);
    // the origin stays √2 from the centre, turned by about 1 rad
    const o = p.position;
    expect(Math.hypot(o.x - 1, o.y - 1)).toBeCloseTo(SQRT2, 12);
    expect(p.angle).toBeCloseTo(1, 2);
  });

  it("property: mass and centre of mass do not depend on where the frame is (vertices moved by d: localCenter moves by d)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (dx, dy, r) => {
          const base = [{ x: -1, y: -0.5 }, { x: 1.5, y: -0.5 }, { x: 0.5, y: 1 }, { x: -0.8, y: 0.7 }];
          const a = new Polygon({ vertices: base, radius: r });
          const b = new Polygon({ vertices: base.map((v) => ({ x: v.x + dx, y: v.y + dy })), radius: r });
          expect(b.mass).toBeCloseTo(a.mass, 10);
          expect(b.inertia).toBeCloseTo(a.inertia, 9);
          expect(b.localCenter.x - a.localCenter.x).toBeCloseTo(dx, 10);
          expect(b.localCenter.y - a.localCenter.y).toBeCloseTo(dy, 10);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("Polygon.regular: centred on its position, its first edge at the bottom", () => {
    const p = Polygon.regular(5, 0.6, { position: { x: 2, y: 4 }, radius: 0.02 });
    expect(p.localCenter).toEqual({ x: 0, y: 0 });
    expect(p.position).toEqual({ x: 2, y: 4 });
    const v = p.shapes[0]!.vertices;
    expect(v).toHaveLength(5);
    expect(v[0]!.y).toBe(v[1]!.y);
    expect(v[0]!.y).toBeCloseTo(-0.6 * Math.cos(Math.PI / 5), 14);
    expect(p.radius).toBe(0.02);
    expect(() => Polygon.regular(2, 1)).toThrow(RangeError);
    expect(() => Polygon.regular(2, 1)).toThrow(/sides/);
    expect(() => Polygon.regular(4, -1)).toThrow(/circumradius/);
  });

  it("bad vertices: RangeError or TypeError saying what is wrong", () => {
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }] })).toThrow(/at least 3 vertices/);
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }] })).toThrow(/collinear/);
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: Number.NaN, y: 0 }, { x: 0, y: 1 }] })).toThrow(/vertices\[1\]/);
    expect(() => new Polygon({ vertices: Array.from({ length: 9 }, (_, i) => ({ x: Math.cos(i), y: Math.sin(i) })) })).toThrow(/at most 8/);
    expect(() => new Polygon({ vertices: "square" as never })).toThrow(TypeError);
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], radius: -1 })).toThrow(/radius/);
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1e9, y: 0 }, { x: 0, y: 1 }], type: "static" })).toThrow(/vertices must be within/);
    expect(() => new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], position: { x: Number.NaN, y: 0 } })).toThrow(/position/);
  });

  it("clone: its own shape, on the copy, with the same geometry and centre", () => {
    const p = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], position: { x: 1, y: 1 } });
    const q = p.clone();
    expect(q).toBeInstanceOf(Polygon);
    expect(q.shapes[0]!.body).toBe(q);
    expect(q.shapes[0]!.vertices).toEqual(p.shapes[0]!.vertices);
    expect(q.position).toEqual(p.position);
    expect(q.worldCenter).toEqual(p.worldCenter);
    expect(q.mass).toBe(p.mass);
  });
});

describe("Segment", () => {
  it("static or kinematic; a dynamic one has no mass: a RangeError that says so", () => {
    expect(() => new Segment({ a: { x: 0, y: 0 }, b: { x: 1, y: 0 } })).toThrow(/no mass/);
    const s = new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 1 }, type: "static" });
    expect(s.kind).toBe(SEGMENT);
    expect(s.mass).toBe(0);
    expect(() => s.setType("dynamic")).toThrow(/no mass/);
    s.setType("kinematic");
    expect(s.type).toBe("kinematic");
    expect(s.shapes[0]!.kind).toBe("segment");
    expect(s.shapes[0]!.a).toEqual({ x: -5, y: 0 });
    expect(s.shapes[0]!.b).toEqual({ x: 5, y: 1 });
    expect(() => new Segment({ a: { x: 0, y: 0 }, b: { x: 0, y: 0 }, type: "static" })).toThrow(/0.5 mm/);
    expect(() => new Segment({ a: { x: 0, y: Number.NaN }, b: { x: 1, y: 0 }, type: "static" })).toThrow(/\ba\b/);
  });
});

describe("shapes of the old bodies", () => {
  it("one shape each, named by kind, with their geometry", () => {
    const c = new Circle({ radius: 0.5 });
    const k = new Capsule({ halfLength: 1, radius: 0.25 });
    const a = new AABB({ halfWidth: 2, halfHeight: 1 });
    expect(c.shapes.map((s) => s.kind)).toEqual(["circle"]);
    expect(k.shapes[0]!.kind).toBe("capsule");
    expect(k.shapes[0]!.halfLength).toBe(1);
    expect(a.shapes[0]!.kind).toBe("aabb");
    expect(a.shapes[0]!.halfWidth).toBe(2);
    expect(a.shapes[0]!.radius).toBe(0);
    expect(c.shapes[0]!.halfWidth).toBe(0);
    expect(c.shapes).toBe(c.shapes);
    expect(c.localCenter).toEqual({ x: 0, y: 0 });
  });
});

describe("collide, ray casts and queries for the new kinds", () => {
  it("a circle resting on a 45° box's corner: depth and normal by hand; swapped, the normal negates", () => {
    const box = new Box({ halfWidth: 1, halfHeight: 1, angle: Math.PI / 4 });
    // the top corner is at (0, √2); a circle of radius 0.5 centred 0.4 above it
    const ball = new Circle({ radius: 0.5, position: { x: 0, y: SQRT2 + 0.4 } });
    const m = collide(box, ball)!;
    expect(m).not.toBeNull();
    expect(m.depth).toBeCloseTo(0.1, 12);
    expect(m.normal.x).toBeCloseTo(0, 12);
    expect(m.normal.y).toBeCloseTo(1, 12);
    const r = collide(ball, box)!;
    expect(r.depth).toBe(m.depth);
    expect(r.normal.x).toBeCloseTo(-m.normal.x, 15);
    expect(r.normal.y).toBe(-m.normal.y);
    expect(r.points.map((p) => p.id)).toEqual(m.points.map((p) => p.id));
  });

  it("every pair of kinds collides through collide(a, b), both ways, with negated normals and equal depths", () => {
    const bodies = [
      new Circle({ radius: 0.5, position: { x: 0.3, y: 0.2 } }),
      new Capsule({ halfLength: 0.5, radius: 0.3, angle: 0.4, position: { x: -0.1, y: 0.1 } }),
      new AABB({ halfWidth: 0.5, halfHeight: 0.4, position: { x: 0.2, y: -0.3 } }),
      new Box({ halfWidth: 0.5, halfHeight: 0.3, angle: 0.7, position: { x: 0.1, y: 0.3 } }),
      new Polygon({ vertices: [{ x: -0.5, y: -0.4 }, { x: 0.6, y: -0.3 }, { x: 0.1, y: 0.7 }], position: { x: 0.25, y: 0 } }),
      new Segment({ a: { x: -1, y: 0.1 }, b: { x: 1, y: -0.2 }, type: "static" }),
    ];
    for (const a of bodies) {
      for (const b of bodies) {
        if (a === b) continue;
        const m = collide(a, b);
        const r = collide(b, a);
        expect(m, `${a.shapes[0]!.kind}–${b.shapes[0]!.kind}`).not.toBeNull();
        expect(r!.depth).toBeCloseTo(m!.depth, 12);
        expect(r!.normal.x).toBeCloseTo(-m!.normal.x, 12);
        expect(r!.normal.y).toBeCloseTo(-m!.normal.y, 12);
      }
    }
  });

  it("a ray along +x hits a 45° box's left corner at 5 − √2", () => {
    const box = new Box({ halfWidth: 1, halfHeight: 1, angle: Math.PI / 4 });
    const hit = raycastBody(box, { x: -5, y: 0 }, { x: 1, y: 0 }, 100)!;
    expect(hit.distance).toBeCloseTo(5 - SQRT2, 12);
    expect(hit.body).toBe(box);
    const seg = new Segment({ a: { x: 2, y: -1 }, b: { x: 2, y: 1 }, type: "static" });
    const h2 = raycastBody(seg, { x: 0, y: 0 }, { x: 1, y: 0 }, 100)!;
    expect(h2.distance).toBeCloseTo(2, 14);
    expect(h2.normal).toEqual({ x: -1, y: 0 });
  });

  it("world.raycast, queryPoint, queryAABB and queryShape find boxes, polygons and segments", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const box = world.add(new Box({ halfWidth: 1, halfHeight: 1, angle: Math.PI / 4, type: "static" }));
    const tri = world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], position: { x: 10, y: 0 }, type: "static" }));
    const seg = world.add(new Segment({ a: { x: 20, y: -1 }, b: { x: 20, y: 1 }, type: "static" }));
    world.step(1 / 60);
    expect(world.raycast({ x: -5, y: 0 }, { x: 1, y: 0 }, 100)!.body).toBe(box);
    expect(world.raycast({ x: 15, y: 0 }, { x: 1, y: 0 }, 100)!.body).toBe(seg);
    const down = world.raycast({ x: 11, y: 5 }, { x: 0, y: -1 }, 100)!;
    expect(down.body).toBe(tri);
    // the hypotenuse x + y = 3 at x = 11 (10 + 1): y = 2
    expect(down.distance).toBeCloseTo(3, 12);
    // (0.9, 0.9) is outside the turned box (|x| + |y| > √2 there), (0.6, 0.6) inside
    expect(world.queryPoint({ x: 0.9, y: 0.9 })).toEqual([]);
    expect(world.queryPoint({ x: 0.6, y: 0.6 })).toEqual([box]);
    expect(world.queryPoint({ x: 10.5, y: 0.5 })).toEqual([tri]);
    expect(world.queryPoint({ x: 12, y: 2 })).toEqual([]);
    expect(world.queryAABB({ x: 19, y: -0.5 }, { x: 21, y: 0.5 })).toEqual([seg]);
    expect(world.queryAABB({ x: 1.2, y: 1.2 }, { x: 1.3, y: 1.3 })).toEqual([]);
    const probe = new Circle({ radius: 0.2, position: { x: 11.5, y: 1.5 } });
    expect(world.queryShape(probe)).toEqual([tri]);
  });

  it("a rounded polygon contains the points within its radius of its edges", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const b = world.add(new Box({ halfWidth: 1, halfHeight: 1, radius: 0.5, type: "static" }));
    world.step(1 / 60);
    expect(world.queryPoint({ x: 1.45, y: 0 })).toEqual([b]);
    expect(world.queryPoint({ x: 1.55, y: 0 })).toEqual([]);
    // past the corner: within 0.5 of (1, 1) along the diagonal
    expect(world.queryPoint({ x: 1.3, y: 1.3 })).toEqual([b]);
    expect(world.queryPoint({ x: 1.4, y: 1.4 })).toEqual([]);
  });

  it("castShapes with boxes, polygons and segments: fractions, normals and points by hand", () => {
    // a box of half width 0.5 moved 10 m along +x meets a box whose left face is at x = 4
    const a = new Box({ halfWidth: 0.5, halfHeight: 0.5 });
    const wall = new Box({ halfWidth: 1, halfHeight: 2, position: { x: 5, y: 0 }, type: "static" });
    const h = castShapes(a, wall, { x: 10, y: 0 })!;
    expect(h.fraction).toBeCloseTo(0.35, 12);
    expect(h.normal.x).toBeCloseTo(-1, 12);
    expect(h.normal.y).toBeCloseTo(0, 12);
    expect(h.point.x).toBeCloseTo(4, 12);
    expect(h.body).toBe(wall);
    // a circle dropped onto the top corner (0, √2) of a box turned by 45°
    const ball = new Circle({ radius: 0.5, position: { x: 0, y: 5 } });
    const diamond = new Box({ halfWidth: 1, halfHeight: 1, angle: Math.PI / 4, type: "static" });
    const h2 = castShapes(ball, diamond, { x: 0, y: -10 })!;
    expect(h2.fraction).toBeCloseTo((5 - SQRT2 - 0.5) / 10, 10);
    expect(h2.point.x).toBeCloseTo(0, 9);
    expect(h2.point.y).toBeCloseTo(SQRT2, 9);
    // a circle and a capsule dropped on a segment along y = 0
    const line = new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 0 }, type: "static" });
    const h3 = castShapes(new Circle({ radius: 0.5, position: { x: 1, y: 2 } }), line, { x: 0, y: -4 })!;
    expect(h3.fraction).toBeCloseTo(0.375, 12);
    expect(h3.normal.x).toBeCloseTo(0, 12);
    expect(h3.normal.y).toBeCloseTo(1, 12);
    expect(h3.body).toBe(line);
    const h4 = castShapes(new Capsule({ halfLength: 0.5, radius: 0.25, position: { x: 0, y: 1 } }), line, { x: 0, y: -2 })!;
    expect(h4.fraction).toBeCloseTo(0.375, 12);
    // a polygon cast against an AABB and a segment against a box
    const h5 = castShapes(Polygon.regular(4, SQRT2 / 2, { angle: Math.PI / 4, position: { x: 0, y: 3 } }), new AABB({ halfWidth: 2, halfHeight: 1, type: "static" }), { x: 0, y: -4 })!;
    // turned by π/4 the square's first edge is at 45°: a corner points down, 0.5·√2·... its lowest point is √2/2 below its centre
    expect(h5.fraction).toBeCloseTo((3 - SQRT2 / 2 - 1) / 4, 10);
    // overlapping at the start: fraction 0
    expect(castShapes(new Box({ halfWidth: 1, halfHeight: 1 }), new Box({ halfWidth: 1, halfHeight: 1, position: { x: 1.5, y: 0 } }), { x: 1, y: 0 })!.fraction).toBe(0);
    // passing by: null
    expect(castShapes(a, wall, { x: 0, y: 10 })).toBeNull();
  });

  it("world.castShape with a Box and a Polygon as the shape", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const ramp = world.add(new Box({ halfWidth: 5, halfHeight: 0.2, angle: 0.5, type: "static" }));
    world.add(new Segment({ a: { x: 20, y: -5 }, b: { x: 20, y: 5 }, type: "static" }));
    world.step(1 / 60);
    const crate = new Box({ halfWidth: 0.5, halfHeight: 0.5, angle: 0.5, position: { x: 0, y: 5 } });
    const hit = world.castShape(crate, { x: 0, y: -10 })!;
    expect(hit.body).toBe(ramp);
    // the crate turned as the ramp comes down onto its face: centre 0.2 + 0.5 above the ramp's axis along the normal
    const n = { x: -Math.sin(0.5), y: Math.cos(0.5) };
    const yAt = (0.7 / n.y); // the centre's height above the origin when its distance from the ramp's axis is 0.7
    expect(5 - hit.fraction * 10).toBeCloseTo(yAt, 9);
    expect(hit.normal.x).toBeCloseTo(n.x, 9);
    expect(hit.normal.y).toBeCloseTo(n.y, 9);
    const tri = new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], position: { x: 15, y: 0 } });
    const h2 = world.castShape(tri, { x: 10, y: 0 })!;
    expect(h2.fraction).toBeCloseTo(0.4, 12);
  });

  it("world.clone() carries boxes, polygons and segments: the clone steps on with the same stateHash", () => {
    const world = new World();
    world.add(new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: -0.5 }, type: "static" }));
    world.add(new Box({ halfWidth: 0.5, halfHeight: 0.3, angle: 0.3, position: { x: 0, y: 2 } }));
    world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0.2, y: 0.8 }], position: { x: 1.5, y: 1 } }));
    for (let i = 0; i < 20; i++) world.step(1 / 60);
    const copy = world.clone();
    expect(copy.stateHash()).toBe(world.stateHash());
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60);
      copy.step(1 / 60);
      expect(copy.stateHash()).toBe(world.stateHash());
    }
    expect(copy.bodies[2]!.shapes[0]!.kind).toBe("polygon");
    expect(copy.bodies[2]!.position).toEqual(world.bodies[2]!.position);
    // and so do snapshots (test/snapshot-shapes.test.ts)
    const restored = World.fromSnapshot(world.snapshot());
    expect(restored.stateHash()).toBe(world.stateHash());
    expect(restored.bodies[2]!.shapes[0]!.vertices).toEqual(world.bodies[2]!.shapes[0]!.vertices);
  });
});
