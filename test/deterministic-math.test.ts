/**
 * The deterministic sine, cosine and atan2 exported for user code: the
 * engine's own functions (the same bits in every JavaScript engine; the
 * four-engine test covers them through `angle` and `setAngle`), close to
 * Math's, and checked input.
 */
import { describe, expect, it } from "vitest";
import { deterministicAtan2, deterministicCos, deterministicSin } from "../src/entries/capsule2d.js";
import { detAtan2, detCos, detSin } from "../src/math/trig.js";
import { rng } from "./support/scenes.js";

describe("deterministicSin, deterministicCos, deterministicAtan2", () => {
  it("are the engine's functions, within 2 units in the last place of Math's", () => {
    const r = rng(5);
    for (let i = 0; i < 2000; i++) {
      const x = (r() - 0.5) * 200;
      const y = (r() - 0.5) * 200;
      expect(Object.is(deterministicSin(x), detSin(x))).toBe(true);
      expect(Object.is(deterministicCos(x), detCos(x))).toBe(true);
      expect(Object.is(deterministicAtan2(y, x), detAtan2(y, x))).toBe(true);
      const ulp = (v: number) => Math.max(Number.EPSILON * Math.abs(v), Number.MIN_VALUE) * 2;
      expect(Math.abs(deterministicSin(x) - Math.sin(x))).toBeLessThanOrEqual(ulp(Math.sin(x)));
      expect(Math.abs(deterministicCos(x) - Math.cos(x))).toBeLessThanOrEqual(ulp(Math.cos(x)));
      expect(Math.abs(deterministicAtan2(y, x) - Math.atan2(y, x))).toBeLessThanOrEqual(ulp(Math.atan2(y, x)));
    }
  });

  it("follow Math at the edges: signed zeros, infinities, NaN", () => {
    expect(Object.is(deterministicSin(-0), -0)).toBe(true);
    expect(deterministicCos(0)).toBe(1);
    expect(deterministicSin(Infinity)).toBeNaN();
    expect(deterministicCos(NaN)).toBeNaN();
    expect(Object.is(deterministicAtan2(0, -0), Math.PI)).toBe(true);
    expect(Object.is(deterministicAtan2(-0, 1), -0)).toBe(true);
    expect(deterministicAtan2(Infinity, Infinity)).toBe(Math.PI / 4);
    expect(deterministicAtan2(NaN, 1)).toBeNaN();
  });

  it("refuse what is not a number, naming the parameter", () => {
    expect(() => deterministicSin("1" as never)).toThrow(/x must be a number, got "1"/);
    expect(() => deterministicCos(undefined as never)).toThrow(TypeError);
    expect(() => deterministicAtan2(1, null as never)).toThrow(/x must be a number, got null/);
    expect(() => deterministicAtan2(1n as never, 1)).toThrow(/y must be a number/);
  });
});
