/**
 * scripts/serve.mjs (`npm start`) on a busy port: the default port gives way
 * to the next free one; an explicit PORT that is busy is one clear line and
 * exit status 1, not an EADDRINUSE stack trace.
 */
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { startServer } from "../scripts/serve.mjs";

const SERVE = fileURLToPath(new URL("../scripts/serve.mjs", import.meta.url));

/** A port on 127.0.0.1 held by a plain TCP server until `release`. */
async function occupy(port = 0): Promise<{ port: number; release: () => Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => done());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    release: () => new Promise((done) => server.close(() => done())),
  };
}

/** Runs `node scripts/serve.mjs` with `env` added; resolves with its exit code and output. */
function runServe(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [SERVE], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    // A script that does not stop (the old one built everything, then served) is stopped, never left running.
    const stop = setTimeout(() => child.kill(), 45_000);
    child.once("error", fail);
    child.once("exit", (code) => {
      clearTimeout(stop);
      done({ code, stdout, stderr });
    });
  });
}

const held: { release: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const h of held.splice(0)) await h.release();
});

describe("scripts/serve.mjs on a busy port", () => {
  it("startServer takes the next free port when allowed, and serves the pages there", async () => {
    const busy = await occupy();
    held.push(busy);
    const server = await startServer({ port: busy.port, host: "127.0.0.1", nextFreePort: true });
    try {
      expect(server.requestedPort).toBe(busy.port);
      expect(server.port).toBeGreaterThan(busy.port);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const page = await fetch(`${server.url}/pile/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(await page.text()).toContain("main.js");
    } finally {
      await server.stop();
    }
  });

  it("startServer with an explicit busy port rejects with a message naming it and how to choose another", async () => {
    const busy = await occupy();
    held.push(busy);
    const failure = await startServer({ port: busy.port, host: "127.0.0.1" }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe("EADDRINUSE");
    expect(failure!.message).toContain(`port ${busy.port} is already in use`);
    expect(failure!.message).toContain("PORT=");
    // Nothing was left listening on its behalf: the port is still the occupier's, and free once released.
    await busy.release();
    held.splice(0);
    const again = await occupy(busy.port);
    await again.release();
  });

  it("`npm start` with PORT set to a busy port says so in one line and exits with status 1", async () => {
    const busy = await occupy();
    held.push(busy);
    const run = await runServe({ PORT: String(busy.port), HOST: "127.0.0.1" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `capsule2d examples: port ${busy.port} is already in use on 127.0.0.1; choose another with PORT, e.g. PORT=${busy.port + 1} npm start (or leave PORT unset to take the next free port)`,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // It stopped before building anything or printing addresses.
    expect(run.stdout).not.toContain("http://");
  });

  it("`npm start` with a PORT that is not a port number says so and exits with status 1", async () => {
    const run = await runServe({ PORT: "80a", HOST: "127.0.0.1" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('capsule2d examples: PORT must be a port number from 0 to 65535, got "80a"');
  });
});
