/**
 * What the pipeline stepper shows about one step, copied out of the world
 * into plain data right after the step (the world reuses its own objects).
 *
 * The narrowphase runs at the end of the step, so this is the state after
 * it: pairs and manifolds for the bodies where they are now (what the next
 * step will solve), with the impulses this step's solver applied.
 */
import type { ContactInfo, StepProfile, World } from "../../../src/entries/capsule2d.js";

export interface PairData {
  a: number;
  b: number;
  /** The narrowphase found the shapes touching (a manifold with points). */
  touching: boolean;
}

export interface PointData {
  x: number;
  y: number;
  depth: number;
  id: number;
  normalImpulse: number;
  tangentImpulse: number;
}

export interface ContactData {
  a: number;
  b: number;
  isSensor: boolean;
  normal: { x: number; y: number };
  depth: number;
  points: PointData[];
}

export interface FrameData {
  stepCount: number;
  time: number;
  pairs: PairData[];
  contacts: ContactData[];
  /** Milliseconds per stage of the step (a copy of `world.profile`). */
  profile: StepProfile;
}

/**
 * The contact's points with their impulses. (Typed through ContactInfo's
 * point type: `manifold.points` is declared as an intersection of two array
 * types, and TypeScript picks the plainer one for `.map`.)
 */
function pointsOf(c: ContactInfo): readonly ContactInfo["manifold"]["points"][number][] {
  return c.manifold.points;
}

/** Copy the step's pairs and contacts out of `world`. */
export function captureFrame(world: World): FrameData {
  const contacts: ContactData[] = world.contacts.map((c) => ({
    a: c.bodyA.id,
    b: c.bodyB.id,
    isSensor: c.isSensor,
    normal: { x: c.manifold.normal.x, y: c.manifold.normal.y },
    depth: c.manifold.depth,
    points: pointsOf(c).map((p) => ({
      x: p.x,
      y: p.y,
      depth: p.depth,
      id: p.id,
      normalImpulse: p.normalImpulse,
      tangentImpulse: p.tangentImpulse,
    })),
  }));
  const touching = new Set(contacts.map((c) => `${Math.min(c.a, c.b)}:${Math.max(c.a, c.b)}`));
  // world.broadphasePairs: the candidate pairs of the awake contacts — pairs whose
  // broadphase boxes overlap (each box grown by the speculative distance and swept
  // over the body's motion); the narrowphase decides which of them touch.
  const pairs = world.broadphasePairs.map(([a, b]) => ({
    a: a.id,
    b: b.id,
    touching: touching.has(`${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`),
  }));
  return { stepCount: world.stepCount, time: world.time, pairs, contacts, profile: { ...world.profile } };
}
