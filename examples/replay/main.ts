/**
 * Replay page: record a session, scrub its timeline, step forward and back,
 * save and load recordings, and compare two of them (`verify`) to see the
 * first step and body where they part. For debugging a game and for
 * teaching: the selected body's state, the calls recorded before the step
 * and the step's contacts (with the impulses the solver applied) are listed
 * for whatever step is shown.
 *
 * The page's state is a `ReplaySession` (session.ts); this file is the DOM:
 * controls, the canvas, the tables, the real-time loop (60 steps a second,
 * at most four a frame) and the test hook `window.__replay` (see
 * `ReplayHook` below). `?paused` starts paused.
 */
import { Camera, drawWorld, traceBody, type DrawOptions } from "../../src/entries/debug.js";
import type { Body, World } from "../../src/entries/capsule2d.js";
import { bodyById, type Divergence } from "../../src/entries/replay.js";
import { button, checkbox, el, fitCanvas } from "../lab/shared/controls.js";
import { captureFrame } from "../lab/pipeline/frame-data.js";
import { FixedStepLoop } from "../shared/fixed-loop.js";
import { bodyFacts, describeCall, describeDivergence, num } from "./inspect.js";
import { ReplaySession } from "./session.js";
import { DT, VIEW, clickKick } from "./scene.js";
import { rerecord, type Perturbation } from "./twin.js";

const MAX_STEPS_PER_FRAME = 4;
const COLORS = { selected: "#5fe0ff", diverging: "#ff3df2", sleeping: "#6b7cff", other: "rgba(255, 255, 255, 0.45)" };

const session = new ReplaySession();
let running = !new URLSearchParams(location.search).has("paused");
let message = "";
/** Draw layers (the debug renderer's options) and the page's own. */
const layers = { fill: true, contacts: false, normals: false, joints: true, jointLimits: true, bounds: false, sleeping: false, other: true };

// ---- page ------------------------------------------------------------------------------------

const app = document.getElementById("app")!;
const transport = el(app, "div", "controls");
button(transport, "new recording", "record", () => act(() => session.record()));
const playButton = button(transport, running ? "pause" : "play", "play", () => act(() => (running ? pause() : play())));
button(transport, "◀ step", "back", () => act(() => (pause(), session.back())));
button(transport, "step ▶", "forward", () => act(() => (pause(), session.forward())));
const timeline = el(transport, "input", "timeline") as HTMLInputElement;
timeline.type = "range";
timeline.dataset.control = "timeline";
timeline.addEventListener("input", () => act(() => (pause(), session.seek(Number(timeline.value)))));
const stepLabel = el(transport, "span", "control-value");
stepLabel.dataset.test = "step";
const branchButton = button(transport, "record from here", "branch", () => act(() => session.branch()));

const files = el(app, "div", "controls");
button(files, "save recording", "save", () => download(session.save(), `capsule2d-step${session.recording.lastStep}.c2dr`));
fileInput(files, "load recording", "load", (bytes) => act(() => (pause(), session.load(bytes))));
fileInput(files, "compare with recording", "compare", (bytes) => act(() => (pause(), session.compare(bytes))));
button(files, "compare with a perturbed twin", "twin", () => act(() => (pause(), twin())));
button(files, "stop comparing", "uncompare", () => act(() => session.clearComparison()));
checkbox(files, { label: "autopilot kicks", id: "autopilot", value: session.autopilot, onChange: (v) => (session.autopilot = v) });

const toggles = el(app, "div", "controls");
el(toggles, "span", "control-label").textContent = "draw:";
for (const [key, label] of [
  ["fill", "fill"],
  ["contacts", "contact points"],
  ["normals", "normals"],
  ["joints", "joints"],
  ["jointLimits", "joint limits"],
  ["bounds", "bounding boxes"],
  ["sleeping", "sleeping bodies (blue)"],
  ["other", "second run (outlines)"],
] as const) {
  checkbox(toggles, { label, id: `layer-${key}`, value: layers[key], onChange: (v) => ((layers[key] = v), render()) });
}
const status = el(app, "div", "status");
status.dataset.test = "message";

const main = el(app, "div", "replay-main");
const canvas = el(main, "canvas") as HTMLCanvasElement;
const side = el(main, "aside", "replay-side");
const divergenceBox = el(side, "div", "panel");
divergenceBox.dataset.test = "divergence";
const bodyBox = el(side, "div", "panel");
bodyBox.dataset.test = "body";
const callsBox = el(side, "div", "panel");
callsBox.dataset.test = "calls";
const contactsBox = el(side, "div", "panel");
contactsBox.dataset.test = "contacts";

const camera = new Camera();

/** Run a change of the session; a refused file or recording shows its error instead of throwing. */
function act(change: () => unknown): void {
  try {
    change();
    message = "";
  } catch (e) {
    message = e instanceof Error ? e.message : String(e);
  }
  render();
}

