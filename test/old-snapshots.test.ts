/**
 * Snapshots of every format version that today's code reads (2 to 7),
 * JSON and binary, written by the code of their time
 * (test/fixtures/snapshots/: the README there names the commits; the files
 * are never regenerated). Today's code restores each one exactly as the old
 * code had it: the same bodies (ids, kinds, types, sleeping, labels) with
 * the same bits of position, rotation and velocities, the same definitions
 * (mass, material, filter, flags, sizes, one-way; from version 5 the shapes' vertices, normals, radius and the
 * local centre), the same options, the same stateHash,
 * the same touching contacts with their manifolds and warm-start impulses,
 * the same joints with their settings and reactions; JSON and binary restore the same world, which a
 * re-snapshot in today's format continues bit for bit; and stepping it on
 * gives the hashes recorded in test/fixtures/state-hashes.json, which say
 * whether they are still those the old code computed from its own world.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SNAPSHOT_VERSION } from "../src/entries/capsule2d.js";
import { World } from "../src/entries/binary.js"; // its worlds take binary snapshots too
import { allFinite } from "./support/scenes.js";
import {
  OLD_SNAPSHOTS, STEPS_AFTER, definitionOf, exact, hashesAfterRestore, hex, oldBinary, oldExpected, oldJSON, type OldExpected,
} from "./fixtures/old-snapshots.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const recorded = (JSON.parse(readFileSync(new URL("./fixtures/state-hashes.json", import.meta.url), "utf8")) as {
  oldSnapshots: Record<string, { sameAsOldCode: boolean; hashesAfter: string[] }>;
}).oldSnapshots;

/** The restored world holds what the old code read from its own world when it wrote the snapshot. */
function expectAsWritten(world: World, want: OldExpected, format: "json" | "binary"): void {
  // the options the old code had (today's has more)
  const options = exact(world.options) as Record<string, unknown>;
  for (const key of Object.keys(want.options)) expect(options[key], `options.${key}`).toEqual(want.options[key]);
  expect(world.bodies).toHaveLength(want.bodies.length);
  for (let i = 0; i < want.bodies.length; i++) {
    const b = world.bodies[i]!;
    const w = want.bodies[i]!;
    const got = {
      id: b.id,
      kind: b.kind,
      type: b.type,
      sleeping: b.isSleeping,
      // the binary form carries neither label nor userData
      label: format === "json" ? b.label : w.label,
      bits: hex([b.position.x, b.position.y, b.rotCos, b.rotSin, b.velocity.x, b.velocity.y, b.angularVelocity]),
      definition: definitionOf(b, want.version),
    };
    expect(got, `body ${i}`).toEqual(w);
  }
  expect(world.stateHash()).toBe(want.stateHash);
  const contacts = world.contacts.map((c) => ({
    bodyA: c.bodyA.id,
    bodyB: c.bodyB.id,
    ...(want.version >= 6 ? { shapeA: c.bodyA.shapes.indexOf(c.shapeA), shapeB: c.bodyB.shapes.indexOf(c.shapeB) } : {}),
    isSensor: c.isSensor,
    normal: hex([c.manifold.normal.x, c.manifold.normal.y]),
    points: c.manifold.points.map((p) => ({ id: p.id, bits: hex([p.x, p.y, p.depth, p.normalImpulse, p.tangentImpulse]) })),
  }));
  expect(contacts).toEqual(want.contacts);
  for (let i = 0; i < want.joints.length; i++) {
    const j = world.joints[i]!;
    const w = want.joints[i]!;
    const settings = exact(j.settings) as Record<string, unknown>;
    if (format === "binary") settings.label = w.settings.label;
    const state = exact({ reactionForce: j.reactionForce, reactionTorque: j.reactionTorque, angle: j.angle, translation: j.translation, currentLength: j.currentLength });
    expect({ type: j.type, bodyA: j.bodyA.id, bodyB: j.bodyB.id, settings, state }, `joint ${i}`).toEqual(w);
  }
  expect(world.joints).toHaveLength(want.joints.length);
}

