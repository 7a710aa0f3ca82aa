/**
 * Rapier 2D (Rust, compiled to WebAssembly), its plain "-compat" build (no
 * SIMD). Everything but the package is in rapier-common.mjs.
 */
import RAPIER from "@dimforge/rapier2d-compat";
import { createRapier } from "./rapier-common.mjs";

export const describe = { label: "Rapier", package: "@dimforge/rapier2d-compat 0.21.0", language: "Rust → WASM" };

export function unsupported() {
  return null;
}

export function create(scene) {
  return createRapier(RAPIER, scene);
}
