import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World } from "../src/entries/capsule2d.js";

function ballWorld(options = {}) {
  const world = new World({ sleeping: false, ...options });
  const ground = world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
  return { world, ground };
}

describe("World bodies", () => {
  it("assigns ids in order and lists bodies in id order", () => {
    const world = new World();
    const a = world.add(new Circle({ radius: 1 }));
    const b = world.add(new Capsule({ halfLength: 1, radius: 0.5 }));
    const c = world.add(new AABB({ halfWidth: 1, halfHeight: 1 }));
    expect([a.id, b.id, c.id]).toEqual([0, 1, 2]);
    world.remove(b);
    expect(world.bodies).toEqual([a, c]);
    expect(b.world).toBeNull();
    const d = world.add(b);
    expect(d.id).toBe(3);
    expect(world.bodies.map((x) => x.id)).toEqual([0, 2, 3]);
  });

  it("rejects a body added twice or to two worlds, and removing a stranger, leaving the world unchanged", () => {
    const w1 = new World();
    const w2 = new World();
    const ball = w1.add(new Circle({ radius: 1 }));
    const before = w1.stateHash();
    expect(() => w1.add(ball)).toThrow(RangeError);
    expect(() => w1.add(ball)).toThrow(/already in this world/);
    expect(() => w2.add(ball)).toThrow(/already in another world/);
    expect(() => w2.remove(ball)).toThrow(/not in this world/);
    expect(() => w1.add({} as never)).toThrow(TypeError);
    expect(w1.bodies.length).toBe(1);
    expect(w2.bodies.length).toBe(0);
    expect(w1.stateHash()).toBe(before);
  });

  it("rejects bad dt and bad options with errors naming the value", () => {
    const { world } = ballWorld();
    world.add(new Circle({ radius: 0.5, position: { x: 0, y: 3 } }));
    world.step(1 / 60);
    const before = world.stateHash();
    const t = world.time;
    expect(() => world.step(0)).toThrow(/dt must be > 0, got 0/);
    expect(() => world.step(-1)).toThrow(RangeError);
    expect(() => world.step(NaN)).toThrow(/dt must be a finite number, got NaN/);
    expect(() => world.step(Infinity)).toThrow(RangeError);
    expect(() => world.step("1" as never)).toThrow(TypeError);
    expect(() => world.advance(-1)).toThrow(/elapsedSeconds/);
    expect(world.stateHash()).toBe(before);
    expect(world.time).toBe(t);
    expect(() => new World({ solver: "magic" as never })).toThrow(/solver must be one of/);
    expect(() => new World({ subSteps: 0 })).toThrow(/subSteps/);
    expect(() => new World({ gravity: { x: NaN, y: 0 } })).toThrow(/gravity.x/);
  });

  it("rejects NaN impulses, forces and positions without touching the body", () => {
    const { world } = ballWorld();
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 3 } }));
    const before = world.stateHash();
    expect(() => ball.applyImpulse({ x: NaN, y: 0 })).toThrow(/impulse.x/);
    expect(() => ball.applyImpulse({ x: 1, y: 0 }, { x: 0, y: Infinity })).toThrow(/point.y/);
    expect(() => ball.applyForce({ x: 0, y: NaN })).toThrow(/force.y/);
    expect(() => ball.setPosition({ x: NaN, y: 0 })).toThrow(/position.x/);
    expect(() => ball.setVelocity({ x: 0, y: -Infinity })).toThrow(/velocity.y/);
    expect(() => ball.setAngle(NaN)).toThrow(/angle/);
    expect(() => ball.applyTorque(NaN)).toThrow(/torque/);
    expect(world.stateHash()).toBe(before);
    world.step(1 / 60);
    expect(Number.isFinite(ball.position.y)).toBe(true);
  });

  it("advance() takes fixed steps, caps them and returns the interpolation alpha", () => {
    const world = new World({ fixedDt: 0.01, maxStepsPerAdvance: 5 });
    world.add(new Circle({ radius: 1 }));
    expect(world.advance(0.025)).toBeCloseTo(0.5, 10);
    expect(world.stepCount).toBe(2);
    expect(world.advance(0.004)).toBeCloseTo(0.9, 10);
    expect(world.stepCount).toBe(2);
    // a very slow frame: at most 5 steps, the rest dropped
    const alpha = world.advance(1);
    expect(world.stepCount).toBe(7);
    expect(alpha).toBeGreaterThanOrEqual(0);
    expect(alpha).toBeLessThan(1);
  });
});

