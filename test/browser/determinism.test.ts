/**
 * Determinism across JavaScript engines: the same 600-step scenes run in
 * Node (V8), headless Chromium (V8), Firefox ESR (SpiderMonkey) and the
 * `jsc` shell (JavaScriptCore, Safari's engine), with every joint type
 * (one of them breaking), turning boxes, polygons and a segment (the third
 * scene), Compound bodies (L-shapes, `Compound.fromOutline` pieces, one of
 * every kind of shape, a jointed one: the fourth scene, which also restores
 * a JSON snapshot in place three quarters in), sleeping, continuous
 * collision and a binary snapshot restore halfway, give the same `stateHash()` every 100 steps and,
 * at the end, the same bits of every body's `angle` and interpolated pose,
 * every joint's reaction and angle, a fan of ray casts and every contact's
 * manifold and impulses; the scenes run again with the contact passes in
 * WebAssembly (capsule2d/wasm) give those same bits; the engine-independent
 * atan2 gives the same bits on many inputs; and a session recorded in Node
 * (src/replay/) replays in each engine with the same hash after every step.
 *
 * Each engine gets the engine and the run (`determinismRun` in
 * test/support/scenes.ts, the very code the Node side runs) bundled by
 * esbuild from source into one script. `.ci/run` installs Chromium, Firefox
 * ESR and jsc from Debian's packages; on a machine without one of them its
 * test is skipped, except under CI (CI=true), where it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { CHROMIUM_PATH, haveChromium, launchChromium } from "./harness.js";
import { haveFirefox, haveJsc, runInFirefox, runInJsc } from "./engines.js";
import { bitsOf, determinismRun, digest, recordedSession, replaySession } from "../support/scenes.js";
import { detAtan2 } from "../../src/math/trig.js";

const here = dirname(fileURLToPath(import.meta.url));
const STEPS = 600;
/** Steps of the recorded session replayed in every engine. */
const SESSION_STEPS = 150;
let session: { saved: number[]; hashes: string[] } | undefined;
function recorded(): { saved: number[]; hashes: string[] } {
  return (session ??= recordedSession(SESSION_STEPS));
}
const SCENES = [
  { bodies: 400, seed: 21, options: {} },
  { bodies: 150, seed: 3, options: { solver: "pgs", integrator: "velocity-verlet", broadphase: "tree" } },
  // boxes, polygons and a segment among the bodies (a world that solves in colour order)
  { bodies: 200, seed: 5, options: {}, turning: true },
  // compounds (L-shapes, outlines cut into convex pieces, one of every kind of shape, a jointed one) among the bodies,
  // with a binary snapshot halfway and a JSON restore in place three quarters in
  { bodies: 120, seed: 9, options: {}, compounds: true },
  // chains (ground with inner vertices, a loop, a kinematic chain) with bodies of every kind rolling and sliding over
  // them beside the pile, with the binary snapshot halfway and the JSON restore in place three quarters in
  { bodies: 100, seed: 13, options: {}, chains: true },
] as { bodies: number; seed: number; options: object; turning?: boolean; compounds?: boolean; chains?: boolean }[];

