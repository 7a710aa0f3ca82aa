/**
 * Determinism: the same calls give the same bits. Two runs of a 1000-body
 * scene agree at every step; queries, event handlers that change nothing and
 * snapshots taken between steps change nothing; and the step never calls the
 * Math functions whose precision differs between JavaScript engines.
 * (Node against headless Chromium: test/browser/determinism.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Capsule, Circle } from "../src/entries/capsule2d.js";
import { mixedScene } from "./support/scenes.js";
import { detCos, detSin } from "../src/math/trig.js";

const dt = 1 / 60;

describe("same calls, same bits", () => {
  it("two runs of a 1000-body mixed scene have equal hashes at every step", () => {
    const a = mixedScene(1000, 11);
    const b = mixedScene(1000, 11);
    expect(a.bodies.length).toBeGreaterThan(1000);
    for (let i = 0; i < 180; i++) {
      a.step(dt);
      b.step(dt);
      if (a.stateHash() !== b.stateHash()) throw new Error(`runs differ at step ${i + 1}`);
    }
    // the scene did something: bodies fell, touched and some went to sleep
    expect(a.contacts.length).toBeGreaterThan(500);
  });

  for (const broadphase of ["sap", "tree"] as const) {
    it(`queries, no-op event handlers and snapshots between steps change nothing (${broadphase})`, () => {
      const plain = mixedScene(300, 5, { broadphase });
      const busy = mixedScene(300, 5, { broadphase });
      let events = 0;
      const count = (): void => {
        events++;
      };
      busy.on("collisionStart", count);
      busy.on("collisionActive", count);
      busy.on("collisionEnd", count);
      busy.on("beforeStep", count);
      busy.on("afterStep", () => {
        busy.raycast({ x: -5, y: 1 }, { x: 1, y: 0.1 });
      });
      const probe = new Capsule({ radius: 0.3, halfLength: 1, position: { x: 0, y: 3 }, angle: 0.4 });
      let found = 0;
      for (let i = 0; i < 240; i++) {
        plain.step(dt);
        busy.step(dt);
        found += busy.raycastAll({ x: -10, y: 2 }, { x: 1, y: 0 }).length;
        found += busy.queryAABB({ x: -2, y: 0 }, { x: 2, y: 3 }).length;
        found += busy.queryPoint({ x: 0, y: 0.5 }).length;
        found += busy.queryShape(probe).length;
        found += busy.contacts.length + busy.broadphasePairs.length;
        busy.snapshot();
        if (i % 50 === 0) busy.snapshot({ format: "binary" });
        if (plain.stateHash() !== busy.stateHash()) throw new Error(`diverged at step ${i + 1}`);
      }
      expect(events).toBeGreaterThan(240);
      expect(found).toBeGreaterThan(0);
    });
  }

  it("a world rebuilt from the same calls after remove and re-add matches", () => {
    const run = (): string[] => {
      const world = mixedScene(80, 9);
      const hashes: string[] = [];
      for (let i = 0; i < 120; i++) {
        world.step(dt);
        if (i === 30) world.remove(world.bodies[20]!);
        if (i === 60) world.add(new Circle({ radius: 0.3, position: { x: 0, y: 8 } }));
        hashes.push(world.stateHash());
      }
      return hashes;
    };
    expect(run()).toEqual(run());
  });
});

describe("the step uses no engine-dependent Math functions", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("Math.sin, cos, tan, atan2, exp, pow, log and random are never called inside step()", () => {
    const world = mixedScene(200, 4);
    for (let i = 0; i < 10; i++) world.step(dt); // settle the lazy paths outside the spies
    const names = ["sin", "cos", "tan", "atan2", "exp", "pow", "log", "random"] as const;
    const spies = names.map((name) => vi.spyOn(Math, name));
    for (let i = 0; i < 120; i++) world.step(dt);
    for (let k = 0; k < names.length; k++) expect(spies[k], `Math.${names[k]}`).not.toHaveBeenCalled();
  });
});

describe("engine-independent sine and cosine (body angles)", () => {
  it("agree with Math.sin/cos to within 2 units in the last place over ±1000 rad", () => {
    let worst = 0;
    for (let i = -200000; i <= 200000; i++) {
      const x = i * 0.005 + 1e-7 * (i % 7);
      const es = Math.abs(detSin(x) - Math.sin(x));
      const ec = Math.abs(detCos(x) - Math.cos(x));
      worst = Math.max(worst, es, ec);
    }
    expect(worst).toBeLessThan(4.5e-16);
    expect(detCos(0)).toBe(1);
    expect(Object.is(detSin(-0), -0)).toBe(true);
    expect(detSin(Math.PI / 2)).toBe(1);
    expect(Math.abs(detCos(Math.PI / 2))).toBeLessThan(1e-16);
  });

  it("give bodies created with an angle a unit rotation", () => {
    for (const angle of [0.3, -2, 3.14159, 100]) {
      const c = new Capsule({ radius: 0.1, halfLength: 1, angle });
      expect(Math.abs(c.rotCos * c.rotCos + c.rotSin * c.rotSin - 1)).toBeLessThan(4e-16);
      expect(Math.abs(c.angle - Math.atan2(Math.sin(angle), Math.cos(angle)))).toBeLessThan(1e-12);
    }
  });
});
