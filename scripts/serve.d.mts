// Types for scripts/serve.mjs (imported by the browser tests).
export interface ExampleServer {
  /** e.g. "http://127.0.0.1:8000" (no trailing slash). */
  url: string;
  port: number;
  stop(): Promise<void>;
}
export function startServer(options?: { port?: number; host?: string; watch?: boolean }): Promise<ExampleServer>;
/** Every `main.ts` and `*.worker.ts` under examples/. */
export function findEntries(dir?: string): string[];
