/**
 * A Tiled map's tilesets, embedded or external (`loadTileset(source)`), as a
 * table from global tile id to what the tile is: its properties, its size,
 * and its collision shapes (the tile's `objectgroup`, drawn in Tiled's
 * collision editor), or none (a whole tile).
 *
 * A gid belongs to the tileset with the largest `firstgid` not above it
 * (Tiled's rule); its local id is `gid − firstgid`. Tilesets are read and
 * checked in full (every tile entry, shapes and properties), but a tile's
 * definition for a gid is made only for the gids the layers use, so a
 * tileset that claims 5e7 tiles costs nothing.
 */
import * as check from "../math/validate.js";
import { readObject, type PixShape } from "./tiled-shapes.js";
import type { TileKind } from "./types.js";

/** A tile as the layers use it. */
export interface TileDef {
  /** "tileset NAME, tile ID", for warnings. */
  what: string;
  /** Its properties, by name. */
  props: Record<string, unknown>;
  /** Material and flags from its properties (before `collides`). */
  kind: Exclude<TileKind, false>;
  /** `solid: false` in its properties. */
  notSolid: boolean;
  /** Its collision shapes in its own pixels (y down), or null: the whole tile. */
  shapes: PixShape[] | null;
  /** Its size in pixels (the tileset's tile size, or the image's in an image collection). */
  tw: number;
  th: number;
  /** The tileset's `tileoffset`, pixels. */
  offX: number;
  offY: number;
  /** What its shapes could not make (one line each; reported once per tile). */
  skipped: string[];
}

interface TilesetEntry {
  firstgid: number;
  name: string;
  tw: number;
  th: number;
  offX: number;
  offY: number;
  /** Tile entries by local id. */
  tiles: Map<number, Omit<TileDef, "tw" | "th" | "offX" | "offY"> & { tw?: number; th?: number }>;
}

/** Tiled's properties (`[{ name, type, value }]`, or the old `{ name: value }`) as an object. */
export function readProperties(name: string, props: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (props === undefined) return out;
  if (Array.isArray(props)) {
    props.forEach((p: unknown, i) => {
      if (p === null || typeof p !== "object") throw new TypeError(`capsule2d: ${name}[${i}] must be a { name, type, value } property, got ${check.describe(p)}`);
      const { name: key, value } = p as { name?: unknown; value?: unknown };
      if (typeof key !== "string") throw new TypeError(`capsule2d: ${name}[${i}].name must be a string, got ${check.describe(key)}`);
      out[key] = value;
    });
    return { ...out };
  }
  if (props !== null && typeof props === "object") return { ...(props as Record<string, unknown>) };
  throw new TypeError(`capsule2d: ${name} must be an array of properties, got ${check.describe(props)}`);
}

/** Material and flags from tile (or object) properties: `oneWay`, `friction`, `restitution`, `tangentSpeed`. */
export function materialOf(name: string, props: Record<string, unknown>): Exclude<TileKind, false> {
  const kind: Exclude<TileKind, false> = {};
  if (props.oneWay !== undefined && check.boolean(`${name}.oneWay`, props.oneWay)) kind.oneWay = { x: 0, y: 1 };
  if (props.friction !== undefined) kind.friction = check.nonNegative(`${name}.friction`, props.friction);
  if (props.restitution !== undefined) kind.restitution = check.nonNegative(`${name}.restitution`, props.restitution);
  if (props.tangentSpeed !== undefined) kind.tangentSpeed = check.finite(`${name}.tangentSpeed`, props.tangentSpeed);
  return kind;
}

/** A value that should be a parsed JSON object but is a string: say so without quoting it. */
export function notParsed(name: string, v: unknown, hint: string): TypeError {
  if (typeof v === "string") return new TypeError(`capsule2d: ${name} must be ${hint}, got a string of ${v.length} characters; pass JSON.parse(text)`);
  return new TypeError(`capsule2d: ${name} must be ${hint}, got ${check.describe(v)}`);
}

/** The table of a map's tilesets. */
export class TileTable {
  private readonly sets: TilesetEntry[] = [];
  private readonly defs = new Map<number, TileDef>();

  constructor(map: Record<string, unknown>, mapTw: number, mapTh: number, loadTileset: ((source: string) => unknown) | undefined) {
    if (map.tilesets === undefined) return;
    if (!Array.isArray(map.tilesets)) throw new TypeError(`capsule2d: map.tilesets must be an array, got ${check.describe(map.tilesets)}`);
    const loaded = new Map<string, Record<string, unknown>>();
    (map.tilesets as unknown[]).forEach((ref, i) => {
      let name = `map.tilesets[${i}]`;
      if (ref === null || typeof ref !== "object") throw new TypeError(`capsule2d: ${name} must be an object, got ${check.describe(ref)}`);
      const r = ref as Record<string, unknown>;
      const firstgid = check.integer(`${name}.firstgid`, r.firstgid, 1, 0x1fffffff);
      let ts = r;
      if (r.source !== undefined) {
        if (typeof r.source !== "string") throw new TypeError(`capsule2d: ${name}.source must be a string, got ${check.describe(r.source)}`);
        const source = r.source;
        if (loadTileset === undefined) {
          throw new RangeError(`capsule2d: ${name} is an external tileset (source ${check.describe(source)}): pass the option loadTileset(source), which returns its JSON`);
        }
        let got = loaded.get(source);
        if (got === undefined) {
          const v = loadTileset(source);
          if (v === null || typeof v !== "object" || Array.isArray(v)) throw notParsed(`loadTileset(${check.describe(source)})`, v, "the tileset's JSON object");
          got = v as Record<string, unknown>;
          loaded.set(source, got);
        }
        ts = got;
        name = `${name} (${check.describe(source)})`;
      }
      this.sets.push(readTileset(name, ts, firstgid, mapTw, mapTh));
    });
    this.sets.sort((a, b) => a.firstgid - b.firstgid);
  }

