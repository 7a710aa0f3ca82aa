/**
 * Boxes and polygons that turn, in a World: physics against physics (closed
 * forms, conservation laws, what must happen), nothing timed.
 *
 * - A box on a 30° static Box ramp slides at g(sin θ − μ cos θ) when
 *   μ < tan θ (the acceleration measured over one second, from the velocity
 *   along the slope), and holds when μ > tan θ.
 * - A box dropped on its corner comes to rest on a face.
 * - A 10-box stack stands and sleeps, and does not drift once settled.
 * - A 4 m plank resting on a pillar under only its left 0.3 m tips off (its
 *   centre of mass is 1.7 m past the pillar's edge).
 * - A 20-row pyramid of turning boxes stands.
 * - With no gravity, polygon–polygon hits conserve linear momentum.
 * - Polygons rest on circles', capsules' and AABBs' surfaces and they on polygons
 *   and segments, at the heights the geometry gives.
 */
import { describe, expect, it } from "vitest";
import { AABB, Box, Capsule, Circle, Polygon, Segment, World, type Body } from "../src/entries/capsule2d.js";

const G = 9.81;
const DT = 1 / 60;

function run(world: World, seconds: number): void {
  const n = Math.round(seconds / DT);
  for (let i = 0; i < n; i++) world.step(DT);
}

/** Friction μ for the contact: both bodies get μ, and the contact mixes sqrt(μ·μ) = μ. */
function onRamp(mu: number): { world: World; box: Box; theta: number } {
  const theta = Math.PI / 6;
  const world = new World({ gravity: { x: 0, y: -G } });
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  world.add(new Box({ halfWidth: 20, halfHeight: 0.2, angle: theta, type: "static", friction: mu }));
  // a 0.5 m box resting on the ramp's top face, 3 m up the slope from the ramp's centre
  const up = 0.2 + 0.25;
  const along = 3;
  const box = world.add(
    new Box({ halfWidth: 0.25, halfHeight: 0.25, angle: theta, friction: mu, position: { x: along * c - up * s, y: along * s + up * c } }),
  );
  return { world, box, theta };
}

/** Velocity along the slope, downhill positive. */
function downhill(b: Body, theta: number): number {
  return -(b.velocity.x * Math.cos(theta) + b.velocity.y * Math.sin(theta));
}

describe("a box on a 30° ramp", () => {
  for (const mu of [0, 0.2, 0.4]) {
    it(`μ = ${mu} < tan 30°: slides at g(sin θ − μ cos θ) (within 2 %)`, () => {
      const { world, box, theta } = onRamp(mu);
      run(world, 0.25); // let the contact settle
      const v1 = downhill(box, theta);
      run(world, 1);
      const v2 = downhill(box, theta);
      const expected = G * (Math.sin(theta) - mu * Math.cos(theta));
      expect(Math.abs((v2 - v1) / 1 - expected)).toBeLessThan(0.02 * expected + 1e-3);
      // it slid without tipping or turning
      expect(Math.abs(box.angle - theta)).toBeLessThan(0.01);
    });
  }

  it("μ = 0.8 > tan 30°: holds (moves less than a millimetre in 2 s once settled) and falls asleep", () => {
    const { world, box } = onRamp(0.8);
    run(world, 0.5);
    const p = box.position;
    run(world, 2);
    expect(Math.hypot(box.position.x - p.x, box.position.y - p.y)).toBeLessThan(1e-3);
    expect(box.isSleeping).toBe(true);
  });
});

describe("a box dropped on its corner", () => {
  for (const angle of [0.6, Math.PI / 4 + 0.05, 1.1, -0.3]) {
    it(`at ${angle.toFixed(3)} rad comes to rest on a face (angle a multiple of π/2 within 0.01 rad)`, () => {
      const world = new World({ gravity: { x: 0, y: -G } });
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
      const box = world.add(new Box({ halfWidth: 0.5, halfHeight: 0.5, angle, position: { x: 0, y: 2 } }));
      run(world, 5);
      const q = box.angle / (Math.PI / 2);
      expect(Math.abs(q - Math.round(q)) * (Math.PI / 2)).toBeLessThan(0.01);
      // on a face: its centre half a side above the floor
      expect(box.position.y).toBeGreaterThan(0.49);
      expect(box.position.y).toBeLessThan(0.5);
      expect(box.isSleeping).toBe(true);
    });
  }
});

