/**
 * Hardening: whatever valid sequence of calls a program makes, the world
 * never throws, never holds NaN or Infinity, and keeps bodies inside a closed
 * container; every invalid call throws the documented error and changes
 * nothing; extreme but valid scenes stay sane; energy is never gained.
 * (The long soak is `npm run soak`, scripts/soak.mjs.)
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AABB, Capsule, Circle, type Body } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too
import { addContainer, allFinite, gasScene, kineticEnergy } from "./support/scenes.js";
import type { WorldSnapshot } from "../src/snapshot/snapshot.js";

const dt = 1 / 60;
const HALF_WIDTH = 6;
const HEIGHT = 8;

// ------------------------------------------------------------------ model-based test

const arbBody = fc.record({
  kind: fc.constantFrom("circle", "capsule", "box"),
  x: fc.double({ min: -HALF_WIDTH + 1, max: HALF_WIDTH - 1, noNaN: true }),
  y: fc.double({ min: 1, max: HEIGHT - 1, noNaN: true }),
  size: fc.double({ min: 0.05, max: 0.5, noNaN: true }),
  length: fc.double({ min: 0, max: 0.5, noNaN: true }),
  angle: fc.double({ min: -4, max: 4, noNaN: true }),
  vx: fc.double({ min: -30, max: 30, noNaN: true }),
  vy: fc.double({ min: -30, max: 30, noNaN: true }),
  w: fc.double({ min: -20, max: 20, noNaN: true }),
  restitution: fc.double({ min: 0, max: 1, noNaN: true }),
  friction: fc.double({ min: 0, max: 1, noNaN: true }),
  density: fc.double({ min: 0.1, max: 10, noNaN: true }),
  bullet: fc.boolean(),
  type: fc.constantFrom("dynamic", "dynamic", "dynamic", "kinematic"),
});

type BodySpec = typeof arbBody extends fc.Arbitrary<infer T> ? T : never;

const arbCommand = fc.oneof(
  fc.record({ op: fc.constant("add" as const), body: arbBody }),
  fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("step" as const), dt: fc.double({ min: 1 / 480, max: 1 / 20, noNaN: true }), times: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    op: fc.constant("impulse" as const),
    pick: fc.nat(),
    ix: fc.double({ min: -50, max: 50, noNaN: true }),
    iy: fc.double({ min: -50, max: 50, noNaN: true }),
    atEdge: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("setPosition" as const),
    pick: fc.nat(),
    x: fc.double({ min: -HALF_WIDTH + 1, max: HALF_WIDTH - 1, noNaN: true }),
    y: fc.double({ min: 1, max: HEIGHT - 1, noNaN: true }),
  }),
  fc.record({
    op: fc.constant("setVelocity" as const),
    pick: fc.nat(),
    vx: fc.double({ min: -200, max: 200, noNaN: true }),
    vy: fc.double({ min: -200, max: 200, noNaN: true }),
  }),
  fc.record({ op: fc.constant("query" as const), x: fc.double({ min: -8, max: 8, noNaN: true }), y: fc.double({ min: -1, max: 9, noNaN: true }) }),
  fc.record({ op: fc.constant("snapshot" as const), binary: fc.boolean() }),
);

function makeBody(s: BodySpec): Body {
  const common = {
    position: { x: s.x, y: s.y },
    velocity: { x: s.vx, y: s.vy },
    angularVelocity: s.w,
    restitution: s.restitution,
    friction: s.friction,
    density: s.density,
    bullet: s.bullet,
    type: s.type,
  };
  if (s.kind === "circle") return new Circle({ ...common, radius: s.size });
  if (s.kind === "capsule") return new Capsule({ ...common, radius: s.size * 0.5, halfLength: s.length, angle: s.angle });
  return new AABB({ ...common, halfWidth: s.size, halfHeight: s.size * 0.7 });
}

/** Every body that moves is inside the container's interior (its centre, with a little slack). */
function inside(world: World, walls: number): boolean {
  const slack = 0.05;
  for (const b of world.bodies) {
    if (b.id < walls || b.type === "static") continue;
    const { x, y } = b.position;
    if (b.type === "kinematic") continue; // kinematic bodies go where their velocity says, walls or not
    if (x < -HALF_WIDTH - slack || x > HALF_WIDTH + slack || y < -slack || y > HEIGHT + slack) return false;
  }
  return true;
}

