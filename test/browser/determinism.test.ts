/**
 * Determinism across JavaScript engines: the same 600-step scene run in Node
 * and in headless Chromium ends with the same `stateHash()`.
 *
 * The page gets the engine and the scene builder (test/support/scenes.ts,
 * the very module the Node side uses) bundled by esbuild from source into
 * one script; it runs the scene and returns the hash after every 100 steps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { haveChromium, launchChromium } from "./harness.js";
import { mixedScene } from "../support/scenes.js";

const here = dirname(fileURLToPath(import.meta.url));
const STEPS = 600;
const SCENES = [
  { bodies: 400, seed: 21, options: {} },
  { bodies: 150, seed: 3, options: { solver: "pgs", integrator: "velocity-verlet", broadphase: "tree" } },
] as const;

/** Hashes after every 100 steps of a scene, here in Node. */
function runInNode(bodies: number, seed: number, options: object): string[] {
  const world = mixedScene(bodies, seed, options);
  const out: string[] = [];
  for (let i = 1; i <= STEPS; i++) {
    world.step(1 / 60);
    if (i % 100 === 0) out.push(world.stateHash());
  }
  return out;
}

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let bundle = "";

beforeAll(async () => {
  if (!haveChromium()) return;
  const result = await build({
    stdin: {
      contents: `
        import { mixedScene } from "./test/support/scenes.ts";
        globalThis.runScene = (bodies, seed, options, steps) => {
          const world = mixedScene(bodies, seed, options);
          const out = [];
          for (let i = 1; i <= steps; i++) {
            world.step(1 / 60);
            if (i % 100 === 0) out.push(world.stateHash());
          }
          return out;
        };`,
      resolveDir: join(here, "../.."),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
  });
  bundle = result.outputFiles[0]!.text;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!haveChromium())("Node and Chromium agree bit for bit", () => {
  for (const scene of SCENES) {
    it(`${scene.bodies} bodies, ${JSON.stringify(scene.options)}: same hash every 100 steps up to ${STEPS}`, async () => {
      const page = await browser!.context.newPage();
      try {
        await page.setContent("<!doctype html><title>determinism</title>");
        await page.addScriptTag({ content: bundle });
        const inBrowser = await page.evaluate(
          ([bodies, seed, options, steps]) =>
            (globalThis as unknown as { runScene: (...a: unknown[]) => string[] }).runScene(bodies, seed, options, steps),
          [scene.bodies, scene.seed, scene.options, STEPS] as const,
        );
        const inNode = runInNode(scene.bodies, scene.seed, scene.options);
        expect(inBrowser).toHaveLength(STEPS / 100);
        expect(inBrowser).toEqual(inNode);
      } finally {
        await page.close();
      }
    });
  }
});
