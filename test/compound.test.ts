/**
 * Compound bodies (src/bodies/compound.ts): one rigid body of several
 * shapes. Construction and its errors (naming `shapes[i].field`), mass,
 * centre of mass and inertia against closed forms, `body.shapes`; in a
 * world: one broadphase proxy per shape, contacts between shapes naming
 * `shapeA`/`shapeB` while the solver, islands and events see the compound,
 * per-shape material, sensor and filter, sleeping and waking, continuous
 * collision, removal, and the snapshot refusal.
 */
import { describe, expect, it } from "vitest";
import { traceBody } from "../src/debug/draw.js";
import {
  AABB,
  Box,
  Capsule,
  Circle,
  Compound,
  COMPOUND,
  collide,
  Polygon,
  Segment,
  World,
  type ShapeDef,
} from "../src/entries/capsule2d.js";

const DT = 1 / 60;

function ground(w: World, friction = 0.6): AABB {
  return w.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", friction }));
}

/** An L: a 2 × 0.5 bar on the floor and a 0.5 × 1 post on its left end (areas 1 and 0.5). */
const L_SHAPES: ShapeDef[] = [
  { shape: "box", halfWidth: 1, halfHeight: 0.25 },
  { shape: "box", halfWidth: 0.25, halfHeight: 0.5, offset: { x: -0.75, y: 0.75 } },
];

describe("Compound: mass, centre of mass and inertia", () => {
  it("two unit boxes side by side are one 2 × 1 box", () => {
    const c = new Compound({
      density: 3,
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5, offset: { x: -0.5, y: 0 } },
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5, offset: { x: 0.5, y: 0 } },
      ],
    });
    const one = new Box({ halfWidth: 1, halfHeight: 0.5, density: 3 });
    expect(c.kind).toBe(COMPOUND);
    expect(c.mass).toBe(one.mass);
    expect(c.area).toBe(one.area);
    expect(c.inertia).toBeCloseTo(one.inertia, 13);
    expect(c.localCenter).toEqual({ x: 0, y: 0 });
  });

  it("an L: centroid (−0.25, 0.25) and inertia 0.78125 ρ, by hand", () => {
    // bar: m 1, I_c (4 + 0.25)/12, 0.125 from the centroid; post: m 0.5, I_c 0.5 (0.25 + 1)/12, d² 0.5
    const c = new Compound({ shapes: L_SHAPES, position: { x: 2, y: 3 } });
    expect(c.mass).toBe(1.5);
    expect(c.localCenter.x).toBeCloseTo(-0.25, 15);
    expect(c.localCenter.y).toBeCloseTo(0.25, 15);
    const byHand = 1 * (4.25 / 12 + 0.125) + 0.5 * (1.25 / 12 + 0.5);
    expect(byHand).toBeCloseTo(0.78125, 15);
    expect(c.inertia).toBeCloseTo(byHand, 14);
    // the origin is where it was put; the centre of mass is off it
    expect(c.position).toEqual({ x: 2, y: 3 });
    expect(c.worldCenter.x).toBeCloseTo(1.75, 15);
    expect(c.worldCenter.y).toBeCloseTo(3.25, 15);
  });

  it("turned by `angle`, the centre of mass turns with the frame, and setPosition/setAngle keep the origin", () => {
    const c = new Compound({ shapes: L_SHAPES, position: { x: 1, y: 0 }, angle: Math.PI / 2 });
    // local (−0.25, 0.25) turned by 90° is (−0.25, −0.25)
    expect(c.worldCenter.x).toBeCloseTo(0.75, 12);
    expect(c.worldCenter.y).toBeCloseTo(-0.25, 12);
    c.setPosition({ x: 5, y: 5 });
    expect(c.position.x).toBeCloseTo(5, 12);
    expect(c.position.y).toBeCloseTo(5, 12);
    c.setAngle(0);
    expect(c.position.x).toBeCloseTo(5, 12);
    expect(c.worldCenter.x).toBeCloseTo(4.75, 12);
    expect(c.worldCenter.y).toBeCloseTo(5.25, 12);
  });

  it("circles off the centre: the parallel-axis theorem; per-shape densities weigh the centre of mass", () => {
    const r = 0.5;
    const c = new Compound({
      shapes: [
        { shape: "circle", radius: r, offset: { x: -1, y: 0 }, density: 1 },
        { shape: "circle", radius: r, offset: { x: 1, y: 0 }, density: 3 },
      ],
    });
    const m1 = Math.PI * r * r;
    expect(c.mass).toBeCloseTo(4 * m1, 14);
    // centre of mass at x = (−1·1 + 1·3) / 4 = 0.5
    expect(c.localCenter.x).toBeCloseTo(0.5, 14);
    const I = m1 * (0.5 * r * r + 1.5 * 1.5) + 3 * m1 * (0.5 * r * r + 0.5 * 0.5);
    expect(c.inertia).toBeCloseTo(I, 13);
    expect(c.shapes[1]!.density).toBe(3);
  });

  it("one rounded box, or one capsule, at the origin is exactly that body", () => {
    const rb = new Compound({ shapes: [{ shape: "box", halfWidth: 0.4, halfHeight: 0.2, radius: 0.05 }] });
    const b = new Box({ halfWidth: 0.4, halfHeight: 0.2, radius: 0.05 });
    expect(rb.mass).toBe(b.mass);
    expect(rb.inertia).toBe(b.inertia);
    const cc = new Compound({ shapes: [{ shape: "capsule", halfLength: 0.7, radius: 0.2, angle: 0.4 }] });
    const cap = new Capsule({ halfLength: 0.7, radius: 0.2 });
    expect(cc.mass).toBe(cap.mass);
    expect(cc.inertia).toBe(cap.inertia);
  });

  it("an off-centroid polygon shape turned and moved: the same mass and inertia as the Polygon body", () => {
    const vertices = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 0, y: 1 }];
    const c = new Compound({ shapes: [{ shape: "polygon", vertices, offset: { x: 1, y: 1 }, angle: 0.5 }] });
    const p = new Polygon({ vertices });
    expect(c.mass).toBeCloseTo(p.mass, 14);
    expect(c.inertia).toBeCloseTo(p.inertia, 13);
    // centroid (2/3, 1/3) turned by 0.5 and moved by (1, 1)
    const cx = 1 + Math.cos(0.5) * (2 / 3) - Math.sin(0.5) / 3;
    const cy = 1 + Math.sin(0.5) * (2 / 3) + Math.cos(0.5) / 3;
    expect(c.localCenter.x).toBeCloseTo(cx, 12);
    expect(c.localCenter.y).toBeCloseTo(cy, 12);
  });

  it("`mass` overrides the densities and scales every shape alike; setDensity too", () => {
    const c = new Compound({ shapes: L_SHAPES, mass: 3 });
    expect(c.mass).toBe(3);
    expect(c.inertia).toBeCloseTo(2 * 0.78125, 14);
    c.setDensity(1);
    expect(c.mass).toBeCloseTo(1.5, 14);
    expect(c.inertia).toBeCloseTo(0.78125, 14);
  });
});

