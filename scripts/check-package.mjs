// Checks the package as npm would publish it: `npm pack` makes the tarball,
// then the ecosystem's own linters read it:
//   publint (--strict): package.json fields, the exports map, file formats;
//   @arethetypeswrong/cli (profile "strict"): every entry point (capsule2d,
//     capsule2d/core, capsule2d/joints, capsule2d/debug, capsule2d/binary, capsule2d/batch,
//     capsule2d/worker, capsule2d/replay, capsule2d/threads, capsule2d/wasm,
//     capsule2d/tiled-decompress, capsule2d/phaser) resolves with types under TypeScript's
//     node10, node16 (from ESM and from CommonJS) and bundler resolution
//     (its own types only: --no-definitely-typed, so nothing is fetched).
// Needs `npm run build` first (`npm test` runs it). Exits non-zero on any problem.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const bin = (pkg, file) => join("node_modules", pkg, file);
const dir = mkdtempSync(join(tmpdir(), "capsule2d-pack-"));
const node = (args) => execFileSync(process.execPath, args, { stdio: "inherit" });
try {
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
  const tarball = join(dir, packed.filename);
  console.log(`packed ${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(1)} KiB`);
  node([bin("publint", "src/cli.js"), "run", tarball, "--strict"]);
  node([bin("@arethetypeswrong/cli", "dist/index.js"), tarball, "--profile", "strict", "--no-definitely-typed", "--format", "table-flipped"]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