describe("a 10-box vertical stack", () => {
  // Measured: the stack leans by 1.5e-3 rad while it settles (the solver takes a box's two contact
  // points one after the other, so each step's first impulse turns it a little), its top box 10 mm
  // to the side (Box2D v3: about 1 mm; 2.7 mm here before the contacts of worlds with turning shapes
  // were solved in colour order, which makes the card house stand); then it sleeps at 1.0 s and
  // nothing moves.
  it("stands, falls asleep, and does not drift: < 12 mm sideways, < 0.005 rad, < 0.5 mm after the first second", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
    const boxes: Box[] = [];
    for (let i = 0; i < 10; i++) boxes.push(world.add(new Box({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0, y: 0.5 + i } })));
    run(world, 1);
    const settled = boxes.map((b) => b.position);
    run(world, 9);
    for (let i = 0; i < 10; i++) {
      const b = boxes[i]!;
      expect(Math.abs(b.position.x)).toBeLessThan(0.012);
      expect(Math.abs(b.angle)).toBeLessThan(0.005);
      expect(Math.hypot(b.position.x - settled[i]!.x, b.position.y - settled[i]!.y)).toBeLessThan(0.0005);
      // resting on the one below, sunk by less than a centimetre per contact
      expect(b.position.y).toBeGreaterThan(0.5 + i - 0.01 * (i + 1));
      expect(b.isSleeping).toBe(true);
    }
  });
});

describe("a plank on a pillar", () => {
  it("a 4 m plank resting on only its left 0.3 m tips off the pillar's edge and falls", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
    // a pillar 0.5 m wide and 2 m tall, its top face from x = −0.25 to 0.25
    world.add(new Box({ halfWidth: 0.25, halfHeight: 1, position: { x: 0, y: 1 }, type: "static" }));
    // the plank's left end at x = −0.05: 0.3 m of it on the pillar, its centre 1.7 m past the edge
    const plank = world.add(new Box({ halfWidth: 2, halfHeight: 0.1, position: { x: 1.95, y: 2.1 } }));
    run(world, 0.5);
    // it turns clockwise about the pillar's edge
    expect(plank.angle).toBeLessThan(-0.3);
    run(world, 3);
    // and ends on the floor, lying flat beside the pillar or leaning on it, far below where it was
    expect(plank.position.y).toBeLessThan(1.2);
    expect(plank.worldCenter.x).toBeGreaterThan(0.25);
  });

  it("the same plank with its centre over the pillar stays level", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(new Box({ halfWidth: 0.25, halfHeight: 1, position: { x: 0, y: 1 }, type: "static" }));
    const plank = world.add(new Box({ halfWidth: 2, halfHeight: 0.1, position: { x: 0.1, y: 2.1 } }));
    run(world, 3);
    expect(Math.abs(plank.angle)).toBeLessThan(0.001);
    expect(plank.position.y).toBeGreaterThan(2.09);
    expect(plank.isSleeping).toBe(true);
  });
});

describe("a 20-row pyramid of turning boxes", () => {
  // Measured: it spreads by up to 2.9 cm sideways and settles by 3.2 cm at the top (the AABB pyramid
  // settles by 1.6 cm and cannot spread), turns by < 0.003 rad and is asleep after 1.7 s.
  it("stands: after 10 s every box within 5 cm of where it began, turned < 0.01 rad, and all asleep", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(AABB.fromBounds({ x: -40, y: -1 }, { x: 40, y: 0 }, { type: "static" }));
    const rows = 20;
    const h = 0.5;
    const boxes: { box: Box; x: number; y: number }[] = [];
    for (let row = 0; row < rows; row++) {
      for (let i = 0; i < rows - row; i++) {
        const x = (i - (rows - row - 1) / 2) * 2 * h * 1.05;
        const y = h + row * 2 * h;
        boxes.push({ box: world.add(new Box({ halfWidth: h, halfHeight: h, position: { x, y } })), x, y });
      }
    }
    run(world, 10);
    let worst = 0;
    let worstAngle = 0;
    for (const { box, x, y } of boxes) {
      worst = Math.max(worst, Math.hypot(box.position.x - x, box.position.y - y));
      worstAngle = Math.max(worstAngle, Math.abs(box.angle));
    }
    expect(worst).toBeLessThan(0.05);
    expect(worstAngle).toBeLessThan(0.01);
    expect(boxes.every(({ box }) => box.isSleeping)).toBe(true);
  });
});

