/**
 * A pair function's raw output through the narrowphase dispatch (`collideWith`), with the margin
 * and the seam masks (hidden faces and corners of each body, src/contacts/seams.ts) given: the
 * ManifoldBuffer when the shapes touch, else null. For the one-rule-at-a-time narrowphase tests.
 */
import type { Body } from "../../src/bodies/body.js";
import { collideWith } from "../../src/collision/narrowphase/collide.js";
import { ManifoldBuffer } from "../../src/collision/narrowphase/manifold.js";

export function runPair(a: Body, b: Body, margin = 0, maskA = 0, maskB = 0): ManifoldBuffer | null {
  const out = new ManifoldBuffer();
  out.margin = margin;
  out.maskA = maskA;
  out.maskB = maskB;
  return collideWith(a, b, out) ? out : null;
}
