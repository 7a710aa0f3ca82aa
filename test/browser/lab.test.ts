/**
 * The teaching lab pages in Chromium: each loads without a console error,
 * draws, advances when stepped, and (where there is a body to drag) follows
 * the mouse. The integrator page's energy plot must show what the page
 * teaches: explicit Euler gains energy on the spring, the other two do not;
 * the joint page's separation plot that stiffer joints and more sub-steps
 * keep a long chain together better than soft joints or one sub-step.
 *
 * Screenshots go to test-results/lab-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { dragBody, haveChromium, inkFraction, screenshot, startHarness, stepDemo, type Harness } from "./harness.js";

/** What examples/lab/integrators/main.ts puts on `window.__lab` (the parts used here). */
interface IntegratorLab {
  scene: string;
  dt: number;
  running: boolean;
  integrators: string[];
  worlds: { time: number; stepCount: number; bodies: { position: { x: number; y: number } }[] }[];
  alpha: number;
  energy: { times: number[]; values: number[][] };
  error: { times: number[]; values: number[][] };
  step(n: number): void;
  pause(): void;
  play(): void;
  setScene(name: string): void;
  setDt(dt: number): void;
  draw(): void;
}

interface PipelineFrame {
  stepCount: number;
  pairs: { a: number; b: number; touching: boolean }[];
  contacts: { a: number; b: number; points: { depth: number; normalImpulse: number; tangentImpulse: number }[] }[];
}

/** What examples/lab/joints/main.ts puts on `window.__jointLab` (the parts used here). */
interface JointLab {
  running: boolean;
  spec: { links: number; massRatio: number; start: string };
  shown: string[];
  settings: string[];
  worst: number[];
  kicks: number;
  worlds: { time: number; stepCount: number; options: Record<string, unknown> }[];
  balls: { velocity: { x: number; y: number } }[];
  separation: { times: number[]; values: number[][] };
  stretch: { times: number[]; values: number[][] };
  step(n: number): void;
  pause(): void;
  restart(): void;
  kick(): void;
  show(ids: string[]): void;
  configure(changes: { links?: number; massRatio?: number; start?: string }): void;
  draw(): void;
}

declare global {
  interface Window {
    __lab?: IntegratorLab;
    __jointLab?: JointLab;
    __solverLab?: {
      settings: Record<string, unknown>;
      penetration: { times: number[]; values: number[][] };
      energy: { times: number[]; values: number[][] };
      apply(changes: Record<string, unknown>): void;
    };
    __pipeline?: { frame: PipelineFrame | null };
  }
}

const chromium = haveChromium();
if (!chromium) console.warn("lab.test.ts: /usr/bin/chromium is missing, browser tests skipped (apt-get install -y chromium)");