describe("World events", () => {
  it("a bouncing ball gives one collisionStart and one collisionEnd per bounce", () => {
    const { world, ground } = ballWorld();
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 3 }, restitution: 0.8 }));
    let starts = 0;
    let ends = 0;
    let bounces = 0;
    let lastVy = 0;
    world.on("collisionStart", ({ pairs }) => {
      for (const p of pairs) {
        expect([p.bodyA, p.bodyB]).toContain(ball);
        expect([p.bodyA, p.bodyB]).toContain(ground);
        expect(p.manifold).not.toBeNull();
        starts++;
      }
    });
    world.on("collisionEnd", ({ pairs }) => {
      ends += pairs.length;
    });
    for (let i = 0; i < 240; i++) {
      world.step(1 / 60);
      if (lastVy < 0 && ball.velocity.y > 0.5) bounces++;
      lastVy = ball.velocity.y;
    }
    expect(bounces).toBeGreaterThanOrEqual(3);
    expect(starts).toBe(bounces);
    expect(Math.abs(ends - bounces)).toBeLessThanOrEqual(0);
  });

  it("a body removed inside a collisionStart handler is gone next step and nothing throws", () => {
    const { world } = ballWorld();
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 1 } }));
    const other = world.add(new Circle({ radius: 0.5, position: { x: 3, y: 1 } }));
    world.once("collisionStart", ({ pairs }) => {
      for (const p of pairs) if (p.bodyA === ball || p.bodyB === ball) world.remove(ball);
    });
    for (let i = 0; i < 120; i++) world.step(1 / 60);
    expect(world.bodies).not.toContain(ball);
    expect(world.bodies).toContain(other);
    expect(world.contacts.every((c) => c.bodyA !== ball && c.bodyB !== ball)).toBe(true);
  });

  it("beforeStep and afterStep fire once per step with dt", () => {
    const world = new World();
    const seen: string[] = [];
    world.on("beforeStep", ({ dt }) => seen.push(`before ${dt}`));
    world.on("afterStep", ({ dt }) => seen.push(`after ${dt}`));
    world.step(0.5);
    expect(seen).toEqual(["before 0.5", "after 0.5"]);
  });
});

describe("World filtering and sensors", () => {
  it("respects category/mask and groups (Box2D semantics)", () => {
    const make = (filterA: object, filterB: object) => {
      const world = new World({ gravity: { x: 0, y: 0 } });
      const a = world.add(new Circle({ radius: 1, collisionFilter: filterA }));
      const b = world.add(new Circle({ radius: 1, position: { x: 1.5, y: 0 }, collisionFilter: filterB }));
      world.step(1 / 60);
      return world.contacts.some((c) => (c.bodyA === a && c.bodyB === b) || (c.bodyA === b && c.bodyB === a));
    };
    expect(make({}, {})).toBe(true);
    expect(make({ category: 2, mask: 1 }, { category: 2, mask: 1 })).toBe(false);
    expect(make({ category: 2, mask: 2 }, { category: 2, mask: 2 })).toBe(true);
    expect(make({ group: -1 }, { group: -1 })).toBe(false);
    expect(make({ group: 3, category: 2, mask: 1 }, { group: 3, category: 2, mask: 1 })).toBe(true);
    expect(make({ group: -1 }, { group: -2 })).toBe(true);
  });

  it("a sensor reports enter and exit and applies no impulse", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const zone = world.add(AABB.fromBounds({ x: -1, y: -1 }, { x: 1, y: 1 }, { type: "static", isSensor: true }));
    const ball = world.add(new Circle({ radius: 0.25, position: { x: -3, y: 0 }, velocity: { x: 2, y: 0 } }));
    const log: [string, number][] = [];
    world.on("collisionStart", ({ pairs }) => pairs.forEach((p) => p.isSensor && log.push(["enter", world.time])));
    world.on("collisionEnd", ({ pairs }) => pairs.forEach((p) => p.isSensor && log.push(["exit", world.time])));
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    expect(log.map((e) => e[0])).toEqual(["enter", "exit"]);
    // the front of the ball reaches x = -1 at t = 0.875 and its back leaves x = 1 at t = 2.125;
    // contacts are found at the start of a step, so the event comes with that step (within 2 dt)
    expect(log[0]![1]).toBeGreaterThan(0.875);
    expect(log[0]![1]).toBeLessThanOrEqual(0.875 + 2 / 60);
    expect(log[1]![1]).toBeGreaterThan(2.125);
    expect(log[1]![1]).toBeLessThanOrEqual(2.125 + 2 / 60);
    expect(ball.velocity.x).toBe(2);
    expect(ball.velocity.y).toBe(0);
    expect(zone.position.x).toBe(0);
  });
});

