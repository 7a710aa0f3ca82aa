/**
 * The snapshots module of a world: `snapshot()`, `World.fromSnapshot`,
 * `restore()` and `clone()` over the world's parts (the writers and readers
 * are in snapshot.ts and binary.ts; each saved field once, in schema.ts).
 * The `World` of `capsule2d` installs it (src/world/full-world.ts);
 * `capsule2d/core` does not ship it.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import { Joint } from "../joints/joint.js";
import * as check from "../math/validate.js";
import { isTile } from "../contacts/seams.js";
import type { WorldOptions } from "../world/options.js";
import type { SnapshotsModule, World } from "../world/world.js";
import { captureBinary, captureJSON, isBinarySnapshot, readSnapshot, type BinaryCodec, type RestoredWorld, type WorldSnapshot, type WorldState } from "./snapshot.js";
import { BlankPool, copyBodyState, copyContactState, copyJointState } from "./schema.js";

/** What the module keeps in a world from one snapshot or restore to the next. */
interface Scratch {
  /** The contacts list `state()` hands the snapshot writers. */
  readonly contacts: Contact[];
  /** The blank records `restore` reads snapshots into. */
  blanks: BlankPool | null;
  /** The blanks a restore hands back (see `restore`). */
  readonly released: Body[];
}

function scratchOf(world: World): Scratch {
  return (world.snapshotScratch ??= { contacts: [], blanks: null, released: [] }) as Scratch;
}

/** Everything a snapshot holds, for the writers in snapshot.ts. */
function state(world: World): WorldState {
  const bodies = world.bodies;
  const islands = world.islands;
  const members = world.members;
  const jm = world.jointManager;
  return {
    options: world.options, // the frozen copy: the same object until the options change
    time: world.simTime,
    stepCount: world.steps,
    accumulator: world.accumulator,
    lastDt: world.lastDt,
    nextId: members.nextId,
    bodies,
    sleepTime: (b) => islands.sleepTime[b.slot]!,
    changed: (b) => members.changedFlag[b.slot] === 1 || members.refreshAll,
    sleepingIslands: islands.sleepingIslands(),
    contacts: world.contactManager.all(bodies, scratchOf(world).contacts), // read at once by the snapshot writers
    joints: jm === null ? [] : jm.all(),
    nextJointId: jm === null ? 0 : jm.nextJointId,
  };
}

/**
 * Rebuild a world from `snapshot()` data, made by `make` (the entry point's
 * World) with the snapshot's options. A binary snapshot needs `binary`, the
 * codec of the World that reads it (that of `capsule2d/binary`); without
 * it, a TypeError naming that World (checked before anything is read).
 */
export function fromSnapshot<W extends World>(data: WorldSnapshot | ArrayBuffer, make: (options: WorldOptions) => W, binary?: BinaryCodec): W {
  if (binary === undefined && isBinarySnapshot(data)) {
    throw new TypeError(
      'capsule2d: World.fromSnapshot(buffer): this World reads JSON snapshots; a binary one is read by the World of "capsule2d/binary" ' +
        '(import { World } from "capsule2d/binary"; for the World of "capsule2d/threads", withBinarySnapshots(World) from "capsule2d/binary")',
    );
  }
  const restored = readSnapshot(data, undefined, binary);
  const world = make(restored.options);
  load(world, restored, restored.joints.map((rj) => jointFrom(rj.saved, restored.bodies[rj.a]!, restored.bodies[rj.b]!, null)));
  return world;
}

/** `world.snapshot(options)`. */
function snapshot(world: World, options: { format: "json" | "binary" } | undefined): WorldSnapshot | ArrayBuffer {
  const format = options === undefined ? "json" : check.oneOf("format", (options as { format?: unknown })?.format, ["json", "binary"]);
  if (world.stepping) throw new Error("capsule2d: snapshot() cannot be called during a step");
  const s = state(world);
  return format === "binary" ? captureBinary(s, null, world.binaryCodec) : captureJSON(s);
}

/** `world.snapshotInto(reuse)`. */
function snapshotInto(world: World, reuse: ArrayBuffer | null): ArrayBuffer {
  if (world.stepping) throw new Error("capsule2d: snapshot() cannot be called during a step");
  return captureBinary(state(world), reuse, world.binaryCodec);
}

