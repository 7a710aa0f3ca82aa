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

export class Contact {
  key = 0;
  bodyA: Body;
  bodyB: Body;
  /** Current manifold (count 0 when the shapes are apart but their boxes still overlap). */
  readonly manifold = new ManifoldBuffer();
  isSensor = false;
  /** Touching now / at the end of the previous step. */
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

  /** Solver data of manifold points 0 and 1 (only the first `manifold.count` are in use). */
  readonly points: readonly [ContactPoint, ContactPoint] = [new ContactPoint(), new ContactPoint()];

  constructor(bodyA: Body, bodyB: Body) {
    this.bodyA = bodyA;
    this.bodyB = bodyB;
  }

  /** Re-arm a pooled contact for a new pair (a.id < b.id). */
  init(a: Body, b: Body, key: number, stamp: number): void {
    this.key = key;
    this.bodyA = a;
    this.bodyB = b;
    this.manifold.count = 0;
    this.isSensor = a.isSensor || b.isSensor;
    this.touching = false;
    this.wasTouching = false;
    this.stamp = stamp;
    this.friction = mixFriction(a.friction, b.friction);
    this.restitution = mixRestitution(a.restitution, b.restitution);
    this.stiff = a.type === "static" || b.type === "static" ? 1 : 0;
    this.active = false;
    this.points[0].reset();
    this.points[1].reset();
  }

  // last step's feature ids and impulses, kept while the manifold is recomputed
  private oldCount = 0;
  private oldId0 = 0;
  private oldId1 = 0;
  private oldN0 = 0;
  private oldT0 = 0;
  private oldN1 = 0;
  private oldT1 = 0;

  /** Remember the current feature ids and impulses before the manifold is recomputed. */
  saveForMatch(): void {
    const m = this.manifold;
    this.oldCount = m.count;
    this.oldId0 = m.id0;
    this.oldId1 = m.id1;
    this.oldN0 = this.points[0].normalImpulse;
    this.oldT0 = this.points[0].tangentImpulse;
    this.oldN1 = this.points[1].normalImpulse;
    this.oldT1 = this.points[1].tangentImpulse;
  }

  /**
   * Carry last step's accumulated impulses over to the new manifold's points
   * by feature id (warm starting); points with a new id start from zero.
   */
  matchImpulses(): void {
    const m = this.manifold;
    const p0 = this.points[0];
    const p1 = this.points[1];
    const oc = this.oldCount;
    p0.normalImpulse = 0;
    p0.tangentImpulse = 0;
    p1.normalImpulse = 0;
    p1.tangentImpulse = 0;
    if (m.count > 0) {
      if (oc > 0 && m.id0 === this.oldId0) {
        p0.normalImpulse = this.oldN0;
        p0.tangentImpulse = this.oldT0;
      } else if (oc > 1 && m.id0 === this.oldId1) {
        p0.normalImpulse = this.oldN1;
        p0.tangentImpulse = this.oldT1;
      }
    }
    if (m.count > 1) {
      if (oc > 1 && m.id1 === this.oldId1) {
        p1.normalImpulse = this.oldN1;
        p1.tangentImpulse = this.oldT1;
      } else if (oc > 0 && m.id1 === this.oldId0) {
        p1.normalImpulse = this.oldN0;
        p1.tangentImpulse = this.oldT0;
      }
    }
  }
}

/** What a manifold point keeps between steps: its accumulated impulses (N·s), for warm starting. */
export class ContactPoint {
  normalImpulse = 0;
  tangentImpulse = 0;

  reset(): void {
    this.normalImpulse = 0;
    this.tangentImpulse = 0;
  }
}
