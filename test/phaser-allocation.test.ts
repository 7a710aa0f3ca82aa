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
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
if (!existsSync(`${dist}esm/entries/phaser.js`)) throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
const child = fileURLToPath(new URL("./support/phaser-allocation-child.mjs", import.meta.url));

describe("capsule2d/phaser: no allocation per frame in steady state", () => {
  it("PhaserDebugDraw.draw and BodySprites.sync over every shape kind, a camera following", () => {
    // in a child compiling on its main thread (see the child's header): the same figures on a busy machine
    const out = execFileSync(process.execPath, ["--no-concurrent-recompilation", child, dist], { encoding: "utf8", timeout: 300_000 });
    const r = JSON.parse(out.trim().split("\n").pop()!) as { windows: number[]; sites: string[]; steady: [string, number][]; cameraX: number; cleared: number };
    console.log(`allocation phaser: ${r.windows.map((b) => b.toFixed(1)).join(", ")} B/frame; quietest: ${r.sites.join("; ") || "nothing"}`);
    expect(r.cameraX).not.toBe(0); // the drawing is real: the camera followed
    expect(r.cleared).toBeGreaterThan(3000);
    expect(Math.min(...r.windows)).toBeLessThan(4);
    expect(r.steady.map(([site, n]) => `${site} ${n.toFixed(2)} B/frame`)).toEqual([]);
    expect(Math.max(...r.windows)).toBeLessThan(64);
  }, 300_000);
});
