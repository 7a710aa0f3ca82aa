/**
 * TileMap: static colliders from a 2D grid of tile ids, and from an
 * orthogonal Tiled map (JSON).
 *
 * Each row's runs of equal, consecutive ids become one static AABB (a run,
 * not a box per tile: fewer bodies). The seams between the runs, and between
 * tiles users add one by one, are smooth anyway (src/contacts/seams.ts):
 * merging is for speed, not for smoothness.
 *
 * Coordinates: row 0 is the top row, as a grid is written and as Tiled
 * draws it; the world's y points up (the engine's default gravity pulls to
 * −y). Cell (col, row) covers x ∈ [origin.x + col·w, origin.x + (col+1)·w]
 * and y ∈ [origin.y − (row+1)·h, origin.y − row·h]: `origin` is the grid's
 * top-left corner in the world.
 */
import { AABB } from "../bodies/aabb.js";
import type { Body } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { readTiled } from "./tiled.js";
import type { TiledObject, TiledOptions, TiledSpawn, TileKind } from "./types.js";

/** Options of `TileMap.fromGrid`: tile size, where the grid sits, and what each tile id is. */
export interface TileGridOptions {
  /** Size of a tile, m (a number: square tiles). Default 1. */
  tileSize?: number | Vec2;
  /** The world position of the grid's top-left corner. Default (0, 0). */
  origin?: Vec2;
  /**
   * What each id is. Without it, 0 is empty and every other id a solid tile
   * with default material; with it, 0 is empty and every other id must be
   * listed (an unknown id is an error).
   */
  kinds?: Record<number, TileKind>;
}

export type { TileKind, TiledSpawn, TiledObject, TiledOptions, TiledDecompress, TiledCompression } from "./types.js";

const KIND_KEYS = ["friction", "restitution", "oneWay", "isSensor", "collisionFilter", "tangentSpeed", "rollingResistance", "label", "userData"];

/**
 * Static colliders built from a grid of tile ids (`TileMap.fromGrid`) or an
 * orthogonal Tiled map (`TileMap.fromTiled`): runs of equal tiles merged per
 * row, tiles' collision shapes, one-way tiles, object-layer shapes, spawn
 * points and sensors. See the file's comment for the coordinates.
 */
export class TileMap {
  /**
   * The static colliders made, in the order added: each tile layer's row by
   * row, top first (`fromGrid`: all `AABB`s); then the object layers'
   * shapes that are not sensors.
   */
  readonly bodies: Body[] = [];
  /** Spawn points (Tiled point objects), in the file's order. */
  readonly spawns: TiledSpawn[] = [];
  /** Sensor bodies made from Tiled objects of class (or type) "sensor", in the file's order. */
  readonly sensors: Body[] = [];
  /** Each object of the map's object layers, in the file's order, with the bodies made from it (`fromTiled`). */
  readonly objects: TiledObject[] = [];
  /** One line for each thing of the map that made no body (an unsupported object, a degenerate polygon, ...). */
  readonly warnings: string[] = [];
  /** Columns of the grid (an infinite Tiled map: the span of its chunks). */
  readonly columns: number;
  /** Rows of the grid (an infinite Tiled map: the span of its chunks). */
  readonly rows: number;
  /** The grid's first column: 0, or for an infinite Tiled map its leftmost chunk's (cells keep Tiled's coordinates, negative ones too). */
  readonly firstColumn: number;
  /** The grid's first row: 0, or for an infinite Tiled map its top chunk's. */
  readonly firstRow: number;
  /** Width of a tile, m. */
  readonly tileWidth: number;
  /** Height of a tile, m. */
  readonly tileHeight: number;
  /** The world position of cell (0, 0)'s top-left corner (Tiled's pixel (0, 0)). */
  readonly origin: Readonly<Vec2>;

  private constructor(columns: number, rows: number, w: number, h: number, origin: Vec2, firstColumn = 0, firstRow = 0) {
    this.columns = columns;
    this.rows = rows;
    this.firstColumn = firstColumn;
    this.firstRow = firstRow;
    this.tileWidth = w;
    this.tileHeight = h;
    this.origin = Object.freeze({ x: origin.x, y: origin.y });
  }

  /** The world-space centre of cell (col, row). */
  cellCenter(col: number, row: number): Vec2 {
    return { x: this.origin.x + (col + 0.5) * this.tileWidth, y: this.origin.y - (row + 0.5) * this.tileHeight };
  }