describe("snapshots written by older versions of the code", () => {
  it("cover every earlier version today's code reads, and say which commit wrote them", () => {
    const versions = OLD_SNAPSHOTS.map((name) => oldExpected(root, name).version);
    // today's code reads 2 to 7; a fixture of each, the current version's written by the commit these fixtures
    // were made on (version 4's by a commit that wrote the same version 4 as the last one did)
    expect(versions).toEqual([2, 3, 4, 5, 6, 7]);
    expect(SNAPSHOT_VERSION, "a new format version: write a fixture of the last one with the code of its time (see the README there)").toBe(7);
    const readme = readFileSync(`${root}test/fixtures/snapshots/README.md`, "utf8");
    for (const name of OLD_SNAPSHOTS) {
      const want = oldExpected(root, name);
      expect(name).toBe(`v${want.version}-${want.commit.slice(0, 7)}`);
      expect(readme).toContain(want.commit);
      expect((oldJSON(root, name) as { version: unknown }).version).toBe(want.version);
      expect(new DataView(oldBinary(root, name)).getUint16(4, true)).toBe(want.version);
    }
  });

  for (const name of OLD_SNAPSHOTS) {
    describe(name, () => {
      const want = oldExpected(root, name);

      it(`JSON: ${want.bodies.length} bodies, ${want.contacts.length} contacts and ${want.joints.length} joints restored bit for bit`, () => {
        const world = World.fromSnapshot(oldJSON(root, name) as never);
        expectAsWritten(world, want, "json");
        // what else the JSON form keeps: user data, and the joints' labels and break limits
        expect(world.bodies.find((b) => b.label === "floor")!.userData).toEqual({ role: "floor" });
        expect(world.bodies.some((b) => JSON.stringify(b.userData) === '[1,"two"]')).toBe(true);
        if (want.version >= 3) {
          expect(world.joints[0]!.label).toBe("hinge");
          const brittle = world.joints.find((j) => (j.userData as { brittle?: boolean } | undefined)?.brittle === true)!;
          expect([brittle.breakForce, brittle.breakTorque]).toEqual([500, 40]);
          expect(world.joints[0]!.breakForce).toBe(Infinity);
        }
        // a sleeping stack and warm-started contacts: the scene is what the fixture is for
        expect(want.bodies.filter((b) => b.sleeping).length).toBeGreaterThanOrEqual(4);
        expect(want.contacts.some((c) => c.points.some((p) => p.bits[3] !== "0000000000000000"))).toBe(true);
      });

      it("binary: the same world", () => {
        expectAsWritten(World.fromSnapshot(oldBinary(root, name)), want, "binary");
      });

      it(`stepped on ${STEPS_AFTER} times: JSON, binary and a re-snapshot in today's format agree at every step, with the recorded hashes`, () => {
        const fromJSON = World.fromSnapshot(oldJSON(root, name) as never);
        const fromBinary = World.fromSnapshot(oldBinary(root, name));
        const resaved = World.fromSnapshot(fromJSON.snapshot({ format: "binary" }));
        const hashes = hashesAfterRestore(fromJSON);
        expect(hashesAfterRestore(fromBinary)).toEqual(hashes);
        expect(hashesAfterRestore(resaved)).toEqual(hashes);
        expect(allFinite(fromJSON.bodies)).toBe(true);
        expect(fromJSON.bodies).toHaveLength(want.bodies.length);
        const rec = recorded[name]!;
        expect(hashes, "the recorded hashes after restore (npm run fixtures:update after a deliberate change of the bits)").toEqual(rec.hashesAfter);
        // the record says truthfully whether today's engine still continues the old code's world exactly as the old code did
        expect(JSON.stringify(hashes) === JSON.stringify(want.hashesAfter)).toBe(rec.sameAsOldCode);
      });
    });
  }
});
