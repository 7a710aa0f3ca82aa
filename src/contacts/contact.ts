/**
 * A contact: two bodies whose broadphase boxes overlap, their manifold, and
 * what persists from one step to the next (accumulated impulses for warm
 * starting, whether the pair is touching and whether that was reported).
 *
 * A contact's numbers (its manifold's normal, depth and points, and its
 * impulses) live in one row of its contact manager's `ContactRows`, a
 * Float64Array: the narrowphase, the solver's prepare and store, and the
 * events read and write them there, side by side in memory, instead of
 * through the object (whose double fields V8 keeps as separate heap
 * numbers, each a cache miss of its own). The object keeps the integers
 * and links, and getters and setters for the numbers under their usual
 * names (snapshots, events and tests read those). Contacts are pooled and
 * reused, each keeping its row: a step that creates and ends the same number
 * of contacts allocates nothing.
 *
 * Each contact is linked into both of its bodies' contact lists (a doubly
 * linked list through `prevA/nextA` and `prevB/nextB`), so everything about
 * one body (removing it, waking it, `world.contactsOf(body)`) costs the
 * number of its contacts, not the number of contacts in the world.
 */
import type { Body } from "../bodies/body.js";
import { ManifoldBuffer, type Manifold } from "../collision/narrowphase/manifold.js";
import { capacityFor, grown } from "../math/typed.js";

/** Body ids are below 2^26, so (idA, idB) packs exactly into one integer below 2^52. */
export const MAX_BODY_ID = 2 ** 26;

/** The integer key of an ordered body pair (idA < idB): the canonical order of contacts. */
export function pairKey(idA: number, idB: number): number {
  return idA * MAX_BODY_ID + idB;
}

// ---- contact flags (bits of `Contact.flags`) ----
/** The manifold has a point within the touching distance (as of the last narrowphase). */
export const TOUCHING = 1;
/** Touching as last reported by events: a begin was reported and no end yet. */
export const REPORTED = 2;
/** One of the bodies is a sensor (no impulses; sensor events instead of contact events). */
export const SENSOR = 4;
/** One of the bodies is static: stiffer softness, solved after the others. */
export const WITH_STATIC = 8;
/** The contact sits in the awake contact list's array. */
export const IN_LIST = 16;
/** The contact waits to be merged into the awake list. */
export const IN_PENDING = 32;
/** Destroyed: no longer in the pair map or the body lists; returned to the pool once out of the lists. */
export const DEAD = 64;
/** Touching when the last step's events were reported began in that step (for `collisionActive`). */
export const BEGAN = 128;
/** One body is one-way (a static or kinematic body with a `oneWay` direction): see `decideOneWay`. */
export const ONE_WAY = 512;
/** A one-way contact that lets its bodies pass (no points for the solver) until the other body is wholly on the allowed side. */
export const PASSING = 1024;
/** A one-way contact that has decided (its first manifold with points came). */
export const DECIDED = 2048;
/** Restored from a snapshot, and not yet found overlapping by the broadphase (see `ContactManager.restore`). */
export const RESTORED = 4096;

// ---- a contact's row in ContactRows (offsets from row × ROW) ----
/** Manifold normal (unit, A to B) and depth. */
export const NX = 0;
export const NY = 1;
export const DEPTH = 2;
/** Point 0: position, depth; point 1 (the same three, from X1). */
export const X0 = 3;
export const Y0 = 4;
export const DEPTH0 = 5;
export const X1 = 6;
export const Y1 = 7;
export const DEPTH1 = 8;
/** Accumulated impulses (N·s) of points 0 and 1 in the last (sub-)step: the next warm start. */
export const NORMAL0 = 9;
export const TANGENT0 = 10;
export const NORMAL1 = 11;
export const TANGENT1 = 12;
/** Impulses applied over the whole last step (sum over sub-steps, bounces included): what users read. */
export const TOTAL_NORMAL0 = 13;
export const TOTAL_TANGENT0 = 14;
export const TOTAL_NORMAL1 = 15;
export const TOTAL_TANGENT1 = 16;
/** Accumulated rolling-resistance torque impulse (N·m·s) of the last (sub-)step: the next warm start. */
export const ROLLING = 17;
/** 1 when the solver pushed the bodies apart in this step (they touched, even if they part before its end), else 0. */
export const PUSHED_BY_SOLVER = 18;
/** Doubles per row. */
export const ROW = 19;

/**
 * The numbers of a set of contacts: row r is `f[r × ROW .. (r + 1) × ROW)`
 * (offsets NX ... PUSHED_BY_SOLVER), and `owners[r]` the contact whose row
 * it is. A contact keeps its row for life (pooled contacts too), but not
 * its row's place: `arrange` renumbers the rows so that a list of contacts
 * (the awake list, in key order) has its rows in that order, side by side,
 * and the passes that walk the list in order (the narrowphase, the
 * solver's prepare and store) read memory in order instead of all over it.
 */
