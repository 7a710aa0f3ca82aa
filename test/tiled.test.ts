/**
 * TileMap.fromTiled on maps as Tiled writes them (issue 31, section 2): every
 * visible tile layer (groups and offsets), the layer data formats (plain
 * array, CSV, base64, zlib, gzip), infinite maps' chunks, flip flags,
 * external tilesets, `collides`, tiles' collision shapes (slopes, half
 * tiles), every kind of object, `objects` and `warnings`, and errors that
 * name the field. The maps are written here, a feature each; 32-pixel tiles,
 * so a tile is 1 m, and `origin` puts the map's bottom at y = 0.
 */
import { describe, expect, it } from "vitest";
import { deflateSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { AABB, Capsule, Chain, Circle, Compound, TileMap, World, type Body } from "../src/entries/capsule2d.js";
import { tiledDecompress } from "../src/entries/tiled-decompress.js";

type Json = Record<string, any>;

const T = 32;

/** A finite map of `rows` (strings of digits: 0 empty, 1.. a gid) in one tile layer, plus `extra` fields. */
function mapOf(rows: string[], extra: Json = {}): Json {
  const data = rows.flatMap((r) => [...r].map(Number));
  return {
    type: "map", orientation: "orthogonal", renderorder: "right-down", infinite: false,
    width: rows[0]!.length, height: rows.length, tilewidth: T, tileheight: T,
    layers: [{ id: 1, name: "ground", type: "tilelayer", visible: true, width: rows[0]!.length, height: rows.length, x: 0, y: 0, data }],
    tilesets: [{ firstgid: 1, name: "tiles", tilewidth: T, tileheight: T, tilecount: 8, columns: 8 }],
    ...extra,
  };
}

function bounds(body: Body): number[] {
  const b = body as AABB;
  return [b.position.x - b.halfWidth, b.position.y - b.halfHeight, b.position.x + b.halfWidth, b.position.y + b.halfHeight].map((v) => Math.round(v * 1e9) / 1e9);
}

/** A body's shape as plain numbers: kind and world vertices (rounded), or bounds for an AABB, centre and radius for a circle. */
function shapeOf(body: Body): [string, ...number[]] {
  const s = body.shapes[0]!;
  const r = (v: number) => Math.round(v * 1e9) / 1e9 + 0;
  if (s.kind === "aabb") return ["aabb", ...bounds(body)];
  if (s.kind === "circle") return ["circle", r(body.position.x), r(body.position.y), r(s.radius)];
  return [s.kind, ...s.getWorldVertices().flatMap((p) => [r(p.x), r(p.y)])];
}

function base64Of(ids: number[]): string {
  const b = Buffer.alloc(ids.length * 4);
  ids.forEach((v, i) => b.writeUInt32LE(v >>> 0, i * 4));
  return b.toString("base64");
}

const nodeInflate = (data: Uint8Array, format: string, size: number): Uint8Array => {
  const out = format === "gzip" ? gunzipSync(data, { maxOutputLength: size }) : inflateSync(data, { maxOutputLength: size });
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
};

/**
 * zstd frames written by the zstd command-line tool (v1.5.4, `zstd -19`): `ids` the 12 tile ids below as
 * little-endian uint32s (48 bytes), `zeros` 1 MiB of zeros, `sevens` 48 bytes of 7, `short` 44 bytes of 7,
 * `two` the frames of `ids` and `sevens` one after the other, `piped` `ids` compressed from a pipe (a frame
 * that does not say its content size).
 */
const ZSTD = {
  ids: "KLUv/SQwlQAAQAABAAAAAQABAwBuF2CrDlwBApFWsA==",
  zeros: "KLUv/aQAABAATAAACAABAPz/ORACAgAQAAIAEAACABAAAgAQAAIAEAACABAAAwAQAPE+FuE=",
  sevens: "KLUv/SQwPQAACAcBAERACFb4po0=",
  short: "KLUv/SQsPQAACAcBAJhACLtvKr0=",
  two: "KLUv/SQwlQAAQAABAAAAAQABAwBuF2CrDlwBApFWsCi1L/0kMD0AAAgHAQBEQAhW+KaN",
  piped: "KLUv/QRolQAAQAABAAAAAQABAwBuF2CrDlwBApFWsA==",
};

describe("tile layer data: plain array, CSV, base64, zlib, gzip, zstd", () => {
  const rows = ["0000", "1100", "1111"];
  const ids = rows.flatMap((r) => [...r].map(Number));
  const expected = [[0, 1, 2, 2], [0, 0, 4, 1]];
  const load = (layer: Json, options: Json = {}) => {
    const m = mapOf(rows);
    Object.assign(m.layers[0], layer);
    return TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 3 }, ...options }).bodies.map(bounds);
  };

  it("reads each format to the same colliders", () => {
    expect(load({})).toEqual(expected);
    expect(load({ encoding: "csv", data: ids.join(",") })).toEqual(expected);
    expect(load({ encoding: "csv", data: rows.map((r) => [...r].join(",")).join(",\n") + "\n" })).toEqual(expected);
    expect(load({ encoding: "base64", data: base64Of(ids) })).toEqual(expected);
    expect(load({ encoding: "base64", compression: "", data: base64Of(ids) })).toEqual(expected);
    const raw = Buffer.from(base64Of(ids), "base64");
    expect(load({ encoding: "base64", compression: "zlib", data: deflateSync(raw).toString("base64") }, { decompress: nodeInflate })).toEqual(expected);
    expect(load({ encoding: "base64", compression: "gzip", data: gzipSync(raw).toString("base64") }, { decompress: nodeInflate })).toEqual(expected);
    // capsule2d/tiled-decompress (fflate) reads what Node's zlib (the same deflate as Tiled's) wrote
    expect(load({ encoding: "base64", compression: "zlib", data: deflateSync(raw).toString("base64") }, { decompress: tiledDecompress })).toEqual(expected);
    expect(load({ encoding: "base64", compression: "gzip", data: gzipSync(raw).toString("base64") }, { decompress: tiledDecompress })).toEqual(expected);
    // and (fzstd) what the zstd command-line tool (v1.5.4, -19) wrote of the same 48 bytes
    expect(Buffer.from(ZSTD.ids, "base64").subarray(0, 4)).toEqual(Buffer.from([0x28, 0xb5, 0x2f, 0xfd])); // a zstd frame's magic
    expect(load({ encoding: "base64", compression: "zstd", data: ZSTD.ids }, { decompress: tiledDecompress })).toEqual(expected);
    expect(tiledDecompress(new Uint8Array(Buffer.from(ZSTD.ids, "base64")), "zstd", 48)).toEqual(new Uint8Array(raw));
  });

  it("tiledDecompress never returns more than the layer holds, zstd too; it refuses what is not one valid frame", () => {
    const bomb = deflateSync(Buffer.alloc(1 << 20));
    expect(() => tiledDecompress(bomb, "zlib", 48)).toThrow(/^capsule2d: tiledDecompress: the zlib data inflates to more than 48 bytes$/);
    expect(tiledDecompress(gzipSync(Buffer.alloc(48, 7)), "gzip", 48)).toEqual(new Uint8Array(48).fill(7));
    expect(() => tiledDecompress(new Uint8Array([1, 2, 3]), "zlib", 48)).toThrow();
    const zstd = (name: keyof typeof ZSTD) => new Uint8Array(Buffer.from(ZSTD[name], "base64"));
    // 1 MiB of zeros in 49 bytes: refused by its header's content size, before a byte is inflated
    expect(() => tiledDecompress(zstd("zeros"), "zstd", 48)).toThrow(/^capsule2d: tiledDecompress: the zstd data inflates to more than 48 bytes$/);
    expect(tiledDecompress(zstd("sevens"), "zstd", 48)).toEqual(new Uint8Array(48).fill(7));
    // shorter than the layer: its own length (fromTiled then refuses it, naming the size)
    expect(tiledDecompress(zstd("short"), "zstd", 48)).toEqual(new Uint8Array(44).fill(7));
    expect(() => tiledDecompress(new Uint8Array(8), "zstd", 48)).toThrow(/^capsule2d: tiledDecompress: the zstd data is not one valid zstd frame \(no zstd frame header\)$/);
    expect(() => tiledDecompress(zstd("piped"), "zstd", 48)).toThrow(/the zstd frame does not say its content size/);
    expect(() => tiledDecompress(zstd("ids").subarray(0, 12), "zstd", 48)).toThrow(/not one valid zstd frame/);
    expect(() => tiledDecompress(zstd("two"), "zstd", 96)).toThrow(/not one valid zstd frame/);
    expect(() => tiledDecompress(zstd("ids"), "lz4" as never, 48)).toThrow(/compression must be "zlib", "gzip" or "zstd"/);
    // through fromTiled: a bomb is a RangeError naming the layer's data
    const m = mapOf(["0000", "1100", "1111"]);
    Object.assign(m.layers[0], { encoding: "base64", compression: "zlib", data: bomb.toString("base64") });
    expect(() => TileMap.fromTiled(new World(), m, { decompress: tiledDecompress })).toThrow(/^capsule2d: map\.layers\[0\]\.data could not be inflated \(zlib\): capsule2d: tiledDecompress: the zlib data inflates to more than 48 bytes$/);
  });

  it("refuses compressed data without a decompressor, naming the option, and wrong sizes before inflating them", () => {
    const raw = Buffer.from(base64Of(ids), "base64");
    const zlib = { encoding: "base64", compression: "zlib", data: deflateSync(raw).toString("base64") };
    expect(() => load(zlib)).toThrow(/^capsule2d: map\.layers\[0\]\.data is zlib-compressed: pass the option decompress/);
    expect(() => load(zlib)).toThrow(RangeError);
    expect(() => load({ ...zlib, compression: "lz4" }, { decompress: nodeInflate })).toThrow(/map\.layers\[0\]\.compression must be "zlib", "gzip", "zstd" or ""/);
    // inflates to more than the layer holds: the decompressor is told the size, and a longer result is refused
    const big = { ...zlib, data: deflateSync(Buffer.alloc(1 << 20)).toString("base64") };
    expect(() => load(big, { decompress: nodeInflate })).toThrow(/map\.layers\[0\]\.data could not be inflated \(zlib\)|must decode to 4 × 3 × 4 = 48 bytes/);
    expect(() => load(big, { decompress: () => new Uint8Array(1 << 20) })).toThrow(/^capsule2d: map\.layers\[0\]\.data must decode to 4 × 3 × 4 = 48 bytes, got 1048576$/);
    // base64 far longer than 48 bytes: refused from its length
    expect(() => load({ encoding: "base64", data: "A".repeat(100_000) })).toThrow(/map\.layers\[0\]\.data is 100000 characters of base64, more than the 48 bytes/);
    expect(() => load({ encoding: "base64", data: "AAA*" })).toThrow(/map\.layers\[0\]\.data is not base64 \(character 3/);
    expect(() => load({ encoding: "csv", data: "1,2,x" })).toThrow(/map\.layers\[0\]\.data: CSV value 2 is not a tile id/);
    expect(() => load({ encoding: "csv", data: "1,2" })).toThrow(/must hold 4 × 3 = 12 tile ids, got 2/);
    expect(() => load({ data: [...ids.slice(1), 1.5] })).toThrow(/map\.layers\[0\]\.data\[11\]/);
  });
});

