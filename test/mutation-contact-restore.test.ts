/**
 * The contacts of a restored world (src/contacts/contact-manager.ts `restore`
 * and `settleRestored`), written for the mutation run (issue 34,
 * docs/testing.md): a world saved with live contacts — resting, sliding,
 * passing through a one-way platform, and pairs whose boxes are about to part —
 * and put back (fromSnapshot, clone, restore in place) continues as the world
 * that never stopped: the same state hash, the same contacts (pairs and
 * impulses) and the same begin and end events, step by step. The restore
 * path runs only in the restored world, so a mutant there changes one side.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type Body } from "../src/entries/capsule2d.js";
import type { ContactManager } from "../src/contacts/contact-manager.js";

const dt = 1 / 60;

/** A floor, a resting box, a sliding ball, a ball rising through a one-way slab, and two balls flying apart. */
function scene(): World {
  const world = new World({ sleeping: false });
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static", friction: 0.5 }));
  world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: -4, y: 0.5 } }));
  world.add(new Circle({ radius: 0.25, position: { x: -8, y: 0.25 }, velocity: { x: 3, y: 0 }, friction: 0.5 }));
  world.add(new AABB({ type: "static", halfWidth: 1, halfHeight: 0.05, position: { x: 4, y: 2 }, oneWay: { x: 0, y: 1 } }));
  world.add(new Circle({ radius: 0.2, position: { x: 4, y: 1.2 }, velocity: { x: 0, y: 6 } }));
  // two balls pressed together, flying apart after the first steps
  world.add(new Circle({ radius: 0.3, position: { x: 8, y: 3 }, velocity: { x: -2, y: 0 }, gravityScale: 0 }));
  world.add(new Capsule({ radius: 0.3, halfLength: 0.2, position: { x: 8.75, y: 3 }, velocity: { x: 2, y: 0 }, gravityScale: 0 }));
  return world;
}

interface Log {
  begins: string[];
  ends: string[];
}

function listen(world: World): Log {
  const log: Log = { begins: [], ends: [] };
  const name = (a: Body, b: Body): string => `${world.bodies.indexOf(a)}-${world.bodies.indexOf(b)}`;
  world.on("collisionStart", ({ pairs }) => {
    for (const p of pairs) log.begins.push(`${world.stepCount}:${name(p.bodyA, p.bodyB)}`);
  });
  world.on("collisionEnd", ({ pairs }) => {
    for (const p of pairs) log.ends.push(`${world.stepCount}:${name(p.bodyA, p.bodyB)}`);
  });
  return log;
}

/** The contact manager's live contacts (touching or not), checked for consistency. */
function live(world: World): number {
  const cm = (world as unknown as { contactManager: ContactManager }).contactManager;
  cm.validate(world.bodies);
  return cm.size;
}

/** The live contacts: pair (by index in world.bodies), point count and each point's impulses. */
function contacts(world: World): string[] {
  return world.contacts.map((c) => {
    const points = c.manifold.points.map((p) => `${p.normalImpulse},${p.tangentImpulse}`).join(";");
    return `${world.bodies.indexOf(c.bodyA)}-${world.bodies.indexOf(c.bodyB)} ${c.manifold.points.length} ${points}`;
  });
}

function expectSameRun(truth: World, copy: World, steps: number): void {
  const a = listen(truth);
  const b = listen(copy);
  expect(contacts(copy)).toEqual(contacts(truth));
  for (let i = 0; i < steps; i++) {
    truth.step(dt);
    copy.step(dt);
    expect(copy.stateHash(), `step ${i + 1}`).toBe(truth.stateHash());
    expect(contacts(copy), `step ${i + 1}`).toEqual(contacts(truth));
    expect(live(copy), `step ${i + 1}`).toBe(live(truth));
  }
  expect(b).toEqual(a);
}

describe("a restored world's contacts continue as if it never stopped", () => {
  // saved at several steps: while the pair flies apart (boxes about to part), the ball in the slab, at rest
  for (const at of [1, 2, 3, 5, 8, 12, 20]) {
    it(`World.fromSnapshot after ${at} steps`, () => {
      const truth = scene();
      for (let i = 0; i < at; i++) truth.step(dt);
      expect(truth.contacts.length).toBeGreaterThanOrEqual(2);
      const copy = World.fromSnapshot(JSON.parse(JSON.stringify(truth.snapshot())));
      expectSameRun(truth, copy, 40);
    });

    it(`clone and restore in place after ${at} steps`, () => {
      const truth = scene();
      for (let i = 0; i < at; i++) truth.step(dt);
      const saved = truth.snapshot();
      const clone = truth.clone();
      const other = scene();
      for (let i = 0; i < 30; i++) other.step(dt);
      other.restore(saved);
      const truth2 = World.fromSnapshot(saved);
      expectSameRun(truth, clone, 40);
      expectSameRun(truth2, other, 40);
    });
  }

  it("a restored pair whose boxes parted since the save ends at the next step, with its end event", () => {
    const truth = scene();
    // the flying pair's contact is live and touching at step 1, gone some steps later
    truth.step(dt);
    const pair = (w: World): number =>
      w.contacts.filter((c) => w.bodies.indexOf(c.bodyA) === 5 || w.bodies.indexOf(c.bodyB) === 5).length;
    expect(pair(truth)).toBe(1);
    const copy = World.fromSnapshot(truth.snapshot());
    expect(pair(copy)).toBe(1);
    const ends = listen(copy).ends;
    let gone = -1;
    for (let i = 0; i < 60 && gone < 0; i++) {
      copy.step(dt);
      truth.step(dt);
      expect(pair(copy)).toBe(pair(truth));
      if (pair(copy) === 0) gone = copy.stepCount;
    }
    expect(gone).toBeGreaterThan(1);
    expect(ends).toContain(`${gone}:5-6`);
  });
});