/** `world.restore(data)`: checked completely first (see `World.restore`). */
function restore(world: World, data: WorldSnapshot | ArrayBuffer): void {
  if (world.stepping) throw new Error("capsule2d: restore() cannot be called during a step");
  if (world.journal !== null) {
    throw new Error("capsule2d: restore() with a recorder attached: use recorder.rollback(step), or detach the recorder first");
  }
  const scratch = scratchOf(world);
  const blanks = (scratch.blanks ??= new BlankPool());
  blanks.reset();
  const r = readSnapshot(data, blanks, world.binaryCodec);
  const opts = world.opts;
  for (const key of ["broadphase", "speculativeDistance"] as const) {
    if (r.options[key] !== opts[key]) {
      throw new RangeError(
        `capsule2d: restore(): the snapshot's ${key} ${check.describe(r.options[key])} differs from this world's ${check.describe(opts[key])} (set at construction; use World.fromSnapshot)`,
      );
    }
  }
  if (r.options.solverThreads > 0 !== opts.solverThreads > 0) {
    throw new RangeError(
      `capsule2d: restore(): the snapshot's solverThreads ${r.options.solverThreads} solves in another order than this world's ${opts.solverThreads} (0 and 1 or more differ; use World.fromSnapshot)`,
    );
  }
  // checked: from here on nothing throws. Empty every part, keeping what it has grown.
  const old = world.bodies.slice();
  const oldJoints = world.jointManager === null ? [] : world.jointManager.all().slice();
  emptyParts(world);
  const threads = opts.solverThreads;
  Object.assign(opts, r.options);
  opts.solverThreads = threads; // the threads are this world's; 1 or more give the same bits
  world.applyOptions();
  // the user's bodies and joints where the snapshot has them too (ids are in increasing order in both)
  const released = scratch.released;
  released.length = 0;
  let k = 0;
  for (let i = 0; i < r.bodies.length; i++) {
    const saved = r.bodies[i]!;
    while (k < old.length && old[k]!._id < saved._id) k++;
    const live = old[k];
    if (live === undefined || live._id !== saved._id || live._kind !== saved._kind) continue;
    const { label, userData } = live;
    copyBodyState(saved, live);
    live.label = label;
    live.userData = userData;
    r.bodies[i] = live;
    released.push(saved);
  }
  // the blanks back, not used again before the next read; last first, so that the next read (of the same
  // bodies, in a rollback) gets each body's blank back, and with it the geometry it holds
  for (let i = released.length - 1; i >= 0; i--) blanks.releaseBody(released[i]!);
  released.length = 0;
  k = 0;
  const joints = r.joints.map((rj) => {
    while (k < oldJoints.length && oldJoints[k]!._id < rj.saved._id) k++;
    const a = r.bodies[rj.a]!;
    const b = r.bodies[rj.b]!;
    const live = oldJoints[k];
    const same = live !== undefined && live._id === rj.saved._id && live._kind === rj.saved._kind && live._bodyA === a && live._bodyB === b;
    return jointFrom(rj.saved, a, b, same ? live : null);
  });
  load(world, r, joints);
}

/**
 * Empty every part of `world` for a restore in place, each by its owner's
 * `clear()` (keeping what it has grown): no bodies, contacts, joints,
 * boxes, islands, seams or pending events.
 */
function emptyParts(world: World): void {
  const old = world.bodies;
  world.contactManager.clear(old);
  if (world.jointManager !== null) {
    for (const j of world.jointManager.all()) j._world = null;
    world.jointManager.clear();
  }
  world.broadphase.clear();
  world.islands.clear();
  world.seams.clear();
  world.events.clear();
  for (const b of old) {
    b._world = null;
    b.slot = -1;
    if (b._parts !== null) {
      for (const p of b._parts) {
        p._world = null;
        p.slot = -1;
      }
    }
  }
  world.members.clear();
}

/**
 * Put checked snapshot (or clone) contents into an empty world: the
 * bodies, and `joints`, made for r.joints' bodies and holding their saved
 * state, in the same order.
 */
