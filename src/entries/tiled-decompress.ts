/**
 * `capsule2d/tiled-decompress`: `tiledDecompress`, the inflater of Tiled's
 * compressed tile layers (base64 with zlib or gzip compression) for
 * `TileMap.fromTiled`'s `decompress` option. A separate entry point, built
 * on [fflate](https://github.com/101arrowz/fflate) (MIT, no dependencies,
 * synchronous, the same code in browsers and Node), so that a game whose
 * maps are not compressed ships neither it nor fflate. fflate is an optional
 * peer dependency: `npm install fflate` to use this entry point.
 *
 * ```ts
 * import { TileMap, World } from "capsule2d";
 * import { tiledDecompress } from "capsule2d/tiled-decompress";
 *
 * const map = TileMap.fromTiled(new World(), json, { decompress: tiledDecompress });
 * ```
 *
 * zstd is not in fflate: a map saved with zstd compression needs a zstd
 * decoder of your choice, e.g. fzstd:
 * `decompress: (data, c, size) => c === "zstd" ? fzstd.decompress(data, new Uint8Array(size)) : tiledDecompress(data, c, size)`.
 * @module capsule2d/tiled-decompress
 */
import { gunzipSync, unzlibSync } from "fflate";
import type { TiledCompression } from "../tiles/types.js";

export type { TiledCompression, TiledDecompress } from "../tiles/types.js";

/**
 * Inflate a compressed tile layer's bytes (`compression` "zlib" or "gzip")
 * into at most `size` bytes: never allocates more than `size + 1` bytes,
 * whatever the input claims, and throws a RangeError if the data inflates to
 * more than `size` bytes, or for "zstd" (see the module's comment).
 */
export function tiledDecompress(data: Uint8Array, compression: TiledCompression, size: number): Uint8Array {
  if (!(data instanceof Uint8Array)) throw new TypeError("capsule2d: tiledDecompress: data must be a Uint8Array");
  if (!Number.isInteger(size) || size < 0 || size > 0x7fffffff) throw new RangeError(`capsule2d: tiledDecompress: size must be an integer in [0, 2147483647], got ${String(size)}`);
  // one byte more than expected: a stream longer than the layer fills it, and is refused
  const out = new Uint8Array(size + 1);
  let got: Uint8Array;
  if (compression === "zlib") got = unzlibSync(data, { out });
  else if (compression === "gzip") got = gunzipSync(data, { out });
  else if (compression === "zstd") throw new RangeError('capsule2d: tiledDecompress does not inflate zstd (fflate has none): pass a zstd decoder for "zstd" (see capsule2d/tiled-decompress)');
  else throw new RangeError(`capsule2d: tiledDecompress: compression must be "zlib" or "gzip", got ${JSON.stringify(String(compression))}`);
  if (got.length > size) throw new RangeError(`capsule2d: tiledDecompress: the ${compression} data inflates to more than ${size} bytes`);
  return got;
}
