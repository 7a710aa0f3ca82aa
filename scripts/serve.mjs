// `npm start`: build the library, then bundle and serve the example pages.
//
//   node scripts/serve.mjs            -> http://localhost:8000 (PORT=... to change it)
//
// Without PORT, a busy 8000 is no error: the next free port (8001, 8002, ...)
// is taken and printed. A PORT given explicitly is kept: if it is busy, that
// is said in one line (no stack trace) and the script exits with status 1.
//
// How the pages are put together:
//   - every page is a folder under examples/ holding `index.html` and a
//     TypeScript entry `main.ts` (examples/pile/, examples/lab/solver/, ...);
//     a page that runs a Web Worker also has the worker's entry, `<name>.worker.ts`
//     (examples/worker/physics.worker.ts), bundled beside it to `<name>.worker.js`
//     and started with `new Worker(new URL("./<name>.worker.js", import.meta.url), { type: "module" })`;
//   - esbuild bundles each `examples/<path>/main.ts` to `/dist/<path>/main.js`
//     (and `/dist/<path>/main.css` when the entry imports CSS, e.g. uPlot's),
//     kept in memory and rebuilt on the next request after a source changes;
//   - a page loads its bundle with
//       <script type="module" src="/dist/<path>/main.js"></script>
//   - pages import the engine from source (`../../src/entries/capsule2d.js`), so a change
//     to the engine shows up on reload without rebuilding dist/.
// Everything else under examples/ (HTML, images) is served as it is.
//
// The browser tests import `startServer()` from this file to serve the same
// pages on a free port.
//
// Every response is sent with the cross-origin isolation headers
// (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy:
// require-corp, Cross-Origin-Resource-Policy: same-origin), so pages get
// SharedArrayBuffer, which a world with `solverThreads` ≥ 2 needs. esbuild's
// server cannot add headers, so a small proxy in front of it does. The pages
// load nothing from other origins; one that did would need CORS or CORP
// headers from there.
import * as esbuild from "esbuild";
import { createServer, request } from "node:http";
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rowLayoutLiterals } from "./row-layout.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const examplesDir = join(root, "examples");

/** Every `main.ts` and `*.worker.ts` under examples/ (skipping dist/, node/ and node_modules/). */
export function findEntries(dir = examplesDir) {
  const found = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === "dist" || name === "node_modules" || name === "node" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findEntries(path));
    else if (name === "main.ts" || name.endsWith(".worker.ts")) found.push(path);
  }
  return found;
}

/**
 * Start esbuild's server for examples/.
 * @param {{ port?: number, host?: string, watch?: boolean, nextFreePort?: boolean }} [options]
 *   port: default $PORT or 8000; host: default "127.0.0.1"; watch: rebuild
 *   eagerly when a file changes (default false: esbuild rebuilds lazily on the
 *   next request anyway); nextFreePort: when the port is taken, take the next
 *   free one of the 100 after it (default: only when neither `port` nor $PORT
 *   was given).
 * @returns {Promise<{ url: string, port: number, requestedPort: number, stop: () => Promise<void> }>}
 *   A port that cannot be had rejects with an Error whose `code` is the
 *   system's (EADDRINUSE, EACCES, ...) and whose message says which port and
 *   how to choose another; nothing is left running then.
 */
