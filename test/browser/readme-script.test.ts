/**
 * The README's `<script>` example, run as written in Chromium against the
 * built files: dist/capsule2d.iife.min.js defines `Capsule2D`,
 * dist/debug.iife.min.js adds `Capsule2D.debug`, and the page steps a world
 * and draws it. Needs `npm run build` first (`npm test` runs it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { collectErrors, launchChromium } from "./harness.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MARKER = "<!-- readme-script-example -->";

/** The page from the README: the ```html block after the marker. */
function readmePage(): string {
  const readme = readFileSync(`${root}README.md`, "utf8");
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error(`README.md has no ${MARKER}`);
  const match = /```html\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!match) throw new Error(`no \`\`\`html block after ${MARKER} in README.md`);
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
