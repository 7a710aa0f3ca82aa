/**
 * A contact: two bodies whose bounding boxes overlap, their manifold, and the
 * per-point solver data that persists from one step to the next (accumulated
 * impulses for warm starting).
 *
 * Contacts are pooled and reused: a step that creates and ends the same number
 * of contacts allocates nothing.
 */
import type { Body } from "../bodies/body.js";
import { ManifoldBuffer } from "../narrowphase/manifold.js";

/** Body ids are below 2^26, so (idA, idB) packs exactly into one integer below 2^52. */
export const MAX_BODY_ID = 2 ** 26;

/** The integer key of an ordered body pair (idA < idB). */
export function pairKey(idA: number, idB: number): number {
  return idA * MAX_BODY_ID + idB;
}

/** Box2D's mixing rules: friction = sqrt(a·b), restitution = max(a, b). */
export function mixFriction(a: number, b: number): number {
  return Math.sqrt(a * b);
}

export function mixRestitution(a: number, b: number): number {
  return a > b ? a : b;
}

/**
 * Box2D collision filtering: bodies in the same non-zero group always collide
 * (positive group) or never collide (negative group); otherwise each body's
 * category must be in the other's mask.
 */
export function shouldCollide(a: Body, b: Body): boolean {
  const fa = a.collisionFilter;
  const fb = b.collisionFilter;
  if (fa.group === fb.group && fa.group !== 0) return fa.group > 0;
  return (fa.category & fb.mask) !== 0 && (fb.category & fa.mask) !== 0;
}

/**
 * A contact is its own manifold buffer (it extends ManifoldBuffer), so the
 * narrowphase writes straight into it and the solver reads one object per
 * contact; the accumulated impulses of its two points are fields too.
 */
export class Contact extends ManifoldBuffer {
  key = 0;
  bodyA: Body;
  bodyB: Body;
  isSensor = false;
  /** Touching (the manifold has points) now / at the end of the previous step. */
  touching = false;
  wasTouching = false;
  /** The step in which the broadphase last reported this pair. */
  stamp = 0;
  friction = 0;
  restitution = 0;
  /** Contact softness: 1 when one body is static (stiffer, as in Box2D v3). */
  stiff = 0;
  /** Set when the pair was last simulated (both not asleep). */
  active = false;
  /** Accumulated impulses (N·s) of points 0 and 1, carried to the next step for warm starting. */
  normalImpulse0 = 0;
  tangentImpulse0 = 0;
  normalImpulse1 = 0;
  tangentImpulse1 = 0;

  // last step's feature ids and impulses, kept while the manifold is recomputed
  private oldCount = 0;
  private oldId0 = 0;
  private oldId1 = 0;
  private oldN0 = 0;
  private oldT0 = 0;
  private oldN1 = 0;
  private oldT1 = 0;

  constructor(bodyA: Body, bodyB: Body) {
    super();
    this.bodyA = bodyA;
    this.bodyB = bodyB;
  }

  /** The manifold: the contact itself (count 0 when the shapes are apart but their boxes still overlap). */
  get manifold(): ManifoldBuffer {
    return this;
  }

  /** Re-arm a pooled contact for a new pair (a.id < b.id). */
  init(a: Body, b: Body, key: number, stamp: number): void {
    this.key = key;
    this.bodyA = a;
    this.bodyB = b;
    this.count = 0;
    this.isSensor = a.isSensor || b.isSensor;
    this.touching = false;
    this.wasTouching = false;
    this.stamp = stamp;
    this.friction = mixFriction(a.friction, b.friction);
    this.restitution = mixRestitution(a.restitution, b.restitution);
    this.stiff = a.type === "static" || b.type === "static" ? 1 : 0;
    this.active = false;
    this.normalImpulse0 = 0;
    this.tangentImpulse0 = 0;
    this.normalImpulse1 = 0;
    this.tangentImpulse1 = 0;
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
  }

  /**
   * Carry last step's accumulated impulses over to the new manifold's points
   * by feature id (warm starting); points with a new id start from zero.
   */
  matchImpulses(): void {
    const oc = this.oldCount;
    this.normalImpulse0 = 0;
    this.tangentImpulse0 = 0;
    this.normalImpulse1 = 0;
    this.tangentImpulse1 = 0;
    if (this.count > 0) {
      if (oc > 0 && this.id0 === this.oldId0) {
        this.normalImpulse0 = this.oldN0;
        this.tangentImpulse0 = this.oldT0;
      } else if (oc > 1 && this.id0 === this.oldId1) {
        this.normalImpulse0 = this.oldN1;
        this.tangentImpulse0 = this.oldT1;
      }
    }
    if (this.count > 1) {
      if (oc > 1 && this.id1 === this.oldId1) {
        this.normalImpulse1 = this.oldN1;
        this.tangentImpulse1 = this.oldT1;
      } else if (oc > 0 && this.id1 === this.oldId0) {
        this.normalImpulse1 = this.oldN0;
        this.tangentImpulse1 = this.oldT0;
      }
    }
  }
}
