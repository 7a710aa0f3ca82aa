/**
 * `world.explode(def)` (Box2D v3.1's b2World_Explode), a module of the
 * `World` of `capsule2d` (src/world/full-world.ts): the impulse each body
 * gets is computed in src/world/contact-control.ts.
 */
import type { Body } from "../bodies/body.js";
import { byId } from "./queries.js";
import { checkExplosion, explosionImpulse, type ExplosionDef } from "./contact-control.js";
import type { World } from "./world.js";

/** A radial impulse on every dynamic body within reach, in id order (see `World.explode`). */
export function explode(world: World, def: ExplosionDef): void {
  const e = checkExplosion(def);
  if (world.stepping) throw new Error("capsule2d: explode() cannot be called during a step");
  const reach = e.radius + e.falloff;
  const hit = { x: 0, y: 0, px: 0, py: 0 };
  const targets: Body[] = [];
  world.broadphase.query(e.x - reach, e.y - reach, e.x + reach, e.y + reach, (b) => {
    if (b._type === "dynamic" && !b._isSensor) targets.push(b);
  });
  targets.sort(byId);
  for (const b of targets) {
    if (!explosionImpulse(e, b, hit)) continue;
    if (hit.x === 0 && hit.y === 0) continue;
    // a compound's shape: its own share of the blast, on the compound at the shape's closest point (as Box2D, per shape)
    (b._parent ?? b).applyImpulse({ x: hit.x, y: hit.y }, { x: hit.px, y: hit.py });
  }
}
