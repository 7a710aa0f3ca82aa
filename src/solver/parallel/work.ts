/**
 * What every solver thread runs, the calling thread and the workers alike:
 * the layout of the shared control block, and `workOnPass`, which takes
 * blocks of a pass's colours until none are left, colour after colour.
 *
 * A pass covers the parts of the coloured constraint list in order (part 0
 * is the overflow, part c + 1 colour c; see ../graph-colour.ts). Each part is
 * cut into blocks of a fixed size; a thread claims the next block of the
 * part with one `Atomics.add` and solves it, and when the part has no
 * unclaimed block left it waits until every block of the part is done (a
 * barrier) before it starts on the next part. Constraints of one colour
 * share no moving body, so the blocks of a part can be solved in any order
 * and by any thread and give the same bits; the overflow is one block.
 *
 * Every function here uses nothing but its arguments (the workers compile
 * them from their source text), and `L` (the layout) is passed in.
 */

/** Word offsets in the control block (an Int32Array on a SharedArrayBuffer). */
export const LAYOUT = {
  /** The command word: a counter × 8 + the command (CMD_*); the workers wait for it to change. */
  EPOCH: 0,
  /** The pass kind (PASS_* of contact-solver.ts). */
  PASS: 2,
  /** Workers that finished the current command. */
  FINISHED: 3,
  /** 0, or 1 + the index of a worker that failed. */
  ERROR: 4,
  /** The error message's length in bytes (in the error buffer). */
  ERROR_LENGTH: 5,
  /** Which columns are current: a worker holding older ones must fetch the new ones. */
  GENERATION: 6,
  /** Parts: start of each (PART_COUNT + 1 words: the last is the end). */
  PARTS: 16,
  /** Block size per part. */
  BLOCK: 48,
  /** Per worker: the command word of the pass it takes part in. */
  ACTIVE: 80,
  /** Per worker: the generation of the columns it holds, once it is waiting for commands (0 before). */
  READY: 152,
  /** Per thread (0: the calling thread): blocks solved, for statistics. */
  SOLVED: 224,
  /** Claim counters, one per part, 16 words (64 bytes) apart so that threads do not share cache lines. */
  CLAIM: 304,
  /** Done counters, likewise. */
  DONE: 304 + 16 * 24,
  /** Words in the control block. */
  SIZE: 304 + 32 * 24,
  /** Parts in a pass: the overflow and the colours. */
  PART_COUNT: 24,
  /** Most workers. */
  MAX_WORKERS: 63,
  /** Commands. */
  CMD_PASS: 1,
  CMD_EXIT: 2,
  CMD_WAKE: 3,
  /** Loads of a counter before a thread that may block does (Atomics.wait). */
  SPIN: 4000,
} as const;

/** The layout's type. */
export type Layout = typeof LAYOUT;

/** A contact kernel: apply the constraints start .. end − 1 (see ../contact-kernels.ts). */
export type WarmKernel = (c: never, b: never, start: number, end: number) => void;
/** The solve kernel. */
export type SolveKernel = (c: never, b: never, start: number, end: number, useBias: boolean, pgs: boolean) => void;

/**
 * Take part in the current pass as thread `me` (0: the calling thread,
 * i + 1: worker i): claim blocks, solve them, wait at each part's end.
 * `canBlock`: this thread may call Atomics.wait (not a browser's main
 * thread, which spins instead). Returns false when a worker failed (the
 * ERROR word), leaving the pass unfinished.
 */
export function workOnPass(
  L: Layout, ctrl: Int32Array, c: unknown, b: unknown, warm: WarmKernel, solve: SolveKernel, me: number, canBlock: boolean,
): boolean {
  const pass = ctrl[L.PASS]!;
  let solved = 0;
  for (let p = 0; p < L.PART_COUNT; p++) {
    const start = ctrl[L.PARTS + p]!;
    const end = ctrl[L.PARTS + p + 1]!;
    if (start === end) continue;
    const size = ctrl[L.BLOCK + p]!;
    const blocks = ((end - start + size - 1) / size) | 0;
    const claim = L.CLAIM + 16 * p;
    const done = L.DONE + 16 * p;
    for (;;) {
      const k = Atomics.add(ctrl, claim, 1);
      if (k >= blocks) break;
      const s = start + k * size;
      const e = s + size < end ? s + size : end;
      if (pass === 0) warm(c as never, b as never, s, e);
      else solve(c as never, b as never, s, e, pass === 1, pass === 3);
      solved++;
      if (Atomics.add(ctrl, done, 1) === blocks - 1) Atomics.notify(ctrl, done);
    }
    // the barrier: every block of this part is done before any thread starts the next
    let spins = 0;
    for (;;) {
      const d = Atomics.load(ctrl, done);
      if (d >= blocks) break;
      if (Atomics.load(ctrl, L.ERROR) !== 0) return false;
      if (canBlock && ++spins > L.SPIN) Atomics.wait(ctrl, done, d, 20);
    }
  }
  ctrl[L.SOLVED + me] = ctrl[L.SOLVED + me]! + solved;
  return true;
}

