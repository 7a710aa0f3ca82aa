/**
 * Every demo page in headless Chromium: it loads without console errors, its
 * canvas is drawn on, the simulation advances when stepped, and dragging a
 * body with the mouse moves it. A screenshot of each page is saved under
 * test-results/. The pile's frame rate with 2000 bodies is measured and
 * written to test-results/pile-perf.json (reported, never asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { dragBody, inkFraction, runFor, screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

const DEMOS = ["pile", "stacks", "restitution", "raycast", "events", "swept-hitbox"] as const;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe.each(DEMOS)("demo %s", (name) => {
  it("loads, draws, steps and can be dragged", async () => {
    const { page, errors } = await harness.open(`/${name}/?paused`);
    try {
      // Stepping: paused, 30 fixed steps advance the clock by 30/60 s and move something.
      const before = await page.evaluate(() => {
        window.__demo!.pause();
        const w = window.__demo!.world;
        return { steps: w.stepCount, time: w.time, positions: w.bodies.map((b) => [b.id, b.position.x, b.position.y]) };
      });
      const steps = await stepDemo(page, 30);
      expect(steps).toBe(before.steps + 30);
      const moved = await page.evaluate((prev) => {
        const w = window.__demo!.world;
        const old = new Map(prev.map(([id, x, y]) => [id, [x, y]]));
        let count = 0;
        for (const b of w.bodies) {
          const p = old.get(b.id);
          if (p && (p[0] !== b.position.x || p[1] !== b.position.y)) count++;
        }
        return { count, time: w.time };
      }, before.positions);
      expect(moved.time).toBeCloseTo(before.time + 30 / 60, 9);
      expect(moved.count).toBeGreaterThan(0);

      expect(await inkFraction(page)).toBeGreaterThan(0.01);

      // Dragging: grab a body and hold the pointer 120 px (several metres) above it for one second.
      const drag = await dragBody(page, { dyPixels: 120, steps: 60 });
      expect(drag.after.y - drag.before.y).toBeGreaterThan(0.5);

      await screenshot(page, `demo-${name}`);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

/** Open a demo paused, take `steps` steps, return its info(). */
async function infoAfter(path: string, steps: number) {
  const opened = await harness.open(path);
  await stepDemo(opened.page, steps);
  const info = await opened.page.evaluate(() => window.__demo!.info());
  return { ...opened, info };
}

