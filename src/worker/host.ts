// The worker's side: owns the World, applies the main thread's commands in
// the order they were posted, steps, and posts every body's pose back.
import { AABB, type AABBOptions } from "../bodies/aabb.js";
import type { Body } from "../bodies/body.js";
import type { Shape } from "../bodies/shape.js";
import { Capsule, type CapsuleOptions } from "../bodies/capsule.js";
import { Circle, type CircleOptions } from "../bodies/circle.js";
import { Polygon, type PolygonOptions } from "../bodies/polygon.js";
import { Segment, type SegmentOptions } from "../bodies/segment.js";
import { describe, finite, integer, nonNegative, object, vector } from "../math/validate.js";
import { bodyById } from "../replay/apply.js";
import type { World } from "../world/full-world.js";
import { POSE_STRIDE, errorData, type FrameData, type MessageEndpoint, type RemoteBody, type RemoteBodyDef, type RemoteShape, type Reply, type Request } from "./protocol.js";

/** A command of your own: called in the worker with the world and the arguments posted by `WorldWorker.command`. */
export type WorldCommand = (world: World, ...args: any[]) => unknown;

/** What {@link serveWorld} takes besides the setup function. */
export interface ServeWorldOptions {
  /** Commands of your own, by name, for `WorldWorker.command(name, ...args)` (their results go back to the caller). */
  commands?: Record<string, WorldCommand>;
  /** Where the messages come from (default: the worker's global scope, `self`). */
  endpoint?: MessageEndpoint;
}

/** A body made from its definition (the constructors check every option). */
function makeBody(def: RemoteBodyDef): Body {
  object("body", def);
  const { shape, ...options } = def; // the rest are the shape's options, checked by its constructor
  if (shape === "circle") return new Circle(options as CircleOptions);
  if (shape === "capsule") return new Capsule(options as CapsuleOptions);
  if (shape === "box") return new AABB(options as AABBOptions);
  if (shape === "polygon") return new Polygon(options as PolygonOptions);
  if (shape === "segment") return new Segment(options as SegmentOptions);
  throw new TypeError(`capsule2d: body.shape must be "circle", "capsule", "box", "polygon" or "segment", got ${describe(shape)}`);
}

/** The name `add` takes for each shape kind ("box" is the AABB's, as it always was here). */
const SHAPE_NAME = {
  circle: "circle",
  capsule: "capsule",
  aabb: "box",
  box: "polygon",
  polygon: "polygon",
  segment: "segment",
  chainSegment: "segment",
} as const;

/** A shape's points in the body's frame, flat: a box's or polygon's vertices, a segment's ends (else none). */
function pointsOf(shape: Shape<Body>): number[] {
  const out: number[] = [];
  if (shape.kind === "box" || shape.kind === "polygon" || shape.kind === "segment" || shape.kind === "chainSegment") {
    for (const v of shape.vertices) out.push(v.x, v.y);
  }
  return out;
}

/** What draws one shape (see `RemoteShape`). */
function describeShape(shape: Shape<Body>): RemoteShape {
  const kind = shape.kind;
  return {
    kind,
    offsetX: shape.offset.x,
    offsetY: shape.offset.y,
    angle: shape.angle,
    radius: kind === "aabb" || kind === "segment" || kind === "chainSegment" ? 0 : shape.radius,
    halfLength: shape.halfLength,
    halfWidth: shape.halfWidth,
    halfHeight: shape.halfHeight,
    vertices: pointsOf(shape),
    isSensor: shape.isSensor,
  };
}

/** What the main thread needs to draw `body`: its kind and the geometry it has (0 or empty for what it has not), and every shape of it. */
function describeBody(body: Body): RemoteBody {
  const shape = body.shapes[0]!;
  const kind = shape.kind;
  const vertices = pointsOf(shape);
  return {
    id: body.id,
    shape: SHAPE_NAME[kind],
    kind,
    type: body.type,
    radius: kind === "aabb" || kind === "segment" || kind === "chainSegment" ? 0 : shape.radius,
    halfLength: shape.halfLength,
    halfWidth: shape.halfWidth,
    halfHeight: shape.halfHeight,
    vertices,
    label: body.label,
    shapes: body.shapes.map(describeShape),
  };
}

/** The built-in commands: each checks its arguments (the body methods check the values) and changes one body or the list. */
const BUILT_IN: Record<string, (world: World, args: unknown[]) => unknown> = Object.freeze({
  add: (world, [def]) => world.add(makeBody(def as RemoteBodyDef)).id,
  remove: (world, [id]) => void world.remove(body(world, id)),
  applyImpulse: (world, [id, impulse, point]) => void body(world, id).applyImpulse(impulse as never, point as never),
  applyForce: (world, [id, force, point]) => void body(world, id).applyForce(force as never, point as never),
  setVelocity: (world, [id, velocity]) => void body(world, id).setVelocity(vector("velocity", velocity)),
  setAngularVelocity: (world, [id, w]) => void body(world, id).setAngularVelocity(finite("angularVelocity", w)),
  setPosition: (world, [id, position]) => void body(world, id).setPosition(vector("position", position)),
});

