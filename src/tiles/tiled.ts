/**
 * `TileMap.fromTiled`'s reading of a Tiled map (the JSON format, orthogonal),
 * up to the bodies it makes; `TileMap` adds them to the world. Everything is
 * read, checked and built here before anything is added, so a map that is
 * refused leaves the world as it was.
 *
 * The parts: src/tiles/tiled-layers.ts (which layers, groups and offsets,
 * chunks), tiled-data.ts (CSV, base64, compressed data), tiled-tilesets.ts
 * (tilesets, tile properties and collision shapes), tiled-shapes.ts (shapes
 * to bodies).
 *
 * Tiles: each tile layer's runs of equal whole tiles in a row become one
 * static AABB (as `TileMap.fromGrid`); a tile with collision shapes drawn in
 * its tileset (slopes, half tiles) becomes those shapes, flipped and rotated
 * as the gid's flags say (bit 31 horizontal, 30 vertical, 29 diagonal);
 * a tile's rectangles that continue the row's rectangles of the same top,
 * bottom and kind merge with them (a row of half tiles is one AABB).
 */
import { AABB } from "../bodies/aabb.js";
import type { Body } from "../bodies/body.js";
import * as check from "../math/validate.js";
import type { Vec2 } from "../math/vec2.js";
import { MAX_CELLS } from "./tiled-data.js";
import { chunkBounds, layerCells, selectTileLayers, walkLayers, type GridBounds, type LayerRef } from "./tiled-layers.js";
import { flipShape, placeX, placeY, readObject, shapeBodies, type Placement } from "./tiled-shapes.js";
import { materialOf, notParsed, readProperties, TileTable, type TileDef } from "./tiled-tilesets.js";
import type { TiledObject, TiledOptions, TiledSpawn, TileKind } from "./types.js";

/** What a map is made of, before anything is added. */
export interface TiledPlan {
  columns: number;
  rows: number;
  firstColumn: number;
  firstRow: number;
  tileWidth: number;
  tileHeight: number;
  origin: Vec2;
  bodies: Body[];
  sensors: Body[];
  spawns: TiledSpawn[];
  objects: TiledObject[];
  warnings: string[];
}

const OPTION_KEYS = ["pixelsPerMetre", "origin", "layers", "collides", "loadTileset", "decompress", "polylines"];
const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;
const GID_MASK = 0x1fffffff;

/** Read `map` and build its bodies (nothing is added to a world here). */
export function readTiled(map: unknown, options: TiledOptions): TiledPlan {
  if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
  check.knownKeys("TileMap.fromTiled", options, OPTION_KEYS);
  if (map === null || typeof map !== "object" || Array.isArray(map)) throw notParsed("map", map, "a Tiled JSON object");
  const m = map as Record<string, unknown>;
  if (m.orientation !== "orthogonal") throw new RangeError(`capsule2d: map.orientation must be "orthogonal", got ${check.describe(m.orientation)}`);
  const infinite = m.infinite === undefined ? false : check.boolean("map.infinite", m.infinite);
  const tw = check.positive("map.tilewidth", m.tilewidth);
  const th = check.positive("map.tileheight", m.tileheight);
  const ppm = options.pixelsPerMetre === undefined ? tw : check.positive("pixelsPerMetre", options.pixelsPerMetre);
  const origin = options.origin === undefined ? { x: 0, y: 0 } : check.point("origin", options.origin);
  if (options.collides !== undefined && typeof options.collides !== "string") throw new TypeError(`capsule2d: collides must be a tile property name (a string), got ${check.describe(options.collides)}`);
  if (options.loadTileset !== undefined && typeof options.loadTileset !== "function") throw new TypeError(`capsule2d: loadTileset must be a function, got ${check.describe(options.loadTileset)}`);
  if (options.decompress !== undefined && typeof options.decompress !== "function") throw new TypeError(`capsule2d: decompress must be a function, got ${check.describe(options.decompress)}`);
  const chains = options.polylines === undefined || check.oneOf("polylines", options.polylines, ["segments", "chains"] as const) === "chains";
  const warnings: string[] = [];
  const all = walkLayers(m, warnings);
  const tileLayers = selectTileLayers(all, options.layers);
  let grid: GridBounds;
  if (infinite) {
    grid = chunkBounds(tileLayers);
  } else {
    const width = check.integer("map.width", m.width, 1, MAX_CELLS);
    const height = check.integer("map.height", m.height, 1, MAX_CELLS);
    if (width * height > MAX_CELLS) throw new RangeError(`capsule2d: map.width × map.height is ${width} × ${height}, more than ${MAX_CELLS} cells`);
    grid = { x0: 0, y0: 0, cols: width, rows: height };
  }
  if (grid.cols * grid.rows * tileLayers.length > 2 * MAX_CELLS) {
    throw new RangeError(`capsule2d: ${tileLayers.length} tile layers of ${grid.cols} × ${grid.rows} cells are more than ${2 * MAX_CELLS} cells in all`);
  }
  const tiles = new TileTable(m, tw, th, options.loadTileset);
  const s = 1 / ppm;
  const plan: TiledPlan = { columns: grid.cols, rows: grid.rows, firstColumn: grid.x0, firstRow: grid.y0, tileWidth: tw * s, tileHeight: th * s, origin, bodies: [], sensors: [], spawns: [], objects: [], warnings };
  const tileWarnings = new Set<string>();
  for (const ref of tileLayers) {
    const cells = layerCells(ref, grid, infinite, options.decompress);
    buildTileLayer(plan, ref, cells, grid, tiles, options.collides, tw, th, s, tileWarnings, chains);
  }
  for (const w of tileWarnings) warnings.push(w);
  for (const ref of all) if (ref.layer.type === "objectgroup") buildObjectLayer(plan, ref, s, chains);
  return plan;
}

