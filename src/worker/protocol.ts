// The messages between a WorldWorker (main thread) and serveWorld (the worker).
// Both ends import this file; nothing here is public API except what
// index.ts re-exports.
import type { AABBOptions } from "../bodies/aabb.js";
import type { BodyType } from "../bodies/body.js";
import type { CapsuleOptions } from "../bodies/capsule.js";
import type { CircleOptions } from "../bodies/circle.js";

/**
 * Numbers per body in a frame's pose buffer, in this order: the pose at the
 * start of the last step (x, y, cos, sin), then the pose now (x, y, cos, sin).
 */
export const POSE_STRIDE = 8;

/** A circle to add from the main thread: `shape: "circle"` and the `Circle` options. */
export interface RemoteCircleDef extends CircleOptions {
  /** Which shape. */
  shape: "circle";
}
/** A capsule to add from the main thread: `shape: "capsule"` and the `Capsule` options. */
export interface RemoteCapsuleDef extends CapsuleOptions {
  /** Which shape. */
  shape: "capsule";
}
/** A box to add from the main thread: `shape: "box"` and the `AABB` options. */
export interface RemoteBoxDef extends AABBOptions {
  /** Which shape. */
  shape: "box";
}
/** A body to add from the main thread: a shape name and that shape's options (plain data). */
export type RemoteBodyDef = RemoteCircleDef | RemoteCapsuleDef | RemoteBoxDef;

/** What the main thread knows of a body in the worker's world: enough to draw it. */
export interface RemoteBody {
  /** The body's id in the worker's world (what commands take). */
  id: number;
  /** Its shape. */
  shape: "circle" | "capsule" | "box";
  /** `"dynamic"`, `"static"` or `"kinematic"`. */
  type: BodyType;
  /** Circle and capsule radius, m (0 for a box). */
  radius: number;
  /** Capsule: centre to each cap centre, m (0 otherwise). */
  halfLength: number;
  /** Box: half width, m (0 otherwise). */
  halfWidth: number;
  /** Box: half height, m (0 otherwise). */
  halfHeight: number;
  /** The body's label. */
  label: string;
}

/** An error as it crosses between threads. */
export interface ErrorData {
  name: string;
  message: string;
  stack: string;
}

/** Main thread -> worker. */
export type Request =
  | { type: "init"; data: unknown }
  | { type: "command"; seq: number; name: string; args: unknown[] }
  | { type: "custom"; seq: number; name: string; args: unknown[] }
  | { type: "frame"; seq: number; elapsed: number; steps: number; buffer: ArrayBuffer | null };

/** A frame: where every body is, after a request to advance or step. */
export interface FrameData {
  stepCount: number;
  time: number;
  alpha: number;
  count: number;
  buffer: ArrayBuffer;
  /** The bodies in buffer order, when they changed since the last frame (else null). */
  bodies: RemoteBody[] | null;
}

/** Worker -> main thread. */
export type Reply =
  | { type: "ready"; frame: FrameData }
  | { type: "result"; seq: number; value: unknown }
  | { type: "error"; seq: number; error: ErrorData }
  | { type: "frame"; seq: number; frame: FrameData }
  | { type: "fatal"; error: ErrorData };

/**
 * One end of a message channel: a `Worker` on the main thread, the worker's
 * global scope (`self`) inside it, or a `MessagePort`.
 */
export interface MessageEndpoint {
  /** Send a message, moving the listed buffers (transferables) with it. */
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  /** Listen for messages (`event.data`) and, on a Worker, for `"error"` events. */
  addEventListener(type: string, listener: (event: { data?: unknown; message?: string }) => void): void;
  /** A MessagePort's start(), called when present. */
  start?(): void;
}

/** An error's fields, for posting. */
export function errorData(error: unknown): ErrorData {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ?? "" };
  return { name: "Error", message: String(error), stack: "" };
}
