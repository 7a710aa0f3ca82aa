/**
 * The README's performance tables are the ones bench/readme-table.mjs makes
 * from the committed bench/RESULTS.json, so they cannot silently disagree
 * with the results (after a bench run: `node bench/readme-table.mjs`).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { updatedReadme } from "../bench/readme-table.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("README performance tables", () => {
  it("match bench/RESULTS.json", () => {
    const readme = readFileSync(`${root}README.md`, "utf8");
    const results = JSON.parse(readFileSync(`${root}bench/RESULTS.json`, "utf8")) as unknown;
    expect(readme).toBe(updatedReadme(readme, results));
  });
});
