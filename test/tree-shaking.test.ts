/**
 * What a game ships: the built package bundled by a real bundler (esbuild,
 * minified, as `import ... from "capsule2d"` resolves through package.json),
 * and which of the package's modules end up in the output. Rarely used parts
 * (the binary snapshot codec, the exact BigInt test, the debug renderer, the
 * replay tools) must cost nothing to a game that does not import them. Needs `npm run build`
 * first (`npm test` runs it).
 */
import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The package modules (paths under dist/esm/) that contribute bytes to a minified bundle of `code`. */
async function bundled(code: string): Promise<string[]> {
  return (await bundledAll(code)).filter((path) => path.startsWith("dist/esm/")).map((path) => path.slice("dist/esm/".length));
}

/** Every module (the package's and its dependencies') that contributes bytes to a minified bundle of `code`. */
async function bundledAll(code: string): Promise<string[]> {
  if (!existsSync(`${root}dist/esm/entries/capsule2d.js`)) throw new Error("dist/esm is missing: run `npm run build` first (`npm test` does it)");
  const result = await build({
    stdin: { contents: code, resolveDir: root, sourcefile: "game.js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output!.inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([path]) => path)
    .sort();
}

const RARELY_USED = ["snapshot/binary.js", "entries/binary.js", "world/binary-world.js", "collision/narrowphase/exact.js"];
/** The `capsule2d/replay` entry point's modules (src/replay/). */
const REPLAY = ["entries/replay.js", "replay/recorder.js", "replay/recording.js", "replay/replay.js", "replay/verify.js", "replay/delta.js", "replay/codec.js", "replay/methods.js", "replay/apply.js"];

describe("tree shaking in esbuild", () => {
  it("importing only World and Circle leaves out the binary codec, the exact test, the debug renderer, the replay tools and the solver threads", async () => {
    const modules = await bundled(`import { World, Circle } from "capsule2d";
      const world = new World(); world.add(new Circle({ radius: 1 })); world.step(1 / 60); console.log(world.snapshot());`);
    expect(modules).toContain("world/full-world.js"); // the bundle is real: the world and its stages are in it
    expect(modules).toContain("world/world.js");
    expect(modules).toContain("solver/contact-solver.js");
    for (const path of RARELY_USED) expect(modules).not.toContain(path);
    expect(modules.filter((path) => path.startsWith("debug/") || path.startsWith("replay/"))).toEqual([]);
    // the parallel solve's workers are capsule2d/threads' (its World is the one made with them)
    expect(modules.filter((path) => path.startsWith("solver/parallel/") || path === "world/threads-world.js")).toEqual([]);
  });

  it("`capsule2d/core`'s World and Circle leave out joints, snapshots, the sap and brute broadphases, the pgs position passes and every rarely used part", async () => {
    const modules = await bundled(`import { World, Circle } from "capsule2d/core";
      const world = new World(); world.add(new Circle({ radius: 1 })); world.step(1 / 60);
      console.log(world.raycast({ x: 0, y: 5 }, { x: 0, y: -1 }), world.queryPoint({ x: 0, y: 0 }));`);
    expect(modules).toContain("world/world.js"); // the bundle is real: the step and its stages are in it
    expect(modules).toContain("solver/contact-solver.js");
    expect(modules).toContain("collision/broadphase/tree-broadphase.js");
    const left = ["world/full-world.js", "world/joint-world.js", "solver/pgs.js", "snapshot/world-snapshots.js", "snapshot/snapshot.js", "snapshot/schema.js", "snapshot/compile.js", "collision/broadphase/sap.js", "collision/broadphase/brute.js", "collision/broadphase/pair-diff.js", ...RARELY_USED];
    for (const path of left) expect(modules).not.toContain(path);
    expect(modules.filter((path) => /^(joints|debug|replay|binary|worker|batch|threads|solver\/parallel)\//.test(path))).toEqual([]);
  });

  it("`capsule2d/joints` brings the joints to a core world, still without snapshots", async () => {
    const modules = await bundled(`import { Circle } from "capsule2d/core"; import { JointWorld } from "capsule2d/joints";
      const world = new JointWorld(); world.add(new Circle({ radius: 1 })); world.step(1 / 60); console.log(world.joints);`);
    for (const path of ["world/world.js", "world/joint-world.js", "joints/joint-manager.js", "joints/revolute.js"]) expect(modules).toContain(path);
    for (const path of ["world/full-world.js", "snapshot/snapshot.js", "snapshot/schema.js", "collision/broadphase/sap.js", ...RARELY_USED]) expect(modules).not.toContain(path);
  });

  it("a Tiled map ships no decompressor (fflate, fzstd) unless capsule2d/tiled-decompress is imported", async () => {
    const plain = await bundledAll(`import { TileMap, World } from "capsule2d"; console.log(TileMap.fromTiled(new World(), globalThis.map));`);
    expect(plain).toContain("dist/esm/tiles/tiled-data.js");
    expect(plain.filter((path) => path.includes("fflate") || path.includes("fzstd"))).toEqual([]);
    const packed = await bundledAll(`import { TileMap, World } from "capsule2d"; import { tiledDecompress } from "capsule2d/tiled-decompress";
      console.log(TileMap.fromTiled(new World(), globalThis.map, { decompress: tiledDecompress }));`);
    expect(packed.filter((path) => path.includes("node_modules/fflate/")).length).toBeGreaterThan(0);
    expect(packed.filter((path) => path.includes("node_modules/fzstd/")).length).toBeGreaterThan(0);
  });

  it("capsule2d/phaser brings no Phaser and, without its tilemap helper, no engine module", async () => {
    const drawing = await bundledAll(`import { BodySprites, PhaserDebugDraw, PhaserView } from "capsule2d/phaser";
      const view = new PhaserView({ pixelsPerMetre: 32 }); console.log(new BodySprites(globalThis.scene, { view }), new PhaserDebugDraw(globalThis.g, { view }));`);
    expect(drawing).toContain("dist/esm/phaser/sprites.js");
    expect(drawing.filter((path) => path.includes("phaser/") && path.includes("node_modules"))).toEqual([]);
    // the adapter's own modules and the argument checks; not the world, the bodies, the tiles
    expect(drawing.filter((path) => path !== "game.js" && !/^dist\/esm\/(phaser|math)\//.test(path))).toEqual([]);
    const tiles = await bundled(`import { addTilemapColliders } from "capsule2d/phaser"; console.log(addTilemapColliders);`);
    expect(tiles).toContain("tiles/tilemap.js");
    expect(tiles.filter((path) => path.startsWith("world/"))).toEqual([]);
  });

  it("even `import * as capsule2d` leaves out the replay tools (they are in capsule2d/replay)", async () => {
    const modules = await bundled(`import * as capsule2d from "capsule2d"; console.log(capsule2d);`);
    expect(modules).toContain("world/world.js");
    expect(modules.filter((path) => path.startsWith("replay/"))).toEqual([]);
  });

  it("the narrowphase alone (collide and the shapes) leaves out the World, its solver and its broadphases", async () => {
    const modules = await bundled(`import { collide, Circle, Capsule } from "capsule2d";
      console.log(collide(new Circle({ radius: 1 }), new Capsule({ radius: 1, halfLength: 1 })));`);
    expect(modules).toContain("collision/narrowphase/collide.js");
    for (const path of ["world/world.js", "solver/contact-solver.js", "collision/broadphase/tree-broadphase.js", "snapshot/snapshot.js", ...RARELY_USED]) {
      expect(modules).not.toContain(path);
    }
  });

  it("each rarely used part is in the bundle of a game that imports it", async () => {
    // the opposite check, so that the ones above cannot pass by looking in the wrong place
    const binary = await bundled(`import { World } from "capsule2d/binary"; console.log(new World().snapshot({ format: "binary" }));`);
    for (const path of ["snapshot/binary.js", "world/binary-world.js", "world/full-world.js"]) expect(binary).toContain(path);
    const exact = await bundled(`import { capsulesIntersectExact } from "capsule2d"; console.log(capsulesIntersectExact);`);
    expect(exact).toEqual(["collision/narrowphase/exact.js"]);
    const threads = await bundled(`import { World } from "capsule2d/threads"; console.log(new World({ solverThreads: 2 }));`);
    for (const path of ["world/threads-world.js", "solver/parallel/solver-threads.js", "world/full-world.js"]) expect(threads).toContain(path);
    const debug = await bundled(`import { drawWorld } from "capsule2d/debug"; console.log(drawWorld);`);
    expect(debug).toContain("debug/draw.js");
    const replay = await bundled(`import { Recorder, replay, verify } from "capsule2d/replay"; console.log(Recorder, replay, verify);`);
    for (const path of ["replay/recorder.js", "replay/replay.js", "replay/verify.js", "replay/codec.js"]) expect(replay).toContain(path);
    for (const path of replay.filter((p) => p.startsWith("replay/"))) expect(REPLAY).toContain(path);
  });
});
