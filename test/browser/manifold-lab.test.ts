/**
 * The pipeline lab's manifold page (examples/lab/pipeline/manifold/) in
 * Chromium: it loads without a console error and draws; the manifold it
 * displays (its table's full-precision data-value cells) is exactly what
 * `collide(a, b, margin)` returns for the page's two shapes — at the start,
 * after the mouse drags a polygon and after the wheel turns it, for a
 * rounded box, and for a gap inside and outside the speculative margin; each
 * stage's panel shows the traced axes, reference face and clip.
 *
 * Every wait is on a condition (the page's revision counter, which it bumps
 * whenever it traces the pair again), never a fixed sleep.
 *
 * Screenshots go to test-results/lab-manifold-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { haveChromium, inkFraction, screenshot, startHarness, type Harness } from "./harness.js";

interface ShownManifold {
  normal: { x: number; y: number };
  depth: number;
  points: { x: number; y: number; depth: number; id: number }[];
}

interface Pose {
  x: number;
  y: number;
  angle: number;
  clientX: number;
  clientY: number;
}

/** What examples/lab/pipeline/manifold/main.ts puts on `window.__manifoldLab` (the parts used here). */
interface ManifoldLab {
  revision: number;
  stage: string;
  trace: {
    axes: { owner: string; edge: number; separation: number }[];
    reference: { owner: string; edge: number } | null;
    clip: { ends: number } | null;
    manifold: ShownManifold | null;
  };
  collide(): ShownManifold | null;
  pose(which: 0 | 1): Pose;
  setPose(which: 0 | 1, pose: { x?: number; y?: number; angle?: number }): void;
  setStage(i: number): void;
}

declare global {
  interface Window {
    __manifoldLab?: ManifoldLab;
  }
}

/** The manifold as the page displays it, read back from the DOM (null when it shows "no manifold"). */
async function displayed(page: Page): Promise<ShownManifold | null> {
  return page.evaluate(() => {
    const table = document.querySelector('[data-table="manifold"]');
    if (table === null) {
      if (document.querySelector('[data-test="no-manifold"]') === null) throw new Error("the page shows neither a manifold nor 'no manifold'");
      return null;
    }
    const values = (row: Element) => Array.from(row.querySelectorAll<HTMLElement>("td[data-value]"), (td) => Number(td.dataset.value));
    const [nx, ny, depth] = values(table.querySelector('tr[data-row="normal"]')!);
    const points = Array.from(table.querySelectorAll('tr[data-row="point"]'), (row) => {
      const [x, y, d, id] = values(row);
      return { x: x!, y: y!, depth: d!, id: id! };
    });
    return { normal: { x: nx!, y: ny! }, depth: depth!, points };
  });
}

/** The displayed manifold equals collide() called afresh on the page's shapes, number for number. */
async function expectShownIsCollide(page: Page): Promise<ShownManifold | null> {
  const shown = await displayed(page);
  const fresh = await page.evaluate(() => window.__manifoldLab!.collide());
  expect(shown).toEqual(fresh);
  return shown;
}

const revision = (page: Page) => page.evaluate(() => window.__manifoldLab!.revision);

/** Wait until the page has traced the pair again since revision `before`, and has drawn the table for it. */
async function waitForUpdate(page: Page, before: number): Promise<void> {
  await page.waitForFunction(
    (r) => {
      const lab = window.__manifoldLab!;
      if (lab.revision <= r) return false;
      const table = document.querySelector('[data-table="manifold"]') as HTMLElement | null;
      return table === null ? document.querySelector('[data-test="no-manifold"]') !== null : Number(table.dataset.revision) === lab.revision;
    },
    before,
    { timeout: 10_000 },
  );
}

const chromium = haveChromium();
if (!chromium) console.warn("manifold-lab.test.ts: /usr/bin/chromium is missing, browser tests skipped (apt-get install -y chromium)");

