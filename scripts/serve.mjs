// `npm start`: build the library, then bundle and serve the example pages.
//
//   node scripts/serve.mjs            -> http://localhost:8000 (PORT=... to change it)
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
//   - pages import the engine from source (`../../src/index.js`), so a change
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
 * @param {{ port?: number, host?: string, watch?: boolean }} [options]
 *   port: default $PORT or 8000; host: default "127.0.0.1"; watch: rebuild
 *   eagerly when a file changes (default false: esbuild rebuilds lazily on the
 *   next request anyway).
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const port = options.port ?? Number(process.env.PORT ?? 8000);
  const host = options.host ?? "127.0.0.1";
  const ctx = await esbuild.context({
    entryPoints: findEntries(),
    outbase: examplesDir,
    outdir: join(examplesDir, "dist"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    sourcemap: true,
    logLevel: "warning",
  });
  if (options.watch) await ctx.watch();
  const served = await ctx.serve({ servedir: examplesDir, port: 0, host: "127.0.0.1" });
  const proxy = createServer((req, res) => {
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
  await new Promise((done, fail) => {
    proxy.once("error", fail);
    proxy.listen(port, host, done);
  });
  const actualPort = proxy.address().port;
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`;
  return {
    url,
    port: actualPort,
    stop: async () => {
      await new Promise((done) => proxy.close(() => done()));
      proxy.closeAllConnections?.();
      await ctx.dispose();
    },
  };
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
  buildLibrary();
  // The benchmark page (examples/bench/) loads the peer engines from examples/bench/peers/.
  const { buildPeers } = await import("../bench/browser/peers.mjs");
  const peers = await buildPeers();
  if (peers.note) console.warn(`examples/bench: ${peers.note}`);
  const server = await startServer({ host: process.env.HOST ?? "0.0.0.0", watch: true });
  const pages = findEntries()
    .filter((p) => p.endsWith("main.ts"))
    .map((p) => relative(examplesDir, dirname(p)));
  console.log(`\ncapsule2d examples: ${server.url}\n`);
  for (const page of pages) console.log(`  ${server.url}/${page}/`);
  console.log("\nCtrl+C to stop.");
}
