/**
 * Membership and change tracking: which bodies a world holds, in id order,
 * the slot each has (its index into every per-body table of the world's
 * parts), and the bodies the user changed since the last step (what stage 0
 * refreshes), in `Membership`, which `World` (src/world/world.ts) owns
 * (`clear()` empties it for a world restored in place); and what adding,
 * removing and changing a body does to the world's parts (`addBody`,
 * `removeBody`, `bodyChanged`), with the waking that goes with it.
 */
import {
  BOX, CHANGE_FORCE, CHANGE_MASS, CHANGE_MATERIAL, CHANGE_PAIRING, CHANGE_POSE, CHANGE_SLEEP, CHANGE_TYPE, CHANGE_VELOCITY, CHANGE_WAKE,
  type Body, type BodyOwner,
} from "../bodies/body.js";
import * as check from "../math/validate.js";
import type { Broadphase, PairList, QueryBox } from "../collision/broadphase/broadphase.js";
import { checkBody } from "../collision/narrowphase/collide.js";
import { MAX_BODY_ID, TOUCHING } from "../contacts/contact.js";
import type { ContactManager } from "../contacts/contact-manager.js";
import { isChainSegment, isTile, type Seams } from "../contacts/seams.js";
import type { JointManager } from "../joints/joint-manager.js";
import type { Islands } from "../solver/islands.js";
import type { MotionBounds } from "../solver/motion-bounds.js";
import type { SolverBodies } from "../solver/solver-bodies.js";
import type { WorldJournal } from "./journal.js";

/** The parts of a world that membership changes (`World` has them all). */
export interface MemberWorld extends BodyOwner {
  readonly members: Membership;
  readonly islands: Islands;
  readonly contactManager: ContactManager;
  readonly solverBodies: SolverBodies;
  readonly broadphase: Broadphase;
  readonly seams: Seams;
  readonly seamed: Body[];
  readonly motion: MotionBounds;
  readonly box: QueryBox;
  readonly woken: Body[];
  readonly stepping: boolean;
  readonly journal: WorldJournal | null;
  readonly jointManager: JointManager | null;
  readonly modules: { readonly joints: { detachJointsOf(world: MemberWorld, body: Body): void } | null };
  readonly opts: { readonly speculativeDistance: number };
  readonly lastDt: number;
  readonly started: PairList;
  readonly ended: PairList;
}

export class Membership {
  /** The bodies in id order (holes after removals, closed when read: `bodies()`). */
  readonly list: (Body | null)[] = [];
  holes = 0;
  /** The id the next added body gets. */
  nextId = 0;
  /** The body of each slot (null: free). */
  readonly slots: (Body | null)[] = [];
  readonly freeSlots: number[] = [];
  /** Slots of bodies removed since the last step: free again once the awake list has dropped them. */
  readonly releasedSlots: number[] = [];
  /** Bodies the user changed since the last step (and a flag per slot). */
  readonly changed: Body[] = [];
  /** How many of `changed` are this step's (the array keeps its length: emptying it would free its storage, to be made again at the next push). */
  changedCount = 0;
  changedFlag = new Uint8Array(64);
  /** Every awake body is refreshed at the next step (options changed). */
  refreshAll = false;
  /** Bodies in the world other than circles, capsules and AABBs (boxes, polygons, segments): their contacts are solved in colour order (StepContext.coloured). */
  turning = 0;

  /** The bodies, in id order (the holes closed first). */
  bodies(): readonly Body[] {
    if (this.holes > 0) {
      let n = 0;
      const list = this.list;
      for (let i = 0; i < list.length; i++) if (list[i] !== null) list[n++] = list[i]!;
      list.length = n;
      this.holes = 0;
    }
    return this.list as readonly Body[];
  }

  /** The changed flags cover `n` slots. */
  growSlots(n: number): void {
    if (this.changedFlag.length < n) {
      const grown = new Uint8Array(this.changedFlag.length * 2);
      grown.set(this.changedFlag);
      this.changedFlag = grown;
    }
  }

  /** A body changed since the last step (once per step). */
  mark(body: Body): void {
    if (this.changedFlag[body.slot] === 1) return;
    this.changedFlag[body.slot] = 1;
    this.changed[this.changedCount++] = body;
  }