export class ContactRows {
  f: Float64Array;
  /** Rows handed out. */
  used = 0;
  /** Row r's contact. */
  readonly owners: Contact[] = [];
  /** Each old row's new place, for `arrange` (−1 once moved). */
  private moveTo: Int32Array = new Int32Array(0);
  /** The row being carried around a cycle of `arrange`. */
  private readonly carried = new Float64Array(ROW);

  constructor(capacity = 16) {
    this.f = new Float64Array(capacity * ROW);
  }

  /** A new row (zeroed) for `owner`, growing the array when full. */
  take(owner: Contact): number {
    const r = this.used++;
    if (this.used * ROW > this.f.length) this.f = grown(this.f, capacityFor(this.f.length / ROW, this.used) * ROW);
    this.owners[r] = owner;
    return r;
  }

  /**
   * Renumber the rows: those of `list[0 .. count)` first, in list order (a
   * contact with rows elsewhere is passed over, one listed twice keeps its
   * first place), then every other row in its old order. The numbers move
   * with their rows and each contact learns its new `row`. O(rows), in
   * place: the rows are moved along the cycles of the renumbering, so no
   * second set of rows is kept (it was 152 B per contact, and its owner
   * array, filled in the new order, went to a dictionary once its first
   * writes landed far past its end: a hash lookup per row from then on).
   */
  arrange(list: readonly Contact[], count: number): void {
    const n = this.used;
    if (this.moveTo.length < n) this.moveTo = new Int32Array(capacityFor(this.moveTo.length, n));
    const to = this.moveTo;
    to.fill(-1, 0, n);
    let k = 0;
    for (let i = 0; i < count; i++) {
      const c = list[i]!;
      if (c.rows !== this || to[c.row]! >= 0) continue;
      to[c.row] = k++;
    }
    for (let r = 0; r < n; r++) if (to[r]! < 0) to[r] = k++;
    const f = this.f;
    const owners = this.owners;
    const carried = this.carried;
    for (let start = 0; start < n; start++) {
      let t = to[start]!;
      if (t < 0) continue; // moved already, with its cycle
      to[start] = -1;
      if (t === start) continue;
      // carry row `start` along its cycle: each row it lands on is picked up and carried on
      let owner = owners[start]!;
      for (let q = 0; q < ROW; q++) carried[q] = f[start * ROW + q]!;
      for (;;) {
        const at = t * ROW;
        const next = to[t]!;
        to[t] = -1;
        const picked = owners[t]!;
        owners[t] = owner;
        owner.row = t;
        if (next < 0) {
          // back at the cycle's start (its `to` was cleared first): the carried row lands there
          for (let q = 0; q < ROW; q++) f[at + q] = carried[q]!;
          break;
        }
        for (let q = 0; q < ROW; q++) {
          const x = f[at + q]!;
          f[at + q] = carried[q]!;
          carried[q] = x;
        }
        owner = picked;
        t = next;
      }
    }
  }
}

/** A contact's impulses before `store` (scratch). */
const old = new Float64Array(8);

export class Contact {
  key = 0;
  /** The bodies the solver, islands and events see (a compound, for a contact of one of its shapes). */
  bodyA: Body;
  bodyB: Body;
  /**
   * The colliders the broadphase paired and the narrowphase reads: the
   * bodies themselves, or a compound's parts (src/bodies/compound.ts). The
   * contact's key and its place in the pair map are theirs.
   */
  shapeA: Body;
  shapeB: Body;
  flags = 0;
  /** Points in the manifold: 0 (the shapes are apart but their boxes overlap), 1 or 2. */
  count = 0;
  /** Feature ids of points 0 and 1 (0 when absent). */
  id0 = 0;
  id1 = 0;
  /** Where the numbers are: `rows.f[row × ROW + NX ...]`. */
  readonly rows: ContactRows;
  /** Renumbered by `rows.arrange` (the numbers move with it). */
  row: number;

  // links in bodyA's and bodyB's contact lists
  prevA: Contact | null = null;
  nextA: Contact | null = null;
  prevB: Contact | null = null;
  nextB: Contact | null = null;

  /** A contact with its row in `rows` (by default a set of its own: a blank to read a snapshot into). */
  constructor(bodyA: Body, bodyB: Body, rows = new ContactRows(1)) {
    this.bodyA = bodyA;
    this.bodyB = bodyB;
    this.shapeA = bodyA;
    this.shapeB = bodyB;
    this.rows = rows;
    this.row = rows.take(this);
  }

  /** Re-arm a pooled contact for a new pair (a.id < b.id) of colliders `sa`, `sb` (the bodies, or parts of them). */
  init(a: Body, b: Body, sa: Body = a, sb: Body = b): void {
    this.key = pairKey(sa._id, sb._id);
    this.bodyA = a;
    this.bodyB = b;
    this.shapeA = sa;
    this.shapeB = sb;
    this.count = 0;
    this.id0 = 0;
    this.id1 = 0;
    const o = this.row * ROW;
    this.rows.f.fill(0, o, o + ROW);
    this.flags = 0;
    this.prevA = null;
    this.nextA = null;
    this.prevB = null;
    this.nextB = null;
  }

