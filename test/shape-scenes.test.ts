/**
 * The new shapes in the world's other features: one-way platforms, sensors,
 * kinematic platforms and the character controller, with Box, Polygon and
 * Segment bodies. Physics against physics, nothing timed.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, CharacterController, Circle, Polygon, Segment, World } from "../src/entries/capsule2d.js";

const DT = 1 / 60;

function run(world: World, steps: number): void {
  for (let i = 0; i < steps; i++) world.step(DT);
}

describe("one-way Box and Segment platforms", () => {
  for (const kind of ["box", "segment"] as const) {
    const platform = (): Box | Segment =>
      kind === "box"
        ? new Box({ halfWidth: 2, halfHeight: 0.1, position: { x: 0, y: 2 }, type: "static", oneWay: { x: 0, y: 1 } })
        : new Segment({ a: { x: -2, y: 2 }, b: { x: 2, y: 2 }, type: "static", oneWay: { x: 0, y: 1 } });
    const top = kind === "box" ? 2.1 : 2;
    it(`a ${kind}: a box dropped from above lands on it; one thrown up from below passes through and lands on top`, () => {
      const world = new World();
      world.add(platform());
      const faller = world.add(new Box({ halfWidth: 0.3, halfHeight: 0.3, position: { x: -1, y: 4 } }));
      const riser = world.add(new Polygon({ vertices: [{ x: -0.3, y: -0.3 }, { x: 0.3, y: -0.3 }, { x: 0, y: 0.3 }], position: { x: 1, y: 0.5 }, velocity: { x: 0, y: 9 } }));
      run(world, 180);
      expect(faller.position.y).toBeCloseTo(top + 0.3, 2);
      // the triangle rests on its bottom edge, 0.3 below its frame's origin
      expect(riser.position.y).toBeCloseTo(top + 0.3, 2);
    });
  }
});

describe("sensors", () => {
  it("a static Polygon sensor reports a circle and a box passing through it, once each, and does not stop them", () => {
    const world = new World();
    world.add(Polygon.regular(6, 1, { position: { x: 0, y: 0 }, type: "static", isSensor: true }));
    const ball = world.add(new Circle({ radius: 0.2, position: { x: -0.5, y: 3 } }));
    const box = world.add(new Box({ halfWidth: 0.2, halfHeight: 0.2, angle: 0.4, position: { x: 0.5, y: 4 } }));
    const starts: string[] = [];
    const ends: string[] = [];
    world.on("sensorStart", ({ events }) => events.forEach((e) => starts.push(e.visitor.shapes[0]!.kind)));
    world.on("sensorEnd", ({ events }) => events.forEach((e) => ends.push(e.visitor.shapes[0]!.kind)));
    run(world, 90);
    expect(starts.sort()).toEqual(["box", "circle"]);
    expect(ends.sort()).toEqual(["box", "circle"]);
    expect(ball.position.y).toBeLessThan(-2);
    expect(box.position.y).toBeLessThan(-2);
  });
});

describe("a kinematic Box platform", () => {
  it("carries a box resting on it: the box moves with it (friction), at its speed", () => {
    const world = new World();
    const deck = world.add(new Box({ halfWidth: 3, halfHeight: 0.2, position: { x: 0, y: 0 }, type: "kinematic", velocity: { x: 2, y: 0 } }));
    const crate = world.add(new Box({ halfWidth: 0.4, halfHeight: 0.4, position: { x: 0, y: 0.6 } }));
    run(world, 60);
    const x0 = crate.position.x;
    run(world, 60);
    expect(crate.position.x - x0).toBeCloseTo(2, 2);
    expect(crate.position.y).toBeCloseTo(0.6, 2);
    expect(deck.position.x).toBeCloseTo(4, 9);
  });
});

describe("the character controller over the new shapes", () => {
  it("a capsule character walks along a Segment floor and up a 20° Box ramp, grounded on both", () => {
    const world = new World();
    world.add(new Segment({ a: { x: -10, y: 0 }, b: { x: 10, y: 0 }, type: "static" }));
    // a ramp rising from x = 10 at 20°: a thin turned box whose top face starts at (10, 0)
    const theta = (20 * Math.PI) / 180;
    const half = 5;
    const c = Math.cos(theta);
    const s = Math.sin(theta);
    world.add(new Box({ halfWidth: half, halfHeight: 0.1, angle: theta, type: "static", position: { x: 10 + half * c + 0.1 * s, y: half * s - 0.1 * c } }));
    const body = world.add(new Capsule({ halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic", position: { x: 0, y: 0.71 } }));
    const cc = new CharacterController(world, body);
    let vy = 0;
    let airborne = 0;
    let groundedOnRamp = false;
    for (let i = 0; i < 600 && body.position.x < 13; i++) {
      if (cc.isGrounded) vy = 0;
      else vy -= 9.81 * DT;
      cc.move({ x: 4 * DT, y: vy * DT });
      world.step(DT);
      if (i > 2 && !cc.isGrounded) airborne++;
      if (body.position.x > 11.5 && cc.isGrounded) groundedOnRamp = true;
    }
    expect(body.position.x).toBeGreaterThan(12.9);
    // its feet on the ramp's surface: y of the surface at x, plus the capsule's half height (within the skin)
    const surface = (body.position.x - 10) * Math.tan(theta);
    expect(body.position.y - 0.7).toBeGreaterThan(surface - 0.02);
    expect(body.position.y - 0.7).toBeLessThan(surface + 0.05);
    expect(groundedOnRamp).toBe(true);
    expect(airborne).toBeLessThan(5);
  });
});

describe("explosions", () => {
  it("impulsePerLength pushes a Box by its width across the blast, as an AABB of the same size (and a turned Box by its turned width)", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    // left of the centre, the blast runs along −x: the width across it is the height
    const box = world.add(new Box({ halfWidth: 0.5, halfHeight: 0.25, position: { x: -2, y: 0 } }));
    const diamond = world.add(new Box({ halfWidth: 0.5, halfHeight: 0.5, angle: Math.PI / 4, position: { x: 2, y: 0 } }));
    world.explode({ position: { x: 0, y: 0 }, radius: 5, impulsePerLength: 3 });
    // impulse 3 N·s/m × 0.5 m on a 0.5 kg box: −3 m/s
    expect(box.velocity.x).toBeCloseTo(-3, 9);
    // a unit square turned by 45°: √2 wide across the blast, 1 kg: 3√2 m/s
    expect(diamond.velocity.x).toBeCloseTo(3 * Math.SQRT2, 9);
  });
});

describe("boxes and polygons over a floor of separate tiles (seams)", () => {
  // 60 AABB tiles with their tops at y = 0, or one long AABB floor: a body sliding over the tiles
  // must not catch on their inner corners (the faces a neighbour covers are hidden, src/contacts/seams.ts)
  function slide(tiles: boolean, shape: string, friction: number): { vx: number; maxVy: number; maxAngle: number } {
    const world = new World();
    if (tiles) for (let i = 0; i < 60; i++) world.add(new AABB({ position: { x: i + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static", friction }));
    else world.add(AABB.fromBounds({ x: 0, y: -1 }, { x: 60, y: 0 }, { type: "static", friction }));
    const common = { velocity: { x: 8, y: 0 }, friction };
    const b =
      shape === "box"
        ? world.add(new Box({ halfWidth: 0.3, halfHeight: 0.3, position: { x: 1, y: 0.3 }, ...common }))
        : shape === "rounded box"
          ? world.add(new Box({ halfWidth: 0.25, halfHeight: 0.25, radius: 0.05, position: { x: 1, y: 0.3 }, ...common }))
          : world.add(Polygon.regular(5, 0.3, { position: { x: 1, y: 0.3 * Math.cos(Math.PI / 5) }, ...common }));
    let maxVy = 0;
    let maxAngle = 0;
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      if (i < 6) continue; // the first contact settles
      maxVy = Math.max(maxVy, Math.abs(b.velocity.y));
      maxAngle = Math.max(maxAngle, Math.abs(b.angle));
    }
    return { vx: b.velocity.x, maxVy, maxAngle };
  }

  for (const shape of ["box", "rounded box", "pentagon"]) {
    it(`a ${shape} slides over 60 tiles at 8 m/s without friction as over one floor: no catch, no bump, no tilt`, () => {
      const r = slide(true, shape, 0);
      expect(r.vx).toBeGreaterThan(7.99);
      expect(r.maxVy).toBeLessThan(1e-3);
      expect(r.maxAngle).toBeLessThan(1e-3);
    });
    it(`a ${shape} with friction 0.3 slows over the tiles as over one floor (the same speed after 1 s, within 1 %)`, () => {
      const onTiles = slide(true, shape, 0.3);
      const onFloor = slide(false, shape, 0.3);
      expect(Math.abs(onTiles.vx - onFloor.vx)).toBeLessThan(0.01 * 8);
    });
  }
});
