/**
 * The README's performance tables are the ones bench/readme-table.mjs makes
 * from the committed bench/RESULTS.json, so they cannot silently disagree
 * with the results (after a bench run: `node bench/readme-table.mjs`).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OTHER_RUN, performanceTables, updatedReadme } from "../bench/readme-table.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("README performance tables", () => {
  it("match bench/RESULTS.json", () => {
    const readme = readFileSync(`${root}README.md`, "utf8");
    const results = JSON.parse(readFileSync(`${root}bench/RESULTS.json`, "utf8")) as unknown;
    expect(readme).toBe(updatedReadme(readme, results));
  });

  it("mark a peer's cell measured in another run than capsule2d's, and only that one", () => {
    const cell = (engine: string, scene: string, runDate: string, meanMs: number) => ({ engine, scene, runDate, meanMs });
    const results = {
      meta: { node: "v20", cpu: "test cpu", date: "2026-01-01T00:00:00Z" },
      cells: [
        cell("capsule2d", "pyramid-20", "2026-01-02T00:00:00Z", 1),
        cell("rapier-simd", "pyramid-20", "2026-01-02T00:00:00Z", 2),
        cell("planck", "pyramid-20", "2026-01-01T00:00:00Z", 3),
      ],
    };
    const row = performanceTables(results).split("\n").find((l) => l.startsWith("| 20-row box pyramid"));
    expect(row).toBe(`| 20-row box pyramid | 1.00 | 2.00 | 3.00${OTHER_RUN} |`);
  });
});
