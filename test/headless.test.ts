/**
 * The headless Node example (examples/node/headless.mjs) run as a user would
 * run it: a child process on the built package, writing into a temp directory.
 */
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "..");
const script = join(root, "examples/node/headless.mjs");

function run(args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8" });
}

interface Summary {
  bodies: number;
  dynamicBodies: number;
  steps: number;
  simulatedSeconds: number;
  stepsPerSecond: number;
  realTimeFactor: number;
  finalKineticEnergy: number;
  sleepingBodies: number;
  cameToRest: boolean;
}

interface BodyState {
  id: number;
  type: string;
  kind: string;
  position: { x: number; y: number };
  velocity: { x: number; y: number };
}

describe("examples/node/headless.mjs", () => {
  let dir: string;
  let stdout: string;
  // 12 dynamic bodies for 6 simulated seconds, a CSV sample every 30 steps (0.5 s).
  const args = (out: string) => ["--seconds", "6", "--bodies", "12", "--sample-every", "30", "--out", out];

  beforeAll(() => {
    if (!existsSync(join(root, "dist/capsule2d.js"))) {
      execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
    }
    dir = mkdtempSync(join(tmpdir(), "capsule2d-headless-"));
    const result = run(args(join(dir, "a")));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    stdout = result.stdout;
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("prints a summary: bodies, steps per second, final kinetic energy, whether it came to rest", () => {
    expect(stdout).toMatch(/15 bodies \(12 dynamic\)/);
    expect(stdout).toMatch(/simulated\s+6 s in 360 steps/);
    expect(stdout).toMatch(/[\d,.]+ steps\/s, [\d,.]+x real time/);
    expect(stdout).toMatch(/final kinetic energy \d\.\d{3}e[+-]\d+ J/);
    expect(stdout).toMatch(/came to rest: (yes|no)/);
  });

  it("writes the final state as JSON, and a small pile settles inside its container", () => {
    const { summary, bodies } = JSON.parse(readFileSync(join(dir, "a/final-state.json"), "utf8")) as {
      summary: Summary;
      bodies: BodyState[];
    };
    expect(summary.bodies).toBe(15);
    expect(summary.dynamicBodies).toBe(12);
    expect(summary.steps).toBe(360);
    expect(summary.simulatedSeconds).toBeCloseTo(6, 9);
    // Faster than real time: 360 steps of 12 bodies take far less than 6 s on any machine.
    expect(summary.realTimeFactor).toBeGreaterThan(1);
    expect(summary.cameToRest).toBe(true);
    expect(stdout).toMatch(/came to rest: yes/);
    expect(summary.finalKineticEnergy).toBeLessThan(0.012);
    expect(bodies).toHaveLength(15);
    // Floor and two walls (boxes), then circle, capsule, box in turn.
    expect(bodies.map((b) => b.kind).sort()).toEqual([
      ...Array(3 + 4).fill("box"),
      ...Array(4).fill("capsule"),
      ...Array(4).fill("circle"),
    ]);
    const dynamic = bodies.filter((b) => b.type === "dynamic");
    const floor = bodies.find((b) => b.type === "static" && b.position.y < 0)!;
    const walls = bodies.filter((b) => b.type === "static" && b !== floor).map((b) => b.position.x);
    for (const b of dynamic) {
      expect(b.position.y).toBeGreaterThan(0); // above the floor's top surface at y = 0
      expect(b.position.x).toBeGreaterThan(Math.min(...walls));
      expect(b.position.x).toBeLessThan(Math.max(...walls));
    }
  });

  it("writes trajectories as CSV: one row per dynamic body per sample, time increasing", () => {
    const lines = readFileSync(join(dir, "a/trajectories.csv"), "utf8").trimEnd().split("\n");
    expect(lines[0]).toBe("time,id,label,x,y,angle,vx,vy,w");
    const rows = lines.slice(1).map((l) => l.split(","));
    // Samples at t = 0 and every 30 steps up to 360: 13 samples × 12 bodies.
    expect(rows).toHaveLength(13 * 12);
    const times = [...new Set(rows.map((r) => Number(r[0])))];
    expect(times).toHaveLength(13);
    for (let i = 0; i < times.length; i++) expect(times[i]).toBeCloseTo(i * 0.5, 9);
    for (const r of rows) {
      expect(r).toHaveLength(9);
      expect(["circle", "capsule", "box"]).toContain(r[2]);
      for (const field of [r[0], r[1], ...r.slice(3)]) expect(Number.isFinite(Number(field))).toBe(true);
    }
    // Every body appears once per sample, with the same ids each time.
    const idsAt = (t: number) => rows.filter((r) => Number(r[0]) === t).map((r) => r[1]);
    expect(idsAt(times[12]!)).toEqual(idsAt(0));
    // The bodies fell: every body's last y is below its first.
    for (const id of idsAt(0)) {
      const ys = rows.filter((r) => r[1] === id).map((r) => Number(r[4]));
      expect(ys[ys.length - 1]!).toBeLessThan(ys[0]!);
    }
  });

  it("is deterministic: the same flags give byte-identical files", () => {
    const again = run(args(join(dir, "b")));
    expect(again.status).toBe(0);
    expect(readFileSync(join(dir, "b/trajectories.csv"), "utf8")).toBe(
      readFileSync(join(dir, "a/trajectories.csv"), "utf8"),
    );
    const bodiesOf = (d: string) => JSON.parse(readFileSync(join(dir, d, "final-state.json"), "utf8")).bodies;
    expect(bodiesOf("b")).toEqual(bodiesOf("a"));
  });

  it("rejects a bad flag with exit code 2 and a message naming the flag and the value", () => {
    const bad = run(["--seconds", "0", "--out", join(dir, "c")]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--seconds must be a number > 0, got "0"');
    const unknown = run(["--bodys", "3"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("--bodys");
    expect(existsSync(join(dir, "c"))).toBe(false);
  });

  it("prints its usage with --help", () => {
    const help = run(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--seconds <s>");
    expect(help.stdout).toContain("--out <dir>");
  });
});
