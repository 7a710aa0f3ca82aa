/**
 * The contact lifecycle: every contact of a world is created, updated,
 * reported and destroyed here.
 *
 * - Create: the broadphase reports the pairs whose boxes (each body's
 *   bounds, swept over its coming motion while awake, grown by the
 *   speculative distance) began to overlap; a pair that can touch
 *   (`canTouch`) gets a contact, from a pool, linked into both bodies'
 *   contact lists and found by its pair key in an O(1) hash map. A contact
 *   lives exactly while the boxes overlap: that depends only on where the
 *   bodies are, how they move and whether they sleep, never on the
 *   broadphase's history, so a world restored from a snapshot (whose
 *   broadphase is rebuilt) has the same contacts.
 * - Update: each step, every awake contact (at least one body awake) gets a
 *   fresh manifold from the narrowphase, whose points inherit the last
 *   impulses by feature id (warm starting); its TOUCHING flag says whether a
 *   point is within the touching distance.
 * - Report: at the end of the step, a contact whose touching state differs
 *   from the one last reported gives a begin or end event (sensor events for
 *   sensor pairs).
 * - Destroy: when the broadphase reports the boxes parted, when a body
 *   leaves the world or changes what it collides with. A contact reported as
 *   touching gives an end event.
 *
 * The awake contacts are kept in one list in the canonical order of their
 * pair keys (body ids): the solver visits them in that order, so the results
 * depend only on which contacts exist, never on when or how they were made
 * (a world restored from a snapshot, whose broadphase is rebuilt, continues
 * with the same bits). New and woken contacts are merged in once per step;
 * contacts whose bodies all sleep leave it, and are not visited again until
 * one of their bodies wakes. Destroyed contacts leave it lazily, once they
 * are worth a pass (readers skip them: flag DEAD, no points).
 */
import { BOX, CAPSULE, CIRCLE, type Body } from "../bodies/body.js";
import type { PairList } from "../collision/broadphase/broadphase.js";
import type { ContactEventSink } from "./contact-events.js";
import { collideWith } from "../collision/narrowphase/collide.js";
import type { MotionBounds } from "../solver/motion-bounds.js";
import { ManifoldBuffer } from "../collision/narrowphase/manifold.js";
import { Contact, ContactRows, PUSHED_BY_SOLVER, ROW, DEAD, DECIDED, IN_LIST, IN_PENDING, ONE_WAY, PASSING, REPORTED, RESTORED, SENSOR, TOUCHING, BEGAN, WITH_STATIC } from "./contact.js";
import { canTouch } from "./pairing.js";
import { PairMap } from "../collision/broadphase/pair-map.js";
import { grown } from "../math/typed.js";
import type { Seams } from "./seams.js";

/** What the contacts need to know about the world's bodies (the islands answer). */
export interface ContactWorld {
  /** Is the body awake (simulated this step)? */
  isAwake(body: Body): boolean;
  /** Is the body asleep? */
  isAsleep(body: Body): boolean;
  /** Wake the body's island (its contacts come back through `wakeContactsOf`). */
  wake(body: Body): void;
  /** Does a joint keep these bodies from colliding (collideConnected false)? */
  jointed(a: Body, b: Body): boolean;
}



/** How the narrowphase is asked (set by the world from its options before each update). */
export class NarrowphaseSettings {
  /** Speculative margins grow with speed (continuous collision). */
  continuous = true;
  /** The fixed speculative distance, m: also the touching distance. */
  speculativeDistance = 0.02;
  motion: MotionBounds | null = null;
  /** The faces static boxes share (their contacts never use a hidden face or corner). */
  seams: Seams | null = null;
}

/** Sorted runs of this length are merged by `sortByKey`. */
const RUN = 16;

/**
 * Sort `list[0 .. n)` by contact key, `keys[0 .. n)` holding each one's key
 * (sorted with it), in the order Array.prototype.sort would give (stable),
 * without allocating: V8's sort copies the array into a new work array on
 * every call, and a comparator's result of `a.key − b.key` (keys pass 2^31)
 * is a new heap number per comparison. The comparisons read `keys`, side by
 * side in memory, not the contacts (a key in a contact is a heap number of
 * its own: two reads from anywhere in the heap per comparison, which made
 * this sort a tenth of the first step of a pile of 1,000 bodies). Insertion
 * sort of short runs, then bottom-up merges through `scratch` and
 * `scratchKeys` (each at least n long).
 */
