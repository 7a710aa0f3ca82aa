/** A 2D vector: metres, metres per second, newtons... `{ x, y }` everywhere in the public API. */
export interface Vec2 {
  x: number;
  y: number;
}

// These helpers allocate and are meant for setup code, tests and examples.
// Hot paths (narrowphase, solver) work on plain numbers instead.

export function vec2(x: number, y: number): Vec2 {
  return { x, y };
}

export function dot(a: Vec2, b: Vec2): number {
  return a.x * b.x + a.y * b.y;
}

/** 2D cross product (z of the 3D cross product). */
export function cross(a: Vec2, b: Vec2): number {
  return a.x * b.y - a.y * b.x;
}

export function length(a: Vec2): number {
  return Math.sqrt(a.x * a.x + a.y * a.y);
}

export function sub(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x - b.x, y: a.y - b.y };
}

export function add(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x + b.x, y: a.y + b.y };
}

export function scale(a: Vec2, s: number): Vec2 {
  return { x: a.x * s, y: a.y * s };
}
