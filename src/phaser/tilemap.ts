/**
 * A world's colliders from a Phaser tilemap: the tiles Phaser says collide
 * (its collision flags, set by `layer.setCollisionByProperty({ collides:
 * true })`, `setCollision(...)` and the like), or every non-empty tile, or
 * those with a given property true.
 *
 *     const layer = map.createLayer("Ground", tiles);
 *     layer.setCollisionByProperty({ collides: true });
 *     const colliders = addTilemapColliders(world, layer, { view });
 *
 * Nothing is reimplemented: the layer, as Phaser holds it, is written back
 * as the Tiled map it came from (one tile layer per Phaser layer, at its
 * position; one tile entry per kind of tile with its properties and its
 * collision shapes, `tile.getCollisionGroup()`, which Phaser keeps from the
 * tileset; the flips and quarter turns of `tile.flipX`, `flipY` and
 * `rotation` as Tiled's gid flags) and loaded by `TileMap.fromTiled`. So a
 * tile's collision shapes (slopes, half tiles) become those shapes, flipped as
 * the tile is, a whole tile becomes merged runs of seam-free AABBs, and the
 * tile properties `oneWay`, `friction`, `restitution`, `tangentSpeed` and
 * `solid` mean what they mean in `fromTiled`. The result is that `TileMap`
 * (its `bodies` and `warnings`).
 *
 * Where: the view says it (its scale and y flip); a `TilemapLayer`'s `x`, `y`
 * and scale are applied, so the colliders lie under the tiles as Phaser draws
 * them.
 */
import * as check from "../math/validate.js";
import { MAX_CELLS } from "../tiles/tiled-data.js";
import { TileMap } from "../tiles/tilemap.js";
import type { PhaserView } from "./view.js";

/** A `Phaser.Tilemaps.Tile`: what the helper reads of it. */
export interface PhaserTileLike {
  /** The tile's index (its global id); −1 is no tile. */
  index: number;
  /** Phaser's collision flags say it collides (`setCollision…`). */
  collides?: boolean;
  /** Its properties (from the tileset and the map), by name. */
  properties?: Record<string, unknown> | null;
  /** Drawn mirrored left to right. */
  flipX?: boolean;
  /** Drawn mirrored top to bottom. */
  flipY?: boolean;
  /** Its turn, rad (clockwise on screen): a multiple of π/2. */
  rotation?: number;
  /** Its collision shapes from the tileset (Tiled's collision editor): `{ objects }`, or null. */
  getCollisionGroup?(): {
    /** The shapes: Tiled objects (rectangles, ellipses, polygons, polylines) in the tile's pixels. */
    objects?: unknown;
  } | null;
  /** Its tileset, for the size of its image (a tileset whose tiles are larger than the map's cells). */
  tileset?: {
    /** The tileset's tile width, pixels. */
    tileWidth: number;
    /** The tileset's tile height, pixels. */
    tileHeight: number;
  } | null;
}

/** A `Phaser.Tilemaps.LayerData`: the grid of tiles. */
export interface PhaserLayerDataLike {
  /** The layer's name. */
  name?: string;
  /** Columns. */
  width: number;
  /** Rows. */
  height: number;
  /** A cell's width, pixels. */
  tileWidth: number;
  /** A cell's height, pixels. */
  tileHeight: number;
  /** Rows of tiles, top first (`null` for no tile). */
  data: readonly (readonly (PhaserTileLike | null)[])[];
}

/** A `Phaser.Tilemaps.TilemapLayer`: its grid and where it is drawn. */
export interface PhaserTilemapLayerLike {
  /** The grid. */
  layer: PhaserLayerDataLike;
  /** Scene x of its top-left corner, pixels. Default 0. */
  x?: number;
  /** Scene y of its top-left corner, pixels. Default 0. */
  y?: number;
  /** Horizontal scale. Default 1. */
  scaleX?: number;
  /** Vertical scale (must equal scaleX). Default 1. */
  scaleY?: number;
}