export function sortByKey(list: Contact[], keys: Float64Array, n: number, scratch: Contact[], scratchKeys: Float64Array): void {
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = lo + RUN < n ? lo + RUN : n;
    for (let i = lo + 1; i < hi; i++) {
      const c = list[i]!;
      const key = keys[i]!;
      let j = i - 1;
      while (j >= lo && keys[j]! > key) {
        list[j + 1] = list[j]!;
        keys[j + 1] = keys[j]!;
        j--;
      }
      list[j + 1] = c;
      keys[j + 1] = key;
    }
  }
  if (n <= RUN) return;
  while (scratch.length < n) scratch.push(list[0]!);
  let from = list;
  let fromKeys = keys;
  let to = scratch;
  let toKeys = scratchKeys;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = lo + width < n ? lo + width : n;
      const hi = lo + 2 * width < n ? lo + 2 * width : n;
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (fromKeys[j]! < fromKeys[i]!) {
          toKeys[k] = fromKeys[j]!;
          to[k++] = from[j++]!;
        } else {
          toKeys[k] = fromKeys[i]!;
          to[k++] = from[i++]!;
        }
      }
      for (; i < mid; i++, k++) {
        toKeys[k] = fromKeys[i]!;
        to[k] = from[i]!;
      }
      for (; j < hi; j++, k++) {
        toKeys[k] = fromKeys[j]!;
        to[k] = from[j]!;
      }
    }
    const t = from;
    from = to;
    to = t;
    const tk = fromKeys;
    fromKeys = toKeys;
    toKeys = tk;
  }
  if (from !== list) {
    // by hand: keys.set(fromKeys.subarray(0, n)) would make a view object on every call
    for (let i = 0; i < n; i++) {
      list[i] = from[i]!;
      keys[i] = fromKeys[i]!;
    }
  }
}

/** Fewer awake contacts than this fit in cache whatever their rows' order: they are not arranged. */
const ARRANGE_MIN = 256;

export class ContactManager {
  /** Contacts by body pair. */
  private readonly map = new PairMap<Contact>();
  private readonly pool: Contact[] = [];
  /** heads[slot]: the first contact in that body's list. */
  private heads: (Contact | null)[] = [];
  /**
   * The awake contacts in key order: `awake[0 .. awakeCount)` after `flush`.
   * Destroyed contacts may linger in it (flag DEAD, no points) until enough
   * gather to be worth a pass: readers skip them.
   */
  awake: Contact[] = [];
  awakeCount = 0;
  /** The keys of `awake`, side by side, so that merging reads no contact. */
  private awakeKeys = new Float64Array(64);
  private back: Contact[] = [];
  private backKeys = new Float64Array(64);
  private readonly pending: Contact[] = [];
  /** The keys of `pending`, side by side (what the sort compares). */
  private pendingKeys = new Float64Array(64);
  /** How many of `pending` wait (the array keeps its length: emptying it would free its storage, to be made again at the next push). */
  private pendingCount = 0;
  /** Destroyed contacts still in the awake list. */
  private deadInList = 0;
  /** `sortByKey`'s second buffers. */
  private readonly sortScratch: Contact[] = [];
  private sortScratchKeys = new Float64Array(64);
  /** Contacts that joined the awake list since the rows were last arranged in its order (see `ContactRows.arrange`). */
  private unarranged = 0;
  /** Islands fell asleep since the last flush: contacts may have lost their last awake body. */
  private sleepers = false;
  /** Contacts restored from a snapshot since the broadphase last reported (see `restore`). */
  private readonly restored: Contact[] = [];
  /** Contacts alive (for tests and the debug view). */
  size = 0;
  readonly settings = new NarrowphaseSettings();
  /** The numbers of every contact this manager made (see `Contact`). */
  readonly rows = new ContactRows();
  /** The narrowphase writes each fresh manifold here, then the contact takes it (`Contact.store`). */
  private readonly manifold = new ManifoldBuffer();

  constructor(
    private readonly world: ContactWorld,
    private readonly events: ContactEventSink,
  ) {}

  /** Make room for body slots 0 .. n-1. */
  growSlots(n: number): void {
    while (this.heads.length < n) this.heads.push(null);
  }

  /** The contact of a pair of colliders (bodies, or a compound's parts), if any. */
  get(a: Body, b: Body): Contact | undefined {
    return a._id < b._id ? this.map.get(a._id, b._id) : this.map.get(b._id, a._id);
  }

  /** Destroy every contact between bodies `a` and `b` (a compound may have several with one body), reporting ends. */
  destroyBetween(a: Body, b: Body): void {
    let c = this.heads[a.slot] ?? null;
    while (c !== null) {
      const next = c.nextOf(a);
      if (c.other(a) === b) this.destroy(c, true);
      c = next;
    }
  }

