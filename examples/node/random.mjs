/**
 * Mulberry32, a tiny seeded generator of uniform numbers in [0, 1), for the
 * Node examples and scripts/ (never Math.random: the same seed builds the
 * same world). The browser pages have the same generator in
 * examples/shared/random.ts.
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