describe("Compound: body.shapes", () => {
  it("one Shape per definition, in order, with kind, offset, angle, geometry, material, sensor, filter and userData", () => {
    const tag = { name: "nose" };
    const c = new Compound({
      friction: 0.3,
      restitution: 0.1,
      collisionFilter: { category: 2 },
      shapes: [
        { shape: "box", halfWidth: 1, halfHeight: 0.5, offset: { x: 1, y: 0 }, angle: 0.25 },
        { shape: "circle", radius: 0.2, offset: { x: 0, y: 2 }, friction: 0.9, isSensor: true, userData: tag },
        { shape: "capsule", halfLength: 0.5, radius: 0.1, restitution: 0.7, collisionFilter: { mask: 4 } },
        { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], radius: 0.01 },
        { shape: "segment", a: { x: -1, y: 0 }, b: { x: 1, y: 0 }, offset: { x: 0, y: -1 } },
      ],
    });
    const s = c.shapes;
    expect(s.map((x) => x.kind)).toEqual(["box", "circle", "capsule", "polygon", "segment"]);
    for (const x of s) expect(x.body).toBe(c);
    expect(s[0]!.offset).toEqual({ x: 1, y: 0 });
    expect(s[0]!.angle).toBe(0.25);
    expect(s[0]!.halfWidth).toBe(1);
    expect(s[0]!.halfHeight).toBe(0.5);
    expect(s[1]!.radius).toBe(0.2);
    expect(s[1]!.friction).toBe(0.9);
    expect(s[1]!.isSensor).toBe(true);
    expect(s[1]!.userData).toBe(tag);
    expect(s[0]!.friction).toBe(0.3);
    expect(s[0]!.isSensor).toBe(false);
    expect(s[2]!.halfLength).toBe(0.5);
    expect(s[2]!.restitution).toBe(0.7);
    expect(s[2]!.collisionFilter).toEqual({ category: 2, mask: 4, group: 0 });
    expect(s[0]!.collisionFilter).toEqual({ category: 2, mask: 0xffffffff, group: 0 });
    expect(s[3]!.radius).toBe(0.01);
    expect(s[3]!.vertices).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]);
    // the segment's ends in the body's frame: moved by its offset
    expect(s[4]!.a).toEqual({ x: -1, y: -1 });
    expect(s[4]!.b).toEqual({ x: 1, y: -1 });
    expect(Object.isFrozen(s)).toBe(true);
  });

  it("getWorldVertices places a shape's vertices at the body's pose (its offset and angle inside)", () => {
    const c = new Compound({
      position: { x: 10, y: 0 },
      angle: Math.PI / 2,
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5, offset: { x: 2, y: 0 } },
        { shape: "circle", radius: 1, offset: { x: -2, y: 0 } },
      ],
    });
    const v = c.shapes[0]!.getWorldVertices();
    // the box's corners in the body's frame: (1.5..2.5, −0.5..0.5), turned by 90° about the origin (10, 0)
    const want = [{ x: 10.5, y: 1.5 }, { x: 10.5, y: 2.5 }, { x: 9.5, y: 2.5 }, { x: 9.5, y: 1.5 }];
    expect(v).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      expect(v[i]!.x).toBeCloseTo(want[i]!.x, 12);
      expect(v[i]!.y).toBeCloseTo(want[i]!.y, 12);
    }
    expect(c.shapes[1]!.getWorldVertices()).toEqual([]);
  });

  it("instanceof: a Compound is not a Box or a Polygon, whatever its first shape", () => {
    const c = new Compound({ shapes: [{ shape: "box", halfWidth: 1, halfHeight: 1 }] });
    expect(c instanceof Compound).toBe(true);
    expect(c instanceof Box).toBe(false);
    expect(c instanceof Polygon).toBe(false);
    expect(new Box({ halfWidth: 1, halfHeight: 1 }) instanceof Compound).toBe(false);
  });
});

describe("Compound: bad definitions name the field", () => {
  const box: ShapeDef = { shape: "box", halfWidth: 1, halfHeight: 1 };
  it.each([
    [{ shapes: [box, box, { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }] }] }, RangeError, /shapes\[2\]\.vertices|shapes\[2\]: .*collinear/],
    [{ shapes: [{ shape: "circle", radius: -1 }] }, RangeError, /shapes\[0\]\.radius/],
    [{ shapes: [box, { shape: "triangle" }] }, TypeError, /shapes\[1\]\.shape/],
    [{ shapes: [{ ...box, colour: "red" }] }, TypeError, /shapes\[0\].*"colour"/],
    [{ shapes: [{ ...box, offset: { x: NaN, y: 0 } }] }, RangeError, /shapes\[0\]\.offset/],
    [{ shapes: [{ ...box, density: -1 }] }, RangeError, /shapes\[0\]\.density/],
    [{ shapes: [{ shape: "box", halfWidth: 1 }] }, TypeError, /shapes\[0\]\.halfHeight/],
    [{ shapes: [] }, RangeError, /shapes must hold 1 to 64/],
    [{ shapes: "box" }, TypeError, /shapes must be an array/],
    [{ shapes: [null] }, TypeError, /shapes\[0\] must be a shape definition/],
    [{ shapes: [{ shape: "segment", a: { x: 0, y: 0 }, b: { x: 1, y: 0 } }] }, RangeError, /needs a shape with area/],
    [{ shapes: [box], oneWay: { x: 0, y: 1 }, type: "static" }, RangeError, /oneWay is not supported on a Compound/],
  ])("%#: %o", (options, type, message) => {
    expect(() => new Compound(options as never)).toThrow(type);
    expect(() => new Compound(options as never)).toThrow(message);
  });

  it("a compound of segments may be static", () => {
    const c = new Compound({ type: "static", shapes: [{ shape: "segment", a: { x: 0, y: 0 }, b: { x: 1, y: 0 } }] });
    expect(c.mass).toBe(0);
  });

  it("collide() takes single-shape bodies: a Compound is a TypeError", () => {
    const c = new Compound({ shapes: [box] });
    expect(() => collide(c, new Circle({ radius: 1 }))).toThrow(TypeError);
  });
});