  /** The first contact in `body`'s list (follow with `contact.nextOf(body)`). */
  first(body: Body): Contact | null {
    return this.heads[body.slot] ?? null;
  }

  // ------------------------------------------------------------------ create and destroy

  /**
   * The broadphase's changes: pairs whose boxes parted lose their contact
   * (one that bounced off within the step still reports that it touched);
   * each new pair that can touch gets one (waiting to be merged into the
   * awake list).
   */
  applyPairs(started: PairList, ended: PairList): void {
    if (this.restored.length > 0) this.settleRestored(started);
    for (let i = 0; i < ended.count; i++) {
      const c = this.map.get(ended.a[i]!._id, ended.b[i]!._id);
      if (c === undefined) continue;
      this.end(c);
    }
    for (let i = 0; i < started.count; i++) {
      const a = started.a[i]!;
      const b = started.b[i]!;
      if (this.map.get(a._id, b._id) !== undefined) continue;
      if (a._parent === null && b._parent === null) {
        if (!canTouch(a, b) || this.world.jointed(a, b)) continue;
        this.create(a, b);
        continue;
      }
      // a compound's part: the contact is its compound's (never between two parts of one compound)
      const pa = a._parent ?? a;
      const pb = b._parent ?? b;
      if (pa === pb || !canTouch(a, b) || this.world.jointed(pa, pb)) continue;
      this.create(pa, pb, a, b);
    }
  }

  /** The pair's boxes parted: the contact goes (one that bounced off within the step still reports that it touched). */
  private end(c: Contact): void {
    if (c.pushed !== 0 && (c.flags & REPORTED) === 0) {
      c.flags |= TOUCHING;
      this.report(c);
    }
    this.destroy(c, false);
  }

  /**
   * The first report of a broadphase rebuilt after a restore: it starts
   * every pair whose boxes overlap now and ends none, having seen none
   * before. A restored contact stands for a pair whose boxes overlapped at
   * the world's last report (a contact lives exactly while they do): those
   * that the broadphase does not start again parted since, and end, as they
   * would have in the world that was saved.
   */
  private settleRestored(started: PairList): void {
    for (let i = 0; i < started.count; i++) {
      const c = this.map.get(started.a[i]!._id, started.b[i]!._id);
      if (c !== undefined) c.flags &= ~RESTORED;
    }
    const restored = this.restored;
    for (let i = 0; i < restored.length; i++) {
      const c = restored[i]!;
      if ((c.flags & RESTORED) !== 0) {
        c.flags &= ~RESTORED;
        this.end(c);
      }
    }
    restored.length = 0;
  }

  /** A new contact for bodies a and b (a.id < b.id), between their colliders `sa` and `sb` (themselves, or parts of compounds). */
  create(a: Body, b: Body, sa: Body = a, sb: Body = b): Contact {
    const c = this.pool.pop() ?? new Contact(a, b, this.rows);
    c.init(a, b, sa, sb);
    if (sa._isSensor || sb._isSensor) c.flags |= SENSOR;
    if (a._type === "static" || b._type === "static") c.flags |= WITH_STATIC;
    if ((c.flags & SENSOR) === 0 && (isOneWay(a) || isOneWay(b))) c.flags |= ONE_WAY;
    this.map.set(sa._id, sb._id, c);
    // link at the head of both bodies' lists
    const ha = this.heads[a.slot] ?? null;
    c.nextA = ha;
    if (ha !== null) {
      if (ha.bodyA === a) ha.prevA = c;
      else ha.prevB = c;
    }
    this.heads[a.slot] = c;
    const hb = this.heads[b.slot] ?? null;
    c.nextB = hb;
    if (hb !== null) {
      if (hb.bodyA === b) hb.prevA = c;
      else hb.prevB = c;
    }
    this.heads[b.slot] = c;
    this.enlist(c);
    this.size++;
    return c;
  }

  /**
   * Destroy a contact: out of the pair map and both bodies' lists at once,
   * out of the awake list at the next flush (then back to the pool). A
   * contact reported as touching gives an end event.
   */
  destroy(c: Contact, destroyed: boolean): void {
    if ((c.flags & REPORTED) !== 0) this.reportEnd(c, destroyed);
    this.map.delete(c.shapeA._id, c.shapeB._id);
    this.unlink(c, c.bodyA, c.prevA, c.nextA);
    this.unlink(c, c.bodyB, c.prevB, c.nextB);
    c.flags = (c.flags & (IN_LIST | IN_PENDING)) | DEAD;
    c.count = 0;
    this.size--;
    if ((c.flags & IN_LIST) !== 0) this.deadInList++;
    else if ((c.flags & IN_PENDING) === 0) this.pool.push(c);
  }