  /** Take a body out of the id-ordered list, found by binary search (ids only grow), and release its slot. */
  unlist(body: Body): void {
    const list = this.list;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      let m = mid;
      while (m <= hi && list[m] === null) m++; // skip holes
      if (m > hi) {
        hi = mid - 1;
        continue;
      }
      const id = list[m]!._id;
      if (id === body._id) {
        list[m] = null;
        this.holes++;
        break;
      }
      if (id < body._id) lo = m + 1;
      else hi = mid - 1;
    }
    this.changedFlag[body.slot] = 0;
    this.slots[body.slot] = null;
    this.releasedSlots.push(body.slot);
  }

  /** The slots released since the last step are free again (the awake list has dropped their bodies). */
  freeReleased(): void {
    // an index, not for-of: called once a step, this may run unoptimised, where for-of makes an iterator
    const released = this.releasedSlots;
    for (let i = 0; i < released.length; i++) this.freeSlots.push(released[i]!);
    released.length = 0;
  }

  /** Forget every body (as new, keeping the memory grown): for a world restored in place. */
  clear(): void {
    this.changedFlag.fill(0);
    this.list.length = 0;
    this.holes = 0;
    this.slots.length = 0;
    this.freeSlots.length = 0;
    this.releasedSlots.length = 0;
    this.changed.length = 0;
    this.changedCount = 0;
    this.refreshAll = false;
    this.turning = 0;
  }
}

/** Add a body; returns it. Throws (changing nothing) if it is already in a world or holds a non-finite value. */
export function addBody<T extends Body>(w: MemberWorld, body: T): T {
  checkBody("body", body);
  if (body._world === w) throw new RangeError(`capsule2d: body #${body._id} is already in this world`);
  if (body._world !== null) throw new RangeError(`capsule2d: body #${body._id} is already in another world`);
  check.finite("body.position.x", body.px);
  check.finite("body.position.y", body.py);
  check.finite("body.velocity.x", body.vx);
  check.finite("body.velocity.y", body.vy);
  check.finite("body.angularVelocity", body.w);
  const parts = body._parts;
  if (w.members.nextId + (parts === null ? 0 : parts.length) >= MAX_BODY_ID) throw new RangeError(`capsule2d: too many bodies added to one world (${MAX_BODY_ID})`);
  if (w.stepping) throw new Error("capsule2d: add() cannot be called during a step");
  body._id = w.members.nextId++;
  // a compound's parts take the ids after its own (contact keys order parts as their compounds)
  if (parts !== null) {
    for (const p of parts) p._id = w.members.nextId++;
  }
  attach(w, body);
  w.members.list.push(body);
  body.x0 = body.px;
  body.y0 = body.py;
  body.c0 = body.qc;
  body.s0 = body.qs;
  w.islands.add(body);
  w.members.mark(body);
  updateSeams(w, body, true);
  if (w.journal !== null) w.journal.call(w, "add", body);
  return body;
}

/**
 * A body came, went or changed: if it is or was a static box, its shared
 * faces are found again, and the tiles next to it, whose faces it now
 * covers or uncovers, get their contacts refreshed before the next step.
 */
function updateSeams(w: MemberWorld, body: Body, present: boolean): void {
  const seams = w.seams;
  const parts = body._parts;
  if (parts !== null) {
    // a Chain's segments may continue a tile's face (seams.ts chainCover)
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (isChainSegment(p) || seams.hasLinks(p)) updateSeamsOf(w, p, present);
    }
    return;
  }
  if (!isTile(body) && !seams.hasLinks(body)) return;
  updateSeamsOf(w, body, present);
}

function updateSeamsOf(w: MemberWorld, body: Body, present: boolean): void {
  const affected = w.seamed;
  w.seams.update(body, w.broadphase, present, affected);
  for (let i = 0; i < affected.length; i++) {
    w.members.mark(affected[i]!);
    wakeTouching(w, affected[i]!);
  }
  affected.length = 0;
}

/** A free slot for `body` (the tables of the world's parts grown to cover it). */
function takeSlot(w: MemberWorld, body: Body): void {
  const slot = w.members.freeSlots.length > 0 ? w.members.freeSlots.pop()! : w.members.slots.length;
  if (slot === w.members.slots.length) {
    w.members.slots.push(null);
    const n = w.members.slots.length;
    w.islands.grow(n);
    w.contactManager.growSlots(n);
    w.solverBodies.growSlots(n);
    w.seams.growSlots(n);
    w.members.growSlots(n);
  }
  w.members.slots[slot] = body;
  body.slot = slot;
  body._world = w;
}