describe("World queries", () => {
  function scene() {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const c = world.add(new Circle({ radius: 1, position: { x: 5, y: 0 } }));
    const p = world.add(new Capsule({ halfLength: 1, radius: 0.5, position: { x: 10, y: 0 }, angle: Math.PI / 2 }));
    const b = world.add(new AABB({ halfWidth: 1, halfHeight: 1, position: { x: 15, y: 0 } }));
    return { world, c, p, b };
  }

  it("raycast finds the closest hit; raycastAll sorts by distance; filters apply", () => {
    const { world, c, p, b } = scene();
    const hit = world.raycast({ x: 0, y: 0 }, { x: 1, y: 0 }, 100)!;
    expect(hit.body).toBe(c);
    expect(hit.distance).toBeCloseTo(4, 12);
    expect(hit.normal.x).toBeCloseTo(-1, 12);
    const all = world.raycastAll({ x: 0, y: 0 }, { x: 2, y: 0 }, 100);
    expect(all.map((h) => h.body)).toEqual([c, p, b]);
    expect(all.map((h) => h.distance)).toEqual([4, 9.5, 14].map((d) => expect.closeTo(d, 12)));
    expect(world.raycast({ x: 0, y: 0 }, { x: 1, y: 0 }, 3)).toBeNull();
    expect(world.raycast({ x: 0, y: 0 }, { x: 1, y: 0 }, 100, (body) => body !== c)!.body).toBe(p);
    expect(world.raycast({ x: 0, y: 5 }, { x: 1, y: 0 }, 100)).toBeNull();
    expect(() => world.raycast({ x: 0, y: 0 }, { x: 0, y: 0 }, 1)).toThrow(/direction/);
  });

  it("queryAABB, queryPoint and queryShape test the real shapes", () => {
    const { world, c, p, b } = scene();
    expect(world.queryAABB({ x: 4, y: -0.1 }, { x: 16, y: 0.1 })).toEqual([c, p, b]);
    // the circle's bounding box corner is not the circle
    expect(world.queryAABB({ x: 5.8, y: 0.8 }, { x: 6, y: 1 })).toEqual([]);
    expect(world.queryPoint({ x: 10, y: 1.4 })).toEqual([p]);
    expect(world.queryPoint({ x: 10.6, y: 0 })).toEqual([]);
    // a swept hitbox from one frame to the next
    const sweep = Capsule.fromSegment({ x: 3, y: 0.5 }, { x: 16, y: 0.5 }, 0.2);
    expect(world.queryShape(sweep)).toEqual([c, p, b]);
    const miss = Capsule.fromSegment({ x: 3, y: 3 }, { x: 16, y: 3 }, 0.2);
    expect(world.queryShape(miss)).toEqual([]);
  });
});
