/**
 * Damped springs against the closed form. A spring made with a joint
 * (`enableSpring`, `hertz`, `dampingRatio`) is a soft constraint
 * (src/solver/softness.ts): for a mass on it, x'' + 2ζω x' + ω² x = 0 with
 * ω = 2π·hertz. Below critical damping (ζ < 1) it oscillates at
 * ω_d = ω√(1 − ζ²) and each swing's peak is exp(−2πζ/√(1 − ζ²)) of the one
 * a period before; at and above critical damping it never overshoots. The
 * frequency alone is checked in joints.test.ts with ζ = 0; this checks ζ.
 *
 * The soft step is implicit, so an undamped spring loses a little amplitude
 * by itself (8 % a period at 1 Hz and 8 sub-steps of 1/60 s): the damping's
 * share is the peak ratio divided by that of the same spring with ζ = 0.
 */
import { describe, expect, it } from "vitest";
import { AABB, Circle, World } from "../src/entries/capsule2d.js";

const DT = 1 / 60;

/** A 0.1 m ball on a distance-joint spring of rest length 1 m, released 0.2 m out with no gravity. */
function spring(hertz: number, dampingRatio: number, subSteps = 8) {
  const w = new World({ subSteps, sleeping: false, gravity: { x: 0, y: 0 } });
  const anchor = w.add(new AABB({ halfWidth: 0.1, halfHeight: 0.1, type: "static" }));
  const ball = w.add(new Circle({ radius: 0.1, position: { x: 1.2, y: 0 } }));
  const j = w.addJoint({ type: "distance", bodyA: anchor, bodyB: ball, length: 1, enableSpring: true, hertz, dampingRatio });
  return { w, stretch: () => j.currentLength - 1 };
}

/** The stretch after each step for `seconds`. */
function trace(s: ReturnType<typeof spring>, seconds: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    s.w.step(DT);
    out.push(s.stretch());
  }
  return out;
}

/** Local maxima of the stretch (samples larger than both neighbours), as [index, value]. */
function peaks(xs: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 1; i + 1 < xs.length; i++) if (xs[i]! > xs[i - 1]! && xs[i]! >= xs[i + 1]! && xs[i]! > 0) out.push([i, xs[i]!]);
  return out;
}

describe("a damped spring made with a joint", () => {
  for (const zeta of [0.05, 0.2, 0.4]) {
    it(`ζ = ${zeta}: each peak is exp(−2πζ/√(1 − ζ²)) of the last, a damped period apart`, () => {
      const hz = 1;
      const p = peaks(trace(spring(hz, zeta), 4));
      const p0 = peaks(trace(spring(hz, 0), 4));
      expect(p.length).toBeGreaterThanOrEqual(2);
      const ratio = p[1]![1] / p[0]![1] / (p0[1]![1] / p0[0]![1]);
      const expected = Math.exp((-2 * Math.PI * zeta) / Math.sqrt(1 - zeta * zeta));
      expect(Math.abs(ratio / expected - 1)).toBeLessThan(0.03);
      // peaks are sampled at the step: the damped period to within a step
      const periodSteps = 1 / (hz * Math.sqrt(1 - zeta * zeta)) / DT;
      expect(Math.abs(p[1]![0] - p[0]![0] - periodSteps)).toBeLessThanOrEqual(1.5);
    });
  }

  for (const zeta of [1, 3]) {
    it(`ζ = ${zeta}: it returns towards the rest length without overshooting`, () => {
      const xs = trace(spring(2, zeta), 4);
      for (let i = 1; i < xs.length; i++) {
        expect(xs[i]!).toBeGreaterThan(0); // never past the rest length
        expect(xs[i]!).toBeLessThanOrEqual(xs[i - 1]!); // never back out
      }
      // and it does get there: the slow mode decays at ω(ζ − √(ζ² − 1)) (with room for the
      // implicit step, which damps a little more)
      const slow = 2 * Math.PI * 2 * (zeta - Math.sqrt(zeta * zeta - 1));
      expect(xs[xs.length - 1]!).toBeLessThan(4 * 0.2 * Math.exp(-slow * 4) + 1e-9);
    });
  }
});
