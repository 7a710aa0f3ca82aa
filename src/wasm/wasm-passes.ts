/**
 * One world's contact passes in WebAssembly (see wasm/contact-passes.ts).
 *
 * The arrays the passes read and write (the constraint blocks, the pass's
 * parameters and nine body columns) live in a WebAssembly memory of this
 * world's own while the world uses them: `ContactConstraints` and
 * `SolverBodies` hold views of it in their usual fields, so every other
 * part of the step (integration, impacts, joints, events, snapshots) reads
 * and writes the same numbers as before, with no copy per step.
 *
 * When an array is replaced (it grew: `grown()` copies it back into an
 * ordinary array), the next pass lays them all out again in a new memory.
 * A memory is never grown in place: growing detaches the old buffer, and a
 * detached buffer anywhere makes V8 check every typed-array access in the
 * program for it from then on.
 */
import { BODY_COLUMNS, CONTACT_ARRAYS } from "../solver/contact-kernels.js";
import { PASS_PGS, PASS_SOLVE, PASS_WARM_START, type ContactConstraints, type ContactPassRunner } from "../solver/contact-solver.js";
import type { SolverBodies } from "../solver/solver-bodies.js";

/** The module's exports (wasm/contact-passes.ts). */
interface PassExports {
  setLayout(values: number, ints: number, params: number, vx: number, vy: number, w: number, invMass: number, invI: number, dpx: number, dpy: number, dqc: number, dqs: number): void;
  warmStart(start: number, end: number): void;
  /** mode: 0 relax, 1 solve (soft-step), 2 a pgs iteration. */
  solve(start: number, end: number, mode: number): void;
}

type Column = Float64Array | Int32Array;

/** Bytes per WebAssembly page. */
const PAGE = 65536;

/** Passes run in WebAssembly by every world of this copy (see `wasmSolverPasses`). */
export const counts = { passes: 0 };

export class WasmPasses implements ContactPassRunner {
  private exports: PassExports | null = null;
  /** The arrays as last laid out, in the order CONTACT_ARRAYS then BODY_COLUMNS. */
  private readonly placed: Column[] = [];

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly cc: ContactConstraints,
    private readonly sb: SolverBodies,
  ) {}

  run(pass: number): boolean {
    if (!this.inPlace()) this.layOut();
    const x = this.exports!;
    counts.passes++;
    if (pass === PASS_WARM_START) x.warmStart(0, this.cc.count);
    else x.solve(0, this.cc.count, pass === PASS_SOLVE ? 1 : pass === PASS_PGS ? 2 : 0);
    return true;
  }

  /** Are the solver's arrays the views of the last layout? */
  private inPlace(): boolean {
    const p = this.placed;
    if (p.length === 0) return false;
    const cc = this.cc;
    const sb = this.sb;
    // each field by name (this runs before every pass): the order of CONTACT_ARRAYS, then BODY_COLUMNS
    return (
      cc.values === p[0] && cc.ints === p[1] && cc.params === p[2] &&
      sb.vx === p[3] && sb.vy === p[4] && sb.w === p[5] && sb.invMass === p[6] && sb.invI === p[7] &&
      sb.dpx === p[8] && sb.dpy === p[9] && sb.dqc === p[10] && sb.dqs === p[11]
    );
  }

  /** Copy the arrays into a new memory and hand the solver views of it. */
  private layOut(): void {
    const cc = this.cc as unknown as Record<string, Column>;
    const sb = this.sb as unknown as Record<string, Column>;
    const fields: [Record<string, Column>, string][] = [...CONTACT_ARRAYS.map((n): [Record<string, Column>, string] => [cc, n]), ...BODY_COLUMNS.map((n): [Record<string, Column>, string] => [sb, n])];
    const offsets: number[] = [];
    let bytes = 0;
    for (const [owner, name] of fields) {
      offsets.push(bytes);
      bytes += (owner[name]!.byteLength + 15) & ~15;
    }
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE) + 1 });
    const exports = new WebAssembly.Instance(this.module, { env: { memory } }).exports as unknown as PassExports;
    this.placed.length = 0;
    fields.forEach(([owner, name], k) => {
      const a = owner[name]!;
      const view = a instanceof Float64Array ? new Float64Array(memory.buffer, offsets[k], a.length) : new Int32Array(memory.buffer, offsets[k], a.length);
      view.set(a);
      owner[name] = view;
      this.placed.push(view);
    });
    // setLayout takes them in the order of CONTACT_ARRAYS (values, ints, params), then BODY_COLUMNS
    const [values, ints, params, vx, vy, w, invMass, invI, dpx, dpy, dqc, dqs] = offsets as [number, number, number, number, number, number, number, number, number, number, number, number];
    exports.setLayout(values, ints, params, vx, vy, w, invMass, invI, dpx, dpy, dqc, dqs);
    this.exports = exports;
  }
}
