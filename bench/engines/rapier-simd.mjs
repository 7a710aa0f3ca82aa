/**
 * Rapier 2D's SIMD build ("-simd-compat": compiled with WebAssembly SIMD,
 * the .wasm embedded as base64). Its newest release is 0.19.3, two minor
 * versions behind the plain build (rapier.mjs, 0.21.0): there is no 0.21
 * SIMD package. Everything but the package is in rapier-common.mjs, so both
 * builds run with Rapier's defaults on the same bodies.
 */
import RAPIER from "@dimforge/rapier2d-simd-compat";
import { createRapier } from "./rapier-common.mjs";

export const describe = { label: "Rapier SIMD", package: "@dimforge/rapier2d-simd-compat 0.19.3", language: "Rust → WASM (SIMD)" };

export function unsupported() {
  return null;
}

export function create(scene) {
  return createRapier(RAPIER, scene);
}