describe("Compound in a world", () => {
  it("an L falls on the ground and rests on its long bar, asleep, its shapes not its origin touching", () => {
    const w = new World();
    const g = ground(w);
    const c = w.add(new Compound({ shapes: L_SHAPES, position: { x: 0, y: 2 } }));
    for (let i = 0; i < 300; i++) w.step(DT);
    expect(c.position.y).toBeCloseTo(0.25, 2);
    expect(Math.abs(c.angle)).toBeLessThan(1e-3);
    expect(c.isSleeping).toBe(true);
    const contacts = w.contactsOf(c);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.bodyA).toBe(g);
    expect(contacts[0]!.bodyB).toBe(c);
    expect(contacts[0]!.shapeA).toBe(g.shapes[0]);
    expect(contacts[0]!.shapeB).toBe(c.shapes[0]);
    expect(contacts[0]!.manifold.points).toHaveLength(2);
    // the world lists the compound, not its parts; its parts took the ids after its own
    expect(w.bodies).toEqual([g, c]);
    const next = w.add(new Circle({ radius: 1, position: { x: 20, y: 5 } }));
    expect(next.id).toBe(c.id + 3);
  });

  it("an L dropped on its post's end tips over onto the bar's side (what rests is the right face)", () => {
    const w = new World();
    ground(w);
    // standing on the post: unstable (the centre of mass is to the right of the post)
    const c = w.add(new Compound({ shapes: L_SHAPES, position: { x: 0, y: 3 }, angle: -Math.PI / 2 + 0.2 }));
    for (let i = 0; i < 600; i++) w.step(DT);
    // it ends lying still on one of its outer faces, within the floor
    expect(c.isSleeping).toBe(true);
    for (const s of c.shapes) for (const v of s.getWorldVertices()) expect(v.y).toBeGreaterThan(-0.02);
    const lowest = Math.min(...c.shapes.flatMap((s) => s.getWorldVertices().map((v) => v.y)));
    expect(lowest).toBeLessThan(0.01);
  });

  it("a dumbbell (two circles on a capsule) lands on both circles, the bar clear of the floor", () => {
    const w = new World();
    ground(w);
    const d = w.add(new Compound({
      position: { x: 0, y: 1 },
      angle: 0.3,
      shapes: [
        { shape: "capsule", halfLength: 1, radius: 0.05 },
        { shape: "circle", radius: 0.3, offset: { x: -1, y: 0 } },
        { shape: "circle", radius: 0.3, offset: { x: 1, y: 0 } },
      ],
    }));
    for (let i = 0; i < 300; i++) w.step(DT);
    expect(d.worldCenter.y).toBeCloseTo(0.3, 2);
    const kinds = w.contactsOf(d).filter((c) => c.manifold.points.length > 0).map((c) => (c.bodyA === d ? c.shapeA : c.shapeB));
    expect(kinds).toHaveLength(2);
    expect(new Set(kinds)).toEqual(new Set([d.shapes[1], d.shapes[2]]));
  });

  it("a wheel of a circle and a capsule spoke rolls down a slope at a = g sinθ / (1 + I/(m r²))", () => {
    const theta = 0.3;
    const w = new World({ gravity: { x: 0, y: -9.81 } });
    w.add(new Box({ type: "static", halfWidth: 40, halfHeight: 0.5, angle: -theta, position: { x: 0, y: 0 } }));
    const r = 0.5;
    // on the slope's top face: the wheel's centre r above it
    const nx = Math.sin(-theta) * -1;
    const ny = Math.cos(theta);
    const wheel = w.add(new Compound({
      position: { x: -10 + nx * (0.5 + r), y: -10 * Math.tan(-theta) + ny * (0.5 + r) / 1 },
      shapes: [
        { shape: "circle", radius: r },
        { shape: "capsule", halfLength: 0.3, radius: 0.1, density: 5 },
      ],
    }));
    for (let i = 0; i < 30; i++) w.step(DT);
    const v0 = wheel.velocity;
    const s0 = Math.hypot(v0.x, v0.y);
    const steps = 60;
    for (let i = 0; i < steps; i++) w.step(DT);
    const v1 = wheel.velocity;
    const s1 = Math.hypot(v1.x, v1.y);
    const a = (s1 - s0) / (steps * DT);
    const expected = (9.81 * Math.sin(theta)) / (1 + wheel.inertia / (wheel.mass * r * r));
    expect(a).toBeCloseTo(expected, 1);
    expect(Math.abs(a - expected) / expected).toBeLessThan(0.03);
    // rolling without slipping: v = −ω r (it rolls towards −x... whichever way, |v| = |ω| r)
    expect(Math.abs(s1 - Math.abs(wheel.angularVelocity) * r)).toBeLessThan(0.02 * s1);
  });

  it("a compound lands on a compound: contacts between their shapes, both bodies named", () => {
    const w = new World();
    ground(w);
    const low = w.add(new Compound({ shapes: L_SHAPES, position: { x: 0, y: 0.3 } }));
    const high = w.add(new Compound({
      position: { x: 0.2, y: 2.5 },
      shapes: [
        { shape: "box", halfWidth: 0.8, halfHeight: 0.2 },
        { shape: "circle", radius: 0.2, offset: { x: 0, y: 0.4 } },
      ],
    }));
    for (let i = 0; i < 400; i++) w.step(DT);
    const between = w.contacts.filter((c) => (c.bodyA === low && c.bodyB === high) || (c.bodyA === high && c.bodyB === low));
    expect(between.length).toBeGreaterThan(0);
    for (const c of between) {
      expect(c.bodyA).toBe(low); // the lower id
      expect(low.shapes).toContain(c.shapeA);
      expect(high.shapes).toContain(c.shapeB);
    }
    // it rests on the L (above its bar, not in it)
    expect(high.worldCenter.y).toBeGreaterThan(0.5);
    expect(high.isSleeping).toBe(true);
  });

  it("events name shapeA/shapeB: begin with the touching shape, callbacks too", () => {
    const w = new World();
    const g = ground(w);
    const c = w.add(new Compound({
      position: { x: 0, y: 1 },
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.1, offset: { x: 0, y: 0.5 } },
        { shape: "circle", radius: 0.2, offset: { x: 0, y: -0.3 } },
      ],
    }));
    const started: [unknown, unknown][] = [];
    w.on("collisionStart", ({ pairs }) => {
      for (const p of pairs) started.push([p.shapeA, p.shapeB]);
    });
    let begun = false;
    for (let i = 0; i < 120 && !begun; i++) {
      w.step(DT);
      const e = w.contactEvents;
      for (let k = 0; k < e.beginCount; k++) {
        expect(e.begin[k]!.bodyA).toBe(g);
        expect(e.begin[k]!.bodyB).toBe(c);
        expect(e.begin[k]!.shapeB).toBe(c.shapes[1]);
        expect(e.begin[k]!.shapeA).toBe(g.shapes[0]);
        begun = true;
      }
    }
    expect(begun).toBe(true);
    expect(started).toEqual([[g.shapes[0], c.shapes[1]]]);
    w.remove(c);
    w.step(DT);
    expect(w.contactEvents.endCount).toBe(1);
    expect(w.contactEvents.end[0]!.shapeB).toBe(c.shapes[1]);
    expect(w.contactEvents.end[0]!.destroyed).toBe(true);
  });

  it("a sensor shape reports a visitor while the solid shape collides", () => {
    const w = new World({ gravity: { x: 0, y: 0 } });
    const c = w.add(new Compound({
      type: "static",
      shapes: [
        { shape: "box", halfWidth: 2, halfHeight: 0.2, offset: { x: 0, y: -3 } },
        { shape: "circle", radius: 1, isSensor: true, offset: { x: 0, y: 0 } },
      ],
    }));
    const ball = w.add(new Circle({ radius: 0.2, position: { x: 0, y: 2 }, velocity: { x: 0, y: -3 } }));
    let sensed = 0;
    for (let i = 0; i < 120; i++) {
      w.step(DT);
      const se = w.sensorEvents;
      for (let k = 0; k < se.beginCount; k++) {
        expect(se.begin[k]!.sensor).toBe(c);
        expect(se.begin[k]!.sensorShape).toBe(c.shapes[1]);
        expect(se.begin[k]!.visitor).toBe(ball);
        expect(se.begin[k]!.visitorShape).toBe(ball.shapes[0]);
        sensed++;
      }
    }
    expect(sensed).toBe(1);
    // it passed the sensor and stopped on the solid bar
    expect(ball.position.y).toBeGreaterThan(-2.8 - 0.01);
    expect(ball.position.y).toBeLessThan(-2.5);
  });

  it("a shape's own filter: a shape that ignores the ground passes into it while its sibling stands on it", () => {
    const w = new World();
    ground(w);
    const c = w.add(new Compound({
      position: { x: 0, y: 1 },
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5 },
        { shape: "box", halfWidth: 0.1, halfHeight: 0.5, offset: { x: 0, y: -0.8 }, collisionFilter: { mask: 0 } },
      ],
    }));
    for (let i = 0; i < 240; i++) w.step(DT);
    // the big box's bottom is on the floor; the leg (mask 0) reaches into the ground
    expect(c.worldCenter.y).toBeGreaterThan(0.2);
    const lowest = Math.min(...c.shapes[1]!.getWorldVertices().map((v) => v.y));
    expect(lowest).toBeLessThan(-0.5);
  });

  it("per-shape friction: the same body slides on its frictionless shape and sticks on its rough one", () => {
    const run = (friction: number): number => {
      const w = new World();
      ground(w, 1);
      const c = w.add(new Compound({
        position: { x: 0, y: 0.5 },
        velocity: { x: 3, y: 0 },
        fixedRotation: true,
        shapes: [
          { shape: "box", halfWidth: 0.5, halfHeight: 0.25, friction },
          { shape: "box", halfWidth: 0.5, halfHeight: 0.25, offset: { x: 0, y: 0.5 }, friction: 1 },
        ],
      }));
      for (let i = 0; i < 60; i++) w.step(DT);
      return c.position.x;
    };
    expect(run(0)).toBeGreaterThan(2.9);
    expect(run(1)).toBeLessThan(1);
  });

  it("per-shape restitution: a compound bounces off its bouncy shape, not off its dead one", () => {
    const peak = (bottom: number, top: number): number => {
      const w = new World();
      ground(w);
      const c = w.add(new Compound({
        position: { x: 0, y: 3 },
        fixedRotation: true,
        shapes: [
          { shape: "circle", radius: 0.3, restitution: bottom },
          { shape: "circle", radius: 0.3, offset: { x: 0, y: 0.6 }, restitution: top },
        ],
      }));
      let landed = false;
      let best = 0;
      for (let i = 0; i < 240; i++) {
        w.step(DT);
        if (c.velocity.y > 0) landed = true;
        if (landed) best = Math.max(best, c.position.y);
      }
      return best;
    };
    // dropped from 3 m (2.7 m of fall): a full bounce comes back near its height, a dead one not at all
    expect(peak(1, 0)).toBeGreaterThan(2);
    expect(peak(0, 1)).toBeLessThan(0.5);
  });

  it("sleeps, and wakes when a ball falls on it", () => {
    const w = new World();
    ground(w);
    const c = w.add(new Compound({ shapes: L_SHAPES, position: { x: 0, y: 0.3 } }));
    for (let i = 0; i < 200; i++) w.step(DT);
    expect(c.isSleeping).toBe(true);
    w.add(new Circle({ radius: 0.2, position: { x: -0.75, y: 3 } }));
    let woke = false;
    for (let i = 0; i < 60; i++) {
      w.step(DT);
      if (!c.isSleeping) woke = true;
    }
    expect(woke).toBe(true);
  });

  it("continuous collision: a fast compound does not pass through a thin static wall", () => {
    const w = new World({ gravity: { x: 0, y: 0 } });
    w.add(new Box({ type: "static", halfWidth: 0.02, halfHeight: 3, position: { x: 5, y: 0 } }));
    const c = w.add(new Compound({
      velocity: { x: 300, y: 0 },
      shapes: [
        { shape: "box", halfWidth: 0.2, halfHeight: 0.2 },
        { shape: "circle", radius: 0.1, offset: { x: 0.4, y: 0 } },
      ],
    }));
    let swept = 0;
    for (let i = 0; i < 30; i++) {
      w.step(DT);
      swept += w.continuous.hitCount;
    }
    expect(swept).toBeGreaterThan(0);
    // stopped at the wall (the circle's front at x = 4.98), not beyond it
    expect(c.worldCenter.x).toBeLessThan(5);
    expect(c.worldCenter.x).toBeGreaterThan(4);
  });

  it("remove and add again; change type; same calls, same bits", () => {
    const run = (): string => {
      const w = new World();
      ground(w);
      const c = w.add(new Compound({ shapes: L_SHAPES, position: { x: 0, y: 2 }, angle: 0.4 }));
      w.add(new Compound({ shapes: L_SHAPES, position: { x: 0.3, y: 4 }, angle: -0.2 }));
      for (let i = 0; i < 60; i++) w.step(DT);
      w.remove(c);
      for (let i = 0; i < 10; i++) w.step(DT);
      w.add(c);
      c.setType("kinematic");
      for (let i = 0; i < 10; i++) w.step(DT);
      c.setType("dynamic");
      for (let i = 0; i < 60; i++) w.step(DT);
      w.contactManager.validate(w.bodies);
      return w.stateHash();
    };
    expect(run()).toBe(run());
  });

  it("body.clone() copies the shapes onto new parts", () => {
    const c = new Compound({ shapes: L_SHAPES, position: { x: 1, y: 1 } });
    const d = c.clone();
    expect(d.shapes).toHaveLength(2);
    expect(d.shapes[0]!.body).toBe(d);
    expect(d.shapes[0]).not.toBe(c.shapes[0]);
    const w = new World();
    ground(w);
    w.add(c);
    w.add(d.setPosition({ x: 5, y: 1 }));
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(c.position.y).toBeCloseTo(0.25, 2);
    expect(d.position.y).toBeCloseTo(0.25, 2);
  });

  it("snapshots and clones carry a world with a compound (test/snapshot-compounds.test.ts has the rest)", () => {
    const w = new World();
    ground(w);
    w.add(new Compound({ shapes: L_SHAPES }));
    for (let i = 0; i < 30; i++) w.step(DT);
    const copy = World.fromSnapshot(w.snapshot());
    const twin = w.clone();
    for (let i = 0; i < 30; i++) {
      w.step(DT);
      copy.step(DT);
      twin.step(DT);
    }
    expect(copy.stateHash()).toBe(w.stateHash());
    expect(twin.stateHash()).toBe(w.stateHash());
  });

  it("a static compound of segments is a floor", () => {
    const w = new World();
    w.add(new Compound({
      type: "static",
      shapes: [
        { shape: "segment", a: { x: -5, y: 0 }, b: { x: 0, y: 0 } },
        { shape: "segment", a: { x: 0, y: 0 }, b: { x: 5, y: 1 } },
      ],
    }));
    const ball = w.add(new Circle({ radius: 0.25, position: { x: -2, y: 2 } }));
    for (let i = 0; i < 120; i++) w.step(DT);
    expect(ball.position.y).toBeCloseTo(0.25, 2);
  });

  it("a Segment body (no mass) as a compound's shape inside a dynamic compound adds no mass", () => {
    const c = new Compound({
      shapes: [
        { shape: "box", halfWidth: 1, halfHeight: 1 },
        { shape: "segment", a: { x: 1, y: 0 }, b: { x: 3, y: 0 } },
      ],
    });
    expect(c.mass).toBe(4);
    expect(c.localCenter).toEqual({ x: 0, y: 0 });
    expect(new Segment({ a: { x: 0, y: 0 }, b: { x: 1, y: 0 }, type: "static" }).mass).toBe(0);
  });
});