  /** Destroy every contact of a body (it is leaving the world, or changing what it collides with). */
  destroyContactsOf(body: Body): void {
    let c = this.heads[body.slot] ?? null;
    while (c !== null) {
      const next = c.nextOf(body);
      this.destroy(c, true);
      c = next;
    }
    this.heads[body.slot] = null;
  }

  private unlink(c: Contact, body: Body, prev: Contact | null, next: Contact | null): void {
    if (prev === null) this.heads[body.slot] = next;
    else if (prev.bodyA === body) prev.nextA = next;
    else prev.nextB = next;
    if (next !== null) {
      if (next.bodyA === body) next.prevA = prev;
      else next.prevB = prev;
    }
    if (c.bodyA === body) {
      c.prevA = null;
      c.nextA = null;
    } else {
      c.prevB = null;
      c.nextB = null;
    }
  }

  // ------------------------------------------------------------------ the awake list

  /** Queue a contact for the awake list (unless it is already there or queued). */
  private enlist(c: Contact): void {
    if ((c.flags & (IN_LIST | IN_PENDING)) !== 0) return;
    c.flags |= IN_PENDING;
    const i = this.pendingCount++;
    if (i === this.pendingKeys.length) this.pendingKeys = grown(this.pendingKeys, 2 * i);
    this.pending[i] = c;
    this.pendingKeys[i] = c.key;
    this.unarranged++;
  }

  /** Bodies woke: their contacts come back to the awake list. O(their contacts). */
  wakeContactsOf(bodies: readonly Body[], count: number): void {
    for (let i = 0; i < count; i++) {
      const body = bodies[i]!;
      for (let c = this.heads[body.slot] ?? null; c !== null; c = c.nextOf(body)) this.enlist(c);
    }
  }

  /** Some contacts may have lost their last awake body (an island fell asleep): drop them at the next flush. */
  markSleepers(): void {
    this.sleepers = true;
  }

  /**
   * Bring the awake list up to date: merge the new and woken contacts in key
   * order; after an island fell asleep, or once destroyed contacts make up an
   * eighth of the list, also drop those and the ones whose bodies all sleep
   * or are static. O(awake + new·log new), and the merge reads only keys.
   */
  flush(): void {
    const pending = this.pending;
    const filter = this.sleepers || (this.deadInList > 0 && this.deadInList * 8 > this.awakeCount);
    if (!filter && this.pendingCount === 0) return;
    if (this.pendingCount > 1) {
      if (this.sortScratchKeys.length < this.pendingCount) this.sortScratchKeys = new Float64Array(this.pendingKeys.length);
      sortByKey(pending, this.pendingKeys, this.pendingCount, this.sortScratch, this.sortScratchKeys);
    }
    if (filter) this.filterMerge();
    else this.merge();
    this.pendingCount = 0;
    this.sleepers = false;
    // once an eighth of the list joined it since the rows were last put in its order, do it again
    if (this.unarranged * 8 > this.awakeCount && this.awakeCount >= ARRANGE_MIN) {
      this.rows.arrange(this.awake, this.awakeCount);
      this.unarranged = 0;
    }
  }

  /** Does the contact belong in the awake list (at least one body awake)? */
  private awakeContact(c: Contact): boolean {
    return this.world.isAwake(c.bodyA) || this.world.isAwake(c.bodyB);
  }

  /** Room for n entries in the back buffers. */
  private reserveBack(n: number): void {
    if (this.backKeys.length < n) this.backKeys = new Float64Array(Math.max(n, 2 * this.backKeys.length));
  }

  /**
   * A pending contact joins the output: a destroyed one goes to the pool,
   * one between sleeping or static bodies stays out (their lists keep it).
   */
  private admit(c: Contact): boolean {
    c.flags &= ~IN_PENDING;
    if ((c.flags & DEAD) !== 0) {
      this.pool.push(c);
      return false;
    }
    if (!this.awakeContact(c)) return false;
    c.flags |= IN_LIST;
    return true;
  }

  /** Merge the sorted pending contacts into the list (into the back buffers); the list's own entries are copied unread. */
  private merge(): void {
    const pending = this.pending;
    const old = this.awake;
    const oldKeys = this.awakeKeys;
    const oldCount = this.awakeCount;
    const pendingCount = this.pendingCount;
    this.reserveBack(oldCount + pendingCount);
    const out = this.back;
    const outKeys = this.backKeys;
    let n = 0;
    let i = 0;
    const pendingKeys = this.pendingKeys;
    for (let j = 0; j < pendingCount; j++) {
      const c = pending[j]!;
      const key = pendingKeys[j]!;
      while (i < oldCount && oldKeys[i]! < key) {
        out[n] = old[i]!;
        outKeys[n++] = oldKeys[i++]!;
      }
      if (!this.admit(c)) continue;
      out[n] = c;
      outKeys[n++] = key;
    }
    while (i < oldCount) {
      out[n] = old[i]!;
      outKeys[n++] = oldKeys[i++]!;
    }
    this.swap(n);
  }

