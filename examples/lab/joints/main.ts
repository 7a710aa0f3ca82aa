/**
 * Joint lab: one long chain (capsule links on revolute joints, pinned at the
 * top, a heavy ball at the end) in one World per setting, stepped in
 * lock-step and drawn side by side, with live plots of each run's worst
 * joint separation (max over the joints of |anchorA − anchorB|) and of the
 * chain's stretch (its length along the joints over the rest length).
 *
 * What to look for:
 * - soft joints (low jointHertz) stretch under the load like springs: the
 *   stiffness of a soft constraint is its effective mass × ω², so a heavy
 *   ball on light links pulls them far apart;
 * - sub-steps: with 1 sub-step the joints are capped at a quarter of 60 Hz
 *   and solved once per step; more sub-steps converge better while the chain
 *   moves, and allow a stiffer jointHertz (at rest the stretch depends on the
 *   stiffness only);
 * - PGS: more iterations propagate the load further down a long chain, and
 *   the position correction decides what happens to the error that is left.
 *
 * Real time drives the worlds through `world.advance()`: each frame gives
 * every world the same elapsed time, and with the same `fixedDt` each takes
 * the same steps, so the runs stay in lock-step; a kick is given to every
 * end mass between the same two steps. Any change of the controls restarts
 * all runs. No mouse drag: pulling one chain would break the comparison.
 *
 * Test hook: `window.__jointLab` (see the bottom of this file).
 */
import { Camera, drawWorld } from "../../../src/entries/debug.js";
import type { Pose } from "../../../src/entries/capsule2d.js";
import { button, checkbox, el, fitCanvas, select, slider } from "../shared/controls.js";
import { LivePlot } from "../shared/plot.js";
import {
  BALL_RADIUS, CORRECTIONS, CUSTOM_DEFAULTS, DEFAULT_SHOWN, DT, KICK_SPEED, LINK_HALF_LENGTH, SETTINGS, buildChain, customSetting, kick, stretch,
  worstSeparation, type ChainRun, type ChainSpec, type CustomOptions, type Setting,
} from "./chain.js";

// ---- state ---------------------------------------------------------------------------------

const MASS_RATIOS = [1, 3, 10, 30, 100];
const params = new URLSearchParams(location.search);

const spec: ChainSpec = { links: 30, massRatio: 10, start: "horizontal" };
const custom: CustomOptions = { ...CUSTOM_DEFAULTS };
/** Ids of the settings shown ("custom" for the custom row), in SETTINGS order with custom last. */
let shown: string[] = [...DEFAULT_SHOWN];
let running = !params.has("paused");
/** Where between the last two steps the worlds are drawn (what world.advance() returned; 1 after a manual step). */
let alpha = 1;
let kicks = 0;

/** One plot sample: a run's state after one step. */
interface Sample {
  t: number;
  /** Worst joint separation, mm. */
  separation: number;
  /** Stretch along the chain, %. */
  stretch: number;
}

interface Run {
  chain: ChainRun;
  samples: Sample[];
  /** The worst separation since the start, mm, and when. */
  worst: number;
  worstAt: number;
  maxStretch: number;
  camera: Camera;
  canvas: HTMLCanvasElement;
  readout: HTMLElement;
}
let runs: Run[] = [];

// ---- page ----------------------------------------------------------------------------------

const app = document.getElementById("app")!;

const chainControls = el(app, "div", "controls");
const linksInput = slider(chainControls, {
  label: "links",
  id: "links",
  min: 10,
  max: 40,
  step: 1,
  value: spec.links,
  onChange: (v) => {
    spec.links = v;
    restart();
  },
});
const massRatioInput = select(chainControls, {
  label: "end mass ÷ link mass",
  id: "mass-ratio",
  choices: MASS_RATIOS.map((r) => ({ value: String(r), label: `${r} : 1` })),
  value: String(spec.massRatio),
  onChange: (v) => {
    spec.massRatio = Number(v);
    restart();
  },
});
const startInput = select<ChainSpec["start"]>(chainControls, {
  label: "start",
  id: "start",
  choices: [
    { value: "horizontal", label: "released from horizontal" },
    { value: "hanging", label: "hanging at rest" },
  ],
  value: spec.start,
  onChange: (v) => {
    spec.start = v;
    restart();
  },
});
const pauseButton = button(chainControls, running ? "pause" : "play", "pause", () => (running ? pause() : play()));
button(chainControls, "step", "step", () => {
  pause();
  stepAll(1);
});
button(chainControls, "reset", "reset", () => restart());
button(chainControls, `kick the end mass (${KICK_SPEED} m/s)`, "kick", () => kickAll());

