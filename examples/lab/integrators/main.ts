/**
 * Integrator lab: one scene, three worlds that differ only in `integrator`,
 * stepped in lock-step with the same dt and drawn side by side, with the
 * exact solution as a dashed ghost and two live plots — total energy and
 * distance from the exact position — per integrator.
 *
 * Real time drives the worlds through `world.advance()`: each frame gives
 * every world the same elapsed time, and with the same `fixedDt` (the dt
 * chosen) and the same accumulator each takes the same number of steps and
 * returns the same interpolation alpha, at which all three are drawn. Each
 * world records its trail and a plot sample after every step (its afterStep
 * event); the plots take the three runs' samples step by step.
 *
 * URL parameters: ?scene=projectile|spring|bounce&dt=<seconds>
 *
 * Test hook: `window.__lab` (see the bottom of this file).
 *
 * Dragging is deliberately off on this page: pulling one world's body would
 * leave the other two and the exact solution behind, and the whole point is
 * that the three runs see exactly the same forces.
 */
import { Camera, drawWorld } from "../../../src/entries/debug.js";
import type { Vec2 } from "../../../src/entries/capsule2d.js";
import { button, el, fitCanvas, select, slider } from "../shared/controls.js";
import { LivePlot } from "../shared/plot.js";
import { INTEGRATORS, SCENES, createScene, type SceneInstance, type SceneName } from "./scenes.js";

// ---- state ---------------------------------------------------------------------------------

const DT_CHOICES = [1 / 240, 1 / 120, 1 / 60, 1 / 30, 1 / 20, 1 / 15, 1 / 10];
/** Pause when any run's energy has grown this many times: the plot has said what it can. */
const BLOW_UP_FACTOR = 50;
const TRAIL_LENGTH = 240;

const params = new URLSearchParams(location.search);
let sceneName: SceneName = SCENES.some((s) => s.name === params.get("scene"))
  ? (params.get("scene") as SceneName)
  : "spring";
let dt = Number(params.get("dt")) > 0 ? Math.min(0.1, Number(params.get("dt"))) : 1 / 60;
let running = true;
/** Where between the last two steps the worlds are drawn (what world.advance() returned; 1 after a manual step). */
let alpha = 1;
let notice = "";

/** One plot sample: a run's state after one step. */
interface Sample {
  t: number;
  energy: number;
  /** Distance from the exact position (NaN when there is no closed form). */
  error: number;
}

interface Run {
  scene: SceneInstance;
  trail: Vec2[];
  /** Samples of the steps taken since the plots last took them. */
  samples: Sample[];
  camera: Camera;
  canvas: HTMLCanvasElement;
  readout: HTMLElement;
  color: string;
}
let runs: Run[] = [];

// ---- page ----------------------------------------------------------------------------------

const app = document.getElementById("app")!;
const controls = el(app, "div", "controls");
select(controls, {
  label: "scene",
  id: "scene",
  choices: SCENES.map((s) => ({ value: s.name, label: s.label })),
  value: sceneName,
  onChange: (v) => setScene(v),
});
slider(controls, {
  label: "dt",
  id: "dt",
  min: 0,
  max: DT_CHOICES.length - 1,
  step: 1,
  value: nearestDtIndex(dt),
  format: (i) => formatDt(DT_CHOICES[i]!),
  onChange: (i) => setDt(DT_CHOICES[i]!),
});
const pauseButton = button(controls, "pause", "pause", () => (running ? pause() : play()));
button(controls, "step", "step", () => {
  pause();
  stepAll(1);
});
button(controls, "restart", "restart", () => restart());
const noticeLine = el(controls, "span", "note");

const about = el(app, "p", "about");
const panels = el(app, "div", "panels");
panels.style.gridTemplateColumns = "repeat(3, minmax(0, 1fr))";
const panelParts = INTEGRATORS.map((integrator) => {
  const panel = el(panels, "div", "panel");
  el(panel, "h2").textContent = integrator.label;
  (panel.firstChild as HTMLElement).style.color = integrator.color;
  const canvas = el(panel, "canvas") as HTMLCanvasElement;
  canvas.dataset.integrator = integrator.name;
  const readout = el(panel, "div", "readout");
  return { canvas, readout };
});
const plots = el(app, "div", "plots");
const exactSeries = { label: "exact", color: "#777", dash: true };
const energyPlot = new LivePlot(el(plots, "div", "plot"), {
  title: "Total energy (kinetic + potential)",
  unit: "J",
  series: [...INTEGRATORS.map((i) => ({ label: i.label, color: i.color })), exactSeries],
});
const errorPlot = new LivePlot(el(plots, "div", "plot"), {
  title: "Distance from the exact position",
  unit: "m",
  series: INTEGRATORS.map((i) => ({ label: i.label, color: i.color })),
});
energyPlot.root.dataset.plot = "energy";
errorPlot.root.dataset.plot = "error";

