/**
 * Islands and sleeping sets: a sleeping island is a set that wakes as a
 * whole; the step visits only awake bodies and contacts; removing a body and
 * waking an island cost what they touch. Shown by counting visits (never by
 * timing): the step's per-body and per-contact work is counted through the
 * methods it calls.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { AABB, Capsule, Circle, World, type Body } from "../src/entries/capsule2d.js";
import { ContactManager } from "../src/contacts/contact-manager.js";
import { Contact } from "../src/contacts/contact.js";
import { STEP_STAGES } from "../src/world/stages.js";

const dt = 1 / 60;

afterEach(() => {
  vi.restoreAllMocks();
});

/** `n` boxes resting apart on a long floor (each its own island), plus a 3-box tower at x = 0. */
function field(n: number) {
  const world = new World();
  const floor = world.add(AABB.fromBounds({ x: -2 * n - 10, y: -1 }, { x: 2 * n + 10, y: 0 }, { type: "static" }));
  const loose: Body[] = [];
  for (let i = 0; i < n; i++) loose.push(world.add(new AABB({ position: { x: 5 + 2 * i, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5 })));
  const tower = [0, 1, 2].map((k) => world.add(new AABB({ position: { x: 0, y: 0.5 + k }, halfWidth: 0.5, halfHeight: 0.5 })));
  for (let i = 0; i < 120; i++) world.step(dt);
  return { world, floor, loose, tower };
}

/** Count calls of a prototype method while `f` runs. */
function countCalls<T extends object>(proto: T, name: keyof T & string, f: () => void): number {
  const spy = vi.spyOn(proto as Record<string, (...args: unknown[]) => unknown>, name);
  f();
  const n = spy.mock.calls.length;
  spy.mockRestore();
  return n;
}

describe("sleeping sets", () => {
  it("everything falls asleep, and a step then visits no body and no contact", () => {
    const { world } = field(500);
    expect(world.bodies.filter((b) => b.type === "dynamic").every((b) => b.isSleeping)).toBe(true);
    const proto = Object.getPrototypeOf(world.bodies[1]) as Body;
    const bounds = countCalls(proto, "updateBounds", () => world.step(dt));
    const narrow = countCalls(ContactManager.prototype, "update", () => world.step(dt));
    expect(bounds).toBe(0);
    expect(narrow).toBe(0);
  });

  it("one woken island is all the step visits; its contacts come back with it", () => {
    const { world, tower } = field(500);
    tower[2]!.wake();
    expect(tower.every((b) => !b.isSleeping)).toBe(true);
    const updated = countCalls(ContactManager.prototype, "update", () => world.step(dt));
    // the tower's three contacts (floor–0, 0–1, 1–2), not the 500 resting boxes'
    expect(updated).toBe(3);
  });

  it("waking walks only the island's bodies' contact lists", () => {
    const { world, tower } = field(500);
    const walked = countCalls(Contact.prototype, "nextOf", () => tower[0]!.wake());
    // each of the 3 bodies walks its list once: at most its contacts
    expect(walked).toBeLessThanOrEqual(6);
    expect(tower.every((b) => !b.isSleeping)).toBe(true);
    expect(world.bodies.filter((b) => !b.isSleeping && b.type === "dynamic")).toHaveLength(3);
  });

  it("removing a body touches its contacts and its island, not the world", () => {
    const { world, tower, loose } = field(500);
    const destroyed = countCalls(ContactManager.prototype, "destroy", () => world.remove(tower[1]!));
    expect(destroyed).toBe(2); // its two contacts
    expect(tower[0]!.isSleeping).toBe(false); // its island woke
    expect(tower[2]!.isSleeping).toBe(false);
    expect(loose.every((b) => b.isSleeping)).toBe(true);
    // the id-ordered body list is searched, not scanned or shifted: count its reads
    const w = (world as unknown as { members: { list: (Body | null)[] } }).members; // src/world/membership.ts
    let reads = 0;
    const list = w.list;
    w.list = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    world.remove(loose[250]!);
    w.list = list;
    expect(reads).toBeLessThan(40); // a binary search over 504 bodies, not 504 reads
    expect(world.bodies).not.toContain(loose[250]);
    expect(world.bodies).toHaveLength(502);
  });

  it("a removed body's island wakes; bodies resting on it fall", () => {
    const { world, tower } = field(10);
    world.remove(tower[0]!);
    for (let i = 0; i < 30; i++) world.step(dt);
    expect(tower[1]!.position.y).toBeLessThan(1.2);
  });

  it("a sleeping island wakes as a whole when a ball hits one of them, and only that one", () => {
    const { world, tower, loose } = field(20);
    const ball = world.add(new Circle({ position: { x: 0, y: 6 }, radius: 0.3, velocity: { x: 0, y: -4 } }));
    for (let i = 0; i < 45; i++) world.step(dt); // it reaches the tower's top (y = 3) after about 0.55 s
    expect(ball.position.y).toBeLessThan(3.6);
    expect(tower.every((b) => !b.isSleeping)).toBe(true);
    expect(loose.every((b) => b.isSleeping)).toBe(true);
  });
});

describe("world.clone()", () => {
  it("continues bit-identically, sleeping islands and contacts included, and shares nothing with the original", () => {
    const { world, tower } = field(30);
    world.add(new Circle({ position: { x: 0.2, y: 6 }, radius: 0.3, velocity: { x: 0, y: -4 } }));
    for (let i = 0; i < 10; i++) world.step(dt);
    const copy = world.clone();
    expect(copy.stateHash()).toBe(world.stateHash());
    expect(copy.bodies.map((b) => b.isSleeping)).toEqual(world.bodies.map((b) => b.isSleeping));
    expect(copy.bodies[0]).not.toBe(world.bodies[0]);
    for (let i = 0; i < 180; i++) {
      world.step(dt);
      copy.step(dt);
      expect(copy.stateHash()).toBe(world.stateHash());
    }
    // independent: pushing one does not move the other
    tower[2]!.applyImpulse({ x: 5, y: 0 });
    world.step(dt);
    copy.step(dt);
    expect(copy.stateHash()).not.toBe(world.stateHash());
  });
});

describe("world.profile", () => {
  const stages = ["changes", "solve", "bounds", "continuous", "pairs", "narrowphase", "sleep", "events"] as const;

  it("with profiling on, times every stage of the last step, in the step's order, in milliseconds", () => {
    const world = new World({ sleeping: false });
    world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
    for (let i = 0; i < 300; i++) world.add(new Circle({ position: { x: -15 + (i % 30), y: 1 + Math.floor(i / 30) }, radius: 0.4 }));
    world.profiling = true;
    // the profile's stages are the step's (the table the lab lists), in the order it runs them
    expect(Object.keys(world.profile)).toEqual([...STEP_STAGES.map((s) => s.name), "total"]);
    expect([...stages]).toEqual(STEP_STAGES.map((s) => s.name));
    const spent = Object.fromEntries(stages.map((k) => [k, 0])) as Record<(typeof stages)[number], number>;
    for (let i = 0; i < 30; i++) {
      const before = performance.now();
      world.step(dt);
      const outside = performance.now() - before;
      const p = world.profile;
      // of this step alone (not summed over steps), in ms: within the time the call took
      expect(p.total).toBeGreaterThan(0);
      expect(p.total).toBeLessThanOrEqual(outside);
      for (const k of stages) spent[k] += p[k];
    }
    // 300 awake bodies on a floor: the stages that do work in every step show time over 30 steps
    for (const k of ["solve", "bounds", "pairs", "narrowphase"] as const) expect(spent[k]).toBeGreaterThan(0);
  });

  it("is off by default (all zero), and turning it off zeroes it", () => {
    const { world } = field(20);
    expect(world.profiling).toBe(false);
    world.step(dt);
    expect(Object.values(world.profile).every((v) => v === 0)).toBe(true);
    world.profiling = true;
    world.step(dt);
    expect(world.profile.total).toBeGreaterThan(0);
    world.profiling = false;
    expect(Object.values(world.profile).every((v) => v === 0)).toBe(true);
    expect(() => {
      world.profiling = "yes" as unknown as boolean;
    }).toThrow(/profiling/);
  });
});

describe("waking during the step", () => {
  // Found while documenting: a sleeping island woken by the narrowphase in the same step as
  // the body next to it reaches timeToSleep used to make the step throw (a stale island index).
  it("a slow ball creeping up to a sleeping one, for every gap: no throw, and the sleeper wakes if it is reached", () => {
    for (let k = 0; k <= 100; k++) {
      const gap = 0.035 + k * 0.0001;
      const world = new World();
      world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static", friction: 0 }));
      const sleeper = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5, friction: 0 }));
      for (let i = 0; i < 60; i++) world.step(dt);
      expect(sleeper.isSleeping).toBe(true);
      const creeper = world.add(new Circle({ position: { x: -1 - gap, y: 0.5 }, radius: 0.5, friction: 0, velocity: { x: 0.04, y: 0 } }));
      let woke = false;
      for (let i = 0; i < 120; i++) {
        world.step(dt);
        woke ||= !sleeper.isSleeping;
      }
      expect(Number.isFinite(creeper.position.x)).toBe(true);
      const apart = sleeper.position.x - creeper.position.x;
      expect(apart, `gap ${gap}`).toBeGreaterThan(0.99); // no overlap
      if (woke) {
        // the creeper (0.04 m/s, slower than the sleep tolerance) joins the sleeper's island as they
        // touch, and the two fall asleep together: both stop (a sleeping body does not move)
        expect(sleeper.isSleeping && creeper.isSleeping, `gap ${gap}`).toBe(true);
        expect([sleeper.velocity.x, creeper.velocity.x], `gap ${gap}`).toEqual([0, 0]);
      } else {
        // the creeper (0.04 m/s, also below the tolerance) fell asleep short of the sleeper
        expect(creeper.isSleeping, `gap ${gap}`).toBe(true);
        expect(apart, `gap ${gap}`).toBeGreaterThan(1.001);
      }
    }
  });
});

