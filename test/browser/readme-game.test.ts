/**
 * The README's game sample, played in Chromium: the sample's code as written,
 * bundled by esbuild against the built package (dist/esm, as a user's bundler
 * would take it from node_modules) into a page with a canvas. Key presses
 * walk the player right and make it jump, also up through the one-way
 * platform onto it; the page's own animation loop
 * (`world.advance()`) steps the world and the debug renderer draws it.
 * Needs `npm run build` first (`npm test` runs it). Every wait is for a
 * condition, never for a time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { build, type Plugin } from "esbuild";
import type { Page } from "playwright-core";
import { collectErrors, launchChromium } from "./harness.js";
import { ROOT, readmeSample } from "../support/readme-samples.js";

/** `capsule2d` and `capsule2d/<entry>` resolved to the built ES modules. */
const builtPackage: Plugin = {
  name: "built-capsule2d",
  setup(b) {
    b.onResolve({ filter: /^capsule2d(\/[\w-]+)?$/ }, (args) => {
      const entry = args.path.slice("capsule2d".length);
      const path = `${ROOT}dist/esm${entry}/index.js`;
      if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first (\`npm test\` does it)`);
      return { path };
    });
  },
};

/** The sample bundled for the page, with a handle on its world and player for the test (appended, not in the README). */
async function bundle(): Promise<string> {
  const contents = `${readmeSample("game")}\nglobalThis.__game = { world, body, player, camera, ctx };\n`;
  const out = await build({
    stdin: { contents, resolveDir: ROOT, loader: "js", sourcefile: "readme-game.js" },
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
  page = await browser.context.newPage();
  errors = collectErrors(page);
});

afterAll(async () => {
  await browser?.close();
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
