/**
 * TileMap.fromTiled on one level in the file formats Tiled saves
 * (test/fixtures/tiled/, written by a script in Tiled 1.10's JSON layout, not saved by Tiled itself: the same
 * fields, order and encodings): "CSV" (a plain array in JSON), base64,
 * base64 + zlib, base64 + zstd (level-zstd.tmj: level-zlib.tmj's layers
 * inflated and compressed again by the zstd command-line tool, v1.5.4, -19),
 * and an infinite map of gzip chunks; the tileset is external
 * (slopes.tsj, with the slope tiles' collision polygons) and the layers sit
 * in a group, under an invisible background. Then the level is played: a
 * capsule pushed right runs up the slope to the goal.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Capsule, TileMap, World, type AABB, type Body } from "../src/entries/capsule2d.js";
import { tiledDecompress } from "../src/entries/tiled-decompress.js";

const read = (name: string): unknown => JSON.parse(readFileSync(fileURLToPath(new URL(`./fixtures/tiled/${name}`, import.meta.url)), "utf8"));
const loadTileset = (source: string) => read(source);
/** The finite maps' top-left corner in the world (8 tiles high: the bottom at y = 0); the infinite one is the same level 16 tiles left and 8 up. */
const ORIGIN = { x: 0, y: 8 };
const INFINITE_ORIGIN = { x: 16, y: 0 };

function shapeOf(body: Body): unknown[] {
  const s = body.shapes[0]!;
  if (s.kind === "aabb") {
    const b = body as AABB;
    return ["aabb", b.position.x - b.halfWidth, b.position.y - b.halfHeight, b.position.x + b.halfWidth, b.position.y + b.halfHeight];
  }
  return [s.kind, ...s.getWorldVertices().flatMap((p) => [Math.round(p.x * 1e9) / 1e9, Math.round(p.y * 1e9) / 1e9])];
}

describe("a level in each of Tiled's formats", () => {
  const files: [string, { x: number; y: number }][] = [["level-csv.tmj", ORIGIN], ["level-base64.tmj", ORIGIN], ["level-zlib.tmj", ORIGIN], ["level-zstd.tmj", ORIGIN], ["level-infinite-gzip.tmj", INFINITE_ORIGIN]];

  it("gives the same bodies from every format: the slope's polygons, the merged ground, the rail; the goal sensor; the spawn", () => {
    const seen = files.map(([file, origin]) => {
      const map = TileMap.fromTiled(new World(), read(file), { origin, loadTileset, decompress: tiledDecompress, collides: "collides" });
      return { bodies: map.bodies.map(shapeOf), sensors: map.sensors.map((b) => [b.label, ...shapeOf(b)]), spawns: map.spawns.map((p) => [p.name, p.position.x, p.position.y]), warnings: map.warnings };
    });
    expect(seen[0]!.bodies).toEqual([
      ["polygon", 10, 2, 11, 2, 11, 2.5],
      ["polygon", 11, 2, 12, 2, 12, 3, 11, 2.5],
      ["aabb", 12, 2, 24, 3],
      ["aabb", 0, 1, 24, 2],
      ["aabb", 0, 0, 24, 1],
      ["chainSegment", 16, 5, 14, 5], // the rail, a polyline drawn left to right: a Chain run right to left, solid on top
    ]);
    expect(seen[0]!.sensors).toEqual([["goal", "aabb", 20, 3, 21, 5]]);
    expect(seen[0]!.spawns).toEqual([["player", 1.5, 2.5]]);
    expect(seen[0]!.warnings).toEqual(['object 4 "sign" in layer "Objects": a text object (no shape), not made']);
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });

  it("without collides the decoration collides too; naming the background reads it, invisible as it is", () => {
    const all = TileMap.fromTiled(new World(), read("level-zlib.tmj"), { origin: ORIGIN, loadTileset, decompress: tiledDecompress });
    expect(all.bodies.length).toBe(6 + 2); // the two runs of decoration tiles in row 4
    const back = TileMap.fromTiled(new World(), read("level-zlib.tmj"), { origin: ORIGIN, loadTileset, decompress: tiledDecompress, layers: ["Background"] });
    expect(back.bodies.map(shapeOf).slice(0, 8)).toEqual(Array.from({ length: 8 }, (_, r) => ["aabb", 0, 7 - r, 24, 8 - r]));
  });

  it("is played to its goal: a capsule pushed right from the spawn runs up the slope and reaches the goal sensor", () => {
    for (const [file, origin] of files) {
      const world = new World({ sleeping: false });
      const map = TileMap.fromTiled(world, read(file), { origin, loadTileset, decompress: tiledDecompress, collides: "collides" });
      const start = map.spawns.find((p) => p.name === "player")!.position;
      const goal = map.sensors.find((b) => b.label === "goal")! as AABB;
      const player = world.add(new Capsule({ position: { x: start.x, y: start.y }, halfLength: 0.2, radius: 0.3, fixedRotation: true, friction: 0 }));
      let reached = -1;
      for (let i = 0; i < 600 && reached < 0; i++) {
        player.setVelocity({ x: 4, y: player.velocity.y });
        world.step(1 / 60);
        const p = player.position;
        if (Math.abs(p.x - goal.position.x) < goal.halfWidth && Math.abs(p.y - goal.position.y) < goal.halfHeight) reached = i;
      }
      // 19 m at 4 m/s is 285 steps; the ramp costs a few
      expect(reached).toBeGreaterThan(250);
      expect(reached).toBeLessThan(330);
      expect(player.position.y).toBeCloseTo(3.3, 1);
    }
  });
});
