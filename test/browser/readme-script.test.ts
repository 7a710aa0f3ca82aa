/**
 * The README's pages, run as written in Chromium against the built files.
 *
 * The `<script>` example (docs/small-builds.md, "Without a bundler"): dist/capsule2d.iife.min.js defines `Capsule2D`,
 * dist/debug.iife.min.js adds `Capsule2D.debug`, and the page steps a world
 * and draws it.
 *
 * The game sample: its code bundled by esbuild against the built package
 * (dist/esm, as a user's bundler would take it from node_modules) into a
 * page with a canvas. Key presses walk the player right and make it jump,
 * also up through the one-way platform onto it; the page's own animation
 * loop (`world.advance()`) steps the world and the debug renderer draws it.
 *
 * Needs `npm run build` first (`npm test` runs it). Every wait is for a
 * condition, never for a time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { build, type Plugin } from "esbuild";
import type { Page } from "playwright-core";
import { collectErrors, launchChromium } from "./harness.js";
import { ROOT as root, readmeSample } from "../support/readme-samples.js";

const MARKER = "<!-- readme-script-example -->";

/** The page from docs/small-builds.md (linked from the README): the ```html block after the marker. */
function readmePage(): string {
  const readme = readFileSync(`${root}docs/small-builds.md`, "utf8");
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/small-builds.md has no ${MARKER}`);
  const match = /```html\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match) throw new Error(`no \`\`\`html block after ${MARKER} in docs/small-builds.md`);
  return match[1]!;
}

/** The page with each `<script src="node_modules/capsule2d/dist/...">` replaced by that built file, inline. */
function inlined(html: string): { html: string; files: string[] } {
  const files: string[] = [];
  const out = html.replace(/<script src="node_modules\/capsule2d\/(dist\/[^"]+)"><\/script>/g, (_, file: string) => {
    const path = `${root}${file}`;
    if (!existsSync(path)) throw new Error(`${file} is missing: run \`npm run build\` first (\`npm test\` does it)`);
    files.push(file);
    // a </script> inside the code would end the tag early
    return `<script>${readFileSync(path, "utf8").replace(/<\/script/gi, "<\\/script")}</script>`;
  });
  return { html: out, files };
}

