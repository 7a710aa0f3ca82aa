/**
 * `capsule2d/tiled-decompress`: `tiledDecompress`, the inflater of Tiled's
 * compressed tile layers (base64 with zlib, gzip or zstd compression) for
 * `TileMap.fromTiled`'s `decompress` option. A separate entry point, built
 * on [fflate](https://github.com/101arrowz/fflate) (zlib, gzip) and
 * [fzstd](https://github.com/101arrowz/fzstd) (zstd), both MIT, by the same
 * author, without dependencies, synchronous, the same code in browsers and
 * Node, so that a game whose maps are not compressed ships neither (and
 * `fromTiled` stays synchronous). Both are optional peer dependencies:
 * `npm install fflate fzstd` to use this entry point.
 *
 * ```ts
 * import { TileMap, World } from "capsule2d";
 * import { tiledDecompress } from "capsule2d/tiled-decompress";
 *
 * const map = TileMap.fromTiled(new World(), json, { decompress: tiledDecompress });
 * ```
 *
 * @module capsule2d/tiled-decompress
 */
import { gunzipSync, unzlibSync } from "fflate";
import { decompress as unzstd } from "fzstd";
import type { TiledCompression } from "../tiles/types.js";

export type { TiledCompression, TiledDecompress } from "../tiles/types.js";

/**
 * Inflate a compressed tile layer's bytes (`compression` "zlib", "gzip" or
 * "zstd": one frame that says its content size, as Tiled writes it) into at
 * most `size` bytes: never allocates more than `size + 1` bytes for the
 * output, whatever the input claims,
 * and throws a RangeError if the data inflates to more than `size` bytes or
 * is not valid data of its compression.
 */
export function tiledDecompress(data: Uint8Array, compression: TiledCompression, size: number): Uint8Array {
  if (!(data instanceof Uint8Array)) throw new TypeError("capsule2d: tiledDecompress: data must be a Uint8Array");
  if (!Number.isInteger(size) || size < 0 || size > 0x7fffffff) throw new RangeError(`capsule2d: tiledDecompress: size must be an integer in [0, 2147483647], got ${String(size)}`);
  // one byte more than expected: a stream longer than the layer fills it, and is refused
  const out = new Uint8Array(size + 1);
  let got: Uint8Array;
  if (compression === "zlib") got = unzlibSync(data, { out });
  else if (compression === "gzip") got = gunzipSync(data, { out });
  else if (compression === "zstd") got = zstdInto(data, out);
  else throw new RangeError(`capsule2d: tiledDecompress: compression must be "zlib", "gzip" or "zstd", got ${JSON.stringify(String(compression))}`);
  if (got.length > size) throw new RangeError(`capsule2d: tiledDecompress: the ${compression} data inflates to more than ${size} bytes`);
  return got;
}

/**
 * One zstd frame into `out` (its length the layer's size + 1). The frame
 * must say its size (its header's content size, as Tiled and `zstd` on a
 * file write it), at most the layer's: fzstd then decodes into a buffer of
 * exactly that size, which it allocates nothing beyond (whatever window size
 * the frame claims; a second frame is refused). A frame longer than its
 * header says is cut there (the caller checks the length).
 */
function zstdInto(data: Uint8Array, out: Uint8Array): Uint8Array {
  const size = out.length - 1;
  const n = zstdContentSize(data);
  if (n > size) throw new RangeError(`capsule2d: tiledDecompress: the zstd data inflates to more than ${size} bytes`);
  const into = out.subarray(0, n);
  try {
    if (n > 0) unzstd(data, into);
  } catch (e) {
    throw new RangeError(`capsule2d: tiledDecompress: the zstd data is not one valid zstd frame (${(e as Error).message})`);
  }
  return into;
}

/** The content size a zstd frame's header gives (RFC 8878, 3.1.1.1), or a RangeError when it gives none or is no frame. */
function zstdContentSize(d: Uint8Array): number {
  if (d.length < 6 || d[0] !== 0x28 || d[1] !== 0xb5 || d[2] !== 0x2f || d[3] !== 0xfd) {
    throw new RangeError("capsule2d: tiledDecompress: the zstd data is not one valid zstd frame (no zstd frame header)");
  }
  const fhd = d[4]!;
  const single = (fhd >> 5) & 1;
  const fcsBytes = fhd >> 6 === 0 ? single : 1 << (fhd >> 6);
  if (fcsBytes === 0) throw new RangeError("capsule2d: tiledDecompress: the zstd frame does not say its content size (compress the layer in one piece, as Tiled does)");
  const dictBytes = [0, 1, 2, 4][fhd & 3]!;
  const at = 5 + (single ? 0 : 1) + dictBytes;
  if (d.length < at + fcsBytes) throw new RangeError("capsule2d: tiledDecompress: the zstd data is not one valid zstd frame (its header is cut)");
  let n = 0;
  for (let i = fcsBytes - 1; i >= 0; i--) n = n * 256 + d[at + i]!;
  return fcsBytes === 2 ? n + 256 : n;
}
