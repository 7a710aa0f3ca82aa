/**
 * Delta snapshots: what changed between two binary snapshots of a world,
 * for sending state over a network or keeping many steps in memory.
 *
 * `deltaSnapshot(base, current)` compares two binary snapshots
 * (`world.snapshot({ format: "binary" })`) 8 bytes at a time, in four
 * sections: the header with the options, the body records, the contact
 * and joint records, and (snapshot version 5) the geometry of Box, Polygon
 * and Segment bodies, which stays the same while the contacts come and go.
 * A section of the same length in both is kept
 * as the 8-byte words that differ (in blocks of 32 words: a block index, a
 * 32-bit mask of the words that differ, then those words), one of another
 * length (bodies added, contacts made) whole. So a body at rest, static
 * geometry, and the options take no room, and an awake body costs the words
 * of its state that moved (position, rotation, velocities, the pose at the
 * start of the step, its sleep timer: about 100 bytes, against 256 for its
 * full record); contacts, whose list changes from step to step, are kept
 * whole when their number changed.
 *
 * `applyDelta(base, delta)` rebuilds `current` exactly, byte for byte
 * (`World.fromSnapshot` reads it). A delta names its base by checksum and
 * length: applied to another base, or corrupt or truncated, it throws a
 * RangeError or TypeError saying what is wrong.
 *
 * Layout (little-endian): magic "C2DD", version, the base's length and
 * FNV-1a checksum, the result's length, then per section: its length in the
 * result, a kind (0: diff, 1: whole) and its words. Version 2 has four
 * sections; version 1 (three: no geometry section) is still read.
 */
import * as check from "../math/validate.js";
import { BINARY_BYTES_PER_BODY, BINARY_BYTES_PER_CONTACT, BINARY_BYTES_PER_JOINT } from "../snapshot/snapshot.js";
import { ByteReader, ByteWriter, corrupt } from "./codec.js";
import { fnv1a } from "./recording.js";

const DELTA_MAGIC = 0x44443243; // "C2DD"
const DELTA_VERSION = 2;
/** Sections of a delta of each version (index: version). */
const SECTIONS = [0, 3, 4];
const SNAPSHOT_MAGIC = 0x53443243; // "C2DS", the binary snapshot's
const SNAPSHOT_HEADER = 64;

function bytesOf(name: string, data: unknown): Uint8Array {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data instanceof Uint8Array) return data;
  throw new TypeError(`capsule2d: ${name} must be an ArrayBuffer, got ${check.describe(data)}`);
}

/**
 * Where a binary snapshot's sections start and end: [0, bodies, contacts,
 * geometry, end] (`count` 4), or without the geometry section [0, bodies,
 * rest, end] (3: version 1 deltas). Only a split: any split rebuilds the
 * same bytes, a good one keeps what does not change apart.
 */
function sections(name: string, b: Uint8Array, count: number): number[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < SNAPSHOT_HEADER || v.getUint32(0, true) !== SNAPSHOT_MAGIC) {
    throw new RangeError(`capsule2d: ${name} is not a binary snapshot (world.snapshot({ format: "binary" }))`);
  }
  const bodies = SNAPSHOT_HEADER + ((v.getUint32(16, true) + 7) & ~7);
  const rest = bodies + v.getUint32(8, true) * BINARY_BYTES_PER_BODY;
  if (rest > b.length || (b.length & 7) !== 0) throw new RangeError(`capsule2d: ${name} is a truncated binary snapshot`);
  if (count === 3) return [0, bodies, rest, b.length];
  // version 5 on: the geometry after the contact and joint records (before it, none)
  const records = rest + v.getUint32(12, true) * BINARY_BYTES_PER_CONTACT + v.getUint32(56, true) * BINARY_BYTES_PER_JOINT;
  const geometry = v.getUint16(4, true) >= 5 && records <= b.length ? records : b.length;
  return [0, bodies, rest, geometry, b.length];
}