describe.skipIf(!chromium)("teaching lab pages", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h?.close();
  });

  describe("integrators", () => {
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await h.open("/lab/integrators/?scene=spring", { hook: "__lab" }));
      await page.evaluate(() => window.__lab!.pause());
    });

    it("loads with no console error and draws the three worlds and the plots", async () => {
      await page.evaluate(() => {
        window.__lab!.step(30);
        window.__lab!.draw();
      });
      for (const integrator of ["explicit-euler", "semi-implicit-euler", "velocity-verlet"]) {
        // not blank: the anchor, spring and ball always leave ink (how much depends on where the
        // ball is, which depends on how many frames played before the pause)
        expect(await inkFraction(page, `canvas[data-integrator="${integrator}"]`)).toBeGreaterThan(0.003);
      }
      expect(await inkFraction(page, '[data-plot="energy"] canvas')).toBeGreaterThan(0.005);
      expect(errors).toEqual([]);
    });

    it("advances all three worlds in lock-step when stepped", async () => {
      const before = await page.evaluate(() => window.__lab!.worlds.map((w) => ({ t: w.time, x: w.bodies[0]!.position.x })));
      await page.evaluate(() => window.__lab!.step(20));
      const after = await page.evaluate(() => window.__lab!.worlds.map((w) => ({ t: w.time, x: w.bodies[0]!.position.x })));
      for (let i = 0; i < 3; i++) {
        expect(after[i]!.t).toBeCloseTo(before[i]!.t + 20 / 60, 9);
        expect(after[i]!.x).not.toBe(before[i]!.x);
      }
    });

    it("plots explicit Euler's spring energy rising while semi-implicit Euler and Verlet stay bounded", async () => {
      // Restart the spring at dt = 1/60 and run 10 simulated seconds (5 periods).
      const energy = await page.evaluate(() => {
        const lab = window.__lab!;
        lab.setScene("spring");
        lab.pause();
        lab.setDt(1 / 60);
        lab.step(600);
        return lab.energy;
      });
      expect(energy.times.length).toBe(601);
      const [explicit, semi, verlet, exact] = energy.values as [number[], number[], number[], number[]];
      const e0 = exact[0]!;
      // Explicit Euler: E grows by exactly (1 + ω²h²) per step, ω = π: × e^(600·π²/3600) ≈ 5.2 after 600 steps.
      const growth = (1 + (Math.PI / 60) ** 2) ** 600;
      expect(explicit[600]! / e0).toBeCloseTo(growth, 2);
      for (let i = 60; i <= 600; i += 60) expect(explicit[i]!).toBeGreaterThan(explicit[i - 60]!);
      // Symplectic integrators: the energy oscillates in a band and does not drift. Semi-implicit
      // Euler's band is first order (±ωh/2 ≈ 2.7 %), Verlet's second order (< 0.1 %).
      for (const e of semi) expect(Math.abs(e / e0 - 1)).toBeLessThan(0.035);
      for (const e of verlet) expect(Math.abs(e / e0 - 1)).toBeLessThan(0.002);
      await page.evaluate(() => window.__lab!.draw());
      await screenshot(page, "lab-integrators");
    });

    it("shows velocity Verlet exact for the projectile (constant force) and the Euler methods off by ½·g·h·t", async () => {
      const error = await page.evaluate(() => {
        const lab = window.__lab!;
        lab.setScene("projectile");
        lab.pause();
        lab.step(60);
        return lab.error;
      });
      const [explicit, semi, verlet] = error.values as [number[], number[], number[]];
      const t = error.times[60]!;
      expect(t).toBeCloseTo(1, 9);
      const expected = 0.5 * 9.81 * (1 / 60) * t; // vertical offset from the exact parabola
      expect(explicit[60]!).toBeCloseTo(expected, 6);
      expect(semi[60]!).toBeCloseTo(expected, 6);
      expect(verlet[60]!).toBeLessThan(1e-9);
      expect(errors).toEqual([]);
    });

    it("plays in real time through world.advance(), the three worlds in lock-step, one plot sample per step", async () => {
      await page.evaluate(() => {
        const lab = window.__lab!;
        lab.setScene("spring"); // restarts and plays
        lab.setDt(1 / 120);
        lab.play();
      });
      // until it has stepped more than 10 times on its own (waited for, not timed)
      await page.waitForFunction(() => window.__lab!.worlds[0]!.stepCount > 10, undefined, { timeout: 30_000 });
      const playing = await page.evaluate(() => ({ running: window.__lab!.running, alpha: window.__lab!.alpha }));
      expect(playing.running).toBe(true);
      expect(playing.alpha).toBeGreaterThanOrEqual(0);
      expect(playing.alpha).toBeLessThanOrEqual(1);
      const state = await page.evaluate(() => {
        const lab = window.__lab!;
        lab.pause();
        return {
          alpha: lab.alpha,
          worlds: lab.worlds.map((w) => ({ steps: w.stepCount, t: w.time })),
          samples: lab.energy.times.length,
          lastSampleTime: lab.energy.times.at(-1),
        };
      });
      expect(state.alpha).toBe(1);
      const steps = state.worlds[0]!.steps;
      expect(steps).toBeGreaterThan(10);
      for (const w of state.worlds) expect(w).toEqual(state.worlds[0]);
      expect(state.samples).toBe(steps + 1);
      expect(state.lastSampleTime).toBe(state.worlds[0]!.t);
      expect(errors).toEqual([]);
    });

    // No drag test here: the page deliberately has no mouse drag (pulling one
    // world's body would break the side-by-side comparison the page is for).
  });

  describe("solver", () => {
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await h.open("/lab/solver/"));
    });

    it("loads with no console error, draws the stack and advances when stepped", async () => {
      const steps = await stepDemo(page, 60);
      expect(steps).toBeGreaterThanOrEqual(60);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      const samples = await page.evaluate(() => window.__solverLab!.penetration.times.length);
      expect(samples).toBeGreaterThanOrEqual(60);
      expect(errors).toEqual([]);
    });

    it("rebuilds the world with the options chosen in the controls", async () => {
      await page.locator("label.demo-control", { hasText: /^solver/ }).locator("select").selectOption("pgs");
      await page.locator("label.demo-control", { hasText: "position correction" }).locator("select").selectOption("ngs");
      const state = await page.evaluate(() => {
        const w = window.__demo!.world;
        return { solver: w.options.solver, correction: w.options.positionCorrection, stepCount: w.stepCount };
      });
      expect(state).toEqual({ solver: "pgs", correction: "ngs", stepCount: 0 });
      // A PGS stack with NGS correction settles: after 3 s the deepest overlap is a few slops at most.
      await stepDemo(page, 180);
      const penetration = await page.evaluate(() => window.__solverLab!.penetration.values[0]!.at(-1)!);
      expect(penetration).toBeLessThan(20); // mm
      expect(errors).toEqual([]);
    });

    it("lets the mouse drag a body", async () => {
      const r = await dragBody(page, { dyPixels: 80, steps: 40 });
      expect(r.after.y - r.before.y).toBeGreaterThan(0.3);
      await screenshot(page, "lab-solver");
      expect(errors).toEqual([]);
    });
  });

  describe("pipeline", () => {
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ page, errors } = await h.open("/lab/pipeline/"));
    });

    it("starts paused and shows one step's pairs, manifolds and impulses after Step", async () => {
      expect(await page.evaluate(() => window.__demo!.running)).toBe(false);
      await page.locator('button[data-test="step"]').click();
      const frame = await page.evaluate(() => window.__pipeline!.frame!);
      expect(frame.stepCount).toBe(1);
      expect(frame.pairs.length).toBeGreaterThan(0);
      // The box and the ball rest on the ground: touching, pushed apart by positive normal impulses.
      expect(frame.contacts.length).toBeGreaterThan(0);
      const impulses = frame.contacts.flatMap((c) => c.points.map((p) => p.normalImpulse));
      expect(Math.max(...impulses)).toBeGreaterThan(0);
      for (const n of impulses) expect(n).toBeGreaterThanOrEqual(0);
      // The table lists every pair and one row per contact point.
      const pairRows = await page.locator('[data-table="pairs"] tr').count();
      const pointRows = await page.locator('[data-table="contacts"] tr').count();
      expect(pairRows).toBe(frame.pairs.length + 1);
      expect(pointRows).toBe(frame.contacts.reduce((n, c) => n + c.points.length, 0) + 1);
      expect(await page.locator('[data-test="pipeline-table"]').textContent()).toContain("Step 1");
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      expect(errors).toEqual([]);
    });

    it("advances one step per Step and keeps the table in step with the world", async () => {
      const steps = await stepDemo(page, 5);
      expect(steps).toBe(6);
      const frame = await page.evaluate(() => window.__pipeline!.frame!);
      expect(frame.stepCount).toBe(6);
      await page.evaluate(() => window.__demo!.step(0));
      expect(await page.locator('[data-test="pipeline-table"]').textContent()).toContain("Step 6");
    });

    it("lists the stages of a step from STEP_STAGES with the last step's milliseconds from world.profile", async () => {
      await stepDemo(page, 1);
      const rows = await page.locator('[data-table="stages"] tr').count();
      const cells = await page.$$eval('[data-table="stages"] td[data-stage]', (tds) =>
        tds.map((td) => ({ stage: (td as HTMLElement).dataset.stage!, text: td.textContent ?? "" })),
      );
      const profile = await page.evaluate(() => ({ ...window.__demo!.world.profile }));
      // One row per stage of the profile (every key but "total"), the whole step, and the header.
      const stages = Object.keys(profile).filter((k) => k !== "total");
      expect(rows).toBe(stages.length + 2);
      expect(cells.map((c) => c.stage)).toEqual([...stages, "total"]);
      for (const c of cells) {
        expect(Number(c.text)).toBeGreaterThanOrEqual(0);
        expect(Number(c.text)).toBeCloseTo(profile[c.stage as keyof typeof profile], 2);
      }
      expect(errors).toEqual([]);
    });

    it("lets the mouse drag a body", async () => {
      const r = await dragBody(page, { dyPixels: 80, steps: 40 });
      expect(r.after.y - r.before.y).toBeGreaterThan(0.3);
      await screenshot(page, "lab-pipeline");
      expect(errors).toEqual([]);
    });
  });

  describe("joints", () => {
    let page: Page;
    let errors: string[];
    /** The settings this test compares (ids from examples/lab/joints/chain.ts). */
    const COMPARED = ["soft", "box2d-v3", "stiff-16", "substeps-1", "default", "no-projection", "substeps-8", "pgs-8", "pgs-ngs"];
    /** After 240 steps: each compared setting's separation and stretch series, by id. */
    let series: Record<string, { separation: number[]; stretch: number[] }>;
    let times: number[];

    beforeAll(async () => {
      ({ page, errors } = await h.open("/lab/joints/?paused", { hook: "__jointLab" }));
      // A 30-link chain with an end mass 10× a link's, released from horizontal, 4 simulated seconds,
      // stepped by the test (never by the clock): the same steps give the same numbers on every run.
      const data = await page.evaluate((ids) => {
        const lab = window.__jointLab!;
        lab.pause();
        lab.configure({ links: 30, massRatio: 10, start: "horizontal" });
        lab.show(ids);
        lab.step(240);
        lab.draw();
        return { shown: lab.shown, separation: lab.separation, stretch: lab.stretch };
      }, COMPARED);
      expect(data.shown).toEqual(COMPARED);
      times = data.separation.times;
      series = {};
      data.shown.forEach((id, i) => {
        series[id] = { separation: data.separation.values[i]!, stretch: data.stretch.values[i]! };
      });
    });

    it("loads with no console error and draws every chain and both plots", async () => {
      expect(await page.evaluate(() => window.__jointLab!.running)).toBe(false);
      for (const id of COMPARED) {
        expect(await inkFraction(page, `canvas[data-setting="${id}"]`)).toBeGreaterThan(0.003);
      }
      expect(await inkFraction(page, '[data-plot="separation"] canvas')).toBeGreaterThan(0.005);
      expect(await inkFraction(page, '[data-plot="stretch"] canvas')).toBeGreaterThan(0.005);
      // One summary row per setting, and the header.
      expect(await page.locator('[data-table="summary"] tr').count()).toBe(COMPARED.length + 1);
      expect(errors).toEqual([]);
    });

    it("records one finite separation and stretch sample per step for every setting", async () => {
      expect(times.length).toBe(241); // t = 0 and each step
      expect(times[240]).toBeCloseTo(4, 9);
      for (const id of COMPARED) {
        const { separation, stretch } = series[id]!;
        expect(separation.length).toBe(241);
        expect(stretch.length).toBe(241);
        for (const v of separation) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        for (const v of stretch) expect(Number.isFinite(v)).toBe(true);
        // built with the joints closed: nothing apart before the first step
        expect(separation[0]!).toBeLessThan(1e-6);
      }
      // the page's "worst so far" is the maximum of the plotted series
      const worst = await page.evaluate(() => window.__jointLab!.worst);
      COMPARED.forEach((id, i) => expect(worst[i]).toBe(Math.max(...series[id]!.separation)));
    });

    it("shows stiffer joints and more sub-steps keeping the chain together better than the softest settings", () => {
      const worst = (id: string) => Math.max(...series[id]!.separation);
      const finalStretch = (id: string) => series[id]!.stretch.at(-1)!;
      // Soft joints: the stiffer, the smaller the gaps. 10 Hz joints come apart by decimetres,
      // Box2D v3's 60 Hz by centimetres at most, 240 Hz (16 sub-steps allow it) less again.
      const soft = worst("soft");
      expect(soft).toBeGreaterThan(100); // mm
      expect(worst("box2d-v3")).toBeLessThan(soft / 5);
      expect(worst("stiff-16")).toBeLessThan(worst("box2d-v3"));
      expect(finalStretch("stiff-16")).toBeLessThan(finalStretch("box2d-v3"));
      expect(finalStretch("box2d-v3")).toBeLessThan(finalStretch("soft"));
      // Sub-steps, all else the World's defaults: one sub-step comes apart by far the most.
      const one = worst("substeps-1");
      expect(one).toBeGreaterThan(5 * worst("default"));
      expect(worst("substeps-8")).toBeLessThanOrEqual(worst("default"));
      // Every stiffer or more sub-stepped setting holds better than the softest one.
      for (const id of ["box2d-v3", "stiff-16", "default", "substeps-8"]) expect(worst(id)).toBeLessThan(Math.min(soft, one) / 5);
    });

    it("kicks every end mass by the same speed between the same steps, and keeps the runs in lock-step", async () => {
      const r = await page.evaluate(() => {
        const lab = window.__jointLab!;
        const before = lab.balls.map((b) => b.velocity.x);
        lab.kick();
        const after = lab.balls.map((b) => b.velocity.x);
        lab.step(30);
        return {
          kicks: lab.kicks,
          dv: after.map((v, i) => v - before[i]!),
          worlds: lab.worlds.map((w) => ({ steps: w.stepCount, t: w.time })),
          samples: lab.separation.times.length,
          last: lab.separation.values.map((v) => v.at(-1)!),
        };
      });
      expect(r.kicks).toBe(1);
      for (const dv of r.dv) expect(dv).toBeCloseTo(5, 9);
      for (const w of r.worlds) expect(w).toEqual({ steps: 270, t: r.worlds[0]!.t });
      expect(r.samples).toBe(271);
      for (const v of r.last) expect(Number.isFinite(v)).toBe(true);
      await page.evaluate(() => window.__jointLab!.draw());
      await screenshot(page, "lab-joints");
      expect(errors).toEqual([]);
    });

    it("rebuilds the worlds from the controls: a setting switched on, the chain changed, reset", async () => {
      await page.locator('input[data-control="show-pgs-30"]').check();
      await page.locator('select[data-control="start"]').selectOption("hanging");
      const state = await page.evaluate(() => {
        const lab = window.__jointLab!;
        return {
          shown: lab.shown,
          start: lab.spec.start,
          steps: lab.worlds.map((w) => w.stepCount),
          options: lab.worlds.map((w) => [w.options.solver, w.options.velocityIterations]),
          samples: lab.separation.values.map((v) => v.length),
        };
      });
      expect(state.shown).toContain("pgs-30");
      expect(state.shown.length).toBe(COMPARED.length + 1);
      expect(state.start).toBe("hanging");
      for (const s of state.steps) expect(s).toBe(0);
      expect(state.options[state.shown.indexOf("pgs-30")]).toEqual(["pgs", 30]);
      for (const n of state.samples) expect(n).toBe(1);
      await page.locator('button[data-control="step"]').click();
      await page.locator('button[data-control="reset"]').click();
      expect(await page.evaluate(() => window.__jointLab!.worlds.map((w) => w.stepCount))).toEqual(
        new Array(COMPARED.length + 1).fill(0),
      );
      expect(errors).toEqual([]);
    });
  });
});
