// The main thread's side: posts commands and requests for frames to the
// worker, and keeps the latest frame (every body's last two poses) for drawing.
import { describe, inRange, integer, nonNegative } from "../math/validate.js";
import { POSE_STRIDE, type ErrorData, type FrameData, type MessageEndpoint, type RemoteBody, type RemoteBodyDef, type Reply } from "./protocol.js";
import type { Vec2 } from "../math/vec2.js";

/** A pose for drawing: the origin (the frame of the shapes' points) and rotation as a unit complex number (`angle` is `Math.atan2(rotSin, rotCos)`). */
export interface FramePose {
  /** Centre x, m. */
  x: number;
  /** Centre y, m. */
  y: number;
  /** cos(angle). */
  rotCos: number;
  /** sin(angle). */
  rotSin: number;
}

/** An error posted by the worker, rebuilt with its name (TypeError, RangeError, ...) and message. */
function rebuild(data: ErrorData, what: string): Error {
  const Kind = data.name === "TypeError" ? TypeError : data.name === "RangeError" ? RangeError : Error;
  const error = new Kind(`capsule2d/worker: ${what} failed in the worker: ${data.message}`);
  if (error.name !== data.name) error.name = data.name;
  (error as Error & { workerStack: string }).workerStack = data.stack;
  return error;
}

interface Pending {
  what: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The main thread's handle on a world that runs in a Web Worker (see
 * {@link serveWorld} for the worker's side). Start it with
 * `await WorldWorker.start(worker, data)`; then, each animation frame, call
 * `advance(elapsedSeconds)` and draw the bodies of the latest frame at
 * `getPose(i, out)`. Commands (`add`, `remove`, `applyImpulse`, `setVelocity`,
 * ... and your own with `command`) are posted to the worker, applied there in
 * the order they were made, and return promises of their results.
 *
 * ```ts
 * import { WorldWorker } from "capsule2d/worker";
 *
 * const physics = await WorldWorker.start(new Worker(new URL("./physics.worker.js", import.meta.url), { type: "module" }), { count: 3000 });
 * const pose = { x: 0, y: 0, rotCos: 1, rotSin: 0 };
 * let last = performance.now();
 * requestAnimationFrame(function frame(now) {
 *   physics.advance((now - last) / 1000);        // the worker steps; this returns at once
 *   last = now;
 *   for (let i = 0; i < physics.count; i++) {
 *     const body = physics.bodies[i];             // id, shape, radius, ... (to draw it)
 *     physics.getPose(i, pose);                   // between its last two poses
 *   }
 *   requestAnimationFrame(frame);
 * });
 * const id = await physics.add({ shape: "circle", position: { x: 0, y: 10 }, radius: 0.5 });
 * await physics.applyImpulse(id, { x: 2, y: 0 });
 * ```
 *
 * Frames and steps: the worker's world owns the clock (its `advance()`
 * accumulator and fixed steps). `advance()` posts the time that passed when
 * no frame is on its way, and adds it to the next request otherwise, so a
 * slow worker is never flooded; the frame drawn is the latest that arrived
 * (one round trip behind, about a frame). Poses travel in a transferred
 * `ArrayBuffer` that goes back and forth between two buffers (moved, never
 * copied, and reused while the body count fits), so no `SharedArrayBuffer`
 * and no cross-origin isolation are needed.
 *
 * Errors: a command that throws in the worker rejects its promise with the
 * worker's message (and its `name`: TypeError, RangeError, ...); an error while
 * stepping, in the worker's script, or in `setup` is fatal: `error` is set,
 * every pending and later promise rejects with it, and `advance()` throws it.
 */
export class WorldWorker {
  /** The bodies of the latest frame, in pose order (replaced when the list changes). */
  bodies: readonly RemoteBody[] = [];
  /** The latest frame's poses: `POSE_STRIDE` (8) numbers per body (see `getPose`). Read only; replaced by each frame. */
  poses: Float64Array = new Float64Array(0);
  /** Bodies in the latest frame. */
  count = 0;
  /** The world's step count at the latest frame. */
  stepCount = 0;
  /** The world's simulated time at the latest frame, s. */
  time = 0;
  /** Where between the last two steps the latest frame is to be drawn (the worker's `world.advance()` result; 1 after `step`). */
  alpha = 1;
  /** Frames received (including the first). */
  frames = 0;
  /** The fatal error, once there is one (then every call fails with it). */
  error: Error | null = null;

