/** A 2D vector: metres, metres per second, newtons... `{ x, y }` everywhere in the public API. */
export interface Vec2 {
  /** The x component. */
  x: number;
  /** The y component. */
  y: number;
}
