/**
 * Browser-test harness: Debian's Chromium driven by playwright-core, the
 * example pages served by scripts/serve.mjs on a free port.
 *
 *     const h = await startHarness();
 *     const { page, errors } = await h.open("/pile/");
 *     expect(await inkFraction(page)).toBeGreaterThan(0.01);
 *     await h.close();
 *
 * No browser is ever downloaded: Chromium comes from the system package
 * (`apt-get install -y chromium`, which .ci/run does when it is missing).
 *
 * Every demo page exposes `window.__demo` (examples/shared/demo.ts,
 * `DemoHook`): pause/play/step/reset, stats, and coordinates of bodies on the
 * page, which the helpers below use.
 */
import { afterAll, beforeAll } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type ExampleServer } from "../../scripts/serve.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/browsers.mjs";
// Brings in the `window.__demo: DemoHook` declaration the helpers below rely on.
import type { DemoHook } from "../../examples/shared/demo.js";

export type { DemoHook };

export { CHROMIUM_ARGS, CHROMIUM_PATH };
export const SCREENSHOT_DIR = "test-results";

/** True when the system Chromium is installed (`.ci/run` installs it when missing). */
export function haveChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** A free TCP port on 127.0.0.1 (asks the OS for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and failed requests seen so far. */
  errors: string[];
}

export interface Harness {
  server: ExampleServer;
  context: BrowserContext;
  /** Open `path` (e.g. "/pile/"), wait for load and, unless `hook` is null, for `window[hook]`. */
  open(path: string, options?: { hook?: string | null }): Promise<OpenedPage>;
  close(): Promise<void>;
}

/** Launch Chromium with a fresh profile; `close` also deletes the profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), "capsule2d-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw e;
  }
}

/** Record console errors, uncaught exceptions, failed requests and HTTP errors of `page`. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}

export async function startHarness(): Promise<Harness> {
  const server = await startServer({ port: await freePort() });
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.stop();
    throw e;
  }
  const context = browser.context;
  return {
    server,
    context,
    async open(path, options = {}) {
      const hook = options.hook === undefined ? "__demo" : options.hook;
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(server.url + path, { waitUntil: "load" });
      if (hook) await page.waitForFunction((name) => name in window, hook, { timeout: 15_000 });
      return { page, errors };
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * How much of the page's canvases is drawn on: the fraction of sampled pixels
 * that differ from each canvas's most common colour (its background), for the
 * canvas with the most ink. 0 means blank.
 */
export async function inkFraction(page: Page, selector = "canvas"): Promise<number> {
  return page.evaluate((sel) => {
    let best = 0;
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(sel))) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      // Copy through a fresh 2D canvas so WebGL or alpha canvases read the same way.
      const copy = document.createElement("canvas");
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext("2d")!;
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
      const counts = new Map<number, number>();
      let samples = 0;
      const stride = 4 * 7; // every 7th pixel is plenty
      for (let i = 0; i < data.length; i += stride) {
        const key = (data[i]! << 24) | (data[i + 1]! << 16) | (data[i + 2]! << 8) | data[i + 3]!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        samples++;
      }
      let background = 0;
      for (const n of counts.values()) background = Math.max(background, n);
      best = Math.max(best, 1 - background / samples);
    }
    return best;
  }, selector);
}

/** Pause the demo and take `n` fixed steps; returns the world's step count afterwards. */
export async function stepDemo(page: Page, n: number): Promise<number> {
  return page.evaluate((count) => {
    const demo = window.__demo!;
    demo.pause();
    return demo.step(count);
  }, n);
}

export interface DragResult {
  id: number;
  before: { x: number; y: number };
  after: { x: number; y: number };
}

/**
 * Grab the page's drag candidate with the mouse, pull it `dyPixels` up the
 * screen (world +y) and hold it there for `steps` fixed steps, then let go.
 * The demo is paused first, so the motion comes only from those steps.
 */
export async function dragBody(page: Page, options: { dyPixels?: number; steps?: number } = {}): Promise<DragResult> {
  const dy = options.dyPixels ?? 120;
  const steps = options.steps ?? 60;
  await page.evaluate(() => window.__demo!.pause());
  const target = await page.evaluate(() => window.__demo!.dragCandidate());
  if (!target) throw new Error("the page offered no body to drag");
  const before = await bodyPosition(page, target.id);
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(target.x, target.y - (dy * i) / 5);
  await page.evaluate((n) => window.__demo!.step(n), steps);
  await page.mouse.up();
  const after = await bodyPosition(page, target.id);
  return { id: target.id, before, after };
}

async function bodyPosition(page: Page, id: number): Promise<{ x: number; y: number }> {
  const s = await page.evaluate((i) => window.__demo!.bodyState(i), id);
  if (!s) throw new Error(`body ${id} is not in the world`);
  return { x: s.x, y: s.y };
}

/** Save a screenshot as test-results/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Let the page run on its own for `ms` of wall-clock time (for measurements, never for assertions). */
export async function runFor(page: Page, ms: number): Promise<void> {
  await page.evaluate(() => window.__demo!.play());
  await page.waitForTimeout(ms);
}

/**
 * Fetch the bundles of `pages` (e.g. ["car"]): the first request makes
 * esbuild bundle every page, which on a busy machine can take longer than a
 * page is given to load, so a test file fetches them first, in its
 * `beforeAll` (under the hook's longer timeout). Throws on a status other
 * than 200.
 */
export async function fetchBundles(harness: Harness, pages: readonly string[]): Promise<void> {
  for (const name of pages) {
    const response = await fetch(`${harness.server.url}/dist/${name}/main.js`);
    if (response.status !== 200) throw new Error(`/dist/${name}/main.js: HTTP ${response.status}`);
    await response.arrayBuffer();
  }
}

/**
 * A test file's demo pages: Chromium and the server started, and the pages'
 * bundles fetched, before the file's tests (`beforeAll`), closed after them;
 * without Chromium a warning naming `file`, and `chromium` false (the file's
 * `describe.skipIf(!pages.chromium)` then skips).
 */
export function demoPages(file: string, pages: readonly string[]): { readonly chromium: boolean; open(path: string, options?: { hook?: string | null }): Promise<OpenedPage> } {
  const chromium = haveChromium();
  if (!chromium) console.warn(`${file}: /usr/bin/chromium is missing, browser tests skipped (apt-get install -y chromium)`);
  let harness: Harness | undefined;
  beforeAll(async () => {
    if (!chromium) return;
    harness = await startHarness();
    await fetchBundles(harness, pages);
  });
  afterAll(async () => {
    await harness?.close();
  });
  return { chromium, open: (path, options) => harness!.open(path, options) };
}