describe("Compound: queries, casts and drawing", () => {
  function scene(): { w: World; c: Compound } {
    const w = new World({ gravity: { x: 0, y: 0 } });
    const c = w.add(new Compound({
      position: { x: 5, y: 0 },
      collisionFilter: { category: 2 },
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5 },
        { shape: "circle", radius: 0.5, offset: { x: 2, y: 0 }, collisionFilter: { category: 4 } },
      ],
    }));
    return { w, c };
  }

  it("raycast hits a compound's shape: hit.body is the compound, hit.shape the shape", () => {
    const { w, c } = scene();
    const hit = w.raycast({ x: 0, y: 0 }, { x: 1, y: 0 })!;
    expect(hit.body).toBe(c);
    expect(hit.shape).toBe(c.shapes[0]);
    expect(hit.distance).toBeCloseTo(4.5, 12);
    const far = w.raycast({ x: 10, y: 0 }, { x: -1, y: 0 })!;
    expect(far.shape).toBe(c.shapes[1]);
    expect(far.distance).toBeCloseTo(2.5, 12);
    // raycastAll: one hit per shape, closest first
    const all = w.raycastAll({ x: 0, y: 0 }, { x: 1, y: 0 });
    expect(all.map((h) => h.shape)).toEqual([c.shapes[0], c.shapes[1]]);
    expect(all.every((h) => h.body === c)).toBe(true);
  });

  it("a query filter's bits are the shape's, a predicate sees the compound", () => {
    const { w, c } = scene();
    const hit = w.raycast({ x: 0, y: 0 }, { x: 1, y: 0 }, Infinity, { mask: 4 })!;
    expect(hit.shape).toBe(c.shapes[1]);
    const seen: unknown[] = [];
    w.raycast({ x: 0, y: 0 }, { x: 1, y: 0 }, Infinity, (b) => {
      seen.push(b);
      return true;
    });
    expect(seen.length).toBeGreaterThan(0);
    for (const b of seen) expect(b).toBe(c);
  });

  it("queryPoint and queryAABB list the compound once, whichever of its shapes overlap", () => {
    const { w, c } = scene();
    expect(w.queryPoint({ x: 7, y: 0.2 })).toEqual([c]);
    expect(w.queryPoint({ x: 6, y: 0.45 })).toEqual([]); // between the box and the circle
    expect(w.queryAABB({ x: 4, y: -1 }, { x: 8, y: 1 })).toEqual([c]);
    expect(w.queryShape(new Circle({ radius: 0.1, position: { x: 7.5, y: 0 } }))).toEqual([c]);
  });

  it("castShape against a compound: the first shape it runs into", () => {
    const { w, c } = scene();
    const ball = new Circle({ radius: 0.25, position: { x: 7, y: 3 } });
    const hit = w.castShape(ball, { x: 0, y: -6 })!;
    expect(hit.body).toBe(c);
    expect(hit.shape).toBe(c.shapes[1]);
    // it meets the circle's top at y = 0.5: the ball's centre travels 3 − 0.75 of 6
    expect(hit.fraction).toBeCloseTo((3 - 0.75) / 6, 9);
    const all = w.castShapeAll(new Box({ halfWidth: 0.1, halfHeight: 0.1, position: { x: 0, y: 0 } }), { x: 10, y: 0 });
    expect(all.map((h) => h.shape)).toEqual([c.shapes[0], c.shapes[1]]);
  });

  it("a compound as the cast shape: the first of its shapes to hit, itself never hit", () => {
    const { w, c } = scene();
    const wall = w.add(new Box({ type: "static", halfWidth: 0.1, halfHeight: 2, position: { x: 10, y: 0 } }));
    // the compound's circle (its front, at x 7.5) reaches the wall's face (x 9.9) after 2.4 of 4
    const hit = w.castShape(c, { x: 4, y: 0 })!;
    expect(hit.body).toBe(wall);
    expect(hit.fraction).toBeCloseTo(2.4 / 4, 9);
    expect(w.castShapeAll(c, { x: 4, y: 0 }).map((h) => h.body)).toEqual([wall]);
    // a free-standing compound (not in the world) hits the one in the world
    const probe = new Compound({ position: { x: 5, y: 5 }, shapes: [
      { shape: "circle", radius: 0.2, offset: { x: -1, y: 0 } },
      { shape: "box", halfWidth: 0.2, halfHeight: 0.2, offset: { x: 2, y: 0 } },
    ] });
    const down = w.castShape(probe, { x: 0, y: -5 })!;
    // its box (x 6.8..7.2) meets the circle's top (x 7, y 0.5) first: the box's bottom at 4.8 goes 4.3
    expect(down.body).toBe(c);
    expect(down.shape).toBe(c.shapes[1]);
    expect(down.fraction).toBeCloseTo(4.3 / 5, 9);
    expect(w.queryShape(probe)).toEqual([]);
    probe.setPosition({ x: 5, y: 0.3 });
    expect(w.queryShape(probe)).toEqual([c]);
    expect(w.queryShape(c)).toEqual([]);
  });

  it("the debug renderer traces every shape at the compound's pose", () => {
    const { c } = scene();
    c.setAngle(Math.PI / 2);
    const calls: [string, ...number[]][] = [];
    const ctx = {
      moveTo: (x: number, y: number) => calls.push(["moveTo", x, y]),
      lineTo: (x: number, y: number) => calls.push(["lineTo", x, y]),
      arc: (x: number, y: number, r: number) => calls.push(["arc", x, y, r]),
      rect: () => calls.push(["rect"]),
      closePath: () => calls.push(["closePath"]),
    } as unknown as CanvasRenderingContext2D;
    traceBody(ctx, c);
    // the box's four corners where its shape says, then the circle's arc at its turned offset (5, 2)
    const corners = calls.filter((k) => k[0] === "moveTo" || k[0] === "lineTo").slice(0, 4);
    const want = c.shapes[0]!.getWorldVertices();
    for (let i = 0; i < 4; i++) {
      expect(corners[i]![1]).toBeCloseTo(want[i]!.x, 12);
      expect(corners[i]![2]).toBeCloseTo(want[i]!.y, 12);
    }
    const arc = calls.find((k) => k[0] === "arc")!;
    expect(arc[1]).toBeCloseTo(5, 12);
    expect(arc[2]).toBeCloseTo(2, 12);
    expect(arc[3]).toBe(0.5);
  });
});

