// Builds the three bundles and the type declarations:
//   dist/capsule2d.js         ESM
//   dist/capsule2d.cjs        CommonJS
//   dist/capsule2d.iife.min.js  <script> build, global `Capsule2D`
//   dist/debug.js             ESM, the `capsule2d/debug` renderer (kept out of the core bundles)
//   dist/types/**.d.ts        from tsc --emitDeclarationOnly
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });

const common = { entryPoints: ["src/index.ts"], bundle: true, target: "es2020", logLevel: "warning" };
await Promise.all([
  build({ ...common, format: "esm", outfile: "dist/capsule2d.js", platform: "neutral", mainFields: ["module", "main"] }),
  build({ ...common, format: "cjs", outfile: "dist/capsule2d.cjs", platform: "node" }),
  build({ ...common, format: "iife", globalName: "Capsule2D", minify: true, outfile: "dist/capsule2d.iife.min.js", platform: "browser" }),
  build({ ...common, entryPoints: ["src/debug/index.ts"], format: "esm", outfile: "dist/debug.js", platform: "browser" }),
]);

execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"], { stdio: "inherit" });
console.log("built dist/capsule2d.js, dist/capsule2d.cjs, dist/capsule2d.iife.min.js, dist/debug.js and dist/types");