// ---- simulation ----------------------------------------------------------------------------

function restart(): void {
  runs = INTEGRATORS.map((integrator, i) => {
    const scene = createScene(sceneName, integrator.name, dt);
    const run: Run = {
      scene,
      trail: [{ x: scene.body.position.x, y: scene.body.position.y }],
      samples: [],
      camera: new Camera(),
      canvas: panelParts[i]!.canvas,
      readout: panelParts[i]!.readout,
      color: integrator.color,
    };
    // After every step of this world, whether advance() or stepAll() took it.
    scene.world.on("afterStep", () => {
      const p = scene.body.position;
      run.trail.push({ x: p.x, y: p.y });
      if (run.trail.length > TRAIL_LENGTH) run.trail.shift();
      sample(run);
    });
    sample(run); // t = 0
    return run;
  });
  about.textContent = SCENES.find((s) => s.name === sceneName)!.about;
  energyPlot.clear();
  errorPlot.clear();
  alpha = 1;
  setNotice("");
  plotSamples();
}

/** The projectile has landed (the scene's duration is over). */
function finished(): boolean {
  return runs[0]!.scene.world.time >= runs[0]!.scene.duration - 1e-9;
}

/** Advance all three worlds by `n` steps of dt, recording a plot sample after each. */
function stepAll(n: number): void {
  for (let k = 0; k < n; k++) {
    if (finished()) {
      restart(); // throw it again
      return;
    }
    for (const run of runs) run.scene.world.step(dt);
    alpha = 1;
    if (!plotSamples()) return;
  }
}

/**
 * Let `elapsed` seconds of real time pass in all three worlds. Each world's
 * advance() gets the same time, with the same dt and the same accumulator,
 * so each takes the same steps and returns the same alpha: they stay in
 * lock-step.
 */
function advanceAll(elapsed: number): void {
  for (const run of runs) alpha = run.scene.world.advance(elapsed);
  plotSamples();
  if (running && finished()) restart(); // the projectile has landed: throw it again
}

/** Record `run`'s state after a step: time, energy and distance from the exact position. */
function sample(run: Run): void {
  const s = run.scene;
  const t = s.world.time;
  const e = s.exact(t);
  const p = s.body.position;
  run.samples.push({ t, energy: s.energy(), error: e === null ? NaN : Math.hypot(p.x - e.x, p.y - e.y) });
}

/**
 * Hand the runs' new samples to the plots, step by step (sample k of every
 * run belongs to the same step). Pauses, and returns false, when an energy
 * has blown up.
 */
function plotSamples(): boolean {
  const count = runs[0]!.samples.length;
  const e0 = runs[0]!.scene.initialEnergy;
  for (let k = 0; k < count; k++) {
    const samples = runs.map((r) => r.samples[k]!);
    energyPlot.push(samples[0]!.t, [...samples.map((q) => q.energy), e0]);
    errorPlot.push(samples[0]!.t, samples.map((q) => q.error));
  }
  for (const run of runs) run.samples.length = 0;
  const worst = Math.max(...runs.map((r) => Math.abs(r.scene.energy())));
  if (worst > BLOW_UP_FACTOR * Math.max(1e-9, Math.abs(e0))) {
    pause();
    setNotice(`energy grew more than ${BLOW_UP_FACTOR}×: paused (restart, or pick a smaller dt)`);
    return false;
  }
  return true;
}

function setScene(name: SceneName): void {
  sceneName = name;
  restart();
  play();
}

function setDt(value: number): void {
  dt = value;
  restart();
}

/** Stop; the worlds are drawn as they are now (alpha 1). */
function pause(): void {
  running = false;
  alpha = 1;
  pauseButton.textContent = "play";
}

function play(): void {
  running = true;
  pauseButton.textContent = "pause";
}

function setNotice(text: string): void {
  notice = text;
  noticeLine.textContent = text;
}

// ---- drawing -------------------------------------------------------------------------------

function draw(forcePlots = false): void {
  for (const run of runs) {
    const ctx = run.canvas.getContext("2d")!;
    const size = fitCanvas(run.canvas);
    run.camera.resize(size.width, size.height, size.ratio);
    // The scene's view, widened to keep the body (where it is drawn) in sight when an integrator flings it out.
    const [minX, minY, maxX, maxY] = run.scene.view;
    const b = run.scene.body;
    const pose = b.getInterpolatedPose(alpha);
    const reach = b.maxExtent + 0.3;
    run.camera.fit(
      Math.min(minX, pose.x - reach),
      Math.min(minY, pose.y - reach),
      Math.max(maxX, pose.x + reach),
      Math.max(maxY, pose.y + reach),
      10,
    );
    drawWorld(ctx, run.scene.world, run.camera, { alpha });
    drawOverlay(ctx, run, pose);
    const s = run.scene;
    const e = s.energy();
    const e0 = s.initialEnergy;
    const exact = s.exact(s.world.time);
    const p = s.body.position;
    run.readout.textContent =
      `t = ${s.world.time.toFixed(2)} s · E = ${e.toFixed(3)} J (${signed(((e - e0) / Math.abs(e0 || 1)) * 100)} % from the start)` +
      (exact ? `\noff the exact position by ${Math.hypot(p.x - exact.x, p.y - exact.y).toFixed(3)} m` : "");
  }
  energyPlot.redraw(forcePlots);
  errorPlot.redraw(forcePlots);
}