/** `capsule2d` and `capsule2d/<entry>` resolved to the built ES modules. */
const builtPackage: Plugin = {
  name: "built-capsule2d",
  setup(b) {
    b.onResolve({ filter: /^capsule2d(\/[\w-]+)?$/ }, (args) => {
      const entry = args.path.slice("capsule2d".length);
      const path = `${root}dist/esm/entries/${entry === "" ? "capsule2d" : entry.slice(1)}.js`;
      if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does it)`);
      return { path };
    });
  },
};

/** The sample bundled for the page, with a handle on its world and player for the test (appended, not in the README). */
async function bundle(): Promise<string> {
  const contents = `${readmeSample("game")}\nglobalThis.__game = { world, body, player, camera, ctx };\n`;
  const out = await build({
    stdin: { contents, resolveDir: root, loader: "js", sourcefile: "readme-game.js" },
    bundle: true,
    format: "esm",
    write: false,
    plugins: [builtPackage],
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
});

/** Each test on a page of its own (the last one's animation loop stops with it). */
beforeEach(async () => {
  await page?.close();
  page = await browser.context.newPage();
  errors = collectErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe("the README's <script> example", () => {
  it("loads both script builds, steps the world and draws it with Capsule2D.debug", async () => {
    const { html, files } = inlined(readmePage());
    expect(files).toEqual(["dist/capsule2d.iife.min.js", "dist/debug.iife.min.js"]);
    // an exception in the page (in a frame, say) fails the test at once instead of leaving the wait below to time out
    const pageError = new Promise<never>((_, reject) => page.once("pageerror", (e) => reject(e)));
    await Promise.race([page.setContent(html), pageError]);
    // the page's own animation loop steps the world; wait (no time limit is asserted) until 1.5 s are simulated
    await Promise.race([page.waitForFunction("world.time >= 1.5", undefined, { timeout: 30_000 }), pageError]);
    const state = (await page.evaluate(`(() => {
      const s = camera.worldToScreen(ball.position);
      const pixel = Array.from(ctx.getImageData(Math.floor(s.x), Math.floor(s.y), 1, 1).data.slice(0, 3));
      const corner = Array.from(ctx.getImageData(2, 2, 1, 1).data.slice(0, 3));
      return { debugKeys: Object.keys(Capsule2D.debug).sort(), y: ball.position.y, pixel, corner };
    })()`)) as { debugKeys: string[]; y: number; pixel: number[]; corner: number[] };
    expect(errors).toEqual([]);
    expect(state.debugKeys).toContain("drawWorld");
    expect(state.y).toBeLessThan(5.5); // the ball fell from y = 6
    expect(state.y).toBeGreaterThan(0); // and did not go through the floor
    expect(state.corner).toEqual([0x11, 0x14, 0x1b]); // the renderer's background
    expect(state.pixel).not.toEqual(state.corner); // and the ball drawn where it is
  });
});

interface GameState {
  x: number;
  y: number;
  grounded: boolean;
  time: number;
}

const state = (): Promise<GameState> =>
  page.evaluate(
    `(() => { const g = globalThis.__game; return { x: g.body.position.x, y: g.body.position.y, grounded: g.player.isGrounded, time: g.world.time }; })()`,
  ) as Promise<GameState>;

describe("the README's game", () => {
  it("walks right and jumps on key presses, stepped by advance() and drawn by the debug renderer", async () => {
    const script = (await bundle()).replace(/<\/script/gi, "<\\/script");
    const pageError = new Promise<never>((_, reject) => page.once("pageerror", (e) => reject(e)));
    await Promise.race([page.setContent(`<!doctype html><canvas width="640" height="360"></canvas><script type="module">${script}</script>`), pageError]);
    const race = <T>(p: Promise<T>) => Promise.race([p, pageError]);
    const until = (condition: string) => race(page.waitForFunction(condition, undefined, { timeout: 30_000 }));

    // it settles on the floor: the capsule's bottom at the tiles' top (y = 0), standing
    await until("globalThis.__game && __game.world.time >= 0.5 && __game.player.isGrounded");
    const start = await state();
    expect(start.y).toBeGreaterThan(0.69);
    expect(start.y).toBeLessThan(0.73);

    // → walks right along the tiles, on the ground the whole way (no snag at a seam stops it)
    await page.keyboard.down("ArrowRight");
    await until(`__game.body.position.x > ${start.x + 2}`);
    await page.keyboard.up("ArrowRight");
    const walked = await state();
    expect(walked.y).toBeLessThan(0.73);

    // ↑ jumps: the player rises a metre and more, then lands again
    await page.keyboard.down("ArrowUp");
    await until(`__game.body.position.y > ${walked.y + 1}`);
    await page.keyboard.up("ArrowUp");
    await until("__game.player.isGrounded");
    const landed = await state();
    expect(landed.time).toBeGreaterThan(walked.time);
    expect(landed.y).toBeLessThan(0.73); // back on the floor

    // under the one-way platform (x 1.5 … 4.5, top at y = 1.7), ↑ jumps up through it and lands on it
    await page.keyboard.down("ArrowRight");
    await until("__game.body.position.x > 2.6");
    await page.keyboard.up("ArrowRight");
    await page.keyboard.down("ArrowUp");
    await until("__game.body.position.y > 2.5");
    await page.keyboard.up("ArrowUp");
    await until("__game.player.isGrounded && __game.player.groundBody !== null && __game.body.position.y > 2");
    const onPlatform = await state();
    expect(onPlatform.y).toBeGreaterThan(1.7 + 0.69); // standing on the platform's top
    expect(onPlatform.y).toBeLessThan(1.7 + 0.73);

    // the renderer drew the player where it is: its pixel is not the background
    const pixels = (await page.evaluate(`(() => {
      const g = globalThis.__game;
      const s = g.camera.worldToScreen(g.body.position);
      const at = (x, y) => Array.from(g.ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data.slice(0, 3));
      return { player: at(s.x, s.y), corner: at(2, 2) };
    })()`)) as { player: number[]; corner: number[] };
    expect(pixels.corner).toEqual([0x11, 0x14, 0x1b]); // the renderer's background
    expect(pixels.player).not.toEqual(pixels.corner);
    expect(errors).toEqual([]);
  });
});
