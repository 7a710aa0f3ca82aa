/**
 * What the replay page lists about the step shown, as plain data: the
 * selected body's state, the calls recorded before the step (kicks, steps,
 * anything else), and the divergence in words. The step's contact list is
 * the pipeline lab's (`captureFrame`, examples/lab/pipeline/frame-data.ts).
 */
import { Capsule, Circle, type Body } from "../../src/entries/capsule2d.js";
import type { Divergence, RecordedCall } from "../../src/entries/replay.js";

/** A number as the tables show it: 6 significant digits (exact values are shown where they matter). */
export function num(x: number): string {
  if (x === 0) return "0";
  const a = Math.abs(x);
  return a >= 1e-3 && a < 1e5 ? x.toFixed(Math.max(0, 5 - Math.floor(Math.log10(a)))) : x.toExponential(4);
}

/** The selected body's state, as label–value rows. */
export function bodyFacts(body: Body): [string, string][] {
  const p = body.position;
  const v = body.velocity;
  const shape =
    body instanceof Circle
      ? `circle r ${num(body.radius)}`
      : body instanceof Capsule
        ? `capsule r ${num(body.radius)}, half length ${num(body.halfLength)}`
        : `box ${num(2 * body.halfWidth)} × ${num(2 * body.halfHeight)}`;
  return [
    ["body", `#${body.id}${body.label ? ` (${body.label})` : ""}`],
    ["shape", `${body.type} ${shape}`],
    ["position", `${num(p.x)}, ${num(p.y)} m`],
    ["angle", `${num(body.angle)} rad`],
    ["velocity", `${num(v.x)}, ${num(v.y)} m/s`],
    ["angular velocity", `${num(body.angularVelocity)} rad/s`],
    ["mass", body.isDynamic ? `${num(body.mass)} kg, inertia ${num(body.inertia)} kg·m²` : "infinite"],
    ["friction, restitution", `${num(body.friction)}, ${num(body.restitution)}`],
    ["kinetic energy", `${num(body.kineticEnergy)} J`],
    ["sleeping", body.isSleeping ? "yes" : "no"],
    ["joints", String(body.joints.length)],
  ];
}

/** A recorded call in one line: `body #12.applyImpulse({x: 1, y: 2})`, `input {"body": 12, ...}`, `world.step(0.0166667)`. */
export function describeCall(call: RecordedCall): string {
  const args = call.args.map((a) => (typeof a === "number" ? num(a) : JSON.stringify(a, (_k, v: unknown) => (typeof v === "number" ? Number(num(v)) : v))));
  if (call.target === "input") return `input ${args[0]}`;
  const who = call.target === "world" ? "world" : `${call.target} #${call.id}`;
  return `${who}.${call.method}(${args.join(", ")})`;
}

/** Where two runs part, in words, with both values exactly (as `String(number)` prints them: every digit needed). */
export function describeDivergence(d: Divergence): string {
  if (d.body === null || d.field === null) return d.message;
  if (d.field === "present") return `step ${d.step}: body #${d.body} is ${d.expected === null ? "only in the second run" : "missing from the second run"}`;
  return (
    `step ${d.step}: body #${d.body} ${d.field} = ${String(d.expected)} in the first run, ${String(d.actual)} in the second` +
    (d.fields.length > 1 ? ` (also ${d.fields.slice(1).join(", ")})` : "")
  );
}