/** Whether a tile collides, and as what. */
function kindOf(def: TileDef, collides: string | undefined): TileKind {
  if (def.notSolid) return false;
  if (collides !== undefined && def.props[collides] !== true) return false;
  return def.kind;
}

/** A tile layer's bodies; `tw`, `th`: the map's tile size in pixels, `s` metres per pixel. */
function buildTileLayer(plan: TiledPlan, ref: LayerRef, cells: Uint32Array, grid: GridBounds, tiles: TileTable, collides: string | undefined, tw: number, th: number, s: number, tileWarnings: Set<string>, chains: boolean): void {
  const w = plan.tileWidth;
  const h = plan.tileHeight;
  const { origin } = plan;
  // the same arithmetic as TileMap.fromGrid for a layer without an offset (the same bits as before)
  const ox = ref.offX === 0 ? origin.x : origin.x + ref.offX * s;
  const oy = ref.offY === 0 ? origin.y : origin.y - ref.offY * s;
  const kinds = new Map<number, TileKind>();
  const kindFor = (gid: number): TileKind => {
    let k = kinds.get(gid);
    if (k === undefined) {
      const def = tiles.tile(gid);
      k = kindOf(def, collides);
      if (k !== false) for (const line of def.skipped) tileWarnings.add(line);
      kinds.set(gid, k);
    }
    return k;
  };
  // the row's runs of tiles' rectangles (world coordinates), added at the row's end
  const runs: { x0: number; x1: number; top: number; bottom: number; kind: Exclude<TileKind, false>; what: string }[] = [];
  for (let r = 0; r < grid.rows; r++) {
    const row = grid.y0 + r;
    let c = 0;
    while (c < grid.cols) {
      const raw = cells[r * grid.cols + c]!;
      const gid = raw & GID_MASK;
      if (gid === 0) {
        c++;
        continue;
      }
      const kind = kindFor(gid);
      const def = tiles.tile(gid);
      if (kind === false) {
        c++;
        continue;
      }
      const col = grid.x0 + c;
      if (def.shapes === null) {
        // a run of equal whole tiles (flip flags do not change a whole tile)
        let end = c + 1;
        while (end < grid.cols && (cells[r * grid.cols + end]! & GID_MASK) === gid) end++;
        plan.bodies.push(AABB.fromBounds({ x: ox + col * w, y: oy - (row + 1) * h }, { x: ox + (grid.x0 + end) * w, y: oy - row * h }, { ...kind, type: "static" }));
        c = end;
        continue;
      }
      const flipD = (raw & FLIP_D) !== 0;
      const tW = flipD ? def.th : def.tw;
      const tH = flipD ? def.tw : def.th;
      // a tile is drawn with its bottom-left corner at its cell's bottom-left corner (plus the tileset's offset);
      // one as large as its cell puts the points on its edges on the cell's edges exactly
      const fits = tW === tw && tH === th && def.offX === 0 && def.offY === 0;
      const at: Placement = { ox: origin.x, oy: origin.y, dx: ref.offX + col * tw + def.offX, dy: ref.offY + (row + 1) * th - tH + def.offY, k: s };
      if (fits) at.cell = { x0: ox + col * w, x1: ox + (col + 1) * w, y0: oy - row * h, y1: oy - (row + 1) * h, w: tw, h: th };
      const what = `${def.what} in layer ${JSON.stringify(ref.name)}`;
      for (const shape of def.shapes) {
        const flipped = flipShape(shape, (raw & FLIP_H) !== 0, (raw & FLIP_V) !== 0, flipD, def.tw, def.th);
        if (flipped.t === "rect") {
          // a rectangle continues a run of the row's rectangles with the same top, bottom and kind (half tiles in a row)
          const x0 = placeX(at, flipped.x);
          const x1 = placeX(at, flipped.x + flipped.w);
          const top = placeY(at, flipped.y);
          const bottom = placeY(at, flipped.y + flipped.h);
          const open = runs.find((q) => q.kind === kind && q.top === top && q.bottom === bottom && q.x1 === x0);
          if (open !== undefined) open.x1 = x1;
          else runs.push({ x0, x1, top, bottom, kind, what });
          continue;
        }
        const lines: string[] = [];
        for (const b of shapeBodies(flipped, at, kind, what, lines, false, chains)) plan.bodies.push(b);
        for (const line of lines) tileWarnings.add(line);
      }
      c++;
    }
    for (const q of runs) {
      try {
        plan.bodies.push(AABB.fromBounds({ x: q.x0, y: q.bottom }, { x: q.x1, y: q.top }, { ...q.kind, type: "static" }));
      } catch (e) {
        if (!(e instanceof RangeError || e instanceof TypeError)) throw e;
        tileWarnings.add(`${q.what}: a rectangle not made (${e.message.replace(/^capsule2d: /, "")})`);
      }
    }
    runs.length = 0;
  }
}