describe("momentum with no gravity", () => {
  // Linear momentum only: every contact impulse acts on both bodies, equal and opposite, so the sum
  // of m·v (the centre of mass's velocity) is kept to rounding. Angular momentum is not kept exactly
  // by this solver for any shape (a contact's anchors are fixed over the sub-steps while the bodies
  // move: three capsules lose 37 % of theirs in the same scene), so it is not asserted here.
  function momentum(bodies: readonly Body[]): { px: number; py: number; scale: number } {
    let px = 0;
    let py = 0;
    let scale = 0;
    for (const b of bodies) {
      px += b.mass * b.velocity.x;
      py += b.mass * b.velocity.y;
      scale += b.mass * Math.hypot(b.velocity.x, b.velocity.y);
    }
    return { px, py, scale };
  }

  for (const restitution of [0, 0.5, 1]) {
    it(`polygons, boxes and rounded boxes hitting each other (restitution ${restitution}): linear momentum conserved`, () => {
      const world = new World({ gravity: { x: 0, y: 0 } });
      const bodies: Body[] = [
        world.add(new Box({ halfWidth: 0.5, halfHeight: 0.3, angle: 0.3, position: { x: -3, y: 0.2 }, velocity: { x: 4, y: 0 }, angularVelocity: 1, restitution })),
        world.add(Polygon.regular(5, 0.6, { position: { x: 2, y: 0 }, velocity: { x: -3, y: 0.5 }, density: 2, restitution })),
        world.add(
          new Polygon({
            vertices: [{ x: 0, y: 0 }, { x: 1.2, y: 0 }, { x: 0.2, y: 0.9 }],
            position: { x: 0, y: 2.5 },
            velocity: { x: 0.2, y: -3 },
            angularVelocity: -2,
            restitution,
          }),
        ),
        world.add(new Box({ halfWidth: 0.4, halfHeight: 0.4, radius: 0.1, position: { x: 0.3, y: -2.5 }, velocity: { x: 0, y: 3 }, restitution })),
      ];
      const before = momentum(bodies);
      let touched = 0;
      world.on("collisionStart", ({ pairs }) => (touched += pairs.length));
      run(world, 2);
      const after = momentum(bodies);
      expect(touched).toBeGreaterThan(2);
      const tol = 1e-12 * before.scale;
      expect(Math.abs(after.px - before.px)).toBeLessThan(tol);
      expect(Math.abs(after.py - before.py)).toBeLessThan(tol);
      // and the hits did change the velocities
      expect(Math.abs(bodies[0]!.velocity.x - 4)).toBeGreaterThan(0.5);
    });
  }
});

