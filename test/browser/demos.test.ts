/**
 * Every demo page in headless Chromium: it loads without console errors, its
 * canvas is drawn on, the simulation advances when stepped, and dragging a
 * body with the mouse moves it. A screenshot of each page is saved under
 * test-results/. The pile's frame rate with 2000 bodies is measured and
 * written to test-results/pile-perf.json (reported, never asserted).
 * The mouse drag goes through a motor joint (examples/shared/drag.ts), and
 * the joint pages (ragdolls, chain) are checked against what they claim:
 * joints that hold together, bodies that come to rest.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { dragBody, inkFraction, runFor, screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

const DEMOS = ["pile", "stacks", "restitution", "raycast", "events", "swept-hitbox", "ragdolls", "chain", "character"] as const;

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

  it("character: → walks over tiles and up and down the stairs, stops at the 0.6 m ledge; a jump clears it and it runs on to the crates, pushing them", async () => {
    const { page, errors } = await harness.open("/character/?paused");
    try {
      const info = () => page.evaluate(() => window.__demo!.info());
      await stepDemo(page, 10);
      const start = await info();
      expect(start.grounded).toBe(true);
      await page.keyboard.down("ArrowRight");
      expect((await info()).direction).toBe(1);
      let airborne = 0;
      let top = 0;
      for (let i = 0; i < 60; i++) {
        await stepDemo(page, 5);
        const s = await info();
        if (!s.grounded) airborne++;
        top = Math.max(top, s.y as number);
      }
      const atLedge = await info();
      // up three 0.3 m steps (the feet 0.9 m up: the centre at 1.61) and down again, grounded at every sample
      expect(top).toBeGreaterThan(1.55);
      expect(airborne).toBe(0);
      // stopped by the 0.6 m ledge at x = 4 (radius 0.3, skin 0.01)
      expect(atLedge.x as number).toBeGreaterThan(3.6);
      expect(atLedge.x as number).toBeLessThan(3.7);
      expect(atLedge.onWall).toBe(true);
      // jump onto the ledge and run on: up the ramp, over the shelf, down the steep side to the crates
      await page.keyboard.down("ArrowUp");
      await stepDemo(page, 3);
      await page.keyboard.up("ArrowUp");
      const crates = () => page.evaluate(() => window.__demo!.world.bodies.filter((b) => b.label === "crate").map((b) => b.position.x));
      const before = await crates();
      await stepDemo(page, 300);
      const after = await info();
      await page.keyboard.up("ArrowRight");
      expect(after.x as number).toBeGreaterThan(14);
      const moved = (await crates()).map((x, i) => x - before[i]!);
      expect(Math.max(...moved)).toBeGreaterThan(0.5);
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

describe("mouse drag", () => {
  it("holds the body with a motor joint from a ground body that collides with nothing and is not counted; release removes both", async () => {
    const { page, errors } = await infoAfter("/stacks/?paused", 30);
    try {
      const before = await page.evaluate(() => ({ bodies: window.__demo!.world.bodies.length, joints: window.__demo!.world.joints.length }));
      expect(before.joints).toBe(0);
      const target = (await page.evaluate(() => window.__demo!.dragCandidate()))!;
      await page.mouse.move(target.x, target.y);
      await page.mouse.down();
      await page.mouse.move(target.x, target.y - 100);
      const held = await page.evaluate(() => {
        const d = window.__demo!;
        const w = d.world;
        return {
          dragging: d.dragging(),
          worldBodies: w.bodies.length,
          counted: d.stats().bodies,
          joints: w.joints.map((j) => ({ type: j.type, a: j.bodyA.type, b: j.bodyB.id, filter: j.bodyA.collisionFilter })),
        };
      });
      expect(held.dragging).toBe(target.id);
      expect(held.joints).toEqual([{ type: "motor", a: "static", b: target.id, filter: { category: 0, mask: 0, group: 0 } }]);
      expect(held.worldBodies).toBe(before.bodies + 1);
      expect(held.counted).toBe(before.bodies);
      const y0 = (await page.evaluate((id) => window.__demo!.bodyState(id), target.id))!.y;
      await stepDemo(page, 60);
      const y1 = (await page.evaluate((id) => window.__demo!.bodyState(id), target.id))!.y;
      expect(y1 - y0).toBeGreaterThan(0.5); // pulled up towards the pointer
      await page.mouse.up();
      const after = await page.evaluate(() => ({
        dragging: window.__demo!.dragging(),
        bodies: window.__demo!.world.bodies.length,
        joints: window.__demo!.world.joints.length,
      }));
      expect(after).toEqual({ dragging: null, bodies: before.bodies, joints: 0 });
      await stepDemo(page, 5); // stepping after the release is fine
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("joint demos", () => {
  /** The largest distance any dynamic body moves over `steps` steps, m. */
  async function largestMove(page: import("playwright-core").Page, steps: number): Promise<number> {
    const start = await page.evaluate(() =>
      window.__demo!.world.bodies.filter((b) => b.type === "dynamic").map((b) => [b.id, b.position.x, b.position.y] as const),
    );
    await stepDemo(page, steps);
    return page.evaluate((prev) => {
      const byId = new Map(window.__demo!.world.bodies.map((b) => [b.id, b]));
      let most = 0;
      for (const [id, x, y] of prev) {
        const b = byId.get(id)!;
        most = Math.max(most, Math.hypot(b.position.x - x, b.position.y - y));
      }
      return most;
    }, start);
  }

  it("ragdolls: they fall, come to rest on the stairs with joints within 2 cm; clicks and the button drop more", async () => {
    const { page, errors, info } = await infoAfter("/ragdolls/?paused&count=6", 1);
    try {
      expect(info).toMatchObject({ ragdolls: 6, dynamic: 60, joints: 54 });
      // 10 s: they rain onto the stairs, tumble and settle.
      await stepDemo(page, 600);
      // At rest: nothing moves more than 2 cm in the next second, all on the stairs or the floor.
      expect(await largestMove(page, 60)).toBeLessThan(0.02);
      const rest = await page.evaluate(() => {
        const d = window.__demo!;
        const dyn = d.world.bodies.filter((b) => b.type === "dynamic");
        return { info: d.info(), lowest: Math.min(...dyn.map((b) => b.position.y)), xs: dyn.map((b) => b.position.x) };
      });
      console.log(
        `ragdolls at rest: worst joint separation ${((rest.info.worstSeparation as number) * 100).toFixed(2)} cm, ` +
          `max over the fall ${((rest.info.maxSeparation as number) * 100).toFixed(2)} cm, ${rest.info.sleeping} of ${rest.info.dynamic} bodies sleeping`,
      );
      expect(rest.info.worstSeparation as number).toBeLessThan(0.02);
      expect(rest.info.sleeping).toBe(rest.info.dynamic); // and asleep, islands and all
      expect(rest.lowest).toBeGreaterThan(0);
      expect(Math.min(...rest.xs)).toBeGreaterThan(-9);
      expect(Math.max(...rest.xs)).toBeLessThan(9);

      // A click on empty space high above the stairs drops one ragdoll; the button five.
      const p = await page.evaluate(() => window.__demo!.worldToClient({ x: 0, y: 9 }));
      await page.mouse.click(p.x, p.y);
      expect(await page.evaluate(() => window.__demo!.info())).toMatchObject({ ragdolls: 7, dynamic: 70, joints: 63 });
      await page.getByRole("button", { name: "drop 5" }).click();
      expect(await page.evaluate(() => window.__demo!.info())).toMatchObject({ ragdolls: 12, dynamic: 120, joints: 108 });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("ragdolls: the joints checkbox takes the joint drawing away", async () => {
    const { page, errors } = await infoAfter("/ragdolls/?paused&count=6", 1);
    try {
      const withJoints = await inkFraction(page);
      await page.locator("label", { hasText: /^\s*joints$/ }).locator("input").uncheck();
      await stepDemo(page, 0); // redraw
      const without = await inkFraction(page);
      expect(without).toBeLessThan(withJoints);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("chain: a 1:10 ball swinging on 20 links stays together; more sub-steps hold it tighter", async () => {
    const { page, errors, info } = await infoAfter("/chain/?paused", 1);
    try {
      expect(info).toMatchObject({ links: 20, massRatio: 10, subSteps: 4 });
      expect((info.ballMass as number) / (info.linkMass as number)).toBeCloseTo(10, 6);
      await stepDemo(page, 600); // 10 s of swinging
      const swung = await page.evaluate(() => window.__demo!.info());
      console.log(
        `chain 1:10, 4 sub-steps: worst joint separation ${((swung.maxSeparation as number) * 1000).toFixed(1)} mm, ` +
          `stretch up to ${((swung.maxStretch as number) * 100).toFixed(2)} %`,
      );
      expect(swung.maxSeparation as number).toBeLessThan(0.05);
      expect(swung.maxStretch as number).toBeLessThan(0.1);
      expect(swung.pivotToBall as number).toBeLessThan((swung.reach as number) * 1.1);

      await page.locator("label", { hasText: "sub-steps" }).locator("select").selectOption("16");
      await stepDemo(page, 600);
      const stiff = await page.evaluate(() => window.__demo!.info());
      expect(stiff.subSteps).toBe(16);
      expect(stiff.maxSeparation as number).toBeLessThan((swung.maxSeparation as number) / 2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("chain: hanging under a 1:100 ball with 16 sub-steps, it comes to rest and sleeps, stretched less than 1 %", async () => {
    const { page, errors } = await infoAfter("/chain/?paused&start=hanging&ratio=100&subSteps=16", 1);
    try {
      await stepDemo(page, 600);
      expect(await largestMove(page, 60)).toBeLessThan(0.005);
      const r = await page.evaluate(() => window.__demo!.info());
      expect(r).toMatchObject({ massRatio: 100, subSteps: 16, ballSleeping: true });
      expect(r.maxSeparation as number).toBeLessThan(0.01);
      expect(r.stretch as number).toBeLessThan(0.01);
      expect(Math.abs(r.ballX as number)).toBeLessThan(0.01); // straight down under the pivot
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
      // until it has stepped more than 5 times on its own (waited for, not timed)
      await page.waitForFunction(() => window.__demo!.world.stepCount > 5, undefined, { timeout: 30_000 });
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
      for (const lab of ["integrators", "solver", "pipeline", "pipeline/manifold"]) expect(links).toContain(`${harness.server.url}/lab/${lab}/`);
      for (const page of ["replay", "rollback"]) expect(links).toContain(`${harness.server.url}/${page}/`);
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
