/**
 * NGS position correction (src/solver/position-correction.ts): which
 * separation decides the early exit, and what a contact that is not
 * penetrating does (issue 34, docs/testing.md). No gravity, bodies at rest.
 * - The iterations stop when the smallest separation of the pass is within
 *   3·slop: a shallow contact processed after a deep one must not stop them.
 * - A speculative contact (a gap) is not pulled shut.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World } from "../src/entries/capsule2d.js";

const dt = 1 / 60;
const percent = 0.2;
const slop = 0.005;

function world(iterations: number): World {
  const w = new World({ solver: "pgs", gravity: { x: 0, y: 0 }, sleeping: false, positionCorrection: "ngs", positionIterations: iterations, percent, slop });
  w.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0 }));
  return w;
}

/** What is left of a depth d after n iterations: slop + (d − slop)(1 − β)^n. */
const left = (d: number, n: number): number => slop + (d - slop) * Math.pow(1 - percent, n);

describe("the early exit reads the smallest separation of the pass", () => {
  for (const deepFirst of [true, false]) {
    it(`a ball 5 cm deep and one 1 cm deep (${deepFirst ? "deep" : "shallow"} one added first): both get the 2 iterations`, () => {
      const w = world(2);
      const add = (x: number, d: number) => w.add(new Circle({ radius: 0.5, position: { x, y: 0.5 - d } }));
      const first = add(-2, deepFirst ? 0.05 : 0.01);
      const second = add(2, deepFirst ? 0.01 : 0.05);
      const [deep, shallow] = deepFirst ? [first, second] : [second, first];
      w.step(dt);
      expect(w.contacts.length).toBe(2);
      expect(deep!.position.y).toBeCloseTo(0.5 - left(0.05, 2), 12);
      expect(shallow!.position.y).toBeCloseTo(0.5 - left(0.01, 2), 12);
    });
  }
});

describe("a gap is not closed", () => {
  it("a ball 1 mm above the floor (a speculative contact) is not moved", () => {
    const w = world(3);
    const ball = w.add(new Circle({ radius: 0.5, position: { x: 0, y: 0.501 } }));
    w.step(dt);
    expect(w.contacts.length).toBe(1);
    expect(ball.position.y).toBe(0.501);
  });
});
