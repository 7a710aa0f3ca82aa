// capsule2d/debug: a Canvas 2D debug renderer and a y-up camera.
// A separate entry point (`import ... from "capsule2d/debug"`, or
// dist/debug.iife.min.js as `Capsule2D.debug`), so games that draw their own
// graphics do not ship it.
/**
 * `capsule2d/debug`: a Canvas 2D debug renderer (`drawWorld`) and a y-up
 * `Camera`. In the `<script>` build: `dist/debug.iife.min.js`, loaded after
 * `dist/capsule2d.iife.min.js`, adds it as `Capsule2D.debug`.
 * @module capsule2d/debug
 */
export { Camera } from "../debug/camera.js";
export type { CameraOptions } from "../debug/camera.js";
export { drawWorld, drawBody, traceBody, traceCapsule, DEFAULT_PALETTE } from "../debug/draw.js";
export type { DrawOptions, DrawableWorld, DrawableContact, DrawableContactPoint, Palette } from "../debug/draw.js";