describe("polygons with circles, capsules, AABBs and segments", () => {
  it("each rests on the other at the height its geometry gives (within 1 cm) and falls asleep", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(AABB.fromBounds({ x: -30, y: -1 }, { x: 30, y: 0 }, { type: "static" }));
    // a circle on a static box, a capsule lying on a static pentagon, a box on the AABB floor,
    // an AABB on a static triangle's flat top, a circle on a static segment, a box on a segment
    world.add(new Box({ halfWidth: 1, halfHeight: 0.5, position: { x: -20, y: 0.5 }, type: "static" }));
    const ball = world.add(new Circle({ radius: 0.3, position: { x: -20, y: 1.5 } }));
    const pentagon = world.add(Polygon.regular(5, 1, { position: { x: -15, y: 1 }, type: "static", angle: Math.PI }));
    // turned by π the pentagon's flat edge is on top, at y = 1 + cos 36°
    const top = 1 + Math.cos(Math.PI / 5);
    const pill = world.add(new Capsule({ halfLength: 0.3, radius: 0.2, position: { x: -15, y: top + 0.5 } }));
    const box = world.add(new Box({ halfWidth: 0.4, halfHeight: 0.3, position: { x: -10, y: 1 }, angle: 0.2 }));
    world.add(new Polygon({ vertices: [{ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: -1, y: 1 }, { x: 0, y: -1 }], position: { x: -5, y: 1 }, type: "static" }));
    const crate = world.add(new AABB({ halfWidth: 0.3, halfHeight: 0.3, position: { x: -5, y: 3 } }));
    world.add(new Segment({ a: { x: 2, y: 1 }, b: { x: 8, y: 1 }, type: "static" }));
    const ball2 = world.add(new Circle({ radius: 0.25, position: { x: 3, y: 2 } }));
    const box2 = world.add(new Box({ halfWidth: 0.5, halfHeight: 0.25, position: { x: 6, y: 2 }, angle: -0.3 }));
    run(world, 5);
    expect(ball.position.y).toBeCloseTo(1.3, 2);
    expect(ball.position.x).toBeCloseTo(-20, 2);
    expect(pill.position.y).toBeCloseTo(top + 0.2, 2);
    expect(Math.abs(pill.angle)).toBeLessThan(0.01);
    expect(box.position.y).toBeCloseTo(0.3, 2);
    expect(Math.abs(box.angle)).toBeLessThan(0.01);
    expect(crate.position.y).toBeCloseTo(2 + 0.3, 2);
    expect(ball2.position.y).toBeCloseTo(1.25, 2);
    expect(box2.position.y).toBeCloseTo(1.25, 2);
    expect(Math.abs(box2.angle)).toBeLessThan(0.01);
    for (const b of [ball, pill, box, crate, ball2, box2]) expect(b.isSleeping).toBe(true);
  });

  it("a polygon dropped on a dynamic circle, capsule and AABB: contacts of every pair and nothing passes through", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    world.add(AABB.fromBounds({ x: -10, y: -1 }, { x: 10, y: 0 }, { type: "static" }));
    const under = [
      world.add(new Circle({ radius: 0.4, position: { x: -3, y: 0.4 } })),
      world.add(new Capsule({ halfLength: 0.4, radius: 0.3, position: { x: 0, y: 0.3 } })),
      world.add(new AABB({ halfWidth: 0.4, halfHeight: 0.4, position: { x: 3, y: 0.4 } })),
    ];
    const drops = under.map((u) => world.add(Polygon.regular(6, 0.5, { position: { x: u.position.x, y: 2.5 } })));
    const pairs = new Set<string>();
    world.on("collisionStart", (e) => {
      for (const p of e.pairs) pairs.add([p.bodyA.shapes[0]!.kind, p.bodyB.shapes[0]!.kind].sort().join("-"));
    });
    run(world, 4);
    for (const k of ["circle-polygon", "capsule-polygon", "aabb-polygon"]) expect(pairs.has(k)).toBe(true);
    for (const d of drops) expect(d.position.y).toBeGreaterThan(0.4);
  });
});

describe("continuous collision for polygons", () => {
  // each wall's line through the origin: unit normal n (towards +x) and half length along it
  const walls = [
    ["a thin turned static Box", () => new Box({ halfWidth: 0.02, halfHeight: 2, angle: 0.3, type: "static" }), { x: Math.cos(0.3), y: Math.sin(0.3) }, 2],
    ["a static Segment", () => new Segment({ a: { x: 0.3, y: -2 }, b: { x: -0.3, y: 2 }, type: "static" }), { x: 2 / Math.hypot(2, 0.3), y: 0.3 / Math.hypot(2, 0.3) }, Math.hypot(0.3, 2)],
  ] as const;
  for (const [name, make, n, half] of walls) {
    for (const shape of ["box", "triangle", "spinning box"]) {
      it(`a small ${shape} at 300 m/s does not pass through ${name}`, () => {
        const world = new World({ gravity: { x: 0, y: 0 } });
        world.add(make());
        const options = { position: { x: -3, y: 0.1 }, velocity: { x: 300, y: 0 }, angularVelocity: shape === "spinning box" ? 50 : 0 };
        const body =
          shape === "triangle"
            ? world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.1, y: 0 }, { x: 0, y: 0.08 }], ...options }))
            : world.add(new Box({ halfWidth: 0.05, halfHeight: 0.05, ...options }));
        let hit = false;
        for (let i = 0; i < 30; i++) {
          world.step(DT);
          const c = body.worldCenter;
          const side = n.x * c.x + n.y * c.y;
          const along = -n.y * c.x + n.x * c.y;
          // while it is beside the wall it stays on the side it came from (it may slide off an end)
          if (Math.abs(along) < half) expect(side).toBeLessThan(0);
          if (body.velocity.x < 299) hit = true;
        }
        expect(hit).toBe(true);
      });
    }
  }
});

