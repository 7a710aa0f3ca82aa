/**
 * The performance tables of the docs are the ones bench/readme-table.mjs
 * makes from the committed bench/RESULTS.json, so they cannot silently
 * disagree with the results (after a bench run: `node bench/readme-table.mjs`):
 * the full tables in docs/performance.md, the summary on the front page.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  FRONT_PAGE, INSANE, OTHER_RUN, PERFORMANCE_PAGE, performanceTables, summaryTable, updatedPerformancePage, updatedReadme,
} from "../bench/readme-table.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const results = (): unknown => JSON.parse(readFileSync(`${root}bench/RESULTS.json`, "utf8"));

describe("performance tables in the docs", () => {
  it("docs/performance.md's tables match bench/RESULTS.json", () => {
    const page = readFileSync(`${root}${PERFORMANCE_PAGE}`, "utf8");
    expect(page).toBe(updatedPerformancePage(page, results()));
    expect(page).toContain("| scene | capsule2d | capsule2d + wasm |"); // the full tables, every engine
  });

  it("the front page's summary matches bench/RESULTS.json", () => {
    const readme = readFileSync(`${root}${FRONT_PAGE}`, "utf8");
    expect(readme).toBe(updatedReadme(readme, results()));
    expect(readme).toContain("| 20-row box pyramid |");
  });

  it("mark a peer's cell measured in another run than capsule2d's, and only that one", () => {
    const cell = (engine: string, scene: string, runDate: string, meanMs: number) => ({ engine, scene, runDate, meanMs });
    const fake = {
      meta: { node: "v20", cpu: "test cpu", date: "2026-01-01T00:00:00Z" },
      cells: [
        cell("capsule2d", "pyramid-20", "2026-01-02T00:00:00Z", 1),
        cell("rapier-simd", "pyramid-20", "2026-01-02T00:00:00Z", 2),
        cell("planck", "pyramid-20", "2026-01-01T00:00:00Z", 3),
        cell("p2-es", "pyramid-20", "2026-01-01T00:00:00Z", 4),
      ],
    };
    const row = (text: string) => text.split("\n").find((l) => l.startsWith("| 20-row box pyramid"));
    expect(row(performanceTables(fake))).toBe(`| 20-row box pyramid | 1.00 | 2.00 | 4.00${OTHER_RUN} | 3.00${OTHER_RUN} |`);
    // the summary keeps its engines only (p2-es is not among them)
    expect(row(summaryTable(fake))).toBe(`| 20-row box pyramid | 1.00 | 2.00 | 3.00${OTHER_RUN} |`);
  });

  it("mark a cell that failed its sanity check, and list chain_terrain in its own table", () => {
    const cell = (engine: string, scene: string, ok: boolean, meanMs: number) => ({
      engine, scene, runDate: "2026-01-02T00:00:00Z", meanMs, sanity: { ok },
    });
    const fake = {
      meta: { node: "v20", cpu: "test cpu", date: "2026-01-01T00:00:00Z" },
      cells: [cell("capsule2d", "chain_terrain", false, 4), cell("box2d3-wasm", "chain_terrain", true, 2), cell("capsule2d", "pyramid-20", true, 1)],
    };
    const text = performanceTables(fake);
    expect(text.split("\n").find((l) => l.startsWith("| chain_terrain"))).toBe(`| chain_terrain (1000 bodies on a 2401-point chain) | 4.00${INSANE} | 2.00 |`);
    expect(text.split("\n").find((l) => l.startsWith("| 20-row box pyramid"))).toBe("| 20-row box pyramid | 1.00 |");
    expect(text).toContain(`${INSANE} failed its sanity check`);
    // without a failing cell, no note; without chain_terrain, no chain table
    const sane = { ...fake, cells: [fake.cells[2]!] };
    expect(performanceTables(sane)).not.toContain(INSANE);
    expect(performanceTables(sane)).not.toContain("Chain terrain");
  });

  it("refuse a page without the markers, naming the file", () => {
    expect(() => updatedPerformancePage("no tables here", results())).toThrow(PERFORMANCE_PAGE);
    expect(() => updatedReadme("no summary here", results())).toThrow(FRONT_PAGE);
  });
});
