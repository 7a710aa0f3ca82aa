/**
 * The debug renderer, checked pixel by pixel in Chromium: shapes land where
 * the camera says (y up), capsules are stadiums (round caps, not boxes),
 * rotation lines, dimmed sleeping bodies, translucent sensors, and the
 * optional layers (bounding boxes, contact points, normals scaled by depth).
 * No World is needed: drawWorld accepts any `{ bodies, contacts }`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { launchChromium, collectErrors, screenshot } from "./harness.js";

type Rgb = [number, number, number];
const BACKGROUND: Rgb = [0x11, 0x14, 0x1b];

let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let errors: string[];

/** The renderer and the body classes, bundled for the page as `window.c2d`. */
async function bundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { Circle } from "./src/bodies/circle.ts";
        import { Capsule } from "./src/bodies/capsule.ts";
        import { AABB } from "./src/bodies/aabb.ts";
        import * as debug from "./src/debug/index.ts";
        window.c2d = { Circle, Capsule, AABB, ...debug };`,
      resolveDir: process.cwd(),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.context.newPage();
  errors = collectErrors(page);
  await page.setContent(`<body style="margin:0"><canvas id="c" width="400" height="300"></canvas></body>`);
  await page.addScriptTag({ content: await bundle() });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Draw a scene in the page and read back the colours at world points.
 * `scene` is page-side source: it receives `c2d` and returns `{ world, options }`.
 */
async function render(scene: string, probes: [number, number][]): Promise<Rgb[]> {
  return page.evaluate(
    ([src, points]) => {
      const c2d = (window as unknown as { c2d: any }).c2d;
      const canvas = document.getElementById("c") as HTMLCanvasElement;
      const ctx = canvas.getContext("2d")!;
      const camera = new c2d.Camera({ center: { x: 0, y: 0 }, scale: 50 });
      camera.resize(400, 300, 1);
      const { world, options } = new Function("c2d", src)(c2d);
      c2d.drawWorld(ctx, world, camera, options);
      return points.map(([x, y]) => {
        const s = camera.worldToScreen({ x, y });
        const d = ctx.getImageData(Math.floor(s.x), Math.floor(s.y), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as Rgb;
      });
    },
    [scene, probes] as const,
  );
}

const isBackground = (c: Rgb) => c.every((v, i) => Math.abs(v - BACKGROUND[i]!) <= 2);
const brightness = (c: Rgb) => c[0] + c[1] + c[2];

describe("drawWorld", () => {
  it("draws capsules as stadiums, circles and boxes where the y-up camera puts them", async () => {
    const [capEnd, capCorner, capSide, circleTop, below, box] = await render(
      `return { world: { bodies: [
         new c2d.Capsule({ position: { x: 0, y: 0 }, halfLength: 1, radius: 0.5 }),
         new c2d.Circle({ position: { x: 0, y: 2 }, radius: 0.4 }),
         new c2d.AABB({ position: { x: -3, y: -2 }, halfWidth: 0.5, halfHeight: 0.3, type: "static" }),
       ] }, options: {} };`,
      [
        [1.3, 0], // inside the right cap
        [1.3, 0.45], // inside the bounding rectangle but outside the round cap
        [0, 0.45], // inside the straight part
        [0, 2.25], // near the top of the circle, which is up (y > 0) on screen
        [0, -2.25], // the mirror point: empty
        [-3, -2.1], // the static box
      ],
    );
    expect(isBackground(capEnd!)).toBe(false);
    expect(isBackground(capCorner!)).toBe(true);
    expect(isBackground(capSide!)).toBe(false);
    expect(isBackground(circleTop!)).toBe(false);
    expect(isBackground(below!)).toBe(true);
    // Static bodies are grey: red, green and blue nearly equal.
    const [r, g, b] = box!;
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(20);
    expect(isBackground(box!)).toBe(false);
    await screenshot(page, "debug-draw-shapes");
  });

  it("rotates capsules by their angle", async () => {
    const [top, side] = await render(
      `return { world: { bodies: [
         new c2d.Capsule({ position: { x: 0, y: 0 }, halfLength: 1, radius: 0.3, angle: Math.PI / 2 }),
       ] }, options: {} };`,
      [
        [0.05, 1.1],
        [1.1, 0],
      ],
    );
    expect(isBackground(top!)).toBe(false);
    expect(isBackground(side!)).toBe(true);
  });

  it("draws a radius line so a circle's rotation is visible", async () => {
    const [onLine, offLine] = await render(
      `return { world: { bodies: [ new c2d.Circle({ position: { x: 0, y: 0 }, radius: 1, angle: Math.PI / 2 }) ] }, options: {} };`,
      [
        [0, 0.5], // on the line (angle 90°: it points up)
        [0, -0.5], // plain fill
      ],
    );
    expect(brightness(onLine!)).toBeGreaterThan(brightness(offLine!) + 30);
  });

  it("dims sleeping bodies and draws sensors translucent", async () => {
    const [awake, asleep, sensor] = await render(
      `const a = new c2d.Circle({ position: { x: -2.5, y: 0 }, radius: 0.8 });
       const s = new c2d.Circle({ position: { x: 0, y: 0 }, radius: 0.8 });
       Object.defineProperty(s, "isSleeping", { value: true }); // read-only on bodies: shadow it for the drawing test
       const z = new c2d.Circle({ position: { x: 2.5, y: 0 }, radius: 0.8, isSensor: true, type: "static" });
       return { world: { bodies: [a, s, z] }, options: { palette: { sensor: "#e0a458" } } };`,
      [
        [-2.5, -0.4],
        [0, -0.4],
        [2.5, -0.4],
      ],
    );
    // Same colour (the sensor palette entry is set to the dynamic colour), less ink.
    expect(brightness(asleep!)).toBeLessThan(brightness(awake!) - 40);
    expect(brightness(sensor!)).toBeLessThan(brightness(awake!) - 40);
    expect(isBackground(asleep!)).toBe(false);
    expect(isBackground(sensor!)).toBe(false);
  });

  it("draws bounding boxes only when asked", async () => {
    const scene = (bounds: boolean) =>
      `return { world: { bodies: [ new c2d.Capsule({ position: { x: 0, y: 0 }, halfLength: 1, radius: 0.3, angle: Math.PI / 4 }) ] },
                options: { bounds: ${bounds}, lineWidth: 3 } };`;
    // The box's top edge is at y = sin(45°)·1 + 0.3; probe it far from the capsule.
    const top = Math.SQRT1_2 + 0.3;
    const [withBounds] = await render(scene(true), [[-0.6, top]]);
    const [withoutBounds] = await render(scene(false), [[-0.6, top]]);
    expect(isBackground(withoutBounds!)).toBe(true);
    const [r, , b] = withBounds!;
    expect(b).toBeGreaterThan(r + 40); // the bounds colour is blue
  });

  it("draws contact points and normals whose length grows with depth", async () => {
    const scene = (depth: number) =>
      `return { world: { bodies: [], contacts: [{ bodyA: null, bodyB: null, isSensor: false,
         manifold: { normal: { x: 0, y: 1 }, depth: ${depth}, points: [{ x: 0, y: 0, depth: ${depth}, id: 0 }] } }] },
         options: { contacts: true, normals: true, normalScale: 20 } };`;
    // 12 px base + depth × 20 m per metre: 0.05 → 1 m + 12 px (62 px), 0.1 → 2 m + 12 px (112 px).
    const probe: [number, number][] = [
      [0.01, 0], // the contact point (a 5-pixel square)
      [0, 1.5], // 75 px up the normal
    ];
    const [pointShallow, midShallow] = await render(scene(0.05), probe);
    const [, midDeep] = await render(scene(0.1), probe);
    expect(isBackground(pointShallow!)).toBe(false);
    expect(isBackground(midShallow!)).toBe(true);
    expect(isBackground(midDeep!)).toBe(false);
    await screenshot(page, "debug-draw-contacts");
  });

  it("raised no errors in the page", () => {
    expect(errors).toEqual([]);
  });
});
