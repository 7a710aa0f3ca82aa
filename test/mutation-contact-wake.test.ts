/**
 * Waking at contact (src/contacts/contact-manager.ts `update`, `wakeIfPushed`),
 * written for the mutation run (issue 34, docs/testing.md): a sleeping body
 * wakes when an awake body that moves is about to touch it (a speculative
 * point, before any overlap), and not for a kinematic body that stands still
 * or a sensor.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type Body } from "../src/entries/capsule2d.js";

const dt = 1 / 60;

/** A floor and a box asleep on it at x = 0 (its sides at x = ±0.5). */
function sleeper(): { world: World; box: Body } {
  const world = new World({});
  world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
  const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 } }));
  for (let i = 0; i < 120 && !box.isSleeping; i++) world.step(dt);
  expect(box.isSleeping).toBe(true);
  return { world, box };
}

describe("a sleeping body wakes when a moving body is about to touch it", () => {
  for (const [name, make] of [
    ["kinematic paddle", () => new AABB({ type: "kinematic", halfWidth: 0.1, halfHeight: 0.3, position: { x: -1.2, y: 0.5 }, velocity: { x: 1, y: 0 } })],
    ["dynamic ball", () => new Circle({ radius: 0.2, position: { x: -1.2, y: 0.5 }, velocity: { x: 1, y: 0 }, gravityScale: 0 })],
  ] as const) {
    it(`${name} moving in at 1 m/s: awake before they overlap`, () => {
      const { world, box } = sleeper();
      const mover = world.add(make());
      const reach = mover.kind === 0 ? mover.radius : mover.halfWidth;
      let wokeAt = Infinity;
      for (let i = 0; i < 60 && box.isSleeping; i++) {
        world.step(dt);
        if (!box.isSleeping) wokeAt = mover.position.x + reach;
      }
      expect(box.isSleeping).toBe(false);
      // the mover's leading face is still short of the box's side (x = −0.5)
      expect(wokeAt).toBeLessThan(-0.5);
      expect(wokeAt).toBeGreaterThan(-0.5 - 0.1);
    });
  }

  it("a kinematic body standing still beside it, or a sensor moving through it, does not wake it", () => {
    const { world, box } = sleeper();
    world.add(new AABB({ type: "kinematic", halfWidth: 0.1, halfHeight: 0.3, position: { x: -0.601, y: 0.5 } }));
    world.add(new Circle({ radius: 0.2, position: { x: 1.2, y: 0.5 }, velocity: { x: -2, y: 0 }, gravityScale: 0, isSensor: true }));
    for (let i = 0; i < 40; i++) world.step(dt);
    expect(box.isSleeping).toBe(true);
  });
});