/** What changed from `base` to `current`, two binary snapshots (see the top of this file). */
export function deltaSnapshot(base: ArrayBuffer, current: ArrayBuffer): ArrayBuffer {
  const a = bytesOf("base", base);
  const b = bytesOf("current", current);
  const n = SECTIONS[DELTA_VERSION]!;
  const sa = sections("base", a, n);
  const sb = sections("current", b, n);
  const w = new ByteWriter(256);
  w.u32(DELTA_MAGIC);
  w.u32(DELTA_VERSION);
  w.u32(a.length);
  w.u32(fnv1a(a, 0, a.length));
  w.u32(b.length);
  const va = new DataView(a.buffer, a.byteOffset, a.byteLength);
  const vb = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let s = 0; s < n; s++) {
    const a0 = sa[s]!;
    const b0 = sb[s]!;
    const size = sb[s + 1]! - b0;
    w.u32(size);
    if (sa[s + 1]! - a0 !== size) {
      w.u8(1);
      w.raw(b.subarray(b0, b0 + size));
      continue;
    }
    w.u8(0);
    const words = size >> 3;
    const countAt = w.length;
    w.u32(0);
    let blocks = 0;
    for (let block = 0; block * 32 < words; block++) {
      let mask = 0;
      const end = Math.min(words, block * 32 + 32);
      for (let i = block * 32; i < end; i++) {
        const o = 8 * i;
        if (va.getUint32(a0 + o, true) !== vb.getUint32(b0 + o, true) || va.getUint32(a0 + o + 4, true) !== vb.getUint32(b0 + o + 4, true)) {
          mask |= 1 << (i - block * 32);
        }
      }
      if (mask === 0) continue;
      blocks++;
      w.u32(block);
      w.u32(mask >>> 0);
      for (let k = 0; k < 32; k++) if ((mask >>> k) & 1) w.raw(b.subarray(b0 + 8 * (block * 32 + k), b0 + 8 * (block * 32 + k) + 8));
    }
    w.view.setUint32(countAt, blocks, true);
  }
  return w.copy().buffer as ArrayBuffer;
}

/** Rebuild the snapshot a delta was made from `base` to (the same bytes). */
export function applyDelta(base: ArrayBuffer, delta: ArrayBuffer): ArrayBuffer {
  const a = bytesOf("base", base);
  const d = bytesOf("delta", delta);
  const r = new ByteReader(d, 0, d.length, "delta snapshot");
  const magic = r.u32();
  if (magic !== DELTA_MAGIC) corrupt(`wrong magic 0x${magic.toString(16)} for a delta snapshot (expected "C2DD")`);
  const version = r.u32();
  if (version !== 1 && version !== DELTA_VERSION) corrupt(`delta snapshot version ${version} is not supported (this build reads 1 and ${DELTA_VERSION})`);
  const baseLength = r.u32();
  const baseSum = r.u32();
  if (baseLength !== a.length || baseSum !== fnv1a(a, 0, a.length)) {
    throw new RangeError(`capsule2d: this delta was made from another base snapshot (${baseLength} bytes, checksum 0x${baseSum.toString(16)})`);
  }
  const count = SECTIONS[version]!;
  const sa = sections("base", a, count);
  const total = r.u32();
  // every byte of the result is a byte of the base (a section kept as differences) or of the delta (a whole one):
  // a larger length is a lie, refused before anything is allocated
  if (total > a.length + d.length || (total & 7) !== 0) {
    corrupt(`the result length ${total} is impossible for a ${a.length}-byte base and a ${d.length}-byte delta`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (let s = 0; s < count; s++) {
    const n = r.u32();
    if (at + n > total || (n & 7) !== 0) corrupt(`section ${s} of ${n} bytes does not fit the ${total}-byte result`);
    const kind = r.u8();
    if (kind === 1) out.set(r.raw(n), at);
    else if (kind === 0) {
      const a0 = sa[s]!;
      if (sa[s + 1]! - a0 !== n) corrupt(`section ${s} is a difference from ${n} bytes, but the base's is ${sa[s + 1]! - a0}`);
      out.set(a.subarray(a0, a0 + n), at);
      const blocks = r.u32();
      for (let k = 0; k < blocks; k++) {
        const block = r.u32();
        const mask = r.u32();
        for (let i = 0; i < 32; i++) {
          if (((mask >>> i) & 1) === 0) continue;
          const o = 8 * (block * 32 + i);
          if (o + 8 > n) corrupt(`a changed word at byte ${o} lies outside section ${s} (${n} bytes)`);
          out.set(r.raw(8), at + o);
        }
      }
    } else corrupt(`section ${s} has unknown kind ${kind}`);
    at += n;
  }
  if (at !== total) corrupt(`sections make ${at} bytes, the header says ${total}`);
  if (r.at !== d.length) corrupt(`${d.length - r.at} bytes left over`);
  return out.buffer;
}