  /**
   * Add the static colliders of `grid` (rows of tile ids, top row first) to
   * `world`. Everything is checked before anything is added: rows of
   * different lengths, an id that is not an integer ≥ 0, or one missing from
   * `kinds`, throw a TypeError/RangeError naming it, and the world is left
   * unchanged.
   */
  static fromGrid(world: { add(b: AABB): AABB }, grid: readonly (readonly number[])[], options: TileGridOptions = {}): TileMap {
    checkWorld(world);
    if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
    check.knownKeys("tile grid", options, ["tileSize", "origin", "kinds"]);
    const { w, h } = tileSize(options.tileSize);
    const origin = options.origin === undefined ? { x: 0, y: 0 } : check.vector("origin", options.origin);
    const kinds = options.kinds;
    if (kinds !== undefined) {
      if (kinds === null || typeof kinds !== "object") throw new TypeError(`capsule2d: kinds must be an object, got ${check.describe(kinds)}`);
      for (const [id, kind] of Object.entries(kinds)) {
        if (kind === false) continue;
        if (kind === null || typeof kind !== "object") throw new TypeError(`capsule2d: kinds[${id}] must be an object or false, got ${check.describe(kind)}`);
        check.knownKeys(`kinds[${id}]`, kind, KIND_KEYS);
      }
    }
    const cols = checkGrid(grid, kinds);
    const map = new TileMap(cols, grid.length, w, h, origin);
    // build every body first (their options are checked by their constructors), then add them
    const made: AABB[] = [];
    for (let row = 0; row < grid.length; row++) {
      const line = grid[row]!;
      let col = 0;
      while (col < cols) {
        const id = line[col]!;
        let end = col + 1;
        while (end < cols && line[end] === id) end++;
        const kind = id === 0 ? false : kinds === undefined ? {} : kinds[id]!;
        if (kind !== false) {
          made.push(
            AABB.fromBounds(
              { x: origin.x + col * w, y: origin.y - (row + 1) * h },
              { x: origin.x + end * w, y: origin.y - row * h },
              { ...kind, type: "static" },
            ),
          );
        }
        col = end;
      }
    }
    for (const b of made) map.bodies.push(world.add(b));
    return map;
  }

  /**
   * Load an orthogonal Tiled map (its JSON, parsed): every visible tile layer
   * (also in group layers, with their offsets), or the ones `layers` names;
   * plain-array, CSV or base64 data (zlib, gzip or zstd through
   * `decompress`); finite and infinite maps; tilesets embedded or external
   * (`loadTileset`). Whole tiles become merged runs of static AABBs; a
   * tile's collision shapes in its tileset (slopes, half tiles) become those
   * shapes, flipped as the tile is. Tile properties: `oneWay` (bool: landed
   * on from above), `solid` (bool, default true), `friction`,
   * `restitution`, `tangentSpeed` (numbers); with `collides: "name"` only
   * tiles whose property `name` is true collide. Object layers: rectangles
   * (rotated too), ellipses, polygons (a concave one a `Compound` of its convex pieces)
   * and polylines (chains, solid on top: `polylines`) become static bodies (sensors for class "sensor"), points
   * `spawns`; see `objects` and `warnings`. A tile is `pixelsPerMetre`
   * pixels (default: the map's tile width, so a tile is 1 m). Everything is
   * checked and built before anything is added: a malformed map is a
   * TypeError/RangeError naming the field, and the world is left unchanged.
   * See docs/platformers-and-tiles.md.
   */
  static fromTiled(world: { add<B extends Body>(b: B): B }, map: unknown, options: TiledOptions = {}): TileMap {
    checkWorld(world);
    const plan = readTiled(map, options);
    const result = new TileMap(plan.columns, plan.rows, plan.tileWidth, plan.tileHeight, plan.origin, plan.firstColumn, plan.firstRow);
    for (const b of plan.bodies) result.bodies.push(world.add(b));
    for (const p of plan.spawns) result.spawns.push(p);
    for (const b of plan.sensors) result.sensors.push(world.add(b));
    for (const o of plan.objects) result.objects.push(o);
    for (const w of plan.warnings) result.warnings.push(w);
    return result;
  }
}

/** What the maps are added to: anything with an `add(body)` method (a World). */
function checkWorld(world: unknown): void {
  if (world === null || typeof world !== "object" || typeof (world as { add?: unknown }).add !== "function") {
    throw new TypeError(`capsule2d: world must be a World (an object with add(body)), got ${check.describe(world)}`);
  }
}

function tileSize(size: number | Vec2 | undefined): { w: number; h: number } {
  if (size === undefined) return { w: 1, h: 1 };
  if (typeof size === "number") {
    const v = check.positive("tileSize", size);
    return { w: v, h: v };
  }
  const v = check.vector("tileSize", size);
  return { w: check.positive("tileSize.x", v.x), h: check.positive("tileSize.y", v.y) };
}

/** The grid's column count; throws on ragged rows and bad or unknown ids. */
function checkGrid(grid: readonly (readonly number[])[], kinds: Record<number, TileKind> | undefined): number {
  if (!Array.isArray(grid) || grid.length === 0) throw new TypeError(`capsule2d: grid must be a non-empty array of rows, got ${check.describe(grid)}`);
  let cols = -1;
  grid.forEach((line, row) => {
    if (!Array.isArray(line)) throw new TypeError(`capsule2d: grid[${row}] must be an array of tile ids, got ${check.describe(line)}`);
    if (cols < 0) cols = line.length;
    else if (line.length !== cols) throw new RangeError(`capsule2d: grid[${row}] has ${line.length} tiles, grid[0] has ${cols} (rows must have equal lengths)`);
    line.forEach((id, col) => {
      check.integer(`grid[${row}][${col}]`, id, 0, 0xffffffff);
      if (id !== 0 && kinds !== undefined && !(id in kinds)) throw new RangeError(`capsule2d: grid[${row}][${col}] is tile id ${id}, which kinds does not list`);
    });
  });
  if (cols === 0) throw new RangeError("capsule2d: grid rows must not be empty");
  return cols;
}
