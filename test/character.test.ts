import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB, Capsule, Chain, CharacterController, Circle, World, collide, type Body } from "../src/entries/capsule2d.js";

const DT = 1 / 60;
const G = 9.81;

/** The game side of a character: its own vertical speed (zeroed on the ground, gravity in the air), then move, then step. */
class Player {
  vy = 0;
  constructor(
    readonly world: World,
    readonly cc: CharacterController,
  ) {}
  tick(vx: number, jump = 0): void {
    if (this.cc.isGrounded) this.vy = jump;
    else if (this.cc.onCeiling && this.vy > 0) this.vy = 0;
    else this.vy -= G * DT;
    this.cc.move({ x: vx * DT, y: this.vy * DT });
    this.world.step(DT);
  }
  get x(): number {
    return this.cc.body.position.x;
  }
  get y(): number {
    return this.cc.body.position.y;
  }
}

type Shape = "capsule" | "circle" | "box";
/** A kinematic character whose feet are at (x, feet). Capsule: 0.3 radius, 1.4 m tall; circle 0.4; box 0.8 × 1.4. */
function character(world: World, shape: Shape, x: number, feet: number, options = {}): Player {
  let body: Body;
  if (shape === "capsule") body = new Capsule({ position: { x, y: feet + 0.7 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic" });
  else if (shape === "circle") body = new Circle({ position: { x, y: feet + 0.4 }, radius: 0.4, type: "kinematic" });
  else body = new AABB({ position: { x, y: feet + 0.7 }, halfWidth: 0.4, halfHeight: 0.7, type: "kinematic" });
  world.add(body);
  return new Player(world, new CharacterController(world, body, options));
}

/** 40 separately added 1 m tiles, tops at y = 0, from x = 0 to 40. */
function tiles(world: World, n = 40): Body[] {
  const out: Body[] = [];
  for (let i = 0; i < n; i++) out.push(world.add(new AABB({ position: { x: i + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" })));
  return out;
}

describe("CharacterController: walking on tiles", () => {
  for (const shape of ["capsule", "circle", "box"] as const) {
    it(`a ${shape} walks 40 separate tiles at constant speed: every step ≥ 0.99 v·dt, no vertical motion, always grounded`, () => {
      const world = new World();
      tiles(world);
      const p = character(world, shape, 1, 0.01);
      const v = 6;
      let minAdvance = Infinity;
      let maxDy = 0;
      let flickers = 0;
      const y0 = p.y;
      p.tick(0);
      for (let i = 0; p.x < 38; i++) {
        const x = p.x;
        const y = p.y;
        p.tick(v);
        minAdvance = Math.min(minAdvance, (p.x - x) / (v * DT));
        maxDy = Math.max(maxDy, Math.abs(p.y - y));
        if (!p.cc.isGrounded) flickers++;
        expect(i).toBeLessThan(1000);
      }
      console.log(`${shape} on 40 tiles at ${v} m/s: min advance ${minAdvance.toFixed(6)} v·dt, max |dy| ${maxDy.toExponential(2)} m, not grounded ${flickers} steps`);
      expect(minAdvance).toBeGreaterThanOrEqual(0.99);
      expect(maxDy).toBeLessThan(1e-9);
      expect(Math.abs(p.y - y0)).toBeLessThan(0.011);
      expect(flickers).toBe(0);
    });
  }
});

describe("CharacterController: the gap to the ground is the skin, standing and walking", () => {
  // Standing rested at whatever gap the landing left, anywhere within the
  // ground probe's 2·skin (a drop of 3 cm rested at 13.65 mm, 6 cm at 19.13 mm;
  // a character placed 1.7 mm above the tiles stayed there), while a move that
  // runs into the ground stops a skin short of it: the character then jumped
  // to the skin as soon as a move met the ground. Every move that ends on the
  // ground now rests a skin above it.
  const SKIN = 0.01;
  for (const shape of ["capsule", "circle", "box"] as const) {
    it(`a ${shape} dropped from 0 to 8 cm onto 40 separate tiles rests a skin above them, and walking at 5 m/s over 10 seams keeps it there (< 1 mm)`, () => {
      const feet = shape === "circle" ? 0.4 : 0.7;
      let worstRest = 0;
      let worstStart = 0;
      let worstWalk = 0;
      // (0.0017: placed 1.7 mm above the tiles)
      for (let drop = 0; drop <= 0.08 + 1e-12; drop += 0.0017 * 2) {
        const world = new World();
        tiles(world);
        const p = character(world, shape, 1.3, drop);
        for (let i = 0; i < 60; i++) p.tick(0);
        expect(p.cc.isGrounded).toBe(true);
        worstRest = Math.max(worstRest, Math.abs(p.y - feet - SKIN));
        let y = p.y;
        p.tick(5);
        worstStart = Math.max(worstStart, Math.abs(p.y - y));
        for (let i = 0; p.x < 12; i++) {
          y = p.y;
          p.tick(5);
          worstWalk = Math.max(worstWalk, Math.abs(p.y - feet - SKIN));
          expect(p.cc.isGrounded).toBe(true);
          expect(i).toBeLessThan(1000);
        }
      }
      console.log(`${shape}: gap at rest within ${worstRest.toExponential(2)} m of the skin, first walking step moves ${worstStart.toExponential(2)} m, walking within ${worstWalk.toExponential(2)} m`);
      expect(worstRest).toBeLessThan(1e-9);
      expect(worstStart).toBeLessThan(1e-3);
      expect(worstWalk).toBeLessThan(1e-9);
    });
  }

  it("rises to the skin only as far as there is room: never closer than a skin to a ceiling", () => {
    const world = new World();
    tiles(world, 4);
    // a ceiling 1.412 m above the tiles: 1.4 m of box, 2 mm below it and 10 mm of room above it at most
    world.add(AABB.fromBounds({ x: 0, y: 1.412 }, { x: 4, y: 2 }, { type: "static" }));
    const p = character(world, "box", 2, 0.001);
    p.tick(0);
    expect(p.cc.isGrounded).toBe(true);
    expect(p.cc.onCeiling).toBe(true);
    // wanted: up 9 mm to the skin; room: 11 mm to the ceiling less its skin, 1 mm
    expect(p.y - 0.7).toBeCloseTo(0.002, 12);
    expect(1.412 - (p.y + 0.7)).toBeCloseTo(0.01, 12);
  });
});

/** Flat floor of tiles from x = −10 to `to`, tops at y = 0. */
function floor(world: World, from = -10, to = 10): void {
  for (let x = from; x < to; x++) world.add(new AABB({ position: { x: x + 0.5, y: -0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
}

describe("CharacterController: steps", () => {
  for (const shape of ["capsule", "box", "circle"] as const) {
    it(`a ${shape} climbs a 0.3 m step and not a 0.6 m one (stepHeight 0.4)`, () => {
      for (const h of [0.3, 0.6]) {
        const world = new World();
        floor(world, -10, 2);
        // the step: tiles from x = 2 on, tops at y = h
        for (let x = 2; x < 10; x++) world.add(new AABB({ position: { x: x + 0.5, y: h - 0.5 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
        const p = character(world, shape, 0, 0.01, { stepHeight: 0.4 });
        const feet = shape === "circle" ? 0.4 : 0.7;
        for (let i = 0; i < 120; i++) p.tick(3);
        console.log(`${shape}, step ${h} m: x ${p.x.toFixed(3)}, feet ${(p.y - feet).toFixed(4)}, grounded ${p.cc.isGrounded}`);
        if (h === 0.3) {
          expect(p.x).toBeGreaterThan(4);
          expect(p.y - feet).toBeGreaterThan(0.3);
          expect(p.y - feet).toBeLessThan(0.3 + 0.011);
          expect(p.cc.isGrounded).toBe(true);
        } else {
          expect(p.x).toBeLessThan(2);
          expect(p.y - feet).toBeLessThan(0.02);
          expect(p.cc.onWall).toBe(true);
        }
      }
    });
  }

  it("stays on the ground walking down stairs of 0.2 m (snapDistance 0.25), and leaves it without snapping", () => {
    for (const snap of [0.25, 0]) {
      const world = new World();
      floor(world, -10, 1);
      for (let i = 1; i <= 8; i++) world.add(new AABB({ position: { x: i + 0.5, y: -0.5 - 0.2 * i }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
      const p = character(world, "capsule", 0, 0.01, { snapDistance: snap });
      let airborne = 0;
      for (let i = 0; p.x < 8; i++) {
        p.tick(3);
        if (!p.cc.isGrounded) airborne++;
        expect(i).toBeLessThan(400);
      }
      console.log(`stairs down, snapDistance ${snap}: ${airborne} steps not grounded`);
      if (snap > 0) expect(airborne).toBe(0);
      else expect(airborne).toBeGreaterThan(5);
    }
  });
});

/** A ramp of static capsules (radius 0.05, 1 m segments) rising at `angle` from (0, 0) to the right, over a floor. */
function ramp(world: World, angle: number, length = 6): void {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const r = 0.05;
  // the segments lie r below the surface line through the origin
  const ox = r * s;
  const oy = -r * c;
  for (let i = 0; i < length; i++) {
    world.add(Capsule.fromSegment({ x: ox + i * c, y: oy + i * s }, { x: ox + (i + 1) * c, y: oy + (i + 1) * s }, r, { type: "static" }));
  }
}

describe("CharacterController: slopes (maxSlopeAngle 45°)", () => {
  const deg = Math.PI / 180;
  for (const shape of ["capsule", "box"] as const) {
    it(`a ${shape} walks up a 40° ramp of static capsules and does not slide back standing on it`, () => {
      const world = new World();
      floor(world, -10, 0);
      ramp(world, 40 * deg);
      const p = character(world, shape, -1.5, 0.01, { maxSlopeAngle: 45 * deg });
      const feet = shape === "capsule" ? 0.7 : 0.7;
      let groundedOnRamp = 0;
      for (let i = 0; i < 90; i++) {
        p.tick(3);
        if (p.x > 0.5 && p.cc.isGrounded) groundedOnRamp++;
      }
      const height = p.y - feet;
      console.log(`${shape}, 40° ramp: x ${p.x.toFixed(3)}, feet at ${height.toFixed(3)} m, grounded on the ramp ${groundedOnRamp} steps`);
      expect(height).toBeGreaterThan(1.5);
      expect(p.cc.isGrounded).toBe(true);
      // standing still: no sliding
      const y = p.y;
      const x = p.x;
      for (let i = 0; i < 60; i++) p.tick(0);
      expect(Math.abs(p.y - y)).toBeLessThan(0.01);
      expect(Math.abs(p.x - x)).toBeLessThan(0.01);
    });

    it(`a ${shape} cannot walk up a 60° ramp and slides down it`, () => {
      const world = new World();
      floor(world, -10, 0);
      ramp(world, 60 * deg);
      const p = character(world, shape, -1.5, 0.01, { maxSlopeAngle: 45 * deg });
      for (let i = 0; i < 120; i++) p.tick(3);
      console.log(`${shape}, 60° ramp walked into: feet at ${(p.y - 0.7).toFixed(3)} m`);
      expect(p.y - 0.7).toBeLessThan(0.5);
      // placed high on the ramp, it slides down
      const q = character(world, shape, 2, 0, { maxSlopeAngle: 45 * deg });
      const s = q.cc.body;
      // start just off the surface: feet above the ramp at x = 2 (a box's corner, a capsule's cap)
      s.setPosition({ x: 2, y: 2 * Math.tan(60 * deg) + 1.2 });
      const y0 = q.y;
      for (let i = 0; i < 120; i++) q.tick(0);
      console.log(`${shape}, on the 60° ramp: slid from ${y0.toFixed(3)} to ${q.y.toFixed(3)}`);
      expect(q.y).toBeLessThan(y0 - 1);
    });
  }
});

describe("CharacterController: polyline terrain (a Chain)", () => {
  const deg = Math.PI / 180;
  const t30 = Math.tan(30 * deg);
  /** Flat to x = 0, up 30° to x = 4, flat to 8, down 30° to 12, flat to 20, up 60° to 22, flat on: as a Chain solid on top. */
  function terrain(world: World): void {
    const h = 4 * t30;
    const pts = [
      { x: -10, y: 0 }, { x: 0, y: 0 }, { x: 4, y: h }, { x: 8, y: h }, { x: 12, y: 0 }, { x: 20, y: 0 },
      { x: 22, y: 2 * Math.tan(60 * deg) }, { x: 30, y: 2 * Math.tan(60 * deg) },
    ];
    world.add(new Chain({ points: pts.reverse(), type: "static" })); // right to left: the solid side up
  }

  for (const shape of ["capsule", "box", "circle"] as const) {
    it(`a ${shape} walks up a 30° slope, over the top, down the other side grounded (snapping down), and stops at a 60° one`, () => {
      const world = new World();
      terrain(world);
      const p = character(world, shape, -3, 0.01, { maxSlopeAngle: 45 * deg });
      const feet = shape === "circle" ? 0.4 : 0.7;
      let top = -Infinity;
      let airborneDown = 0;
      for (let i = 0; i < 60 * 12; i++) {
        p.tick(3);
        top = Math.max(top, p.y - feet);
        // on the way down (its centre over the down slope): never off the ground
        if (p.x > 8.6 && p.x < 11.4 && !p.cc.isGrounded) airborneDown++;
      }
      expect(top).toBeGreaterThan(4 * t30 - 0.05); // it got up
      expect(airborneDown).toBe(0);
      // the 60° slope stopped it: its feet stay low, it went no further than the slope's foot allows
      expect(p.y - feet).toBeLessThan(0.6);
      expect(p.x).toBeLessThan(21);
      expect(p.x).toBeGreaterThan(19);
    });
  }
});

describe("CharacterController: a Chain platform is one-sided", () => {
  it("jumps up through a chain platform from below and ends standing on it", () => {
    const world = new World();
    tiles(world);
    world.add(new Chain({ points: [{ x: 14, y: 2 }, { x: 6, y: 2 }], type: "static" })); // right to left: solid on top
    const p = character(world, "capsule", 10, 0.01);
    for (let i = 0; i < 10; i++) p.tick(0);
    expect(p.cc.isGrounded).toBe(true);
    p.tick(0, 9); // up at 9 m/s, through the platform from below (a two-sided Segment would stop its head there)
    for (let i = 0; i < 150; i++) p.tick(0);
    // once its centre is above the platform, the platform holds it: it ends standing on it
    expect(p.cc.isGrounded).toBe(true);
    expect(p.cc.groundBody).toBe(world.bodies[40]);
    expect(p.y - 0.7).toBeGreaterThan(1.95); // standing on the platform, not on the floor below
    expect(p.y - 0.7).toBeLessThan(2.1);
  });
});

describe("CharacterController: moving platforms", () => {
  it("rides a platform moving back and forth for 4 s with < 1 cm drift, carried by that platform only", () => {
    const world = new World();
    floor(world, -20, 20);
    const platform = world.add(new AABB({ position: { x: 0, y: 2 }, halfWidth: 1.5, halfHeight: 0.25, type: "kinematic" }));
    // a second platform moving the other way, beside it: it must not carry the character
    const other = world.add(new AABB({ position: { x: 3.2, y: 2 }, halfWidth: 0.5, halfHeight: 0.25, type: "kinematic" }));
    const p = character(world, "capsule", 0.5, 2.25 + 0.01);
    let maxDrift = 0;
    let notGrounded = 0;
    const offsetX = p.x - platform.position.x;
    const offsetY = p.y - platform.position.y;
    for (let i = 0; i < 240; i++) {
      // 2 m/s right and up for a second, then back: set before move, as the game loop does
      const sign = Math.floor(i / 60) % 2 === 0 ? 1 : -1;
      platform.setVelocity({ x: 2 * sign, y: 0.5 * sign });
      other.setVelocity({ x: -2 * sign, y: 0 });
      p.tick(0);
      if (!p.cc.isGrounded) notGrounded++;
      else expect(p.cc.groundBody).toBe(platform);
      maxDrift = Math.max(maxDrift, Math.hypot(p.x - platform.position.x - offsetX, p.y - platform.position.y - offsetY));
    }
    console.log(`platform ride, 4 s: drift ${(maxDrift * 1000).toFixed(3)} mm, not grounded ${notGrounded} steps`);
    expect(maxDrift).toBeLessThan(0.01);
    expect(notGrounded).toBe(0);
    expect(p.cc.groundVelocity.x).toBeCloseTo(-2, 9);
  });

  it("a lift that reverses at the top does not throw the character up", () => {
    const world = new World();
    // a shaft: floor on both sides, the lift in between, its top level with the floor
    floor(world, -10, -2);
    floor(world, 2, 10);
    const lift = world.add(new AABB({ position: { x: 0, y: -0.25 }, halfWidth: 1.5, halfHeight: 0.25, type: "kinematic" }));
    const p = character(world, "capsule", 0, 0.01);
    let maxGap = 0;
    let minGap = Infinity;
    let notGrounded = 0;
    for (let i = 0; i < 120; i++) {
      // up at 3 m/s for 1 s, then down at 3 m/s: an instant reversal at the top
      lift.setVelocity({ x: 0, y: i < 60 ? 3 : -3 });
      p.tick(0);
      const gap = p.y - 0.7 - (lift.position.y + 0.25);
      maxGap = Math.max(maxGap, gap);
      minGap = Math.min(minGap, gap);
      if (!p.cc.isGrounded) notGrounded++;
    }
    console.log(`lift reversing at 3 m/s: feet-to-lift gap ${(minGap * 1000).toFixed(3)}..${(maxGap * 1000).toFixed(3)} mm, not grounded ${notGrounded} steps`);
    expect(maxGap).toBeLessThan(0.011);
    expect(minGap).toBeGreaterThanOrEqual(0);
    expect(notGrounded).toBe(0);
  });
});

describe("CharacterController: pushing, walls, ceilings, filters", () => {
  it("pushes a crate with pushForce, and not with pushForce 0", () => {
    for (const force of [60, 0]) {
      const world = new World();
      floor(world, -10, 20);
      const crate = world.add(new AABB({ position: { x: 2, y: 0.4 }, halfWidth: 0.4, halfHeight: 0.4, density: 2, friction: 0.5 }));
      const p = character(world, "capsule", 0, 0.01);
      p.cc.pushForce = force;
      for (let i = 0; i < 30; i++) world.step(DT); // the crate settles
      const x0 = crate.position.x;
      for (let i = 0; i < 120; i++) p.tick(2);
      const moved = crate.position.x - x0;
      console.log(`pushForce ${force} N: crate moved ${moved.toFixed(3)} m, character at ${p.x.toFixed(3)}`);
      if (force > 0) {
        expect(moved).toBeGreaterThan(0.5);
        // the character keeps up with it: the crate coasts at most a little ahead between pushes
        // (on seam-free tiles it slides 2.7 m; while it snagged at every seam it moved 2.35 m)
        expect(crate.position.x - 0.4 - (p.x + 0.3)).toBeLessThan(0.15);
      } else {
        expect(Math.abs(moved)).toBeLessThan(0.01);
        expect(p.x + 0.3).toBeLessThan(x0 - 0.4);
      }
    }
  });

  it("reports walls and ceilings, and does not pass through them", () => {
    const world = new World();
    floor(world);
    world.add(AABB.fromBounds({ x: 3, y: 0 }, { x: 4, y: 5 }, { type: "static" })); // wall
    world.add(AABB.fromBounds({ x: -6, y: 2.2 }, { x: -2, y: 3 }, { type: "static" })); // ceiling
    const p = character(world, "capsule", 0, 0.01);
    let wall = 0;
    for (let i = 0; i < 90; i++) {
      p.tick(4);
      if (p.cc.onWall) wall++;
    }
    expect(p.cc.onWall).toBe(true);
    expect(p.cc.onCeiling).toBe(false);
    expect(p.x + 0.3).toBeLessThan(3);
    expect(p.x + 0.3).toBeGreaterThan(3 - 0.02);
    // under the ceiling, jump: the head stops at it
    for (let i = 0; i < 90; i++) p.tick(-4);
    expect(p.cc.onWall).toBe(false);
    expect(p.x).toBeLessThan(-2.5);
    let ceiling = 0;
    let top = 0;
    p.tick(0, 8);
    for (let i = 0; i < 60; i++) {
      p.tick(0);
      if (p.cc.onCeiling) ceiling++;
      top = Math.max(top, p.y + 0.7);
    }
    console.log(`wall flagged ${wall} of 90 steps; ceiling flagged ${ceiling} steps, head reached ${top.toFixed(4)}`);
    expect(ceiling).toBeGreaterThan(0);
    expect(top).toBeLessThanOrEqual(2.2);
    expect(p.cc.isGrounded).toBe(true);
  });

  it("respects collision filters: walks through a wall its mask leaves out", () => {
    const world = new World();
    floor(world);
    const wall = world.add(AABB.fromBounds({ x: 3, y: 0 }, { x: 4, y: 5 }, { type: "static", collisionFilter: { category: 2 } }));
    const body = world.add(new Capsule({ position: { x: 0, y: 0.71 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic", collisionFilter: { mask: 0xfffffffd } }));
    const p = new Player(world, new CharacterController(world, body));
    for (let i = 0; i < 120; i++) p.tick(4);
    expect(p.x).toBeGreaterThan(5);
    // with the wall in its mask again, it stops
    body.setCollisionFilter({ mask: 0xffffffff });
    wall.setPosition({ x: p.x + 2, y: 2.5 });
    for (let i = 0; i < 120; i++) p.tick(4);
    expect(p.x + 0.3).toBeLessThan(wall.position.x - 0.5);
  });

  it("passes up through a one-way platform and lands on it from above (body.oneWay)", () => {
    const world = new World();
    floor(world);
    const slab = world.add(AABB.fromBounds({ x: -2, y: 2 }, { x: 2, y: 2.1 }, { type: "static", oneWay: { x: 0, y: 1 } }));
    const p = character(world, "capsule", 0, 0.01);
    p.tick(0, 9); // jump: 9 m/s reaches 4.1 m
    let top = 0;
    for (let i = 0; i < 120; i++) {
      p.tick(0);
      top = Math.max(top, p.y - 0.7);
    }
    console.log(`one-way slab: jumped to ${top.toFixed(3)} m, landed with feet at ${(p.y - 0.7).toFixed(4)}`);
    expect(top).toBeGreaterThan(3);
    expect(p.y - 0.7).toBeGreaterThan(2.1);
    expect(p.y - 0.7).toBeLessThan(2.1 + 0.011);
    expect(p.cc.isGrounded).toBe(true);
    expect(p.cc.groundBody).toBe(slab);
  });
});

describe("CharacterController: determinism, snapshots, bad input", () => {
  /** A level with everything: tiles, a step, a ramp, a moving platform, a crate. */
  function scene() {
    const world = new World();
    floor(world, -10, 30);
    for (let x = 8; x < 12; x++) world.add(new AABB({ position: { x: x + 0.5, y: -0.2 }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
    const crate: Body = world.add(new AABB({ position: { x: 4, y: 0.4 }, halfWidth: 0.4, halfHeight: 0.4 }));
    const platform: Body = world.add(new AABB({ position: { x: 16, y: 1 }, halfWidth: 1, halfHeight: 0.2, type: "kinematic" }));
    const p = character(world, "capsule", 0, 0.01);
    return { world, crate, platform, p };
  }
  function drive(s: ReturnType<typeof scene>, from: number, to: number, hashes: string[]): void {
    for (let i = from; i < to; i++) {
      s.platform.setVelocity({ x: Math.floor(i / 50) % 2 === 0 ? 1.5 : -1.5, y: 0 });
      s.p.tick(i % 120 < 90 ? 4 : -2, i % 70 === 0 ? 6 : 0);
      hashes.push(`${s.world.stateHash()} ${s.p.cc.isGrounded} ${s.p.cc.onWall}`);
    }
  }

  it("two runs give the same bits; a controller made anew on a restored snapshot continues exactly", () => {
    const a = scene();
    const ha: string[] = [];
    drive(a, 0, 300, ha);
    const b = scene();
    const hb: string[] = [];
    drive(b, 0, 300, hb);
    expect(hb).toEqual(ha);

    // snapshot at step 150, restore, new controller, continue
    const c = scene();
    const hc: string[] = [];
    drive(c, 0, 150, hc);
    const saved = JSON.parse(JSON.stringify(c.world.snapshot()));
    const vy = c.p.vy;
    const world = World.fromSnapshot(saved);
    const byId = (id: number) => world.bodies.find((x) => x.id === id)!;
    const restored = {
      world,
      crate: byId(c.crate.id),
      platform: byId(c.platform.id),
      p: new Player(world, new CharacterController(world, byId(c.p.cc.body.id))),
    };
    restored.p.vy = vy;
    expect(restored.p.cc.isGrounded).toBe(c.p.cc.isGrounded);
    drive(restored, 150, 300, hc);
    expect(hc).toEqual(ha);
    // it went somewhere: over the step and onto the platform's stretch
    expect(a.p.x).toBeGreaterThan(9);
  });

  it("rejects bad input naming the parameter and the value, and leaves the world unchanged", () => {
    const world = new World();
    floor(world);
    const body = world.add(new Capsule({ position: { x: 0, y: 0.71 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic" }));
    const loose = new Circle({ radius: 0.4, type: "kinematic" });
    const dynamic = world.add(new Circle({ position: { x: 5, y: 1 }, radius: 0.4 }));
    world.step(DT);
    const before = world.stateHash();
    expect(() => new CharacterController(world, loose)).toThrow(/body must be a body of this world, got a body in no world/);
    expect(() => new CharacterController(new World(), body)).toThrow(RangeError);
    expect(() => new CharacterController(world, dynamic)).toThrow(/body must be kinematic.*"dynamic"/);
    expect(() => new CharacterController({} as never, body)).toThrow(TypeError);
    expect(() => new CharacterController(world, null as never)).toThrow(TypeError);
    expect(() => new CharacterController(world, body, { stepHeight: -0.1 })).toThrow(/stepHeight must be >= 0, got -0.1/);
    expect(() => new CharacterController(world, body, { maxSlopeAngle: 2 })).toThrow(/maxSlopeAngle must be in \[0, π\/2\] radians, got 2/);
    expect(() => new CharacterController(world, body, { maxSlopeAngle: -0.1 })).toThrow(RangeError);
    expect(() => new CharacterController(world, body, { maxSlopeAngle: NaN })).toThrow(/maxSlopeAngle/);
    expect(() => new CharacterController(world, body, { skin: 0 })).toThrow(/skin must be > 0, got 0/);
    expect(() => new CharacterController(world, body, { pushForce: -1 })).toThrow(/pushForce/);
    expect(() => new CharacterController(world, body, { snapDistance: Infinity })).toThrow(/snapDistance/);
    const cc = new CharacterController(world, body);
    expect(() => cc.move({ x: NaN, y: 0 })).toThrow(/displacement.x must be a finite number, got NaN/);
    expect(() => cc.move(null as never)).toThrow(TypeError);
    expect(() => cc.move({ x: 1, y: 0 }, 0)).toThrow(/dt must be > 0, got 0/);
    expect(() => (cc.stepHeight = -1)).toThrow(/stepHeight must be >= 0, got -1/);
    expect(() => (cc.maxSlopeAngle = 3)).toThrow(RangeError);
    expect(cc.stepHeight).toBe(0.25);
    expect(world.stateHash()).toBe(before);
    // a body taken out of the world, or made dynamic: move refuses
    world.remove(body);
    expect(() => cc.move({ x: 0.1, y: 0 })).toThrow(/no longer in its world/);
    world.add(body);
    body.setType("dynamic");
    expect(() => cc.move({ x: 0.1, y: 0 })).toThrow(/must be kinematic/);
  });

  it("reads its settings back, and uses the dt it is given", () => {
    const world = new World({ fixedDt: 1 / 30 });
    floor(world);
    const body = world.add(new AABB({ position: { x: 0, y: 0.71 }, halfWidth: 0.4, halfHeight: 0.7, type: "kinematic" }));
    const cc = new CharacterController(world, body, { maxSlopeAngle: 0.5, stepHeight: 0.3, snapDistance: 0.2, pushForce: 10, skin: 0.02 });
    expect([cc.maxSlopeAngle, cc.stepHeight, cc.snapDistance, cc.pushForce, cc.skin]).toEqual([0.5, 0.3, 0.2, 10, 0.02]);
    cc.move({ x: 0.1, y: 0 }); // the world's fixedDt: 1/30
    expect(body.velocity.x).toBeCloseTo(3, 12);
    cc.move({ x: 0.1, y: 0 }, 1 / 60);
    expect(body.velocity.x).toBeCloseTo(6, 12);
    world.step(1 / 60);
    expect(body.position.x).toBeCloseTo(0.1, 12);
  });
});

describe("CharacterController: no built-in up", () => {
  it("in a y-down world (gravity +y) it does the mirror image of the y-up run: tiles, a 0.3 m step, a ledge", () => {
    const run = (flip: 1 | -1) => {
      const world = new World({ gravity: { x: 0, y: -G * flip } });
      const box = (x: number, y: number) => world.add(new AABB({ position: { x, y: y * flip }, halfWidth: 0.5, halfHeight: 0.5, type: "static" }));
      for (let x = -5; x < 3; x++) box(x + 0.5, -0.5);
      for (let x = 3; x < 6; x++) box(x + 0.5, 0.3 - 0.5);
      for (let x = 6; x < 9; x++) box(x + 0.5, 0.9 - 0.5);
      const body = world.add(new Capsule({ position: { x: 0, y: 0.71 * flip }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic" }));
      const cc = new CharacterController(world, body, { stepHeight: 0.4 });
      let vy = 0;
      const path: number[][] = [];
      for (let i = 0; i < 150; i++) {
        if (cc.isGrounded) vy = 0;
        else vy -= G * DT;
        cc.move({ x: 3 * DT, y: vy * DT * flip });
        world.step(DT);
        path.push([body.position.x, body.position.y * flip, cc.isGrounded ? 1 : 0, cc.onWall ? 1 : 0]);
      }
      return path;
    };
    const up = run(1);
    const down = run(-1);
    // the same path, mirrored (to rounding: the tiles' positions are mirrored exactly, so the same bits)
    expect(down).toEqual(up);
    const last = up[up.length - 1]!;
    expect(last[1]! - 0.7).toBeGreaterThan(0.3); // on the step
    expect(last[0]!).toBeLessThan(6 - 0.3); // stopped by the 0.6 m ledge beyond it
    expect(last[3]).toBe(1);
  });

  it("stands on a dynamic crate: grounded on it, and the crate takes no push from being stood on", () => {
    const world = new World();
    floor(world);
    const crate = world.add(new AABB({ position: { x: 0, y: 0.5 }, halfWidth: 0.5, halfHeight: 0.5 }));
    const p = character(world, "capsule", 0, 1.01);
    for (let i = 0; i < 60; i++) p.tick(0);
    expect(p.cc.isGrounded).toBe(true);
    expect(p.cc.groundBody).toBe(crate);
    expect(Math.abs(crate.position.x)).toBeLessThan(1e-6);
    expect(p.y - 0.7).toBeCloseTo(1.01, 2);
  });
});

describe("CharacterController: never inside anything", () => {
  it("random levels and random inputs: after every step the character overlaps no static body, and its state is finite", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.tuple(fc.integer({ min: -8, max: 8 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: -6, max: 6 })), { minLength: 5, maxLength: 25 }),
        fc.array(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.boolean(), fc.integer({ min: 5, max: 40 })), { minLength: 4, maxLength: 12 }),
        (kind, pieces, inputs) => {
          const world = new World();
          floor(world, -12, 12);
          world.add(AABB.fromBounds({ x: -13, y: 0 }, { x: -12, y: 10 }, { type: "static" }));
          world.add(AABB.fromBounds({ x: 12, y: 0 }, { x: 13, y: 10 }, { type: "static" }));
          const statics: Body[] = world.bodies.slice();
          for (const [x, y, k, a] of pieces) {
            // boxes (tiles, floating blocks), tilted capsules (ramps), circles
            const at = { x: x + 0.5, y: y * 0.5 + 0.25 };
            let b: Body;
            if (k === 0) b = new AABB({ position: at, halfWidth: 0.5, halfHeight: 0.25, type: "static" });
            else if (k === 1) b = new Capsule({ position: at, halfLength: 0.8, radius: 0.1, angle: a * 0.25, type: "static" });
            else if (k === 2) b = new Circle({ position: at, radius: 0.3, type: "static" });
            else b = new AABB({ position: at, halfWidth: 0.2, halfHeight: 0.6, type: "static" });
            // not where the character starts
            if (Math.abs(at.x) < 1.5 && at.y < 2.5) continue;
            statics.push(world.add(b));
          }
          const p = character(world, (["capsule", "circle", "box"] as const)[kind]!, 0, 0.01);
          for (const [dir, jump, steps] of inputs) {
            for (let i = 0; i < steps; i++) {
              p.tick(4 * dir, jump && i === 0 ? 7 : 0);
              const body = p.cc.body;
              expect(Number.isFinite(body.position.x) && Number.isFinite(body.position.y)).toBe(true);
              for (const s of statics) {
                const m = collide(body, s);
                if (m !== null) expect(m.depth).toBeLessThan(1e-9);
              }
            }
          }
        },
      ),
      { numRuns: 40, seed: 7 },
    );
  });
});
