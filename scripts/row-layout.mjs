// The row layout table (src/solver/row-layout.ts) in the code that runs. V8 does not fold
// a constant imported from another module into the loads that use it (a loop of typed-array
// loads ran 1.8× slower with imported offsets than with literals, Node 20), and
// the solver threads start their workers from the kernels' source text (String(fn)), which
// must stand alone. So every pipeline that runs the sources writes the table's numbers into
// the modules that import it: a module's `import { ... } from ".../row-layout.js"` is
// dropped and each name it imported is replaced by its number (esbuild's `define`, which
// replaces only names that nothing in the file declares). Everything else stays as written,
// re-exports of the table included.
//
//   rowLayoutLiterals()  esbuild options: scripts/build.mjs (dist/ and the <script> builds)
//                        and scripts/serve.mjs (the examples);
//   rowLayoutVite()      a Vite plugin: vitest.config.ts (the tests run src/ so too).
import { transform } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The table. */
const TABLE = fileURLToPath(new URL("../src/solver/row-layout.ts", import.meta.url));

/** The table's names and numbers, for `define` (it holds only lines `export const NAME = <integer>;`, which AssemblyScript reads too). */
function tableDefines() {
  const text = readFileSync(TABLE, "utf8");
  const entries = [...text.matchAll(/^export const ([A-Z][A-Z0-9_]*) = (\d+);$/gm)].map((m) => [m[1], m[2]]);
  const exports = text.match(/^export\b/gm)?.length ?? 0;
  if (entries.length !== exports) throw new Error(`${TABLE}: ${exports - entries.length} exports are not \`export const NAME = <integer>;\``);
  return Object.fromEntries(entries);
}

/** `import { ... } from "<relative path>";` statements (the table is imported by name only). */
const IMPORTS = /^import\s*\{[^}]*\}\s*from\s*"(\.[^"]+)";[ \t]*\n?/gm;

/**
 * `text` of a module in directory `dir` without its imports of the table (imports say .js
 * for .ts). The names must be the table's own (no `as`): `define` maps those.
 */
function withoutTableImports(text, dir, file) {
  return text.replace(IMPORTS, (statement, specifier) => {
    if (resolve(dir, specifier).replace(/\.js$/, ".ts") !== TABLE) return statement;
    if (/\bas\b/.test(statement)) throw new Error(`${file}: import the row layout's names as they are (no \`as\`): ${statement.trim()}`);
    return "";
  });
}

/** esbuild options that write the table's numbers in where a module imports them. */
export function rowLayoutLiterals() {
  const plugin = {
    name: "row-layout-literals",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        const contents = withoutTableImports(text, dirname(args.path), args.path);
        return contents === text ? undefined : { contents, loader: "ts" };
      });
    },
  };
  return { define: tableDefines(), plugins: [plugin] };
}

/** The same for Vite (and so vitest): a plugin that runs before Vite's own TypeScript transform. */
export function rowLayoutVite() {
  const define = tableDefines();
  return {
    name: "row-layout-literals",
    enforce: "pre",
    async transform(code, id) {
      const path = id.split("?")[0];
      if (!path.endsWith(".ts")) return null;
      const stripped = withoutTableImports(code, dirname(path), path);
      if (stripped === code) return null;
      const out = await transform(stripped, { loader: "ts", format: "esm", target: "esnext", define, sourcemap: true, sourcefile: path });
      return { code: out.code, map: out.map };
    },
  };
}