describe("a polygon off its centre of mass on a joint", () => {
  // A right triangle (0,0), (3,0), (0,3) hung by its right-angle corner (its origin): centroid
  // (1, 1), d = √2 from the pivot, I_c = m(a² + b²)/18 = m. As a physical pendulum its period for
  // small swings is T = 2π √((I_c + m d²) / (m g d)) = 2π √(3 / (g √2)).
  it("hung by a vertex from a revolute joint: the vertex stays at the pivot and it swings with the physical pendulum's period (within 1 %)", () => {
    const world = new World({ gravity: { x: 0, y: -G } });
    const post = world.add(new AABB({ halfWidth: 0.1, halfHeight: 0.1, position: { x: 0, y: 5 }, type: "static", isSensor: true }));
    // turned so that the centroid direction (1, 1) is 0.1 rad from straight down
    const tri = world.add(
      new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 3 }], position: { x: 0, y: 5 }, angle: -0.75 * Math.PI + 0.1, enableSleep: false }),
    );
    world.addJoint({ type: "revolute", bodyA: post, bodyB: tri, anchor: { x: 0, y: 5 } });
    let worst = 0;
    const crossings: number[] = [];
    let last = tri.worldCenter.x;
    for (let i = 1; i <= 900; i++) {
      world.step(DT);
      const v = tri.shapes[0]!.getWorldVertices()[0]!;
      worst = Math.max(worst, Math.hypot(v.x, v.y - 5));
      const x = tri.worldCenter.x;
      // upward zero crossings of the centre's x, interpolated within the step
      if (last < 0 && x >= 0) crossings.push((i - 1 + -last / (x - last)) * DT);
      last = x;
    }
    expect(worst).toBeLessThan(0.005);
    expect(Math.hypot(tri.worldCenter.x, tri.worldCenter.y - 5)).toBeCloseTo(Math.SQRT2, 3);
    expect(crossings.length).toBeGreaterThanOrEqual(4);
    const period = (crossings.at(-1)! - crossings[0]!) / (crossings.length - 1);
    const expected = 2 * Math.PI * Math.sqrt(3 / (G * Math.SQRT2));
    expect(Math.abs(period / expected - 1)).toBeLessThan(0.01);
  });
});

describe("a gas of polygons (no gravity)", () => {
  for (const elastic of [false, true]) {
    it(`120 boxes and polygons in a closed box, 1200 steps${elastic ? ", restitution 1 and no friction" : ", restitution ≤ 1"}: energy never gained (1 %), all stay inside`, () => {
      const world = new World({ gravity: { x: 0, y: 0 } });
      const H = 6;
      // four static turned-box walls (a turned Box at angle 0 is axis-aligned, but goes through the polygon code)
      world.add(new Box({ halfWidth: H + 0.5, halfHeight: 0.5, position: { x: 0, y: -H - 0.5 }, type: "static" }));
      world.add(new Box({ halfWidth: H + 0.5, halfHeight: 0.5, position: { x: 0, y: H + 0.5 }, type: "static" }));
      world.add(new Box({ halfWidth: 0.5, halfHeight: H + 0.5, position: { x: -H - 0.5, y: 0 }, type: "static" }));
      world.add(new Box({ halfWidth: 0.5, halfHeight: H + 0.5, position: { x: H + 0.5, y: 0 }, type: "static" }));
      let seed = 7;
      const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
      const bodies: Body[] = [];
      for (let i = 0; i < 120; i++) {
        const position = { x: -5 + (i % 11), y: -5 + Math.floor(i / 11) };
        const material = elastic ? { restitution: 1, friction: 0 } : { restitution: rand(), friction: rand() };
        const common = { position, angle: 6 * rand(), velocity: { x: 8 * (rand() - 0.5), y: 8 * (rand() - 0.5) }, angularVelocity: 4 * (rand() - 0.5), ...material };
        const k = i % 4;
        const b =
          k === 0
            ? new Box({ halfWidth: 0.3, halfHeight: 0.15, ...common })
            : k === 1
              ? Polygon.regular(3 + (i % 6), 0.3, common)
              : k === 2
                ? new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.1, y: 0.4 }], ...common })
                : new Box({ halfWidth: 0.2, halfHeight: 0.2, radius: 0.05, ...common });
        bodies.push(world.add(b));
      }
      const energy = (): number => bodies.reduce((e, b) => e + b.kineticEnergy, 0);
      const start = energy();
      let peak = start;
      for (let i = 0; i < 1200; i++) {
        world.step(DT);
        const e = energy();
        if (!Number.isFinite(e)) throw new Error(`non-finite energy at step ${i + 1}`);
        if (e > peak) peak = e;
      }
      expect(peak).toBeLessThanOrEqual(start * 1.01);
      for (const b of bodies) {
        const c = b.worldCenter;
        expect(Math.abs(c.x)).toBeLessThan(H);
        expect(Math.abs(c.y)).toBeLessThan(H);
      }
      if (elastic) expect(energy()).toBeGreaterThan(0.5 * start); // elastic: most of it is still there
    });
  }
});
