/**
 * The recorded stateHash references (test/fixtures/state-hashes.json, made
 * in Node by `npm run fixtures:update`) hold in every JavaScript engine: the
 * scenes of test/fixtures/scenes.ts, bundled by esbuild from source into one
 * script, give the same readings every 100 steps and the same final digest
 * in headless Chromium (V8), Firefox ESR (SpiderMonkey) and the `jsc` shell
 * (JavaScriptCore). In JavaScript: that the WebAssembly passes give the same
 * bits in each engine is test/browser/determinism.test.ts's part.
 *
 * As there, an engine that is not installed skips its test, except under CI
 * (CI=true), where it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { haveChromium, launchChromium } from "./harness.js";
import { haveFirefox, haveJsc, runInFirefox, runInJsc } from "./engines.js";
import type { SceneRecord } from "../fixtures/scenes.js";

const here = dirname(fileURLToPath(import.meta.url));
const recorded = (JSON.parse(readFileSync(join(here, "../fixtures/state-hashes.json"), "utf8")) as { scenes: Record<string, SceneRecord> }).scenes;
const ci = process.env.CI === "true" || process.env.CI === "1";

let script = "";

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `import { runAllFixtureScenes } from "./test/fixtures/scenes.ts"; globalThis.__run = runAllFixtureScenes;`,
      resolveDir: join(here, "../.."),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
  });
  script = result.outputFiles[0]!.text;
});

async function runInChromium(code: string): Promise<unknown> {
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.setContent("<!doctype html><title>fixtures</title>");
    await page.addScriptTag({ content: code });
    return await page.evaluate(() => (globalThis as unknown as { __run: () => unknown }).__run());
  } finally {
    await browser.close();
  }
}

const engines = [
  { name: "Chromium (V8)", have: haveChromium, run: runInChromium, install: "/usr/bin/chromium" },
  { name: "Firefox ESR (SpiderMonkey)", have: haveFirefox, run: runInFirefox, install: ".ci/run installs it from Debian's packages" },
  { name: "jsc (JavaScriptCore)", have: haveJsc, run: runInJsc, install: ".ci/run installs it from Debian's packages" },
];

describe("the recorded stateHash references hold in every JavaScript engine", () => {
  afterAll(() => {
    script = "";
  });
  for (const engine of engines) {
    it.skipIf(!engine.have() && !ci)(`${engine.name}: every scene gives the readings and final digest recorded in Node`, async () => {
      if (!engine.have()) throw new Error(`${engine.name} is not installed (${engine.install})`);
      if (script === "") throw new Error("the fixture scenes were not bundled");
      const got = (await engine.run(script)) as Record<string, SceneRecord>;
      expect(Object.keys(got)).toEqual(Object.keys(recorded));
      for (const name of Object.keys(recorded)) expect(got[name], name).toEqual(recorded[name]);
    }, 300_000);
  }
});
