/**
 * Islands and sleep (src/solver/islands.ts and the world's sleep stage),
 * written against the mutants that survived the mutation run (issue 34,
 * docs/testing.md): an island sleeps when its last body has been still for
 * `timeToSleep`, and only what touches through contacts or joints ties bodies
 * together (not a floor, not a sensor, not a kinematic body).
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type Body, type WorldOptions } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const TIME_TO_SLEEP = 0.5; // the default
const STEPS_TO_SLEEP = Math.round(TIME_TO_SLEEP / dt); // 30

/** The step (1-based) at which each body first sleeps, or Infinity. */
function sleepSteps(world: World, bodies: Body[], max: number, before?: (step: number) => void): number[] {
  const at = bodies.map(() => Infinity);
  for (let i = 1; i <= max; i++) {
    before?.(i);
    world.step(dt);
    bodies.forEach((b, k) => {
      if (b.isSleeping && at[k] === Infinity) at[k] = i;
    });
  }
  return at;
}

function zeroG(options: WorldOptions = {}): World {
  return new World({ gravity: { x: 0, y: 0 }, ...options });
}

describe("an island sleeps when its latest-disturbed body has been still for timeToSleep", () => {
  // Two touching circles (a pair of overlapping discs at rest in zero gravity, a little
  // overlap so their contact has a point) and a lone one; one of the pair is woken at step 20.
  for (const which of [0, 1]) {
    it(`the pair sleeps together, timeToSleep after its ${which === 0 ? "first" : "second"} body was woken; the lone body on time`, () => {
      const world = zeroG();
      const pair = [
        world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 } })),
        world.add(new Circle({ radius: 0.5, position: { x: 0.999, y: 0 } })),
      ];
      const lone = world.add(new Circle({ radius: 0.5, position: { x: 10, y: 0 } }));
      const at = sleepSteps(world, [...pair, lone], 200, (i) => {
        if (i === 20) pair[which]!.wake();
      });
      expect(at[0]).toBe(at[1]); // one island
      expect(at[0]).toBeGreaterThan(19 + STEPS_TO_SLEEP - 1);
      expect(at[0]).toBeLessThanOrEqual(19 + STEPS_TO_SLEEP + 2);
      expect(at[2]).toBeGreaterThan(STEPS_TO_SLEEP - 1);
      expect(at[2]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 2);
      // sleeping bodies stop
      for (const b of [...pair, lone]) {
        expect(b.velocity).toEqual({ x: 0, y: 0 });
        expect(b.angularVelocity).toBe(0);
      }
    });
  }

  it("three bodies in a row, the middle one woken: all three sleep at its time", () => {
    const world = zeroG();
    const row = [0, 0.999, 1.998].map((x) => world.add(new Circle({ radius: 0.5, position: { x, y: 0 } })));
    const at = sleepSteps(world, row, 200, (i) => {
      if (i === 25) row[2]!.wake();
      if (i === 10) row[0]!.wake();
    });
    expect(new Set(at).size).toBe(1);
    expect(at[0]).toBeGreaterThan(24 + STEPS_TO_SLEEP - 1);
    expect(at[0]).toBeLessThanOrEqual(24 + STEPS_TO_SLEEP + 2);
  });
});