/** Most steps one frame request may ask for (as `WorldWorker.step` allows). */
const MAX_STEPS = 1_000_000;

/** A message's sequence number, or a TypeError (the reply then has none to go to: it is dropped). */
function seqOf(request: Record<string, unknown>): number {
  return integer("seq", request.seq, 0, Number.MAX_SAFE_INTEGER);
}

/** The arguments of a command message: an array (of at most 64 values). */
function argsOf(args: unknown): unknown[] {
  if (!Array.isArray(args)) throw new TypeError(`capsule2d: a command's args must be an array, got ${describe(args)}`);
  if (args.length > 64) throw new RangeError(`capsule2d: a command takes at most 64 arguments, got ${args.length}`);
  return args;
}

/** The command of this name in `table`, its own property only (never "toString", "__proto__" or another inherited one). */
function lookUp<T>(table: Record<string, T>, name: unknown): T | undefined {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

/** The body of `world` with this id, or a RangeError naming the id. */
function body(world: World, id: unknown): Body {
  const found = bodyById(world, integer("id", id, 0, Number.MAX_SAFE_INTEGER));
  if (found === null) throw new RangeError(`capsule2d: no body with id ${describe(id)} in the worker's world`);
  return found;
}

/**
 * Run a world in this Web Worker for a {@link WorldWorker} on the main thread.
 * `setup(data)` builds the world (it gets what `WorldWorker.start(worker, data)`
 * was given, and may be async); from then on the worker applies the main
 * thread's commands in the order they were posted, steps when asked, and
 * posts every body's pose back after each request.
 *
 * ```ts
 * // physics.worker.ts
 * import { World, AABB, Circle } from "capsule2d";
 * import { serveWorld } from "capsule2d/worker";
 *
 * serveWorld(({ count }) => {
 *   const world = new World();
 *   world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
 *   for (let i = 0; i < count; i++) world.add(new Circle({ position: { x: i % 40 - 20, y: 1 + i / 40 }, radius: 0.3 }));
 *   return world;
 * }, { commands: { explode: (world, x, y) => world.explode({ position: { x, y }, radius: 5, falloff: 2, impulsePerLength: 3 }) } });
 * ```
 *
 * An error in `setup` rejects `WorldWorker.start`; an error in a command
 * rejects that command's promise; an error while stepping (a throwing event
 * handler, say) is fatal: that request and every later one reject with it.
 */
export function serveWorld(setup: (data: any) => World | Promise<World>, options: ServeWorldOptions = {}): void {
  if (typeof setup !== "function") throw new TypeError(`capsule2d: setup must be a function, got ${describe(setup)}`);
  const endpoint = options.endpoint ?? (globalThis as unknown as MessageEndpoint);
  const commands = options.commands ?? {};
  let world: World | null = null;
  let fatal: Reply | null = null;
  let sentIds: number[] = [];
  let listChanged = true;
  // Messages are handled one after another, in order, even when setup or a command is async.
  let queue: Promise<void> = Promise.resolve();

  /** Fill a frame: the poses now (and the list of bodies when it changed). */
  const frame = (alpha: number, reuse: ArrayBuffer | null): FrameData => {
    const w = world!;
    const bodies = w.bodies;
    const n = bodies.length;
    const bytes = n * POSE_STRIDE * 8;
    // a buffer the main thread handed back, or a new one with room to grow by a quarter
    const buffer = reuse !== null && reuse.byteLength >= bytes ? reuse : new ArrayBuffer(Math.ceil(n * 1.25 + 16) * POSE_STRIDE * 8);
    const poses = new Float64Array(buffer);
    let changed = listChanged || n !== sentIds.length;
    for (let i = 0, o = 0; i < n; i++, o += POSE_STRIDE) {
      const b = bodies[i]!;
      if (!changed && sentIds[i] !== b.id) changed = true;
      // the body's origin (the frame its shapes' points are in): for a body whose centre of mass is
      // elsewhere (an off-centre Polygon, a Compound), the centre less the turned local centre
      const lc = b._lc;
      const lx = lc === null ? 0 : lc.x;
      const ly = lc === null ? 0 : lc.y;
      poses[o] = lc === null ? b.x0 : b.x0 - (b.c0 * lx - b.s0 * ly);
      poses[o + 1] = lc === null ? b.y0 : b.y0 - (b.s0 * lx + b.c0 * ly);
      poses[o + 2] = b.c0;
      poses[o + 3] = b.s0;
      poses[o + 4] = lc === null ? b.px : b.px - (b.qc * lx - b.qs * ly);
      poses[o + 5] = lc === null ? b.py : b.py - (b.qs * lx + b.qc * ly);
      poses[o + 6] = b.qc;
      poses[o + 7] = b.qs;
    }
    let list: RemoteBody[] | null = null;
    if (changed) {
      list = bodies.map(describeBody);
      sentIds = bodies.map((b) => b.id);
      listChanged = false;
    }
    return { stepCount: w.stepCount, time: w.time, alpha, count: n, buffer, bodies: list };
  };

  const post = (reply: Reply, transfer: ArrayBuffer[] = []) => endpoint.postMessage(reply, transfer);

  const handle = async (message: unknown): Promise<void> => {
    // a message from anywhere: check its shape before reading it (a reply goes to a valid seq only)
    if (message === null || typeof message !== "object") return;
    const request = message as Request;
    if (request.type === "init") {
      try {
        world = await setup(request.data);
        if (world === null || typeof world !== "object" || typeof (world as World).step !== "function") {
          throw new TypeError(`capsule2d: serveWorld's setup must return a World, got ${describe(world)}`);
        }
      } catch (error) {
        world = null;
        fatal = { type: "fatal", error: errorData(error) };
        post(fatal);
        return;
      }
      const ready = frame(1, null);
      post({ type: "ready", frame: ready }, [ready.buffer]);
      return;
    }
    if (request.type !== "frame" && request.type !== "command" && request.type !== "custom") return;
    let seq: number;
    try {
      seq = seqOf(request as unknown as Record<string, unknown>);
    } catch {
      return;
    }
    if (fatal !== null || world === null) {
      // after a fatal error every request fails with it (the client already knows)
      if (fatal !== null && fatal.type === "fatal") post({ type: "error", seq, error: fatal.error });
      return;
    }
    if (request.type === "frame") {
      let alpha = 1;
      try {
        // checked before anything runs: a bad frame request is refused (an error reply), not fatal
        integer("steps", request.steps, 0, MAX_STEPS);
        if (request.steps === 0) nonNegative("elapsed", request.elapsed);
        if (request.buffer !== null && request.buffer !== undefined && !(request.buffer instanceof ArrayBuffer)) {
          throw new TypeError(`capsule2d: a frame's buffer must be an ArrayBuffer or null, got ${describe(request.buffer)}`);
        }
      } catch (error) {
        post({ type: "error", seq, error: errorData(error) });
        return;
      }
      try {
        if (request.steps > 0) {
          const dt = world.options.fixedDt;
          for (let i = 0; i < request.steps; i++) world.step(dt);
        } else {
          alpha = world.advance(request.elapsed);
        }
      } catch (error) {
        fatal = { type: "fatal", error: errorData(error) };
        post({ type: "error", seq, error: fatal.error });
        post(fatal);
        return;
      }
      // a buffer that was already transferred (detached) or is shared cannot be reused or sent back: make a new one
      const reuse = request.buffer instanceof ArrayBuffer && request.buffer.byteLength > 0 ? request.buffer : null;
      const data = frame(alpha, reuse);
      try {
        post({ type: "frame", seq, frame: data }, [data.buffer]);
      } catch (error) {
        post({ type: "error", seq, error: errorData(error) });
      }
      return;
    }
    try {
      let value: unknown;
      if (request.type === "command") {
        const run = lookUp(BUILT_IN, request.name);
        if (run === undefined) throw new TypeError(`capsule2d: unknown command ${describe(request.name)}`);
        value = run(world, argsOf(request.args));
      } else {
        const run = lookUp(commands, request.name);
        if (typeof run !== "function") throw new TypeError(`capsule2d: serveWorld has no command ${describe(request.name)}`);
        value = await run(world, ...argsOf(request.args));
      }
      listChanged = true; // a command may change a body's type or the list: send the list with the next frame
      try {
        post({ type: "result", seq, value });
      } catch (error) {
        throw new TypeError(`capsule2d: the result of ${request.name} cannot be sent to the main thread (${errorData(error).message})`);
      }
    } catch (error) {
      post({ type: "error", seq, error: errorData(error) });
    }
  };

  endpoint.addEventListener("message", (event) => {
    const message = event.data;
    // whatever one message does (a post that throws, say), the queue goes on to the next: never a rejected chain
    queue = queue.then(() => handle(message)).catch(() => undefined);
  });
  endpoint.start?.();
}
