/**
 * A Tiled map's layers: which tile layers collide (every visible one, also
 * inside group layers, or those that `layers` names), the object layers, and
 * each tile layer's cells on one grid (a finite map's, or for an infinite
 * map the bounds of its chunks).
 *
 * A layer's position is its `offsetx`/`offsety` plus those of the groups it
 * is in (they add up, as Tiled draws them); parallax is a camera effect and
 * is not physics. Invisible tile layers (or layers in an invisible group)
 * are skipped unless named. Object layers are read whether visible or not
 * (a hidden "collision" or "spawns" layer is common). Image layers have
 * nothing to collide; a layer of an unknown type is a warning.
 */
import * as check from "../math/validate.js";
import { MAX_CELLS, readTileData } from "./tiled-data.js";
import type { TiledDecompress } from "./types.js";

/** A layer found in the tree. */
export interface LayerRef {
  /** The layer's name in Tiled. */
  name: string;
  /** Its field, e.g. "map.layers[1].layers[0]". */
  path: string;
  layer: Record<string, unknown>;
  /** Its pixel offset (its own plus its groups'). */
  offX: number;
  offY: number;
  /** Visible, and in visible groups. */
  visible: boolean;
  /** The names of the groups it is in, outermost first. */
  groups: string[];
}

/** The deepest nesting of group layers read (a file nests a few). */
const MAX_DEPTH = 64;

/** Every layer, depth first in the file's order (groups before their children). */
export function walkLayers(map: Record<string, unknown>, warnings: string[]): LayerRef[] {
  const out: LayerRef[] = [];
  const walk = (list: unknown, path: string, offX: number, offY: number, visible: boolean, groups: string[]): void => {
    if (!Array.isArray(list)) throw new TypeError(`capsule2d: ${path} must be an array, got ${check.describe(list)}`);
    if (groups.length > MAX_DEPTH) throw new RangeError(`capsule2d: ${path} is nested in more than ${MAX_DEPTH} group layers`);
    (list as unknown[]).forEach((l, i) => {
      const p = `${path}[${i}]`;
      if (l === null || typeof l !== "object" || Array.isArray(l)) throw new TypeError(`capsule2d: ${p} must be an object, got ${check.describe(l)}`);
      const layer = l as Record<string, unknown>;
      if (typeof layer.type !== "string") throw new TypeError(`capsule2d: ${p}.type must be a string, got ${check.describe(layer.type)}`);
      const name = layer.name === undefined ? "" : layer.name;
      if (typeof name !== "string") throw new TypeError(`capsule2d: ${p}.name must be a string, got ${check.describe(name)}`);
      const ox = offX + (layer.offsetx === undefined ? 0 : check.finite(`${p}.offsetx`, layer.offsetx));
      const oy = offY + (layer.offsety === undefined ? 0 : check.finite(`${p}.offsety`, layer.offsety));
      const vis = visible && (layer.visible === undefined || check.boolean(`${p}.visible`, layer.visible));
      const ref: LayerRef = { name, path: p, layer, offX: ox, offY: oy, visible: vis, groups };
      switch (layer.type) {
        case "group":
          out.push(ref);
          walk(layer.layers ?? [], `${p}.layers`, ox, oy, vis, [...groups, name]);
          break;
        case "tilelayer":
        case "objectgroup":
          out.push(ref);
          break;
        case "imagelayer":
          break;
        default:
          warnings.push(`layer ${JSON.stringify(name)} (${p}) is of type ${check.describe(layer.type)}, which has no colliders: not read`);
      }
    });
  };
  walk(map.layers, "map.layers", 0, 0, true, []);
  return out;
}

