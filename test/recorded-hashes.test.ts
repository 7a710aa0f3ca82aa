/**
 * Recorded references: the scenes of test/fixtures/scenes.ts, replayed
 * today, give the `stateHash()` (and awake and contact counts) recorded in
 * test/fixtures/state-hashes.json after every 100 steps, and the same digest
 * of angles and joint reactions at the end; in JavaScript and with the
 * contact passes in WebAssembly. Every other "same bits" test compares the
 * engine with itself another way; this one catches a change that alters the
 * results everywhere at once.
 *
 * The file is written only by `npm run fixtures:update`, after a change that
 * alters the bits on purpose (with the reason in the commit message).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { enableWasmSolver, wasmSolverEnabled } from "../src/entries/wasm.js";
import { DT, EVERY, FIXTURE_SCENES, STEPS, runFixtureScene, type SceneRecord } from "./fixtures/scenes.js";

interface Fixture {
  about: string[];
  steps: number;
  every: number;
  dt: number;
  scenes: Record<string, SceneRecord>;
}

const fixture = JSON.parse(readFileSync(new URL("./fixtures/state-hashes.json", import.meta.url), "utf8")) as Fixture;
const UPDATE = "(if the change is deliberate: npm run fixtures:update, and the reason in the commit message)";

/** Replay `name` and compare with its record, naming the first reading that differs. */
function expectRecorded(name: string, prepare?: Parameters<typeof runFixtureScene>[2]): void {
  const recorded = fixture.scenes[name]!;
  const got = runFixtureScene(name, STEPS, prepare);
  for (let k = 0; k < recorded.readings.length; k++) {
    const want = recorded.readings[k]!;
    expect(got.readings[k], `${name}: the reading after ${want.step} steps differs from the recorded one ${UPDATE}`).toEqual(want);
  }
  expect(got.readings).toHaveLength(recorded.readings.length);
  expect(got.final, `${name}: the angles and joint reactions after ${STEPS} steps differ ${UPDATE}`).toBe(recorded.final);
}

describe("the recorded stateHash references (test/fixtures/state-hashes.json)", () => {
  it("were recorded from today's scene list, steps and reading interval, and say how they may change", () => {
    expect(Object.keys(fixture.scenes)).toEqual(Object.keys(FIXTURE_SCENES));
    expect([fixture.steps, fixture.every, fixture.dt]).toEqual([STEPS, EVERY, DT]);
    expect(fixture.about.join(" ")).toMatch(/npm run fixtures:update.*deliberate.*reason.*commit message/);
    for (const [name, record] of Object.entries(fixture.scenes)) {
      // a reading every 100 steps and one at the end, 16 hex digits each
      expect(record.readings.map((r) => r.step), name).toEqual([100, 200, 300, 400, 500, 600, 700, 720]);
      for (const r of record.readings) expect(r.hash, name).toMatch(/^[0-9a-f]{16}$/);
    }
    // the scenes do what they are there for: the pyramid falls asleep, and the piles keep contacts
    expect(fixture.scenes["pyramid, soft-step"]!.readings.at(-1)!.awake).toBe(0);
    expect(fixture.scenes["pyramid, pgs ngs"]!.readings.at(-1)!.awake).toBe(0);
    expect(fixture.scenes["pile, soft-step"]!.readings.at(-1)!.contacts).toBeGreaterThan(50);
  });

  for (const name of Object.keys(FIXTURE_SCENES)) {
    it(`${name}: same readings every ${EVERY} steps and the same angles and joint reactions after ${STEPS}`, () => {
      expectRecorded(name);
    });
  }
});

describe("the same references with the contact passes in WebAssembly", () => {
  for (const name of Object.keys(FIXTURE_SCENES)) {
    it(`${name} (wasm)`, () => {
      expectRecorded(name, (world) => {
        expect(enableWasmSolver(world)).toBe(true);
        expect(wasmSolverEnabled(world)).toBe(true);
      });
    });
  }
});
