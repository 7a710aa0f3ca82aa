/**
 * Mass properties of a rounded polygon, exactly.
 *
 * A polygon rounded by r is the polygon itself, plus a rectangle of length
 * L_i and width r outside each edge i, plus a circular sector of radius r
 * at each vertex, spanning the angle between the normals of its two edges
 * (the sectors add up to one full disc). The pieces do not overlap, so the
 * area, the first moments ∫x dA, ∫y dA and the polar second moment
 * ∫(x² + y²) dA add up. Each piece is measured about one reference point R
 * (the polygon's first vertex: small numbers, less rounding), then
 *     centroid c = R + (∫(x − R) dA) / area,
 *     I_c = ρ (∫|x − R|² dA − area·|c − R|²)   (parallel-axis theorem),
 *     I_origin = I_c + mass·|c|².
 *
 * - Polygon: triangles (R, v_i, v_i+1) with e1 = v_i − R, e2 = v_i+1 − R and
 *   D = e1 × e2: area D/2, first moment (D/2)(e1 + e2)/3, second moment
 *   (D/12)(e1x² + e1x·e2x + e2x² + e1y² + e1y·e2y + e2y²).
 * - Edge rectangle: area L·r, centroid at the edge's middle + n·r/2, second
 *   moment about its centroid area·(L² + r²)/12.
 * - Vertex sector between normals n1 = (cos θ1, sin θ1) and n2 (angle φ from
 *   n1 to n2): area φr²/2; first moment about the vertex
 *   ∫∫ (ρ cos θ, ρ sin θ) ρ dρ dθ = (r³/3)(n2y − n1y, n1x − n2x), exact
 *   from the normals; second moment about the vertex φr⁴/4. φ comes from
 *   detAtan2 (the same bits in every engine).
 *
 * Box2D v3's `b2ComputePolygonMass` approximates the rounded part (it pushes
 * the vertices out by about √2·r); this is the exact value, and for r = 0
 * the same formulas as Box2D's.
 */
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";
import { detAtan2 } from "../math/trig.js";
import type { PolygonGeometry } from "./polygon.js";

/** Mass, centre of mass and rotational inertia of a shape. */
export interface MassProperties {
  /** kg (density × area). */
  mass: number;
  /** m². */
  area: number;
  /** Centre of mass in the shape's (body's) frame. */
  centroid: Vec2;
  /** Rotational inertia about the centre of mass, kg·m². */
  inertia: number;
  /** Rotational inertia about the frame's origin, kg·m² (inertia + mass·|centroid|²). */
  inertiaAtOrigin: number;
}

/** Mass properties of the rounded polygon `g` with `density` (kg/m², ≥ 0). */
export function polygonMass(g: PolygonGeometry, density: number): MassProperties {
  check.nonNegative("density", density);
  const n = g.count;
  const r = g.radius;
  const rx = g.vx[0]!;
  const ry = g.vy[0]!;
  let area = 0;
  let sx = 0;
  let sy = 0;
  let j = 0;
  // the polygon
  for (let i = 1; i + 1 < n; i++) {
    const e1x = g.vx[i]! - rx;
    const e1y = g.vy[i]! - ry;
    const e2x = g.vx[i + 1]! - rx;
    const e2y = g.vy[i + 1]! - ry;
    const d = e1x * e2y - e1y * e2x;
    const a = 0.5 * d;
    area += a;
    sx += (a * (e1x + e2x)) / 3;
    sy += (a * (e1y + e2y)) / 3;
    j += (d / 12) * (e1x * e1x + e1x * e2x + e2x * e2x + e1y * e1y + e1y * e2y + e2y * e2y);
  }
  if (r > 0) {
    for (let i = 0; i < n; i++) {
      const k = i + 1 === n ? 0 : i + 1;
      const ax = g.vx[i]! - rx;
      const ay = g.vy[i]! - ry;
      const bx = g.vx[k]! - rx;
      const by = g.vy[k]! - ry;
      const nx = g.nx[i]!;
      const ny = g.ny[i]!;
      // the rectangle outside edge i
      const ex = bx - ax;
      const ey = by - ay;
      const len = Math.sqrt(ex * ex + ey * ey);
      const a = len * r;
      const cx = 0.5 * (ax + bx) + 0.5 * r * nx;
      const cy = 0.5 * (ay + by) + 0.5 * r * ny;
      area += a;
      sx += a * cx;
      sy += a * cy;
      j += a * ((len * len + r * r) / 12 + cx * cx + cy * cy);
      // the sector at vertex k, between edge i's normal and edge k's
      const mx = g.nx[k]!;
      const my = g.ny[k]!;
      const phi = detAtan2(nx * my - ny * mx, nx * mx + ny * my);
      const as = 0.5 * phi * r * r;
      const r3 = (r * r * r) / 3;
      const fx = r3 * (my - ny); // first moment about the vertex
      const fy = r3 * (nx - mx);
      area += as;
      sx += fx + as * bx;
      sy += fy + as * by;
      // about R: ∫|v + y|² = |v|²·area + 2 v·∫y + ∫|y|²
      j += as * (bx * bx + by * by) + 2 * (bx * fx + by * fy) + 0.25 * phi * r * r * r * r;
    }
  }
  const cx = sx / area;
  const cy = sy / area;
  const mass = density * area;
  const inertia = density * (j - area * (cx * cx + cy * cy));
  const centroid = { x: rx + cx, y: ry + cy };
  return {
    mass,
    area,
    centroid,
    inertia,
    inertiaAtOrigin: inertia + mass * (centroid.x * centroid.x + centroid.y * centroid.y),
  };
}
