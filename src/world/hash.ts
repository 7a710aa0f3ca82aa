/**
 * `stateHash()`: a hash of the exact bits of every body's position, rotation
 * and velocities, in id order, then of the geometry of every Box, Polygon
 * and Segment body (vertices in the body's frame, rounding radius, local
 * centre; a segment's ends), which, unlike a circle's size, a snapshot
 * rebuilds from data. Two worlds with equal hashes are (up to hash
 * collisions) bit-identical; one differing bit changes it. A world of
 * circles, capsules and AABBs hashes exactly as before geometry was added.
 * A Compound hashes its id, shape count and local centre, then for each
 * shape its place about the centre of mass (x, y, cos, sin), its kind and
 * its geometry in its own frame (a circle's radius; a capsule's half length
 * and radius; a box's or polygon's radius and vertices; a segment's ends).
 */
import type { Body } from "../bodies/body.js";
import type { ShapeBody } from "../bodies/shape-body.js";

// the words hashed for each body, gathered first (8 doubles: id, position, rotation, velocities)
let values = new Float64Array(8 * 64);
let bytes = new DataView(values.buffer);
// one body's geometry words: id, count, radius, local centre, then the vertices (a segment: its two ends)
const shapeWords = new Float64Array(6 + 2 * 8);
const shapeBytes = new DataView(shapeWords.buffer);

/** FNV-1a over 32-bit words, run twice with different seeds for 64 bits. */
export function hashBodies(bodies: readonly Body[]): string {
  const n = bodies.length;
  if (values.length < 8 * n) {
    values = new Float64Array(8 * Math.max(n, 2 * (values.length >> 3)));
    bytes = new DataView(values.buffer);
  }
  const v = values;
  // the fields behind body.position, rotCos, rotSin, velocity and angularVelocity (read
  // directly: the getters make a frozen object each)
  for (let i = 0; i < n; i++) {
    const b = bodies[i]!;
    const k = 8 * i;
    v[k] = b._id;
    v[k + 1] = b.px;
    v[k + 2] = b.py;
    v[k + 3] = b.qc;
    v[k + 4] = b.qs;
    v[k + 5] = b.vx;
    v[k + 6] = b.vy;
    v[k + 7] = b.w;
  }
  // each double as its two little-endian 32-bit words, low word first (on every engine: the
  // words are read from the bytes, not through the machine's byte order)
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x9e3779b9;
  for (let at = 0; at < 64 * n; at += 4) {
    const w = bytes.getUint32(at, true);
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  // the geometry of the bodies whose shape is data (none in a world of circles, capsules and AABBs)
  for (let i = 0; i < n; i++) {
    if (bodies[i]!._parts !== null) {
      const h = hashCompound(bodies[i]!, h1, h2);
      h1 = h[0]!;
      h2 = h[1]!;
      continue;
    }
    const shape = bodies[i]!._shape;
    if (shape === null) continue;
    const g = shape._frame;
    const seg = shape._segment;
    if (g === null && seg === null) continue;
    const b = bodies[i]!;
    const sw = shapeWords;
    sw[0] = b._id;
    sw[3] = b._lc === null ? 0 : b._lc.x;
    sw[4] = b._lc === null ? 0 : b._lc.y;
    let words = 5;
    if (g !== null) {
      sw[1] = g.count;
      sw[2] = g.radius;
      for (let k = 0; k < g.count; k++) {
        sw[words++] = g.vx[k]!;
        sw[words++] = g.vy[k]!;
      }
    } else {
      sw[1] = 2;
      sw[2] = 0;
      sw[words++] = seg!.ax;
      sw[words++] = seg!.ay;
      sw[words++] = seg!.bx;
      sw[words++] = seg!.by;
    }
    for (let at = 0; at < 8 * words; at += 4) {
      const w = shapeBytes.getUint32(at, true);
      h1 = Math.imul(h1 ^ w, 0x01000193);
      h2 = Math.imul(h2 ^ w, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}

// one compound shape's words: kind, 4 of its place, radius, half length, then up to 8 vertices
const partWords = new Float64Array(7 + 2 * 8);
const partBytes = new DataView(partWords.buffer);
const KIND_CODE: Record<string, number> = { circle: 0, capsule: 1, aabb: 2, box: 3, polygon: 4, segment: 5, chainSegment: 6 };
const pair = new Int32Array(2);

function mix(bytes: DataView, words: number, h1: number, h2: number): Int32Array {
  for (let at = 0; at < 8 * words; at += 4) {
    const w = bytes.getUint32(at, true);
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  pair[0] = h1;
  pair[1] = h2;
  return pair;
}

/** Hash a compound's shapes into (h1, h2) (see the top of this file). */
function hashCompound(b: Body, h1: number, h2: number): Int32Array {
  const parts = b._parts!;
  const data = (b as ShapeBody)._compound!;
  const sw = shapeWords;
  sw[0] = b._id;
  sw[1] = parts.length;
  sw[2] = b._lc === null ? 0 : b._lc.x;
  sw[3] = b._lc === null ? 0 : b._lc.y;
  let h = mix(shapeBytes, 4, h1, h2);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const kind = p._shape!.kind;
    const pw = partWords;
    pw[0] = KIND_CODE[kind]!;
    for (let k = 0; k < 4; k++) pw[1 + k] = data.local[4 * i + k]!;
    pw[5] = p._radius;
    pw[6] = p._halfLength;
    let words = 7;
    const f = data.frames[i];
    if (f !== null && f !== undefined) {
      for (let k = 0; k < f.count; k++) {
        pw[words++] = f.vx[k]!;
        pw[words++] = f.vy[k]!;
      }
    } else if (p.segment !== null) {
      pw[words++] = p.segment.ax;
      pw[words++] = p.segment.ay;
      pw[words++] = p.segment.bx;
      pw[words++] = p.segment.by;
    }
    h = mix(partBytes, words, h[0]!, h[1]!);
  }
  return h;
}