  /** Merge as above, and drop destroyed contacts and those with no awake body. */
  private filterMerge(): void {
    const pending = this.pending;
    const old = this.awake;
    const oldKeys = this.awakeKeys;
    const oldCount = this.awakeCount;
    const sleepers = this.sleepers;
    const pendingCount = this.pendingCount;
    this.reserveBack(oldCount + pendingCount);
    const out = this.back;
    const outKeys = this.backKeys;
    let n = 0;
    let i = 0;
    let j = 0;
    const pendingKeys = this.pendingKeys;
    while (i < oldCount || j < pendingCount) {
      if (j >= pendingCount || (i < oldCount && oldKeys[i]! < pendingKeys[j]!)) {
        const c = old[i]!;
        const key = oldKeys[i++]!;
        if ((c.flags & DEAD) !== 0 || (sleepers && !this.awakeContact(c))) {
          this.leave(c);
          continue;
        }
        out[n] = c;
        outKeys[n++] = key;
      } else {
        const key = pendingKeys[j]!;
        const c = pending[j++]!;
        if (!this.admit(c)) continue;
        out[n] = c;
        outKeys[n++] = key;
      }
    }
    this.deadInList = 0;
    this.swap(n);
  }

  /** The back buffers become the list. */
  private swap(n: number): void {
    const list = this.awake;
    const keys = this.awakeKeys;
    this.awake = this.back;
    this.awakeKeys = this.backKeys;
    this.back = list;
    this.backKeys = keys;
    this.awakeCount = n;
  }

  /** A contact leaves the awake list: to the pool if destroyed, else to its bodies' lists alone. */
  private leave(c: Contact): void {
    c.flags &= ~IN_LIST;
    if ((c.flags & DEAD) !== 0) this.pool.push(c);
  }

  // ------------------------------------------------------------------ narrowphase

  /**
   * A fresh manifold for one contact from the bodies' current poses (and
   * velocities, for the speculative margin), impulses carried over by feature
   * id; sets TOUCHING: a point is within the touching distance, or the solver
   * pushed the bodies apart since the last update (a bounce that begins and
   * ends within one step still touched). A sleeping body that a moving one is
   * about to touch is woken. (Whether the pair can touch at all is settled
   * when the contact is made: a change of type, filter or sensor flag
   * destroys it.)
   */
  update(c: Contact): void {
    const s = this.settings;
    const m = this.manifold;
    const A = c.bodyA;
    const B = c.bodyB;
    // the shapes (a compound's parts, or the bodies themselves)
    const SA = c.shapeA;
    const SB = c.shapeB;
    const sensor = (c.flags & SENSOR) !== 0;
    if (sensor) m.margin = 0; // sensors report real overlap
    else if (s.continuous) s.motion!.speculativeMargin(A, B, m);
    else m.margin = s.speculativeDistance;
    if ((c.flags & WITH_STATIC) !== 0 && s.seams !== null) s.seams.maskContact(SA, SB, m);
    else {
      m.maskA = 0;
      m.maskB = 0;
    }
    collideWith(SA, SB, m);
    if ((c.flags & ONE_WAY) !== 0 && m.count > 0) this.decideOneWay(c, m);
    if (m.count < 2) m.clearUnused();
    // only a contact that had points was solved, and can have been pushed (its row is read only then)
    const solved = c.count > 0;
    c.store(m);
    const f = c.rows.f;
    const at = c.row * ROW + PUSHED_BY_SOLVER; // the row itself: an accessor's number can be boxed
    const pushed = solved && f[at] !== 0;
    if (pushed) f[at] = 0;
    const touching = (m.count > 0 && (sensor || m.depth >= -s.speculativeDistance)) || pushed;
    if (touching) c.flags |= TOUCHING;
    else c.flags &= ~TOUCHING;
    // about to touch (a speculative point): a sleeping body must wake in time for the next solve
    if (m.count > 0 && !sensor) this.wakeIfPushed(A, B);
  }

