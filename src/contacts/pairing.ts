/**
 * Which pairs of bodies can touch, and how a touching pair's materials mix.
 * Read from the bodies' current values every time, so a change made with
 * `setType`, `setSensor`, `setCollisionFilter`, `setFriction` or
 * `setRestitution` holds from the next contact update on.
 */
import type { Body } from "../bodies/body.js";

/**
 * Box2D collision filtering: bodies in the same non-zero group always collide
 * (positive group) or never collide (negative group); otherwise each body's
 * category must be in the other's mask.
 */
export function shouldCollide(a: Body, b: Body): boolean {
  if (a._group === b._group && a._group !== 0) return a._group > 0;
  return (a._category & b._mask) !== 0 && (b._category & a._mask) !== 0;
}

/**
 * Can these two bodies touch at all? At least one must be dynamic, or one of
 * them a sensor and not both static; and the filters must agree.
 */
export function canTouch(a: Body, b: Body): boolean {
  if (a._type !== "dynamic" && b._type !== "dynamic") {
    if (!(a._isSensor || b._isSensor) || (a._type === "static" && b._type === "static")) return false;
  }
  return shouldCollide(a, b);
}

/** Box2D's mixing rules: friction = sqrt(a·b). */
export function mixFriction(a: number, b: number): number {
  return Math.sqrt(a * b);
}

/** Box2D's mixing rules: restitution = max(a, b). */
export function mixRestitution(a: number, b: number): number {
  return a > b ? a : b;
}
