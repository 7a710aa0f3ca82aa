/**
 * The page script of the browser runs of `npm run bench` (bundled by
 * run-browsers.mjs as /runner.js, with capsule2d taken from the measured
 * bundle, dist/capsule2d.js or CAPSULE2D_BUNDLE). A page measures one cell:
 * it reads its engine, scene and protocol from /cells/<i>, loads the engine
 * (capsule2d and capsule2d/wasm bundled here, the peers from /peers/<engine>.js), measures with
 * protocol.mjs, posts the result to /result/<i> and goes on to /next, which
 * the server redirects to the next cell (or to a last page when all are done).
 */
import * as capsule2d from "capsule2d-measured";
import * as capsule2dWasm from "capsule2d-measured-wasm";
import { capsule2dAdapter, capsule2dWasmAdapter } from "../engines/capsule2d-common.mjs";
import { measureInPage } from "./protocol.mjs";

const index = new URLSearchParams(location.search).get("i");
const cell = await (await fetch(`/cells/${index}`)).json();
let result;
try {
  const adapter =
    cell.engine === "capsule2d"
      ? capsule2dAdapter(capsule2d, cell.bundle)
      : cell.engine === "capsule2d-wasm"
        ? capsule2dWasmAdapter(capsule2d, capsule2dWasm, cell.bundle)
        : await import(`/peers/${cell.engine}.js`);
  result = await measureInPage(adapter, cell.engine, cell.scene, cell.protocol);
  result.userAgent = navigator.userAgent;
} catch (e) {
  result = { engine: cell.engine, scene: cell.scene, error: String((e && e.stack) || e) };
}
await fetch(`/result/${index}`, { method: "POST", body: JSON.stringify(result) });
location.href = "/next";