/**
 * Give a body a slot and a broadphase proxy; a compound gets no proxy of its
 * own: each of its parts gets a slot (only the broadphase's proxy table is
 * indexed by it) and a proxy.
 */
export function attach(w: MemberWorld, body: Body): void {
  takeSlot(w, body);
  if (body._kind > BOX) w.members.turning++;
  if (body._parts !== null) for (const p of body._parts) takeSlot(w, p);
  addProxies(w, body);
}

/** The body's broadphase proxies (a compound's: its parts'), at its bounds swept over its motion in a step of the last dt. */
export function addProxies(w: MemberWorld, body: Body): void {
  body.updateBounds();
  const parts = body._parts;
  if (parts === null) {
    w.motion.boxOf(body, w.box); // swept over its motion in a step of the last dt (0 in a new world)
    w.broadphase.add(body, w.box);
    return;
  }
  for (const p of parts) {
    // the broadphase and the pairing read a part's type (its compound's)
    p._type = body._type;
    p._bullet = body._bullet;
    w.motion.boxOf(p, w.box);
    w.broadphase.add(p, w.box);
  }
}

/** Take the body's broadphase proxies out (a compound's: its parts'). */
export function removeProxies(w: MemberWorld, body: Body): void {
  const parts = body._parts;
  if (parts === null) w.broadphase.remove(body);
  else for (const p of parts) w.broadphase.remove(p);
}

/** Move a compound's parts' proxies to their boxes (the compound's `updateBounds` has placed them), swept by `motion`. */
export function updatePartProxies(bp: Broadphase, motion: MotionBounds, body: Body, box: QueryBox): void {
  const parts = body._parts!;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    motion.boxOf(p, box);
    bp.update(p, box);
  }
}

/**
 * Remove a body. Its touching pairs report an end (with the next step's
 * events); bodies resting on it wake. Costs the number of its contacts and
 * the size of its island, not the size of the world.
 */
export function removeBody(w: MemberWorld, body: Body): void {
  checkBody("body", body);
  if (body._world !== w) throw new RangeError(`capsule2d: body #${body._id} is not in this world`);
  if (w.stepping) throw new Error("capsule2d: remove() cannot be called during a step");
  if (w.journal !== null) w.journal.call(w, "remove", body);
  wakeIsland(w, body);
  wakeTouching(w, body);
  if (w.jointManager !== null) w.modules.joints!.detachJointsOf(w, body);
  updateSeams(w, body, false);
  w.contactManager.destroyContactsOf(body);
  removeProxies(w, body);
  w.islands.remove(body);
  w.members.unlist(body);
  if (body._kind > BOX) w.members.turning--;
  body._world = null;
  body.slot = -1;
  if (body._parts !== null) {
    for (const p of body._parts) {
      w.members.slots[p.slot] = null;
      w.members.releasedSlots.push(p.slot);
      p._world = null;
      p.slot = -1;
    }
  }
}

/** A body changed (CHANGE_* bits): update everything that depends on it. */
export function bodyChanged(w: MemberWorld, body: Body, change: number): void {
  if ((change & (CHANGE_TYPE | CHANGE_PAIRING)) !== 0) {
    // what it collides with changed: its contacts end, and are found again before the next step
    wakeIsland(w, body);
    wakeTouching(w, body);
    w.contactManager.destroyContactsOf(body);
    if ((change & CHANGE_TYPE) !== 0) w.islands.retype(body);
    removeProxies(w, body);
    addProxies(w, body);
    w.members.mark(body);
    updateSeams(w, body, true);
  }
  if ((change & CHANGE_POSE) !== 0) {
    body.x0 = body.px;
    body.y0 = body.py;
    body.c0 = body.qc;
    body.s0 = body.qs;
    if (body._type !== "dynamic") wakeTouching(w, body);
    w.members.mark(body);
    if (body._type === "static") {
      // its broadphase box moves at the next step: until then the seams look for it by hand
      w.seams.noteMoved(body);
      updateSeams(w, body, true);
    }
  }
  if ((change & CHANGE_VELOCITY) !== 0) w.members.mark(body);
  const wakes = CHANGE_POSE | CHANGE_VELOCITY | CHANGE_FORCE | CHANGE_MASS | CHANGE_MATERIAL | CHANGE_WAKE | CHANGE_TYPE | CHANGE_PAIRING;
  if ((change & wakes) !== 0 || ((change & CHANGE_SLEEP) !== 0 && !body._enableSleep)) {
    wakeIsland(w, body);
    w.islands.resetTimer(body);
  }
}

