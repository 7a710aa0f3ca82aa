/**
 * Growing typed arrays: the engine keeps its per-body, per-contact and
 * per-pair data in typed arrays that double when they fill up.
 */

export type TypedArray = Float64Array | Int32Array | Uint8Array;

/**
 * A copy of `a` with room for `size` elements; the new ones are `fill` (0
 * unless given). With `shared`, its memory is a SharedArrayBuffer (for the
 * solver threads, src/solver/parallel/).
 */
export function grown<T extends TypedArray>(a: T, size: number, fill = 0, shared = false): T {
  const Ctor = a.constructor as { new (n: number): T; new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };
  const b = shared ? new Ctor(new SharedArrayBuffer(size * Ctor.BYTES_PER_ELEMENT)) : new Ctor(size);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/** The smallest power-of-two multiple of `size` (≥ 1) that holds `n` elements. */
export function capacityFor(size: number, n: number): number {
  let s = Math.max(size, 1);
  while (s < n) s *= 2;
  return s;
}
