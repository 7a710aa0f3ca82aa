/**
 * capsule2d/worker's protocol in Node: serveWorld on one end of a
 * MessageChannel, WorldWorker on the other (the same messages a Web Worker
 * carries; test/browser/worker.test.ts runs the demo page in a real one).
 * Poses are checked bit for bit against the same world stepped here.
 */
import { afterEach, describe, expect, it } from "vitest";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { AABB, Box, Capsule, Circle, Compound, Polygon, Segment, World } from "../src/entries/capsule2d.js";
import { POSE_STRIDE, WorldWorker, serveWorld, type FramePose, type MessageEndpoint, type WorldCommand } from "../src/entries/worker.js";

/** A small scene: a floor, a ball, a capsule, a box. */
function build(gravity = -9.81): World {
  const world = new World({ gravity: { x: 0, y: gravity } });
  world.add(AABB.fromBounds({ x: -5, y: -1 }, { x: 5, y: 0 }, { type: "static", label: "floor" }));
  world.add(new Circle({ position: { x: -1, y: 2 }, radius: 0.5, label: "ball" }));
  world.add(new Capsule({ position: { x: 1, y: 3 }, halfLength: 0.6, radius: 0.2, angle: 0.4 }));
  world.add(new AABB({ position: { x: 0, y: 5 }, halfWidth: 0.3, halfHeight: 0.2 }));
  return world;
}

const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** serveWorld(setup) on one port; the other, for a WorldWorker. */
function channel(setup: (data: unknown) => World | Promise<World>, commands?: Record<string, WorldCommand>): MessageEndpoint {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  serveWorld(setup, { endpoint: port2 as unknown as MessageEndpoint, ...(commands ? { commands } : {}) });
  return port1 as unknown as MessageEndpoint;
}

/** Waits (by turns of the event loop, never by time) until `done()`. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !done(); i++) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

/** The error `promise` rejects with, as `[name, message]`. */
async function rejection(promise: Promise<unknown>): Promise<[string, string]> {
  const error = (await promise.then(
    () => new Error("resolved"),
    (e: unknown) => e,
  )) as Error;
  return [error.name, error.message];
}

const pose: FramePose = { x: 0, y: 0, rotCos: 1, rotSin: 0 };

/** Every body's pose in the client's latest frame equals `world`'s, bit for bit. */
function expectSamePoses(client: WorldWorker, world: World): void {
  expect(client.count).toBe(world.bodies.length);
  world.bodies.forEach((body, i) => {
    expect(client.bodies[i]!.id).toBe(body.id);
    client.getPose(i, pose, 1);
    expect([pose.x, pose.y, pose.rotCos, pose.rotSin]).toEqual([body.position.x, body.position.y, body.rotCos, body.rotSin]);
  });
}

