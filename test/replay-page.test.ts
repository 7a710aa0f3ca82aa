/**
 * The replay page's logic in Node (examples/replay/: session.ts, twin.ts,
 * scene.ts): a recorded session scrubbed to any step shows what a fresh
 * replay gives there; stepping back and forward; a run made again from its
 * inputs alone is the same run; one kick nudged by a part in a billion is
 * reported by verify at that kick's step and body; a bad file is refused
 * with the session left as it was; recording on from an earlier step.
 */
import { describe, expect, it } from "vitest";
import { Recorder, Recording, replay, verify, worldAt } from "../src/entries/replay.js";
import { ReplaySession } from "../examples/replay/session.js";
import { AUTOPILOT_EVERY, AUTOPILOT_FIRST, asKick, buildScene, clickKick } from "../examples/replay/scene.js";
import { nudge, rerecord } from "../examples/replay/twin.js";

function recorded(steps: number): ReplaySession {
  const s = new ReplaySession();
  for (let i = 0; i < steps; i++) {
    if (i === 70) {
      const b = s.world.bodies.find((x) => x.isDynamic && x.label === "circle")!;
      expect(s.kick(clickKick(b, { x: b.position.x - 0.1, y: b.position.y }))).toBe(true);
    }
    s.forward();
  }
  return s;
}

describe("replay page session", () => {
  it("records, and every step it scrubs to shows a fresh replay's state there", () => {
    const s = recorded(150);
    expect(s.cursor).toBe(150);
    expect(s.isRecording).toBe(true);
    const saved = Recording.fromBuffer(s.save());
    for (const k of [0, 1, 37, 99, 149, 150]) {
      s.seek(k);
      expect(s.cursor).toBe(k);
      expect(s.world.stepCount).toBe(k);
      const fresh = k === 0 ? worldAt(saved, 0) : replay(saved, { until: k }).world;
      expect(s.world.stateHash()).toBe(fresh.stateHash());
    }
    s.seek(37);
    expect(s.back()).toBe(36);
    expect(s.world.stateHash()).toBe(saved.hashAt(36));
    expect(s.forward()).toBe(37);
    expect(s.forward()).toBe(38);
    expect(s.world.stateHash()).toBe(saved.hashAt(38));
    expect(s.isRecording).toBe(false);
    expect(s.seek(-5)).toBe(0);
    expect(s.back()).toBe(0);
    expect(s.seek(1e9)).toBe(150);
  });

  it("records the kicks as inputs: the autopilot's and a click's", () => {
    const s = recorded(150);
    const rec = s.recording;
    const kicked = [];
    for (let step = 1; step <= 150; step++) if (rec.inputsAt(step).length > 0) kicked.push(step);
    const auto = [0, 1, 2, 3].map((i) => AUTOPILOT_FIRST + i * AUTOPILOT_EVERY);
    expect(kicked).toEqual([...auto.filter((k) => k < 71), 71, ...auto.filter((k) => k > 71)]);
    expect(asKick(rec.inputsAt(71)[0]).body).toBeGreaterThan(0);
  });

  it("a run made again from its inputs is the same run; one kick nudged parts at its step and body", () => {
    const s = recorded(150);
    const same = rerecord(s.recording);
    expect(same.perturbed).toBeNull();
    expect(verify(s.recording, same.recording)).toMatchObject({ ok: true, steps: 150 });

    const twin = rerecord(s.recording, 1);
    expect(twin.perturbed!.step).toBe(AUTOPILOT_FIRST);
    // the kicked body touches nothing then (the scene drops from a grid, apart): it alone can differ
    const before = worldAt(s.recording, AUTOPILOT_FIRST - 1);
    expect(before.contacts.filter((c) => c.bodyA.id === twin.perturbed!.body || c.bodyB.id === twin.perturbed!.body)).toEqual([]);
    const result = s.compare(twin.recording);
    expect(result.ok).toBe(false);
    expect(result.divergence).toMatchObject({ step: AUTOPILOT_FIRST, body: twin.perturbed!.body });
    expect(result.divergence!.field).toMatch(/^(position|velocity|rotation|angularVelocity)/);
    expect(result.divergence!.expected).not.toBe(result.divergence!.actual);
    // the page goes there, with that body selected and the second run's world alongside
    expect(s.cursor).toBe(AUTOPILOT_FIRST);
    expect(s.selected).toBe(twin.perturbed!.body);
    expect(s.divergingBody).toBe(twin.perturbed!.body);
    expect(s.otherShown!.stateHash()).toBe(twin.recording.hashAt(AUTOPILOT_FIRST));
    expect(s.world.stateHash()).toBe(s.recording.hashAt(AUTOPILOT_FIRST));
  });

  it("nudge changes a number by about a part in a billion, never to itself", () => {
    for (const x of [1, -1, 3.7e-5, -2e8, 0]) {
      const y = nudge(x);
      expect(y).not.toBe(x);
      expect(Math.abs(y - x)).toBeLessThanOrEqual(Math.max(1e-12, Math.abs(x) * 1e-9));
    }
  });

  it("loads a saved recording; refuses a corrupt one and leaves the session as it was", () => {
    const s = recorded(60);
    const bytes = new Uint8Array(s.save());
    const other = new ReplaySession();
    other.load(bytes);
    expect(other.canRecord).toBe(false);
    expect(other.cursor).toBe(0);
    expect(other.recording.lastStep).toBe(60);
    other.seek(40);
    const hash = other.world.stateHash();
    const bad = bytes.slice();
    bad[bad.length - 3]! ^= 1;
    expect(() => other.load(bad)).toThrow(/checksum/);
    expect(other.cursor).toBe(40);
    expect(other.world.stateHash()).toBe(hash);
    expect(other.recording.lastStep).toBe(60);
    // a loaded recording does not record on its own...
    expect(other.forward()).toBe(41);
    other.seek(60);
    expect(other.forward()).toBe(60);
    // ...until asked to record from a step
    other.seek(50);
    other.branch();
    expect(other.recording.firstStep).toBe(50);
    expect(other.forward()).toBe(51);
    expect(other.recording.lastStep).toBe(51);
  });

  it("records on from an earlier step: the steps after it are forgotten, the run continues from there", () => {
    const s = recorded(100);
    const saved = Recording.fromBuffer(s.save());
    s.seek(50);
    s.branch();
    expect(s.isRecording).toBe(true);
    expect(s.recording.lastStep).toBe(50);
    for (let i = 0; i < 20; i++) s.forward();
    // up to step 70 the same kicks (the autopilot's), the same states
    expect(s.world.stateHash()).toBe(saved.hashAt(70));
    for (let i = 0; i < 10; i++) s.forward();
    // the first run's click before step 71 was not made again: the runs part there, at the clicked body
    const clicked = asKick(saved.inputsAt(71)[0]).body;
    expect(verify(saved, s.recording).divergence).toMatchObject({ step: 71, body: clicked });
  });

  it("a recording of another scene cannot be made again from its inputs", () => {
    const world = buildScene();
    world.bodies[5]!.setPosition({ x: 0, y: 20 });
    const recorder = new Recorder(world);
    world.step(1 / 60);
    expect(() => rerecord(recorder.recording, 1)).toThrow(/does not begin with this page's scene/);
  });

});
