/**
 * Contact manifolds.
 *
 * The public `collide()` returns a fresh plain object (`Manifold`). Inside the
 * world the narrowphase writes into a reused `ManifoldBuffer` instead, so a
 * step allocates nothing.
 *
 * Conventions: `normal` is a unit vector from body A to body B; `depth` > 0
 * means overlap (moving B by normal × depth separates the shapes; a negative
 * depth is a gap, reported only within the margin asked for). Each point lies
 * midway between the two surfaces and carries its own depth and a feature
 * `id` that stays the same while the same features touch (feature-id.ts).
 */
import type { Vec2 } from "../../math/vec2.js";

/** One contact point of a `Manifold`. */
export interface ManifoldPoint {
  /** x of the point midway between the two surfaces, m. */
  x: number;
  /** y of the point midway between the two surfaces, m. */
  y: number;
  /** Penetration at this point, m (> 0 overlapping, < 0 a gap within the margin). */
  depth: number;
  /** Feature id: the same while the same features touch (for warm starting). */
  id: number;
}

/** What `collide(a, b)` returns when the shapes touch. */
export interface Manifold {
  /** Unit vector from body A to body B. */
  normal: Vec2;
  /** Deepest penetration, m: moving B by `normal * depth` separates the shapes. */
  depth: number;
  /** 1 or 2 contact points. */
  points: ManifoldPoint[];
}

/** Allocation-free manifold: the narrowphase pair functions write here. */
export class ManifoldBuffer {
  normalX = 0;
  normalY = 0;
  /** Deepest penetration of the pair (the minimum translation distance when overlapping). */
  depth = 0;
  /** 0 (no contact), 1 or 2. */
  count = 0;
  x0 = 0;
  y0 = 0;
  depth0 = 0;
  id0 = 0;
  x1 = 0;
  y1 = 0;
  depth1 = 0;
  id1 = 0;
  /**
   * Input, not output: how far apart the shapes may be and still get a
   * manifold (the caller sets it before `collideWith`). It travels in the
   * buffer rather than as an argument so that no number is boxed on the way
   * through the dispatch table.
   */
  margin = 0;
  /**
   * Input, like `margin`: features of A and of B that do not exist for this
   * contact (bit 1 << BoxFeature for each face or corner of a box that a
   * neighbouring static box hides; see src/contacts/seams.ts). The pair
   * functions never use them as contact features. 0 for everything else.
   */
  maskA = 0;
  maskB = 0;
  /**
   * Input, like `margin`: collide a chain's one-sided segment as a two-sided
   * one (no facing test, no ghost-vertex classification: the plain distance
   * to the segment). For the time-of-impact sweep (src/solver/continuous.ts),
   * which makes the one-sided test once, at the start of the sweep, as Box2D
   * v3 does; the classification would drop a shape beyond the segment's end
   * (its neighbour's), which the sweep reads as "no contact ahead". False for
   * everything else.
   */
  twoSided = false;

  /**
   * Zero the points past `count`, and with no point the normal and depth:
   * what a manifold holds then depends only on its points, never on what the
   * buffer held before (contacts are pooled; snapshots write every field).
   */
  clearUnused(): void {
    if (this.count >= 2) return;
    if (this.count === 0) {
      this.normalX = 0;
      this.normalY = 0;
      this.depth = 0;
      this.x0 = 0;
      this.y0 = 0;
      this.depth0 = 0;
      this.id0 = 0;
    }
    this.x1 = 0;
    this.y1 = 0;
    this.depth1 = 0;
    this.id1 = 0;
  }

  /** Copy into a new plain `Manifold` (null when there is no contact). */
  toManifold(): Manifold | null {
    if (this.count === 0) return null;
    const points: ManifoldPoint[] = [{ x: this.x0, y: this.y0, depth: this.depth0, id: this.id0 }];
    if (this.count === 2) points.push({ x: this.x1, y: this.y1, depth: this.depth1, id: this.id1 });
    return { normal: { x: this.normalX, y: this.normalY }, depth: this.depth, points };
  }
}