/** Wake a sleeping body's island (and bring its contacts back to the awake list). */
export function wakeIsland(w: MemberWorld, body: Body): void {
  const woken = w.woken;
  woken.length = 0;
  const n = w.islands.wake(body, woken);
  if (n > 0) w.contactManager.wakeContactsOf(woken, n);
  woken.length = 0;
}

/** Wake the island of everything touching `body` (it is moving away, or changing). */
function wakeTouching(w: MemberWorld, body: Body): void {
  const cm = w.contactManager;
  for (let c = cm.first(body); c !== null; c = c.nextOf(body)) {
    if ((c.flags & TOUCHING) !== 0 || c.count > 0) wakeIsland(w, c.other(body));
  }
}

/** Wake every sleeping body (options changed). */
export function wakeAll(w: MemberWorld): void {
  for (const b of w.members.slots) if (b !== null && b._parent === null && w.islands.isAsleep(b)) wakeIsland(w, b);
}

/** The pose at the start of this step of every awake body (and, for bodies that fall asleep, the pose they keep). */
function saveStartPoses(islands: Islands): void {
  for (let i = 0; i < islands.awakeCount; i++) {
    const b = islands.awake[i]!;
    b.x0 = b.px;
    b.y0 = b.py;
    b.c0 = b.qc;
    b.s0 = b.qs;
  }
}

/** Every awake body to be refreshed (a new dt changes every swept box and speculative margin). */
function markAwake(w: MemberWorld): void {
  const islands = w.islands;
  for (let i = 0; i < islands.awakeCount; i++) w.members.mark(islands.awake[i]!);
  w.members.refreshAll = false;
}

/** Fresh bounds and broadphase boxes for the changed bodies still in the world (compacted in `changed`); returns how many. */
function refreshChanged(w: MemberWorld): number {
  const changed = w.members.changed;
  const motion = w.motion;
  const bp = w.broadphase;
  const box = w.box;
  let n = 0;
  for (let i = 0; i < w.members.changedCount; i++) {
    const b = changed[i]!;
    if (b._world !== w) continue; // removed since
    changed[n++] = b;
    b.updateBounds();
    if (b._parts === null) {
      motion.boxOf(b, box);
      bp.update(b, box);
    } else updatePartProxies(bp, motion, b, box);
  }
  w.members.changedCount = n;
  return n;
}

/** The contacts of the n changed bodies, each contact once: from the second of its bodies visited when both changed (flag 1: to visit, 2: visited). */
function updateChangedContacts(w: MemberWorld, n: number): void {
  const changed = w.members.changed;
  const flags = w.members.changedFlag;
  for (let i = 0; i < n; i++) {
    const b = changed[i]!;
    flags[b.slot] = 2;
    w.contactManager.updateContactsOf(b, flags);
  }
  for (let i = 0; i < n; i++) flags[changed[i]!.slot] = 0;
}

/**
 * 0. The user's changes since the last step. The awake list drops the
 * bodies that fell asleep or left and takes in the woken and new ones (each
 * awake body's pose is saved as the step's start pose first); the bodies
 * the user moved, pushed or changed get fresh broadphase boxes, pairs and
 * contacts, so this step solves what is there now.
 *
 * The loops over bodies are functions of their own: this one runs once a
 * step, and V8 compiled its first loop on its own (on-stack replacement)
 * into code that, cached, left the function at the loop's end on every
 * step ("insufficient type feedback"), running the rest unoptimised.
 */
export function applyChanges(w: MemberWorld, dt: number): void {
  const islands = w.islands;
  saveStartPoses(islands);
  islands.flush();
  w.members.freeReleased();
  const motion = w.motion;
  motion.dt = dt;
  motion.base = w.opts.speculativeDistance;
  if (dt !== w.lastDt || w.members.refreshAll) markAwake(w);
  if (w.members.changedCount > 0) {
    const n = refreshChanged(w);
    w.seams.clearMoved();
    w.broadphase.updatePairs(w.started, w.ended);
    w.contactManager.applyPairs(w.started, w.ended);
    updateChangedContacts(w, n);
    w.members.changedCount = 0;
    islands.flush(); // bodies woken by those contacts
  }
  w.contactManager.flush();
}
