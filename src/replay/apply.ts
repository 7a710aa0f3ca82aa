/**
 * Making recorded calls again: the ops of a recording applied to a world
 * (what `replay`, `worldAt` and `recorder.rollback` share), and finding
 * bodies and joints by id.
 */
import type { Body } from "../bodies/body.js";
import type { Joint } from "../joints/joint.js";
import type { ForceField } from "../solver/integrate.js";
import type { World } from "../world/full-world.js";
import { ByteReader, corrupt, type ValueContext } from "./codec.js";
import { OP_BODY, OP_INPUT, OP_WORLD, readOp, type Recording, type RingEntry } from "./recording.js";
import { shapeCall } from "./methods.js";

/** The item with this `_id` in `list`, which is sorted by id (binary search). */
function findById<T extends { readonly _id: number }>(list: readonly T[], id: number): T | null {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const item = list[mid]!;
    if (item._id === id) return item;
    if (item._id < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** The body with this id in `world` (bodies are kept in id order). */
export function bodyById(world: World, id: number): Body | null {
  return findById(world.bodies, id);
}

/** The joint with this id in `world` (joints are kept in creation order, which is id order). */
export function jointById(world: World, id: number): Joint | null {
  return findById(world.joints, id);
}

/** @internal Make the calls recorded in ops [from, to) on `world`. */
export function applyOps(
  world: World,
  rec: Recording,
  from: number,
  to: number,
  field: (index: number) => ForceField,
  onInput?: (value: unknown, step: number) => void,
): void {
  const ctx: ValueContext = {
    body(id) {
      const b = bodyById(world, id);
      if (b === null) corrupt(`a call names body #${id}, which is not in the world then`);
      return b;
    },
    joint(id) {
      const j = jointById(world, id);
      if (j === null) corrupt(`a call names joint #${id}, which is not in the world then`);
      return j;
    },
    field,
  };
  const r = new ByteReader(rec.ops.bytes, from, to, "op stream");
  while (r.at < to) {
    const op = readOp(r, rec.names, ctx);
    const a = op.args;
    if (op.target === OP_INPUT) {
      if (onInput !== undefined) onInput(a[0], world.stepCount + 1);
      continue;
    }
    if (op.target === OP_WORLD) {
      if (op.method === "add") {
        const body = a[0] as Body;
        const id = body._id;
        world.add(body);
        if (body._id !== id) corrupt(`body added as #${body._id}, recorded as #${id}`);
      } else if (op.method === "addJoint") {
        const joint = world.addJoint(a[0] as never);
        if (joint._id !== a[1]) corrupt(`joint added as #${joint._id}, recorded as #${String(a[1])}`);
      } else {
        (world as unknown as Record<string, (...x: unknown[]) => unknown>)[op.method]!(...a);
      }
      continue;
    }
    const target = op.target === OP_BODY ? ctx.body(op.id) : ctx.joint(op.id);
    const sc = op.target === OP_BODY ? shapeCall(op.method) : null;
    if (sc !== null) {
      // a compound's shape's call (`shapes[i].setFriction`): i within the body's shapes
      const shapes = (target as Body).shapes;
      if (sc.index >= shapes.length) corrupt(`a call names shapes[${sc.index}] of body #${op.id}, which has ${shapes.length}`);
      (shapes[sc.index] as unknown as Record<string, (...x: unknown[]) => unknown>)[sc.call]!(...a);
      continue;
    }
    (target as unknown as Record<string, (...x: unknown[]) => unknown>)[op.method]!(...a);
  }
}

/** The snapshot to start from for step `step`: the newest kept one at or before it, else the initial world. */
export function startFor(rec: Recording, step: number): RingEntry {
  let best: RingEntry = { step: rec.firstStep, opEnd: 0, buffer: rec.initial, field: rec.initialField };
  for (const e of rec.ring) if (e.step <= step && e.step > best.step) best = e;
  return best;
}
