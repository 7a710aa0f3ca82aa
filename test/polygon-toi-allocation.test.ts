/**
 * The distance, time-of-impact and polygon cast functions allocate nothing
 * once warm (they will run inside `step()` when shapes are wired into the
 * world): the built modules in dist/esm (what users run, not the test
 * runner's transform) are called in a loop that mixes every shape kind, hits,
 * misses and separations, and measured under V8's sampling heap profiler as
 * test/allocation.test.ts measures a step (support/heap-profile.mjs): the
 * quietest window under a quarter of a heap number per round, no site
 * allocating in every window.
 */
import { Session } from "node:inspector/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measureWindows } from "./support/heap-profile.mjs";

const esm = fileURLToPath(new URL("../dist/esm/", import.meta.url));
if (!existsSync(`${esm}collision/narrowphase/time-of-impact.js`)) throw new Error("dist/esm is missing: run `npm run build` first (npm test does)");
const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(`${esm}${path}`).href)) as T;
const toiModule = await load<typeof import("../src/collision/narrowphase/time-of-impact.js")>("collision/narrowphase/time-of-impact.js");
const castModule = await load<typeof import("../src/collision/narrowphase/hull-cast.js")>("collision/narrowphase/hull-cast.js");
const distanceModule = await load<typeof import("../src/collision/narrowphase/hull-distance.js")>("collision/narrowphase/hull-distance.js");
const castBuffer = await load<typeof import("../src/collision/narrowphase/shape-cast.js")>("collision/narrowphase/shape-cast.js");
const polygons = await load<typeof import("../src/shapes/polygon.js")>("shapes/polygon.js");
const proxies = await load<typeof import("../src/shapes/proxy.js")>("shapes/proxy.js");

const shippedUrl = pathToFileURL(esm).href;
const shippedPrefix = (url: string): number => (url.startsWith(esm) ? esm.length : url.startsWith(shippedUrl) ? shippedUrl.length : -1);

let session: Session;
beforeAll(() => {
  session = new Session();
  session.connect();
});
afterAll(() => session.disconnect());

describe("no allocation in the distance, time of impact and polygon cast", () => {
  it("a warm loop over every shape kind allocates nothing", async () => {
    const { timeOfImpact, TOIInput, TOIOutput } = toiModule;
    const shapes = [
      polygons.makeBox(0.05, 0.05),
      polygons.makeBox(0.025, 2),
      polygons.makeRegularPolygon(6, 0.4, 0.02),
      proxies.circleProxy(new proxies.ShapeProxy(), 0.3),
      proxies.capsuleProxy(new proxies.ShapeProxy(), 0.5, 0.1),
      proxies.boxProxy(new proxies.ShapeProxy(), 0.5, 0.25),
    ];
    const input = new TOIInput();
    const out = new TOIOutput();
    const cast = new castBuffer.ShapeCastBuffer();
    const dist = new distanceModule.ShapeDistance();
    const a = { polygon: shapes[0]!, px: 0, py: 0, qc: 1, qs: 0 };
    const b = { polygon: shapes[1]!, px: 0, py: 0, qc: Math.cos(0.3), qs: Math.sin(0.3) };
    let hits = 0;
    const round = (): void => {
      for (let i = 0; i < shapes.length; i++) {
        for (let j = 0; j < shapes.length; j++) {
          // a fast sweep at the other shape, turning, from three starting heights (a hit, a graze, a miss)
          for (let k = 0; k < 3; k++) {
            input.proxyA = shapes[i]!;
            input.proxyB = shapes[j]!;
            const s = input.sweepA;
            s.c1x = -2.5;
            s.c1y = k * 0.9;
            s.c2x = 2.5;
            s.c2y = k * 0.9;
            s.q1c = 1;
            s.q1s = 0;
            s.q2c = Math.cos(0.5 * k);
            s.q2s = Math.sin(0.5 * k);
            const w = input.sweepB;
            w.c1x = w.c2x = 0;
            w.c1y = w.c2y = 0;
            w.q1c = w.q2c = Math.cos(0.3);
            w.q1s = w.q2s = Math.sin(0.3);
            timeOfImpact(input, out);
            if (out.state === 3) hits++;
            if (shapes[i]!.count >= 3 || shapes[j]!.count >= 3) {
              a.polygon = shapes[i]!;
              b.polygon = shapes[j]!;
              a.px = -2.5;
              a.py = k * 0.9;
              if (castModule.castHulls(a, b, 5, 0, cast)) hits++;
            }
            distanceModule.shapeDistance(a, b, dist);
          }
        }
      }
    };
    for (let i = 0; i < 3000; i++) round(); // until V8 has optimised them
    const r = await measureWindows(session, round, 6, 300, shippedPrefix, 32);
    console.log(`allocation toi/cast/distance: ${r.windows.map((x) => x.toFixed(1)).join(", ")} B/round; ${r.sites.join("; ") || "nothing"}`);
    expect(hits).toBeGreaterThan(0);
    expect(Math.min(...r.windows)).toBeLessThan(4);
    expect(r.steady.map(([site, n]) => `${site} ${n.toFixed(2)} B/round`)).toEqual([]);
  }, 120_000);
});
