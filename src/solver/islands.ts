/**
 * Island sleeping. Bodies connected through touching contacts form an island
 * (static bodies do not connect islands: a floor does not tie together
 * everything standing on it). When every body of an island has been slower
 * than the tolerances for `timeToSleep`, the whole island sleeps: it is not
 * integrated, solved or collided until something wakes it.
 *
 * Islands are rebuilt every step with union-find over the touching contacts
 * (near-linear in bodies + contacts), so there is no island graph to keep
 * consistent when bodies and contacts come and go.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "../contacts/contact.js";

export class IslandSleeper {
  private parent = new Int32Array(64);
  private minSleep = new Float64Array(64);

  private grow(n: number): void {
    if (this.parent.length >= n) return;
    let size = this.parent.length;
    while (size < n) size *= 2;
    this.parent = new Int32Array(size);
    this.minSleep = new Float64Array(size);
  }

  private find(i: number): number {
    const p = this.parent;
    while (p[i]! !== i) {
      const g = p[p[i]!]!;
      p[i] = g; // path halving
      i = g;
    }
    return i;
  }

  /**
   * Advance sleep timers of the awake bodies, then put to sleep every island
   * whose slowest-to-settle body has been still for `timeToSleep`.
   * `bodies` is the world's body array (index = body.index).
   */
  update(
    bodies: readonly Body[],
    awake: readonly Body[],
    awakeCount: number,
    contacts: readonly Contact[],
    contactCount: number,
    dt: number,
    timeToSleep: number,
    linTol: number,
    angTol: number,
  ): void {
    const n = bodies.length;
    this.grow(n);
    const parent = this.parent;
    const minSleep = this.minSleep;
    const lin2 = linTol * linTol;
    const ang2 = angTol * angTol;
    for (let i = 0; i < awakeCount; i++) {
      const b = awake[i]!;
      const v = b.velocity;
      if (v.x * v.x + v.y * v.y > lin2 || b.angularVelocity * b.angularVelocity > ang2) b.sleepTime = 0;
      else b.sleepTime += dt;
      parent[b.index] = b.index;
      minSleep[b.index] = b.sleepTime;
    }
    for (let i = 0; i < contactCount; i++) {
      const c = contacts[i]!;
      if (c.count === 0 || c.isSensor) continue; // speculative points count: they are about to touch
      const a = c.bodyA;
      const b = c.bodyB;
      if (a.type === "static" || b.type === "static") continue;
      if (a.solverFlags === 0 || b.solverFlags === 0) {
        // touching a body that is not simulated this step (asleep): keep the awake one awake
        if (a.solverFlags !== 0 && b.isSleeping) a.sleepTime = 0;
        if (b.solverFlags !== 0 && a.isSleeping) b.sleepTime = 0;
        continue;
      }
      const ra = this.find(a.index);
      const rb = this.find(b.index);
      if (ra === rb) continue;
      // union by smaller index keeps the result independent of contact order
      if (ra < rb) {
        parent[rb] = ra;
        if (minSleep[rb]! < minSleep[ra]!) minSleep[ra] = minSleep[rb]!;
      } else {
        parent[ra] = rb;
        if (minSleep[ra]! < minSleep[rb]!) minSleep[rb] = minSleep[ra]!;
      }
    }
    for (let i = 0; i < awakeCount; i++) {
      const b = awake[i]!;
      const root = this.find(b.index);
      if (minSleep[root]! < timeToSleep) continue;
      b.isSleeping = true;
      b.islandId = bodies[root]!.id;
      b.velocity.x = 0;
      b.velocity.y = 0;
      b.angularVelocity = 0;
      b.forceX = 0;
      b.forceY = 0;
      b.torque = 0;
    }
  }
}