describe("Compound.fromOutline", () => {
  const L = [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 0.5 }, { x: 0.5, y: 0.5 }, { x: 0.5, y: 1.5 }, { x: 0, y: 1.5 }];
  const U = [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 3, y: 2 }, { x: 2, y: 2 }, { x: 2, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 2 }, { x: 0, y: 2 }];
  const star = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 1 : 0.4;
    const a = (i * Math.PI) / 5;
    return { x: r * Math.cos(a), y: r * Math.sin(a) };
  });
  const area = (pts: { x: number; y: number }[]): number => {
    let s = 0;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      const q = pts[(i + 1) % pts.length]!;
      s += p.x * q.y - q.x * p.y;
    }
    return Math.abs(s) / 2;
  };

  it.each([
    ["an L", L],
    ["a U", U],
    ["a star", star],
  ])("%s: convex pieces whose areas add up to the outline's", (_name, outline) => {
    const c = Compound.fromOutline({ outline, density: 2 });
    expect(c.shapes.length).toBeGreaterThan(1);
    for (const s of c.shapes) expect(s.kind).toBe("polygon");
    expect(c.area).toBeCloseTo(area(outline), 12);
    expect(c.mass).toBeCloseTo(2 * area(outline), 12);
  });

  it("the L's centre of mass and inertia are those of the same L made of two boxes", () => {
    const c = Compound.fromOutline({ outline: L });
    const boxes = new Compound({
      shapes: [
        { shape: "box", halfWidth: 1, halfHeight: 0.25, offset: { x: 1, y: 0.25 } },
        { shape: "box", halfWidth: 0.25, halfHeight: 0.5, offset: { x: 0.25, y: 1 } },
      ],
    });
    expect(c.localCenter.x).toBeCloseTo(boxes.localCenter.x, 12);
    expect(c.localCenter.y).toBeCloseTo(boxes.localCenter.y, 12);
    expect(c.inertia).toBeCloseTo(boxes.inertia, 12);
  });

  it.each([
    ["an L", L],
    ["a U", U],
    ["a star", star],
  ])("%s falls and rests as one body", (_name, outline) => {
    const w = new World();
    ground(w);
    const c = w.add(Compound.fromOutline({ outline, position: { x: 0, y: 2 } }));
    for (let i = 0; i < 400; i++) w.step(DT);
    expect(w.bodies).toHaveLength(2);
    expect(c.isSleeping).toBe(true);
    const ys = c.shapes.flatMap((s) => s.getWorldVertices().map((v) => v.y));
    expect(Math.min(...ys)).toBeGreaterThan(-0.02);
    expect(Math.min(...ys)).toBeLessThan(0.02);
  });

  it("a U holds a ball in its cup", () => {
    const w = new World();
    ground(w);
    const u = w.add(Compound.fromOutline({ outline: U, position: { x: -1.5, y: 0 } }));
    const ball = w.add(new Circle({ radius: 0.3, position: { x: 0, y: 3 } }));
    for (let i = 0; i < 300; i++) w.step(DT);
    expect(ball.position.x).toBeCloseTo(0, 1);
    expect(ball.position.y).toBeCloseTo(1.3, 1);
    expect(w.contactsOf(ball).every((c) => c.bodyA === u || c.bodyB === u)).toBe(true);
  });

  it("a self-crossing outline is a RangeError; bad radius and options name the field", () => {
    const bowtie = [{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 1, y: 0 }, { x: 0, y: 1 }];
    expect(() => Compound.fromOutline({ outline: bowtie })).toThrow(RangeError);
    expect(() => Compound.fromOutline({ outline: L, radius: -1 })).toThrow(/radius/);
    expect(() => Compound.fromOutline({ outline: "L" as never })).toThrow(TypeError);
    expect(() => Compound.fromOutline({ outline: L, colour: 1 } as never)).toThrow(/colour/);
  });
});

