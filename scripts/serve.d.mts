// Types for scripts/serve.mjs (imported by the browser tests).
export interface ExampleServer {
  /** e.g. "http://127.0.0.1:8000" (no trailing slash). */
  url: string;
  port: number;
  /** The port asked for: `port` differs from it when that one was busy and `nextFreePort` took the next free one. */
  requestedPort: number;
  stop(): Promise<void>;
}
/**
 * Serve examples/. A port that cannot be had rejects with an Error whose `code`
 * is the system's (EADDRINUSE, ...) and whose message names the port and says
 * how to choose another (`PORT=...`). `nextFreePort` (default: only when neither
 * `port` nor $PORT is given) takes the next free one of the 100 after a busy port.
 */
export function startServer(options?: { port?: number; host?: string; watch?: boolean; nextFreePort?: boolean }): Promise<ExampleServer>;
/** Every `main.ts` and `*.worker.ts` under examples/. */
export function findEntries(dir?: string): string[];
