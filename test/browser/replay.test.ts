/**
 * The replay page (examples/replay/) in headless Chromium, driven by steps
 * through `window.__replay` and its controls: it records a session (the
 * autopilot's kicks and a mouse click's), scrubs the timeline back to a step
 * whose world hashes as a fresh replay of the saved recording does in Node,
 * steps back and forward with the buttons, and, given two recordings through
 * its file inputs (one made again in Node with one kick nudged), reports the
 * exact step and body where they part, with the field and both values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { Recording, replay, verify } from "../../src/entries/replay.js";
// Brings in the `window.__replay: ReplayHook` declaration the test relies on.
import type { ReplayHook } from "../../examples/replay/main.js";
import { AUTOPILOT_FIRST, asKick } from "../../examples/replay/scene.js";
import { rerecord } from "../../examples/replay/twin.js";
import { inkFraction, screenshot, startHarness, type Harness } from "./harness.js";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const state = (page: Page) => page.evaluate(() => window.__replay!.state());

/** Record 150 steps: the autopilot's kicks, and a click on a circle before step 61. Returns the saved recording. */
async function record(page: Page): Promise<{ saved: Recording; clicked: number }> {
  await page.evaluate(() => window.__replay!.forward(60));
  await page.locator("canvas").scrollIntoViewIfNeeded();
  const id = 20; // one of the bodies dropped from the grid (the walls and the ramp come first)
  const target = { id, at: await page.evaluate((i) => window.__replay!.clientOf(i), id) };
  await page.mouse.click(target.at!.x, target.at!.y);
  expect((await state(page)).selected).toBe(target.id);
  await page.evaluate(() => window.__replay!.forward(90));
  const bytes = await page.evaluate(() => window.__replay!.save());
  return { saved: Recording.fromBuffer(new Uint8Array(bytes)), clicked: target.id };
}

describe("replay page", () => {
  it("records, scrubs to a step that hashes as a fresh replay does, steps back and forward", async () => {
    const { page, errors } = await harness.open("/replay/?paused", { hook: "__replay" });
    try {
      const { saved, clicked } = await record(page);
      expect(saved.lastStep).toBe(150);
      const kicks = [];
      for (let s = 1; s <= 150; s++) for (const v of saved.inputsAt(s)) kicks.push({ step: s, body: asKick(v).body });
      expect(kicks).toContainEqual({ step: 61, body: clicked });
      expect(kicks).toContainEqual(expect.objectContaining({ step: AUTOPILOT_FIRST }));
      let s = await state(page);
      expect(s).toMatchObject({ cursor: 150, lastStep: 150, recording: true });
      expect(s.hash).toBe(saved.hashAt(150));

      // scrub the timeline back to step 37
      await page.locator("[data-control=timeline]").evaluate((input: HTMLInputElement) => {
        input.value = "37";
        input.dispatchEvent(new Event("input"));
      });
      s = await state(page);
      expect(s.cursor).toBe(37);
      expect(s.recording).toBe(false);
      expect(s.hash).toBe(replay(saved, { until: 37 }).world.stateHash());
      expect(await page.locator("[data-test=step]").textContent()).toContain("step 37 of 0–150");

      await page.locator("[data-control=back]").click();
      s = await state(page);
      expect(s.cursor).toBe(36);
      expect(s.hash).toBe(replay(saved, { until: 36 }).world.stateHash());
      await page.locator("[data-control=forward]").click();
      await page.locator("[data-control=forward]").click();
      s = await state(page);
      expect(s.cursor).toBe(38);
      expect(s.hash).toBe(replay(saved, { until: 38 }).world.stateHash());
      // the step's calls and contacts are listed; the clicked step shows its kick
      await page.evaluate(() => window.__replay!.seek(61));
      expect(await page.locator("[data-test=calls]").textContent()).toContain(`"body":${clicked}`);
      await page.evaluate(() => window.__replay!.seek(150));
      expect(await page.locator("[data-test=contacts]").textContent()).toMatch(/Contacts after step 150 \(\d+\)/);
      expect(await page.locator("[data-test=body]").textContent()).toContain(`#${clicked}`);
      expect(await inkFraction(page)).toBeGreaterThan(0.01);
      await screenshot(page, "demo-replay");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("loads two recordings, one with a kick nudged at a known step, and shows exactly that step and body", async () => {
    const { page, errors } = await harness.open("/replay/?paused", { hook: "__replay" });
    try {
      const { saved } = await record(page);
      // the second run: made again in Node from the inputs, the kick before step 61 (the click) nudged
      const twin = rerecord(saved, 61);
      expect(twin.perturbed!.step).toBe(61);
      const expected = verify(saved, twin.recording).divergence!;
      expect(expected.step).toBe(61);
      expect(expected.body).toBe(twin.perturbed!.body);

      await page.locator("[data-control=load]").setInputFiles({ name: "a.c2dr", mimeType: "application/octet-stream", buffer: Buffer.from(saved.toBuffer()) });
      await page.waitForFunction(() => !window.__replay!.state().recording && window.__replay!.state().cursor === 0);
      await page.locator("[data-control=compare]").setInputFiles({
        name: "b.c2dr",
        mimeType: "application/octet-stream",
        buffer: Buffer.from(twin.recording.toBuffer()),
      });
      await page.waitForFunction(() => window.__replay!.state().comparing);
      const s = await state(page);
      expect(s.divergence).toMatchObject({ step: 61, body: expected.body, field: expected.field });
      expect(s.divergence!.expected).toBe(expected.expected);
      expect(s.divergence!.actual).toBe(expected.actual);
      expect(s.cursor).toBe(61);
      expect(s.highlighted).toBe(expected.body);
      expect(s.selected).toBe(expected.body);
      const text = await page.locator("[data-test=divergence-text]").textContent();
      expect(text).toContain(`step 61: body #${expected.body} ${expected.field} = ${String(expected.expected)} in the first run, ${String(expected.actual)} in the second`);
      await screenshot(page, "demo-replay-divergence");

      // the page's own twin: the first kick from the step shown (the autopilot's at step 12) nudged
      await page.evaluate(() => window.__replay!.seek(0));
      const p = await page.evaluate(() => window.__replay!.twin());
      expect(p).toEqual({ step: AUTOPILOT_FIRST, body: asKick(saved.inputsAt(AUTOPILOT_FIRST)[0]).body });
      expect((await state(page)).divergence).toMatchObject({ step: AUTOPILOT_FIRST, body: p!.body });

      // a file that is not a recording is refused with a message; what is shown stays
      await page.locator("[data-control=load]").setInputFiles({ name: "junk.c2dr", mimeType: "application/octet-stream", buffer: Buffer.from("not a recording at all") });
      await page.waitForFunction(() => window.__replay!.state().message !== "");
      const after = await state(page);
      expect(after.message).toMatch(/magic|shorter|header/);
      expect(after.cursor).toBe(AUTOPILOT_FIRST);
      expect(after.lastStep).toBe(150);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