describe("layers: every visible tile layer, groups and their offsets, or the ones named", () => {
  const layered = (): Json => {
    const m = mapOf(["00", "11"]);
    m.layers = [
      { name: "background", type: "tilelayer", visible: false, data: [1, 1, 0, 0] },
      { name: "world", type: "group", offsetx: 64, offsety: -32, layers: [
        { name: "platforms", type: "group", offsetx: 32, layers: [{ name: "high", type: "tilelayer", visible: true, offsetx: 0, data: [1, 0, 0, 0] }] },
        { name: "hidden-in-group", type: "group", visible: false, layers: [{ name: "gone", type: "tilelayer", data: [0, 0, 0, 1] }] },
      ] },
      { name: "ground", type: "tilelayer", data: [0, 0, 1, 1] },
      { name: "picture", type: "imagelayer", image: "sky.png" },
    ];
    return m;
  };

  it("reads the visible tile layers in the file's order, with their groups' offsets added up; skips invisible ones", () => {
    const map = TileMap.fromTiled(new World(), layered(), { origin: { x: 0, y: 2 } });
    // "high": cell (0, 0) moved by (64 + 32, −32) px = (3, 1) m right and up
    expect(map.bodies.map(bounds)).toEqual([[3, 2, 4, 3], [0, 0, 2, 1]]);
    expect(map.warnings).toEqual([]);
  });

  it("reads only the layers named (invisible ones too; a group names its tile layers)", () => {
    expect(TileMap.fromTiled(new World(), layered(), { origin: { x: 0, y: 2 }, layers: ["background"] }).bodies.map(bounds)).toEqual([[0, 1, 2, 2]]);
    expect(TileMap.fromTiled(new World(), layered(), { origin: { x: 0, y: 2 }, layers: ["world"] }).bodies.map(bounds)).toEqual([[3, 2, 4, 3], [3, 1, 4, 2]]);
  });

  it("an unknown layer name is a RangeError listing the layers; an unknown option a TypeError", () => {
    const world = new World();
    expect(() => TileMap.fromTiled(world, layered(), { layers: ["Ground"] })).toThrow(
      'capsule2d: layers[0] is "Ground", which is no tile or group layer of the map (it has "background", "world", "platforms", "high", "hidden-in-group", "gone", "ground")',
    );
    expect(() => TileMap.fromTiled(world, layered(), { layer: ["ground"] } as never)).toThrow(/^capsule2d: unknown TileMap\.fromTiled option "layer"; did you mean "layers"\?$/);
    expect(() => TileMap.fromTiled(world, layered(), { layers: "ground" } as never)).toThrow(TypeError);
    expect(world.bodies.length).toBe(0);
  });
});

