/**
 * Run code that may run out of memory or never return (hostile input before
 * a fix; fuzz cases) in a worker thread with a heap limit, and report what
 * happened instead of crashing or hanging the test process.
 *
 * The code runs against a bundle of the sources (esbuild, made once per test
 * file), so it tests this checkout without `npm run build`. It receives `C`
 * with the entry points as namespaces: `C.core` (capsule2d), `C.binary`,
 * `C.replay`, `C.worker`, `C.recording` (src/replay/recording.ts), and `data` (structured-cloned from the caller).
 */
import { build } from "esbuild";
import { Worker } from "node:worker_threads";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

let bundlePath: Promise<string> | null = null;

/** The file URL of an ESM bundle of the entry points (built on first use). */
export function bundle(): Promise<string> {
  bundlePath ??= (async () => {
    const out = join(mkdtempSync(join(tmpdir(), "capsule2d-isolated-")), "bundle.mjs");
    const result = await build({
      stdin: {
        contents: [
          'export * as core from "./src/entries/capsule2d.ts";',
          'export * as binary from "./src/entries/binary.ts";',
          'export * as replay from "./src/entries/replay.ts";',
          'export * as worker from "./src/entries/worker.ts";',
          'export * as recording from "./src/replay/recording.ts";',
        ].join("\n"),
        resolveDir: root,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "node",
      write: false,
      logLevel: "silent",
    });
    writeFileSync(out, result.outputFiles[0]!.text);
    return pathToFileURL(out).href;
  })();
  return bundlePath;
}

export type Outcome =
  | { outcome: "value"; value: unknown }
  | { outcome: "error"; name: string; message: string }
  | { outcome: "out of memory"; message: string }
  | { outcome: "timeout"; message: string };

export interface IsolatedOptions {
  /** The worker's old-generation heap, MB. Default 96. */
  heapMb?: number;
  /** A hang guard, not a measurement: the worker is ended after this long. Default 30 s. */
  timeoutMs?: number;
  /** Passed to the code as `data`. */
  data?: unknown;
  /** Called with each message the code posts through `progress(value)` (fuzz batches report each case). */
  onProgress?: (value: unknown) => void;
  /** A hang guard per piece of work: the worker is ended when it posts no progress for this long. */
  progressTimeoutMs?: number;
}

const RUNNER = `
const { parentPort, workerData } = require("node:worker_threads");
const AsyncFunction = (async () => {}).constructor;
import(workerData.bundle).then(async (C) => {
  const progress = (value) => parentPort.postMessage({ progress: value });
  try {
    const value = await new AsyncFunction("C", "data", "progress", workerData.body)(C, workerData.data, progress);
    parentPort.postMessage({ outcome: "value", value });
  } catch (e) {
    parentPort.postMessage({ outcome: "error", name: e && e.name ? String(e.name) : "Error", message: String(e && e.message !== undefined ? e.message : e) });
  }
});
`;

/** Run `body` (the text of an async function of `C`, `data`, `progress`) in a worker; see the file's comment. */
export async function isolated(body: string, options: IsolatedOptions = {}): Promise<Outcome> {
  const url = await bundle();
  const heapMb = options.heapMb ?? 96;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise<Outcome>((resolve) => {
    const worker = new Worker(RUNNER, {
      eval: true,
      workerData: { bundle: url, body, data: options.data },
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (quiet !== null) clearTimeout(quiet);
      void worker.terminate();
      resolve(o);
    };
    const timer = setTimeout(() => settle({ outcome: "timeout", message: `still running after ${timeoutMs} ms` }), timeoutMs);
    let quiet: ReturnType<typeof setTimeout> | null = null;
    let last: unknown;
    const listen = () => {
      if (options.progressTimeoutMs === undefined) return;
      if (quiet !== null) clearTimeout(quiet);
      quiet = setTimeout(() => settle({ outcome: "timeout", message: `no progress for ${options.progressTimeoutMs} ms after ${JSON.stringify(last)}` }), options.progressTimeoutMs);
    };
    listen();
    worker.on("message", (m: { progress?: unknown } & Outcome) => {
      if ("progress" in m) {
        last = m.progress;
        listen();
        options.onProgress?.(m.progress);
      } else settle(m);
    });
    worker.on("error", (e: Error & { code?: string }) => {
      settle(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? { outcome: "out of memory", message: e.message } : { outcome: "error", name: e.name, message: e.message });
    });
    worker.on("exit", (code) => settle({ outcome: "error", name: "Exit", message: `the worker exited with code ${code}` }));
  });
}