  private readonly endpoint: MessageEndpoint;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private spare: ArrayBuffer | null = null;
  private advancing = false;
  private owed = 0;
  private indexById = new Map<number, number>();
  private readonly ready: Promise<this>;
  private onReady: Pending | null = null;

  private constructor(endpoint: MessageEndpoint, data: unknown) {
    this.endpoint = endpoint;
    this.ready = new Promise<this>((resolve, reject) => {
      this.onReady = { what: "setup", resolve: resolve as (v: unknown) => void, reject };
    });
    endpoint.addEventListener("message", (event) => {
      // a reply from another thread is checked before it is used: a frame whose count does not fit its
      // buffer fails this WorldWorker (start and every pending promise reject with a RangeError)
      const r = event.data as Reply;
      const f = r?.type === "ready" || r?.type === "frame" ? r.frame : null;
      if (f !== null && !(f?.count >= 0 && f.count * POSE_STRIDE * 8 <= f.buffer?.byteLength)) {
        this.fail({ name: "RangeError", message: `frame.count ${describe(f?.count)} does not fit its buffer`, stack: "" }, "a reply");
      } else if (r !== null && typeof r === "object") this.receive(r);
    });
    endpoint.addEventListener("error", (event) => this.fail({ name: "Error", message: event.message ?? "the worker's script failed", stack: "" }, "the worker's script"));
    endpoint.addEventListener("messageerror", () => this.fail({ name: "Error", message: "a message could not be read", stack: "" }, "a message"));
    endpoint.start?.();
    endpoint.postMessage({ type: "init", data }, []);
  }

  /**
   * Start the world in `worker` (a `Worker` whose script calls `serveWorld`,
   * or any message port to one): `data` goes to the worker's setup function.
   * Resolves once the world is built and its first frame has arrived; rejects
   * with the worker's message when setup throws or the script fails to load.
   */
  static start(worker: MessageEndpoint, data?: unknown): Promise<WorldWorker> {
    if (worker === null || typeof worker !== "object" || typeof worker.postMessage !== "function") {
      throw new TypeError(`capsule2d: worker must be a Worker or a MessagePort, got ${describe(worker)}`);
    }
    return new WorldWorker(worker, data).ready;
  }

  /**
   * Give the worker's world `elapsedSeconds` more to simulate (it takes fixed
   * steps with `world.advance`). Returns at once; the frame arrives later.
   * Throws the fatal error if there is one.
   */
  advance(elapsedSeconds: number): void {
    if (this.error !== null) throw this.error;
    this.owed += nonNegative("elapsedSeconds", elapsedSeconds);
    if (this.advancing) return;
    this.advancing = true;
    const elapsed = this.owed;
    this.owed = 0;
    this.request(elapsed, 0).then(
      () => (this.advancing = false),
      () => (this.advancing = false),
    );
  }

  /** Take exactly `count` fixed steps (`fixedDt` each) in the worker; resolves when their frame has arrived. */
  async step(count = 1): Promise<void> {
    await this.request(0, integer("count", count, 1, 1_000_000));
  }

  /** The pose of the body at `index` in the latest frame, at `alpha` between its last two poses (default: the frame's), into `out`. */
  getPose(index: number, out: FramePose, alpha: number = this.alpha): FramePose {
    if ((index >>> 0) !== index || index >= this.count) integer("index", index, 0, this.count - 1);
    const a = alpha === this.alpha ? alpha : inRange("alpha", alpha, 0, 1);
    const p = this.poses;
    const o = index * POSE_STRIDE;
    const b = 1 - a;
    out.x = b * p[o]! + a * p[o + 4]!;
    out.y = b * p[o + 1]! + a * p[o + 5]!;
    const c = b * p[o + 2]! + a * p[o + 6]!;
    const s = b * p[o + 3]! + a * p[o + 7]!;
    const mag = Math.sqrt(c * c + s * s);
    out.rotCos = mag > 1e-9 ? c / mag : p[o + 6]!;
    out.rotSin = mag > 1e-9 ? s / mag : p[o + 7]!;
    return out;
  }

  /** Where the body with this id is in the latest frame (`bodies`, `getPose`), or -1. */
  indexOf(id: number): number {
    return this.indexById.get(id) ?? -1;
  }

  /** Add a body (`{ shape: "circle" | "capsule" | "box" | "polygon" | "segment", ...its options }`: "box" is an AABB); resolves with its id. */
  add(body: RemoteBodyDef): Promise<number> {
    return this.call("command", "add", [body]) as Promise<number>;
  }