describe("infinite maps", () => {
  const infinite = (chunks: Json[], encoding?: string): Json => {
    const m = mapOf(["0"]);
    m.infinite = true;
    m.layers = [{ name: "ground", type: "tilelayer", startx: -2, starty: 0, encoding, chunks }];
    return m;
  };

  it("places the chunks on one grid, negative coordinates included", () => {
    const map = TileMap.fromTiled(new World(), infinite([
      { x: -2, y: 0, width: 2, height: 2, data: [0, 0, 1, 1] },
      { x: 0, y: 0, width: 2, height: 2, data: [0, 0, 1, 0] },
      { x: 0, y: -2, width: 2, height: 2, data: [0, 0, 0, 1] },
    ]), { origin: { x: 0, y: 0 } });
    expect([map.columns, map.rows, map.firstColumn, map.firstRow]).toEqual([4, 4, -2, -2]);
    expect(map.cellCenter(-2, 1)).toEqual({ x: -1.5, y: -1.5 });
    // the tile at cell (1, −1) (y from 0 to 1), and one run from x = −2 to 1 on row 1 (y from −2 to −1)
    expect(map.bodies.map(bounds)).toEqual([[1, 0, 2, 1], [-2, -2, 1, -1]]);
    const b64 = TileMap.fromTiled(new World(), infinite([{ x: 0, y: 0, width: 2, height: 1, data: base64Of([1, 1]) }], "base64"));
    expect(b64.bodies.map(bounds)).toEqual([[0, -1, 2, 0]]);
  });

  it("refuses chunks that span too many cells before allocating them, naming the field", () => {
    const world = new World();
    expect(() => TileMap.fromTiled(world, infinite([{ x: -30000, y: -30000, width: 16, height: 16, data: [] }, { x: 30000, y: 30000, width: 16, height: 16, data: [] }]))).toThrow(
      /the chunks of the infinite map span 60016 × 60016 cells, more than 16777216/,
    );
    expect(() => TileMap.fromTiled(world, infinite([{ x: 0, y: 0, width: 2, height: 2, data: [1] }]))).toThrow(/^capsule2d: map\.layers\[0\]\.chunks\[0\]\.data must hold 2 × 2 = 4 tile ids, got 1$/);
    expect(() => TileMap.fromTiled(world, infinite([{ x: 0.5, y: 0, width: 2, height: 2, data: [] }]))).toThrow(/map\.layers\[0\]\.chunks\[0\]\.x/);
    expect(world.bodies.length).toBe(0);
  });
});

