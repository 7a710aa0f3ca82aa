/**
 * capsule2d/core and capsule2d/joints: the small engine is the same engine.
 * A CoreWorld steps a scene with the same bits as the full World; a
 * JointWorld simulates joints with the same bits; what the core leaves out
 * is not in its type, its methods throw a TypeError naming the entry point
 * to import, and what it cannot do is refused with a clear error that
 * changes nothing.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, CharacterController, Circle, CoreWorld, World as CoreEntryWorld, type Body } from "../src/entries/core.js";
import { JointWorld, Joint } from "../src/entries/joints.js";
import { World } from "../src/entries/capsule2d.js";
import { bitsOf, fillMixedScene } from "./support/scenes.js";

const dt = 1 / 60;

/** Every body's pose and velocities, exactly. */
function stateBits(bodies: readonly Body[]): string {
  return bitsOf(bodies.flatMap((b) => [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity]));
}

/** A pendulum chain of capsules, a wheel on a weld, a rope and a hinge that breaks under load. */
function jointScene<W extends JointWorld>(world: W): W {
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
  const top = world.add(new Circle({ position: { x: 0, y: 10 }, radius: 0.2, type: "static" }));
  let prev: Body = top;
  for (let i = 0; i < 6; i++) {
    const link = world.add(new Capsule({ position: { x: 0.5 + i, y: 10 }, halfLength: 0.4, radius: 0.1 }));
    world.addJoint({ type: "revolute", bodyA: prev, bodyB: link, anchor: { x: i, y: 10 } });
    prev = link;
  }
  const box = world.add(new AABB({ position: { x: -4, y: 3 }, halfWidth: 0.5, halfHeight: 0.5 }));
  const ball = world.add(new Circle({ position: { x: -4, y: 1.5 }, radius: 0.4 }));
  world.addJoint({ type: "wheel", bodyA: box, bodyB: ball, anchor: { x: -4, y: 1.5 }, axis: { x: 0, y: 1 } });
  const bob = world.add(new Circle({ position: { x: 3, y: 6 }, radius: 0.3, mass: 50 }));
  world.addJoint({ type: "distance", bodyA: top, bodyB: bob, anchorA: { x: 0, y: 10 }, anchorB: { x: 3, y: 6 }, minLength: 0, maxLength: 5 });
  const weak = world.add(new Circle({ position: { x: -2, y: 8 }, radius: 0.3, mass: 200 }));
  world.addJoint({ type: "revolute", bodyA: top, bodyB: weak, anchor: { x: -1, y: 9 }, breakForce: 500 });
  return world;
}

