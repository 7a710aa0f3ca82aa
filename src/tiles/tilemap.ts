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
import type { BodyOptions } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** What a tile id becomes: body options for its colliders (`false`: no collider, e.g. decoration). */
export type TileKind = false | Pick<
  BodyOptions,
  "friction" | "restitution" | "oneWay" | "isSensor" | "collisionFilter" | "tangentSpeed" | "rollingResistance" | "label" | "userData"
>;

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

/** A point from a Tiled object layer, in world coordinates (m). */
export interface TiledSpawn {
  /** The object's name in Tiled. */
  name: string;
  /** Its class (Tiled 1.9+) or type. */
  type: string;
  /** Where it is, in world coordinates, m. */
  position: Vec2;
  /** Its custom properties, by name. */
  properties: Record<string, unknown>;
}

const KIND_KEYS = ["friction", "restitution", "oneWay", "isSensor", "collisionFilter", "tangentSpeed", "rollingResistance", "label", "userData"];

/**
 * Static colliders built from a grid of tile ids (`TileMap.fromGrid`) or an
 * orthogonal Tiled map (`TileMap.fromTiled`): runs of equal tiles merged per
 * row, one-way tiles, spawn points and sensors. See the file's comment for
 * the coordinates.
 */
export class TileMap {
  /** The static colliders made, in the order added (row by row, top first; then sensors). */
  readonly bodies: AABB[] = [];
  /** Spawn points (Tiled point objects), in the file's order. */
  readonly spawns: TiledSpawn[] = [];
  /** Sensor bodies made from Tiled rectangles (class or type "sensor"), in the file's order. */
  readonly sensors: AABB[] = [];
  /** Columns of the grid. */
  readonly columns: number;
  /** Rows of the grid. */
  readonly rows: number;
  /** Width of a tile, m. */
  readonly tileWidth: number;
  /** Height of a tile, m. */
  readonly tileHeight: number;
  /** The world position of the grid's top-left corner. */
  readonly origin: Readonly<Vec2>;

