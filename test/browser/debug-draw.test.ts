/**
 * The debug renderer, checked pixel by pixel in Chromium: shapes land where
 * the camera says (y up), capsules are stadiums (round caps, not boxes),
 * rotation lines, dimmed sleeping bodies, translucent sensors, and the
 * optional layers (bounding boxes, contact points, normals scaled by depth),
 * and joints (anchors, separation, limits, springs, ropes, axes, motor
 * targets) with their toggles, and chains' solid sides (ticks on the side
 * that collides).
 * No World is needed for bodies and contacts: drawWorld accepts any
 * `{ bodies, contacts }`; joints are made in a World.
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
        import { Chain } from "./src/bodies/chain.ts";
        import { World } from "./src/world/full-world.ts";
        import * as debug from "./src/entries/debug.ts";
        window.c2d = { Circle, Capsule, AABB, Chain, World, ...debug };`,
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

  describe("joints", () => {
    /**
     * A world with one joint of each kind the probes below look at, laid out
     * so that what they draw falls on empty background (scale 50 px/m, so
     * 1 px = 0.02 m; lines 3 px wide). `options` is page-side source.
     */
    const scene = (options: string) => `
      const w = new c2d.World({ gravity: { x: 0, y: 0 } });
      const ball = (x, y, r, type = "dynamic") => w.add(new c2d.Circle({ position: { x, y }, radius: r, type }));
      // Revolute, anchor midway between two circles, limits ±0.5 rad; then B moved 0.6 m up: 0.6 m of separation.
      const hingeA = ball(-3, 1.5, 0.3, "static");
      const hingeB = ball(-1.5, 1.5, 0.3);
      w.addJoint({ type: "revolute", bodyA: hingeA, bodyB: hingeB, anchor: { x: -2.25, y: 1.5 }, enableLimit: true, lowerAngle: -0.5, upperAngle: 0.5 });
      hingeB.setPosition({ x: -1.5, y: 2.1 });
      // Distance spring between two circles 2.5 m apart (anchors at their centres).
      const springA = ball(0.5, -1.5, 0.3, "static");
      const springB = ball(3, -1.5, 0.3);
      w.addJoint({ type: "distance", bodyA: springA, bodyB: springB, enableSpring: true, hertz: 2, dampingRatio: 0.5 });
      // Prismatic along y through B's centre, limits [-0.2, 0.6].
      const slideA = ball(-3, -1.5, 0.2, "static");
      const slideB = ball(-1.5, -1.5, 0.2);
      w.addJoint({ type: "prismatic", bodyA: slideA, bodyB: slideB, anchor: { x: -1.5, y: -1.5 }, axis: { x: 0, y: 1 }, enableLimit: true, lower: -0.2, upper: 0.6 });
      // Motor joint driving B's centre towards (1, 1.5).
      const motorA = ball(3.5, 2.5, 0.1, "static");
      const motorB = ball(2.5, 1.5, 0.2);
      w.addJoint({ type: "motor", bodyA: motorA, bodyB: motorB, linearOffset: { x: -2.5, y: -1 } });
      return { world: w, options: { lineWidth: 3, ${options} } };`;
    const probes: [number, number][] = [
      [-2.6, 1.5], // 0: hinge, on the line from A's centre to its anchor
      [-2.25, 1.85], // 1: hinge, on the separation line (anchor A up to anchor B)
      [-2.25 + 0.2 * Math.cos(0.4), 1.5 + 0.2 * Math.sin(0.4)], // 2: hinge, on the limit wedge's arc (10 px, at +0.4 rad)
      [0.5 + 0.375 + 4.5 * 0.175, -1.42], // 3: spring, the tip of its fifth zig (4 px to the side)
      [1.75, -1.5], // 4: spring, on its axis
      [-1.5, -1.85], // 5: prismatic axis, 17.5 px below the anchor (below the limit range and ball B)
      [-1.5, -0.94], // 6: prismatic upper limit (0.6 m), beyond the 24 px axis
      [1.5, 1.5], // 7: motor, on the line from B's centre to its target
    ];
    const jointInk = (c: Rgb) => c[1] > c[0] + 60; // #3ddbd9: green and blue
    const limitInk = (c: Rgb) => c[0] > c[1] + 40; // #d67bff: red and blue

    it("draws anchors, centre-to-anchor and separation lines, limits, springs, axes and motor targets", async () => {
      const ink = await render(scene(""), probes);
      expect(jointInk(ink[0]!)).toBe(true);
      expect(jointInk(ink[1]!)).toBe(true);
      expect(limitInk(ink[2]!)).toBe(true);
      expect(jointInk(ink[3]!)).toBe(true);
      expect(jointInk(ink[5]!)).toBe(true);
      expect(limitInk(ink[6]!)).toBe(true);
      expect(jointInk(ink[7]!)).toBe(true);
      await screenshot(page, "debug-draw-joints");
    });

    it("joints: false leaves no joint ink; jointLimits and jointSprings switch their parts", async () => {
      const none = await render(scene("joints: false"), probes);
      for (const c of none) expect(isBackground(c)).toBe(true);
      const noLimits = await render(scene("jointLimits: false"), probes);
      expect(isBackground(noLimits[2]!)).toBe(true);
      expect(isBackground(noLimits[6]!)).toBe(true);
      expect(jointInk(noLimits[0]!)).toBe(true); // the rest stays
      const noSprings = await render(scene("jointSprings: false"), probes);
      expect(isBackground(noSprings[3]!)).toBe(true); // no zig-zag...
      expect(jointInk(noSprings[4]!)).toBe(true); // ...a straight line instead
    });

    it("leaves out the joints jointVisible rejects", async () => {
      const ink = await render(scene(`jointVisible: (j) => j.type !== "motor"`), probes);
      expect(isBackground(ink[7]!)).toBe(true);
      expect(jointInk(ink[0]!)).toBe(true);
    });

    it("draws a slack rope dashed and a taut one solid", async () => {
      const rope = (maxLength: number) => `
        const w = new c2d.World({ gravity: { x: 0, y: 0 } });
        const a = w.add(new c2d.Circle({ position: { x: -2, y: 0 }, radius: 0.2, type: "static" }));
        const b = w.add(new c2d.Circle({ position: { x: 2, y: 0 }, radius: 0.2 }));
        w.addJoint({ type: "distance", bodyA: a, bodyB: b, minLength: 0, maxLength: ${maxLength} });
        return { world: w, options: { lineWidth: 3 } };`;
      // One probe per pixel along the rope, between the two circles.
      const along: [number, number][] = [];
      for (let x = -1.7; x <= 1.7; x += 0.02) along.push([x, 0]);
      const gaps = (colours: Rgb[]) => colours.filter(isBackground).length / colours.length;
      expect(gaps(await render(rope(4), along))).toBe(0); // taut (4 m apart): solid
      const slack = gaps(await render(rope(5), along));
      expect(slack).toBeGreaterThan(0.2); // slack: dashes 6 px on, 4 px off
      expect(slack).toBeLessThan(0.6);
    });
  });

  it("ticks a chain's solid side: above a floor drawn right to left, below one drawn left to right; chainSides: false leaves them out", async () => {
    // Scale 50 px/m: the first tick is 8 px (0.16 m) from the chain's start, 5 px (0.1 m) long, 3 px wide.
    const scene = (from: number, options = "") => `
      return { world: { bodies: [new c2d.Chain({ points: [{ x: ${from}, y: 0 }, { x: 0, y: 0 }, { x: ${-from}, y: 0 }], type: "static" })] },
               options: { lineWidth: 3, ${options} } };`;
    const x = 3 - 0.16;
    const probes: [number, number][] = [
      [x, 0.075], // 0: above the line, on the first tick of a chain from x = 3
      [x, -0.075], // 1: below it
      [0, 0], // 2: on the line
      [-x, 0.075], // 3: above, on the first tick of a chain from x = −3
      [-x, -0.075], // 4: below it
    ];
    const rightToLeft = await render(scene(3), probes);
    expect(isBackground(rightToLeft[0]!)).toBe(false);
    expect(isBackground(rightToLeft[1]!)).toBe(true);
    expect(isBackground(rightToLeft[2]!)).toBe(false);
    const leftToRight = await render(scene(-3), probes);
    expect(isBackground(leftToRight[3]!)).toBe(true);
    expect(isBackground(leftToRight[4]!)).toBe(false);
    const off = await render(scene(3, "chainSides: false"), probes);
    expect(isBackground(off[0]!)).toBe(true);
    expect(isBackground(off[2]!)).toBe(false); // the line itself stays
    await screenshot(page, "debug-draw-chain");
  });

  it("raised no errors in the page", () => {
    expect(errors).toEqual([]);
  });
});