describe("WorldWorker and serveWorld", () => {
  it("start: the world's bodies and their poses arrive with the first frame", async () => {
    const client = await WorldWorker.start(channel(() => build()));
    expect(client.frames).toBe(1);
    expect(client.stepCount).toBe(0);
    expect(client.bodies.map((b) => [b.shape, b.type, b.label])).toEqual([
      ["box", "static", "floor"],
      ["circle", "dynamic", "ball"],
      ["capsule", "dynamic", ""],
      ["box", "dynamic", ""],
    ]);
    expect(client.bodies[1]).toMatchObject({ radius: 0.5, halfLength: 0, halfWidth: 0 });
    expect(client.bodies[2]).toMatchObject({ radius: 0.2, halfLength: 0.6 });
    expect(client.bodies[3]).toMatchObject({ radius: 0, halfWidth: 0.3, halfHeight: 0.2 });
    expect(client.poses.length).toBe(4 * POSE_STRIDE);
    expectSamePoses(client, build());
    expect(() => client.getPose(4, pose)).toThrow(/index must be an integer in \[0, 3\], got 4/);
    expect(() => client.getPose(1.5, pose)).toThrow(/index must be an integer in \[0, 3\], got 1.5/);
    expect(() => client.getPose(0, pose, 2)).toThrow(/alpha must be in \[0, 1\], got 2/);
    expect(() => WorldWorker.start(null as never)).toThrow(/worker must be a Worker or a MessagePort, got null/);
  });

  it("step(n) takes n fixed steps: the same poses, bit for bit, as the world stepped in this thread", async () => {
    const client = await WorldWorker.start(channel(() => build()));
    const here = build();
    for (const n of [1, 10, 49]) {
      await client.step(n);
      for (let i = 0; i < n; i++) here.step(1 / 60);
      expect(client.stepCount).toBe(here.stepCount);
      expect(client.alpha).toBe(1);
      expectSamePoses(client, here);
    }
    // alpha 0 is the pose at the start of the last step
    const ball = here.bodies[1]!;
    const start = ball.getInterpolatedPose(0);
    client.getPose(1, pose, 0);
    expect([pose.x, pose.y, pose.rotCos, pose.rotSin]).toEqual([start.x, start.y, start.rotCos, start.rotSin]);
  });

  it("advance(elapsed) runs the world's fixed-step accumulator; time that passes while a frame is on its way goes with the next request", async () => {
    const client = await WorldWorker.start(channel(() => build()));
    const here = build();
    client.advance(1.5 / 60); // sent: one step, half a step left over
    client.advance(1 / 60); // a frame is on its way: owed
    client.advance(1 / 60);
    await until(() => client.frames === 2);
    expect(client.stepCount).toBe(1);
    expect(client.alpha).toBe(here.advance(1.5 / 60));
    client.advance(0); // sends the 2/60 s owed: with the half step left, two more steps
    await until(() => client.frames === 3);
    expect(client.stepCount).toBe(3);
    expect(client.alpha).toBe(here.advance(2 / 60));
    expectSamePoses(client, here);
    expect(() => client.advance(-1)).toThrow(/elapsedSeconds must be >= 0, got -1/);
  });

  it("commands: add, set velocity, impulse, force, position, remove, and commands of your own, applied in order", async () => {
    const commands = { count: (world: World, kind: string) => world.bodies.filter((b) => b.label === kind).length };
    const client = await WorldWorker.start(
      channel((data) => build((data as { gravity: number }).gravity), commands),
      { gravity: 0 },
    );
    const dt = 1 / 60;
    const id = await client.add({ shape: "circle", position: { x: 10, y: 10 }, radius: 0.5, mass: 2, label: "probe" });
    expect(await client.command("count", "probe")).toBe(1);
    await client.setVelocity(id, { x: 3, y: 0 });
    await client.step();
    let i = client.indexOf(id);
    expect(client.bodies[i]).toMatchObject({ id, shape: "circle", radius: 0.5, label: "probe" });
    expect(client.getPose(i, pose).x).toBeCloseTo(10 + 3 * dt, 12); // no gravity: x += v dt (over 4 sub-steps)

    await client.applyImpulse(id, { x: 0, y: 4 }); // 4 N·s on 2 kg: +2 m/s
    await client.step();
    expect(client.getPose(i, pose).y).toBeCloseTo(10 + 2 * dt, 12);

    await client.setPosition(id, { x: -20, y: 0 });
    await client.applyForce(id, { x: 0, y: -120 }); // -60 m/s² for one step, from 2 m/s up
    await client.step();
    // semi-implicit Euler in 4 sub-steps of h: y = Σ (2 - 60 k h) h for k = 1..4
    const h = dt / 4;
    expect(client.getPose(i, pose).y).toBeCloseTo(2 * dt - 60 * h * h * (1 + 2 + 3 + 4), 12);

    await client.remove(id);
    await client.step();
    expect(client.indexOf(id)).toBe(-1);
    expect(client.count).toBe(4);
    i = client.indexOf(client.bodies[1]!.id);
    expect(i).toBe(1);
  });

  it("turning boxes, polygons and segments arrive as what they are, with the geometry to draw them; polygons and segments can be added", async () => {
    const turning = (): World => {
      const world = new World();
      world.add(new Segment({ a: { x: -5, y: 0 }, b: { x: 5, y: 0.5 }, type: "static", label: "floor" }));
      world.add(new Box({ position: { x: 0, y: 2 }, halfWidth: 0.4, halfHeight: 0.1, angle: 0.3, radius: 0.02, label: "plank" }));
      world.add(new Polygon({ position: { x: 2, y: 2 }, vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], label: "wedge" }));
      world.add(new AABB({ position: { x: -2, y: 2 }, halfWidth: 0.3, halfHeight: 0.2, label: "crate" }));
      return world;
    };
    const client = await WorldWorker.start(channel(() => turning()));
    expect(client.bodies.map((b) => [b.label, b.shape, b.kind])).toEqual([
      ["floor", "segment", "segment"],
      ["plank", "polygon", "box"],
      ["wedge", "polygon", "polygon"],
      ["crate", "box", "aabb"],
    ]);
    const [floor, plank, wedge, crate] = client.bodies;
    expect(floor).toMatchObject({ radius: 0, halfWidth: 0, halfHeight: 0, vertices: [-5, 0, 5, 0.5] });
    // a Box: its half extents, its rounding and its four corners from the lower left, counter-clockwise
    expect(plank).toMatchObject({ radius: 0.02, halfLength: 0, halfWidth: 0.4, halfHeight: 0.1, vertices: [-0.4, -0.1, 0.4, -0.1, 0.4, 0.1, -0.4, 0.1] });
    // a Polygon: its hull in its own frame, about the origin the pose gives (not its centroid)
    expect(wedge).toMatchObject({ radius: 0, halfWidth: 0, halfHeight: 0 });
    expect(wedge!.vertices).toEqual(turning().bodies[2]!.shapes[0]!.vertices.flatMap((v) => [v.x, v.y]));
    expect(wedge!.vertices.length).toBe(6);
    expect(crate).toMatchObject({ radius: 0, halfWidth: 0.3, halfHeight: 0.2, vertices: [] });
    // the pose is the origin: a vertex placed by it is the world's vertex
    const i = client.indexOf(plank!.id);
    client.getPose(i, pose);
    const world = turning().bodies[1]!.shapes[0]!.getWorldVertices();
    const v = plank!.vertices;
    for (let k = 0; k < 4; k++) {
      expect(pose.x + pose.rotCos * v[2 * k]! - pose.rotSin * v[2 * k + 1]!).toBeCloseTo(world[k]!.x, 12);
      expect(pose.y + pose.rotSin * v[2 * k]! + pose.rotCos * v[2 * k + 1]!).toBeCloseTo(world[k]!.y, 12);
    }

    const id = await client.add({ shape: "polygon", position: { x: 0, y: 5 }, vertices: [{ x: -1, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }], label: "roof" });
    const seg = await client.add({ shape: "segment", a: { x: 0, y: 0 }, b: { x: 0, y: 3 }, type: "static" });
    await client.step();
    expect(client.bodies[client.indexOf(id)]).toMatchObject({ shape: "polygon", kind: "polygon", label: "roof" });
    expect(client.bodies[client.indexOf(seg)]).toMatchObject({ shape: "segment", kind: "segment", vertices: [0, 0, 0, 3] });
    expect(await rejection(client.add({ shape: "hexagon" } as never))).toEqual([
      "TypeError",
      'capsule2d/worker: add failed in the worker: capsule2d: body.shape must be "circle", "capsule", "box", "polygon" or "segment", got "hexagon"',
    ]);
  });

  it("a compound arrives with every one of its shapes (kind, place, geometry, sensor), each point placed by the pose where the world has it", async () => {
    const make = (): World => {
      const world = new World({ gravity: { x: 0, y: 0 } });
      world.add(new Compound({
        position: { x: 1, y: 2 }, angle: 0.4, label: "every",
        shapes: [
          { shape: "circle", radius: 0.2, offset: { x: -0.6, y: 0 } },
          { shape: "capsule", halfLength: 0.3, radius: 0.1, offset: { x: 0, y: 0.3 }, angle: 0.5 },
          { shape: "box", halfWidth: 0.3, halfHeight: 0.1, radius: 0.02, offset: { x: 0.5, y: 0 }, angle: -0.2 },
          { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.1, y: 0.4 }], offset: { x: 0, y: -0.5 } },
          { shape: "segment", a: { x: -0.5, y: -0.3 }, b: { x: 0.5, y: -0.35 } },
          { shape: "circle", radius: 0.6, isSensor: true },
        ],
      }));
      world.add(new Circle({ radius: 0.25, position: { x: 5, y: 0 }, label: "ball" }));
      return world;
    };
    const client = await WorldWorker.start(channel(() => make()));
    const [every, ball] = client.bodies;
    const local = make().bodies[0]!;
    expect(every!.shapes.map((s) => s.kind)).toEqual(["circle", "capsule", "box", "polygon", "segment", "circle"]);
    expect(every!.shapes.map((s) => s.isSensor)).toEqual([false, false, false, false, false, true]);
    expect(every!.shapes[0]).toMatchObject({ offsetX: -0.6, offsetY: 0, angle: 0, radius: 0.2, halfLength: 0, vertices: [] });
    expect(every!.shapes[1]).toMatchObject({ offsetX: 0, offsetY: 0.3, angle: 0.5, radius: 0.1, halfLength: 0.3 });
    expect(every!.shapes[2]).toMatchObject({ offsetX: 0.5, angle: -0.2, radius: 0.02, halfWidth: 0.3, halfHeight: 0.1 });
    expect(every!.shapes[4]).toMatchObject({ radius: 0, vertices: [-0.5, -0.3, 0.5, -0.35] });
    // the first shape's fields, as before, beside the list
    expect(every).toMatchObject({ kind: "circle", radius: 0.2 });
    // a single-shape body: one shape, its fields again
    expect(ball!.shapes).toEqual([{ kind: "circle", offsetX: 0, offsetY: 0, angle: 0, radius: 0.25, halfLength: 0, halfWidth: 0, halfHeight: 0, vertices: [], isSensor: false }]);
    // the polygon's and the box's points, placed by the pose sent, are the world's vertices
    client.getPose(client.indexOf(every!.id), pose);
    for (const k of [2, 3]) {
      const v = every!.shapes[k]!.vertices;
      const world = local.shapes[k]!.getWorldVertices();
      expect(v.length).toBe(2 * world.length);
      for (let j = 0; j < world.length; j++) {
        expect(pose.x + pose.rotCos * v[2 * j]! - pose.rotSin * v[2 * j + 1]!).toBeCloseTo(world[j]!.x, 12);
        expect(pose.y + pose.rotSin * v[2 * j]! + pose.rotCos * v[2 * j + 1]!).toBeCloseTo(world[j]!.y, 12);
      }
    }
  });

  it("a command that throws in the worker rejects with the worker's message and error type; the world goes on", async () => {
    const client = await WorldWorker.start(channel(() => build(), { world: (world: World) => world }));
    expect(await rejection(client.applyImpulse(999, { x: 1, y: 0 }))).toEqual([
      "RangeError",
      "capsule2d/worker: applyImpulse failed in the worker: capsule2d: no body with id 999 in the worker's world",
    ]);
    await expect(client.add({ shape: "circle", radius: -1 })).rejects.toThrow(/add failed in the worker: .*radius.*-1/);
    await expect(client.add({ shape: "hexagon" } as never)).rejects.toThrow(TypeError);
    await expect(client.setVelocity(1, { x: NaN, y: 0 })).rejects.toThrow(/velocity\.x must be a finite number, got NaN/);
    await expect(client.command("nope")).rejects.toThrow(/serveWorld has no command "nope"/);
    await expect(client.command("world")).rejects.toThrow(/the result of world cannot be sent to the main thread/);
    await expect(client.applyImpulse(1, { x: 1, y: 0 }, (() => 0) as never)).rejects.toThrow(); // cannot be cloned
    expect(client.error).toBe(null);
    await client.step(2);
    expect(client.stepCount).toBe(2);
    expect(client.count).toBe(4); // the failed add added nothing
  });

  it("setup that throws rejects start with its message", async () => {
    const failing = () => {
      throw new TypeError("no level called 'moon'");
    };
    expect(await rejection(WorldWorker.start(channel(failing)))).toEqual([
      "TypeError",
      "capsule2d/worker: setup failed in the worker: no level called 'moon'",
    ]);
    await expect(WorldWorker.start(channel(() => 42 as unknown as World))).rejects.toThrow(/setup must return a World, got 42/);
  });

  it("an error while stepping is fatal: that request and every later call fail with the worker's message", async () => {
    const client = await WorldWorker.start(
      channel(() => {
        const world = build();
        world.on("afterStep", () => {
          if (world.stepCount === 3) throw new Error("the game logic broke at step 3");
        });
        return world;
      }),
    );
    await expect(client.step(5)).rejects.toThrow("capsule2d/worker: step failed in the worker: the game logic broke at step 3");
    await until(() => client.error !== null);
    expect(client.error!.message).toContain("the game logic broke at step 3");
    expect(() => client.advance(1 / 60)).toThrow(client.error!.message);
    await expect(client.setVelocity(1, { x: 0, y: 0 })).rejects.toBe(client.error);
    await expect(client.step()).rejects.toBe(client.error);
  });
});
