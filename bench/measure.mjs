/**
 * What measuring a cell needs besides the clock, shared by bench/cell.mjs
 * (Node) and bench/browser/protocol.mjs (a browser page): quantiles, the
 * sanity check, pyramid drift, joint quality, and the spawn schedule of
 * scenes with groups. No Node API here.
 */
import { polylineHeight, toLocal } from "./scenes.mjs";

/** The q-quantile (0..1) of sorted values, by linear interpolation. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * Without a container or bounds (joint_grid, smash) a body counts as flung
 * away when its centre is more than this far from where it started: a 100 m
 * grid hanging from its top row never gets near it, an exploded one does.
 */
const FLUNG = 1000;

/**
 * The end-of-run sanity check on the positions `pos` (x, y per body): every
 * centre finite, and inside the scene's container (above the floor's top,
 * between the walls), or within its `bounds` circle (tumbler), or else
 * within FLUNG of where it started; on a chain terrain (scene.terrain),
 * between its ends (else counted outside the walls) and above the ground
 * under it (else it fell through the chain). `live`: null (every body is in the
 * world) or a Uint8Array, 1 for the bodies alive now.
 */
export function sanityOf(scene, pos, live) {
  const c = scene.container;
  const bounds = scene.bounds;
  let nan = 0;
  let belowFloor = 0;
  let outsideWalls = 0;
  let escaped = 0;
  let flung = 0;
  let belowTerrain = 0;
  const terrain = scene.terrain?.points;
  for (let i = 0; i < scene.bodies.length; i++) {
    if (live && !live[i]) continue;
    const x = pos[2 * i];
    const y = pos[2 * i + 1];
    if (!Number.isFinite(x) || !Number.isFinite(y)) nan++;
    else if (terrain) {
      // between the chain's ends, and above the ground under it (else it fell through)
      const ground = polylineHeight(terrain, x);
      if (Number.isNaN(ground)) outsideWalls++;
      else if (y < ground) belowTerrain++;
    } else if (c) {
      if (y < c.floorY) belowFloor++;
      if (x < c.minX || x > c.maxX) outsideWalls++;
    } else if (bounds) {
      if (Math.hypot(x - bounds.x, y - bounds.y) > bounds.radius) escaped++;
    } else if (Math.hypot(x - scene.bodies[i].x, y - scene.bodies[i].y) > FLUNG) {
      flung++;
    }
  }
  const ok = nan === 0 && belowFloor === 0 && outsideWalls === 0 && escaped === 0 && flung === 0 && belowTerrain === 0;
  return { nan, belowFloor, outsideWalls, escaped, flung, belowTerrain, ok };
}

/** Each joint's anchor in its two bodies' frames at creation (the scene's frames: capsules along local x). */
export function jointFrames(scene) {
  return scene.joints.map((j) => {
    const A = scene.bodies[j.a];
    const B = scene.bodies[j.b];
    return {
      a: toLocal(j.anchor.x, j.anchor.y, A.x, A.y, A.angle ?? 0),
      b: toLocal(j.anchor.x, j.anchor.y, B.x, B.y, B.angle ?? 0),
      reference: (B.angle ?? 0) - (A.angle ?? 0),
    };
  });
}

/** An angle in (−π, π]. */
function wrap(a) {
  a = a % (2 * Math.PI);
  if (a > Math.PI) a -= 2 * Math.PI;
  else if (a <= -Math.PI) a += 2 * Math.PI;
  return a;
}

/**
 * Joint quality from the engine's poses (read back through the adapter, so
 * every engine is judged by the same arithmetic): for every joint alive,
 * the separation of its two anchors (each body's anchor carried by that
 * body's position and angle; 0 for a perfect revolute joint), and for a
 * joint with limits how far B's angle relative to A's lies outside them.
 * Returns the largest and mean separation (m) and the largest limit
 * violation (rad); NaN wins, so a broken scene cannot look good.
 */
export function jointQuality(scene, frames, pos, ang, liveJoint) {
  let maxSep = 0;
  let sumSep = 0;
  let count = 0;
  let maxLimit = 0;
  for (let i = 0; i < scene.joints.length; i++) {
    if (liveJoint && !liveJoint[i]) continue;
    const j = scene.joints[i];
    const f = frames[i];
    const aa = ang[j.a];
    const ab = ang[j.b];
    const ca = Math.cos(aa);
    const sa = Math.sin(aa);
    const cb = Math.cos(ab);
    const sb = Math.sin(ab);
    const ax = pos[2 * j.a] + ca * f.a.x - sa * f.a.y;
    const ay = pos[2 * j.a + 1] + sa * f.a.x + ca * f.a.y;
    const bx = pos[2 * j.b] + cb * f.b.x - sb * f.b.y;
    const by = pos[2 * j.b + 1] + sb * f.b.x + cb * f.b.y;
    const sep = Math.hypot(bx - ax, by - ay);
    if (!(sep <= maxSep)) maxSep = sep;
    sumSep += sep;
    count++;
    if (j.limit) {
      const rel = wrap(ab - aa - f.reference);
      const v = Math.max(0, j.limit.lower - rel, rel - j.limit.upper);
      if (!(v <= maxLimit)) maxLimit = v;
    }
  }
  return { maxSep, meanSep: count > 0 ? sumSep / count : 0, maxLimit, joints: count };
}

export function maxDisplacement(a, b) {
  let max = 0;
  for (let i = 0; i < a.length; i += 2) {
    const dx = b[i] - a[i];
    const dy = b[i + 1] - a[i + 1];
    const d = Math.sqrt(dx * dx + dy * dy);
    if (!(d <= max)) max = d; // NaN wins, so a broken pyramid cannot look stable
  }
  return max;
}


/**
 * The spawn schedule of a scene with groups (ragdoll_rain): before step n
 * (counting from 0) the groups due to leave are removed, then the ones due
 * come. `live` / `liveJoint` (null without groups) mark the bodies and joints
 * in the world; `spawnMs` totals the time spent, read from `now()` (ms).
 */
export class Schedule {
  constructor(scene, sim, now) {
    this.sim = sim;
    this.now = now;
    this.events = new Map();
    this.live = scene.groups ? new Uint8Array(scene.bodies.length).fill(1) : null;
    this.liveJoint = scene.groups ? new Uint8Array(scene.joints.length).fill(1) : null;
    this.spawnMs = 0;
    this.spawned = 0;
    this.despawned = 0;
    for (const g of scene.groups ?? []) {
      this.live.fill(0, g.bodies[0], g.bodies[1]);
      this.liveJoint.fill(0, g.joints[0], g.joints[1]);
      for (const [when, what] of [[g.spawn, "spawn"], [g.despawn, "despawn"]]) {
        if (when === null) continue;
        if (!this.events.has(when)) this.events.set(when, { spawn: [], despawn: [] });
        this.events.get(when)[what].push(g);
      }
    }
  }

  /** Adds and removes the groups due before step `stepCount`. */
  before(stepCount) {
    const due = this.events.get(stepCount);
    if (!due) return;
    const t0 = this.now();
    for (const g of due.despawn) {
      this.sim.despawn(g);
      this.live.fill(0, g.bodies[0], g.bodies[1]);
      this.liveJoint.fill(0, g.joints[0], g.joints[1]);
      this.despawned++;
    }
    for (const g of due.spawn) {
      this.sim.spawn(g);
      this.live.fill(1, g.bodies[0], g.bodies[1]);
      this.liveJoint.fill(1, g.joints[0], g.joints[1]);
      this.spawned++;
    }
    this.spawnMs += this.now() - t0;
  }
}