describe("tilesets: external ones, properties, collides", () => {
  const external = { name: "ext", tilewidth: T, tileheight: T, tilecount: 4, tiles: [{ id: 1, properties: [{ name: "oneWay", type: "bool", value: true }] }] };

  it("loads an external tileset through loadTileset, once per source, with its tile properties", () => {
    const m = mapOf(["1203", "1111"]);
    m.tilesets = [{ firstgid: 1, source: "../tilesets/ext.tsj" }, { firstgid: 3, source: "../tilesets/ext.tsj" }];
    const asked: string[] = [];
    const map = TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 2 }, loadTileset: (s) => (asked.push(s), external) });
    expect(asked).toEqual(["../tilesets/ext.tsj"]);
    // gid 2 is ext's tile 1 (one-way); gid 3 is tile 0 of the second reference (solid)
    expect(map.bodies.map((b) => [...bounds(b), b.oneWay === null ? 0 : 1])).toEqual([[0, 1, 1, 2, 0], [1, 1, 2, 2, 1], [3, 1, 4, 2, 0], [0, 0, 4, 1, 0]]);
  });

  it("without loadTileset, or when it returns text, says what to do without quoting the text", () => {
    const m = mapOf(["1"]);
    m.tilesets = [{ firstgid: 1, source: "ext.tsx" }];
    expect(() => TileMap.fromTiled(new World(), m)).toThrow(/^capsule2d: map\.tilesets\[0\] is an external tileset \(source "ext\.tsx"\): pass the option loadTileset\(source\)/);
    const text = "<tileset>" + "x".repeat(5000);
    expect(() => TileMap.fromTiled(new World(), m, { loadTileset: () => text })).toThrow(/^capsule2d: loadTileset\("ext\.tsx"\) must be the tileset's JSON object, got a string of 5009 characters; pass JSON\.parse\(text\)$/);
  });

  it("collides: only tiles whose named property is true collide (Phaser's convention)", () => {
    const m = mapOf(["1232"]);
    m.tilesets[0].tiles = [
      { id: 0, properties: [{ name: "collides", type: "bool", value: true }] },
      { id: 1, properties: [{ name: "collides", type: "bool", value: false }] },
    ];
    expect(TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 1 } }).bodies.map(bounds)).toEqual([[0, 0, 1, 1], [1, 0, 2, 1], [2, 0, 3, 1], [3, 0, 4, 1]]);
    expect(TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 1 }, collides: "collides" }).bodies.map(bounds)).toEqual([[0, 0, 1, 1]]);
    expect(() => TileMap.fromTiled(new World(), m, { collides: true } as never)).toThrow(/^capsule2d: collides must be a tile property name/);
  });

  it("a JSON string passed as the map is refused without putting the string in the message", () => {
    const text = JSON.stringify(mapOf(["1".repeat(2000)]));
    let message = "";
    try {
      TileMap.fromTiled(new World(), text);
    } catch (e) {
      message = (e as Error).message;
      expect(e).toBeInstanceOf(TypeError);
    }
    expect(message).toBe(`capsule2d: map must be a Tiled JSON object, got a string of ${text.length} characters; pass JSON.parse(text)`);
  });
});

/**
 * A tileset whose tile 0 (gid 1) is a 45° slope rising to the right, 1 a bottom half tile, 2 a round bumper, 3 a whole tile
 * drawn as a rectangle, 4 a top strip with a point, 5 and 6 the two halves of a 26.6° slope.
 */
function shapedTileset(): Json {
  return {
    firstgid: 1, name: "shapes", tilewidth: T, tileheight: T, tilecount: 8, columns: 8,
    tiles: [
      { id: 0, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 32, polygon: [{ x: 0, y: 0 }, { x: 32, y: -32 }, { x: 32, y: 0 }] }] } },
      { id: 1, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 16, width: 32, height: 16 }] } },
      { id: 2, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 8, y: 8, width: 16, height: 16, ellipse: true }] } },
      { id: 3, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, width: 32, height: 32 }] } },
      { id: 4, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, point: true }, { id: 2, x: 0, y: 0, width: 32, height: 8 }] } },
      { id: 5, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, polygon: [{ x: 0, y: 32 }, { x: 32, y: 16 }, { x: 32, y: 32 }] }] } },
      { id: 6, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, polygon: [{ x: 0, y: 32 }, { x: 0, y: 16 }, { x: 32, y: 0 }, { x: 32, y: 32 }] }] } },
    ],
  };
}