function buildObjectLayer(plan: TiledPlan, ref: LayerRef, s: number, chains: boolean): void {
  const list = ref.layer.objects ?? [];
  if (!Array.isArray(list)) throw new TypeError(`capsule2d: ${ref.path}.objects must be an array, got ${check.describe(list)}`);
  const at = { ox: plan.origin.x, oy: plan.origin.y, dx: ref.offX, dy: ref.offY, k: s };
  (list as unknown[]).forEach((obj, k) => {
    const p = `${ref.path}.objects[${k}]`;
    if (obj === null || typeof obj !== "object" || Array.isArray(obj)) throw new TypeError(`capsule2d: ${p} must be an object, got ${check.describe(obj)}`);
    const o = obj as Record<string, unknown>;
    const name = o.name === undefined ? "" : o.name;
    if (typeof name !== "string") throw new TypeError(`capsule2d: ${p}.name must be a string, got ${check.describe(name)}`);
    const cls = o.class ?? o.type ?? "";
    if (typeof cls !== "string") throw new TypeError(`capsule2d: ${p}.${o.class !== undefined ? "class" : "type"} must be a string, got ${check.describe(cls)}`);
    const id = o.id === undefined ? 0 : check.integer(`${p}.id`, o.id, 0, 0x7fffffff);
    const properties = readProperties(`${p}.properties`, o.properties);
    const entry: TiledObject = { id, name, class: cls, layer: ref.name, properties, bodies: [] };
    plan.objects.push(entry);
    const what = `object ${id}${name === "" ? "" : ` ${JSON.stringify(name)}`} in layer ${JSON.stringify(ref.name)}`;
    const read = readObject(p, o);
    if (read.t === "point") {
      plan.spawns.push({ name, type: cls, position: { x: at.ox + (at.dx + read.x) * s, y: at.oy - (at.dy + read.y) * s }, properties });
      return;
    }
    if (read.t === "skip") {
      plan.warnings.push(`${what}: ${read.why}, not made`);
      return;
    }
    const sensor = cls === "sensor";
    const material = materialOf(`${p}.properties`, properties);
    const bodies = shapeBodies(read.shape, at, { ...material, isSensor: sensor, label: name, userData: properties }, what, plan.warnings, true, chains);
    for (const b of bodies) {
      entry.bodies.push(b);
      (sensor ? plan.sensors : plan.bodies).push(b);
    }
  });
}
