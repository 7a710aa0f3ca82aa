/**
 * capsule2d/phaser allocates nothing per frame in steady state: a world of
 * every shape kind (compounds too) redrawn each frame by `PhaserDebugDraw`
 * and followed by `BodySprites` (objects moved and turned, a camera
 * centred), at a changing alpha, measured as test/allocation.test.ts
 * measures the step: the built package (dist/) under V8's sampling heap
 * profiler, in six windows of frames, counting what dist/'s functions
 * allocate. (This caught 1.6 kB per frame in the debug drawing: the body
 * frame's transform as two small functions returning doubles, which V8
 * boxed; a shape's size read through its getters, which return doubles V8
 * boxed too; and `world.contacts`, which makes its list when read, read with
 * the contacts layer off.) The contacts layer itself (`contacts: true`) reads
 * `world.contacts` and is left out.
 */
import { Session } from "node:inspector/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measureWindows } from "./support/heap-profile.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
if (!existsSync(`${dist}esm/entries/phaser.js`)) throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
const distUrl = pathToFileURL(dist).href;
const shippedPrefix = (url: string): number => (url.startsWith(dist) ? dist.length : url.startsWith(distUrl) ? distUrl.length : -1);
const { AABB, Box, Capsule, Circle, Compound, Polygon, Segment, World } = (await import(`${dist}esm/entries/capsule2d.js`)) as typeof import("../src/entries/capsule2d.js");
const { BodySprites, PhaserDebugDraw, PhaserView } = (await import(`${dist}esm/entries/phaser.js`)) as typeof import("../src/entries/phaser.js");

/** A Graphics that does nothing. */
class NullGraphics {
  x = 0;
  y = 0;
  rotation = 0;
  cleared = 0;
  clear() {
    this.cleared++;
  }
  fillStyle() {}
  lineStyle() {}
  beginPath() {}
  moveTo() {}
  lineTo() {}
  closePath() {}
  fillPath() {}
  strokePath() {}
  fillCircle() {}
  strokeCircle() {}
  setDepth() {}
  destroy() {}
}

const session = new Session();
beforeAll(() => session.connect());
afterAll(() => session.disconnect());

describe("capsule2d/phaser: no allocation per frame in steady state", () => {
  it("PhaserDebugDraw.draw and BodySprites.sync over every shape kind, a camera following", async () => {
    const world = new World({ gravity: { x: 0, y: 0 }, sleeping: false });
    world.add(new Segment({ a: { x: -5, y: -1 }, b: { x: 5, y: -1 }, type: "static" }));
    world.add(AABB.fromBounds({ x: -5, y: -3 }, { x: 5, y: -2 }, { type: "static" }));
    for (let i = 0; i < 4; i++) {
      const v = { x: 0, y: 0 };
      world.add(new Circle({ position: { x: -4 + 2 * i, y: 1 }, radius: 0.3, velocity: v, angularVelocity: 1 }));
      world.add(new Capsule({ position: { x: -4 + 2 * i, y: 2 }, halfLength: 0.3, radius: 0.2, angularVelocity: -1 }));
      world.add(new Box({ position: { x: -4 + 2 * i, y: 3 }, halfWidth: 0.3, halfHeight: 0.2, radius: i % 2 ? 0.05 : 0, angularVelocity: 0.5 }));
      world.add(new Polygon({ position: { x: -4 + 2 * i, y: 4 }, vertices: [{ x: 0, y: 0 }, { x: 0.6, y: 0 }, { x: 0.1, y: 0.5 }], angularVelocity: 0.7 }));
      world.add(
        new Compound({
          position: { x: -4 + 2 * i, y: 5 },
          angularVelocity: 0.3,
          shapes: [
            { shape: "box", halfWidth: 0.3, halfHeight: 0.1 },
            { shape: "circle", radius: 0.15, offset: { x: 0.4, y: 0 } },
            { shape: "capsule", halfLength: 0.2, radius: 0.05, offset: { x: 0, y: 0.3 }, angle: 1 },
          ],
        }),
      );
    }
    const view = new PhaserView({ pixelsPerMetre: 32, top: 10, left: -6 });
    const g = new NullGraphics();
    const debug = new PhaserDebugDraw(g, { view });
    const sprites = new BodySprites({ add: { graphics: () => new NullGraphics() } }, { view });
    const camera = { x: 0, y: 0, centerOn(x: number, y: number) { this.x = x; this.y = y; } };
    sprites.follow(camera, world.bodies[3]!, { x: 1, y: 0 });
    world.step(1 / 60);
    let frame = 0;
    const draw = () => {
      const alpha = (frame++ % 8) / 8;
      debug.draw(world, alpha);
      sprites.sync(world, alpha);
    };
    for (let i = 0; i < 3000; i++) draw(); // until V8 has optimised the drawing
    const r = await measureWindows(session, draw, 6, 500, shippedPrefix, 32);
    console.log(`allocation phaser: ${r.windows.map((b) => b.toFixed(1)).join(", ")} B/frame; quietest: ${r.sites.join("; ") || "nothing"}`);
    expect(camera.x).not.toBe(0); // the drawing is real: the camera followed
    expect(g.cleared).toBeGreaterThan(3000);
    expect(Math.min(...r.windows)).toBeLessThan(4);
    expect(r.steady.map(([site, n]) => `${site} ${n.toFixed(2)} B/frame`)).toEqual([]);
    expect(Math.max(...r.windows)).toBeLessThan(64);
  }, 120_000);
});
