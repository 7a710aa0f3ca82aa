/**
 * Collision filters (src/contacts/pairing.ts `shouldCollide`, Box2D's rules),
 * written against the mutants that survived the mutation run (issue 34,
 * docs/testing.md): bodies in the same non-zero group always collide
 * (positive) or never (negative), whatever their masks; otherwise each
 * body's category must be in the other's mask, both ways.
 */
import { describe, expect, it } from "vitest";
import { Circle, World, type CollisionFilter } from "../src/entries/capsule2d.js";

/** Do two overlapping dynamic circles with these filters touch? */
function touch(fa: Partial<CollisionFilter>, fb: Partial<CollisionFilter>): boolean {
  const world = new World({ gravity: { x: 0, y: 0 } });
  world.add(new Circle({ radius: 0.5, collisionFilter: fa }));
  world.add(new Circle({ radius: 0.5, position: { x: 0.8, y: 0 }, collisionFilter: fb }));
  world.step(1 / 60);
  return world.contacts.length > 0;
}

describe("collision filters", () => {
  it("category and mask must agree both ways", () => {
    expect(touch({ category: 1, mask: 2 }, { category: 2, mask: 1 })).toBe(true);
    expect(touch({ category: 1, mask: 2 }, { category: 2, mask: 4 })).toBe(false); // b does not take a
    expect(touch({ category: 1, mask: 4 }, { category: 2, mask: 1 })).toBe(false); // a does not take b
    expect(touch({ category: 1, mask: 4 }, { category: 2, mask: 8 })).toBe(false);
  });

  it("the same positive group collides whatever the masks; the same negative group never does", () => {
    expect(touch({ group: 3, category: 1, mask: 0 }, { group: 3, category: 2, mask: 0 })).toBe(true);
    expect(touch({ group: -3 }, { group: -3 })).toBe(false);
    // different groups, or group 0: the masks decide
    expect(touch({ group: 3, mask: 0 }, { group: 4 })).toBe(false);
    expect(touch({ group: -3 }, { group: -4 })).toBe(true);
    expect(touch({ group: 0, mask: 0 }, { group: 0, mask: 0 })).toBe(false);
  });
});