describe("capsule2d/core", () => {
  it("its World is CoreWorld, the one World class: JointWorld and the full World hand it their modules", () => {
    expect(CoreEntryWorld).toBe(CoreWorld);
    expect(new World()).toBeInstanceOf(CoreWorld);
    expect(new JointWorld()).toBeInstanceOf(CoreWorld);
    expect(Object.getPrototypeOf(World)).toBe(CoreWorld);
    expect(Object.getPrototypeOf(JointWorld)).toBe(CoreWorld);
    // nothing is switched for every world: a core world made after a full one still has the core's modules
    expect(() => new CoreWorld({ solver: "pgs" } as never)).toThrow(RangeError);
  });

  it("steps circles, capsules and boxes (stacks, a ramp, a kinematic paddle, a bullet, sleep) with the same bits as the full World", () => {
    const core = fillMixedScene(new CoreWorld(), 200, 7);
    const full = fillMixedScene(new World(), 200, 7);
    let touching = 0;
    for (let i = 0; i < 300; i++) {
      core.step(dt);
      full.step(dt);
      if (core.stateHash() !== full.stateHash()) throw new Error(`the core world differs from World at step ${i + 1}`);
      touching = Math.max(touching, core.contacts.length);
    }
    expect(stateBits(core.bodies)).toBe(stateBits(full.bodies));
    expect(core.bodies.filter((b) => b.isSleeping).length).toBe(full.bodies.filter((b) => b.isSleeping).length);
    expect(touching).toBeGreaterThan(100); // the scene did something
    expect(core.raycast({ x: -8, y: 0.5 }, { x: 1, y: 0 })?.body.id).toBe(full.raycast({ x: -8, y: 0.5 }, { x: 1, y: 0 })?.body.id);
  });

  it("has no joint, snapshot, clone, restore or explode methods in its type; called anyway, they throw a TypeError naming the entry point", () => {
    const world = new CoreWorld();
    const ball = world.add(new Circle({ radius: 1 }));
    const before = world.stateHash();
    const calls: [string, () => unknown][] = [
      // @ts-expect-error a core world has no addJoint
      ["addJoint", () => world.addJoint({ type: "distance", bodyA: ball, bodyB: ball })],
      // @ts-expect-error nor removeJoint
      ["removeJoint", () => world.removeJoint(null)],
      // @ts-expect-error nor joints
      ["joints", () => world.joints],
    ];
    for (const [name, call] of calls) expect(call, name).toThrow(/is not in the World of "capsule2d\/core": use JointWorld from "capsule2d\/joints", or World from "capsule2d"/);
    const full: [string, () => unknown][] = [
      // @ts-expect-error nor snapshot
      ["snapshot", () => world.snapshot()],
      // @ts-expect-error nor restore
      ["restore", () => world.restore({})],
      // @ts-expect-error nor clone
      ["clone", () => world.clone()],
      // @ts-expect-error nor explode
      ["explode", () => world.explode({ position: { x: 0, y: 0 }, radius: 1, impulsePerLength: 1 })],
    ];
    for (const [name, call] of full) {
      expect(call, name).toThrow(TypeError);
      expect(call, name).toThrow(/is not in the World of "capsule2d\/core": use World from "capsule2d"/);
    }
    expect("fromSnapshot" in CoreWorld).toBe(false);
    expect(world.stateHash()).toBe(before);
    expect(ball.joints).toEqual([]);
    // the joints' world has joints, and still no snapshots
    expect(() => (new JointWorld() as unknown as World).snapshot()).toThrow(/is not in the World of "capsule2d\/joints": use World from "capsule2d"/);
  });

  it("drives a character controller: a capsule walked along the ground stays on it, grounded", () => {
    const world = new CoreWorld();
    world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
    const body = world.add(new Capsule({ type: "kinematic", position: { x: 0, y: 0.55 }, halfLength: 0.25, radius: 0.25, angle: Math.PI / 2 }));
    const controller = new CharacterController(world, body);
    for (let i = 0; i < 60; i++) {
      controller.move({ x: 0.05, y: -0.1 });
      world.step(dt);
    }
    expect(controller.isGrounded).toBe(true);
    expect(body.position.x).toBeCloseTo(3, 6); // 60 moves of 5 cm, nothing in the way
    expect(body.position.y).toBeGreaterThan(0.49);
    expect(body.position.y).toBeLessThan(0.56);
  });

  it("refuses the pgs solver and the sap and brute broadphases with a RangeError naming them, and a refused setOptions changes nothing", () => {
    expect(() => new CoreWorld({ solver: "pgs" } as never)).toThrow(/solver "pgs" needs the World of "capsule2d"/);
    expect(() => new CoreWorld({ broadphase: "sap" } as never)).toThrow(RangeError);
    expect(() => new CoreWorld({ broadphase: "brute" } as never)).toThrow(/broadphase "brute"/);
    const world = new CoreWorld({ subSteps: 2 });
    expect(() => world.setOptions({ solver: "pgs", subSteps: 8 } as never)).toThrow(RangeError);
    expect(world.options.solver).toBe("soft-step");
    expect(world.options.subSteps).toBe(2);
    // the full World takes them all
    expect(new World({ solver: "pgs", broadphase: "sap" }).options).toMatchObject({ solver: "pgs", broadphase: "sap" });
  });
});

describe("capsule2d/joints", () => {
  it("JointWorld simulates joints with the same bits as the full World, breaks the weak one once and reports it", () => {
    const lean = jointScene(new JointWorld());
    const full = jointScene(new World());
    const broke: Joint[][] = [[], []];
    lean.on("jointBreak", ({ joint }) => broke[0]!.push(joint));
    full.on("jointBreak", ({ joint }) => broke[1]!.push(joint));
    for (let i = 0; i < 240; i++) {
      lean.step(dt);
      full.step(dt);
      if (lean.stateHash() !== full.stateHash()) throw new Error(`JointWorld differs from World at step ${i + 1}`);
    }
    expect(broke[0]!.map((j) => j.id)).toEqual([8]); // the last of nine (ids from 0)
    expect(broke[1]!.map((j) => j.id)).toEqual([8]); // the last of nine (ids from 0)
    expect(lean.joints.length).toBe(8);
    // the hinges hold: each revolute joint's anchors on its two bodies stay together (within 2 cm)
    const hinges = lean.joints.filter((j) => j.type === "revolute");
    expect(hinges.length).toBe(6);
    for (const j of hinges) expect(Math.hypot(j.anchorA.x - j.anchorB.x, j.anchorA.y - j.anchorB.y)).toBeLessThan(0.02);
    expect(lean.bodies.some((b) => b instanceof Capsule && b.position.y < 8)).toBe(true); // the chain swung down
  });

  it("removeJoint and removing a body take their joints out; joints are Joint objects of the same class as capsule2d's", () => {
    const world = jointScene(new JointWorld());
    const first = world.joints[0]!;
    expect(first).toBeInstanceOf(Joint);
    expect(first.bodyB.joints).toContain(first);
    world.removeJoint(first);
    expect(world.joints).not.toContain(first);
    const link = world.joints[1]!.bodyA; // the second link: the joints before and after it
    const before = world.joints.length;
    world.remove(link);
    expect(world.joints.length).toBe(before - 2); // the link joined two joints
    expect(() => world.removeJoint(first)).toThrow(/is not in this world/);
  });
});