const settingControls = el(app, "div", "controls");
el(settingControls, "span", "control-label").textContent = "settings:";
const settingBoxes = new Map<string, HTMLInputElement>();
for (const s of [...SETTINGS, customSetting(custom)]) {
  const box = checkbox(settingControls, {
    label: s.id === "custom" ? "custom (below)" : s.label,
    value: shown.includes(s.id),
    id: `show-${s.id}`,
    onChange: (on) => {
      const ids = new Set(shown);
      if (on) ids.add(s.id);
      else ids.delete(s.id);
      setShown([...ids]);
    },
  });
  (box.nextSibling as HTMLElement).style.color = s.color;
  settingBoxes.set(s.id, box);
}

const customControls = el(app, "div", "controls");
el(customControls, "span", "control-label").textContent = "custom:";
const setCustom = <K extends keyof CustomOptions>(key: K) => (v: CustomOptions[K]) => {
  custom[key] = v;
  updateCustomEnabled();
  if (shown.includes("custom")) restart();
};
select<CustomOptions["solver"]>(customControls, {
  label: "solver",
  id: "custom-solver",
  choices: [
    { value: "soft-step", label: "soft-step" },
    { value: "pgs", label: "pgs" },
  ],
  value: custom.solver,
  onChange: setCustom("solver"),
});
const softOnly = [
  slider(customControls, { label: "sub-steps", id: "custom-sub-steps", min: 1, max: 32, step: 1, value: custom.subSteps, onChange: setCustom("subSteps") }),
  slider(customControls, {
    label: "jointHertz",
    id: "custom-joint-hertz",
    min: 0,
    max: 480,
    step: 5,
    value: custom.jointHertz,
    format: (v) => (v === 0 ? "0 (rigid)" : `${v} Hz`),
    onChange: setCustom("jointHertz"),
  }),
  slider(customControls, {
    label: "jointDampingRatio",
    id: "custom-joint-damping",
    min: 0,
    max: 10,
    step: 0.1,
    value: custom.jointDampingRatio,
    format: (v) => v.toFixed(1),
    onChange: setCustom("jointDampingRatio"),
  }),
  slider(customControls, {
    label: "jointPositionIterations",
    id: "custom-joint-position-iterations",
    min: 0,
    max: 20,
    step: 1,
    value: custom.jointPositionIterations,
    onChange: setCustom("jointPositionIterations"),
  }),
];
const pgsOnly: (HTMLInputElement | HTMLSelectElement)[] = [
  slider(customControls, {
    label: "velocity iterations",
    id: "custom-velocity-iterations",
    min: 1,
    max: 100,
    step: 1,
    value: custom.velocityIterations,
    onChange: setCustom("velocityIterations"),
  }),
  select<CustomOptions["positionCorrection"]>(customControls, {
    label: "position correction",
    id: "custom-position-correction",
    choices: CORRECTIONS.map((c) => ({ value: c, label: c })),
    value: custom.positionCorrection,
    onChange: setCustom("positionCorrection"),
  }),
  slider(customControls, {
    label: "position iterations",
    id: "custom-position-iterations",
    min: 0,
    max: 20,
    step: 1,
    value: custom.positionIterations,
    onChange: setCustom("positionIterations"),
  }),
  slider(customControls, {
    label: "percent",
    id: "custom-percent",
    min: 0,
    max: 1,
    step: 0.05,
    value: custom.percent,
    format: (v) => v.toFixed(2),
    onChange: setCustom("percent"),
  }),
];

/** Grey out the custom controls its solver ignores. */
function updateCustomEnabled(): void {
  const pgs = custom.solver === "pgs";
  for (const c of softOnly) c.disabled = pgs;
  for (const c of pgsOnly) c.disabled = !pgs;
}
updateCustomEnabled();

