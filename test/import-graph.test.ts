/**
 * The import graph of src/: no cycles (type imports included: a cycle of
 * types is still a knot a reader has to untie), and no import points up a
 * layer. The layers, from the bottom: the parts a world is made of (math,
 * shapes, bodies, collision, contacts, joints, solver, wasm); the world and
 * its snapshots; the features over the public World (replay, character,
 * tiles, debug, phaser, worker, batch); the entry points (see `upwardImports`).
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** Every .ts module under `dir`, as a path relative to src/. */
function modulesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...modulesUnder(path));
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(relative(SRC, path).split("\\").join("/"));
  }
  return out;
}

/** Every module specifier of a source, as TypeScript's own pre-processor reads them. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((ref) => ref.fileName);
}

/** The modules under src/ that `file` imports (static, type-only, re-exports and dynamic `import()`). */
export function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  for (const spec of specifiersOf(source)) {
    if (!spec.startsWith(".")) continue;
    const target = resolve(dirname(join(SRC, file)), spec.replace(/\.js$/, ".ts"));
    const path = existsSync(target) && statSync(target).isFile() ? target : `${target}.ts`;
    if (!existsSync(path)) throw new Error(`${file} imports ${spec}, which is not a module under src/`);
    out.push(relative(SRC, path).split("\\").join("/"));
  }
  return out;
}

/** The graph: module → the modules it imports. */
export function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) graph.set(file, [...new Set(importsOf(file, read(file)))].sort());
  return graph;
}

/** Every cycle of the graph, each once, as the modules around it (found by Tarjan's strongly connected components). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const at = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    at.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!at.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, at.get(w)!));
    }
    if (low.get(v) === at.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!at.has(v)) visit(v);
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The folder of a module: its first path segment under src/ (`collision/narrowphase/collide.ts` → `collision`). */
function folderOf(file: string): string {
  const i = file.indexOf("/");
  return i < 0 ? "" : file.slice(0, i);
}

/**
 * The layers. Below the world: the parts it is made of, which never import
 * the world, the snapshots, the features or the entry points. The world and
 * the snapshots (which read and write the world's state, and the world's
 * options) sit together above them; the features over the public World
 * above those; the entry points at the top, imported by nobody.
 */
const BELOW_WORLD = ["math", "shapes", "bodies", "collision", "contacts", "joints", "solver", "wasm"];
const WORLD = ["world", "snapshot"];
const FEATURES = ["replay", "character", "tiles", "debug", "phaser", "worker", "batch"];
const ENTRIES = "entries";

/** The imports that point up a layer. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const layer = (folder: string): number =>
    BELOW_WORLD.includes(folder) ? 0 : WORLD.includes(folder) ? 1 : FEATURES.includes(folder) ? 2 : folder === ENTRIES ? 3 : -1;
  const bad: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      if (layer(from) < 0 || layer(to) < 0) bad.push(`${file} -> ${target} (a folder not in the layers)`);
      else if (layer(to) > layer(from) || (to === ENTRIES && from !== ENTRIES)) bad.push(`${file} -> ${target}`);
    }
  }
  return bad.sort();
}

describe("the import graph of src/", () => {
  const files = modulesUnder(SRC);
  const graph = importGraph(files, (file) => readFileSync(join(SRC, file), "utf8"));

  it("reads the imports: every kind of import statement is an edge", () => {
    const source = [
      'import { a } from "../a/y.js";',
      'import type { T } from "../b/z.js";',
      'import { type U, b } from "../b/u.js";',
      'export * from "../c/w.js";',
      'export type { V } from "../c/t.js";',
      'const m = await import("../d/v.js");',
    ].join("\n");
    expect(specifiersOf(source)).toEqual(["../a/y.js", "../b/z.js", "../b/u.js", "../c/w.js", "../c/t.js", "../d/v.js"]);
  });

  it("finds a cycle, a self-import and an upward import when there is one", () => {
    const g = new Map<string, string[]>([
      ["solver/a.ts", ["contacts/b.ts"]],
      ["contacts/b.ts", ["solver/a.ts", "world/world.ts"]],
      ["math/c.ts", ["math/c.ts"]],
      ["world/world.ts", []],
    ]);
    expect(cyclesOf(g)).toEqual([["contacts/b.ts", "solver/a.ts"], ["math/c.ts"]]);
    expect(upwardImports(g)).toEqual(["contacts/b.ts -> world/world.ts"]);
  });

  it("covers the step's folders", () => {
    for (const folder of ["world", "entries", "solver", "contacts", "collision", "joints", "snapshot", "bodies"]) {
      expect(files.some((f) => f.startsWith(`${folder}/`))).toBe(true);
    }
  });

  it("has no cycle, type imports included", () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("has no import from a lower layer up into src/world/ or src/entries/", () => {
    expect(upwardImports(graph)).toEqual([]);
  });
});