  /**
   * One-way platforms. Let d be the platform's one-way direction, n the
   * contact normal turned to point from the platform to the other body, and
   * g the gap along d between the other body's lowest point (its extent
   * towards −d) and the platform's surface (its extent towards d) at the
   * start of the step (`oneWayGap` now, less how far the relative velocity
   * along d carried the body over the last step). The other body is on the
   * allowed side when n·d ≥ 1/2 (within 60° of d) and g ≥ −ONE_WAY_SLOP: it
   * was wholly on the allowed side of the surface, as the classic one-way
   * platform samples ask of the player (Box2D's, with the body's position
   * against the platform's top). The normal alone does not tell: a circle or
   * capsule coming in from the side a few centimetres below the top meets
   * the platform's corner with a normal within 60° of d, and was pushed up
   * over it; its lowest point is below the surface, so it passes.
   * - A new contact decides at its first manifold with points (speculative
   *   ones included, so a body arriving fast is judged before it sinks in):
   *   solid when the body is on the allowed side, passing otherwise.
   * - A passing contact has no points (the solver and the events ignore it)
   *   until the body is on the allowed side again: a jump that clears the
   *   platform, even barely, ends with the body above it and the contact
   *   solid, so it lands; one that falls short keeps passing and falls back.
   * - A solid contact starts passing when the body is no longer within 60°
   *   of d (it walked off the edge, or is beside the platform): a one-way
   *   platform's sides never stop anything.
   * The state is the contact's flags (PASSING, DECIDED), kept in snapshots;
   * the rest is read from the bodies' poses and velocities.
   */
  private decideOneWay(c: Contact, m: ManifoldBuffer): void {
    // the shapes: a compound's part carries its velocity there (a compound is never one-way itself)
    const A = c.shapeA;
    const B = c.shapeB;
    const platformIsA = isOneWay(A);
    const P = platformIsA ? A : B;
    const O = platformIsA ? B : A;
    const d = P._oneWay!;
    const sign = platformIsA ? 1 : -1;
    const nd = sign * (m.normalX * d.x + m.normalY * d.y);
    const dt = this.settings.motion === null ? 0 : this.settings.motion.dt;
    const vd = (O.vx - P.vx) * d.x + (O.vy - P.vy) * d.y;
    const startGap = oneWayGap(P, O) - vd * dt;
    const allowed = nd >= ONE_WAY_MIN_DOT && startGap >= -ONE_WAY_SLOP;
    let flags = c.flags;
    if ((flags & DECIDED) === 0) {
      flags |= DECIDED;
      if (!allowed) flags |= PASSING;
    } else if ((flags & PASSING) !== 0) {
      if (allowed) flags &= ~PASSING;
    } else if (nd < ONE_WAY_MIN_DOT) {
      flags |= PASSING;
    }
    c.flags = flags;
    if ((flags & PASSING) !== 0) m.count = 0;
  }

  /** A sleeping body that an awake body that moves (dynamic, or kinematic with a velocity) is about to touch wakes. */
  private wakeIfPushed(A: Body, B: Body): void {
    const w = this.world;
    if (w.isAsleep(A) && w.isAwake(B) && pushes(B)) w.wake(A);
    else if (w.isAsleep(B) && w.isAwake(A) && pushes(A)) w.wake(B);
  }

  /**
   * The end of the step: a fresh manifold for every awake contact, and
   * begin and end events for the ones whose touching changed.
   */
  updateAwake(): void {
    const list = this.awake;
    for (let i = 0; i < this.awakeCount; i++) {
      const c = list[i]!;
      if ((c.flags & DEAD) !== 0) continue;
      c.flags &= ~BEGAN;
      this.update(c);
      this.report(c);
    }
  }

  /**
   * Update the contacts of one body (a body the user changed between steps,
   * or every awake body when dt changed). `visits[slot]` tells, for the
   * bodies changed together, which were visited (2) and which will be (1):
   * a contact whose other body will be visited is left to that visit, so
   * each contact is updated once (twice, a pile's first step ran the
   * narrowphase twice for each of its N (N − 1) / 2 pairs; a second update
   * of the same poses gave the same manifold).
   */
  updateContactsOf(body: Body, visits: Uint8Array): void {
    for (let c = this.heads[body.slot] ?? null; c !== null; c = c.nextOf(body)) {
      const other = c.other(body);
      const visit = visits[other.slot]!;
      if (visit === 1) continue;
      this.update(c);
      this.enlist(c);
      // a body moved onto a sleeping one by the user wakes it, whatever it is (both, when both were moved)
      if ((c.flags & (TOUCHING | SENSOR)) === TOUCHING) {
        if (visit === 2 && this.world.isAsleep(body)) this.world.wake(body);
        if (this.world.isAsleep(other)) this.world.wake(other);
      }
    }
  }

