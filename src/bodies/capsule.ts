import { Body, CAPSULE, type BodyOptions } from "./body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

export interface CapsuleOptions extends BodyOptions {
  /** Centre to each cap centre, metres, >= 0 (0 makes a circle). */
  halfLength: number;
  /** Metres, > 0. */
  radius: number;
}

/**
 * A capsule ("pill", stadium): every point within `radius` of the segment
 * running along the body's local x axis from (-halfLength, 0) to (halfLength, 0).
 */
export class Capsule extends Body {
  constructor(options: CapsuleOptions) {
    super(CAPSULE, options);
    this.halfLength = check.nonNegative("halfLength", options.halfLength);
    this.radius = check.positive("radius", options.radius);
    this.maxExtent = this.halfLength + this.radius;
    this.minExtent = this.radius;
    this.initMass(options);
    this.updateBounds();
  }

  /** The capsule around the segment from `a` to `b`: centred between them, angled along them. */
  static fromSegment(a: Vec2, b: Vec2, radius: number, options: BodyOptions = {}): Capsule {
    check.vector("a", a);
    check.vector("b", b);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.sqrt(dx * dx + dy * dy);
    const capsule = new Capsule({
      ...options,
      position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      angle: len > 0 ? Math.atan2(dy, dx) : (options.angle ?? 0),
      halfLength: len / 2,
      radius,
    });
    if (len > 0) {
      // Use the exact direction rather than cos(atan2(...)).
      capsule.rotCos = dx / len;
      capsule.rotSin = dy / len;
      capsule.updateBounds();
    }
    return capsule;
  }

  get area(): number {
    const r = this.radius;
    return 4 * this.halfLength * r + Math.PI * r * r;
  }

  /**
   * Moment of inertia per unit mass about the centre.
   *
   * With h = halfLength, r = radius, ρ = density:
   * - the rectangle 2h × 2r, mass m_R = 4ρhr: I_R = m_R ((2h)² + (2r)²) / 12 = m_R (h² + r²) / 3.
   * - each half-disc, mass m_D/2 with m_D = ρπr². About the centre of its full
   *   circle (the middle of its flat edge) it has ½ (m_D/2) r². Its centroid sits
   *   d = 4r / (3π) from that point, so about its centroid I_c = (m_D/2)(½r² − d²),
   *   and the parallel-axis theorem moves it to the capsule centre, a distance
   *   h + d away: (m_D/2)(½r² − d² + (h + d)²) = (m_D/2)(½r² + h² + 2hd).
   * - both half-discs: m_D (½r² + h² + 8hr / (3π)).
   * Total I = m_R (h² + r²)/3 + m_D (r²/2 + h² + 8hr/(3π)); with h = 0 it is the disc's ½ m r².
   */
  protected unitInertia(): number {
    const h = this.halfLength;
    const r = this.radius;
    const mR = 4 * h * r;
    const mD = Math.PI * r * r;
    const I = (mR * (h * h + r * r)) / 3 + mD * ((r * r) / 2 + h * h + (8 * h * r) / (3 * Math.PI));
    return I / (mR + mD);
  }

  /** World-space end points of the inner segment: `position ∓ rotate((halfLength, 0), angle)`. */
  get endpoints(): [Vec2, Vec2] {
    const ex = this.rotCos * this.halfLength;
    const ey = this.rotSin * this.halfLength;
    const p = this.position;
    return [
      { x: p.x - ex, y: p.y - ey },
      { x: p.x + ex, y: p.y + ey },
    ];
  }

  updateBounds(): void {
    const ex = Math.abs(this.rotCos * this.halfLength);
    const ey = Math.abs(this.rotSin * this.halfLength);
    const r = this.radius;
    const p = this.position;
    this.minX = p.x - ex - r;
    this.minY = p.y - ey - r;
    this.maxX = p.x + ex + r;
    this.maxY = p.y + ey + r;
  }
}
