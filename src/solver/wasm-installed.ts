/**
 * The WebAssembly contact passes are not part of the core: `enableWasmSolver()`
 * from `capsule2d/wasm` installs them here, and every world's contact
 * solver then runs its passes (warm start, solve, relax; pgs iterations) in
 * WebAssembly, with the same bits as in JavaScript (see wasm/contact-passes.ts).
 * A world with solver threads keeps its own.
 */
import type { ContactConstraints, ContactPassRunner } from "./contact-solver.js";
import type { SolverBodies } from "./solver-bodies.js";

/** What `enableWasmSolver()` installs. */
export interface WasmPassesModule {
  /** The passes of one world's contact solver, or null where WebAssembly cannot run them (it then solves in JavaScript). */
  create(cc: ContactConstraints, sb: SolverBodies): ContactPassRunner | null;
}

let installed: WasmPassesModule | null = null;

/** Install (or, with null, remove) the WebAssembly passes; `capsule2d/wasm` calls it. */
export function setWasmPasses(module: WasmPassesModule | null): void {
  installed = module;
}

/** The installed WebAssembly passes, or null. */
export function wasmPasses(): WasmPassesModule | null {
  return installed;
}
