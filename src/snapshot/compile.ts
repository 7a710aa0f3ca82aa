/**
 * Compiled record codecs: the schema's tables (schema.ts) turned, once, into
 * straight-line functions that write a record into a binary snapshot, read
 * and check one, and copy one object's saved state into another.
 *
 * Walking a table calls one small closure per field, and a call site that
 * sees fifty different closures is slow (V8 cannot inline any of them): a
 * 200-body binary snapshot took 0.4 ms that way, most of a step. The code
 * built here from the same table reads `o.px` where the table says the field
 * is the property `px` (`Field.prop`), and calls the field's own closures
 * only for the others (flags, the world's records of a body): the same
 * values in the same places, tens of times faster. The table stays the one
 * description; this is how it is executed.
 *
 * Where code cannot be compiled (a Content-Security-Policy without
 * 'unsafe-eval') or the machine is big-endian (the compiled writers use
 * typed arrays, which follow the machine's byte order), `compiledCodec`
 * returns null and the callers walk the tables as before. Compiling happens
 * on first use, so a page that never takes a snapshot never tries.
 */
import type { Field, Layout } from "./field.js";
import { LIMITS } from "../math/validate.js";

/** The range of a field's values: an int's own; a number's finite values, its own, else ±LIMITS.huge (from 0 when nonNegative). */
export function rangeOf<T, C>(fd: Field<T, C>): [number, number] {
  if (fd.kind === "int") return [fd.min!, fd.max!];
  return [fd.min ?? (fd.kind === "nonNegative" ? 0 : -LIMITS.huge), fd.max ?? LIMITS.huge];
}

/** Writes, reads and copies records of one table. */
export interface RecordCodec<T, C> {
  /**
   * Write `o`'s record at byte `at` (a multiple of 8) of the buffer that
   * `f64` and `i32` view: numbers as Float64, integers as Int32 (an unsigned
   * one has the same bits), then the flags word, as the layout says.
   */
  write(f64: Float64Array, i32: Int32Array, at: number, o: T, ctx: C): void;
  /**
   * Read the record at byte `at` into `o` (its flags first, then every
   * other field), checking each value as `decode` does; a bad one throws
   * `decode`'s error, naming the record (`recordPath(path, index)`: the
   * string is made only then, not for every record read) and the field.
   */
  read(f64: Float64Array, i32: Int32Array, at: number, o: T, ctx: C, path: string, index: number, decode: Decode): void;
  /** Copy the value of every field (the ones `ctx` holds included) from `from` to `to`. */
  copy(from: T, to: T, ctx: C): void;
}

/** Checks a value read for a field, as snapshot.ts's `decode` does, and returns what to store (it throws on a bad one). */
export type Decode = (fd: Field<never, never>, path: string, raw: unknown) => unknown;

/** The name of a record in error messages: `path` alone (index < 0), else `path[index]` ("bodies[3]"). */
export function recordPath(path: string, index: number): string {
  return index < 0 ? path : `${path}[${index}]`;
}

let allowed: boolean | null = null;

/** Can this engine compile code, and do typed arrays use little-endian order here? Asked once. */
function canCompile(): boolean {
  if (allowed === null) {
    let ok = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
    if (ok) {
      try {
        ok = new Function("return 1")() === 1;
      } catch {
        ok = false;
      }
    }
    allowed = ok;
  }
  return allowed;
}

/** Turn compiled codecs off (true) or back on (false): for tests that check both ways give the same bytes. */
export function disableCompiledCodecs(off: boolean): void {
  allowed = off ? false : null;
  cache.clear();
}

const cache = new Map<readonly Field<never, never>[], RecordCodec<never, never> | null>();

/** The compiled codec of a table and its binary layout, or null where code cannot be compiled (walk the table then). */
export function compiledCodec<T, C>(fields: readonly Field<T, C>[], layout: Layout): RecordCodec<T, C> | null {
  const key = fields as readonly Field<never, never>[];
  let codec = cache.get(key);
  if (codec === undefined) {
    codec = canCompile() && layout.bytes % 8 === 0 ? (build(key, layout) as RecordCodec<never, never>) : null;
    cache.set(key, codec);
  }
  return codec as RecordCodec<T, C> | null;
}

/** A property name safe to paste into code (the schema's are identifiers; anything else is not compiled). */
function isIdentifier(name: string | undefined): name is string {
  return name !== undefined && /^[A-Za-z_$][\w$]*$/.test(name);
}

