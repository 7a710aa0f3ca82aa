/**
 * A contact: two bodies whose broadphase boxes overlap, their manifold, and
 * what persists from one step to the next (accumulated impulses for warm
 * starting, whether the pair is touching and whether that was reported).
 *
 * A contact is its own manifold buffer (it extends ManifoldBuffer), so the
 * narrowphase writes straight into it and the solver reads one object per
 * contact. Contacts are pooled and reused: a step that creates and ends the
 * same number of contacts allocates nothing.
 *
 * Each contact is linked into both of its bodies' contact lists (a doubly
 * linked list through `prevA/nextA` and `prevB/nextB`), so everything about
 * one body (removing it, waking it, `world.contactsOf(body)`) costs the
 * number of its contacts, not the number of contacts in the world.
 */
import type { Body } from "../bodies/body.js";
import { ManifoldBuffer } from "../narrowphase/manifold.js";

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
/** The solver pushed the bodies apart in this step: they touched, even if they part before its end. */
export const PUSHED = 256;
/** One body is one-way (a static or kinematic body with a `oneWay` direction): see `decideOneWay`. */
export const ONE_WAY = 512;
/** A one-way contact that lets its bodies pass (no points for the solver) until the other body is wholly on the allowed side. */
export const PASSING = 1024;
/** A one-way contact that has decided (its first manifold with points came). */
export const DECIDED = 2048;
/** Restored from a snapshot, and not yet found overlapping by the broadphase (see `ContactManager.restore`). */
export const RESTORED = 4096;

export class Contact extends ManifoldBuffer {
  key = 0;
  bodyA: Body;
  bodyB: Body;
  flags = 0;
  /** Accumulated impulses (N·s) of points 0 and 1 in the last (sub-)step: the next warm start. */
  normalImpulse0 = 0;
  tangentImpulse0 = 0;
  normalImpulse1 = 0;
  tangentImpulse1 = 0;
  /** Impulses applied over the whole last step (sum over sub-steps, bounces included): what users read. */
  totalNormalImpulse0 = 0;
  totalTangentImpulse0 = 0;
  totalNormalImpulse1 = 0;
  totalTangentImpulse1 = 0;
  /** Accumulated rolling-resistance torque impulse (N·m·s) of the last (sub-)step: the next warm start. */
  rollingImpulse = 0;

  // links in bodyA's and bodyB's contact lists
  prevA: Contact | null = null;
  nextA: Contact | null = null;
  prevB: Contact | null = null;
  nextB: Contact | null = null;

  // last update's feature ids and impulses, kept while the manifold is recomputed
  private oldCount = 0;
  private oldId0 = 0;
  private oldId1 = 0;
  private oldN0 = 0;
  private oldT0 = 0;
  private oldN1 = 0;
  private oldT1 = 0;
  private oldTN0 = 0;
  private oldTT0 = 0;
  private oldTN1 = 0;
  private oldTT1 = 0;

  constructor(bodyA: Body, bodyB: Body) {
    super();
    this.bodyA = bodyA;
    this.bodyB = bodyB;
  }

  /** The manifold: the contact itself (count 0 when the shapes are apart but their boxes overlap). */
  get manifold(): ManifoldBuffer {
    return this;
  }

  /** Re-arm a pooled contact for a new pair (a.id < b.id). */
  init(a: Body, b: Body): void {
    this.key = pairKey(a._id, b._id);
    this.bodyA = a;
    this.bodyB = b;
    this.count = 0;
    this.clearUnused();
    this.flags = 0;
    this.normalImpulse0 = 0;
    this.tangentImpulse0 = 0;
    this.normalImpulse1 = 0;
    this.tangentImpulse1 = 0;
    this.totalNormalImpulse0 = 0;
    this.totalTangentImpulse0 = 0;
    this.totalNormalImpulse1 = 0;
    this.totalTangentImpulse1 = 0;
    this.rollingImpulse = 0;
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

  /** Remember the current feature ids and impulses before the manifold is recomputed. */
  saveForMatch(): void {
    this.oldCount = this.count;
    this.oldId0 = this.id0;
    this.oldId1 = this.id1;
    this.oldN0 = this.normalImpulse0;
    this.oldT0 = this.tangentImpulse0;
    this.oldN1 = this.normalImpulse1;
    this.oldT1 = this.tangentImpulse1;
    this.oldTN0 = this.totalNormalImpulse0;
    this.oldTT0 = this.totalTangentImpulse0;
    this.oldTN1 = this.totalNormalImpulse1;
    this.oldTT1 = this.totalTangentImpulse1;
  }

  /**
   * Carry the impulses over to the new manifold's points by feature id (warm
   * starting; the step totals follow the same points); points with a new id
   * start from zero.
   */
  matchImpulses(): void {
    const oc = this.oldCount;
    if (this.count === 0) this.rollingImpulse = 0; // the whole contact's, kept while it has points
    this.setPoint0(-1);
    this.setPoint1(-1);
    if (this.count > 0) {
      if (oc > 0 && this.id0 === this.oldId0) this.setPoint0(0);
      else if (oc > 1 && this.id0 === this.oldId1) this.setPoint0(1);
    }
    if (this.count > 1) {
      if (oc > 1 && this.id1 === this.oldId1) this.setPoint1(1);
      else if (oc > 0 && this.id1 === this.oldId0) this.setPoint1(0);
    }
  }

  /** Point 0 takes old point `from`'s impulses (-1: zero). */
  private setPoint0(from: number): void {
    this.normalImpulse0 = from === 0 ? this.oldN0 : from === 1 ? this.oldN1 : 0;
    this.tangentImpulse0 = from === 0 ? this.oldT0 : from === 1 ? this.oldT1 : 0;
    this.totalNormalImpulse0 = from === 0 ? this.oldTN0 : from === 1 ? this.oldTN1 : 0;
    this.totalTangentImpulse0 = from === 0 ? this.oldTT0 : from === 1 ? this.oldTT1 : 0;
  }

  /** Point 1 takes old point `from`'s impulses (-1: zero). */
  private setPoint1(from: number): void {
    this.normalImpulse1 = from === 0 ? this.oldN0 : from === 1 ? this.oldN1 : 0;
    this.tangentImpulse1 = from === 0 ? this.oldT0 : from === 1 ? this.oldT1 : 0;
    this.totalNormalImpulse1 = from === 0 ? this.oldTN0 : from === 1 ? this.oldTN1 : 0;
    this.totalTangentImpulse1 = from === 0 ? this.oldTT0 : from === 1 ? this.oldTT1 : 0;
  }
}