describe("model-based: random valid call sequences in a closed container", () => {
  it("never throw, never produce NaN or Infinity, and nothing escapes", () => {
    fc.assert(
      fc.property(fc.array(arbBody, { minLength: 3, maxLength: 25 }), fc.array(arbCommand, { minLength: 5, maxLength: 60 }), (bodies, commands) => {
        let world = new World({ sleeping: true });
        addContainer(world, HALF_WIDTH, HEIGHT);
        const walls = world.bodies.length;
        for (const s of bodies) world.add(makeBody(s));
        const movable = (pick: number): Body | undefined => {
          const list = world.bodies.filter((b) => b.id >= walls);
          return list.length === 0 ? undefined : list[pick % list.length];
        };
        for (const c of commands) {
          switch (c.op) {
            case "add":
              world.add(makeBody(c.body));
              break;
            case "remove": {
              const b = movable(c.pick);
              if (b) world.remove(b);
              break;
            }
            case "step":
              for (let i = 0; i < c.times; i++) world.step(c.dt);
              break;
            case "impulse": {
              const b = movable(c.pick);
              if (b) b.applyImpulse({ x: c.ix, y: c.iy }, c.atEdge ? { x: b.maxX, y: b.position.y } : undefined);
              break;
            }
            case "setPosition":
              movable(c.pick)?.setPosition({ x: c.x, y: c.y });
              break;
            case "setVelocity":
              movable(c.pick)?.setVelocity({ x: c.vx, y: c.vy });
              break;
            case "query":
              world.raycast({ x: c.x, y: c.y }, { x: 1, y: 0.3 });
              world.queryPoint({ x: c.x, y: c.y });
              world.queryAABB({ x: c.x - 1, y: c.y - 1 }, { x: c.x + 1, y: c.y + 1 });
              break;
            case "snapshot":
              world = c.binary
                ? World.fromSnapshot(world.snapshot({ format: "binary" }))
                : World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())) as WorldSnapshot);
              break;
          }
          if (!allFinite(world.bodies)) throw new Error(`non-finite state after ${c.op}`);
          if (c.op === "step" && !inside(world, walls)) throw new Error("a body escaped the container");
        }
      }),
      { numRuns: 100, seed: 20261122 },
    );
  });
});

// ------------------------------------------------------------------ invalid calls

