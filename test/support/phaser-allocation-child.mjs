// The measurement of test/phaser-allocation.test.ts, in its own process: run with
// --no-concurrent-recompilation (as test/support/allocation-child.mjs is), so that V8 compiles the
// drawing on the main thread when it gets hot and what is measured does not depend on the machine's
// load (under a full, parallel `npm test` the in-process version saw unoptimised drawing box numbers).
//   node --no-concurrent-recompilation test/support/phaser-allocation-child.mjs <dist folder>
import { Session } from "node:inspector/promises";
import { pathToFileURL } from "node:url";
import { measureWindows } from "./heap-profile.mjs";

const dist = process.argv[2];
const distUrl = pathToFileURL(dist).href;
const shippedPrefix = (url) => (url.startsWith(dist) ? dist.length : url.startsWith(distUrl) ? distUrl.length : -1);
const { AABB, Box, Capsule, Circle, Compound, Polygon, Segment, World } = await import(`${distUrl}esm/entries/capsule2d.js`);
const { BodySprites, PhaserDebugDraw, PhaserView } = await import(`${distUrl}esm/entries/phaser.js`);

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
session.connect();
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
const camera = { x: 0, y: 0, centerOn(x, y) { this.x = x; this.y = y; } };
sprites.follow(camera, world.bodies[3], { x: 1, y: 0 });
world.step(1 / 60);
let frame = 0;
const draw = () => {
  const alpha = (frame++ % 8) / 8;
  debug.draw(world, alpha);
  sprites.sync(world, alpha);
};
for (let i = 0; i < 3000; i++) draw(); // until V8 has optimised the drawing
const r = await measureWindows(session, draw, 6, 500, shippedPrefix, 32);
session.disconnect();
process.stdout.write(JSON.stringify({ windows: r.windows, sites: r.sites, steady: r.steady, cameraX: camera.x, cleared: g.cleared }) + "\n");
