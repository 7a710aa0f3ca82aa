/**
 * Running one script in the JavaScript engines that are not V8, for the
 * cross-engine determinism test:
 *
 * - SpiderMonkey: Debian's Firefox ESR (`firefox-esr`), headless, on a fresh
 *   profile, opens a page from a one-off local server; the page runs the
 *   script and posts the result back. (playwright-core drives only its own
 *   patched Firefox builds, and no browser is ever downloaded here.)
 * - JavaScriptCore: Debian's `jsc` shell (package
 *   `libjavascriptcoregtk-4.0-bin`, the engine of Safari and WebKitGTK) runs
 *   the script and prints the result.
 *
 * `.ci/run` installs both. The script must define `globalThis.__run`, a
 * function (sync or async) returning JSON-serialisable data.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIREFOX_PATH, launchFirefox, type LaunchedFirefox } from "../../scripts/browsers.mjs";

export { FIREFOX_PATH };
export const JSC_PATH = "/usr/bin/jsc";

export function haveFirefox(): boolean {
  return existsSync(FIREFOX_PATH);
}

export function haveJsc(): boolean {
  return existsSync(JSC_PATH);
}

/** Run `script` in a page of headless Firefox ESR; resolves to what `__run()` returned. */
export async function runInFirefox(script: string, timeoutMs = 240_000): Promise<unknown> {
  const runner = `${script}
;(async () => {
  let body;
  try { body = JSON.stringify({ ok: await globalThis.__run() }); }
  catch (e) { body = JSON.stringify({ error: String((e && e.stack) || e) }); }
  await fetch("/result", { method: "POST", body });
})();`;
  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    let firefox: LaunchedFirefox | undefined;
    const server = createServer((req, res) => {
      if (req.method === "GET" && req.url === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end('<!doctype html><meta charset="utf-8"><title>capsule2d</title><script src="/run.js"></script>');
      } else if (req.method === "GET" && req.url === "/run.js") {
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
        res.end(runner);
      } else if (req.method === "POST" && req.url === "/result") {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => (body += chunk));
        req.on("end", () => {
          res.end("ok");
          const parsed = JSON.parse(body) as { ok?: unknown; error?: string };
          if (parsed.error !== undefined) finish(new Error(`in Firefox: ${parsed.error}`));
          else finish(null, parsed.ok);
        });
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    const timer = setTimeout(
      () => finish(new Error(`Firefox gave no result within ${timeoutMs / 1000} s; its output:\n${firefox?.output().slice(-2000)}`)),
      timeoutMs,
    );
    function finish(error: Error | null, value?: unknown): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      firefox?.close();
      server.close();
      if (error) reject(error);
      else resolve(value);
    }
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      firefox = launchFirefox(`http://127.0.0.1:${port}/`);
      const out = firefox.output;
      firefox.child.on("error", (e) => finish(e));
      firefox.child.on("exit", (code) => {
        if (!settled) finish(new Error(`Firefox exited (code ${code}) before giving a result; its output:\n${out().slice(-2000)}`));
      });
    });
  });
}

/**
 * The `jsc` shell is a bare engine: it lacks the Web APIs that Safari, Bun
 * and every browser have. The binary snapshot codec uses TextEncoder and
 * TextDecoder (for its options text, ASCII JSON), so the shell gets a
 * minimal UTF-8 pair of them before the script.
 */
const JSC_PRELUDE = `
if (typeof globalThis.TextEncoder === "undefined") {
  globalThis.TextEncoder = function () {};
  globalThis.TextEncoder.prototype.encode = function (s) {
    var bytes = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.codePointAt(i);
      if (c > 0xffff) i++;
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(bytes);
  };
  globalThis.TextDecoder = function () {};
  globalThis.TextDecoder.prototype.decode = function (b) {
    var s = "";
    for (var i = 0; i < b.length; ) {
      var c = b[i++];
      if (c >= 0xf0) c = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
      else if (c >= 0xe0) c = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
      else if (c >= 0xc0) c = ((c & 31) << 6) | (b[i++] & 63);
      s += String.fromCodePoint(c);
    }
    return s;
  };
}
`;

/** Run `script` in the `jsc` shell; resolves to what `__run()` returned (synchronously). */
export async function runInJsc(script: string, timeoutMs = 240_000): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), "capsule2d-jsc-"));
  const file = join(dir, "run.js");
  writeFileSync(
    file,
    `${JSC_PRELUDE}
${script}
;(function () {
  var out;
  try { out = JSON.stringify({ ok: globalThis.__run() }); }
  catch (e) { out = JSON.stringify({ error: String(e) + " " + String(e && e.stack) }); }
  print(out);
})();`,
  );
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(JSC_PATH, [file], { timeout: timeoutMs, maxBuffer: 64 << 20 }, (error, out, err) => {
        if (error) reject(new Error(`jsc failed: ${error.message}\n${err.slice(-2000)}\n${out.slice(-2000)}`));
        else resolve(out);
      });
    });
    const parsed = JSON.parse(stdout.trim().split("\n").pop()!) as { ok?: unknown; error?: string };
    if (parsed.error !== undefined) throw new Error(`in JavaScriptCore: ${parsed.error}`);
    return parsed.ok;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
