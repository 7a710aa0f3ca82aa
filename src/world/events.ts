/**
 * World events (eventemitter3). Contact events are emitted after the step's
 * solve has finished, so a handler may add or remove bodies, apply impulses
 * or change velocities: such changes take effect from the next step.
 */
import type { Body } from "../bodies/body.js";
import type { Manifold, ManifoldPoint } from "../narrowphase/manifold.js";
import type { Contact } from "../contacts/contact.js";

export interface CollisionPair {
  bodyA: Body;
  bodyB: Body;
  /** The manifold at the time of the event; null on collisionEnd when the shapes are already apart. */
  manifold: Manifold | null;
  /** True when either body is a sensor (no impulse was applied). */
  isSensor: boolean;
}

export interface CollisionEvent {
  pairs: CollisionPair[];
}

export interface StepEvent {
  /** The step's dt, s. */
  dt: number;
}

export interface WorldEvents {
  /**
   * Pairs that began touching in this step: their shapes came within the
   * speculative margin, where the solver starts acting (depth may be slightly
   * negative: a bounce can happen just before the surfaces meet). Sensors
   * report real overlap.
   */
  collisionStart: (event: CollisionEvent) => void;
  /** Pairs that were touching before this step and still are. */
  collisionActive: (event: CollisionEvent) => void;
  /** Pairs that stopped touching in this step (or lost a body to `remove`). */
  collisionEnd: (event: CollisionEvent) => void;
  beforeStep: (event: StepEvent) => void;
  afterStep: (event: StepEvent) => void;
}

/** A touching pair as `world.contacts` lists it, with the solver's impulses. */
export interface ContactInfo {
  bodyA: Body;
  bodyB: Body;
  isSensor: boolean;
  manifold: Omit<Manifold, "points"> & { points: ContactPointInfo[] };
}

/**
 * A manifold point with the solver's accumulated impulses there (N·s): with
 * "pgs" the impulse of the whole last step; with "soft-step" that of its last
 * sub-step (multiply by `subSteps` for the step's total at rest).
 */
export interface ContactPointInfo extends ManifoldPoint {
  normalImpulse: number;
  tangentImpulse: number;
}

export function toPair(c: Contact): CollisionPair {
  return { bodyA: c.bodyA, bodyB: c.bodyB, manifold: c.manifold.toManifold(), isSensor: c.isSensor };
}

export function toContactInfo(c: Contact): ContactInfo {
  const m = c.manifold;
  const points: ContactPointInfo[] = [];
  for (let j = 0; j < m.count; j++) {

    points.push({
      x: j === 0 ? m.x0 : m.x1,
      y: j === 0 ? m.y0 : m.y1,
      depth: j === 0 ? m.depth0 : m.depth1,
      id: j === 0 ? m.id0 : m.id1,
      normalImpulse: j === 0 ? c.normalImpulse0 : c.normalImpulse1,
      tangentImpulse: j === 0 ? c.tangentImpulse0 : c.tangentImpulse1,
    });
  }
  return {
    bodyA: c.bodyA,
    bodyB: c.bodyB,
    isSensor: c.isSensor,
    manifold: { normal: { x: m.normalX, y: m.normalY }, depth: m.depth, points },
  };
}