describe("tiles' collision shapes and flip flags", () => {
  const H = 0x80000000;
  const V = 0x40000000;
  const D = 0x20000000;

  it("makes the shapes drawn: a slope polygon, a half tile, a circle; a whole-tile rectangle stays a merged run", () => {
    const m = mapOf(["1234", "4444"], { tilesets: [shapedTileset()] });
    const map = TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 2 } });
    // each row: its shapes and whole runs in column order, then its runs of tiles' rectangles
    expect(map.bodies.map(shapeOf)).toEqual([
      ["polygon", 0, 1, 1, 1, 1, 2],
      ["circle", 2.5, 1.5, 0.25],
      ["aabb", 3, 1, 4, 2],
      ["aabb", 1, 1, 2, 1.5],
      ["aabb", 0, 0, 4, 1],
    ]);
  });

  it("places tiles' shapes on exactly the edges of their cells, the numbers of the whole tiles beside them (seams link equal edges)", () => {
    // 18-pixel tiles: (col · 18) / ppm and col · (18 / ppm) differ in their last bits for some columns
    const P = 18;
    const m = mapOf(["4242424242424242424242424242424242424242"]);
    Object.assign(m, { tilewidth: P, tileheight: P });
    m.tilesets = [{ firstgid: 1, name: "small", tilewidth: P, tileheight: P, tiles: [{ id: 1, objectgroup: { objects: [{ id: 1, x: 0, y: P / 2, width: P, height: P / 2 }] } }] }];
    for (const pixelsPerMetre of [30, 7, 100 / 3, 18, 16]) {
      const map = TileMap.fromTiled(new World(), m, { pixelsPerMetre, origin: { x: 0.1, y: 1 } });
      const w = P * (1 / pixelsPerMetre);
      const half = map.bodies.filter((b) => (b as AABB).halfHeight * 2 < w * 0.9) as AABB[];
      expect(half.length).toBe(20);
      for (const [i, b] of half.entries()) {
        // the cell's edges as the whole tiles' runs compute them: origin.x + col · w
        const col = 2 * i + 1;
        const cell = AABB.fromBounds({ x: 0.1 + col * w, y: 0 }, { x: 0.1 + (col + 1) * w, y: 1 }, { type: "static" });
        expect([b.position.x, b.halfWidth]).toEqual([cell.position.x, cell.halfWidth]);
      }
    }
  });

  it("merges a row's half tiles into one box, and not across a gap or a flipped (top) half", () => {
    const m = mapOf(["22202222"], { tilesets: [shapedTileset()] });
    m.layers[0].data[6] = (2 | 0x40000000) >>> 0;
    const map = TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 1 } });
    expect(map.bodies.map(shapeOf)).toEqual([["aabb", 0, 0, 3, 0.5], ["aabb", 4, 0, 6, 0.5], ["aabb", 6, 0.5, 7, 1], ["aabb", 7, 0, 8, 0.5]]);
  });

  it("flips and rotates the shapes as the gid's flags say", () => {
    const flipped = (gid: number) => {
      const m = mapOf(["0"], { tilesets: [shapedTileset()] });
      m.layers[0].data = [gid >>> 0];
      return TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 1 } }).bodies.map(shapeOf);
    };
    // the slope rising to the right: flipped horizontally it rises to the left, vertically it hangs from the top
    expect(flipped(1)).toEqual([["polygon", 0, 0, 1, 0, 1, 1]]);
    expect(flipped(1 | H)).toEqual([["polygon", 0, 0, 1, 0, 0, 1]]);
    expect(flipped(1 | V)).toEqual([["polygon", 1, 0, 1, 1, 0, 1]]);
    // the bottom half tile: rotated 90° clockwise (diagonal + horizontal) it is the left half; anticlockwise the right half
    expect(flipped(2 | D | H)).toEqual([["aabb", 0, 0, 0.5, 1]]);
    expect(flipped(2 | D | V)).toEqual([["aabb", 0.5, 0, 1, 1]]);
    expect(flipped(2 | V)).toEqual([["aabb", 0, 0.5, 1, 1]]);
  });

  it("warns once per tile for a collision shape it cannot make (a point), and makes the rest", () => {
    const m = mapOf(["55"], { tilesets: [shapedTileset()] });
    const map = TileMap.fromTiled(new World(), m, { origin: { x: 0, y: 1 } });
    expect(map.bodies.map(shapeOf)).toEqual([["aabb", 0, 0.75, 2, 1]]);
    expect(map.warnings).toEqual(['tileset "shapes", tile 4: collision shape 0 is a point (no shape), not made']);
  });

  it("a capsule and a ball pushed right run up a row of slope tiles and on along the top without being stopped", () => {
    // a floor, then a ramp of two slope tiles (26.6°: tiles 6 and 7) up to a floor one tile higher
    const m = mapOf([
      "0000000000000000",
      "0000006744444444",
      "4444444444444444",
    ], { tilesets: [shapedTileset()] });
    for (const make of [
      () => new Capsule({ position: { x: 1, y: 1.5 }, halfLength: 0.2, radius: 0.3, fixedRotation: true, friction: 0 }),
      () => new Circle({ position: { x: 1, y: 1.5 }, radius: 0.3, friction: 0 }),
    ]) {
      const world = new World({ sleeping: false });
      const map = TileMap.fromTiled(world, m, { origin: { x: 0, y: 3 } });
      expect(map.bodies.map((b) => b.shapes[0]!.kind)).toEqual(["polygon", "polygon", "aabb", "aabb"]);
      const body = world.add(make());
      for (let i = 0; i < 30; i++) world.step(1 / 60);
      let minVx = Infinity;
      let steps = 0;
      for (; steps < 600 && body.position.x < 13; steps++) {
        body.setVelocity({ x: 4, y: body.velocity.y });
        world.step(1 / 60);
        minVx = Math.min(minVx, body.velocity.x);
      }
      expect(body.position.x).toBeGreaterThanOrEqual(13);
      // 12 m at 4 m/s is 180 steps; up the ramp along its length (2.24 m for 2 m) at no less than 2.5 m/s
      expect(steps).toBeLessThan(200);
      expect(minVx).toBeGreaterThan(2.5);
      // on the upper floor (its top at y = 2), resting on it
      expect(body.position.y).toBeCloseTo(2.3, 1);
      expect(Math.abs(body.velocity.y)).toBeLessThan(0.5);
    }
  });
});