function fileInput(parent: HTMLElement, label: string, id: string, onBytes: (bytes: ArrayBuffer) => void): HTMLInputElement {
  const wrap = el(parent, "label", "control file");
  el(wrap, "span", "control-label").textContent = label;
  const input = el(wrap, "input") as HTMLInputElement;
  input.type = "file";
  input.dataset.control = id;
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (!file) return;
    void file.arrayBuffer().then((bytes) => {
      input.value = "";
      onBytes(bytes);
    });
  });
  return input;
}

function download(bytes: ArrayBuffer, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Compare the recording with itself made again from its inputs, one kick (the first from the step shown) nudged. */
function twin(): Perturbation | null {
  const { recording, perturbed } = rerecord(session.recording, session.cursor + 1);
  session.compare(recording);
  if (perturbed === null) throw new Error("no kick at or after this step to perturb: go back, or record some");
  return perturbed;
}

function pause(): void {
  running = false;
  playButton.textContent = "play";
}

function play(): void {
  running = true;
  loop.restart();
  playButton.textContent = "pause";
}

// canvas: a click selects the body under the pointer; while recording it also kicks it
canvas.addEventListener("click", (e) => {
  const r = canvas.getBoundingClientRect();
  const p = camera.screenToWorld(e.clientX - r.left, e.clientY - r.top);
  const hits = session.world.queryPoint(p);
  const body = hits.find((b) => b.isDynamic) ?? hits[0];
  session.selected = body?.id ?? null;
  if (body?.isDynamic) session.kick(clickKick(body, p));
  render();
});
addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
  if (e.key === " ") act(() => (running ? pause() : play()));
  else if (e.key === "ArrowLeft") act(() => (pause(), session.back()));
  else if (e.key === "ArrowRight") act(() => (pause(), session.forward()));
  else return;
  e.preventDefault();
});
addEventListener("resize", () => render());

// ---- drawing ---------------------------------------------------------------------------------

function render(): void {
  const rec = session.recording;
  timeline.min = String(rec.firstStep);
  timeline.max = String(rec.lastStep);
  timeline.value = String(session.cursor);
  stepLabel.textContent = `step ${session.cursor} of ${rec.firstStep}–${rec.lastStep}${session.isRecording ? " · recording" : ""}`;
  branchButton.disabled = session.isRecording;
  status.textContent = message;
  status.className = message ? "status note" : "status";
  drawCanvas();
  renderSide();
}

function drawCanvas(): void {
  const size = fitCanvas(canvas);
  camera.resize(size.width, size.height, size.ratio);
  camera.fit(VIEW.minX, VIEW.minY, VIEW.maxX, VIEW.maxY, 8);
  const ctx = canvas.getContext("2d")!;
  const world = session.world;
  const diverging = session.divergingBody;
  const color = (b: Body): string | undefined =>
    b.id === diverging ? COLORS.diverging : b.id === session.selected ? COLORS.selected : layers.sleeping && b.isSleeping ? COLORS.sleeping : undefined;
  const options: DrawOptions = { ...layers, bodyColor: color };
  drawWorld(ctx, world, camera, options);
  const other = session.otherShown;
  if (other !== null && layers.other) {
    drawWorld(ctx, { bodies: other.bodies.filter((b) => !b.isStatic) }, camera, {
      clear: false,
      fill: false,
      joints: false,
      palette: { dynamic: COLORS.other },
      bodyColor: () => COLORS.other,
    });
  }
  // a thick outline on the selected and the diverging body, in both runs
  camera.apply(ctx);
  ctx.lineWidth = 3 / camera.scale;
  for (const [w, id, c] of [
    [world, session.selected, COLORS.selected],
    [world, diverging, COLORS.diverging],
    [other, diverging, COLORS.diverging],
  ] as [World | null, number | null, string][]) {
    const b = w !== null && id !== null ? bodyById(w, id) : null;
    if (b === null) continue;
    ctx.strokeStyle = c;
    ctx.beginPath();
    traceBody(ctx, b);
    ctx.stroke();
  }
}

function table(head: string[], rows: string[][]): string {
  const th = head.map((h, i) => `<th class="${i === 0 ? "left" : ""}">${h}</th>`).join("");
  const tr = rows.map((r) => `<tr>${r.map((c, i) => `<td class="${i === 0 ? "left" : ""}">${c}</td>`).join("")}</tr>`).join("");
  return `<table><tr>${th}</tr>${tr}</table>`;
}

