/**
 * The row layout table (src/solver/row-layout.ts): every field of a row lies
 * inside the row and no two share a place; and the kernels, as they run,
 * carry its offsets as numbers (scripts/row-layout.mjs): V8 folds a literal
 * into the address but loads an imported constant each time, and the solver
 * threads' workers compile the kernels from their source text.
 */
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import * as layout from "../src/solver/row-layout.js";

const table = layout as Record<string, number>;
const names = Object.keys(table);

/** Names of the table that start with `prefix`. */
function named(prefix: string): string[] {
  return names.filter((n) => n.startsWith(prefix));
}

/** Each of `fields` is an integer offset in [0, size), and no two are the same. */
function expectInside(fields: string[], size: number): void {
  expect(fields.length).toBeGreaterThan(0);
  const offsets = fields.map((n) => table[n]!);
  for (const [k, o] of offsets.entries()) {
    expect(Number.isInteger(o) && o >= 0 && o < size, `${fields[k]} = ${o}, outside [0, ${size})`).toBe(true);
  }
  expect(new Set(offsets).size, `two of ${fields.join(", ")} share an offset`).toBe(fields.length);
}

/** Each of `flags` is a single bit, and no two are the same. */
function expectBits(flags: string[]): void {
  const bits = flags.map((n) => table[n]!);
  for (const [k, b] of bits.entries()) expect(b > 0 && (b & (b - 1)) === 0, `${flags[k]} = ${b} is not one bit`).toBe(true);
  expect(new Set(bits).size).toBe(flags.length);
}

describe("the row layout table", () => {
  it("contact constraints: the constraint's own numbers, then two points, fill the block", () => {
    expectInside(named("C_").filter((n) => n !== "C_POINT"), layout.C_POINT);
    expectInside(named("PT_"), layout.POINT_STRIDE);
    expect(layout.C_POINT + 2 * layout.POINT_STRIDE).toBe(layout.CONTACT_STRIDE);
    expectInside(["I_SLOT_A", "I_SLOT_B", "I_COUNT", "I_STIFF"], layout.INT_STRIDE);
    expectInside(named("P_"), layout.PARAM_COUNT);
  });

  it("joints: the record, the definition, the integers and the flags", () => {
    expectInside(named("R_"), layout.JOINT_STRIDE);
    expectInside(named("D_"), layout.DEF);
    expectInside(["I_KIND", "I_BODY_A", "I_BODY_B", "I_SWITCHES"], layout.INFO);
    expectBits(named("S_"));
    expectBits(["F_SPRING", "F_MOTOR", "F_LIMIT", "F_AXIAL"]);
    expect(layout.F_SPRING | layout.F_MOTOR | layout.F_LIMIT).toBe(layout.F_PARTS);
  });

  it("has no name that is not a row's field, size or flag", () => {
    const grouped = ["C_", "PT_", "I_", "P_", "R_", "D_", "S_", "F_"];
    const sizes = ["CONTACT_STRIDE", "POINT_STRIDE", "INT_STRIDE", "PARAM_COUNT", "JOINT_STRIDE", "DEF", "INFO", "SLOTS"];
    expect(names.filter((n) => !sizes.includes(n) && !grouped.some((p) => n.startsWith(p)))).toEqual([]);
  });
});

describe("the kernels carry the offsets as numbers", () => {
  /** The table's names that occur in `code` as identifiers. */
  const namesIn = (code: string): string[] => names.filter((n) => new RegExp(`\\b${n}\\b`).test(code));

  /** Each kernel's source text (what the solver threads' workers compile) names no field of the table. */
  function expectStandAlone(kernels: Record<string, unknown>): void {
    for (const name of ["warmStartContacts", "solveContacts"]) {
      const code = String(kernels[name]);
      expect(code).toMatch(/\bv\[k \+ 11\]/); // PT_NORMAL_IMPULSE, written in
      expect(namesIn(code)).toEqual([]);
    }
    expect(kernels.STRIDE).toBe(layout.CONTACT_STRIDE); // and the names are still exported for the other modules
  }

  /** The joint rows' class reads its strides as numbers too, and makes rows of the table's sizes. */
  function expectJointRows(rows: Record<string, unknown>): void {
    const JointRows = rows.JointRows as new (capacity: number) => { rec: Float64Array; def: Float64Array; info: Int32Array; slots: Int32Array };
    expect(namesIn(String(JointRows))).toEqual([]);
    const r = new JointRows(2);
    expect([r.rec.length, r.def.length, r.info.length, r.slots.length]).toEqual([2 * layout.JOINT_STRIDE, 2 * layout.DEF, 2 * layout.INFO, 2 * layout.SLOTS]);
    expect(rows.STRIDE).toBe(layout.JOINT_STRIDE);
  }

  it("in src/, as vitest runs it (vitest.config.ts)", async () => {
    expectStandAlone((await import("../src/solver/contact-kernels.js")) as Record<string, unknown>);
    expectJointRows((await import("../src/joints/joint-rows.js")) as Record<string, unknown>);
  });

  it("in dist/, ES modules and CommonJS", async () => {
    const dist = (path: string): Promise<Record<string, unknown>> => import(new URL(`../dist/esm/${path}`, import.meta.url).href) as Promise<Record<string, unknown>>;
    const require = createRequire(import.meta.url);
    expectStandAlone(await dist("solver/contact-kernels.js"));
    expectStandAlone(require("../dist/cjs/solver/contact-kernels.js") as Record<string, unknown>);
    expectJointRows(await dist("joints/joint-rows.js"));
    expectJointRows(require("../dist/cjs/joints/joint-rows.js") as Record<string, unknown>);
  });
});
