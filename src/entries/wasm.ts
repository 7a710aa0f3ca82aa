/**
 * `capsule2d/wasm`: the contact solver's passes (warm start, solve, relax;
 * pgs iterations) in WebAssembly, with the same bits as in JavaScript:
 * faster on scenes where contacts are most of the work (see docs/performance.md).
 * `enableWasmSolver(world)` turns them on for that world alone (it takes
 * effect at its next step; nothing else changes: the results are identical),
 * so two worlds of one process can solve in different ones; there is no
 * switch for every world. A world's `clone()` keeps its choice. It is a
 * separate entry point so that games that do not want it do not ship it
 * (the module is 2.5 kB).
 *
 * ```ts
 * import { World } from "capsule2d";
 * import { enableWasmSolver } from "capsule2d/wasm";
 *
 * const world = new World();
 * enableWasmSolver(world); // false where WebAssembly is not allowed: JavaScript solves, same bits
 * ```
 *
 * What stays in JavaScript: worlds with `solverThreads` ≥ 2 (their arrays
 * are shared with the workers), and the rest of the step. In the `<script>` build it is
 * `Capsule2D.wasm.enableWasmSolver(world)`.
 *
 * A page whose Content-Security-Policy has `script-src` must allow
 * `'wasm-unsafe-eval'` for it; without that, `enableWasmSolver` returns
 * false and the world solves in JavaScript.
 * @module capsule2d/wasm
 */
import type { WasmPassesModule } from "../solver/contact-solver.js";
import * as check from "../math/validate.js";
import { CONTACT_PASSES_WASM } from "../wasm/contact-passes-wasm.js";
import type { CoreWorld } from "../world/core-world.js";
import { counts, WasmPasses } from "../wasm/wasm-passes.js";

/**
 * The module compiled once, for every world that asks (a cache of the
 * compilation: it switches nothing; each world chooses for itself).
 */
let compiled: WasmPassesModule | null = null;

/** `world`, checked: a World (a TypeError naming `fn` otherwise; by its contact solver, so that this entry point does not bring the World class in). */
function worldOf(fn: string, world: unknown): CoreWorld {
  if (typeof world === "object" && world !== null && (world as Partial<CoreWorld>).contactConstraints !== undefined) return world as CoreWorld;
  throw new TypeError(
    `capsule2d: ${fn}(world) takes the world to change (each world chooses for itself; there is no switch for every world), got ${check.describe(world)}`,
  );
}

/** The module's bytes, decoded here: `atob` is a web API that shells such as JavaScriptCore's lack. */
function bytes(): Uint8Array<ArrayBuffer> {
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const text = CONTACT_PASSES_WASM.replace(/=+$/, "");
  const out = new Uint8Array((text.length * 3) >> 2);
  let bits = 0;
  let n = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    bits = (bits << 6) | digits.indexOf(text[i]!);
    n += 6;
    if (n >= 8) {
      n -= 8;
      out[at++] = (bits >> n) & 255;
    }
  }
  return out;
}

/**
 * Solve the contacts of `world` in WebAssembly from its next step on (and
 * those of its clones). Returns true when it is on, false when this
 * environment cannot compile WebAssembly (then nothing changes). Calling it
 * again does nothing more. Without a world: a TypeError (there is no switch
 * for every world).
 */
export function enableWasmSolver(world: CoreWorld): boolean {
  const w = worldOf("enableWasmSolver", world);
  if (compiled === null) {
    let module: WebAssembly.Module;
    try {
      module = new WebAssembly.Module(bytes());
      new WebAssembly.Instance(module, { env: { memory: new WebAssembly.Memory({ initial: 1 }) } });
    } catch {
      return false; // no WebAssembly, or a Content-Security-Policy without 'wasm-unsafe-eval'
    }
    compiled = { create: (cc, sb) => new WasmPasses(module, cc, sb) };
  }
  w.contactConstraints.wasmModule = compiled;
  return true;
}

/** Solve the contacts of `world` in JavaScript again from its next step on (the same bits; for comparisons and tests). */
export function disableWasmSolver(world: CoreWorld): void {
  worldOf("disableWasmSolver", world).contactConstraints.wasmModule = null;
}

/** Does `world` solve its contacts in WebAssembly? */
export function wasmSolverEnabled(world: CoreWorld): boolean {
  return worldOf("wasmSolverEnabled", world).contactConstraints.wasmModule !== null;
}

/** Contact passes (warm starts, solve and relax passes, pgs iterations) run in WebAssembly so far, by every world of this copy of capsule2d: a way to see that it is on. */
export function wasmSolverPasses(): number {
  return counts.passes;
}