/** Options of `addTilemapColliders`. */
export interface TilemapCollidersOptions {
  /** Metres to pixels and the y flip (the same view the sprites use). */
  view: PhaserView;
  /**
   * Which tiles collide. Default: those Phaser's collision flags mark
   * (`tile.collides`); `true`: every tile; a property name: the tiles whose
   * property of that name is `true` (what `setCollisionByProperty` reads).
   */
  collides?: true | string;
}

const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;
/** Tiled's flags for (quarter turns clockwise, mirrored): the inverse of Phaser's ParseGID. */
const FLAGS = [
  [0, FLIP_H],
  [FLIP_H | FLIP_D, FLIP_H | FLIP_V | FLIP_D],
  [FLIP_H | FLIP_V, FLIP_V],
  [FLIP_V | FLIP_D, FLIP_D],
] as const;
const QUARTER = Math.PI / 2;

/**
 * Tiled's gid flags (bit 31 horizontal, 30 vertical, 29 diagonal) for a tile
 * Phaser draws mirrored (`flipX`, `flipY`) and turned by `rotation` (a
 * multiple of π/2): the inverse of Phaser's reading of those flags. A turn
 * that is not a quarter is a RangeError naming `name`.
 */
export function tiledFlags(flipX: boolean, flipY: boolean, rotation: number, name = "rotation"): number {
  const r = check.finite(name, rotation);
  let q = Math.round(r / QUARTER);
  if (Math.abs(r - q * QUARTER) > 1e-6) throw new RangeError(`capsule2d: ${name} must be a multiple of π/2 (a tile turns by quarters), got ${r}`);
  let mirrored = flipX;
  // mirrored top to bottom = mirrored left to right, then a half turn
  if (flipY) {
    mirrored = !mirrored;
    q += 2;
  }
  q = ((q % 4) + 4) % 4;
  return FLAGS[q]![mirrored ? 1 : 0]! >>> 0;
}

function isLayerData(v: unknown): v is PhaserLayerDataLike {
  return v !== null && typeof v === "object" && Array.isArray((v as { data?: unknown }).data);
}

/**
 * Add the colliders of a Phaser tilemap layer (a `TilemapLayer`, a
 * `LayerData`, or a list of them) to `world`; see the module's comment.
 * Everything is read and checked before anything is added: a malformed layer
 * (sizes, a tile that is not an object, a turn that is not a quarter) is a
 * TypeError/RangeError naming it, and the world is left unchanged.
 */