export async function startServer(options = {}) {
  const fromEnv = process.env.PORT;
  const requestedPort = options.port ?? (fromEnv === undefined || fromEnv === "" ? DEFAULT_PORT : parsePort(fromEnv));
  const nextFreePort = options.nextFreePort ?? (options.port === undefined && (fromEnv === undefined || fromEnv === ""));
  const host = options.host ?? "127.0.0.1";
  // Take the port first: a busy one then costs nothing, and leaves no esbuild running.
  // Requests that arrive before esbuild's server is up wait for it.
  /** @type {(served: { port: number }) => void} */
  let upstreamUp = () => {};
  /** @type {Promise<{ port: number }>} */
  const upstreamReady = new Promise((done) => (upstreamUp = done));
  const proxy = createServer((req, res) => {
    upstreamReady.then((served) => {
      const upstream = request(
        { host: "127.0.0.1", port: served.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...ISOLATION_HEADERS });
          answer.pipe(res);
        },
      );
      upstream.on("error", (e) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`esbuild's server: ${e.message}`);
      });
      req.pipe(upstream);
    });
  });
  const actualPort = await listenFrom(proxy, requestedPort, host, nextFreePort);
  let ctx;
  try {
    ctx = await esbuild.context({
      entryPoints: findEntries(),
      outbase: examplesDir,
      outdir: join(examplesDir, "dist"),
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2020",
      sourcemap: true,
      logLevel: "warning",
      ...rowLayoutLiterals(), // the kernels' offsets as numbers (scripts/row-layout.mjs)
    });
    if (options.watch) await ctx.watch();
    upstreamUp(await ctx.serve({ servedir: examplesDir, port: 0, host: "127.0.0.1" }));
  } catch (e) {
    await new Promise((done) => proxy.close(() => done()));
    proxy.closeAllConnections?.();
    await ctx?.dispose();
    throw e;
  }
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`;
  return {
    url,
    port: actualPort,
    requestedPort,
    stop: async () => {
      await new Promise((done) => proxy.close(() => done()));
      proxy.closeAllConnections?.();
      await ctx.dispose();
    },
  };
}

const DEFAULT_PORT = 8000;
/** How many ports after a busy default one are tried. */
const PORTS_TRIED = 100;

/** $PORT as a port number, or an Error saying what is wrong with it. */
function parsePort(text) {
  const port = Number(text);
  if (!/^\d+$/.test(text.trim()) || !(port <= 65535)) {
    throw Object.assign(new Error(`capsule2d examples: PORT must be a port number from 0 to 65535, got ${JSON.stringify(text)}`), {
      code: "ERR_SOCKET_BAD_PORT",
    });
  }
  return port;
}

/**
 * Listen on `port`, or with `nextFree` on the first port after it that is
 * free; returns the port. An error says which port(s) and how to choose another.
 */
async function listenFrom(server, port, host, nextFree) {
  const last = nextFree && port !== 0 ? Math.min(port + PORTS_TRIED - 1, 65535) : port;
  for (let p = port; ; p++) {
    try {
      await new Promise((done, fail) => {
        const onError = (e) => {
          server.off("listening", onListening);
          fail(e);
        };
        const onListening = () => {
          server.off("error", onError);
          done();
        };
        server.once("error", onError);
        server.once("listening", onListening);
        server.listen(p, host);
      });
      return server.address().port;
    } catch (e) {
      if (e.code === "EADDRINUSE" && p < last) continue;
      throw Object.assign(new Error(listenMessage(e, port, p, host)), { code: e.code, port: p });
    }
  }
}

function listenMessage(e, first, port, host) {
  const choose = `choose another with PORT, e.g. PORT=${port === 65535 ? 8080 : port + 1} npm start`;
  if (e.code === "EADDRINUSE") {
    const which = first === port ? `port ${port} is` : `ports ${first} to ${port} are all`;
    return `capsule2d examples: ${which} already in use on ${host}; ${choose}${first === port ? " (or leave PORT unset to take the next free port)" : ""}`;
  }
  if (e.code === "EACCES") return `capsule2d examples: no permission to listen on port ${port} (${host}); ${choose}`;
  return `capsule2d examples: cannot listen on ${host}:${port} (${e.code ?? e.message}); ${choose}, or HOST=127.0.0.1`;
}

/** The headers that make a page cross-origin isolated (`crossOriginIsolated`, SharedArrayBuffer). */
export const ISOLATION_HEADERS = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
  "cross-origin-resource-policy": "same-origin",
};

/** Build dist/ (library bundles + types) so the `<script>` build and the Node example are current. */
function buildLibrary() {
  try {
    execFileSync(process.execPath, [join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
  } catch {
    console.warn("warning: building dist/ failed (see above); the example pages bundle the engine from source and still work.");
  }
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // The port first (a busy one is reported at once), then the builds, then the addresses.
  let server;
  try {
    server = await startServer({ host: process.env.HOST ?? "0.0.0.0", watch: true });
  } catch (e) {
    // A port we cannot have: one line that says what to do, not a stack trace.
    if (typeof e?.code === "string" && e.message.startsWith("capsule2d examples:")) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  buildLibrary();
  // The benchmark page (examples/bench/) loads the peer engines from examples/bench/peers/.
  const { buildPeers } = await import("../bench/browser/peers.mjs");
  const peers = await buildPeers();
  if (peers.note) console.warn(`examples/bench: ${peers.note}`);
  if (server.requestedPort !== 0 && server.port !== server.requestedPort) console.log(`port ${server.requestedPort} is in use: serving on ${server.port} instead (PORT=... to choose one)`);
  const pages = findEntries()
    .filter((p) => p.endsWith("main.ts"))
    .map((p) => relative(examplesDir, dirname(p)));
  console.log(`\ncapsule2d examples: ${server.url}\n`);
  for (const page of pages) console.log(`  ${server.url}/${page}/`);
  console.log("\nCtrl+C to stop.");
}
