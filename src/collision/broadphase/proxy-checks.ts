/**
 * The table from a body's world slot to its proxy in a broadphase (owned by
 * the broadphase), and the guards shared by the broadphases: misuse (adding
 * twice, removing a body that was never added) is a clear error instead of a
 * silently corrupted structure.
 */
import { Body } from "../../bodies/body.js";
import { describe } from "../../math/validate.js";
import { capacityFor, grown } from "../../math/typed.js";

export class ProxyTable {
  /** proxy[slot]: the broadphase's handle for the body in that world slot, -1 for none. */
  proxy = new Int32Array(64).fill(-1);

  get(body: Body): number {
    const s = body.slot;
    return s >= 0 && s < this.proxy.length ? this.proxy[s]! : -1;
  }

  set(body: Body, proxy: number): void {
    const s = body.slot;
    if (s >= this.proxy.length) this.proxy = grown(this.proxy, capacityFor(this.proxy.length, s + 1), -1);
    this.proxy[s] = proxy;
  }

  /** Forget every proxy. */
  clear(): void {
    this.proxy.fill(-1);
  }

  /** Throws unless `body` is a Body with a world slot that this broadphase does not track yet. */
  checkAdd(body: Body): void {
    checkBody(body);
    if (!(body.slot >= 0)) throw new RangeError(`capsule2d: body ${body.id} has no world slot (add it to a world first)`);
    if (this.get(body) !== -1) throw new RangeError(`capsule2d: body ${body.id} is already in this broadphase`);
  }

}

/** Throws unless `stored`, what the broadphase holds under the body's proxy, is `body` itself. */
export function checkTracked(body: Body, stored: Body | null | undefined): void {
  if (stored !== body) {
    checkBody(body);
    throw new RangeError(`capsule2d: body ${body.id} is not in this broadphase`);
  }
}

function checkBody(body: Body): void {
  if (!(body instanceof Body)) throw new TypeError(`capsule2d: body must be a Body, got ${describe(body)}`);
}