const about = el(app, "p", "about");
about.textContent =
  "Each panel is its own World with the same chain, stepped in lock-step. The dots are the joints, coloured by how far " +
  "their two anchors have come apart (green < 1 mm, yellow < 1 cm, red beyond; the red line is the gap itself). " +
  "Soft-step: with jointHertz 0 a joint's rigid parts are rigid velocity constraints; above 0 they are Box2D v3's soft " +
  "constraints of that stiffness (at most a quarter of the sub-step rate) and damping ratio jointDampingRatio, which " +
  "stretch under a load like springs whose stiffness is the joint's effective mass × (2π·hertz)², so a heavy end mass " +
  "on light links stretches them most. After the sub-steps, jointPositionIterations passes of position projection move " +
  "the bodies to close what is left, without adding velocity. PGS joints are rigid in the velocity solve; what is left " +
  "of the error is pushed back by the position correction (baumgarte: a velocity of percent/dt × the error; ngs and " +
  "projection: position passes). Kick the end mass to see the joints take a sudden load.";
const panels = el(app, "div", "panels");
panels.style.gridTemplateColumns = "repeat(auto-fill, minmax(290px, 1fr))";
const plots = el(app, "div", "plots");
let separationPlot: LivePlot | null = null;
let stretchPlot: LivePlot | null = null;
const summary = el(app, "div", "summary");
summary.dataset.table = "summary";
summary.style.marginTop = "10px";

// ---- simulation ----------------------------------------------------------------------------

/** The settings shown, in order. */
function shownSettings(): Setting[] {
  const list: Setting[] = SETTINGS.filter((s) => shown.includes(s.id));
  if (shown.includes("custom")) list.push(customSetting(custom));
  return list;
}

function setShown(ids: string[]): void {
  shown = [...SETTINGS.map((s) => s.id), "custom"].filter((id) => ids.includes(id));
  for (const [id, box] of settingBoxes) box.checked = shown.includes(id);
  restart();
}

/** Build every shown setting's chain afresh, with new panels and plots. */
function restart(): void {
  const settings = shownSettings();
  panels.replaceChildren();
  runs = settings.map((setting) => {
    const panel = el(panels, "div", "panel");
    panel.dataset.setting = setting.id;
    const title = el(panel, "h2");
    title.textContent = setting.label;
    title.style.color = setting.color;
    title.title = setting.about;
    const canvas = el(panel, "canvas") as HTMLCanvasElement;
    canvas.dataset.setting = setting.id;
    canvas.style.height = "180px"; // the view is about twice as wide as it is tall
    const readout = el(panel, "div", "readout");
    const run: Run = {
      chain: buildChain(setting, spec),
      samples: [],
      worst: 0,
      worstAt: 0,
      maxStretch: 0,
      camera: new Camera(),
      canvas,
      readout,
    };
    // After every step of this world, whether advance() or stepAll() took it.
    run.chain.world.on("afterStep", () => sample(run));
    sample(run); // t = 0
    return run;
  });
  separationPlot?.destroy();
  stretchPlot?.destroy();
  plots.replaceChildren();
  const series = settings.map((s) => ({ label: s.label, color: s.color }));
  // Logarithmic: the settings differ by decades (from hundredths of a millimetre to decimetres).
  separationPlot = new LivePlot(el(plots, "div", "plot"), {
    title: "Worst joint separation (log scale)",
    unit: "mm",
    series,
    log: { floor: 0.01 },
    height: 260,
  });
  stretchPlot = new LivePlot(el(plots, "div", "plot"), {
    title: "Chain stretch: length along the joints over the rest length (log scale)",
    unit: "%",
    series,
    log: { floor: 0.001 },
    height: 260,
  });
  separationPlot.root.dataset.plot = "separation";
  stretchPlot.root.dataset.plot = "stretch";
  alpha = 1;
  kicks = 0;
  resetView();
  plotSamples();
  draw(true);
}

/** Advance every world by `n` steps of DT. */
function stepAll(n: number): void {
  for (let k = 0; k < n; k++) {
    for (const run of runs) run.chain.world.step(DT);
  }
  alpha = 1;
  plotSamples();
}

/** Let `elapsed` seconds of real time pass in every world (same time, same dt, same accumulator: lock-step). */
function advanceAll(elapsed: number): void {
  for (const run of runs) alpha = run.chain.world.advance(elapsed);
  plotSamples();
}

