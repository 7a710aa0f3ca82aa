/**
 * Events: pull-based buffers (contact begin / end / hit, sensor begin / end)
 * that describe the end of each step and stay valid until the next one; the
 * `world.on` adapter over them; contact impulses as totals over the step.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type ContactEvents } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

function floorWorld(options: ConstructorParameters<typeof World>[0] = {}) {
  const world = new World(options);
  const floor = world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
  return { world, floor };
}

function begins(e: ContactEvents) {
  return e.begin.slice(0, e.beginCount);
}

describe("contact event buffers", () => {
  it("report begin when a ball lands, end when it leaves, in the step it happens; the same objects are reused", () => {
    const { world, floor } = floorWorld({ sleeping: false });
    const ball = world.add(new Circle({ position: { x: 0, y: 2 }, radius: 0.5, restitution: 0.5 }));
    const seen: string[] = [];
    const beginObjects = new Set<object>();
    for (let i = 0; i < 120; i++) {
      world.step(dt);
      const e = world.contactEvents;
      for (const b of begins(e)) beginObjects.add(b);
      for (const b of begins(e)) {
        expect([b.bodyA, b.bodyB]).toEqual([floor, ball]);
        expect(b.manifold.normal.y).toBeCloseTo(1, 9); // from the floor (A) to the ball (B)
        expect(b.manifold.points.length).toBeGreaterThan(0);
        seen.push(`begin@${i}`);
      }
      for (let k = 0; k < e.endCount; k++) seen.push(`end@${i}`);
    }
    // first landing, then a bounce: begin, end, begin...
    expect(seen[0]).toMatch(/^begin/);
    expect(seen[1]).toMatch(/^end/);
    expect(seen.filter((s) => s.startsWith("begin")).length).toBeGreaterThanOrEqual(2);
    // pooled: the begin events of several steps came from at most two objects (the two buffers)
    expect(beginObjects.size).toBeLessThanOrEqual(2);
  });

  it("stay valid after the step (nothing else runs) and are cleared by the next one", () => {
    const { world } = floorWorld();
    world.add(new Circle({ position: { x: 0, y: 0.6 }, radius: 0.5 }));
    let step = 0;
    while (world.contactEvents.beginCount === 0 && step++ < 60) world.step(dt);
    const e = world.contactEvents;
    const first = e.begin[0]!;
    const copy = { a: first.bodyA.id, b: first.bodyB.id, n: first.manifold.normal.y };
    world.raycast({ x: 0, y: 5 }, { x: 0, y: -1 }); // queries change nothing
    expect({ a: first.bodyA.id, b: first.bodyB.id, n: first.manifold.normal.y }).toEqual(copy);
    world.step(dt);
    expect(world.contactEvents.beginCount).toBe(0);
  });

  it("a body removed between steps reports its ends with the next step, marked destroyed", () => {
    const { world, floor } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    for (let i = 0; i < 30; i++) world.step(dt);
    world.remove(ball);
    expect(world.contactEvents.endCount).toBe(0); // the last step's events are unchanged
    world.step(dt);
    const e = world.contactEvents;
    expect(e.endCount).toBe(1);
    expect(e.end[0]!.destroyed).toBe(true);
    expect([e.end[0]!.bodyA, e.end[0]!.bodyB]).toEqual([floor, ball]);
  });

  it("hit events carry the approach speed of impacts above hitEventThreshold, none for resting contacts", () => {
    const { world, floor } = floorWorld({ hitEventThreshold: 1 });
    const ball = world.add(new Circle({ position: { x: 0, y: 5.5 }, radius: 0.5 }));
    const hits: number[] = [];
    for (let i = 0; i < 120; i++) {
      world.step(dt);
      const e = world.contactEvents;
      for (let k = 0; k < e.hitCount; k++) {
        const h = e.hit[k]!;
        expect([h.bodyA, h.bodyB]).toEqual([floor, ball]);
        expect(h.normal.y).toBeCloseTo(1, 9);
        expect(h.point.y).toBeCloseTo(0, 1);
        hits.push(h.approachSpeed);
      }
    }
    // dropped 5 m: ~9.9 m/s at impact, reported once (the approach speed at the start of that step)
    expect(hits.length).toBe(1);
    expect(hits[0]!).toBeGreaterThan(9.5);
    expect(hits[0]!).toBeLessThan(10.1);
  });

  it("a soft landing below the threshold gives no hit event", () => {
    const { world } = floorWorld({ hitEventThreshold: 3 });
    world.add(new Circle({ position: { x: 0, y: 0.7 }, radius: 0.5 }));
    let hits = 0;
    for (let i = 0; i < 60; i++) {
      world.step(dt);
      hits += world.contactEvents.hitCount;
    }
    expect(hits).toBe(0);
  });
});

describe("sensor events are kept apart from contacts", () => {
  it("a ball passing a sensor zone: sensor begin and end with the sensor named, no contact events", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const zone = world.add(AABB.fromBounds({ x: -1, y: -1 }, { x: 1, y: 1 }, { type: "static", isSensor: true }));
    const ball = world.add(new Circle({ radius: 0.25, position: { x: -3, y: 0 }, velocity: { x: 2, y: 0 } }));
    const log: string[] = [];
    for (let i = 0; i < 240; i++) {
      world.step(dt);
      const s = world.sensorEvents;
      const c = world.contactEvents;
      expect(c.beginCount + c.endCount + c.hitCount).toBe(0);
      for (let k = 0; k < s.beginCount; k++) {
        expect(s.begin[k]!.sensor).toBe(zone);
        expect(s.begin[k]!.visitor).toBe(ball);
        log.push(`in@${world.time.toFixed(3)}`);
      }
      for (let k = 0; k < s.endCount; k++) log.push(`out@${world.time.toFixed(3)}`);
    }
    expect(log.map((x) => x.slice(0, x.indexOf("@")))).toEqual(["in", "out"]);
    // contacts describe the end of the step: the front reaches x = -1 at t = 0.875, the back leaves x = 1 at t = 2.125
    const tIn = Number(log[0]!.slice(3));
    const tOut = Number(log[1]!.slice(4));
    expect(tIn).toBeGreaterThanOrEqual(0.875);
    expect(tIn).toBeLessThan(0.875 + dt);
    expect(tOut).toBeGreaterThanOrEqual(2.125);
    expect(tOut).toBeLessThan(2.125 + dt);
    expect(ball.velocity).toEqual({ x: 2, y: 0 });
  });
});

describe("the world.on adapter", () => {
  it("is not an event emitter users can emit into, and rejects unknown event names", () => {
    const world = new World();
    expect((world as unknown as { emit?: unknown }).emit).toBeUndefined();
    expect(() => world.on("colisionStart" as never, (() => {}) as never)).toThrow(/event name must be one of/);
  });

  it("collisionStart/End, contactHit and sensorStart/End follow the buffers; off() removes a listener", () => {
    const { world } = floorWorld({ sleeping: false });
    world.add(new Circle({ position: { x: 0, y: 3 }, radius: 0.5, restitution: 0.5 }));
    world.add(AABB.fromBounds({ x: 4, y: 1.5 }, { x: 6, y: 2.5 }, { type: "static", isSensor: true }));
    world.add(new Circle({ position: { x: 5, y: 4 }, radius: 0.3 }));
    const counts = { start: 0, end: 0, hit: 0, sensorIn: 0, sensorOut: 0, sensorPairs: 0 };
    const onStart = ({ pairs }: { pairs: { isSensor: boolean }[] }) => {
      counts.start += pairs.length;
      counts.sensorPairs += pairs.filter((p) => p.isSensor).length;
    };
    world.on("collisionStart", onStart);
    world.on("collisionEnd", ({ pairs }) => (counts.end += pairs.length));
    world.on("contactHit", ({ hits }) => (counts.hit += hits.length));
    world.on("sensorStart", ({ events }) => (counts.sensorIn += events.length));
    world.on("sensorEnd", ({ events }) => (counts.sensorOut += events.length));
    let pulled = 0;
    for (let i = 0; i < 200; i++) {
      world.step(dt);
      pulled += world.contactEvents.beginCount + world.sensorEvents.beginCount;
    }
    expect(counts.start).toBe(pulled);
    expect(counts.sensorIn).toBe(1);
    expect(counts.sensorPairs).toBe(1);
    expect(counts.sensorOut).toBe(1);
    expect(counts.hit).toBeGreaterThan(0);
    world.off("collisionStart", onStart);
    expect(world.listenerCount("collisionStart")).toBe(0);
  });
});

describe("contact impulses are the step's totals", () => {
  for (const subSteps of [1, 4, 8]) {
    it(`a resting box's normal impulses add up to m·g·dt (${subSteps} sub-steps)`, () => {
      const { world } = floorWorld({ sleeping: false, subSteps });
      const box = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5, mass: 3 }));
      for (let i = 0; i < 120; i++) world.step(dt);
      const [c] = world.contactsOf(box);
      const total = c!.manifold.points.reduce((s, p) => s + p.normalImpulse, 0);
      expect(total).toBeCloseTo(3 * 9.81 * dt, 4);
    });
  }
});