/** detAtan2 over a spread of inputs (ratios from 1e-8 to 1e8, every quadrant), as a digest of its bits. */
function atan2Digest(atan2: (y: number, x: number) => number, bitsOf: (v: number[]) => string, digest: (s: string) => string): string {
  const out: number[] = [];
  for (let i = 0; i < 4000; i++) {
    const a = (i * 0.7853981633974483) / 400 - 3.9;
    let r = 1; // 10^((i % 17) − 8) by exact steps (** itself differs between engines)
    for (let k = (i % 17) - 8; k > 0; k--) r *= 10;
    for (let k = (i % 17) - 8; k < 0; k++) r /= 10;
    const y = ((i % 3) - 1) * (1 + (i % 7) * 0.13) * r + a * 1e-3;
    const x = ((i % 5) - 2) * (1 + (i % 11) * 0.07) + a;
    out.push(atan2(y, x));
  }
  return digest(bitsOf(out));
}

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
/** Under CI a missing engine fails its test (as Firefox and jsc below); elsewhere it is skipped. */
const ci = process.env.CI === "true" || process.env.CI === "1";
function chromium(): NonNullable<typeof browser> {
  if (browser === undefined) throw new Error(`Chromium is not installed at ${CHROMIUM_PATH} (.ci/run installs it from Debian's packages)`);
  return browser;
}
let bundle = "";

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: `
        import { determinismRun, bitsOf, digest, replaySession } from "./test/support/scenes.ts";
        import { detAtan2 } from "./src/math/trig.ts";
        import { enableWasmSolver } from "./src/entries/wasm.ts";
        globalThis.runScene = (bodies, seed, options, steps, turning, compounds, chains) =>
          determinismRun(bodies, seed, options, steps, turning, compounds, undefined, chains);
        globalThis.runSceneWasm = (bodies, seed, options, steps, turning, compounds, chains) =>
          determinismRun(bodies, seed, options, steps, turning, compounds, (world) => {
            if (!enableWasmSolver(world)) throw new Error("no WebAssembly");
          }, chains);
        globalThis.replaySession = replaySession;
        globalThis.atan2Digest = () => (${atan2Digest.toString()})(detAtan2, bitsOf, digest);`,
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
  if (haveChromium()) browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!haveChromium() && !ci)("Node and Chromium agree bit for bit", () => {
  for (const scene of SCENES) {
    it(`${scene.bodies} bodies, ${JSON.stringify(scene.options)}: same hash every 100 steps up to ${STEPS}, same angles and poses, in JavaScript and WebAssembly`, async () => {
      const page = await chromium().context.newPage();
      try {
        await page.setContent("<!doctype html><title>determinism</title>");
        await page.addScriptTag({ content: bundle });
        const inBrowser = await page.evaluate(
          ([bodies, seed, options, steps, turning, compounds, chains]) =>
            (globalThis as unknown as { runScene: (...a: unknown[]) => string[] }).runScene(bodies, seed, options, steps, turning, compounds, chains),
          [scene.bodies, scene.seed, scene.options, STEPS, scene.turning === true, scene.compounds === true, scene.chains === true] as const,
        );
        const inNode = determinismRun(scene.bodies, scene.seed, scene.options, STEPS, scene.turning === true, scene.compounds === true, undefined, scene.chains === true);
        expect(inBrowser).toHaveLength(STEPS / 100 + 5); // hashes, angles, poses, joints, rays, contacts
        expect(inBrowser).toEqual(inNode);
        // the contact passes in WebAssembly, on the page's main thread
        const withWasm = await page.evaluate(
          ([bodies, seed, options, steps, turning, compounds, chains]) =>
            (globalThis as unknown as { runSceneWasm: (...a: unknown[]) => string[] }).runSceneWasm(bodies, seed, options, steps, turning, compounds, chains),
          [scene.bodies, scene.seed, scene.options, STEPS, scene.turning === true, scene.compounds === true, scene.chains === true] as const,
        );
        expect(withWasm).toEqual(inNode);
      } finally {
        await page.close();
      }
    });
  }

  it("a session recorded in Node replays with the same hash after every step", async () => {
    const page = await chromium().context.newPage();
    try {
      await page.setContent("<!doctype html><title>replay</title>");
      await page.addScriptTag({ content: bundle });
      const { saved, hashes } = recorded();
      const inBrowser = await page.evaluate(
        (bytes) => (globalThis as unknown as { replaySession: (b: number[]) => string[] }).replaySession(bytes),
        saved,
      );
      expect(inBrowser).toEqual([...hashes, `verify true ${hashes.length}`]);
    } finally {
      await page.close();
    }
  });

  it("the engine-independent atan2 (behind body.angle) gives the same bits", async () => {
    const page = await chromium().context.newPage();
    try {
      await page.setContent("<!doctype html><title>atan2</title>");
      await page.addScriptTag({ content: bundle });
      const inBrowser = await page.evaluate(() => (globalThis as unknown as { atan2Digest: () => string }).atan2Digest());
      expect(inBrowser).toBe(atan2Digest(detAtan2, bitsOf, digest));
    } finally {
      await page.close();
    }
  });
});

/** What each engine reports: every scene's run, and the atan2 digest. */
interface EngineResult {
  scenes: string[][];
  /** The scenes again, with the contact passes in WebAssembly. */
  wasm: string[][];
  atan2: string;
  /** The recorded session replayed: its hashes, and verify's verdict. */
  replay: string[];
}

/** The same, computed here in Node. */
function inNode(): EngineResult {
  const scenes = SCENES.map((scene) => determinismRun(scene.bodies, scene.seed, scene.options as never, STEPS, scene.turning === true, scene.compounds === true, undefined, scene.chains === true));
  return {
    scenes,
    wasm: scenes, // WebAssembly must give what JavaScript gives
    atan2: atan2Digest(detAtan2, bitsOf, digest),
    replay: [...recorded().hashes, `verify true ${recorded().hashes.length}`],
  };
}

/** The script other engines run: the bundle, and `__run` doing what `inNode` does. */
function engineScript(): string {
  return `${bundle}
globalThis.__run = function () {
  var scenes = ${JSON.stringify(SCENES)};
  return {
    scenes: scenes.map(function (s) { return globalThis.runScene(s.bodies, s.seed, s.options, ${STEPS}, s.turning === true, s.compounds === true, s.chains === true); }),
    wasm: scenes.map(function (s) { return globalThis.runSceneWasm(s.bodies, s.seed, s.options, ${STEPS}, s.turning === true, s.compounds === true, s.chains === true); }),
    atan2: globalThis.atan2Digest(),
    replay: globalThis.replaySession(${JSON.stringify(recorded().saved)}),
  };
};`;
}

const engines = [
  { name: "Firefox ESR (SpiderMonkey)", have: haveFirefox, run: runInFirefox },
  { name: "jsc (JavaScriptCore)", have: haveJsc, run: runInJsc },
];

describe("Node, Firefox and JavaScriptCore agree bit for bit", () => {
  let expected: EngineResult | undefined;
  for (const engine of engines) {
    it.skipIf(!engine.have() && !ci)(`${engine.name}: same hashes, angles, poses, joints, rays, contacts (in JavaScript and WebAssembly), atan2 bits and replayed session as Node`, async () => {
      if (!engine.have()) throw new Error(`${engine.name} is not installed (.ci/run installs it from Debian's packages)`);
      if (bundle === "") throw new Error("the test bundle was not built");
      expected ??= inNode();
      const got = (await engine.run(engineScript())) as EngineResult;
      expect(got.scenes[0]).toHaveLength(STEPS / 100 + 5);
      expect(got).toEqual(expected);
    }, 300_000);
  }
});
