/**
 * `stateHash()`: a hash of the exact bits of every body's position, rotation
 * and velocities, in id order, then of the geometry of every Box, Polygon
 * and Segment body (vertices in the body's frame, rounding radius, local
 * centre; a segment's ends), which, unlike a circle's size, a snapshot
 * rebuilds from data. Two worlds with equal hashes are (up to hash
 * collisions) bit-identical; one differing bit changes it. A world of
 * circles, capsules and AABBs hashes exactly as before geometry was added.
 */
import type { Body } from "../bodies/body.js";

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