describe.skipIf(!chromium)("pipeline lab: a polygon manifold, step by step", () => {
  let h: Harness;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    h = await startHarness();
    ({ page, errors } = await h.open("/lab/pipeline/manifold/", { hook: "__manifoldLab" }));
  });

  afterAll(async () => {
    await h?.close();
  });

  it("loads, draws, and displays collide()'s manifold of the two shapes: the pentagon resting on the box, two points", async () => {
    const shown = await expectShownIsCollide(page);
    expect(shown).not.toBeNull();
    // the start: the pentagon's bottom face 2 cm into the box's top, turned 0.03 rad from it: two clipped points
    expect(shown!.points.length).toBe(2);
    expect(shown!.depth).toBeGreaterThan(0.02);
    expect(await inkFraction(page, '[data-test="manifold-canvas"]')).toBeGreaterThan(0.02);
    expect(errors).toEqual([]);
  });

  it("follows the mouse: a drag moves the polygon, and the displayed manifold is collide()'s again", async () => {
    const before = await page.evaluate(() => window.__manifoldLab!.pose(1));
    const r0 = await revision(page);
    await page.mouse.move(before.clientX, before.clientY);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(before.clientX + 8 * i, before.clientY + 3 * i);
    await page.mouse.up();
    await waitForUpdate(page, r0);
    const after = await page.evaluate(() => window.__manifoldLab!.pose(1));
    // 40 px right and 15 px down on the screen: world x grows, y shrinks, by the same pixels
    expect(after.clientX - before.clientX).toBeCloseTo(40, 0);
    expect(after.clientY - before.clientY).toBeCloseTo(15, 0);
    expect(after.x).toBeGreaterThan(before.x);
    expect(after.y).toBeLessThan(before.y);
    expect(await expectShownIsCollide(page)).not.toBeNull();
  });

  it("turns the polygon under the wheel, 2° a notch, and displays the new manifold", async () => {
    const before = await page.evaluate(() => window.__manifoldLab!.pose(1));
    const r0 = await revision(page);
    await page.mouse.move(before.clientX, before.clientY);
    await page.mouse.wheel(0, 100);
    await waitForUpdate(page, r0);
    const after = await page.evaluate(() => window.__manifoldLab!.pose(1));
    expect(after.angle - before.angle).toBeCloseTo(-Math.PI / 90, 12);
    await expectShownIsCollide(page);
  });

  it("a rounded box 1 cm above the box: a speculative manifold within the 2 cm margin, none with the margin at 0", async () => {
    let r0 = await revision(page);
    await page.locator('[data-control="shape-b"]').selectOption("rounded-box");
    await waitForUpdate(page, r0);
    await expectShownIsCollide(page);
    // both unturned: the box's top at y = 0.45; the rounded box (half 0.7 × 0.35, radius 0.15) at y = 0.96 has its
    // surface at 0.96 − 0.5 = 0.46: a gap of 1 cm, depth −0.01, along +y, its two ends clipped
    r0 = await revision(page);
    await page.evaluate(() => {
      const lab = window.__manifoldLab!;
      lab.setPose(0, { x: 0, y: 0, angle: 0 });
      lab.setPose(1, { x: 0.3, y: 0.96, angle: 0 });
    });
    await waitForUpdate(page, r0);
    const shown = await expectShownIsCollide(page);
    expect(shown!.depth).toBeCloseTo(-0.01, 12);
    expect(shown!.normal).toEqual({ x: 0, y: 1 });
    expect(shown!.points.length).toBe(2);
    r0 = await revision(page);
    await page.locator('[data-control="margin"]').fill("0");
    await waitForUpdate(page, r0);
    expect(await expectShownIsCollide(page)).toBeNull();
    r0 = await revision(page);
    await page.locator('[data-control="margin"]').fill("0.02");
    await waitForUpdate(page, r0);
    expect(await expectShownIsCollide(page)).not.toBeNull();
  });

  it("shows each stage from the trace: the axes with their separations, the reference face, the clip, the points", async () => {
    await page.evaluate(() => window.__manifoldLab!.setPose(1, { x: 0.3, y: 0.9, angle: 0.05 }));
    const stages = ["axes", "reference", "clip", "margin", "points"];
    for (let i = 0; i < stages.length; i++) {
      await page.locator(`button[data-control="stage-${stages[i]}"]`).click();
      await page.waitForFunction((want) => window.__manifoldLab!.stage === want, stages[i]);
      expect(await page.locator('[data-test="stage-panel"] h2').textContent()).toContain(`Stage ${i + 1} of 5`);
      if (stages[i] === "axes") {
        const trace = await page.evaluate(() => window.__manifoldLab!.trace);
        // a box and a rounded box 6.5 cm apart (less than the radii + margin): every edge normal of both is tried, 4 + 4
        expect(trace.axes.length).toBe(8);
        const cells = await page.$$eval('[data-table="axes"] tr[data-axis] td[data-value]', (tds) => tds.map((td) => Number((td as HTMLElement).dataset.value)));
        expect(cells).toEqual(trace.axes.map((x) => x.separation));
        const marked = await page.locator('[data-table="axes"] tr.reference').count();
        expect(marked).toBe(1);
        // the reference is the first axis of largest separation (ties go to A, then to the lower index)
        const best = trace.axes.reduce((b, x) => (x.separation > b.separation ? x : b));
        expect(trace.reference).toMatchObject({ owner: best.owner, edge: best.edge });
      }
      if (stages[i] === "clip") {
        expect(await page.locator('[data-table="clip"] tr').count()).toBe(3);
      }
      await screenshot(page, `lab-manifold-${stages[i]}`);
    }
    await expectShownIsCollide(page);
    expect(errors).toEqual([]);
  });
});