function renderSide(): void {
  const world = session.world;
  const result = session.comparison;
  if (result === null) {
    divergenceBox.innerHTML = `<h2>Compare</h2><p class="muted">Load a second recording, or compare with a perturbed twin, to find where two runs part.</p>`;
  } else {
    const d = result.divergence;
    divergenceBox.innerHTML =
      `<h2>Compare</h2>` +
      (d === null
        ? `<p class="status ok">The runs agree: the same state after all ${result.steps} steps.</p>`
        : `<p class="status bad" data-test="divergence-text">${describeDivergence(d)}</p>` + divergenceTable(d));
  }

  const selected = session.selected === null ? null : bodyById(world, session.selected);
  bodyBox.innerHTML =
    `<h2>Selected body</h2>` +
    (selected === null ? `<p class="muted">Click a body to see its state.</p>` : table(["", ""], bodyFacts(selected)));

  // recording.callsAt decodes only this step's part of the op stream: listed at every step, playing too
  const calls = session.cursor === session.recording.firstStep ? null : session.recording.callsAt(session.cursor);
  callsBox.innerHTML =
    `<h2>Calls recorded before step ${session.cursor}</h2>` +
    (calls === null
      ? `<p class="muted">none: the recording starts here</p>`
      : calls.length === 0
        ? `<p class="muted">none</p>`
        : `<ol>${calls.map((c) => `<li><code>${escapeHtml(describeCall(c))}</code></li>`).join("")}</ol>`);

  const frame = captureFrame(world);
  contactsBox.innerHTML =
    `<h2>Contacts after step ${session.cursor} (${frame.contacts.length})</h2>` +
    table(
      ["A → B", "normal", "depth (mm)", "normal impulse (N·s)", "friction impulse (N·s)"],
      frame.contacts.map((c) => [
        `#${c.a} → #${c.b}`,
        `${num(c.normal.x)}, ${num(c.normal.y)}`,
        c.points.map((p) => num(p.depth * 1000)).join(" / "),
        c.points.map((p) => num(p.normalImpulse)).join(" / "),
        c.points.map((p) => num(p.tangentImpulse)).join(" / "),
      ]),
    );
}

function divergenceTable(d: Divergence): string {
  return table(
    ["", "first run", "second run"],
    [
      ["step", String(d.step), String(d.step)],
      ["stateHash()", d.expectedHash ?? "–", d.actualHash ?? "–"],
      ...(d.body === null ? [] : [[`body #${d.body} ${d.field ?? ""}`, String(d.expected), String(d.actual)]]),
    ],
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// ---- real time -------------------------------------------------------------------------------

/** Play: steps of the timeline in real time (recording at the end of a recording made here); a loaded one stops at its end. */
function playSteps(n: number): void {
  for (let i = 0; i < n; i++) {
    if (!session.isRecording && session.cursor === session.recording.lastStep) {
      pause();
      break;
    }
    session.forward();
  }
  render();
}
const loop = new FixedStepLoop(DT, MAX_STEPS_PER_FRAME, () => running, playSteps);
render();

// ---- test hook -------------------------------------------------------------------------------

/** What `window.__replay` reports about the page (plain data). */
export interface ReplayState {
  cursor: number;
  firstStep: number;
  lastStep: number;
  /** Does stepping forward record (the end of a recording made here)? */
  recording: boolean;
  /** `stateHash()` of the world shown. */
  hash: string;
  selected: number | null;
  comparing: boolean;
  /** The body drawn as diverging. */
  highlighted: number | null;
  divergence: Pick<Divergence, "step" | "body" | "field" | "expected" | "actual" | "message"> | null;
  /** The last error shown (a refused file...), or "". */
  message: string;
}

/** `window.__replay`: drive the page by steps, for the browser tests and the console. */
export interface ReplayHook {
  pause(): void;
  play(): void;
  /** A fresh recording. */
  record(): void;
  /** `n` steps forward (recording at the end of a recording made here); returns the step shown. */
  forward(n?: number): number;
  back(n?: number): number;
  seek(step: number): number;
  /** Where a body of the world shown is on the page (client coordinates), for page.mouse. */
  clientOf(id: number): { x: number; y: number } | null;
  /** The saved recording's bytes. */
  save(): number[];
  /** The "compare with a perturbed twin" button: returns the kick it changed. */
  twin(): Perturbation | null;
  state(): ReplayState;
}

declare global {
  interface Window {
    __replay?: ReplayHook;
  }
}

function state(): ReplayState {
  const rec = session.recording;
  const d = session.comparison?.divergence ?? null;
  return {
    cursor: session.cursor,
    firstStep: rec.firstStep,
    lastStep: rec.lastStep,
    recording: session.isRecording,
    hash: session.world.stateHash(),
    selected: session.selected,
    comparing: session.comparison !== null,
    highlighted: session.divergingBody,
    divergence: d && { step: d.step, body: d.body, field: d.field, expected: d.expected, actual: d.actual, message: d.message },
    message,
  };
}

function repeat(n: number, move: () => number): number {
  pause();
  for (let i = 0; i < n; i++) move();
  render();
  return session.cursor;
}

window.__replay = {
  pause: () => act(pause),
  play: () => act(play),
  record: () => act(() => session.record()),
  forward: (n = 1) => repeat(n, () => session.forward()),
  back: (n = 1) => repeat(n, () => session.back()),
  seek: (step) => repeat(1, () => session.seek(step)),
  clientOf: (id) => {
    const b = bodyById(session.world, id);
    if (b === null) return null;
    const s = camera.worldToScreen(b.position);
    const r = canvas.getBoundingClientRect();
    return { x: r.left + s.x, y: r.top + s.y };
  },
  save: () => Array.from(new Uint8Array(session.save())),
  twin: () => {
    let p: Perturbation | null = null;
    act(() => (pause(), (p = twin())));
    return p;
  },
  state,
};
