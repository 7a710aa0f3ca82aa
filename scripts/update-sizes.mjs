/**
 * After a change that grows or shrinks an entry point on purpose:
 * `node scripts/update-sizes.mjs` writes the sizes size-limit measures now
 * into the README's "Entry points and sizes" table, and (with --budgets)
 * raises each budget in .size-limit.json that is now exceeded to the size
 * rounded up to the next half kB plus half a kB. Run `npm run build` first. The budgets are what
 * `npm test` holds the package to; raise them only knowingly.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
// size-limit exits with 1 when a budget is exceeded; its JSON is what we want either way
const run = spawnSync(process.execPath, ["node_modules/size-limit/bin.js", "--json"], { cwd: root, encoding: "utf8" });
const measured = JSON.parse(run.stdout);
let readme = readFileSync(`${root}README.md`, "utf8");
for (const m of measured) {
  const start = `| \`${m.name}\` |`;
  const lines = readme.split("\n");
  const i = lines.findIndex((line) => line.startsWith(start));
  if (i < 0) throw new Error(`README has no row for ${m.name}`);
  lines[i] = lines[i].replace(/\| [\d.]+ kB \|$/, `| ${(m.size / 1000).toFixed(1)} kB |`);
  readme = lines.join("\n");
  console.log(`${m.name}: ${(m.size / 1000).toFixed(2)} kB`);
}
writeFileSync(`${root}README.md`, readme);
if (process.argv.includes("--budgets")) {
  // only the budgets now exceeded move: to the size rounded up to half a kB, plus half a kB
  const lines = readFileSync(`${root}.size-limit.json`, "utf8").split("\n");
  for (const m of measured.filter((x) => !x.passed)) {
    const i = lines.findIndex((line) => line.includes(`"name": ${JSON.stringify(m.name)}`));
    if (i < 0) throw new Error(`.size-limit.json has no entry named ${m.name}`);
    const limit = `${Math.ceil(m.size / 500) / 2 + 0.5} kB`;
    lines[i] = lines[i].replace(/"limit": "[^"]*"/, `"limit": "${limit}"`);
    console.log(`budget of ${m.name}: ${limit}`);
  }
  writeFileSync(`${root}.size-limit.json`, lines.join("\n"));
}
