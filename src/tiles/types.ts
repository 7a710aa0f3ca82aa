/**
 * The types that the tile map and the Tiled loader share (a file of its own
 * so that the loader's files and `TileMap` do not import each other).
 */
import type { Body, BodyOptions } from "../bodies/body.js";
import type { Vec2 } from "../math/vec2.js";

/** What a tile id becomes: body options for its colliders (`false`: no collider, e.g. decoration). */
export type TileKind = false | Pick<
  BodyOptions,
  "friction" | "restitution" | "oneWay" | "isSensor" | "collisionFilter" | "tangentSpeed" | "rollingResistance" | "label" | "userData"
>;

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

/** One object of a Tiled object layer and what it became (`map.objects`). */
export interface TiledObject {
  /** The object's id in the map (Tiled's `id`; 0 when the file has none). */
  id: number;
  /** The object's name in Tiled ("" when unnamed). */
  name: string;
  /** Its class (Tiled 1.9+) or type ("" when none). */
  class: string;
  /** The name of the object layer it is in. */
  layer: string;
  /** Its custom properties, by name. */
  properties: Record<string, unknown>;
  /**
   * The bodies made from it (static; sensors when its class is "sensor"):
   * one for a rectangle, an ellipse or a polygon (a concave one is a
   * `Compound` of its convex pieces; a one-way concave one, which a
   * compound cannot be, one body per piece), one `Chain` for a polyline
   * (with `polylines: "segments"`, or one-way, one segment per edge); none for a
   * point (see `map.spawns`) or an object that could not be made (see
   * `map.warnings`).
   */
  bodies: Body[];
}

/** The compression of a base64 tile layer, as Tiled names it. */
export type TiledCompression = "zlib" | "gzip" | "zstd";

/**
 * A decompressor for base64 tile layers that Tiled compressed: returns the
 * bytes that `data` inflates to, which must be `size` bytes (the layer's
 * width × height × 4); it may stop at or refuse more than `size` bytes.
 * `tiledDecompress` (entry point `capsule2d/tiled-decompress`) is one, built
 * on fflate (zlib, gzip) and fzstd (zstd).
 */
export type TiledDecompress = (data: Uint8Array, compression: TiledCompression, size: number) => Uint8Array;

/** Options of `TileMap.fromTiled`. */
export interface TiledOptions {
  /** Pixels per metre. Default: the map's tile width (a tile is 1 m wide). */
  pixelsPerMetre?: number;
  /** The world position of the map's top-left corner (Tiled's pixel (0, 0)). Default (0, 0). */
  origin?: Vec2;
  /**
   * The names of the tile layers (or group layers: all the tile layers in
   * them) that collide, visible or not. Default: every visible tile layer.
   * An unknown name is a RangeError listing the map's layer names.
   */
  layers?: readonly string[];
  /**
   * The name of a tile property: only tiles whose property of that name is
   * `true` collide (Phaser's convention). Default: every non-empty tile
   * (except those with `solid: false`).
   */
  collides?: string;
  /**
   * What a polyline (an object's, or a tile's collision shape) becomes:
   * `"chains"` (the default), one `Chain`: smooth one-sided terrain, which
   * bodies slide along without ghost bumps at its vertices, solid on its
   * upper side whichever way it was drawn (a polyline whose last point is
   * right of its first has its points taken in reverse, so that the chain
   * runs right to left and its solid side, the right of its segments, faces
   * up; one whose two ends share an x keeps the order it was drawn in: on
   * screen, it is solid on the right of the way it was drawn); or
   * `"segments"`, one two-sided `Segment` per edge. A one-way polyline
   * stays segments (a chain is one-sided already).
   */
  polylines?: "segments" | "chains";
  /**
   * Returns the JSON of an external tileset (`map.tilesets[i].source`, the
   * path as Tiled wrote it), already parsed. Called once per source.
   */
  loadTileset?: (source: string) => unknown;
  /** Inflates zlib, gzip or zstd tile layers; see `TiledDecompress`. */
  decompress?: TiledDecompress;
}
