/**
 * Islands and sleep: which bodies the step simulates.
 *
 * Every body in a world is in one set, kept here by the body's slot:
 * - static: never simulated;
 * - awake: in the awake list, in id order; the step's loops visit only these;
 * - asleep: in a sleeping island, a set of bodies that sleep and wake
 *   together. Waking one body wakes its island, which costs the island's size.
 *
 * Bodies touching through contacts form an island (static and kinematic
 * bodies do not join islands: a floor does not tie together everything
 * standing on it). Each step the awake islands are found again with
 * union-find over the touching contacts (near-linear in awake bodies and
 * contacts), so there is no island graph to repair when contacts come and
 * go. When every body of an island has been slower than the tolerances for
 * `timeToSleep`, the island falls asleep: its bodies leave the awake list and
 * stop (velocity and angular velocity set to zero, as in Box2D v3: a body
 * reports what it does, and a sleeping body does not move; woken, it starts
 * from rest), and their contacts leave the awake contact list. The contacts
 * keep their impulses, so a woken pile is warm started where it rested.
 *
 * A body keeps its island awake while it moves faster than the tolerances,
 * while it has `enableSleep: false`, and while it touches a kinematic body
 * that moves. A kinematic body that moves never sleeps.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";
import type { Joint } from "../joints/joint.js";
import { SENSOR } from "../contacts/contact.js";
import { capacityFor, grown } from "../math/typed.js";

export const SET_NONE = 0;
export const SET_STATIC = 1;
export const SET_AWAKE = 2;
export const SET_ASLEEP = 3;

/** Does a kinematic (or any) body move? Exactly: a kinematic body moving at any speed never sleeps. */
function moves(b: Body): boolean {
  return b.vx !== 0 || b.vy !== 0 || b.w !== 0;
}

export class Islands {
  /** set[slot]: SET_NONE, SET_STATIC, SET_AWAKE or SET_ASLEEP. */
  set: Uint8Array = new Uint8Array(64);
  /** Seconds the body has been still. */
  sleepTime: Float64Array = new Float64Array(64);
  /** The sleeping island holding the body, -1 when awake or static. */
  island: Int32Array = new Int32Array(64).fill(-1);

  /** The awake bodies in id order: `awake[0 .. awakeCount)` (after `flush`). */
  awake: Body[] = [];
  awakeCount = 0;
  /** The slot each entry of `awake` was listed under (a removed body's own slot is gone by the flush). */
  private awakeSlot: number[] = [];
  private backSlot: number[] = [];
  /** Bodies that fell asleep in the last `update`, in `slept[0 .. fellAsleep)`. */
  fellAsleep = 0;
  readonly slept: Body[] = [];

  /** inList[slot]: the body sits in the awake array (it may have left the set since). */
  private inList: Uint8Array = new Uint8Array(64);
  private readonly pending: Body[] = [];
  private readonly pendingSlot: number[] = [];
  private compact = false;
  /** The other half of the awake list's double buffer. */
  private back: Body[] = [];
  /** Sleeping islands: island index → its bodies (null for a free index). */
  private sleeping: (Body[] | null)[] = [];
  private readonly freeIslands: number[] = [];
  // union-find scratch, by slot
  private parent: Int32Array = new Int32Array(64);
  private minSleep: Float64Array = new Float64Array(64);
  private rootIsland: Int32Array = new Int32Array(64);
  /** stamp[slot] === this update's number: the body is in this step's awake list (union-find covers it). */
  private stamp: Int32Array = new Int32Array(64);
  private updates = 0;

  /** Make room for slots 0 .. n-1. */
  grow(n: number): void {
    if (this.set.length < n) this.growTo(capacityFor(this.set.length, n));
  }

  private growTo(size: number): void {
    this.set = grown(this.set, size);
    this.inList = grown(this.inList, size);
    this.sleepTime = grown(this.sleepTime, size);
    this.island = grown(this.island, size, -1);
    this.parent = grown(this.parent, size);
    this.minSleep = grown(this.minSleep, size);
    this.rootIsland = grown(this.rootIsland, size, -1);
    this.stamp = grown(this.stamp, size);
  }

  /**
   * Forget every body and island: as new, keeping the memory grown (a world
   * restored in place from a snapshot). The update counter goes on, so no
   * old stamp can pass for a new one.
   */
  clear(): void {
    this.set.fill(SET_NONE);
    this.sleepTime.fill(0);
    this.island.fill(-1);
    this.inList.fill(0);
    this.awake.fill(null as unknown as Body, 0, this.awakeCount);
    this.awakeCount = 0;
    this.awakeSlot.length = 0;
    this.pending.length = 0;
    this.pendingSlot.length = 0;
    this.compact = false;
    this.sleeping.length = 0;
    this.freeIslands.length = 0;
    this.fellAsleep = 0;
    this.slept.length = 0;
  }

  isAwake(b: Body): boolean {
    return this.set[b.slot] === SET_AWAKE;
  }

  isAsleep(b: Body): boolean {
    return this.set[b.slot] === SET_ASLEEP;
  }