  private constructor(columns: number, rows: number, w: number, h: number, origin: Vec2) {
    this.columns = columns;
    this.rows = rows;
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
   * Load an orthogonal Tiled map (the JSON format, a finite map with CSV or
   * plain-array tile data): the first tile layer becomes colliders (through
   * `fromGrid`), object layers give spawn points (point objects) and sensors
   * (rectangles whose class or type is "sensor"). Tile properties from the
   * map's embedded tilesets: `oneWay` (bool: a platform landed on from
   * above), `solid` (bool, default true), `friction`, `restitution`,
   * `tangentSpeed` (numbers). A tile is `pixelsPerMetre` pixels (default: the
   * map's tile width, so a tile is 1 m). Checked first, like `fromGrid`.
   */
  static fromTiled(world: { add(b: AABB): AABB }, map: unknown, options: { pixelsPerMetre?: number; origin?: Vec2 } = {}): TileMap {
    checkWorld(world);
    if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
    const m = map as Record<string, unknown>;
    if (m === null || typeof m !== "object") throw new TypeError(`capsule2d: map must be a Tiled JSON object, got ${check.describe(map)}`);
    if (m.orientation !== "orthogonal") throw new RangeError(`capsule2d: map.orientation must be "orthogonal", got ${check.describe(m.orientation)}`);
    if (m.infinite === true) throw new RangeError("capsule2d: map.infinite maps (chunked layers) are not supported, got true");
    const width = check.integer("map.width", m.width, 1, 1 << 20);
    const height = check.integer("map.height", m.height, 1, 1 << 20);
    const tw = check.positive("map.tilewidth", m.tilewidth);
    const th = check.positive("map.tileheight", m.tileheight);
    const ppm = options.pixelsPerMetre === undefined ? tw : check.positive("pixelsPerMetre", options.pixelsPerMetre);
    const origin = options.origin === undefined ? { x: 0, y: 0 } : check.point("origin", options.origin);
    if (!Array.isArray(m.layers)) throw new TypeError(`capsule2d: map.layers must be an array, got ${check.describe(m.layers)}`);
    const layers = m.layers as Record<string, unknown>[];
    layers.forEach((l, i) => {
      if (l === null || typeof l !== "object") throw new TypeError(`capsule2d: map.layers[${i}] must be an object, got ${check.describe(l)}`);
    });
    const tileLayer = layers.find((l) => l.type === "tilelayer");
    if (tileLayer === undefined) throw new RangeError("capsule2d: map.layers has no tile layer");
    if (tileLayer.encoding !== undefined && tileLayer.encoding !== "csv") {
      throw new RangeError(`capsule2d: tile layer encoding must be csv or absent (plain array), got ${check.describe(tileLayer.encoding)}`);
    }
    const data = tileLayer.data;
    if (!Array.isArray(data) || data.length !== width * height) {
      throw new RangeError(`capsule2d: tile layer data must be an array of map.width × map.height = ${width * height} ids, got ${check.describe(data)}`);
    }
    // tile kinds from the tilesets' properties (gid = firstgid + local id; flip bits masked off)
    const kinds: Record<number, TileKind> = {};
    const tilesets = Array.isArray(m.tilesets) ? (m.tilesets as Record<string, unknown>[]) : [];
    for (const [t, ts] of tilesets.entries()) {
      if (ts === null || typeof ts !== "object") throw new TypeError(`capsule2d: map.tilesets[${t}] must be an object, got ${check.describe(ts)}`);
      if (ts.source !== undefined) throw new RangeError(`capsule2d: external tilesets are not supported (embed them), got source ${check.describe(ts.source)}`);
      const first = check.integer("tileset.firstgid", ts.firstgid, 1, 0x1fffffff);
      // checked, but not expanded: every tile the layer uses gets its kind below, so a tileset that
      // claims 5e7 tiles costs nothing (the layer's tiles are at most width × height)
      if (ts.tilecount !== undefined) check.integer("tileset.tilecount", ts.tilecount, 0, 0x1fffffff);
      for (const [k, tile] of (Array.isArray(ts.tiles) ? (ts.tiles as Record<string, unknown>[]) : []).entries()) {
        if (tile === null || typeof tile !== "object") throw new TypeError(`capsule2d: map.tilesets[${t}].tiles[${k}] must be an object, got ${check.describe(tile)}`);
        const gid = first + check.integer("tile.id", tile.id, 0, 0x1fffffff);
        const props = readProperties(tile.properties);
        if (props.solid === false) {
          kinds[gid] = false;
          continue;
        }
        const kind: Exclude<TileKind, false> = {};
        if (props.oneWay === true) kind.oneWay = { x: 0, y: 1 };
        if (props.friction !== undefined) kind.friction = check.nonNegative(`tile ${gid} friction`, props.friction);
        if (props.restitution !== undefined) kind.restitution = check.nonNegative(`tile ${gid} restitution`, props.restitution);
        if (props.tangentSpeed !== undefined) kind.tangentSpeed = check.finite(`tile ${gid} tangentSpeed`, props.tangentSpeed);
        kinds[gid] = kind;
      }
    }
    const grid: number[][] = [];
    for (let row = 0; row < height; row++) {
      const line: number[] = [];
      for (let col = 0; col < width; col++) {
        const raw = data[row * width + col];
        const gid = check.integer(`tile layer data[${row * width + col}]`, raw, 0, 0xffffffff) & 0x1fffffff;
        if (gid !== 0 && !(gid in kinds)) kinds[gid] = {}; // a tile of a tileset without tilecount
        line.push(gid);
      }
      grid.push(line);
    }
    // objects: checked and converted before anything is added
    const spawns: TiledSpawn[] = [];
    const sensors: AABB[] = [];
    const s = 1 / ppm;
    for (const layer of layers) {
      if (layer === null || typeof layer !== "object" || layer.type !== "objectgroup") continue;
      for (const [k, o] of (Array.isArray(layer.objects) ? (layer.objects as Record<string, unknown>[]) : []).entries()) {
        if (o === null || typeof o !== "object") throw new TypeError(`capsule2d: objects[${k}] of layer ${check.describe(layer.name)} must be an object, got ${check.describe(o)}`);
        const kind = String(o.class ?? o.type ?? "");
        const x = check.finite("object.x", o.x) * s;
        const y = check.finite("object.y", o.y) * s;
        if (o.point === true) {
          spawns.push({ name: String(o.name ?? ""), type: kind, position: { x: origin.x + x, y: origin.y - y }, properties: readProperties(o.properties) });
        } else if (kind === "sensor") {
          const ow = check.positive("object.width", o.width) * s;
          const oh = check.positive("object.height", o.height) * s;
          sensors.push(
            AABB.fromBounds({ x: origin.x + x, y: origin.y - y - oh }, { x: origin.x + x + ow, y: origin.y - y }, {
              type: "static",
              isSensor: true,
              label: String(o.name ?? ""),
              userData: readProperties(o.properties),
            }),
          );
        }
      }
    }
    const result = TileMap.fromGrid(world, grid, { tileSize: { x: tw * s, y: th * s }, origin, kinds });
    for (const p of spawns) result.spawns.push(p);
    for (const b of sensors) result.sensors.push(world.add(b));
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

/** Tiled's `[{ name, type, value }]` properties as an object. */
function readProperties(props: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(props)) return out;
  for (const p of props as { name?: unknown; value?: unknown }[]) if (p !== null && typeof p === "object" && typeof p.name === "string") out[p.name] = p.value;
  return out;
}
