/**
 * Which pairs of bodies touch (src/contacts/pairing.ts), by their types and
 * sensor flags, as Box2D decides it: a pair with a dynamic body touches; a
 * pair without one touches only when one of the two is a sensor and they are
 * not both static (a kinematic sensor detects statics and kinematics; a
 * static sensor detects kinematics); two statics never touch. Seen from the
 * outside: a touching pair is a contact in `world.contacts` (solid) or a
 * sensor pair in the collisionStart event.
 */
import { describe, expect, it } from "vitest";
import { AABB, World } from "../src/entries/capsule2d.js";

type Kind = "static" | "kinematic" | "dynamic";

/** Do two overlapping boxes of these types and sensor flags touch in the first step? */
function touches(ta: Kind, sa: boolean, tb: Kind, sb: boolean): { touching: boolean; sensor: boolean } {
  const world = new World({ gravity: { x: 0, y: 0 } });
  world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, type: ta, isSensor: sa }));
  world.add(new AABB({ halfWidth: 0.5, halfHeight: 0.5, position: { x: 0.6, y: 0.1 }, type: tb, isSensor: sb }));
  let sensor = false;
  let started = 0;
  world.on("collisionStart", ({ pairs }) => {
    started += pairs.length;
    sensor ||= pairs.some((p) => p.isSensor);
  });
  world.step(1 / 60);
  return { touching: started > 0 || world.contacts.length > 0, sensor };
}

const kinds: Kind[] = ["static", "kinematic", "dynamic"];

describe("which pairs touch", () => {
  for (const ta of kinds)
    for (const tb of kinds)
      for (const sa of [false, true])
        for (const sb of [false, true]) {
          const anyDynamic = ta === "dynamic" || tb === "dynamic";
          const expected = anyDynamic || ((sa || sb) && !(ta === "static" && tb === "static"));
          it(`${ta}${sa ? " sensor" : ""} and ${tb}${sb ? " sensor" : ""}: ${expected ? "touch" : "do not touch"}`, () => {
            const r = touches(ta, sa, tb, sb);
            expect(r.touching).toBe(expected);
            // a pair with a sensor in it is reported as a sensor pair
            if (expected) expect(r.sensor).toBe(sa || sb);
          });
        }
});