/**
 * The trail, the spring, the exact path and the exact position, in world
 * units (camera applied), all at the time the body is drawn: `pose` is the
 * body's interpolated pose, `alpha` of the way through the last step.
 */
function drawOverlay(ctx: CanvasRenderingContext2D, run: Run, pose: Vec2): void {
  const px = 1 / run.camera.scale;
  const s = run.scene;
  ctx.lineWidth = 1.5 * px;

  if (s.anchor) {
    // The spring as a zig-zag from the anchor to the body.
    const a = s.anchor;
    const b = pose;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    ctx.strokeStyle = "#bbb";
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    const coils = 12;
    for (let i = 1; i < coils; i++) {
      const f = i / coils;
      const side = (i % 2 === 0 ? -1 : 1) * 0.15;
      ctx.lineTo(a.x + dx * f + nx * side, a.y + dy * f + ny * side);
    }
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.fillStyle = "#bbb";
    ctx.fillRect(a.x - 0.08, a.y - 0.08, 0.16, 0.16);
  }

  // Where the body has been: the pose after each step, up to where it is drawn now.
  ctx.strokeStyle = run.color;
  ctx.globalAlpha = 0.7;
  ctx.beginPath();
  const trail = run.trail;
  ctx.moveTo(trail[0]!.x, trail[0]!.y);
  for (let i = 1; i < trail.length - 1; i++) ctx.lineTo(trail[i]!.x, trail[i]!.y);
  ctx.lineTo(pose.x, pose.y);
  ctx.stroke();
  ctx.globalAlpha = 1;

  // Where the exact solution says it should be, at the time the body is drawn.
  const t = Math.max(0, s.world.time - (1 - alpha) * dt);
  const exact = s.exact(t);
  if (exact) {
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.strokeStyle = "#fff";
    if (sceneName === "projectile") {
      ctx.beginPath();
      for (let i = 0; i <= 60; i++) {
        const q = s.exact((s.duration * i) / 60)!;
        if (i === 0) ctx.moveTo(q.x, q.y);
        else ctx.lineTo(q.x, q.y);
      }
      ctx.globalAlpha = 0.35;
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    ctx.beginPath();
    ctx.arc(exact.x, exact.y, s.body.radius, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

function signed(v: number): string {
  return (v >= 0 ? "+" : "") + v.toFixed(2);
}

function formatDt(v: number): string {
  return `1/${Math.round(1 / v)} s`;
}

function nearestDtIndex(v: number): number {
  let best = 0;
  for (let i = 1; i < DT_CHOICES.length; i++) {
    if (Math.abs(DT_CHOICES[i]! - v) < Math.abs(DT_CHOICES[best]! - v)) best = i;
  }
  return best;
}

// ---- loop ----------------------------------------------------------------------------------

let last = performance.now();
function frame(now: number): void {
  const elapsed = Math.max(0, (now - last) / 1000);
  last = now;
  // Each world takes at most 0.1 s of steps per frame (its maxStepsPerAdvance) and drops the rest.
  if (running) advanceAll(elapsed);
  draw();
  requestAnimationFrame(frame);
}

restart();
requestAnimationFrame(frame);

/**
 * Test hook: what the browser tests (and a curious student in the console) can
 * read and drive. `energy.values[i]` is integrator i's energy series
 * (INTEGRATORS order), `energy.values[3]` the exact energy.
 */
const lab = {
  get scene() {
    return sceneName;
  },
  get dt() {
    return dt;
  },
  get running() {
    return running;
  },
  /** Where between the last two steps the worlds are drawn. */
  get alpha() {
    return alpha;
  },
  get notice() {
    return notice;
  },
  integrators: INTEGRATORS.map((i) => i.name),
  get worlds() {
    return runs.map((r) => r.scene.world);
  },
  energy: { times: energyPlot.times, values: energyPlot.values },
  error: { times: errorPlot.times, values: errorPlot.values },
  step: (n = 1) => stepAll(n),
  pause,
  play,
  restart,
  setScene,
  setDt,
  /** Draw now, plots included. */
  draw: () => draw(true),
};
(window as unknown as { __lab: typeof lab }).__lab = lab;
