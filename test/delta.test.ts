/**
 * Delta snapshots (src/replay/delta.ts): applied to their base they give the
 * current snapshot back byte for byte (and a world that continues
 * bit-identically); static geometry and options take no room; an awake body
 * costs well under its 256-byte record; a delta refuses another base and
 * corrupt or truncated data.
 */
import { describe, expect, it } from "vitest";
import { AABB, BINARY_BYTES_PER_BODY, Circle } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too
import { applyDelta, deltaSnapshot } from "../src/entries/replay.js";
import { mixedScene } from "./support/scenes.js";

const DT = 1 / 60;

function bytes(b: ArrayBuffer): Uint8Array {
  return new Uint8Array(b);
}

/** `awake` balls flying apart with gravity off (no contacts), and `statics` static boxes far away. */
function flying(awake: number, statics: number): World {
  const world = new World({ gravity: { x: 0, y: 0 } });
  for (let i = 0; i < statics; i++) world.add(new AABB({ type: "static", position: { x: 1000 + 3 * i, y: -1000 }, halfWidth: 1, halfHeight: 1 }));
  for (let i = 0; i < awake; i++) {
    world.add(new Circle({ radius: 0.2, position: { x: i, y: 0 }, velocity: { x: 0.1 * i, y: 1 }, angularVelocity: 1 }));
  }
  return world;
}

describe("delta snapshots", () => {
  it("rebuild the current snapshot exactly, and the world continues bit-identically", () => {
    const world = mixedScene(60, 3);
    for (let i = 0; i < 100; i++) world.step(DT);
    const base = world.snapshot({ format: "binary" });
    for (let i = 0; i < 3; i++) world.step(DT);
    world.add(new Circle({ radius: 0.3, position: { x: 0, y: 12 } })); // a body more: the body section whole
    const current = world.snapshot({ format: "binary" });
    const delta = deltaSnapshot(base, current);
    expect(delta.byteLength).toBeLessThan(current.byteLength);
    const rebuilt = applyDelta(base, delta);
    expect(bytes(rebuilt)).toEqual(bytes(current));
    const copy = World.fromSnapshot(rebuilt);
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      copy.step(DT);
    }
    expect(copy.stateHash()).toBe(world.stateHash());
  });

  it("hold only what changes: static bodies and options take no room, an awake body well under its full record", () => {
    const size = (awake: number, statics: number): number => {
      const world = flying(awake, statics);
      world.step(DT);
      const base = world.snapshot({ format: "binary" });
      world.step(DT);
      const delta = deltaSnapshot(base, world.snapshot({ format: "binary" }));
      expect(bytes(applyDelta(base, delta))).toEqual(bytes(world.snapshot({ format: "binary" })));
      return delta.byteLength;
    };
    expect(size(20, 200)).toBe(size(20, 0)); // static geometry is not in a delta
    const perAwake = (size(120, 0) - size(20, 0)) / 100;
    // position, rotation, velocities, the pose at the start of the step, the sleep timer, and the block mask
    expect(perAwake).toBeLessThanOrEqual(112);
    expect(perAwake).toBeLessThan(BINARY_BYTES_PER_BODY / 2);
    // nothing changed: the header's few words only
    const still = flying(5, 5);
    const s = still.snapshot({ format: "binary" });
    expect(deltaSnapshot(s, s).byteLength).toBeLessThan(64);
  });

  it("refuse another base, and corrupt or truncated data, saying what is wrong", () => {
    const world = flying(10, 2);
    world.step(DT);
    const base = world.snapshot({ format: "binary" });
    world.step(DT);
    const current = world.snapshot({ format: "binary" });
    const delta = deltaSnapshot(base, current);
    expect(() => applyDelta(current, delta)).toThrow(/made from another base snapshot/);
    expect(() => applyDelta(base, delta.slice(0, delta.byteLength - 5))).toThrow(/truncated/);
    const padded = new Uint8Array(delta.byteLength + 1);
    padded.set(bytes(delta));
    expect(() => applyDelta(base, padded.buffer)).toThrow(/left over/);
    const magic = new Uint8Array(delta.slice(0));
    magic[0] = 0;
    expect(() => applyDelta(base, magic.buffer)).toThrow(/wrong magic/);
    expect(() => deltaSnapshot(world.snapshot() as never, current)).toThrow(/base must be an ArrayBuffer/);
    expect(() => deltaSnapshot(new ArrayBuffer(80), current)).toThrow(/base is not a binary snapshot/);
  });
});