describe("invalid calls throw the documented error and change nothing", () => {
  function busyWorld(): { world: World; ball: Body; capsule: Body } {
    const world = new World();
    addContainer(world, 5, 5);
    const ball = world.add(new Circle({ radius: 0.3, position: { x: 0, y: 1 }, velocity: { x: 2, y: 0 } }));
    const capsule = world.add(new Capsule({ radius: 0.2, halfLength: 0.5, position: { x: 1, y: 2 }, angle: 0.5 }));
    for (let i = 0; i < 20; i++) world.step(dt);
    return { world, ball, capsule };
  }

  const cases: [string, (w: World, ball: Body, capsule: Body) => unknown, ErrorConstructor, RegExp][] = [
    ["dt = 0", (w) => w.step(0), RangeError, /dt must be > 0, got 0/],
    ["dt < 0", (w) => w.step(-1 / 60), RangeError, /dt must be > 0/],
    ["dt NaN", (w) => w.step(NaN), RangeError, /dt must be a finite number, got NaN/],
    ["dt Infinity", (w) => w.step(Infinity), RangeError, /dt must be a finite number, got Infinity/],
    ["dt string", (w) => w.step("1" as never), TypeError, /dt must be a number/],
    ["advance NaN", (w) => w.advance(NaN), RangeError, /elapsedSeconds/],
    ["add twice", (w, ball) => w.add(ball), RangeError, /already in this world/],
    ["add to a second world", (_w, ball) => new World().add(ball), RangeError, /already in another world/],
    ["add a non-body", (w) => w.add({ radius: 1 } as never), TypeError, /body must be a Circle, Capsule, AABB, Box, Polygon or Segment/],
    // (public methods cannot put a NaN into a body; add() still checks, in case internals were tampered with)
    ["add with a NaN position", (w) => { const c = new Circle({ radius: 1 }); (c as unknown as { px: number }).px = NaN; return w.add(c); }, RangeError, /body.position.x must be a finite number, got NaN/],
    ["remove a stranger", (w) => w.remove(new Circle({ radius: 1 })), RangeError, /not in this world/],
    ["setPosition NaN", (_w, ball) => ball.setPosition({ x: NaN, y: 0 }), RangeError, /position.x must be a finite number, got NaN/],
    ["setPosition Infinity", (_w, ball) => ball.setPosition({ x: 0, y: -Infinity }), RangeError, /position.y/],
    ["setVelocity NaN", (_w, ball) => ball.setVelocity({ x: 0, y: NaN }), RangeError, /velocity.y/],
    ["setAngle Infinity", (_w, _b, capsule) => capsule.setAngle(Infinity), RangeError, /angle must be a finite number/],
    ["setAngularVelocity NaN", (_w, _b, capsule) => capsule.setAngularVelocity(NaN), RangeError, /angularVelocity/],
    ["applyImpulse NaN", (_w, ball) => ball.applyImpulse({ x: NaN, y: 1 }), RangeError, /impulse.x/],
    ["applyImpulse NaN point", (_w, ball) => ball.applyImpulse({ x: 1, y: 1 }, { x: 0, y: NaN }), RangeError, /point.y/],
    ["applyForce Infinity", (_w, ball) => ball.applyForce({ x: Infinity, y: 1 }), RangeError, /force.x/],
    ["applyTorque NaN", (_w, ball) => ball.applyTorque(NaN), RangeError, /torque/],
    ["raycast NaN origin", (w) => w.raycast({ x: NaN, y: 0 }, { x: 1, y: 0 }), RangeError, /origin.x/],
    ["queryAABB min > max", (w) => w.queryAABB({ x: 1, y: 1 }, { x: 0, y: 0 }), RangeError, /min must not exceed max/],
    ["setOptions bad", (w) => w.setOptions({ subSteps: 0 }), RangeError, /subSteps/],
    ["setOptions bad maxLinearSpeed", (w) => w.setOptions({ maxLinearSpeed: -5 }), RangeError, /maxLinearSpeed must be > 0/],
    ["gravity NaN", (w) => { w.gravity = { x: 0, y: NaN }; }, RangeError, /gravity.y/],
    ["snapshot garbage", () => World.fromSnapshot({ format: "nope" } as never), RangeError, /invalid snapshot/],
  ];

  for (const [name, call, type, message] of cases) {
    it(name, () => {
      const { world, ball, capsule } = busyWorld();
      const hash = world.stateHash();
      const snap = JSON.stringify(world.snapshot());
      let error: unknown = null;
      try {
        call(world, ball, capsule);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toMatch(message);
      expect(world.stateHash()).toBe(hash);
      expect(JSON.stringify(world.snapshot())).toBe(snap);
      world.step(dt); // and the world still steps
      expect(allFinite(world.bodies)).toBe(true);
    });
  }

  it("bad body options throw before a body exists", () => {
    expect(() => new Circle({ radius: 0 })).toThrow(/radius must be > 0, got 0/);
    expect(() => new Circle({ radius: -1 })).toThrow(RangeError);
    expect(() => new Capsule({ radius: 0.1, halfLength: -1 })).toThrow(/halfLength must be >= 0/);
    expect(() => new AABB({ halfWidth: 1, halfHeight: 0 })).toThrow(/halfHeight must be > 0/);
    expect(() => new Circle({ radius: 1, mass: -2 })).toThrow(/mass must be >= 0, got -2/);
    expect(() => new Circle({ radius: 1, mass: 0 })).toThrow(/mass must be > 0 for a dynamic body/);
    expect(() => new Circle({ radius: 1, position: { x: NaN, y: 0 } })).toThrow(/position.x/);
    expect(() => new Circle({ radius: 1, bullet: 1 as never })).toThrow(/bullet must be a boolean/);
    expect(() => new World({ continuous: "yes" as never })).toThrow(/continuous must be a boolean/);
  });
});

// ------------------------------------------------------------------ extreme but valid scenes

describe("extreme but valid scenes do not explode", () => {
  it("a 1:1000 mass-ratio stack stands (heavy on light, light on heavy)", () => {
    for (const [lower, upper] of [
      [1, 1000],
      [1000, 1],
    ]) {
      const world = new World({ sleeping: false });
      world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
      const a = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.25, position: { x: 0, y: 0.25 }, mass: lower }));
      const b = world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.25, position: { x: 0, y: 0.75 }, mass: upper }));
      for (let i = 0; i < 300; i++) {
        world.step(dt);
        expect(allFinite(world.bodies)).toBe(true);
      }
      // The soft contacts give under a 1000 kg load: the boxes overlap (by about
      // 0.14 m when the heavy one is on top) but stay stacked, in order and at rest.
      expect(a.position.y).toBeGreaterThan(0.25 - 0.05);
      expect(b.position.y - a.position.y).toBeGreaterThan(0.5 - 0.2);
      expect(Math.abs(a.velocity.y) + Math.abs(b.velocity.y)).toBeLessThan(0.05);
    }
  });

  it("a ball of 1000 kg lands on a 1 kg capsule lying on the floor without driving it through", () => {
    const world = new World({ sleeping: false });
    world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static" }));
    const pill = world.add(new Capsule({ radius: 0.2, halfLength: 0.5, position: { x: 0, y: 0.2 }, mass: 1 }));
    world.add(new Circle({ radius: 0.4, position: { x: 0, y: 2 }, mass: 1000 }));
    for (let i = 0; i < 300; i++) world.step(dt);
    expect(allFinite(world.bodies)).toBe(true);
    expect(pill.position.y).toBeGreaterThan(0);
  });

  it("radius 1e-3 bodies settle on the floor, finite and at rest", () => {
    const world = new World();
    world.add(AABB.fromBounds({ x: -1, y: -1 }, { x: 1, y: 0 }, { type: "static" }));
    const tiny: Body[] = [];
    for (let i = 0; i < 40; i++) {
      const p = { x: -0.5 + i * 0.025, y: 0.01 + (i % 5) * 0.004 };
      tiny.push(world.add(i % 2 ? new Circle({ radius: 1e-3, position: p }) : new Capsule({ radius: 1e-3, halfLength: 2e-3, position: p })));
    }
    for (let i = 0; i < 240; i++) world.step(dt);
    expect(allFinite(world.bodies)).toBe(true);
    for (const b of tiny) {
      expect(b.position.y).toBeGreaterThan(0);
      expect(b.position.y).toBeLessThan(0.03);
      expect(Math.hypot(b.velocity.x, b.velocity.y)).toBeLessThan(0.05);
    }
  });

  it("a joint structure that diverges (pgs + Baumgarte on a 16×16 joint grid) stays finite and under maxLinearSpeed", () => {
    // Warm-started Baumgarte adds energy faster than 8 Gauss-Seidel passes can take it out of a
    // large jointed structure: the grid flies apart (the lab shows why). The speed limit, applied
    // again after the constraints are solved, keeps every number finite.
    const world = new World({ solver: "pgs", positionCorrection: "baumgarte", sleeping: false, maxLinearSpeed: 200 });
    const n = 16;
    const grid: Body[] = [];
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        const pinned = i === 0 && (k === 0 || k === n - 1);
        const b = world.add(new Circle({ radius: 0.4, position: { x: k, y: -i }, type: pinned ? "static" : "dynamic", collisionFilter: { group: -1 } }));
        if (i > 0) world.addJoint({ type: "revolute", bodyA: grid[grid.length - 1]!, bodyB: b, anchor: { x: k, y: -i + 0.5 } });
        if (k > 0) world.addJoint({ type: "revolute", bodyA: grid[grid.length - n]!, bodyB: b, anchor: { x: k - 0.5, y: -i } });
        grid.push(b);
      }
    }
    let fastest = 0;
    for (let s = 0; s < 900; s++) {
      world.step(dt);
      for (const b of grid) fastest = Math.max(fastest, Math.hypot(b.velocity.x, b.velocity.y));
    }
    expect(allFinite(world.bodies)).toBe(true);
    expect(fastest).toBeLessThanOrEqual(200 * (1 + 1e-12));
  });

  it("speeds of 1e4 m/s are clamped to maxLinearSpeed (default 1000 m/s) and stay in the box", () => {
    for (const maxLinearSpeed of [undefined, 50]) {
      const world = new World({ gravity: { x: 0, y: 0 }, ...(maxLinearSpeed ? { maxLinearSpeed } : {}) });
      addContainer(world, 5, 5);
      const balls = [
        world.add(new Circle({ radius: 0.1, position: { x: 0, y: 2 }, velocity: { x: 1e4, y: 3e3 } })),
        world.add(new Capsule({ radius: 0.05, halfLength: 0.2, position: { x: 1, y: 3 }, velocity: { x: -7e3, y: 1e4 }, angularVelocity: 50 })),
        world.add(new AABB({ halfWidth: 0.1, halfHeight: 0.1, position: { x: -1, y: 1 }, velocity: { x: 0, y: -1e4 } })),
      ];
      const limit = maxLinearSpeed ?? 1000;
      for (let i = 0; i < 120; i++) {
        world.step(dt);
        for (const b of balls) {
          expect(Math.hypot(b.velocity.x, b.velocity.y)).toBeLessThanOrEqual(limit * (1 + 1e-12));
          expect(Math.abs(b.position.x)).toBeLessThan(5);
          expect(b.position.y).toBeGreaterThan(0);
          expect(b.position.y).toBeLessThan(5);
        }
      }
      expect(allFinite(world.bodies)).toBe(true);
    }
  });
});

// ------------------------------------------------------------------ short soak

describe("soak (short; the long one is npm run soak)", () => {
  for (const elastic of [false, true]) {
    it(`300 bodies, 2000 steps, gravity off${elastic ? ", restitution 1 and no friction" : ", restitution ≤ 1"}: finite, no energy gain`, () => {
      const { world, halfWidth, height } = gasScene(300, elastic ? 2 : 1);
      if (elastic) for (const b of world.bodies) b.setRestitution(1).setFriction(0);
      const start = kineticEnergy(world);
      let peak = start;
      for (let i = 0; i < 2000; i++) {
        world.step(dt);
        const e = kineticEnergy(world);
        if (e > peak) peak = e;
        if (!Number.isFinite(e)) throw new Error(`non-finite energy at step ${i + 1}`);
      }
      expect(allFinite(world.bodies)).toBe(true);
      expect(peak).toBeLessThanOrEqual(start * 1.01);
      for (const b of world.bodies) {
        if (b.type !== "dynamic") continue;
        expect(Math.abs(b.position.x)).toBeLessThan(halfWidth);
        expect(b.position.y).toBeGreaterThan(0);
        expect(b.position.y).toBeLessThan(height);
      }
    });
  }
});
