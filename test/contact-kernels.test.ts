/**
 * The contact passes solve a constraint whose two bodies do not turn in the
 * step (boxes, fixed-rotation bodies, still static and kinematic bodies)
 * with its rows' linear terms only. Those rows must be the full rows with
 * the angular terms at zero: a stack whose contacts exert no torque (every
 * point right under a centre) gives the same bits whether its circles may
 * turn (the full rows) or not (the linear rows), in JavaScript and in
 * WebAssembly, with both solvers.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World, type WorldOptions } from "../src/entries/capsule2d.js";
import { enableWasmSolver } from "../src/entries/wasm.js";

const dt = 1 / 60;

/** A column of circles dropped onto a box, then a heavy box on top; every contact normal is vertical. */
function column(fixedRotation: boolean, options: WorldOptions): { world: World; bodies: (Circle | AABB)[] } {
  const world = new World({ sleeping: false, ...options });
  world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", friction: 0.7 }));
  const bodies: (Circle | AABB)[] = [];
  for (let i = 0; i < 6; i++) {
    const radius = 0.25 + 0.05 * i;
    bodies.push(world.add(new Circle({ position: { x: 0.75, y: 0.6 + 1.3 * i }, radius, fixedRotation, restitution: i === 2 ? 0.5 : 0.1, density: 1 + 0.2 * i })));
  }
  bodies.push(world.add(new AABB({ position: { x: 0.75, y: 9.5 }, halfWidth: 0.4, halfHeight: 0.3, density: 2, velocity: { x: 0, y: -4 } })));
  return { world, bodies };
}

/** Every body's position and velocity (x, y) after each step, as the bits of their doubles. */
function trace(fixedRotation: boolean, options: WorldOptions, steps: number, wasm = false): bigint[] {
  const { world, bodies } = column(fixedRotation, options);
  if (wasm) expect(enableWasmSolver(world)).toBe(true);
  const numbers = new Float64Array(4 * bodies.length * steps);
  let n = 0;
  for (let s = 0; s < steps; s++) {
    world.step(dt);
    for (const b of bodies) {
      numbers[n++] = b.position.x;
      numbers[n++] = b.position.y;
      numbers[n++] = b.velocity.x;
      numbers[n++] = b.velocity.y;
    }
  }
  for (const b of bodies) expect(b.angle).toBe(0); // nothing turned: the full rows had no angular work either
  return Array.from(new BigUint64Array(numbers.buffer));
}

describe("the linear rows of bodies that do not turn are the full rows with their angular terms at zero", () => {
  for (const solver of ["soft-step", "pgs"] as const) {
    it(`a column of circles, turning or fixed, gives the same bits (${solver}, JavaScript and WebAssembly)`, () => {
      const options: WorldOptions = { solver };
      const full = trace(false, options, 180);
      const linear = trace(true, options, 180);
      expect(linear).toEqual(full);
      expect(trace(true, options, 180, true)).toEqual(full);
      expect(trace(false, options, 180, true)).toEqual(full);
    });
  }

  it("the column really stacks: it comes to rest on the ground, each circle on the one below", () => {
    const { world, bodies } = column(true, {});
    for (let s = 0; s < 300; s++) world.step(dt);
    let top = 0;
    for (const b of bodies) {
      expect(Math.abs(b.velocity.y)).toBeLessThan(0.02);
      const half = b instanceof Circle ? b.radius : (b as AABB).halfHeight;
      expect(b.position.y - half).toBeGreaterThan(top - 0.02); // rests on what is below (soft contacts sink a little under the load above)
      top = b.position.y + half;
    }
  });
});
