/**
 * What users found (issue "One owner for every piece of state"): changes made
 * to a body or the world at run time take effect at once, read-only state is
 * read-only at run time, misspelt options are errors, contacts describe the
 * end of the step, and sleep never swallows a velocity. Each case failed
 * before the restructure.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, Circle, World, type Body } from "../src/entries/capsule2d.js";
import { detAtan2 } from "../src/math/trig.js";

const dt = 1 / 60;

function run(world: World, seconds: number): void {
  for (let i = 0, n = Math.round(seconds / dt); i < n; i++) world.step(dt);
}

function floorWorld(options: ConstructorParameters<typeof World>[0] = {}) {
  const world = new World(options);
  const floor = world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static", label: "floor" }));
  return { world, floor };
}

describe("changing a body's type", () => {
  it("a static body made dynamic falls, with the mass of its density", () => {
    const { world } = floorWorld();
    const crate = world.add(new AABB({ position: { x: 0, y: 5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
    run(world, 0.5);
    expect(crate.position.y).toBe(5);
    crate.setType("dynamic");
    expect(crate.mass).toBeCloseTo(1, 12); // density 1 × 1 m²
    expect(crate.invMass).toBeCloseTo(1, 12);
    run(world, 2);
    expect(crate.position.y).toBeCloseTo(0.5, 2); // fell and landed on the floor
  });

  it("a resting dynamic body made kinematic feels no gravity and stays put", () => {
    const { world } = floorWorld();
    const box = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5 }));
    run(world, 1);
    const y = box.position.y;
    box.setType("kinematic");
    expect(box.mass).toBe(0);
    expect(box.invMass).toBe(0);
    run(world, 2);
    expect(Math.abs(box.position.y - y)).toBeLessThan(1e-9);
    expect(box.velocity.y).toBe(0);
    // and moves by the velocity it is given, through the floor if asked
    box.setVelocity({ x: 1, y: 0 });
    run(world, 1);
    expect(box.position.x).toBeCloseTo(1, 9);
  });

  it("a moving body made static stops, reports no velocity and no mass, and holds what lands on it", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    // half a turn in 0.5 s: it ends level
    const plank = world.add(new Capsule({ position: { x: 0, y: 0 }, halfLength: 2, radius: 0.2, velocity: { x: 3, y: 1 }, angularVelocity: 2 * Math.PI }));
    run(world, 0.5);
    expect(Math.abs(plank.rotSin)).toBeLessThan(0.01);
    plank.setType("static");
    expect(plank.velocity).toEqual({ x: 0, y: 0 });
    expect(plank.angularVelocity).toBe(0);
    expect(plank.mass).toBe(0);
    expect(plank.inertia).toBe(0);
    const at = plank.position;
    world.setOptions({ gravity: { x: 0, y: -9.81 } });
    const ball = world.add(new Circle({ position: { x: at.x, y: at.y + 3 }, radius: 0.3 }));
    run(world, 2);
    expect(plank.position).toEqual(at);
    expect(ball.position.y).toBeGreaterThan(at.y); // resting on the plank, not fallen through
    expect(Math.abs(ball.velocity.y)).toBeLessThan(0.05);
  });

  it("assigning a read-only property throws a TypeError that names the method", () => {
    const b = new Circle({ radius: 1 }) as unknown as Record<string, unknown>;
    expect(() => (b.type = "static")).toThrow(/body\.type is read-only; use body\.setType/);
    expect(() => (b.friction = 0)).toThrow(/setFriction/);
    expect(() => (b.restitution = 1)).toThrow(/setRestitution/);
    expect(() => (b.isSensor = true)).toThrow(/setSensor/);
    expect(() => (b.mass = 2)).toThrow(/setMass/);
    expect(() => (b.position = { x: 1, y: 1 })).toThrow(/setPosition/);
    expect(() => (b.id = 5)).toThrow(TypeError);
    expect(() => ((b.position as { x: number }).x = 3)).toThrow(TypeError); // a frozen copy
    expect((b as unknown as Body).type).toBe("dynamic");
  });

  it("bad values leave the body unchanged", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 2 }, density: 0, type: "static" }));
    const before = world.stateHash();
    expect(() => ball.setType("dynamic")).toThrow(/density must be > 0 for a dynamic body, got 0/);
    expect(() => ball.setType("solid" as never)).toThrow(/type must be one of/);
    expect(() => ball.setFriction(-1)).toThrow(/friction must be >= 0, got -1/);
    expect(() => ball.setMass(Number.NaN)).toThrow(/mass must be a finite number/);
    expect(() => ball.setCollisionFilter({ mask: 1.5 })).toThrow(/filter\.mask/);
    expect(() => ball.setCollisionFilter({ maks: 1 } as never)).toThrow(/unknown filter option "maks"; did you mean "mask"/);
    expect(ball.type).toBe("static");
    expect(world.stateHash()).toBe(before);
  });
});

describe("changing materials and the sensor flag", () => {
  it("friction set to 0 on a body sliding on the floor takes effect at once", () => {
    const { world } = floorWorld({ sleeping: false });
    const box = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5, velocity: { x: 8, y: 0 } }));
    run(world, 0.2);
    expect(box.velocity.x).toBeLessThan(8); // friction 0.6 slows it
    box.setFriction(0);
    const v = box.velocity.x;
    run(world, 0.5);
    expect(Math.abs(box.velocity.x - v)).toBeLessThan(1e-9); // sqrt(0 · 0.6) = 0
  });

  it("restitution set on a resting ball makes it bounce when thrown down", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    run(world, 1);
    ball.setRestitution(0.9);
    ball.setVelocity({ x: 0, y: -6 });
    let up = 0;
    for (let i = 0; i < 30; i++) {
      world.step(dt);
      up = Math.max(up, ball.velocity.y);
    }
    expect(up).toBeGreaterThan(0.8 * 0.9 * 6);
  });

  it("a floor made a sensor under a resting ball lets it fall through, and made solid again holds the next", () => {
    const { world, floor } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    run(world, 1);
    expect(ball.isSleeping).toBe(true);
    floor.setSensor(true);
    run(world, 1);
    expect(ball.position.y).toBeLessThan(-2);
    floor.setSensor(false);
    const next = world.add(new Circle({ position: { x: 3, y: 2 }, radius: 0.5 }));
    run(world, 2);
    expect(next.position.y).toBeCloseTo(0.5, 2);
  });

  it("a collision filter change takes effect at once, in both directions", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    run(world, 1);
    ball.setCollisionFilter({ mask: 0 });
    run(world, 0.5);
    expect(ball.position.y).toBeLessThan(-0.5);
    const other = world.add(new Circle({ position: { x: 5, y: 3 }, radius: 0.5, collisionFilter: { mask: 0 } }));
    other.setCollisionFilter({ mask: 0xffffffff });
    run(world, 2);
    expect(other.position.y).toBeCloseTo(0.5, 2);
  });
});

describe("changing the world's options", () => {
  it("sleeping bodies wake and feel a new gravity", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    run(world, 2);
    expect(ball.isSleeping).toBe(true);
    world.gravity = { x: 0, y: 9.81 }; // y-down now: the ball falls "up"
    expect(ball.isSleeping).toBe(false);
    run(world, 1);
    expect(ball.position.y).toBeGreaterThan(3);
  });

  it("setOptions wakes sleeping bodies too", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    run(world, 2);
    expect(ball.isSleeping).toBe(true);
    world.setOptions({ gravity: { x: 5, y: -9.81 } });
    run(world, 1);
    expect(ball.position.x).toBeGreaterThan(0.5);
  });

  it("options are read-only at run time", () => {
    const world = new World();
    expect(() => ((world.options as { subSteps: number }).subSteps = 1)).toThrow(TypeError);
    expect(() => ((world.gravity as { y: number }).y = 0)).toThrow(TypeError);
    expect(world.options.subSteps).toBe(4);
  });
});

describe("sleep never swallows a velocity", () => {
  it("a slow kinematic body never sleeps and keeps its velocity", () => {
    const world = new World();
    const platform = world.add(new AABB({ position: { x: 0, y: 0 }, halfWidth: 2, halfHeight: 0.1, type: "kinematic", velocity: { x: 0.02, y: 0 } }));
    run(world, 3);
    expect(platform.isSleeping).toBe(false);
    expect(platform.velocity.x).toBe(0.02);
    expect(platform.position.x).toBeCloseTo(0.06, 9);
  });

  it("a box riding a slow kinematic platform keeps riding it", () => {
    const world = new World();
    world.add(new AABB({ position: { x: 0, y: 0 }, halfWidth: 3, halfHeight: 0.1, type: "kinematic", velocity: { x: 0.02, y: 0 } }));
    const box = world.add(new AABB({ position: { x: 0, y: 0.6 }, halfWidth: 0.5, halfHeight: 0.5 }));
    run(world, 4);
    expect(box.isSleeping).toBe(false);
    expect(box.position.x).toBeGreaterThan(0.06); // carried by friction, not left behind asleep
  });

  it("a kinematic body at rest may sleep, and wakes when given a velocity", () => {
    const world = new World();
    const platform = world.add(new AABB({ halfWidth: 2, halfHeight: 0.1, type: "kinematic" }));
    run(world, 1);
    expect(platform.isSleeping).toBe(true);
    platform.setVelocity({ x: 0, y: 1 });
    expect(platform.isSleeping).toBe(false);
    run(world, 1);
    expect(platform.position.y).toBeCloseTo(1, 9);
  });

  it("a body that falls asleep keeps the velocity it had, and a body with enableSleep false never sleeps", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 0.5 }, radius: 0.5 }));
    const restless = world.add(new Circle({ position: { x: 3, y: 0.5 }, radius: 0.5, enableSleep: false }));
    let before = { x: NaN, y: NaN };
    for (let i = 0; i < 300 && !ball.isSleeping; i++) {
      before = ball.velocity;
      world.step(dt);
    }
    expect(ball.isSleeping).toBe(true);
    const asleep = ball.velocity;
    // the velocity the last step left it with is kept, not zeroed
    expect(Number.isFinite(asleep.y)).toBe(true);
    expect(before).not.toEqual({ x: NaN, y: NaN });
    const v = ball.velocity;
    run(world, 1);
    expect(ball.velocity).toEqual(v);
    expect(restless.isSleeping).toBe(false);
    restless.setEnableSleep(true);
    run(world, 1);
    expect(restless.isSleeping).toBe(true);
  });
});

describe("angle", () => {
  it("is derived with the engine-independent atan2 (the same bits everywhere)", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const c = world.add(new Capsule({ halfLength: 1, radius: 0.2, angularVelocity: 1.2345 }));
    for (let i = 0; i < 200; i++) {
      world.step(dt);
      expect(Object.is(c.angle, detAtan2(c.rotSin, c.rotCos))).toBe(true);
    }
  });
});

describe("contacts describe the end of the step", () => {
  it("after a jump the ground contact is gone in that same step, and ground checks agree", () => {
    const { world, floor } = floorWorld();
    const player = world.add(new Capsule({ position: { x: 0, y: 1 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, fixedRotation: true }));
    run(world, 1);
    expect(world.contactsOf(player).map((c) => c.bodyA === floor || c.bodyB === floor)).toEqual([true]);
    const ground = player.getGroundContact();
    expect(ground?.body).toBe(floor);
    expect(ground?.normal.y).toBeCloseTo(1, 9);
    expect(ground?.slopeAngle).toBeCloseTo(0, 9);
    player.setVelocity({ x: 0, y: 5 }); // jump
    world.step(dt);
    expect(world.contactsOf(player)).toEqual([]);
    expect(player.getGroundContact()).toBeNull();
    expect(world.contacts).toEqual([]);
    const ends = world.contactEvents;
    expect(ends.endCount).toBe(1);
    expect([ends.end[0]!.bodyA, ends.end[0]!.bodyB]).toEqual([floor, player]);
    // and the landing is a begin in the step it touches again
    let landed = -1;
    for (let i = 0; i < 120 && landed < 0; i++) {
      world.step(dt);
      if (world.contactEvents.beginCount > 0) landed = i;
    }
    expect(landed).toBeGreaterThan(10);
    expect(player.getGroundContact()?.body).toBe(floor);
  });

  it("a slope steeper than the limit is not ground; a gentler one is", () => {
    const world = new World({ sleeping: false });
    const ball = world.add(new Circle({ position: { x: 0, y: 1 }, radius: 0.5 }));
    world.add(Capsule.fromSegment({ x: -5, y: 5 * Math.tan(0.3) }, { x: 5, y: -5 * Math.tan(0.3) }, 0.1, { type: "static" }));
    world.step(dt);
    run(world, 0.5);
    const g = ball.getGroundContact(0.35);
    expect(g?.slopeAngle).toBeCloseTo(0.3, 3);
    expect(ball.getGroundContact(0.25)).toBeNull();
  });
});

describe("misspelt options are errors, with the nearest valid name", () => {
  it("in World options and setOptions", () => {
    expect(() => new World({ gravty: { x: 0, y: -1 } } as never)).toThrow(/unknown World option "gravty"; did you mean "gravity"\?/);
    expect(() => new World({ subSetps: 2 } as never)).toThrow(/did you mean "subSteps"/);
    expect(() => new World({ frobnicate: 1 } as never)).toThrow(/unknown World option "frobnicate"$/);
    const world = new World();
    expect(() => world.setOptions({ sleping: false } as never)).toThrow(TypeError);
    expect(world.options.sleeping).toBe(true);
  });

  it("in body options, for every shape", () => {
    expect(() => new Circle({ radius: 1, positon: { x: 0, y: 0 } } as never)).toThrow(/unknown body option "positon"; did you mean "position"\?/);
    expect(() => new Circle({ radius: 1, restituion: 0.5 } as never)).toThrow(/did you mean "restitution"/);
    expect(() => new Capsule({ radius: 1, halfLenght: 1 } as never)).toThrow(/did you mean "halfLength"/);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 1, radius: 1 } as never)).toThrow(/unknown body option "radius"/);
    expect(() => AABB.fromBounds({ x: 0, y: 0 }, { x: 1, y: 1 }, { typ: "static" } as never)).toThrow(/did you mean "type"/);
  });
});

describe("interpolated poses for rendering", () => {
  it("getInterpolatedPose goes from the last step's start pose (0) to the pose now (1)", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const c = world.add(new Capsule({ halfLength: 1, radius: 0.2, velocity: { x: 6, y: 0 }, angularVelocity: 3 }));
    world.step(dt);
    const x0 = 0;
    const x1 = c.position.x;
    expect(x1).toBeCloseTo(0.1, 12);
    const half = c.getInterpolatedPose(0.5);
    expect(half.x).toBeCloseTo((x0 + x1) / 2, 12);
    expect(half.angle).toBeCloseTo(c.angle / 2, 6);
    expect(half.rotCos * half.rotCos + half.rotSin * half.rotSin).toBeCloseTo(1, 14);
    expect(c.getInterpolatedPose(1)).toEqual({ x: x1, y: c.position.y, angle: c.angle, rotCos: c.rotCos, rotSin: c.rotSin });
    const out = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
    expect(c.getInterpolatedPose(0, out)).toBe(out);
    expect(out.x).toBe(0);
    expect(() => c.getInterpolatedPose(1.5)).toThrow(/alpha must be in \[0, 1\]/);
  });

  it("a teleported body does not interpolate across the jump, and a sleeping one stands still", () => {
    const { world } = floorWorld();
    const ball = world.add(new Circle({ position: { x: 0, y: 3 }, radius: 0.5 }));
    world.step(dt);
    ball.setPosition({ x: 10, y: 3 });
    expect(ball.getInterpolatedPose(0).x).toBe(10);
    run(world, 3);
    expect(ball.isSleeping).toBe(true);
    world.step(dt);
    expect(ball.getInterpolatedPose(0)).toEqual(ball.getInterpolatedPose(1));
  });
});