  /** A body joined the world: static, or awake with a fresh sleep timer. */
  add(b: Body): void {
    const s = b.slot;
    this.sleepTime[s] = 0;
    this.island[s] = -1;
    if (b._type === "static") {
      this.set[s] = SET_STATIC;
      return;
    }
    this.set[s] = SET_AWAKE;
    this.enlist(b);
  }

  /** A body left the world (wake its island first). */
  remove(b: Body): void {
    const s = b.slot;
    if (this.set[s] === SET_AWAKE) this.compact = true;
    this.set[s] = SET_NONE;
    this.island[s] = -1;
  }

  /** A body changed type (it is awake or static: wake it first). */
  retype(b: Body): void {
    const s = b.slot;
    this.sleepTime[s] = 0;
    if (b._type === "static") {
      if (this.set[s] === SET_AWAKE) this.compact = true;
      this.set[s] = SET_STATIC;
    } else if (this.set[s] !== SET_AWAKE) {
      this.set[s] = SET_AWAKE;
      this.enlist(b);
    }
  }

  /** Restart a body's sleep timer (something happened to it). */
  resetTimer(b: Body): void {
    this.sleepTime[b.slot] = 0;
  }

  /**
   * Wake the island of a sleeping body: every body in it becomes awake with a
   * fresh timer and is appended to `woken` (for the contacts to follow).
   * Returns how many woke (0 when the body was not asleep).
   */
  wake(b: Body, woken: Body[]): number {
    const s = b.slot;
    if (this.set[s] !== SET_ASLEEP) {
      if (this.set[s] === SET_AWAKE) this.sleepTime[s] = 0;
      return 0;
    }
    const index = this.island[s]!;
    const members = this.sleeping[index]!;
    for (let i = 0; i < members.length; i++) {
      const m = members[i]!;
      const ms = m.slot;
      this.set[ms] = SET_AWAKE;
      this.sleepTime[ms] = 0;
      this.island[ms] = -1;
      this.enlist(m);
      woken.push(m);
    }
    this.sleeping[index] = null;
    this.freeIslands.push(index);
    return members.length;
  }

  /** Put the body into the awake array (at its end when its id is the largest, else via the pending merge). */
  private enlist(b: Body): void {
    const s = b.slot;
    if (this.inList[s] === 1) return;
    this.inList[s] = 1;
    if (this.pending.length === 0 && !this.compact && (this.awakeCount === 0 || this.awake[this.awakeCount - 1]!._id < b._id)) {
      this.awakeSlot[this.awakeCount] = s;
      this.awake[this.awakeCount++] = b;
    } else {
      this.pendingSlot[this.pending.length] = s;
      this.pending.push(b);
    }
  }

  /**
   * Bring the awake list up to date: drop the bodies that left the awake set,
   * merge the new ones in id order. O(awake + new·log new). The world calls
   * it at the start of each step, and frees the slots of removed bodies only
   * after it (a removed body may still sit in the array until then).
   */
  flush(): void {
    if (!this.compact && this.pending.length === 0) return;
    const pending = this.pending;
    const pendingSlot = this.pendingSlot;
    if (pending.length > 1) {
      // sort the new entries by id, keeping each one's slot with it (few: an insertion sort)
      for (let a = 1; a < pending.length; a++) {
        const b = pending[a]!;
        const s = pendingSlot[a]!;
        let c = a - 1;
        while (c >= 0 && pending[c]!._id > b._id) {
          pending[c + 1] = pending[c]!;
          pendingSlot[c + 1] = pendingSlot[c]!;
          c--;
        }
        pending[c + 1] = b;
        pendingSlot[c + 1] = s;
      }
    }
    const old = this.awake;
    const oldSlot = this.awakeSlot;
    const out = this.back;
    const outSlot = this.backSlot;
    const set = this.set;
    const oldCount = this.awakeCount;
    let n = 0;
    let i = 0;
    let j = 0;
    while (i < oldCount || j < pending.length) {
      const fromOld = j >= pending.length || (i < oldCount && old[i]!._id < pending[j]!._id);
      const b = fromOld ? old[i]! : pending[j]!;
      const s = fromOld ? oldSlot[i++]! : pendingSlot[j++]!;
      if (set[s] === SET_AWAKE && b.slot === s) {
        outSlot[n] = s;
        out[n++] = b;
      } else {
        this.inList[s] = 0;
      }
    }
    old.fill(null as unknown as Body, 0, oldCount); // drop references to removed bodies
    this.back = old;
    this.backSlot = oldSlot;
    this.awake = out;
    this.awakeSlot = outSlot;
    this.awakeCount = n;
    pending.length = 0;
    pendingSlot.length = 0;
    this.compact = false;
  }

