/**
 * `stateHash()`: a hash of the exact bits of every body's position, rotation
 * and velocities, in id order. Two worlds with equal hashes are (up to hash
 * collisions) bit-identical; one differing bit changes it.
 */
import type { Body } from "../bodies/body.js";

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

// the two running hashes (module state: `mix` is a plain function V8 inlines, not a closure made per call)
let h1 = 0;
let h2 = 0;

function mix(v: number): void {
  f64[0] = v;
  for (let k = 0; k < 2; k++) {
    const w = u32[k]!;
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
}

/** FNV-1a over 32-bit words, run twice with different seeds for 64 bits. */
export function hashBodies(bodies: readonly Body[]): string {
  h1 = 0x811c9dc5;
  h2 = 0x01000193 ^ 0x9e3779b9;
  // the fields behind body.position, rotCos, rotSin, velocity and angularVelocity (read
  // directly: the getters make a frozen object each)
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i]!;
    mix(b._id);
    mix(b.px);
    mix(b.py);
    mix(b.qc);
    mix(b.qs);
    mix(b.vx);
    mix(b.vy);
    mix(b.w);
  }
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}
