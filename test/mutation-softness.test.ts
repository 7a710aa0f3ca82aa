/**
 * Softness (src/solver/softness.ts) at hertz 0, written against the mutants
 * that survived the mutation run (issue 34, docs/testing.md): contactHertz 0
 * makes contacts rigid with no push-out, not absent.
 */
import { describe, expect, it } from "vitest";
import { AABB, World } from "../src/entries/capsule2d.js";

describe("contactHertz: 0", () => {
  it("a box sunk 1 cm into the floor is held where it is: not pushed out, not falling through", () => {
    const world = new World({ sleeping: false, contactHertz: 0 });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const box = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.49 } }));
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(box.position.y).toBeCloseTo(0.49, 6);
    expect(Math.abs(box.velocity.y)).toBeLessThan(1e-9);
  });
});
