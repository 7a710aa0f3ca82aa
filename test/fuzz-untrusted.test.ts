/**
 * A seeded fuzz test of every loader of untrusted data (issue 32): JSON and
 * binary snapshots (also through `restore`; the geometry of Box, Polygon and
 * Segment bodies, the shapes of Compound bodies and their contacts, and the
 * points, loop flag and materials of Chain bodies by mutations of their own), deltas, recordings, Tiled maps
 * (the example level, and a map of every feature the loader reads)
 * and worker messages, mutated by byte flips, truncation, huge numbers, NaN
 * strings, lying counts, deep nesting and prototype keys
 * (test/support/fuzz-cases.mjs). Each case must end in a TypeError or
 * RangeError of capsule2d's, or in a world that steps without NaN and
 * reloads its own snapshot. The cases run in batches, one worker per kind
 * with a heap limit (a case that blows it fails its batch, naming the case)
 * and a hang guard per case.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isolated } from "./support/isolated.js";

const level = JSON.parse(readFileSync(fileURLToPath(new URL("../examples/tiles/level1.json", import.meta.url)), "utf8")) as unknown;
const cases = fileURLToPath(new URL("./support/fuzz-cases.mjs", import.meta.url));

/** Cases per kind, and the seed (change it to explore; a failure names the case's seed). */
const COUNT: Record<string, number> = { json: 90, binary: 100, geometry: 100, compounds: 100, chains: 100, delta: 60, recording: 40, tiled: 100, tiledMaps: 100, messages: 30 };
const SEED = 32;
/** Hang guard per case (not a measurement: a case takes milliseconds). */
const CASE_LIMIT_MS = 15_000;

describe("fuzzing the loaders of untrusted data", () => {
  for (const [kind, count] of Object.entries(COUNT)) {
    it(`${count} mutated ${kind} inputs: a clear error or a sound world, each within the heap limit`, async () => {
      let current = -1;
      const o = await isolated(`const m = await import(data.cases); return m.run(C, data, progress);`, {
        data: { kind, count, seed: SEED + kind.length, cases: new URL(`file://${cases}`).href, level },
        heapMb: 160,
        timeoutMs: count * CASE_LIMIT_MS,
        progressTimeoutMs: CASE_LIMIT_MS,
        onProgress: (i) => (current = i as number),
      });
      if (o.outcome !== "value") throw new Error(`${kind} case ${current} (seed ${(SEED + kind.length) * 100003 + current}): ${o.outcome}: ${"message" in o ? o.message : ""}`);
      expect(o.value).toEqual([]);
    }, 180_000);
  }
});
