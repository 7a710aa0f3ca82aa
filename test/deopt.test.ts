/**
 * No function of capsule2d is deoptimised on every step in steady state.
 *
 * A deoptimisation throws away V8's optimised code for a function and runs
 * it unoptimised (slow, and boxing every number it computes); V8 then
 * optimises it again. Once or a few times while a scene settles is normal.
 * On every step it is a defect: found in `applyChanges` and
 * `selectImpactCandidates`, each run once a step over thousands of bodies
 * or contacts, whose loop V8 compiled on its own during the first step and
 * whose cached code then left the function after the loop on every step
 * (3.5 kB allocated per step, and the rest of the function unoptimised).
 * Each scene runs in a child process with `--trace-deopt` (see
 * support/deopt-child.mjs); every function deoptimised in more than 5 of
 * the last 100 steps fails the test.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bundle = process.env.CAPSULE2D_BUNDLE ?? fileURLToPath(new URL("../dist/capsule2d.js", import.meta.url));
const child = fileURLToPath(new URL("./support/deopt-child.mjs", import.meta.url));
const STEPS = 250;
const WATCHED = 100; // the last steps

/** For each function deoptimised in the last `WATCHED` steps, in how many of them. */
function repeatedDeopts(scene: string): Map<string, number> {
  const out = execFileSync(process.execPath, ["--trace-deopt", child, bundle, scene, String(STEPS)], {
    encoding: "utf8",
    timeout: 300_000,
    maxBuffer: 512 * 1024 * 1024,
  });
  const lines = out.split("\n");
  expect(lines).toContain("DONE");
  let step = -1;
  const steps = new Map<string, Set<number>>();
  for (const line of lines) {
    if (line.startsWith("STEP ")) {
      step = Number(line.slice(5));
      continue;
    }
    if (step < STEPS - WATCHED || !line.startsWith("[bailout")) continue;
    const m = /deoptimizing 0x[0-9a-f]+ <JSFunction ([^ >]*)/.exec(line);
    expect(m, `an unreadable --trace-deopt line: ${line.slice(0, 200)}`).not.toBeNull();
    const name = m![1]! || "(anonymous)";
    if (!steps.has(name)) steps.set(name, new Set());
    steps.get(name)!.add(step);
  }
  // the trace is read: V8 printed its bailouts as expected at least during the warm-up
  expect(out).toMatch(/\[bailout \(kind: /);
  return new Map([...steps].map(([name, s]) => [name, s.size]));
}

describe("no deoptimisation on every step (large scenes in a child process)", () => {
  for (const [scene, title] of [
    ["pyramid", "a 100-row pyramid of AABBs on tiles"],
    ["turning-pyramid", "a 100-row pyramid of turning boxes on tiles"],
  ] as const) {
    it(title, () => {
      const counts = repeatedDeopts(scene);
      console.log(`deoptimisations in the last ${WATCHED} steps, ${title}: ${[...counts].map(([f, n]) => `${f} ${n}`).join(", ") || "none"}`);
      const repeated = [...counts].filter(([, n]) => n > 5);
      expect(repeated).toEqual([]);
    }, 300_000);
  }
});
