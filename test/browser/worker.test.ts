/**
 * The worker demo (examples/worker/) in headless Chromium: a world of 3000
 * bodies stepped in a Web Worker by capsule2d/worker's serveWorld, drawn on
 * the main thread from WorldWorker's frames. It loads without console errors,
 * the bodies fall and are drawn, commands round-trip (add, setVelocity,
 * remove, a command of the worker's own), errors thrown in the worker reach
 * the page as rejected promises with the worker's message, and the animation
 * loop advances the world. Steps are counted through `window.__workerDemo`;
 * nothing is timed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inkFraction, startHarness, type Harness } from "./harness.js";
// Brings in the `window.__workerDemo` declaration.
import type {} from "../../examples/worker/main.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe("examples/worker: a world in a Web Worker", () => {
  it("loads, steps in the worker, draws on the page, and round-trips commands and errors", async () => {
    const { page, errors } = await harness.open("/worker/?paused", { hook: "__workerDemo" });
    try {
      const start = await page.evaluate(() => {
        const { physics } = window.__workerDemo!;
        const dynamic = physics.bodies.filter((b) => b.type === "dynamic");
        return { count: physics.count, dynamic: dynamic.length, stepCount: physics.stepCount, firstDynamic: physics.indexOf(dynamic[0]!.id) };
      });
      expect(start.dynamic).toBe(3000);
      expect(start.count).toBe(3005); // floor, two walls, two ramps
      expect(start.stepCount).toBe(0);

      // the bodies fall: 30 steps in the worker, poses back on the page
      const fall = await page.evaluate(async (i) => {
        const demo = window.__workerDemo!;
        const pose = { x: 0, y: 0, rotCos: 1, rotSin: 0 };
        const before = demo.physics.getPose(i, pose).y;
        const steps = await demo.step(30);
        return { steps, before, after: demo.physics.getPose(i, pose, 1).y };
      }, start.firstDynamic);
      expect(fall.steps).toBe(30);
      // free fall from rest (nothing below it yet), semi-implicit Euler in 30 × 4 sub-steps of h:
      // the drop is g h² (1 + 2 + ... + 120)
      const h = 1 / 240;
      expect(fall.before - fall.after).toBeCloseTo((9.81 * h * h * 120 * 121) / 2, 9);

      // drawn on the canvas (waiting for a frame is waiting, not an assertion)
      const drawn = await page.evaluate(() => window.__workerDemo!.drawn);
      await page.waitForFunction((n) => window.__workerDemo!.drawn > n, drawn, { timeout: 15_000 });
      expect(await inkFraction(page)).toBeGreaterThan(0.02);

      // commands round-trip, in order
      const commands = await page.evaluate(async () => {
        const demo = window.__workerDemo!;
        const { physics } = demo;
        const pose = { x: 0, y: 0, rotCos: 1, rotSin: 0 };
        const id = await physics.add({ shape: "circle", position: { x: 0, y: 39 }, radius: 0.6, label: "probe" });
        await physics.setVelocity(id, { x: 6, y: 0 });
        await demo.step(1);
        const index = physics.indexOf(id);
        const added = { index, body: physics.bodies[index], pose: { ...physics.getPose(index, pose, 1) } };
        await physics.remove(id);
        await demo.step(1);
        return { id, added, afterRemove: physics.indexOf(id), count: physics.count };
      });
      expect(commands.added.index).toBeGreaterThan(0);
      expect(commands.added.body).toMatchObject({ id: commands.id, shape: "circle", radius: 0.6, label: "probe", type: "dynamic" });
      expect(commands.added.pose.x).toBeCloseTo(6 / 60, 10); // above the pile, touching nothing: x += v dt
      expect(commands.added.pose.y).toBeLessThan(39);
      expect(commands.afterRemove).toBe(-1);
      expect(commands.count).toBe(3005);

      // errors thrown in the worker reject with the worker's message; the world goes on
      const failures = await page.evaluate(async () => {
        const demo = window.__workerDemo!;
        const caught = (p: Promise<unknown>) => p.then(() => "resolved", (e: Error) => `${e.name}: ${e.message}`);
        const own = await caught(demo.physics.command("fail", "the level script broke"));
        const missing = await caught(demo.physics.applyImpulse(123456, { x: 1, y: 0 }));
        const steps = await demo.step(2);
        return { own, missing, steps, error: demo.physics.error };
      });
      expect(failures.own).toBe("Error: capsule2d/worker: fail failed in the worker: the level script broke");
      expect(failures.missing).toBe(
        "RangeError: capsule2d/worker: applyImpulse failed in the worker: capsule2d: no body with id 123456 in the worker's world",
      );
      expect(failures.steps).toBe(34);
      expect(failures.error).toBe(null);

      // playing: the animation loop hands the elapsed time to the worker, which steps
      await page.evaluate(() => window.__workerDemo!.play());
      await page.waitForFunction(() => window.__workerDemo!.physics.stepCount >= 44, null, { timeout: 30_000 });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a worker script that fails to load rejects WorldWorker.start", async () => {
    const { page } = await harness.open("/worker/?paused&count=10", { hook: "__workerDemo" });
    try {
      const message = await page.evaluate(async () => {
        const WorldWorker = window.__workerDemo!.physics.constructor as unknown as {
          start(worker: Worker): Promise<unknown>;
        };
        const broken = new Worker(URL.createObjectURL(new Blob(["throw new Error('no physics today')"], { type: "text/javascript" })));
        return WorldWorker.start(broken).then(
          () => "resolved",
          (e: Error) => e.message,
        );
      });
      expect(message).toMatch(/^capsule2d\/worker: the worker's script failed in the worker: .*no physics today/);
    } finally {
      await page.close();
    }
  });
});