describe("object layers", () => {
  const objects = (list: Json[]): Json => {
    const m = mapOf(["0000"]);
    m.height = 4;
    m.layers = [{ name: "ground", type: "tilelayer", data: new Array(16).fill(0) }, { name: "things", type: "objectgroup", visible: false, offsetx: 0, objects: list }];
    return m;
  };
  const load = (list: Json[]) => TileMap.fromTiled(new World(), objects(list), { origin: { x: 0, y: 4 } });

  it("makes each kind of object: rectangles (rotated too), ellipses, polygons (concave too), polylines, points", () => {
    const map = load([
      { id: 1, name: "crate", type: "", x: 0, y: 64, width: 32, height: 16, rotation: 0 },
      { id: 2, name: "tilted", class: "ramp", x: 64, y: 64, width: 32, height: 32, rotation: 90 },
      { id: 3, name: "ball", x: 0, y: 0, width: 32, height: 32, ellipse: true },
      { id: 4, name: "egg", x: 0, y: 0, width: 64, height: 32, ellipse: true },
      { id: 5, name: "wedge", x: 0, y: 128, polygon: [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 0, y: -32 }] },
      { id: 6, name: "ell", x: 32, y: 128, polygon: [{ x: 0, y: 0 }, { x: 64, y: 0 }, { x: 64, y: -32 }, { x: 32, y: -32 }, { x: 32, y: -64 }, { x: 0, y: -64 }] },
      { id: 7, name: "rail", x: 0, y: 96, polyline: [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 64, y: -32 }] },
      { id: 8, name: "start", type: "spawn", x: 16, y: 16, point: true, properties: [{ name: "facing", type: "string", value: "left" }] },
    ]);
    const by = (name: string) => map.objects.find((o) => o.name === name)!;
    expect(map.objects.map((o) => [o.id, o.name, o.class, o.layer, o.bodies.length])).toEqual([
      [1, "crate", "", "things", 1], [2, "tilted", "ramp", "things", 1], [3, "ball", "", "things", 1], [4, "egg", "", "things", 1],
      [5, "wedge", "", "things", 1], [6, "ell", "", "things", 1], [7, "rail", "", "things", 1], [8, "start", "spawn", "things", 0],
    ]);
    expect(shapeOf(by("crate").bodies[0]!)).toEqual(["aabb", 0, 1.5, 1, 2]);
    // rotated 90° clockwise about its top-left corner (2, 2): it now hangs to the left of x = 2
    const tilted = by("tilted").bodies[0]!;
    expect(tilted.shapes[0]!.kind).toBe("box");
    expect([tilted.position.x, tilted.position.y].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1.5, 1.5]);
    expect(tilted.angle).toBeCloseTo(-Math.PI / 2, 12);
    expect(shapeOf(by("ball").bodies[0]!)).toEqual(["circle", 0.5, 3.5, 0.5]);
    expect(by("egg").bodies[0]!.shapes[0]!.kind).toBe("polygon");
    expect(by("egg").bodies[0]!.shapes[0]!.vertices!.length).toBe(8);
    expect(shapeOf(by("wedge").bodies[0]!).slice(1).length).toBe(6);
    // the L outline: one Compound of two convex pieces whose areas add up to 3 tiles, named and labelled as the object
    const area = (shape: Body["shapes"][number]) => {
      const v = shape.getWorldVertices();
      let a = 0;
      for (let i = 0; i < v.length; i++) a += v[i]!.x * v[(i + 1) % v.length]!.y - v[(i + 1) % v.length]!.x * v[i]!.y;
      return a / 2;
    };
    const ell = by("ell").bodies[0]!;
    expect(ell).toBeInstanceOf(Compound);
    expect(ell.shapes.map((sh) => sh.kind)).toEqual(["polygon", "polygon"]);
    expect(ell.shapes.reduce((s, sh) => s + area(sh), 0)).toBeCloseTo(3, 9);
    expect([ell.label, ell.isStatic]).toEqual(["ell", true]);
    // its outline's corners, in the world: (1, 0), (3, 0), (3, 1), (2, 1), (2, 2), (1, 2)
    const corners = ell.shapes.flatMap((sh) => sh.getWorldVertices()).map((v) => `${Math.round(v.x * 1e9) / 1e9},${Math.round(v.y * 1e9) / 1e9}`);
    for (const c of ["1,0", "3,0", "3,1", "2,1", "2,2", "1,2"]) expect(corners).toContain(c);
    // the polyline, drawn left to right, is a Chain run right to left (its solid side up): (2, 2) → (1, 1) → (0, 1)
    const rail = by("rail").bodies[0]!;
    expect(rail).toBeInstanceOf(Chain);
    expect(rail.shapes.map((sh) => [sh.kind, ...sh.getWorldVertices().flatMap((p) => [Math.round(p.x * 1e9) / 1e9 + 0, Math.round(p.y * 1e9) / 1e9 + 0])])).toEqual([["chainSegment", 2, 2, 1, 1], ["chainSegment", 1, 1, 0, 1]]);
    expect(TileMap.fromTiled(new World(), objects([{ id: 7, name: "rail", x: 0, y: 96, polyline: [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 64, y: -32 }] }]), { origin: { x: 0, y: 4 }, polylines: "segments" }).bodies.map(shapeOf))
      .toEqual([["segment", 0, 1, 1, 1], ["segment", 1, 1, 2, 2]]);
    expect(map.spawns).toEqual([{ name: "start", type: "spawn", position: { x: 0.5, y: 3.5 }, properties: { facing: "left" } }]);
    expect(map.bodies.length).toBe(7);
    expect(map.bodies.every((b) => b.isStatic)).toBe(true);
    expect(map.warnings).toEqual([]);
  });

  it("a concave polygon is one Compound: a ball lands on its notch and stays; one-way and sensor objects keep what they can be", () => {
    const notch = [{ x: 0, y: 0 }, { x: 96, y: 0 }, { x: 96, y: -64 }, { x: 64, y: -64 }, { x: 64, y: -32 }, { x: 32, y: -32 }, { x: 32, y: -64 }, { x: 0, y: -64 }];
    const world = new World();
    const map = TileMap.fromTiled(world, objects([
      { id: 1, name: "cup", x: 0, y: 128, polygon: notch, properties: [{ name: "friction", type: "float", value: 0.9 }] },
      { id: 2, name: "ledge", x: 160, y: 128, polygon: notch, properties: [{ name: "oneWay", type: "bool", value: true }] },
      { id: 3, name: "zone", class: "sensor", x: 320, y: 128, polygon: notch },
    ]), { origin: { x: 0, y: 4 } });
    const [cup, ledge, zone] = map.objects.map((o) => o.bodies);
    expect(cup!.map((b) => [b instanceof Compound, b.shapes.length, b.friction, b.shapes.map((s) => s.friction)])).toEqual([[true, 3, 0.9, [0.9, 0.9, 0.9]]]);
    // a compound cannot be one-way: a one-way concave polygon stays its convex pieces, each one-way
    expect(ledge!.length).toBe(3);
    expect(ledge!.every((b) => !(b instanceof Compound) && b.oneWay !== null)).toBe(true);
    expect(zone!.map((b) => [b instanceof Compound, b.isSensor, b.shapes.every((s) => s.isSensor)])).toEqual([[true, true, true]]);
    expect(map.warnings).toEqual([]);
    // the notch of the cup is 1 m wide, from x = 1 to 2, its floor at y = 1 (the object's y 128 px is y = 0)
    const ball = world.add(new Circle({ radius: 0.3, position: { x: 1.5, y: 3 } }));
    for (let i = 0; i < 240; i++) world.step(1 / 60);
    expect(ball.position.x).toBeCloseTo(1.5, 3);
    expect(ball.position.y).toBeCloseTo(1.3, 2);
  });

  it("class sensor makes sensors of any shape; the tile properties apply to objects; label and userData name them", () => {
    const map = load([
      { id: 1, name: "goal", class: "sensor", x: 0, y: 0, polygon: [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 16, y: 32 }] },
      { id: 2, name: "ice", x: 0, y: 96, width: 128, height: 32, properties: [{ name: "friction", type: "float", value: 0.05 }, { name: "oneWay", type: "bool", value: true }] },
      { id: 3, name: "belt", x: 0, y: 64, width: 64, height: 8, properties: [{ name: "tangentSpeed", type: "float", value: -2 }, { name: "restitution", type: "float", value: 0.5 }] },
    ]);
    expect(map.sensors.map((b) => [b.label, b.isSensor, b.shapes[0]!.kind])).toEqual([["goal", true, "polygon"]]);
    const [ice, belt] = map.bodies;
    expect([ice!.label, ice!.friction, ice!.oneWay, ice!.userData]).toEqual(["ice", 0.05, { x: 0, y: 1 }, { friction: 0.05, oneWay: true }]);
    expect([belt!.tangentSpeed, belt!.restitution]).toEqual([-2, 0.5]);
  });

  it("polylines are Chains by default (polylines: \"chains\"), solid on top whichever way they were drawn: a box slides along its vertices without a bump; a one-way one stays segments", () => {
    // 40 px edges drawn left to right (and one right to left), 32 px a metre, the world's y up: the floor at y = 1
    const line = Array.from({ length: 17 }, (_, i) => ({ x: 40 * i, y: 0 }));
    const world = new World();
    const map = TileMap.fromTiled(world, objects([
      { id: 1, name: "floor", x: 0, y: 96, polyline: line },
      { id: 2, name: "back", x: 0, y: 0, polyline: line.slice().reverse() },
      { id: 3, name: "ledge", x: 0, y: 32, polyline: [{ x: 0, y: 0 }, { x: 64, y: 0 }], properties: [{ name: "oneWay", type: "bool", value: true }] },
    ]), { origin: { x: 0, y: 4 } });
    expect(TileMap.fromTiled(new World(), objects([{ id: 1, x: 0, y: 0, polyline: line }]), { origin: { x: 0, y: 4 }, polylines: "chains" }).bodies.length).toBe(1);
    expect(TileMap.fromTiled(new World(), objects([{ id: 1, x: 0, y: 0, polyline: line }]), { origin: { x: 0, y: 4 }, polylines: "segments" }).bodies.length).toBe(16);
    expect(() => TileMap.fromTiled(new World(), objects([]), { polylines: "chain" as never })).toThrow(/polylines/);
    const floor = map.objects[0]!.bodies[0]!;
    expect(floor).toBeInstanceOf(Chain);
    expect(floor.shapes.length).toBe(16);
    expect(map.objects[1]!.bodies[0]!).toBeInstanceOf(Chain);
    expect(map.objects[2]!.bodies.map((b) => b.shapes[0]!.kind)).toEqual(["segment"]);
    const ledge = map.objects[2]!.bodies[0]!;
    world.remove(ledge);
    world.remove(map.objects[1]!.bodies[0]!);
    const box = world.add(new AABB({ position: { x: 1, y: 1.25 }, halfWidth: 0.25, halfHeight: 0.25, friction: 0 }));
    for (let i = 0; i < 30; i++) world.step(1 / 60);
    box.setVelocity({ x: 8, y: 0 });
    let vertical = 0;
    while (box.position.x < 18) {
      world.step(1 / 60);
      vertical = Math.max(vertical, Math.abs(box.velocity.y));
      expect(box.velocity.x).toBeGreaterThanOrEqual(8 - 1e-9);
    }
    expect(vertical).toBeLessThanOrEqual(0.15e-3);
    expect(box.position.y).toBeCloseTo(1.25, 3);
  });

  it("which side is solid: a polyline drawn left to right, right to left, as a slope from either end, or as a tile's collision shape is solid from above and passes bodies from below", () => {
    // ground 4 m wide at y = 1 (px y 96), and a slope from (0, 1) up to (4, 2): each drawn from both ends
    const flat = [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 64, y: 0 }, { x: 96, y: 0 }, { x: 128, y: 0 }];
    const slope = [{ x: 0, y: 0 }, { x: 48, y: -8 }, { x: 128, y: -32 }];
    for (const [name, line] of [["flat", flat], ["slope", slope]] as const) {
      for (const order of ["left to right", "right to left"]) {
        const drawn = order === "left to right" ? line : line.slice().reverse();
        const world = new World();
        const map = TileMap.fromTiled(world, objects([{ id: 1, name, x: 0, y: 96, polyline: drawn }]), { origin: { x: 0, y: 4 } });
        const chain = map.bodies[0]!;
        expect(chain, `${name} ${order}`).toBeInstanceOf(Chain);
        // run right to left, whichever way it was drawn: each segment's right, its solid side, is up
        for (const sh of chain.shapes) expect(sh.b!.x, `${name} ${order}`).toBeLessThan(sh.a!.x);
        // the surface under x = 2, found from above by a ray with an upward normal (a ray from below misses it)
        const ground = world.raycast({ x: 2, y: 5 }, { x: 0, y: -1 }, 10)!;
        expect(ground.body).toBe(chain);
        expect(ground.normal.y).toBeGreaterThan(0.9);
        expect(world.raycast({ x: 2, y: -3 }, { x: 0, y: 1 }, 10), `${name} ${order}: a ray from below passes`).toBeNull();
        const top = ground.point.y;
        const dropped = world.add(new Circle({ position: { x: 2, y: top + 1 }, radius: 0.2, friction: 1 }));
        const risen = world.add(new Circle({ position: { x: 1, y: top - 1.5 }, radius: 0.2, velocity: { x: 0, y: 9 }, gravityScale: 0 }));
        for (let i = 0; i < 60; i++) world.step(1 / 60);
        expect(dropped.position.y, `${name} ${order}: lands`).toBeGreaterThan(top);
        expect(dropped.position.y, `${name} ${order}: rests on it`).toBeLessThan(top + 0.45);
        expect(risen.position.y, `${name} ${order}: passes up through it`).toBeGreaterThan(top + 3);
      }
    }
    // a tile whose collision shape is a polyline drawn left to right across it: a chain solid on top too
    const tileMap = {
      type: "map", orientation: "orthogonal", infinite: false, width: 1, height: 1, tilewidth: 32, tileheight: 32,
      layers: [{ type: "tilelayer", name: "ground", visible: true, width: 1, height: 1, data: [1] }],
      tilesets: [{ firstgid: 1, tilecount: 1, columns: 1, tilewidth: 32, tileheight: 32, tiles: [{ id: 0, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 16, polyline: [{ x: 0, y: 0 }, { x: 32, y: 0 }] }] } }] }],
    };
    const tiled = TileMap.fromTiled(new World(), tileMap, { origin: { x: 0, y: 1 } });
    expect(tiled.warnings).toEqual([]);
    const tileChain = tiled.bodies[0]!;
    expect(tileChain).toBeInstanceOf(Chain);
    expect([tileChain.shapes[0]!.a!.x > tileChain.shapes[0]!.b!.x, tileChain.shapes[0]!.getWorldVertices().map((p) => p.y)]).toEqual([true, [0.5, 0.5]]);
  });

  it("warns, one line each, for what it cannot make: text, tile objects, templates, empty rectangles, degenerate polygons", () => {
    const map = load([
      { id: 1, name: "sign", x: 0, y: 0, width: 64, height: 16, text: { text: "Hello" } },
      { id: 2, name: "tree", x: 0, y: 32, width: 32, height: 32, gid: 3 },
      { id: 3, x: 0, y: 0, template: "door.tx" },
      { id: 4, name: "flat", x: 0, y: 0, width: 32, height: 0 },
      { id: 5, name: "line", x: 0, y: 0, polygon: [{ x: 0, y: 0 }, { x: 16, y: 0 }, { x: 32, y: 0 }] },
      { id: 6, name: "bow", x: 0, y: 0, polygon: [{ x: 0, y: 0 }, { x: 32, y: 32 }, { x: 32, y: 0 }, { x: 0, y: 32 }] },
      { id: 7, name: "ok", x: 0, y: 0, width: 32, height: 32 },
    ]);
    expect(map.bodies.length).toBe(1);
    expect(map.objects.length).toBe(7);
    expect(map.warnings.length).toBe(6);
    // a polyline whose points weld into one: the Chain's refusal, as a warning
    const dot = TileMap.fromTiled(new World(), objects([{ id: 8, name: "dot", x: 0, y: 0, polyline: [{ x: 0, y: 0 }, { x: 0.001, y: 0 }] }]), { origin: { x: 0, y: 4 } });
    expect(dot.warnings).toHaveLength(1);
    expect(dot.warnings[0]).toMatch(/^object 8 "dot" in layer "things": not made \(points must hold at least 2 points/);
    expect(map.warnings.slice(0, 4)).toEqual([
      'object 1 "sign" in layer "things": a text object (no shape), not made',
      'object 2 "tree" in layer "things": a tile object (not made into a body), not made',
      'object 3 in layer "things": an object template (not read: save the map with templates detached), not made',
      'object 4 "flat" in layer "things": a rectangle of size 32 × 0, not made',
    ]);
    expect(map.warnings[4]).toMatch(/^object 5 "line" in layer "things": a polygon not made \(the outline folds back on itself/);
    expect(map.warnings[5]).toMatch(/^object 6 "bow" in layer "things": a polygon not made \(.*cross/);
  });

  it("a malformed object is an error naming its field, and nothing is added", () => {
    const world = new World();
    const bad = (o: Json) => () => TileMap.fromTiled(world, objects([{ id: 1, x: 0, y: 0, width: 32, height: 32 }, o]));
    expect(bad({ x: "3" })).toThrow(/^capsule2d: map\.layers\[1\]\.objects\[1\]\.x must be a number, got "3"$/);
    expect(bad({ x: 0, y: 0, polygon: [{ x: 0, y: 0 }, { x: 1, y: NaN }, { x: 1, y: 1 }] })).toThrow(/^capsule2d: map\.layers\[1\]\.objects\[1\]\.polygon\[1\]\.y must be a finite number/);
    expect(bad({ x: 0, y: 0, width: -1, height: 3 })).toThrow(/map\.layers\[1\]\.objects\[1\]\.width/);
    expect(bad({ x: 0, y: 0, width: 3, height: 3, properties: [{ name: "friction", value: -1 }] })).toThrow(/map\.layers\[1\]\.objects\[1\]\.properties\.friction/);
    expect(bad({ x: 0, y: 0, width: 3, height: 3, properties: [{ name: "oneWay", value: "yes" }] })).toThrow(/map\.layers\[1\]\.objects\[1\]\.properties\.oneWay must be a boolean/);
    expect(bad({ x: 0, y: 0, polyline: new Array(5000).fill({ x: 0, y: 0 }) })).toThrow(/polyline has 5000 points, more than 4096/);
    expect(world.bodies.length).toBe(0);
  });
});