  /** What gid (flip bits masked off, > 0) is; made once per gid. */
  tile(gid: number): TileDef {
    let d = this.defs.get(gid);
    if (d === undefined) {
      d = this.make(gid);
      this.defs.set(gid, d);
    }
    return d;
  }

  private make(gid: number): TileDef {
    let set: TilesetEntry | undefined;
    for (const s of this.sets) if (s.firstgid <= gid) set = s;
    if (set === undefined) {
      // a gid of no tileset: a plain solid tile (a map without tilesets, as `fromGrid` treats ids)
      return { what: `tile ${gid}`, props: {}, kind: {}, notSolid: false, shapes: null, tw: 0, th: 0, offX: 0, offY: 0, skipped: [] };
    }
    const local = gid - set.firstgid;
    const t = set.tiles.get(local);
    const base = { tw: set.tw, th: set.th, offX: set.offX, offY: set.offY };
    if (t === undefined) return { what: `tileset ${JSON.stringify(set.name)}, tile ${local}`, props: {}, kind: {}, notSolid: false, shapes: null, skipped: [], ...base };
    return { ...base, ...t, tw: t.tw ?? set.tw, th: t.th ?? set.th };
  }
}

function readTileset(name: string, ts: Record<string, unknown>, firstgid: number, mapTw: number, mapTh: number): TilesetEntry {
  const tw = ts.tilewidth === undefined ? mapTw : check.positive(`${name}.tilewidth`, ts.tilewidth);
  const th = ts.tileheight === undefined ? mapTh : check.positive(`${name}.tileheight`, ts.tileheight);
  if (ts.tilecount !== undefined) check.integer(`${name}.tilecount`, ts.tilecount, 0, 0x1fffffff);
  let offX = 0;
  let offY = 0;
  if (ts.tileoffset !== undefined) {
    const o = ts.tileoffset as Record<string, unknown>;
    if (o === null || typeof o !== "object") throw new TypeError(`capsule2d: ${name}.tileoffset must be an { x, y } object, got ${check.describe(o)}`);
    offX = o.x === undefined ? 0 : check.finite(`${name}.tileoffset.x`, o.x);
    offY = o.y === undefined ? 0 : check.finite(`${name}.tileoffset.y`, o.y);
  }
  const setName = typeof ts.name === "string" ? ts.name : `#${firstgid}`;
  const tiles = new Map<number, Omit<TileDef, "tw" | "th" | "offX" | "offY"> & { tw?: number; th?: number }>();
  if (ts.tiles !== undefined) {
    if (!Array.isArray(ts.tiles)) throw new TypeError(`capsule2d: ${name}.tiles must be an array, got ${check.describe(ts.tiles)}`);
    (ts.tiles as unknown[]).forEach((tile, k) => {
      const tn = `${name}.tiles[${k}]`;
      if (tile === null || typeof tile !== "object") throw new TypeError(`capsule2d: ${tn} must be an object, got ${check.describe(tile)}`);
      const t = tile as Record<string, unknown>;
      const id = check.integer(`${tn}.id`, t.id, 0, 0x1fffffff - firstgid);
      const props = readProperties(`${tn}.properties`, t.properties);
      const what = `tileset ${JSON.stringify(setName)}, tile ${id}`;
      const kind = materialOf(`${tn}.properties`, props);
      const notSolid = props.solid !== undefined && !check.boolean(`${tn}.properties.solid`, props.solid);
      const own = {
        tw: t.imagewidth === undefined ? undefined : check.positive(`${tn}.imagewidth`, t.imagewidth),
        th: t.imageheight === undefined ? undefined : check.positive(`${tn}.imageheight`, t.imageheight),
      };
      const skipped: string[] = [];
      let shapes: PixShape[] | null = null;
      if (t.objectgroup !== undefined) {
        const g = t.objectgroup as Record<string, unknown>;
        if (g === null || typeof g !== "object") throw new TypeError(`capsule2d: ${tn}.objectgroup must be an object, got ${check.describe(g)}`);
        if (g.objects !== undefined && !Array.isArray(g.objects)) throw new TypeError(`capsule2d: ${tn}.objectgroup.objects must be an array, got ${check.describe(g.objects)}`);
        const list: PixShape[] = [];
        ((g.objects as unknown[] | undefined) ?? []).forEach((o, j) => {
          const on = `${tn}.objectgroup.objects[${j}]`;
          if (o === null || typeof o !== "object") throw new TypeError(`capsule2d: ${on} must be an object, got ${check.describe(o)}`);
          const r = readObject(on, o as Record<string, unknown>);
          if (r.t === "shape") list.push(r.shape);
          else skipped.push(`${what}: collision shape ${j} is ${r.t === "point" ? "a point (no shape)" : r.why}, not made`);
        });
        const w = own.tw ?? tw;
        const h = own.th ?? th;
        const whole = list.length === 1 && list[0]!.t === "rect" && list[0]!.x === 0 && list[0]!.y === 0 && list[0]!.w === w && list[0]!.h === h;
        // no shapes drawn: the whole tile (unless every drawn shape was skipped: then nothing)
        shapes = whole || (list.length === 0 && skipped.length === 0) ? null : list;
      }
      tiles.set(id, { what, props, kind, notSolid, shapes, skipped, tw: own.tw, th: own.th });
    });
  }
  return { firstgid, name: setName, tw, th, offX, offY, tiles };
}