  /** The other body of the pair. */
  other(body: Body): Body {
    return this.bodyA === body ? this.bodyB : this.bodyA;
  }

  /** The next contact in `body`'s list. */
  nextOf(body: Body): Contact | null {
    return this.bodyA === body ? this.nextA : this.nextB;
  }

  /**
   * Take a fresh manifold `m` (its unused points already cleared): its
   * normal, depth and points, and the impulses carried over to its points by
   * feature id (warm starting; the step totals follow the same points);
   * points with a new id start from zero, and without points the rolling
   * impulse goes too. A contact without points holds zeros in its whole row
   * (and ids 0), so one that had none and has none is left untouched.
   */
  store(m: ManifoldBuffer): void {
    // no points before or after: the row holds zeros already (stored so, or never solved), and stays
    if (m.count === 0 && this.count === 0) return;
    const f = this.rows.f;
    const o = this.row * ROW;
    const oc = this.count;
    const count = m.count;
    // the old point whose impulses each new point takes (-1: none)
    let from0 = -1;
    let from1 = -1;
    if (count > 0) {
      if (oc > 0 && m.id0 === this.id0) from0 = 0;
      else if (oc > 1 && m.id0 === this.id1) from0 = 1;
    }
    if (count > 1) {
      if (oc > 1 && m.id1 === this.id1) from1 = 1;
      else if (oc > 0 && m.id1 === this.id0) from1 = 0;
    }
    // NORMAL0 .. TOTAL_TANGENT1: point p's impulses are at +2p and +2p + 1, its totals at +4 + 2p and +5 + 2p
    for (let q = 0; q < 8; q++) old[q] = f[o + NORMAL0 + q]!;
    for (let p = 0; p < 2; p++) {
      const from = p === 0 ? from0 : from1;
      for (let q = 0; q < 8; q += 4) {
        f[o + NORMAL0 + q + 2 * p] = from < 0 ? 0 : old[q + 2 * from]!;
        f[o + NORMAL0 + q + 2 * p + 1] = from < 0 ? 0 : old[q + 2 * from + 1]!;
      }
    }
    if (count === 0) f[o + ROLLING] = 0; // the whole contact's, kept while it has points
    this.count = count;
    this.id0 = m.id0;
    this.id1 = m.id1;
    f[o + NX] = m.normalX;
    f[o + NY] = m.normalY;
    f[o + DEPTH] = m.depth;
    f[o + X0] = m.x0;
    f[o + Y0] = m.y0;
    f[o + DEPTH0] = m.depth0;
    f[o + X1] = m.x1;
    f[o + Y1] = m.y1;
    f[o + DEPTH1] = m.depth1;
  }

  /** The manifold as a new plain `Manifold` (null without points): ManifoldBuffer's, read through the accessors below. */
  toManifold(): Manifold | null {
    return ManifoldBuffer.prototype.toManifold.call(this as unknown as ManifoldBuffer);
  }

  // The numbers by name (snapshots, events, queries; the hot loops use the row): accessors
  // defined below, one pair per offset.
  /** Manifold normal (unit, from A to B). */
  declare normalX: number;
  declare normalY: number;
  /** Deepest penetration, m. */
  declare depth: number;
  /** Point 0 and point 1: position and depth, m. */
  declare x0: number;
  declare y0: number;
  declare depth0: number;
  declare x1: number;
  declare y1: number;
  declare depth1: number;
  /** Accumulated impulses of points 0 and 1 in the last (sub-)step, N·s: the next warm start. */
  declare normalImpulse0: number;
  declare tangentImpulse0: number;
  declare normalImpulse1: number;
  declare tangentImpulse1: number;
  /** Impulses over the whole last step, N·s: what users read. */
  declare totalNormalImpulse0: number;
  declare totalTangentImpulse0: number;
  declare totalNormalImpulse1: number;
  declare totalTangentImpulse1: number;
  /** Accumulated rolling-resistance torque impulse of the last (sub-)step, N·m·s. */
  declare rollingImpulse: number;
  /** 1 when the solver pushed the bodies apart in this step, else 0 (cleared by the next narrowphase update). */
  declare pushed: number;
}


// the accessors of the numbers above, in row order (NX ... ROLLING)
(
  [
    "normalX", "normalY", "depth", "x0", "y0", "depth0", "x1", "y1", "depth1", "normalImpulse0", "tangentImpulse0", "normalImpulse1",
    "tangentImpulse1", "totalNormalImpulse0", "totalTangentImpulse0", "totalNormalImpulse1", "totalTangentImpulse1", "rollingImpulse", "pushed",
  ] as const
).forEach((name, k) =>
  Object.defineProperty(Contact.prototype, name, {
    get(this: Contact): number {
      return this.rows.f[this.row * ROW + k]!;
    },
    set(this: Contact, v: number): void {
      this.rows.f[this.row * ROW + k] = v;
    },
  }),
);
