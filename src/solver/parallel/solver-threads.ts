/**
 * The solver threads of one world (the `solverThreads` world option): the
 * calling thread and `solverThreads − 1` workers solve each contact pass
 * (warm start, solve, relax; pgs iterations) together, on columns in shared
 * memory, colour by colour (see work.ts). Everything else in a step stays on
 * the calling thread, joints included (solved before each contact pass, as
 * Box2D v3 solves its overflow constraints).
 *
 * Workers are made from source text (the kernels' and work.ts's functions,
 * which stand alone: the pipelines that run the sources write the row
 * layout's offsets into the kernels as numbers, scripts/row-layout.mjs):
 * Node's worker_threads with `eval`, or a Web Worker from a Blob URL. Making them is asynchronous; until a worker is ready, and
 * while it fetches columns that grew, the passes go on without it: every
 * thread count gives the same bits, so who helps with a pass never matters.
 *
 * The calling thread waits at barriers with Atomics.wait, except on a
 * browser's main thread (where it may not block), which spins.
 */
import { BODY_COLUMNS, CONTACT_ARRAYS, solveContacts, warmStartContacts } from "../contact-kernels.js";
import type { ContactConstraints, ContactPassRunner } from "../contact-solver.js";
import type { SolverBodies } from "../solver-bodies.js";
import type { GraphColouring } from "../graph-colour.js";
import { LAYOUT as L, workerMain, workOnPass } from "./work.js";

/** A worker, whichever kind. */
interface WorkerHandle {
  post(message: unknown): void;
  terminate(): void;
  /** Stop keeping the process alive (Node). */
  release(): void;
}

/** Constraints in a block at least (fewer blocks than this many constraints make waiting cost more than it saves). */
const MIN_BLOCK = 16;
/** Blocks per thread and colour at most (Box2D v3 uses 4: work moves to whichever thread is free). */
const BLOCKS_PER_THREAD = 4;

/**
 * Is this Node (then workers are worker_threads, even where a library has
 * put a Worker on globalThis, as Emscripten's Node support does)?
 */
function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p === "object" && p !== null && typeof p.versions?.node === "string";
}

/** May this thread block in Atomics.wait? Not a browser's main thread. */
function mayBlock(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return !(typeof g.window === "object" && typeof g.document === "object");
}

/** Can this environment run solver workers? Throws a RangeError naming what is missing. */
export function checkThreadSupport(threads: number): void {
  const g = globalThis as { SharedArrayBuffer?: unknown; crossOriginIsolated?: boolean; Worker?: unknown };
  if (typeof g.SharedArrayBuffer !== "function") {
    throw new RangeError(
      `capsule2d: solverThreads ${threads} needs SharedArrayBuffer, which this environment does not offer` +
        (g.crossOriginIsolated === false ? " (a browser page must be cross-origin isolated: serve it with the COOP and COEP headers)" : ""),
    );
  }
  if (!isNode() && typeof g.Worker !== "function") {
    throw new RangeError(`capsule2d: solverThreads ${threads} needs Worker (Web Workers or Node's worker_threads), which this environment does not offer`);
  }
}

/**
 * The workers' program: the functions they run, from their source text. In
 * Node the port comes from a dynamic import, which works whether the eval'd
 * code runs as CommonJS or as an ES module (`node --input-type=module`).
 */
function workerSource(node: boolean): string {
  const port = node
    ? `import("node:worker_threads").then(({ parentPort }) => ({ on: (f) => parentPort.on("message", f), post: (m) => parentPort.postMessage(m) }))`
    : `({ on: (f) => { self.onmessage = (e) => f(e.data); }, post: (m) => self.postMessage(m) })`;
  return (
    `"use strict";\nPromise.resolve(${port}).then((port) => (${String(workerMain)})(${JSON.stringify(L)}, port, ` +
    `(${String(warmStartContacts)}), (${String(solveContacts)}), (${String(workOnPass)})));\n`
  );
}

/** Counters of a world's solver threads (see `World.threadStats`). */
export interface ThreadStats {
  /** Workers asked for (solverThreads − 1). */
  readonly workers: number;
  /** Workers that have started and hold the current columns. */
  readonly ready: number;
  /** Contact passes run since the world was made. */
  readonly passes: number;
  /** Of those, passes that workers helped with. */
  readonly sharedPasses: number;
  /** Blocks of constraints solved in shared passes, per thread (index 0: the calling thread, i + 1: worker i). */
  readonly blocks: readonly number[];
}