  /** Report a change of touching since the last report as a begin or end event. */
  private report(c: Contact): void {
    const touching = (c.flags & TOUCHING) !== 0;
    const reported = (c.flags & REPORTED) !== 0;
    if (touching === reported) return;
    if (touching) {
      c.flags |= REPORTED | BEGAN;
      if ((c.flags & SENSOR) !== 0) {
        const aSensor = c.shapeA._isSensor;
        if (aSensor) this.events.sensorBegin(c.bodyA, c.bodyB, c.shapeA, c.shapeB);
        else this.events.sensorBegin(c.bodyB, c.bodyA, c.shapeB, c.shapeA);
      } else {
        this.events.contactBegin(c);
      }
    } else {
      this.reportEnd(c, false);
    }
  }

  private reportEnd(c: Contact, destroyed: boolean): void {
    c.flags &= ~REPORTED;
    if ((c.flags & SENSOR) !== 0) {
      const aSensor = c.shapeA._isSensor;
      if (aSensor) this.events.sensorEnd(c.bodyA, c.bodyB, c.shapeA, c.shapeB);
      else this.events.sensorEnd(c.bodyB, c.bodyA, c.shapeB, c.shapeA);
    } else {
      this.events.contactEnd(c.bodyA, c.bodyB, destroyed, c.shapeA, c.shapeB);
    }
  }

  // ------------------------------------------------------------------ inspection

  /** Every live contact, in key order, given the bodies in id order (snapshots, `world.contacts`), into `out` (emptied first): O(contacts). */
  all(bodies: readonly Body[], out: Contact[] = []): Contact[] {
    out.length = 0;
    let lastId = -1;
    for (const b of bodies) {
      if (b._id <= lastId) throw new Error("capsule2d: ContactManager.all needs the bodies in id order");
      lastId = b._id;
      // b's contacts with higher ids, sorted by that id (an insertion sort: a body has few)
      const start = out.length;
      for (let c = this.heads[b.slot] ?? null; c !== null; c = c.nextOf(b)) {
        if (c.bodyA !== b) continue;
        let i = out.length;
        out.push(c);
        while (i > start && out[i - 1]!.key > c.key) {
          out[i] = out[i - 1]!;
          i--;
        }
        out[i] = c;
      }
    }
    return out;
  }

  /**
   * Checks the bookkeeping (for tests; O(contacts)): the awake list's live
   * entries are in strictly increasing key order and are exactly the live
   * contacts flagged IN_LIST; the destroyed entries are counted; every live
   * contact with an awake body is in the list or waiting to join it; unless
   * an island fell asleep since the last flush, every entry has an awake
   * body; and each live contact is in both of its bodies' lists.
   */
  validate(bodies: readonly Body[]): void {
    const fail = (what: string): never => {
      throw new Error(`contact manager: ${what}`);
    };
    let dead = 0;
    let live = 0;
    let lastKey = -1;
    for (let i = 0; i < this.awakeCount; i++) {
      const c = this.awake[i]!;
      if (this.awakeKeys[i] !== c.key) fail(`key ${this.awakeKeys[i]} beside contact ${c.key}`);
      if ((c.flags & IN_LIST) === 0) fail(`contact ${c.key} in the list without IN_LIST`);
      if ((c.flags & DEAD) !== 0) {
        dead++;
        continue;
      }
      live++;
      if (c.key <= lastKey) fail(`contact ${c.key} after ${lastKey}`);
      lastKey = c.key;
      if (!this.sleepers && !this.awakeContact(c)) fail(`contact ${c.key} in the awake list between resting bodies`);
    }
    if (dead !== this.deadInList) fail(`${dead} destroyed contacts in the list, counted ${this.deadInList}`);
    let inList = 0;
    let all = 0;
    for (const b of bodies) {
      for (let c = this.first(b); c !== null; c = c.nextOf(b)) {
        if (c.bodyA !== b && c.bodyB !== b) fail(`contact ${c.key} in the list of body ${b._id}`);
        if ((c.flags & DEAD) !== 0) fail(`destroyed contact ${c.key} in the list of body ${b._id}`);
        if (c.bodyA !== b) continue;
        all++;
        if (this.map.get(c.shapeA._id, c.shapeB._id) !== c) fail(`contact ${c.key} not in the pair map`);
        if (c.rows === this.rows && this.rows.owners[c.row] !== c) fail(`contact ${c.key}'s row ${c.row} is not its own`);
        let inB = false;
        for (let d = this.first(c.bodyB); d !== null; d = d.nextOf(c.bodyB)) if (d === c) inB = true;
        if (!inB) fail(`contact ${c.key} missing from body ${c.bodyB._id}'s list`);
        if ((c.flags & IN_LIST) !== 0) inList++;
        else if ((c.flags & IN_PENDING) === 0 && this.awakeContact(c)) fail(`contact ${c.key} of an awake body is not in the awake list`);
      }
    }
    if (inList !== live) fail(`${inList} contacts flagged IN_LIST, ${live} in the list`);
    if (all !== this.size) fail(`${all} contacts in the bodies' lists, size ${this.size}`);
  }

