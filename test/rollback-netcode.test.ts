/**
 * The rollback demo's netcode (examples/rollback/netcode.ts) in Node: two
 * peers, each with its own world, exchanging inputs over a simulated network
 * with delay and loss, predicting, rolling back and re-simulating. Checked
 * against an uninterrupted world fed the same inputs (built here, apart from
 * the session's own reference), and against what the settings imply: no
 * network delay or a local input delay covering it means no rollbacks; a
 * delay without it means rollbacks as deep as the delay.
 */
import { describe, expect, it } from "vitest";
import { JUMP, LEFT, RIGHT, botInput, uninterrupted } from "../examples/rollback/arena.js";
import { RollbackSession, type NetcodeOptions } from "../examples/rollback/netcode.js";

/** Player 1 holds a pattern of keys, player 2 is the bot. */
function inputsAt(tick: number): [number, number] {
  const p1 = tick % 90 < 40 ? RIGHT : tick % 90 < 70 ? LEFT : 0;
  return [p1 | (tick % 45 === 5 ? JUMP : 0), botInput(tick, 2)];
}

function run(options: NetcodeOptions, ticks: number, seed = 1): RollbackSession {
  const session = new RollbackSession(options, seed);
  for (let t = 1; t <= ticks; t++) session.step(inputsAt(t));
  return session;
}

/** The hash after `frame` of a world that was never rolled back, fed the session's confirmed inputs. */
function uninterruptedHash(session: RollbackSession, frame: number): string {
  return uninterrupted(session.inputLog.slice(1, frame + 1)).stateHash();
}