describe("a sleeping body reports what it does: nothing", () => {
  /** 100 circles, capsules and boxes dropped into a walled bin (seeded: the same pile every run). */
  function pile(): { world: World; bodies: Body[] } {
    const world = new World();
    world.add(AABB.fromBounds({ x: -4, y: -1 }, { x: 4, y: 0 }, { type: "static" }));
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: -4, y: 12 }, { type: "static" }));
    world.add(AABB.fromBounds({ x: 4, y: -1 }, { x: 5, y: 12 }, { type: "static" }));
    const bodies: Body[] = [];
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 100; i++) {
      const position = { x: -3.5 + 7 * rand(), y: 0.5 + 0.6 * i };
      const k = i % 3;
      bodies.push(
        world.add(
          k === 0
            ? new Circle({ position, radius: 0.15 + 0.15 * rand() })
            : k === 1
              ? new Capsule({ position, halfLength: 0.1 + 0.2 * rand(), radius: 0.1 + 0.1 * rand(), angle: 3 * rand() })
              : new AABB({ position, halfWidth: 0.15 + 0.15 * rand(), halfHeight: 0.15 + 0.1 * rand() }),
        ),
      );
    }
    return { world, bodies };
  }

  it("in a settled pile of 100 circles, capsules and boxes, no sleeping body reports a velocity (over 20 s)", () => {
    const { world, bodies } = pile();
    let asleep = 0;
    let moving = 0;
    for (let i = 0; i < 20 * 60; i++) {
      world.step(dt);
      for (const b of bodies) {
        if (!b.isSleeping) continue;
        asleep++;
        if (b.velocity.x !== 0 || b.velocity.y !== 0 || b.angularVelocity !== 0) moving++;
      }
    }
    expect(asleep).toBeGreaterThan(50 * 60 * 5); // the pile does fall asleep (most of it for most of the time)
    expect(moving).toBe(0);
  });

  it("a woken body starts from rest: it wakes with zero velocity, and only what acts on it moves it", () => {
    const { world, bodies } = pile();
    for (let i = 0; i < 20 * 60 && !bodies.every((b) => b.isSleeping); i++) world.step(dt);
    expect(bodies.every((b) => b.isSleeping)).toBe(true);
    // a snapshot of the pile saves the sleepers' velocities as zero
    const snap = world.snapshot();
    expect(snap.bodies.length).toBeGreaterThan(100);
    for (const s of snap.bodies) {
      const v = s.velocity as { x: number; y: number };
      expect([v.x, v.y, s.angularVelocity]).toEqual([0, 0, 0]);
    }
    const top = bodies.reduce((a, b) => (b.position.y > a.position.y ? b : a));
    top.wake();
    expect(top.isSleeping).toBe(false);
    expect(top.velocity).toEqual({ x: 0, y: 0 });
    expect(top.angularVelocity).toBe(0);
    // after a step only gravity and the contacts acted: at rest on the pile, it barely moves
    world.step(dt);
    expect(Math.hypot(top.velocity.x, top.velocity.y)).toBeLessThan(0.05);
    // a velocity set on a sleeping body wakes it and is what it then has
    const alone = new World();
    alone.add(AABB.fromBounds({ x: -4, y: -1 }, { x: 4, y: 0 }, { type: "static" }));
    const ball = alone.add(new Circle({ position: { x: 0, y: 0.3 }, radius: 0.3 }));
    for (let i = 0; i < 120; i++) alone.step(dt);
    expect(ball.isSleeping).toBe(true);
    ball.setVelocity({ x: 0.5, y: 0 });
    expect(ball.isSleeping).toBe(false);
    expect(ball.velocity).toEqual({ x: 0.5, y: 0 });
  });

  it("a kinematic body moving at any speed never sleeps, and keeps its velocity", () => {
    const world = new World();
    const k = world.add(new AABB({ type: "kinematic", position: { x: 0, y: 0 }, halfWidth: 1, halfHeight: 0.1, velocity: { x: 1e-6, y: 0 } }));
    for (let i = 0; i < 600; i++) world.step(dt);
    expect(k.isSleeping).toBe(false);
    expect(k.velocity).toEqual({ x: 1e-6, y: 0 });
  });
});