export class SolverThreads implements ContactPassRunner {
  private readonly ctrl: Int32Array;
  private readonly errorBytes: Uint8Array;
  private readonly handles: WorkerHandle[] = [];
  private readonly canBlock = mayBlock();
  /** The columns' generation the workers were last sent, for contacts and bodies. */
  private sentContacts = -1;
  private sentBodies = -1;
  private generation = 0;
  private failure: Error | null = null;
  private disposed = false;
  private starting: Promise<void> | null = null;
  private readyCount = 0;
  private readonly readyFlags: boolean[];
  private readyWaiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  private passes = 0;
  private sharedPasses = 0;

  constructor(
    /** The error for a failed worker (the world's `SolverWorkerError`, which names the step it failed in). */
    private readonly failed: (worker: number, message: string) => Error,
    private readonly cc: ContactConstraints,
    private readonly sb: SolverBodies,
    private readonly colouring: GraphColouring,
    readonly workerCount: number,
  ) {
    this.ctrl = new Int32Array(new SharedArrayBuffer(L.SIZE * 4));
    this.errorBytes = new Uint8Array(new SharedArrayBuffer(1024));
    this.readyFlags = new Array<boolean>(workerCount).fill(false);
    cc.share();
    sb.share();
  }

  /**
   * Start making the workers, once. (Called by every pass: the closure lives
   * in `startSpawning`, because a function that makes one gets a context
   * object on every call, made or not, which V8 did not always remove.)
   */
  private ensureStarted(): void {
    if (this.starting === null) this.starting = this.startSpawning();
  }

  private startSpawning(): Promise<void> {
    return this.spawn().catch((e: unknown) => this.onFailure(0, e instanceof Error ? `${e.name}: ${e.message}` : String(e)));
  }