describe("Compound with joints and explosions", () => {
  it("a revolute joint at a compound's end: it swings about the anchor, not about its origin", () => {
    const w = new World();
    const anchor = w.add(new Circle({ radius: 0.1, type: "static", position: { x: 0, y: 5 } }));
    const c = w.add(new Compound({
      position: { x: 0, y: 5 },
      shapes: [
        { shape: "box", halfWidth: 1, halfHeight: 0.1, offset: { x: 1, y: 0 } },
        { shape: "circle", radius: 0.3, offset: { x: 2, y: 0 } },
      ],
    }));
    w.addJoint({ type: "revolute", bodyA: anchor, bodyB: c, anchor: { x: 0, y: 5 } });
    for (let i = 0; i < 120; i++) w.step(DT);
    // the origin stays at the anchor, the centre of mass stays at its distance from it
    expect(Math.hypot(c.position.x, c.position.y - 5)).toBeLessThan(0.01);
    const r = Math.hypot(c.localCenter.x, c.localCenter.y);
    expect(Math.hypot(c.worldCenter.x, c.worldCenter.y - 5)).toBeCloseTo(r, 2);
    expect(c.worldCenter.y).toBeLessThan(5 - 0.5 * r); // it swung down
  });

  it("an explosion pushes a compound once per shape within reach, in the world's order", () => {
    const w = new World({ gravity: { x: 0, y: 0 } });
    const c = w.add(new Compound({
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5, offset: { x: 2, y: 0 } },
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5, offset: { x: 3, y: 0 } },
      ],
    }));
    w.explode({ position: { x: 0, y: 0 }, radius: 5, impulsePerLength: 1 });
    // two shapes, each 1 m wide across the blast: 2 N·s along +x on a 2 kg body
    expect(c.velocity.x).toBeCloseTo(1, 9);
    expect(Math.abs(c.velocity.y)).toBeLessThan(1e-12);
  });
});

