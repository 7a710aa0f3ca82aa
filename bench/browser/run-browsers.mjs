/**
 * The browser runs of `npm run bench`: the same cells as in Node, measured
 * in headless Chromium (Debian's, driven by playwright-core) and headless
 * Firefox ESR (Debian's `firefox-esr`, started on a fresh profile), each
 * cell in a fresh page.
 *
 * A local server (127.0.0.1, a free port) serves the pages with the
 * cross-origin-isolation headers (COOP/COEP), so that performance.now() has
 * its finer resolution and box2d3-wasm can load the same SIMD build it uses
 * under Node. The browser opens /next; the server redirects it to the next
 * cell's page, which measures (bench/browser/page.mjs), posts its result and
 * opens /next again, until the queue is empty. A cell that gives no result
 * within `cellTimeoutMs` is recorded as an error and the browser restarted.
 */
import * as esbuild from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, FIREFOX_PATH, launchFirefox } from "../../scripts/browsers.mjs";
import { buildPeers, PEERS_DIR } from "./peers.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");

/** The browsers a run can use, by name. */
export const BROWSERS = {
  chromium: { label: "Chromium", path: CHROMIUM_PATH },
  firefox: { label: "Firefox ESR", path: FIREFOX_PATH },
};

const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".html": "text/html" };

/** Bundles page.mjs with the capsule2d build at `bundlePath`; resolves to its code. */
async function buildRunner(bundlePath) {
  const out = await esbuild.build({
    entryPoints: [join(HERE, "page.mjs")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    alias: { "capsule2d-measured": bundlePath, "capsule2d-measured-wasm": join(dirname(bundlePath), "esm", "entries", "wasm.js") },
    external: ["/peers/*"],
    logLevel: "error",
  });
  return out.outputFiles[0].text;
}

function send(res, status, type, body, extra = {}) {
  res.writeHead(status, {
    "content-type": type,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
    "cache-control": "no-store",
    ...extra,
  });
  res.end(body);
}

/**
 * Measures `cells` ([{ engine, scene }]) in each of `browsers` (names of
 * BROWSERS) with `protocol` ({ warmup, steps, budgetMs }); `log(line)` hears
 * of each result. Resolves to the results, each with `runtime` (the browser's
 * name) and `browserVersion`. A browser that is not installed gives an error
 * cell for each of its cells.
 */
export async function runInBrowsers({ browsers, cells, protocol, bundle, log = () => {}, cellTimeoutMs = 180_000 }) {
  const bundlePath = resolve(ROOT, bundle);
  const manifest = await buildPeers();
  const runner = await buildRunner(bundlePath);
  const peers = new Set(manifest.engines.map((e) => e.name));
  const results = [];
  for (const browser of browsers) {
    const todo = cells.filter((c) => c.engine === "capsule2d" || c.engine === "capsule2d-wasm" || peers.has(c.engine));
    for (const c of cells) {
      if (!todo.includes(c)) {
        results.push({ ...c, runtime: browser, skipped: manifest.note ?? `${c.engine} does not run in a browser here` });
      }
    }
    if (!existsSync(BROWSERS[browser].path)) {
      for (const c of todo) results.push({ ...c, runtime: browser, error: `${BROWSERS[browser].path} is not installed` });
      continue;
    }
    results.push(...(await runQueue(browser, todo, { protocol, runner, bundle, log, cellTimeoutMs })));
  }
  return results;
}

/** Runs one browser through the queue of cells. */
async function runQueue(browser, cells, { protocol, runner, bundle, log, cellTimeoutMs }) {
  const results = new Array(cells.length).fill(null);
  let next = 0;
  let current = -1;
  let settle;
  let version = "";
  const idle = () => new Promise((r) => (settle = r));
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    if (req.method === "GET" && url.pathname === "/next") {
      if (next >= cells.length) {
        send(res, 200, "text/html", "<!doctype html><title>done</title>done");
        current = -1;
        settle?.("done");
        return;
      }
      current = next++;
      send(res, 302, "text/plain", "", { location: `/cell.html?i=${current}` });
      settle?.("started");
    } else if (req.method === "GET" && url.pathname === "/cell.html") {
      send(res, 200, "text/html", '<!doctype html><meta charset="utf-8"><title>bench cell</title><script type="module" src="/runner.js"></script>');
    } else if (req.method === "GET" && url.pathname === "/runner.js") {
      send(res, 200, "text/javascript", runner);
    } else if (req.method === "GET" && url.pathname.startsWith("/cells/")) {
      const c = cells[Number(url.pathname.slice(7))];
      send(res, 200, "application/json", JSON.stringify({ ...c, protocol, bundle }));
    } else if (req.method === "POST" && url.pathname.startsWith("/result/")) {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        send(res, 200, "text/plain", "ok");
        const i = Number(url.pathname.slice(8));
        const r = JSON.parse(body);
        if (r.userAgent) version = r.userAgent;
        results[i] = { ...r, runtime: browser };
        log(results[i]);
      });
    } else if (req.method === "GET" && url.pathname.startsWith("/peers/")) {
      const file = join(PEERS_DIR, url.pathname.slice(7));
      if (!file.startsWith(PEERS_DIR) || !existsSync(file)) return send(res, 404, "text/plain", "not found");
      send(res, 200, TYPES[extname(file)] ?? "application/octet-stream", readFileSync(file));
    } else {
      send(res, 404, "text/plain", "not found");
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const start = `http://127.0.0.1:${server.address().port}/next`;
  try {
    while (next < cells.length || current >= 0) {
      const b = await launch(browser, start);
      try {
        // Wait cell by cell; a cell that takes too long is an error, and the browser starts over at /next.
        for (;;) {
          const watched = current;
          const outcome = await Promise.race([idle(), new Promise((r) => setTimeout(() => r("timeout"), cellTimeoutMs))]);
          if (outcome === "done") break;
          if (outcome === "timeout" && current === watched && (current < 0 || results[current] === null)) {
            if (current >= 0) {
              results[current] = { ...cells[current], runtime: browser, error: `no result within ${cellTimeoutMs / 1000} s${b.output()}` };
              log(results[current]);
            }
            current = -1;
            break;
          }
        }
      } finally {
        await b.close();
      }
      if (next >= cells.length && current < 0) break;
    }
  } finally {
    server.close();
  }
  return results.map((r, i) => ({ ...(r ?? { ...cells[i], error: "no result" }), runtime: browser, browserVersion: version }));
}

/** Starts `browser` at `url`; resolves to { close(), output() }. */
async function launch(browser, url) {
  if (browser === "chromium") {
    const b = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    const page = await b.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.goto(url).catch(() => {});
    return { close: () => b.close(), output: () => (errors.length ? `; page errors: ${errors.slice(-5).join(" | ")}` : "") };
  }
  const f = launchFirefox(url);
  return { close: async () => f.close(), output: () => `; Firefox said: ${f.output().slice(-500)}` };
}