describe("what keeps an island awake", () => {
  it("enableSleep: false keeps the body and what rests on it awake; without it the stack sleeps", () => {
    for (const enableSleep of [false, true]) {
      const world = new World();
      world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
      const base = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 }, enableSleep }));
      const top = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 1.5 } }));
      // a box elsewhere on the same floor: the floor ties nothing
      const other = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 3, y: 0.5 } }));
      const at = sleepSteps(world, [base, top, other], 240);
      expect(at[2]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 10);
      if (enableSleep) {
        expect(at[0]).toBeLessThan(Infinity);
        expect(at[1]).toBe(at[0]);
      } else {
        expect(at[0]).toBe(Infinity);
        expect(at[1]).toBe(Infinity);
      }
    }
  });

  for (const kinematicFirst of [true, false]) {
    it(`a box on a moving kinematic platform stays awake, on a still one it sleeps (platform added ${kinematicFirst ? "first" : "last"})`, () => {
      for (const speed of [0.01, 0]) {
        const world = new World();
        let platform: Body | undefined;
        const addPlatform = () => {
          platform = world.add(new AABB({ halfWidth: 3, halfHeight: 0.25, position: { x: 0, y: -0.25 }, type: "kinematic", velocity: { x: speed, y: 0 } }));
        };
        if (kinematicFirst) addPlatform();
        const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 }, friction: 0.6 }));
        if (!kinematicFirst) addPlatform();
        const at = sleepSteps(world, [box, platform!], 240);
        if (speed > 0) {
          // far slower than the tolerance (0.05 m/s), but a moving kinematic body never sleeps, nor what it touches
          expect(at).toEqual([Infinity, Infinity]);
        } else {
          expect(at[0]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 10);
          expect(at[1]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 2);
        }
      }
    });
  }

  it("a kinematic body moving only vertically, or only turning, never sleeps, nor what rests on it; a static body is never asleep", () => {
    const world = new World();
    const floor = world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
    const lift = world.add(new AABB({ halfWidth: 1, halfHeight: 0.25, position: { x: -10, y: 2 }, type: "kinematic", velocity: { x: 0, y: 0.01 } }));
    const rider = world.add(new AABB({ halfWidth: 0.25, halfHeight: 0.25, position: { x: -10, y: 2.5 } }));
    const turner = world.add(new Circle({ radius: 0.5, position: { x: 10, y: 5 }, type: "kinematic", angularVelocity: 0.01 }));
    const at = sleepSteps(world, [lift, rider, turner, floor], 150);
    expect(at).toEqual([Infinity, Infinity, Infinity, Infinity]);
  });

  it("a joint ties its bodies into one island; a sensor overlapping a body does not", () => {
    const world = zeroG();
    const restless = world.add(new Circle({ radius: 0.3, position: { x: 0, y: 0 }, enableSleep: false }));
    const tied = world.add(new Circle({ radius: 0.3, position: { x: 3, y: 0 } }));
    world.addJoint({ type: "distance", bodyA: restless, bodyB: tied, anchorA: { x: 0, y: 0 }, anchorB: { x: 3, y: 0 } });
    const sensor = world.add(new Circle({ radius: 1, position: { x: 10, y: 0 }, isSensor: true, enableSleep: false }));
    const inside = world.add(new Circle({ radius: 0.3, position: { x: 10.2, y: 0 } }));
    const at = sleepSteps(world, [restless, tied, sensor, inside], 200);
    expect(at[0]).toBe(Infinity);
    expect(at[1]).toBe(Infinity);
    expect(at[2]).toBe(Infinity);
    expect(at[3]).toBeGreaterThan(STEPS_TO_SLEEP - 1);
    expect(at[3]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 2);
  });
});

describe("the sleep rules at their boundaries", () => {
  it("sleeping: false: nothing ever sleeps", () => {
    const world = zeroG({ sleeping: false });
    const ball = world.add(new Circle({ radius: 0.5 }));
    expect(sleepSteps(world, [ball], 120)).toEqual([Infinity]);
  });

  it("an island sleeps in the step its timer reaches timeToSleep (dt and timeToSleep exact in binary)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, timeToSleep: 0.25 });
    const ball = world.add(new Circle({ radius: 0.5 }));
    const at: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      world.step(0.125);
      at.push(ball.isSleeping);
    }
    expect(at).toEqual([false, true, true]);
  });

  it("moving at exactly the tolerance counts as still (|v| ≤ linearSleepTolerance, |ω| ≤ angularSleepTolerance)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, timeToSleep: 0.25 });
    const drifting = world.add(new Circle({ radius: 0.5, velocity: { x: 0.05, y: 0 } }));
    const turning = world.add(new Circle({ radius: 0.5, position: { x: 5, y: 0 }, angularVelocity: -0.05 }));
    for (let i = 0; i < 2; i++) world.step(0.125);
    expect(drifting.isSleeping).toBe(true);
    expect(turning.isSleeping).toBe(true);
  });

  it("a box sleeps on a floor added after it (the floor is the contact's second body)", () => {
    const world = new World();
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 } }));
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const at = sleepSteps(world, [box], 120);
    expect(at[0]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 10);
  });

  it("a contact without points (boxes overlap, shapes apart) ties nothing", () => {
    const world = zeroG();
    // diagonal neighbours: their bounding boxes overlap, the circles are 0.1 m apart
    const restless = world.add(new Circle({ radius: 0.5, position: { x: 0, y: 0 }, enableSleep: false }));
    const d = (1.1 / Math.SQRT2);
    const near = world.add(new Circle({ radius: 0.5, position: { x: d, y: d } }));
    const at = sleepSteps(world, [restless, near], 120);
    expect(world.broadphasePairs.length).toBe(1);
    expect(at[0]).toBe(Infinity);
    expect(at[1]).toBeLessThanOrEqual(STEPS_TO_SLEEP + 2);
  });
});
