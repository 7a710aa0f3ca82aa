/**
 * `capsule2d/worker`: run a world in a Web Worker and draw it on the main thread.
 *
 * In the worker, {@link serveWorld} builds the world and serves it; on the
 * main thread, {@link WorldWorker} asks it to advance each animation frame,
 * keeps every body's last two poses for drawing between steps, and posts
 * commands (add, remove, impulses, forces, velocities, positions, and
 * commands of your own). The step runs off the main thread, so a heavy
 * world does not stall rendering or input.
 *
 * ```ts
 * // physics.worker.ts
 * import { World } from "capsule2d";
 * import { serveWorld } from "capsule2d/worker";
 * serveWorld((data) => { const world = new World(); ...; return world; });
 *
 * // main.ts
 * import { WorldWorker } from "capsule2d/worker";
 * const physics = await WorldWorker.start(new Worker(new URL("./physics.worker.js", import.meta.url), { type: "module" }));
 * ```
 *
 * The main thread's side imports no engine code (a game's main bundle
 * stays small); the worker's side is the engine plus the message loop.
 * Poses move between the threads in transferred buffers, so no
 * cross-origin isolation headers are needed.
 * @module capsule2d/worker
 */
export { WorldWorker } from "../worker/client.js";
export type { FramePose } from "../worker/client.js";
export { serveWorld } from "../worker/host.js";
export type { ServeWorldOptions, WorldCommand } from "../worker/host.js";
export { POSE_STRIDE } from "../worker/protocol.js";
export type { RemoteBody, RemoteShape, RemoteBodyDef, RemoteCircleDef, RemoteCapsuleDef, RemoteBoxDef, RemotePolygonDef, RemoteSegmentDef, MessageEndpoint } from "../worker/protocol.js";
