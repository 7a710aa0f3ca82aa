// The messages between a WorldWorker (main thread) and serveWorld (the worker).
// Both ends import this file; nothing here is public API except what
// index.ts re-exports.
import type { AABBOptions } from "../bodies/aabb.js";
import type { BodyType } from "../bodies/body.js";
import type { CapsuleOptions } from "../bodies/capsule.js";
import type { CircleOptions } from "../bodies/circle.js";
import type { PolygonOptions } from "../bodies/polygon.js";
import type { SegmentOptions } from "../bodies/segment.js";
import type { ShapeKindName } from "../bodies/shape.js";

/**
 * Numbers per body in a frame's pose buffer, in this order: the pose at the
 * start of the last step (x, y, cos, sin), then the pose now (x, y, cos, sin):
 * the body's origin (its `position`, the frame its shapes are given in; for an
 * off-centre Polygon or a Compound not its centre of mass) and rotation.
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
/** A convex polygon to add from the main thread: `shape: "polygon"` and the `Polygon` options. */
export interface RemotePolygonDef extends PolygonOptions {
  /** Which shape. */
  shape: "polygon";
}
/** A segment to add from the main thread: `shape: "segment"` and the `Segment` options. */
export interface RemoteSegmentDef extends SegmentOptions {
  /** Which shape. */
  shape: "segment";
}
/** A body to add from the main thread: a shape name and that shape's options (plain data). */
export type RemoteBodyDef = RemoteCircleDef | RemoteCapsuleDef | RemoteBoxDef | RemotePolygonDef | RemoteSegmentDef;

/** What the main thread knows of a body in the worker's world: enough to draw it. */
export interface RemoteBody {
  /** The body's id in the worker's world (what commands take). */
  id: number;
  /**
   * Its shape, by the name `add` takes for it: "box" is an AABB (the box
   * that never turns), as it always was here; a turning `Box` and a
   * `Polygon` are "polygon" (draw `vertices`), a `Segment` "segment". `kind`
   * tells a Box from a Polygon.
   */
  shape: "circle" | "capsule" | "box" | "polygon" | "segment";
  /** Its shape's kind, as `body.shapes[0].kind`: "circle", "capsule", "aabb", "box", "polygon" or "segment". */
  kind: ShapeKindName;
  /** `"dynamic"`, `"static"` or `"kinematic"`. */
  type: BodyType;
  /** Circle and capsule radius; a Box's or Polygon's rounding radius, m (0 for an AABB and a segment). */
  radius: number;
  /** Capsule: centre to each cap centre, m (0 otherwise). */
  halfLength: number;
  /** AABB and Box: half width, m (0 otherwise). */
  halfWidth: number;
  /** AABB and Box: half height, m (0 otherwise). */
  halfHeight: number;
  /**
   * Box and Polygon: the core's vertices in the body's frame (about its
   * origin, the pose's x, y), counter-clockwise, flat as x0, y0, x1, y1, ...
   * (the outline is every point within `radius` of them); Segment: its ends
   * a, b; empty for circles, capsules and AABBs.
   */
  vertices: number[];
  /** The body's label. */
  label: string;
  /**
   * Every shape of the body, in `body.shapes` order: one for the
   * single-shape bodies (the fields above again), one per shape for a
   * `Compound` (whose fields above are its first shape's).
   */
  shapes: RemoteShape[];
}

/** One shape of a body in the worker's world, in the body's frame: what draws it. */
export interface RemoteShape {
  /** As `shape.kind`: "circle", "capsule", "aabb", "box", "polygon" or "segment". */
  kind: ShapeKindName;
  /** Where it sits in the body's frame (a circle's, capsule's or box's centre; (0, 0) for polygons and segments, whose points are in the body's frame), m. */
  offsetX: number;
  /** The y of `offsetX`'s point, m. */
  offsetY: number;
  /** Its angle in the body's frame (a capsule's turn in a compound), rad. */
  angle: number;
  /** Circle and capsule radius; a box's or polygon's rounding radius, m (0 for an AABB and a segment). */
  radius: number;
  /** Capsule: centre to each cap centre, m (0 otherwise). */
  halfLength: number;
  /** AABB and box: half width, m (0 otherwise). */
  halfWidth: number;
  /** AABB and box: half height, m (0 otherwise). */
  halfHeight: number;
  /** Box and polygon: its vertices in the body's frame, flat (x0, y0, x1, y1, ...); segment: its ends; else empty. */
  vertices: number[];
  /** A sensor shape (it detects, it does not collide). */
  isSensor: boolean;
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