/** Record `run`'s state after a step. */
function sample(run: Run): void {
  const t = run.chain.world.time;
  const separation = worstSeparation(run.chain) * 1000;
  const s = stretch(run.chain) * 100;
  if (separation > run.worst) {
    run.worst = separation;
    run.worstAt = t;
  }
  run.maxStretch = Math.max(run.maxStretch, s);
  run.samples.push({ t, separation, stretch: s });
}

/** Hand the runs' new samples to the plots, step by step (sample k of every run belongs to the same step). */
function plotSamples(): void {
  if (runs.length === 0) return;
  const count = runs[0]!.samples.length;
  for (let k = 0; k < count; k++) {
    const t = runs[0]!.samples[k]!.t;
    separationPlot!.push(t, runs.map((r) => r.samples[k]!.separation));
    stretchPlot!.push(t, runs.map((r) => r.samples[k]!.stretch));
  }
  for (const run of runs) run.samples.length = 0;
}

/** Kick every end mass sideways, between the same two steps. */
function kickAll(): void {
  for (const run of runs) kick(run.chain);
  kicks++;
}

function pause(): void {
  running = false;
  alpha = 1;
  pauseButton.textContent = "play";
}

function play(): void {
  running = true;
  pauseButton.textContent = "pause";
}

// ---- drawing -------------------------------------------------------------------------------

const poseA: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };
const poseB: Pose = { x: 0, y: 0, angle: 0, rotCos: 1, rotSin: 0 };

/** A point given in a body's frame (`local`), in the world with the body at `pose`. */
function atPose(pose: Pose, local: { x: number; y: number }, out: { x: number; y: number }): void {
  out.x = pose.x + pose.rotCos * local.x - pose.rotSin * local.y;
  out.y = pose.y + pose.rotSin * local.x + pose.rotCos * local.y;
}

function separationColor(metres: number): string {
  return metres < 0.001 ? "#57ab5a" : metres < 0.01 ? "#e0c341" : "#e5534b";
}

/**
 * The world rectangle every panel frames (the same in all, so they compare at
 * one scale): the reach of the chain at rest, grown, never shrunk until the
 * next restart, to keep a chain that stretched far in sight.
 */
const view = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

function resetView(): void {
  const reach = spec.links * 2 * LINK_HALF_LENGTH + 2 * BALL_RADIUS + 0.3;
  view.minX = -reach;
  view.minY = -reach;
  view.maxX = reach;
  view.maxY = 0.4;
}

function growView(): void {
  const margin = BALL_RADIUS + 0.1;
  for (const run of runs) {
    for (const body of run.chain.world.bodies) {
      const p = body.position;
      view.minX = Math.min(view.minX, p.x - margin);
      view.maxX = Math.max(view.maxX, p.x + margin);
      view.minY = Math.min(view.minY, p.y - margin);
      view.maxY = Math.max(view.maxY, p.y + margin);
    }
  }
}

function draw(forcePlots = false): void {
  growView();
  const a = { x: 0, y: 0 };
  const b = { x: 0, y: 0 };
  for (const run of runs) {
    const ctx = run.canvas.getContext("2d")!;
    const size = fitCanvas(run.canvas);
    run.camera.resize(size.width, size.height, size.ratio);
    run.camera.fit(view.minX, view.minY, view.maxX, view.maxY, 8);
    const chain = run.chain;
    // The renderer's own joint layer is off: this page colours each joint by its gap instead.
    drawWorld(ctx, chain.world, run.camera, {
      alpha,
      joints: false,
      bodyColor: (body) => (body === chain.ball ? chain.setting.color : null),
    });
    // The joints: a dot at anchor A coloured by the gap, and the gap itself as a line to anchor B.
    const px = 1 / run.camera.scale;
    ctx.lineWidth = 2 * px;
    for (const j of chain.joints) {
      j.bodyA.getInterpolatedPose(alpha, poseA);
      j.bodyB.getInterpolatedPose(alpha, poseB);
      atPose(poseA, j.localAnchorA, a);
      atPose(poseB, j.localAnchorB, b);
      const gap = Math.hypot(b.x - a.x, b.y - a.y);
      const color = separationColor(gap);
      if (gap > px) {
        ctx.strokeStyle = "#e5534b";
        ctx.beginPath();
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
        ctx.stroke();
      }
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(a.x, a.y, 1.6 * px, 0, 2 * Math.PI);
      ctx.fill();
    }
    const now = worstSeparation(chain) * 1000;
    run.readout.textContent =
      `t = ${chain.world.time.toFixed(2)} s · worst separation now ${now.toFixed(2)} mm\n` +
      `worst so far ${run.worst.toFixed(2)} mm (t = ${run.worstAt.toFixed(2)} s) · stretch ${signed(stretch(chain) * 100)} % ` +
      `(max ${run.maxStretch.toFixed(2)} %)`;
  }
  separationPlot?.redraw(forcePlots);
  stretchPlot?.redraw(forcePlots);
  drawSummary();
}