export function addTilemapColliders(
  world: { add(body: never): unknown },
  layers: PhaserTilemapLayerLike | PhaserLayerDataLike | readonly (PhaserTilemapLayerLike | PhaserLayerDataLike)[],
  options: TilemapCollidersOptions,
): TileMap {
  if (options === null || typeof options !== "object") throw new TypeError(`capsule2d: options must be an object, got ${check.describe(options)}`);
  check.knownKeys("addTilemapColliders", options, ["view", "collides"]);
  const view = options.view as PhaserView | undefined;
  if (view === null || typeof view !== "object" || typeof view.pixelsPerMetre !== "number" || typeof view.toWorld !== "function") {
    throw new TypeError(`capsule2d: view must be a PhaserView, got ${check.describe(view)}`);
  }
  const collides = options.collides;
  if (collides !== undefined && collides !== true && typeof collides !== "string") {
    throw new TypeError(`capsule2d: collides must be true or a tile property name, got ${check.describe(collides)}`);
  }
  const list = Array.isArray(layers) ? (layers as unknown[]) : [layers];
  if (list.length === 0) throw new RangeError("capsule2d: layers must hold at least one tilemap layer");
  if (list.length > 64) throw new RangeError(`capsule2d: layers holds ${list.length} tilemap layers, more than 64`);

  let scale = NaN;
  let tw = 0;
  let th = 0;
  let cells = 0;
  const refs = list.map((item, i) => {
    const name = list.length === 1 ? "layer" : `layers[${i}]`;
    if (item === null || typeof item !== "object") throw new TypeError(`capsule2d: ${name} must be a Phaser TilemapLayer or LayerData, got ${check.describe(item)}`);
    const placed = isLayerData(item) ? null : (item as PhaserTilemapLayerLike);
    const data = placed === null ? (item as PhaserLayerDataLike) : placed.layer;
    if (!isLayerData(data)) throw new TypeError(`capsule2d: ${name}.layer must be a Phaser LayerData (with data), got ${check.describe(data)}`);
    const sx = placed?.scaleX === undefined ? 1 : check.positive(`${name}.scaleX`, placed.scaleX);
    const sy = placed?.scaleY === undefined ? 1 : check.positive(`${name}.scaleY`, placed.scaleY);
    if (sx !== sy) throw new RangeError(`capsule2d: ${name} is scaled ${sx} × ${sy}: colliders need scaleX equal to scaleY`);
    if (Number.isNaN(scale)) scale = sx;
    else if (sx !== scale) throw new RangeError(`capsule2d: ${name}.scaleX is ${sx}, the first layer's is ${scale}: the layers must share one scale`);
    const x = placed?.x === undefined ? 0 : check.finite(`${name}.x`, placed.x);
    const y = placed?.y === undefined ? 0 : check.finite(`${name}.y`, placed.y);
    const width = check.integer(`${name}.width`, data.width, 1, MAX_CELLS);
    const height = check.integer(`${name}.height`, data.height, 1, MAX_CELLS);
    cells += width * height;
    if (cells > MAX_CELLS) throw new RangeError(`capsule2d: the layers hold more than ${MAX_CELLS} cells`);
    const w = check.positive(`${name}.tileWidth`, data.tileWidth);
    const h = check.positive(`${name}.tileHeight`, data.tileHeight);
    if (tw === 0) {
      tw = w;
      th = h;
    } else if (w !== tw || h !== th) {
      throw new RangeError(`capsule2d: ${name}'s tiles are ${w} × ${h} pixels, the first layer's ${tw} × ${th}: the layers must share one tile size`);
    }
    if (data.data.length !== height) throw new RangeError(`capsule2d: ${name}.data has ${data.data.length} rows, its height is ${height}`);
    const label = typeof data.name === "string" ? data.name : name;
    return { name, label, data, x, y, width, height };
  });

  // one tile entry per kind of tile (its index, properties and collision shapes); gids from 1
  const kinds = new Map<string, number>();
  const groups = new Map<object, number>();
  const tiles: Record<string, unknown>[] = [];
  const kindOf = (tile: PhaserTileLike, at: string): number => {
    const props = tile.properties ?? undefined;
    if (props !== undefined && (props === null || typeof props !== "object")) throw new TypeError(`capsule2d: ${at}.properties must be an object, got ${check.describe(props)}`);
    const group = typeof tile.getCollisionGroup === "function" ? (tile.getCollisionGroup() ?? null) : null;
    if (group !== null && typeof group !== "object") throw new TypeError(`capsule2d: ${at}.getCollisionGroup() must return an object or null, got ${check.describe(group)}`);
    let groupId = 0;
    if (group !== null) {
      groupId = groups.get(group) ?? groups.size + 1;
      groups.set(group, groupId);
    }
    const set = tile.tileset ?? null;
    const iw = set !== null && typeof set === "object" && typeof set.tileWidth === "number" && set.tileWidth !== tw ? set.tileWidth : undefined;
    const ih = set !== null && typeof set === "object" && typeof set.tileHeight === "number" && set.tileHeight !== th ? set.tileHeight : undefined;
    let key: string;
    try {
      key = `${tile.index}|${groupId}|${iw}|${ih}|${JSON.stringify(props ?? null)}`;
    } catch {
      key = at; // properties that JSON cannot write (a cycle): a kind of its own
    }
    let gid = kinds.get(key);
    if (gid === undefined) {
      gid = tiles.length + 1;
      const entry: Record<string, unknown> = { id: gid - 1 };
      if (props !== undefined) entry.properties = props;
      if (group !== null) entry.objectgroup = group;
      if (iw !== undefined) entry.imagewidth = iw;
      if (ih !== undefined) entry.imageheight = ih;
      tiles.push(entry);
      kinds.set(key, gid);
    }
    return gid;
  };

  const ppm = view.pixelsPerMetre / scale;
  const tiledLayers = refs.map((ref) => {
    const out = new Array<number>(ref.width * ref.height).fill(0);
    ref.data.data.forEach((row, r) => {
      if (!Array.isArray(row)) throw new TypeError(`capsule2d: ${ref.name}.data[${r}] must be an array of tiles, got ${check.describe(row)}`);
      if (row.length !== ref.width) throw new RangeError(`capsule2d: ${ref.name}.data[${r}] has ${row.length} tiles, its width is ${ref.width}`);
      for (let c = 0; c < ref.width; c++) {
        const tile = row[c] as PhaserTileLike | null | undefined;
        if (tile === null || tile === undefined) continue;
        const at = `${ref.name}.data[${r}][${c}]`;
        if (typeof tile !== "object") throw new TypeError(`capsule2d: ${at} must be a Phaser Tile, got ${check.describe(tile)}`);
        const index = check.finite(`${at}.index`, tile.index);
        if (index < 0) continue;
        const on = collides === undefined ? tile.collides === true : collides === true ? true : tile.properties?.[collides] === true;
        if (!on) continue;
        const flags = tiledFlags(tile.flipX === true, tile.flipY === true, tile.rotation ?? 0, `${at}.rotation`);
        out[r * ref.width + c] = (kindOf(tile, at) | flags) >>> 0;
      }
    });
    return {
      type: "tilelayer",
      name: ref.label,
      width: ref.width,
      height: ref.height,
      x: 0,
      y: 0,
      offsetx: ref.x / scale,
      offsety: ref.y / scale,
      visible: true,
      opacity: 1,
      data: out,
      colliding: out.some((v) => v !== 0),
    };
  });
  const width = Math.max(...refs.map((r) => r.width));
  const height = Math.max(...refs.map((r) => r.height));
  const map = {
    type: "map",
    orientation: "orthogonal",
    infinite: false,
    width,
    height,
    tilewidth: tw,
    tileheight: th,
    layers: tiledLayers.map(({ colliding: _, ...layer }) => ({ ...layer, width, height, data: pad(layer.data, layer.width, layer.height, width, height) })),
    tilesets: [{ firstgid: 1, name: "phaser", tilewidth: tw, tileheight: th, tilecount: tiles.length, tiles }],
  };
  const result = TileMap.fromTiled(world as Parameters<typeof TileMap.fromTiled>[0], map, { pixelsPerMetre: ppm, origin: view.toWorld(0, 0) });
  tiledLayers.forEach((l, i) => {
    if (l.colliding) return;
    const why =
      collides === undefined ? "Phaser's collision flags mark none (call layer.setCollisionByProperty({ collides: true }) or setCollision first, or pass collides)"
      : collides === true ? "it has no tiles"
      : `no tile has the property ${JSON.stringify(collides)} true`;
    result.warnings.push(`layer ${JSON.stringify(refs[i]!.label)}: no tile collides: ${why}`);
  });
  return result;
}

/** A layer's cells in a grid of the map's size (the layers may be smaller than the largest). */
function pad(data: number[], w: number, h: number, W: number, H: number): number[] {
  if (w === W && h === H) return data;
  const out = new Array<number>(W * H).fill(0);
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out[r * W + c] = data[r * w + c]!;
  return out;
}