  /**
   * A restored contact (snapshots, clones): created, then given its saved
   * state by the caller. It is confirmed or ended by the broadphase's next
   * report (see `settleRestored`).
   */
  restore(a: Body, b: Body, sa: Body = a, sb: Body = b): Contact {
    const c = this.create(a, b, sa, sb);
    c.flags |= RESTORED;
    this.restored.push(c);
    return c;
  }

  /**
   * Forget every contact (they go back to the pool, without events): as
   * new, keeping the memory grown. `bodies` are the bodies of the world,
   * whose lists hold every live contact. For a world restored in place.
   */
  clear(bodies: readonly Body[]): void {
    // each contact once: the live ones from their body A's list, the destroyed ones still listed
    const pool = this.pool;
    for (const b of bodies) {
      for (let c = this.heads[b.slot] ?? null; c !== null; c = c.nextOf(b)) if (c.bodyA === b) pool.push(c);
    }
    for (let i = 0; i < this.awakeCount; i++) if ((this.awake[i]!.flags & DEAD) !== 0) pool.push(this.awake[i]!);
    for (let i = 0; i < this.pendingCount; i++) if ((this.pending[i]!.flags & DEAD) !== 0) pool.push(this.pending[i]!);
    this.awake.fill(null as unknown as Contact, 0, this.awakeCount);
    this.awakeCount = 0;
    this.pendingCount = 0;
    this.restored.length = 0;
    this.heads.fill(null);
    this.map.clear();
    this.deadInList = 0;
    this.sleepers = false;
    this.size = 0;
  }
}

/** How far (cosine) a contact normal may turn from a one-way direction and still count as coming from the allowed side: 60°. */
export const ONE_WAY_MIN_DOT = 0.5;
/** How deep a body may be in a one-way platform and still count as on its allowed side, m (Box2D's linear slop). */
export const ONE_WAY_SLOP = 0.005;

/** How far body b reaches from its centre (px, py) along the unit direction (dx, dy), m. */
function extentAlong(b: Body, dx: number, dy: number): number {
  if (b._kind === CIRCLE) return b._radius;
  if (b._kind === CAPSULE) {
    const t = b._halfLength * (b.qc * dx + b.qs * dy);
    return (t < 0 ? -t : t) + b._radius;
  }
  if (b._kind === BOX) return b._halfWidth * (dx < 0 ? -dx : dx) + b._halfHeight * (dy < 0 ? -dy : dy);
  // a polygon or a segment: its farthest vertex along the direction turned into its frame
  const lx = b.qc * dx + b.qs * dy;
  const ly = b.qc * dy - b.qs * dx;
  const g = b.polygon;
  if (g !== null) {
    let far = g.vx[0]! * lx + g.vy[0]! * ly;
    for (let i = 1; i < g.count; i++) {
      const t = g.vx[i]! * lx + g.vy[i]! * ly;
      if (t > far) far = t;
    }
    return far + g.radius;
  }
  const s = b.segment!;
  const ta = s.ax * lx + s.ay * ly;
  const tb = s.bx * lx + s.by * ly;
  return ta > tb ? ta : tb;
}

/**
 * The gap along one-way platform P's direction d between body O's lowest
 * point (its extent towards −d) and P's surface (its extent towards d), m, at
 * their poses now: ≥ 0 when O is wholly on the allowed side of the surface.
 */
export function oneWayGap(P: Body, O: Body): number {
  const d = P._oneWay!;
  // (towards −d: the same numbers for the symmetric circle, capsule and AABB; not for a polygon)
  const lowest = O.px * d.x + O.py * d.y - extentAlong(O, -d.x, -d.y);
  const surface = P.px * d.x + P.py * d.y + extentAlong(P, d.x, d.y);
  return lowest - surface;
}

/** Does this body act one-way (a static or kinematic body with a direction)? */
export function isOneWay(b: Body): boolean {
  return b._oneWay !== null && b._type !== "dynamic";
}

/** Does this awake body push what it touches? Dynamic bodies do; kinematic ones while they move. */
function pushes(b: Body): boolean {
  if (b._type === "dynamic") return true;
  return b._type === "kinematic" && (b.vx !== 0 || b.vy !== 0 || b.w !== 0);
}