/**
 * A worker's life: `port` delivers messages (the columns, again whenever
 * they were replaced) and posts back; between messages the worker waits for
 * commands on the control block and runs passes with `work`.
 */
export function workerMain(
  L: Layout,
  port: { on(listener: (message: unknown) => void): void; post(message: unknown): void },
  warm: WarmKernel,
  solve: SolveKernel,
  work: typeof workOnPass,
): void {
  let ctrl: Int32Array | null = null;
  let errorBytes: Uint8Array | null = null;
  let contacts: unknown = null;
  let bodies: unknown = null;
  let generation = 0;
  let index = -1;
  const fail = (error: unknown): void => {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    port.post({ type: "error", index, message: text });
    if (ctrl === null || errorBytes === null) return;
    const bytes = new TextEncoder().encode(text).subarray(0, errorBytes.length);
    errorBytes.set(bytes);
    ctrl[L.ERROR_LENGTH] = bytes.length;
    Atomics.store(ctrl, L.ERROR, index + 1);
    // wake whoever waits, so that they see the error
    Atomics.notify(ctrl, L.FINISHED);
    for (let p = 0; p < L.PART_COUNT; p++) Atomics.notify(ctrl, L.DONE + 16 * p);
  };
  /**
   * Wait for commands and run them, until the columns change (return to
   * receive them) or the end. A command is the EPOCH word: a counter × 8 +
   * the command (CMD_*), so one load reads both; a pass is this worker's only
   * when its ACTIVE word holds that same epoch word (the calling thread
   * enrols the workers ready for it, and waits for each of them to finish).
   */
  const serve = (): void => {
    const cc = ctrl!;
    let seen = Atomics.load(cc, L.EPOCH); // read before READY is set: a pass enrolling this worker comes after it
    // columns replaced again while this worker fetched the last ones: fetch those first (the epoch
    // that announced them may be older than `seen`, and no command may come for a while)
    if (Atomics.load(cc, L.GENERATION) !== generation) return;
    Atomics.store(cc, L.READY + index, generation);
    for (;;) {
      let spins = 0;
      let epoch = Atomics.load(cc, L.EPOCH);
      while (epoch === seen) {
        if (++spins > L.SPIN) Atomics.wait(cc, L.EPOCH, epoch);
        epoch = Atomics.load(cc, L.EPOCH);
      }
      seen = epoch;
      if (Atomics.load(cc, L.GENERATION) !== generation) return; // new columns are on their way
      const command = epoch & 7;
      if (command === L.CMD_EXIT) return;
      if (command === L.CMD_WAKE) continue;
      if (command !== L.CMD_PASS) throw new RangeError(`unknown command ${command}`);
      if (Atomics.load(cc, L.ACTIVE + index) !== epoch) continue;
      if (!work(L, cc, contacts, bodies, warm, solve, index + 1, true)) return;
      Atomics.add(cc, L.FINISHED, 1);
      Atomics.notify(cc, L.FINISHED);
    }
  };
  port.on((message) => {
    const m = message as {
      type: string; index: number; generation: number; control: Int32Array; error: Uint8Array;
      contacts: Record<string, unknown>; bodies: Record<string, unknown>;
    };
    try {
      if (m.type !== "columns") throw new TypeError(`unexpected message ${String(m.type)}`);
      ctrl = m.control;
      errorBytes = m.error;
      index = m.index;
      contacts = m.contacts;
      bodies = m.bodies;
      generation = m.generation;
      port.post({ type: "ready", index, generation });
      serve();
    } catch (error) {
      fail(error);
    }
  });
}