  /** Start the workers (once); resolves when every one is ready, rejects with a SolverWorkerError if one fails. */
  start(): Promise<void> {
    this.ensureStarted();
    if (this.failure !== null) return Promise.reject(this.failure);
    if (this.readyCount === this.workerCount || this.disposed) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  private async spawn(): Promise<void> {
    const node = isNode();
    const source = workerSource(node);
    if (node) {
      const name = ["node", "worker_threads"].join(":"); // not a literal, which browser bundlers would try to resolve
      const wt = (await import(name)) as typeof import("node:worker_threads");
      if (this.disposed) return;
      for (let i = 0; i < this.workerCount; i++) {
        const w = new wt.Worker(source, { eval: true, name: `capsule2d solver ${i}` });
        w.on("message", (m: unknown) => this.onMessage(m));
        w.on("error", (e: Error) => this.onFailure(i, `${e.name}: ${e.message}`));
        w.on("exit", (code: number) => {
          if (!this.disposed) this.onFailure(i, `exited with code ${code}`);
        });
        // held while it starts (an awaited threadsReady() keeps the process alive), let go once it is
        // ready: a forgotten world must not keep the process alive
        this.handles.push({ post: (m) => w.postMessage(m), terminate: () => void w.terminate(), release: () => w.unref() });
      }
    } else {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      for (let i = 0; i < this.workerCount; i++) {
        const w = new Worker(url, { name: `capsule2d solver ${i}` });
        w.onmessage = (e: MessageEvent) => this.onMessage(e.data);
        w.onerror = (e: ErrorEvent) => {
          e.preventDefault();
          this.onFailure(i, e.message || "the worker script failed");
        };
        this.handles.push({ post: (m) => w.postMessage(m), terminate: () => w.terminate(), release: () => undefined });
      }
      URL.revokeObjectURL(url);
    }
    this.reshare();
  }

  private onMessage(message: unknown): void {
    const m = message as { type: string; index: number; message?: string };
    if (m.type === "ready") {
      if (!this.readyFlags[m.index]) {
        this.readyFlags[m.index] = true;
        this.handles[m.index]?.release();
        this.readyCount++;
        if (this.readyCount === this.workerCount) {
          for (const w of this.readyWaiters) w.resolve();
          this.readyWaiters = [];
        }
      }
    } else if (m.type === "error") {
      this.onFailure(m.index, m.message ?? "unknown error");
    }
  }

  private onFailure(index: number, message: string): void {
    if (this.failure !== null || this.disposed) return;
    for (const h of this.handles) h.release();
    this.failure = this.failed(index, message);
    for (const w of this.readyWaiters) w.reject(this.failure);
    this.readyWaiters = [];
  }

  /** Throw the failure of a worker, if one failed (seen in shared memory, or reported by an event). */
  private checkFailure(): void {
    const flag = Atomics.load(this.ctrl, L.ERROR);
    if (flag !== 0 && this.failure === null) {
      const text = new TextDecoder().decode(this.errorBytes.slice(0, this.ctrl[L.ERROR_LENGTH]!));
      this.onFailure(flag - 1, text);
    }
    if (this.failure !== null) throw this.failure;
  }

  /** Hand every worker the current columns (after they grew); they take part again once they hold them. */
  private reshare(): void {
    const cc = this.cc;
    const sb = this.sb;
    this.generation++;
    const contacts: Record<string, unknown> = {};
    for (const name of CONTACT_ARRAYS) contacts[name] = cc[name];
    const bodies: Record<string, unknown> = {};
    for (const name of BODY_COLUMNS) bodies[name] = sb[name];
    for (let i = 0; i < this.handles.length; i++) {
      this.handles[i]!.post({ type: "columns", index: i, generation: this.generation, control: this.ctrl, error: this.errorBytes, contacts, bodies });
    }
    this.sentContacts = cc.generation;
    this.sentBodies = sb.generation;
    const ctrl = this.ctrl;
    Atomics.store(ctrl, L.GENERATION, this.generation);
    this.command(L.CMD_WAKE); // workers waiting for a command wake, see the new generation and go for the columns
  }

  /** Run a contact pass on the threads; false if no worker is ready (the caller runs it alone). */
  run(pass: number): boolean {
    this.checkFailure();
    this.ensureStarted();
    this.passes++;
    if (this.disposed || this.handles.length === 0) return false;
    if (this.cc.generation !== this.sentContacts || this.sb.generation !== this.sentBodies) {
      this.reshare();
      return false;
    }
    const ctrl = this.ctrl;
    const epoch = this.nextEpoch(L.CMD_PASS);
    let helpers = 0;
    for (let i = 0; i < this.workerCount; i++) {
      const ready = Atomics.load(ctrl, L.READY + i) === this.generation;
      Atomics.store(ctrl, L.ACTIVE + i, ready ? epoch : 0);
      if (ready) helpers++;
    }
    if (helpers === 0) return false;
    const threads = helpers + 1;
    const start = this.colouring.start;
    for (let p = 0; p < L.PART_COUNT; p++) {
      const a = start[p]!;
      const size = start[p + 1]! - a;
      ctrl[L.PARTS + p] = a;
      let blocks = Math.ceil(size / MIN_BLOCK);
      if (blocks > threads * BLOCKS_PER_THREAD) blocks = threads * BLOCKS_PER_THREAD;
      ctrl[L.BLOCK + p] = p === 0 || blocks <= 1 ? Math.max(size, 1) : Math.ceil(size / blocks); // the overflow is one block
      ctrl[L.CLAIM + 16 * p] = 0;
      ctrl[L.DONE + 16 * p] = 0;
    }
    ctrl[L.PARTS + L.PART_COUNT] = start[L.PART_COUNT]!;
    ctrl[L.PASS] = pass;
    ctrl[L.FINISHED] = 0;
    Atomics.store(ctrl, L.EPOCH, epoch);
    Atomics.notify(ctrl, L.EPOCH);
    const ok = workOnPass(L, ctrl, this.cc, this.sb, warmStartContacts, solveContacts, 0, this.canBlock);
    // every helper has left the pass (so the counters may be reset for the next one)
    let spins = 0;
    for (;;) {
      const f = Atomics.load(ctrl, L.FINISHED);
      if (f >= helpers || !ok || Atomics.load(ctrl, L.ERROR) !== 0) break;
      if (this.canBlock && ++spins > L.SPIN) Atomics.wait(ctrl, L.FINISHED, f, 20);
    }
    this.checkFailure();
    this.sharedPasses++;
    return true;
  }

  /** See `ThreadStats`. */
  stats(): ThreadStats {
    const blocks: number[] = [];
    for (let t = 0; t <= this.workerCount; t++) blocks.push(this.ctrl[L.SOLVED + t]!);
    let ready = 0;
    for (let i = 0; i < this.workerCount; i++) if (Atomics.load(this.ctrl, L.READY + i) === this.generation) ready++;
    return { workers: this.workerCount, ready, passes: this.passes, sharedPasses: this.sharedPasses, blocks };
  }

  /** The command word after the current one, for command `cmd` (0–7). */
  private nextEpoch(cmd: number): number {
    const counter = (Atomics.load(this.ctrl, L.EPOCH) >>> 3) + 1;
    return ((counter & 0xfffffff) << 3) | cmd;
  }

  /** Send command `cmd` (CMD_*, 0–7) to the workers (tests send an unknown one to see a worker fail). */
  command(cmd: number): void {
    Atomics.store(this.ctrl, L.EPOCH, this.nextEpoch(cmd));
    Atomics.notify(this.ctrl, L.EPOCH);
  }

  /** End the workers; the world goes on solving on the calling thread alone (the same bits). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.command(L.CMD_EXIT);
    for (const h of this.handles) h.terminate();
    this.handles.length = 0;
    for (const w of this.readyWaiters) w.resolve();
    this.readyWaiters = [];
  }
}
