/**
 * Soft constraints (Box2D v3, "Solver2D" / soft step).
 *
 * A contact behaves like a stiff spring-damper of frequency `hertz` and
 * damping ratio `zeta` instead of a rigid constraint fixed by Baumgarte
 * feedback. For a sub-step h with ω = 2π·hertz:
 *   biasRate     = ω / (2ζ + hω)            how fast penetration is pushed out
 *   massScale    = hω(2ζ + hω) / (1 + hω(2ζ + hω))
 *   impulseScale = 1 / (1 + hω(2ζ + hω))
 * and the impulse is  −m·massScale·(v + biasRate·C) − impulseScale·λ.
 * hertz = 0 gives a rigid constraint with no bias.
 */
export class Softness {
  biasRate = 0;
  massScale = 1;
  impulseScale = 0;

  /** The inputs `update` reads: frequency, Hz; damping ratio; sub-step, s. */
  hertz = 0;
  zeta = 0;
  h = 0;

  set(hertz: number, zeta: number, h: number): void {
    this.hertz = hertz;
    this.zeta = zeta;
    this.h = h;
    this.update();
  }

  /** Recompute from the `hertz`, `zeta` and `h` fields (hot paths set those: V8 boxes numbers passed to calls it does not inline). */
  update(): void {
    const hertz = this.hertz;
    const zeta = this.zeta;
    const h = this.h;
    if (hertz === 0) {
      this.biasRate = 0;
      this.massScale = 1;
      this.impulseScale = 0;
      return;
    }
    const omega = 2 * Math.PI * hertz;
    const a1 = 2 * zeta + h * omega;
    const a2 = h * omega * a1;
    const a3 = 1 / (1 + a2);
    this.biasRate = omega / a1;
    this.massScale = a2 * a3;
    this.impulseScale = a3;
  }
}
