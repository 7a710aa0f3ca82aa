/** A 2D vector: metres, metres per second, newtons... `{ x, y }` everywhere in the public API. */
export interface Vec2 {
  x: number;
  y: number;
}
