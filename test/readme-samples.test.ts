/**
 * The README's code samples run as written and print what the README says
 * they print. Each runs in a fresh Node process from the repository root, so
 * `import ... from "capsule2d"` resolves to the built package (dist/) as a
 * user's would: needs `npm run build` first (`npm test` runs it). The game
 * sample needs a page: test/browser/readme-script.test.ts plays it.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { ROOT, readmeOutput, readmeSample, readmeSampleNames } from "./support/readme-samples.js";

/** Runs `code` as an ES module in Node from the repository root; its stdout. */
function run(code: string): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
}

describe("README samples", () => {
  it("every sample is run by a test (here, or the game in the browser)", () => {
    expect(readmeSampleNames()).toEqual(["hello", "shapes", "tiled", "game"]);
    expect(readmeSampleNames("docs/bodies-and-shapes.md")).toEqual(["collide"]);
    expect(readmeSampleNames("docs/guide.md")).toEqual(["guide-ghost", "guide-winding"]);
  });

  it("guide-ghost (docs/guide.md): a box catches on segments laid end to end and slides over the same floor as a chain", () => {
    const printed = run(readmeSample("guide-ghost", "docs/guide.md"));
    expect(printed).toBe(readmeOutput("guide-ghost", "docs/guide.md"));
    // and the guide's reading of it: on the segments it lost most of its 5 m/s and was thrown up; on the chain neither
    const [segments, chain] = printed.trim().split("\n").map((l) => l.match(/-?[\d.]+/g)!.map(Number));
    expect(segments![1]).toBeLessThan(1);
    expect(segments![2]).toBeGreaterThan(0.5);
    expect(chain![1]).toBe(5);
    expect(chain![2]).toBe(0);
  });

  it("guide-winding (docs/guide.md): a ball falls out of a counter-clockwise loop in free fall and rests inside a clockwise one", () => {
    const printed = run(readmeSample("guide-winding", "docs/guide.md"));
    expect(printed).toBe(readmeOutput("guide-winding", "docs/guide.md"));
    const [ccw, cw] = printed.trim().split("\n").map((l) => Number(/y = (-?[\d.]+)/.exec(l)![1]));
    // sub-stepped semi-implicit Euler from y = 2: h = 1/240 s, n = 480 sub-steps
    const h = 1 / 240;
    expect(ccw).toBeCloseTo(2 - 9.81 * h * h * (480 * 481) / 2, 2);
    expect(cw).toBeCloseTo(0.25, 2);
  });

  it("hello world prints each pair beginning to touch, then the bodies at rest, as the README shows", () => {
    const printed = run(readmeSample("hello"));
    expect(printed).toBe(readmeOutput("hello"));
    // and the README's reading of it: the ball (#1) lands on the floor (#0) first, the pill (#2) reaches the floor last
    const lines = printed.trim().split("\n");
    expect(lines[0]).toMatch(/: #0 touches #1,/);
    expect(lines.some((l) => / #1 touches #2,/.test(l))).toBe(true);
    expect(lines.at(-2)).toMatch(/: #0 touches #2,/);
    expect(lines.some((l) => /depth -\d/.test(l))).toBe(true); // a depth can be negative
  });

  it("collide (docs/bodies-and-shapes.md) prints the manifold the page shows: normal (0, 1), depth 1.75", () => {
    expect(run(readmeSample("collide", "docs/bodies-and-shapes.md"))).toBe(readmeOutput("collide", "docs/bodies-and-shapes.md"));
  });

  it("tiled loads the example level and prints what it made, as the README shows", () => {
    expect(run(readmeSample("tiled"))).toBe(readmeOutput("tiled"));
  });

  it("shapes prints where the turning box, the polygon and the two compounds came to rest, as the README shows", () => {
    const printed = run(readmeSample("shapes"));
    expect(printed).toBe(readmeOutput("shapes"));
    // and the README's reading of it: the crate left the ramp (its low end is at x ≈ −2.2), everything sleeps
    const crateX = Number(/crate: box, centre \((-?[\d.]+),/.exec(printed)![1]);
    expect(crateX).toBeGreaterThan(-2.2);
    expect(printed).toMatch(/hammer: box\+box,/);
    expect(printed).toMatch(/ell: polygon\+polygon,/);
    expect(printed.trim().split("\n").every((l) => l.endsWith("asleep true"))).toBe(true);
  });
});