function load(world: World, r: RestoredWorld, joints: readonly Joint[]): void {
  const members = world.members;
  const islands = world.islands;
  const broadphase = world.broadphase;
  // broadphase boxes swept as the original's were at the end of its last step
  world.motion.dt = r.lastDt;
  broadphase.beginLoad();
  for (let i = 0; i < r.bodies.length; i++) {
    const body = r.bodies[i]!;
    world.attach(body);
    members.list.push(body);
    islands.add(body);
    islands.sleepTime[body.slot] = r.sleepTime[i]!;
    if (r.changed[i]) world.markChanged(body);
  }
  broadphase.endLoad();
  // the shared faces, found from the geometry as the original's were (its neighbours'
  // refreshes, if any were pending, are in the restored `changed` flags)
  for (const body of r.bodies) {
    if (isTile(body)) world.seams.update(body, broadphase, true, world.seamed);
  }
  world.seamed.length = 0;
  const island: Body[] = [];
  for (const members of r.sleepingIslands) {
    island.length = 0;
    for (const i of members) island.push(r.bodies[i]!);
    islands.restoreIsland(island);
    for (const b of island) world.setRestingBox(b);
  }
  members.nextId = r.nextId;
  world.simTime = r.time;
  world.steps = r.stepCount;
  world.accumulator = r.accumulator;
  world.lastDt = r.lastDt;
  for (let i = 0; i < r.contacts.length; i++) {
    const a = r.bodies[r.contactBodies[2 * i]!]!;
    const b = r.bodies[r.contactBodies[2 * i + 1]!]!;
    // the colliders: a compound's shape, or the body itself
    const sa = a._parts === null ? a : a._parts[r.contactShapes[2 * i]!]!;
    const sb = b._parts === null ? b : b._parts[r.contactShapes[2 * i + 1]!]!;
    const c = world.contactManager.restore(a, b, sa, sb);
    copyContactState(r.contacts[i]!, c);
  }
  const jm = world.jointManager;
  if (jm !== null) {
    for (const joint of joints) {
      jm.add(joint, joint._id);
      joint._world = world;
    }
    jm.nextJointId = r.nextJointId;
  }
  islands.flush();
  world.contactManager.flush();
}

/** `world.clone()`. */
function clone(world: World): World {
  if (world.stepping) throw new Error("capsule2d: clone() cannot be called during a step");
  // the same class with the same modules (the World of capsule2d/threads is capsule2d's with one more)
  const copy = new (world.constructor as new (options: WorldOptions, modules: World["modules"]) => World)(world.opts, world.modules);
  copy.binaryCodec = world.binaryCodec;
  copy.contactConstraints.wasmModule = world.contactConstraints.wasmModule; // the WebAssembly passes too (capsule2d/wasm)
  const s = state(world);
  const index = new Map<number, number>();
  const bodies = s.bodies.map((b, i) => {
    const c = b.clone();
    c._id = b._id;
    index.set(c._id, i);
    return c;
  });
  const at = (b: Body): number => index.get(b._id)!;
  const joints = s.joints.map((j) => jointFrom(j, bodies[at(j._bodyA)]!, bodies[at(j._bodyB)]!, null));
  load(copy, {
    options: world.opts,
    time: s.time,
    stepCount: s.stepCount,
    accumulator: s.accumulator,
    lastDt: s.lastDt,
    nextId: s.nextId,
    bodies,
    sleepTime: Float64Array.from(s.bodies, (b) => s.sleepTime(b)),
    changed: Uint8Array.from(s.bodies, (b) => (s.changed(b) ? 1 : 0)),
    sleepingIslands: s.sleepingIslands.map((members) => members.map(at)),
    contacts: s.contacts.slice(),
    contactBodies: Int32Array.from(s.contacts.flatMap((c) => [at(c.bodyA), at(c.bodyB)])),
    contactShapes: Int32Array.from(s.contacts.flatMap((c) => [shapeIndex(c.bodyA, c.shapeA), shapeIndex(c.bodyB, c.shapeB)])),
    joints: s.joints.map((j) => ({ a: at(j._bodyA), b: at(j._bodyB), saved: j })),
    nextJointId: s.nextJointId,
  }, joints);
  return copy;
}

/** Which of `body`'s shapes `collider` is (a compound's part's index; 0 for the body itself). */
function shapeIndex(body: Body, collider: Body): number {
  return body._parts === null ? 0 : body._parts.indexOf(collider);
}

/**
 * A joint of a restored world: `reuse` (the user's joint of that id, for the
 * same bodies) or a new one, given the saved state. `reuse` keeps its label
 * and userData.
 */
function jointFrom(saved: Joint, a: Body, b: Body, reuse: Joint | null): Joint {
  if (reuse === null) {
    const joint = new Joint(saved._kind, a, b);
    copyJointState(saved, joint);
    return joint;
  }
  const { label, userData } = reuse;
  copyJointState(saved, reuse);
  reuse.label = label;
  reuse.userData = userData;
  return reuse;
}

/** The snapshots module (`WorldModules.snapshots`). */
export const SNAPSHOTS: SnapshotsModule = {
  snapshot,
  snapshotInto,
  restore,
  clone,
};