describe("Compound: untrusted input and pre-solve", () => {
  it("a huge outline is refused before it is cut; a huge shape list before any shape is made", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ x: Math.cos(i), y: Math.sin(i) }));
    expect(() => Compound.fromOutline({ outline: many })).toThrow(/outline must have at most 386 points/);
    const defs = Array.from({ length: 65 }, () => ({ shape: "circle" as const, radius: 1 }));
    expect(() => new Compound({ shapes: defs })).toThrow(RangeError);
    // a getter on a definition is never reached past the limit
    let read = 0;
    const trap = { get shape(): "circle" { read++; return "circle"; }, radius: 1 };
    expect(() => new Compound({ shapes: [...defs, trap] })).toThrow(RangeError);
    expect(read).toBe(0);
  });

  it("a bad definition leaves nothing behind: the world is unchanged and no NaN gets in", () => {
    const w = new World();
    ground(w);
    const h = w.stateHash();
    expect(() => w.add(new Compound({ shapes: [{ shape: "box", halfWidth: 1, halfHeight: NaN }] }))).toThrow(RangeError);
    expect(() => new Compound({ shapes: [{ shape: "circle", radius: 1, offset: { x: 1e300, y: 0 } }] })).toThrow(RangeError);
    expect(w.bodies).toHaveLength(1);
    expect(w.stateHash()).toBe(h);
  });

  it("pre-solve sees the shapes: dropping the leg's contacts lets the leg sink while the box stands", () => {
    const w = new World();
    ground(w);
    const c = w.add(new Compound({
      position: { x: 0, y: 1 },
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5 },
        { shape: "box", halfWidth: 0.1, halfHeight: 0.5, offset: { x: 0, y: -0.8 } },
      ],
    }));
    const seen = new Set<unknown>();
    w.setPreSolve((k) => {
      seen.add(k.bodyB === c ? k.shapeB : k.shapeA);
      return (k.bodyB === c ? k.shapeB : k.shapeA) !== c.shapes[1];
    });
    for (let i = 0; i < 240; i++) w.step(DT);
    expect(seen.has(c.shapes[1])).toBe(true);
    expect(seen.has(c.shapes[0])).toBe(true);
    expect(c.worldCenter.y).toBeGreaterThan(0.2);
    expect(c.worldCenter.y).toBeLessThan(0.6);
  });
});

