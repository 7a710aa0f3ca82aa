/**
 * The shape of the snapshot schema's tables (src/snapshot/schema.ts): a saved
 * field, described once, and the binary layout derived from a table. The
 * compiled codecs (src/snapshot/compile.ts) read the same description.
 */

export type FieldKind =
  /** any finite number */
  | "number"
  /** a finite number >= 0 */
  | "nonNegative"
  /** any number but NaN: ±Infinity allowed (JSON: the strings "Infinity" and "-Infinity") */
  | "extended"
  /** an integer in [min, max] */
  | "int"
  | "bool"
  /** one of `values` (stored as its index) */
  | "enum"
  /** JSON only */
  | "string"
  /** JSON only, optional: any JSON value */
  | "json";

export interface Field<T, C> {
  /** Dotted JSON path ("position.x", "points.1.depth"). */
  readonly path: string;
  /** The path split at its dots (split once, here: records are written and read by the thousand). */
  readonly keys: readonly string[];
  /** keys[i + 1] is an array index (so the object at keys[i] is an array). */
  readonly arrayAt: readonly boolean[];
  readonly kind: FieldKind;
  readonly values?: readonly string[];
  /** int: the range; number, nonNegative, extended: the range of finite values (default ±LIMITS.huge; nonNegative from 0). */
  readonly min?: number;
  readonly max?: number;
  /** JSON: written only when this holds; when missing on reading, the value is `fallback` (0 or false). */
  readonly present?: (o: T, ctx: C) => boolean;
  /** The snapshot version that added the field (binary records of older versions lack it). */
  readonly since?: number;
  /**
   * The live object's property that holds the value, for a field that is a
   * plain property (`get` and `set` then read and write it): the compiled
   * codecs (compile.ts) access it directly.
   */
  readonly prop?: string;
  get(o: T, ctx: C): unknown;
  set(o: T, value: unknown, ctx: C): void;
}

export interface Layout {
  /** Fields stored as Float64, Int32/Uint32, and flag bits, in that order. */
  readonly numbers: readonly number[];
  readonly ints: readonly number[];
  readonly flags: readonly number[];
  /** Bit offset of each flag field (bools 1 bit, enums as many as their values need). */
  readonly bitOf: readonly number[];
  /** Bit mask of each flag field (at bit 0). */
  readonly maskOf: readonly number[];
  readonly bytes: number;
}

/** How errors are made: `fail` a RangeError, `typeFail` a TypeError, each with the reader's prefix. */
export interface GeometryErrors {
  fail(message: string): never;
  typeFail(message: string): never;
}

/** Where binary geometry is written (a snapshot's DataView, a recording's ByteWriter). */
export interface GeometrySink {
  u32(v: number): void;
  f64(v: number): void;
}

/** Where binary geometry is read from; each read throws once past the end. */
export interface GeometrySource {
  u32(): number;
  f64(): number;
}