/** The tile layers that collide: the visible ones, or those `names` names (a group names its tile layers). */
export function selectTileLayers(all: LayerRef[], names: readonly string[] | undefined): LayerRef[] {
  const tiles = all.filter((r) => r.layer.type === "tilelayer");
  if (names === undefined) return tiles.filter((r) => r.visible);
  if (!Array.isArray(names)) throw new TypeError(`capsule2d: layers must be an array of layer names, got ${check.describe(names)}`);
  const chosen = new Set<LayerRef>();
  names.forEach((n: unknown, i) => {
    if (typeof n !== "string") throw new TypeError(`capsule2d: layers[${i}] must be a layer name (a string), got ${check.describe(n)}`);
    const hits = tiles.filter((r) => r.name === n || r.groups.includes(n));
    if (hits.length === 0) {
      const known = [...new Set(all.filter((r) => r.layer.type !== "objectgroup").map((r) => JSON.stringify(r.name)))];
      const list = known.length > 20 ? `${known.slice(0, 20).join(", ")}, …` : known.join(", ");
      throw new RangeError(`capsule2d: layers[${i}] is ${check.describe(n)}, which is no tile or group layer of the map (it has ${known.length === 0 ? "none" : list})`);
    }
    for (const h of hits) chosen.add(h);
  });
  return tiles.filter((r) => chosen.has(r));
}

/** The grid the tile layers are placed on, in cells. */
export interface GridBounds {
  x0: number;
  y0: number;
  cols: number;
  rows: number;
}

function chunksOf(ref: LayerRef): Record<string, unknown>[] {
  const chunks = ref.layer.chunks;
  if (!Array.isArray(chunks)) throw new TypeError(`capsule2d: ${ref.path}.chunks must be an array (the map is infinite), got ${check.describe(chunks)}`);
  return (chunks as unknown[]).map((c, k) => {
    if (c === null || typeof c !== "object") throw new TypeError(`capsule2d: ${ref.path}.chunks[${k}] must be an object, got ${check.describe(c)}`);
    return c as Record<string, unknown>;
  });
}

const CHUNK_LIMIT = 1 << 26;

/** The bounds of an infinite map's chunks over the selected layers (checked before any chunk's data is read). */
export function chunkBounds(layers: LayerRef[]): GridBounds {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let cells = 0;
  for (const ref of layers) {
    chunksOf(ref).forEach((c, k) => {
      const n = `${ref.path}.chunks[${k}]`;
      const x = check.integer(`${n}.x`, c.x, -CHUNK_LIMIT, CHUNK_LIMIT);
      const y = check.integer(`${n}.y`, c.y, -CHUNK_LIMIT, CHUNK_LIMIT);
      const w = check.integer(`${n}.width`, c.width, 1, 1 << 16);
      const h = check.integer(`${n}.height`, c.height, 1, 1 << 16);
      cells += w * h;
      if (cells > MAX_CELLS) throw new RangeError(`capsule2d: ${n}: the chunks hold more than ${MAX_CELLS} cells`);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + w);
      y1 = Math.max(y1, y + h);
    });
  }
  if (x0 === Infinity) return { x0: 0, y0: 0, cols: 0, rows: 0 };
  if ((x1 - x0) * (y1 - y0) > MAX_CELLS) {
    throw new RangeError(`capsule2d: the chunks of the infinite map span ${x1 - x0} × ${y1 - y0} cells, more than ${MAX_CELLS}`);
  }
  return { x0, y0, cols: x1 - x0, rows: y1 - y0 };
}

/** A tile layer's raw gids on the grid (row by row; 0 where it has no tile). */
export function layerCells(ref: LayerRef, grid: GridBounds, infinite: boolean, decompress: TiledDecompress | undefined): Uint32Array {
  const l = ref.layer;
  if (!infinite) return readTileData(ref.path, l, l.encoding, l.compression, grid.cols, grid.rows, decompress);
  const out = new Uint32Array(grid.cols * grid.rows);
  chunksOf(ref).forEach((c, k) => {
    const n = `${ref.path}.chunks[${k}]`;
    const w = c.width as number;
    const h = c.height as number;
    const ids = readTileData(n, c, l.encoding, l.compression, w, h, decompress);
    const cx = (c.x as number) - grid.x0;
    const cy = (c.y as number) - grid.y0;
    for (let r = 0; r < h; r++) out.set(ids.subarray(r * w, (r + 1) * w), (cy + r) * grid.cols + cx);
  });
  return out;
}
