/**
 * A Tiled tile layer's (or chunk's) `data` as an array of global tile ids
 * (with their flip bits): a plain array of numbers, a CSV string, or base64
 * of little-endian uint32s, uncompressed or compressed (zlib, gzip, zstd)
 * through the user's `decompress`.
 *
 * Untrusted input: every size is checked before anything is allocated. The
 * ids of a `w × h` layer are `w·h·4` bytes, so base64 longer than that
 * encodes (or, compressed, longer than that plus the compressor's overhead)
 * is refused, and the inflated bytes must be exactly `w·h·4`.
 */
import * as check from "../math/validate.js";
import type { TiledCompression, TiledDecompress } from "./types.js";

/** The most cells of one map (all layers placed on one grid), 2^24: 64 MB of ids. */
export const MAX_CELLS = 1 << 24;

const B64 = /* @__PURE__ */ (() => {
  const t = new Int16Array(128).fill(-1);
  const a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < 64; i++) t[a.charCodeAt(i)] = i;
  return t;
})();

/** The bytes of a base64 string (standard alphabet, `=` padding optional; whitespace skipped). */
export function decodeBase64(name: string, text: string, maxBytes: number): Uint8Array {
  // the decoded length is at most 3/4 of the characters: refuse before allocating
  if (text.length > Math.ceil(maxBytes / 3) * 4 + 64 + (text.length >>> 4)) {
    // whitespace allowance aside, the text is longer than maxBytes can be
    let chars = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 32) chars++;
    if (Math.floor((chars * 3) / 4) > maxBytes + 2) {
      throw new RangeError(`capsule2d: ${name} is ${text.length} characters of base64, more than the ${maxBytes} bytes it can hold`);
    }
  }
  const out = new Uint8Array(Math.min(maxBytes + 3, Math.floor((text.length * 3) / 4) + 3));
  let n = 0;
  let acc = 0;
  let bits = 0;
  let ended = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32) continue;
    if (c === 61) { // '='
      ended = true;
      continue;
    }
    const v = c < 128 ? B64[c]! : -1;
    if (v < 0 || ended) throw new RangeError(`capsule2d: ${name} is not base64 (character ${i} is ${JSON.stringify(text[i])})`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n >= out.length) throw new RangeError(`capsule2d: ${name} holds more than the ${maxBytes} bytes it can hold`);
      out[n++] = (acc >>> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}

/**
 * The `w × h` raw gids of `holder.data` (a layer or a chunk), named `name`
 * (e.g. "map.layers[2].chunks[0]") in errors.
 */
export function readTileData(
  name: string,
  holder: Record<string, unknown>,
  encoding: unknown,
  compression: unknown,
  w: number,
  h: number,
  decompress: TiledDecompress | undefined,
): Uint32Array {
  const count = w * h;
  const data = holder.data;
  const field = `${name}.data`;
  if (encoding !== undefined && encoding !== "csv" && encoding !== "base64") {
    throw new RangeError(`capsule2d: ${name}.encoding must be "csv", "base64" or absent, got ${check.describe(encoding)}`);
  }
  const comp = compression === undefined || compression === "" ? null : compression;
  if (comp !== null && comp !== "zlib" && comp !== "gzip" && comp !== "zstd") {
    throw new RangeError(`capsule2d: ${name}.compression must be "zlib", "gzip", "zstd" or "", got ${check.describe(compression)}`);
  }
  if (Array.isArray(data)) {
    if (data.length !== count) throw new RangeError(`capsule2d: ${field} must hold ${w} × ${h} = ${count} tile ids, got ${data.length}`);
    const out = new Uint32Array(count);
    for (let i = 0; i < count; i++) out[i] = check.integer(`${field}[${i}]`, data[i], 0, 0xffffffff);
    return out;
  }
  if (typeof data !== "string") throw new TypeError(`capsule2d: ${field} must be an array of tile ids or a string, got ${check.describe(data)}`);
  if (encoding !== "base64") {
    if (comp !== null) throw new RangeError(`capsule2d: ${name}.compression ${JSON.stringify(comp)} needs encoding "base64"`);
    return readCsv(field, data, count, w, h);
  }
  let bytes: Uint8Array;
  if (comp === null) {
    bytes = decodeBase64(field, data, count * 4);
  } else {
    if (decompress === undefined) {
      throw new RangeError(`capsule2d: ${field} is ${comp}-compressed: pass the option decompress (e.g. tiledDecompress from "capsule2d/tiled-decompress")`);
    }
    // compressed data is at most a little larger than what it inflates to (stored blocks)
    const packed = decodeBase64(field, data, count * 4 + (count >>> 3) + 1024);
    bytes = inflate(field, comp, packed, count * 4, decompress);
  }
  if (bytes.length !== count * 4) throw new RangeError(`capsule2d: ${field} must decode to ${w} × ${h} × 4 = ${count * 4} bytes, got ${bytes.length}`);
  const out = new Uint32Array(count);
  for (let i = 0, j = 0; i < count; i++, j += 4) out[i] = (bytes[j]! | (bytes[j + 1]! << 8) | (bytes[j + 2]! << 16) | (bytes[j + 3]! << 24)) >>> 0;
  return out;
}

function inflate(field: string, comp: TiledCompression, packed: Uint8Array, size: number, decompress: TiledDecompress): Uint8Array {
  let out: unknown;
  try {
    out = decompress(packed, comp, size);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new RangeError(`capsule2d: ${field} could not be inflated (${comp}): ${why.length > 120 ? `${why.slice(0, 120)}…` : why}`);
  }
  if (!(out instanceof Uint8Array)) throw new TypeError(`capsule2d: decompress must return a Uint8Array for ${field}, got ${check.describe(out)}`);
  return out;
}

function readCsv(field: string, text: string, count: number, w: number, h: number): Uint32Array {
  // each id takes at least 2 characters ("0,"), at most 11 with spaces: a cheap bound before parsing
  if (text.length > count * 16 + 1024) throw new RangeError(`capsule2d: ${field} is ${text.length} characters of CSV, too long for ${count} tile ids`);
  const out = new Uint32Array(count);
  let n = 0;
  let i = 0;
  const len = text.length;
  while (i < len) {
    let c = text.charCodeAt(i);
    while (i < len && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
    if (i >= len) break;
    let v = 0;
    let digits = 0;
    while (i < len && c >= 48 && c <= 57) {
      v = v * 10 + (c - 48);
      digits++;
      c = text.charCodeAt(++i);
    }
    if (digits === 0 || digits > 10 || v > 0xffffffff) throw new RangeError(`capsule2d: ${field}: CSV value ${n} is not a tile id (0 to 4294967295)`);
    while (i < len && (c === 32 || c === 10 || c === 13 || c === 9)) c = text.charCodeAt(++i);
    if (i < len && c !== 44) throw new RangeError(`capsule2d: ${field}: CSV value ${n} is not a tile id (character ${i} is ${JSON.stringify(text[i])})`);
    if (n >= count) throw new RangeError(`capsule2d: ${field} must hold ${w} × ${h} = ${count} tile ids, got more`);
    out[n++] = v;
    i++;
  }
  if (n !== count) throw new RangeError(`capsule2d: ${field} must hold ${w} × ${h} = ${count} tile ids, got ${n}`);
  return out;
}