  /**
   * End of a step: advance the sleep timers of the awake bodies, group them
   * into islands through the touching contacts, and put to sleep every island
   * whose bodies have all been still for `timeToSleep`. Returns how many
   * bodies fell asleep. `contacts[0 .. count)` are the awake contacts.
   */
  update(
    contacts: readonly Contact[],
    contactCount: number,
    joints: readonly Joint[],
    jointCount: number,
    dt: number,
    timeToSleep: number,
    linTol: number,
    angTol: number,
  ): number {
    const awake = this.awake;
    const n = this.awakeCount;
    const parent = this.parent;
    const minSleep = this.minSleep;
    const set = this.set;
    const stamp = this.stamp;
    const now = ++this.updates;
    const lin2 = linTol * linTol;
    const ang2 = angTol * angTol;
    for (let i = 0; i < n; i++) {
      const b = awake[i]!;
      const s = b.slot;
      let still: boolean;
      if (!b._enableSleep) still = false;
      else if (b._type === "kinematic") still = !moves(b);
      else still = b.vx * b.vx + b.vy * b.vy <= lin2 && b.w * b.w <= ang2;
      const t = still ? this.sleepTime[s]! + dt : 0;
      this.sleepTime[s] = t;
      parent[s] = s;
      minSleep[s] = t;
      this.rootIsland[s] = -1;
      stamp[s] = now;
    }
    for (let i = 0; i < contactCount + jointCount; i++) {
      let a: Body;
      let b: Body;
      if (i < contactCount) {
        const c = contacts[i]!;
        if (c.count === 0 || (c.flags & SENSOR) !== 0) continue; // speculative points count: they are about to touch
        a = c.bodyA;
        b = c.bodyB;
      } else {
        // a joint ties its bodies as a touching contact does (the world lists only constraining joints)
        const j = joints[i - contactCount]!;
        a = j._bodyA;
        b = j._bodyB;
      }
      const sa = a.slot;
      const sb = b.slot;
      // simulated in this step: in the awake list union-find started from (a body woken during
      // the step by a contact is marked awake but joins the list only at the next step)
      const aAwake = stamp[sa] === now;
      const bAwake = stamp[sb] === now;
      if (!aAwake || !bAwake) {
        // touching a body that was not simulated (asleep, or woken too late for this step):
        // the one that was stays awake; a static body ties nothing
        if (aAwake && set[sb] !== SET_STATIC) minSleep[sa] = 0;
        if (bAwake && set[sa] !== SET_STATIC) minSleep[sb] = 0;
        continue;
      }
      const aDyn = a._type === "dynamic";
      const bDyn = b._type === "dynamic";
      if (!aDyn || !bDyn) {
        // a kinematic body does not join islands, but one that moves keeps what it touches awake
        if (!aDyn && bDyn && moves(a)) minSleep[sb] = 0;
        if (!bDyn && aDyn && moves(b)) minSleep[sa] = 0;
        continue;
      }
      const ra = this.find(sa);
      const rb = this.find(sb);
      if (ra === rb) continue;
      // union by smaller slot keeps the result independent of contact order
      if (ra < rb) {
        parent[rb] = ra;
        if (minSleep[rb]! < minSleep[ra]!) minSleep[ra] = minSleep[rb]!;
      } else {
        parent[ra] = rb;
        if (minSleep[ra]! < minSleep[rb]!) minSleep[rb] = minSleep[ra]!;
      }
    }
    let asleep = 0;
    for (let i = 0; i < n; i++) {
      const b = awake[i]!;
      const root = this.find(b.slot);
      if (minSleep[root]! < timeToSleep) continue;
      let index = this.rootIsland[root]!;
      if (index < 0) {
        index = this.freeIslands.length > 0 ? this.freeIslands.pop()! : this.sleeping.length;
        if (index === this.sleeping.length) this.sleeping.push(null);
        this.sleeping[index] = [];
        this.rootIsland[root] = index;
      }
      this.sleeping[index]!.push(b);
      set[b.slot] = SET_ASLEEP;
      // it stops: what it was still doing (slower than the tolerances) it does no more
      b.vx = 0;
      b.vy = 0;
      b.w = 0;
      this.island[b.slot] = index;
      this.slept[asleep++] = b;
    }
    if (asleep > 0) this.compact = true;
    this.fellAsleep = asleep;
    return asleep;
  }

  private find(i: number): number {
    const p = this.parent;
    while (p[i]! !== i) {
      const g = p[p[i]!]!;
      p[i] = g; // path halving
      i = g;
    }
    return i;
  }

  /**
   * The sleeping islands, each as its bodies in id order, in the order of
   * their first bodies' ids (for snapshots and tests): the same list for the
   * same islands, whichever index each one was given.
   */
  sleepingIslands(): Body[][] {
    const out: Body[][] = [];
    for (const members of this.sleeping) if (members !== null && members.length > 0) out.push(members.slice());
    return out.sort((a, b) => a[0]!._id - b[0]!._id);
  }

  /** Put a restored set of bodies to sleep as one island (snapshots). */
  restoreIsland(members: readonly Body[]): void {
    const index = this.freeIslands.length > 0 ? this.freeIslands.pop()! : this.sleeping.length;
    if (index === this.sleeping.length) this.sleeping.push(null);
    const list: Body[] = [];
    for (const b of members) {
      if (this.set[b.slot] === SET_AWAKE) this.compact = true;
      this.set[b.slot] = SET_ASLEEP;
      this.island[b.slot] = index;
      list.push(b);
    }
    this.sleeping[index] = list;
  }
}
