// Types for bench/engines/capsule2d-common.mjs, as far as the benchmark page (examples/bench/) uses it.
import type { EngineAdapter } from "../scenes.mjs";
export function capsule2dAdapter(lib: object, from: string): EngineAdapter;
export function capsule2dWasmAdapter(lib: object, wasm: { enableWasmSolver(world: never): boolean }, from: string): EngineAdapter;