function build(fields: readonly Field<never, never>[], layout: Layout): RecordCodec<never, never> {
  const prop = (i: number): string | null => {
    const name = fields[i]!.prop;
    return isIdentifier(name) ? name : null;
  };
  const get = (i: number): string => (prop(i) !== null ? `o.${prop(i)}` : `F[${i}].get(o, x)`);
  const set = (i: number, value: string): string => (prop(i) !== null ? `o.${prop(i)} = ${value};` : `F[${i}].set(o, ${value}, x);`);
  const flagsAt = layout.numbers.length * 8 + layout.ints.length * 4;
  const write: string[] = ["const a = at >> 3, b = at >> 2;"];
  const read: string[] = ["const a = at >> 3, b = at >> 2;", "let v;"];
  const copy: string[] = [];
  // flags first when reading: the shape (an enum) decides what the other fields mean
  if (layout.flags.length > 0) {
    write.push("let bits = 0;");
    read.push(`const bits = i32[b + ${flagsAt / 4}];`);
    for (const i of layout.flags) {
      const fd = fields[i]!;
      const bit = layout.bitOf[i]!;
      const mask = layout.maskOf[i]!;
      if (fd.kind === "bool") {
        write.push(`if (${get(i)}) bits |= ${1 << bit};`);
        read.push(set(i, `((bits >>> ${bit}) & ${mask}) === 1`));
      } else {
        write.push(`bits |= F[${i}].values.indexOf(${get(i)}) << ${bit};`);
        read.push(`v = (bits >>> ${bit}) & ${mask}; if (v >= ${fd.values!.length}) unknown(${i}, path, index, v); F[${i}].set(o, F[${i}].values[v], x);`);
      }
    }
    write.push(`i32[b + ${flagsAt / 4}] = bits;`);
  }
  layout.numbers.forEach((i, k) => {
    const fd = fields[i]!;
    write.push(`f64[a + ${k}] = ${get(i)};`);
    // within the field's range (rangeOf: a range excludes NaN and ±Infinity); extended: ±Infinity too
    const [lo, hi] = rangeOf(fd);
    const inside = `v >= ${lo} && v <= ${hi}`;
    const ok = fd.kind === "extended" ? `(${inside}) || v === Infinity || v === -Infinity` : fd.kind === "nonNegative" || fd.kind === "number" ? inside : null;
    const p = prop(i);
    if (ok !== null) read.push(`v = f64[a + ${k}]; if (!(${ok})) bad(${i}, path, index, v, decode); ${set(i, "v")}`);
    else read.push(`${set(i, `decode(F[${i}], recordPath(path, index), f64[a + ${k}])`)}`);
  });
  layout.ints.forEach((i, k) => {
    const fd = fields[i]!;
    const at = `b + ${layout.numbers.length * 2 + k}`;
    write.push(`i32[${at}] = ${get(i)};`);
    // an Int32/Uint32 word is an integer: only its range is checked
    read.push(`v = ${fd.min! >= 0 ? `i32[${at}] >>> 0` : `i32[${at}]`}; if (!(v >= ${fd.min} && v <= ${fd.max})) bad(${i}, path, index, v, decode); ${set(i, "v")}`);
  });
  fields.forEach((fd, i) => {
    const p = prop(i);
    copy.push(p !== null ? `to.${p} = from.${p};` : `F[${i}].set(to, F[${i}].get(from, x), x);`);
  });
  const bad = (i: number, path: string, index: number, v: unknown, decode: Decode): never => {
    decode(fields[i]!, recordPath(path, index), v);
    throw new RangeError(`capsule2d: invalid snapshot: ${recordPath(path, index)}.${fields[i]!.path} has a bad value ${String(v)}`);
  };
  const unknown = (i: number, path: string, index: number, v: number): never => {
    throw new TypeError(`capsule2d: invalid snapshot: ${recordPath(path, index)}.${fields[i]!.path} has unknown value ${v}`);
  };
  const make = new Function(
    "F",
    "bad",
    "unknown",
    "recordPath",
    `return {
      write(f64, i32, at, o, x) {\n${write.join("\n")}\n},
      read(f64, i32, at, o, x, path, index, decode) {\n${read.join("\n")}\n},
      copy(from, to, x) {\n${copy.join("\n")}\n},
    };`,
  ) as (F: unknown, bad: unknown, unknown: unknown, recordPath: unknown) => RecordCodec<never, never>;
  return make(fields, bad, unknown, recordPath);
}