describe("rollback netcode session", () => {
  it("with no network delay nothing is predicted: no rollbacks, every frame confirmed at once", () => {
    const s = run({ delay: 0, loss: 0, localDelay: 0 }, 200).stats();
    expect(s.rollbacks).toEqual([0, 0]);
    expect(s.confirmed).toEqual([200, 200]);
    expect(s.checked).toBe(200);
    expect(s.mismatches).toBe(0);
  });

  it("a local input delay as long as the network delay hides it: no rollbacks", () => {
    const s = run({ delay: 3, loss: 0, localDelay: 3 }, 200).stats();
    expect(s.rollbacks).toEqual([0, 0]);
    expect(s.mismatches).toBe(0);
    expect(s.checked).toBe(200);
  });

  it("delay 4, no loss: rollbacks of depth 4 exactly (inputs arrive four frames late), and the worlds agree", () => {
    const session = run({ delay: 4, loss: 0, localDelay: 0 }, 300);
    const s = session.stats();
    expect(s.rollbacks[0]).toBeGreaterThan(0);
    expect(s.rollbacks[1]).toBeGreaterThan(0);
    expect(s.maxDepth).toEqual([4, 4]);
    expect(s.confirmed).toEqual([296, 296]);
    expect(s.mismatches).toBe(0);
    expect(s.referenceMismatches).toBe(0);
    expect(s.lastChecked!.frame).toBe(296);
    expect(s.lastChecked!.hashes[0]).toBe(uninterruptedHash(session, 296));
  });

  it("delay 4 and 20 % loss: rollbacks, no desync, and the confirmed state is the uninterrupted run's", () => {
    const session = run({ delay: 4, loss: 20, localDelay: 0 }, 600, 9);
    const s = session.stats();
    expect(s.lost).toBeGreaterThan(0.1 * s.sent);
    expect(s.rollbacks[0] + s.rollbacks[1]).toBeGreaterThan(0);
    expect(Math.max(...s.maxDepth)).toBeGreaterThan(4); // a lost packet's inputs came a frame or more later
    expect(s.mismatches).toBe(0);
    expect(s.referenceMismatches).toBe(0);
    const last = s.lastChecked!;
    expect(last.frame).toBe(s.checked);
    expect(last.frame).toBeGreaterThan(580);
    expect(last.hashes[1]).toBe(last.hashes[0]);
    expect(last.hashes[0]).toBe(uninterruptedHash(session, last.frame));
    // every input the log holds is what the player pressed
    for (let f = 1; f <= last.frame; f++) expect(session.inputLog[f]).toEqual(inputsAt(f));
  });

  it("the prediction window bounds every rollback: with heavy loss no rollback is deeper than maxPrediction, peers stall and catch up, and the worlds agree", () => {
    const session = run({ delay: 4, loss: 40, localDelay: 0, maxPrediction: 3 }, 600, 9);
    const s = session.stats();
    expect(Math.max(...s.maxDepth)).toBeLessThanOrEqual(3);
    expect(s.stalls[0] + s.stalls[1]).toBeGreaterThan(0); // inputs four frames late: a window of 3 must wait
    expect(s.mismatches).toBe(0);
    expect(s.referenceMismatches).toBe(0);
    const last = s.lastChecked!;
    expect(last.frame).toBeGreaterThan(500); // stalled peers caught up
    expect(last.hashes[0]).toBe(uninterruptedHash(session, last.frame));
    // the same run without a window predicts further and rolls back deeper
    const free = run({ delay: 4, loss: 40, localDelay: 0, maxPrediction: 60 }, 600, 9).stats();
    expect(Math.max(...free.maxDepth)).toBeGreaterThan(3);
    expect(free.stalls).toEqual([0, 0]);
  });

  it("a window of 0 is lockstep: never a prediction, never a rollback, the same confirmed state", () => {
    const session = run({ delay: 2, loss: 10, localDelay: 0, maxPrediction: 0 }, 300, 4);
    const s = session.stats();
    expect(s.rollbacks).toEqual([0, 0]);
    expect(s.stalls[0]).toBeGreaterThan(0);
    expect(s.mismatches).toBe(0);
    expect(s.lastChecked!.hashes[0]).toBe(uninterruptedHash(session, s.lastChecked!.frame));
  });

  it("a peer's recorder forgets what is confirmed: its recording starts at the confirmed frame", () => {
    const session = run({ delay: 4, loss: 20, localDelay: 1 }, 400, 3);
    for (const peer of session.peers) {
      const rec = peer.recorder.recording;
      expect(rec.firstStep).toBe(peer.confirmed);
      expect(rec.lastStep).toBe(400);
    }
  });

  it("changing the settings while running keeps the worlds in agreement", () => {
    const session = new RollbackSession({ delay: 2, loss: 0, localDelay: 0 }, 5);
    for (let t = 1; t <= 600; t++) {
      if (t === 150) session.setOptions({ delay: 6, loss: 30 });
      if (t === 300) session.setOptions({ localDelay: 3 });
      if (t === 450) session.setOptions({ localDelay: 0, delay: 1, loss: 0 });
      session.step(inputsAt(t));
    }
    const s = session.stats();
    expect(s.mismatches).toBe(0);
    expect(s.referenceMismatches).toBe(0);
    expect(s.checked).toBeGreaterThan(590);
    expect(s.lastChecked!.hashes[0]).toBe(uninterruptedHash(session, s.checked));
  });

  it("refuses bad settings with a RangeError naming them, and keeps the old ones", () => {
    const session = new RollbackSession({ delay: 2, loss: 10, localDelay: 0 });
    expect(() => session.setOptions({ delay: -1 })).toThrow(/options\.delay .* got -1/);
    expect(() => session.setOptions({ loss: 101 })).toThrow(/options\.loss .* got 101/);
    expect(() => session.setOptions({ localDelay: 1.5 })).toThrow(/options\.localDelay .* got 1\.5/);
    expect(() => session.setOptions({ maxPrediction: -2 })).toThrow(/options\.maxPrediction .* got -2/);
    expect(session.options).toEqual({ delay: 2, loss: 10, localDelay: 0 });
    expect(() => new RollbackSession({ delay: 2, loss: NaN, localDelay: 0 })).toThrow(RangeError);
  });
});
