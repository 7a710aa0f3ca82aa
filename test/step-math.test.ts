/**
 * "Inside step() no Math.sin/cos/atan2/exp/pow" (README, DESIGN.md: their
 * precision is up to each JavaScript engine, so a world using them would
 * give other bits in another browser). The modules a step can run are the
 * ones imported, transitively, from the worlds' classes (src/world/core-world.ts,
 * src/world/world.ts) and from the entry points that install passes into a step
 * (src/threads/, src/wasm/, the solver threads' worker under
 * src/solver/parallel/). Each is scanned, comments left out, for a call of
 * a transcendental `Math` function, for `**`, and for `Math` taken apart
 * (`Math[name]`, `const { sin } = Math`), so a new module a step imports is
 * scanned without being listed. What a step never runs (drawing, a
 * constant worked out when the module loads) is allowed below by file and
 * function, each with its reason.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

const ROOTS = [
  "world/core-world.ts",
  "world/world.ts",
  "entries/threads.ts",
  "entries/wasm.ts",
  ...readdirSync(join(SRC, "solver/parallel")).map((f) => `solver/parallel/${f}`),
];

/** Engine-dependent: every transcendental `Math` function (sqrt, abs, min, max, floor, round, sign, fround, imul, clz32 are exact). */
const TRANSCENDENTAL = /\bMath\s*\.\s*(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|expm1|log|log1p|log2|log10|pow|hypot|cbrt)\b/g;
const POW_OPERATOR = /\*\*(?!\/)/g;
const MATH_TAKEN_APART = /\bMath\s*\[|=\s*Math\s*[;,)]|\}\s*=\s*Math\b/g;

/** Allowed: `file`, the function the match is in ("" at module level) and the text of the match, with why a step never runs it. */
const ALLOWED: { file: string; fn: string; match: RegExp; why: string }[] = [
  { file: "contacts/contact.ts", fn: "", match: /^2 \*\* 26$/, why: "MAX_BODY_ID, a module constant worked out when it loads (a power of two: exact everywhere)" },
  {
    file: "snapshot/schema.ts",
    fn: "layoutOf",
    match: /^Math\.log2$/,
    why: "the bits of a snapshot record's enum fields, worked out once per schema when the module loads, never in a step",
  },
];

/** The source without comments (string contents kept: an import path is one). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

/** The calls and operators a step must not use, in one module's source: the line, the text, and the function declared last before it ("" if none). */
export function forbiddenIn(source: string): { line: number; text: string; fn: string }[] {
  const code = withoutComments(source);
  const found: { line: number; text: string; fn: string }[] = [];
  for (const re of [TRANSCENDENTAL, POW_OPERATOR, MATH_TAKEN_APART]) {
    for (const m of code.matchAll(re)) {
      const line = code.slice(0, m.index).split("\n").length;
      // for `**`, its operands as written (for the allowed list)
      const text = re === POW_OPERATOR ? code.split("\n")[line - 1]!.match(/[\w.]+\s*\*\*\s*[\w.]+/)?.[0] ?? m[0] : m[0];
      const before = [...code.slice(0, m.index).matchAll(/\bfunction\s+(\w+)/g)];
      found.push({ line, text, fn: before.length > 0 ? before[before.length - 1]![1]! : "" });
    }
  }
  return found;
}

/** The relative imports of a module (static, re-exports and dynamic), as paths of .ts files under src/. */
function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.[^"']+)["']/g;
  for (const m of withoutComments(source).matchAll(re)) {
    const target = resolve(dirname(join(SRC, file)), m[1]!.replace(/\.js$/, ".ts"));
    const path = existsSync(target) ? target : existsSync(`${target}.ts`) ? `${target}.ts` : join(target, "entries/capsule2d.ts");
    if (!existsSync(path)) throw new Error(`${file} imports ${m[1]}, which is not a module under src/`);
    out.push(relative(SRC, path));
  }
  return out;
}

/** Every module reachable from the roots. */
function stepModules(): Map<string, string> {
  const seen = new Map<string, string>();
  const todo = [...ROOTS];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    const source = readFileSync(join(SRC, file), "utf8");
    seen.set(file, source);
    todo.push(...importsOf(file, source));
  }
  return seen;
}

describe("no Math.sin/cos/atan2/exp/pow in the modules a step runs", () => {
  const modules = stepModules();

  it("the import graph reaches the step's stages (so the scan below covers them)", () => {
    for (const file of [
      "collision/broadphase/tree-broadphase.ts",
      "collision/narrowphase/capsule-capsule.ts",
      "collision/narrowphase/capsule-aabb.ts",
      "contacts/contact-manager.ts",
      "solver/contact-solver.ts",
      "solver/integrate.ts",
      "solver/islands.ts",
      "solver/continuous.ts",
      "joints/revolute.ts",
      "math/trig.ts",
    ]) {
      expect([...modules.keys()]).toContain(file);
    }
    expect(modules.size).toBeGreaterThan(50);
  });

  it("none of them calls one (outside what a step never runs, listed with the reason)", () => {
    const bad: string[] = [];
    const used = new Set<(typeof ALLOWED)[number]>();
    for (const [file, source] of modules) {
      for (const { line, text, fn } of forbiddenIn(source)) {
        const allowed = ALLOWED.find((a) => a.file === file && a.fn === fn && a.match.test(text));
        if (allowed) used.add(allowed);
        else bad.push(`src/${file}:${line}: ${text}${fn ? ` (in ${fn})` : ""}`);
      }
    }
    expect(bad).toEqual([]);
    // an allowance that no longer matches anything is removed, not kept
    expect(ALLOWED.filter((a) => !used.has(a)).map((a) => a.file)).toEqual([]);
  });

  it("the scan finds each form it looks for", () => {
    const found = (s: string) => forbiddenIn(s).map((f) => f.text);
    expect(found("const a = Math.atan2(y, x);")).toEqual(["Math.atan2"]);
    expect(found("x = Math . cos(t) + Math.sin(t) + Math.exp(1) + Math.pow(2, k);")).toEqual(["Math . cos", "Math.sin", "Math.exp", "Math.pow"]);
    expect(found("const r = base ** k;")).toEqual(["base ** k"]);
    expect(found("const f = Math[name]; const m = Math;")).toHaveLength(2);
    expect(found("const { sin, cos } = Math;")).toHaveLength(1);
    // exact ones, comments and doc comments are not findings
    expect(found("/** Math.sin */ const d = Math.sqrt(x) + Math.abs(y); // Math.cos(z)\n")).toEqual([]);
  });
});