/** The table under the plots: per setting, the worst separation so far and now, and the stretch. */
function drawSummary(): void {
  const rows = runs
    .map((r) => {
      const s = r.chain.setting;
      return (
        `<tr data-setting="${s.id}"><td class="left" style="color:${s.color}">${s.label}</td>` +
        `<td>${r.worst.toFixed(2)}</td><td>${(worstSeparation(r.chain) * 1000).toFixed(2)}</td>` +
        `<td>${r.maxStretch.toFixed(2)}</td><td>${(stretch(r.chain) * 100).toFixed(2)}</td></tr>`
      );
    })
    .join("");
  const html =
    `<table><tr><th class="left">setting</th><th>worst separation so far (mm)</th><th>now (mm)</th>` +
    `<th>max stretch (%)</th><th>stretch now (%)</th></tr>${rows}</table>`;
  if (summary.innerHTML !== html) summary.innerHTML = html;
}

function signed(v: number): string {
  return (v >= 0 ? "+" : "") + v.toFixed(2);
}

// ---- loop ----------------------------------------------------------------------------------

let last = performance.now();
function frame(now: number): void {
  const elapsed = Math.max(0, (now - last) / 1000);
  last = now;
  // Each world takes at most maxStepsPerAdvance (8) steps per frame and drops the rest.
  if (running) advanceAll(elapsed);
  draw();
  requestAnimationFrame(frame);
}

restart();
requestAnimationFrame(frame);

/**
 * Test hook: what the browser tests (and a curious student in the console)
 * can read and drive. `separation.values[i]` is the i-th shown setting's
 * worst joint separation (mm) after each step, `stretch.values[i]` its
 * stretch (%), both in the order of `shown`.
 */
const lab = {
  get running() {
    return running;
  },
  get alpha() {
    return alpha;
  },
  get spec(): Readonly<ChainSpec> {
    return { ...spec };
  },
  get shown(): string[] {
    return runs.map((r) => r.chain.setting.id);
  },
  get labels(): string[] {
    return runs.map((r) => r.chain.setting.label);
  },
  get worlds() {
    return runs.map((r) => r.chain.world);
  },
  get balls() {
    return runs.map((r) => r.chain.ball);
  },
  /** Each shown setting's worst separation since the start, mm. */
  get worst(): number[] {
    return runs.map((r) => r.worst);
  },
  get kicks() {
    return kicks;
  },
  settings: SETTINGS.map((s) => s.id),
  get separation() {
    return { times: separationPlot!.times, values: separationPlot!.values };
  },
  get stretch() {
    return { times: stretchPlot!.times, values: stretchPlot!.values };
  },
  step: (n = 1) => stepAll(n),
  pause,
  play,
  restart,
  kick: kickAll,
  /** Show these settings (ids from `settings`, or "custom") and restart. */
  show: (ids: string[]) => setShown(ids),
  /** Change the chain and restart: `__jointLab.configure({ links: 20, massRatio: 30, start: "hanging" })`. */
  configure(changes: Partial<ChainSpec>) {
    Object.assign(spec, changes);
    // show the new values in the controls (without firing their change handlers)
    linksInput.value = String(spec.links);
    (linksInput.nextElementSibling as HTMLElement).textContent = String(spec.links);
    massRatioInput.value = String(spec.massRatio);
    startInput.value = spec.start;
    restart();
  },
  /** Change the custom setting (restarts when it is shown). */
  setCustom(changes: Partial<CustomOptions>) {
    Object.assign(custom, changes);
    updateCustomEnabled();
    if (shown.includes("custom")) restart();
  },
  /** Draw now, plots included. */
  draw: () => draw(true),
};
(window as unknown as { __jointLab: typeof lab }).__jointLab = lab;