  /** Remove the body with this id. */
  remove(id: number): Promise<void> {
    return this.call("command", "remove", [id]) as Promise<void>;
  }

  /** `body.applyImpulse(impulse, point?)` in the worker, N·s. */
  applyImpulse(id: number, impulse: Vec2, point?: Vec2): Promise<void> {
    return this.call("command", "applyImpulse", point === undefined ? [id, impulse] : [id, impulse, point]) as Promise<void>;
  }

  /** `body.applyForce(force, point?)` in the worker, N (for the next step). */
  applyForce(id: number, force: Vec2, point?: Vec2): Promise<void> {
    return this.call("command", "applyForce", point === undefined ? [id, force] : [id, force, point]) as Promise<void>;
  }

  /** `body.setVelocity(velocity)` in the worker, m/s. */
  setVelocity(id: number, velocity: Vec2): Promise<void> {
    return this.call("command", "setVelocity", [id, velocity]) as Promise<void>;
  }

  /** `body.setAngularVelocity(w)` in the worker, rad/s. */
  setAngularVelocity(id: number, angularVelocity: number): Promise<void> {
    return this.call("command", "setAngularVelocity", [id, angularVelocity]) as Promise<void>;
  }

  /** `body.setPosition(position)` in the worker, m. */
  setPosition(id: number, position: Vec2): Promise<void> {
    return this.call("command", "setPosition", [id, position]) as Promise<void>;
  }

  /** Run a command of your own, given to `serveWorld` in `commands`; resolves with what it returns. */
  command<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    if (typeof name !== "string") return Promise.reject(new TypeError(`capsule2d: name must be a string, got ${describe(name)}`));
    return this.call("custom", name, args) as Promise<T>;
  }

  /** Stop the worker (when it is a `Worker`); every pending promise rejects. */
  terminate(): void {
    (this.endpoint as MessageEndpoint & { terminate?(): void }).terminate?.();
    this.fail({ name: "Error", message: "the worker was terminated", stack: "" }, "terminate");
  }

  // ---------------------------------------------------------------- messages

  private call(type: "command" | "custom", name: string, args: unknown[]): Promise<unknown> {
    if (this.error !== null) return Promise.reject(this.error);
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { what: name, resolve, reject });
      try {
        this.endpoint.postMessage({ type, seq, name, args }, []);
      } catch (error) {
        // arguments that cannot be cloned (a function, ...) never leave this thread
        this.pending.delete(seq);
        reject(error);
      }
    });
  }

  private request(elapsed: number, steps: number): Promise<unknown> {
    if (this.error !== null) return Promise.reject(this.error);
    const seq = ++this.seq;
    const buffer = this.spare;
    this.spare = null;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { what: steps > 0 ? "step" : "advance", resolve, reject });
      this.endpoint.postMessage({ type: "frame", seq, elapsed, steps, buffer }, buffer === null ? [] : [buffer]);
    });
  }

  private receive(reply: Reply): void {
    if (reply.type === "ready") {
      this.show(reply.frame);
      this.onReady?.resolve(this);
      this.onReady = null;
      return;
    }
    if (reply.type === "fatal") {
      this.fail(reply.error, this.onReady !== null ? "setup" : "a step");
      return;
    }
    const pending = this.pending.get(reply.seq);
    if (pending === undefined) return;
    this.pending.delete(reply.seq);
    if (reply.type === "error") pending.reject(rebuild(reply.error, pending.what));
    else if (reply.type === "frame") {
      this.show(reply.frame);
      pending.resolve(undefined);
    } else pending.resolve(reply.value);
  }

  /** Make `frame` the latest; the one it replaces becomes the spare buffer for the next request. */
  private show(frame: FrameData): void {
    if (this.poses.buffer.byteLength > 0) this.spare = this.poses.buffer as ArrayBuffer;
    this.poses = new Float64Array(frame.buffer, 0, frame.count * POSE_STRIDE);
    this.count = frame.count;
    this.stepCount = frame.stepCount;
    this.time = frame.time;
    this.alpha = frame.alpha;
    this.frames++;
    if (frame.bodies !== null) {
      this.bodies = frame.bodies;
      this.indexById = new Map(frame.bodies.map((b, i) => [b.id, i]));
    }
  }

  /** A fatal error: keep it, reject everything pending. */
  private fail(data: ErrorData, what: string): void {
    if (this.error !== null) return;
    this.error = rebuild(data, what);
    this.onReady?.reject(this.error);
    this.onReady = null;
    for (const p of this.pending.values()) p.reject(this.error);
    this.pending.clear();
  }
}
