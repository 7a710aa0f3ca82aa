import { Body, CAPSULE, type BodyOptions } from "./body.js";
import type { Vec2 } from "../math/vec2.js";
import * as check from "../math/validate.js";

/** Options of `new Capsule(options)`: the body options, `halfLength` and `radius`. */
export interface CapsuleOptions extends BodyOptions {
  /** Centre to each cap centre, metres, >= 0 (0 makes a circle). */
  halfLength: number;
  /** Metres, > 0. */
  radius: number;
}

const CAPSULE_KEYS = ["halfLength", "radius"];

/**
 * A capsule ("pill", stadium): every point within `radius` of the segment
 * running along the body's local x axis from (-halfLength, 0) to (halfLength, 0).
 */
export class Capsule extends Body {
  constructor(options: CapsuleOptions) {
    super(CAPSULE, options, CAPSULE_KEYS);
    this._halfLength = check.within("halfLength", check.nonNegative("halfLength", options.halfLength), 0, check.LIMITS.sizeMax);
    this._radius = check.size("radius", options.radius);
    this.updateExtents();
    this.initMass(options);
    this.updateBounds();
  }

  /** The capsule around the segment from `a` to `b`: centred between them, angled along them. */
  static fromSegment(a: Vec2, b: Vec2, radius: number, options: BodyOptions = {}): Capsule {
    check.point("a", a);
    check.point("b", b);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.sqrt(dx * dx + dy * dy);
    const capsule = new Capsule({
      ...options,
      position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      halfLength: len / 2,
      radius,
    });
    if (len > 0) {
      // the exact direction, rather than cos(atan2(...))
      capsule.qc = dx / len;
      capsule.qs = dy / len;
      capsule.c0 = capsule.qc;
      capsule.s0 = capsule.qs;
      capsule.updateBounds();
    }
    return capsule;
  }

  protected blank(): Body {
    return new Capsule({ halfLength: 1, radius: 1 });
  }

  get area(): number {
    const r = this._radius;
    return 4 * this._halfLength * r + Math.PI * r * r;
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
    const h = this._halfLength;
    const r = this._radius;
    const mR = 4 * h * r;
    const mD = Math.PI * r * r;
    const I = (mR * (h * h + r * r)) / 3 + mD * ((r * r) / 2 + h * h + (8 * h * r) / (3 * Math.PI));
    return I / (mR + mD);
  }

  /** World-space end points of the inner segment: `position ∓ rotate((halfLength, 0), angle)`. */
  get endpoints(): [Vec2, Vec2] {
    const ex = this.qc * this._halfLength;
    const ey = this.qs * this._halfLength;
    return [
      { x: this.px - ex, y: this.py - ey },
      { x: this.px + ex, y: this.py + ey },
    ];
  }

  /** @internal */
  updateExtents(): void {
    this._maxExtent = this._halfLength + this._radius;
    this._minExtent = this._radius;
  }

  /** @internal */
  updateBounds(): void {
    const ex = Math.abs(this.qc * this._halfLength);
    const ey = Math.abs(this.qs * this._halfLength);
    const r = this._radius;
    this.minX = this.px - ex - r;
    this.minY = this.py - ey - r;
    this.maxX = this.px + ex + r;
    this.maxY = this.py + ey + r;
  }
}
