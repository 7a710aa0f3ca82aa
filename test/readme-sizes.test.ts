/**
 * The README's "Entry points and sizes" table against what size-limit
 * measures now: each `.size-limit.json` entry has a row whose first cell is
 * the entry's name, and the size printed there is within 3 % (or 0.2 kB) of
 * the measured one, so the table cannot silently go stale. Needs `npm run
 * build` first (`npm test` runs it).
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

interface Measured {
  name: string;
  size: number;
  passed: boolean;
}

describe("README sizes", () => {
  it("every size-limit entry is in the README's table, with the size measured now", () => {
    const out = execFileSync(process.execPath, ["node_modules/size-limit/bin.js", "--json"], { cwd: root, encoding: "utf8" });
    const measured = JSON.parse(out) as Measured[];
    const config = JSON.parse(readFileSync(`${root}.size-limit.json`, "utf8")) as { name: string }[];
    expect(measured.map((m) => m.name)).toEqual(config.map((c) => c.name));
    const readme = readFileSync(`${root}README.md`, "utf8");
    for (const m of measured) {
      const row = readme.split("\n").find((line) => line.startsWith(`| \`${m.name}\` |`));
      expect(row, `README row for ${m.name}`).toBeDefined();
      const printed = /\| ([\d.]+) kB \|$/.exec(row!);
      expect(printed, `size at the end of the README row for ${m.name}`).not.toBeNull();
      const kB = Number(printed![1]);
      const now = m.size / 1000;
      expect(Math.abs(kB - now), `${m.name}: README says ${kB} kB, measured ${now.toFixed(2)} kB`).toBeLessThanOrEqual(Math.max(0.2, now * 0.03));
    }
  });
});