describe("Compound of one shape at its origin: the same bits as the single-shape body", () => {
  const state = (b: { position: { x: number; y: number }; angle: number; velocity: { x: number; y: number }; angularVelocity: number }) => [
    b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity,
  ];
  it.each([
    ["circle", () => new Circle({ radius: 0.4, position: { x: 0.3, y: 3 }, angularVelocity: 2, restitution: 0.4 }),
      () => new Compound({ position: { x: 0.3, y: 3 }, angularVelocity: 2, restitution: 0.4, shapes: [{ shape: "circle", radius: 0.4 }] })],
    ["box", () => new Box({ halfWidth: 0.5, halfHeight: 0.3, position: { x: 0, y: 2 }, angle: 0.7 }),
      () => new Compound({ position: { x: 0, y: 2 }, angle: 0.7, shapes: [{ shape: "box", halfWidth: 0.5, halfHeight: 0.3 }] })],
    ["capsule", () => new Capsule({ halfLength: 0.5, radius: 0.2, position: { x: 0, y: 2 }, angle: 0.3 }),
      () => new Compound({ position: { x: 0, y: 2 }, angle: 0.3, shapes: [{ shape: "capsule", halfLength: 0.5, radius: 0.2 }] })],
  ] as const)("%s: falling, bouncing, tumbling on a ramp", (_name, single, compound) => {
    const run = (make: () => Circle | Box | Capsule | Compound): number[][] => {
      const w = new World();
      w.add(new Box({ type: "static", halfWidth: 10, halfHeight: 0.5, angle: -0.2, position: { x: 0, y: -0.5 } }));
      const b = w.add(make());
      const out: number[][] = [];
      for (let i = 0; i < 240; i++) {
        w.step(DT);
        out.push(state(b));
      }
      return out;
    };
    const a = run(single);
    const c = run(compound);
    expect(c).toEqual(a);
    expect(a[a.length - 1]![0]).not.toBe(a[0]![0]); // it moved
  });
});

describe("a shape's own setters", () => {
  it("setFriction on a compound's shape changes that shape alone, at once", () => {
    const w = new World();
    ground(w, 1);
    const c = w.add(new Compound({
      position: { x: 0, y: 0.25 },
      fixedRotation: true,
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.25 },
        { shape: "box", halfWidth: 0.5, halfHeight: 0.25, offset: { x: 0, y: 0.5 } },
      ],
    }));
    for (let i = 0; i < 30; i++) w.step(DT);
    c.shapes[0]!.setFriction(0);
    expect(c.shapes[0]!.friction).toBe(0);
    expect(c.shapes[1]!.friction).toBe(0.6);
    expect(c.friction).toBe(0.6);
    c.setVelocity({ x: 3, y: 0 });
    for (let i = 0; i < 60; i++) w.step(DT);
    expect(c.position.x).toBeGreaterThan(2.9); // slid on its frictionless bottom
    expect(() => c.shapes[0]!.setFriction(-1)).toThrow(/friction/);
    expect(() => c.shapes[0]!.setRestitution(NaN)).toThrow(RangeError);
    expect(c.shapes[0]!.friction).toBe(0);
  });

  it("setSensor and setCollisionFilter on a compound's shape: its contacts are found again before the next step", () => {
    const w = new World();
    ground(w);
    const c = w.add(new Compound({
      position: { x: 0, y: 1 },
      shapes: [
        { shape: "box", halfWidth: 0.5, halfHeight: 0.5 },
        { shape: "box", halfWidth: 0.1, halfHeight: 0.5, offset: { x: 0, y: -0.8 } },
      ],
    }));
    for (let i = 0; i < 120; i++) w.step(DT);
    // standing on its leg (the leg's bottom at y = 0: the origin, the box's centre, 1.3 above it)
    expect(c.position.y).toBeCloseTo(1.3, 1);
    c.shapes[1]!.setSensor(true);
    expect(c.shapes[1]!.isSensor).toBe(true);
    expect(c.isSensor).toBe(false);
    for (let i = 0; i < 120; i++) w.step(DT);
    // the leg no longer holds it up: the box stands on the floor (its centre 0.5 above it), the leg in the ground
    expect(c.position.y).toBeCloseTo(0.5, 1);
    c.shapes[1]!.setSensor(false);
    c.shapes[1]!.setCollisionFilter({ mask: 0 });
    expect(c.shapes[1]!.collisionFilter.mask).toBe(0);
    for (let i = 0; i < 30; i++) w.step(DT);
    expect(c.position.y).toBeCloseTo(0.5, 1);
    // not during a step (a force field runs inside it)
    let thrown: unknown = null;
    w.setForceField(() => {
      try {
        c.shapes[0]!.setFriction(0.1);
      } catch (e) {
        thrown = e;
      }
    });
    w.step(DT);
    expect(String(thrown)).toMatch(/cannot be called during a step/);
    expect(c.shapes[0]!.friction).toBe(0.6);
  });

  it("a single-shape body's shape setters are the body's", () => {
    const b = new Circle({ radius: 1 });
    b.shapes[0]!.setFriction(0.1).setRestitution(0.5).setSensor(true).setCollisionFilter({ group: -2 });
    expect(b.friction).toBe(0.1);
    expect(b.restitution).toBe(0.5);
    expect(b.isSensor).toBe(true);
    expect(b.collisionFilter.group).toBe(-2);
  });
});