describe("each demo does what it says", () => {
  it("pile: a click on empty space drops five bodies; the slider rebuilds with that many", async () => {
    const { page, errors, info } = await infoAfter("/pile/?paused&count=300", 1);
    try {
      expect(info.bodies).toBe(303);
      const p = await page.evaluate(() => window.__demo!.worldToClient({ x: 0, y: 24 }));
      await page.mouse.click(p.x, p.y);
      expect(await page.evaluate(() => window.__demo!.info().bodies)).toBe(308);
      await page.locator("input[type=range]").fill("500");
      expect(await page.evaluate(() => window.__demo!.info().bodies)).toBe(503);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("stacks: the pyramid stands still under both solvers", async () => {
    const { page, errors, info } = await infoAfter("/stacks/?paused", 1);
    try {
      for (const solver of ["soft-step", "pgs"]) {
        await page.locator("select").first().selectOption(solver);
        const start = await page.evaluate(() => window.__demo!.info());
        expect(start.solver).toBe(solver);
        await stepDemo(page, 180);
        const end = await page.evaluate(() => window.__demo!.info());
        // 3 s later the top box is where it started, within 5 cm.
        expect(Math.abs((end.pyramidTopX as number) - (start.pyramidTopX as number))).toBeLessThan(0.05);
        expect(Math.abs((end.pyramidTopY as number) - (start.pyramidTopY as number))).toBeLessThan(0.05);
        expect(end.maxPenetration as number).toBeLessThan(0.05);
      }
      expect(info.solver).toBe("soft-step");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("stacks: a body dragged down into the ground is held by the contacts, not pulled through", async () => {
    const { page, errors } = await infoAfter("/stacks/?paused", 30);
    try {
      // The free-standing capsule column's bottom capsule (centre at its radius, 0.3 m).
      const target = await page.evaluate(() => {
        const d = window.__demo!;
        const b = d.world.bodies.filter((x) => x.kind === 1).reduce((a, x) => (x.position.y < a.position.y ? x : a));
        return { id: b.id, radius: b.radius, ...d.worldToClient(b.position) };
      });
      await page.mouse.move(target.x, target.y);
      await page.mouse.down();
      await page.mouse.move(target.x, target.y + 200); // several metres below the ground's surface
      expect(await page.evaluate(() => window.__demo!.dragging())).toBe(target.id);
      let lowest = Infinity;
      for (let i = 0; i < 6; i++) {
        await stepDemo(page, 10);
        lowest = Math.min(lowest, (await page.evaluate((id) => window.__demo!.bodyState(id), target.id))!.y);
      }
      await page.mouse.up();
      // Its surface never sank more than a few centimetres into the ground (top at y = 0).
      expect(lowest - target.radius).toBeGreaterThan(-0.05);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("restitution: the cradle passes the striker's speed down the row; rebounds follow e²", async () => {
    const { page, errors, info } = await infoAfter("/restitution/?paused", 60);
    try {
      // At 1 s the striker (6 m/s) has hit the row (at 0.67 s): it stopped and the last ball left at 6 m/s.
      expect(Math.abs(info.strikerVx as number)).toBeLessThan(0.5);
      expect(info.lastInRowVx as number).toBeGreaterThan(5.5);
      // The last ball bounces off the wall and comes back (1.5 s): now the striker leaves to the left.
      await stepDemo(page, 40);
      const back = await page.evaluate(() => window.__demo!.info());
      expect(back.strikerVx as number).toBeLessThan(-5.5);
      expect(Math.abs(back.lastInRowVx as number)).toBeLessThan(0.5);
      await stepDemo(page, 140); // 4 s in all: every first rebound is over
      const r = await page.evaluate(() => window.__demo!.info());
      expect(r["rebound0.0"]).toBeLessThan(0.02);
      expect(r["rebound0.5"]).toBeGreaterThan(0.25 - 0.08);
      expect(r["rebound0.5"]).toBeLessThan(0.25 + 0.08);
      expect(r["rebound1.0"]).toBeGreaterThan(0.9);
      expect(r["rebound1.0"]).toBeLessThan(1.05);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("raycast: the laser reflects more than once", async () => {
    const { page, errors, info } = await infoAfter("/raycast/?paused", 10);
    try {
      expect(info.reflections as number).toBeGreaterThan(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("events: collisions start and end, and the sensor zone counts bodies", async () => {
    const { page, errors, info } = await infoAfter("/events/?paused", 600);
    try {
      expect(info.collisionStarts as number).toBeGreaterThan(0);
      expect(info.collisionEnds as number).toBeGreaterThan(0);
      expect(info.maxInZone as number).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("swept hitbox: per-frame circles miss both thin targets, swept capsules hit both; slowly, both hit", async () => {
    const { page, errors, info } = await infoAfter("/swept-hitbox/?paused", 40);
    try {
      expect(info).toMatchObject({ speed: 40, complete: true, discreteHits: 0, sweptHits: 2 });
      await page.locator("input[type=range]").fill("5");
      await stepDemo(page, 60 + 200); // let the fast swing's pause end, then one slow swing
      const slow = await page.evaluate(() => window.__demo!.info());
      expect(slow).toMatchObject({ speed: 5, complete: true });
      expect(slow.discreteHits as number).toBeGreaterThan(0);
      expect(slow.sweptHits as number).toBeGreaterThanOrEqual(slow.discreteHits as number);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("real-time loop", () => {
  it("runs through world.advance(), drawn at the interpolation alpha; paused and stepped at alpha 1", async () => {
    const { page, errors } = await harness.open("/restitution/");
    try {
      await page.waitForTimeout(500);
      const playing = await page.evaluate(() => {
        const d = window.__demo!;
        return { running: d.running, alpha: d.alpha, steps: d.world.stepCount, time: d.world.time };
      });
      expect(playing.running).toBe(true);
      expect(playing.steps).toBeGreaterThan(5);
      expect(playing.time).toBeCloseTo(playing.steps / 60, 9); // fixed steps of 1/60 s
      expect(playing.alpha).toBeGreaterThanOrEqual(0);
      expect(playing.alpha).toBeLessThan(1);
      const paused = await page.evaluate(() => {
        window.__demo!.pause();
        return window.__demo!.alpha;
      });
      expect(paused).toBe(1);
      await stepDemo(page, 1);
      expect(await page.evaluate(() => window.__demo!.alpha)).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("index page", () => {
  it("links every demo and lab page, and every link resolves", async () => {
    const { page, errors } = await harness.open("/", { hook: null });
    try {
      const links = await page.$$eval("a", (as) => as.map((a) => (a as HTMLAnchorElement).href));
      for (const name of DEMOS) expect(links).toContain(`${harness.server.url}/${name}/`);
      for (const lab of ["integrators", "solver", "pipeline"]) expect(links).toContain(`${harness.server.url}/lab/${lab}/`);
      for (const link of links) {
        const response = await page.request.get(link);
        expect(response.status(), link).toBe(200);
      }
      await screenshot(page, "index");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("pile performance (measured, not asserted)", () => {
  it("records fps and ms per step with 2000 bodies", async () => {
    const { page, errors } = await harness.open("/pile/?count=2000");
    try {
      await runFor(page, 2000); // let the initial drop settle a little
      const start = await page.evaluate(() => ({ frames: window.__demo!.frames, steps: window.__demo!.world.stepCount, t: performance.now() }));
      await page.waitForTimeout(4000);
      const stats = await page.evaluate(() => window.__demo!.stats());
      const end = await page.evaluate(() => ({ frames: window.__demo!.frames, steps: window.__demo!.world.stepCount, t: performance.now() }));
      const seconds = (end.t - start.t) / 1000;
      const result = {
        bodies: stats.bodies,
        fps: (end.frames - start.frames) / seconds,
        stepsPerSecond: (end.steps - start.steps) / seconds,
        msPerStep: stats.msPerStep,
        msPerDraw: stats.msPerDraw,
      };
      mkdirSync("test-results", { recursive: true });
      writeFileSync("test-results/pile-perf.json", JSON.stringify(result, null, 2) + "\n");
      console.log(`pile with ${result.bodies} bodies: ${result.fps.toFixed(1)} fps, ${result.stepsPerSecond.toFixed(1)} steps/s, ` +
        `${result.msPerStep.toFixed(2)} ms/step, ${result.msPerDraw.toFixed(2)} ms/draw`);
      expect(result.bodies).toBe(2000 + 3); // + ground and two walls
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
