/**
 * Many bodies added at one point (issue 32): every pair overlaps, so the
 * first step makes N (N − 1) / 2 contacts at once. What it may cost is
 * measured here without a clock: the memory each contact keeps after the
 * step (in a child process, after full collections, from capsule2d's built
 * modules), and that no array the world reaches is a dictionary (a hash
 * table in place of an array, each read a lookup). The times are in
 * bench/pile.mjs (against Box2D v3 and Rapier) and bench/RESULTS.md.
 *
 * The bounds: a contact needs its solver constraint (40 doubles and 4
 * integers for two points, its start velocities and its row index: 356 B),
 * its row of manifold and impulses (19 doubles, 152 B), the contact object
 * (about 150 B with its key), a begin event (about 150 B) and its entries in
 * the pair map, the broadphase's fat pairs and the lists that hold it (about
 * 200 B). Before, each begin event kept its own manifold objects (about
 * 780 B of small heap objects per contact) and the rows were kept twice
 * (arrange's second buffer): 900 B of heap and 1,620 B in all per contact.
 * N = 362 gives 65,156 contacts, just below a power of two, so the arrays
 * that grow by doubling are nearly full and the figures are what a contact
 * costs, not the room kept for the next ones.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { AABB, Circle, World } from "../src/entries/capsule2d.js";
import { ContactManager } from "../src/contacts/contact-manager.js";

const bundle = process.env.CAPSULE2D_BUNDLE ?? fileURLToPath(new URL("../dist/capsule2d.js", import.meta.url));
const child = fileURLToPath(new URL("./support/pile-child.mjs", import.meta.url));

interface PileMemory {
  made: number;
  contacts: number;
  heapPerContact: number;
  buffersPerContact: number;
  dictionaries: string[];
}

function pile(n: number): PileMemory {
  const out = execFileSync(process.execPath, ["--expose-gc", "--allow-natives-syntax", child, bundle, String(n)], { encoding: "utf8", timeout: 300_000 });
  return JSON.parse(out.trim().split("\n").pop()!) as PileMemory;
}

describe("many bodies added at one point", () => {
  it("each contact keeps about what the solver needs: at most 450 B of heap and 1,150 B in all", () => {
    const r = pile(362);
    console.log(`pile of 362: ${r.made} contacts (${r.contacts} at the end of the step), ${r.heapPerContact.toFixed(0)} B of heap and ${r.buffersPerContact.toFixed(0)} B of buffers per contact`);
    expect(r.made).toBe((362 * 361) / 2);
    expect(r.contacts).toBeGreaterThan(0.95 * r.made); // the pile has only begun to burst
    expect(r.heapPerContact).toBeLessThan(450);
    expect(r.heapPerContact + r.buffersPerContact).toBeLessThan(1150);
    expect(r.dictionaries).toEqual([]);
  }, 300_000);
});

describe("the first step of bodies added at one point", () => {
  it("runs the narrowphase twice per contact: once for the solve, once at the end of the step", () => {
    const n = 60;
    const world = new World({ sleeping: false });
    world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
    for (let i = 0; i < n; i++) world.add(new Circle({ position: { x: 0, y: 5 }, radius: 0.5 }));
    const update = vi.spyOn(ContactManager.prototype, "update");
    try {
      world.step(1 / 60);
      // every body was new, so each contact's two bodies both changed: it is updated from one of them only
      // (from both, it was 3 per contact: the second update of the same poses gave the same manifold)
      expect(update.mock.calls.length).toBe(2 * ((n * (n - 1)) / 2));
    } finally {
      update.mockRestore();
    }
  });
});
