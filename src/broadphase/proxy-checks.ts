/**
 * Guards shared by the broadphases. A body carries one `proxyId`, so it can be
 * in one broadphase at a time; these checks turn misuse (adding twice,
 * removing a body that was never added) into a clear error instead of a
 * silently corrupted structure.
 */
import { Body } from "../bodies/body.js";
import { describe } from "../math/validate.js";

/** Throws unless `body` is a Body that no broadphase tracks yet. */
export function checkAdd(body: Body): void {
  if (!(body instanceof Body)) {
    throw new TypeError(`capsule2d: body must be a Body, got ${describe(body)}`);
  }
  if (body.proxyId !== -1) {
    throw new RangeError(`capsule2d: body ${body.id} is already in a broadphase (proxyId ${body.proxyId})`);
  }
}

/** Throws unless `stored`, what the broadphase holds under `body.proxyId`, is `body` itself. */
export function checkTracked(body: Body, stored: Body | null | undefined): void {
  if (!(body instanceof Body)) {
    throw new TypeError(`capsule2d: body must be a Body, got ${describe(body)}`);
  }
  if (stored !== body) {
    throw new RangeError(`capsule2d: body ${body.id} is not in this broadphase (proxyId ${body.proxyId})`);
  }
}
