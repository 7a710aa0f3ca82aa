/**
 * A slope exactly as steep as `maxSlopeAngle` is walkable ("slopes up to
 * maxSlopeAngle"): the 45° slope tile of a Tiled map, the most common slope
 * in tile games, with the default limit π/4. Its normal as the polygon
 * computes it, (−1, 1)/√2, is 0.7071067811865475 up, one ulp below
 * cos(π/4) = 0.7071067811865476: compared exactly, the controller took the
 * slope for a wall and stopped at its foot (found by the Tiled level demo's
 * probe). Also: a slope a little steeper than the limit is still a wall.
 */
import { describe, expect, it } from "vitest";
import { AABB, Capsule, CharacterController, Polygon, TileMap, World } from "../src/entries/capsule2d.js";

/** Ground at y ∈ [0, 1] from x = 0 to 20, a slope rising `rise` over 1 m from x = 5, then a plateau. */
function slopeWorld(rise: number): World {
  const w = new World({ fixedDt: 1 / 60 });
  w.add(AABB.fromBounds({ x: 0, y: 0 }, { x: 20, y: 1 }, { type: "static" }));
  w.add(new Polygon({ vertices: [{ x: 5, y: 1 }, { x: 6, y: 1 }, { x: 6, y: 1 + rise }], type: "static" }));
  w.add(AABB.fromBounds({ x: 6, y: 1 }, { x: 20, y: 1 + rise }, { type: "static" }));
  return w;
}

/** Walk right at 5 m/s for `steps` steps; the final x. */
function walk(w: World, maxSlopeAngle: number | undefined, steps: number): number {
  const p = w.add(new Capsule({ position: { x: 2, y: 1.72 }, halfLength: 0.4, radius: 0.3, angle: Math.PI / 2, type: "kinematic" }));
  const cc = new CharacterController(w, p, maxSlopeAngle === undefined ? { stepHeight: 0.2 } : { maxSlopeAngle, stepHeight: 0.2 });
  let vy = 0;
  for (let i = 0; i < steps; i++) {
    if (cc.isGrounded && vy <= 0) vy = 0;
    else vy -= 9.81 / 60;
    cc.move({ x: 5 / 60, y: vy / 60 });
    w.step(1 / 60);
  }
  return p.position.x;
}

describe("CharacterController: a slope at exactly maxSlopeAngle", () => {
  it("walks up a 45° slope with the default limit (π/4), onto the plateau", () => {
    expect(walk(slopeWorld(1), undefined, 180)).toBeGreaterThan(10);
    expect(walk(slopeWorld(1), Math.PI / 4, 180)).toBeGreaterThan(10);
  });

  it("walks up a 45° slope tile of a Tiled map (a polygon collision shape)", () => {
    const w = new World({ fixedDt: 1 / 60 });
    const slope = { id: 1, objectgroup: { objects: [{ id: 1, x: 0, y: 32, polygon: [{ x: 0, y: 0 }, { x: 32, y: 0 }, { x: 32, y: -32 }] }] } };
    // prettier-ignore
    const data = [
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1,
      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ];
    TileMap.fromTiled(w, { orientation: "orthogonal", width: 12, height: 3, tilewidth: 32, tileheight: 32, layers: [{ type: "tilelayer", name: "g", width: 12, height: 3, data }], tilesets: [{ firstgid: 1, tilewidth: 32, tileheight: 32, tiles: [slope] }] }, { origin: { x: 0, y: 3 } });
    expect(walk(w, undefined, 180)).toBeGreaterThan(10);
  });

  it("still stops at a slope steeper than the limit", () => {
    expect(walk(slopeWorld(1.1), Math.PI / 4, 180)).toBeLessThan(5);
  });
});
